//! Custom assembly of the memref ops, as mlir-opt 22 parses and prints it.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::OpPrinter;
use crate::types::TypeKind;
use crate::{OpId, Type, Value};

use crate::dialects::tensor::SliceView;
pub(super) use crate::dialects::tensor::{parse_reshape, print_reshape};

/// The element type of a memref, for ops whose other operands follow it.
fn element_of(p: &OpParser<'_, '_>, t: Type) -> Option<Type> {
    match p.ctx_ref().type_kind(t) {
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

fn expect_memref(p: &mut OpParser<'_, '_>, t: Type, at: crate::parser::SrcPos) -> PResult<Type> {
    match element_of(p, t) {
        Some(e) => Ok(e),
        None => {
            let s = p.type_str(t);
            p.custom_err_at(at, format!("invalid kind of type specified: expected builtin.memref, but found '{s}'"))
        }
    }
}

// ---- alloc / alloca ----------------------------------------------------------

pub(super) fn parse_alloc(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let sizes = p.paren_operand_list()?;
    let syms = if p.at(Tok::LSquare) { p.square_operand_list()? } else { vec![] };
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    let index = p.index_type();
    p.push_operands_of(&sizes, index)?;
    p.push_operands_of(&syms, index)?;
    p.set_operand_segments(&[sizes.len(), syms.len()]);
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_alloc(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let sizes = super::AllocOp(op).dynamic_sizes(ctx);
    let syms = super::AllocOp(op).symbol_operands(ctx);
    p.write("(");
    p.print_operands(sizes);
    p.write(")");
    if !syms.is_empty() {
        p.write("[");
        p.print_operands(syms);
        p.write("]");
    }
    // `alignment` is a property the custom form leaves in the dictionary.
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- `%m : type` forms -----------------------------------------------------------

/// `%x attr-dict : type`, the one operand pushed (no result).
pub(crate) fn parse_operand_colon_type(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&m, t)?;
    Ok(())
}

/// Prints [`parse_operand_colon_type`]'s form.
pub(crate) fn print_operand_colon_type(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let m = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(m);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(m));
}

/// `%x attr-dict : type` with an `index` result (memref and tensor `rank`).
pub(crate) fn parse_rank(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_operand_colon_type(p)?;
    let index = p.index_type();
    p.result_types.push(index);
    Ok(())
}

/// `%m : type -> type` (`extract_aligned_pointer_as_index`).
pub(super) fn parse_operand_arrow_type(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.expect(Tok::Arrow)?;
    let r = p.ty()?;
    p.push_operand(&m, t)?;
    p.result_types.push(r);
    Ok(())
}

pub(super) fn print_operand_arrow_type(p: &mut OpPrinter<'_>, op: OpId) {
    print_operand_colon_type(p, op);
    p.write(" -> ");
    let ctx = p.ctx();
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- load / store ------------------------------------------------------------------

pub(super) fn parse_load(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    let indices = p.square_operand_list()?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let at = p.cur_loc();
    let t = p.ty()?;
    let elem = expect_memref(p, t, at)?;
    p.push_operand(&m, t)?;
    let index = p.index_type();
    p.push_operands_of(&indices, index)?;
    p.result_types.push(elem);
    Ok(())
}

fn print_indexed(p: &mut OpPrinter<'_>, m: Value, indices: &[Value]) {
    p.print_operand(m);
    p.write("[");
    p.print_operands(indices);
    p.write("]");
}

/// The attribute dictionary of a load or store: its properties
/// (`nontemporal`, `alignment`) stay in it, except `nontemporal = false`,
/// the default.
fn print_access_attrs(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let default = ctx.get_attr(op, "nontemporal").is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(false)));
    p.print_optional_attr_dict(op, if default { &["nontemporal"] } else { &[] });
}

pub(super) fn print_load(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    print_indexed(p, ops[0], &ops[1..]);
    print_access_attrs(p, op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

pub(super) fn parse_store(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.operand()?;
    p.expect(Tok::Comma)?;
    let m = p.operand()?;
    let indices = p.square_operand_list()?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let at = p.cur_loc();
    let t = p.ty()?;
    let elem = expect_memref(p, t, at)?;
    p.push_operand(&v, elem)?;
    p.push_operand(&m, t)?;
    let index = p.index_type();
    p.push_operands_of(&indices, index)?;
    Ok(())
}

pub(super) fn print_store(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    print_indexed(p, ops[1], &ops[2..]);
    print_access_attrs(p, op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[1]));
}

// ---- copy, dim ---------------------------------------------------------------------

pub(super) fn parse_copy(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.operand()?;
    p.expect(Tok::Comma)?;
    let b = p.operand()?;
    p.optional_attr_dict()?;
    let ta = p.colon_type()?;
    p.keyword("to")?;
    let tb = p.ty()?;
    p.push_operand(&a, ta)?;
    p.push_operand(&b, tb)?;
    Ok(())
}

pub(super) fn print_copy(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ops[1]));
}

