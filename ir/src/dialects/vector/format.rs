//! Custom assembly of the vector ops other than the transfers, as
//! mlir-opt 22 parses and prints them.

use crate::attrs::AttrKind;
use crate::context::OpSpec;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{OpId, Type};

use super::vector_shape;

fn expect_vector(p: &mut OpParser<'_, '_>, t: Type, loc: crate::parser::SrcPos) -> PResult<()> {
    if vector_shape(p.ctx(), t).is_none() {
        let s = p.type_str(t);
        return p
            .custom_err_at(loc, format!("invalid kind of type specified: expected builtin.vector, but found '{s}'"));
    }
    Ok(())
}

/// `: vector<..>` (a vector type is required).
fn colon_vector(p: &mut OpParser<'_, '_>) -> PResult<Type> {
    p.expect_what(Tok::Colon, "':'")?;
    let loc = p.cur_loc();
    let t = p.ty()?;
    expect_vector(p, t, loc)?;
    Ok(t)
}

fn vector_after(p: &mut OpParser<'_, '_>) -> PResult<Type> {
    let loc = p.cur_loc();
    let t = p.ty()?;
    expect_vector(p, t, loc)?;
    Ok(t)
}

// ---- vector.mask / vector.yield ----------------------------------------------

pub(super) fn parse_mask(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let mask = p.operand()?;
    let passthru = if p.optional(Tok::Comma) { Some(p.operand()?) } else { None };
    let region = p.region(&[])?;
    p.optional_attr_dict()?;
    let mask_ty = colon_vector(p)?;
    let results = if p.at(Tok::Arrow) { p.arrow_type_list()? } else { Vec::new() };
    p.push_operand(&mask, mask_ty)?;
    if let Some(pt) = passthru {
        let Some(t) = results.first().copied() else {
            return p.err("expects a result if passthru operand is provided");
        };
        p.push_operand(&pt, t)?;
    }
    p.result_types.extend(results);
    ensure_mask_terminator(p, region);
    Ok(())
}

/// MLIR's `MaskOp::ensureTerminator`: a region that holds only the masked
/// op gets a `vector.yield` of that op's results.
fn ensure_mask_terminator(p: &mut OpParser<'_, '_>, region: crate::RegionId) {
    let loc = p.loc;
    let ctx = p.ctx();
    if ctx.blocks(region).is_empty() {
        ctx.append_block(region);
    }
    let block = ctx.blocks(region)[0];
    if ctx.last_op(block).is_some_and(|o| super::YieldOp::isa(ctx, o)) {
        return;
    }
    let operands = match ctx.last_op(block) {
        Some(masked) => ctx.results(masked).iter().copied().collect(),
        None => Default::default(),
    };
    let name = ctx.sym(super::YIELD.name);
    let y = ctx.create_op(OpSpec {
        name,
        operands,
        result_types: Default::default(),
        attrs: Default::default(),
        regions: vec![],
        successors: vec![],
        loc,
    });
    ctx.append_op(block, y);
}

pub(super) fn print_mask(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.write(" { ");
    if let Some(first) = ctx.blocks(ctx.regions(op)[0]).first().and_then(|b| ctx.block_ops(*b).next()) {
        p.print_op_without_results(first);
    }
    p.write(" }");
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    let results = ctx.results(op);
    if !results.is_empty() {
        let tys: Vec<Type> = results.iter().map(|r| ctx.value_type(*r)).collect();
        p.write(" -> ");
        p.print_arrow_types(&tys);
    }
}

pub(super) fn parse_yield(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    p.optional_colon_typed(&ops)
}

pub(super) fn print_yield(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    p.print_colon_typed(p.ctx().operands(op));
}

// ---- masks --------------------------------------------------------------------

