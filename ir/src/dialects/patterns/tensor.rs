//! `tensor.dim` of a static extent or a `tensor.empty` size, and slices
//! that cover their whole tensor.

use crate::dialects::pack::constant_int;
use crate::dialects::tensor::{slice_view, DimOp, EmptyOp, ExtractSliceOp, InsertSliceOp};
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::OpId;

/// `tensor.dim` of a static extent is a constant; of a dynamic extent of a
/// `tensor.empty`, its size operand.
pub fn fold_dim(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dim = DimOp(op);
    let (src, idx) = (dim.source(ctx), dim.index(ctx));
    let Some(d) = constant_int(ctx, idx) else { return false };
    let Some(shape) = ctx.value_type_kind(src).shape() else { return false };
    let Some(&extent) = usize::try_from(d).ok().and_then(|d| shape.get(d)) else { return false };
    if extent != DYNAMIC {
        rw.replace_op_with_constant(op, extent);
        return true;
    }
    if let Some(empty) = EmptyOp::defining(ctx, src) {
        let before = shape[..d as usize].iter().filter(|x| **x == DYNAMIC).count();
        let size = empty.dynamic_sizes(ctx)[before];
        rw.replace_op(op, &[size]);
        return true;
    }
    false
}

/// An extract or insert slice at offset 0 with unit strides covering a
/// whole static tensor is its source.
pub fn fold_noop_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(p) = slice_view(ctx, op) else { return false };
    let (src, full) = if let Some(e) = ExtractSliceOp::cast(ctx, op) {
        (e.source(ctx), ctx.value_type(e.source(ctx)))
    } else {
        let i = InsertSliceOp(op);
        (i.source(ctx), ctx.value_type(i.dest(ctx)))
    };
    let Some(full_shape) = ctx.type_kind(full).shape() else { return false };
    let whole = p.offsets.0.iter().all(|o| *o == 0)
        && p.strides.0.iter().all(|s| *s == 1)
        && p.sizes.0 == full_shape
        && !full_shape.contains(&DYNAMIC)
        && ctx.value_type(src) == full;
    if !whole {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}
