//! `tensor.splat`, `tensor.rank` and `tensor.concat`: parsed, printed and
//! verified as mlir-opt 22 does; `rank` of a ranked tensor folds to its
//! rank, a `concat` of one input of the result's type to that input.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::rewriter::Rewriter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type};

crate::op! {
    /// `%s = tensor.splat %v[%d0, ...] : tensor<?x8xf32>`
    pub struct SplatOp => SPLAT = "tensor.splat";
    operands { input: One, dynamic_sizes: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { parse_splat, print_splat }
    patterns [super::patterns::tensor::fold_splat_of_constant]
    def {
        verify: Some(verify_splat),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("splat".into())),
    }
}

crate::op! {
    /// `%r = tensor.rank %t : tensor<*xf32>`
    pub struct RankOp => RANK = "tensor.rank";
    operands { tensor: One }
    attributes { }
    results { result: One }
    regions { }
    format { super::memref::format::parse_rank, super::memref::format::print_operand_colon_type }
    patterns [fold_rank]
    def {
        traits: traits::PURE,
        result_name: Some(|_, _| Some("rank".into())),
    }
}

crate::op! {
    /// `%c = tensor.concat dim(0) %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>`
    pub struct ConcatOp => CONCAT = "tensor.concat";
    operands { inputs: Variadic }
    attributes { dim: AnyAttr = "dim" }
    results { result: One }
    regions { }
    format { parse_concat, print_concat }
    patterns [fold_single_input_concat]
    def {
        verify: Some(verify_concat),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("concat".into())),
    }
}

crate::op! {
    /// `%r = tensor.reshape %t(%shape) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>`
    pub struct ReshapeOp => RESHAPE = "tensor.reshape";
    operands { source: One, shape: One }
    attributes { }
    results { result: One }
    regions { }
    format { parse_reshape, print_reshape }
    patterns [fold_reshape]
    def {
        verify: Some(verify_reshape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("reshape".into())),
    }
}

crate::op! {
    /// `%b = tensor.bitcast %t : tensor<4xf32> to tensor<4xi32>`
    pub struct BitcastOp => BITCAST = "tensor.bitcast";
    operands { source: One }
    attributes { }
    results { result: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    patterns [fold_chained_bitcast]
    def {
        verify: Some(verify_bitcast),
        traits: traits::PURE,
    }
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&SPLAT);
    r.add(&RANK);
    r.add(&CONCAT);
    r.add(&RESHAPE);
    r.add(&BITCAST);
}

// ---- tensor.reshape -----------------------------------------------------------

/// `%t(%shape) : (source type, shape type) -> result type`, shared with
/// `memref.reshape`.
pub(crate) fn parse_reshape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.expect(Tok::LParen)?;
    let shape = p.operand()?;
    p.expect(Tok::RParen)?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[src, shape])
}

pub(crate) fn print_reshape(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let (src, shape) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    p.write(" ");
    p.print_operand(src);
    p.write("(");
    p.print_operand(shape);
    p.write(")");
    p.print_attr_dict(op);
    p.write(" : (");
    p.print_type(ctx.value_type(src));
    p.write(", ");
    p.print_type(ctx.value_type(shape));
    p.write(") -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The element type and, when ranked, the shape of a tensor or memref type.
fn elem_and_shape(ctx: &Context, t: Type) -> Option<(Type, Option<&[i64]>)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } | TypeKind::MemRef { shape, elem, .. } => Some((*elem, Some(shape))),
        TypeKind::UnrankedTensor { elem } | TypeKind::UnrankedMemRef { elem, .. } => Some((*elem, None)),
        _ => None,
    }
}

/// Upstream's `ReshapeOp::verify` (tensor and memref: `what` names the
/// kind), and the shape operand's ODS constraint.
pub(crate) fn verify_reshape_of(ctx: &Context, op: OpId, what: &str) -> Result<(), VerifyError> {
    let (src, shape_v, res) = (ctx.operands(op)[0], ctx.operands(op)[1], ctx.result(op, 0));
    let shape_ty = ctx.value_type(shape_v);
    let shape_ok = match elem_and_shape(ctx, shape_ty) {
        Some((e, Some(s))) => {
            s.len() == 1
                && matches!(
                    ctx.type_kind(e),
                    TypeKind::Index | TypeKind::Integer { signedness: crate::types::Signedness::Signless, .. }
                )
        }
        _ => false,
    };
    if !shape_ok {
        let kind = if what == "tensor" { "tensor" } else { "memref" };
        return Err(format!(
            "operand #1 must be 1D {kind} of signless integer or index values, but got '{}'",
            type_to_string(ctx, shape_ty)
        )
        .into());
    }
    let (Some((se, ss)), Some((re, rs))) =
        (elem_and_shape(ctx, ctx.value_type(src)), elem_and_shape(ctx, ctx.value_type(res)))
    else {
        return Ok(());
    };
    if se != re {
        return Err(format!("element types of source and destination {what} types should be the same").into());
    }
    let shape_len = elem_and_shape(ctx, shape_ty).and_then(|(_, s)| s).map(|s| s[0]).unwrap_or(DYNAMIC);
    if let Some(rs) = rs {
        if let Some(ss) = ss {
            if !ss.contains(&DYNAMIC)
                && !rs.contains(&DYNAMIC)
                && ss.iter().product::<i64>() != rs.iter().product::<i64>()
            {
                return Err(format!("source and destination {what} should have the same number of elements").into());
            }
        }
        if shape_len == DYNAMIC {
            return Err(format!(
                "cannot use shape operand with dynamic length to reshape to statically-ranked {what} type"
            )
            .into());
        }
        if shape_len != rs.len() as i64 {
            return Err(format!("length of shape operand differs from the result's {what} rank").into());
        }
    }
    Ok(())
}

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_reshape_of(ctx, op, "tensor")
}

