//! The constant folds of the arith casts, as MLIR 22's `fold` hooks
//! (`constFoldCastOp`): `index_cast` / `index_castui`, `extsi` / `extui` /
//! `trunci`, `sitofp` / `uitofp` (round to nearest even), `fptosi` /
//! `fptoui` (toward zero; not folded when the value does not fit or is
//! NaN), `extf` / `truncf` (folded only when exact), on scalars and on
//! `dense` vectors; and the folds of casts of casts (`extsi(extsi(x))`,
//! `trunci(extsi(x))`, `index_cast(index_cast(x))`, `truncf(sitofp(x))`).

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::*;
use crate::float::round_to_type;
use crate::registry::OpDef;
use crate::rewriter::Rewriter;
use crate::types::{FloatKind, TypeKind};
use crate::{Context, OpId, Type};

/// A scalar type as a cast sees it.
#[derive(Copy, Clone)]
enum Scalar {
    /// An integer (or index: 64 bits) of this width.
    Int(u32),
    Float(FloatKind),
}

fn scalar(ctx: &Context, t: Type) -> Option<Scalar> {
    match ctx.type_kind(t) {
        TypeKind::Index => Some(Scalar::Int(64)),
        TypeKind::Integer { width, .. } if (1..=64).contains(width) => Some(Scalar::Int(*width)),
        TypeKind::Float(k) => Some(Scalar::Float(*k)),
        _ => None,
    }
}

/// The element type of a scalar or vector type.
fn element_of(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Vector { elem, .. } => *elem,
        _ => t,
    }
}

/// `v` truncated to `w` bits and sign-extended back.
fn wrap(v: i128, w: u32) -> i128 {
    let shift = 128 - w;
    (v << shift) >> shift
}

/// The `w` low bits of `v`, unsigned.
fn unsigned(v: i128, w: u32) -> i128 {
    v & ((1i128 << w) - 1)
}

/// An integer as a float of kind `k`, rounded once to nearest even
/// (`APFloat::convertFromAPInt`); too large for the type: infinity.
fn int_to_float(v: i128, k: FloatKind) -> Option<f64> {
    let precision = match k {
        FloatKind::F64 => return Some(v as f64),
        FloatKind::F32 => return Some(f64::from(v as f32)),
        FloatKind::F16 | FloatKind::TF32 => 11,
        FloatKind::BF16 => 8,
        _ => return None,
    };
    let magnitude = v.unsigned_abs();
    let bits = 128 - magnitude.leading_zeros();
    let rounded = if bits <= precision {
        magnitude
    } else {
        let shift = bits - precision;
        let (q, rem, half) = (magnitude >> shift, magnitude & ((1u128 << shift) - 1), 1u128 << (shift - 1));
        let q = if rem > half || (rem == half && q & 1 == 1) { q + 1 } else { q };
        q << shift
    };
    // Exact in f64 (at most `precision + 1` significant bits), then only
    // the type's range can change it.
    let f = rounded as f64;
    Some(round_to_type(if v < 0 { -f } else { f }, k))
}

/// A float truncated toward zero, if it fits a `w`-bit integer.
fn float_to_int(v: f64, w: u32, signed: bool) -> Option<i128> {
    if !v.is_finite() {
        return None;
    }
    let t = v.trunc();
    let (lo, hi) = if signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, (1i128 << w) - 1) };
    // Compared as integers: `hi as f64` may round up past `hi`.
    if t.abs() >= 2f64.powi(126) {
        return None;
    }
    let i = t as i128;
    if i < lo || i > hi {
        return None;
    }
    Some(if signed { i } else { wrap(i, w) })
}

/// One element through the cast `def` from `from` to `to` (an `i1`
/// result as 0 or 1, as MLIR stores booleans).
fn convert(def: &OpDef, from: Scalar, to: Scalar, e: DenseElement) -> Option<DenseElement> {
    match (to, convert_raw(def, from, to, e)?) {
        (Scalar::Int(1), DenseElement::Int(v)) => Some(DenseElement::Int(v & 1)),
        (_, r) => Some(r),
    }
}

