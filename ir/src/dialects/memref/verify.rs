//! Verifiers of the memref ops, with mlir-opt 22's messages.

use crate::attrs::AttrKind;
use crate::dialects::tensor::{check_in_bounds, check_slice_ranks, reassociation};
use crate::printer::type_to_string;
use crate::registry::VerifyError;
use crate::types::{Signedness, TypeKind, DYNAMIC};
use crate::{Context, OpId, Type};

use super::format::mixed_lists;
use super::layout::{self, memref_parts, Strided};

type VResult = Result<(), VerifyError>;

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operands(op)[i])
}

fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

/// ODS's type constraint message for operand or result `i`.
fn must_be(ctx: &Context, what: &str, i: usize, constraint: &str, t: Type) -> VerifyError {
    format!("{what} #{i} must be {constraint}, but got '{}'", ts(ctx, t)).into()
}

fn ranked_operand(ctx: &Context, op: OpId, i: usize) -> Result<layout::MemRefParts, VerifyError> {
    let t = operand_type(ctx, op, i);
    memref_parts(ctx, t).ok_or_else(|| must_be(ctx, "operand", i, "memref of any type values", t))
}

fn ranked_result(ctx: &Context, op: OpId) -> Result<layout::MemRefParts, VerifyError> {
    let t = result_type(ctx, op);
    memref_parts(ctx, t).ok_or_else(|| must_be(ctx, "result", 0, "memref of any type values", t))
}

fn any_memref_operand(ctx: &Context, op: OpId, i: usize) -> VResult {
    let t = operand_type(ctx, op, i);
    if !layout::is_memref(ctx, t) {
        return Err(must_be(ctx, "operand", i, "ranked or unranked memref of any type values", t));
    }
    Ok(())
}

fn int_value(ctx: &Context, a: crate::Attr) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// `alignment`, when present, is a positive power of two.
fn check_alignment(ctx: &Context, op: OpId) -> VResult {
    let Some(a) = ctx.get_attr(op, "alignment") else { return Ok(()) };
    match int_value(ctx, a) {
        Some(v) if v > 0 && (v & (v - 1)) == 0 => Ok(()),
        _ => Err("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0".into()),
    }
}

fn dynamic_count(shape: &[i64]) -> usize {
    shape.iter().filter(|d| **d == DYNAMIC).count()
}

pub(super) fn verify_alloc(ctx: &Context, op: OpId) -> VResult {
    check_alignment(ctx, op)?;
    let parts = ranked_result(ctx, op)?;
    let sizes = super::AllocOp(op).dynamic_sizes(ctx).len();
    let expected = dynamic_count(&parts.shape);
    if sizes != expected {
        return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}").into());
    }
    let symbols = match parts.layout.map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::AffineMap(m)) => m.num_syms as usize,
        _ => 0,
    };
    let got = super::AllocOp(op).symbol_operands(ctx).len();
    if got != symbols {
        return Err(
            format!("symbol operand count does not equal memref symbol count: expected {symbols}, got {got}").into()
        );
    }
    Ok(())
}

pub(super) fn verify_dealloc(ctx: &Context, op: OpId) -> VResult {
    any_memref_operand(ctx, op, 0)
}

