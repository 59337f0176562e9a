//! Runs the lit suite (lit/**/*.mlir) inside `cargo test`: every `// RUN:`
//! line is executed by bash with `tessel-opt` on PATH, like LLVM's lit.
//!
//! `cmd | FileCheck args` is checked in process by tessel-filecheck (the
//! `filecheck/` crate), so no LLVM is needed. With
//! TESSEL_LIT_FILECHECK=llvm the pipeline runs LLVM's FileCheck instead
//! ($FILECHECK, else /usr/lib/llvm-22/bin, else PATH); files that then
//! find none are skipped, unless TESSEL_REQUIRE_FILECHECK=1 (CI), which
//! makes that a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

/// RUN lines with `\` continuations joined.
fn run_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let Some(idx) = line.find("RUN:") else { continue };
        if !line[..idx].trim_start().starts_with("//") {
            continue;
        }
        let body = line[idx + 4..].trim();
        if let Some(stripped) = body.strip_suffix('\\') {
            pending.push_str(stripped);
            pending.push(' ');
        } else {
            pending.push_str(body);
            out.push(std::mem::take(&mut pending));
        }
    }
    out
}

fn find_filecheck() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("FILECHECK") {
        return Some(PathBuf::from(p));
    }
    let llvm = PathBuf::from("/usr/lib/llvm-22/bin/FileCheck");
    if llvm.exists() {
        return Some(llvm);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join("FileCheck")).find(|p| p.exists())
}

/// Splits `cmd | FileCheck args` into the producer and FileCheck's
/// arguments; `None` if FileCheck is not the last stage of a pipeline.
fn split_filecheck(cmd: &str) -> Option<(String, Vec<String>)> {
    let at = cmd.rfind("| FileCheck")?;
    let rest = &cmd[at + "| FileCheck".len()..];
    if !(rest.is_empty() || rest.starts_with(' ')) || rest.contains('|') {
        return None;
    }
    Some((cmd[..at].trim().to_string(), shell_words(rest)?))
}

/// Whitespace-separated words with '...' and "..." quoting.
fn shell_words(s: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if in_word {
        out.push(cur);
    }
    Some(out)
}

