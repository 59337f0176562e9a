//! MLIR 22's `vector.multi_reduction` lowering
//! (`populateVectorMultiReductionLoweringPatterns`, the
//! `-lower-vector-multi-reduction` pass and
//! `transform.apply_patterns.vector.lower_multi_reduction`), under either
//! strategy:
//!
//! - the reduced dims are transposed to the inside (`inner-reduction`) or
//!   the outside (`inner-parallel`, the default);
//! - the parallel and reduced dims are each flattened into one by
//!   `vector.shape_cast` (a 1-D reduction gets a leading unit parallel dim);
//! - a 2-D reduction becomes one `vector.reduction` per row inserted into a
//!   zero vector (`inner-reduction`), or the rows combined with the
//!   accumulator elementwise (`inner-parallel`).
//!
//! A reduction under `vector.mask` is rewritten in place of the mask, its
//! mask transposed, cast and sliced along (an elementwise combination
//! keeps the accumulator where the mask is off).

use super::vector_mask_lowering::{mask_op, root_and_mask};
use crate::dialects::arith::SelectOp;
use crate::dialects::vector::{
    kind_attr, vector_shape, BroadcastOp, ExtractOp, InsertOp, MultiReductionOp, ReductionOp, ShapeCastOp, TransposeOp,
};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{OpId, Type, Value};

fn vec_ty(rw: &mut Rewriter<'_>, shape: Vec<i64>, scalable: Vec<bool>, elem: Type) -> Type {
    rw.ctx.ty(TypeKind::Vector { shape, scalable, elem })
}

fn new_multi_reduction(rw: &mut Rewriter<'_>, kind: &str, src: Value, acc: Value, dims: &[i64]) -> OpId {
    let k = kind_attr(rw.ctx, kind);
    let ty = rw.ctx.value_type(acc);
    MultiReductionOp::create(rw, src, acc, Some(k), dims, &[ty], vec![]).0
}

struct Reduction {
    kind: String,
    src: Value,
    acc: Value,
    shape: Vec<i64>,
    scalable: Vec<bool>,
    elem: Type,
    reduced: Vec<bool>,
}

fn reduction(rw: &Rewriter<'_>, op: OpId) -> Option<Reduction> {
    let ctx = &*rw.ctx;
    let m = MultiReductionOp(op);
    let kind = crate::dialects::vector::combining_kind(ctx, op)?.to_string();
    let (src, acc) = (m.source(ctx), m.acc(ctx));
    let v = vector_shape(ctx, ctx.value_type(src))?;
    let mut reduced = vec![false; v.rank()];
    for d in m.reduction_dims(ctx) {
        *reduced.get_mut(*d as usize)? = true;
    }
    Some(Reduction { kind, src, acc, shape: v.shape.to_vec(), scalable: v.scalable.to_vec(), elem: v.elem, reduced })
}

/// `InnerOuterDimReductionConversion`.
fn inner_outer_dims(rw: &mut Rewriter<'_>, op: OpId, inner_reduction: bool) -> bool {
    let Some(r) = reduction(rw, op) else { return false };
    let rank = r.shape.len();
    let parallel: Vec<i64> = (0..rank as i64).filter(|d| !r.reduced[*d as usize]).collect();
    let reduction_dims: Vec<i64> = MultiReductionOp(op).reduction_dims(rw.ctx).to_vec();
    if parallel.is_empty() {
        return false;
    }
    let leading: Vec<i64> = (0..parallel.len() as i64).collect();
    let trailing: Vec<i64> = (reduction_dims.len() as i64..rank as i64).collect();
    if (inner_reduction && parallel == leading) || (!inner_reduction && parallel == trailing) {
        return false;
    }
    let perm: Vec<i64> = if inner_reduction {
        parallel.iter().chain(&reduction_dims).copied().collect()
    } else {
        reduction_dims.iter().chain(&parallel).copied().collect()
    };
    let (root, mask) = root_and_mask(rw, op);
    let permute = |rw: &mut Rewriter<'_>, v: Value| {
        let Some(s) = vector_shape(rw.ctx, rw.ctx.value_type(v)) else { return v };
        let (shape, scalable, elem) = (
            perm.iter().map(|p| s.shape[*p as usize]).collect(),
            perm.iter().map(|p| s.scalable[*p as usize]).collect(),
            s.elem,
        );
        let ty = vec_ty(rw, shape, scalable, elem);
        TransposeOp::create(rw, v, &perm, &[ty], vec![]).result(rw.ctx)
    };
    let new_mask = mask.map(|m| permute(rw, m));
    let transposed = permute(rw, r.src);
    let n = reduction_dims.len() as i64;
    let dims: Vec<i64> = if inner_reduction { (rank as i64 - n..rank as i64).collect() } else { (0..n).collect() };
    let new = new_multi_reduction(rw, &r.kind, transposed, r.acc, &dims);
    let result = mask_op(rw, new, new_mask);
    rw.replace_op(root, &[result]);
    true
}

