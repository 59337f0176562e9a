//! Canonicalization of memref code, as mlir-opt 22's canonicalize does it
//! to bufferized programs:
//!
//! - an `alloc` / `alloca` used only by stores into it and `dealloc`s goes
//!   with them (`SimplifyDeadAlloc`); a `copy` of a view onto itself or of
//!   an empty memref goes (`FoldSelfCopy`, `FoldEmptyCopy`);
//! - a `memref.cast` feeding a load, store, dealloc, dim, cast or transfer
//!   is looked through (`foldMemRefCast`; a copy only when the cast loses
//!   static information, `canFoldIntoConsumerOp`), and a cast to its own
//!   type is its source;
//! - `memref.dim` of a static extent is a constant, of an `alloc`,
//!   `alloca`, `view` or `subview` extent the size operand;
//! - a `subview` whose offsets, sizes or strides are constants takes them
//!   as static values, its type recomputed and cast back to the old one
//!   (`OpWithOffsetSizesAndStridesConstantArgumentFolder`); a subview that
//!   is the whole source is the source, or a cast of it.

use crate::dialects::memref::layout::{self, memref_parts};
use crate::dialects::memref::{
    mixed_lists, subview_dropped_dims, AllocOp, AllocaOp, CastOp, DeallocOp, DimOp, StoreOp, SubViewOp, ViewOp,
};
use crate::dialects::pack::constant_int;
use crate::rewriter::Rewriter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type, Value};

/// `SimplifyDeadAlloc`: an allocation only stored into and freed.
pub fn erase_dead_alloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let buffer = ctx.result(op, 0);
    let users: Vec<OpId> = ctx.uses(buffer).iter().map(|u| u.op).collect();
    let dead =
        users.iter().all(|u| (StoreOp::isa(ctx, *u) && ctx.operands(*u)[0] != buffer) || DeallocOp::isa(ctx, *u));
    if !dead {
        return false;
    }
    let mut users = users;
    users.dedup();
    for u in users {
        if !rw.ctx.is_erased(u) {
            rw.erase_op(u);
        }
    }
    rw.erase_op(op);
    true
}

fn is_empty_memref(ctx: &Context, v: Value) -> bool {
    matches!(ctx.value_type_kind(v), TypeKind::MemRef { shape, .. } if shape.contains(&0))
}

/// `FoldSelfCopy` and `FoldEmptyCopy`.
pub fn erase_noop_copy(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (src, dst) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    if src == dst || is_empty_memref(ctx, src) || is_empty_memref(ctx, dst) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// The source of a `memref.cast` defining `v`, unless it is unranked.
fn cast_source(ctx: &Context, v: Value) -> Option<Value> {
    let cast = CastOp::defining(ctx, v)?;
    let src = cast.source(ctx);
    matches!(ctx.value_type_kind(src), TypeKind::MemRef { .. }).then_some(src)
}

/// `foldMemRefCast`: every operand (but the stored value) defined by a
/// ranked `memref.cast` reads the cast's source instead.
pub fn fold_cast_operands(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let skip = if StoreOp::isa(ctx, op) { Some(ctx.operands(op)[0]) } else { None };
    let folds: Vec<(usize, Value)> = ctx
        .operands(op)
        .iter()
        .enumerate()
        .filter(|(_, v)| Some(**v) != skip)
        .filter_map(|(i, v)| cast_source(ctx, *v).map(|s| (i, s)))
        .collect();
    if folds.is_empty() {
        return false;
    }
    for (i, s) in folds {
        rw.set_operand(op, i, s);
    }
    true
}

/// `CastOp::canFoldIntoConsumerOp`: a ranked cast of the same element type
/// and rank that only makes sizes, strides or offset more dynamic.
fn cast_only_loses_information(ctx: &Context, cast: OpId) -> bool {
    let (from, to) = (ctx.value_type(ctx.operands(cast)[0]), ctx.value_type(ctx.result(cast, 0)));
    let (Some(a), Some(b)) = (memref_parts(ctx, from), memref_parts(ctx, to)) else { return false };
    if a.elem != b.elem || a.shape.len() != b.shape.len() {
        return false;
    }
    let (Some(sa), Some(sb)) = (layout::strides_and_offset(ctx, from), layout::strides_and_offset(ctx, to)) else {
        return false;
    };
    let ok = |x: i64, y: i64| x == y || !(x == DYNAMIC && y != DYNAMIC);
    a.shape.iter().zip(&b.shape).all(|(x, y)| ok(*x, *y))
        && ok(sa.offset, sb.offset)
        && sa.strides.iter().zip(&sb.strides).all(|(x, y)| ok(*x, *y))
}

/// `FoldCopyOfCast`: a copy looks through casts that only lose
/// information.
pub fn fold_copy_of_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let folds: Vec<(usize, Value)> = ctx
        .operands(op)
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let cast = CastOp::defining(ctx, *v)?;
            cast_only_loses_information(ctx, cast.op()).then(|| (i, cast.source(ctx)))
        })
        .collect();
    if folds.is_empty() {
        return false;
    }
    for (i, s) in folds {
        rw.set_operand(op, i, s);
    }
    true
}

