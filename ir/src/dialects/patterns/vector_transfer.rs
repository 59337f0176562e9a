//! MLIR 22's transfer permutation-map lowering
//! (`populateVectorTransferPermutationMapLoweringPatterns`,
//! `transform.apply_patterns.vector.transfer_permutation_patterns`): a
//! transfer whose map permutes or broadcasts becomes a minor-identity
//! transfer followed (read) or preceded (write) by `vector.broadcast` /
//! `vector.transpose`.
//!
//! - a read whose map is a permutation of the source's minor dims with
//!   broadcasts (`(d0, d1) -> (0, d1, d0)`) reads with the broadcast dims
//!   first and the source dims in order (`(0, d0, d1)`), then transposes;
//! - a read with leading broadcast dims reads without them (a 0-d read when
//!   nothing is left) and broadcasts;
//! - a write whose map permutes the destination's minor dims transposes its
//!   vector and writes through the minor identity;
//! - a write whose map skips inner dims (`(d0, d1, d2) -> (d1, d0)`) writes
//!   a vector with unit dims added in front for them (the mask gets them
//!   behind).

use crate::affine::{AffineExpr, AffineMap};
use crate::dialects::vector::{
    bool_array_attr, minor_identity, vector_shape, BroadcastOp, TransferReadOp, TransferView, TransferWriteOp,
    TransposeOp,
};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

