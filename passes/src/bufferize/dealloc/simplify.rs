//! `-buffer-deallocation-simplification`, as MLIR 22's: with the origins
//! of buffers known (`origin`), a dealloc stops freeing what it also
//! retains (the retained value's ownership takes the condition over),
//! stops retaining what cannot alias anything it frees (`false`), is split
//! into one dealloc per buffer that aliases no other, and a retained value
//! aliasing a buffer freed under `true` is owned (`true`). With the
//! dealloc canonicalization patterns and folds, by MLIR's greedy driver.

use tessel_ir::dialects::arith::{ConstantOp, OrIOp};
use tessel_ir::dialects::bufferization::DeallocOp;
use tessel_ir::dialects::memref::ExtractStridedMetadataOp;
use tessel_ir::dialects::patterns::bufferization as canon;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::{named_patterns, Context, OpId, Value};

use super::origin::{distinct_alloc_and_block_argument, is_same_allocation};
use super::ownership::is_true;
use crate::canonicalize::{apply_patterns_greedily, PatternSet};

fn parts(ctx: &Context, op: OpId) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let h = DeallocOp(op);
    (h.memrefs(ctx).to_vec(), h.conditions(ctx).to_vec(), h.retained(ctx).to_vec())
}

/// MLIR's `potentiallyAliasesMemref`.
fn may_alias_any(ctx: &Context, others: &[Value], m: Value) -> bool {
    others
        .iter()
        .any(|o| !distinct_alloc_and_block_argument(ctx, *o, m) && is_same_allocation(ctx, *o, m) != Some(false))
}

/// `RemoveDeallocMemrefsContainedInRetained`.
fn remove_memrefs_contained_in_retained(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, retained) = parts(rw.ctx, op);
    let mut unique = retained.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != retained.len() {
        return false;
    }
    let after = rw.ctx.next_op(op);
    let handle = |rw: &mut Rewriter<'_>, m: Value, cond: Value| -> bool {
        let mut must = false;
        for r in &retained {
            match is_same_allocation(rw.ctx, *r, m) {
                None => return false,
                Some(true) => must = true,
                Some(false) => {}
            }
        }
        if !must {
            return false;
        }
        for (i, r) in retained.iter().enumerate() {
            if is_same_allocation(rw.ctx, *r, m) == Some(true) {
                let updated = rw.ctx.results(op)[i];
                rw.ip = after.map_or(
                    tessel_ir::builder::InsertPoint::End(rw.ctx.op_block(op).expect("in a block")),
                    tessel_ir::builder::InsertPoint::Before,
                );
                let i1 = rw.ctx.value_type(updated);
                let or = rw.op(OrIOp::NAME, &[updated, cond], &[i1], &[]);
                let or_v = rw.ctx.result(or, 0);
                let users: Vec<(OpId, usize)> =
                    rw.ctx.uses(updated).iter().filter(|u| u.op != or).map(|u| (u.op, u.operand as usize)).collect();
                for (user, k) in users {
                    rw.set_operand(user, k, or_v);
                }
            }
        }
        true
    };
    let (mut new_m, mut new_c) = (Vec::new(), Vec::new());
    for (m, c) in memrefs.iter().zip(&conds) {
        if handle(rw, *m, *c) {
            continue;
        }
        let meta = rw.ctx.defining_op(*m).filter(|d| ExtractStridedMetadataOp::isa(rw.ctx, *d));
        if let Some(meta) = meta {
            let src = rw.ctx.operands(meta)[0];
            if handle(rw, src, *c) {
                continue;
            }
        }
        new_m.push(*m);
        new_c.push(*c);
    }
    canon::update_dealloc(rw, op, &new_m, &new_c)
}

