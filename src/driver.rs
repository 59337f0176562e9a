//! The tessel-opt driver: read, split, parse, verify, run passes, print.
//!
//! Around it: [`crate::output`] (chunks, `-o`), [`crate::pass_hooks`]
//! (dumps, diffs and report steps around each pass), [`crate::diagnostics`]
//! (collected diagnostics, `--verify-diagnostics`), [`crate::run`]
//! (`--run`), [`crate::timing`] (`--mlir-timing`).

use std::time::Instant;
use tessel_ir::diag::{write_info, write_stderr};
use tessel_ir::parser::{parse_module, parse_module_releasing, BufferStart, ParsedModule};
use tessel_ir::printer::{print_op_top, print_op_top_parts, print_op_top_to, PrintOptions, PrintedText};
use tessel_ir::verifier::{verify, VerifyOptions};
use tessel_ir::{Context, Diagnostic, OpId};
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, PassRegistry};

pub use crate::diagnostics::DiagKey;
use crate::diagnostics::{check_expectations, collect_diag_full, CollectedDiag};
pub use crate::output::{split_input, Chunk, OutputTarget, SPLIT_MARKER};
use crate::pass_hooks::DriverHooks;

use crate::cli::{help_text, parse_args, Options};
use crate::input::Input;
use crate::run::{self, RunFailure, RunOptions};
use crate::timing::Timing;

/// What processing produced: text for stdout/-o and text for stderr.
#[derive(Default, Debug)]
pub struct Outcome {
    /// The output, in pieces (written in turn; large outputs are not copied).
    pub output: PrintedText,
    pub errors: String,
    pub success: bool,
}

/// Runs tessel-opt on `text` (named `file` in locations) with `opts`.
pub fn process_buffer(text: &str, file: &str, opts: &Options, registry: &PassRegistry) -> Outcome {
    process_text(text, None, None, file, opts, registry)
}

/// Runs tessel-opt on `input`. Without `--split-input-file`, the input's
/// pages are given back before printing, and the output is written to
/// `target` as it is printed (then the outcome's own output is empty, and
/// the diagnostics and dumps so far were printed to stderr before it).
pub fn process_input(
    input: &Input,
    file: &str,
    opts: &Options,
    registry: &PassRegistry,
    target: &mut OutputTarget,
) -> Outcome {
    process_text(input.text(), Some(input), Some(target), file, opts, registry)
}

fn process_text(
    text: &str,
    input: Option<&Input>,
    mut target: Option<&mut OutputTarget>,
    file: &str,
    opts: &Options,
    registry: &PassRegistry,
) -> Outcome {
    let chunks = if opts.split_input_file {
        target = None;
        split_input(text)
    } else {
        vec![Chunk { text, start: BufferStart::default(), input }]
    };
    let mut out = Outcome { success: true, ..Default::default() };
    // Chunk outputs are appended in place (no second copy of a large output).
    let mut first_chunk = true;
    let mut missing = String::new();
    let pipeline = pipeline_text(opts).and_then(|t| parse_pipeline(&t, registry).ok()).unwrap_or_default();
    let mut timing = Timing::new(opts.timing_display, &pipeline);
    let mut report = opts.ir_report.as_ref().map(|_| crate::ir_report::Report::default());
    for chunk in &chunks {
        let mut diags = Vec::new();
        let printed = process_chunk(
            chunk,
            file,
            opts,
            registry,
            &mut diags,
            &mut out.errors,
            &mut timing,
            target.as_deref_mut(),
            report.as_mut(),
        );
        let chunk_ok = printed.is_some();
        if !first_chunk {
            out.output.push("// -----\n".to_string());
        }
        first_chunk = false;
        if let Some((head, body)) = printed {
            out.output.push(head);
            if !body.is_empty() {
                out.output.append(body);
                // mlir-opt ends the output with an empty line, except in
                // local scope (where no alias section follows the op).
                if !opts.print_local_scope {
                    out.output.push("\n".to_string());
                }
            }
        }
        if opts.verify_diagnostics {
            let (unexpected, not_produced) = check_expectations(chunk, file, text, &diags);
            if !unexpected.is_empty() || !not_produced.is_empty() {
                out.errors.push_str(&unexpected);
                missing.push_str(&not_produced);
                out.success = false;
            }
        } else {
            for (_, rendered) in &diags {
                out.errors.push_str(rendered);
            }
            out.success &= chunk_ok;
        }
    }
    // Like mlir-opt, unexpected diagnostics come as they happen and missing
    // expectations after the whole buffer.
    out.errors.push_str(&missing);
    if let (Some(path), Some(report)) = (&opts.ir_report, &report) {
        if let Err(e) = std::fs::write(path, report.html(file)) {
            out.errors.push_str(&format!("tessel-opt: --ir-report: cannot write '{path}': {e}\n"));
            out.success = false;
        }
    }
    if opts.timing {
        out.errors.push_str(&timing.report());
    }

    out
}

