//! MLIR 22's sink patterns (`populateSinkVectorOpsPatterns`) and the
//! `vector.step` lowering (`populateVectorStepLoweringPatterns`), as
//! `vectorize_children_and_apply_patterns` applies them: elementwise ops
//! move below the broadcasts and transposes of their operands (so they run
//! on the smaller or untransposed vectors, and on constants fold away), and
//! a fixed-size `vector.step` is a constant.

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::ConstantOp;
use crate::dialects::vector::{vector_shape, BroadcastOp, StepOp, TransposeOp};
use crate::registry::traits;
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

/// An op with MLIR's elementwise-mappable traits: an arith op (but
/// `arith.constant`) or a math op, one result, no regions.
fn is_elementwise(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    let dialect_ok = (name.starts_with("arith.") && !ConstantOp::isa(ctx, op)) || name.starts_with("math.");
    dialect_ok && ctx.results(op).len() == 1 && ctx.regions(op).is_empty()
}

fn is_constant(ctx: &Context, v: Value) -> bool {
    ctx.defining_op(v).is_some_and(|d| ctx.def_of(d).is_some_and(|def| def.has(traits::CONSTANT_LIKE)))
}

/// `ty` with element type `elem` (a vector keeps its shape).
fn with_element(ctx: &mut Context, ty: Type, elem: Type) -> Type {
    match ctx.type_kind(ty).clone() {
        TypeKind::Vector { shape, scalable, .. } => ctx.ty(TypeKind::Vector { shape, scalable, elem }),
        _ => elem,
    }
}

fn element_type(ctx: &Context, ty: Type) -> Type {
    match ctx.type_kind(ty) {
        TypeKind::Vector { elem, .. } => *elem,
        _ => ty,
    }
}

/// Rebuilds `op` (same name and attributes) on `operands` with result type
/// `ty`, before `op`.
pub(crate) fn rebuild(rw: &mut Rewriter<'_>, op: OpId, operands: &[Value], ty: Type) -> Value {
    let name = rw.ctx.op_name(op).to_string();
    let attrs: Vec<(String, crate::Attr)> =
        rw.ctx.op(op).attrs.iter().map(|(k, v)| (rw.ctx.str(*k).to_string(), *v)).collect();
    let attrs: Vec<(&str, crate::Attr)> = attrs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    rw.set_insertion_point_before(op);
    let r = rw.op(&name, operands, &[ty], &attrs);
    rw.ctx.result(r, 0)
}

/// `ReorderCastOpsOnBroadcast`: `cast(broadcast(x))` is
/// `broadcast(cast(x))`.
pub fn reorder_cast_on_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !crate::dialects::arith::is_cast(ctx, op) {
        return false;
    }
    let [src] = ctx.operands(op) else { return false };
    let Some(b) = BroadcastOp::defining(ctx, *src) else { return false };
    let x = b.source(ctx);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let elem = element_type(ctx, result_ty);
    let x_ty = ctx.value_type(x);
    let cast_ty = with_element(rw.ctx, x_ty, elem);
    let c = rebuild(rw, op, &[x], cast_ty);
    let v = BroadcastOp::create(rw, c, &[result_ty], vec![]).vector(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}

/// `ReorderElementwiseOpsOnTranspose`: an elementwise op whose operands
/// are transposes by one permutation (or constants) is the transpose of the
/// op on the untransposed vectors (constants transposed back).
pub fn reorder_elementwise_on_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !is_elementwise(ctx, op) {
        return false;
    }
    let operands = ctx.operands(op).to_vec();
    let mut perm: Option<Vec<i64>> = None;
    let mut src_ty = None;
    for v in &operands {
        if let Some(t) = TransposeOp::defining(ctx, *v) {
            let p = t.permutation(ctx).to_vec();
            if perm.as_ref().is_some_and(|q| *q != p) {
                return false;
            }
            perm = Some(p);
            src_ty = Some(ctx.value_type(t.vector(ctx)));
        } else if !is_constant(ctx, *v) {
            return false;
        }
    }
    let (Some(perm), Some(src_ty)) = (perm, src_ty) else { return false };
    let mut inverse = vec![0i64; perm.len()];
    for (i, p) in perm.iter().enumerate() {
        inverse[*p as usize] = i as i64;
    }
    let mut sources = Vec::new();
    for v in operands {
        let ctx = &*rw.ctx;
        if let Some(t) = TransposeOp::defining(ctx, v) {
            sources.push(t.vector(ctx));
        } else {
            let elem = element_type(ctx, ctx.value_type(v));
            let ty = with_element(rw.ctx, src_ty, elem);
            rw.set_insertion_point_before(op);
            sources.push(TransposeOp::create(rw, v, &inverse, &[ty], vec![]).result(rw.ctx));
        }
    }
    let result_ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let elem = element_type(rw.ctx, result_ty);
    let ty = with_element(rw.ctx, src_ty, elem);
    let e = rebuild(rw, op, &sources, ty);
    let t = TransposeOp::create(rw, e, &perm, &[result_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[t]);
    true
}

