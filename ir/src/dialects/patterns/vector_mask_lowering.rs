//! MLIR 22's mask lowerings:
//!
//! - `transform.apply_patterns.vector.lower_masks`
//!   (`populateVectorMaskOpLoweringPatterns`): an n-D `vector.create_mask`
//!   becomes a mask of one rank less selected by `arith.cmpi` per row and
//!   inserted into a zero mask; a `vector.constant_mask` becomes an
//!   `arith.constant` (1-D and 0-D) or inserts of the lower-rank mask into
//!   a zero constant, which the insert folds make one constant;
//! - `transform.apply_patterns.vector.lower_masked_transfers`
//!   (`populateVectorMaskLoweringPatternsForSideEffectingOps`): a
//!   `vector.mask` around a `transfer_read` / `transfer_write` / `gather`
//!   is that op with the mask as its operand.

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::{CmpIOp, ConstantOp, SelectOp};
use crate::dialects::vector::{
    vector_shape, ConstantMaskOp, CreateMaskOp, GatherOp, InsertOp, MaskOp, TransferReadOp, TransferWriteOp, YieldOp,
};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{OpId, Type, Value};

/// `ty` with its leading dim dropped.
fn drop_leading_dim(rw: &mut Rewriter<'_>, ty: Type) -> Option<Type> {
    let v = vector_shape(rw.ctx, ty)?;
    let (shape, scalable, elem) = (v.shape[1..].to_vec(), v.scalable[1..].to_vec(), v.elem);
    Some(rw.ctx.ty(TypeKind::Vector { shape, scalable, elem }))
}

/// An `arith.constant` of the `i1` vector type `ty` at the insertion point,
/// every element `value` (MLIR's zero attribute when false).
fn bool_splat(rw: &mut Rewriter<'_>, ty: Type, value: bool) -> Value {
    let a = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(DenseElement::Int(value as i128)) });
    ConstantOp::create(rw, Some(a), &[ty], vec![]).result(rw.ctx)
}

/// `CreateMaskOpLowering`: an n-D `create_mask` (n > 1, leading dim not
/// scalable) is unrolled over its leading dim.
pub fn lower_create_mask(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(v) = vector_shape(ctx, ty) else { return false };
    if v.rank() <= 1 || v.scalable[0] {
        return false;
    }
    let rows = v.shape[0];
    let bounds: Vec<Value> = ctx.operands(op).to_vec();
    let Some(low_ty) = drop_leading_dim(rw, ty) else { return false };
    rw.set_insertion_point_before(op);
    let row_mask = CreateMaskOp::create(rw, &bounds[1..], &[low_ty], vec![]).result(rw.ctx);
    let row_false = bool_splat(rw, low_ty, false);
    let mut result = bool_splat(rw, ty, false);
    let (index, i1, i64t) = (rw.ctx.index_type(), rw.ctx.int_type(1), rw.ctx.int_type(64));
    let slt = rw.ctx.int_attr(2, i64t);
    for d in 0..rows {
        let at = rw.int_const_here(d as i128, index);
        let inside = CmpIOp::create(rw, at, bounds[0], Some(slt), &[i1], vec![]).result(rw.ctx);
        let row = SelectOp::create(rw, inside, row_mask, row_false, &[low_ty], vec![]).result(rw.ctx);
        result = InsertOp::create(rw, row, result, &[], &[d], &[ty], vec![]).result(rw.ctx);
    }
    rw.replace_op(op, &[result]);
    true
}

/// `ConstantMaskOpLowering`.
pub fn lower_constant_mask(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(v) = vector_shape(ctx, ty) else { return false };
    let sizes = ConstantMaskOp(op).mask_dim_sizes(ctx).to_vec();
    let (rank, shape, leading_scalable) = (v.rank(), v.shape.to_vec(), v.scalable.first().copied().unwrap_or(false));
    let Some(&set) = sizes.first() else { return false };
    rw.set_insertion_point_before(op);
    if rank <= 1 {
        // 0-D: `[1]` is true; 1-D: the first `set` elements are.
        let full = rank == 0 || set == 0 || set == shape[0];
        let c = if full {
            bool_splat(rw, ty, if rank == 0 { set == 1 } else { set != 0 })
        } else {
            let values = (0..shape[0]).map(|i| DenseElement::Int((i < set) as i128)).collect();
            let a = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Elements(values) });
            ConstantOp::create(rw, Some(a), &[ty], vec![]).result(rw.ctx)
        };
        rw.replace_op(op, &[c]);
        return true;
    }
    if leading_scalable {
        return false;
    }
    let Some(low_ty) = drop_leading_dim(rw, ty) else { return false };
    let row = ConstantMaskOp::create(rw, &sizes[1..], &[low_ty], vec![]).result(rw.ctx);
    let mut result = bool_splat(rw, ty, false);
    for d in 0..set {
        result = InsertOp::create(rw, row, result, &[], &[d], &[ty], vec![]).result(rw.ctx);
    }
    rw.replace_op(op, &[result]);
    true
}