fn elem_of_any(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

fn check_nontemporal(ctx: &Context, op: OpId) -> VResult {
    check_alignment(ctx, op)?;
    match ctx.get_attr(op, "nontemporal").map(|a| ctx.attr_kind(a)) {
        None | Some(AttrKind::Bool(_)) => Ok(()),
        Some(_) => Err("attribute 'nontemporal' failed to satisfy constraint: bool attribute".into()),
    }
}

pub(super) fn verify_load(ctx: &Context, op: OpId) -> VResult {
    check_nontemporal(ctx, op)?;
    let parts = ranked_operand(ctx, op, 0)?;
    if result_type(ctx, op) != parts.elem {
        return Err("failed to verify that result type matches element type of 'memref'".into());
    }
    let got = ctx.operands(op).len() - 1;
    if got != parts.shape.len() {
        return Err(
            format!("incorrect number of indices for load, expected {} but got {got}", parts.shape.len()).into()
        );
    }
    Ok(())
}

pub(super) fn verify_store(ctx: &Context, op: OpId) -> VResult {
    check_nontemporal(ctx, op)?;
    let parts = ranked_operand(ctx, op, 1)?;
    if operand_type(ctx, op, 0) != parts.elem {
        return Err("failed to verify that type of 'value' matches element type of 'memref'".into());
    }
    if ctx.operands(op).len() != 2 + parts.shape.len() {
        return Err("store index operand count not equal to memref rank".into());
    }
    Ok(())
}

pub(super) fn verify_copy(ctx: &Context, op: OpId) -> VResult {
    any_memref_operand(ctx, op, 0)?;
    any_memref_operand(ctx, op, 1)?;
    let (a, b) = (operand_type(ctx, op, 0), operand_type(ctx, op, 1));
    if elem_of_any(ctx, a) != elem_of_any(ctx, b) {
        return Err("requires the same element type for all operands".into());
    }
    if let (Some(pa), Some(pb)) = (memref_parts(ctx, a), memref_parts(ctx, b)) {
        let compatible = pa.shape.len() == pb.shape.len()
            && pa.shape.iter().zip(&pb.shape).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC);
        if !compatible {
            return Err("requires the same shape for all operands".into());
        }
    }
    Ok(())
}

/// MLIR's `memref::CastOp::areCastCompatible`.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let fits = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
    match (memref_parts(ctx, a), memref_parts(ctx, b)) {
        (Some(pa), Some(pb)) => {
            if pa.elem != pb.elem || pa.memory_space != pb.memory_space || pa.shape.len() != pb.shape.len() {
                return false;
            }
            if pa.layout != pb.layout {
                let (Some(sa), Some(sb)) = (layout::strides_and_offset(ctx, a), layout::strides_and_offset(ctx, b))
                else {
                    return false;
                };
                if sa.strides.len() != sb.strides.len()
                    || !fits(sa.offset, sb.offset)
                    || sa.strides.iter().zip(&sb.strides).any(|(x, y)| !fits(*x, *y))
                {
                    return false;
                }
            }
            pa.shape.iter().zip(&pb.shape).all(|(x, y)| fits(*x, *y))
        }
        _ => {
            let unranked = |t| matches!(ctx.type_kind(t), TypeKind::UnrankedMemRef { .. });
            if !layout::is_memref(ctx, a) || !layout::is_memref(ctx, b) || (unranked(a) && unranked(b)) {
                return false;
            }
            elem_of_any(ctx, a) == elem_of_any(ctx, b) && layout::memory_space(ctx, a) == layout::memory_space(ctx, b)
        }
    }
}

fn cast_incompatible(ctx: &Context, a: Type, b: Type) -> VerifyError {
    format!("operand type '{}' and result type '{}' are cast incompatible", ts(ctx, a), ts(ctx, b)).into()
}

pub(super) fn verify_cast(ctx: &Context, op: OpId) -> VResult {
    let (a, b) = (operand_type(ctx, op, 0), result_type(ctx, op));
    if !cast_compatible(ctx, a, b) {
        return Err(cast_incompatible(ctx, a, b));
    }
    Ok(())
}

pub(super) fn verify_memory_space_cast(ctx: &Context, op: OpId) -> VResult {
    let (a, b) = (operand_type(ctx, op, 0), result_type(ctx, op));
    let ok = match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::MemRef { shape: sa, elem: ea, layout: la, .. },
            TypeKind::MemRef { shape: sb, elem: eb, layout: lb, .. },
        ) => sa == sb && ea == eb && la == lb,
        (TypeKind::UnrankedMemRef { elem: ea, .. }, TypeKind::UnrankedMemRef { elem: eb, .. }) => ea == eb,
        _ => false,
    };
    if !ok {
        return Err(cast_incompatible(ctx, a, b));
    }
    Ok(())
}

pub(super) fn verify_dim(ctx: &Context, op: OpId) -> VResult {
    let t = operand_type(ctx, op, 0);
    let ok = match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    };
    if !ok {
        return Err(must_be(ctx, "operand", 0, "non-0-ranked or unranked memref of any type values", t));
    }
    Ok(())
}

