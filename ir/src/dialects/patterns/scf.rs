//! `scf.for` loops of zero or one trip.

use crate::dialects::pack::constant_int;
use crate::dialects::scf::ForOp;
use crate::rewriter::Rewriter;
use crate::OpId;

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