/// `memref.cast` folds: a cast of a cast casts the first source; a cast to
/// the source's own type is the source.
pub fn fold_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let src = ctx.operands(op)[0];
    if ctx.value_type(src) == ctx.value_type(ctx.result(op, 0)) {
        rw.replace_op(op, &[src]);
        return true;
    }
    fold_cast_operands(rw, op)
}

/// `memref.dim` folds (MLIR's `DimOp::fold`).
pub fn fold_dim(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dim = DimOp(op);
    let src = dim.source(ctx);
    let Some(d) = constant_int(ctx, dim.index(ctx)) else { return false };
    let Some(shape) = ctx.value_type_kind(src).shape().map(|s| s.to_vec()) else { return false };
    let Some(&extent) = usize::try_from(d).ok().and_then(|d| shape.get(d)) else { return false };
    let d = d as usize;
    if extent != DYNAMIC {
        rw.replace_op_with_constant(op, extent);
        return true;
    }
    let dynamic_before = shape[..d].iter().filter(|x| **x == DYNAMIC).count();
    let size = if let Some(a) = AllocOp::defining(ctx, src) {
        a.dynamic_sizes(ctx).get(dynamic_before).copied()
    } else if let Some(a) = AllocaOp::defining(ctx, src) {
        a.dynamic_sizes(ctx).get(dynamic_before).copied()
    } else if let Some(v) = ViewOp::defining(ctx, src) {
        v.sizes(ctx).get(dynamic_before).copied()
    } else if let Some(sv) = SubViewOp::defining(ctx, src) {
        subview_size(ctx, sv.op(), d)
    } else {
        None
    };
    if let Some(size) = size {
        rw.replace_op(op, &[size]);
        return true;
    }
    fold_cast_operands(rw, op)
}

/// The dynamic size operand of result dim `d` of a subview.
fn subview_size(ctx: &Context, op: OpId, d: usize) -> Option<Value> {
    let dropped = subview_dropped_dims(ctx, op)?;
    let l = mixed_lists(ctx, op)?;
    let source_dim = (0..dropped.len()).filter(|k| !dropped[*k]).nth(d)?;
    if l.sizes.0[source_dim] != DYNAMIC {
        return None;
    }
    let before = l.sizes.0[..source_dim].iter().filter(|x| **x == DYNAMIC).count();
    l.sizes.1.get(before).copied()
}

/// Folds constant operands of a list into its static values; `None` when
/// none is constant.
fn fold_list(ctx: &Context, (ints, vals): (&[i64], &[Value])) -> Option<(Vec<i64>, Vec<Value>)> {
    let mut dyn_vals = vals.iter();
    let mut changed = false;
    let mut out = (Vec::with_capacity(ints.len()), Vec::new());
    for &i in ints {
        if i != DYNAMIC {
            out.0.push(i);
            continue;
        }
        let v = *dyn_vals.next()?;
        // MLIR keeps a negative constant size dynamic (it would not verify).
        match constant_int(ctx, v).filter(|c| *c >= 0) {
            Some(c) => {
                out.0.push(c);
                changed = true;
            }
            None => {
                out.0.push(DYNAMIC);
                out.1.push(v);
            }
        }
    }
    changed.then_some(out)
}

/// The canonical type of a subview with these static lists (MLIR's
/// `SubViewReturnTypeCanonicalizer`): inferred, then the dims `dropped`
/// removed.
fn canonical_subview_type(rw: &mut Rewriter<'_>, source: Type, lists: [&[i64]; 3], dropped: &[bool]) -> Option<Type> {
    let ctx = &*rw.ctx;
    let parts = memref_parts(ctx, source)?;
    let l = layout::subview_layout(&layout::strides_and_offset(ctx, source)?, lists[0], lists[2]);
    let keep = |k: &usize| !dropped[*k];
    let shape: Vec<i64> = (0..lists[1].len()).filter(keep).map(|k| lists[1][k]).collect();
    let strides: Vec<i64> = (0..l.strides.len()).filter(keep).map(|k| l.strides[k]).collect();
    let layout = layout::Strided { strides, offset: l.offset };
    Some(layout::memref_type(rw.ctx, shape, parts.elem, Some(&layout), parts.memory_space))
}