/// Upstream's `ReshapeOp::fold`: a reshape of a reshape reshapes the first
/// source; a reshape to the source's own type is the source when it is of
/// rank at most 1 or its shape operand lists the source's extents.
fn fold_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (src, shape) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    if let Some(inner) = ctx.defining_op(src).filter(|d| ReshapeOp::isa(ctx, *d)) {
        let first = ctx.operands(inner)[0];
        rw.set_operand(op, 0, first);
        return true;
    }
    let (st, rt) = (ctx.value_type(src), ctx.value_type(ctx.result(op, 0)));
    let Some((shape_s, _)) = ranked(ctx, st) else { return false };
    if st != rt {
        return false;
    }
    let noop = shape_s.len() <= 1
        || ctx.defining_op(shape).filter(|d| super::tensor::FromElementsOp::isa(ctx, *d)).is_some_and(|fe| {
            let elements = ctx.operands(fe);
            elements.len() == shape_s.len()
                && elements.iter().enumerate().all(|(id, e)| {
                    if let Some(c) = super::pack::constant_int(ctx, *e) {
                        return c == shape_s[id];
                    }
                    ctx.defining_op(*e).filter(|d| super::tensor::DimOp::isa(ctx, *d)).is_some_and(|d| {
                        ctx.operands(d)[0] == src
                            && super::pack::constant_int(ctx, ctx.operands(d)[1]) == Some(id as i64)
                    })
                })
        });
    if !noop {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}

// ---- tensor.bitcast -----------------------------------------------------------

fn bit_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        TypeKind::Float(k) => Some(k.width()),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (from, to) = (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)));
    let compatible = match (elem_and_shape(ctx, from), elem_and_shape(ctx, to)) {
        (Some((ea, sa)), Some((eb, sb))) => {
            let shapes = match (sa, sb) {
                (Some(a), Some(b)) => {
                    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC)
                }
                _ => true,
            };
            shapes && bit_width(ctx, ea).is_some() && bit_width(ctx, ea) == bit_width(ctx, eb)
        }
        _ => false,
    };
    if !compatible {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(ctx, from),
            type_to_string(ctx, to)
        )
        .into());
    }
    Ok(())
}

/// Upstream's `ChainedTensorBitcast`: a bitcast of a bitcast casts the
/// first source.
fn fold_chained_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    let Some(inner) = ctx.defining_op(src).filter(|d| BitcastOp::isa(ctx, *d)) else { return false };
    let first = ctx.operands(inner)[0];
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let new = BitcastOp::create(rw, first, &[ty], vec![]).0;
    let v = rw.ctx.result(new, 0);
    rw.replace_op(op, &[v]);
    true
}

fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

// ---- tensor.splat -------------------------------------------------------------

fn parse_splat(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let input = p.operand()?;
    let mut sizes = Vec::new();
    if p.optional(Tok::LSquare) && !p.optional(Tok::RSquare) {
        sizes = p.operand_list()?;
        p.expect(Tok::RSquare)?;
    }
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let ty = p.colon_type()?;
    let Some((_, elem)) = ranked(p.ctx(), ty) else {
        let s = p.type_str(ty);
        return p
            .custom_err_at(loc, format!("invalid kind of type specified: expected builtin.tensor, but found '{s}'"));
    };
    p.push_operand(&input, elem)?;
    let index = p.index_type();
    p.push_operands_of(&sizes, index)?;
    p.result_types.push(ty);
    Ok(())
}

