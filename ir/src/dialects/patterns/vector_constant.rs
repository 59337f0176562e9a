//! Constant folds of `vector.extract` and `vector.insert`, as MLIR 22's
//! `fold` hooks make them (`foldDenseElementsAttrSrcExtractOp`,
//! `foldDenseElementsAttrDestInsertOp`): the mask lowerings build masks
//! out of constant pieces and rely on them to end as one constant.

use super::constants::{ctx_dense, elements, replace_with_constant, scalar_element};
use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::ConstantOp;
use crate::dialects::vector::{vector_shape, ConstantMaskOp, ExtractOp, InsertOp, ShapeCastOp, TransposeOp};
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Type, Value};

/// A vector insert into a constant of more elements than this folds only
/// when the insert has one use (MLIR's `vectorSizeFoldThreshold`).
const INSERT_FOLD_THRESHOLD: i64 = 256;

/// The type and elements of the `dense` constant `v` (hex data decoded).
pub(crate) fn dense_of(ctx: &Context, v: Value) -> Option<(Type, DenseData)> {
    let c = ConstantOp::defining(ctx, v)?;
    match ctx.attr_kind(c.value(ctx)?) {
        AttrKind::Dense { ty, data: DenseData::Hex(h) } => {
            let n = vector_shape(ctx, *ty)?.num_elements() as usize;
            let elem = ctx.type_kind(*ty).element_type()?;
            Some((*ty, crate::dense_hex::decode(ctx, elem, h, n)?))
        }
        AttrKind::Dense { ty, data } => Some((*ty, data.clone())),
        _ => None,
    }
}

/// The row-major offset of the static position `pos` (a prefix of the
/// dims of `shape`) and the number of elements under it; `None` when a
/// position is out of range.
fn slice_at(shape: &[i64], pos: &[i64]) -> Option<(usize, usize)> {
    let mut offset = 0usize;
    for (d, p) in pos.iter().enumerate() {
        if *p < 0 || *p >= shape[d] {
            return None;
        }
        offset = offset * shape[d] as usize + *p as usize;
    }
    let count: usize = shape[pos.len()..].iter().map(|d| *d as usize).product();
    Some((offset * count, count))
}

/// A scalar element as the attribute of a scalar constant of type `ty`.
fn scalar_attr(rw: &mut Rewriter<'_>, e: DenseElement, ty: Type) -> crate::Attr {
    match e {
        DenseElement::Int(v) => rw.ctx.int_attr(v, ty),
        DenseElement::Float(bits) => rw.ctx.attr(AttrKind::Float { bits, ty }),
    }
}

/// `ExtractOp::fold` of a constant: an extract of a splat is the splat's
/// value (at any position); an extract at a static position of a constant
/// with distinct elements is the constant piece there.
pub fn fold_extract_of_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let e = ExtractOp(op);
    let Some((ty, data)) = dense_of(ctx, e.source(ctx)) else { return false };
    let Some(v) = vector_shape(ctx, ty) else { return false };
    if v.is_scalable() {
        return false;
    }
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let scalar_result = vector_shape(ctx, result_ty).is_none();
    let piece = match data {
        DenseData::Splat(x) => vec![x],
        _ => {
            if !e.dynamic_position(ctx).is_empty() {
                return false;
            }
            let Some((offset, count)) = slice_at(v.shape, e.static_position(ctx)) else { return false };
            let Some(all) = elements(&data, v.num_elements() as usize) else { return false };
            all[offset..offset + count].to_vec()
        }
    };
    let attr = if scalar_result { scalar_attr(rw, piece[0], result_ty) } else { ctx_dense(rw, result_ty, piece) };
    replace_with_constant(rw, op, attr);
    true
}

/// `InsertOp::fold` of constants: a constant inserted at a static position
/// into a constant vector is one constant (for a vector of more than 256
/// elements only when the insert has one use, as MLIR limits it).
pub fn fold_insert_of_constants(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ins = InsertOp(op);
    if !ins.dynamic_position(ctx).is_empty() {
        return false;
    }
    let Some((dest_ty, dest)) = dense_of(ctx, ins.dest(ctx)) else { return false };
    let Some(v) = vector_shape(ctx, dest_ty) else { return false };
    if v.is_scalable() || (v.num_elements() > INSERT_FOLD_THRESHOLD && ctx.uses(ctx.result(op, 0)).len() != 1) {
        return false;
    }
    let Some((offset, count)) = slice_at(v.shape, ins.static_position(ctx)) else { return false };
    let value = ins.value_to_store(ctx);
    let inserted = match scalar_element(ctx, value) {
        Some(x) => vec![x],
        None => {
            let Some((_, data)) = dense_of(ctx, value) else { return false };
            let Some(xs) = elements(&data, count) else { return false };
            xs
        }
    };
    let Some(mut all) = elements(&dest, v.num_elements() as usize) else { return false };
    if inserted.len() != count {
        return false;
    }
    all[offset..offset + count].copy_from_slice(&inserted);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let attr = ctx_dense(rw, result_ty, all);
    replace_with_constant(rw, op, attr);
    true
}

/// `ShapeCastOp::fold` of a constant: the constant's elements, reshaped.
pub fn fold_shape_cast_of_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some((_, data)) = dense_of(ctx, ShapeCastOp(op).source(ctx)) else { return false };
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let attr = rw.ctx.attr(AttrKind::Dense { ty: result_ty, data });
    replace_with_constant(rw, op, attr);
    true
}

/// `ConstantMaskOp::fold`: a mask of the whole vector is a `dense<true>`
/// constant, one of nothing a `dense<false>` (a 0-d mask by its one size).
pub fn fold_constant_mask(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(v) = vector_shape(ctx, ty) else { return false };
    let sizes = ConstantMaskOp(op).mask_dim_sizes(ctx);
    let value = if v.rank() == 0 {
        sizes.first() == Some(&1)
    } else if sizes == v.shape {
        true
    } else if sizes.iter().all(|s| *s == 0) {
        false
    } else {
        return false;
    };
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(DenseElement::Int(value as i128)) });
    replace_with_constant(rw, op, attr);
    true
}

/// `TransposeOp::fold` of a splat constant: the splat of the result type.
pub fn fold_transpose_of_splat(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some((_, DenseData::Splat(x))) = dense_of(ctx, TransposeOp(op).vector(ctx)) else { return false };
    let ty = ctx.value_type(ctx.result(op, 0));
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(x) });
    replace_with_constant(rw, op, attr);
    true
}
