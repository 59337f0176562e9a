//! Folds of the vector ops, as mlir-opt 22's canonicalize applies them to
//! vectorized code:
//!
//! - a transfer dim whose constant index plus vector size stays inside a
//!   static tensor dim becomes `in_bounds` (then its broadcast dims too:
//!   MLIR's `foldTransferInBoundsAttribute`);
//! - a write of a whole in-bounds read at zero indices into a tensor of the
//!   same type is the read's source (`foldReadInitWrite`), and a write of a
//!   read of the same tensor at the same place is that tensor (`foldWAR`);
//! - `vector.create_mask` of constants is a `vector.constant_mask`, and a
//!   `vector.mask` whose mask is all true is the op it masks.

use crate::dialects::pack::constant_int;
use crate::dialects::vector::{
    bool_array_attr, minor_identity, vector_shape, ConstantMaskOp, CreateMaskOp, MaskOp, TransferReadOp, TransferView,
    TransferWriteOp, YieldOp,
};
use crate::rewriter::Rewriter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Value};

fn base_shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    match ctx.value_type_kind(v) {
        TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } => Some(shape.clone()),
        _ => None,
    }
}

/// MLIR's `foldTransferInBoundsAttribute` on a read or write.
pub fn fold_transfer_in_bounds(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = TransferView::of(ctx, op) else { return false };
    let Some(shape) = base_shape(ctx, view.base) else { return false };
    let Some(vector) = vector_shape(ctx, view.vector_type) else { return false };
    let mut in_bounds = view.in_bounds.clone();
    let (mut changed, mut evaluated) = (false, Vec::new());
    for (i, dim) in view.dims.iter().enumerate() {
        if in_bounds[i] {
            continue;
        }
        let Some(d) = *dim else { continue };
        evaluated.push(i);
        let fits = shape[d] != DYNAMIC
            && !vector.scalable[i]
            && constant_int(ctx, view.indices[d]).is_some_and(|c| c + vector.shape[i] <= shape[d]);
        in_bounds[i] = fits;
        changed |= fits;
    }
    if evaluated.iter().all(|i| in_bounds[*i]) {
        for (i, dim) in view.dims.iter().enumerate() {
            if dim.is_none() && !in_bounds[i] {
                in_bounds[i] = true;
                changed = true;
            }
        }
    }
    if !changed {
        return false;
    }
    let a = bool_array_attr(rw.ctx, &in_bounds);
    rw.set_attr(op, "in_bounds", a);
    true
}

fn all_zero(ctx: &Context, indices: &[Value]) -> bool {
    indices.iter().all(|v| constant_int(ctx, *v) == Some(0))
}

fn is_minor_identity(ctx: &Context, op: OpId, rank: usize, vector_rank: usize) -> bool {
    match ctx.get_attr(op, "permutation_map").map(|a| ctx.attr_kind(a)) {
        Some(crate::attrs::AttrKind::AffineMap(m)) => *m == minor_identity(rank, vector_rank),
        _ => false,
    }
}

/// MLIR's `foldReadInitWrite` and `foldWAR` on a tensor write.
pub fn fold_write_of_read(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let w = TransferWriteOp(op);
    let Some(result) = w.result(ctx) else { return false };
    let Some(read) = TransferReadOp::defining(ctx, w.value_to_store(ctx)) else { return false };
    let (Some(wv), Some(rv)) = (TransferView::of(ctx, op), TransferView::of(ctx, read.op())) else { return false };
    if wv.mask.is_some() || rv.mask.is_some() || wv.dims.is_empty() || rv.dims.is_empty() {
        return false;
    }
    if ctx.parent_op(op).is_some_and(|p| MaskOp::isa(ctx, p)) {
        return false;
    }
    let base_ty = ctx.value_type(wv.base);
    // A write of the whole of a read (both in bounds, at zero) into a
    // tensor of the read's type: the read's source.
    let whole = base_shape(ctx, wv.base).is_some_and(|shape| {
        let vshape = vector_shape(ctx, wv.vector_type).map(|v| v.shape.to_vec()).unwrap_or_default();
        is_minor_identity(ctx, op, shape.len(), vshape.len())
            && is_minor_identity(ctx, read.op(), shape.len(), vshape.len())
            && rv.dims.len() == wv.dims.len()
            && rv.in_bounds.iter().chain(&wv.in_bounds).all(|b| *b)
            && ctx.value_type(rv.base) == base_ty
            && rv.vector_type == wv.vector_type
            && vshape == shape
            && all_zero(ctx, &rv.indices)
            && all_zero(ctx, &wv.indices)
    });
    // Writing back what was read from the same tensor, at the same place.
    let same_place = rv.base == wv.base
        && rv.indices == wv.indices
        && rv.vector_type == wv.vector_type
        && ctx.get_attr(op, "permutation_map") == ctx.get_attr(read.op(), "permutation_map");
    if !whole && !same_place {
        return false;
    }
    let source = rv.base;
    rw.replace_all_uses_with(result, source);
    rw.erase_op(op);
    true
}

