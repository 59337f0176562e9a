//! tessel-opt's command line, spelled like mlir-opt's (LLVM style: `-flag`
//! and `--flag` are the same, values after `=` or as the next argument).

use tessel_ir::printer::PackSpelling;

use crate::run::RunEngine;
use crate::timing::TimingDisplay;

/// Parsed options.
#[derive(Clone, Debug)]
pub struct Options {
    pub input: String,
    pub output: Option<String>,
    pub split_input_file: bool,
    pub verify_diagnostics: bool,
    pub print_generic: bool,
    pub print_debuginfo: bool,
    pub allow_unregistered: bool,
    /// `--no-implicit-module`: the input's one top-level op is the root.
    pub no_implicit_module: bool,
    /// `--mlir-print-stacktrace-on-diagnostic`.
    pub stacktrace_on_diagnostic: bool,
    pub pass_pipeline: Option<String>,
    /// Passes given as `--pass-name[=options]` flags, in order.
    pub pass_flags: Vec<(String, Option<String>)>,
    pub pack_spelling: PackSpelling,
    pub print_ir_before_all: bool,
    pub print_ir_after_all: bool,
    /// `--mlir-print-ir-before=<pass>` (repeatable, comma-separated).
    pub print_ir_before: Vec<String>,
    /// `--mlir-print-ir-after=<pass>`.
    pub print_ir_after: Vec<String>,
    /// `--mlir-print-ir-after-change`: only dump when the pass changed the IR.
    pub print_ir_after_change: bool,
    /// `--mlir-print-ir-after-failure`: only dump after a pass that failed.
    pub print_ir_after_failure: bool,
    /// `--mlir-print-ir-module-scope`: dumps show the whole module.
    pub print_ir_module_scope: bool,
    /// `--mlir-print-ir-tree-dir=DIR`: dumps go to files in a tree under
    /// DIR (one directory per op, one file per dump), as mlir-opt's.
    pub print_ir_tree_dir: Option<String>,
    /// `--mlir-print-ir-diff`: after each pass that changed the IR, a
    /// unified diff of it (tessel's own).
    pub print_ir_diff: bool,
    /// `--ir-report=FILE.html`: a page with every step of the run.
    pub ir_report: Option<String>,
    /// Printer flags: `--mlir-print-local-scope`,
    /// `--mlir-elide-elementsattrs-if-larger`, `--mlir-print-skip-regions`,
    /// `--mlir-print-unique-ssa-ids`, `--mlir-print-value-users`,
    /// `--mlir-pretty-debuginfo`.
    pub print_local_scope: bool,
    pub elide_elements_larger: Option<u64>,
    /// `--mlir-elide-resource-strings-if-larger`.
    pub elide_resources_larger: Option<u64>,
    pub print_skip_regions: bool,
    pub print_unique_ssa_ids: bool,
    pub print_value_users: bool,
    pub pretty_debuginfo: bool,
    /// `--mlir-use-nameloc-as-prefix`.
    pub nameloc_as_prefix: bool,
    /// `--mlir-print-op-on-diagnostic` (default true): verifier errors
    /// carry a note with the op in generic form.
    pub print_op_on_diagnostic: bool,
    pub verify_each: bool,
    /// `--verify-roundtrip`: print and parse back the parsed module
    /// (custom and generic form) before the passes.
    pub verify_roundtrip: bool,
    /// `--show-dialects`: list the dialects and stop.
    pub show_dialects: bool,
    /// `--dump-pass-pipeline`: print the pipeline to stderr before running it.
    pub dump_pass_pipeline: bool,
    /// `--mlir-pass-statistics`: each pass's counters after the run.
    pub pass_statistics: bool,
    /// `--mlir-pass-statistics-display=pipeline|list`.
    pub pass_statistics_list: bool,
    pub timing: bool,
    /// `--mlir-timing-display=tree|list`.
    pub timing_display: TimingDisplay,
    pub debug: bool,
    /// `--debug-only=transform,canonicalize,cse,tiling`: debug output of
    /// those components only (MLIR's `-debug-only`).
    pub debug_only: Option<Vec<String>>,
    pub help: bool,
    pub version: bool,
    pub list_ops: bool,
    /// `--run=FUNC` and its inputs, outputs, repeat count and checks.
    pub run: Option<String>,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub run_repeat: usize,
    pub run_check_uninit: bool,
    pub run_check_leaks: bool,
    /// `--run-memory-limit`: bytes of tensors the engine may hold at once
    /// (`None`: what the system reports as available).
    pub run_memory_limit: Option<u64>,
    /// `--run-max-steps`: ops one call may execute.
    pub run_max_steps: u64,
    /// `--run-engine=<interp|mlir>`: who executes `--run`.
    pub run_engine: RunEngine,
    /// `--mlir-verify`: MLIR's own verifier on the result (needs the
    /// `mlir` feature).
    pub mlir_verify: bool,
    /// `--mlir-pipeline=<pipeline>`: upstream passes run in-process after
    /// tessel's; MLIR's output is printed.
    pub mlir_pipeline: Option<String>,
    /// Helper threads allowed (`--mlir-disable-threading` is 1); `None`:
    /// when a second core is there.
    pub threads: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: "-".into(),
            output: None,
            split_input_file: false,
            verify_diagnostics: false,
            print_generic: false,
            print_debuginfo: false,
            allow_unregistered: false,
            no_implicit_module: false,
            stacktrace_on_diagnostic: false,
            pass_pipeline: None,
            pass_flags: Vec::new(),
            pack_spelling: PackSpelling::AsParsed,
            print_ir_before_all: false,
            print_ir_after_all: false,
            print_ir_before: Vec::new(),
            print_ir_after: Vec::new(),
            print_ir_after_change: false,
            print_ir_after_failure: false,
            print_ir_module_scope: false,
            print_ir_tree_dir: None,
            print_ir_diff: false,
            ir_report: None,
            print_local_scope: false,
            elide_elements_larger: None,
            elide_resources_larger: None,
            print_skip_regions: false,
            print_unique_ssa_ids: false,
            print_value_users: false,
            pretty_debuginfo: false,
            nameloc_as_prefix: false,
            print_op_on_diagnostic: true,
            verify_each: true,
            verify_roundtrip: false,
            show_dialects: false,
            dump_pass_pipeline: false,
            pass_statistics: false,
            pass_statistics_list: false,
            timing: false,
            timing_display: TimingDisplay::Tree,
            debug: false,
            debug_only: None,
            help: false,
            version: false,
            list_ops: false,
            run: None,
            inputs: Vec::new(),
            outputs: Vec::new(),
            run_repeat: 1,
            run_check_uninit: false,
            run_check_leaks: false,
            run_memory_limit: None,
            run_max_steps: tessel_interp::DEFAULT_MAX_STEPS,
            run_engine: RunEngine::Interp,
            threads: None,
            mlir_verify: false,
            mlir_pipeline: None,
        }
    }
}

