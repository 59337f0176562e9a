//! `vector.load`, `store`, `maskedload` and `maskedstore`: vectors to and
//! from memrefs, as mlir-opt 22 parses, prints and verifies them. (The
//! engine runs no memref code yet: they wait for the memref dialect.)

use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::VerifyError;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

use super::vector_shape;

/// `%base[%i, ...]`
fn base_and_indices(p: &mut OpParser<'_, '_>) -> PResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let base = p.operand()?;
    let indices = p.square_operand_list()?;
    Ok((base, indices))
}

fn push_base(
    p: &mut OpParser<'_, '_>,
    base: &UnresolvedOperand,
    indices: &[UnresolvedOperand],
    t: Type,
) -> PResult<()> {
    p.push_operand(base, t)?;
    let index = p.index_type();
    p.push_operands_of(indices, index)
}

fn print_base(p: &mut OpPrinter<'_>, base: Value, indices: &[Value]) {
    p.print_operand(base);
    p.write("[");
    p.print_operands(indices);
    p.write("]");
}

pub(super) fn parse_load(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (base, indices) = base_and_indices(p)?;
    p.optional_attr_dict()?;
    let mt = p.colon_type()?;
    p.expect(Tok::Comma)?;
    let vt = p.ty()?;
    push_base(p, &base, &indices, mt)?;
    p.result_types.push(vt);
    Ok(())
}

