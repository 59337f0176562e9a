//! Large input files are mapped instead of read (`src/input.rs`): the
//! output and the diagnostics must be those of the same text read from
//! stdin, and a mapped file that is not UTF-8 is refused like a read one.

use std::io::Write;
use std::process::{Command, Stdio};

/// A module of `n` chained ops, well over the mapping threshold for large `n`.
fn chain(n: usize, tail: &str) -> String {
    let mut s = String::from("func.func @f(%a: i32, %b: i32) -> i32 {\n  %v0 = arith.addi %a, %b : i32\n");
    for i in 1..n {
        s.push_str(&format!("  %v{i} = arith.muli %v{}, %b {{tag = \"t{i}\"}} : i32\n", i - 1));
    }
    s.push_str(tail);
    s.push_str(&format!("  return %v{} : i32\n}}\n", n - 1));
    s
}

/// tessel-opt's status, stdout and stderr on `args`, with `stdin` piped in.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel-opt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel-opt runs");
    child.stdin.take().expect("stdin").write_all(stdin).expect("stdin written");
    let out = child.wait_with_output().expect("tessel-opt exits");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

fn write_temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessel-mapped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("temp file");
    path
}

#[test]
fn mapped_file_prints_like_stdin() {
    let text = chain(40_000, "");
    assert!(text.len() > 2 << 20, "the input must be large enough to be mapped");
    let path = write_temp("chain.mlir", text.as_bytes());
    let file = path.to_str().expect("path");
    for flags in [&[][..], &["--mlir-print-op-generic"][..], &["--cse", "--mlir-print-debuginfo"][..]] {
        let mapped = run(&[&[file][..], flags].concat(), b"");
        let piped = run(&[&["-"][..], flags].concat(), text.as_bytes());
        assert_eq!(mapped.0, 0, "{}", mapped.2);
        assert_eq!(mapped.1.replace(file, "<stdin>"), piped.1, "flags {flags:?}");
        assert!(mapped.1.len() > 1 << 20);
    }
}

#[test]
fn mapped_file_diagnostics_quote_the_source() {
    // An error deep in a mapped file points at its line and quotes it.
    let text = chain(40_000, "  %bad = arith.addi %a, %b : i32, i64\n");
    let path = write_temp("bad.mlir", text.as_bytes());
    let file = path.to_str().expect("path");
    let (status, out, err) = run(&[file, "--canonicalize"], b"");
    assert_eq!(status, 1);
    assert!(out.is_empty());
    let line = text.lines().count() - 2;
    assert!(err.contains(&format!("{file}:{line}:")), "{err}");
    assert!(err.contains("%bad = arith.addi"), "the source line is quoted: {err}");
}

#[test]
fn mapped_file_that_is_not_utf8_is_refused() {
    let mut bytes = chain(40_000, "").into_bytes();
    bytes.extend_from_slice(b"// \xff\xfe\n");
    let path = write_temp("latin1.mlir", &bytes);
    let file = path.to_str().expect("path");
    let (status, out, err) = run(&[file], b"");
    assert_eq!(status, 1);
    assert!(out.is_empty());
    assert_eq!(err, format!("tessel-opt: input file '{file}' is not valid UTF-8\n"));
}

/// `text` with a comment line whose `€` (three bytes) straddles byte
/// `at`, inserted at the line start before it.
fn with_char_across(text: &str, at: usize) -> String {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    // "// " then filler so that the `€` starts one byte before `at`.
    let filler = "x".repeat(at - 1 - line_start - 3);
    format!("{}// {filler}€ straddles the check step\n{}", &text[..line_start], &text[line_start..])
}

#[test]
fn mapped_file_larger_than_the_release_steps() {
    // Over 16 MiB: the UTF-8 check, the line scan and the parser each give
    // back pages twice or more before printing; a character cut by the
    // check step is whole; an error at the end still quotes its line.
    let base = chain(300_000, "");
    assert!(base.len() > 17 << 20, "{} bytes", base.len());
    let text = with_char_across(&base, 8 << 20);
    assert_eq!(&text.as_bytes()[(8 << 20) - 1..(8 << 20) + 2], "€".as_bytes());
    let path = write_temp("large.mlir", text.as_bytes());
    let file = path.to_str().expect("path");
    let mapped = run(&[file, "--mlir-print-op-generic"], b"");
    let piped = run(&["-", "--mlir-print-op-generic"], text.as_bytes());
    assert_eq!(mapped.0, 0, "{}", mapped.2);
    assert!(mapped.1.replace(file, "<stdin>") == piped.1, "mapped and piped outputs differ");

    let bad = text.replace("  return %v299999", "  %bad = arith.addi %a, %b : i32, i64\n  return %v299999");
    let path = write_temp("large-bad.mlir", bad.as_bytes());
    let file = path.to_str().expect("path");
    let (status, out, err) = run(&[file], b"");
    assert_eq!(status, 1);
    assert!(out.is_empty());
    let line = bad.lines().count() - 2;
    assert!(err.contains(&format!("{file}:{line}:")), "{err}");
    assert!(err.contains("%bad = arith.addi"), "the source line is quoted: {err}");

    let mut latin1 = base.into_bytes();
    latin1.truncate(latin1.len() - 2);
    latin1.extend_from_slice(b"// \xe9\n}\n");
    let path = write_temp("large-latin1.mlir", &latin1);
    let file = path.to_str().expect("path");
    let (status, _, err) = run(&[file], b"");
    assert_eq!(status, 1);
    assert_eq!(err, format!("tessel-opt: input file '{file}' is not valid UTF-8\n"));
}

#[test]
fn a_failed_write_is_an_error() {
    // The output is written as it is printed: a full device stops it with
    // tessel-opt's message and status 1, whatever was written before.
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let path = write_temp("chain-full.mlir", chain(40_000, "").as_bytes());
    let (status, _, err) = run(&[path.to_str().expect("path"), "-o", "/dev/full"], b"");
    assert_eq!(status, 1);
    assert!(err.starts_with("tessel-opt: cannot write '/dev/full': "), "{err}");
    let (status, _, err) = run(&["-", "-o", "/dev/full"], b"func.func @f() {\n  return\n}\n");
    assert_eq!(status, 1);
    assert!(err.starts_with("tessel-opt: cannot write '/dev/full': "), "{err}");
}