pub(super) fn verify_rank(ctx: &Context, op: OpId) -> VResult {
    any_memref_operand(ctx, op, 0)
}

// ---- subview ---------------------------------------------------------------------

pub(super) fn verify_subview(ctx: &Context, op: OpId) -> VResult {
    let Some(sp) = mixed_lists(ctx, op) else {
        return Err("operand count does not match the static offsets, sizes and strides".into());
    };
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    let src = ranked_operand(ctx, op, 0)?;
    let res = ranked_result(ctx, op)?;
    if sp.offsets.0.len() != src.shape.len() {
        return Err(VerifyError::bare(format!(
            "expected {} offset values, got {}",
            src.shape.len(),
            sp.offsets.0.len()
        )));
    }
    check_slice_ranks(&sp, src.shape.len())?;
    if src.memory_space != res.memory_space {
        return Err(VerifyError::bare(format!(
            "different memory spaces specified for base memref type '{}' and subview memref type '{}'",
            ts(ctx, src_t),
            ts(ctx, res_t)
        )));
    }
    let Some(src_layout) = layout::strides_and_offset(ctx, src_t) else {
        return Err(VerifyError::bare(format!("base type '{}' is not strided", ts(ctx, src_t))));
    };
    let expected = layout::subview_layout(&src_layout, sp.offsets.0, sp.strides.0);
    let expected_text = layout::memref_text(ctx, sp.sizes.0, src.elem, Some(&expected), src.memory_space);
    let mismatch = |what: &str| {
        VerifyError::bare(format!(
            "expected result type to be '{expected_text}' or a rank-reduced version. (mismatch of result {what}), but got '{}'",
            ts(ctx, res_t)
        ))
    };
    if res.shape.len() > sp.sizes.0.len() {
        return Err(VerifyError::bare(format!(
            "expected result rank to be smaller or equal to the source rank, but got '{}'",
            ts(ctx, res_t)
        )));
    }
    let Some(dropped) = rank_reduction(sp.sizes.0, &res.shape) else { return Err(mismatch("sizes")) };
    if res.elem != src.elem {
        return Err(VerifyError::bare(format!(
            "expected result element type to be '{}', but got '{}'",
            ts(ctx, src.elem),
            ts(ctx, res_t)
        )));
    }
    let Some(res_layout) = layout::strides_and_offset(ctx, res_t) else { return Err(mismatch("layout")) };
    if res_layout.offset != expected.offset {
        return Err(mismatch("layout"));
    }
    let dropped = refine_dropped(&expected.strides, &res_layout.strides, dropped, sp.sizes.0, res.shape.len())
        .ok_or_else(|| mismatch("layout"))?;
    let kept: Vec<i64> = expected.strides.iter().enumerate().filter(|(i, _)| !dropped[*i]).map(|(_, s)| *s).collect();
    if kept != res_layout.strides {
        return Err(mismatch("layout"));
    }
    check_in_bounds(&sp, &src.shape)
}

/// Which source dims a `memref.subview` drops (MLIR's `getDroppedDims`),
/// from its static sizes and the strides of its source and result types.
pub fn subview_dropped_dims(ctx: &Context, op: OpId) -> Option<Vec<bool>> {
    let sp = mixed_lists(ctx, op)?;
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    let res = memref_parts(ctx, res_t)?;
    let dropped = rank_reduction(sp.sizes.0, &res.shape)?;
    let expected = layout::subview_layout(&layout::strides_and_offset(ctx, src_t)?, sp.offsets.0, sp.strides.0);
    let candidate = layout::strides_and_offset(ctx, res_t)?;
    refine_dropped(&expected.strides, &candidate.strides, dropped, sp.sizes.0, res.shape.len())
}

/// MLIR's `computeRankReductionMask`: which of `sizes` are dropped (unit
/// dims) so that the rest spell `reduced`; `None` when none fits.
fn rank_reduction(sizes: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; sizes.len()];
    let mut j = 0;
    for (i, s) in sizes.iter().enumerate() {
        if j < reduced.len() && (*s == reduced[j] || (*s == DYNAMIC && reduced[j] == DYNAMIC)) {
            j += 1;
        } else if *s == 1 {
            dropped[i] = true;
        } else {
            return None;
        }
    }
    (j == reduced.len()).then_some(dropped)
}

