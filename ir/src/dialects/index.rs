//! The `index` dialect: `index.constant`, `index.bool.constant`, the
//! binary arithmetic ops, `index.cmp`, `index.casts` / `castu` and
//! `index.sizeof`, parsed, printed and verified as mlir-opt 22 does. Their
//! folds are upstream's: a binary op of constants folds when its 64-bit
//! result, truncated, is its 32-bit result (the index width is the
//! target's), `add`/`sub` of 0 and `mul` by 1 are their left operand, a
//! `cmp` of constants folds when both widths agree.

use crate::attrs::AttrKind;
use crate::context::Context;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{OpId, Type, Value};

crate::op! {
    /// `%idx42 = index.constant 42`
    pub struct ConstantOp => CONSTANT = "index.constant";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { result: One }
    regions { }
    format { parse_constant, print_constant }
    def {
        traits: traits::PURE | traits::CONSTANT_LIKE,
        result_name: Some(|ctx, op| constant_value(ctx, op).map(|v| format!("idx{v}"))),
    }
}

crate::op! {
    /// `%true = index.bool.constant true`
    pub struct BoolConstantOp => BOOL_CONSTANT = "index.bool.constant";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { result: One }
    regions { }
    format { parse_bool_constant, print_bool_constant }
    def {
        traits: traits::PURE | traits::CONSTANT_LIKE,
        result_name: Some(|ctx, op| bool_value(ctx, op).map(|b| if b { "true".into() } else { "false".into() })),
    }
}

crate::op! {
    /// `%c = index.cmp slt(%a, %b)`
    pub struct CmpOp => CMP = "index.cmp";
    operands { lhs: One, rhs: One }
    attributes { pred: AnyAttr = "pred" }
    results { result: One }
    regions { }
    format { parse_cmp, print_cmp }
    patterns [fold_cmp]
    def {
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%i = index.casts %x : i32 to index`
    pub struct CastSOp => CASTS = "index.casts";
    operands { input: One }
    attributes { }
    results { output: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    def {
        verify: Some(verify_cast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%i = index.castu %x : i32 to index`
    pub struct CastUOp => CASTU = "index.castu";
    operands { input: One }
    attributes { }
    results { output: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    def {
        verify: Some(verify_cast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%s = index.sizeof`
    pub struct SizeOfOp => SIZEOF = "index.sizeof";
    operands { }
    attributes { }
    results { result: One }
    regions { }
    format { parse_nothing, print_nothing }
    def {
        traits: traits::PURE,
    }
}

macro_rules! binary {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, " %a, %b`")]
                pub struct $handle => $id = $name;
                operands { lhs: One, rhs: One }
                attributes { }
                results { result: One }
                regions { }
                format { parse_binary, print_binary }
                patterns [fold_binary]
                def {
                    traits: traits::PURE,
                }
            }
        )*
        /// The binary ops.
        pub const BINARY: &[&OpDef] = &[$(&$id),*];
    };
}

binary! {
    AddOp, ADD = "index.add";
    SubOp, SUB = "index.sub";
    MulOp, MUL = "index.mul";
    DivSOp, DIVS = "index.divs";
    DivUOp, DIVU = "index.divu";
    CeilDivSOp, CEILDIVS = "index.ceildivs";
    CeilDivUOp, CEILDIVU = "index.ceildivu";
    FloorDivSOp, FLOORDIVS = "index.floordivs";
    RemSOp, REMS = "index.rems";
    RemUOp, REMU = "index.remu";
    MaxSOp, MAXS = "index.maxs";
    MinSOp, MINS = "index.mins";
    MaxUOp, MAXU = "index.maxu";
    MinUOp, MINU = "index.minu";
    ShlOp, SHL = "index.shl";
    ShrSOp, SHRS = "index.shrs";
    ShrUOp, SHRU = "index.shru";
    AndOp, AND = "index.and";
    OrOp, OR = "index.or";
    XOrOp, XOR = "index.xor";
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in [&CONSTANT, &BOOL_CONSTANT, &CMP, &CASTS, &CASTU, &SIZEOF] {
        r.add(d);
    }
    for d in BINARY {
        r.add(d);
    }
}

/// The value of an `index.constant`.
pub fn constant_value(ctx: &Context, op: OpId) -> Option<i64> {
    match ctx.attr_kind(ctx.get_attr(op, "value")?) {
        AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

fn bool_value(ctx: &Context, op: OpId) -> Option<bool> {
    match ctx.attr_kind(ctx.get_attr(op, "value")?) {
        AttrKind::Bool(b) => Some(*b),
        AttrKind::Integer { value, .. } => Some(*value != 0),
        _ => None,
    }
}

fn parse_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.integer()?;
    let index = p.index_type();
    let a = p.ctx().int_attr(i128::from(v), index);
    p.set_attr("value", a);
    p.optional_attr_dict()?;
    p.result_types.push(index);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    let v = constant_value(p.ctx(), op).unwrap_or(0);
    p.write(&format!(" {v}"));
    p.print_optional_attr_dict(op, &["value"]);
}

fn parse_bool_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let b = if p.optional_keyword("true") {
        true
    } else {
        p.keyword("false")?;
        false
    };
    let a = p.ctx().attr(AttrKind::Bool(b));
    p.set_attr("value", a);
    p.optional_attr_dict()?;
    let i1 = p.ctx().int_type(1);
    p.result_types.push(i1);
    Ok(())
}

fn print_bool_constant(p: &mut OpPrinter<'_>, op: OpId) {
    let b = bool_value(p.ctx(), op).unwrap_or(false);
    p.write(if b { " true" } else { " false" });
    p.print_optional_attr_dict(op, &["value"]);
}

fn parse_binary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    p.optional_attr_dict()?;
    let index = p.index_type();
    p.push_operand(&lhs, index)?;
    p.push_operand(&rhs, index)?;
    p.result_types.push(index);
    Ok(())
}