// ---- subview, reinterpret_cast -------------------------------------------------------

fn push_mixed_lists(p: &mut OpParser<'_, '_>, lists: [(Vec<UnresolvedOperand>, Vec<i64>); 3]) -> PResult<()> {
    let index = p.index_type();
    let mut seg = vec![1usize];
    for ((dyns, ints), name) in lists.iter().zip(["static_offsets", "static_sizes", "static_strides"]) {
        p.push_operands_of(dyns, index)?;
        let a = p.ctx().i64_array_attr(ints);
        p.set_attr(name, a);
        seg.push(dyns.len());
    }
    p.set_operand_segments(&seg);
    Ok(())
}

/// Reads the offsets, sizes and strides of a subview or reinterpret_cast;
/// `None` when malformed.
pub fn mixed_lists(ctx: &crate::Context, op: OpId) -> Option<SliceView<'_>> {
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a));
    let (o, s, st) = (arr("static_offsets")?, arr("static_sizes")?, arr("static_strides")?);
    let count = |v: &[i64]| v.iter().filter(|x| crate::types::is_dynamic(**x)).count();
    let (no, ns, nst) = (count(o), count(s), count(st));
    let ops = ctx.operands(op);
    if ops.len() != 1 + no + ns + nst {
        return None;
    }
    let d = &ops[1..];
    Some(SliceView { offsets: (o, &d[..no]), sizes: (s, &d[no..no + ns]), strides: (st, &d[no + ns..]) })
}

pub(super) fn parse_subview(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    let o = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let s = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let st = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.keyword("to")?;
    let r = p.ty()?;
    p.push_operand(&src, t)?;
    push_mixed_lists(p, [o, s, st])?;
    p.result_types.push(r);
    Ok(())
}

pub(super) fn print_subview(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(l) = mixed_lists(ctx, op) else { return };
    let src = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(src);
    p.print_dynamic_index_list(l.offsets.1, l.offsets.0, '[', ']');
    p.write(" ");
    p.print_dynamic_index_list(l.sizes.1, l.sizes.0, '[', ']');
    p.write(" ");
    p.print_dynamic_index_list(l.strides.1, l.strides.0, '[', ']');
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_reinterpret_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.keyword("to")?;
    p.keyword("offset")?;
    p.expect(Tok::Colon)?;
    let o = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.expect(Tok::Comma)?;
    p.keyword("sizes")?;
    p.expect(Tok::Colon)?;
    let s = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.expect(Tok::Comma)?;
    p.keyword("strides")?;
    p.expect(Tok::Colon)?;
    let st = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.keyword("to")?;
    let r = p.ty()?;
    p.push_operand(&src, t)?;
    push_mixed_lists(p, [o, s, st])?;
    p.result_types.push(r);
    Ok(())
}

pub(super) fn print_reinterpret_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(l) = mixed_lists(ctx, op) else { return };
    let src = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(src);
    p.write(" to offset: ");
    p.print_dynamic_index_list(l.offsets.1, l.offsets.0, '[', ']');
    p.write(", sizes: ");
    p.print_dynamic_index_list(l.sizes.1, l.sizes.0, '[', ']');
    p.write(", strides: ");
    p.print_dynamic_index_list(l.strides.1, l.strides.0, '[', ']');
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- transpose -----------------------------------------------------------------------

pub(super) fn parse_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    let map = p.affine_map_body_attr()?;
    p.set_attr("permutation", map);
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.keyword("to")?;
    let r = p.ty()?;
    p.push_operand(&src, t)?;
    p.result_types.push(r);
    Ok(())
}