/// MLIR's `computeMemRefRankReductionMask`: when more unit dims could be
/// dropped than were, the strides tell which were.
fn refine_dropped(
    original: &[i64],
    candidate: &[i64],
    mut dropped: Vec<bool>,
    sizes: &[i64],
    result_rank: usize,
) -> Option<Vec<bool>> {
    if original.len() == result_rank {
        return Some(vec![false; original.len()]);
    }
    let mut unit: Vec<bool> = sizes.iter().map(|s| *s == 1).collect();
    if unit.iter().filter(|u| **u).count() + result_rank == original.len() {
        return Some(unit);
    }
    let count = |v: &[i64], x: i64| v.iter().filter(|y| **y == x).count();
    let mut unaccounted: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
    for s in original {
        *unaccounted.entry(*s).or_default() += 1;
    }
    for d in 0..original.len() {
        if !unit[d] {
            continue;
        }
        let s = original[d];
        let have = unaccounted[&s];
        let want = count(candidate, s);
        if have > want {
            *unaccounted.get_mut(&s)? -= 1;
        } else if have == want {
            unit[d] = false;
        } else {
            return None;
        }
    }
    dropped.copy_from_slice(&unit);
    (dropped.iter().filter(|u| **u).count() + result_rank == original.len()).then_some(dropped)
}

// ---- reshapes -----------------------------------------------------------------------

/// MLIR's `verifyCollapsedShape` (multiple dynamic dims per group allowed).
fn check_collapsed_shape(collapsed: &[i64], expanded: &[i64], groups: &[Vec<i64>]) -> VResult {
    if collapsed.len() != groups.len() {
        return Err(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        )
        .into());
    }
    let mut next = 0i64;
    for (ci, g) in groups.iter().enumerate() {
        let mut dynamic = false;
        for d in g {
            if *d != next {
                return Err("reassociation indices must be contiguous".into());
            }
            next += 1;
            if *d < 0 || *d as usize >= expanded.len() {
                return Err(format!("reassociation index {d} is out of bounds").into());
            }
            dynamic |= expanded[*d as usize] == DYNAMIC;
        }
        if (collapsed[ci] == DYNAMIC) != dynamic {
            return Err(
                format!("collapsed dim ({ci}) must be dynamic if and only if reassociation group is dynamic").into()
            );
        }
        if !dynamic {
            let size = g.iter().fold(1i64, |a, d| layout::mul(a, expanded[*d as usize]));
            if size != collapsed[ci] {
                return Err(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[ci]
                )
                .into());
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|d| *d != 1) {
            return Err("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next as usize != expanded.len() {
        return Err(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        )
        .into());
    }
    Ok(())
}

pub(super) fn verify_expand_shape(ctx: &Context, op: OpId) -> VResult {
    let src = ranked_operand(ctx, op, 0)?;
    let res = ranked_result(ctx, op)?;
    let Some(groups) = reassociation(ctx, op) else { return Err("requires attribute 'reassociation'".into()) };
    let (r0, r1) = (src.shape.len(), res.shape.len());
    if r0 > r1 {
        return Err(
            format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1}).").into()
        );
    }
    check_collapsed_shape(&src.shape, &res.shape, &groups)?;
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    let Some(l) = layout::expanded_layout(ctx, src_t, &res.shape, &groups) else {
        return Err("invalid source layout map".into());
    };
    let expected = layout::memref_text(ctx, &res.shape, src.elem, l.as_ref(), src.memory_space);
    if expected != ts(ctx, res_t) {
        return Err(format!("expected expanded type to be '{expected}' but found '{}'", ts(ctx, res_t)).into());
    }
    let shape = ctx.get_attr(op, "static_output_shape").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    if shape.len() != r1 {
        return Err(format!(
            "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
            shape.len()
        )
        .into());
    }
    let dynamic = dynamic_count(shape);
    let given = ctx.operands(op).len() - 1;
    if given != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {given} values"
        )
        .into());
    }
    for (pos, d) in res.shape.iter().enumerate() {
        if *d != DYNAMIC && *d != shape[pos] {
            return Err(format!("invalid output shape provided at pos {pos}").into());
        }
    }
    Ok(())
}