pub(super) fn parse_create_mask(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    let index = p.index_type();
    p.push_operands_of(&ops, index)?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_create_mask(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_constant_mask(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let sizes = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&sizes);
    p.set_attr("mask_dim_sizes", a);
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_constant_mask(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let sizes = super::ConstantMaskOp(op).mask_dim_sizes(ctx);
    p.write(" ");
    p.print_i64_list(sizes);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- one operand `to` a type ---------------------------------------------------

/// `%v attr-dict : T to R` (broadcast, shape_cast, bitcast,
/// extract_strided_slice: the latter keeps its offsets, sizes and strides
/// in the attribute dictionary).
pub(super) fn parse_unary_to(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let loc = p.cur_loc();
    let st = p.ty()?;
    if p.def.name != super::BROADCAST.name {
        expect_vector(p, st, loc)?;
    }
    p.keyword("to")?;
    let rt = vector_after(p)?;
    p.push_operand(&src, st)?;
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_unary_to(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let src = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(src);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.expect(Tok::Comma)?;
    let perm = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&perm);
    p.set_attr("permutation", a);
    p.optional_attr_dict()?;
    let st = colon_vector(p)?;
    p.keyword("to")?;
    let rt = vector_after(p)?;
    p.push_operand(&src, st)?;
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let t = super::TransposeOp(op);
    let src = t.vector(ctx);
    p.write(" ");
    p.print_operand(src);
    p.write(", ");
    p.print_i64_list(t.permutation(ctx));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- extract / insert -----------------------------------------------------------

pub(super) fn parse_extract(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    let (dyns, ints) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let rt = p.ty()?;
    p.keyword("from")?;
    let st = vector_after(p)?;
    p.push_operand(&src, st)?;
    let index = p.index_type();
    p.push_operands_of(&dyns, index)?;
    let a = p.ctx().i64_array_attr(&ints);
    p.set_attr("static_position", a);
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_extract(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let e = super::ExtractOp(op);
    let src = e.source(ctx);
    p.write(" ");
    p.print_operand(src);
    p.print_dynamic_index_list(e.dynamic_position(ctx), e.static_position(ctx), '[', ']');
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
    p.write(" from ");
    p.print_type(ctx.value_type(src));
}

pub(super) fn parse_insert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = p.operand()?;
    p.expect(Tok::Comma)?;
    let dest = p.operand()?;
    let (dyns, ints) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let vt = p.ty()?;
    p.keyword("into")?;
    let dt = vector_after(p)?;
    p.push_operand(&value, vt)?;
    p.push_operand(&dest, dt)?;
    let index = p.index_type();
    p.push_operands_of(&dyns, index)?;
    let a = p.ctx().i64_array_attr(&ints);
    p.set_attr("static_position", a);
    p.result_types.push(dt);
    Ok(())
}

pub(super) fn print_insert(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let i = super::InsertOp(op);
    let (value, dest) = (i.value_to_store(ctx), i.dest(ctx));
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    p.print_operand(dest);
    // MLIR 22 prints a space before the position list of an insert.
    p.write(" ");
    p.print_dynamic_index_list(i.dynamic_position(ctx), i.static_position(ctx), '[', ']');
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(value));
    p.write(" into ");
    p.print_type(ctx.value_type(dest));
}

pub(super) fn parse_insert_strided_slice(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = p.operand()?;
    p.expect(Tok::Comma)?;
    let dest = p.operand()?;
    p.optional_attr_dict()?;
    let vt = colon_vector(p)?;
    p.keyword("into")?;
    let dt = vector_after(p)?;
    p.push_operand(&value, vt)?;
    p.push_operand(&dest, dt)?;
    p.result_types.push(dt);
    Ok(())
}

pub(super) fn print_insert_strided_slice(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ctx.value_type(ops[1]));
}

// ---- from_elements, step, fma ------------------------------------------------------

pub(super) fn parse_from_elements(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.cur_loc();
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    let (n, elem) = {
        let v = vector_shape(p.ctx(), t).expect("checked to be a vector");
        (v.num_elements(), v.elem)
    };
    if n != ops.len() as i64 {
        let msg = format!(
            "custom op 'vector.from_elements' number of operands and types do not match: got {} operands and {n} types",
            ops.len()
        );
        return p.err_at(loc, msg);
    }
    p.push_operands_of(&ops, elem)?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_from_elements(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_step(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_step(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_fma(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    if ops.len() != 3 {
        return p.err(format!("expected 3 operands, got {}", ops.len()));
    }
    p.push_operands_of(&ops, t)?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_fma(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- reductions ---------------------------------------------------------------------

/// `<add>`: the combining kind, stored as `#vector.kind<add>`.
fn parse_kind(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect(Tok::Less)?;
    let loc = p.cur_loc();
    let kind = p.any_keyword()?;
    if !super::COMBINING_KINDS.contains(&kind) {
        return p.err_at(
            loc,
            format!("expected ::mlir::vector::CombiningKind to be one of: {}", super::COMBINING_KINDS.join(", ")),
        );
    }
    let kind = kind.to_string();
    p.expect(Tok::Greater)?;
    let a = super::kind_attr(p.ctx(), &kind);
    p.set_attr("kind", a);
    Ok(())
}

fn print_kind(p: &mut OpPrinter<'_>, op: OpId) {
    let kind = super::combining_kind(p.ctx(), op).unwrap_or("add");
    p.write(" <");
    p.write(kind);
    p.write(">");
}

pub(super) fn parse_reduction(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_kind(p)?;
    p.expect(Tok::Comma)?;
    let v = p.operand()?;
    let acc = if p.optional(Tok::Comma) { Some(p.operand()?) } else { None };
    // `fastmath<...>` as the arith ops spell it.
    crate::dialects::arith::parse_flags(p)?;
    p.optional_attr_dict()?;
    let vt = colon_vector(p)?;
    p.keyword("into")?;
    let rt = p.ty()?;
    p.push_operand(&v, vt)?;
    if let Some(acc) = acc {
        p.push_operand(&acc, rt)?;
    }
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_reduction(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_kind(p, op);
    p.write(", ");
    p.print_operands(ctx.operands(op));
    crate::dialects::arith::print_flags(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_multi_reduction(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_kind(p)?;
    p.expect(Tok::Comma)?;
    let v = p.operand()?;
    p.expect(Tok::Comma)?;
    let acc = p.operand()?;
    let dims = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&dims);
    p.set_attr("reduction_dims", a);
    p.optional_attr_dict()?;
    let vt = colon_vector(p)?;
    p.keyword("to")?;
    let rt = p.ty()?;
    p.push_operand(&v, vt)?;
    p.push_operand(&acc, rt)?;
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_multi_reduction(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let m = super::MultiReductionOp(op);
    print_kind(p, op);
    p.write(", ");
    p.print_operands(ctx.operands(op));
    p.write(" ");
    p.print_i64_list(m.reduction_dims(ctx));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(m.source(ctx)));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- interleave / deinterleave / print ---------------------------------------------

pub(super) fn parse_shuffle(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.expect(Tok::Comma)?;
    let b = p.operand()?;
    let mask = p.i64_list()?;
    let attr = p.ctx().i64_array_attr(&mask);
    p.set_attr("mask", attr);
    p.optional_attr_dict()?;
    let t1 = colon_vector(p)?;
    p.expect(Tok::Comma)?;
    let t2 = vector_after(p)?;
    // The result: the mask's length, then v1's trailing dims (MLIR 22
    // infers a leading 1 for an empty mask, which the verifier rejects).
    let (elem, trailing) = match p.ctx().type_kind(t1) {
        TypeKind::Vector { shape, elem, .. } => (*elem, shape.get(1..).unwrap_or(&[]).to_vec()),
        _ => unreachable!("checked to be a vector"),
    };
    let mut shape = vec![(mask.len() as i64).max(1)];
    shape.extend(trailing);
    let scalable = vec![false; shape.len()];
    let rt = p.ctx().ty(TypeKind::Vector { shape, scalable, elem });
    p.push_operand(&a, t1)?;
    p.push_operand(&b, t2)?;
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_shuffle(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.write(" ");
    p.print_i64_list(super::ShuffleOp(op).mask(ctx));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[1]));
}

pub(super) fn parse_interleave(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.expect(Tok::Comma)?;
    let b = p.operand()?;
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    p.expect(Tok::Arrow)?;
    let rt = vector_after(p)?;
    p.push_operand(&a, t)?;
    p.push_operand(&b, t)?;
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_interleave(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_deinterleave(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.optional_attr_dict()?;
    let t = colon_vector(p)?;
    p.expect(Tok::Arrow)?;
    let rt = vector_after(p)?;
    p.push_operand(&a, t)?;
    p.result_types.push(rt);
    p.result_types.push(rt);
    Ok(())
}

pub(super) fn print_deinterleave(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// `vector.print [%v : T] [str "text"] [punctuation <comma>]`
pub(super) fn parse_print(p: &mut OpParser<'_, '_>) -> PResult<()> {
    // A bare `vector.print` may be followed by the next op's results
    // (`%1 = ...`), which mlir-opt 22 misreads as its operand.
    if let Some(v) = p.optional_typed_operand()? {
        let t = p.colon_type()?;
        p.push_operand(&v, t)?;
    }
    loop {
        if p.optional_keyword("str") {
            let s = p.string_literal()?;
            let a = p.ctx().string_attr(&s);
            p.set_attr("stringLiteral", a);
        } else if p.optional_keyword("punctuation") {
            p.expect(Tok::Less)?;
            let word = p.any_keyword()?.to_string();
            p.expect(Tok::Greater)?;
            let d = p.ctx().sym("vector");
            let a = p.ctx().attr(AttrKind::Opaque { dialect: d, text: format!("punctuation<{word}>") });
            p.set_attr("punctuation", a);
        } else {
            break;
        }
    }
    p.optional_attr_dict()
}

pub(super) fn print_print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(v) = ctx.operands(op).first() {
        p.write(" ");
        p.print_operand(*v);
        p.write(" : ");
        p.print_type(ctx.value_type(*v));
    }
    if let Some(AttrKind::String { value, .. }) = ctx.get_attr(op, "stringLiteral").map(|a| ctx.attr_kind(a)) {
        p.write(" str ");
        let mut s = String::new();
        crate::printer::escape(value, &mut s);
        p.write(&format!("\"{s}\""));
    }
    if let Some(AttrKind::Opaque { text, .. }) = ctx.get_attr(op, "punctuation").map(|a| ctx.attr_kind(a)) {
        if text != "punctuation<newline>" {
            p.write(" punctuation ");
            p.write(text.strip_prefix("punctuation").unwrap_or(text));
        }
    }
    p.print_attr_dict(op);
}

/// Whether a static position entry is dynamic.
pub(super) fn is_dynamic_position(x: i64) -> bool {
    x == DYNAMIC
}

// ---- outerproduct -------------------------------------------------------------------

/// `%lhs, %rhs[, %acc] attr-dict : vector<M x T>, (vector<N x T> | T)`; the
/// kind defaults to `add`.
pub(super) fn parse_outer_product(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.cur_loc();
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    let lhs_t = colon_vector(p)?;
    p.expect(Tok::Comma)?;
    let rhs_t = p.ty()?;
    if ops.len() < 2 || ops.len() > 3 {
        return p.err_at(loc, format!("expected 2 or 3 operands, got {}", ops.len()));
    }
    let result_t = match (p.ctx().type_kind(lhs_t).clone(), p.ctx().type_kind(rhs_t).clone()) {
        (TypeKind::Vector { shape: l, scalable: ls, elem }, TypeKind::Vector { shape: r, scalable: rs, .. }) => {
            let shape = vec![l.first().copied().unwrap_or(0), r.first().copied().unwrap_or(0)];
            let scalable = vec![ls.first().copied().unwrap_or(false), rs.first().copied().unwrap_or(false)];
            p.ctx().ty(TypeKind::Vector { shape, scalable, elem })
        }
        _ => lhs_t,
    };
    p.push_operand(&ops[0], lhs_t)?;
    p.push_operand(&ops[1], rhs_t)?;
    if let Some(acc) = ops.get(2) {
        p.push_operand(acc, result_t)?;
    }
    let kind_sym = p.ctx().sym("kind");
    if !p.attrs.contains_key(&kind_sym) {
        let k = super::kind_attr(p.ctx(), "add");
        p.set_attr("kind", k);
    }
    p.result_types.push(result_t);
    Ok(())
}

pub(super) fn print_outer_product(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    // As 22 prints it: the attribute dictionary (kind included) only with
    // an accumulator; without one, a kind other than `add` is printed too
    // (22 drops it, and the op reads back as another).
    let with_acc = ctx.operands(op).len() == 3;
    if with_acc || super::combining_kind(ctx, op) != Some("add") {
        p.print_optional_attr_dict(op, &[]);
    } else {
        p.print_optional_attr_dict(op, &["kind"]);
    }
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ctx.operands(op)[1]));
}

// ---- vscale -------------------------------------------------------------------------

/// `vector.vscale attr-dict` (an `index`).
pub(super) fn parse_vscale(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let index = p.index_type();
    p.result_types.push(index);
    Ok(())
}

pub(super) fn print_vscale(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &[]);
}
