//! One-shot bufferization (`-one-shot-bufferize`), as MLIR 22's: the
//! in-place analysis (`analysis`), what each op does to its operands'
//! buffers (`model`), and the rewrite into memref ops (`rewrite`).
//!
//! Output is MLIR 22's op for op on the ops tessel bufferizes: tensor
//! constants become private globals, `tensor.empty` an aligned
//! `memref.alloc`, slices subviews (an insert a subview and a
//! `memref.copy`), reshapes memref reshapes (a copy first when a collapse
//! is not provably contiguous), structured ops the same ops on buffers,
//! loops and branches the same ops over buffers. Without function
//! boundaries, arguments are read through `bufferization.to_buffer` and
//! results leave through `bufferization.to_tensor`.

mod analysis;
pub mod bound_allocs;
pub mod dealloc;
pub mod drop_results;
pub mod empty_elimination;
pub mod hoisting;
pub(crate) mod model;
mod pack;
pub mod placement;
mod rewrite;

use rustc_hash::FxHashMap;
use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects;
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, Diagnostic, OpId, Type, Value};

use crate::manager::{Pass, PassInfo, PassOptions};
use analysis::{analyze, AnalysisOptions};
use model::{is_tensor, touches_tensors, CallSummary, Model, Summaries};
use rewrite::{memref_for, Rewriter};

/// Which layout a tensor's buffer type gets where it cannot be inferred
/// (`function-boundary-type-conversion`, `unknown-type-conversion`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    /// `fully-dynamic-layout-map`: `strided<[?, ?], offset: ?>`.
    FullyDynamic,
    /// `identity-layout-map`.
    Identity,
    /// `infer-layout-map` (arguments stay fully dynamic).
    Infer,
}

impl LayoutChoice {
    fn parse(option: &str, text: &str) -> Result<Self, String> {
        match text {
            "fully-dynamic-layout-map" => Ok(LayoutChoice::FullyDynamic),
            "identity-layout-map" => Ok(LayoutChoice::Identity),
            "infer-layout-map" => Ok(LayoutChoice::Infer),
            other => Err(format!(
                "option '{option}' must be fully-dynamic-layout-map, identity-layout-map or infer-layout-map, got '{other}'"
            )),
        }
    }
}

/// The options of `-one-shot-bufferize`.
#[derive(Clone, Debug)]
pub struct BufferizeOptions {
    /// `bufferize-function-boundaries`: function signatures take memrefs.
    pub function_boundaries: bool,
    /// `function-boundary-type-conversion`.
    pub boundary_layout: LayoutChoice,
    /// `unknown-type-conversion`: the type of `to_buffer`s of values
    /// tessel does not bufferize.
    pub unknown_layout: LayoutChoice,
    /// `allow-return-allocs-from-loops`: a loop may yield a new buffer.
    pub allow_return_allocs_from_loops: bool,
    /// `allow-unknown-ops`: ops tessel does not bufferize stay on tensors.
    pub allow_unknown_ops: bool,
    /// `copy-before-write`: no analysis, every write goes to a copy.
    pub copy_before_write: bool,
    /// `test-analysis-only`: annotate the decisions, change nothing else.
    pub analysis_only: bool,
    /// `print-conflicts` (with `test-analysis-only`): annotate what kept
    /// operands out of place.
    pub print_conflicts: bool,
}

impl Default for BufferizeOptions {
    fn default() -> Self {
        BufferizeOptions {
            function_boundaries: false,
            boundary_layout: LayoutChoice::FullyDynamic,
            unknown_layout: LayoutChoice::FullyDynamic,
            allow_return_allocs_from_loops: false,
            allow_unknown_ops: false,
            copy_before_write: false,
            analysis_only: false,
            print_conflicts: false,
        }
    }
}

const OPTIONS: &[&str] = &[
    "bufferize-function-boundaries",
    "function-boundary-type-conversion",
    "unknown-type-conversion",
    "allow-return-allocs-from-loops",
    "allow-unknown-ops",
    "copy-before-write",
    "test-analysis-only",
    "print-conflicts",
];