pub(super) fn verify_collapse_shape(ctx: &Context, op: OpId) -> VResult {
    let src = ranked_operand(ctx, op, 0)?;
    let res = ranked_result(ctx, op)?;
    let Some(groups) = reassociation(ctx, op) else { return Err("requires attribute 'reassociation'".into()) };
    let (r0, r1) = (src.shape.len(), res.shape.len());
    if r0 < r1 {
        return Err(format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1}).").into());
    }
    check_collapsed_shape(&res.shape, &src.shape, &groups)?;
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    let l = if layout::has_identity_layout(ctx, src_t) {
        None
    } else {
        let Some(l) = layout::collapsed_layout(ctx, src_t, &groups) else {
            return Err("invalid source layout map or collapsing non-contiguous dims".into());
        };
        Some(l)
    };
    let expected = layout::memref_text(ctx, &res.shape, src.elem, l.as_ref(), src.memory_space);
    if expected != ts(ctx, res_t) {
        return Err(format!("expected collapsed type to be '{expected}' but found '{}'", ts(ctx, res_t)).into());
    }
    Ok(())
}

// ---- transpose -------------------------------------------------------------------------

pub(super) fn verify_transpose(ctx: &Context, op: OpId) -> VResult {
    let Some(AttrKind::AffineMap(m)) = ctx.get_attr(op, "permutation").map(|a| ctx.attr_kind(a)) else {
        return Err("requires attribute 'permutation'".into());
    };
    let perm: Option<Vec<usize>> = m
        .results
        .iter()
        .map(|e| match e {
            crate::affine::AffineExpr::Dim(d) => Some(*d as usize),
            _ => None,
        })
        .collect();
    let is_perm = m.num_syms == 0
        && m.results.len() == m.num_dims as usize
        && perm.as_ref().is_some_and(|p| {
            let mut seen = vec![false; p.len()];
            p.iter().all(|d| *d < seen.len() && !std::mem::replace(&mut seen[*d], true))
        });
    let Some(perm) = perm.filter(|_| is_perm) else { return Err("expected a permutation map".into()) };
    let src = ranked_operand(ctx, op, 0)?;
    let res = ranked_result(ctx, op)?;
    if perm.len() != src.shape.len() {
        return Err("expected a permutation map of same rank as the input".into());
    }
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    let Some(s) = layout::strides_and_offset(ctx, src_t) else {
        return Err(format!("source type '{}' is not strided", ts(ctx, src_t)).into());
    };
    let expected = Strided { strides: perm.iter().map(|p| s.strides[*p]).collect(), offset: s.offset };
    let shape: Vec<i64> = perm.iter().map(|p| src.shape[*p]).collect();
    let matches = res.shape == shape
        && res.elem == src.elem
        && res.memory_space == src.memory_space
        && canonical(&shape, Some(&expected)) == canonical(&res.shape, layout::strides_and_offset(ctx, res_t).as_ref())
        && (res.layout.is_some() || layout::strides_and_offset(ctx, res_t).is_some());
    if !matches {
        let canonical_text = match canonical(&shape, Some(&expected)) {
            // MLIR prints a canonical layout that is not the identity as an affine map.
            Some(Some(l)) => {
                let space = src.memory_space.map(|m| {
                    let mut t = ", ".to_string();
                    crate::printer::write_memory_space_text(ctx, m, &mut t);
                    t
                });
                let dims = crate::dialects::tensor::dims_string(&shape);
                let map = layout::strided_map_text(&l);
                format!("memref<{dims}{}, {map}{}>", ts(ctx, src.elem), space.unwrap_or_default())
            }
            _ => layout::memref_text(ctx, &shape, src.elem, None, src.memory_space),
        };
        return Err(format!(
            "result type '{}' is not equivalent to the canonical transposed input type '{canonical_text}'",
            ts(ctx, res_t)
        )
        .into());
    }
    Ok(())
}

