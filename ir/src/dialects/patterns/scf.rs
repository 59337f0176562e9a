//! `scf.for` loops of zero or one trip and loop-carried values that do not
//! change; `scf.forall` shared outputs nobody needs.

use crate::builder::Ofr;
use crate::dialects::pack::constant_int;
use crate::dialects::scf::{forall_bounds, ForOp, ForallOp, IfOp, InParallelOp, YieldOp};
use crate::dialects::tensor::ParallelInsertSliceOp;
use crate::rewriter::Rewriter;
use crate::{OpId, Value};

/// MLIR's `SimplifyTrivialLoops`: a loop of zero trips is its inits; a
/// loop of one trip is its body, inlined before it; a loop of more trips
/// whose body only yields values defined outside it is those values.
pub fn inline_single_iteration(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let for_op = ForOp(op);
    let (lb, ub, step) = (for_op.lower_bound(ctx), for_op.upper_bound(ctx), for_op.step(ctx));
    let inits = for_op.init_args(ctx).to_vec();
    if lb == ub {
        rw.replace_op(op, &inits);
        return true;
    }
    let (Some(lbc), Some(ubc)) = (constant_int(ctx, lb), constant_int(ctx, ub)) else { return false };
    if ubc <= lbc {
        rw.replace_op(op, &inits);
        return true;
    }
    let Some(stepc) = constant_int(ctx, step) else { return false };
    if stepc <= 0 {
        return false;
    }
    let body = ctx.blocks(for_op.body(ctx))[0];
    if lbc + stepc < ubc {
        // Two trips or more: only a body that yields outside values goes.
        let Some(term) = ctx.last_op(body) else { return false };
        if ctx.first_op(body) != Some(term) {
            return false;
        }
        let yielded = ctx.operands(term).to_vec();
        let outside = yielded.iter().all(|v| ctx.value_block(*v).is_some_and(|b| !block_within(ctx, b, op)));
        if !outside {
            return false;
        }
        rw.replace_op(op, &yielded);
        return true;
    }
    let args = ctx.block_args(body).to_vec();
    let Some(term) = ctx.last_op(body) else { return false };
    rw.replace_all_uses_with(args[0], lb);
    for (a, i) in args[1..].iter().zip(&inits) {
        rw.replace_all_uses_with(*a, *i);
    }
    let yielded = rw.ctx.operands(term).to_vec();
    for o in rw.ctx.block_op_list(body) {
        if o == term {
            break;
        }
        rw.move_op_before(o, op);
    }
    rw.replace_op(op, &yielded);
    true
}

/// Whether `block` is inside `op` (in one of its regions, at any depth).
pub(crate) fn block_within(ctx: &crate::Context, block: crate::BlockId, op: OpId) -> bool {
    let mut cur = ctx.block_parent(block).and_then(|r| ctx.region_parent(r));
    while let Some(p) = cur {
        if p == op {
            return true;
        }
        cur = ctx.op_block(p).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r));
    }
    false
}

/// MLIR's `ForallOpIterArgsFolder`: a shared output whose result is unused,
/// or that no `tensor.parallel_insert_slice` of the terminator writes, is
/// dropped. Its `parallel_insert_slice` ops go, its block argument's uses
/// read the init instead, and (when nothing writes it) so do its result's.
pub fn drop_unused_shared_outs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let forall = ForallOp(op);
    let Some(bounds) = forall_bounds(ctx, op) else { return false };
    let body = forall.body_block(ctx);
    let Some(term) = ctx.last_op(body).filter(|t| InParallelOp::isa(ctx, *t)) else { return false };
    let Some(&term_block) = ctx.regions(term).first().and_then(|r| ctx.blocks(*r).first()) else { return false };
    let out_args = forall.region_out_args(ctx).to_vec();
    let writes: Vec<OpId> = ctx.block_op_list(term_block);
    let written_by = |arg: Value| -> Vec<OpId> {
        writes.iter().copied().filter(|w| ParallelInsertSliceOp::isa(ctx, *w) && ctx.operands(*w)[1] == arg).collect()
    };
    let results = ctx.results(op).to_vec();
    let dropped: Vec<(usize, Vec<OpId>)> = (0..out_args.len())
        .map(|k| (k, written_by(out_args[k])))
        .filter(|(k, w)| ctx.use_empty(results[*k]) || w.is_empty())
        .collect();
    if dropped.is_empty() {
        return false;
    }
    for (k, writers) in &dropped {
        let k = *k;
        for &w in writers {
            rw.erase_op(w);
        }
        rw.replace_all_uses_with(out_args[k], bounds.outputs[k]);
        if !rw.ctx.use_empty(results[k]) {
            rw.replace_all_uses_with(results[k], bounds.outputs[k]);
        }
    }
    let kept: Vec<usize> = (0..out_args.len()).filter(|k| !dropped.iter().any(|(d, _)| d == k)).collect();
    let outputs: Vec<Value> = kept.iter().map(|&k| bounds.outputs[k]).collect();
    rw.set_insertion_point_before(op);
    let mixed = |(s, v): &(Vec<i64>, Vec<Value>)| Ofr::mixed(s, v);
    let new = ForallOp::build(rw, &mixed(&bounds.lbs), &mixed(&bounds.ubs), &mixed(&bounds.steps), &outputs);
    if let Some(m) = rw.ctx.get_attr(op, "mapping") {
        rw.set_attr(new.op(), "mapping", m);
    }
    let new_body = new.body_block(rw.ctx);
    let ops = rw.ctx.block_op_list(body);
    for o in ops {
        rw.ctx.unlink_op(o);
        rw.ctx.append_op(new_body, o);
        rw.notify(|l, ctx| l.op_modified(ctx, o));
    }
    let old_args = rw.ctx.block_args(body).to_vec();
    let new_args = rw.ctx.block_args(new_body).to_vec();
    let ivs = forall.induction_vars(rw.ctx).len();
    for i in 0..ivs {
        rw.replace_all_uses_with(old_args[i], new_args[i]);
    }
    for (j, &k) in kept.iter().enumerate() {
        rw.replace_all_uses_with(old_args[ivs + k], new_args[ivs + j]);
    }
    let new_results = rw.ctx.results(new.op()).to_vec();
    for (j, &k) in kept.iter().enumerate() {
        rw.replace_all_uses_with(results[k], new_results[j]);
    }
    rw.erase_op(op);
    true
}

