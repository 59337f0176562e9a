//! The `complex` dialect: numbers with a real and an imaginary part of one
//! float type (`complex<f32>`), as mlir-opt 22 spells them.
//!
//! - `complex.create %re, %im : complex<f32>`, `complex.re` / `complex.im`
//!   (the parts), `complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>`;
//! - arithmetic (`add`, `sub`, `mul`, `div`, `pow`, `atan2`:
//!   `%r = complex.add %a, %b [fastmath<..>] : complex<f32>`), the unary
//!   functions (`neg`, `conj`, `exp`, `expm1`, `log`, `log1p`, `sqrt`,
//!   `rsqrt`, `sin`, `cos`, `tan`, `tanh`, `sign`), `abs` and `angle` (a
//!   float), `powi` (`complex.powi %a, %n : complex<f32>, i32`),
//!   comparisons (`complex.eq` / `neq`, an `i1`), `complex.bitcast` to and
//!   from an integer or float of twice the element width.
//!
//! Verified with upstream's messages; folded as 22's `fold` hooks and
//! canonicalization patterns (see `patterns::complex`).

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

use super::arith::{parse_flags, print_flags, FASTMATH_DEFAULT};
use super::patterns::complex as folds;

/// Ops of one operand list, attribute list, format and verifier, each
/// with its own folds: `(operands) (attributes) (format) verify; ops..`.
macro_rules! complex_ops {
    (
        operands $operands:tt attributes $attrs:tt format { $parse:path, $print:path }
        verify $verify:path, defaults $defaults:expr;
        $($handle:ident, $id:ident = $name:literal $(, [$($p:path),*])?;)*
    ) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands $operands
                attributes $attrs
                results { result: One }
                regions { }
                format { $parse, $print }
                $(patterns [$($p),*])?
                def {
                    verify: Some($verify),
                    traits: traits::PURE,
                    default_properties: $defaults,
                }
            }
        )*
    };
}

// `%r = complex.exp %z [fastmath<..>] : complex<f32>`: a complex result.
complex_ops! {
    operands { complex: One } attributes { fastmath: AnyAttr = "fastmath" } format { parse_unary, print_unary }
    verify verify_unary_same, defaults FASTMATH_DEFAULT;
    NegOp, NEG = "complex.neg", [folds::fold_cancelling_pair];
    ConjOp, CONJ = "complex.conj", [folds::fold_cancelling_pair];
    ExpOp, EXP = "complex.exp", [folds::fold_cancelling_pair];
    Expm1Op, EXPM1 = "complex.expm1";
    LogOp, LOG = "complex.log", [folds::fold_cancelling_pair];
    Log1pOp, LOG1P = "complex.log1p";
    SqrtOp, SQRT = "complex.sqrt";
    RsqrtOp, RSQRT = "complex.rsqrt";
    SinOp, SIN = "complex.sin";
    CosOp, COS = "complex.cos";
    TanOp, TAN = "complex.tan";
    TanhOp, TANH = "complex.tanh";
    SignOp, SIGN = "complex.sign";
}

// `%r = complex.re %z : complex<f32>`: an `f32`.
complex_ops! {
    operands { complex: One } attributes { fastmath: AnyAttr = "fastmath" } format { parse_unary_part, print_unary }
    verify verify_unary_part, defaults FASTMATH_DEFAULT;
    ReOp, RE = "complex.re", [folds::fold_part, folds::part_of_negated_create];
    ImOp, IM = "complex.im", [folds::fold_part, folds::part_of_negated_create];
    AbsOp, ABS = "complex.abs";
    AngleOp, ANGLE = "complex.angle";
}

// `%r = complex.add %a, %b [fastmath<..>] : complex<f32>`.
complex_ops! {
    operands { lhs: One, rhs: One } attributes { fastmath: AnyAttr = "fastmath" } format { parse_binary, print_binary }
    verify verify_binary, defaults FASTMATH_DEFAULT;
    AddOp, ADD = "complex.add", [folds::fold_add];
    SubOp, SUB = "complex.sub", [folds::fold_sub];
    MulOp, MUL = "complex.mul", [folds::fold_by_one];
    DivOp, DIV = "complex.div", [folds::fold_by_one];
    PowOp, POW = "complex.pow";
    Atan2Op, ATAN2 = "complex.atan2";
}

