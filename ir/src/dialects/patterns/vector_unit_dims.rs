//! MLIR 22's `populateDropUnitDimWithShapeCastPatterns`
//! (`transform.apply_patterns.vector.drop_unit_dims_with_shape_cast`):
//! non-scalable unit dims leave elementwise ops, transposes and the vector
//! iter_args of `scf.for` through `vector.shape_cast`s, which then fold
//! against each other (a vector keeps at least one dim).

use crate::dialects::scf::{ForOp, YieldOp};
use crate::dialects::vector::{vector_shape, FmaOp, ShapeCastOp, TransposeOp};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

/// `ty` without its non-scalable unit dims (`vector<1xT>` when none is
/// left); `None` when `ty` is not a vector.
fn drop_unit_dims(ctx: &mut Context, ty: Type) -> Option<Type> {
    let v = vector_shape(ctx, ty)?;
    let (mut shape, mut scalable) = (Vec::new(), Vec::new());
    for (d, s) in v.shape.iter().zip(v.scalable) {
        if *d != 1 || *s {
            shape.push(*d);
            scalable.push(*s);
        }
    }
    if shape.is_empty() {
        (shape, scalable) = (vec![1], vec![false]);
    }
    let elem = v.elem;
    Some(ctx.ty(TypeKind::Vector { shape, scalable, elem }))
}

/// MLIR's `Elementwise` ops: arith (but constants) and math ops, and
/// `vector.fma`, with one result and no region.
fn is_elementwise(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    let known = (name.starts_with("arith.") && !crate::dialects::arith::ConstantOp::isa(ctx, op))
        || name.starts_with("math.")
        || FmaOp::isa(ctx, op);
    known && ctx.results(op).len() == 1 && ctx.regions(op).is_empty()
}

fn shape_cast(rw: &mut Rewriter<'_>, v: Value, ty: Type) -> Value {
    ShapeCastOp::create(rw, v, &[ty], vec![]).result(rw.ctx)
}

/// `DropUnitDimFromElementwiseOps`: an elementwise op on vectors of rank 2
/// or more with unit dims works on the vectors without them.
pub fn drop_unit_dims_from_elementwise(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !is_elementwise(ctx, op) {
        return false;
    }
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let operands = ctx.operands(op).to_vec();
    let first_rank = operands.first().and_then(|v| vector_shape(ctx, ctx.value_type(*v))).map(|s| s.rank());
    if vector_shape(ctx, result_ty).is_none() || first_rank.is_none_or(|r| r < 2) {
        return false;
    }
    let mut new_types = Vec::new();
    for v in &operands {
        let ty = rw.ctx.value_type(*v);
        let Some(dropped) = drop_unit_dims(rw.ctx, ty) else { return false };
        if dropped == ty {
            return false;
        }
        new_types.push(dropped);
    }
    rw.set_insertion_point_before(op);
    let new_operands: Vec<Value> = operands.iter().zip(new_types).map(|(v, t)| shape_cast(rw, *v, t)).collect();
    let Some(new_result_ty) = drop_unit_dims(rw.ctx, result_ty) else { return false };
    let e = super::vector_sink::rebuild(rw, op, &new_operands, new_result_ty);
    let back = shape_cast(rw, e, result_ty);
    rw.replace_op(op, &[back]);
    true
}

