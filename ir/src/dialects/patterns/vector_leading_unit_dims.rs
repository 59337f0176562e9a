//! MLIR 22's `populateCastAwayVectorLeadingOneDimPatterns`
//! (`transform.apply_patterns.vector.cast_away_vector_leading_one_dim`):
//! ops on vectors with leading unit dims work on the vector without them,
//! read with `vector.extract %v[0, ..]` and given back with
//! `vector.broadcast` (strided slices, inserts, transfers and their masks,
//! elementwise ops, contractions, constant masks).

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::dialects::vector::{
    bool_array_attr, contract_attrs, contract_iterators, contract_maps, int_array, int_array_attr, vector_shape,
    BroadcastOp, ConstantMaskOp, ContractOp, ExtractOp, ExtractStridedSliceOp, FmaOp, InsertOp, InsertStridedSliceOp,
    MaskOp, TransferReadOp, TransferView, TransferWriteOp, TransposeOp,
};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

/// `trimLeadingOneDims`: `ty` without its leading non-scalable unit dims
/// (keeping the last dim), and how many it dropped.
fn trim_leading_unit_dims(ctx: &mut Context, ty: Type) -> Option<(Type, usize)> {
    let v = vector_shape(ctx, ty)?;
    let mut drop = 0;
    while drop < v.rank() && v.shape[drop] == 1 && !v.scalable[drop] {
        drop += 1;
    }
    drop = drop.min(v.rank().saturating_sub(1));
    let (shape, scalable, elem) = (v.shape[drop..].to_vec(), v.scalable[drop..].to_vec(), v.elem);
    Some((ctx.ty(TypeKind::Vector { shape, scalable, elem }), drop))
}

/// `vector.extract %v[0, .. (count times)]`.
fn extract_leading(rw: &mut Rewriter<'_>, v: Value, count: usize) -> Value {
    let ty = rw.ctx.value_type(v);
    let Some(s) = vector_shape(rw.ctx, ty) else { return v };
    let (shape, scalable, elem) = (s.shape[count..].to_vec(), s.scalable[count..].to_vec(), s.elem);
    let piece = if shape.is_empty() { elem } else { rw.ctx.ty(TypeKind::Vector { shape, scalable, elem }) };
    ExtractOp::create(rw, v, &[], &vec![0; count], &[piece], vec![]).result(rw.ctx)
}

fn broadcast_to(rw: &mut Rewriter<'_>, v: Value, ty: Type) -> Value {
    BroadcastOp::create(rw, v, &[ty], vec![]).vector(rw.ctx)
}

fn in_vector_mask(ctx: &Context, op: OpId) -> bool {
    ctx.parent_op(op).is_some_and(|p| MaskOp::isa(ctx, p))
}

/// `CastAwayExtractStridedSliceLeadingOneDim`.
pub fn extract_strided_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let e = ExtractStridedSliceOp(op);
    let src = e.source(rw.ctx);
    let src_ty = rw.ctx.value_type(src);
    let Some((_, drop)) = trim_leading_unit_dims(rw.ctx, src_ty) else { return false };
    if drop == 0 {
        return false;
    }
    let dst_ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let Some(d) = vector_shape(rw.ctx, dst_ty) else { return false };
    let (shape, scalable, elem) = (d.shape[drop..].to_vec(), d.scalable[drop..].to_vec(), d.elem);
    let new_dst = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
    let lists: Option<Vec<Vec<i64>>> = ["offsets", "sizes", "strides"]
        .iter()
        .map(|n| int_array(rw.ctx, rw.ctx.get_attr(op, n)).map(|l| l.iter().skip(drop).copied().collect()))
        .collect();
    let Some(lists) = lists else { return false };
    rw.set_insertion_point_before(op);
    let new_src = extract_leading(rw, src, drop);
    let (o, s, t) =
        (int_array_attr(rw.ctx, &lists[0]), int_array_attr(rw.ctx, &lists[1]), int_array_attr(rw.ctx, &lists[2]));
    let slice =
        ExtractStridedSliceOp::create(rw, new_src, Some(o), Some(s), Some(t), &[new_dst], vec![]).result(rw.ctx);
    let b = broadcast_to(rw, slice, dst_ty);
    rw.replace_op(op, &[b]);
    true
}