/// The op the passes run on and the output prints: the parsed module, or
/// with `--no-implicit-module` the text's one top-level op (mlir-opt's
/// error when there is not exactly one).
fn root_of(ctx: &mut Context, parsed: ParsedModule, no_implicit_module: bool) -> Result<OpId, Diagnostic> {
    if !no_implicit_module || !parsed.implicit {
        return Ok(parsed.module);
    }
    let block = ctx.blocks(ctx.regions(parsed.module)[0])[0];
    let ops = ctx.block_op_list(block);
    if let [only] = ops[..] {
        ctx.unlink_op(only);
        ctx.erase_op(parsed.module);
        return Ok(only);
    }
    // The implicit module's location: the buffer's start, as mlir-opt's.
    let at = ctx.op_loc(parsed.module);
    Err(Diagnostic::error(at, format!("source must contain a single top-level operation, found: {}", ops.len())))
}

/// Parses, verifies, transforms and prints one chunk: its alias definitions
/// and its module text; `None` on failure (with diagnostics pushed to `diags`).
/// With a `target`, the module text is written there instead, and what
/// `dumps` holds is printed to stderr first (it comes before the output).
#[allow(clippy::too_many_arguments)]
fn process_chunk(
    chunk: &Chunk<'_>,
    file: &str,
    opts: &Options,
    registry: &PassRegistry,
    diags: &mut Vec<CollectedDiag>,
    dumps: &mut String,
    timing: &mut Timing,
    target: Option<&mut OutputTarget>,
    mut report: Option<&mut crate::ir_report::Report>,
) -> Option<(String, PrintedText)> {
    let mut ctx = Context::new();
    ctx.allow_unregistered = opts.allow_unregistered;
    let start = Instant::now();
    let parsed = match chunk.input {
        Some(input) => {
            parse_module_releasing(&mut ctx, chunk.text, file, chunk.start, &|end| input.release_prefix(end))
        }
        None => parse_module(&mut ctx, chunk.text, file, chunk.start),
    };
    timing.add("Parser", start.elapsed());
    let module = match parsed.and_then(|m| root_of(&mut ctx, m, opts.no_implicit_module)) {
        Ok(m) => m,
        Err(d) => {
            collect_diag_full(&ctx, &d, file, chunk, diags);
            return None;
        }
    };
    let vopts = VerifyOptions {
        print_op_on_diagnostic: opts.print_op_on_diagnostic && !opts.verify_diagnostics,
        parallel: true,
    };
    let start = Instant::now();
    let verified = verify(&ctx, module, vopts);
    timing.add("Verifier", start.elapsed());
    if let Err(ds) = verified {
        for d in ds {
            collect_diag_full(&ctx, &d, file, chunk, diags);
        }
        return None;
    }
    if opts.verify_roundtrip {
        if let Err(d) = crate::roundtrip::verify_roundtrip(&ctx, module) {
            collect_diag_full(&ctx, &d, file, chunk, diags);
            return None;
        }
    }
    let print_opts = print_options(opts);
    if let Some(r) = report.as_deref_mut() {
        r.begin_chunk(&ctx, module, print_op_top(&ctx, module, print_opts));
    }
    let mut verify_while_printing = false;
    let text = pipeline_text(opts);
    if text.is_none() && opts.dump_pass_pipeline {
        dumps.push_str(&tessel_passes::pipeline_dump(&[]));
    }
    if text.is_none() && opts.pass_statistics {
        dumps.push_str(&tessel_passes::statistics_report(&[], opts.pass_statistics_list));
    }
    if let Some(text) = text {
        // Validated in `main_with_args`; each chunk gets fresh pass objects.
        let Ok(mut pipeline) = parse_pipeline(&text, registry) else { return None };
        if opts.dump_pass_pipeline {
            dumps.push_str(&tessel_passes::pipeline_dump(&pipeline));
        }
        // MLIR gets the IR only after tessel's own verifier passed it.
        verify_while_printing = opts.verify_each && opts.run.is_none() && opts.mlir_flag().is_none();
        let inst = Instrumentation { verify_each: opts.verify_each, defer_final_verify: verify_while_printing };
        let mut hooks = DriverHooks::new(opts, print_opts, dumps, timing, report);
        let ran = run_pipeline(&mut ctx, module, &mut pipeline, &inst, &mut hooks);
        let tree_error = hooks.take_tree_error();
        if opts.pass_statistics {
            dumps.push_str(&tessel_passes::statistics_report(&pipeline, opts.pass_statistics_list));
        }
        if let Some(e) = tree_error {
            // A file-system error, not one in the IR: no source location.
            dumps.push_str(&format!("tessel-opt: --mlir-print-ir-tree-dir: {e}\n"));
            return None;
        }
        if let Err(ds) = ran {
            for d in ds {
                collect_diag_full(&ctx, &d, file, chunk, diags);
            }
            return None;
        }
    }
    #[cfg(feature = "mlir")]
    if opts.mlir_verify || opts.mlir_pipeline.is_some() {
        match crate::with_mlir::after_pipeline(&mut ctx, module, opts) {
            Ok(Some(mlir_text)) => return Some((mlir_text, PrintedText::default())),
            Ok(None) => {}
            Err(ds) => {
                for d in ds {
                    collect_diag_full(&ctx, &d, file, chunk, diags);
                }
                return None;
            }
        }
    }
    if let Some(func) = &opts.run {
        return run_chunk(&mut ctx, module, func, opts, file, chunk, diags, dumps, timing);
    }
    if let Some(input) = chunk.input {
        input.release();
    }
    let start = Instant::now();
    if let Some(target) = target.filter(|_| !verify_while_printing) {
        write_stderr(dumps);
        dumps.clear();
        let written = target.write_with(|w| {
            print_op_top_to(&ctx, module, print_opts, w)?;
            // mlir-opt ends the output with an empty line, except in local scope.
            if opts.print_local_scope {
                Ok(())
            } else {
                w.write_all(b"\n")
            }
        });
        timing.add("Output", start.elapsed());
        if let Err(e) = written {
            dumps.push_str(&format!("tessel-opt: {e}\n"));
            return None;
        }
        return Some((String::new(), PrintedText::default()));
    }
    let (text, verified) = if verify_while_printing {
        // The verification after the last pass, then the text. (Run side
        // by side on two threads they cost 15-30% more CPU time than in
        // turn, and on a 2-core host no less wall time: the printer's own
        // helper threads and the verifier compete for the cores and the
        // memory bus; benches/propagation_compare.py, 10k chains.)
        let verified = verify(&ctx, module, VerifyOptions::default());
        let text = if verified.is_ok() { print_op_top_parts(&ctx, module, print_opts) } else { Default::default() };
        (text, verified)
    } else {
        (print_op_top_parts(&ctx, module, print_opts), Ok(()))
    };
    timing.add("Output", start.elapsed());
    if let Err(ds) = verified {
        for d in ds {
            collect_diag_full(&ctx, &d, file, chunk, diags);
        }
        return None;
    }
    Some(text)
}

