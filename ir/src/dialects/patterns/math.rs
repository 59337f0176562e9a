//! Folds of the unary `math` float ops on constants, as MLIR 22's: f32 and
//! f64 values computed with the C math library's functions of that width
//! (`expf` for f32, `exp` for f64, as upstream calls them), roundings with
//! IEEE semantics; `log`, `log2`, `log10` and `sqrt` of a negative value
//! (and `log1p` below -1) are left to run time, as upstream leaves them.

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::ConstantOp;
use crate::dialects::math as math_d;
use crate::rewriter::Rewriter;
use crate::types::{FloatKind, TypeKind};
use crate::{OpId, Value};

/// A unary math function at both widths, and whether a value is outside
/// the domain upstream folds.
struct MathFold {
    def: &'static crate::registry::OpDef,
    f64_fn: fn(f64) -> f64,
    f32_fn: fn(f32) -> f32,
    skip: fn(f64) -> bool,
}

/// The C library's functions Rust's std does not call (its `asinh`,
/// `acosh` and `atanh` are its own formulas; `erf` it lacks): upstream
/// folds with these, and the engine runs them.
pub mod libm {
    extern "C" {
        fn asinh(x: f64) -> f64;
        fn asinhf(x: f32) -> f32;
        fn acosh(x: f64) -> f64;
        fn acoshf(x: f32) -> f32;
        fn atanh(x: f64) -> f64;
        fn atanhf(x: f32) -> f32;
        fn erf(x: f64) -> f64;
        fn erff(x: f32) -> f32;
        fn erfc(x: f64) -> f64;
        fn erfcf(x: f32) -> f32;
    }
    // SAFETY (all): pure C math functions of one float, defined for every
    // input (NaN outside their domain).
    #[doc = "The C library's function of this name and width."]
    pub fn asinh64(x: f64) -> f64 {
        unsafe { asinh(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn asinh32(x: f32) -> f32 {
        unsafe { asinhf(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn acosh64(x: f64) -> f64 {
        unsafe { acosh(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn acosh32(x: f32) -> f32 {
        unsafe { acoshf(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn atanh64(x: f64) -> f64 {
        unsafe { atanh(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn atanh32(x: f32) -> f32 {
        unsafe { atanhf(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn erf64(x: f64) -> f64 {
        unsafe { erf(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn erf32(x: f32) -> f32 {
        unsafe { erff(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn erfc64(x: f64) -> f64 {
        unsafe { erfc(x) }
    }
    #[doc = "The C library's function of this name and width."]
    pub fn erfc32(x: f32) -> f32 {
        unsafe { erfcf(x) }
    }
}

fn never(_: f64) -> bool {
    false
}

fn negative(a: f64) -> bool {
    a.is_sign_negative()
}

/// `round`: half away from zero.
fn round_away64(a: f64) -> f64 {
    a.round()
}

const FOLDS: &[MathFold] = &[
    MathFold { def: &math_d::ABSF, f64_fn: f64::abs, f32_fn: f32::abs, skip: never },
    MathFold { def: &math_d::CEIL, f64_fn: f64::ceil, f32_fn: f32::ceil, skip: never },
    MathFold { def: &math_d::FLOOR, f64_fn: f64::floor, f32_fn: f32::floor, skip: never },
    MathFold { def: &math_d::TRUNC, f64_fn: f64::trunc, f32_fn: f32::trunc, skip: never },
    MathFold { def: &math_d::ROUND, f64_fn: round_away64, f32_fn: f32::round, skip: never },
    MathFold { def: &math_d::ROUNDEVEN, f64_fn: f64::round_ties_even, f32_fn: f32::round_ties_even, skip: never },
    MathFold { def: &math_d::EXP, f64_fn: f64::exp, f32_fn: f32::exp, skip: never },
    MathFold { def: &math_d::EXP2, f64_fn: f64::exp2, f32_fn: f32::exp2, skip: never },
    MathFold { def: &math_d::EXPM1, f64_fn: f64::exp_m1, f32_fn: f32::exp_m1, skip: never },
    MathFold { def: &math_d::LOG, f64_fn: f64::ln, f32_fn: f32::ln, skip: negative },
    MathFold { def: &math_d::LOG2, f64_fn: f64::log2, f32_fn: f32::log2, skip: negative },
    MathFold { def: &math_d::LOG10, f64_fn: f64::log10, f32_fn: f32::log10, skip: negative },
    MathFold { def: &math_d::LOG1P, f64_fn: f64::ln_1p, f32_fn: f32::ln_1p, skip: |a| (a + 1.0).is_sign_negative() },
    MathFold { def: &math_d::SQRT, f64_fn: f64::sqrt, f32_fn: f32::sqrt, skip: negative },
    MathFold { def: &math_d::SIN, f64_fn: f64::sin, f32_fn: f32::sin, skip: never },
    MathFold { def: &math_d::COS, f64_fn: f64::cos, f32_fn: f32::cos, skip: never },
    MathFold { def: &math_d::TAN, f64_fn: f64::tan, f32_fn: f32::tan, skip: never },
    MathFold { def: &math_d::TANH, f64_fn: f64::tanh, f32_fn: f32::tanh, skip: never },
    MathFold { def: &math_d::SINH, f64_fn: f64::sinh, f32_fn: f32::sinh, skip: never },
    MathFold { def: &math_d::COSH, f64_fn: f64::cosh, f32_fn: f32::cosh, skip: never },
    MathFold { def: &math_d::ATAN, f64_fn: f64::atan, f32_fn: f32::atan, skip: never },
    MathFold { def: &math_d::ASIN, f64_fn: f64::asin, f32_fn: f32::asin, skip: never },
    MathFold { def: &math_d::ACOS, f64_fn: f64::acos, f32_fn: f32::acos, skip: never },
    MathFold { def: &math_d::ASINH, f64_fn: libm::asinh64, f32_fn: libm::asinh32, skip: never },
    MathFold { def: &math_d::ACOSH, f64_fn: libm::acosh64, f32_fn: libm::acosh32, skip: never },
    MathFold { def: &math_d::ATANH, f64_fn: libm::atanh64, f32_fn: libm::atanh32, skip: never },
    MathFold { def: &math_d::ERF, f64_fn: libm::erf64, f32_fn: libm::erf32, skip: never },
    MathFold { def: &math_d::ERFC, f64_fn: libm::erfc64, f32_fn: libm::erfc32, skip: never },
];

/// The scalar or splat float value of `v` (with whether it is a splat).
fn float_value(rw: &Rewriter<'_>, v: Value) -> Option<(f64, bool)> {
    let c = ConstantOp::defining(rw.ctx, v)?;
    match rw.ctx.attr_kind(c.value(rw.ctx)?) {
        AttrKind::Float { bits, .. } => Some((f64::from_bits(*bits), false)),
        AttrKind::Dense { data: DenseData::Splat(DenseElement::Float(bits)), .. } => {
            Some((f64::from_bits(*bits), true))
        }
        _ => None,
    }
}

/// Folds a unary math op of a constant (a scalar or a splat).
pub fn fold_math_unary(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(def) = rw.ctx.def_of(op) else { return false };
    let Some(fold) = FOLDS.iter().find(|f| std::ptr::eq(f.def, def)) else { return false };
    let Some((a, splat)) = float_value(rw, rw.ctx.operands(op)[0]) else { return false };
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let elem = match rw.ctx.type_kind(ty) {
        TypeKind::Float(k) => *k,
        TypeKind::Tensor { elem, .. } | TypeKind::Vector { elem, .. } => match rw.ctx.type_kind(*elem) {
            TypeKind::Float(k) => *k,
            _ => return false,
        },
        _ => return false,
    };
    if (fold.skip)(a) {
        return false;
    }
    let r = match elem {
        FloatKind::F64 => (fold.f64_fn)(a),
        FloatKind::F32 => f64::from((fold.f32_fn)(a as f32)),
        _ => return false,
    };
    rw.set_insertion_point_before(op);
    let attr = if splat {
        rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(DenseElement::Float(r.to_bits())) })
    } else {
        rw.ctx.attr(AttrKind::Float { bits: r.to_bits(), ty })
    };
    let c = ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}
