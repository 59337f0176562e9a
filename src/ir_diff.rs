//! Diffs of printed IR that align values, not names (`--mlir-print-ir-diff`).
//!
//! A pass that removes or adds one op renumbers every SSA value printed
//! after it (`%3` becomes `%2`), and every `#map` alias defined after a
//! map it drops (`#map3` becomes `#map2`), so a plain line diff of the two
//! dumps shows every later line as changed. Here the lines are first
//! aligned by their shape (the text with every SSA name and alias name
//! blanked out); each pair of aligned lines maps the names of the old dump
//! to the new one's: names defined on the line first (a value by the op
//! that defines it, an alias by its definition), other uses only where no
//! definition paired the name; a line replaced by one defining a value with
//! the same op pairs its definitions too. The old dump is renamed
//! accordingly, then the ordinary unified diff runs. A renumbering is then
//! no change at all, and a cse that merges one op shows that op. A value or
//! alias only the old dump defines keeps its name, marked `.old` where the
//! new dump uses that name for something else (`-%1.old = tensor.empty()`
//! beside ` %1 = linalg.fill`).

use std::collections::{HashMap, HashSet};

/// Alias names (`#map3`, `!type`) the lines define, `#`/`!` included.
fn defined_aliases<'a>(lines: &[&'a str]) -> HashSet<&'a str> {
    lines
        .iter()
        .filter(|l| l.starts_with('#') || l.starts_with('!'))
        .filter_map(|l| l.split_once(" = ").map(|(name, _)| name))
        .filter(|name| !name.contains(' '))
        .collect()
}

/// The names in `line` with their byte ranges: SSA names (`%0`, `%arg1`,
/// `%pack_2`, `%1#0`) and uses or definitions of `aliases`.
fn names(line: &str, aliases: &HashSet<&str>) -> Vec<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_string = false;
    let name_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-');
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' && (i == 0 || bytes[i - 1] != b'\\') {
            in_string = !in_string;
        }
        let alias_start = matches!(c, b'#' | b'!') && (i == 0 || !name_char(bytes[i - 1]));
        if !in_string && (c == b'%' || alias_start) {
            let start = i;
            i += 1;
            while i < bytes.len() && (name_char(bytes[i]) || c == b'%' && bytes[i] == b'#') {
                i += 1;
            }
            if i > start + 1 && (c == b'%' || aliases.contains(&line[start..i])) {
                out.push((start, i));
            }
            continue;
        }
        i += 1;
    }
    out
}

/// How many of `line`'s names (the first ones) it defines: the results
/// left of ` = ` of an op, or the alias of an alias definition.
fn defined_count(line: &str, found: &[(usize, usize)]) -> usize {
    let Some(eq) = line.find(" = ") else { return 0 };
    let head = line[..eq].trim_start();
    if !(head.starts_with('%') || head.starts_with('#') || head.starts_with('!')) {
        return 0;
    }
    found.iter().take_while(|(_, e)| *e <= eq).count()
}

/// The op a defining line names (`tensor.empty` in `%0 = tensor.empty()`).
fn defining_op_name(line: &str) -> Option<&str> {
    let (_, rest) = line.split_once(" = ")?;
    rest.split([' ', '(', '<']).next().filter(|n| !n.is_empty())
}

/// `line` with every name blanked to its sigil.
fn shape(line: &str, aliases: &HashSet<&str>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for (s, e) in names(line, aliases) {
        out.push_str(&line[last..s]);
        out.push_str(&line[s..s + 1]);
        last = e;
    }
    out.push_str(&line[last..]);
    out
}

/// One dump's lines with their names.
struct Dump<'a> {
    lines: Vec<&'a str>,
    aliases: HashSet<&'a str>,
    names: Vec<Vec<(usize, usize)>>,
}

impl<'a> Dump<'a> {
    fn new(text: &'a str) -> Self {
        let lines: Vec<&str> = text.lines().collect();
        let aliases = defined_aliases(&lines);
        let names = lines.iter().map(|l| names(l, &aliases)).collect();
        Dump { lines, aliases, names }
    }

    fn shapes(&self) -> Vec<String> {
        self.lines.iter().map(|l| shape(l, &self.aliases)).collect()
    }

    fn name(&self, line: usize, k: usize) -> &'a str {
        let (s, e) = self.names[line][k];
        &self.lines[line][s..e]
    }

    fn defined(&self, line: usize) -> usize {
        defined_count(self.lines[line], &self.names[line])
    }
}