/// The printer's options from the command line.
pub fn print_options(opts: &Options) -> PrintOptions {
    PrintOptions {
        generic: opts.print_generic,
        debug_info: opts.print_debuginfo,
        pack_spelling: opts.pack_spelling,
        local_scope: opts.print_local_scope,
        elide_elements_larger: opts.elide_elements_larger,
        elide_resources_larger: opts.elide_resources_larger,
        skip_regions: opts.print_skip_regions,
        unique_ssa_ids: opts.print_unique_ssa_ids,
        value_users: opts.print_value_users,
        pretty_debug_info: opts.pretty_debuginfo,
        nameloc_as_prefix: opts.nameloc_as_prefix,
        ir_dump: false,
    }
}

/// `--run`: runs `func` and returns its printed results (in place of the IR).
#[allow(clippy::too_many_arguments)]
fn run_chunk(
    ctx: &mut Context,
    module: OpId,
    func: &str,
    opts: &Options,
    file: &str,
    chunk: &Chunk<'_>,
    diags: &mut Vec<CollectedDiag>,
    errors: &mut String,
    timing: &mut Timing,
) -> Option<(String, PrintedText)> {
    let run_opts = RunOptions {
        func: func.to_string(),
        inputs: opts.inputs.clone(),
        outputs: opts.outputs.clone(),
        repeat: opts.run_repeat,
        check_uninit: opts.run_check_uninit,
        check_leaks: opts.run_check_leaks,
        memory_limit: opts.run_memory_limit,
        max_steps: opts.run_max_steps,
        engine: opts.run_engine,
        allow_unregistered: opts.allow_unregistered,
    };
    match run::run(ctx, module, &run_opts) {
        Ok(report) => {
            if let Some(compile) = report.compile {
                timing.add("MLIR lowering and JIT", compile);
            }
            timing.add("Execution", report.fastest);
            Some((report.printed, PrintedText::default()))
        }
        Err(RunFailure::Usage(message)) => {
            errors.push_str(&format!("tessel-opt: error: {message}\n"));
            None
        }
        Err(RunFailure::Fault(e)) => {
            let loc = e.loc.unwrap_or_else(|| ctx.op_loc(module));
            collect_diag_full(ctx, &Diagnostic::error(loc, e.message), file, chunk, diags);
            None
        }
        Err(RunFailure::Diagnostics(ds)) => {
            for d in ds {
                collect_diag_full(ctx, &d, file, chunk, diags);
            }
            None
        }
    }
}