/// `CastAwayInsertStridedSliceLeadingOneDim`.
pub fn insert_strided_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ins = InsertStridedSliceOp(op);
    let (src, dst) = (ins.value_to_store(rw.ctx), ins.dest(rw.ctx));
    let (src_ty, dst_ty) = (rw.ctx.value_type(src), rw.ctx.value_type(dst));
    let Some((new_src_ty, src_drop)) = trim_leading_unit_dims(rw.ctx, src_ty) else { return false };
    let Some((new_dst_ty, dst_drop)) = trim_leading_unit_dims(rw.ctx, dst_ty) else { return false };
    if src_drop == 0 && dst_drop == 0 {
        return false;
    }
    let (src_rank, dst_rank) = (
        vector_shape(rw.ctx, new_src_ty).map_or(0, |v| v.rank()),
        vector_shape(rw.ctx, new_dst_ty).map_or(0, |v| v.rank()),
    );
    let (Some(offsets), Some(strides)) =
        (int_array(rw.ctx, rw.ctx.get_attr(op, "offsets")), int_array(rw.ctx, rw.ctx.get_attr(op, "strides")))
    else {
        return false;
    };
    let offsets = offsets[offsets.len().saturating_sub(dst_rank)..].to_vec();
    let strides = strides[strides.len().saturating_sub(src_rank)..].to_vec();
    rw.set_insertion_point_before(op);
    let new_src = extract_leading(rw, src, src_drop);
    let new_dst = extract_leading(rw, dst, dst_drop);
    let (o, s) = (int_array_attr(rw.ctx, &offsets), int_array_attr(rw.ctx, &strides));
    let r = InsertStridedSliceOp::create(rw, new_src, new_dst, Some(o), Some(s), &[new_dst_ty], vec![]).result(rw.ctx);
    let b = broadcast_to(rw, r, dst_ty);
    rw.replace_op(op, &[b]);
    true
}

/// `CastAwayInsertLeadingOneDim`.
pub fn insert(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ins = InsertOp(op);
    if !ins.dynamic_position(rw.ctx).is_empty() {
        return false;
    }
    let (src, dst) = (ins.value_to_store(rw.ctx), ins.dest(rw.ctx));
    let (src_ty, dst_ty) = (rw.ctx.value_type(src), rw.ctx.value_type(dst));
    let (old_src_rank, new_src_rank, src_drop) = match trim_leading_unit_dims(rw.ctx, src_ty) {
        Some((t, drop)) => {
            let r = vector_shape(rw.ctx, t).map_or(0, |v| v.rank());
            (r + drop, r, drop)
        }
        None => (0, 0, 0),
    };
    let Some((new_dst_ty, dst_drop)) = trim_leading_unit_dims(rw.ctx, dst_ty) else { return false };
    if src_drop == 0 && dst_drop == 0 {
        return false;
    }
    let new_dst_rank = vector_shape(rw.ctx, new_dst_ty).map_or(0, |v| v.rank());
    let pos = ins.static_position(rw.ctx).to_vec();
    let keep = pos.len().saturating_sub(dst_drop);
    let mut new_pos = pos[pos.len() - keep..].to_vec();
    new_pos.resize(new_dst_rank.saturating_sub(new_src_rank), 0);
    rw.set_insertion_point_before(op);
    let new_src = if old_src_rank != 0 { extract_leading(rw, src, src_drop) } else { src };
    let new_dst = extract_leading(rw, dst, dst_drop);
    let r = InsertOp::create(rw, new_src, new_dst, &[], &new_pos, &[new_dst_ty], vec![]).result(rw.ctx);
    let b = broadcast_to(rw, r, dst_ty);
    rw.replace_op(op, &[b]);
    true
}