/// MLIR's `ForallOpSingleOrZeroIterationDimsFolder` (forall loops without a
/// `mapping`): a dim of zero iterations makes the loop its outputs; dims of
/// one iteration are dropped, their induction variables replaced by their
/// lower bounds; with no dim left the body is inlined before the loop and
/// each `tensor.parallel_insert_slice` becomes a `tensor.insert_slice` into
/// the output it wrote (MLIR's `promoteIfSingleIteration`).
pub fn fold_single_or_zero_iteration_dims(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if ctx.get_attr(op, "mapping").is_some() {
        return false;
    }
    let forall = ForallOp(op);
    let Some(bounds) = forall_bounds(ctx, op) else { return false };
    let lbs = Ofr::mixed(&bounds.lbs.0, &bounds.lbs.1);
    let ubs = Ofr::mixed(&bounds.ubs.0, &bounds.ubs.1);
    let steps = Ofr::mixed(&bounds.steps.0, &bounds.steps.1);
    let trips: Vec<Option<i64>> = (0..ubs.len())
        .map(|d| match (lbs[d], ubs[d], steps[d]) {
            (Ofr::Const(l), Ofr::Const(u), Ofr::Const(s)) if s > 0 => {
                Some(if u <= l { 0 } else { (u - l + s - 1) / s })
            }
            _ => None,
        })
        .collect();
    if trips.contains(&Some(0)) {
        rw.replace_op(op, &bounds.outputs);
        return true;
    }
    let kept: Vec<usize> = (0..trips.len()).filter(|d| trips[*d] != Some(1)).collect();
    if kept.len() == trips.len() {
        return false;
    }
    let body = forall.body_block(ctx);
    let ivs = forall.induction_vars(ctx).to_vec();
    let out_args = forall.region_out_args(ctx).to_vec();
    rw.set_insertion_point_before(op);
    for d in (0..trips.len()).filter(|d| !kept.contains(d)) {
        let lb = rw.value(lbs[d]);
        rw.replace_all_uses_with(ivs[d], lb);
    }
    if kept.is_empty() {
        // Promote: the body runs once, before the loop.
        for (a, o) in out_args.iter().zip(&bounds.outputs) {
            rw.replace_all_uses_with(*a, *o);
        }
        let Some(term) = rw.ctx.last_op(body) else { return false };
        for o in rw.ctx.block_op_list(body) {
            if o != term {
                rw.move_op_before(o, op);
            }
        }
        let term_block = rw.ctx.regions(term).first().and_then(|r| rw.ctx.blocks(*r).first().copied());
        let writes = term_block.map(|b| rw.ctx.block_op_list(b)).unwrap_or_default();
        let mut results: Vec<Value> = bounds.outputs.clone();
        for w in writes {
            if !ParallelInsertSliceOp::isa(rw.ctx, w) {
                continue;
            }
            let (src, dest) = (rw.ctx.operands(w)[0], rw.ctx.operands(w)[1]);
            let Some(k) = bounds.outputs.iter().position(|o| *o == dest) else { continue };
            let Some(p) = crate::dialects::tensor::slice_params(rw.ctx, w) else { continue };
            let ty = rw.ctx.value_type(dest);
            let inserted = crate::dialects::tensor::InsertSliceOp::create(
                rw,
                src,
                results[k],
                &p.offsets.1,
                &p.sizes.1,
                &p.strides.1,
                &p.offsets.0,
                &p.sizes.0,
                &p.strides.0,
                &[ty],
                vec![],
            );
            results[k] = inserted.result(rw.ctx);
        }
        rw.replace_op(op, &results);
        return true;
    }
    // Fewer dims: a new loop over the kept ones, the same body.
    let pick = |list: &[Ofr]| kept.iter().map(|d| list[*d]).collect::<Vec<_>>();
    let new = ForallOp::build(rw, &pick(&lbs), &pick(&ubs), &pick(&steps), &bounds.outputs);
    let new_body = new.body_block(rw.ctx);
    for o in rw.ctx.block_op_list(body) {
        rw.ctx.unlink_op(o);
        rw.ctx.append_op(new_body, o);
        rw.notify(|l, ctx| l.op_modified(ctx, o));
    }
    let new_args = rw.ctx.block_args(new_body).to_vec();
    for (j, d) in kept.iter().enumerate() {
        rw.replace_all_uses_with(ivs[*d], new_args[j]);
    }
    for (k, a) in out_args.iter().enumerate() {
        rw.replace_all_uses_with(*a, new_args[kept.len() + k]);
    }
    let old_results = rw.ctx.results(op).to_vec();
    let new_results = rw.ctx.results(new.op()).to_vec();
    for (o, n) in old_results.into_iter().zip(new_results) {
        rw.replace_all_uses_with(o, n);
    }
    rw.erase_op(op);
    true
}

