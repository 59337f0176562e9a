//! Canonicalization patterns of the `cf` dialect, as mlir-opt 22's:
//! a branch to a block whose only predecessor it is merges the block in; a
//! successor that only branches on is skipped; a conditional branch on a
//! constant, or to the same block with the same operands, becomes a
//! `cf.br`; a `cf.switch` on a constant, or with only its default, too; an
//! assertion of `true` goes.

use crate::builder::Builder;
use crate::dialects::arith::SelectOp;
use crate::dialects::cf::{case_values, switch_successor_operands, BranchOp, CondBranchOp, SwitchOp, BR, COND_BR};
use crate::dialects::pack::constant_int;
use crate::dialects::patterns::arith::constant_condition as condition_value;
use crate::ods::{One, SpecBuilder, Variadic};
use crate::rewriter::Rewriter;
use crate::{Attr, BlockId, OpId, Value};

/// Builds `cf.br ^dest(operands)`.
pub fn build_br(b: &mut Builder<'_>, dest: BlockId, operands: &[Value]) -> OpId {
    let mut spec = SpecBuilder::new();
    spec.operands::<Variadic>(operands);
    let loc = b.loc;
    let mut spec = spec.finish(b.ctx, &BR, &[], vec![], loc);
    spec.successors = vec![dest];
    b.insert(spec)
}

/// Builds `cf.cond_br %cond, ^t(t_ops), ^f(f_ops)` (with `weights`, if any).
pub fn build_cond_br(
    b: &mut Builder<'_>,
    cond: Value,
    (t, t_ops): (BlockId, &[Value]),
    (f, f_ops): (BlockId, &[Value]),
    weights: Option<Attr>,
) -> OpId {
    let mut spec = SpecBuilder::new();
    spec.operands::<One>(cond);
    spec.operands::<Variadic>(t_ops);
    spec.operands::<Variadic>(f_ops);
    spec.attr("branch_weights", weights);
    let loc = b.loc;
    let mut spec = spec.finish(b.ctx, &COND_BR, &[], vec![], loc);
    spec.successors = vec![t, f];
    b.insert(spec)
}

/// Replaces the terminator `op` with `cf.br ^dest(operands)`.
fn replace_with_br(rw: &mut Rewriter<'_>, op: OpId, dest: BlockId, operands: &[Value]) {
    rw.set_insertion_point_before(op);
    build_br(rw, dest, operands);
    rw.erase_op(op);
}

/// Upstream's `simplifyBrToBlockWithSinglePred`: the destination, reached
/// only from here, is merged into this block.
pub fn merge_into_single_predecessor(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dest = ctx.op(op).successors()[0];
    let Some(here) = ctx.op_block(op) else { return false };
    if dest == here || ctx.predecessors(dest) != [here] {
        return false;
    }
    let operands = ctx.operands(op).to_vec();
    rw.erase_op(op);
    rw.merge_blocks(dest, here, &operands);
    true
}

/// Upstream's `collapseBranch`: a successor whose block holds only a
/// `cf.br` (and uses its arguments nowhere else) is replaced by that
/// branch's destination, with the operands it passes.
fn collapse(ctx: &crate::Context, succ: BlockId, operands: &[Value]) -> Option<(BlockId, Vec<Value>)> {
    let first = ctx.first_op(succ)?;
    if ctx.last_op(succ) != Some(first) || !BranchOp::isa(ctx, first) {
        return None;
    }
    for &a in ctx.block_args(succ) {
        if ctx.uses(a).iter().any(|u| u.op != first) {
            return None;
        }
    }
    let next = ctx.op(first).successors()[0];
    if next == succ {
        return None;
    }
    let forwarded = ctx
        .operands(first)
        .iter()
        .map(|v| match ctx.block_arg_position(*v) {
            Some((b, i)) if b == succ => operands[i],
            _ => *v,
        })
        .collect();
    Some((next, forwarded))
}

/// Upstream's `simplifyPassThroughBr`.
pub fn skip_pass_through_br(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dest = ctx.op(op).successors()[0];
    if Some(dest) == ctx.op_block(op) {
        return false;
    }
    let Some((next, operands)) = collapse(ctx, dest, ctx.operands(op)) else { return false };
    replace_with_br(rw, op, next, &operands);
    true
}

