//! The `arith` dialect subset: constants, elementwise binary ops (scalars
//! and tensors), comparisons, select and casts.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::types::{Signedness, TypeKind};
use crate::{Context, OpId, Type};

crate::op! {
    /// `arith.constant`
    pub struct ConstantOp => CONSTANT = "arith.constant";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { result: One }
    regions { }
    format { parse_constant, print_constant }
    def {
        verify: Some(verify_constant),
        traits: traits::PURE | traits::CONSTANT_LIKE,
        result_name: Some(constant_name),
    }
}

/// MLIR's `fastmath` property when an op does not set it.
pub const FASTMATH_DEFAULT: &[(&str, &str)] = &[("fastmath", "#arith.fastmath<none>")];
/// MLIR's `overflowFlags` property when an op does not set it.
pub const OVERFLOW_DEFAULT: &[(&str, &str)] = &[("overflowFlags", "#arith.overflow<none>")];
/// No property with a default value.
const NO_DEFAULTS: &[(&str, &str)] = &[];

macro_rules! binary {
    ($($handle:ident, $id:ident = $name:literal, $kind:ident, $defaults:ident;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { lhs: One, rhs: One }
                attributes { overflow_flags: AnyAttr = "overflowFlags", fastmath: AnyAttr = "fastmath" }
                results { result: One }
                regions {}
                format { parse_binary, print_binary }
                patterns [
                    super::patterns::arith::fold_int_binary,
                    super::patterns::arith_float::fold_float_binary,
                    super::patterns::arith::fold_commutative,
                    super::patterns::arith::reassociate_constants,
                    super::patterns::arith::xori_not_cmpi
                ]
                def {
                    verify: Some(verify_same_types),
                    traits: traits::PURE,
                    default_properties: $defaults,
                    result_name: Some(binary_result_name),
                }
            }
        )*
        const BINARY: &[&OpDef] = &[$(&$id),*];
        /// Binary op names with their operand class ('i' integer, 'f' float).
        pub const BINARY_KINDS: &[(&str, char)] = &[$(($name, stringify!($kind).as_bytes()[0] as char)),*];
    };
}

/// MLIR's `MulIOp::getAsmResultNames`: an `index` product of a constant and
/// `vector.vscale` is `%c<N>_vscale`.
fn binary_result_name(ctx: &crate::Context, op: crate::OpId) -> Option<String> {
    if !MulIOp::isa(ctx, op) || !matches!(ctx.value_type_kind(ctx.result(op, 0)), crate::types::TypeKind::Index) {
        return None;
    }
    let ops = ctx.operands(op);
    let is_vscale =
        |v: crate::Value| ctx.defining_op(v).is_some_and(|d| crate::dialects::vector::VScaleOp::isa(ctx, d));
    let constant = |v: crate::Value| crate::dialects::pack::constant_int(ctx, v);
    let base = match (constant(ops[0]), constant(ops[1])) {
        (Some(c), _) if is_vscale(ops[1]) => c,
        (_, Some(c)) if is_vscale(ops[0]) => c,
        _ => return None,
    };
    Some(format!("c{base}_vscale"))
}