/// `before` with its names renamed to the ones `after` gives the same
/// values and aliases, as far as the lines' shapes align them.
pub fn align_names(before: &str, after: &str) -> String {
    let old = Dump::new(before);
    let new = Dump::new(after);
    // Definitions pair first; uses fill in what no definition paired.
    let mut by_definition: HashMap<&str, &str> = HashMap::new();
    let mut by_use: HashMap<&str, &str> = HashMap::new();
    // Lines with no counterpart: their definitions keep their own names.
    let mut unpaired = vec![false; old.lines.len()];
    let mut pair_lines = |a: usize, b: usize, defs_only: bool| {
        let defined = old.defined(a);
        for (k, _) in old.names[a].iter().enumerate().take(new.names[b].len()) {
            let (from, to) = (old.name(a, k), new.name(b, k));
            if k < defined {
                by_definition.entry(from).or_insert(to);
            } else if !defs_only {
                by_use.entry(from).or_insert(to);
            }
        }
    };
    let ops =
        similar::capture_diff_slices_deadline(similar::Algorithm::Myers, &old.shapes(), &new.shapes(), deadline());
    for op in ops {
        match op {
            similar::DiffOp::Equal { old_index, new_index, len } => {
                for k in 0..len {
                    pair_lines(old_index + k, new_index + k, false);
                }
            }
            similar::DiffOp::Delete { old_index, old_len, .. } => {
                unpaired[old_index..old_index + old_len].iter_mut().for_each(|r| *r = true);
            }
            similar::DiffOp::Replace { old_index, old_len, new_index, new_len } => {
                // A changed op still defines the same values when a line
                // defining as many with the same op replaced it.
                // Partners by (op, values defined), first come first paired:
                // one pass over each side, however large the change.
                let mut partners: HashMap<(&str, usize), std::collections::VecDeque<usize>> = HashMap::new();
                for b in new_index..new_index + new_len {
                    if let Some(op_name) = defining_op_name(new.lines[b]) {
                        partners.entry((op_name, new.defined(b))).or_default().push_back(b);
                    }
                }
                for (a, gone) in unpaired.iter_mut().enumerate().skip(old_index).take(old_len) {
                    let partner = defining_op_name(old.lines[a])
                        .and_then(|op_name| partners.get_mut(&(op_name, old.defined(a))))
                        .and_then(|q| q.pop_front());
                    match partner {
                        Some(b) => pair_lines(a, b, true),
                        None => *gone = true,
                    }
                }
            }
            similar::DiffOp::Insert { .. } => {}
        }
    }
    // What only the old dump defines keeps its name, marked where the new
    // dump calls something else by it.
    let new_names: HashSet<&str> = (0..new.lines.len())
        .flat_map(|b| (0..new.names[b].len()).map(move |k| (b, k)))
        .map(|(b, k)| new.name(b, k))
        .collect();
    let mut own: HashMap<&str, String> = HashMap::new();
    for (a, _) in unpaired.iter().enumerate().filter(|(_, u)| **u) {
        for k in 0..old.defined(a) {
            let name = old.name(a, k);
            if !by_definition.contains_key(name) {
                let shown = if new_names.contains(name) { format!("{name}.old") } else { name.to_string() };
                own.insert(name, shown);
            }
        }
    }
    let mut out = String::with_capacity(before.len());
    for (a, line) in old.lines.iter().enumerate() {
        let mut last = 0;
        for (k, &(s, e)) in old.names[a].iter().enumerate() {
            let name = old.name(a, k);
            out.push_str(&line[last..s]);
            // A value the pass merged into another keeps its name where it
            // was defined; its uses read the value that replaced it.
            let defining = unpaired[a] && k < old.defined(a);
            let paired = by_definition.get(name).or_else(|| by_use.get(name));
            match (own.get(name), paired) {
                (Some(shown), _) if defining => out.push_str(shown),
                (_, Some(to)) => out.push_str(to),
                (Some(shown), None) => out.push_str(shown),
                (None, None) => out.push_str(name),
            }
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
        assert_eq!(align_names(before, after), "%0.old = a\n%0 = b %x\n%1 = c %0, %x\nreturn %1\n");
        let d = unified_diff(before, after);
        let changed: Vec<&str> = d.lines().filter(|l| l.starts_with('-') && !l.starts_with("---")).collect();
        assert_eq!(changed, ["-%0.old = a"], "{d}");
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
        assert_eq!(changed, ["-  %1.old = tensor.empty() : tensor<4xf32>"], "{d}");
    }

    #[test]
    fn names_in_strings_are_not_values() {
        let none = HashSet::new();
        assert_eq!(names(r#"%0 = "x"() {s = "%1"} : () -> i32"#, &none), [(0, 2)]);
        assert_eq!(shape("%pack_0 = linalg.pack %arg0#1", &none), "% = linalg.pack %");
        let maps: HashSet<&str> = ["#map1"].into_iter().collect();
        assert_eq!(
            shape("%0 = affine.apply #map1(%x) {a = #linalg.foo<x>}", &maps),
            "% = affine.apply #(%) {a = #linalg.foo<x>}"
        );
    }

    #[test]
    fn renumbered_aliases_are_no_change() {
        // #map (the first) is gone: #map1 and #map2 are now #map and #map1.
        let before = "#map = affine_map<(d0) -> (d0 * 2)>\n#map1 = affine_map<(d0) -> (d0 * 4)>\n#map2 = affine_map<(d0) -> (d0 + 1)>\n  %0 = affine.apply #map(%x)\n  %1 = affine.apply #map1(%x)\n  %2 = affine.apply #map2(%1)\n";
        let after = "#map = affine_map<(d0) -> (d0 * 4)>\n#map1 = affine_map<(d0) -> (d0 + 1)>\n  %0 = affine.apply #map(%x)\n  %1 = affine.apply #map1(%0)\n";
        let d = unified_diff(before, after);
        let changed: Vec<&str> = d
            .lines()
            .filter(|l| (l.starts_with('-') || l.starts_with('+')) && !l.starts_with("---") && !l.starts_with("+++"))
            .collect();
        assert_eq!(
            changed,
            ["-#map.old = affine_map<(d0) -> (d0 * 2)>", "-  %0.old = affine.apply #map.old(%x)"],
            "{d}"
        );
    }

    #[test]
    fn a_changed_op_keeps_its_value() {
        // The apply's map changed: one line replaced, its users unchanged.
        let before = "  %0 = affine.apply #map(%x)\n  %1 = arith.addi %0, %0 : index\n";
        let after = "  %0 = affine.apply #map1(%x)\n  %1 = arith.addi %0, %0 : index\n";
        let d = unified_diff(before, after);
        let changed: Vec<&str> = d
            .lines()
            .filter(|l| (l.starts_with('-') || l.starts_with('+')) && !l.starts_with("---") && !l.starts_with("+++"))
            .collect();
        assert_eq!(changed, ["-  %0 = affine.apply #map(%x)", "+  %0 = affine.apply #map1(%x)"], "{d}");
    }
}