/// An `scf.for`'s loop-carried values, position by position: the yield,
/// and per position the init, the block argument, the yielded value and the
/// result (`None` without a yield or when the counts disagree).
pub(crate) struct IterArgs {
    pub term: OpId,
    pub inits: Vec<Value>,
    pub args: Vec<Value>,
    pub yielded: Vec<Value>,
    pub results: Vec<Value>,
}

impl IterArgs {
    pub(crate) fn of(ctx: &crate::Context, op: OpId) -> Option<IterArgs> {
        let f = ForOp(op);
        let term = ctx.last_op(f.body_block(ctx)).filter(|t| YieldOp::isa(ctx, *t))?;
        let (inits, args) = (f.init_args(ctx).to_vec(), f.region_iter_args(ctx).to_vec());
        let (yielded, results) = (ctx.operands(term).to_vec(), ctx.results(op).to_vec());
        let n = args.len();
        (inits.len() == n && yielded.len() == n && results.len() == n).then_some(IterArgs {
            term,
            inits,
            args,
            yielded,
            results,
        })
    }
}

/// MLIR's `ForOpIterArgsFolder`: a loop-carried value is dropped when the
/// body yields its block argument unchanged, when it yields the init
/// itself, or when neither the result nor the block argument is used; the
/// uses of both read the init instead.
pub fn drop_invariant_iter_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    drop_iter_args(rw, op, true)
}

/// The part of [`drop_invariant_iter_args`] 22 does in place: only the
/// loop-carried values nobody uses (neither result nor block argument).
pub fn drop_dead_iter_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    drop_iter_args(rw, op, false)
}

fn drop_iter_args(rw: &mut Rewriter<'_>, op: OpId, invariant_too: bool) -> bool {
    let ctx = &*rw.ctx;
    let f = ForOp(op);
    let body = f.body_block(ctx);
    let Some(IterArgs { term, inits, args, yielded, results }) = IterArgs::of(ctx, op) else { return false };
    let dropped: Vec<bool> = (0..args.len())
        .map(|k| {
            let dead = ctx.use_empty(results[k]) && ctx.use_empty(args[k]);
            dead || invariant_too && (yielded[k] == args[k] || yielded[k] == inits[k])
        })
        .collect();
    if !dropped.contains(&true) {
        return false;
    }
    for k in (0..args.len()).filter(|k| dropped[*k]) {
        rw.replace_all_uses_with(args[k], inits[k]);
        rw.replace_all_uses_with(results[k], inits[k]);
    }
    let kept: Vec<usize> = (0..args.len()).filter(|k| !dropped[*k]).collect();
    let new_inits: Vec<Value> = kept.iter().map(|k| inits[*k]).collect();
    let (lb, ub, step) = (f.lower_bound(rw.ctx), f.upper_bound(rw.ctx), f.step(rw.ctx));
    let unsigned = rw.ctx.get_attr(op, "unsignedCmp");
    rw.set_insertion_point_before(op);
    let new = ForOp::build(rw, lb, ub, step, &new_inits);
    if let Some(u) = unsigned {
        rw.set_attr(new.op(), "unsignedCmp", u);
    }
    let new_body = new.body_block(rw.ctx);
    for o in rw.ctx.block_op_list(body) {
        rw.ctx.unlink_op(o);
        rw.ctx.append_op(new_body, o);
        rw.notify(|l, ctx| l.op_modified(ctx, o));
    }
    let new_args = rw.ctx.block_args(new_body).to_vec();
    let iv = rw.ctx.block_args(body)[0];
    rw.replace_all_uses_with(iv, new_args[0]);
    for (j, &k) in kept.iter().enumerate() {
        rw.replace_all_uses_with(args[k], new_args[1 + j]);
    }
    // The yield keeps the kept values only.
    let kept_yields: Vec<Value> = kept.iter().map(|k| yielded[*k]).collect();
    rw.set_insertion_point_before(term);
    YieldOp::create(rw, &kept_yields, &[], vec![]);
    rw.erase_op(term);
    let new_results = rw.ctx.results(new.op()).to_vec();
    for (j, &k) in kept.iter().enumerate() {
        rw.replace_all_uses_with(results[k], new_results[j]);
    }
    rw.erase_op(op);
    true
}

/// Two iteration arguments of an `scf.for` that start from the same value
/// and are yielded the same value hold the same value on every iteration:
/// the later one's uses (and its result's) take the earlier one, as
/// mlir-opt 22 merges them; the unused pair then goes.
pub fn merge_equivalent_iter_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(IterArgs { inits, args, yielded, results, .. }) = IterArgs::of(ctx, op) else { return false };
    for j in 0..args.len() {
        if ctx.use_empty(args[j]) && ctx.use_empty(results[j]) {
            continue;
        }
        if let Some(i) = (0..j).find(|i| inits[*i] == inits[j] && yielded[*i] == yielded[j]) {
            rw.replace_all_uses_with(args[j], args[i]);
            rw.replace_all_uses_with(results[j], results[i]);
            return true;
        }
    }
    false
}