/// MLIR's `isDisjointTransferIndices` for constant indices: some vector
/// dim's ranges do not overlap, or some base dim outside the vector is
/// read at another constant index.
fn disjoint_transfers(ctx: &Context, a: &TransferView, b: &TransferView) -> bool {
    if a.indices.len() != b.indices.len() || a.dims != b.dims {
        return false;
    }
    let (Some(va), Some(vb)) = (vector_shape(ctx, a.vector_type), vector_shape(ctx, b.vector_type)) else {
        return false;
    };
    (0..a.indices.len()).any(|d| {
        let (Some(ia), Some(ib)) = (constant_int(ctx, a.indices[d]), constant_int(ctx, b.indices[d])) else {
            return false;
        };
        match a.dims.iter().position(|x| *x == Some(d)) {
            Some(i) => {
                let (sa, sb) = (va.shape[i], vb.shape[i]);
                va.scalable[i] == vb.scalable[i] && !va.scalable[i] && (ia + sa <= ib || ib + sb <= ia)
            }
            None => ia != ib,
        }
    })
}

/// MLIR's `foldRAW` (`TransferReadOp::fold`): a read of a tensor written
/// by an unmasked in-bounds `transfer_write` at the same indices, with the
/// same vector type and map, is the written vector (looking through
/// writes to disjoint places).
pub fn fold_read_after_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(rv) = TransferView::of(ctx, op) else { return false };
    if !matches!(ctx.value_type_kind(rv.base), TypeKind::Tensor { .. }) {
        return false;
    }
    let map = ctx.get_attr(op, "permutation_map");
    let mut base = rv.base;
    while let Some(w) = TransferWriteOp::defining(ctx, base) {
        let Some(wv) = TransferView::of(ctx, w.op()) else { return false };
        let same = wv.in_bounds.iter().all(|b| *b)
            && wv.mask.is_none()
            && rv.mask.is_none()
            && wv.indices == rv.indices
            && wv.vector_type == rv.vector_type
            && ctx.get_attr(w.op(), "permutation_map") == map;
        if same {
            let v = w.value_to_store(ctx);
            rw.replace_op(op, &[v]);
            return true;
        }
        if !disjoint_transfers(ctx, &wv, &rv) {
            return false;
        }
        base = wv.base;
    }
    false
}

/// `TransposeOp::fold`: a transpose that keeps the type and the order of
/// the elements (the identity, or one moving unit dims among themselves)
/// is its source.
pub fn fold_identity_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let t = crate::dialects::vector::TransposeOp(op);
    let v = t.vector(ctx);
    let perm = t.permutation(ctx);
    let identity = perm.iter().enumerate().all(|(i, p)| i as i64 == *p);
    let keeps_order = ctx.value_type(v) == ctx.value_type(ctx.result(op, 0))
        && vector_shape(ctx, ctx.value_type(v))
            .is_some_and(|s| !s.is_scalable() && moves_unit_dims_only(s.shape, perm));
    if !identity && !keeps_order {
        return false;
    }
    rw.replace_op(op, &[v]);
    true
}

/// MLIR's `FoldWaw`: a tensor write over an earlier write of the same
/// vector type at the same indices (with the same mask and map) writes
/// into what the earlier one wrote into; writes to disjoint places in
/// between (used only by the next) are looked through.
pub fn fold_write_after_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(wv) = TransferView::of(ctx, op) else { return false };
    if !matches!(ctx.value_type_kind(wv.base), TypeKind::Tensor { .. }) {
        return false;
    }
    let map = ctx.get_attr(op, "permutation_map");
    let mut to_modify = op;
    let mut base = wv.base;
    while let Some(prior) = TransferWriteOp::defining(ctx, base) {
        let Some(pv) = TransferView::of(ctx, prior.op()) else { return false };
        if pv.indices == wv.indices
            && pv.mask == wv.mask
            && pv.vector_type == wv.vector_type
            && ctx.get_attr(prior.op(), "permutation_map") == map
        {
            rw.set_operand(to_modify, 1, pv.base);
            return true;
        }
        if !disjoint_transfers(ctx, &pv, &wv) {
            return false;
        }
        let Some(r) = prior.result(ctx) else { return false };
        if ctx.uses(r).len() != 1 {
            return false;
        }
        to_modify = prior.op();
        base = pv.base;
    }
    false
}

