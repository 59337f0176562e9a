//! The transform interpreter's loop ops: `transform.loop.peel`, with MLIR
//! 22's results and messages.

use crate::loop_peel::{peel_first_iteration, peel_last_iteration, NotPeeled};
use rustc_hash::FxHashMap;
use tessel_ir::dialects::scf::ForOp;
use tessel_ir::dialects::transform_loop::flag;
use tessel_ir::{Context, Diagnostic, OpId, Value};

type Handles = FxHashMap<Value, Vec<OpId>>;

/// `transform.loop.peel`: each payload `scf.for` peeled (its last
/// iteration, or with `peel_front` its first); the first result holds the
/// loops, the second the peeled iterations. A loop with nothing to peel is
/// 22's error.
pub(crate) fn run_peel(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let front = flag(ctx, op, "peel_front");
    let targets = handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default();
    let (mut loops, mut peeled) = (Vec::new(), Vec::new());
    for target in targets {
        if !ForOp::isa(ctx, target) {
            return Err(Diagnostic::error(ctx.op_loc(op), "transform applied to the wrong op kind")
                .with_note(ctx.op_loc(target), "when applied to this op"));
        }
        let done = if front { peel_first_iteration(ctx, target) } else { peel_last_iteration(ctx, target) };
        match done {
            Ok(p) => {
                loops.push(target);
                peeled.push(p);
            }
            Err(why) => {
                let which = if front { "first" } else { "last" };
                let d = Diagnostic::error(ctx.op_loc(op), format!("failed to peel the {which} iteration"));
                return Err(match why {
                    NotPeeled::NothingToPeel => d,
                    NotPeeled::NotIndex => d.with_note(
                        ctx.op_loc(target),
                        "tessel peels a loop whose bounds are not all constants only over index (the split is an affine.apply)",
                    ),
                });
            }
        }
    }
    handles.insert(ctx.result(op, 0), loops);
    handles.insert(ctx.result(op, 1), peeled);
    Ok(())
}