/// `DropUnitDimsFromTransposeOp`.
pub fn drop_unit_dims_from_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let t = TransposeOp(op);
    let src = t.vector(ctx);
    let src_ty = ctx.value_type(src);
    let Some(v) = vector_shape(ctx, src_ty) else { return false };
    let unit: Vec<bool> = v.shape.iter().zip(v.scalable).map(|(d, s)| *d == 1 && !*s).collect();
    let perm = t.permutation(ctx).to_vec();
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let Some(dropped) = drop_unit_dims(rw.ctx, src_ty) else { return false };
    if dropped == src_ty {
        return false;
    }
    // Each kept dim's position once the unit dims before it are gone.
    let mut before = Vec::with_capacity(unit.len());
    let mut count = 0i64;
    for u in &unit {
        before.push(count);
        count += *u as i64;
    }
    let mut new_perm: Vec<i64> =
        perm.iter().filter(|p| !unit[**p as usize]).map(|p| *p - before[*p as usize]).collect();
    if new_perm.is_empty() {
        new_perm.push(0);
    }
    rw.set_insertion_point_before(op);
    let cast = shape_cast(rw, src, dropped);
    let transposed_ty = match vector_shape(rw.ctx, dropped) {
        Some(d) => {
            let (shape, scalable, elem) = (
                new_perm.iter().map(|p| d.shape[*p as usize]).collect(),
                new_perm.iter().map(|p| d.scalable[*p as usize]).collect(),
                d.elem,
            );
            rw.ctx.ty(TypeKind::Vector { shape, scalable, elem })
        }
        None => return false,
    };
    let tr = TransposeOp::create(rw, cast, &new_perm, &[transposed_ty], vec![]).result(rw.ctx);
    let back = shape_cast(rw, tr, result_ty);
    rw.replace_op(op, &[back]);
    true
}

/// `DropUnitDimsFromScfForOp`: the first vector iter_arg with unit dims is
/// carried without them (`replaceAndCastForOpIterArg`: cast on the way in,
/// at the top of the body, before the yield and after the loop).
pub fn drop_unit_dims_from_for(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let f = ForOp(op);
    let inits = f.init_args(rw.ctx).to_vec();
    let mut found = None;
    for (k, v) in inits.iter().enumerate() {
        let ty = rw.ctx.value_type(*v);
        if let Some(dropped) = drop_unit_dims(rw.ctx, ty).filter(|d| *d != ty) {
            found = Some((k, ty, dropped));
            break;
        }
    }
    let Some((k, old_ty, new_ty)) = found else { return false };
    let body = f.body_block(rw.ctx);
    let (lb, ub, step) = (f.lower_bound(rw.ctx), f.upper_bound(rw.ctx), f.step(rw.ctx));
    let unsigned = rw.ctx.get_attr(op, "unsignedCmp");
    rw.set_insertion_point_before(op);
    let replacement = shape_cast(rw, inits[k], new_ty);
    let mut new_inits = inits.clone();
    new_inits[k] = replacement;
    let new = ForOp::build(rw, lb, ub, step, &new_inits);
    if let Some(u) = unsigned {
        rw.set_attr(new.op(), "unsignedCmp", u);
    }
    let new_body = new.body_block(rw.ctx);
    let new_args = rw.ctx.block_args(new_body).to_vec();
    // The carried value, cast back at the top of the body.
    rw.ip = crate::builder::InsertPoint::End(new_body);
    let cast_in = shape_cast(rw, new_args[1 + k], old_ty);
    let mut transfer = new_args.clone();
    transfer[1 + k] = cast_in;
    rw.merge_blocks(body, new_body, &transfer);
    let Some(term) = rw.ctx.last_op(new_body).filter(|t| YieldOp::isa(rw.ctx, *t)) else { return false };
    let mut yielded = rw.ctx.operands(term).to_vec();
    rw.set_insertion_point_before(term);
    yielded[k] = shape_cast(rw, yielded[k], new_ty);
    YieldOp::create(rw, &yielded, &[], vec![]);
    rw.erase_op(term);
    let mut results = rw.ctx.results(new.op()).to_vec();
    match rw.ctx.next_op(new.op()) {
        Some(next) => rw.set_insertion_point_before(next),
        None => {
            let block = rw.ctx.op_block(new.op()).expect("the loop is in a block");
            rw.ip = crate::builder::InsertPoint::End(block);
        }
    }
    results[k] = shape_cast(rw, results[k], old_ty);
    rw.replace_op(op, &results);
    true
}