pub(super) fn print_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let src = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(src);
    p.write(" ");
    if let Some(AttrKind::AffineMap(m)) = ctx.get_attr(op, "permutation").map(|a| ctx.attr_kind(a)) {
        let mut s = String::new();
        m.print(&mut s);
        p.write(&s);
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- global, get_global -----------------------------------------------------------------

pub(super) fn parse_global(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.at(Tok::String) {
        let vis = p.string_literal()?;
        let a = p.ctx().string_attr(&vis);
        p.set_attr("sym_visibility", a);
    }
    if p.optional_keyword("constant") {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr("constant", u);
    }
    let name = p.symbol_name()?;
    let s = p.ctx().str(name).to_string();
    let a = p.ctx().string_attr(&s);
    p.set_attr("sym_name", a);
    let at = p.cur_loc();
    let t = p.colon_type()?;
    let Some((shape, elem)) = (match p.ctx_ref().type_kind(t) {
        TypeKind::MemRef { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }) else {
        return p.err_at(at, "type should be static shaped memref, but got ".to_string() + &p.type_str(t));
    };
    let ta = p.ctx().type_attr(t);
    p.set_attr("type", ta);
    if p.optional(Tok::Equal) {
        if p.optional_keyword("uninitialized") {
            let u = p.ctx().attr(AttrKind::Unit);
            p.set_attr("initial_value", u);
        } else {
            let tensor = p.ctx().tensor_type(shape, elem);
            let init = p.attribute(Some(tensor))?;
            p.set_attr("initial_value", init);
        }
    }
    p.optional_attr_dict()?;
    Ok(())
}

pub(super) fn print_global(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let string = |n: &str| match ctx.get_attr(op, n).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => Some(value.clone()),
        _ => None,
    };
    p.write(" ");
    if let Some(v) = string("sym_visibility") {
        p.write(&format!("\"{v}\" "));
    }
    if ctx.get_attr(op, "constant").is_some() {
        p.write("constant ");
    }
    let mut name = String::new();
    crate::printer::write_symbol(&string("sym_name").unwrap_or_default(), &mut name);
    p.write(&name);
    p.write(" : ");
    if let Some(AttrKind::Type(t)) = ctx.get_attr(op, "type").map(|a| ctx.attr_kind(a)) {
        p.print_type(*t);
    }
    if let Some(init) = ctx.get_attr(op, "initial_value") {
        p.write(" = ");
        if matches!(ctx.attr_kind(init), AttrKind::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attr_elide_type(init);
        }
    }
    p.print_optional_attr_dict(op, &["sym_name", "sym_visibility", "type", "initial_value", "constant"]);
}

pub(super) fn parse_get_global(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let name = p.attribute(None)?;
    p.set_attr("name", name);
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_get_global(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(n) = ctx.get_attr(op, "name") {
        p.print_attr(n);
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- extract_strided_metadata -------------------------------------------------------------

pub(super) fn parse_extract_strided_metadata(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.expect(Tok::Arrow)?;
    let rs = p.type_list()?;
    p.push_operand(&m, t)?;
    p.result_types.extend(rs);
    Ok(())
}

pub(super) fn print_extract_strided_metadata(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let m = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(m);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(m));
    p.write(" -> ");
    let types: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    p.print_types(&types);
}

// ---- assume_alignment, view -----------------------------------------------------------------

pub(super) fn parse_assume_alignment(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    p.expect(Tok::Comma)?;
    let at = p.cur_loc();
    let n = p.integer()?;
    if !(0..=u32::MAX as i64).contains(&n) {
        return p.err_at(at, "integer value too large");
    }
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().int_attr(n as i128, i32t);
    p.set_attr("alignment", a);
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&m, t)?;
    p.result_types.push(t);
    Ok(())
}

pub(super) fn print_assume_alignment(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let m = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(m);
    p.write(", ");
    if let Some(AttrKind::Integer { value, .. }) = ctx.get_attr(op, "alignment").map(|a| ctx.attr_kind(a)) {
        p.write(&value.to_string());
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(m));
}

pub(super) fn parse_view(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.expect(Tok::LSquare)?;
    let shift = p.operand()?;
    p.expect(Tok::RSquare)?;
    let sizes = p.square_operand_list()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.keyword("to")?;
    let r = p.ty()?;
    p.push_operand(&src, t)?;
    let index = p.index_type();
    p.push_operand(&shift, index)?;
    p.push_operands_of(&sizes, index)?;
    p.result_types.push(r);
    Ok(())
}

pub(super) fn print_view(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operand(ops[1]);
    p.write("][");
    p.print_operands(&ops[2..]);
    p.write("]");
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

// ---- alloca_scope ------------------------------------------------------------------------------

pub(super) fn parse_alloca_scope(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional(Tok::Arrow) {
        let ts = if p.at(Tok::LParen) { p.paren_type_list()? } else { vec![p.ty()?] };
        p.result_types.extend(ts);
    }
    let r = p.region(&[])?;
    p.ensure_terminator(r, "memref.alloca_scope.return");
    p.optional_attr_dict()?;
    Ok(())
}

pub(super) fn print_alloca_scope(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let results: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    p.write(" ");
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(&results);
        p.write(")");
    }
    p.write(" ");
    p.print_region(ctx.regions(op)[0], false, !results.is_empty());
    p.print_attr_dict(op);
}

pub(super) fn parse_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let vs = p.operand_list()?;
    p.optional_attr_dict()?;
    p.optional_colon_typed(&vs)
}

pub(super) fn print_return(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    let ctx = p.ctx();
    p.print_colon_typed(ctx.operands(op));
}
