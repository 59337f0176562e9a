//! The corpus case format shared by the corpus and fuzz tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use tessel_filecheck::Request;

/// A case: command-line flags, LLVM's exit code, check file and input.
pub struct Case {
    pub args: Vec<String>,
    pub expect: i32,
    pub check: String,
    pub input: String,
}

/// Parses the format written by `scripts/filecheck_differential.py`.
pub fn parse_case(text: &str) -> Case {
    let mut args = Vec::new();
    let mut expect = None;
    let mut sections: Vec<(String, bool, usize, usize)> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if let Some(rest) = body.strip_prefix("--- ") {
            let (name, noeol) = match rest.strip_suffix("-noeol") {
                Some(n) => (n, true),
                None => (rest, false),
            };
            if name == "check" || name == "input" {
                if let Some(last) = sections.last_mut() {
                    last.3 = offset;
                }
                sections.push((name.to_string(), noeol, offset + line.len(), text.len()));
            }
        } else if sections.is_empty() {
            if let Some(a) = body.strip_prefix("# ARGS:") {
                args = a.split_whitespace().map(str::to_string).collect();
            } else if let Some(e) = body.strip_prefix("# EXPECT:") {
                expect = Some(e.trim().parse().expect("EXPECT is an exit code"));
            }
        }
        offset += line.len();
    }
    let mut check = String::new();
    let mut input = String::new();
    for (name, noeol, start, end) in sections {
        let mut body = &text[start..end];
        if noeol {
            body = body.strip_suffix('\n').unwrap_or(body);
        }
        if name == "check" {
            check = body.to_string();
        } else {
            input = body.to_string();
        }
    }
    Case { args, expect: expect.expect("EXPECT line"), check, input }
}

/// The subset of FileCheck's command line the corpus uses.
pub fn request(args: &[String]) -> Request {
    let mut req = Request::default();
    for a in args {
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        match name {
            "--check-prefix" | "--check-prefixes" => {
                req.check_prefixes.extend(value.unwrap_or_default().split(',').map(str::to_string))
            }
            "--comment-prefixes" => {
                req.comment_prefixes.extend(value.unwrap_or_default().split(',').map(str::to_string))
            }
            "--implicit-check-not" => req.implicit_check_not.push(value.unwrap_or_default()),
            "--strict-whitespace" => req.strict_whitespace = true,
            "--match-full-lines" => req.match_full_lines = true,
            "--ignore-case" => req.ignore_case = true,
            "--enable-var-scope" => req.enable_var_scope = true,
            "--allow-empty" => req.allow_empty_input = true,
            "--allow-unused-prefixes" => req.allow_unused_prefixes = true,
            "--allow-deprecated-dag-overlap" => req.allow_deprecated_dag_overlap = true,
            "-v" => req.verbose = true,
            "--vv" => req.verbose_verbose = true,
            _ if a.starts_with("-D") => req.global_defines.push(a[2..].to_string()),
            _ => panic!("corpus uses an unsupported flag {a}"),
        }
    }
    req
}

/// The corpus files, sorted.
pub fn corpus_paths() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("corpus dir").map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
}
