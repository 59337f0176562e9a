//! What tessel-opt does around every pass: the IR dumps and diffs
//! (`--mlir-print-ir-*`, `--mlir-print-ir-tree-dir`), timing, and the steps
//! of the IR report page (`--ir-report`).

use std::collections::HashMap;
use std::time::Duration;

use tessel_ir::printer::{print_op_top, PrintOptions};
use tessel_ir::{Context, Diagnostic, OpId};
use tessel_passes::{PassHooks, PassName};

use crate::cli::Options;
use crate::timing::Timing;

/// IR dumps and timing around passes.
pub(crate) struct DriverHooks<'a> {
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

impl<'a> DriverHooks<'a> {
    /// Hooks for one chunk's pipeline: dumps go to `dumps`, pass times to
    /// `timing`, steps to `report` (with `--ir-report`).
    pub(crate) fn new(
        opts: &'a Options,
        print_opts: PrintOptions,
        dumps: &'a mut String,
        timing: &'a mut Timing,
        report: Option<&'a mut crate::ir_report::Report>,
    ) -> Self {
        DriverHooks {
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
        }
    }

    /// The first error writing a `--mlir-print-ir-tree-dir` file, if any
    /// (said once, at the end).
    pub(crate) fn take_tree_error(&mut self) -> Option<String> {
        self.tree_error.take()
    }
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
            ir_dump: true,
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