/// MLIR's `foldPoisonSrcExtractOp`: an extract from a `ub.poison` is a
/// poison of the result's type (uniqued at the top, as the folder puts it).
pub fn fold_extract_of_poison(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let source = crate::dialects::vector::ExtractOp(op).source(ctx);
    if !ctx.defining_op(source).is_some_and(|d| crate::dialects::ub::PoisonOp::isa(ctx, d)) {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let poison = rw.poison(ty);
    rw.replace_op(op, &[poison]);
    true
}

/// The `fold`s of `vector.extract`, `insert`, `extract_strided_slice` and
/// `insert_strided_slice` that move nothing: with no position (or a slice
/// of the whole vector) the result is the source, or the stored value.
pub fn fold_noop_extract_or_insert(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{ExtractOp, ExtractStridedSliceOp, InsertOp, InsertStridedSliceOp};
    let ctx = &*rw.ctx;
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let from = if ExtractOp::isa(ctx, op) {
        let e = ExtractOp(op);
        (e.static_position(ctx).is_empty() && e.dynamic_position(ctx).is_empty()).then(|| e.source(ctx))
    } else if InsertOp::isa(ctx, op) {
        let i = InsertOp(op);
        (i.static_position(ctx).is_empty() && i.dynamic_position(ctx).is_empty()).then(|| i.value_to_store(ctx))
    } else if ExtractStridedSliceOp::isa(ctx, op) {
        Some(ExtractStridedSliceOp(op).source(ctx))
    } else if InsertStridedSliceOp::isa(ctx, op) {
        Some(InsertStridedSliceOp(op).value_to_store(ctx))
    } else {
        None
    };
    match from {
        Some(v) if ctx.value_type(v) == result_ty => {
            rw.replace_op(op, &[v]);
            true
        }
        _ => false,
    }
}

/// The `fold` of a `vector.insert` into an insert at the same position:
/// the inner insert is overwritten, so the outer one inserts into the
/// inner one's destination (in place, as 22's folder).
pub fn fold_insert_use_chain(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::InsertOp;
    let ctx = &*rw.ctx;
    let outer = InsertOp(op);
    let Some(inner) = InsertOp::defining(ctx, outer.dest(ctx)) else { return false };
    if inner.static_position(ctx) != outer.static_position(ctx)
        || inner.dynamic_position(ctx) != outer.dynamic_position(ctx)
    {
        return false;
    }
    let dest = inner.dest(ctx);
    rw.set_operand(op, 1, dest);
    true
}

/// `InsertToBroadcast`: an insert of as many elements as its destination
/// has is a broadcast of the stored value.
pub fn insert_to_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{BroadcastOp, InsertOp};
    let ctx = &*rw.ctx;
    let i = InsertOp(op);
    let v = i.value_to_store(ctx);
    let (Some(src), Some(dst)) = (vector_shape(ctx, ctx.value_type(v)), vector_shape(ctx, ctx.value_type(i.dest(ctx))))
    else {
        return false;
    };
    if src.shape.iter().product::<i64>() != dst.shape.iter().product::<i64>() {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let b = BroadcastOp::create(rw, v, &[ty], vec![]).vector(rw.ctx);
    rw.replace_op(op, &[b]);
    true
}

/// The position of a `vector.extract` when it is static and in range of
/// no poison index (no dynamic part, none negative): what the folds that
/// look through the producer need.
fn static_extract_position(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    let e = crate::dialects::vector::ExtractOp(op);
    let pos = e.static_position(ctx);
    (e.dynamic_position(ctx).is_empty() && pos.iter().all(|p| *p >= 0)).then(|| pos.to_vec())
}

/// `ExtractOp::fold` of an extract (`foldExtractFromExtractChain`):
/// `extract(extract(x)[p])[q]` is `extract(x)[p, q]` (static positions).
pub fn fold_extract_of_extract(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let e = crate::dialects::vector::ExtractOp(op);
    let Some(inner) = crate::dialects::vector::ExtractOp::defining(ctx, e.source(ctx)) else { return false };
    if !e.dynamic_position(ctx).is_empty() || !inner.dynamic_position(ctx).is_empty() {
        return false;
    }
    let (outer_pos, inner_pos) = (e.static_position(ctx), inner.static_position(ctx));
    if outer_pos.iter().chain(inner_pos).any(|p| *p < 0) {
        return false;
    }
    let mut pos = inner_pos.to_vec();
    pos.extend_from_slice(outer_pos);
    let x = inner.source(ctx);
    let a = rw.ctx.i64_array_attr(&pos);
    rw.set_operand(op, 0, x);
    rw.set_attr(op, "static_position", a);
    true
}

/// `ExtractOp::fold` of a `shape_cast` (`foldExtractFromShapeCast`): when
/// the extracted piece's dims are the shape_cast source's innermost ones,
/// the extract reads the source at the same linear position.
pub fn fold_extract_of_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{ExtractOp, ShapeCastOp};
    let ctx = &*rw.ctx;
    let e = ExtractOp(op);
    let Some(cast) = ShapeCastOp::defining(ctx, e.source(ctx)) else { return false };
    let Some(pos) = static_extract_position(ctx, op) else { return false };
    let x = cast.source(ctx);
    let (Some(src), Some(mid)) =
        (vector_shape(ctx, ctx.value_type(x)), vector_shape(ctx, ctx.value_type(e.source(ctx))))
    else {
        return false;
    };
    let result = vector_shape(ctx, ctx.value_type(ctx.result(op, 0)));
    let dest_rank = result.map_or(0, |v| v.rank());
    if dest_rank > src.rank() {
        return false;
    }
    if let Some(r) = result {
        if src.shape[src.rank() - dest_rank..] != r.shape[..] {
            return false;
        }
    }
    // The position, linearized over the extract source's outer dims...
    let outer = &mid.shape[..mid.rank() - dest_rank];
    let mut linear = 0i64;
    for (p, d) in pos.iter().zip(outer) {
        linear = linear * d + p;
    }
    // ...and delinearized over the shape_cast source's.
    let src_outer = &src.shape[..src.rank() - dest_rank];
    let mut new_pos = vec![0i64; src_outer.len()];
    for i in (0..src_outer.len()).rev() {
        new_pos[i] = linear % src_outer[i];
        linear /= src_outer[i];
    }
    let a = rw.ctx.i64_array_attr(&new_pos);
    rw.set_operand(op, 0, x);
    rw.set_attr(op, "static_position", a);
    true
}

