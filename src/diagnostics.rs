//! Diagnostics as a run collects them, and `--verify-diagnostics`: a
//! chunk's `expected-*` comments matched against them.

use tessel_ir::diag::{file_line_col, render};
use tessel_ir::{Context, Diagnostic, Severity};

use crate::expected::{collect, Expectation};
use crate::output::Chunk;

/// A diagnostic reduced to what expectation matching needs, and its
/// rendered text for plain reporting.
pub(crate) type CollectedDiag = (DiagKey, String);

/// Severity, position and message of one diagnostic (notes separately).
#[derive(Clone, Debug)]
pub struct DiagKey {
    pub severity: Severity,
    pub file: Option<String>,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

pub(crate) fn collect_diag(ctx: &Context, d: &Diagnostic, file: &str, text: &str, sink: &mut Vec<CollectedDiag>) {
    let pos = file_line_col(ctx, d.loc);
    let key = |sev: Severity, msg: &str, p: &Option<(String, u32, u32)>| DiagKey {
        severity: sev,
        file: p.as_ref().map(|x| x.0.clone()),
        line: p.as_ref().map(|x| x.1).unwrap_or(0),
        col: p.as_ref().map(|x| x.2).unwrap_or(0),
        message: msg.to_string(),
    };
    let rendered = render(ctx, d, Some((file, text)));
    sink.push((key(d.severity, &d.message, &pos), rendered));
    for n in &d.notes {
        let np = file_line_col(ctx, n.loc);
        sink.push((key(n.severity, &n.message, &np), String::new()));
    }
}

pub(crate) fn collect_diag_full(
    ctx: &Context,
    d: &Diagnostic,
    file: &str,
    chunk: &Chunk<'_>,
    diags: &mut Vec<CollectedDiag>,
) {
    // Source lines for carets: pad with the lines before the chunk so that
    // absolute line numbers index correctly.
    let padded: String = "\n".repeat(chunk.start.line as usize) + &" ".repeat(chunk.start.col as usize) + chunk.text;
    collect_diag(ctx, d, file, &padded, diags);
}

/// Matches the chunk's expectations against its diagnostics. Returns the
/// reports of unexpected diagnostics and of expectations not produced
/// (both empty when everything matched).
pub(crate) fn check_expectations(
    chunk: &Chunk<'_>,
    file: &str,
    full: &str,
    diags: &[CollectedDiag],
) -> (String, String) {
    let mut expectations: Vec<Expectation> = match collect(chunk.text, chunk.start.line + 1) {
        Ok(e) => e,
        Err(e) => return (format!("{file}:{}:{}: error: {}\n", e.line, e.col, e.message), String::new()),
    };
    let lines: Vec<&str> = full.lines().collect();
    let mut report = String::new();
    for (key, _) in diags {
        let in_file = key.file.as_deref() == Some(file);
        let hit = in_file
            && expectations
                .iter_mut()
                .find(|e| e.matches(key.severity, key.line, &key.message))
                .map(|e| e.matched = true)
                .is_some();
        if !hit {
            let word = key.severity.word();
            if in_file {
                report
                    .push_str(&format!("{file}:{}:{}: error: unexpected {word}: {}\n", key.line, key.col, key.message));
                push_source_line(&mut report, &lines, key.line, key.col);
            } else {
                report.push_str(&format!("loc(unknown): error: unexpected {word}: {}\n", key.message));
            }
        }
    }
    let mut not_produced = String::new();
    for e in expectations.iter().filter(|e| !e.matched) {
        let word = e.severity.word();
        not_produced.push_str(&format!(
            "{file}:{}:{}: error: expected {word} \"{}\" was not produced\n",
            e.at_line, e.at_col, e.text
        ));
        push_source_line(&mut not_produced, &lines, e.at_line, e.at_col);
        // mlir-opt underlines the word "expected".
        not_produced.pop();
        not_produced.push_str("~~~~~~\n");
    }
    (report, not_produced)
}

fn push_source_line(out: &mut String, lines: &[&str], line: u32, col: u32) {
    if let Some(l) = lines.get(line.saturating_sub(1) as usize) {
        out.push_str(l);
        out.push('\n');
        out.push_str(&" ".repeat(col.saturating_sub(1) as usize));
        out.push_str("^\n");
    }
}
