//! The `math` dialect subset the named linalg ops build their bodies from:
//! `math.exp`, `math.log`, `math.sqrt`, `math.absf`, each `%r = math.exp %x
//! [fastmath<...>] : f32` on a float (or a shaped type of floats).

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
        /// Every op of the dialect.
        pub static OPS: &[&OpDef] = &[$(&$id),*];
    };
}

unary_float! {
    ExpOp, EXP = "math.exp";
    LogOp, LOG = "math.log";
    SqrtOp, SQRT = "math.sqrt";
    AbsFOp, ABSF = "math.absf";
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in OPS {
        r.add(d);
    }
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