/// Upstream's `SimplifyConstCondBranchPred`.
pub fn constant_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let c = CondBranchOp(op);
    let Some(v) = condition_value(ctx, c.condition(ctx)) else { return false };
    let succ = ctx.op(op).successors().to_vec();
    let (dest, operands) = if v { (succ[0], c.true_dest_operands(ctx)) } else { (succ[1], c.false_dest_operands(ctx)) };
    let operands = operands.to_vec();
    replace_with_br(rw, op, dest, &operands);
    true
}

/// Upstream's `SimplifyCondBranchIdenticalSuccessors`: both edges to one
/// block become a `cf.br`, passing an `arith.select` where the operands
/// differ (only when this block is the destination's one predecessor).
pub fn identical_successors(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let c = CondBranchOp(op);
    let succ = ctx.op(op).successors();
    if succ[0] != succ[1] {
        return false;
    }
    let dest = succ[0];
    let (t_ops, f_ops) = (c.true_dest_operands(ctx).to_vec(), c.false_dest_operands(ctx).to_vec());
    if t_ops == f_ops {
        replace_with_br(rw, op, dest, &t_ops);
        return true;
    }
    let here = ctx.op_block(op);
    if ctx.predecessors(dest).iter().any(|p| Some(*p) != here) {
        return false;
    }
    let cond = c.condition(ctx);
    rw.set_insertion_point_before(op);
    let merged: Vec<Value> = t_ops
        .iter()
        .zip(&f_ops)
        .map(|(t, f)| {
            if t == f {
                return *t;
            }
            let ty = rw.ctx.value_type(*t);
            SelectOp::create(rw, cond, *t, *f, &[ty], vec![]).result(rw.ctx)
        })
        .collect();
    build_br(rw, dest, &merged);
    rw.erase_op(op);
    true
}

/// Upstream's `SimplifyPassThroughCondBranch`.
pub fn skip_pass_through_cond_br(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let c = CondBranchOp(op);
    let succ = ctx.op(op).successors().to_vec();
    let (t_ops, f_ops) = (c.true_dest_operands(ctx).to_vec(), c.false_dest_operands(ctx).to_vec());
    let t = collapse(ctx, succ[0], &t_ops);
    let f = collapse(ctx, succ[1], &f_ops);
    if t.is_none() && f.is_none() {
        return false;
    }
    let (t, t_ops) = t.unwrap_or((succ[0], t_ops));
    let (f, f_ops) = f.unwrap_or((succ[1], f_ops));
    let cond = c.condition(ctx);
    let weights = ctx.get_attr(op, "branch_weights");
    rw.set_insertion_point_before(op);
    build_cond_br(rw, cond, (t, &t_ops), (f, &f_ops), weights);
    rw.erase_op(op);
    true
}

/// Upstream's `SimplifyConstSwitchValue`: a switch on a constant goes
/// where that value leads.
pub fn constant_flag(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(v) = constant_int(ctx, SwitchOp(op).flag(ctx)) else { return false };
    let succ = ctx.op(op).successors().to_vec();
    let operands = switch_successor_operands(ctx, op);
    let k = case_values(ctx, op).iter().position(|c| *c == v).map_or(0, |k| k + 1);
    let ops = operands[k].to_vec();
    replace_with_br(rw, op, succ[k], &ops);
    true
}

/// Builds `cf.switch` of `flag` with the attributes of `like` (case
/// values, weights) and each successor's operands.
pub fn build_switch(b: &mut Builder<'_>, like: OpId, flag: Value, succ: &[BlockId], operands: &[Vec<Value>]) -> OpId {
    let mut spec = SpecBuilder::new();
    spec.operands::<One>(flag);
    spec.operands::<Variadic>(&operands[0]);
    let cases: Vec<Value> = operands[1..].iter().flatten().copied().collect();
    spec.operands::<Variadic>(&cases);
    spec.attr("case_values", b.ctx.get_attr(like, "case_values"));
    spec.attr("branch_weights", b.ctx.get_attr(like, "branch_weights"));
    let i32t = b.ctx.int_type(32);
    let segments = operands[1..].iter().map(|o| o.len() as i64).collect();
    let seg = b.ctx.attr(crate::attrs::AttrKind::DenseArray { elem: i32t, values: segments });
    spec.attr("case_operand_segments", Some(seg));
    let loc = b.loc;
    let mut spec = spec.finish(b.ctx, &crate::dialects::cf::SWITCH, &[], vec![], loc);
    spec.successors = succ.to_vec();
    b.insert(spec)
}

