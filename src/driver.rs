//! The tessel-opt driver: read, split, parse, verify, run passes, print, and
//! the `--verify-diagnostics` bookkeeping.

use std::collections::HashMap;
use std::io::Write;

use std::time::{Duration, Instant};
use tessel_ir::diag::{file_line_col, render, write_info, write_stderr};
use tessel_ir::parser::{parse_module, parse_module_releasing, BufferStart};
use tessel_ir::printer::{print_op_top, print_op_top_parts, print_op_top_to, PrintOptions, PrintedText};
use tessel_ir::verifier::{verify, VerifyOptions};
use tessel_ir::{Context, Diagnostic, Severity};

use tessel_ir::OpId;
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, PassHooks, PassName, PassRegistry};

use crate::cli::{help_text, parse_args, Options};
use crate::expected::{collect, Expectation};
use crate::input::Input;
use crate::run::{self, RunFailure, RunOptions};
use crate::timing::Timing;

/// One `// -----` chunk of the input.
pub struct Chunk<'a> {
    pub text: &'a str,
    /// Where the chunk starts in the whole buffer.
    pub start: BufferStart,
    /// The input this chunk is the whole of: the parser gives back the
    /// pages it has read ([`Input::release_prefix`]), and the rest go once
    /// the chunk is parsed, verified and transformed, before the printer
    /// runs ([`Input::release`]).
    pub input: Option<&'a Input>,
}

/// Where the output goes: `-o FILE` or stdout, opened at the first write.
/// The printer writes a whole-input chunk here as it prints it
/// ([`print_op_top_to`]), instead of building the text first.
pub struct OutputTarget {
    path: Option<String>,
    writer: Option<Box<dyn Write + Send>>,
    /// A write failed and was reported: later writes are dropped silently
    /// (the error is said once).
    failed: bool,
}

impl OutputTarget {
    /// The target of `-o` (`None` or `-`: stdout).
    pub fn new(path: Option<&str>) -> Self {
        OutputTarget { path: path.filter(|p| *p != "-").map(str::to_string), writer: None, failed: false }
    }

    /// The writer, opening the file at the first call. Errors are the
    /// messages tessel-opt prints.
    pub fn writer(&mut self) -> Result<&mut (dyn Write + Send), String> {
        if self.writer.is_none() {
            // Buffered: the output comes in pieces, and stdout alone would
            // write at every newline.
            let w: Box<dyn Write + Send> = match &self.path {
                Some(path) => Box::new(std::io::BufWriter::with_capacity(
                    1 << 16,
                    std::fs::File::create(path).map_err(|e| format!("cannot write '{path}': {e}"))?,
                )),
                None => Box::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout())),
            };
            self.writer = Some(w);
        }
        Ok(self.writer.as_deref_mut().expect("opened above"))
    }

    /// Runs `write` on the writer and flushes it. After a failure (which
    /// the caller reports) later writes do nothing.
    pub fn write_with(
        &mut self,
        write: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<()>,
    ) -> Result<(), String> {
        if self.failed {
            return Ok(());
        }
        let written = match self.writer() {
            Ok(w) => write(&mut *w).and_then(|()| w.flush()).map_err(|e| match &self.path {
                Some(path) => format!("cannot write '{path}': {e}"),
                None => format!("cannot write output: {e}"),
            }),
            Err(e) => Err(e),
        };
        self.failed = written.is_err();
        written
    }

    /// Writes `text` and flushes.
    pub fn write_all(&mut self, text: &PrintedText) -> Result<(), String> {
        self.write_with(|w| text.write_to(w))
    }
}

/// The split marker. Like mlir-opt, it splits wherever it occurs, even
/// inside a longer comment line; a chunk starts right after it.
pub const SPLIT_MARKER: &str = "// -----";