binary! {
    AddIOp, ADDI = "arith.addi", i, OVERFLOW_DEFAULT;
    SubIOp, SUBI = "arith.subi", i, OVERFLOW_DEFAULT;
    MulIOp, MULI = "arith.muli", i, OVERFLOW_DEFAULT;
    DivSIOp, DIVSI = "arith.divsi", i, NO_DEFAULTS;
    DivUIOp, DIVUI = "arith.divui", i, NO_DEFAULTS;
    RemSIOp, REMSI = "arith.remsi", i, NO_DEFAULTS;
    RemUIOp, REMUI = "arith.remui", i, NO_DEFAULTS;
    CeilDivSIOp, CEILDIVSI = "arith.ceildivsi", i, NO_DEFAULTS;
    CeilDivUIOp, CEILDIVUI = "arith.ceildivui", i, NO_DEFAULTS;
    FloorDivSIOp, FLOORDIVSI = "arith.floordivsi", i, NO_DEFAULTS;
    MinSIOp, MINSI = "arith.minsi", i, NO_DEFAULTS;
    MaxSIOp, MAXSI = "arith.maxsi", i, NO_DEFAULTS;
    MinUIOp, MINUI = "arith.minui", i, NO_DEFAULTS;
    MaxUIOp, MAXUI = "arith.maxui", i, NO_DEFAULTS;
    AndIOp, ANDI = "arith.andi", i, NO_DEFAULTS;
    OrIOp, ORI = "arith.ori", i, NO_DEFAULTS;
    XOrIOp, XORI = "arith.xori", i, NO_DEFAULTS;
    ShLIOp, SHLI = "arith.shli", i, OVERFLOW_DEFAULT;
    ShRSIOp, SHRSI = "arith.shrsi", i, NO_DEFAULTS;
    ShRUIOp, SHRUI = "arith.shrui", i, NO_DEFAULTS;
    AddFOp, ADDF = "arith.addf", f, FASTMATH_DEFAULT;
    SubFOp, SUBF = "arith.subf", f, FASTMATH_DEFAULT;
    MulFOp, MULF = "arith.mulf", f, FASTMATH_DEFAULT;
    DivFOp, DIVF = "arith.divf", f, FASTMATH_DEFAULT;
    RemFOp, REMF = "arith.remf", f, FASTMATH_DEFAULT;
    MaximumFOp, MAXIMUMF = "arith.maximumf", f, FASTMATH_DEFAULT;
    MinimumFOp, MINIMUMF = "arith.minimumf", f, FASTMATH_DEFAULT;
    MaxNumFOp, MAXNUMF = "arith.maxnumf", f, FASTMATH_DEFAULT;
    MinNumFOp, MINNUMF = "arith.minnumf", f, FASTMATH_DEFAULT;
}

crate::op! {
    /// `arith.negf`
    pub struct NegFOp => NEGF = "arith.negf";
    operands { operand: One }
    attributes { fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { parse_unary, print_unary }
    def {
        verify: Some(verify_same_types),
        traits: traits::PURE,
        default_properties: FASTMATH_DEFAULT,
    }
}

crate::op! {
    /// `arith.cmpi`
    pub struct CmpIOp => CMPI = "arith.cmpi";
    operands { lhs: One, rhs: One }
    attributes { predicate: AnyAttr = "predicate" }
    results { result: One }
    regions { }
    format { parse_cmp, print_cmp }
    patterns [super::patterns::arith::fold_cmpi]
    def {
        verify: Some(verify_cmp),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `arith.cmpf`
    pub struct CmpFOp => CMPF = "arith.cmpf";
    operands { lhs: One, rhs: One }
    attributes { predicate: AnyAttr = "predicate", fastmath: AnyAttr = "fastmath" }
    results { result: One }
    regions { }
    format { parse_cmp, print_cmp }
    def {
        verify: Some(verify_cmp),
        traits: traits::PURE,
        default_properties: FASTMATH_DEFAULT,
    }
}

crate::op! {
    /// `arith.select`
    pub struct SelectOp => SELECT = "arith.select";
    operands { condition: One, true_value: One, false_value: One }
    attributes { }
    results { result: One }
    regions { }
    format { parse_select, print_select }
    patterns [super::patterns::arith::fold_select, super::patterns::arith::select_i1_to_not, super::patterns::arith::select_not_condition, super::patterns::arith::redundant_select, super::patterns::arith::select_to_extui]
    def {
        verify: Some(verify_select),
        traits: traits::PURE,
    }
}

macro_rules! casts {
    ($($handle:ident, $id:ident = $name:literal, $defaults:ident;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { input: One }
                attributes { fastmath: AnyAttr = "fastmath", roundingmode: AnyAttr = "roundingmode", overflow_flags: AnyAttr = "overflowFlags" }
                results { result: One }
                regions {}
                format { parse_cast, print_cast }
                patterns [super::patterns::arith_cast::fold_cast_of_constant, super::patterns::arith_cast::fold_cast_of_cast]
                def {
                    verify: Some(verify_cast),
                    traits: traits::PURE,
                    default_properties: $defaults,
                }
            }
        )*
        const CASTS: &[&OpDef] = &[$(&$id),*];
    };
}

casts! {
    IndexCastOp, INDEX_CAST = "arith.index_cast", NO_DEFAULTS;
    IndexCastUIOp, INDEX_CASTUI = "arith.index_castui", NO_DEFAULTS;
    ExtFOp, EXTF = "arith.extf", NO_DEFAULTS;
    TruncFOp, TRUNCF = "arith.truncf", NO_DEFAULTS;
    ExtSIOp, EXTSI = "arith.extsi", NO_DEFAULTS;
    ExtUIOp, EXTUI = "arith.extui", NO_DEFAULTS;
    TruncIOp, TRUNCI = "arith.trunci", OVERFLOW_DEFAULT;
    SIToFPOp, SITOFP = "arith.sitofp", NO_DEFAULTS;
    UIToFPOp, UITOFP = "arith.uitofp", NO_DEFAULTS;
    FPToSIOp, FPTOSI = "arith.fptosi", NO_DEFAULTS;
    FPToUIOp, FPTOUI = "arith.fptoui", NO_DEFAULTS;
    BitcastOp, BITCAST = "arith.bitcast", NO_DEFAULTS;
}

/// Whether `op` is one of arith's casts (`extsi`, `index_cast`, `bitcast`,
/// ...: MLIR's `CastOpInterface` in the dialect).
pub fn is_cast(ctx: &crate::Context, op: crate::OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| CASTS.iter().any(|c| std::ptr::eq(*c, d)))
}