/// `ExtractOp::fold` of an `extract_strided_slice` of unit strides
/// (`foldExtractFromExtractStrided`): the extract reads the slice's source
/// at its position plus the slice's offsets, when the dims it keeps are
/// whole in the slice.
pub fn fold_extract_of_extract_strided(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{int_array, ExtractOp, ExtractStridedSliceOp};
    let ctx = &*rw.ctx;
    let e = ExtractOp(op);
    let Some(slice) = ExtractStridedSliceOp::defining(ctx, e.source(ctx)) else { return false };
    if !e.dynamic_position(ctx).is_empty() {
        return false;
    }
    let (Some(mut offsets), Some(strides)) =
        (int_array(ctx, ctx.get_attr(slice.0, "offsets")), int_array(ctx, ctx.get_attr(slice.0, "strides")))
    else {
        return false;
    };
    if strides.iter().any(|s| *s != 1) {
        return false;
    }
    let src = slice.source(ctx);
    let (Some(src_shape), Some(slice_shape)) =
        (vector_shape(ctx, ctx.value_type(src)), vector_shape(ctx, ctx.value_type(e.source(ctx))))
    else {
        return false;
    };
    // Trailing offsets of dims taken whole do not move the position.
    while let Some(&last) = offsets.last() {
        let d = offsets.len() - 1;
        if last != 0 || slice_shape.shape[d] != src_shape.shape[d] {
            break;
        }
        offsets.pop();
    }
    let result_rank = vector_shape(ctx, ctx.value_type(ctx.result(op, 0))).map_or(0, |v| v.rank());
    if result_rank > src_shape.rank() - offsets.len() {
        return false;
    }
    let mut pos = e.static_position(ctx).to_vec();
    if pos.len() < offsets.len() || pos.iter().any(|p| *p < 0) {
        return false;
    }
    for (p, o) in pos.iter_mut().zip(&offsets) {
        *p += o;
    }
    let a = rw.ctx.i64_array_attr(&pos);
    rw.set_operand(op, 0, src);
    rw.set_attr(op, "static_position", a);
    true
}

/// `ExtractOp::fold` through a chain of `insert_strided_slice`s of unit
/// strides (`foldExtractStridedOpFromInsertChain`): an extract wholly
/// inside an inserted slice reads the slice at its position there; one
/// disjoint from it looks further down the chain.
pub fn fold_extract_of_insert_strided(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{int_array, ExtractOp, InsertStridedSliceOp};
    let ctx = &*rw.ctx;
    let e = ExtractOp(op);
    let Some(pos) = static_extract_position(ctx, op) else { return false };
    let result_rank = vector_shape(ctx, ctx.value_type(ctx.result(op, 0))).map_or(0, |v| v.rank());
    let mut cur = InsertStridedSliceOp::defining(ctx, e.source(ctx));
    while let Some(ins) = cur {
        let (src_ty, dst_ty) = (ctx.value_type(ins.value_to_store(ctx)), ctx.value_type(ins.dest(ctx)));
        let (Some(s), Some(d)) = (vector_shape(ctx, src_ty), vector_shape(ctx, dst_ty)) else { return false };
        if s.rank() == 0 || d.rank() == 0 || result_rank > s.rank() {
            return false;
        }
        let rank_diff = d.rank() - s.rank();
        let (Some(offsets), Some(strides)) =
            (int_array(ctx, ctx.get_attr(ins.0, "offsets")), int_array(ctx, ctx.get_attr(ins.0, "strides")))
        else {
            return false;
        };
        if strides.iter().any(|x| *x != 1) {
            return false;
        }
        let mut diffs = Vec::new();
        let mut disjoint = false;
        for (dim, p) in pos.iter().enumerate() {
            let start = offsets[dim];
            let size = if dim < rank_diff { 1 } else { s.shape[dim - rank_diff] };
            if start <= *p && *p < start + size {
                if dim >= rank_diff {
                    diffs.push(p - start);
                }
                continue;
            }
            disjoint = true;
            break;
        }
        if !disjoint {
            // Inner dims only partly inserted: a partial overlap.
            let src_rank_diff = s.rank() - result_rank;
            if (0..result_rank).any(|i| s.shape[i + src_rank_diff] != d.shape[i + src_rank_diff + rank_diff]) {
                return false;
            }
            let x = ins.value_to_store(ctx);
            let a = rw.ctx.i64_array_attr(&diffs);
            rw.set_operand(op, 0, x);
            rw.set_attr(op, "static_position", a);
            return true;
        }
        cur = InsertStridedSliceOp::defining(ctx, ins.dest(ctx));
    }
    false
}