/// Upstream's `SimplifyPassThroughSwitch`: each successor that only
/// branches on is skipped.
pub fn skip_pass_through_switch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let succ = ctx.op(op).successors().to_vec();
    let operands: Vec<Vec<Value>> = switch_successor_operands(ctx, op).iter().map(|o| o.to_vec()).collect();
    let mut changed = false;
    let mut new_succ = Vec::with_capacity(succ.len());
    let mut new_ops = Vec::with_capacity(succ.len());
    for (s, ops) in succ.iter().zip(&operands) {
        match collapse(ctx, *s, ops) {
            Some((next, fwd)) => {
                changed = true;
                new_succ.push(next);
                new_ops.push(fwd);
            }
            None => {
                new_succ.push(*s);
                new_ops.push(ops.clone());
            }
        }
    }
    if !changed {
        return false;
    }
    let flag = SwitchOp(op).flag(ctx);
    rw.set_insertion_point_before(op);
    build_switch(rw, op, flag, &new_succ, &new_ops);
    rw.erase_op(op);
    true
}

/// Upstream's `DropSwitchCasesThatMatchDefault`: a case going where the
/// default goes, with the same operands, is dropped.
pub fn drop_cases_matching_default(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let succ = ctx.op(op).successors().to_vec();
    let operands: Vec<Vec<Value>> = switch_successor_operands(ctx, op).iter().map(|o| o.to_vec()).collect();
    let keep: Vec<usize> = (1..succ.len()).filter(|&k| succ[k] != succ[0] || operands[k] != operands[0]).collect();
    if keep.len() == succ.len() - 1 {
        return false;
    }
    keep_cases(rw, op, &keep);
    true
}

/// Replaces switch `op` by one with its default and the cases `keep`
/// (successor positions, 1-based), their values and operands.
fn keep_cases(rw: &mut Rewriter<'_>, op: OpId, keep: &[usize]) {
    let ctx = &*rw.ctx;
    let succ = ctx.op(op).successors().to_vec();
    let operands: Vec<Vec<Value>> = switch_successor_operands(ctx, op).iter().map(|o| o.to_vec()).collect();
    let values = case_values(ctx, op);
    let flag = SwitchOp(op).flag(ctx);
    let flag_ty = ctx.value_type(flag);
    let new_succ: Vec<BlockId> = std::iter::once(succ[0]).chain(keep.iter().map(|&k| succ[k])).collect();
    let new_ops: Vec<Vec<Value>> =
        std::iter::once(operands[0].clone()).chain(keep.iter().map(|&k| operands[k].clone())).collect();
    let new_values: Vec<i64> = keep.iter().map(|&k| values[k - 1]).collect();
    rw.set_insertion_point_before(op);
    let new = build_switch(rw, op, flag, &new_succ, &new_ops);
    if new_values.is_empty() {
        rw.ctx.remove_attr(new, "case_values");
    } else {
        let a = crate::dialects::cf::case_values_attr(rw.ctx, flag_ty, &new_values);
        rw.ctx.set_attr(new, "case_values", a);
    }
    rw.erase_op(op);
}

/// Upstream's `SimplifySwitchWithOnlyDefault`.
pub fn only_default(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if ctx.op(op).successors().len() != 1 {
        return false;
    }
    let dest = ctx.op(op).successors()[0];
    let ops = SwitchOp(op).default_operands(ctx).to_vec();
    replace_with_br(rw, op, dest, &ops);
    true
}

/// Upstream's `AssertOp::canonicalize`: `cf.assert` of a constant true
/// goes.
pub fn erase_true_assert(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if condition_value(rw.ctx, rw.ctx.operands(op)[0]) != Some(true) {
        return false;
    }
    rw.erase_op(op);
    true
}

// ---- across blocks: what the predecessor's branch already decided ----------

/// The one block branching to `block` (over any number of edges), as
/// MLIR's `Block::getSinglePredecessor`.
fn single_predecessor(ctx: &crate::Context, block: BlockId) -> Option<BlockId> {
    let preds = ctx.predecessors(block);
    let first = *preds.first()?;
    preds.iter().all(|p| *p == first).then_some(first)
}