/// MLIR's `getZeroAttr`: `0` / `0.0` of a scalar type, a splat of it for a
/// vector or tensor type.
pub fn zero_attr(ctx: &mut crate::Context, ty: crate::Type) -> crate::Attr {
    use crate::attrs::{AttrKind, DenseData, DenseElement};
    let elem = ctx.type_kind(ty).element_type().unwrap_or(ty);
    let float = ctx.type_kind(elem).is_float();
    if elem == ty {
        return if float { ctx.attr(AttrKind::Float { bits: 0f64.to_bits(), ty }) } else { ctx.int_attr(0, ty) };
    }
    let zero = if float { DenseElement::Float(0f64.to_bits()) } else { DenseElement::Int(0) };
    ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(zero) })
}

/// A new `arith.constant` of zeros of `ty` at the builder's insertion point
/// (not uniqued: where a pattern makes it, as MLIR's patterns do).
pub fn zero_here(b: &mut crate::builder::Builder<'_>, ty: crate::Type) -> crate::Value {
    let a = zero_attr(b.ctx, ty);
    ConstantOp::create(b, Some(a), &[ty], vec![]).result(b.ctx)
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    r.add(&CONSTANT);
    for d in BINARY {
        r.add(d);
    }
    for d in CASTS {
        r.add(d);
    }
    r.add(&NEGF);
    r.add(&CMPI);
    r.add(&CMPF);
    r.add(&SELECT);
}

fn constant_name(ctx: &Context, op: OpId) -> Option<String> {
    let v = ctx.get_attr_sym(op, crate::context::known_names::VALUE)?;
    Some(match ctx.attr_kind(v) {
        AttrKind::Bool(b) => if *b { "true" } else { "false" }.to_string(),
        AttrKind::Integer { value, ty } => match ctx.type_kind(*ty) {
            TypeKind::Integer { width: 1, signedness: Signedness::Signless } => {
                if *value != 0 { "true" } else { "false" }.to_string()
            }
            TypeKind::Integer { .. } => format!("c{value}_{}", crate::printer::type_to_string(ctx, *ty)),
            _ => format!("c{value}"),
        },
        _ => "cst".to_string(),
    })
}