/// `ReduceMultiDimReductionRank`.
fn reduce_rank(rw: &mut Rewriter<'_>, op: OpId, inner_reduction: bool) -> bool {
    let Some(r) = reduction(rw, op) else { return false };
    let rank = r.shape.len();
    if rank < 2 || r.scalable.iter().filter(|s| **s).count() > 1 {
        return false;
    }
    if rank == 2 && r.reduced[0] != r.reduced[1] {
        return false;
    }
    let (mut par, mut red) = (Vec::new(), Vec::new());
    let (mut par_shape, mut red_shape, mut par_scalable) = (Vec::new(), Vec::new(), Vec::new());
    let mut red_scalable = false;
    for d in 0..rank {
        if r.reduced[d] {
            red.push(d);
            red_shape.push(r.shape[d]);
            red_scalable |= r.scalable[d];
        } else {
            par.push(d);
            par_shape.push(r.shape[d]);
            par_scalable.push(r.scalable[d]);
        }
    }
    let flat_par: i64 = if par_shape.is_empty() { 0 } else { par_shape.iter().product() };
    let flat_red: i64 = if red_shape.is_empty() { 0 } else { red_shape.iter().product() };
    let start = if inner_reduction { 0 } else { red.len() };
    if par.iter().enumerate().any(|(i, d)| *d != start + i) {
        return false;
    }
    let par_is_scalable = par_scalable.contains(&true);
    let (mut mask_dims, mut shape, mut scalable) = (Vec::new(), Vec::new(), Vec::new());
    if flat_par != 0 {
        mask_dims.push(false);
        shape.push(flat_par);
        scalable.push(par_is_scalable);
    }
    if flat_red != 0 {
        mask_dims.push(true);
        shape.push(flat_red);
        scalable.push(red_scalable);
    }
    if !inner_reduction && shape.len() == 2 {
        mask_dims.swap(0, 1);
        shape.swap(0, 1);
        scalable.swap(0, 1);
    }
    let (root, mask) = root_and_mask(rw, op);
    let new_mask = mask.map(|m| {
        let i1 = rw.ctx.int_type(1);
        let ty = vec_ty(rw, shape.clone(), vec![false; shape.len()], i1);
        ShapeCastOp::create(rw, m, &[ty], vec![]).result(rw.ctx)
    });
    let cast_ty = vec_ty(rw, shape.clone(), scalable, r.elem);
    let cast = ShapeCastOp::create(rw, r.src, &[cast_ty], vec![]).result(rw.ctx);
    let mut acc = r.acc;
    if flat_par != 0 {
        let acc_ty = vec_ty(rw, vec![flat_par], vec![par_is_scalable], r.elem);
        acc = ShapeCastOp::create(rw, acc, &[acc_ty], vec![]).result(rw.ctx);
    }
    let dims: Vec<i64> = mask_dims.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| i as i64).collect();
    let new = new_multi_reduction(rw, &r.kind, cast, acc, &dims);
    let result = mask_op(rw, new, new_mask);
    if par_shape.is_empty() {
        rw.replace_op(root, &[result]);
        return true;
    }
    let out_ty = vec_ty(rw, par_shape, par_scalable, r.elem);
    let out = ShapeCastOp::create(rw, result, &[out_ty], vec![]).result(rw.ctx);
    rw.replace_op(root, &[out]);
    true
}