// ---- scf.if -----------------------------------------------------------------

/// The block of a region of an `scf.if`, if the region has one.
fn if_block(ctx: &crate::Context, region: crate::RegionId) -> Option<crate::BlockId> {
    ctx.blocks(region).first().copied()
}

/// The values the terminator of `block` yields.
fn yielded(ctx: &crate::Context, block: crate::BlockId) -> Vec<Value> {
    ctx.last_op(block).map(|t| ctx.operands(t).to_vec()).unwrap_or_default()
}

/// For an `scf.if` with results and both branches: its then and else
/// blocks and the values each yields.
#[allow(clippy::type_complexity)]
fn branches_with_yields(
    ctx: &crate::Context,
    op: OpId,
) -> Option<(crate::BlockId, crate::BlockId, Vec<Value>, Vec<Value>)> {
    let if_op = IfOp(op);
    if ctx.results(op).is_empty() {
        return None;
    }
    let tb = if_block(ctx, if_op.then_region(ctx))?;
    let eb = if_block(ctx, if_op.else_region(ctx))?;
    Some((tb, eb, yielded(ctx, tb), yielded(ctx, eb)))
}

/// Replaces the `scf.yield` ending `block` by one yielding `values`.
fn set_yield(rw: &mut Rewriter<'_>, block: crate::BlockId, values: &[Value]) {
    let Some(term) = rw.ctx.last_op(block) else { return };
    rw.set_insertion_point_before(term);
    YieldOp::create(rw, values, &[], vec![]);
    rw.erase_op(term);
}

/// Upstream's `RemoveStaticCondition`: an `scf.if` on a constant is the
/// region it takes, inlined in its place (nothing when that is an absent
/// else).
pub fn if_static_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let Some(taken) = crate::dialects::patterns::arith::constant_condition(ctx, if_op.condition(ctx)) else {
        return false;
    };
    let region = if taken { if_op.then_region(ctx) } else { if_op.else_region(ctx) };
    let Some(block) = if_block(ctx, region) else {
        if ctx.results(op).is_empty() {
            rw.erase_op(op);
            return true;
        }
        return false;
    };
    let values = yielded(ctx, block);
    let term = ctx.last_op(block);
    for o in rw.ctx.block_op_list(block) {
        if Some(o) == term {
            break;
        }
        rw.move_op_before(o, op);
    }
    rw.replace_op(op, &values);
    true
}

/// A new `scf.if` on `cond` with `types` results, taking `op`'s regions.
fn if_with_regions_of(rw: &mut Rewriter<'_>, op: OpId, cond: Value, types: &[crate::Type]) -> OpId {
    let regions = rw.ctx.take_regions(op);
    rw.set_insertion_point_before(op);
    IfOp::create(rw, cond, types, regions).op()
}

/// A result of an `scf.if` or `scf.index_switch` that every region yields
/// the same value from outside for (in an `scf.if`, a poison will do for
/// any value) is that value, as 22's region-branch patterns forward it.
pub fn forward_common_yields(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let yields: Option<Vec<Vec<Value>>> = ctx
        .regions(op)
        .iter()
        .map(|r| ctx.blocks(*r).first().and_then(|b| ctx.last_op(*b)).map(|t| ctx.operands(t).to_vec()))
        .collect();
    let Some(yields) = yields.filter(|y| y.len() > 1) else { return false };
    // 22 lets a poison stand for any value in an `scf.if` only.
    let wildcard = IfOp::isa(ctx, op);
    let is_poison =
        |v: Value| wildcard && ctx.defining_op(v).is_some_and(|d| crate::dialects::ub::PoisonOp::isa(ctx, d));
    let forwarded: Vec<(Value, Value)> = ctx
        .results(op)
        .iter()
        .enumerate()
        .filter(|(_, r)| !ctx.use_empty(**r))
        .filter_map(|(k, r)| {
            let values: Vec<Value> = yields.iter().map(|y| y.get(k).copied()).collect::<Option<_>>()?;
            let v = *values.iter().find(|v| !is_poison(**v))?;
            (values.iter().all(|x| *x == v || is_poison(*x)) && defined_outside(ctx, v, op)).then_some((*r, v))
        })
        .collect();
    if forwarded.is_empty() {
        return false;
    }
    for (r, v) in forwarded {
        rw.replace_all_uses_with(r, v);
    }
    // 22 looks at an `scf.if` again (its results may all be unused now),
    // not at an `scf.index_switch`.
    if IfOp::isa(rw.ctx, op) {
        rw.notify(|l, ctx| l.op_modified(ctx, op));
    }
    true
}

/// Whether `v` is defined outside `op`.
fn defined_outside(ctx: &crate::Context, v: Value, op: OpId) -> bool {
    let holder = match ctx.defining_op(v) {
        Some(d) => Some(d),
        None => ctx.value_block(v).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r)),
    };
    holder.is_some_and(|h| !ctx.is_within(h, op))
}