/// The permutation map of a transfer with only its last `rank` results.
fn trailing_map(ctx: &Context, op: OpId, rank: usize) -> Option<AffineMap> {
    match ctx.attr_kind(ctx.get_attr(op, "permutation_map")?) {
        AttrKind::AffineMap(m) => Some(AffineMap {
            num_dims: m.num_dims,
            num_syms: m.num_syms,
            results: m.results[m.results.len() - rank..].to_vec(),
        }),
        _ => None,
    }
}

/// `CastAwayTransferReadLeadingOneDim` and
/// `CastAwayTransferWriteLeadingOneDim` (a mask loses the same dims; a
/// transfer inside `vector.mask` stays).
pub fn transfer(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let is_read = TransferReadOp::isa(ctx, op);
    if !is_read && !TransferWriteOp::isa(ctx, op) || in_vector_mask(ctx, op) {
        return false;
    }
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let base_elem = ctx.value_type_kind(view.base).element_type();
    let vector_elem = vector_shape(ctx, view.vector_type).map(|v| v.elem);
    if view.dims.is_empty() || base_elem != vector_elem {
        return false;
    }
    let Some((new_ty, drop)) = trim_leading_unit_dims(rw.ctx, view.vector_type) else { return false };
    if drop == 0 {
        return false;
    }
    let rank = view.dims.len() - drop;
    let Some(map) = trailing_map(rw.ctx, op, rank) else { return false };
    let in_bounds = view.in_bounds[drop..].to_vec();
    rw.set_insertion_point_before(op);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    if is_read {
        let mask = view.mask.map(|m| extract_leading(rw, m, drop));
        let padding = TransferReadOp(op).padding(rw.ctx);
        let read =
            TransferReadOp::create(rw, view.base, &view.indices, padding, mask, &map, Some(ib), &[new_ty], vec![])
                .vector(rw.ctx);
        let b = broadcast_to(rw, read, view.vector_type);
        rw.replace_op(op, &[b]);
    } else {
        let value = TransferWriteOp(op).value_to_store(rw.ctx);
        let new_value = extract_leading(rw, value, drop);
        let mask = view.mask.map(|m| extract_leading(rw, m, drop));
        let result_types: Vec<Type> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
        let w = TransferWriteOp::create(
            rw,
            new_value,
            view.base,
            &view.indices,
            mask,
            &map,
            Some(ib),
            &result_types,
            vec![],
        );
        let results = rw.ctx.results(w.0).to_vec();
        rw.replace_op(op, &results);
    }
    true
}

/// MLIR's `hasElementwiseMappableTraits` ops: arith (but constants) and
/// math ops, `vector.fma`.
fn is_elementwise(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    (name.starts_with("arith.") && !crate::dialects::arith::ConstantOp::isa(ctx, op))
        || name.starts_with("math.")
        || FmaOp::isa(ctx, op)
}

/// `CastAwayElementwiseLeadingOneDim`.
pub fn elementwise(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if !is_elementwise(rw.ctx, op) || rw.ctx.results(op).len() != 1 || !rw.ctx.regions(op).is_empty() {
        return false;
    }
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let Some((new_ty, drop)) = trim_leading_unit_dims(rw.ctx, ty) else { return false };
    if drop == 0 {
        return false;
    }
    let operands = rw.ctx.operands(op).to_vec();
    rw.set_insertion_point_before(op);
    let new_operands: Vec<Value> = operands
        .iter()
        .map(|v| {
            let is_vector = vector_shape(rw.ctx, rw.ctx.value_type(*v)).is_some();
            if is_vector {
                extract_leading(rw, *v, drop)
            } else {
                *v
            }
        })
        .collect();
    let r = super::vector_sink::rebuild(rw, op, &new_operands, new_ty);
    let b = broadcast_to(rw, r, ty);
    rw.replace_op(op, &[b]);
    true
}