/// `OneDimMultiReductionToTwoDim`.
pub fn one_dim_to_two_dim(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(r) = reduction(rw, op) else { return false };
    if r.shape.len() != 1 || !r.reduced[0] {
        return false;
    }
    let (root, mask) = root_and_mask(rw, op);
    let cast_ty = vec_ty(rw, vec![1, r.shape[0]], vec![false, r.scalable[0]], r.elem);
    let acc_ty = vec_ty(rw, vec![1], vec![false], r.elem);
    let cast = ShapeCastOp::create(rw, r.src, &[cast_ty], vec![]).result(rw.ctx);
    let acc = BroadcastOp::create(rw, r.acc, &[acc_ty], vec![]).vector(rw.ctx);
    let new_mask = mask.map(|m| {
        let i1 = rw.ctx.int_type(1);
        let ty = vec_ty(rw, vec![1, r.shape[0]], vec![false, r.scalable[0]], i1);
        BroadcastOp::create(rw, m, &[ty], vec![]).vector(rw.ctx)
    });
    let new = new_multi_reduction(rw, &r.kind, cast, acc, &[1]);
    let result = mask_op(rw, new, new_mask);
    let scalar = ExtractOp::create(rw, result, &[], &[0], &[r.elem], vec![]).result(rw.ctx);
    rw.replace_op(root, &[scalar]);
    true
}

/// `TwoDimMultiReductionToElementWise` (`inner-parallel`).
pub fn two_dim_to_elementwise(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(r) = reduction(rw, op) else { return false };
    if r.shape.len() != 2 || r.reduced[1] || !r.reduced[0] {
        return false;
    }
    let float = rw.ctx.type_kind(r.elem).is_float();
    let Some(combiner) = super::vector::arith_combiner(&r.kind, float) else { return false };
    let (root, mask) = root_and_mask(rw, op);
    let row_ty = rw.ctx.value_type(r.acc);
    let mut result = r.acc;
    for i in 0..r.shape[0] {
        let row = ExtractOp::create(rw, r.src, &[], &[i], &[row_ty], vec![]).result(rw.ctx);
        let row_mask = mask.map(|m| {
            let i1 = rw.ctx.int_type(1);
            let ty = vec_ty(rw, vec![r.shape[1]], vec![r.scalable[1]], i1);
            ExtractOp::create(rw, m, &[], &[i], &[ty], vec![]).result(rw.ctx)
        });
        let combined = rw.op(combiner.name, &[row, result], &[row_ty], &[]);
        let combined = rw.ctx.result(combined, 0);
        result = match row_mask {
            Some(m) => SelectOp::create(rw, m, combined, result, &[row_ty], vec![]).result(rw.ctx),
            None => combined,
        };
    }
    rw.replace_op(root, &[result]);
    true
}

/// `TwoDimMultiReductionToReduction` (`inner-reduction`).
pub fn two_dim_to_reduction(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(r) = reduction(rw, op) else { return false };
    if r.shape.len() != 2 || r.reduced[0] || !r.reduced[1] {
        return false;
    }
    let (root, mask) = root_and_mask(rw, op);
    let dest_ty = rw.ctx.value_type(r.acc);
    let mut result = crate::dialects::arith::zero_here(rw, dest_ty);
    let row_ty = vec_ty(rw, vec![r.shape[1]], vec![r.scalable[1]], r.elem);
    for i in 0..r.shape[0] {
        let v = ExtractOp::create(rw, r.src, &[], &[i], &[row_ty], vec![]).result(rw.ctx);
        let acc = ExtractOp::create(rw, r.acc, &[], &[i], &[r.elem], vec![]).result(rw.ctx);
        let k = kind_attr(rw.ctx, &r.kind);
        let red = ReductionOp::create(rw, v, Some(acc), Some(k), None, &[r.elem], vec![]).0;
        let row_mask = mask.map(|m| {
            let i1 = rw.ctx.int_type(1);
            let ty = vec_ty(rw, vec![r.shape[1]], vec![r.scalable[1]], i1);
            ExtractOp::create(rw, m, &[], &[i], &[ty], vec![]).result(rw.ctx)
        });
        let reduced = mask_op(rw, red, row_mask);
        result = InsertOp::create(rw, reduced, result, &[], &[i], &[dest_ty], vec![]).result(rw.ctx);
    }
    rw.replace_op(root, &[result]);
    true
}

/// The two strategies' inner/outer-dim and flattening patterns.
pub fn inner_outer_dims_parallel(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    inner_outer_dims(rw, op, false)
}

/// See [`inner_outer_dims_parallel`].
pub fn inner_outer_dims_reduction(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    inner_outer_dims(rw, op, true)
}

/// See [`inner_outer_dims_parallel`].
pub fn reduce_rank_parallel(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    reduce_rank(rw, op, false)
}

/// See [`inner_outer_dims_parallel`].
pub fn reduce_rank_reduction(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    reduce_rank(rw, op, true)
}
