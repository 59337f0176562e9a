//! Bubbling a `tensor.extract_slice` up through the reshape that made its
//! source (upstream's `populateBubbleUpExtractSliceOpPatterns`, which
//! `transform.structured.fuse {apply_cleanup}` applies), so the slice reads
//! the reshape's source and fusion reaches the producer behind it:
//!
//! ```mlir
//! %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [2, 3, 10]
//! %s = tensor.extract_slice %e[%i, %j, %k] [1, 1, 5] [1, 1, 1]
//! // becomes
//! %l = affine.linearize_index disjoint [%i, %j, %k] by (2, 3, 10) : index
//! %t = tensor.extract_slice %src[%l] [5] [1]
//! %s = tensor.expand_shape %t [[0, 1, 2]] output_shape [1, 1, 5]
//! ```
//!
//! Only slices that stay one contiguous slice of the source move: within
//! each reassociation group, after the first dim sliced to more than one
//! element every dim is taken whole.

use crate::affine::{AffineExpr, AffineMap};
use crate::builder::Ofr;
use crate::dialects::patterns::affine_index::linearize_constants;
use crate::dialects::tensor::{reassociation, slice_view, CollapseShapeOp, ExpandShapeOp, ExtractSliceOp};
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::{OpId, Value};

/// The mixed offsets and sizes of a unit-stride, not rank-reducing slice.
fn unit_stride_slice(ctx: &crate::Context, slice: OpId) -> Option<(Vec<Ofr>, Vec<Ofr>)> {
    let v = slice_view(ctx, slice)?;
    if v.strides.0.iter().any(|s| *s != 1) {
        return None;
    }
    let rank = ctx.value_type_kind(ctx.result(slice, 0)).shape()?.len();
    if v.sizes.0.len() != rank {
        return None;
    }
    Some((Ofr::mixed(v.offsets.0, v.offsets.1), Ofr::mixed(v.sizes.0, v.sizes.1)))
}

/// `ofr` as a known constant: static, or an `arith.constant`.
fn const_of(ctx: &crate::Context, ofr: Ofr) -> Option<i64> {
    match ofr {
        Ofr::Const(c) => Some(c),
        Ofr::Val(v) => crate::dialects::pack::constant_int(ctx, v),
    }
}