/// A layout in canonical form: `None` inside when it is the row-major
/// layout of a static shape (MLIR drops such layouts), the layout otherwise.
fn canonical(shape: &[i64], s: Option<&Strided>) -> Option<Option<Strided>> {
    let s = s?;
    let row = Strided::row_major(shape);
    let identity = s.offset == 0 && s.strides.iter().zip(&row.strides).all(|(a, b)| *a != DYNAMIC && a == b);
    Some(if identity { None } else { Some(s.clone()) })
}

// ---- globals ----------------------------------------------------------------------------

pub(super) fn verify_global(ctx: &Context, op: OpId) -> VResult {
    check_alignment(ctx, op)?;
    let Some(AttrKind::Type(t)) = ctx.get_attr(op, "type").map(|a| ctx.attr_kind(a)) else {
        return Err("requires attribute 'type'".into());
    };
    let Some(parts) = memref_parts(ctx, *t).filter(|p| !p.shape.contains(&DYNAMIC)) else {
        return Err(format!("type should be static shaped memref, but got '{}'", ts(ctx, *t)).into());
    };
    if let Some(init) = ctx.get_attr(op, "initial_value") {
        match ctx.attr_kind(init) {
            AttrKind::Unit => {}
            AttrKind::Dense { ty, .. } => {
                if let TypeKind::Tensor { shape, elem, .. } = ctx.type_kind(*ty) {
                    let list = |v: &[i64]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
                    if *shape != parts.shape {
                        return Err(format!(
                            "initial value shape expected to be {} but was {}",
                            list(&parts.shape),
                            list(shape)
                        )
                        .into());
                    }
                    if *elem != parts.elem {
                        return Err(format!(
                            "initial value element expected to be of type '{}', but was of type '{}'",
                            ts(ctx, parts.elem),
                            ts(ctx, *elem)
                        )
                        .into());
                    }
                }
            }
            _ => {
                return Err(format!(
                    "initial value should be a unit or elements attribute, but got {}",
                    crate::printer::attr_to_string(ctx, init)
                )
                .into())
            }
        }
    }
    Ok(())
}

/// The `memref.global` a symbol names, looked up in the nearest enclosing
/// module.
pub fn lookup_global(ctx: &Context, from: OpId, name: &str) -> Option<OpId> {
    let mut cur = ctx.parent_op(from);
    while let Some(p) = cur {
        if ctx.op_name(p) == "builtin.module" {
            for r in ctx.regions(p) {
                for b in ctx.blocks(*r) {
                    for o in ctx.block_ops(*b) {
                        let named = ctx.get_attr(o, "sym_name").is_some_and(
                            |a| matches!(ctx.attr_kind(a), AttrKind::String { value, .. } if value == name),
                        );
                        if named && super::GlobalOp::isa(ctx, o) {
                            return Some(o);
                        }
                    }
                }
            }
            return None;
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// The root name of a flat symbol reference attribute.
pub fn symbol_ref_name(ctx: &Context, a: crate::Attr) -> Option<&str> {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root)),
        _ => None,
    }
}

pub(super) fn verify_get_global(ctx: &Context, op: OpId) -> VResult {
    let Some(name) = ctx.get_attr(op, "name").and_then(|a| symbol_ref_name(ctx, a)) else {
        return Err("requires attribute 'name'".into());
    };
    let Some(g) = lookup_global(ctx, op, name) else {
        return Err(format!("'{name}' does not reference a valid global memref").into());
    };
    let res_t = result_type(ctx, op);
    if let Some(AttrKind::Type(t)) = ctx.get_attr(g, "type").map(|a| ctx.attr_kind(a)) {
        if *t != res_t {
            return Err(format!(
                "result type '{}' does not match type '{}' of the global memref @{name}",
                ts(ctx, res_t),
                ts(ctx, *t)
            )
            .into());
        }
    }
    Ok(())
}

// ---- reinterpret_cast, metadata ------------------------------------------------------------

