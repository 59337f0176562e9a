//! Diffs of printed IR that align values, not names (`--mlir-print-ir-diff`).
//!
//! A pass that removes or adds one op renumbers every SSA value printed
//! after it (`%3` becomes `%2`), so a plain line diff of the two dumps
//! shows every later line as changed. Here the lines are first aligned by
//! their shape (the text with every SSA name blanked out); each pair of
//! aligned lines maps the names of the old dump to the new one's (the
//! first pairing of a name wins, which is where it is defined when its
//! definition survived); the old dump is renamed accordingly (lines that
//! have no counterpart keep their own names); then the ordinary unified
//! diff runs. A renumbering is then no change at all, and a cse that merges
//! one op shows that op, under the name it had.

use std::collections::HashMap;

/// The SSA names in `line` (`%0`, `%arg1`, `%pack_2`, `%1#0`), with their
/// byte ranges.
fn ssa_names(line: &str) -> Vec<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' && (i == 0 || bytes[i - 1] != b'\\') {
            in_string = !in_string;
        }
        if !in_string && c == b'%' {
            let start = i;
            i += 1;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'$' | b'.' | b'-' | b'#'))
            {
                i += 1;
            }
            if i > start + 1 {
                out.push((start, i));
            }
            continue;
        }
        i += 1;
    }
    out
}

/// `line` with every SSA name blanked to `%`.
fn shape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for (s, e) in ssa_names(line) {
        out.push_str(&line[last..s]);
        out.push('%');
        last = e;
    }
    out.push_str(&line[last..]);
    out
}

/// `before` with its SSA names renamed to the ones `after` gives the same
/// values, as far as the lines' shapes align them.
pub fn align_names(before: &str, after: &str) -> String {
    let old: Vec<&str> = before.lines().collect();
    let new: Vec<&str> = after.lines().collect();
    let old_shapes: Vec<String> = old.iter().map(|l| shape(l)).collect();
    let new_shapes: Vec<String> = new.iter().map(|l| shape(l)).collect();
    let mut rename: HashMap<&str, &str> = HashMap::new();
    // Lines with no counterpart (ops the pass removed) keep their own
    // names: the diff shows what was there, as it was called.
    let mut removed = vec![false; old.len()];
    for op in similar::capture_diff_slices_deadline(similar::Algorithm::Myers, &old_shapes, &new_shapes, deadline()) {
        match op {
            similar::DiffOp::Equal { old_index, new_index, len } => {
                for k in 0..len {
                    let (a, b) = (old[old_index + k], new[new_index + k]);
                    for ((s0, e0), (s1, e1)) in ssa_names(a).into_iter().zip(ssa_names(b)) {
                        rename.entry(&a[s0..e0]).or_insert(&b[s1..e1]);
                    }
                }
            }
            similar::DiffOp::Delete { old_index, old_len, .. } => {
                removed[old_index..old_index + old_len].iter_mut().for_each(|r| *r = true);
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(before.len());
    for (line, gone) in old.iter().zip(removed) {
        let mut last = 0;
        for (s, e) in ssa_names(line).into_iter().filter(|_| !gone) {
            out.push_str(&line[last..s]);
            out.push_str(rename.get(&line[s..e]).copied().unwrap_or(&line[s..e]));
            last = e;
        }
        out.push_str(&line[last..]);
        out.push('\n');
    }
    out
}

/// How long one diff may search for the smallest edit script: Myers' diff
/// is quadratic in the number of changed lines, and a pass that changes
/// much of a 100,000-op module took 24 s; past the deadline the diff is
/// still exact, only not always the shortest.
const DIFF_BUDGET: std::time::Duration = std::time::Duration::from_millis(500);

fn deadline() -> Option<std::time::Instant> {
    Some(std::time::Instant::now() + DIFF_BUDGET)
}

/// The line diff of two texts, within [`DIFF_BUDGET`].
pub fn line_diff<'a>(before: &'a str, after: &'a str) -> similar::TextDiff<'a, 'a, 'a, str> {
    similar::TextDiff::configure().deadline(std::time::Instant::now() + DIFF_BUDGET).diff_lines(before, after)
}

/// A unified diff (3 lines of context) of two printed IRs, names aligned.
pub fn unified_diff(before: &str, after: &str) -> String {
    let renamed = align_names(before, after);
    let diff = line_diff(&renamed, after);
    let mut out = diff.unified_diff().context_radius(3).header("before", "after").to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renumbering_is_no_change() {
        // `a` folded away: its users now read %x, and every later value is
        // numbered one lower.
        let before = "%0 = a\n%1 = b %0\n%2 = c %1, %0\nreturn %2\n";
        let after = "%0 = b %x\n%1 = c %0, %x\nreturn %1\n";
        assert_eq!(align_names(before, after), "%0 = a\n%0 = b %x\n%1 = c %0, %x\nreturn %1\n");
        let d = unified_diff(before, after);
        let changed: Vec<&str> = d.lines().filter(|l| l.starts_with('-') && !l.starts_with("---")).collect();
        assert_eq!(changed, ["-%0 = a"], "{d}");
        assert!(!d.lines().any(|l| l.starts_with('+') && !l.starts_with("+++")), "{d}");
    }

    #[test]
    fn a_merged_op_is_the_whole_diff() {
        let before = "  %0 = tensor.empty() : tensor<4xf32>\n  %1 = tensor.empty() : tensor<4xf32>\n  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>)\n  %3 = linalg.fill ins(%c : f32) outs(%1 : tensor<4xf32>)\n  %4 = arith.addf %2, %3 : tensor<4xf32>\n  return %4 : tensor<4xf32>\n";
        let after = "  %0 = tensor.empty() : tensor<4xf32>\n  %1 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>)\n  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>)\n  %3 = arith.addf %1, %2 : tensor<4xf32>\n  return %3 : tensor<4xf32>\n";
        let d = unified_diff(before, after);
        let changed: Vec<&str> = d
            .lines()
            .filter(|l| (l.starts_with('-') || l.starts_with('+')) && !l.starts_with("---") && !l.starts_with("+++"))
            .collect();
        assert_eq!(changed, ["-  %1 = tensor.empty() : tensor<4xf32>"], "{d}");
    }

    #[test]
    fn names_in_strings_are_not_values() {
        assert_eq!(ssa_names(r#"%0 = "x"() {s = "%1"} : () -> i32"#), [(0, 2)]);
        assert_eq!(shape("%pack_0 = linalg.pack %arg0#1"), "% = linalg.pack %");
    }
}