/// The splat element of a constant operand.
fn splat_of(ctx: &Context, v: Value) -> Option<DenseElement> {
    let c = ConstantOp::defining(ctx, v)?;
    match ctx.attr_kind(c.value(ctx)?) {
        AttrKind::Dense { data: DenseData::Splat(e), .. } => Some(*e),
        _ => None,
    }
}

/// `ReorderElementwiseOpsOnBroadcast`: an elementwise op whose operands
/// are broadcasts of values of one type (or splat constants) is the
/// broadcast of the op on those values.
pub fn reorder_elementwise_on_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !is_elementwise(ctx, op) || ctx.operands(op).is_empty() {
        return false;
    }
    let result_ty = ctx.value_type(ctx.result(op, 0));
    if vector_shape(ctx, result_ty).is_none() {
        return false;
    }
    let operands = ctx.operands(op).to_vec();
    let mut first = None;
    for v in &operands {
        let Some(d) = ctx.defining_op(*v) else { return false };
        if ctx.def_of(d).is_some_and(|def| def.has(traits::CONSTANT_LIKE)) {
            continue;
        }
        if !BroadcastOp::isa(ctx, d) {
            return false;
        }
        first = Some(ctx.value_type(ctx.operands(d)[0]));
        break;
    }
    let Some(source_ty) = first else { return false };
    let same_shape = |t: Type| match (vector_shape(ctx, t), vector_shape(ctx, source_ty)) {
        (Some(a), Some(b)) => a.shape == b.shape && a.scalable == b.scalable,
        (None, None) => true,
        _ => false,
    };
    let ok = operands.iter().all(|v| match BroadcastOp::defining(ctx, *v) {
        Some(b) => same_shape(ctx.value_type(b.source(ctx))),
        None => splat_of(ctx, *v).is_some(),
    });
    if !ok {
        return false;
    }
    let mut sources = Vec::new();
    for v in operands {
        let ctx = &*rw.ctx;
        if let Some(b) = BroadcastOp::defining(ctx, v) {
            sources.push(b.source(ctx));
            continue;
        }
        let e = splat_of(ctx, v).expect("checked");
        let elem = element_type(ctx, ctx.value_type(v));
        let ty = with_element(rw.ctx, source_ty, elem);
        let attr = if vector_shape(rw.ctx, ty).is_some() {
            rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(e) })
        } else {
            match e {
                DenseElement::Int(i) => rw.ctx.int_attr(i, ty),
                DenseElement::Float(bits) => rw.ctx.attr(AttrKind::Float { bits, ty }),
            }
        };
        rw.set_insertion_point_before(op);
        sources.push(ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx));
    }
    let elem = element_type(rw.ctx, result_ty);
    let ty = with_element(rw.ctx, source_ty, elem);
    let e = rebuild(rw, op, &sources, ty);
    let b = BroadcastOp::create(rw, e, &[result_ty], vec![]).vector(rw.ctx);
    rw.replace_op(op, &[b]);
    true
}

/// `StepToArithConstantOpRewrite`: a fixed-size `vector.step` is the
/// constant `[0, 1, ..]`.
pub fn step_to_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !StepOp::isa(ctx, op) {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(v) = vector_shape(ctx, ty) else { return false };
    if v.is_scalable() || v.rank() != 1 {
        return false;
    }
    let items = (0..v.shape[0]).map(|i| DenseElement::Int(i128::from(i))).collect();
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Elements(items) });
    rw.set_insertion_point_before(op);
    let c = ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}