/// `extract_slice(expand_shape(x))` becomes `expand_shape(extract_slice(x))`
/// (upstream's `BubbleUpExtractSliceThroughExpandShape`): each group's
/// offset is the `affine.linearize_index disjoint` of its offsets over the
/// expanded extents, its size the product of its sizes.
pub fn bubble_slice_through_expand(rw: &mut Rewriter<'_>, slice: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !ExtractSliceOp::isa(ctx, slice) {
        return false;
    }
    let src = ctx.operands(slice)[0];
    let Some(expand) = ExpandShapeOp::defining(ctx, src) else { return false };
    let Some(groups) = reassociation(ctx, expand.op()) else { return false };
    let Some((offsets, sizes)) = unit_stride_slice(ctx, slice) else { return false };
    // Contiguous within each group: after the first size other than 1,
    // every dim starts at 0 and is taken whole.
    let extent = |d: usize| -> Ofr {
        let n = ctx.value_type_kind(src).shape().map_or(DYNAMIC, |s| s[d]);
        if n != DYNAMIC {
            return Ofr::Const(n);
        }
        Ofr::mixed(expand.static_output_shape(ctx), expand.output_shape(ctx)).get(d).copied().unwrap_or(Ofr::Const(n))
    };
    for g in &groups {
        let first_wide = g.iter().position(|&d| const_of(ctx, sizes[d as usize]) != Some(1));
        let Some(first_wide) = first_wide else { continue };
        for &d in &g[first_wide + 1..] {
            let d = d as usize;
            let whole = match (extent(d), sizes[d]) {
                (Ofr::Const(n), s) => n != DYNAMIC && const_of(ctx, s) == Some(n),
                (Ofr::Val(n), Ofr::Val(s)) => n == s,
                _ => false,
            };
            if const_of(ctx, offsets[d]) != Some(0) || !whole {
                return false;
            }
        }
    }
    let reassoc = ctx.get_attr(expand.op(), "reassociation").expect("verified reassociation");
    let expand_src = expand.src(ctx);
    let result_type = ctx.value_type(ctx.result(slice, 0));
    rw.set_insertion_point_before(slice);
    let mul = AffineMap { num_dims: 2, num_syms: 0, results: vec![AffineExpr::Dim(0) * AffineExpr::Dim(1)] };
    let mut new_offsets = Vec::with_capacity(groups.len());
    let mut new_sizes = Vec::with_capacity(groups.len());
    for g in &groups {
        let mut size = Ofr::Const(1);
        let mut group_extents = Vec::with_capacity(g.len());
        let mut group_offsets = Vec::with_capacity(g.len());
        for &d in g {
            let d = d as usize;
            // Upstream's `getMixedSizes`: a `tensor.dim` of a dynamic extent.
            group_extents.push(rw.dim(src, d));
            group_offsets.push(offsets[d]);
            size = rw.affine_apply(&mul, &[size, sizes[d]]);
        }
        new_offsets.push(linearize_folded(rw, &group_offsets, &group_extents));
        new_sizes.push(size);
    }
    // The offsets stay values, as upstream builds them (a canonicalization
    // makes constant ones static).
    let new_offsets: Vec<Ofr> = new_offsets
        .into_iter()
        .map(|o| match o {
            Ofr::Const(c) => Ofr::Val(rw.index_const(c)),
            v => v,
        })
        .collect();
    let sliced = rw.extract_slice(expand_src, &new_offsets, &new_sizes);
    let (stat, dyns) = rw.split(&sizes);
    let reshaped = ExpandShapeOp::create(rw, sliced, &dyns, Some(reassoc), &stat, &[result_type], vec![]);
    let v = reshaped.result(rw.ctx);
    rw.replace_op(slice, &[v]);
    true
}

/// `affine.linearize_index disjoint` of `indices` over `basis`, folded as
/// MLIR's builder and folder leave it: one index is itself, constants over
/// a static basis are a constant.
fn linearize_folded(rw: &mut Rewriter<'_>, indices: &[Ofr], basis: &[Ofr]) -> Ofr {
    if let [only] = indices {
        return *only;
    }
    let consts: Option<Vec<i64>> = indices.iter().map(|i| const_of(rw.ctx, *i)).collect();
    let static_basis: Option<Vec<i64>> = basis.iter().map(|b| b.as_const()).collect();
    if let (Some(c), Some(b)) = (&consts, &static_basis) {
        if let Some(v) = linearize_constants(c, b) {
            return Ofr::Const(v);
        }
    }
    let values: Vec<Value> = indices
        .iter()
        .map(|i| match i {
            Ofr::Val(v) => *v,
            Ofr::Const(c) => rw.index_const(*c),
        })
        .collect();
    Ofr::Val(super::affine_index::build_linearize(rw, &values, basis, true))
}

