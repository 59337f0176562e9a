//! MLIR 22's transfer lowering (`populateVectorTransferLoweringPatterns`,
//! `transform.apply_patterns.vector.lower_transfer max_transfer_rank = N`):
//! a `transfer_read` / `transfer_write` of a memref whose innermost dim
//! has unit stride, that stays in bounds and whose map is a minor identity
//! (a read may broadcast) becomes `vector.load` / `vector.store`, or
//! `vector.maskedload` / `vector.maskedstore` under a mask; a broadcasting
//! read loads the unbroadcast vector and broadcasts it; masked transfers
//! lower only when 1-D. Vectors of a rank
//! above the rewriter's `max_transfer_rank` stay transfers.

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::dialects::memref::layout::strides_and_offset;
use crate::dialects::vector::{
    vector_shape, BroadcastOp, LoadOp, MaskedLoadOp, MaskedStoreOp, StoreOp, TransferReadOp, TransferView,
    TransferWriteOp,
};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

/// The transfer's permutation map.
fn permutation_map(ctx: &Context, op: OpId) -> Option<AffineMap> {
    match ctx.attr_kind(ctx.get_attr(op, "permutation_map")?) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

/// The vector dims a minor-identity-with-broadcasting map broadcasts;
/// `None` when the map is not one.
fn broadcast_dims(map: &AffineMap) -> Option<Vec<usize>> {
    let (n, r) = (map.num_dims as usize, map.results.len());
    if r > n {
        return None;
    }
    let mut dims = Vec::new();
    for (i, e) in map.results.iter().enumerate() {
        match e {
            AffineExpr::Const(0) => dims.push(i),
            AffineExpr::Dim(d) if *d as usize == n - r + i => {}
            _ => return None,
        }
    }
    Some(dims)
}

/// Whether `view` reads or writes a memref of `vector_type`'s element type
/// whose innermost dim has unit stride (`isLastMemrefDimUnitStride`), every
/// dim in bounds (broadcast dims are).
fn loadable(ctx: &Context, view: &TransferView, max_rank: Option<usize>) -> bool {
    let base_ty = ctx.value_type(view.base);
    let TypeKind::MemRef { shape, elem, .. } = ctx.type_kind(base_ty) else { return false };
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    if max_rank.is_some_and(|m| v.rank() > m) || *elem != v.elem {
        return false;
    }
    let unit_stride =
        shape.is_empty() || strides_and_offset(ctx, base_ty).is_some_and(|s| s.strides.last() == Some(&1));
    unit_stride && view.dims.iter().zip(&view.in_bounds).all(|(d, ib)| d.is_none() || *ib)
}

/// `TransferReadToVectorLoadLowering`.
pub fn transfer_read_to_load(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !TransferReadOp::isa(ctx, op) {
        return false;
    }
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(bcast) = permutation_map(ctx, op).as_ref().and_then(broadcast_dims) else { return false };
    if !loadable(ctx, &view, rw.max_transfer_rank) {
        return false;
    }
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    // A masked load is 1-D (the rest is left to VectorToSCF).
    if view.mask.is_some() && v.rank() != 1 {
        return false;
    }
    let mut shape = v.shape.to_vec();
    for d in &bcast {
        shape[*d] = 1;
    }
    let (scalable, elem) = (v.scalable.to_vec(), v.elem);
    let padding = TransferReadOp(op).padding(ctx);
    let load_ty: Type = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
    rw.set_insertion_point_before(op);
    let loaded = match (view.mask, padding) {
        (Some(mask), Some(pad)) => {
            let fill = BroadcastOp::create(rw, pad, &[load_ty], vec![]).vector(rw.ctx);
            MaskedLoadOp::create(rw, view.base, &view.indices, mask, fill, None, &[load_ty], vec![]).result(rw.ctx)
        }
        (Some(_), None) => return false,
        (None, _) => LoadOp::create(rw, view.base, &view.indices, None, None, &[load_ty], vec![]).result(rw.ctx),
    };
    let result = if bcast.is_empty() {
        loaded
    } else {
        BroadcastOp::create(rw, loaded, &[view.vector_type], vec![]).vector(rw.ctx)
    };
    rw.replace_op(op, &[result]);
    true
}

/// `TransferWriteToVectorStoreLowering`.
pub fn transfer_write_to_store(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !TransferWriteOp::isa(ctx, op) {
        return false;
    }
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let minor_identity = permutation_map(ctx, op).as_ref().and_then(broadcast_dims).is_some_and(|b| b.is_empty());
    if !minor_identity || !loadable(ctx, &view, rw.max_transfer_rank) {
        return false;
    }
    if view.mask.is_some() && vector_shape(ctx, view.vector_type).is_some_and(|v| v.rank() != 1) {
        return false;
    }
    let value = TransferWriteOp(op).value_to_store(ctx);
    rw.set_insertion_point_before(op);
    match view.mask {
        Some(mask) => {
            MaskedStoreOp::create(rw, view.base, &view.indices, mask, value, None, &[], vec![]);
        }
        None => {
            StoreOp::create(rw, value, view.base, &view.indices, None, None, &[], vec![]);
        }
    }
    rw.erase_op(op);
    true
}