/// `ExtractOp::fold` through a chain of inserts (static positions): an
/// insert at the extracted position (or at a prefix of it) gives the
/// inserted value (or an extract of it); an insert of a piece at least as
/// large elsewhere is looked through to its destination.
pub fn fold_extract_of_insert(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::InsertOp;
    let ctx = &*rw.ctx;
    let e = crate::dialects::vector::ExtractOp(op);
    let Some(pos) = static_extract_position(ctx, op) else { return false };
    let mut cur = e.source(ctx);
    let start = cur;
    while let Some(ins) = InsertOp::defining(ctx, cur) {
        if !ins.dynamic_position(ctx).is_empty() {
            break;
        }
        let ipos = ins.static_position(ctx);
        if ipos.iter().any(|p| *p < 0) {
            break;
        }
        // An insert of a smaller piece than the extracted one (a longer
        // position) is not looked through, as in 22.
        if ipos.len() > pos.len() {
            break;
        }
        if ipos[..] != pos[..ipos.len()] {
            cur = ins.dest(ctx);
            continue;
        }
        let v = ins.value_to_store(ctx);
        let rest = pos[ipos.len()..].to_vec();
        if rest.is_empty() {
            if ctx.value_type(v) != ctx.value_type(ctx.result(op, 0)) {
                return false;
            }
            rw.replace_op(op, &[v]);
        } else {
            let a = rw.ctx.i64_array_attr(&rest);
            rw.set_operand(op, 0, v);
            rw.set_attr(op, "static_position", a);
        }
        return true;
    }
    if cur == start {
        return false;
    }
    rw.set_operand(op, 0, cur);
    true
}

/// `ExtractOp::fold` of a broadcast (`foldExtractFromBroadcast`): the
/// broadcast's source itself when the types agree, else an extract of the
/// source at the position with the broadcast's new leading dims dropped
/// and its stretched unit dims read at 0.
pub fn fold_extract_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let e = crate::dialects::vector::ExtractOp(op);
    let Some(b) = crate::dialects::vector::BroadcastOp::defining(ctx, e.source(ctx)) else { return false };
    let x = b.source(ctx);
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(x) == ty {
        rw.replace_op(op, &[x]);
        return true;
    }
    if !e.dynamic_position(ctx).is_empty() || e.static_position(ctx).iter().any(|p| *p < 0) {
        return false;
    }
    let rank = |t| vector_shape(ctx, t).map_or(0, |v| v.rank());
    let (src_rank, res_rank) = (rank(ctx.value_type(x)), rank(ty));
    if res_rank > src_rank {
        return false;
    }
    let src_shape = vector_shape(ctx, ctx.value_type(x)).map(|v| v.shape.to_vec()).unwrap_or_default();
    if let Some(r) = vector_shape(ctx, ty) {
        if r.shape != &src_shape[src_rank - res_rank..] {
            return false;
        }
    }
    let Some(dst) = vector_shape(ctx, ctx.value_type(e.source(ctx))) else { return false };
    let dst_shape = dst.shape.to_vec();
    let diff = dst_shape.len() - src_rank;
    let mut pos = e.static_position(ctx).to_vec();
    for (i, p) in pos.iter_mut().enumerate().skip(diff) {
        if src_shape[i - diff] == 1 && dst_shape[i] != 1 {
            *p = 0;
        }
    }
    let keep = src_rank - res_rank;
    let pos: Vec<i64> = pos[pos.len() - keep..].to_vec();
    let a = rw.ctx.i64_array_attr(&pos);
    rw.set_operand(op, 0, x);
    rw.set_attr(op, "static_position", a);
    true
}

/// `ExtractOp::fold` through transposes (MLIR's
/// `ExtractFromInsertTransposeChainState` walking a chain of them): the
/// position, padded with a sentinel per trailing dim, is moved through each
/// transpose's permutation; when the sentinels end where they started the
/// extract reads the chain's source at the moved position.
pub fn fold_extract_of_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let e = crate::dialects::vector::ExtractOp(op);
    let Some(pos) = static_extract_position(ctx, op) else { return false };
    let k = pos.len();
    let mut source = e.source(ctx);
    let Some(rank) = vector_shape(ctx, ctx.value_type(source)).map(|v| v.rank()) else { return false };
    let sentinels: Vec<i64> = (k..rank).map(|i| -1 - i as i64).collect();
    let mut at: Vec<i64> = pos.iter().copied().chain(sentinels.iter().copied()).collect();
    let mut moved = false;
    while let Some(t) = crate::dialects::vector::TransposeOp::defining(ctx, source) {
        let perm = t.permutation(ctx);
        if perm.len() != at.len() {
            return false;
        }
        let mut next = vec![0i64; at.len()];
        for (i, p) in perm.iter().enumerate() {
            next[*p as usize] = at[i];
        }
        at = next;
        source = t.vector(ctx);
        moved = true;
    }
    if !moved || at[k..] != sentinels[..] {
        return false;
    }
    let a = rw.ctx.i64_array_attr(&at[..k]);
    rw.set_operand(op, 0, source);
    rw.set_attr(op, "static_position", a);
    true
}