fn print_binary(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
}

fn parse_nothing(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let index = p.index_type();
    p.result_types.push(index);
    Ok(())
}

fn print_nothing(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
}

const PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// The predicate of an `index.cmp` (`#index<cmp_predicate slt>`).
pub fn predicate(ctx: &Context, op: OpId) -> Option<&'static str> {
    match ctx.attr_kind(ctx.get_attr(op, "pred")?) {
        AttrKind::Opaque { text, .. } => {
            let t = text.trim_start_matches('<').trim_end_matches('>');
            let name = t.strip_prefix("cmp_predicate")?.trim();
            PREDICATES.iter().find(|p| **p == name).copied()
        }
        _ => None,
    }
}

fn predicate_attr(ctx: &mut Context, name: &str) -> crate::Attr {
    let dialect = ctx.sym("index");
    ctx.attr(AttrKind::Opaque { dialect, text: format!("<cmp_predicate {name}>") })
}

fn parse_cmp(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let at = p.cur_loc();
    let name = p.any_keyword()?.to_string();
    if !PREDICATES.contains(&name.as_str()) {
        return p.err_at(
            at,
            format!(
                "custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: {}",
                PREDICATES.join(", ")
            ),
        );
    }
    let a = predicate_attr(p.ctx(), &name);
    p.set_attr("pred", a);
    p.expect(Tok::LParen)?;
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    p.expect(Tok::RParen)?;
    p.optional_attr_dict()?;
    let index = p.index_type();
    p.push_operand(&lhs, index)?;
    p.push_operand(&rhs, index)?;
    let i1 = p.ctx().int_type(1);
    p.result_types.push(i1);
    Ok(())
}

fn print_cmp(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let pred = predicate(ctx, op).unwrap_or("eq");
    p.write(&format!(" {pred}("));
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["pred"]);
}

fn is_index(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Index)
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (from, to) = (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)));
    let int = |t| matches!(ctx.type_kind(t), TypeKind::Integer { .. });
    if !((is_index(ctx, from) && int(to)) || (int(from) && is_index(ctx, to))) {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            crate::printer::type_to_string(ctx, from),
            crate::printer::type_to_string(ctx, to)
        )
        .into());
    }
    Ok(())
}

/// The value of an `index.constant` defining `v`.
fn constant_of(ctx: &Context, v: Value) -> Option<i64> {
    let op = ctx.defining_op(v).filter(|o| ConstantOp::isa(ctx, *o))?;
    constant_value(ctx, op)
}