/// Upstream's `RemoveUnusedResults`: results nobody reads go, with what
/// the branches yield for them.
pub fn if_unused_results(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let results = ctx.results(op).to_vec();
    let used: Vec<usize> = (0..results.len()).filter(|&i| !ctx.use_empty(results[i])).collect();
    if used.len() == results.len() {
        return false;
    }
    let cond = IfOp(op).condition(ctx);
    let types: Vec<crate::Type> = used.iter().map(|&i| ctx.value_type(results[i])).collect();
    let new = if_with_regions_of(rw, op, cond, &types);
    for region in rw.ctx.regions(new).to_vec() {
        if let Some(block) = if_block(rw.ctx, region) {
            let values = yielded(rw.ctx, block);
            let kept: Vec<Value> = used.iter().map(|&i| values[i]).collect();
            set_yield(rw, block, &kept);
        }
    }
    let new_results = rw.ctx.results(new).to_vec();
    for (k, &i) in used.iter().enumerate() {
        rw.replace_all_uses_with(results[i], new_results[k]);
    }
    rw.erase_op(op);
    true
}

/// Upstream's `ConvertTrivialIfToSelect`: a result both branches yield
/// from outside becomes an `arith.select` of the condition (or the value,
/// when they agree); the `scf.if` keeps the others.
pub fn if_to_select(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let Some((tb, eb, tv, ev)) = branches_with_yields(ctx, op) else { return false };
    let inside = |v: Value, block: crate::BlockId| match ctx.defining_op(v) {
        Some(d) => ctx.op_block(d) == Some(block),
        None => ctx.block_arg_position(v).is_some_and(|(b, _)| b == block),
    };
    let stays: Vec<bool> = tv.iter().zip(&ev).map(|(t, e)| inside(*t, tb) || inside(*e, eb)).collect();
    if stays.iter().all(|s| *s) {
        return false;
    }
    let cond = if_op.condition(ctx);
    let results = ctx.results(op).to_vec();
    let types: Vec<crate::Type> =
        results.iter().zip(&stays).filter(|(_, s)| **s).map(|(r, _)| ctx.value_type(*r)).collect();
    let new = if_with_regions_of(rw, op, cond, &types);
    rw.set_insertion_point_before(new);
    let mut replacements = Vec::with_capacity(results.len());
    let (mut kept_t, mut kept_e) = (Vec::new(), Vec::new());
    for (k, (t, e)) in tv.iter().zip(&ev).enumerate() {
        if stays[k] {
            replacements.push(rw.ctx.result(new, kept_t.len()));
            kept_t.push(*t);
            kept_e.push(*e);
        } else if t == e {
            replacements.push(*t);
        } else {
            let ty = rw.ctx.value_type(*t);
            let sel = crate::dialects::arith::SelectOp::create(rw, cond, *t, *e, &[ty], vec![]);
            replacements.push(sel.result(rw.ctx));
        }
    }
    set_yield(rw, tb, &kept_t);
    set_yield(rw, eb, &kept_e);
    for (r, v) in results.iter().zip(replacements) {
        rw.replace_all_uses_with(*r, v);
    }
    rw.erase_op(op);
    true
}

/// Upstream's `RemoveEmptyElseBranch`: an else holding only its yield, of
/// an `scf.if` without results, goes.
pub fn if_empty_else(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !ctx.results(op).is_empty() {
        return false;
    }
    let else_r = IfOp(op).else_region(ctx);
    let Some(eb) = if_block(ctx, else_r) else { return false };
    if ctx.first_op(eb) != ctx.last_op(eb) {
        return false;
    }
    let regions = rw.ctx.take_regions(op);
    let cond = IfOp(op).condition(rw.ctx);
    let fresh_else = rw.ctx.create_region();
    rw.set_insertion_point_before(op);
    IfOp::create(rw, cond, &[], vec![regions[0], fresh_else]);
    rw.erase_op(op);
    true
}

/// An `scf.if` on a negated condition (`xori %p, true`) with an else
/// branch is an `scf.if` on `%p` with its branches swapped, as mlir-opt 22
/// canonicalizes it.
pub fn if_negated_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let Some(p) = crate::dialects::patterns::arith::negated_condition(ctx, if_op.condition(ctx)) else { return false };
    if if_block(ctx, if_op.else_region(ctx)).is_none() {
        return false;
    }
    let types: Vec<crate::Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    let mut regions = rw.ctx.take_regions(op);
    regions.swap(0, 1);
    rw.set_insertion_point_before(op);
    let new = IfOp::create(rw, p, &types, regions).op();
    let results = rw.ctx.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// Upstream's `CombineIfs`: an `scf.if` right after another on the same
