//! tessel's lowering of an n-D `vector.transpose` that moves the innermost
//! dim, under the shuffle strategies of
//! `transform.apply_patterns.vector.lower_transpose` (`shuffle_1d`,
//! `shuffle_16x16`).
//!
//! MLIR 22 lowers such a transpose, unless it is a 2-D slice, element by
//! element: a transposing pack with 32x32 tiles becomes 4,096
//! `vector.extract` / `vector.insert` pairs of scalars. Here it becomes
//! transposes that either keep the innermost dim (whole rows move) or
//! swap two dims of 2-D slices (one shuffle each):
//!
//! - [`transpose_nd_unroll_fixed_leading`]: a transpose whose leading dims
//!   stay in place is, for each index of those dims, the transpose of the
//!   extracted sub-vector inserted into the result;
//! - [`transpose_nd_through_2d`]: any other is three: rows regrouped so the
//!   dim that ends innermost sits next to the innermost, a batched 2-D
//!   transpose of the two trailing dims, and rows moved into the result's
//!   order (each step left out when it is the identity).

use super::vector_lowering::{delinearize, transpose_2d_slice};
use crate::dialects::ub::{poison_attr, PoisonOp};
use crate::dialects::vector::{vector_shape, TransposeOp};
use crate::rewriter::Rewriter;
use crate::{Context, OpId};

/// The shape and permutation of a fixed-shape transpose of rank 3 or more
/// that moves its innermost dim and is not a 2-D slice (what the shuffle
/// lowerings take).
fn nd_transpose(ctx: &Context, op: OpId) -> Option<(Vec<i64>, Vec<i64>)> {
    let t = TransposeOp(op);
    let v = vector_shape(ctx, ctx.value_type(t.vector(ctx)))?;
    let perm = t.permutation(ctx).to_vec();
    let n = perm.len();
    let moves_innermost = perm.last().is_some_and(|p| *p != n as i64 - 1);
    if v.is_scalable() || n < 3 || !moves_innermost || transpose_2d_slice(v.shape, &perm).is_some() {
        return None;
    }
    Some((v.shape.to_vec(), perm))
}

/// How many leading dims the permutation leaves in place.
fn fixed_leading(perm: &[i64]) -> usize {
    perm.iter().enumerate().take_while(|(i, p)| **p == *i as i64).count()
}

fn is_identity(perm: &[i64]) -> bool {
    fixed_leading(perm) == perm.len()
}

/// A transpose that keeps its leading dims in place: each sub-vector at an
/// index of those dims transposed alone and inserted into a `ub.poison`.
pub fn transpose_nd_unroll_fixed_leading(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some((shape, perm)) = nd_transpose(rw.ctx, op) else { return false };
    let k = fixed_leading(&perm);
    if k == 0 {
        return false;
    }
    let src = TransposeOp(op).vector(rw.ctx);
    let result_ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let inner_perm: Vec<i64> = perm[k..].iter().map(|p| p - k as i64).collect();
    let count: i64 = shape[..k].iter().product();
    rw.set_insertion_point_before(op);
    let attr = poison_attr(rw.ctx);
    let mut result = PoisonOp::create(rw, Some(attr), &[result_ty], vec![]).result(rw.ctx);
    for linear in 0..count {
        let idx = delinearize(linear, &shape[..k]);
        let piece = rw.vector_extract(src, &idx);
        let moved = rw.vector_transpose(piece, &inner_perm);
        result = rw.vector_insert(moved, result, &idx);
    }
    rw.replace_op(op, &[result]);
    true
}

/// A transpose that moves the innermost dim and fixes no leading dim, as
/// three: `others ++ [r, n-1]` (rows move), the swap of the two trailing
/// dims (2-D slices), then rows into the result's order, where `r` is the
/// dim that ends innermost and `others` the rest in the result's order.
pub fn transpose_nd_through_2d(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some((_, perm)) = nd_transpose(rw.ctx, op) else { return false };
    if fixed_leading(&perm) > 0 {
        return false;
    }
    let n = perm.len() as i64;
    let r = perm[perm.len() - 1];
    let others: Vec<i64> = perm.iter().copied().filter(|p| *p != r && *p != n - 1).collect();
    let regroup: Vec<i64> = others.iter().copied().chain([r, n - 1]).collect();
    let swap: Vec<i64> = (0..n - 2).chain([n - 1, n - 2]).collect();
    // The source dims in the order the swap leaves them.
    let swapped: Vec<i64> = others.iter().copied().chain([n - 1, r]).collect();
    let finish: Vec<i64> =
        perm.iter().map(|p| swapped.iter().position(|s| s == p).expect("every dim is placed") as i64).collect();
    let src = TransposeOp(op).vector(rw.ctx);
    rw.set_insertion_point_before(op);
    let mut v = src;
    if !is_identity(&regroup) {
        v = rw.vector_transpose(v, &regroup);
    }
    v = rw.vector_transpose(v, &swap);
    if !is_identity(&finish) {
        v = rw.vector_transpose(v, &finish);
    }
    rw.replace_op(op, &[v]);
    true
}