/// `CastAwayConstantMaskLeadingOneDim`: the dropped dims' sizes multiply
/// into the first kept one.
pub fn constant_mask(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let Some((new_ty, drop)) = trim_leading_unit_dims(rw.ctx, ty) else { return false };
    if drop == 0 {
        return false;
    }
    let sizes = ConstantMaskOp(op).mask_dim_sizes(rw.ctx).to_vec();
    let mut new_sizes = vec![sizes[..=drop].iter().product::<i64>()];
    new_sizes.extend_from_slice(&sizes[drop + 1..]);
    rw.set_insertion_point_before(op);
    let m = ConstantMaskOp::create(rw, &new_sizes, &[new_ty], vec![]).result(rw.ctx);
    let b = broadcast_to(rw, m, ty);
    rw.replace_op(op, &[b]);
    true
}

/// The dim `e` of a projected permutation result.
fn dim_of(e: &AffineExpr) -> Option<u32> {
    match e {
        AffineExpr::Dim(d) => Some(*d),
        _ => None,
    }
}

/// `castAwayContractionLeadingOneDim`: an accumulator of rank 2 or more
/// with a leading unit dim that is a parallel iterator loses that iterator
/// (operands holding it are transposed to put it first, then extracted).
pub fn contraction(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if in_vector_mask(ctx, op) {
        return false;
    }
    let c = ContractOp(op);
    let acc_ty = ctx.value_type(c.acc(ctx));
    let Some(acc) = vector_shape(ctx, acc_ty) else { return false };
    if acc.rank() < 2 || acc.shape[0] != 1 {
        return false;
    }
    let (Some(maps), Some(reductions)) = (contract_maps(ctx, op), contract_iterators(ctx, op)) else { return false };
    let Some(drop) = maps[2].results.first().and_then(dim_of) else { return false };
    if reductions[drop as usize] {
        return false;
    }
    let kind = ctx.get_attr(op, "kind");
    let mut operands = [c.lhs(ctx), c.rhs(ctx), c.acc(ctx)];
    let result_ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let mut new_maps = Vec::new();
    for (k, map) in maps.iter().enumerate() {
        let Some(dims) = map.results.iter().map(dim_of).collect::<Option<Vec<u32>>>() else { return false };
        let mut dims = dims;
        if dims.first() != Some(&drop) && dims.contains(&drop) {
            // Put the dropped dim first.
            let at = dims.iter().position(|d| *d == drop).unwrap_or(0);
            let mut perm: Vec<i64> = vec![at as i64];
            perm.extend((0..dims.len() as i64).filter(|i| *i != at as i64));
            let src_ty = rw.ctx.value_type(operands[k]);
            let Some(s) = vector_shape(rw.ctx, src_ty) else { return false };
            let (shape, scalable, elem) = (
                perm.iter().map(|p| s.shape[*p as usize]).collect(),
                perm.iter().map(|p| s.scalable[*p as usize]).collect(),
                s.elem,
            );
            let t_ty = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
            operands[k] = TransposeOp::create(rw, operands[k], &perm, &[t_ty], vec![]).result(rw.ctx);
            dims = perm.iter().map(|p| dims[*p as usize]).collect();
        }
        let extract = dims.first() == Some(&drop);
        let results =
            dims.iter().filter(|d| **d != drop).map(|d| AffineExpr::Dim(if *d < drop { *d } else { *d - 1 })).collect();
        new_maps.push(AffineMap { num_dims: map.num_dims - 1, num_syms: 0, results });
        if extract {
            operands[k] = extract_leading(rw, operands[k], 1);
        }
    }
    let new_reductions: Vec<bool> =
        reductions.iter().enumerate().filter(|(i, _)| *i as u32 != drop).map(|(_, r)| *r).collect();
    let (m, it) = contract_attrs(rw.ctx, &new_maps, &new_reductions);
    let new_acc_ty = rw.ctx.value_type(operands[2]);
    let r =
        ContractOp::create(rw, operands[0], operands[1], operands[2], Some(m), Some(it), kind, &[new_acc_ty], vec![])
            .result(rw.ctx);
    let b = broadcast_to(rw, r, result_ty);
    rw.replace_op(op, &[b]);
    true
}