/// The transfer's map.
fn permutation_map(ctx: &Context, op: OpId) -> Option<AffineMap> {
    match ctx.attr_kind(ctx.get_attr(op, "permutation_map")?) {
        crate::attrs::AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

/// MLIR's `isPermutationOfMinorIdentityWithBroadcasting`: every result is
/// `0` or a dim among the minor ones (`d >= dims - results`). Returns, for
/// each result, its slot in the minor identity: a dim `d` goes to
/// `d - (dims - results)` (after any leading broadcasts when there are
/// more results than dims), the broadcasts to the free slots in order.
fn permutation_of_minor_identity(map: &AffineMap) -> Option<Vec<usize>> {
    if map.num_syms != 0 {
        return None;
    }
    let (n, r) = (map.num_dims as usize, map.results.len());
    let projection_start = n.saturating_sub(r);
    let leading_broadcast = r.saturating_sub(n);
    let mut found = vec![false; n.max(r)];
    let mut perm = vec![0; r];
    let mut broadcasts = Vec::new();
    for (i, e) in map.results.iter().enumerate() {
        match e {
            AffineExpr::Const(0) => broadcasts.push(i),
            AffineExpr::Dim(d) if *d as usize >= projection_start => {
                let slot = *d as usize - projection_start + leading_broadcast;
                if slot >= r || found[slot] {
                    return None;
                }
                perm[i] = slot;
                found[slot] = true;
            }
            _ => return None,
        }
    }
    let mut slot = 0;
    for b in broadcasts {
        while slot < found.len() && found[slot] {
            slot += 1;
        }
        perm[b] = slot;
        slot += 1;
    }
    perm.iter().all(|p| *p < r).then_some(perm)
}

/// MLIR's `isMinorIdentityWithBroadcasting`: result `i` of `r` is `0` or
/// the dim `n - r + i`.
fn is_minor_identity_with_broadcasting(map: &AffineMap) -> bool {
    let (n, r) = (map.num_dims as usize, map.results.len());
    r <= n
        && map.results.iter().enumerate().all(|(i, e)| match e {
            AffineExpr::Const(0) => true,
            AffineExpr::Dim(d) => *d as usize == n - r + i,
            _ => false,
        })
}

fn vector_type_like(ctx: &mut Context, of: Type, shape: Vec<i64>) -> Type {
    match ctx.type_kind(of).clone() {
        TypeKind::Vector { scalable, elem, .. } => {
            let scalable = if scalable.len() == shape.len() { scalable } else { vec![false; shape.len()] };
            ctx.ty(TypeKind::Vector { shape, scalable, elem })
        }
        _ => of,
    }
}

/// `TransferReadPermutationLowering`.
pub fn transfer_read_permutation_lowering(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(map) = permutation_map(ctx, op) else { return false };
    if view.indices.is_empty() || map.results.is_empty() {
        return false;
    }
    let Some(perm) = permutation_of_minor_identity(&map) else { return false };
    if perm.iter().enumerate().all(|(i, p)| i == *p) {
        return false;
    }
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    let rank = perm.len();
    let (mut shape, mut scalable, mut in_bounds) = (vec![0; rank], vec![false; rank], vec![false; rank]);
    for (i, p) in perm.iter().enumerate() {
        shape[*p] = v.shape[i];
        scalable[*p] = v.scalable[i];
        in_bounds[*p] = view.in_bounds[i];
    }
    // The new read's map: result `i` moved to its slot (MLIR's
    // `inversePermutation(perm).compose(map)`).
    let mut results = vec![AffineExpr::Const(0); rank];
    for (i, p) in perm.iter().enumerate() {
        results[*p] = map.results[i].clone();
    }
    let new_map = AffineMap { num_dims: map.num_dims, num_syms: 0, results };
    let elem = v.elem;
    let read_ty = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
    rw.set_insertion_point_before(op);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let read = TransferReadOp::create(
        rw,
        view.base,
        &view.indices,
        view.padding,
        view.mask,
        &new_map,
        Some(ib),
        &[read_ty],
        vec![],
    )
    .vector(rw.ctx);
    let perm: Vec<i64> = perm.iter().map(|p| *p as i64).collect();
    let t = TransposeOp::create(rw, read, &perm, &[view.vector_type], vec![]).result(rw.ctx);
    rw.replace_op(op, &[t]);
    true
}

/// `TransferOpReduceRank`.
pub fn transfer_read_reduce_rank(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(map) = permutation_map(ctx, op) else { return false };
    if view.indices.is_empty() {
        return false;
    }
    let leading = map.results.iter().take_while(|e| matches!(e, AffineExpr::Const(0))).count();
    if leading == 0 {
        return false;
    }
    let new_map = AffineMap { num_dims: map.num_dims, num_syms: 0, results: map.results[leading..].to_vec() };
    if !is_minor_identity_with_broadcasting(&new_map) {
        return false;
    }
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    let shape = v.shape[leading..].to_vec();
    let in_bounds = view.in_bounds[leading..].to_vec();
    let (scalable, elem) = (v.scalable[leading..].to_vec(), v.elem);
    let read_ty = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
    rw.set_insertion_point_before(op);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let read = TransferReadOp::create(
        rw,
        view.base,
        &view.indices,
        view.padding,
        view.mask,
        &new_map,
        Some(ib),
        &[read_ty],
        vec![],
    )
    .vector(rw.ctx);
    let b = BroadcastOp::create(rw, read, &[view.vector_type], vec![]).vector(rw.ctx);
    rw.replace_op(op, &[b]);
    true
}

/// `TransferWritePermutationLowering`.
pub fn transfer_write_permutation_lowering(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(map) = permutation_map(ctx, op) else { return false };
    if view.indices.is_empty() {
        return false;
    }
    let (n, k) = (map.num_dims as usize, map.results.len());
    if map == minor_identity(n, k) {
        return false;
    }
    let Some(perm) = permutation_of_minor_identity(&map) else { return false };
    let Some(dims) = map.dim_positions() else { return false };
    // The transpose takes, for each minor dim in order, the vector dim
    // walking it.
    let mut indices = vec![0i64; k];
    for (i, d) in dims.iter().enumerate() {
        indices[d - (n - k)] = i as i64;
    }
    let mut in_bounds = vec![false; k];
    for (i, p) in perm.iter().enumerate() {
        in_bounds[*p] = view.in_bounds[i];
    }
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    let shape: Vec<i64> = indices.iter().map(|i| v.shape[*i as usize]).collect();
    let scalable: Vec<bool> = indices.iter().map(|i| v.scalable[*i as usize]).collect();
    let elem = v.elem;
    let value = ctx.operands(op)[0];
    let transposed_ty = rw.ctx.ty(TypeKind::Vector { shape, scalable, elem });
    let result_types: Vec<Type> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
    rw.set_insertion_point_before(op);
    let t = TransposeOp::create(rw, value, &indices, &[transposed_ty], vec![]).result(rw.ctx);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let new_map = minor_identity(n, k);
    let w =
        TransferWriteOp::create(rw, t, view.base, &view.indices, view.mask, &new_map, Some(ib), &result_types, vec![]);
    let results: Vec<Value> = rw.ctx.results(w.op()).to_vec();
    rw.replace_op(op, &results);
    true
}

/// `TransferWriteNonPermutationLowering`.
pub fn transfer_write_non_permutation_lowering(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(map) = permutation_map(ctx, op) else { return false };
    if view.indices.is_empty() || permutation_of_minor_identity(&map).is_some() {
        return false;
    }
    let Some(dims) = map.dim_positions() else { return false };
    let mut found = vec![false; map.num_dims as usize];
    for d in &dims {
        found[*d] = true;
    }
    let first = found.iter().position(|f| *f).unwrap_or(found.len());
    let missing: Vec<usize> = (first..found.len()).filter(|d| !found[*d]).collect();
    if missing.is_empty() {
        return false;
    }
    let m = missing.len();
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    let mut shape = vec![1; m];
    shape.extend_from_slice(v.shape);
    let value = ctx.operands(op)[0];
    let result_types: Vec<Type> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
    let wide_ty = vector_type_like(rw.ctx, view.vector_type, shape);
    rw.set_insertion_point_before(op);
    let wide = BroadcastOp::create(rw, value, &[wide_ty], vec![]).vector(rw.ctx);
    let mask = match view.mask {
        Some(mask) => {
            let mask_ty = rw.ctx.value_type(mask);
            let Some(ms) = vector_shape(rw.ctx, mask_ty).map(|s| s.shape.to_vec()) else { return false };
            let mut bshape = vec![1; m];
            bshape.extend_from_slice(&ms);
            let b_ty = vector_type_like(rw.ctx, mask_ty, bshape.clone());
            let b = BroadcastOp::create(rw, mask, &[b_ty], vec![]).vector(rw.ctx);
            // The new mask is in the base's dim order: each missing dim's unit
            // dim goes where that dim sits among the walked ones (22 puts them
            // all last, a mask its verifier rejects when a missing dim comes
            // before a walked one).
            let Some(walked) = map.dim_positions() else { return false };
            let mut sorted_walked = walked.clone();
            sorted_walked.sort_unstable();
            let mut all: Vec<usize> = sorted_walked.iter().copied().chain(missing.iter().copied()).collect();
            all.sort_unstable();
            let ordered: Vec<i64> = all
                .iter()
                .map(|d| match missing.iter().position(|x| x == d) {
                    Some(k) => k as i64,
                    None => (m + sorted_walked.iter().position(|x| x == d).unwrap_or(0)) as i64,
                })
                .collect();
            // 22's order when it gives the same shape (unit dims swapped).
            let rank = bshape.len();
            let upstream: Vec<i64> = (m..rank).chain(0..m).map(|p| p as i64).collect();
            let shape_of = |perm: &[i64]| perm.iter().map(|p| bshape[*p as usize]).collect::<Vec<i64>>();
            let perm = if shape_of(&upstream) == shape_of(&ordered) { upstream } else { ordered };
            let tshape: Vec<i64> = perm.iter().map(|p| bshape[*p as usize]).collect();
            let t_ty = vector_type_like(rw.ctx, mask_ty, tshape);
            Some(TransposeOp::create(rw, b, &perm, &[t_ty], vec![]).result(rw.ctx))
        }
        None => None,
    };
    let mut results: Vec<AffineExpr> = missing.iter().map(|d| AffineExpr::Dim(*d as u32)).collect();
    results.extend(map.results.iter().cloned());
    let new_map = AffineMap { num_dims: map.num_dims, num_syms: 0, results };
    let mut in_bounds = vec![true; m];
    in_bounds.extend_from_slice(&view.in_bounds);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let w =
        TransferWriteOp::create(rw, wide, view.base, &view.indices, mask, &new_map, Some(ib), &result_types, vec![]);
    let results: Vec<Value> = rw.ctx.results(w.op()).to_vec();
    rw.replace_op(op, &results);
    true
}

// ---- tensor subsets into transfers --------------------------------------
//
// MLIR 22's `populateFoldTensorSubsetIntoVectorTransferPatterns`
// (`transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers`):
// a read of an `extract_slice` reads the slice's source at the slice's
// offsets, and an `insert_slice` of a write that covers the whole slice
// writes into the insert's destination directly.

/// The offsets of a unit-stride slice op (`None` for another stride).
fn unit_stride_offsets(ctx: &Context, slice: OpId) -> Option<Vec<crate::builder::Ofr>> {
    let v = crate::dialects::tensor::slice_view(ctx, slice)?;
    if !v.strides.1.is_empty() || v.strides.0.iter().any(|s| *s != 1) {
        return None;
    }
    Some(crate::builder::Ofr::mixed(v.offsets.0, v.offsets.1))
}

/// The dims of `full` that a rank-reducing slice of `sizes` drops (MLIR's
/// `getDroppedDims`: unit dims not in the reduced type, matched from the
/// back).
pub fn dropped_dims(full_sizes: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; full_sizes.len()];
    let mut j = reduced.len();
    for i in (0..full_sizes.len()).rev() {
        if j > 0 && reduced[j - 1] == full_sizes[i] {
            j -= 1;
        } else if full_sizes[i] == 1 {
            dropped[i] = true;
        } else {
            return None;
        }
    }
    (j == 0).then_some(dropped)
}

/// MLIR's `resolveIndicesIntoOpWithOffsetsAndStrides` for unit strides:
/// each index of the full tensor is the slice's offset plus the transfer's
/// index (0 for a dropped dim), folded; a constant made in place.
fn resolve_indices(
    rw: &mut Rewriter<'_>,
    offsets: &[crate::builder::Ofr],
    dropped: &[bool],
    indices: &[Value],
) -> Vec<Value> {
    use crate::builder::Ofr;
    let sum = AffineMap {
        num_dims: 0,
        num_syms: 2,
        results: vec![AffineExpr::bin(crate::affine::AffineBinOp::Add, AffineExpr::Sym(0), AffineExpr::Sym(1))],
    };
    let mut next = indices.iter();
    let mut out = Vec::with_capacity(offsets.len());
    for (off, drop) in offsets.iter().zip(dropped) {
        let index = if *drop {
            Ofr::Const(0)
        } else {
            let v = *next.next().expect("one index per kept dim");
            match crate::dialects::pack::constant_int(rw.ctx, v) {
                Some(c) => Ofr::Const(c),
                None => Ofr::Val(v),
            }
        };
        let r = rw.affine_apply(&sum, &[*off, index]);
        let index_ty = rw.ctx.index_type();
        out.push(match r {
            Ofr::Val(v) => v,
            Ofr::Const(c) => rw.int_const_here(c as i128, index_ty),
        });
    }
    out
}

/// MLIR's `expandDimsToRank`: the transfer's map over the full tensor's
/// dims (the dropped ones unused).
fn expand_map(map: &AffineMap, dropped: &[bool]) -> AffineMap {
    let mut renumber = Vec::new();
    for (i, d) in dropped.iter().enumerate() {
        if !*d {
            renumber.push(AffineExpr::Dim(i as u32));
        }
    }
    let results = map.results.iter().map(|e| e.replace(&renumber, &[])).collect();
    AffineMap { num_dims: dropped.len() as u32, num_syms: 0, results }
}

fn shape_of(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    match ctx.value_type_kind(v) {
        TypeKind::Tensor { shape, .. } => Some(shape.clone()),
        _ => None,
    }
}

/// `TransferReadOfExtractSliceOpFolder` (unmasked, in-bounds reads of
/// unit-stride slices).
pub fn fold_read_of_extract_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::tensor::ExtractSliceOp;
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    if view.mask.is_some() || !view.in_bounds.iter().all(|b| *b) {
        return false;
    }
    if ctx.parent_op(op).is_some_and(|p| crate::dialects::vector::MaskOp::isa(ctx, p)) {
        return false;
    }
    let Some(slice) = ExtractSliceOp::defining(ctx, view.base) else { return false };
    let Some(offsets) = unit_stride_offsets(ctx, slice.op()) else { return false };
    let source = slice.source(ctx);
    let (Some(full), Some(reduced)) = (shape_of(ctx, source), shape_of(ctx, view.base)) else { return false };
    let sizes = crate::dialects::tensor::slice_view(ctx, slice.op()).map(|v| v.sizes.0.to_vec()).unwrap_or_default();
    let Some(dropped) = dropped_dims(&sizes, &reduced) else { return false };
    if full.len() != dropped.len() {
        return false;
    }
    let Some(map) = permutation_map(ctx, op) else { return false };
    let new_map = expand_map(&map, &dropped);
    let in_bounds = view.in_bounds.clone();
    let ty = view.vector_type;
    rw.set_insertion_point_before(op);
    let indices = resolve_indices(rw, &offsets, &dropped, &view.indices);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let r = TransferReadOp::create(rw, source, &indices, view.padding, None, &new_map, Some(ib), &[ty], vec![])
        .vector(rw.ctx);
    rw.replace_op(op, &[r]);
    true
}