pub(super) fn verify_reinterpret_cast(ctx: &Context, op: OpId) -> VResult {
    let Some(sp) = mixed_lists(ctx, op) else {
        return Err("operand count does not match the static offsets, sizes and strides".into());
    };
    let src_t = operand_type(ctx, op, 0);
    let res_t = result_type(ctx, op);
    any_memref_operand(ctx, op, 0)?;
    let res = ranked_result(ctx, op)?;
    if layout::memory_space(ctx, src_t) != res.memory_space {
        return Err(VerifyError::bare(format!(
            "different memory spaces specified for source type '{}' and result memref type '{}'",
            ts(ctx, src_t),
            ts(ctx, res_t)
        )));
    }
    if elem_of_any(ctx, src_t) != Some(res.elem) {
        return Err(VerifyError::bare(format!(
            "different element types specified for source type '{}' and result memref type '{}'",
            ts(ctx, src_t),
            ts(ctx, res_t)
        )));
    }
    let rank = res.shape.len();
    if sp.offsets.0.len() != 1 {
        return Err(format!("expected 1 offset values, got {}", sp.offsets.0.len()).into());
    }
    if sp.sizes.0.len() != rank || sp.strides.0.len() != rank {
        return Err(format!("expected {rank} size values, got {}", sp.sizes.0.len()).into());
    }
    for (i, (size, want)) in res.shape.iter().zip(sp.sizes.0).enumerate() {
        if *want != DYNAMIC && size != want {
            return Err(VerifyError::bare(format!(
                "expected result type with size = {want} instead of {size} in dim = {i}"
            )));
        }
    }
    let Some(l) = layout::strides_and_offset(ctx, res_t) else {
        return Err(VerifyError::bare(format!(
            "expected result type to have strided layout but found '{}'",
            ts(ctx, res_t)
        )));
    };
    let want = sp.offsets.0[0];
    if want != DYNAMIC && l.offset != want {
        return Err(VerifyError::bare(format!(
            "expected result type with offset = {want} instead of {}",
            dim_text(l.offset)
        )));
    }
    for (i, (stride, want)) in l.strides.iter().zip(sp.strides.0).enumerate() {
        if *want != DYNAMIC && stride != want {
            return Err(VerifyError::bare(format!(
                "expected result type with stride = {want} instead of {} in dim = {i}",
                dim_text(*stride)
            )));
        }
    }
    Ok(())
}

fn dim_text(d: i64) -> String {
    if d == DYNAMIC {
        "?".into()
    } else {
        d.to_string()
    }
}

pub(super) fn verify_extract_strided_metadata(ctx: &Context, op: OpId) -> VResult {
    let src_t = operand_type(ctx, op, 0);
    let src = memref_parts(ctx, src_t)
        .ok_or_else(|| must_be(ctx, "operand", 0, "strided memref of any type values", src_t))?;
    let rank = src.shape.len();
    let results = ctx.results(op);
    let index_ok = |t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
    let base_ok = results.first().is_some_and(|r| {
        memref_parts(ctx, ctx.value_type(*r)).is_some_and(|p| {
            p.shape.is_empty() && p.elem == src.elem && p.layout.is_none() && p.memory_space == src.memory_space
        })
    });
    if results.len() != 2 + 2 * rank || !base_ok || !results[1..].iter().all(|r| index_ok(ctx.value_type(*r))) {
        let mut all = vec![layout::memref_text(ctx, &[], src.elem, None, src.memory_space)];
        all.extend(std::iter::repeat_n("index".to_string(), 1 + 2 * rank));
        let got: Vec<String> = results.iter().map(|r| ts(ctx, ctx.value_type(*r))).collect();
        return Err(format!(
            "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
            all.join("', '"),
            got.join("', '")
        )
        .into());
    }
    Ok(())
}

pub(super) fn verify_extract_aligned_pointer(ctx: &Context, op: OpId) -> VResult {
    any_memref_operand(ctx, op, 0)
}

pub(super) fn verify_assume_alignment(ctx: &Context, op: OpId) -> VResult {
    let v = ctx.get_attr(op, "alignment").and_then(|a| int_value(ctx, a)).unwrap_or(0);
    if v <= 0 || (v & (v - 1)) != 0 {
        return Err("alignment must be power of 2".into());
    }
    if operand_type(ctx, op, 0) != result_type(ctx, op) {
        return Err("failed to verify that all of {memref, result} have same type".into());
    }
    Ok(())
}

