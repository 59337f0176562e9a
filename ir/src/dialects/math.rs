//! The `math` dialect's float ops: the unary ones (`%r = math.tanh %x
//! [fastmath<...>] : f32`, on a float or a shaped type of floats) and
//! `math.powf` (`%r = math.powf %x, %y : f32`). The named linalg ops build
//! their bodies from them.

use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::{Context, OpId};

macro_rules! unary_float {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { operand: One }
                attributes { fastmath: AnyAttr = "fastmath" }
                results { result: One }
                regions { }
                format { parse_math_unary, print_math_unary }
                def {
                    verify: Some(verify_float_unary),
                    traits: traits::PURE,
                    default_properties: super::arith::FASTMATH_DEFAULT,
                }
            }
        )*
        /// Every unary op of the dialect.
        pub static UNARY: &[&OpDef] = &[$(&$id),*];
    };
}

unary_float! {
    ExpOp, EXP = "math.exp";
    LogOp, LOG = "math.log";
    SqrtOp, SQRT = "math.sqrt";
    AbsFOp, ABSF = "math.absf";
    CeilOp, CEIL = "math.ceil";
    FloorOp, FLOOR = "math.floor";
    RoundOp, ROUND = "math.round";
    RoundEvenOp, ROUNDEVEN = "math.roundeven";
    TruncOp, TRUNC = "math.trunc";
    RsqrtOp, RSQRT = "math.rsqrt";
    TanhOp, TANH = "math.tanh";
    ErfOp, ERF = "math.erf";
    SinOp, SIN = "math.sin";
    CosOp, COS = "math.cos";
    TanOp, TAN = "math.tan";
    AtanOp, ATAN = "math.atan";
    Log2Op, LOG2 = "math.log2";
    Log10Op, LOG10 = "math.log10";
    Log1pOp, LOG1P = "math.log1p";
    Exp2Op, EXP2 = "math.exp2";
    ExpM1Op, EXPM1 = "math.expm1";
    CbrtOp, CBRT = "math.cbrt";
}

crate::op! {
    /// `math.powf`
    pub struct PowFOp => POWF = "math.powf";
    operands { lhs: One, rhs: One }
    attributes { fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { super::arith::parse_binary, super::arith::print_binary }
    def {
        verify: Some(verify_float_binary),
        traits: traits::PURE,
        default_properties: super::arith::FASTMATH_DEFAULT,
    }
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in UNARY {
        r.add(d);
    }
    r.add(&POWF);
}

fn verify_float_binary(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != t) {
        return Err("requires the same type for all operands and results".into());
    }
    verify_float_unary(ctx, op)
}

fn parse_math_unary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    super::arith::parse_unary(p)
}

fn print_math_unary(p: &mut OpPrinter<'_>, op: OpId) {
    super::arith::print_unary(p, op)
}

fn verify_float_unary(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(ctx.operands(op)[0]) != t {
        return Err("requires the same type for all operands and results".into());
    }
    let elem = ctx.type_kind(t).element_type().unwrap_or(t);
    if !ctx.type_kind(elem).is_float() {
        return Err(format!(
            "operand #0 must be floating-point-like, but got '{}'",
            crate::printer::type_to_string(ctx, t)
        )
        .into());
    }
    Ok(())
}