// `%r = complex.eq %a, %b : complex<f32>`: an `i1`.
complex_ops! {
    operands { lhs: One, rhs: One } attributes { } format { parse_comparison, print_comparison }
    verify verify_comparison, defaults &[];
    EqualOp, EQ = "complex.eq";
    NotEqualOp, NEQ = "complex.neq";
}

crate::op! {
    /// `complex.create %re, %im : complex<f32>`
    pub struct CreateOp => CREATE = "complex.create";
    operands { real: One, imaginary: One }
    attributes { }
    results { complex: One }
    regions { }
    format { parse_create, super::arith::print_binary }
    patterns [folds::fold_create_of_parts]
    def {
        verify: Some(verify_create),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>`
    pub struct ConstantOp => CONSTANT = "complex.constant";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { complex: One }
    regions { }
    format { parse_constant, print_constant }
    def {
        verify: Some(verify_constant),
        traits: traits::PURE | traits::CONSTANT_LIKE,
        result_name: Some(|_, _| Some("cst".to_string())),
    }
}

crate::op! {
    /// `complex.bitcast %z : complex<f32> to i64`
    pub struct BitcastOp => BITCAST = "complex.bitcast";
    operands { operand: One }
    attributes { }
    results { result: One }
    regions { }
    format { super::arith::parse_cast, super::arith::print_cast }
    patterns [folds::fold_bitcast_to_own_type, folds::merge_bitcasts]
    def {
        verify: Some(verify_bitcast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `complex.powi %z, %n : complex<f32>, i32`
    pub struct PowiOp => POWI = "complex.powi";
    operands { lhs: One, rhs: One }
    attributes { fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { parse_powi, super::math::print_fpowi }
    def {
        verify: Some(verify_powi),
        traits: traits::PURE,
    }
}

/// Every op of the dialect.
pub static ALL_OPS: &[&OpDef] = &[
    &NEG, &CONJ, &EXP, &EXPM1, &LOG, &LOG1P, &SQRT, &RSQRT, &SIN, &COS, &TAN, &TANH, &SIGN, &RE, &IM, &ABS, &ANGLE,
    &ADD, &SUB, &MUL, &DIV, &POW, &ATAN2, &EQ, &NEQ, &CREATE, &CONSTANT, &BITCAST, &POWI,
];

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in ALL_OPS {
        r.add(d);
    }
}

/// The element type of a complex type.
pub fn complex_element(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Complex { elem } => Some(*elem),
        _ => None,
    }
}

// ---- parsing and printing ------------------------------------------------------

/// `: complex<..>`: the type, which must be a complex type (22's
/// `parseType<ComplexType>` message otherwise).
fn colon_complex(p: &mut OpParser<'_, '_>) -> PResult<(Type, Type)> {
    p.expect(Tok::Colon)?;
    let loc = p.cur_loc();
    let t = p.ty()?;
    match complex_element(p.ctx(), t) {
        Some(elem) => Ok((t, elem)),
        None => {
            let s = p.type_str(t);
            p.custom_err_at(loc, format!("invalid kind of type specified: expected builtin.complex, but found '{s}'"))
        }
    }
}

fn parse_unary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let (t, _) = colon_complex(p)?;
    p.push_operand(&a, t)?;
    p.result_types.push(t);
    Ok(())
}

fn parse_unary_part(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let (t, elem) = colon_complex(p)?;
    p.push_operand(&a, t)?;
    p.result_types.push(elem);
    Ok(())
}

/// `%z [fastmath<..>] {attrs} : complex<..>` (the operand's type).
fn print_unary(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let a = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(a);
    print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(a));
}

fn parse_binary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let (t, _) = colon_complex(p)?;
    p.push_operand(&lhs, t)?;
    p.push_operand(&rhs, t)?;
    p.result_types.push(t);
    Ok(())
}

fn print_binary(p: &mut OpPrinter<'_>, op: OpId) {
    super::arith::print_binary(p, op)
}

fn parse_comparison(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    p.optional_attr_dict()?;
    let (t, _) = colon_complex(p)?;
    p.push_operand(&lhs, t)?;
    p.push_operand(&rhs, t)?;
    let i1 = p.ctx().int_type(1);
    p.result_types.push(i1);
    Ok(())
}

/// `%a, %b {attrs} : complex<..>` (the operands' type; 22 writes two
/// spaces before an attribute dictionary, from its format).
fn print_comparison(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&ops);
    if !ctx.op(op).attrs.is_empty() {
        p.write(" ");
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

fn parse_create(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let re = p.operand()?;
    p.expect(Tok::Comma)?;
    let im = p.operand()?;
    p.optional_attr_dict()?;
    let (t, elem) = colon_complex(p)?;
    p.push_operand(&re, elem)?;
    p.push_operand(&im, elem)?;
    p.result_types.push(t);
    Ok(())
}

fn parse_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.cur_loc();
    let value = p.attribute(None)?;
    if !matches!(p.ctx().attr_kind(value), AttrKind::Array(_)) {
        return p.err_at(loc, "invalid kind of attribute specified");
    }
    p.set_attr("value", value);
    p.optional_attr_dict()?;
    let (t, _) = colon_complex(p)?;
    p.result_types.push(t);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(v) = ctx.get_attr(op, "value") {
        p.print_attr(v);
    }
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn parse_powi(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let (t, _) = colon_complex(p)?;
    p.expect(Tok::Comma)?;
    let nt = p.ty()?;
    p.push_operand(&lhs, t)?;
    p.push_operand(&rhs, nt)?;
    p.result_types.push(t);
    Ok(())
}

// ---- verification ---------------------------------------------------------------

/// ODS's `Complex<AnyFloat>` constraint on a value.
fn check_complex_float(ctx: &Context, t: Type, what: &str) -> Result<(), VerifyError> {
    match complex_element(ctx, t) {
        Some(e) if ctx.type_kind(e).is_float() => Ok(()),
        _ => Err(format!(
            "{what} must be complex type with floating-point elements, but got '{}'",
            type_to_string(ctx, t)
        )
        .into()),
    }
}

fn check_float(ctx: &Context, t: Type, what: &str) -> Result<(), VerifyError> {
    if ctx.type_kind(t).is_float() {
        Ok(())
    } else {
        Err(format!("{what} must be floating-point, but got '{}'", type_to_string(ctx, t)).into())
    }
}

fn verify_unary_same(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[0]);
    check_complex_float(ctx, t, "operand #0")?;
    let r = ctx.value_type(ctx.result(op, 0));
    check_complex_float(ctx, r, "result #0")?;
    if r != t {
        return Err("requires the same type for all operands and results".into());
    }
    Ok(())
}

fn verify_unary_part(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[0]);
    check_complex_float(ctx, t, "operand #0")?;
    let r = ctx.value_type(ctx.result(op, 0));
    check_float(ctx, r, "result #0")?;
    if complex_element(ctx, t) != Some(r) {
        return Err("failed to verify that complex element type matches result type".into());
    }
    Ok(())
}

fn verify_binary(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    check_complex_float_operands(ctx, op)?;
    let r = ctx.value_type(ctx.result(op, 0));
    check_complex_float(ctx, r, "result #0")?;
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != r) {
        return Err("requires the same type for all operands and results".into());
    }
    Ok(())
}

/// ODS's `Complex<AnyFloat>` constraint on every operand of `op`.
fn check_complex_float_operands(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    for (i, v) in ctx.operands(op).iter().enumerate() {
        check_complex_float(ctx, ctx.value_type(*v), &format!("operand #{i}"))?;
    }
    Ok(())
}

fn verify_comparison(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    check_complex_float_operands(ctx, op)?;
    let r = ctx.value_type(ctx.result(op, 0));
    if !matches!(ctx.type_kind(r), TypeKind::Integer { width: 1, signedness: crate::types::Signedness::Signless }) {
        return Err(format!("result #0 must be 1-bit signless integer, but got '{}'", type_to_string(ctx, r)).into());
    }
    let [a, b] = ctx.operands(op) else { return Ok(()) };
    if ctx.value_type(*a) != ctx.value_type(*b) {
        return Err("failed to verify that all of {lhs, rhs} have same type".into());
    }
    Ok(())
}

fn verify_create(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let [re, im] = ctx.operands(op) else { return Ok(()) };
    let (re, im) = (ctx.value_type(*re), ctx.value_type(*im));
    check_float(ctx, re, "operand #0")?;
    check_float(ctx, im, "operand #1")?;
    let r = ctx.value_type(ctx.result(op, 0));
    check_complex_float(ctx, r, "result #0")?;
    if re != im {
        return Err("failed to verify that all of {real, imaginary} have same type".into());
    }
    if complex_element(ctx, r) != Some(re) {
        return Err("failed to verify that complex element type matches real operand type".into());
    }
    Ok(())
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(v) = ctx.get_attr(op, "value") else { return Err("requires attribute 'value'".into()) };
    let AttrKind::Array(items) = ctx.attr_kind(v) else {
        return Err("attribute 'value' failed to satisfy constraint: array attribute".into());
    };
    let r = ctx.value_type(ctx.result(op, 0));
    let Some(elem) = complex_element(ctx, r) else {
        return Err(format!("result #0 must be complex-type, but got '{}'", type_to_string(ctx, r)).into());
    };
    if items.len() != 2 {
        return Err("requires 'value' to be a complex constant, represented as array of two values".into());
    }
    // The type of a part (`i1` for a boolean), if it is a float or an integer.
    let ty_of = |a| match ctx.attr_kind(a) {
        AttrKind::Float { ty, .. } | AttrKind::Integer { ty, .. } => Some((Some(*ty), type_to_string(ctx, *ty))),
        AttrKind::Bool(_) => Some((None, "i1".to_string())),
        _ => None,
    };
    let (Some(re), Some(im)) = (ty_of(items[0]), ty_of(items[1])) else {
        return Err("requires attribute's elements to be float or integer attributes".into());
    };
    let is_elem = |(t, _): &(Option<Type>, String)| match t {
        Some(t) => *t == elem,
        None => matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. }),
    };
    if !is_elem(&re) || !is_elem(&im) {
        return Err(format!(
            "requires attribute's element types ('{}', '{}') to match the element type of the op's return type ('{}')",
            re.1,
            im.1,
            type_to_string(ctx, elem)
        )
        .into());
    }
    Ok(())
}

/// The bit width of an integer or float type.
fn int_or_float_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.width()),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (from, to) = (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)));
    if from == to {
        return Ok(());
    }
    let complex = |t| complex_element(ctx, t).is_some();
    if int_or_float_width(ctx, from).is_none() && !complex(from) {
        return Err("operand must be int/float/complex".into());
    }
    if int_or_float_width(ctx, to).is_none() && !complex(to) {
        return Err("result must be int/float/complex".into());
    }
    if complex(from) == complex(to) {
        return Err("requires that either input or output has a complex type".into());
    }
    let (c, other) = if complex(from) { (from, to) } else { (to, from) };
    let c_width = complex_element(ctx, c).and_then(|e| int_or_float_width(ctx, e)).map(|w| w * 2);
    if c_width != int_or_float_width(ctx, other) {
        return Err("casting bitwidths do not match".into());
    }
    Ok(())
}

fn verify_powi(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let [z, n] = ctx.operands(op) else { return Ok(()) };
    check_complex_float(ctx, ctx.value_type(*z), "operand #0")?;
    let nt = ctx.value_type(*n);
    if !matches!(ctx.type_kind(nt), TypeKind::Integer { signedness: crate::types::Signedness::Signless, .. }) {
        return Err(format!("operand #1 must be signless integer, but got '{}'", type_to_string(ctx, nt)).into());
    }
    let r = ctx.value_type(ctx.result(op, 0));
    check_complex_float(ctx, r, "result #0")?;
    if r != ctx.value_type(*z) {
        return Err("failed to verify that all of {lhs, result} have same type".into());
    }
    Ok(())
}