pub(super) fn print_load(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    print_base(p, ops[0], &ops[1..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub(super) fn parse_store(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = p.operand()?;
    p.expect(Tok::Comma)?;
    let (base, indices) = base_and_indices(p)?;
    p.optional_attr_dict()?;
    let mt = p.colon_type()?;
    p.expect(Tok::Comma)?;
    let vt = p.ty()?;
    p.push_operand(&value, vt)?;
    push_base(p, &base, &indices, mt)
}

pub(super) fn print_store(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    print_base(p, ops[1], &ops[2..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[1]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[0]));
}

/// `%base[%i], %mask, %value : memref, mask, value [into result]`
pub(super) fn parse_masked(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (base, indices) = base_and_indices(p)?;
    p.expect(Tok::Comma)?;
    let mask = p.operand()?;
    p.expect(Tok::Comma)?;
    let value = p.operand()?;
    p.optional_attr_dict()?;
    let mt = p.colon_type()?;
    p.expect(Tok::Comma)?;
    let mask_t = p.ty()?;
    p.expect(Tok::Comma)?;
    let value_t = p.ty()?;
    let load = p.def.name == super::MASKED_LOAD.name;
    let result = if load {
        p.keyword("into")?;
        Some(p.ty()?)
    } else {
        None
    };
    push_base(p, &base, &indices, mt)?;
    p.push_operand(&mask, mask_t)?;
    p.push_operand(&value, value_t)?;
    p.result_types.extend(result);
    Ok(())
}

pub(super) fn print_masked(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    let n = ops.len();
    p.write(" ");
    print_base(p, ops[0], &ops[1..n - 2]);
    p.write(", ");
    p.print_operands(&ops[n - 2..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let tys: Vec<Type> = [ops[0], ops[n - 2], ops[n - 1]].iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    if let Some(r) = ctx.results(op).first() {
        p.write(" into ");
        p.print_type(ctx.value_type(*r));
    }
}

/// The memref operand's rank and element type, or MLIR's message.
fn memref(ctx: &Context, v: Value) -> Result<(usize, Type), VerifyError> {
    match ctx.value_type_kind(v) {
        TypeKind::MemRef { shape, elem, .. } => Ok((shape.len(), *elem)),
        _ => Err(format!(
            "operand #0 must be memref of any type values, but got '{}'",
            type_to_string(ctx, ctx.value_type(v))
        )
        .into()),
    }
}

fn vector_of(ctx: &Context, v: Value, what: &str) -> Result<(Vec<i64>, Type), VerifyError> {
    let t = ctx.value_type(v);
    vector_shape(ctx, t)
        .map(|s| (s.shape.to_vec(), s.elem))
        .ok_or_else(|| format!("{what} must be vector of any type values, but got '{}'", type_to_string(ctx, t)).into())
}

fn indices_count(ctx: &Context, op: OpId, first: usize, extra: usize, rank: usize) -> Result<(), VerifyError> {
    let n = ctx.operands(op).len().saturating_sub(first + extra);
    if n != rank {
        return Err(format!("requires {rank} indices").into());
    }
    Ok(())
}

pub(super) fn verify_load(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let (rank, elem) = memref(ctx, ops[0])?;
    let (shape, velem) = vector_of(ctx, ctx.result(op, 0), "result #0")?;
    if rank < shape.len() {
        return Err("destination memref has lower rank than the result vector".into());
    }
    if velem != elem {
        return Err("base and result element types should match".into());
    }
    indices_count(ctx, op, 1, 0, rank)
}

pub(super) fn verify_store(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let (shape, velem) = vector_of(ctx, ops[0], "operand #0")?;
    let (rank, elem) = memref(ctx, ops[1])?;
    if rank < shape.len() {
        return Err("source memref has lower rank than the vector to store".into());
    }
    if velem != elem {
        return Err("base and valueToStore element type should match".into());
    }
    indices_count(ctx, op, 2, 0, rank)
}

pub(super) fn verify_masked(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let n = ops.len();
    let load = super::MaskedLoadOp::isa(ctx, op);
    let (rank, elem) = memref(ctx, ops[0])?;
    let (mask_shape, _) = vector_of(ctx, ops[n - 2], "mask")?;
    let (value_shape, velem) = if load {
        vector_of(ctx, ctx.result(op, 0), "result #0")?
    } else {
        vector_of(ctx, ops[n - 1], "valueToStore")?
    };
    let what = if load { "result" } else { "valueToStore" };
    if velem != elem {
        return Err(format!("base and {what} element type should match").into());
    }
    indices_count(ctx, op, 1, 2, rank)?;
    if value_shape != mask_shape {
        return Err(format!("expected {what} shape to match mask shape").into());
    }
    if load && ctx.value_type(ops[n - 1]) != ctx.value_type(ctx.result(op, 0)) {
        return Err("expected pass_thru of same type as result type".into());
    }
    Ok(())
}

/// `%base[%i, ..] [%index_vec], %mask, %value : base, index_vec, mask,
/// value (into result | -> tensor)` of `vector.gather` / `vector.scatter`.
pub(super) fn parse_gather_scatter(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (base, indices) = base_and_indices(p)?;
    p.expect(Tok::LSquare)?;
    let index_vec = p.operand()?;
    p.expect(Tok::RSquare)?;
    p.expect(Tok::Comma)?;
    let mask = p.operand()?;
    p.expect(Tok::Comma)?;
    let value = p.operand()?;
    p.optional_attr_dict()?;
    let bt = p.colon_type()?;
    p.expect(Tok::Comma)?;
    let it = p.ty()?;
    p.expect(Tok::Comma)?;
    let mt = p.ty()?;
    p.expect(Tok::Comma)?;
    let vt = p.ty()?;
    let gather = p.def.name == super::GATHER.name;
    let result = if gather {
        p.keyword("into")?;
        Some(p.ty()?)
    } else if p.optional(Tok::Arrow) {
        Some(p.ty()?)
    } else {
        None
    };
    push_base(p, &base, &indices, bt)?;
    p.push_operand(&index_vec, it)?;
    p.push_operand(&mask, mt)?;
    p.push_operand(&value, vt)?;
    p.result_types.extend(result);
    Ok(())
}

pub(super) fn print_gather_scatter(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    let n = ops.len();
    p.write(" ");
    print_base(p, ops[0], &ops[1..n - 3]);
    p.write(" [");
    p.print_operand(ops[n - 3]);
    p.write("], ");
    p.print_operands(&ops[n - 2..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let tys: Vec<Type> = [ops[0], ops[n - 3], ops[n - 2], ops[n - 1]].iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    if let Some(r) = ctx.results(op).first() {
        p.write(if super::GatherOp::isa(ctx, op) { " into " } else { " -> " });
        p.print_type(ctx.value_type(*r));
    }
}

/// Upstream's `GatherOp::verify` / `ScatterOp::verify`.
pub(super) fn verify_gather_scatter(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let n = ops.len();
    let gather = super::GatherOp::isa(ctx, op);
    let (rank, elem, tensor) = match ctx.value_type_kind(ops[0]) {
        TypeKind::MemRef { shape, elem, .. } => (shape.len(), *elem, false),
        TypeKind::Tensor { shape, elem, .. } => (shape.len(), *elem, true),
        _ => return Err("requires base to be a memref or ranked tensor type".into()),
    };
    let (index_shape, _) = vector_of(ctx, ops[n - 3], "index_vec")?;
    let (mask_shape, _) = vector_of(ctx, ops[n - 2], "mask")?;
    let (value_shape, velem) = if gather {
        vector_of(ctx, ctx.result(op, 0), "result #0")?
    } else {
        vector_of(ctx, ops[n - 1], "valueToStore")?
    };
    let what = if gather { "result" } else { "valueToStore" };
    if velem != elem {
        return Err(format!("base and {what} element type should match").into());
    }
    indices_count(ctx, op, 1, 3, rank)?;
    if value_shape != index_shape {
        return Err(format!("expected {what} dim to match indices dim").into());
    }
    if value_shape != mask_shape {
        return Err(format!("expected {what} dim to match mask dim").into());
    }
    if gather && ctx.value_type(ops[n - 1]) != ctx.value_type(ctx.result(op, 0)) {
        return Err("expected pass_thru of same type as result type".into());
    }
    if !gather {
        match (tensor, ctx.results(op).first()) {
            (true, Some(r)) if ctx.value_type(*r) == ctx.value_type(ops[0]) => {}
            (true, _) => return Err("a scatter into a tensor returns a tensor of the base's type".into()),
            (false, Some(_)) => return Err("a scatter into a memref has no result".into()),
            (false, None) => {}
        }
    }
    Ok(())
}

// ---- vector.type_cast -----------------------------------------------------------

fn expect_memref(p: &mut OpParser<'_, '_>, t: Type, loc: crate::parser::SrcPos) -> PResult<()> {
    if !matches!(p.ctx().type_kind(t), TypeKind::MemRef { .. }) {
        let s = p.type_str(t);
        return p
            .custom_err_at(loc, format!("invalid kind of type specified: expected builtin.memref, but found '{s}'"));
    }
    Ok(())
}

/// `%m attr-dict : memref<..> to memref<..>`
pub(super) fn parse_type_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let loc = p.cur_loc();
    let st = p.ty()?;
    expect_memref(p, st, loc)?;
    p.keyword("to")?;
    let loc = p.cur_loc();
    let rt = p.ty()?;
    expect_memref(p, rt, loc)?;
    p.push_operand(&src, st)?;
    p.result_types.push(rt);
    Ok(())
}

/// A memref's shape followed by its vector element's shape, and the
/// scalar underneath (MLIR's `extractShape` / `getElementTypeOrSelf` twice).
fn concatenated_shape(ctx: &Context, t: Type) -> (Vec<i64>, Type) {
    let TypeKind::MemRef { shape, elem, .. } = ctx.type_kind(t) else { return (Vec::new(), t) };
    let mut all = shape.clone();
    match vector_shape(ctx, *elem) {
        Some(v) => {
            all.extend_from_slice(v.shape);
            (all, v.elem)
        }
        None => (all, *elem),
    }
}

/// Whether a memref's layout is the identity (`strided` with row-major
/// strides and no offset counts, as MLIR's canonical strided layout).
fn contiguous_layout(ctx: &Context, t: Type, canonicalize: bool) -> bool {
    use crate::dialects::memref::layout as ml;
    let Some(parts) = ml::memref_parts(ctx, t) else { return false };
    if parts.layout.is_none() || ml::has_identity_layout(ctx, t) {
        return true;
    }
    if !canonicalize {
        return false;
    }
    let Some(s) = ml::strides_and_offset(ctx, t) else { return false };
    let mut want = 1i64;
    let mut ok = s.offset == 0;
    for (stride, dim) in s.strides.iter().zip(&parts.shape).rev() {
        ok &= *dim == 1 || *stride == want;
        want = want.saturating_mul(*dim);
    }
    ok
}

pub(super) fn verify_type_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (src, res) = (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)));
    let static_memref = matches!(ctx.type_kind(src), TypeKind::MemRef { shape, .. }
        if shape.iter().all(|d| *d != crate::types::DYNAMIC));
    if !static_memref {
        return Err(format!(
            "operand #0 must be statically shaped memref of any type values, but got '{}'",
            type_to_string(ctx, src)
        )
        .into());
    }
    if !matches!(ctx.type_kind(res), TypeKind::MemRef { .. }) {
        return Err(
            format!("result #0 must be memref of any type values, but got '{}'", type_to_string(ctx, res)).into()
        );
    }
    if !contiguous_layout(ctx, src, true) {
        return Err("expects operand to be a memref with identity layout".into());
    }
    if !contiguous_layout(ctx, res, false) {
        return Err("expects result to be a memref with identity layout".into());
    }
    use crate::dialects::memref::layout::memory_space;
    if memory_space(ctx, src) != memory_space(ctx, res) {
        return Err("expects result in same memory space".into());
    }
    let ((s_shape, s_elem), (r_shape, r_elem)) = (concatenated_shape(ctx, src), concatenated_shape(ctx, res));
    if s_elem != r_elem {
        return Err(format!(
            "expects result and operand with same underlying scalar type: '{}'",
            type_to_string(ctx, res)
        )
        .into());
    }
    if s_shape != r_shape {
        return Err(format!(
            "expects concatenated result and operand shapes to be equal: '{}'",
            type_to_string(ctx, res)
        )
        .into());
    }
    Ok(())
}
