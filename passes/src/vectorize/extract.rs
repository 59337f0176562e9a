//! `tensor.extract` in the body of a structured op, as MLIR 22's
//! `vectorizeTensorExtract` builds it.
//!
//! An all-true mask, a zero pass-through and a zero base index come first
//! (whatever the access turns out to be, as 22 makes them), then by the
//! way the indices move with the loops:
//! - **gather** (the result is not a row, a leading index changes along
//!   the loops, or the trailing one does not walk the innermost non-unit
//!   loop by one): the indices linearized into one offset vector
//!   (`offset * dim + index`), then `vector.gather` (masked like the
//!   transfers when the vector sizes exceed the loops);
//! - **scalar broadcast** (no index changes): a `transfer_read` of the one
//!   element broadcast to the vector, under a `vector.constant_mask [1]`;
//! - **contiguous** (leading indices fixed, the trailing one is the
//!   innermost loop index plus fixed values): a `transfer_read` at the
//!   first lane's indices (a vector index taken at lane 0), its map the
//!   minor identity (leading zeros when the vector has more dims).
//!
//! Without `vectorize_nd_extract`, only extracts of one index qualify.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::attrs::{AttrKind, DenseData, DenseElement};
use tessel_ir::builder::Builder;
use tessel_ir::dialects::arith::{AddIOp, ConstantOp, MulIOp};
use tessel_ir::dialects::structured::{index_dim, IndexOp};
use tessel_ir::dialects::tensor::{DimOp, ExtractOp as TensorExtractOp};
use tessel_ir::dialects::vector::{
    bool_array_attr, scalable_vector_type, vector_shape, ConstantMaskOp, ExtractOp, GatherOp, ShapeCastOp,
    TransferReadOp,
};
use tessel_ir::types::TypeKind;
use tessel_ir::{BlockId, Context, OpId, Value};

use super::linalg::{broadcast_if_needed, mask_last, State};
use super::transfer::{index_here, poison_here};

/// How a `tensor.extract` reads across the loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    Gather,
    ScalarBroadcast,
    Contiguous,
}

/// Whether `op` is a `tensor.extract` the vectorizer takes (22's
/// `tensorExtractVectorizationPrecondition`).
pub(super) fn vectorizable(ctx: &Context, op: OpId, nd_extract: bool) -> bool {
    if !TensorExtractOp::isa(ctx, op) {
        return false;
    }
    let indices = &ctx.operands(op)[1..];
    if indices.len() != 1 && !nd_extract {
        return false;
    }
    let valid = |t| matches!(ctx.type_kind(t), TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Float(_));
    indices.first().is_none_or(|i| valid(ctx.value_type(*i))) && valid(ctx.value_type(ctx.result(op, 0)))
}

/// The vector the extract `op` of the body `body` gives, built at `b`;
/// `lookup` maps the body's values to their vectorized forms.
pub(super) fn vectorize(
    b: &mut Builder<'_>,
    state: &mut State,
    op: OpId,
    body: BlockId,
    lookup: &dyn Fn(Value) -> Value,
) -> Value {
    let all: Vec<usize> = (0..state.canonical.len()).collect();
    let source = b.ctx.operands(op)[0];
    let indices: Vec<Value> = b.ctx.operands(op)[1..].to_vec();
    let elem = b.ctx.value_type(b.ctx.result(op, 0));
    let result_ty = state.vector_over(b.ctx, &all, elem);
    let i1 = b.ctx.int_type(1);
    let mask_ty = state.vector_over(b.ctx, &all, i1);
    let all_true = splat(b, mask_ty, DenseElement::Int(1));
    let zero = match b.ctx.type_kind(elem) {
        TypeKind::Float(_) => DenseElement::Float(0),
        _ => DenseElement::Int(0),
    };
    let pass_thru = splat(b, result_ty, zero);
    let base = index_here(b, 0);
    let result_shape = state.canonical.clone();
    match access(b.ctx, &indices, source, body, state, &result_shape) {
        Access::Gather => {
            let offset = gather_offset(b, state, source, &indices, lookup);
            let bases = vec![base; indices.len()];
            let gather = GatherOp::create(b, source, &bases, offset, all_true, pass_thru, None, &[result_ty], vec![]);
            let value = gather.result(b.ctx);
            match state.mask_for(b, &all) {
                Some(mask) => mask_last(b, gather.op(), mask),
                None => value,
            }
        }
        kind => {
            let last = *result_shape.last().unwrap_or(&1);
            let last_scalable = state.scalable.last().copied().unwrap_or(false);
            let mut read_indices = Vec::with_capacity(indices.len());
            for i in &indices {
                let v = lookup(*i);
                if vector_shape(b.ctx, b.ctx.value_type(v)).is_none() {
                    read_indices.push(v);
                    continue;
                }
                let index = b.ctx.index_type();
                let row = scalable_vector_type(b.ctx, vec![last], vec![last_scalable], index);
                let cast = ShapeCastOp::create(b, v, &[row], vec![]).result(b.ctx);
                read_indices.push(ExtractOp::create(b, cast, &[], &[0], &[index], vec![]).result(b.ctx));
            }
            let dst_rank = result_shape.len();
            let src_rank = indices.len();
            let in_bounds = bool_array_attr(b.ctx, &vec![true; dst_rank]);
            let pad = poison_here(b, elem);
            // A broadcast of one element reads it at every lane; a row
            // reads the minor identity, with leading zeros for the vector's
            // extra dims.
            let results = if kind == Access::ScalarBroadcast {
                vec![AffineExpr::Const(0); dst_rank]
            } else {
                let kept = dst_rank.min(src_rank);
                let mut r: Vec<AffineExpr> = vec![AffineExpr::Const(0); dst_rank - kept];
                r.extend((src_rank - kept..src_rank).map(|d| AffineExpr::Dim(d as u32)));
                r
            };
            let map = AffineMap { num_dims: src_rank as u32, num_syms: 0, results };
            let ib = Some(in_bounds);
            let read =
                TransferReadOp::create(b, source, &read_indices, Some(pad), None, &map, ib, &[result_ty], vec![]);
            if kind == Access::ScalarBroadcast {
                let one = scalable_vector_type(b.ctx, vec![1], vec![false], i1);
                let mask = ConstantMaskOp::create(b, &[1], &[one], vec![]).result(b.ctx);
                return mask_last(b, read.op(), mask);
            }
            read.vector(b.ctx)
        }
    }
}

