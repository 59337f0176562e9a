//! Canonicalization of `bufferization.dealloc`, as MLIR 22's
//! (`populateDeallocOpCanonicalizationPatterns`): duplicate memrefs are
//! merged (their conditions or-ed), duplicate retained values share one
//! result, a dealloc of nothing yields `false` for every retained value,
//! memrefs whose condition is the constant `false` go, the base buffer of
//! an allocation is the allocation itself, and an allocation used only by
//! its dealloc goes with it.

use crate::dialects::arith::{ConstantOp, OrIOp};
use crate::dialects::bufferization::{CloneOp, DeallocOp};
use crate::dialects::memref::{AllocOp, AllocaOp, ExtractStridedMetadataOp};
use crate::dialects::patterns::arith::constant_condition;
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Value};

fn parts(ctx: &Context, op: OpId) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let h = DeallocOp(op);
    (h.memrefs(ctx).to_vec(), h.conditions(ctx).to_vec(), h.retained(ctx).to_vec())
}

/// Replaces `op` by a dealloc of `memrefs` under `conds` with the same
/// retained values, unless nothing changed (MLIR's `updateDeallocIfChanged`).
pub fn update_dealloc(rw: &mut Rewriter<'_>, op: OpId, memrefs: &[Value], conds: &[Value]) -> bool {
    let (old_m, old_c, retained) = parts(rw.ctx, op);
    if old_m == memrefs && old_c == conds {
        return false;
    }
    rw.set_insertion_point_before(op);
    let types: Vec<_> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
    let new = DeallocOp::create(rw, memrefs, conds, &retained, &types, vec![]).0;
    let results = rw.ctx.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// Whether `v` is the result its defining op allocates (MLIR's
/// `Allocate` effect on the value), and whether that is the op's only
/// effect.
fn allocation(ctx: &Context, v: Value) -> Option<(OpId, bool)> {
    let op = ctx.defining_op(v)?;
    if AllocOp::isa(ctx, op) || AllocaOp::isa(ctx, op) {
        return Some((op, true));
    }
    CloneOp::isa(ctx, op).then_some((op, false))
}

/// `DeallocRemoveDuplicateDeallocMemrefs`.
pub fn dealloc_remove_duplicate_memrefs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, _) = parts(rw.ctx, op);
    let (mut new_m, mut new_c): (Vec<Value>, Vec<Value>) = (Vec::new(), Vec::new());
    rw.set_insertion_point_before(op);
    for (m, c) in memrefs.iter().zip(&conds) {
        if let Some(k) = new_m.iter().position(|x| x == m) {
            if new_c[k] != *c {
                let i1 = rw.ctx.value_type(*c);
                let or = rw.op(OrIOp::NAME, &[new_c[k], *c], &[i1], &[]);
                new_c[k] = rw.ctx.result(or, 0);
            }
        } else {
            new_m.push(*m);
            new_c.push(*c);
        }
    }
    update_dealloc(rw, op, &new_m, &new_c)
}

/// `DeallocRemoveDuplicateRetainedMemrefs`.
pub fn dealloc_remove_duplicate_retained(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, retained) = parts(rw.ctx, op);
    let mut unique: Vec<Value> = Vec::new();
    let mut index = Vec::new();
    for r in &retained {
        match unique.iter().position(|u| u == r) {
            Some(k) => index.push(k),
            None => {
                index.push(unique.len());
                unique.push(*r);
            }
        }
    }
    if unique.len() == retained.len() {
        return false;
    }
    rw.set_insertion_point_before(op);
    let i1 = rw.ctx.int_type(1);
    let new = DeallocOp::create(rw, &memrefs, &conds, &unique, &vec![i1; unique.len()], vec![]).0;
    let results: Vec<Value> = index.iter().map(|k| rw.ctx.result(new, *k)).collect();
    rw.replace_op(op, &results);
    true
}

/// `EraseEmptyDealloc`: nothing to free, so no retained value is owned.
pub fn erase_empty_dealloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if !DeallocOp(op).memrefs(rw.ctx).is_empty() {
        return false;
    }
    rw.set_insertion_point_before(op);
    let i1 = rw.ctx.int_type(1);
    let attr = rw.ctx.int_attr(0, i1);
    let f = ConstantOp::create(rw, Some(attr), &[i1], vec![]).result(rw.ctx);
    let n = rw.ctx.results(op).len();
    rw.replace_op(op, &vec![f; n]);
    true
}

/// `EraseAlwaysFalseDealloc`.
pub fn erase_always_false_dealloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, _) = parts(rw.ctx, op);
    let keep: Vec<(Value, Value)> =
        memrefs.into_iter().zip(conds).filter(|(_, c)| constant_condition(rw.ctx, *c) != Some(false)).collect();
    let (m, c): (Vec<Value>, Vec<Value>) = keep.into_iter().unzip();
    update_dealloc(rw, op, &m, &c)
}

/// `SkipExtractMetadataOfAlloc`: the base buffer of an allocation is the
/// allocation.
pub fn skip_extract_metadata_of_alloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, _) = parts(rw.ctx, op);
    let ctx = &*rw.ctx;
    let new_m: Vec<Value> = memrefs
        .iter()
        .map(|m| {
            let Some(meta) = ctx.defining_op(*m).filter(|d| ExtractStridedMetadataOp::isa(ctx, *d)) else { return *m };
            let src = ctx.operands(meta)[0];
            if allocation(ctx, src).is_some() {
                src
            } else {
                *m
            }
        })
        .collect();
    update_dealloc(rw, op, &new_m, &conds)
}

/// `RemoveAllocDeallocPairWhenNoOtherUsers`.
pub fn remove_alloc_dealloc_pair(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, _) = parts(rw.ctx, op);
    let (mut new_m, mut new_c, mut dead) = (Vec::new(), Vec::new(), Vec::new());
    for (m, c) in memrefs.iter().zip(&conds) {
        if let Some((alloc, true)) = allocation(rw.ctx, *m) {
            if rw.ctx.uses(*m).len() == 1 {
                dead.push(alloc);
                continue;
            }
        }
        new_m.push(*m);
        new_c.push(*c);
    }
    if !update_dealloc(rw, op, &new_m, &new_c) {
        return false;
    }
    for a in dead {
        rw.erase_op(a);
    }
    true
}
