//! The `ir` crate is layered: each top-level module only uses modules of
//! its own layer or below, and the module graph has no cycles. This test
//! reads the sources (every `crate::` and `$crate::` path outside comments
//! and test modules) and fails on an upward use or a cycle, naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "support",
        &["location", "types", "float", "affine", "attrs", "parallel", "arena", "entity_map", "entity", "dominance"],
    ),
    ("core: storage, uniquing, registry, building", &["context", "dense_hex", "diag", "builder", "rewriter"]),
    ("text and verification", &["printer", "parser", "verifier"]),
    ("ops: declarations, forms, verifiers, patterns", &["ods", "dialects"]),
    ("interfaces", &["interfaces"]),
];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `mod` declarations of `lib.rs`.
fn top_modules(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("pub mod ").or_else(|| l.strip_prefix("mod "))?;
            Some(rest.trim_end_matches(';').to_string())
        })
        .collect()
}

/// Names re-exported by `lib.rs` (`pub use m::{A, b}`), mapped to `m`.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for l in lib.lines() {
        let Some(rest) = l.trim().strip_prefix("pub use ") else { continue };
        let rest = rest.trim_end_matches(';');
        let (module, names) = rest.split_once("::").expect("pub use m::...");
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            map.insert(name.trim().to_string(), module.to_string());
        }
    }
    map
}

/// The source of a file without comments and without its test module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            // `//` inside a string literal is rare in this crate; a doc or
            // line comment is what matters here.
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first identifiers of every `crate::` path (`crate::a::b` gives `a`,
/// `crate::{a::X, b}` gives `a` and `b`).
fn crate_roots(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    for (i, _) in code.match_indices("crate::") {
        let prev = code[..i].chars().next_back();
        if prev.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `tessel_crate::` or similar
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(item.trim()));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            if !item.trim().is_empty() {
                out.insert(ident(item.trim()));
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`dialects/scf.rs` → `dialects`).
fn module_of(file: &Path) -> String {
    let rel = file.strip_prefix(src_dir()).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

/// Exported macros by name, mapped to the module that defines them.
fn macro_homes(files: &[PathBuf]) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for f in files {
        let text = fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if l.trim() == "#[macro_export]" {
                let def = lines[i + 1..].iter().find(|l| l.contains("macro_rules!")).unwrap();
                let name = def.split("macro_rules!").nth(1).unwrap().trim().trim_end_matches('{').trim();
                map.insert(name.to_string(), module_of(f));
            }
        }
    }
    map
}

/// The module graph: module → modules it uses.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let lib = fs::read_to_string(src_dir().join("lib.rs")).unwrap();
    let modules: BTreeSet<String> = top_modules(&lib).into_iter().collect();
    let reexported = reexports(&lib);
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    let macros = macro_homes(&files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for f in &files {
        let from = module_of(f);
        if from == "lib" {
            continue;
        }
        let code = code_of(&fs::read_to_string(f).unwrap());
        for root in crate_roots(&code) {
            let to = if modules.contains(&root) {
                root.clone()
            } else if let Some(m) = reexported.get(&root).or_else(|| macros.get(&root)) {
                m.clone()
            } else {
                panic!(
                    "{}: `crate::{root}` is neither a module, a re-export of lib.rs nor an exported macro",
                    f.display()
                );
            };
            if to != from {
                graph.get_mut(&from).unwrap().insert(to);
            }
        }
    }
    graph
}

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|(_, ms)| ms.contains(&module))
        .unwrap_or_else(|| panic!("module `{module}` is in no layer: add it to LAYERS in ir/tests/layers.rs"))
}

#[test]
fn modules_only_use_their_layer_or_below() {
    let mut upward = Vec::new();
    for (from, tos) in module_graph() {
        for to in tos {
            if layer_of(&to) > layer_of(&from) {
                upward.push(format!("{from} ({}) uses {to} ({})", LAYERS[layer_of(&from)].0, LAYERS[layer_of(&to)].0));
            }
        }
    }
    assert!(upward.is_empty(), "upward uses:\n  {}", upward.join("\n  "));
}

#[test]
fn module_graph_has_no_cycle() {
    let graph = module_graph();
    // Depth-first search; a back edge closes a cycle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| p == m).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            _ => {}
        }
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for next in &graph[m] {
            if let Some(c) = visit(next, graph, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut state, &mut Vec::new()) {
            panic!("module cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_reader_sees_paths_in_groups_and_macros() {
    let code = "use crate::{a::X, b::{Y, Z}, c};\nlet v = $crate::d::E;\n// crate::ignored\n";
    let roots: Vec<String> = crate_roots(&code_of(code)).into_iter().collect();
    assert_eq!(roots, ["a", "b", "c", "d"]);
}