/// condition (or its negation) joins it: one `scf.if` with both ops'
/// branches in turn and both ops' results.
pub fn combine_ifs(rw: &mut Rewriter<'_>, next: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(prev) = ctx.prev_op(next).filter(|p| IfOp::isa(ctx, *p)) else { return false };
    let (pc, nc) = (IfOp(prev).condition(ctx), IfOp(next).condition(ctx));
    let negated = crate::dialects::patterns::arith::negated_condition;
    let (next_then, next_else) =
        (if_block(ctx, IfOp(next).then_region(ctx)), if_block(ctx, IfOp(next).else_region(ctx)));
    let (mut nt, mut ne) = (None, None);
    if nc == pc {
        nt = next_then;
        ne = next_else;
    }
    if negated(ctx, nc) == Some(pc) || negated(ctx, pc) == Some(nc) {
        ne = next_then;
        nt = next_else;
    }
    if nt.is_none() && ne.is_none() {
        return false;
    }
    let prev_then = if_block(ctx, IfOp(prev).then_region(ctx)).expect("a then block");
    let prev_else = if_block(ctx, IfOp(prev).else_region(ctx));
    let inside = |ctx: &crate::Context, op: OpId, block: Option<crate::BlockId>| {
        let Some(region) = block.and_then(|b| ctx.block_parent(b)) else { return false };
        let mut cur = Some(op);
        while let Some(o) = cur {
            if ctx.op_block(o).and_then(|b| ctx.block_parent(b)) == Some(region) {
                return true;
            }
            cur = ctx.parent_op(o);
        }
        false
    };
    if let Some(pe) = prev_else {
        let (ty, ey) = (yielded(ctx, prev_then), yielded(ctx, pe));
        for (i, r) in rw.ctx.results(prev).to_vec().into_iter().enumerate() {
            let uses: Vec<(OpId, usize)> = rw.ctx.uses(r).iter().map(|u| (u.op, u.operand as usize)).collect();
            for (user, k) in uses {
                if nt.is_some() && inside(rw.ctx, user, nt) {
                    rw.set_operand(user, k, ty[i]);
                } else if ne.is_some() && inside(rw.ctx, user, ne) {
                    rw.set_operand(user, k, ey[i]);
                }
            }
        }
    }
    let mut types: Vec<crate::Type> = rw.ctx.results(prev).iter().map(|r| rw.ctx.value_type(*r)).collect();
    let n_prev = types.len();
    types.extend(rw.ctx.results(next).iter().map(|r| rw.ctx.value_type(*r)));
    let prev_regions = rw.ctx.take_regions(prev);
    let next_regions = rw.ctx.take_regions(next);
    let _ = next_regions;
    let merge = |rw: &mut Rewriter<'_>, into: crate::BlockId, from: crate::BlockId| {
        let (a, b) = (rw.ctx.last_op(into).expect("a yield"), rw.ctx.last_op(from).expect("a yield"));
        let mut values = rw.ctx.operands(a).to_vec();
        values.extend_from_slice(rw.ctx.operands(b));
        rw.merge_blocks(from, into, &[]);
        rw.ip = crate::builder::InsertPoint::End(into);
        YieldOp::create(rw, &values, &[], vec![]);
        rw.erase_op(a);
        rw.erase_op(b);
    };
    if let Some(nt) = nt {
        merge(rw, prev_then, nt);
    }
    let mut else_region = prev_regions[1];
    if let Some(ne) = ne {
        match prev_else {
            None => else_region = rw.ctx.block_parent(ne).expect("a region"),
            Some(pe) => merge(rw, pe, ne),
        }
    }
    rw.set_insertion_point_before(next);
    let combined = IfOp::create(rw, pc, &types, vec![prev_regions[0], else_region]).op();
    let results = rw.ctx.results(combined).to_vec();
    rw.replace_op(prev, &results[..n_prev]);
    rw.replace_op(next, &results[n_prev..]);
    true
}

/// Whether `op` is inside `region` (at any depth).
fn in_region(ctx: &crate::Context, op: OpId, region: crate::RegionId) -> bool {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if ctx.op_block(o).and_then(|b| ctx.block_parent(b)) == Some(region) {
            return true;
        }
        cur = ctx.parent_op(o);
    }
    false
}

/// Upstream's `ConditionPropagation`: inside the then branch the
/// condition is `true`, inside the else branch `false`.
pub fn if_condition_propagation(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let cond = if_op.condition(ctx);
    if crate::dialects::patterns::arith::constant_condition(ctx, cond).is_some() {
        return false;
    }
    let (then_r, else_r) = (if_op.then_region(ctx), if_op.else_region(ctx));
    let uses: Vec<(OpId, usize)> = ctx.uses(cond).iter().map(|u| (u.op, u.operand as usize)).collect();
    let (mut t, mut f) = (None, None);
    let mut changed = false;
    for (user, k) in uses {
        let value = if in_region(rw.ctx, user, then_r) {
            true
        } else if in_region(rw.ctx, user, else_r) {
            false
        } else {
            continue;
        };
        let slot = if value { &mut t } else { &mut f };
        let c = match *slot {
            Some(c) => c,
            None => {
                rw.set_insertion_point_before(op);
                let i1 = rw.ctx.int_type(1);
                let attr = rw.ctx.int_attr(i128::from(value), i1);
                let c = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[i1], vec![]).result(rw.ctx);
                *slot = Some(c);
                c
            }
        };
        rw.set_operand(user, k, c);
        changed = true;
    }
    changed
}

