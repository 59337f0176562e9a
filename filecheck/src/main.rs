//! `tessel-filecheck`: LLVM FileCheck's command line over tessel's engine.
//!
//! Exit status: 0 when the input matches, 1 when a check fails, 2 on a
//! usage error or a bad check file (as LLVM FileCheck).

use std::io::Read;
use std::process::ExitCode;

use tessel_filecheck::{run, Request};

const HELP: &str = "USAGE: tessel-filecheck [options] <check-file>

Checks that the input (stdin or --input-file) matches the CHECK directives in
<check-file>, with LLVM FileCheck's syntax, options, verdicts and exit codes.

OPTIONS:
  -D<VAR=VALUE>                  Define a string variable; -D#<NAME=EXPR> a numeric one
  --allow-deprecated-dag-overlap Let matches of consecutive CHECK-DAGs overlap
  --allow-empty                  Allow the input to be empty
  --allow-unused-prefixes        Allow prefixes that do not appear in the check file
  --check-prefix=<p>             Prefix to use (default CHECK); repeatable
  --check-prefixes=<p,q,...>     Several prefixes
  --comment-prefixes=<p,...>     Comment prefixes (default COM,RUN)
  --dump-input=<help|always|fail|never>
                                 Dump the input with annotations (default: fail)
  --dump-input-context=<N>       Context lines around filtered lines in the dump
  --dump-input-filter=<all|annotation-full|annotation|error>
                                 Which input lines the dump shows
  --enable-var-scope             Forget variables not starting with $ at each CHECK-LABEL
  --ignore-case                  Match case-insensitively
  --implicit-check-not=<pattern> Add an implicit CHECK-NOT to every positive check
  --input-file=<file>            File to check (default: stdin)
  --match-full-lines             Positive matches must cover whole lines
  --strict-whitespace            Do not treat all horizontal whitespace as equivalent
  -v                             Report successful matches too
  --vv                           Also report internal matching details (implies -v)
  --color                        Accepted; output is never colored
  --help                         Print this help
  --version                      Print the version

Options are also read from the FILECHECK_OPTS environment variable.
";

/// The parsed command line.
struct Cli {
    req: Request,
    check_file: Option<String>,
    input_file: String,
    dump_input: Vec<String>,
}

/// Why the command line was rejected: message and exit code.
struct Usage(String, u8);

fn parse_bool(name: &str, v: Option<&str>) -> Result<bool, Usage> {
    match v {
        None | Some("true") | Some("TRUE") | Some("1") => Ok(true),
        Some("false") | Some("FALSE") | Some("0") => Ok(false),
        Some(other) => Err(Usage(
            format!("tessel-filecheck: for the --{name} option: '{other}' is invalid value for boolean argument! Try 0 or 1\n"),
            1,
        )),
    }
}