fn print_splat(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operand(ops[0]);
    if ops.len() > 1 {
        p.write("[");
        p.print_operands(&ops[1..]);
        p.write("]");
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_splat(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    let (shape, elem) = ranked(ctx, t).ok_or("expected a ranked tensor result")?;
    let dynamic = shape.iter().filter(|d| **d == DYNAMIC).count();
    let given = ctx.operands(op).len() - 1;
    if given != dynamic {
        return Err(format!("incorrect number of dynamic sizes, has {given}, expected {dynamic}").into());
    }
    if ctx.value_type(ctx.operands(op)[0]) != elem {
        return Err("failed to verify that operand type matches element type of result".into());
    }
    Ok(())
}

// ---- tensor.rank --------------------------------------------------------------

/// The rank of a ranked tensor is a constant.
fn fold_rank(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let t = rw.ctx.value_type(rw.ctx.operands(op)[0]);
    let Some((shape, _)) = ranked(rw.ctx, t) else { return false };
    let rank = shape.len() as i64;
    rw.set_insertion_point_before(op);
    let c = rw.index_const(rank);
    rw.replace_op(op, &[c]);
    true
}

// ---- tensor.concat ------------------------------------------------------------

fn parse_concat(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.keyword("dim")?;
    p.expect(Tok::LParen)?;
    let dim = p.integer()?;
    p.expect(Tok::RParen)?;
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().attr(AttrKind::Integer { value: i128::from(dim), ty: i64t });
    p.set_attr("dim", a);
    let inputs = p.operand_list()?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let ft = p.colon_type()?;
    let TypeKind::Function { inputs: tys, results } = p.ctx().type_kind(ft).clone() else {
        return p.custom_err_at(loc, "invalid kind of type specified");
    };
    if tys.len() != inputs.len() {
        return p.err_at(loc, format!("{} operands present, but expected {}", inputs.len(), tys.len()));
    }
    for (v, t) in inputs.iter().zip(&tys) {
        p.push_operand(v, *t)?;
    }
    p.result_types = results.into();
    Ok(())
}

fn concat_dim(ctx: &Context, op: OpId) -> Option<i64> {
    match ctx.attr_kind(ctx.get_attr(op, "dim")?) {
        AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

fn print_concat(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(&format!(" dim({})", concat_dim(ctx, op).unwrap_or(0)));
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&ops);
    p.print_optional_attr_dict(op, &["dim"]);
    p.write(" : (");
    let tys: Vec<Type> = ops.iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    p.write(") -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// `tensor<16x?xf32>`-style text of a shape and element type.
fn tensor_text(ctx: &Context, shape: &[i64], elem: Type) -> String {
    let dims: String = shape.iter().map(|d| if *d == DYNAMIC { "?x".to_string() } else { format!("{d}x") }).collect();
    format!("tensor<{dims}{}>", type_to_string(ctx, elem))
}

fn verify_concat(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let result_t = ctx.value_type(ctx.result(op, 0));
    let (result_shape, result_elem) = ranked(ctx, result_t).ok_or("expected a ranked tensor result")?;
    let inputs: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    if inputs.is_empty() {
        return Err("requires at least one input".into());
    }
    let mut shapes = Vec::new();
    for t in &inputs {
        let (shape, elem) = ranked(ctx, *t).ok_or("expected ranked tensor inputs")?;
        if shape.len() != result_shape.len() {
            return Err("rank of concatenated inputs must match result rank".into());
        }
        if elem != result_elem {
            return Err("inputs and result element type must match".into());
        }
        shapes.push(shape.to_vec());
    }
    let dim = concat_dim(ctx, op).ok_or("expected an integer dim")?;
    let rank = result_shape.len() as i64;
    if dim < 0 || dim >= rank {
        return Err("concatenation dim must be less than the tensor rank".into());
    }
    let mut inferred = vec![DYNAMIC; result_shape.len()];
    for (i, slot) in inferred.iter_mut().enumerate() {
        if i as i64 == dim {
            continue;
        }
        for s in &shapes {
            if s[i] == DYNAMIC {
                continue;
            }
            if *slot != DYNAMIC && *slot != s[i] {
                return Err(format!("static concatenation size mismatch along non-concatenated dimension {i}").into());
            }
            *slot = s[i];
        }
    }
    let along: Option<i64> =
        shapes.iter().map(|s| s[dim as usize]).try_fold(0i64, |acc, d| (d != DYNAMIC).then_some(acc + d));
    inferred[dim as usize] = along.unwrap_or(DYNAMIC);
    let fits = result_shape.iter().zip(&inferred).all(|(r, i)| *r == DYNAMIC || *i == DYNAMIC || r == i);
    if !fits {
        // Upstream's message lacks the space before "does".
        return Err(format!(
            "result type '{}'does not match inferred shape '{}' static sizes",
            type_to_string(ctx, result_t),
            tensor_text(ctx, &inferred, result_elem)
        )
        .into());
    }
    Ok(())
}

/// A concat of one input of the result's type is that input.
fn fold_single_input_concat(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let [input] = ctx.operands(op) else { return false };
    let input = *input;
    if ctx.value_type(input) != ctx.value_type(ctx.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[input]);
    true
}
