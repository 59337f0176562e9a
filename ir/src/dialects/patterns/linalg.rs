//! `linalg.transpose`'s fold: an identity permutation on tensors is its
//! input (MLIR's `TransposeOp::fold`).

use crate::dialects::linalg::TransposeOp;
use crate::rewriter::Rewriter;
use crate::OpId;

/// A `linalg.transpose` of tensors whose permutation is the identity is
/// its input.
pub fn fold_identity_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(t) = TransposeOp::cast(ctx, op) else { return false };
    let Some(perm) = ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a)) else { return false };
    let identity = perm.iter().enumerate().all(|(i, p)| *p == i as i64);
    let (Some(&result), input) = (ctx.results(op).first(), t.input(ctx)) else { return false };
    if !identity || ctx.value_type(result) != ctx.value_type(input) {
        return false;
    }
    rw.replace_op(op, &[input]);
    true
}
