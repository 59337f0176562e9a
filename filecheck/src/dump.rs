//! The annotated input dump FileCheck prints after a failure (or always,
//! with `--dump-input=always`): the input with line numbers, and under each
//! line the match results that concern it, labelled `check:12'0` after the
//! directive's kind and check-file line, with `^~~` (match), `!~~` (bad
//! match), `X~~` (search range without a match) and `?` (near miss).

use std::collections::HashMap;

use crate::check::{FileCheck, InputDiag, MatchType};
use crate::pattern::CheckKind;
use crate::source::{Loc, SourceMgr};
use crate::{DumpFilter, DumpInput};

/// How one result is drawn.
#[derive(Clone)]
struct Marker {
    lead: char,
    note: String,
    /// Selected by `--dump-input-filter=error`.
    is_error: bool,
}

fn marker(t: MatchType) -> Marker {
    let (lead, note, is_error) = match t {
        MatchType::FoundAndExpected => ('^', "", false),
        MatchType::FoundButExcluded => ('!', "error: no match expected", true),
        MatchType::FoundButWrongLine => ('!', "error: match on wrong line", true),
        MatchType::FoundButDiscarded => ('!', "discard: overlaps earlier match", false),
        MatchType::NoneAndExcluded => ('X', "", false),
        MatchType::NoneButExpected => ('X', "error: no match found", true),
        MatchType::NoneForInvalidPattern => ('X', "error: match failed for invalid pattern", true),
        MatchType::Fuzzy => ('?', "possible intended match", true),
    };
    Marker { lead, note: note.to_string(), is_error }
}

/// One annotation line.
struct Annotation {
    index: usize,
    label: String,
    first_line: bool,
    line: usize,
    /// Columns (1-based) from `start_col` up to, not including, `end_col`
    /// (`usize::MAX`: to the end of the line).
    start_col: usize,
    end_col: usize,
    marker: Marker,
}

fn abbreviation(kind: CheckKind, count: usize) -> &'static str {
    match kind {
        CheckKind::Plain if count > 1 => "count",
        CheckKind::Plain => "check",
        CheckKind::Next => "next",
        CheckKind::Same => "same",
        CheckKind::Not => "not",
        CheckKind::Dag => "dag",
        CheckKind::Label => "label",
        CheckKind::Empty => "empty",
        CheckKind::Comment => "com",
        CheckKind::Eof => "eof",
        CheckKind::BadNot => "bad-not",
        CheckKind::BadCount => "bad-count",
        CheckKind::Misspelled => "misspelled",
    }
}

fn annotations(fc: &FileCheck, diags: &[InputDiag], input: usize) -> (Vec<Annotation>, usize) {
    let sm: &SourceMgr = &fc.sm;
    let key = |l: Loc| (l.buffer, l.offset);
    let mut per_pattern: HashMap<(usize, usize), usize> = HashMap::new();
    for d in diags {
        *per_pattern.entry(key(d.check_loc)).or_default() += 1;
    }
    let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
    let mut out = Vec::new();
    let mut width = 0;
    for (index, d) in diags.iter().enumerate() {
        let mut label = format!("{}:", abbreviation(d.ty.kind, d.ty.count));
        if d.check_loc.buffer == fc.check_buffer {
            label.push_str(&sm.line_col(d.check_loc).0.to_string());
        } else {
            let (first, _) = fc.implicit_buffers;
            label.push_str(&format!("imp{}", d.check_loc.buffer - first + 1));
        }
        if per_pattern[&key(d.check_loc)] > 1 {
            let n = seen.entry(key(d.check_loc)).or_default();
            label.push_str(&format!("'{n}"));
            *n += 1;
        }
        width = width.max(label.len());
        let (sl, sc) = sm.line_col(Loc { buffer: input, offset: d.start });
        let (el, ec) = sm.line_col(Loc { buffer: input, offset: d.end });
        let mut m = marker(d.match_type);
        if !d.note.is_empty() {
            m.note = d.note.clone();
            // A note with no range (a substitution's value) gets no marker.
            if sl == el && sc == ec {
                m.lead = ' ';
            }
        }
        if sl == el {
            out.push(Annotation {
                index,
                label,
                first_line: true,
                line: sl,
                start_col: sc,
                end_col: ec.max(sc + 1),
                marker: m,
            });
            continue;
        }
        out.push(Annotation {
            index,
            label: label.clone(),
            first_line: true,
            line: sl,
            start_col: sc,
            end_col: usize::MAX,
            marker: m.clone(),
        });
        for l in sl + 1..=el {
            if ec == 1 && l == el {
                break;
            }
            let cont = Marker { lead: '~', note: String::new(), is_error: m.is_error };
            let end_col = if l != el { usize::MAX } else { ec };
            out.push(Annotation {
                index,
                label: label.clone(),
                first_line: false,
                line: l,
                start_col: 1,
                end_col,
                marker: cont,
            });
        }
    }
    (out, width)
}