/// The pipeline the options ask for: `--pass-pipeline` or the pass flags.
fn pipeline_text(opts: &Options) -> Option<String> {
    match (&opts.pass_pipeline, opts.pass_flags.is_empty()) {
        (Some(p), _) => Some(p.clone()),
        (None, false) => Some(
            opts.pass_flags
                .iter()
                .map(|(n, v)| match v {
                    Some(v) => format!("{n}{{{v}}}"),
                    None => n.clone(),
                })
                .collect::<Vec<_>>()
                .join(","),
        ),
        (None, true) => None,
    }
}

/// The whole program: returns the process exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    let registry = PassRegistry::default();
    let is_pass = |n: &str| registry.get(n).is_some();
    let opts = match parse_args(args, &is_pass) {
        Ok(o) => o,
        Err(e) => {
            write_stderr(&format!("tessel-opt: {e}\n"));
            return 1;
        }
    };
    tessel_ir::diag::set_stacktrace_on_diagnostic(opts.stacktrace_on_diagnostic);
    if let Some(n) = opts.threads {
        let mode = if n == 1 { tessel_ir::parallel::Mode::Off } else { tessel_ir::parallel::Mode::Auto };
        tessel_ir::parallel::set_mode(mode);
    }
    if opts.help {
        let passes: Vec<(&str, &str)> = registry.all().iter().map(|p| (p.name, p.description)).collect();
        return write_info("tessel-opt", &help_text(&passes));
    }
    let debug = opts.debug || opts.debug_only.is_some() || std::env::var_os("TESSEL_LOG").is_some();
    if debug || opts.ir_report.is_some() {
        use tracing_subscriber::prelude::*;
        // Spans per pass and per tiled op; TESSEL_LOG takes RUST_LOG-style
        // filters; --debug-only keeps the events of the named components
        // (their tracing targets).
        let filter = match &opts.debug_only {
            Some(list) => tracing_subscriber::EnvFilter::new(
                list.iter().map(|t| format!("{t}=debug")).collect::<Vec<_>>().join(","),
            ),
            None => tracing_subscriber::EnvFilter::try_from_env("TESSEL_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("debug")),
        };
        let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let to_stderr = debug.then(|| {
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(ansi)
                .without_time()
                .with_filter(filter)
        });
        // --ir-report: the components' debug messages go to the page, with
        // the step they belong to.
        let to_report = opts.ir_report.is_some().then(|| {
            tracing_subscriber::fmt::layer()
                .with_writer(|| crate::ir_report::DebugLog)
                .with_ansi(false)
                .without_time()
                .with_filter(tracing_subscriber::EnvFilter::new(crate::ir_report::REPORTED_TARGETS))
        });
        let _ = tracing_subscriber::registry().with(to_stderr).with(to_report).try_init();
    }
    if opts.version {
        let linked = if tessel_mlir::LINKS_MLIR { "MLIR 22 linked in-process" } else { "built without MLIR" };
        return write_info(
            "tessel-opt",
            &format!("tessel-opt {} (MLIR 22 textual format; {linked})\n", env!("CARGO_PKG_VERSION")),
        );
    }
    if let Some(flag) = opts.mlir_flag() {
        if !tessel_mlir::LINKS_MLIR {
            write_stderr(&format!(
                "tessel-opt: {flag} needs real MLIR in the process: rebuild with `cargo build --features mlir` \
                 (LLVM/MLIR 22 installed; see docs/mlir.md)\n"
            ));
            return 1;
        }
    }
    #[cfg(feature = "mlir")]
    if let Some(p) = &opts.mlir_pipeline {
        if let Err(e) = crate::with_mlir::check_pipeline(p) {
            write_stderr(&format!("tessel-opt: {e}\n"));
            return 1;
        }
    }
    if opts.show_dialects {
        let mut names: Vec<&str> = tessel_ir::dialects::ALL.iter().map(|d| d.name).collect();
        names.sort_unstable();
        return write_info("tessel-opt", &format!("Available Dialects: {}\n", names.join(",")));
    }
    if opts.list_ops {
        let names: String = Context::new().registered_ops().iter().map(|n| format!("{n}\n")).collect();
        return write_info("tessel-opt", &names);
    }
    if let Some(p) = pipeline_text(&opts) {
        if let Err(e) = parse_pipeline(&p, &registry) {
            write_stderr(&format!("tessel-opt: invalid pass pipeline: {e}\n"));
            return 1;
        }
    }
    let (input, file) = match Input::read(&opts.input) {
        Ok(t) => t,
        Err(e) => {
            write_stderr(&format!("tessel-opt: {e}\n"));
            return 1;
        }
    };
    input.choose_page_size();
    let mut target = OutputTarget::new(opts.output.as_deref());
    let outcome = process_input(&input, &file, &opts, &registry, &mut target);
    write_stderr(&outcome.errors);
    if let Err(e) = target.write_all(&outcome.output) {
        write_stderr(&format!("tessel-opt: {e}\n"));
        return 1;
    }
    if outcome.success {
        0
    } else {
        1
    }
}
