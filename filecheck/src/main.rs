//! `tessel-filecheck`: LLVM FileCheck's command line over tessel's engine.
//!
//! Exit status: 0 when the input matches, 1 when a check fails, 2 on a
//! usage error or a bad check file (as LLVM FileCheck).

use std::io::{Read, Write};
use std::process::ExitCode;

use tessel_filecheck::cli::{parse_args, Usage};
use tessel_filecheck::run;

const DUMP_HELP: &str = "The input dump (--dump-input=fail by default, always, never) shows the input
with its line numbers and, under each line, the results of the directives
that concern it:

  L:      input line L; a space stands for its newline
  T:L     the result of a directive of kind T (check, next, same, not, dag,
          label, empty, count, eof) on line L of the check file, or of the
          I-th --implicit-check-not pattern if L is impI
  T:L'N   the N-th result of that directive
  ^~~     a match (shown with -v)
  !~~     a bad match: excluded string found, match on the wrong line, or a
          discarded overlapping CHECK-DAG match (-vv)
  X~~     the range searched without a match
  ?       the closest near miss
  ...     input lines left out (--dump-input-filter, --dump-input-context)
";

fn read_file(name: &str, what: &str) -> Result<Vec<u8>, String> {
    let result = if name == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v).map(|_| v)
    } else {
        std::fs::read(name)
    };
    result.map_err(|e| {
        let msg = match e.kind() {
            std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
            std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
            _ => e.to_string(),
        };
        format!("Could not open {what} file '{name}': {msg}\n")
    })
}

/// Writes to stderr, ignoring failure (`eprint!` panics when the reader
/// of a pipe is gone).
fn err(text: &str) {
    let mut e = std::io::stderr().lock();
    let _ = e.write_all(text.as_bytes()).and_then(|_| e.flush());
}

/// Writes help text to stdout; a closed pipe (`| head -1`) is success, as
/// for other Unix tools, and any other write failure exit status 2.
fn info(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            err(&format!("tessel-filecheck: cannot write to stdout: {e}\n"));
            ExitCode::from(2)
        }
        _ => ExitCode::SUCCESS,
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = Vec::new();
    if let Ok(opts) = std::env::var("FILECHECK_OPTS") {
        args.extend(opts.split_whitespace().map(str::to_string));
    }
    let argv: Vec<String> = std::env::args().collect();
    args.extend(argv.iter().skip(1).cloned());
    let cli = match parse_args(args) {
        Ok(c) => c,
        Err(Usage(msg, code)) => {
            err(&msg);
            return ExitCode::from(code);
        }
    };
    if let Some(text) = &cli.answered {
        return info(text);
    }
    if cli.dump_input.iter().any(|d| d == "help") {
        return info(DUMP_HELP);
    }
    for d in &cli.req.global_defines {
        match d.find('=') {
            None => {
                err(&format!("Missing equal sign in command-line definition '-D{d}'\n"));
                return ExitCode::from(2);
            }
            Some(0) => {
                err(&format!("Missing variable name in command-line definition '-D{d}'\n"));
                return ExitCode::from(2);
            }
            _ => {}
        }
    }
    let Some(check_file) = cli.check_file else {
        err("<check-file> not specified\n");
        return ExitCode::from(2);
    };
    let check_text = match read_file(&check_file, "check") {
        Ok(t) => t,
        Err(msg) => {
            err(&msg);
            return ExitCode::from(2);
        }
    };
    let input = match read_file(&cli.input_file, "input") {
        Ok(t) => t,
        Err(msg) => {
            err(&msg);
            return ExitCode::from(2);
        }
    };
    let input_name = if cli.input_file == "-" { "<stdin>" } else { cli.input_file.as_str() };
    let out = run(&cli.req, &check_file, &check_text, input_name, &input);
    err(&out.stderr);
    if out.exit_code == 2 && input.is_empty() && out.stderr.contains("is empty.") {
        let line: String = argv.iter().map(|a| format!(" {a}")).collect();
        err(&format!("FileCheck command line: {line}\n"));
    }
    ExitCode::from(out.exit_code as u8)
}