/// `op`'s result computed at `bits` bits (64 or 32) from `a` and `b`
/// (sign-extended to i64), if defined there.
pub fn calculate(name: &str, a: i64, b: i64, bits: u32) -> Option<i64> {
    let trunc = |v: i64| if bits == 32 { i64::from(v as i32) } else { v };
    let unsigned = |v: i64| if bits == 32 { u64::from(v as u32) } else { v as u64 };
    let from_u = |u: u64| trunc(u as i64);
    let (a, b) = (trunc(a), trunc(b));
    let min = if bits == 32 { i64::from(i32::MIN) } else { i64::MIN };
    let r = match name {
        "index.add" => trunc(a.wrapping_add(b)),
        "index.sub" => trunc(a.wrapping_sub(b)),
        "index.mul" => trunc(a.wrapping_mul(b)),
        "index.and" => a & b,
        "index.or" => a | b,
        "index.xor" => a ^ b,
        "index.divs" => {
            if b == 0 || (a == min && b == -1) {
                return None;
            }
            a / b
        }
        "index.divu" => from_u(unsigned(a).checked_div(unsigned(b))?),
        "index.ceildivs" => {
            if b == 0 || (a == min && b == -1) {
                return None;
            }
            let q = a / b;
            if (a % b != 0) && ((a < 0) == (b < 0)) {
                q + 1
            } else {
                q
            }
        }
        "index.ceildivu" => {
            let (ua, ub) = (unsigned(a), unsigned(b));
            if ub == 0 {
                return None;
            }
            from_u(ua / ub + u64::from(ua % ub != 0))
        }
        "index.floordivs" => {
            if b == 0 || (a == min && b == -1) {
                return None;
            }
            let q = a / b;
            if (a % b != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }
        }
        "index.rems" => {
            if b == 0 {
                return None;
            }
            a.wrapping_rem(b)
        }
        "index.remu" => from_u(unsigned(a).checked_rem(unsigned(b))?),
        "index.maxs" => a.max(b),
        "index.mins" => a.min(b),
        "index.maxu" => from_u(unsigned(a).max(unsigned(b))),
        "index.minu" => from_u(unsigned(a).min(unsigned(b))),
        "index.shl" => {
            if unsigned(b) >= u64::from(bits) {
                return None;
            }
            trunc(a.wrapping_shl(unsigned(b) as u32))
        }
        "index.shrs" => {
            if unsigned(b) >= u64::from(bits) {
                return None;
            }
            a >> unsigned(b)
        }
        "index.shru" => {
            if unsigned(b) >= u64::from(bits) {
                return None;
            }
            from_u(unsigned(a) >> unsigned(b))
        }
        _ => return None,
    };
    Some(r)
}

/// Upstream's folds of the binary ops (see the module comment).
fn fold_binary(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let name = ctx.op_name(op).to_string();
    let (l, r) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    if let (Some(a), Some(b)) = (constant_of(ctx, l), constant_of(ctx, r)) {
        let (Some(r64), Some(r32)) = (calculate(&name, a, b, 64), calculate(&name, a, b, 32)) else { return false };
        if i64::from(r64 as i32) != r32 {
            return false;
        }
        rw.set_insertion_point_before(op);
        let c = make_constant(rw, r64);
        rw.replace_op(op, &[c]);
        return true;
    }
    let neutral = match name.as_str() {
        "index.add" | "index.sub" => Some(0),
        "index.mul" => Some(1),
        _ => None,
    };
    if neutral.is_some() && constant_of(ctx, r) == neutral {
        rw.replace_op(op, &[l]);
        return true;
    }
    false
}

/// An `index.constant` at the insertion point (where MLIR's folder
/// materializes a fold of this dialect).
fn make_constant(rw: &mut Rewriter<'_>, v: i64) -> Value {
    let index = rw.ctx.index_type();
    let a = rw.ctx.int_attr(i128::from(v), index);
    let op = ConstantOp::create(rw, Some(a), &[index], vec![]).0;
    rw.ctx.result(op, 0)
}

/// `index.cmp`'s predicate on `a` and `b` at `bits` bits.
pub fn compare(pred: &str, a: i64, b: i64, bits: u32) -> bool {
    let (sa, sb) = if bits == 32 { (i64::from(a as i32), i64::from(b as i32)) } else { (a, b) };
    let (ua, ub) = if bits == 32 { (u64::from(a as u32), u64::from(b as u32)) } else { (a as u64, b as u64) };
    match pred {
        "eq" => sa == sb,
        "ne" => sa != sb,
        "slt" => sa < sb,
        "sle" => sa <= sb,
        "sgt" => sa > sb,
        "sge" => sa >= sb,
        "ult" => ua < ub,
        "ule" => ua <= ub,
        "ugt" => ua > ub,
        _ => ua >= ub,
    }
}

/// Upstream's `CmpOp::fold`: constants compared at 64 and 32 bits fold
/// when the two agree; an operand compared with itself folds by the
/// predicate alone.
fn fold_cmp(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(pred) = predicate(ctx, op) else { return false };
    let (l, r) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    let result = if l == r {
        Some(matches!(pred, "eq" | "sle" | "sge" | "ule" | "uge"))
    } else if let (Some(a), Some(b)) = (constant_of(ctx, l), constant_of(ctx, r)) {
        let (r64, r32) = (compare(pred, a, b, 64), compare(pred, a, b, 32));
        (r64 == r32).then_some(r64)
    } else {
        None
    };
    let Some(v) = result else { return false };
    rw.set_insertion_point_before(op);
    let a = rw.ctx.attr(AttrKind::Bool(v));
    let i1 = rw.ctx.int_type(1);
    let c = BoolConstantOp::create(rw, Some(a), &[i1], vec![]).0;
    let c = rw.ctx.result(c, 0);
    rw.replace_op(op, &[c]);
    true
}