impl BufferizeOptions {
    /// Reads the pass options.
    pub fn from_pass_options(opts: &PassOptions) -> Result<Self, String> {
        crate::reject_unknown_options(opts, OPTIONS)?;
        let flag = |name: &str| match opts.get(name).map(String::as_str) {
            None => Ok(false),
            Some("true") | Some("") | Some("1") => Ok(true),
            Some("false") | Some("0") => Ok(false),
            Some(other) => Err(format!("option '{name}' must be 'true' or 'false', got '{other}'")),
        };
        let layout = |name: &str| match opts.get(name) {
            None => Ok(LayoutChoice::FullyDynamic),
            Some(t) => LayoutChoice::parse(name, t),
        };
        let (analysis_only, print_conflicts) = (flag("test-analysis-only")?, flag("print-conflicts")?);
        if print_conflicts && !analysis_only {
            return Err("Invalid option: 'print-conflicts' requires 'test-analysis-only'".into());
        }
        Ok(BufferizeOptions {
            function_boundaries: flag("bufferize-function-boundaries")?,
            boundary_layout: layout("function-boundary-type-conversion")?,
            unknown_layout: layout("unknown-type-conversion")?,
            allow_return_allocs_from_loops: flag("allow-return-allocs-from-loops")?,
            allow_unknown_ops: flag("allow-unknown-ops")?,
            copy_before_write: flag("copy-before-write")?,
            analysis_only,
            print_conflicts,
        })
    }
}

/// Bufferizes the functions in `module` (with function boundaries, each
/// callee before its callers, so that calls follow what the callee does).
pub fn one_shot_bufferize(ctx: &mut Context, module: OpId, opts: &BufferizeOptions) -> Result<(), Diagnostic> {
    let funcs: Vec<OpId> = ctx
        .regions(module)
        .iter()
        .flat_map(|r| ctx.blocks(*r).to_vec())
        .flat_map(|b| ctx.block_op_list(b))
        .filter(|o| dialects::func::FuncOp::isa(ctx, *o))
        .collect();
    let has_body = |ctx: &Context, f: OpId| !ctx.regions(f).is_empty() && !ctx.blocks(ctx.regions(f)[0]).is_empty();
    let defined: Vec<OpId> = funcs.iter().copied().filter(|f| has_body(ctx, *f)).collect();
    let order = if opts.function_boundaries { callees_first(ctx, module, &defined)? } else { defined };
    if opts.function_boundaries {
        let declarations: Vec<OpId> = funcs.iter().copied().filter(|f| !has_body(ctx, *f)).collect();
        for d in declarations {
            declaration(ctx, d, opts);
        }
    }
    let mut globals = FxHashMap::default();
    let mut summaries = Summaries::default();
    for f in order {
        let mut ops = Vec::new();
        ctx.walk_preorder(f, &mut |o| ops.push(o));
        ops.retain(|o| *o != f);
        check_known(ctx, &ops, opts)?;
        if !opts.copy_before_write {
            check_to_tensors_restrict(ctx, &ops)?;
        }
        let aopts = AnalysisOptions {
            function_boundaries: opts.function_boundaries,
            copy_before_write: opts.copy_before_write,
            // copy-before-write analyzes nothing: calls stay conservative.
            calls: (!opts.copy_before_write).then_some(&summaries),
        };
        let analysis = analyze(ctx, &ops, &aopts);
        check_loop_yields(ctx, &ops, &analysis, opts)?;
        let summary = summarize(ctx, f, &ops, &analysis, &summaries);
        let name = symbol_name(ctx, f);
        if opts.analysis_only {
            annotate(ctx, f, &ops, &analysis, opts, &summaries, &summary);
            if opts.print_conflicts {
                annotate_notes(ctx, &analysis.notes);
            }
            summaries.insert(name, summary);
            continue;
        }
        let mut rw = Rewriter {
            ctx,
            analysis: &analysis,
            opts,
            module,
            buffers: FxHashMap::default(),
            replaced: Vec::new(),
            globals: std::mem::take(&mut globals),
            tensor_types: FxHashMap::default(),
            calls: (!opts.copy_before_write).then_some(&summaries),
        };
        if opts.function_boundaries {
            retype_arguments(&mut rw, f);
        }
        for op in &ops {
            if !rw.ctx.is_erased(*op) {
                rw.bufferize_op(*op)?;
            }
        }
        finish(&mut rw);
        globals = std::mem::take(&mut rw.globals);
        if opts.function_boundaries {
            update_signature(ctx, f);
        }
        summaries.insert(name, summary);
    }
    Ok(())
}

/// The `sym_name` of `op`.
fn symbol_name(ctx: &Context, op: OpId) -> String {
    match ctx.get_attr(op, "sym_name").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => value.clone(),
        _ => String::new(),
    }
}