/// Runs the producer with bash and checks its stdout with tessel-filecheck.
fn run_in_process(
    script_prelude: &str,
    producer: &str,
    fc_args: Vec<String>,
    path: &std::ffi::OsStr,
) -> Result<(), String> {
    let cli = tessel_filecheck::cli::parse_args(fc_args).map_err(|u| u.0)?;
    let check_file = cli.check_file.clone().ok_or("FileCheck without a check file")?;
    let script = format!("{script_prelude}{producer}\n");
    let out = Command::new("bash").arg("-c").arg(&script).env("PATH", path).output().expect("bash");
    if !out.status.success() {
        return Err(format!("producer failed\n--- stderr ---\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    let check_text = std::fs::read(&check_file).map_err(|e| format!("{check_file}: {e}"))?;
    let result = tessel_filecheck::run(&cli.req, &check_file, &check_text, "<stdin>", &out.stdout);
    if result.exit_code != 0 {
        return Err(format!(
            "FileCheck exit {}\n--- input ---\n{}\n--- diagnostics ---\n{}",
            result.exit_code,
            String::from_utf8_lossy(&out.stdout),
            result.stderr
        ));
    }
    Ok(())
}

/// How the suite runs: where tessel-opt and FileCheck are, and which
/// FileCheck checks.
struct Setup {
    root: PathBuf,
    path: std::ffi::OsString,
    tmp: PathBuf,
    use_llvm: bool,
    llvm_found: bool,
    require: bool,
}

/// Whether the file's `REQUIRES:` / `UNSUPPORTED:` lines allow this build.
/// The one feature is `mlir` (tessel-opt built with `--features mlir`), as
/// lit.cfg.py derives it from `tessel-opt --version`.
fn supported_here(text: &str) -> bool {
    let names = |rest: &str| rest.split(',').map(|f| f.trim().to_string()).collect::<Vec<_>>();
    let has = |f: &str| f == "mlir" && cfg!(feature = "mlir");
    text.lines().all(|line| {
        if let Some((_, rest)) = line.split_once("REQUIRES:") {
            names(rest).iter().all(|f| has(f))
        } else if let Some((_, rest)) = line.split_once("UNSUPPORTED:") {
            !names(rest).iter().any(|f| has(f))
        } else {
            true
        }
    })
}

/// Runs every RUN line of one lit file; `Ok(true)` when skipped (no
/// FileCheck).
fn run_file(setup: &Setup, file: &Path, index: usize) -> Result<bool, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let runs = run_lines(&text);
    if runs.is_empty() {
        return Err("no RUN lines".into());
    }
    if !supported_here(&text) {
        return Ok(true);
    }
    if setup.use_llvm && !setup.llvm_found && runs.iter().any(|r| r.contains("FileCheck")) {
        return if setup.require { Err("FileCheck not found".into()) } else { Ok(true) };
    }
    let t = setup.tmp.join(format!("t{index}"));
    for run in &runs {
        let cmd = run
            .replace("%%", "\u{1}")
            .replace("%s", &file.display().to_string())
            .replace("%S", &file.parent().unwrap().display().to_string())
            .replace("%p", &file.parent().unwrap().display().to_string())
            .replace("%t", &t.display().to_string())
            .replace('\u{1}', "%");
        let prelude = "not() { if \"$@\"; then return 1; else return 0; fi; }\nset -o pipefail\n";
        if !setup.use_llvm {
            if let Some((producer, fc_args)) = split_filecheck(&cmd) {
                run_in_process(prelude, &producer, fc_args, &setup.path).map_err(|e| format!("RUN: {run}\n{e}"))?;
                continue;
            }
            if cmd.contains("FileCheck") {
                return Err(format!("RUN: {run}\nFileCheck is not the last stage of the pipeline"));
            }
        }
        let script = format!("{prelude}{cmd}\n");
        let out = Command::new("bash").arg("-c").arg(&script).env("PATH", &setup.path).output().expect("bash");
        if !out.status.success() {
            return Err(format!(
                "RUN: {run}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    Ok(false)
}

/// One trial per lit file, named by its path under `lit/`
/// (`cargo test --test lit tiling/pack` runs the files matching).
fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = tessel_testkit::lit_files(&root.join("lit"));
    assert!(files.len() >= 8, "expected the lit suite, found {} files", files.len());
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tessel-opt"));
    let bin_dir = bin.parent().expect("bin dir").to_path_buf();
    let use_llvm = std::env::var("TESSEL_LIT_FILECHECK").is_ok_and(|v| v == "llvm");
    let filecheck = if use_llvm { find_filecheck() } else { None };
    let tmp = std::env::temp_dir().join(format!("tessel-lit-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("tmp dir");
    let mut path = vec![bin_dir];
    if let Some(fc) = &filecheck {
        path.push(fc.parent().expect("FileCheck dir").to_path_buf());
    }
    path.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
    let setup = std::sync::Arc::new(Setup {
        root: root.clone(),
        path: std::env::join_paths(path).expect("PATH"),
        tmp: tmp.clone(),
        use_llvm,
        llvm_found: filecheck.is_some(),
        require: std::env::var("TESSEL_REQUIRE_FILECHECK").is_ok_and(|v| v == "1"),
    });
    let trials = files
        .into_iter()
        .enumerate()
        .map(|(i, file)| {
            let name = file.strip_prefix(setup.root.join("lit")).unwrap_or(&file).display().to_string();
            let setup = setup.clone();
            // Without LLVM's FileCheck (and not required), files using it are skipped.
            let skip = setup.use_llvm
                && !setup.llvm_found
                && !setup.require
                && std::fs::read_to_string(&file).is_ok_and(|t| t.contains("FileCheck"));
            let kind = if setup.use_llvm { "llvm-filecheck" } else { "" };
            libtest_mimic::Trial::test(name, move || run_file(&setup, &file, i).map(|_| ()).map_err(Into::into))
                .with_kind(kind)
                .with_ignored_flag(skip)
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(&tmp);
    conclusion.exit();
}
