//! The `math` dialect: the unary float ops (`%r = math.tanh %x
//! [fastmath<...>] : f32`, on a float or a shaped type of floats), the
//! binary ones (`math.powf`, `math.atan2`, `math.copysign`), `math.fma`,
//! `math.fpowi` (`%r = math.fpowi %x, %n : f32, i32`), the integer ops
//! (`math.absi`, `ctlz`, `cttz`, `ctpop`, `ipowi`) and the float
//! classification predicates (`math.isnan %x : f32`, an `i1`). The named
//! linalg ops build their bodies from them.

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
                patterns [super::patterns::math::fold_math_unary]
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
    SinhOp, SINH = "math.sinh";
    CoshOp, COSH = "math.cosh";
    AsinOp, ASIN = "math.asin";
    AcosOp, ACOS = "math.acos";
    AsinhOp, ASINH = "math.asinh";
    AcoshOp, ACOSH = "math.acosh";
    AtanhOp, ATANH = "math.atanh";
    ErfcOp, ERFC = "math.erfc";
}

macro_rules! binary_float {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
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
        )*
    };
}

binary_float! {
    PowFOp, POWF = "math.powf";
    Atan2Op, ATAN2 = "math.atan2";
    CopySignOp, COPYSIGN = "math.copysign";
}

macro_rules! unary_int {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { operand: One }
                attributes { }
                results { result: One }
                regions { }
                format { parse_math_unary, print_math_unary }
                def {
                    verify: Some(verify_int_same),
                    traits: traits::PURE,
                }
            }
        )*
    };
}

unary_int! {
    AbsIOp, ABSI = "math.absi";
    CtlzOp, CTLZ = "math.ctlz";
    CttzOp, CTTZ = "math.cttz";
    CtpopOp, CTPOP = "math.ctpop";
}

crate::op! {
    /// `math.ipowi`: an integer to an integer power.
    pub struct IPowIOp => IPOWI = "math.ipowi";
    operands { lhs: One, rhs: One }
    attributes { }
    results { result: One }
    regions { }
    format { super::arith::parse_binary, super::arith::print_binary }
    def {
        verify: Some(verify_int_same),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `math.fma %a, %b, %c : f32`: `a * b + c`, rounded once.
    pub struct FmaOp => FMA = "math.fma";
    operands { a: One, b: One, c: One }
    attributes { fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { parse_fma, print_fma }
    def {
        verify: Some(verify_float_binary),
        traits: traits::PURE,
        default_properties: super::arith::FASTMATH_DEFAULT,
    }
}

crate::op! {
    /// `math.fpowi %x, %n : f32, i32`: a float to an integer power.
    pub struct FPowIOp => FPOWI = "math.fpowi";
    operands { lhs: One, rhs: One }
    attributes { fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { parse_fpowi, print_fpowi }
    def {
        verify: Some(verify_fpowi),
        traits: traits::PURE,
        default_properties: super::arith::FASTMATH_DEFAULT,
    }
}

macro_rules! float_predicate {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`: an `i1` per element.")]
                pub struct $handle => $id = $name;
                operands { operand: One }
                attributes { fastmath: AnyAttr = "fastmath" }
                results { result: One }
                regions { }
                format { parse_predicate, print_predicate }
                def {
                    verify: Some(verify_predicate),
                    traits: traits::PURE,
                    default_properties: super::arith::FASTMATH_DEFAULT,
                }
            }
        )*
    };
}

float_predicate! {
    IsNanOp, ISNAN = "math.isnan";
    IsInfOp, ISINF = "math.isinf";
    IsFiniteOp, ISFINITE = "math.isfinite";
    IsNormalOp, ISNORMAL = "math.isnormal";
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in UNARY {
        r.add(d);
    }
    for d in [&POWF, &ATAN2, &COPYSIGN, &ABSI, &CTLZ, &CTTZ, &CTPOP, &IPOWI, &FMA, &FPOWI] {
        r.add(d);
    }
    for d in [&ISNAN, &ISINF, &ISFINITE, &ISNORMAL] {
        r.add(d);
    }
}

fn verify_int_same(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != t) {
        return Err("requires the same type for all operands and results".into());
    }
    let elem = ctx.type_kind(t).element_type().unwrap_or(t);
    if !matches!(ctx.type_kind(elem), crate::types::TypeKind::Integer { .. }) {
        return Err(format!(
            "operand #0 must be signless-integer-like, but got '{}'",
            crate::printer::type_to_string(ctx, t)
        )
        .into());
    }
    Ok(())
}

fn parse_fma(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.expect(crate::parser::lexer::Tok::Comma)?;
    let b = p.operand()?;
    p.expect(crate::parser::lexer::Tok::Comma)?;
    let c = p.operand()?;
    super::arith::parse_flags(p)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    for v in [&a, &b, &c] {
        p.push_operand(v, t)?;
    }
    p.result_types.push(t);
    Ok(())
}

fn print_fma(p: &mut OpPrinter<'_>, op: OpId) {
    super::arith::print_binary(p, op)
}

fn parse_fpowi(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.expect(crate::parser::lexer::Tok::Comma)?;
    let n = p.operand()?;
    super::arith::parse_flags(p)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.expect(crate::parser::lexer::Tok::Comma)?;
    let nt = p.ty()?;
    p.push_operand(&a, t)?;
    p.push_operand(&n, nt)?;
    p.result_types.push(t);
    Ok(())
}

pub(crate) fn print_fpowi(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&ops);
    super::arith::print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[1]));
}

fn verify_fpowi(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(ctx.operands(op)[0]) != t {
        return Err("requires the same type for the base and the result".into());
    }
    verify_float_unary(ctx, op)
}

/// `i1` of the shape of `t` (`vector<4xi1>` for `vector<4xf32>`).
fn bool_like(ctx: &mut Context, t: crate::Type) -> crate::Type {
    let i1 = ctx.int_type(1);
    let kind = ctx.type_kind(t).clone();
    match kind {
        crate::types::TypeKind::Vector { shape, scalable, .. } => {
            ctx.ty(crate::types::TypeKind::Vector { shape, scalable, elem: i1 })
        }
        crate::types::TypeKind::Tensor { shape, encoding, .. } => {
            ctx.ty(crate::types::TypeKind::Tensor { shape, elem: i1, encoding })
        }
        _ => i1,
    }
}

fn parse_predicate(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&a, t)?;
    let r = bool_like(p.ctx(), t);
    p.result_types.push(r);
    Ok(())
}

fn print_predicate(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let a = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(a);
    // A fastmath of `none` is the default property: left out.
    let none = matches!(
        ctx.get_attr(op, "fastmath").map(|x| ctx.attr_kind(x)),
        Some(crate::attrs::AttrKind::Opaque { text, .. }) if text == "fastmath<none>"
    );
    p.print_optional_attr_dict(op, if none { &["fastmath"] } else { &[] });
    p.write(" : ");
    p.print_type(ctx.value_type(a));
}

fn verify_predicate(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[0]);
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
