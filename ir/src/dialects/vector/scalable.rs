//! `vector.scalable.insert` / `vector.scalable.extract`: a 1-D vector put
//! into, or taken out of, a 1-D scalable vector at a position that scales
//! with `vscale` (what 22's shape-cast lowering makes of scalable shape
//! casts). Checked as 22 checks them; the engine does not run scalable
//! vectors.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, VerifyError};
use crate::{Context, OpId, Type};

use super::vector_shape;

crate::op! {
    /// `vector.scalable.insert %v, %dest[pos] : vector<4xf32> into vector<[8]xf32>`
    pub struct ScalableInsertOp => SCALABLE_INSERT = "vector.scalable.insert";
    operands { value_to_store: One, dest: One }
    attributes { pos: AnyAttr = "pos" }
    results { result: One }
    regions { }
    format { parse_scalable_insert, print_scalable_insert }
    def {
        verify: Some(verify_scalable_insert),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.scalable.extract %v[pos] : vector<4xf32> from vector<[8]xf32>`
    pub struct ScalableExtractOp => SCALABLE_EXTRACT = "vector.scalable.extract";
    operands { source: One }
    attributes { pos: AnyAttr = "pos" }
    results { result: One }
    regions { }
    format { parse_scalable_extract, print_scalable_extract }
    def {
        verify: Some(verify_scalable_extract),
        traits: traits::PURE,
    }
}

/// The position (`pos`), 0 when missing.
pub fn position(ctx: &Context, op: OpId) -> i64 {
    match ctx.get_attr(op, "pos").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value as i64,
        _ => 0,
    }
}

/// 22's `VectorOfRank<[1]>` (scalable when `scalable`): the message names
/// the operand or result.
fn rank_one(ctx: &Context, t: Type, scalable: bool, what: &str) -> Result<(), VerifyError> {
    let ok = vector_shape(ctx, t).is_some_and(|v| v.rank() == 1 && (!scalable || v.scalable[0]));
    if ok {
        return Ok(());
    }
    Err(format!("{what} must be  of ranks 1, but got '{}'", type_to_string(ctx, t)).into())
}

fn length(ctx: &Context, t: Type) -> i64 {
    vector_shape(ctx, t).map_or(1, |v| v.num_elements().max(1))
}

fn elem(ctx: &Context, t: Type) -> Option<Type> {
    vector_shape(ctx, t).map(|v| v.elem)
}

fn verify_scalable_insert(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let (value, dest, result) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]), ctx.value_type(ctx.result(op, 0)));
    rank_one(ctx, value, false, "operand #0")?;
    rank_one(ctx, dest, true, "operand #1")?;
    rank_one(ctx, result, true, "result #0")?;
    if elem(ctx, value) != elem(ctx, dest) {
        return Err("failed to verify that all of {valueToStore, dest} have same element type".into());
    }
    if dest != result {
        return Err("failed to verify that all of {dest, result} have same type".into());
    }
    if position(ctx, op) % length(ctx, value) != 0 {
        return Err("failed to verify that position is a multiple of the source length.".into());
    }
    Ok(())
}

fn verify_scalable_extract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (source, result) = (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)));
    rank_one(ctx, source, true, "operand #0")?;
    rank_one(ctx, result, false, "result #0")?;
    if elem(ctx, source) != elem(ctx, result) {
        return Err("failed to verify that all of {source, result} have same element type".into());
    }
    if position(ctx, op) % length(ctx, result) != 0 {
        return Err("failed to verify that position is a multiple of the result length.".into());
    }
    Ok(())
}

/// `[pos]`, set as the `pos` attribute (an i64).
fn parse_position(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect(Tok::LSquare)?;
    let pos = p.integer()?;
    p.expect(Tok::RSquare)?;
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(pos as i128, i64t);
    p.set_attr("pos", a);
    Ok(())
}

fn parse_scalable_insert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = p.operand()?;
    p.expect(Tok::Comma)?;
    let dest = p.operand()?;
    parse_position(p)?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let vt = p.ty()?;
    p.keyword("into")?;
    let dt = p.ty()?;
    p.push_operand(&value, vt)?;
    p.push_operand(&dest, dt)?;
    p.result_types.push(dt);
    Ok(())
}

fn parse_scalable_extract(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let source = p.operand()?;
    parse_position(p)?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let rt = p.ty()?;
    p.keyword("from")?;
    let st = p.ty()?;
    p.push_operand(&source, st)?;
    p.result_types.push(rt);
    Ok(())
}

fn print_position(p: &mut OpPrinter<'_>, op: OpId) {
    let pos = position(p.ctx(), op);
    p.write(&format!("[{pos}]"));
    p.print_optional_attr_dict(op, &["pos"]);
    p.write(" : ");
}

fn print_scalable_insert(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    let (value, dest) = (ops[0], ops[1]);
    let (vt, dt) = (ctx.value_type(value), ctx.value_type(dest));
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    p.print_operand(dest);
    print_position(p, op);
    p.print_type(vt);
    p.write(" into ");
    p.print_type(dt);
}

fn print_scalable_extract(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let source = ctx.operands(op)[0];
    let (st, rt) = (ctx.value_type(source), ctx.value_type(ctx.result(op, 0)));
    p.write(" ");
    p.print_operand(source);
    print_position(p, op);
    p.print_type(rt);
    p.write(" from ");
    p.print_type(st);
}