/// Constant offsets, sizes and strides of a subview become static.
pub fn fold_subview_constants(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = mixed_lists(ctx, op) else { return false };
    let (o, s, st) = (fold_list(ctx, l.offsets), fold_list(ctx, l.sizes), fold_list(ctx, l.strides));
    if o.is_none() && s.is_none() && st.is_none() {
        return false;
    }
    let own = |x: (&[i64], &[Value])| (x.0.to_vec(), x.1.to_vec());
    let (o, s, st) =
        (o.unwrap_or_else(|| own(l.offsets)), s.unwrap_or_else(|| own(l.sizes)), st.unwrap_or_else(|| own(l.strides)));
    let Some(dropped) = subview_dropped_dims(ctx, op) else { return false };
    let source = ctx.operands(op)[0];
    let old_type = ctx.value_type(ctx.result(op, 0));
    let Some(new_type) = canonical_subview_type(rw, rw.ctx.value_type(source), [&o.0, &s.0, &st.0], &dropped) else {
        return false;
    };
    rw.set_insertion_point_before(op);
    let new = SubViewOp::create(rw, source, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[new_type], vec![]);
    let mut result = new.result(rw.ctx);
    if new_type != old_type {
        result = CastOp::create(rw, result, &[old_type], vec![]).dest(rw.ctx);
    }
    rw.replace_op(op, &[result]);
    true
}

/// `TrivialSubViewOpFolder`: a subview of the whole source, offsets 0 and
/// strides 1, is the source (or a cast of it to the subview's type).
pub fn fold_trivial_subview(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = mixed_lists(ctx, op) else { return false };
    let source = ctx.operands(op)[0];
    let (src_t, res_t) = (ctx.value_type(source), ctx.value_type(ctx.result(op, 0)));
    let (Some(src), Some(res)) = (memref_parts(ctx, src_t), memref_parts(ctx, res_t)) else { return false };
    let trivial = src.shape.len() == res.shape.len()
        && l.offsets.1.is_empty()
        && l.sizes.1.is_empty()
        && l.strides.1.is_empty()
        && l.offsets.0.iter().all(|o| *o == 0)
        && l.strides.0.iter().all(|s| *s == 1)
        && l.sizes.0 == src.shape.as_slice();
    if !trivial {
        return false;
    }
    if src_t == res_t {
        rw.replace_op(op, &[source]);
        return true;
    }
    rw.set_insertion_point_before(op);
    let cast = CastOp::create(rw, source, &[res_t], vec![]).dest(rw.ctx);
    rw.replace_op(op, &[cast]);
    true
}

/// Upstream's `DimOfMemRefReshape`: a dim of a `memref.reshape` is the
/// shape operand's element (loaded right after the reshape, where the shape
/// buffer still holds it), when the index is defined before the reshape.
pub fn dim_of_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (src, index) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    let Some(reshape) = ctx.defining_op(src).filter(|d| crate::dialects::memref::ReshapeOp::isa(ctx, *d)) else {
        return false;
    };
    let Some(rblock) = ctx.op_block(reshape) else { return false };
    if let Some(def) = ctx.defining_op(index) {
        let Some(dblock) = ctx.op_block(def) else { return false };
        if dblock == rblock {
            let before =
                ctx.block_ops(rblock).position(|o| o == def) < ctx.block_ops(rblock).position(|o| o == reshape);
            if !before {
                return false;
            }
        } else {
            // The index's block must hold the reshape's (a proper ancestor).
            let mut cur = ctx.parent_op(reshape);
            let mut found = false;
            while let Some(p) = cur {
                if ctx.op_block(p) == Some(dblock) {
                    found = true;
                    break;
                }
                cur = ctx.parent_op(p);
            }
            if !found {
                return false;
            }
        }
    }
    let shape = ctx.operands(reshape)[1];
    let elem = match ctx.value_type_kind(shape) {
        TypeKind::MemRef { elem, .. } => *elem,
        _ => return false,
    };
    let index_ty = ctx.value_type(ctx.result(op, 0));
    let loc = ctx.op_loc(op);
    rw.ip = match rw.ctx.next_op(reshape) {
        Some(n) => crate::builder::InsertPoint::Before(n),
        None => crate::builder::InsertPoint::End(rblock),
    };
    rw.loc = loc;
    let load = rw.op(crate::dialects::memref::LoadOp::NAME, &[shape, index], &[elem], &[]);
    let mut v = rw.ctx.result(load, 0);
    if elem != index_ty {
        let cast = rw.op(crate::dialects::arith::IndexCastOp::NAME, &[v], &[index_ty], &[]);
        v = rw.ctx.result(cast, 0);
    }
    rw.replace_op(op, &[v]);
    true
}