impl Options {
    /// The MLIR flag given, if any (they need a build with the `mlir`
    /// feature).
    pub fn mlir_flag(&self) -> Option<&'static str> {
        if self.mlir_verify {
            Some("--mlir-verify")
        } else if self.mlir_pipeline.is_some() {
            Some("--mlir-pipeline")
        } else if self.run_engine == RunEngine::Mlir {
            Some("--run-engine=mlir")
        } else {
            None
        }
    }
}

/// The `--help` text.
pub fn help_text(passes: &[(&str, &str)]) -> String {
    let mut s = String::from(
        r#"OVERVIEW: tessel modular optimizer driver (mlir-opt compatible)

USAGE: tessel-opt [options] <input file>

The input is MLIR text (`-` or no file reads stdin). tensor.pack/unpack may be
spelled tensor.* or linalg.*; output keeps the input's spelling unless
--pack-spelling says otherwise.

OPTIONS:
  -o <file>                       Output file (default: stdout)
  --split-input-file              Split the input at '// -----' lines and process each chunk alone
  --verify-diagnostics            Check that emitted diagnostics match expected-* comments
  --mlir-print-op-generic         Print every op in generic form
  --mlir-print-debuginfo          Print locations
  --allow-unregistered-dialect    Accept ops of unknown dialects (generic form)
  --no-implicit-module            The input's one top-level op is the root, not wrapped in a module
                                  (passes run on it; 'builtin.module(...)' pipelines need a module)
  --mlir-print-stacktrace-on-diagnostic  Attach the stack that made each diagnostic as a note
  --pass-pipeline=<pipeline>      Textual pipeline, e.g. 'builtin.module(func.func(strip-debuginfo))'
  --<pass>[=<options>]            Append a registered pass (see below)
  --pack-spelling=<tensor|linalg> Print pack/unpack as tensor.* or linalg.* (linalg feeds mlir-opt 22)
  --mlir-print-ir-before-all      Print the IR before every pass
  --mlir-print-ir-after-all       Print the IR after every pass
  --mlir-print-ir-before=<passes> Print the IR before the named passes
  --mlir-print-ir-after=<passes>  Print the IR after the named passes
  --mlir-print-ir-after-change    With the after-printing flags: only when the pass changed the IR
  --mlir-print-ir-after-failure   Print the IR after a pass that failed (only then)
  --mlir-print-ir-module-scope    IR dumps show the whole module, not just the pass's op
  --mlir-print-ir-tree-dir=<dir>  Write IR dumps to files under <dir> (a directory per op)
  --mlir-print-ir-diff            After each pass that changed the IR, print a unified diff of it
  --ir-report=<file.html>         Write a self-contained page of the run: each pass, its time, the ops
                                  it added and removed, the IR after it, the diff, the remarks
                                  (with --mlir-print-ir-tree-dir: one .diff file per pass)
  --mlir-print-local-scope        Print attributes and locations in place, without aliases
  --mlir-elide-elementsattrs-if-larger=<n>  Print dense<...> of more than n elements as dense_resource<__elided__>
  --mlir-elide-resource-strings-if-larger=<n>  Leave resource entries printed longer than n chars
                                  out of the {-# ... #-} section
  --mlir-print-skip-regions       Print regions as {...}
  --mlir-print-unique-ssa-ids     Number values on through sibling regions
  --mlir-print-value-users        Comment each op and block argument with the users of its values
  --mlir-pretty-debuginfo         With --mlir-print-debuginfo: locations as file:line:col
  --mlir-use-nameloc-as-prefix    Name values after the names in their locations: loc("sum") -> %sum
  --mlir-print-op-on-diagnostic[=false]  Attach the op in generic form to verifier errors (default: true)
  --verify-each[=false]           Verify after each pass (default: true)
  --verify-roundtrip              Print and parse back the parsed module (custom and generic form)
                                  before the passes; an error if it comes back different
  --dump-pass-pipeline            Print the pipeline that will be run (to stderr)
  --mlir-pass-statistics          After the run, print each pass's counters (cse: ops merged and
                                  erased; canonicalize: patterns applied, ops erased, sweeps)
  --mlir-pass-statistics-display=<pipeline|list>  Counters nested like the pipeline (default) or
                                  summed per pass
  --show-dialects                 List the dialects tessel-opt knows and stop
  --mlir-timing                   Report the time of parsing, verification, each pass and printing
  --mlir-timing-display=<tree|list>  The report nested like the pipeline (default) or one line per
                                  timer name, the slowest first
  --debug                         Print pass remarks and trace spans (filter with TESSEL_LOG=...)
  --debug-only=<list>             Debug output of some components: transform (each transform op and its
                                  payload), canonicalize (each pattern applied, at which op), cse (each
                                  merge), tiling (each tiled op, its tile sizes and temporaries)
  --run=<func>                    Run <func> after the passes and print its results instead of the IR
  --input=<spec>                  One per argument of --run: a .npy file, iota, random:<seed> or a literal
  --output=<file.npy>             One per result: write it as .npy instead of printing it
  --run-repeat=<n>                Run n times (--mlir-timing reports the fastest as 'Execution')
  --run-check-uninit              Report reads of tensor.empty elements nobody wrote
  --run-check-leaks               Report buffers (memref.alloc, bufferization.clone) the call
                                  neither freed nor returned
  --run-memory-limit=<size>       Most bytes of tensors the engine holds at once, e.g. 256M, 4G
                                  (default: the memory the system reports as available)
  --run-max-steps=<n>             Most ops one call executes (default: 50000000)
  --run-engine=<interp|mlir>      Who runs --run: tessel's interpreter (default) or MLIR 22's
                                  lowering and ExecutionEngine (JIT; needs --features mlir)
  --mlir-verify                   After the passes, verify the result with MLIR's own verifier
  --mlir-pipeline=<pipeline>      After the passes, run upstream MLIR passes in-process and print
                                  MLIR's result, e.g. 'builtin.module(one-shot-bufferize)'
                                  (both need a build with --features mlir)
  --mlir-disable-threading        Use one thread (same output and diagnostics)
  --threads=<n>                   Threads to use: 1 is --mlir-disable-threading; tessel uses at most 2
  --list-ops                      List the registered ops
  --version                       Print the version
  --help                          Print this help

PASSES:
"#,
    );
    for (name, desc) in passes {
        s.push_str(&format!("  --{name:<30} {desc}\n"));
    }
    s
}