fn parse_args(args: Vec<String>) -> Result<Cli, Usage> {
    let mut cli = Cli { req: Request::default(), check_file: None, input_file: "-".into(), dump_input: Vec::new() };
    let mut it = args.into_iter().peekable();
    while let Some(arg) = it.next() {
        if arg == "-" || !arg.starts_with('-') {
            if cli.check_file.is_some() {
                return Err(Usage("tessel-filecheck: Too many positional arguments specified!\n".into(), 1));
            }
            cli.check_file = Some(arg);
            continue;
        }
        if let Some(def) = arg.strip_prefix("-D") {
            let def = if def.is_empty() { it.next().unwrap_or_default() } else { def.to_string() };
            cli.req.global_defines.push(def);
            continue;
        }
        let body = arg.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (body.to_string(), None),
        };
        let value = |it: &mut std::iter::Peekable<std::vec::IntoIter<String>>| -> Result<String, Usage> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it.next().ok_or_else(|| {
                    Usage(format!("tessel-filecheck: Not enough positional command line arguments specified!\nMust specify at least 1 value for --{name}\n"), 1)
                }),
            }
        };
        match name.as_str() {
            "help" | "h" | "help-list" => {
                print!("{HELP}");
                std::process::exit(0);
            }
            "version" => {
                println!("tessel-filecheck {} (LLVM FileCheck 22 compatible)", env!("CARGO_PKG_VERSION"));
                std::process::exit(0);
            }
            "input-file" => cli.input_file = value(&mut it)?,
            "check-prefix" | "check-prefixes" => {
                cli.req.check_prefixes.extend(value(&mut it)?.split(',').map(str::to_string));
            }
            "comment-prefixes" => {
                cli.req.comment_prefixes.extend(value(&mut it)?.split(',').map(str::to_string));
            }
            "implicit-check-not" => cli.req.implicit_check_not.push(value(&mut it)?),
            "dump-input" => cli.dump_input.push(value(&mut it)?),
            "dump-input-filter" | "dump-input-context" | "dump-input-label-width" => {
                value(&mut it)?;
            }
            "strict-whitespace" => cli.req.strict_whitespace = parse_bool(&name, inline.as_deref())?,
            "ignore-case" => cli.req.ignore_case = parse_bool(&name, inline.as_deref())?,
            "allow-empty" => cli.req.allow_empty_input = parse_bool(&name, inline.as_deref())?,
            "allow-unused-prefixes" => cli.req.allow_unused_prefixes = parse_bool(&name, inline.as_deref())?,
            "match-full-lines" => cli.req.match_full_lines = parse_bool(&name, inline.as_deref())?,
            "enable-var-scope" => cli.req.enable_var_scope = parse_bool(&name, inline.as_deref())?,
            "allow-deprecated-dag-overlap" => {
                cli.req.allow_deprecated_dag_overlap = parse_bool(&name, inline.as_deref())?;
            }
            "v" => cli.req.verbose = parse_bool(&name, inline.as_deref())?,
            "vv" => cli.req.verbose_verbose = parse_bool(&name, inline.as_deref())?,
            "color" => {
                parse_bool(&name, inline.as_deref())?;
            }
            _ => {
                return Err(Usage(
                    format!(
                        "tessel-filecheck: Unknown command line argument '{arg}'.  Try: 'tessel-filecheck --help'\n"
                    ),
                    1,
                ))
            }
        }
    }
    for d in &cli.dump_input {
        if !["help", "always", "fail", "never"].contains(&d.as_str()) {
            return Err(Usage(
                format!("tessel-filecheck: for the --dump-input option: Cannot find option named '{d}'!\n"),
                1,
            ));
        }
    }
    Ok(cli)
}

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
            eprint!("{msg}");
            return ExitCode::from(code);
        }
    };
    if cli.dump_input.iter().any(|d| d == "help") {
        println!("tessel-filecheck does not print input dumps; its diagnostics point at the");
        println!("failing directive, where the search started and the closest near miss.");
        return ExitCode::SUCCESS;
    }
    for d in &cli.req.global_defines {
        match d.find('=') {
            None => {
                eprintln!("Missing equal sign in command-line definition '-D{d}'");
                return ExitCode::from(2);
            }
            Some(0) => {
                eprintln!("Missing variable name in command-line definition '-D{d}'");
                return ExitCode::from(2);
            }
            _ => {}
        }
    }
    let Some(check_file) = cli.check_file else {
        eprintln!("<check-file> not specified");
        return ExitCode::from(2);
    };
    let check_text = match read_file(&check_file, "check") {
        Ok(t) => t,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::from(2);
        }
    };
    let input = match read_file(&cli.input_file, "input") {
        Ok(t) => t,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::from(2);
        }
    };
    let input_name = if cli.input_file == "-" { "<stdin>" } else { cli.input_file.as_str() };
    let out = run(&cli.req, &check_file, &check_text, input_name, &input);
    eprint!("{}", out.stderr);
    if out.exit_code == 2 && input.is_empty() && out.stderr.contains("is empty.") {
        let line: String = argv.iter().map(|a| format!(" {a}")).collect();
        eprintln!("FileCheck command line: {line}");
    }
    ExitCode::from(out.exit_code as u8)
}