/// Upstream's `SimplifyCondBranchFromCondBranchOnSameCondition`: a
/// conditional branch whose block is reached only from a conditional
/// branch on the same condition goes the way that one went.
pub fn same_condition_as_predecessor(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(here) = ctx.op_block(op) else { return false };
    let Some(pred) = single_predecessor(ctx, here) else { return false };
    let Some(pred_br) = ctx.last_op(pred).filter(|t| CondBranchOp::isa(ctx, *t)) else { return false };
    let c = CondBranchOp(op);
    if c.condition(ctx) != CondBranchOp(pred_br).condition(ctx) {
        return false;
    }
    let succ = ctx.op(op).successors().to_vec();
    let from_true = ctx.op(pred_br).successors()[0] == here;
    let (dest, operands) =
        if from_true { (succ[0], c.true_dest_operands(ctx)) } else { (succ[1], c.false_dest_operands(ctx)) };
    let operands = operands.to_vec();
    replace_with_br(rw, op, dest, &operands);
    true
}

/// Upstream's `CondBranchTruthPropagation`: in a successor reached only
/// from this branch, the condition is `true` (or `false`), for the uses in
/// that block itself.
pub fn truth_propagation(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::arith::ConstantOp;
    let ctx = &*rw.ctx;
    let cond = CondBranchOp(op).condition(ctx);
    let succ = ctx.op(op).successors().to_vec();
    let mut replaced = false;
    for (dest, value) in [(succ[0], true), (succ[1], false)] {
        if single_predecessor(rw.ctx, dest).is_none() {
            continue;
        }
        let uses: Vec<crate::context::Use> =
            rw.ctx.uses(cond).iter().filter(|u| rw.ctx.op_block(u.op) == Some(dest)).copied().collect();
        if uses.is_empty() {
            continue;
        }
        rw.set_insertion_point_before(op);
        let i1 = rw.ctx.int_type(1);
        let a = rw.ctx.attr(crate::attrs::AttrKind::Bool(value));
        let c = ConstantOp::create(rw, Some(a), &[i1], vec![]).result(rw.ctx);
        for u in uses {
            rw.set_operand(u.op, u.operand as usize, c);
        }
        replaced = true;
    }
    replaced
}

/// Upstream's `simplifySwitchFromSwitchOnSameCondition`: a switch whose
/// block is reached only from a case of a switch on the same flag goes to
/// that case's value's destination.
pub fn switch_same_flag_as_predecessor(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(here) = ctx.op_block(op) else { return false };
    let Some(pred) = single_predecessor(ctx, here) else { return false };
    let Some(pred_sw) = ctx.last_op(pred).filter(|t| SwitchOp::isa(ctx, *t)) else { return false };
    if SwitchOp(op).flag(ctx) != SwitchOp(pred_sw).flag(ctx) {
        return false;
    }
    let pred_succ = ctx.op(pred_sw).successors().to_vec();
    if pred_succ[0] == here {
        return false;
    }
    let succ = ctx.op(op).successors().to_vec();
    let operands = switch_successor_operands(ctx, op);
    let k = match pred_succ[1..].iter().position(|s| *s == here) {
        Some(case) => {
            let v = case_values(ctx, pred_sw)[case];
            case_values(ctx, op).iter().position(|c| *c == v).map_or(0, |k| k + 1)
        }
        None => 0,
    };
    let ops = operands[k].to_vec();
    replace_with_br(rw, op, succ[k], &ops);
    true
}

/// Upstream's `simplifySwitchFromDefaultSwitchOnSameCondition`: in a block
/// reached only as the default of a switch on the same flag, the cases that
/// switch sent elsewhere cannot happen and go.
pub fn switch_default_of_same_flag(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(here) = ctx.op_block(op) else { return false };
    let Some(pred) = single_predecessor(ctx, here) else { return false };
    let Some(pred_sw) = ctx.last_op(pred).filter(|t| SwitchOp::isa(ctx, *t)) else { return false };
    let flag = SwitchOp(op).flag(ctx);
    if flag != SwitchOp(pred_sw).flag(ctx) {
        return false;
    }
    let pred_succ = ctx.op(pred_sw).successors().to_vec();
    if pred_succ[0] != here {
        return false;
    }
    let pred_values = case_values(ctx, pred_sw);
    let impossible: Vec<i64> =
        pred_succ[1..].iter().zip(&pred_values).filter(|(s, _)| **s != here).map(|(_, v)| *v).collect();
    let succ_count = ctx.op(op).successors().len();
    let values = case_values(ctx, op);
    let keep: Vec<usize> = (1..succ_count).filter(|k| !impossible.contains(&values[k - 1])).collect();
    if keep.len() == succ_count - 1 {
        return false;
    }
    keep_cases(rw, op, &keep);
    true
}