/// `InsertSliceOfTransferWriteOpFolder`: an `insert_slice` (unit strides)
/// of an unmasked in-bounds write covering the whole static slice.
pub fn fold_insert_of_transfer_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::tensor::InsertSliceOp;
    let ctx = &*rw.ctx;
    let Some(insert) = InsertSliceOp::cast(ctx, op) else { return false };
    let Some(w) = TransferWriteOp::defining(ctx, insert.source(ctx)) else { return false };
    let Some(view) = TransferView::of(ctx, w.op()) else { return false };
    if view.mask.is_some() || !view.in_bounds.iter().all(|b| *b) {
        return false;
    }
    let Some(written) = shape_of(ctx, view.base) else { return false };
    let Some(v) = vector_shape(ctx, view.vector_type) else { return false };
    if written.contains(&crate::types::DYNAMIC) || v.shape != written.as_slice() {
        return false;
    }
    let Some(offsets) = unit_stride_offsets(ctx, op) else { return false };
    let dest = insert.dest(ctx);
    let Some(full) = shape_of(ctx, dest) else { return false };
    let sizes = crate::dialects::tensor::slice_view(ctx, op).map(|s| s.sizes.0.to_vec()).unwrap_or_default();
    let Some(dropped) = dropped_dims(&sizes, &written) else { return false };
    if full.len() != dropped.len() {
        return false;
    }
    let Some(map) = permutation_map(ctx, w.op()) else { return false };
    let new_map = expand_map(&map, &dropped);
    let (value, in_bounds) = (ctx.operands(w.op())[0], view.in_bounds.clone());
    let dest_ty = ctx.value_type(dest);
    rw.set_insertion_point_before(op);
    let indices = resolve_indices(rw, &offsets, &dropped, &view.indices);
    let ib = bool_array_attr(rw.ctx, &in_bounds);
    let nw = TransferWriteOp::create(rw, value, dest, &indices, None, &new_map, Some(ib), &[dest_ty], vec![]);
    let r = nw.result(rw.ctx).expect("a tensor write has a result");
    rw.replace_op(op, &[r]);
    true
}