fn convert_raw(def: &OpDef, from: Scalar, to: Scalar, e: DenseElement) -> Option<DenseElement> {
    let is = |d: &OpDef| std::ptr::eq(def, d);
    match (from, to, e) {
        (Scalar::Int(fw), Scalar::Int(tw), DenseElement::Int(v)) => {
            let v = wrap(v, fw);
            if is(&INDEX_CAST) || is(&EXTSI) || is(&TRUNCI) {
                Some(DenseElement::Int(wrap(v, tw)))
            } else if is(&INDEX_CASTUI) || is(&EXTUI) {
                Some(DenseElement::Int(wrap(unsigned(v, fw), tw)))
            } else {
                None
            }
        }
        (Scalar::Int(fw), Scalar::Float(k), DenseElement::Int(v)) => {
            let v = if is(&SITOFP) {
                wrap(v, fw)
            } else if is(&UITOFP) {
                unsigned(v, fw)
            } else {
                return None;
            };
            int_to_float(v, k).map(|f| DenseElement::Float(f.to_bits()))
        }
        (Scalar::Float(_), Scalar::Int(tw), DenseElement::Float(bits)) => {
            let signed = if is(&FPTOSI) {
                true
            } else if is(&FPTOUI) {
                false
            } else {
                return None;
            };
            float_to_int(f64::from_bits(bits), tw, signed).map(DenseElement::Int)
        }
        (Scalar::Float(_), Scalar::Float(k), DenseElement::Float(bits)) => {
            let v = f64::from_bits(bits);
            if !(is(&EXTF) || is(&TRUNCF)) {
                return None;
            }
            if v.is_nan() {
                return Some(DenseElement::Float(f64::NAN.to_bits()));
            }
            // MLIR folds only an exact conversion (`convertFloatValue`).
            let r = round_to_type(v, k);
            (r == v).then(|| DenseElement::Float(r.to_bits()))
        }
        _ => None,
    }
}

/// The cast ops that fold.
fn is_cast(def: &OpDef) -> bool {
    [&INDEX_CAST, &INDEX_CASTUI, &EXTSI, &EXTUI, &TRUNCI, &SITOFP, &UITOFP, &FPTOSI, &FPTOUI, &EXTF, &TRUNCF]
        .iter()
        .any(|d| std::ptr::eq(*d, def))
}