/// `extract_slice(collapse_shape(x))` becomes
/// `collapse_shape(extract_slice(x))` (upstream's
/// `BubbleUpExtractSliceThroughCollapseShape`), when each collapsed dim's
/// slice is one contiguous slice of its group: static offsets and sizes
/// spread over the group innermost first, or a dynamic one over a group
/// with a single dim other than 1.
pub fn bubble_slice_through_collapse(rw: &mut Rewriter<'_>, slice: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !ExtractSliceOp::isa(ctx, slice) {
        return false;
    }
    let Some(collapse) = CollapseShapeOp::defining(ctx, ctx.operands(slice)[0]) else { return false };
    let Some(groups) = reassociation(ctx, collapse.op()) else { return false };
    let Some((offsets, sizes)) = unit_stride_slice(ctx, slice) else { return false };
    let collapse_src = collapse.src(ctx);
    let Some(shape) = ctx.value_type_kind(collapse_src).shape().map(|s| s.to_vec()) else { return false };
    let mut new_offsets = Vec::with_capacity(shape.len());
    let mut new_sizes = Vec::with_capacity(shape.len());
    for ((g, offset), size) in groups.iter().zip(&offsets).zip(&sizes) {
        let extents: Vec<i64> = g.iter().map(|d| shape[*d as usize]).collect();
        let (group_offsets, group_sizes) = match (offset.as_const(), size.as_const()) {
            (Some(o), Some(s)) => match spread_static(o, s, &extents) {
                Some((o, s)) => (o.into_iter().map(Ofr::Const).collect(), s.into_iter().map(Ofr::Const).collect()),
                None => return false,
            },
            _ => {
                if extents.iter().filter(|e| **e != 1).count() != 1 {
                    return false;
                }
                let pick = |e: &i64, v: Ofr, unit: i64| if *e != 1 { v } else { Ofr::Const(unit) };
                (
                    extents.iter().map(|e| pick(e, *offset, 0)).collect::<Vec<_>>(),
                    extents.iter().map(|e| pick(e, *size, 1)).collect::<Vec<_>>(),
                )
            }
        };
        new_offsets.extend(group_offsets);
        new_sizes.extend(group_sizes);
    }
    let reassoc = ctx.get_attr(collapse.op(), "reassociation").expect("verified reassociation");
    let result_type = ctx.value_type(ctx.result(slice, 0));
    rw.set_insertion_point_before(slice);
    let sliced = rw.extract_slice(collapse_src, &new_offsets, &new_sizes);
    let reshaped = CollapseShapeOp::create(rw, sliced, Some(reassoc), &[result_type], vec![]);
    let v = reshaped.result(rw.ctx);
    rw.replace_op(slice, &[v]);
    true
}

/// A static slice `[offset, offset + size)` of a collapsed group with
/// static `extents` as one slice of the group: whole innermost dims, then
/// one partial dim, then dims of size 1 (upstream's conditions, including
/// its refusal of a partial slice that ends exactly at its dim's end).
fn spread_static(offset: i64, size: i64, extents: &[i64]) -> Option<(Vec<i64>, Vec<i64>)> {
    if extents.contains(&DYNAMIC) || extents.iter().any(|e| *e <= 0) {
        return None;
    }
    let (mut size, mut offset) = (size, offset);
    let mut sizes = Vec::with_capacity(extents.len());
    let mut offsets = Vec::with_capacity(extents.len());
    let mut k = extents.len();
    while k > 0 && size >= extents[k - 1] {
        let e = extents[k - 1];
        if size % e != 0 || offset % e != 0 {
            return None;
        }
        sizes.push(e);
        offsets.push(0);
        size /= e;
        offset /= e;
        k -= 1;
    }
    if k > 0 {
        let e = extents[k - 1];
        let within = offset % e;
        if size + within >= e {
            return None;
        }
        sizes.push(size);
        offsets.push(within);
        offset /= e;
        k -= 1;
    }
    while k > 0 {
        let e = extents[k - 1];
        sizes.push(1);
        offsets.push(offset % e);
        offset /= e;
        k -= 1;
    }
    sizes.reverse();
    offsets.reverse();
    Some((offsets, sizes))
}

#[cfg(test)]
mod tests {
    use super::spread_static;

    #[test]
    fn static_slices_spread_over_their_group() {
        // [8x16 -> 128]: rows 2..4 whole.
        assert_eq!(spread_static(32, 32, &[8, 16]), Some((vec![2, 0], vec![2, 16])));
        // [1x8 -> 8]: one element.
        assert_eq!(spread_static(3, 1, &[1, 8]), Some((vec![0, 3], vec![1, 1])));
        // Not a multiple of the inner dim: not one slice.
        assert_eq!(spread_static(0, 15, &[2, 3, 10]), None);
        // Upstream refuses a partial slice ending at its dim's end.
        assert_eq!(spread_static(5, 5, &[1, 10]), None);
    }
}