/// MLIR's `CreateMaskFolder`: a `vector.create_mask` of constants is a
/// `vector.constant_mask` of the sizes clamped to the vector (all zero when
/// one is zero or less).
pub fn create_mask_of_constants(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(v) = vector_shape(ctx, ty) else { return false };
    if v.is_scalable() || v.rank() == 0 {
        return false;
    }
    let Some(bounds) = ctx.operands(op).iter().map(|x| constant_int(ctx, *x)).collect::<Option<Vec<i64>>>() else {
        return false;
    };
    let mut sizes: Vec<i64> = bounds.iter().zip(v.shape).map(|(b, d)| (*b).min(*d)).collect();
    if sizes.iter().any(|s| *s <= 0) {
        sizes = vec![0; sizes.len()];
    }
    rw.set_insertion_point_before(op);
    let c = ConstantMaskOp::create(rw, &sizes, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}

/// Whether `mask` is known to be all true (MLIR's `MaskFormat::AllTrue`).
fn all_true(ctx: &Context, mask: Value) -> bool {
    use crate::attrs::{AttrKind, DenseData, DenseElement};
    if let Some(c) = crate::dialects::arith::ConstantOp::defining(ctx, mask) {
        return matches!(
            c.value(ctx).map(|a| ctx.attr_kind(a)),
            Some(AttrKind::Dense { data: DenseData::Splat(DenseElement::Int(1)), .. })
        );
    }
    let Some(v) = vector_shape(ctx, ctx.value_type(mask)) else { return false };
    if v.is_scalable() {
        return false;
    }
    if let Some(c) = ConstantMaskOp::defining(ctx, mask) {
        return c.mask_dim_sizes(ctx) == v.shape;
    }
    if let Some(c) = CreateMaskOp::defining(ctx, mask) {
        return ctx.operands(c.op()).iter().zip(v.shape).all(|(x, d)| constant_int(ctx, *x).is_some_and(|b| b >= *d));
    }
    false
}

/// MLIR's `MaskOp::fold`: under an all-true mask the masked op stands
/// alone; an empty mask is what it yields.
pub fn fold_mask(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let m = MaskOp(op);
    let Some(block) = ctx.blocks(m.mask_region(ctx)).first().copied() else { return false };
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    let results: Vec<Value> = ctx.results(op).to_vec();
    match ops.as_slice() {
        [y] if YieldOp::isa(ctx, *y) => {
            // An empty mask: its results are what it yields.
            let yielded: Vec<Value> = ctx.operands(*y).to_vec();
            if yielded.len() != results.len() {
                return false;
            }
            rw.replace_op(op, &yielded);
            true
        }
        [masked, y] if YieldOp::isa(ctx, *y) && all_true(ctx, m.mask(ctx)) => {
            let (masked, y) = (*masked, *y);
            let inner: Vec<Value> = ctx.operands(y).to_vec();
            rw.move_op_before(masked, op);
            rw.erase_op(y);
            rw.replace_op(op, &inner);
            true
        }
        _ => false,
    }
}

/// A value-semantics op (a tensor write, a masked read, write or
/// reduction) whose results nobody uses goes, as MLIR erases ops without
/// memory effects; a write to a memref has none to lose and stays.
pub fn erase_unused(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let results = ctx.results(op);
    if results.is_empty() || results.iter().any(|r| !ctx.uses(*r).is_empty()) {
        return false;
    }
    if !removable_when_unused(ctx, op) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// Whether `op` (a tensor write, a masked read, write or reduction) has no
/// effect but its results, so it may go once they are unused.
pub fn removable_when_unused(ctx: &Context, op: OpId) -> bool {
    if ctx.results(op).is_empty() {
        return false;
    }
    let removable = |o: OpId| {
        if TransferWriteOp::isa(ctx, o) {
            return !ctx.results(o).is_empty();
        }
        TransferReadOp::isa(ctx, o)
            || crate::dialects::vector::MultiReductionOp::isa(ctx, o)
            || crate::dialects::vector::ReductionOp::isa(ctx, o)
    };
    if MaskOp::isa(ctx, op) {
        let block = ctx.blocks(MaskOp(op).mask_region(ctx)).first().copied();
        block.is_some_and(|b| ctx.block_ops(b).all(|o| YieldOp::isa(ctx, o) || removable(o)))
    } else {
        removable(op)
    }
}

/// Whether `perm` keeps the dims of `shape` other than 1 in their order
/// (the transpose moves unit dims only: a shape_cast).
fn moves_unit_dims_only(shape: &[i64], perm: &[i64]) -> bool {
    let kept: Vec<usize> = perm.iter().map(|p| *p as usize).filter(|p| shape[*p] != 1).collect();
    kept.windows(2).all(|w| w[0] < w[1])
}

/// A `vector.transpose` that moves unit dims only is a `vector.shape_cast`
/// (MLIR's canonical form of it).
pub fn transpose_of_unit_dims(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let t = crate::dialects::vector::TransposeOp(op);
    let src = t.vector(ctx);
    let Some(v) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    if v.is_scalable() || !moves_unit_dims_only(v.shape, t.permutation(ctx)) {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let c = crate::dialects::vector::ShapeCastOp::create(rw, src, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}

/// `shape_cast(shape_cast(x))` is one shape_cast of `x`, or `x` itself
/// when the types agree; a shape_cast to its own type is its source.
pub fn fold_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if fold_cast_to_own_type(rw, op) {
        return true;
    }
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    let ty = ctx.value_type(ctx.result(op, 0));
    // A transpose that moves unit dims only does not reorder elements.
    if let Some(t) = crate::dialects::vector::TransposeOp::defining(ctx, src) {
        let x = t.vector(ctx);
        let Some(v) = vector_shape(ctx, ctx.value_type(x)) else { return false };
        if v.is_scalable() || !moves_unit_dims_only(v.shape, t.permutation(ctx)) {
            return false;
        }
        if ctx.value_type(x) == ty {
            rw.replace_op(op, &[x]);
        } else {
            rw.set_operand(op, 0, x);
        }
        return true;
    }
    // A shape_cast of a broadcast from the shape_cast's own type.
    if let Some(b) = crate::dialects::vector::BroadcastOp::defining(ctx, src) {
        let x = b.source(ctx);
        if ctx.value_type(x) == ty {
            rw.replace_op(op, &[x]);
            return true;
        }
        return false;
    }
    let Some(inner) = crate::dialects::vector::ShapeCastOp::defining(ctx, src) else { return false };
    let x = inner.source(ctx);
    skip_inner_cast(rw, op, x)
}

/// A cast (`shape_cast`, `bitcast`) to its source's own type is its source.
fn fold_cast_to_own_type(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let src = rw.ctx.operands(op)[0];
    if rw.ctx.value_type(src) != rw.ctx.value_type(rw.ctx.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}

/// A cast of a cast of the same kind: casts `x` (the inner one's source)
/// directly, or is `x` when that has the result's type.
fn skip_inner_cast(rw: &mut Rewriter<'_>, op: OpId, x: crate::Value) -> bool {
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    if rw.ctx.value_type(x) == ty {
        rw.replace_op(op, &[x]);
    } else {
        rw.set_operand(op, 0, x);
    }
    true
}

/// MLIR's `isBroadcastableTo`: aligned at the trailing dims, each source
/// dim is 1 or the result's.
fn broadcastable_to(src: &[i64], dst: &[i64]) -> bool {
    src.len() <= dst.len() && src.iter().rev().zip(dst.iter().rev()).all(|(s, d)| *s == 1 || s == d)
}

/// MLIR's `ShapeCastBroadcastFolder`: a shape_cast of a broadcast whose
/// source also broadcasts to the shape_cast's type is one broadcast.
pub fn shape_cast_of_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    let Some(b) = crate::dialects::vector::BroadcastOp::defining(ctx, src) else { return false };
    let x = b.source(ctx);
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(dst) = vector_shape(ctx, ty) else { return false };
    let ok = match vector_shape(ctx, ctx.value_type(x)) {
        Some(v) => !v.is_scalable() && !dst.is_scalable() && broadcastable_to(v.shape, dst.shape),
        None => true,
    };
    if !ok {
        return false;
    }
    rw.set_insertion_point_before(op);
    let v = crate::dialects::vector::BroadcastOp::create(rw, x, &[ty], vec![]).vector(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}

/// MLIR's `BroadcastOp::fold`: a broadcast to its own type is its source,
/// and a broadcast of a scalar constant or a splat is a splat constant.
pub fn fold_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::attrs::{AttrKind, DenseData, DenseElement};
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(src) == ty {
        rw.replace_op(op, &[src]);
        return true;
    }
    // A broadcast of a shape_cast from the broadcast's own type.
    if let Some(cast) = crate::dialects::vector::ShapeCastOp::defining(ctx, src) {
        let x = cast.source(ctx);
        if ctx.value_type(x) == ty {
            rw.replace_op(op, &[x]);
            return true;
        }
        return false;
    }
    let Some(c) = crate::dialects::arith::ConstantOp::defining(ctx, src) else { return false };
    let element = match c.value(ctx).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => DenseElement::Int(*value),
        Some(AttrKind::Float { bits, .. }) => DenseElement::Float(*bits),
        Some(AttrKind::Bool(b)) => DenseElement::Int(*b as i128),
        Some(AttrKind::Dense { data: DenseData::Splat(e), .. }) => *e,
        _ => return false,
    };
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(element) });
    super::constants::replace_with_constant(rw, op, attr);
    true
}