pub(super) fn verify_view(ctx: &Context, op: OpId) -> VResult {
    let src_t = operand_type(ctx, op, 0);
    let is_i8 = memref_parts(ctx, src_t).is_some_and(|p| {
        p.shape.len() == 1
            && matches!(ctx.type_kind(p.elem), TypeKind::Integer { width: 8, signedness: Signedness::Signless })
    });
    if !is_i8 {
        return Err(must_be(ctx, "operand", 0, "1D memref of 8-bit signless integer values", src_t));
    }
    let src = ranked_operand(ctx, op, 0)?;
    let res_t = result_type(ctx, op);
    let res = ranked_result(ctx, op)?;
    let sizes = ctx.operands(op).len() - 2;
    let expected = dynamic_count(&res.shape);
    if sizes != expected {
        return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}").into());
    }
    if !layout::has_identity_layout(ctx, src_t) {
        return Err(VerifyError::bare(format!("unsupported map for base memref type '{}'", ts(ctx, src_t))));
    }
    if !layout::has_identity_layout(ctx, res_t) {
        return Err(VerifyError::bare(format!("unsupported map for result memref type '{}'", ts(ctx, res_t))));
    }
    if src.memory_space != res.memory_space {
        return Err(VerifyError::bare(format!(
            "different memory spaces specified for base memref type '{}' and view memref type '{}'",
            ts(ctx, src_t),
            ts(ctx, res_t)
        )));
    }
    Ok(())
}

// ---- alloca_scope ---------------------------------------------------------------------------

pub(super) fn verify_alloca_scope(_ctx: &Context, _op: OpId) -> VResult {
    Ok(())
}

pub(super) fn verify_alloca_scope_return(ctx: &Context, op: OpId) -> VResult {
    let Some(parent) = ctx.parent_op(op).filter(|p| super::AllocaScopeOp::isa(ctx, *p)) else {
        return Err("expects parent op 'memref.alloca_scope'".into());
    };
    let want: Vec<Type> = ctx.results(parent).iter().map(|r| ctx.value_type(*r)).collect();
    let got: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    if want != got {
        return Err("types mismatch between yield op and its parent".into());
    }
    Ok(())
}

/// Upstream's `memref::ReshapeOp::verify` (and the shape operand's ODS
/// constraint).
pub(super) fn verify_reshape(ctx: &Context, op: OpId) -> VResult {
    let (src, shape, res) = (ctx.operands(op)[0], ctx.operands(op)[1], ctx.result(op, 0));
    let shape_ty = ctx.value_type(shape);
    let shape_len = match ctx.type_kind(shape_ty) {
        TypeKind::MemRef { shape: s, elem, .. }
            if s.len() == 1
                && matches!(
                    ctx.type_kind(*elem),
                    TypeKind::Index | TypeKind::Integer { signedness: crate::types::Signedness::Signless, .. }
                ) =>
        {
            s[0]
        }
        _ => {
            return Err(format!(
                "operand #1 must be 1D memref of signless integer or index values, but got '{}'",
                type_to_string(ctx, shape_ty)
            )
            .into())
        }
    };
    let elem = |t| match ctx.type_kind(t) {
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    };
    let (st, rt) = (ctx.value_type(src), ctx.value_type(res));
    if elem(st) != elem(rt) {
        return Err("element types of source and destination memref types should be the same".into());
    }
    if matches!(ctx.type_kind(st), TypeKind::MemRef { .. }) && !layout::has_identity_layout(ctx, st) {
        return Err("source memref type should have identity affine map".into());
    }
    if let TypeKind::MemRef { shape: rs, .. } = ctx.type_kind(rt) {
        if !layout::has_identity_layout(ctx, rt) {
            return Err("result memref type should have identity affine map".into());
        }
        if shape_len == DYNAMIC {
            return Err(
                "cannot use shape operand with dynamic length to reshape to statically-ranked memref type".into()
            );
        }
        if shape_len != rs.len() as i64 {
            return Err("length of shape operand differs from the result's memref rank".into());
        }
    }
    Ok(())
}
