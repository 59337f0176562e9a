//! Folds of the float arith ops, as MLIR 22's: constant operands of f32 and
//! f64 computed with IEEE arithmetic (round to nearest even, as APFloat),
//! the neutral constants (`x + -0.0`, `x - 0.0`, `x * 1.0`, `x / 1.0`) and
//! equal operands of the min/max ops. f16 and bf16 are computed in f64 and
//! rounded once (exact: f64 has more than twice their precision).

use crate::attrs::AttrKind;
use crate::dialects::arith::{ConstantOp, ADDF, DIVF, MAXIMUMF, MAXNUMF, MINIMUMF, MINNUMF, MULF, SUBF};
use crate::registry::OpDef;
use crate::rewriter::Rewriter;
use crate::types::{FloatKind, TypeKind};
use crate::{Context, OpId, Value};

/// The value of a scalar float constant.
fn float_constant(ctx: &Context, v: Value) -> Option<f64> {
    let c = ConstantOp::defining(ctx, v)?;
    match ctx.attr_kind(c.value(ctx)?) {
        AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
        _ => None,
    }
}

/// IEEE `maximum` / `minimum` (NaN wins, -0.0 < +0.0), as `llvm::maximum`.
fn ieee_max(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == b && a == 0.0 {
        let neg = a.is_sign_negative();
        return if neg == max { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

/// `maxnum` / `minnum`: a NaN operand gives the other.
fn num_max(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    ieee_max(a, b, max)
}

fn compute(def: &OpDef, kind: FloatKind, a: f64, b: f64) -> Option<f64> {
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let f32_op = |f: fn(f32, f32) -> f32| f64::from(f(a as f32, b as f32));
    // f16 / bf16: computed in f64 and rounded once to the type; f64 holds
    // more than twice their precision plus two bits, so the result is the
    // correctly rounded one APFloat computes.
    let pick = |f64_op: fn(f64, f64) -> f64, f32_fn: fn(f32, f32) -> f32| match kind {
        FloatKind::F64 => Some(f64_op(a, b)),
        FloatKind::F32 => Some(f32_op(f32_fn)),
        FloatKind::F16 | FloatKind::BF16 => Some(crate::float::round_to_type(f64_op(a, b), kind)),
        _ => None,
    };
    if is(&ADDF) {
        pick(|x, y| x + y, |x, y| x + y)
    } else if is(&SUBF) {
        pick(|x, y| x - y, |x, y| x - y)
    } else if is(&MULF) {
        pick(|x, y| x * y, |x, y| x * y)
    } else if is(&DIVF) {
        pick(|x, y| x / y, |x, y| x / y)
    } else if is(&MAXIMUMF) || is(&MINIMUMF) {
        matches!(kind, FloatKind::F32 | FloatKind::F64 | FloatKind::F16 | FloatKind::BF16)
            .then(|| ieee_max(a, b, is(&MAXIMUMF)))
    } else if is(&MAXNUMF) || is(&MINNUMF) {
        matches!(kind, FloatKind::F32 | FloatKind::F64 | FloatKind::F16 | FloatKind::BF16)
            .then(|| num_max(a, b, is(&MAXNUMF)))
    } else {
        None
    }
}

/// Folds a float binary op: constants, neutral constants, equal operands.
pub fn fold_float_binary(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(def) = ctx.def_of(op) else { return false };
    let float_ops = [&ADDF, &SUBF, &MULF, &DIVF, &MAXIMUMF, &MINIMUMF, &MAXNUMF, &MINNUMF];
    if !float_ops.iter().any(|d| std::ptr::eq(*d, def)) {
        return false;
    }
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let [lhs, rhs] = ctx.operands(op) else { return false };
    let (lhs, rhs) = (*lhs, *rhs);
    let ty = ctx.value_type(ctx.result(op, 0));
    // Equal operands of the min/max ops.
    if lhs == rhs && (is(&MAXIMUMF) || is(&MINIMUMF) || is(&MAXNUMF) || is(&MINNUMF)) {
        rw.replace_op(op, &[lhs]);
        return true;
    }
    let TypeKind::Float(kind) = *ctx.type_kind(ty) else { return super::arith::fold_poison_operand(rw, op) };
    let (a, b) = (float_constant(ctx, lhs), float_constant(ctx, rhs));
    if let (Some(a), Some(b)) = (a, b) {
        if let Some(mut v) = compute(def, kind, a, b) {
            // An invalid operation (0 / 0, inf - inf) gives APFloat's default
            // NaN, positive; the hardware's is negative.
            if v.is_nan() && !a.is_nan() && !b.is_nan() {
                v = f64::NAN;
            }
            rw.set_insertion_point_before(op);
            let attr = rw.ctx.attr(AttrKind::Float { bits: v.to_bits(), ty });
            let c = ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
            rw.replace_op(op, &[c]);
            return true;
        }
    }
    // Neutral constants on the right: x + -0.0, x - 0.0, x * 1.0, x / 1.0.
    let neutral = b.is_some_and(|b| {
        (is(&ADDF) && b == 0.0 && b.is_sign_negative())
            || (is(&SUBF) && b == 0.0 && b.is_sign_positive())
            || ((is(&MULF) || is(&DIVF)) && b == 1.0)
    });
    if neutral {
        rw.replace_op(op, &[lhs]);
        return true;
    }
    super::arith::fold_poison_operand(rw, op)
}