/// The `func.func` named `name` in `module`.
pub(crate) fn find_function(ctx: &Context, module: OpId, name: &str) -> Option<OpId> {
    let body = ctx.blocks(*ctx.regions(module).first()?).first().copied()?;
    ctx.block_ops(body).find(|o| dialects::func::FuncOp::isa(ctx, *o) && symbol_name(ctx, *o) == name)
}

/// The functions with bodies, each after the functions it calls (module
/// order otherwise); a recursive call is an error.
fn callees_first(ctx: &Context, module: OpId, funcs: &[OpId]) -> Result<Vec<OpId>, Diagnostic> {
    fn visit(
        ctx: &Context,
        module: OpId,
        f: OpId,
        state: &mut FxHashMap<OpId, bool>,
        out: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic> {
        match state.get(&f) {
            Some(true) => return Ok(()),
            Some(false) => unreachable!("checked at the call"),
            None => {}
        }
        state.insert(f, false);
        let mut calls = Vec::new();
        ctx.walk_preorder(f, &mut |o| {
            if dialects::func::CallOp::isa(ctx, o) {
                calls.push(o);
            }
        });
        for c in calls {
            let Some(callee) = model::callee_name(ctx, c).and_then(|n| find_function(ctx, module, &n)) else {
                continue;
            };
            if ctx.regions(callee).is_empty() || ctx.blocks(ctx.regions(callee)[0]).is_empty() {
                continue;
            }
            if state.get(&callee) == Some(&false) {
                return Err(Diagnostic::error(ctx.op_loc(c), "tessel does not bufferize recursive calls"));
            }
            visit(ctx, module, callee, state, out)?;
        }
        state.insert(f, true);
        out.push(f);
        Ok(())
    }
    let mut state = FxHashMap::default();
    let mut out = Vec::new();
    for f in funcs {
        visit(ctx, module, *f, &mut state, &mut out)?;
    }
    Ok(out)
}

/// A function declaration with function boundaries: memref types (with
/// `test-analysis-only`, its tensor arguments are marked read and written,
/// as nothing is known of them).
fn declaration(ctx: &mut Context, f: OpId, opts: &BufferizeOptions) {
    let Some(AttrKind::Type(fty)) = ctx.get_attr(f, "function_type").map(|a| ctx.attr_kind(a).clone()) else { return };
    let TypeKind::Function { inputs, results } = ctx.type_kind(fty).clone() else { return };
    let is_t =
        |ctx: &Context, t: Type| matches!(ctx.type_kind(t), TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. });
    if opts.analysis_only {
        if !inputs.iter().any(|t| is_t(ctx, *t)) {
            return;
        }
        let access = ctx.sym("bufferization.access");
        let rw = ctx.string_attr("read-write");
        let dicts: Vec<_> = inputs
            .iter()
            .map(|t| {
                let entries = if is_t(ctx, *t) { vec![(access, rw)] } else { vec![] };
                ctx.attr(AttrKind::Dict(entries))
            })
            .collect();
        let arr = ctx.attr(AttrKind::Array(dicts));
        ctx.set_attr(f, "arg_attrs", arr);
        return;
    }
    let layout = match opts.boundary_layout {
        LayoutChoice::Identity => LayoutChoice::Identity,
        _ => LayoutChoice::FullyDynamic,
    };
    let convert = |ctx: &mut Context, ts: &[Type]| ts.iter().map(|t| memref_for(ctx, *t, layout)).collect::<Vec<_>>();
    let (inputs, results) = (convert(ctx, &inputs), convert(ctx, &results));
    let nt = ctx.ty(TypeKind::Function { inputs, results });
    let a = ctx.type_attr(nt);
    ctx.set_attr(f, "function_type", a);
}

/// What `f` does to its tensor arguments, from its analysis.
fn summarize(ctx: &Context, f: OpId, ops: &[OpId], a: &analysis::Analysis, calls: &Summaries) -> CallSummary {
    let m = Model { ctx, function_boundaries: true, calls: Some(calls) };
    let entry = ctx.blocks(ctx.regions(f)[0])[0];
    let args: Vec<Value> = ctx.block_args(entry).to_vec();
    let mut s = CallSummary::default();
    for arg in &args {
        let tensor = is_tensor(ctx, *arg);
        s.reads.push(tensor && m.is_value_read(*arg));
        s.writes.push(
            tensor
                && a.aliases.members(*arg).iter().any(|v| {
                    ctx.uses(*v).iter().any(|u| {
                        let u = (u.op, u.operand as usize);
                        m.writes(u) && a.in_place.contains(&u)
                    })
                }),
        );
    }
    let ret = ops.iter().copied().find(|o| dialects::func::ReturnOp::isa(ctx, *o) && ctx.parent_op(*o) == Some(f));
    let returned: Vec<Value> = ret.map(|r| ctx.operands(r).to_vec()).unwrap_or_default();
    s.equivalent = returned
        .iter()
        .map(|v| {
            if !is_tensor(ctx, *v) {
                return None;
            }
            args.iter().position(|arg| arg == v || a.equivalent.same(*arg, *v))
        })
        .collect();
    s.aliasing = args
        .iter()
        .map(|arg| {
            if !is_tensor(ctx, *arg) {
                return vec![];
            }
            (0..returned.len()).filter(|k| is_tensor(ctx, returned[*k]) && a.aliases.same(*arg, returned[*k])).collect()
        })
        .collect();
    s
}