/// Folds a cast of a constant.
pub fn fold_cast_of_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(def) = ctx.def_of(op).filter(|d| is_cast(d)) else { return false };
    // A cast with a rounding mode other than the default is left alone.
    if ctx.get_attr(op, "roundingmode").is_some() {
        return false;
    }
    let [src] = ctx.operands(op) else { return false };
    let Some(c) = ConstantOp::defining(ctx, *src).and_then(|c| c.value(ctx)) else {
        return super::arith::fold_poison_operand(rw, op);
    };
    let to_ty = ctx.value_type(ctx.result(op, 0));
    let (Some(from), Some(to)) =
        (scalar(ctx, element_of(ctx, ctx.value_type(*src))), scalar(ctx, element_of(ctx, to_ty)))
    else {
        return false;
    };
    let attr = match ctx.attr_kind(c).clone() {
        AttrKind::Bool(b) => match convert(def, from, to, DenseElement::Int(i128::from(b))) {
            Some(DenseElement::Int(v)) => AttrKind::Integer { value: v, ty: to_ty },
            Some(DenseElement::Float(bits)) => AttrKind::Float { bits, ty: to_ty },
            None => return false,
        },
        AttrKind::Integer { value, .. } => match convert(def, from, to, DenseElement::Int(value)) {
            Some(DenseElement::Int(v)) => AttrKind::Integer { value: v, ty: to_ty },
            Some(DenseElement::Float(bits)) => AttrKind::Float { bits, ty: to_ty },
            None => return false,
        },
        AttrKind::Float { bits, .. } => match convert(def, from, to, DenseElement::Float(bits)) {
            Some(DenseElement::Int(v)) => AttrKind::Integer { value: v, ty: to_ty },
            Some(DenseElement::Float(bits)) => AttrKind::Float { bits, ty: to_ty },
            None => return false,
        },
        AttrKind::Dense { data: DenseData::Splat(e), .. } => match convert(def, from, to, e) {
            Some(e) => AttrKind::Dense { ty: to_ty, data: DenseData::Splat(e) },
            None => return false,
        },
        AttrKind::Dense { data: DenseData::Elements(items), .. } => {
            let Some(items) = items.iter().map(|e| convert(def, from, to, *e)).collect::<Option<Vec<_>>>() else {
                return false;
            };
            AttrKind::Dense { ty: to_ty, data: super::constants::dense_data(items) }
        }
        _ => return false,
    };
    let attr = rw.ctx.attr(attr);
    rw.set_insertion_point_before(op);
    let v = ConstantOp::create(rw, Some(attr), &[to_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}

/// The folds and canonical patterns of a cast of a cast, as MLIR 22's:
/// `extsi(extsi(x))` / `extui(extui(x))` extend `x` at once and
/// `extsi(extui(x))` is `extui(x)`;
/// `trunci(extsi(x))` / `trunci(extui(x))` is `x` (or a narrower extension
/// or a truncation of it) and `trunci(trunci(x))` one truncation;
/// `index_cast(index_cast(x))` (and `index_castui`) of `x`'s own type is
/// `x`, `index_cast(extsi(x))` casts `x` (`index_castui(extui(x))` too); `truncf(sitofp(x))` / `truncf(uitofp(x))` converts to the narrow
/// type at once; `truncf(extf(x))` is `x` of the same type, or a
/// truncation of `x` when `x` is wider than the result.
pub fn fold_cast_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if super::complex::merge_arith_bitcast(rw, op) {
        return true;
    }
    let ctx = &*rw.ctx;
    let Some(def) = ctx.def_of(op) else { return false };
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let [src] = ctx.operands(op) else { return false };
    let Some(inner) = ctx.defining_op(*src) else { return false };
    let Some(inner_def) = ctx.def_of(inner) else { return false };
    let inner_is = |d: &OpDef| std::ptr::eq(inner_def, d);
    let [x] = ctx.operands(inner) else { return false };
    let x = *x;
    let (x_ty, ty) = (ctx.value_type(x), ctx.value_type(ctx.result(op, 0)));
    let width = |t: Type| match ctx.type_kind(element_of(ctx, t)) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    if (is(&EXTSI) && inner_is(&EXTSI)) || (is(&EXTUI) && inner_is(&EXTUI)) {
        rw.set_operand(op, 0, x);
        return true;
    }
    if is(&EXTSI) && inner_is(&EXTUI) {
        // The zero-extended value is non-negative: one zero extension.
        rw.set_insertion_point_before(op);
        let r = rw.op(EXTUI.name, &[x], &[ty], &[]);
        let v = rw.ctx.result(r, 0);
        rw.replace_op(op, &[v]);
        return true;
    }
    if (is(&INDEX_CAST) && inner_is(&EXTSI)) || (is(&INDEX_CASTUI) && inner_is(&EXTUI)) {
        rw.set_operand(op, 0, x);
        return true;
    }
    if (is(&INDEX_CAST) && inner_is(&INDEX_CAST)) || (is(&INDEX_CASTUI) && inner_is(&INDEX_CASTUI)) {
        if x_ty != ty {
            return false;
        }
        rw.replace_op(op, &[x]);
        return true;
    }
    if is(&TRUNCI) && (inner_is(&EXTSI) || inner_is(&EXTUI)) {
        let (Some(xw), Some(w)) = (width(x_ty), width(ty)) else { return false };
        if xw == w {
            rw.replace_op(op, &[x]);
            return true;
        }
        if xw > w {
            rw.set_operand(op, 0, x);
            return true;
        }
        rw.set_insertion_point_before(op);
        let r = rw.op(inner_def.name, &[x], &[ty], &[]);
        let v = rw.ctx.result(r, 0);
        rw.replace_op(op, &[v]);
        return true;
    }
    if is(&TRUNCI) && inner_is(&TRUNCI) {
        rw.set_operand(op, 0, x);
        return true;
    }
    if is(&TRUNCF) && ctx.get_attr(op, "roundingmode").is_none() {
        if inner_is(&SITOFP) || inner_is(&UITOFP) {
            rw.set_insertion_point_before(op);
            let r = rw.op(inner_def.name, &[x], &[ty], &[]);
            let v = rw.ctx.result(r, 0);
            rw.replace_op(op, &[v]);
            return true;
        }
        if inner_is(&EXTF) {
            // truncf(extf(x)): x, or a truncation of a wider x.
            let bits = |t: Type| match ctx.type_kind(element_of(ctx, t)) {
                TypeKind::Float(FloatKind::F16 | FloatKind::BF16) => Some(16),
                TypeKind::Float(FloatKind::F32) => Some(32),
                TypeKind::Float(FloatKind::F64) => Some(64),
                _ => None,
            };
            if x_ty == ty {
                rw.replace_op(op, &[x]);
                return true;
            }
            let (Some(xb), Some(b)) = (bits(x_ty), bits(ty)) else { return false };
            if xb <= b {
                return false;
            }
            rw.set_operand(op, 0, x);
            return true;
        }
    }
    false
}