/// The next line at or after the current annotations that the filter
/// selects (`usize::MAX`: none).
fn next_line_in_filter(filter: DumpFilter, line: usize, rest: &[Annotation]) -> usize {
    if filter == DumpFilter::All {
        return line;
    }
    for a in rest {
        let selected = match filter {
            DumpFilter::AnnotationFull => true,
            DumpFilter::Annotation => a.first_line,
            DumpFilter::Error => a.first_line && a.marker.is_error,
            DumpFilter::All => true,
        };
        if selected {
            return a.line;
        }
    }
    usize::MAX
}

/// Prints `elided` or, when that is longer, a three-line vertical ellipsis.
fn flush_elided(out: &mut String, elided: &mut String, width: usize) {
    if elided.is_empty() {
        return;
    }
    if elided.matches('\n').count() > 3 {
        for _ in 0..3 {
            out.push_str(&format!("{:>width$}\n", "."));
        }
    } else {
        out.push_str(elided);
    }
    elided.clear();
}

/// The dump LLVM FileCheck prints to stderr after the diagnostics.
pub(crate) fn render(fc: &FileCheck, check_name: &str, input_name: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "\nInput file: {input_name}\nCheck file: {check_name}\n\n-dump-input=help explains the following input dump.\n\nInput was:\n<<<<<<\n"
    ));
    let Some(input) = fc.input_buffer else { return out };
    let diags = fc.diags.as_deref().unwrap_or(&[]);
    let (mut anns, label_width) = annotations(fc, diags, input);
    anns.sort_by_key(|a| (a.line, a.index));
    let text = fc.sm.text(input);
    let mut line_count = text.iter().filter(|&&c| c == b'\n').count();
    if text.last().is_some_and(|&c| c != b'\n') {
        line_count += 1;
    }
    let digits = if line_count == 0 { 1 } else { line_count.ilog10() as usize + 1 };
    let width = label_width.max(digits) + 3;
    let req = fc.req();
    let filter = req.dump_input_filter.unwrap_or(if req.dump_input == DumpInput::Always {
        DumpFilter::All
    } else {
        DumpFilter::Error
    });
    let context = req.dump_input_context.unwrap_or(5);

    let mut pos = 0usize;
    let mut ai = 0usize;
    let mut prev_in_filter = 0usize;
    let mut next_in_filter = 0usize;
    let mut elided = String::new();
    let mut line = 1usize;
    while pos < text.len() || ai < anns.len() {
        if next_in_filter < line {
            next_in_filter = next_line_in_filter(filter, line, &anns[ai..]);
        }
        if next_in_filter == line {
            prev_in_filter = line;
        }
        let elide = (prev_in_filter == 0 || prev_in_filter + context < line)
            && (next_in_filter == usize::MAX || line + context < next_in_filter);
        if !elide {
            flush_elided(&mut out, &mut elided, width);
        }
        let mut buf = String::new();
        buf.push_str(&format!("{line:>width$}: "));
        let line_start = pos;
        let mut bytes = Vec::new();
        while pos < text.len() {
            let c = text[pos];
            pos += 1;
            if c == b'\n' {
                bytes.push(b' ');
                break;
            }
            bytes.push(c);
        }
        buf.push_str(&String::from_utf8_lossy(&bytes));
        buf.push('\n');
        let line_width = pos - line_start;
        while ai < anns.len() && anns[ai].line == line {
            let a = &anns[ai];
            buf.push_str(&format!("{:<width$}  ", a.label));
            let mut col = 1;
            while col < a.start_col {
                buf.push(' ');
                col += 1;
            }
            buf.push(a.marker.lead);
            col += 1;
            while col < a.end_col && col <= line_width {
                buf.push('~');
                col += 1;
            }
            if !a.marker.note.is_empty() {
                while col <= line_width {
                    buf.push(' ');
                    col += 1;
                }
                buf.push(' ');
                buf.push_str(&a.marker.note);
            }
            buf.push('\n');
            ai += 1;
        }
        if elide {
            elided.push_str(&buf);
        } else {
            out.push_str(&buf);
        }
        line += 1;
    }
    flush_elided(&mut out, &mut elided, width);
    out.push_str(">>>>>>\n");
    out
}
