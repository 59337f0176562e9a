//! `tensor.dim` of a static extent, a `tensor.empty` size, a slice's size
//! or a destination-style op's init, and slices that cover their whole
//! tensor.

use crate::dialects::pack::constant_int;
use crate::dialects::tensor::{slice_view, DimOp, EmptyOp, ExtractSliceOp, InsertSliceOp};
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::OpId;

/// `tensor.dim` of a static extent is a constant; of a dynamic extent of a
/// `tensor.empty`, its size operand; of a (not rank-reducing)
/// `tensor.extract_slice`, its size; of a result of a destination-style op
/// (pack, unpack, structured ops), the dim of the init it is tied to.
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
    let Some(def) = ctx.defining_op(src) else { return false };
    if ExtractSliceOp::isa(ctx, def) {
        let Some(p) = slice_view(ctx, def) else { return false };
        if p.sizes.0.len() != shape.len() {
            return false;
        }
        let before = p.sizes.0[..d as usize].iter().filter(|x| **x == DYNAMIC).count();
        let size = p.sizes.1[before];
        rw.replace_op(op, &[size]);
        return true;
    }
    let Some(init) = tied_init(ctx, def, src) else { return false };
    let index_ty = rw.ctx.index_type();
    let new = DimOp::create(rw, init, idx, &[index_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[new]);
    true
}

/// The init a result of a destination-style op is written into.
fn tied_init(ctx: &crate::Context, def: OpId, result: crate::Value) -> Option<crate::Value> {
    use crate::dialects::pack::{PackOp, UnPackOp};
    let r = ctx.results(def).iter().position(|v| *v == result)?;
    if PackOp::isa(ctx, def) || UnPackOp::isa(ctx, def) {
        return ctx.operands(def).get(1).copied();
    }
    crate::dialects::structured::structured(ctx, def)?.outputs.get(r).copied()
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