/// The arith op combining two values of a reduction kind (MLIR's
/// `makeArithReduction`).
pub(crate) fn arith_combiner(kind: &str, float: bool) -> Option<&'static crate::registry::OpDef> {
    use crate::dialects::arith::*;
    Some(match (kind, float) {
        ("add", true) => &ADDF,
        ("add", false) => &ADDI,
        ("mul", true) => &MULF,
        ("mul", false) => &MULI,
        ("minui", false) => &MINUI,
        ("minsi", false) => &MINSI,
        ("maxui", false) => &MAXUI,
        ("maxsi", false) => &MAXSI,
        ("and", false) => &ANDI,
        ("or", false) => &ORI,
        ("xor", false) => &XORI,
        ("minnumf", true) => &MINNUMF,
        ("maxnumf", true) => &MAXNUMF,
        ("minimumf", true) => &MINIMUMF,
        ("maximumf", true) => &MAXIMUMF,
        _ => return None,
    })
}

/// MLIR's `ElideUnitDimsInMultiDimReduction`: a multi-reduction whose
/// reduced dims are all 1 is a shape_cast (or, reducing everything, an
/// extract) of its source combined with the accumulator.
pub fn elide_unit_dim_reduction(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if ctx.parent_op(op).is_some_and(|p| MaskOp::isa(ctx, p)) {
        return false;
    }
    let m = crate::dialects::vector::MultiReductionOp(op);
    let (src, acc) = (m.source(ctx), m.acc(ctx));
    let Some(v) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    let dims = m.reduction_dims(ctx);
    if dims.iter().any(|d| v.shape.get(*d as usize) != Some(&1)) {
        return false;
    }
    let float = ctx.type_kind(v.elem).is_float();
    let Some(kind) = crate::dialects::vector::combining_kind(ctx, op) else { return false };
    let Some(combiner) = arith_combiner(kind, float) else { return false };
    let dest_ty = ctx.value_type(ctx.result(op, 0));
    let rank = v.rank();
    rw.set_insertion_point_before(op);
    let cast = if vector_shape(rw.ctx, dest_ty).is_some() {
        crate::dialects::vector::ShapeCastOp::create(rw, src, &[dest_ty], vec![]).result(rw.ctx)
    } else {
        let zeros = vec![0; rank];
        crate::dialects::vector::ExtractOp::create(rw, src, &[], &zeros, &[dest_ty], vec![]).result(rw.ctx)
    };
    let combined = rw.op(combiner.name, &[acc, cast], &[dest_ty], &[]);
    let result = rw.ctx.result(combined, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `BitCastOp::fold`: a bitcast to its own type is its source; two
/// bitcasts in a row are one (none when the second goes back).
pub fn fold_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if fold_cast_to_own_type(rw, op) {
        return true;
    }
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    let Some(inner) = crate::dialects::vector::BitCastOp::defining(ctx, src) else { return false };
    let inner_src = inner.source(ctx);
    skip_inner_cast(rw, op, inner_src)
}

/// `extractInsertFoldConstantOp`: dynamic positions of a `vector.extract`
/// / `vector.insert` that are constants become static ones.
pub fn fold_constant_positions(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{ExtractOp as E, InsertOp as I};
    let ctx = &*rw.ctx;
    let (dynamic, statics) = if let Some(e) = E::cast(ctx, op) {
        (e.dynamic_position(ctx).to_vec(), e.static_position(ctx).to_vec())
    } else if let Some(i) = I::cast(ctx, op) {
        (i.dynamic_position(ctx).to_vec(), i.static_position(ctx).to_vec())
    } else {
        return false;
    };
    let constants: Vec<Option<i64>> = dynamic.iter().map(|v| crate::dialects::pack::constant_int(ctx, *v)).collect();
    if constants.iter().all(Option::is_none) {
        return false;
    }
    let mut kept = Vec::new();
    let mut next = dynamic.iter().zip(&constants);
    let statics: Vec<i64> = statics
        .iter()
        .map(|s| {
            if *s != crate::types::DYNAMIC {
                return *s;
            }
            let (v, c) = next.next().expect("one operand per dynamic position");
            match c {
                Some(c) => *c,
                None => {
                    kept.push(*v);
                    crate::types::DYNAMIC
                }
            }
        })
        .collect();
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let new = if let Some(e) = E::cast(rw.ctx, op) {
        let source = e.source(rw.ctx);
        E::create(rw, source, &kept, &statics, &[ty], vec![]).result(rw.ctx)
    } else {
        let i = I(op);
        let (v, dest) = (i.value_to_store(rw.ctx), i.dest(rw.ctx));
        I::create(rw, v, dest, &kept, &statics, &[ty], vec![]).result(rw.ctx)
    };
    rw.replace_op(op, &[new]);
    true
}