fn parse_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let a = p.attribute(None)?;
    let ty = match p.ctx().attr_kind(a) {
        AttrKind::Bool(_) => p.ctx().int_type(1),
        AttrKind::Integer { ty, .. }
        | AttrKind::Float { ty, .. }
        | AttrKind::Dense { ty, .. }
        | AttrKind::DenseResource { ty, .. } => *ty,
        _ => return p.err_at(loc, "expected constant attribute"),
    };
    p.set_attr("value", a);
    p.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    if let Some(v) = p.ctx().get_attr_sym(op, crate::context::known_names::VALUE) {
        p.write(" ");
        p.print_attr(v);
    }
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(v) = ctx.get_attr_sym(op, crate::context::known_names::VALUE) else {
        return Err("requires attribute 'value'".into());
    };
    let rt = ctx.value_type(ctx.result(op, 0));
    let at = match ctx.attr_kind(v) {
        AttrKind::Bool(_) => None,
        AttrKind::Integer { ty, .. }
        | AttrKind::Float { ty, .. }
        | AttrKind::Dense { ty, .. }
        | AttrKind::DenseResource { ty, .. } => Some(*ty),
        _ => return Err("value must be an integer, float, or elements attribute".into()),
    };
    let ok = match at {
        Some(t) => t == rt,
        None => matches!(ctx.type_kind(rt), TypeKind::Integer { width: 1, .. }),
    };
    if !ok {
        return Err("failed to verify that all of {value, result} have same type".into());
    }
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(rt) {
        if *signedness != Signedness::Signless {
            return Err("integer return type must be signless".into());
        }
    }
    Ok(())
}

/// `overflow<..>` and `fastmath<..>` after the operands (shared with the
/// vector reductions).
pub(crate) fn parse_flags(p: &mut OpParser<'_, '_>) -> PResult<()> {
    for (kw, attr, dialect) in [("overflow", "overflowFlags", "overflow"), ("fastmath", "fastmath", "fastmath")] {
        if p.at_keyword(kw) {
            p.any_keyword()?;
            p.expect(Tok::Less)?;
            let mut words = Vec::new();
            loop {
                words.push(p.any_keyword()?.to_string());
                if !p.optional(Tok::Comma) {
                    break;
                }
            }
            p.expect(Tok::Greater)?;
            let d = p.ctx().sym("arith");
            // 22 prints fast-math flags `nnan,ninf` (in its order), overflow
            // flags `nsw, nuw`.
            let fastmath =
                (dialect == "fastmath").then(|| crate::attrs::fastmath_text(words.iter().map(|w| w.as_str())));
            let text = fastmath.flatten().unwrap_or_else(|| format!("{dialect}<{}>", words.join(", ")));
            let a = p.ctx().attr(AttrKind::Opaque { dialect: d, text });
            p.set_attr(attr, a);
        }
    }
    Ok(())
}

/// Prints what [`parse_flags`] reads, leaving out the defaults.
pub(crate) fn print_flags(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    for (attr, kw) in [("overflowFlags", "overflow"), ("fastmath", "fastmath")] {
        if let Some(AttrKind::Opaque { text, .. }) = ctx.get_attr(op, attr).map(|a| ctx.attr_kind(a)) {
            let inner = text.strip_prefix(kw).unwrap_or(text);
            if inner == "<none>" {
                continue;
            }
            p.write(" ");
            p.write(kw);
            p.write(inner);
        }
    }
}

pub(crate) fn parse_binary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&lhs, t)?;
    p.push_operand(&rhs, t)?;
    p.result_types.push(t);
    Ok(())
}

pub(crate) fn print_binary(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(crate) fn parse_unary(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&a, t)?;
    p.result_types.push(t);
    Ok(())
}

pub(crate) fn print_unary(p: &mut OpPrinter<'_>, op: OpId) {
    print_binary(p, op)
}

/// Element type of a scalar or a shaped type.
fn element_type(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

fn verify_same_types(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let name = ctx.op_name(op);
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != t) {
        return Err("requires the same type for all operands and results".into());
    }
    let elem = ctx.type_kind(element_type(ctx, t));
    let is_float_op = BINARY_KINDS.iter().any(|(n, k)| *n == name && *k == 'f') || name == "arith.negf";
    if is_float_op && !elem.is_float() {
        return Err(format!(
            "operand #0 must be floating-point-like, but got '{}'",
            crate::printer::type_to_string(ctx, t)
        )
        .into());
    }
    if !is_float_op && !elem.is_signless_int_or_index() {
        return Err(format!(
            "operand #0 must be signless-integer-like, but got '{}'",
            crate::printer::type_to_string(ctx, t)
        )
        .into());
    }
    Ok(())
}

const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
const CMPF_PREDICATES: [&str; 16] =
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];

fn predicates(name: &str) -> &'static [&'static str] {
    if name == "arith.cmpi" {
        &CMPI_PREDICATES
    } else {
        &CMPF_PREDICATES
    }
}

