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

/// MLIR's `FoldTransposeWithTranspose`: a `linalg.transpose` of a
/// `linalg.transpose` (on tensors) is one transpose of the first's input,
/// into the second's init, by the composed permutation.
pub fn fold_transpose_of_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::linalg::{operand_locs, yield_first_arg_body};
    let ctx = &*rw.ctx;
    let Some(outer) = TransposeOp::cast(ctx, op) else { return false };
    let Some(inner) = ctx.defining_op(outer.input(ctx)).and_then(|d| TransposeOp::cast(ctx, d)) else { return false };
    let perm = |t: OpId| ctx.get_attr(t, "permutation").and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
    let (Some(p_outer), Some(p_inner), Some(&result)) = (perm(op), perm(inner.op()), ctx.results(op).first()) else {
        return false;
    };
    if ctx.results(inner.op()).is_empty() || p_outer.len() != p_inner.len() {
        return false; // memref transposes have no results to compose
    }
    // result[i] = mid[p_outer[i]] = input[p_inner[p_outer[i]]].
    let composed: Vec<i64> = p_outer.iter().map(|&i| p_inner[i as usize]).collect();
    let (input, init) = (inner.input(ctx), outer.init(ctx));
    let ty = ctx.value_type(result);
    let elem = |v| ctx.value_type_kind(v).element_type();
    let (Some(in_elem), Some(out_elem)) = (elem(input), elem(init)) else { return false };
    rw.set_insertion_point_before(op);
    let locs = operand_locs(rw.ctx, [input, init]);
    let loc = rw.loc;
    let body = yield_first_arg_body(rw.ctx, in_elem, out_elem, locs, loc);
    let new = TransposeOp::create(rw, input, init, &composed, &[ty], vec![body]).op();
    let new_result = rw.ctx.result(new, 0);
    rw.replace_op(op, &[new_result]);
    true
}