/// Upstream's `ReplaceIfYieldWithConditionOrValue`: a result both
/// branches yield the same value for is that value; one yielding `true`
/// and `false` is the condition (`false` and `true`: its negation).
pub fn if_yield_condition_or_value(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let Some((_, _, tv, ev)) = branches_with_yields(ctx, op) else { return false };
    let cond = if_op.condition(ctx);
    let results = ctx.results(op).to_vec();
    let constant = crate::dialects::patterns::arith::constant_condition;
    let mut changed = false;
    for ((t, e), r) in tv.into_iter().zip(ev).zip(results) {
        if rw.ctx.use_empty(r) {
            continue;
        }
        if t == e {
            rw.replace_all_uses_with(r, t);
            changed = true;
            continue;
        }
        match (constant(rw.ctx, t), constant(rw.ctx, e)) {
            (Some(false), Some(true)) => {
                rw.set_insertion_point_before(op);
                let i1 = rw.ctx.int_type(1);
                let attr = rw.ctx.int_attr(1, i1);
                let one = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[i1], vec![]).result(rw.ctx);
                let not = rw.op(crate::dialects::arith::XOrIOp::NAME, &[cond, one], &[i1], &[]);
                let not = rw.ctx.result(not, 0);
                rw.replace_all_uses_with(r, not);
                changed = true;
            }
            (Some(true), Some(false)) => {
                rw.replace_all_uses_with(r, cond);
                changed = true;
            }
            _ => {}
        }
    }
    changed
}

/// Upstream's `CombineNestedIfs`: an `scf.if` whose then branch is only
/// another `scf.if` (and whose else branches only yield) is one `scf.if`
/// on the `arith.andi` of both conditions.
pub fn combine_nested_ifs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let if_op = IfOp(op);
    let Some(tb) = if_block(ctx, if_op.then_region(ctx)) else { return false };
    let ops: Vec<OpId> = ctx.block_ops(tb).collect();
    if ops.len() != 2 || !IfOp::isa(ctx, ops[0]) {
        return false;
    }
    let nested = ops[0];
    let else_b = if_block(ctx, if_op.else_region(ctx));
    if else_b.is_some_and(|b| ctx.block_ops(b).count() != 1) {
        return false;
    }
    let nested_then = if_block(ctx, IfOp(nested).then_region(ctx)).expect("a then block");
    let nested_else = if_block(ctx, IfOp(nested).else_region(ctx));
    if nested_else.is_some_and(|b| ctx.block_ops(b).count() != 1) {
        return false;
    }
    let mut then_y = yielded(ctx, tb);
    let else_y = else_b.map(|b| yielded(ctx, b)).unwrap_or_default();
    let mut to_select = Vec::new();
    for (i, v) in then_y.clone().into_iter().enumerate() {
        if ctx.defining_op(v) == Some(nested) {
            let k = ctx.results(nested).iter().position(|r| *r == v).expect("a result");
            let ne = nested_else.map(|b| yielded(ctx, b)).unwrap_or_default();
            if ne.get(k) != else_y.get(i) {
                return false;
            }
            then_y[i] = yielded(ctx, nested_then)[k];
            continue;
        }
        let defined_inside = match ctx.defining_op(v) {
            Some(d) => ctx.op_block(d) == Some(tb),
            None => ctx.block_arg_position(v).is_some_and(|(b, _)| b == tb),
        };
        if defined_inside {
            return false;
        }
        to_select.push(i);
    }
    let (outer_c, inner_c) = (if_op.condition(ctx), IfOp(nested).condition(ctx));
    let types: Vec<crate::Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    rw.set_insertion_point_before(op);
    let i1 = rw.ctx.int_type(1);
    let and = rw.op(crate::dialects::arith::AndIOp::NAME, &[outer_c, inner_c], &[i1], &[]);
    let and = rw.ctx.result(and, 0);
    let (then_r, new_then, _) = rw.region_with_block(&[]);
    let else_r = rw.ctx.create_region();
    let new_else = (!else_y.is_empty()).then(|| rw.ctx.append_block(else_r));
    let new_if = IfOp::create(rw, and, &types, vec![then_r, else_r]).op();
    let mut results = rw.ctx.results(new_if).to_vec();
    rw.set_insertion_point_before(new_if);
    for i in to_select {
        let ty = rw.ctx.value_type(then_y[i]);
        results[i] =
            crate::dialects::arith::SelectOp::create(rw, outer_c, then_y[i], else_y[i], &[ty], vec![]).result(rw.ctx);
    }
    rw.merge_blocks(nested_then, new_then, &[]);
    let old_yield = rw.ctx.last_op(new_then).expect("a yield");
    rw.set_insertion_point_before(old_yield);
    YieldOp::create(rw, &then_y, &[], vec![]);
    rw.erase_op(old_yield);
    if let Some(b) = new_else {
        rw.ip = crate::builder::InsertPoint::End(b);
        YieldOp::create(rw, &else_y, &[], vec![]);
    }
    rw.replace_op(op, &results);
    true
}

// ---- scf.parallel -----------------------------------------------------------

/// The constant trip count of a loop dim, if known.
fn constant_trip_count(ctx: &crate::Context, lb: Value, ub: Value, step: Value) -> Option<i64> {
    if lb == ub {
        return Some(0);
    }
    let (l, u, s) = (constant_int(ctx, lb)?, constant_int(ctx, ub)?, constant_int(ctx, step)?);
    if s <= 0 {
        return None;
    }
    Some(if u <= l { 0 } else { (u - l + s - 1) / s })
}