/// "op was not bufferized" for an op on tensors that tessel does not
/// bufferize (unless `allow-unknown-ops`).
fn check_known(ctx: &Context, ops: &[OpId], opts: &BufferizeOptions) -> Result<(), Diagnostic> {
    if opts.allow_unknown_ops || opts.analysis_only {
        return Ok(());
    }
    let m = Model { ctx, function_boundaries: opts.function_boundaries, calls: None };
    for op in ops {
        if m.kind(*op).is_none() && touches_tensors(ctx, *op) && !ctx.op_name(*op).starts_with("func.") {
            let inside_unknown = ctx.parent_op(*op).is_some_and(|p| m.kind(p).is_none() && touches_tensors(ctx, p));
            if !inside_unknown {
                return Err(Diagnostic::error(ctx.op_loc(*op), "op was not bufferized"));
            }
        }
    }
    Ok(())
}

/// One-shot analysis' precondition (22's `checkPreBufferizationAssumptions`):
/// a used `bufferization.to_tensor` must be `restrict` (nothing else may
/// write its buffer), or the analysis cannot see who aliases it.
pub(crate) fn check_to_tensors_restrict(ctx: &Context, ops: &[OpId]) -> Result<(), Diagnostic> {
    let loose = ops.iter().copied().find(|o| {
        dialects::bufferization::ToTensorOp::isa(ctx, *o)
            && ctx.get_attr(*o, "restrict").is_none()
            && !ctx.uses(ctx.result(*o, 0)).is_empty()
    });
    match loose {
        Some(o) => Err(Diagnostic::error(
            ctx.op_loc(o),
            "'bufferization.to_tensor' op to_tensor ops without `restrict` are not supported by One-Shot Analysis",
        )),
        None => Ok(()),
    }
}

/// MLIR's `verifyAnalysis` of loops: without
/// `allow-return-allocs-from-loops`, each `scf.for` iteration yields the
/// buffer it was given.
fn check_loop_yields(
    ctx: &Context,
    ops: &[OpId],
    a: &analysis::Analysis,
    opts: &BufferizeOptions,
) -> Result<(), Diagnostic> {
    // copy-before-write skips the analysis and its checks, as 22 does.
    if opts.allow_return_allocs_from_loops || opts.copy_before_write {
        return Ok(());
    }
    for op in ops {
        if !dialects::scf::YieldOp::isa(ctx, *op)
            || ctx.parent_op(*op).is_none_or(|p| !dialects::scf::ForOp::isa(ctx, p))
        {
            continue;
        }
        let body = ctx.op_block(*op).expect("a yield in a block");
        for (k, v) in ctx.operands(*op).iter().enumerate() {
            let arg = ctx.block_args(body)[1 + k];
            if is_tensor(ctx, *v) && *v != arg && !a.equivalent.same(*v, arg) {
                return Err(Diagnostic::error(
                    ctx.op_loc(*op),
                    format!("Yield operand #{k} is not equivalent to the corresponding iter bbArg"),
                ));
            }
        }
    }
    Ok(())
}

fn retype_arguments(rw: &mut Rewriter<'_>, f: OpId) {
    let entry = rw.ctx.blocks(rw.ctx.regions(f)[0])[0];
    for a in rw.ctx.block_args(entry).to_vec() {
        if is_tensor(rw.ctx, a) {
            let t = rw.ctx.value_type(a);
            let layout = match rw.opts.boundary_layout {
                LayoutChoice::Identity => LayoutChoice::Identity,
                _ => LayoutChoice::FullyDynamic,
            };
            let ty = memref_for(rw.ctx, t, layout);
            rw.tensor_types.insert(a, t);
            rw.ctx.set_value_type(a, ty);
            rw.buffers.insert(a, a);
        }
    }
}