/// Splits the input at every [`SPLIT_MARKER`].
pub fn split_input(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut begin = BufferStart::default();
    for (pos, _) in text.match_indices(SPLIT_MARKER) {
        chunks.push(Chunk { text: &text[start..pos], start: begin, input: None });
        start = pos + SPLIT_MARKER.len();
        let line = text[..start].matches('\n').count() as u32;
        let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        begin = BufferStart { line, col: text[line_start..start].chars().count() as u32 };
    }
    chunks.push(Chunk { text: &text[start..], start: begin, input: None });
    chunks
}

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

/// A diagnostic reduced to what expectation matching needs, and its
/// rendered text for plain reporting.
type CollectedDiag = (DiagKey, String);

/// Severity, position and message of one diagnostic (notes separately).
#[derive(Clone, Debug)]
pub struct DiagKey {
    pub severity: Severity,
    pub file: Option<String>,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

fn collect_diag(ctx: &Context, d: &Diagnostic, file: &str, text: &str, sink: &mut Vec<CollectedDiag>) {
    let pos = file_line_col(ctx, d.loc);
    let key = |sev: Severity, msg: &str, p: &Option<(String, u32, u32)>| DiagKey {
        severity: sev,
        file: p.as_ref().map(|x| x.0.clone()),
        line: p.as_ref().map(|x| x.1).unwrap_or(0),
        col: p.as_ref().map(|x| x.2).unwrap_or(0),
        message: msg.to_string(),
    };
    let rendered = render(ctx, d, Some((file, text)));
    sink.push((key(d.severity, &d.message, &pos), rendered));
    for n in &d.notes {
        let np = file_line_col(ctx, n.loc);
        sink.push((key(n.severity, &n.message, &np), String::new()));
    }
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
    let module = match parsed {
        Ok(m) => m.module,
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
    let print_opts = print_options(opts);
    if let Some(r) = report.as_deref_mut() {
        r.begin_chunk(&ctx, module, print_op_top(&ctx, module, print_opts));
    }
    let mut verify_while_printing = false;
    if let Some(text) = pipeline_text(opts) {
        // Validated in `main_with_args`; each chunk gets fresh pass objects.
        let Ok(mut pipeline) = parse_pipeline(&text, registry) else { return None };
        // MLIR gets the IR only after tessel's own verifier passed it.
        verify_while_printing = opts.verify_each && opts.run.is_none() && opts.mlir_flag().is_none();
        let inst = Instrumentation { verify_each: opts.verify_each, defer_final_verify: verify_while_printing };
        let mut hooks = DriverHooks {
            opts,
            print_opts,
            dumps,
            timing,
            before: None,
            before_text: None,
            tree_counts: HashMap::new(),
            tree_error: None,
            report,
            pending_remarks: Vec::new(),
        };
        let ran = run_pipeline(&mut ctx, module, &mut pipeline, &inst, &mut hooks);
        if let Some(e) = hooks.tree_error.take() {
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
        skip_regions: opts.print_skip_regions,
        unique_ssa_ids: opts.print_unique_ssa_ids,
        value_users: opts.print_value_users,
        pretty_debug_info: opts.pretty_debuginfo,
        nameloc_as_prefix: opts.nameloc_as_prefix,
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

/// IR dumps and timing around passes.
struct DriverHooks<'a> {
    opts: &'a Options,
    print_opts: PrintOptions,
    dumps: &'a mut String,
    timing: &'a mut Timing,
    /// The IR before the running pass, for --mlir-print-ir-after-change.
    before: Option<String>,
    /// The printed IR before the running pass, for --mlir-print-ir-diff.
    before_text: Option<String>,
    /// --mlir-print-ir-tree-dir: files written per op so far (mlir-opt's
    /// counters: an op's count, then its ancestors', name the file).
    tree_counts: HashMap<OpId, i64>,
    /// The first error writing a tree file (reported once, at the end).
    tree_error: Option<String>,
    /// --ir-report: the steps so far, and the remarks of the running pass.
    report: Option<&'a mut crate::ir_report::Report>,
    pending_remarks: Vec<String>,
}

impl PassHooks for DriverHooks<'_> {
    fn remark(&mut self, ctx: &Context, remark: Diagnostic) {
        if self.report.is_some() {
            self.pending_remarks.push(tessel_ir::diag::render(ctx, &remark, None).trim_end().to_string());
        }
        if self.opts.debug {
            self.dumps.push_str(&tessel_ir::diag::render(ctx, &remark, None));
        }
    }

    fn before_pass(&mut self, ctx: &Context, pass: PassName, op: OpId) {
        if self.opts.print_ir_before_all || self.opts.print_ir_before.iter().any(|p| p == pass.name) {
            self.dump(ctx, "Before", pass, op);
        }
        if self.opts.print_ir_after_change && self.wants_after(pass.name) {
            self.before = Some(self.fingerprint(ctx, op));
        }
        if self.opts.print_ir_diff {
            self.before_text = Some(print_op_top(ctx, self.scope(ctx, op), self.print_opts));
        }
    }

    fn verified(&mut self, elapsed: Duration) {
        self.timing.add("Verifier", elapsed);
    }

    fn after_pass(&mut self, ctx: &Context, pass: PassName, op: OpId, elapsed: Duration) {
        self.timing.add_pass(pass.slot, elapsed);
        self.report_step(ctx, pass, op, Some(elapsed), "");
        if let Some(before) = self.before_text.take() {
            let after = print_op_top(ctx, self.scope(ctx, op), self.print_opts);
            if before != after {
                let diff = unified_diff(&before, &after);
                self.emit(ctx, op, pass.name, "diff", &self.header(ctx, "Diff After", pass, op), &diff);
            }
        }
        if self.wants_after(pass.name) && !self.opts.print_ir_after_failure {
            if let Some(before) = self.before.take() {
                if before == self.fingerprint(ctx, op) {
                    return;
                }
            }
            self.dump(ctx, "After", pass, op);
        }
    }

    fn pass_failed(&mut self, ctx: &Context, pass: PassName, op: OpId, error: &Diagnostic) {
        // The page shows why, as the terminal does.
        if self.report.is_some() {
            let text = tessel_ir::diag::render(ctx, error, None).trim_end().to_string();
            self.pending_remarks.push(text);
        }
        self.report_step(ctx, pass, op, None, " (failed)");
        if self.wants_after(pass.name) || self.opts.print_ir_after_failure {
            self.dump(ctx, "After Failed", pass, op);
        }
    }
}

impl DriverHooks<'_> {
    /// --ir-report: the step `pass` just made, with the whole chunk's IR.
    fn report_step(&mut self, ctx: &Context, pass: PassName, op: OpId, elapsed: Option<Duration>, suffix: &str) {
        let Some(report) = self.report.as_deref_mut() else { return };
        let (mut top, mut depth) = (op, 0);
        while let Some(p) = ctx.parent_op(top) {
            top = p;
            depth += 1;
        }
        let mut scope = ctx.op_name(op).to_string();
        if let Some(name) = symbol_name(ctx, op) {
            scope.push_str(&format!(" @{name}"));
        }
        report.push(crate::ir_report::Step {
            title: format!("{}{suffix} ({})", pass.class, pass.name),
            scope,
            depth,
            elapsed,
            ir: print_op_top(ctx, top, self.print_opts),
            counts: crate::ir_report::op_counts(ctx, top),
            remarks: std::mem::take(&mut self.pending_remarks),
            debug: crate::ir_report::take_debug_lines(),
        });
    }

    fn wants_after(&self, pass: &str) -> bool {
        self.opts.print_ir_after_all || self.opts.print_ir_after.iter().any(|p| p == pass)
    }

    /// What --mlir-print-ir-after-change compares: the generic form with
    /// locations, so a change of locations or of elided attributes counts
    /// (mlir-opt compares a fingerprint of the ops).
    fn fingerprint(&self, ctx: &Context, op: OpId) -> String {
        let opts = PrintOptions { generic: true, debug_info: true, ..self.print_opts };
        print_op_top(ctx, op, opts)
    }

    /// The op a dump shows: the pass's op, or with
    /// --mlir-print-ir-module-scope the top-level op above it.
    fn scope(&self, ctx: &Context, mut op: OpId) -> OpId {
        if self.opts.print_ir_module_scope {
            while let Some(p) = ctx.parent_op(op) {
                op = p;
            }
        }
        op
    }

    /// `// -----// IR Dump After Canonicalizer (canonicalize) //----- //`;
    /// `what` is "Before", "After", "After Failed" or "Diff After". With
    /// --mlir-print-ir-module-scope the pass's op is named too, as
    /// mlir-opt does: `('func.func' operation: @f)`.
    fn header(&self, ctx: &Context, what: &str, pass: PassName, op: OpId) -> String {
        let (kind, failed) = match what.strip_suffix(" Failed") {
            Some(k) => (k, " Failed"),
            None => (what, ""),
        };
        let (dump, kind) = match kind.strip_prefix("Diff ") {
            Some(k) => ("Diff", k),
            None => ("Dump", kind),
        };
        let mut h = format!("// -----// IR {dump} {kind} {}{failed} ({})", pass.class, pass.name);
        if self.opts.print_ir_module_scope {
            h.push_str(&format!(" ('{}' operation", ctx.op_name(op)));
            if let Some(name) = symbol_name(ctx, op) {
                h.push_str(&format!(": @{name}"));
            }
            h.push(')');
        }
        h.push_str(" //----- //");
        h
    }

    fn dump(&mut self, ctx: &Context, what: &str, pass: PassName, op: OpId) {
        let shown = self.scope(ctx, op);
        // Like mlir-opt, an op inside a block prints in local scope (no
        // aliases: they would be defined outside the dump).
        let opts = PrintOptions {
            local_scope: self.print_opts.local_scope || ctx.parent_op(shown).is_some(),
            ..self.print_opts
        };
        let mut text = print_op_top(ctx, shown, opts).trim_end_matches('\n').to_string();
        // mlir-opt prints the op and two newlines; a module prints a newline
        // of its own after its closing brace.
        text.push_str("\n\n");
        if tessel_ir::dialects::func::ModuleOp::isa(ctx, shown) {
            text.push('\n');
        }
        let header = self.header(ctx, what, pass, op);
        self.emit(ctx, op, pass.name, "mlir", &header, &text);
    }

    /// Writes `header` and `text` to the dumps, or with
    /// --mlir-print-ir-tree-dir to the next file of `op`'s directory.
    fn emit(&mut self, ctx: &Context, op: OpId, pass: &str, ext: &str, header: &str, text: &str) {
        let Some(root) = &self.opts.print_ir_tree_dir else {
            self.dumps.push_str(header);
            self.dumps.push('\n');
            self.dumps.push_str(text);
            return;
        };
        let path = tree_path(ctx, op, root, pass, ext, &mut self.tree_counts);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|_| std::fs::write(&path, format!("{header}\n{text}")));
        if let Err(e) = written {
            self.tree_error.get_or_insert_with(|| format!("cannot write '{}': {e}", path.display()));
        }
    }
}

/// The `sym_name` of `op`, if it has one.
fn symbol_name(ctx: &Context, op: OpId) -> Option<String> {
    let a = ctx.get_attr(op, "sym_name")?;
    match ctx.attr_kind(a) {
        tessel_ir::attrs::AttrKind::String { value, .. } => Some(value.clone()),
        _ => None,
    }
}

/// mlir-opt's file for the next dump of `op` under `root`: one directory
/// per op from the top (`builtin_module_no-symbol-name/func_func_f`), the
/// file named by the ops' dump counts and the pass (`0_1_cse.mlir`).
fn tree_path(
    ctx: &Context,
    op: OpId,
    root: &str,
    pass: &str,
    ext: &str,
    counts: &mut HashMap<OpId, i64>,
) -> std::path::PathBuf {
    *counts.entry(op).or_insert(-1) += 1;
    let mut chain = vec![op];
    while let Some(p) = ctx.parent_op(*chain.last().expect("not empty")) {
        chain.push(p);
    }
    chain.reverse();
    let mut path = std::path::PathBuf::from(root);
    let mut prefix = Vec::new();
    for &o in &chain {
        let name = ctx.op_name(o).replace('.', "_");
        let sym = symbol_name(ctx, o).unwrap_or_else(|| "no-symbol-name".to_string());
        path.push(format!("{name}_{sym}"));
        prefix.push(counts.entry(o).or_insert(0).to_string());
    }
    path.push(format!("{}_{pass}.{ext}", prefix.join("_")));
    path
}

/// A unified diff of two printed IRs (3 lines of context), SSA names
/// aligned by structure first ([`crate::ir_diff`]).
fn unified_diff(before: &str, after: &str) -> String {
    crate::ir_diff::unified_diff(before, after)
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

fn collect_diag_full(ctx: &Context, d: &Diagnostic, file: &str, chunk: &Chunk<'_>, diags: &mut Vec<CollectedDiag>) {
    // Source lines for carets: pad with the lines before the chunk so that
    // absolute line numbers index correctly.
    let padded: String = "\n".repeat(chunk.start.line as usize) + &" ".repeat(chunk.start.col as usize) + chunk.text;
    collect_diag(ctx, d, file, &padded, diags);
}

/// Matches the chunk's expectations against its diagnostics. Returns the
/// reports of unexpected diagnostics and of expectations not produced
/// (both empty when everything matched).
fn check_expectations(chunk: &Chunk<'_>, file: &str, full: &str, diags: &[CollectedDiag]) -> (String, String) {
    let mut expectations: Vec<Expectation> = match collect(chunk.text, chunk.start.line + 1) {
        Ok(e) => e,
        Err(e) => return (format!("{file}:{}:{}: error: {}\n", e.line, e.col, e.message), String::new()),
    };
    let lines: Vec<&str> = full.lines().collect();
    let mut report = String::new();
    for (key, _) in diags {
        let in_file = key.file.as_deref() == Some(file);
        let hit = in_file
            && expectations
                .iter_mut()
                .find(|e| e.matches(key.severity, key.line, &key.message))
                .map(|e| e.matched = true)
                .is_some();
        if !hit {
            let word = key.severity.word();
            if in_file {
                report
                    .push_str(&format!("{file}:{}:{}: error: unexpected {word}: {}\n", key.line, key.col, key.message));
                push_source_line(&mut report, &lines, key.line, key.col);
            } else {
                report.push_str(&format!("loc(unknown): error: unexpected {word}: {}\n", key.message));
            }
        }
    }
    let mut not_produced = String::new();
    for e in expectations.iter().filter(|e| !e.matched) {
        let word = e.severity.word();
        not_produced.push_str(&format!(
            "{file}:{}:{}: error: expected {word} \"{}\" was not produced\n",
            e.at_line, e.at_col, e.text
        ));
        push_source_line(&mut not_produced, &lines, e.at_line, e.at_col);
        // mlir-opt underlines the word "expected".
        not_produced.pop();
        not_produced.push_str("~~~~~~\n");
    }
    (report, not_produced)
}

fn push_source_line(out: &mut String, lines: &[&str], line: u32, col: u32) {
    if let Some(l) = lines.get(line.saturating_sub(1) as usize) {
        out.push_str(l);
        out.push('\n');
        out.push_str(&" ".repeat(col.saturating_sub(1) as usize));
        out.push_str("^\n");
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
