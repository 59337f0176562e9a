//! `scf.for` loops of zero or one trip; `scf.forall` shared outputs
//! nobody needs.

use crate::builder::Ofr;
use crate::dialects::pack::constant_int;
use crate::dialects::scf::{forall_bounds, ForOp, ForallOp, InParallelOp};
use crate::dialects::tensor::ParallelInsertSliceOp;
use crate::rewriter::Rewriter;
use crate::{OpId, Value};

/// A loop of zero trips is its inits; a loop of one trip is its body,
/// inlined before it.
pub fn inline_single_iteration(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let for_op = ForOp(op);
    let (lb, ub, step) = (for_op.lower_bound(ctx), for_op.upper_bound(ctx), for_op.step(ctx));
    let (Some(lbc), Some(ubc), Some(stepc)) = (constant_int(ctx, lb), constant_int(ctx, ub), constant_int(ctx, step))
    else {
        return false;
    };
    let inits = for_op.init_args(ctx).to_vec();
    if stepc <= 0 {
        return false;
    }
    if ubc <= lbc {
        rw.replace_op(op, &inits);
        return true;
    }
    if lbc + stepc < ubc {
        return false;
    }
    let body = ctx.blocks(for_op.body(ctx))[0];
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