/// Erases the replaced tensor ops; values still used by ops left on
/// tensors are read back with `bufferization.to_tensor`.
fn finish(rw: &mut Rewriter<'_>) {
    let replaced = std::mem::take(&mut rw.replaced);
    let erased: rustc_hash::FxHashSet<OpId> = replaced.iter().copied().collect();
    for op in replaced.iter().rev() {
        for r in rw.ctx.results(*op).to_vec() {
            let leftover: Vec<(OpId, usize)> = rw
                .ctx
                .uses(r)
                .iter()
                .map(|u| (u.op, u.operand as usize))
                .filter(|(o, _)| !erased.contains(o))
                .collect();
            if leftover.is_empty() {
                continue;
            }
            let buf = rw.buffers[&r];
            let ty = rw.ctx.value_type(r);
            let loc = rw.ctx.op_loc(*op);
            let mut b = tessel_ir::builder::Builder::new(rw.ctx, tessel_ir::builder::InsertPoint::Before(*op), loc);
            let t = tessel_ir::dialects::bufferization::ToTensorOp::create(&mut b, buf, false, false, &[ty], vec![])
                .result(b.ctx);
            for (o, i) in leftover {
                rw.ctx.set_operand(o, i, t);
            }
        }
    }
    for op in replaced.iter().rev() {
        if !rw.ctx.is_erased(*op) {
            rw.ctx.erase_op(*op);
        }
    }
}

/// The function type from the arguments' and the returned values' types.
fn update_signature(ctx: &mut Context, f: OpId) {
    let entry = ctx.blocks(ctx.regions(f)[0])[0];
    let inputs: Vec<_> = ctx.block_args(entry).iter().map(|a| ctx.value_type(*a)).collect();
    let mut results = None;
    let mut ops = Vec::new();
    ctx.walk_preorder(f, &mut |o| ops.push(o));
    for o in ops {
        if dialects::func::ReturnOp::isa(ctx, o) && ctx.parent_op(o) == Some(f) {
            results = Some(ctx.operands(o).iter().map(|v| ctx.value_type(*v)).collect::<Vec<_>>());
        }
    }
    let Some(fty) = ctx.get_attr(f, "function_type") else { return };
    let AttrKind::Type(t) = ctx.attr_kind(fty) else { return };
    let TypeKind::Function { results: old, .. } = ctx.type_kind(*t).clone() else { return };
    let results = results.unwrap_or(old);
    let nt = ctx.ty(TypeKind::Function { inputs, results });
    let a = ctx.type_attr(nt);
    ctx.set_attr(f, "function_type", a);
}