/// A splat constant of vector type `ty`.
fn splat(b: &mut Builder<'_>, ty: tessel_ir::Type, e: DenseElement) -> Value {
    let attr = b.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(e) });
    ConstantOp::create(b, Some(attr), &[ty], vec![]).result(b.ctx)
}

/// 22's `calculateGatherOffset`: the indices linearized over the source's
/// dims, each broadcast to the loops' index vector.
fn gather_offset(
    b: &mut Builder<'_>,
    state: &State,
    source: Value,
    indices: &[Value],
    lookup: &dyn Fn(Value) -> Value,
) -> Value {
    let all: Vec<usize> = (0..state.canonical.len()).collect();
    let index = b.ctx.index_type();
    let index_vec = state.vector_over(b.ctx, &all, index);
    let first = indices.first().map_or_else(|| index_here(b, 0), |i| lookup(*i));
    let mut offset = broadcast_if_needed(b, first, index_vec);
    for (i, idx) in indices.iter().enumerate().skip(1) {
        let d = index_here(b, i as i64);
        let dim = DimOp::create(b, source, d, &[index], vec![]).result(b.ctx);
        let dim = broadcast_if_needed(b, dim, index_vec);
        offset = MulIOp::create(b, offset, dim, None, None, &[index_vec], vec![]).result(b.ctx);
        let e = broadcast_if_needed(b, lookup(*idx), index_vec);
        offset = AddIOp::create(b, e, offset, None, None, &[index_vec], vec![]).result(b.ctx);
    }
    offset
}

/// 22's `getTensorExtractMemoryAccessPattern`.
fn access(ctx: &Context, indices: &[Value], source: Value, body: BlockId, state: &State, result: &[i64]) -> Access {
    let Some(shape) = ctx.value_type_kind(source).shape().map(<[i64]>::to_vec) else { return Access::Gather };
    if shape.is_empty() {
        return Access::ScalarBroadcast;
    }
    // Only a row (one non-unit dim) can be read contiguously.
    if result.iter().filter(|d| **d > 1).count() != 1 {
        return Access::Gather;
    }
    let Some((trailing, leading)) = indices.split_last() else { return Access::Gather };
    let leading_fixed =
        leading.iter().enumerate().all(|(i, v)| shape[i] == 1 || loop_invariant(ctx, *v, body, &state.static_sizes));
    if !leading_fixed {
        return Access::Gather;
    }
    if loop_invariant(ctx, *trailing, body, &state.static_sizes) {
        return Access::ScalarBroadcast;
    }
    let mut found_index = false;
    let contiguous = contiguous_index(ctx, *trailing, body, &state.static_sizes, &mut found_index);
    let row = result.last().is_some_and(|d| *d != 1);
    if contiguous && found_index && row {
        Access::Contiguous
    } else {
        Access::Gather
    }
}

/// The op of `body` that holds `op` (itself, or the body op it is nested
/// in), if `op` is inside the body.
fn ancestor_in(ctx: &Context, mut op: OpId, body: BlockId) -> Option<OpId> {
    loop {
        if ctx.op_block(op) == Some(body) {
            return Some(op);
        }
        op = ctx.parent_op(op)?;
    }
}

/// 22's `isLoopInvariantIdx`.
fn loop_invariant(ctx: &Context, v: Value, body: BlockId, sizes: &[i64]) -> bool {
    let Some(def) = ctx.defining_op(v) else { return !ctx.block_args(body).contains(&v) };
    if IndexOp::isa(ctx, def) {
        return index_dim(ctx, def).and_then(|d| sizes.get(d as usize)).is_some_and(|s| *s == 1);
    }
    let Some(ancestor) = ancestor_in(ctx, def, body) else { return true };
    if ConstantOp::isa(ctx, ancestor) {
        return true;
    }
    ctx.operands(ancestor).iter().all(|o| loop_invariant(ctx, *o, body, sizes))
}

/// 22's `isContiguousLoadIdx`: fixed values, the innermost non-unit loop's
/// index (which sets `found_index`), and sums of them.
fn contiguous_index(ctx: &Context, v: Value, body: BlockId, sizes: &[i64], found_index: &mut bool) -> bool {
    let Some(def) = ctx.defining_op(v) else { return !ctx.block_args(body).contains(&v) };
    if IndexOp::isa(ctx, def) {
        let trailing = (1..sizes.len()).rev().find(|d| sizes[*d] != 1).unwrap_or(0);
        *found_index = index_dim(ctx, def).is_some_and(|d| d as usize == trailing);
        return true;
    }
    let Some(ancestor) = ancestor_in(ctx, def, body) else { return false };
    if !(AddIOp::isa(ctx, ancestor) || ConstantOp::isa(ctx, ancestor) || IndexOp::isa(ctx, ancestor)) {
        return false;
    }
    let mut any = false;
    for o in ctx.operands(ancestor) {
        any |= contiguous_index(ctx, *o, body, sizes, found_index);
    }
    any
}