/// `RemoveRetainedMemrefsGuaranteedToNotAlias`.
fn remove_retained_not_aliasing(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, retained) = parts(rw.ctx, op);
    let keep: Vec<bool> = retained.iter().map(|r| may_alias_any(rw.ctx, &memrefs, *r)).collect();
    if keep.iter().all(|k| *k) {
        return false;
    }
    rw.set_insertion_point_before(op);
    let i1 = rw.ctx.int_type(1);
    let mut replacements: Vec<Option<Value>> = Vec::new();
    for k in &keep {
        replacements.push(if *k {
            None
        } else {
            let attr = rw.ctx.int_attr(0, i1);
            Some(ConstantOp::create(rw, Some(attr), &[i1], vec![]).result(rw.ctx))
        });
    }
    let new_retained: Vec<Value> = retained.iter().zip(&keep).filter(|(_, k)| **k).map(|(r, _)| *r).collect();
    let new = DeallocOp::create(rw, &memrefs, &conds, &new_retained, &vec![i1; new_retained.len()], vec![]).0;
    let mut next = 0;
    let with: Vec<Value> = replacements
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                next += 1;
                rw.ctx.result(new, next - 1)
            })
        })
        .collect();
    rw.replace_op(op, &with);
    true
}

/// `SplitDeallocWhenNotAliasingAnyOther`.
fn split_dealloc(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, retained) = parts(rw.ctx, op);
    if memrefs.len() <= 1 {
        return false;
    }
    rw.set_insertion_point_before(op);
    let i1 = rw.ctx.int_type(1);
    let types = vec![i1; retained.len()];
    let (mut rest_m, mut rest_c, mut split) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (m, c)) in memrefs.iter().zip(&conds).enumerate() {
        let others: Vec<Value> = memrefs.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, v)| *v).collect();
        if may_alias_any(rw.ctx, &others, *m) {
            rest_m.push(*m);
            rest_c.push(*c);
            continue;
        }
        let d = DeallocOp::create(rw, &[*m], &[*c], &retained, &types, vec![]).0;
        split.push(rw.ctx.results(d).to_vec());
    }
    if rest_m.len() == memrefs.len() {
        return false;
    }
    let d = DeallocOp::create(rw, &rest_m, &rest_c, &retained, &types, vec![]).0;
    let mut replacements = rw.ctx.results(d).to_vec();
    for extra in split {
        for (i, e) in extra.into_iter().enumerate() {
            let or = rw.op(OrIOp::NAME, &[replacements[i], e], &[i1], &[]);
            replacements[i] = rw.ctx.result(or, 0);
        }
    }
    rw.replace_op(op, &replacements);
    true
}

/// `RetainedMemrefAliasingAlwaysDeallocatedMemref`.
fn retained_aliasing_always_deallocated(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (memrefs, conds, retained) = parts(rw.ctx, op);
    let results = rw.ctx.results(op).to_vec();
    let mut aliased = vec![false; retained.len()];
    let (mut new_m, mut new_c) = (Vec::new(), Vec::new());
    for (m, c) in memrefs.iter().zip(&conds) {
        let mut drop = false;
        for (i, r) in retained.iter().enumerate() {
            if !is_true(rw.ctx, *c) {
                continue;
            }
            let same = is_same_allocation(rw.ctx, *r, *m) == Some(true)
                || rw
                    .ctx
                    .defining_op(*m)
                    .filter(|d| ExtractStridedMetadataOp::isa(rw.ctx, *d))
                    .is_some_and(|d| is_same_allocation(rw.ctx, *r, rw.ctx.operands(d)[0]) == Some(true));
            if same {
                rw.replace_all_uses_with(results[i], *c);
                aliased[i] = true;
                drop = true;
            }
        }
        if !drop {
            new_m.push(*m);
            new_c.push(*c);
        }
    }
    if !aliased.iter().all(|a| *a) {
        return false;
    }
    canon::update_dealloc(rw, op, &new_m, &new_c)
}

fn simplification_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if DeallocOp::isa(ctx, op) {
        named_patterns![
            remove_memrefs_contained_in_retained,
            remove_retained_not_aliasing,
            split_dealloc,
            retained_aliasing_always_deallocated,
            canon::dealloc_remove_duplicate_memrefs,
            canon::dealloc_remove_duplicate_retained,
            canon::erase_empty_dealloc,
            canon::erase_always_false_dealloc,
            canon::skip_extract_metadata_of_alloc,
            canon::remove_alloc_dealloc_pair
        ]
    } else {
        &[]
    }
}

/// Runs the simplification on `root`.
pub fn simplify_deallocations(ctx: &mut Context, root: OpId) {
    apply_patterns_greedily(ctx, root, PatternSet::patterns(&[simplification_patterns]));
}