/// `test-analysis-only`: `__inplace_operands_attr__` on every op with
/// tensor operands, and `bufferization.access` on function arguments with
/// function boundaries.
fn annotate(
    ctx: &mut Context,
    f: OpId,
    ops: &[OpId],
    a: &analysis::Analysis,
    opts: &BufferizeOptions,
    calls: &Summaries,
    summary: &CallSummary,
) {
    let mut marks: Vec<(OpId, Vec<&'static str>)> = Vec::new();
    {
        let m = Model { ctx, function_boundaries: opts.function_boundaries, calls: Some(calls) };
        for op in ops {
            if !ctx.operands(*op).iter().any(|v| is_tensor(ctx, *v)) {
                continue;
            }
            let v = (0..ctx.operands(*op).len())
                .map(|i| {
                    if !is_tensor(ctx, ctx.operands(*op)[i]) {
                        "none"
                    } else if a.in_place.contains(&(*op, i))
                        || (!m.writes((*op, i)) && m.aliasing_results((*op, i)).is_empty())
                    {
                        "true"
                    } else {
                        "false"
                    }
                })
                .collect();
            marks.push((*op, v));
        }
    }
    for (op, v) in marks {
        let elems: Vec<_> = v.iter().map(|s| ctx.string_attr(s)).collect();
        let arr = ctx.attr(AttrKind::Array(elems));
        ctx.set_attr(op, "__inplace_operands_attr__", arr);
    }
    if !opts.function_boundaries {
        return;
    }
    // Which argument each returned tensor is (-1: none).
    let ret = ops.iter().copied().find(|o| dialects::func::ReturnOp::isa(ctx, *o) && ctx.parent_op(*o) == Some(f));
    if let Some(ret) = ret {
        let eq: Vec<i64> = ctx
            .operands(ret)
            .iter()
            .zip(&summary.equivalent)
            .filter(|(v, _)| is_tensor(ctx, **v))
            .map(|(_, e)| e.map_or(-1, |p| p as i64))
            .collect();
        if eq.iter().any(|e| *e >= 0) {
            let i64t = ctx.int_type(64);
            let elems: Vec<_> = eq.iter().map(|e| ctx.int_attr(*e as i128, i64t)).collect();
            let arr = ctx.attr(AttrKind::Array(elems));
            ctx.set_attr(ret, "__equivalent_func_args__", arr);
        }
    }
    let entry = ctx.blocks(ctx.regions(f)[0])[0];
    let args: Vec<Value> = ctx.block_args(entry).to_vec();
    let access = ctx.sym("bufferization.access");
    let mut dicts = Vec::new();
    for (j, arg) in args.iter().enumerate() {
        if !is_tensor(ctx, *arg) {
            dicts.push(ctx.attr(AttrKind::Dict(vec![])));
            continue;
        }
        let s = match (summary.reads[j], summary.writes[j]) {
            (true, true) => "read-write",
            (true, false) => "read",
            (false, true) => "write",
            (false, false) => "none",
        };
        let sa = ctx.string_attr(s);
        dicts.push(ctx.attr(AttrKind::Dict(vec![(access, sa)])));
    }
    let arr = ctx.attr(AttrKind::Array(dicts));
    ctx.set_attr(f, "arg_attrs", arr);
}

/// The next `C_n` and `W_n` of `print-conflicts`: numbered across the whole
/// process, as MLIR's static counters (so `-split-input-file` chunks, run
/// one after the other, continue the numbering as mlir-opt's do).
static CONFLICT_IDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static NOT_WRITABLE_IDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `print-conflicts`, as MLIR 22 marks them: a conflict `C_n` as unit
/// attributes `C_n[CONFL-WRITE: k]` on the writing op, `C_n[READ: k]` on
/// the reading op and `C_n[DEF: result k]` on the op defining the value
/// read (`C_n[DEF: bbArg k]` on the op owning the block); a buffer that may
/// not be written as `W_n[NOT-WRITABLE: result k]` (or `bbArg k`).
fn annotate_notes(ctx: &mut Context, notes: &[analysis::Note]) {
    // The op a value's mark goes on, and how the value is named there.
    let place = |ctx: &Context, v: Value| match ctx.value_def(v) {
        tessel_ir::context::ValueDef::Result { op, index } => Some((op, format!("result {index}"))),
        tessel_ir::context::ValueDef::BlockArg { block, index } => {
            let owner = ctx.block_parent(block).and_then(|r| ctx.region_parent(r))?;
            Some((owner, format!("bbArg {index}")))
        }
        tessel_ir::context::ValueDef::Detached => None,
    };
    for note in notes {
        let mut marks = Vec::new();
        match *note {
            analysis::Note::Conflict { read, write, definition } => {
                let id = format!("C_{}", CONFLICT_IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
                marks.push((write.0, format!("{id}[CONFL-WRITE: {}]", write.1)));
                marks.push((read.0, format!("{id}[READ: {}]", read.1)));
                if let Some((op, what)) = place(ctx, definition) {
                    marks.push((op, format!("{id}[DEF: {what}]")));
                }
            }
            analysis::Note::NotWritable(v) => {
                let id = format!("W_{}", NOT_WRITABLE_IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
                if let Some((op, what)) = place(ctx, v) {
                    marks.push((op, format!("{id}[NOT-WRITABLE: {what}]")));
                }
            }
        }
        for (op, name) in marks {
            let unit = ctx.attr(AttrKind::Unit);
            ctx.set_attr(op, &name, unit);
        }
    }
}

/// The `-one-shot-bufferize` pass.
pub struct OneShotBufferize {
    pub opts: BufferizeOptions,
}

impl Pass for OneShotBufferize {
    fn name(&self) -> &'static str {
        "one-shot-bufferize"
    }
    fn class_name(&self) -> &'static str {
        "OneShotBufferizePass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        one_shot_bufferize(ctx, op, &self.opts)
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "one-shot-bufferize",
    description: "Bufferize tensor ops into memref ops with MLIR 22's in-place analysis {bufferize-function-boundaries=B function-boundary-type-conversion=L unknown-type-conversion=L allow-return-allocs-from-loops=B allow-unknown-ops=B copy-before-write=B test-analysis-only=B}",
    build: |opts| Ok(Box::new(OneShotBufferize { opts: BufferizeOptions::from_pass_options(opts)? })),
};