fn parse_bool(flag: &str, v: Option<&str>) -> Result<bool, String> {
    match v {
        None | Some("true") | Some("1") => Ok(true),
        Some("false") | Some("0") => Ok(false),
        Some(other) => Err(format!("'{other}' is invalid value for boolean argument! Try 0 or 1 (flag '{flag}')")),
    }
}

/// Parses arguments (without the program name). `is_pass` tells which
/// `--name` flags are pass names.
pub fn parse_args(args: &[String], is_pass: &dyn Fn(&str) -> bool) -> Result<Options, String> {
    let mut o = Options::default();
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "-" || !a.starts_with('-') {
            positional.push(a.clone());
            continue;
        }
        let stripped = a.trim_start_matches('-');
        let (name, value) = match stripped.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (stripped, None),
        };
        let mut take_value = |what: &str| -> Result<String, String> {
            if let Some(v) = value {
                return Ok(v.to_string());
            }
            if i < args.len() {
                i += 1;
                return Ok(args[i - 1].clone());
            }
            Err(format!("Not enough positional command line arguments specified! ({what} requires a value)"))
        };
        match name {
            "o" => o.output = Some(take_value("-o")?),
            "split-input-file" => o.split_input_file = parse_bool(name, value)?,
            "verify-diagnostics" => o.verify_diagnostics = parse_bool(name, value)?,
            "mlir-print-op-generic" => o.print_generic = parse_bool(name, value)?,
            "mlir-print-debuginfo" => o.print_debuginfo = parse_bool(name, value)?,
            "allow-unregistered-dialect" => o.allow_unregistered = parse_bool(name, value)?,
            "no-implicit-module" => o.no_implicit_module = parse_bool(name, value)?,
            "mlir-print-stacktrace-on-diagnostic" => o.stacktrace_on_diagnostic = parse_bool(name, value)?,
            "pass-pipeline" => o.pass_pipeline = Some(take_value("--pass-pipeline")?),
            "pack-spelling" => {
                o.pack_spelling = match take_value("--pack-spelling")?.as_str() {
                    "tensor" => PackSpelling::Tensor,
                    "linalg" => PackSpelling::Linalg,
                    "as-parsed" => PackSpelling::AsParsed,
                    v => {
                        return Err(format!(
                            "invalid value '{v}' for --pack-spelling (expected tensor, linalg or as-parsed)"
                        ))
                    }
                }
            }
            "mlir-print-ir-before-all" => o.print_ir_before_all = parse_bool(name, value)?,
            "mlir-print-ir-after-all" => o.print_ir_after_all = parse_bool(name, value)?,
            "mlir-print-ir-before" => {
                o.print_ir_before.extend(take_value("--mlir-print-ir-before")?.split(',').map(str::to_string))
            }
            "mlir-print-ir-after" => {
                o.print_ir_after.extend(take_value("--mlir-print-ir-after")?.split(',').map(str::to_string))
            }
            "mlir-print-ir-after-change" => o.print_ir_after_change = parse_bool(name, value)?,
            "mlir-print-ir-after-failure" => o.print_ir_after_failure = parse_bool(name, value)?,
            "mlir-print-ir-module-scope" => o.print_ir_module_scope = parse_bool(name, value)?,
            "mlir-print-ir-tree-dir" => o.print_ir_tree_dir = Some(take_value("--mlir-print-ir-tree-dir")?),
            "mlir-print-ir-diff" => o.print_ir_diff = parse_bool(name, value)?,
            "ir-report" => o.ir_report = Some(take_value("--ir-report")?),
            "mlir-print-local-scope" => o.print_local_scope = parse_bool(name, value)?,
            "mlir-elide-elementsattrs-if-larger" => {
                let v = take_value("--mlir-elide-elementsattrs-if-larger")?;
                o.elide_elements_larger = Some(v.parse().map_err(|_| {
                    format!("invalid value '{v}' for --mlir-elide-elementsattrs-if-larger (expected a number)")
                })?);
            }
            "mlir-elide-resource-strings-if-larger" => {
                let v = take_value("--mlir-elide-resource-strings-if-larger")?;
                o.elide_resources_larger = Some(v.parse().map_err(|_| {
                    format!("invalid value '{v}' for --mlir-elide-resource-strings-if-larger (expected a number)")
                })?);
            }
            "mlir-print-skip-regions" => o.print_skip_regions = parse_bool(name, value)?,
            "mlir-print-unique-ssa-ids" => o.print_unique_ssa_ids = parse_bool(name, value)?,
            "mlir-print-value-users" => o.print_value_users = parse_bool(name, value)?,
            "mlir-pretty-debuginfo" => o.pretty_debuginfo = parse_bool(name, value)?,
            "mlir-use-nameloc-as-prefix" => o.nameloc_as_prefix = parse_bool(name, value)?,
            "mlir-print-op-on-diagnostic" => o.print_op_on_diagnostic = parse_bool(name, value)?,
            "verify-each" => o.verify_each = parse_bool(name, value)?,
            "verify-roundtrip" => o.verify_roundtrip = parse_bool(name, value)?,
            "show-dialects" => o.show_dialects = parse_bool(name, value)?,
            "dump-pass-pipeline" => o.dump_pass_pipeline = parse_bool(name, value)?,
            "mlir-pass-statistics" => o.pass_statistics = parse_bool(name, value)?,
            "mlir-pass-statistics-display" => {
                o.pass_statistics_list = match take_value("--mlir-pass-statistics-display")?.as_str() {
                    "list" => true,
                    "pipeline" => false,
                    other => {
                        return Err(format!(
                            "Cannot find option named '{other}'! (--mlir-pass-statistics-display: list or pipeline)"
                        ))
                    }
                }
            }
            "mlir-timing" => o.timing = parse_bool(name, value)?,
            "mlir-timing-display" => {
                o.timing_display = match take_value("--mlir-timing-display")?.as_str() {
                    "tree" => TimingDisplay::Tree,
                    "list" => TimingDisplay::List,
                    other => {
                        return Err(format!(
                            "invalid value '{other}' for --mlir-timing-display (expected tree or list)"
                        ))
                    }
                }
            }
            "debug" => o.debug = parse_bool(name, value)?,
            "debug-only" => {
                let list: Vec<String> = take_value("--debug-only")?
                    .split(',')
                    .map(|t| t.trim().to_string())
                    .filter(|t| !t.is_empty())
                    .collect();
                const KNOWN: [&str; 4] = ["transform", "canonicalize", "cse", "tiling"];
                if let Some(bad) = list.iter().find(|t| !KNOWN.contains(&t.as_str())) {
                    return Err(format!("--debug-only: unknown component '{bad}' (known: {})", KNOWN.join(", ")));
                }
                o.debug_only = Some(list);
            }
            "list-ops" => o.list_ops = true,
            "run" => o.run = Some(take_value("--run")?),
            "input" => o.inputs.push(take_value("--input")?),
            "output" => o.outputs.push(take_value("--output")?),
            "run-repeat" => {
                let v = take_value("--run-repeat")?;
                o.run_repeat = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("invalid value '{v}' for --run-repeat (expected a positive integer)"))?;
            }
            "run-check-uninit" => o.run_check_uninit = parse_bool(name, value)?,
            "run-check-leaks" => o.run_check_leaks = parse_bool(name, value)?,
            "run-memory-limit" => {
                let v = take_value("--run-memory-limit")?;
                o.run_memory_limit = Some(tessel_interp::memory::parse_size(&v).ok_or_else(|| {
                    format!("invalid value '{v}' for --run-memory-limit (expected a size: bytes, or a number with K, M, G or T)")
                })?);
            }
            "run-max-steps" => {
                let v = take_value("--run-max-steps")?;
                o.run_max_steps =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                        format!("invalid value '{v}' for --run-max-steps (expected a positive integer)")
                    })?;
            }
            "run-engine" => {
                o.run_engine = match take_value("--run-engine")?.as_str() {
                    "interp" => RunEngine::Interp,
                    "mlir" => RunEngine::Mlir,
                    other => return Err(format!("invalid value '{other}' for --run-engine (expected interp or mlir)")),
                }
            }
            "mlir-verify" => o.mlir_verify = parse_bool(name, value)?,
            "mlir-pipeline" => o.mlir_pipeline = Some(take_value("--mlir-pipeline")?),
            "mlir-disable-threading" => {
                if parse_bool(name, value)? {
                    o.threads = Some(1);
                }
            }
            "threads" => {
                let v = take_value("--threads")?;
                o.threads = Some(
                    v.parse()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("invalid value '{v}' for --threads (expected a positive integer)"))?,
                );
            }
            "help" | "h" => o.help = true,
            "version" => o.version = true,
            _ if is_pass(name) => o.pass_flags.push((name.to_string(), value.map(str::to_string))),
            _ => return Err(format!("Unknown command line argument '{a}'.  Try: 'tessel-opt --help'")),
        }
    }
    if positional.len() > 1 {
        return Err(format!("Too many positional arguments specified! Can specify at most 1 positional arguments: See: tessel-opt --help (got {})", positional.join(" ")));
    }
    if let Some(p) = positional.pop() {
        o.input = p;
    }
    if o.run.is_none() && (!o.inputs.is_empty() || !o.outputs.is_empty()) {
        return Err("--input and --output need --run=<func>".into());
    }
    if o.run.is_none() && o.run_engine != RunEngine::Interp {
        return Err("--run-engine needs --run=<func>".into());
    }
    if o.run.is_some() && o.mlir_pipeline.is_some() {
        return Err("--mlir-pipeline prints MLIR's IR; it cannot be combined with --run".into());
    }
    if o.pass_pipeline.is_some() && !o.pass_flags.is_empty() {
        return Err("'--pass-pipeline' cannot be used with individual pass flags".into());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn single_and_double_dash_are_equal() {
        let o =
            parse_args(&args(&["-split-input-file", "--verify-diagnostics", "f.mlir", "-o", "x"]), &|_| false).unwrap();
        assert!(o.split_input_file && o.verify_diagnostics);
        assert_eq!(o.input, "f.mlir");
        assert_eq!(o.output.as_deref(), Some("x"));
    }

    #[test]
    fn bad_flags_are_rejected() {
        assert!(parse_args(&args(&["--bogus"]), &|_| false).unwrap_err().contains("Unknown command line argument"));
        assert!(parse_args(&args(&["--verify-each=maybe"]), &|_| false).is_err());
        assert!(parse_args(&args(&["a", "b"]), &|_| false).is_err());
        assert!(parse_args(&args(&["--pack-spelling=foo"]), &|_| false).is_err());
        assert_eq!(parse_args(&args(&["--mlir-disable-threading"]), &|_| false).unwrap().threads, Some(1));
        assert_eq!(parse_args(&args(&["--threads=4"]), &|_| false).unwrap().threads, Some(4));
        assert!(parse_args(&args(&["--threads=0"]), &|_| false).unwrap_err().contains("positive integer"));
        let o = parse_args(&args(&["--mlir-verify", "--mlir-pipeline", "builtin.module(cse)"]), &|_| false).unwrap();
        assert_eq!((o.mlir_flag(), o.mlir_pipeline.as_deref()), (Some("--mlir-verify"), Some("builtin.module(cse)")));
        let elide = parse_args(&args(&["--mlir-elide-elementsattrs-if-larger=many"]), &|_| false).unwrap_err();
        assert!(elide.contains("expected a number"), "{elide}");
        let o =
            parse_args(&args(&["--mlir-print-op-on-diagnostic=false", "--mlir-print-ir-tree-dir", "d"]), &|_| false)
                .unwrap();
        assert!(!o.print_op_on_diagnostic && o.print_ir_tree_dir.as_deref() == Some("d"));
        let both = parse_args(&args(&["--run=f", "--mlir-pipeline=cse"]), &|_| false).unwrap_err();
        assert!(both.contains("cannot be combined with --run"), "{both}");
    }

    #[test]
    fn pass_flags_are_collected() {
        let o = parse_args(&args(&["--strip-debuginfo"]), &|n| n == "strip-debuginfo").unwrap();
        assert_eq!(o.pass_flags, vec![("strip-debuginfo".to_string(), None)]);
    }
}