/// The op a `vector.mask` masks, if it has one.
fn masked_op(rw: &Rewriter<'_>, op: OpId) -> Option<OpId> {
    let ctx = &*rw.ctx;
    let block = ctx.blocks(MaskOp(op).mask_region(ctx)).first().copied()?;
    match ctx.block_ops(block).collect::<Vec<_>>()[..] {
        [masked, y] if YieldOp::isa(ctx, y) => Some(masked),
        _ => None,
    }
}

/// `MaskedTransferReadOpPattern`, `MaskedTransferWriteOpPattern` and
/// `MaskedGatherOpPattern`: the masked op, rebuilt with the mask as its
/// own operand, replaces the `vector.mask` (a read under a mask with a
/// pass-through value stays: the read's padding is a scalar).
pub fn lower_masked_transfer(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = masked_op(rw, op) else { return false };
    let ctx = &*rw.ctx;
    let m = MaskOp(op);
    let (mask, passthru) = (m.mask(ctx), m.passthru(ctx));
    let result_types: Vec<Type> = ctx.results(inner).iter().map(|r| ctx.value_type(*r)).collect();
    let map = match ctx.get_attr(inner, "permutation_map").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::AffineMap(m)) => Some(m.clone()),
        _ => None,
    };
    let in_bounds = ctx.get_attr(inner, "in_bounds");
    let (is_read, is_write, is_gather) =
        (TransferReadOp::isa(ctx, inner), TransferWriteOp::isa(ctx, inner), GatherOp::isa(ctx, inner));
    rw.set_insertion_point_before(op);
    let new = match (is_read, is_write, is_gather, map) {
        (true, _, _, Some(map)) if passthru.is_none() => {
            let r = TransferReadOp(inner);
            let (base, indices, padding) = (r.base(rw.ctx), r.indices(rw.ctx).to_vec(), r.padding(rw.ctx));
            TransferReadOp::create(rw, base, &indices, padding, Some(mask), &map, in_bounds, &result_types, vec![]).0
        }
        (_, true, _, Some(map)) => {
            let w = TransferWriteOp(inner);
            let (value, base, indices) = (w.value_to_store(rw.ctx), w.base(rw.ctx), w.indices(rw.ctx).to_vec());
            TransferWriteOp::create(rw, value, base, &indices, Some(mask), &map, in_bounds, &result_types, vec![]).0
        }
        (_, _, true, _) => {
            let g = GatherOp(inner);
            let (base, indices, index_vec, alignment) =
                (g.base(rw.ctx), g.indices(rw.ctx).to_vec(), g.index_vec(rw.ctx), g.alignment(rw.ctx));
            let pass = match passthru {
                Some(p) => p,
                None => crate::dialects::arith::zero_here(rw, result_types[0]),
            };
            GatherOp::create(rw, base, &indices, index_vec, mask, pass, alignment, &result_types, vec![]).0
        }
        _ => return false,
    };
    let results: Vec<Value> = rw.ctx.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// The op a rewrite of a maskable op replaces (the `vector.mask` around
/// it, when masked: MLIR's `MaskableOpRewritePattern`) and the mask, if any;
/// the insertion point is set before it.
pub(crate) fn root_and_mask(rw: &mut Rewriter<'_>, op: OpId) -> (OpId, Option<Value>) {
    let ctx = &*rw.ctx;
    match ctx.parent_op(op).filter(|p| MaskOp::isa(ctx, *p)) {
        Some(m) => {
            let mask = MaskOp(m).mask(ctx);
            rw.set_insertion_point_before(m);
            (m, Some(mask))
        }
        None => {
            rw.set_insertion_point_before(op);
            (op, None)
        }
    }
}

/// `maskOperation`: `op` moved into a `vector.mask %mask` made at the
/// insertion point; the mask's result.
pub(crate) fn mask_op(rw: &mut Rewriter<'_>, op: OpId, mask: Option<Value>) -> Value {
    let Some(mask) = mask else { return rw.ctx.result(op, 0) };
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let (region, block, _) = rw.region_with_block(&[]);
    let m = MaskOp::create(rw, mask, None, &[ty], vec![region]);
    let r = rw.ctx.result(op, 0);
    let saved = rw.ip;
    rw.ip = crate::builder::InsertPoint::End(block);
    let y = YieldOp::create(rw, &[r], &[], vec![]);
    rw.ip = saved;
    rw.move_op_before(op, y.0);
    rw.ctx.result(m.op(), 0)
}
