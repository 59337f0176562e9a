//! Pass and pattern code names ops through their typed handles
//! (`ForOp::isa(ctx, op)`, `StoreOp::NAME`), not through string literals:
//! a renamed or re-spelled op then fails to compile instead of silently
//! never matching. This test reads the sources of `passes/src`, the
//! patterns and the interfaces of `ir` (code outside comments and test
//! modules) and fails on any string literal that is the name of a
//! registered op, naming the file and line.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The directories whose code must use typed handles.
const CHECKED: &[&str] = &["src", "../ir/src/dialects/patterns", "../ir/src/interfaces"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's lines before its test module, with line comments removed.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let code = match l.find("//") {
                Some(c) if l[..c].matches('"').count() % 2 == 0 => &l[..c],
                _ => l,
            };
            (i + 1, code.to_string())
        })
        .collect()
}

/// The contents of the string literals on a line of code.
fn string_literals(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        out.push(&after[..end]);
        rest = &after[end + 1..];
    }
    out
}

#[test]
fn pass_and_pattern_code_names_ops_through_typed_handles() {
    let ops: BTreeSet<&str> = tessel_ir::Context::new().registered_ops().into_iter().collect();
    assert!(ops.contains("scf.for") && ops.contains("linalg.pack"), "the registry lists ops and their aliases");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in CHECKED {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found the sources ({} files)", files.len());
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("readable source");
        for (line, code) in code_lines(&text) {
            for lit in string_literals(&code) {
                if ops.contains(lit) {
                    found.push(format!("{}:{line}: \"{lit}\"", file.display()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "op names as strings (use the op's handle: `Op::isa`, `Op::NAME`):\n{}",
        found.join("\n")
    );
}