/// Upstream's `ParallelOpSingleOrZeroIterationDimsFolder`: a dim of no
/// iteration makes the loop its initial values; a dim of one iteration
/// goes, its induction variable the lower bound; with none left, the body
/// (and each reduction, from the initial value) is inlined.
pub fn parallel_single_or_zero_iteration_dims(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::scf_parallel::{ParallelOp, ReduceOp};
    let ctx = &*rw.ctx;
    let h = ParallelOp(op);
    let (lbs, ubs, steps) = (h.lower_bound(ctx).to_vec(), h.upper_bound(ctx).to_vec(), h.step(ctx).to_vec());
    let inits = h.init_vals(ctx).to_vec();
    let body = ctx.blocks(h.body(ctx))[0];
    let ivs = ctx.block_args(body).to_vec();
    let mut map = crate::context::clone::IrMapping::default();
    let (mut keep_lb, mut keep_ub, mut keep_step, mut keep_iv) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for k in 0..lbs.len() {
        match constant_trip_count(ctx, lbs[k], ubs[k], steps[k]) {
            Some(0) => {
                rw.replace_op(op, &inits);
                return true;
            }
            Some(1) => map.map(ivs[k], lbs[k]),
            _ => {
                keep_lb.push(lbs[k]);
                keep_ub.push(ubs[k]);
                keep_step.push(steps[k]);
                keep_iv.push(ivs[k]);
            }
        }
    }
    if keep_lb.len() == lbs.len() {
        return false;
    }
    let ops: Vec<OpId> = rw.ctx.block_op_list(body);
    rw.set_insertion_point_before(op);
    if keep_lb.is_empty() {
        let (last, rest) = ops.split_last().expect("a terminator");
        for o in rest {
            let c = rw.ctx.clone_op(*o, &mut map);
            rw.insert_detached(c);
        }
        let reduce = ReduceOp(*last);
        let mut results = Vec::new();
        for (i, r) in rw.ctx.regions(reduce.0).to_vec().into_iter().enumerate() {
            let rb = rw.ctx.blocks(r)[0];
            let args = rw.ctx.block_args(rb).to_vec();
            map.map(args[0], inits[i]);
            let v = map.lookup(rw.ctx.operands(*last)[i]);
            map.map(args[1], v);
            let rops: Vec<OpId> = rw.ctx.block_op_list(rb);
            let (ret, body_ops) = rops.split_last().expect("a scf.reduce.return");
            for o in body_ops {
                let c = rw.ctx.clone_op(*o, &mut map);
                rw.insert_detached(c);
            }
            results.push(map.lookup(rw.ctx.operands(*ret)[0]));
        }
        rw.replace_op(op, &results);
        return true;
    }
    let types: Vec<crate::Type> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
    let index = rw.ctx.index_type();
    let (region, block, new_ivs) = rw.region_with_block(&vec![index; keep_iv.len()]);
    for (old, new) in keep_iv.iter().zip(new_ivs) {
        map.map(*old, new);
    }
    for o in ops {
        let c = rw.ctx.clone_op(o, &mut map);
        rw.ctx.append_op(block, c);
    }
    let new = ParallelOp::create(rw, &keep_lb, &keep_ub, &keep_step, &inits, &types, vec![region]).0;
    let results = rw.ctx.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// Upstream's `MergeNestedParallelLoops`: a parallel loop whose body is
/// only another (neither reducing, the inner bounds not reading the outer
/// induction variables) is one loop over both sets of dims.
pub fn merge_nested_parallel(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::scf_parallel::{ParallelOp, ReduceOp};
    let ctx = &*rw.ctx;
    let h = ParallelOp(op);
    let outer_body = ctx.blocks(h.body(ctx))[0];
    let ops: Vec<OpId> = ctx.block_ops(outer_body).collect();
    if ops.len() != 2 || !ParallelOp::isa(ctx, ops[0]) {
        return false;
    }
    let inner = ParallelOp(ops[0]);
    let outer_ivs = ctx.block_args(outer_body).to_vec();
    let bounds: Vec<Value> =
        inner.lower_bound(ctx).iter().chain(inner.upper_bound(ctx)).chain(inner.step(ctx)).copied().collect();
    if outer_ivs.iter().any(|iv| bounds.contains(iv)) {
        return false;
    }
    if !h.init_vals(ctx).is_empty() || !inner.init_vals(ctx).is_empty() {
        return false;
    }
    let cat = |a: &[Value], b: &[Value]| -> Vec<Value> { a.iter().chain(b).copied().collect() };
    let lbs = cat(h.lower_bound(ctx), inner.lower_bound(ctx));
    let ubs = cat(h.upper_bound(ctx), inner.upper_bound(ctx));
    let steps = cat(h.step(ctx), inner.step(ctx));
    let inner_body = ctx.blocks(inner.body(ctx))[0];
    let inner_ivs = ctx.block_args(inner_body).to_vec();
    let inner_ops: Vec<OpId> = ctx.block_ops(inner_body).collect();
    rw.set_insertion_point_before(op);
    let index = rw.ctx.index_type();
    let (region, block, ivs) = rw.region_with_block(&vec![index; lbs.len()]);
    let mut map = crate::context::clone::IrMapping::default();
    for (old, new) in outer_ivs.iter().chain(&inner_ivs).zip(&ivs) {
        map.map(*old, *new);
    }
    for o in &inner_ops[..inner_ops.len() - 1] {
        let c = rw.ctx.clone_op(*o, &mut map);
        rw.ctx.append_op(block, c);
    }
    let saved = rw.ip;
    rw.ip = crate::builder::InsertPoint::End(block);
    ReduceOp::create(rw, &[], &[], vec![]);
    rw.ip = saved;
    ParallelOp::create(rw, &lbs, &ubs, &steps, &[], &[], vec![region]);
    rw.erase_op(op);
    true
}