fn parse_cmp(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let name = p.def.name;
    let loc = p.cur_loc();
    let kw = p.any_keyword()?;
    let Some(idx) = predicates(name).iter().position(|x| *x == kw) else {
        return p.err_at(loc, format!("invalid predicate '{kw}'"));
    };
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(idx as i128, i64t);
    p.set_attr("predicate", a);
    p.expect(Tok::Comma)?;
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&lhs, t)?;
    p.push_operand(&rhs, t)?;
    let i1 = p.ctx().int_type(1);
    let rt = match p.ctx().type_kind(t).clone() {
        TypeKind::Tensor { shape, .. } => p.ctx().tensor_type(shape, i1),
        TypeKind::Vector { shape, scalable, .. } => p.ctx().ty(TypeKind::Vector { shape, scalable, elem: i1 }),
        _ => i1,
    };
    p.result_types.push(rt);
    Ok(())
}

fn print_cmp(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let idx = match ctx.get_attr(op, "predicate").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value as usize,
        _ => 0,
    };
    let name = ctx.op_name(op);
    p.write(" ");
    p.write(predicates(name).get(idx).copied().unwrap_or("?"));
    p.write(", ");
    p.print_operands(ctx.operands(op));
    print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
}

fn verify_cmp(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() != 2 || ctx.value_type(ops[0]) != ctx.value_type(ops[1]) {
        return Err("failed to verify that all of {lhs, rhs} have same type".into());
    }
    match ctx.get_attr(op, "predicate").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. })
            if (*value as usize) < predicates(ctx.op_name(op)).len() && *value >= 0 =>
        {
            Ok(())
        }
        _ => Err("requires attribute 'predicate'".into()),
    }
}

fn parse_select(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let c = p.operand()?;
    p.expect(Tok::Comma)?;
    let a = p.operand()?;
    p.expect(Tok::Comma)?;
    let b = p.operand()?;
    p.optional_attr_dict()?;
    let t1 = p.colon_type()?;
    let (ct, t) = if p.optional(Tok::Comma) { (t1, p.ty()?) } else { (p.ctx().int_type(1), t1) };
    p.push_operand(&c, ct)?;
    p.push_operand(&a, t)?;
    p.push_operand(&b, t)?;
    p.result_types.push(t);
    Ok(())
}

fn print_select(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.print_attr_dict(op);
    p.write(" : ");
    let ct = ctx.value_type(ops[0]);
    if !matches!(ctx.type_kind(ct), TypeKind::Integer { width: 1, .. }) {
        p.print_type(ct);
        p.write(", ");
    }
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_select(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let rt = ctx.value_type(ctx.result(op, 0));
    if ops.len() != 3 || ctx.value_type(ops[1]) != rt || ctx.value_type(ops[2]) != rt {
        return Err("failed to verify that all of {true_value, false_value, result} have same type".into());
    }
    Ok(())
}

pub(crate) fn parse_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    parse_flags(p)?;
    p.optional_attr_dict()?;
    let from = p.colon_type()?;
    p.keyword("to")?;
    let to = p.ty()?;
    p.push_operand(&a, from)?;
    p.result_types.push(to);
    Ok(())
}

pub(crate) fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let from = ctx.value_type(ctx.operands(op)[0]);
    let to = ctx.value_type(ctx.result(op, 0));
    let (fk, tk) = (ctx.type_kind(element_type(ctx, from)), ctx.type_kind(element_type(ctx, to)));
    let name = ctx.op_name(op);
    let ok = match name {
        "arith.index_cast" | "arith.index_castui" => {
            (matches!(fk, TypeKind::Index) && tk.is_integer()) || (fk.is_integer() && matches!(tk, TypeKind::Index))
        }
        "arith.extf" | "arith.truncf" => fk.is_float() && tk.is_float(),
        "arith.extsi" | "arith.extui" | "arith.trunci" => fk.is_integer() && tk.is_integer(),
        "arith.sitofp" | "arith.uitofp" => fk.is_integer() && tk.is_float(),
        "arith.fptosi" | "arith.fptoui" => fk.is_float() && tk.is_integer(),
        _ => true,
    };
    if !ok {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            crate::printer::type_to_string(ctx, from),
            crate::printer::type_to_string(ctx, to)
        )
        .into());
    }
    Ok(())
}
