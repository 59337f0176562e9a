//! `--verify-diagnostics`: MLIR's `// expected-error @+1 {{...}}` comments,
//! matched against the diagnostics a run produced.

use regex::Regex;
use tessel_ir::Severity;

/// One `expected-*` comment.
#[derive(Clone, Debug)]
pub struct Expectation {
    pub severity: Severity,
    /// The 1-based line the diagnostic must be reported on.
    pub line: u32,
    /// The text between `{{` and `}}`.
    pub text: String,
    /// For `-re`: the compiled pattern.
    pub regex: Option<Regex>,
    /// Where the expectation itself sits (for "was not produced").
    pub at_line: u32,
    pub at_col: u32,
    pub matched: bool,
}

/// A malformed expectation comment.
#[derive(Clone, Debug)]
pub struct ExpectationError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

fn comment_regex() -> Regex {
    Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below))? *\{\{(.*)\}\}")
        .expect("valid regex")
}

/// Collects expectations from `text`, whose first line is line `first_line`.
pub fn collect(text: &str, first_line: u32) -> Result<Vec<Expectation>, ExpectationError> {
    let re = comment_regex();
    let mut out = Vec::new();
    let mut pending_below: Vec<usize> = Vec::new();
    let mut last_plain_line = 0u32;
    for (i, line) in text.lines().enumerate() {
        let line_no = first_line + i as u32;
        let Some(caps) = re.captures(line.trim_end()) else {
            for idx in pending_below.drain(..) {
                let e: &mut Expectation = &mut out[idx];
                e.line = line_no;
            }
            last_plain_line = line_no;
            continue;
        };
        let severity = match &caps[1] {
            "error" => Severity::Error,
            "note" => Severity::Note,
            "remark" => Severity::Remark,
            _ => Severity::Warning,
        };
        let body = caps.get(5).expect("group 5");
        let whole = caps.get(0).expect("group 0");
        let col = line[..whole.start()].chars().count() as u32 + 1;
        let text = body.as_str().to_string();
        let regex = if caps.get(2).is_some() {
            match Regex::new(&pattern_from_re_text(&text)) {
                Ok(r) => Some(r),
                Err(e) => {
                    return Err(ExpectationError { line: line_no, col, message: format!("invalid regex: {e}") });
                }
            }
        } else {
            None
        };
        let mut target = line_no;
        let mut below = false;
        if let Some(off) = caps.get(4) {
            let off = off.as_str();
            match off {
                "above" => target = last_plain_line,
                "below" => below = true,
                _ => {
                    let n: u32 = off[1..].parse().unwrap_or(0);
                    target = if off.starts_with('+') { line_no + n } else { line_no.saturating_sub(n) };
                }
            }
        }
        out.push(Expectation { severity, line: target, text, regex, at_line: line_no, at_col: col, matched: false });
        if below {
            pending_below.push(out.len() - 1);
        }
    }
    Ok(out)
}

/// `-re` bodies are literal text with `{{regex}}` parts, like FileCheck.
fn pattern_from_re_text(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        match after.find("}}") {
            Some(end) => {
                out.push('(');
                out.push_str(&after[..end]);
                out.push(')');
                rest = &after[end + 2..];
            }
            None => {
                out.push_str(&regex::escape(&rest[start..]));
                rest = "";
            }
        }
    }
    out.push_str(&regex::escape(rest));
    out
}

impl Expectation {
    /// Whether a diagnostic with this severity, line and message satisfies it.
    pub fn matches(&self, severity: Severity, line: u32, message: &str) -> bool {
        if self.severity != severity || self.line != line || self.matched {
            return false;
        }
        match &self.regex {
            Some(r) => r.is_match(message),
            None => message.contains(&self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designators_resolve_lines() {
        let text = "op1\n// expected-error @below {{b}}\n// expected-note @above {{a}}\nop2\n// expected-error@-1 {{c}}\nx // expected-warning {{d}}\n";
        let e = collect(text, 10).unwrap();
        assert_eq!(e.len(), 4);
        assert_eq!((e[0].line, e[0].text.as_str()), (13, "b"));
        assert_eq!((e[1].line, e[1].text.as_str()), (10, "a"));
        assert_eq!(e[2].line, 13);
        assert_eq!(e[3].line, 15);
        assert!(e[3].matches(Severity::Warning, 15, "xx d yy"));
        assert!(!e[3].matches(Severity::Error, 15, "d"));
    }

    #[test]
    fn re_bodies_mix_literal_and_regex() {
        let e = collect("// expected-error-re @+1 {{got {{[0-9]+}} != 4 (x)}}\n", 1).unwrap();
        assert!(e[0].matches(Severity::Error, 2, "rank got 12 != 4 (x)"));
        assert!(!e[0].matches(Severity::Error, 2, "rank got a != 4 (x)"));
    }
}
