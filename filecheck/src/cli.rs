//! FileCheck's command line: options, their forms (`-opt`, `--opt=v`,
//! `--opt v`, `-DNAME=V`) and usage errors.

use crate::{DumpFilter, DumpInput, Request};

/// `--help` text.
pub const HELP: &str = "USAGE: tessel-filecheck [options] <check-file>

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
                                 Dump the input annotated with the match results
                                 (default: fail; the most informative value given wins)
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
pub struct Cli {
    /// The options that shape checking.
    pub req: Request,
    /// The check file (positional).
    pub check_file: Option<String>,
    /// `--input-file`, `-` for stdin.
    pub input_file: String,
    /// `--dump-input` values.
    pub dump_input: Vec<String>,
    /// `--help` or `--version` was given: the text that answers it (for
    /// stdout, instead of checking anything).
    pub answered: Option<String>,
}

/// Why the command line was rejected: message and exit code.
pub struct Usage(pub String, pub u8);

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

/// Parses FileCheck's command line (without the program name).
pub fn parse_args(args: Vec<String>) -> Result<Cli, Usage> {
    let mut cli = Cli {
        req: Request::default(),
        check_file: None,
        input_file: "-".into(),
        dump_input: Vec::new(),
        answered: None,
    };
    let mut it = args.into_iter().peekable();
    while let Some(arg) = it.next() {
        if arg == "-" || !arg.starts_with('-') {
            if cli.check_file.is_some() {
                return Err(Usage(
                    "tessel-filecheck: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: tessel-filecheck --help\n"
                        .into(),
                    1,
                ));
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
                cli.answered = Some(HELP.to_string());
            }
            "version" => {
                cli.answered =
                    Some(format!("tessel-filecheck {} (LLVM FileCheck 22 compatible)\n", env!("CARGO_PKG_VERSION")));
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
            "dump-input-filter" => {
                let v = value(&mut it)?;
                let f = match v.as_str() {
                    "all" => DumpFilter::All,
                    "annotation-full" => DumpFilter::AnnotationFull,
                    "annotation" => DumpFilter::Annotation,
                    "error" => DumpFilter::Error,
                    _ => {
                        let msg = "tessel-filecheck: for the --dump-input-filter option: Cannot find option named";
                        return Err(Usage(format!("{msg} '{v}'!\n"), 1));
                    }
                };
                // The most informative value wins, as in LLVM.
                cli.req.dump_input_filter = Some(cli.req.dump_input_filter.map_or(f, |old| old.max(f)));
            }
            "dump-input-context" => {
                let v = value(&mut it)?;
                let n: usize = v.parse().map_err(|_| {
                    Usage(format!("tessel-filecheck: for the --dump-input-context option: '{v}' value invalid for uint argument!\n"), 1)
                })?;
                cli.req.dump_input_context = Some(cli.req.dump_input_context.map_or(n, |old| old.max(n)));
            }
            "dump-input-label-width" => {
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
    let mut dump: Option<DumpInput> = None;
    for d in &cli.dump_input {
        let v = match d.as_str() {
            "help" | "always" => DumpInput::Always,
            "fail" => DumpInput::Fail,
            "never" => DumpInput::Never,
            _ => {
                return Err(Usage(
                    format!("tessel-filecheck: for the --dump-input option: Cannot find option named '{d}'!\n"),
                    1,
                ))
            }
        };
        dump = Some(dump.map_or(v, |old| old.max(v)));
    }
    if let Some(d) = dump {
        cli.req.dump_input = d;
    }
    Ok(cli)
}
