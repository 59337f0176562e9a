//! MLIR's region simplification (`simplifyRegions` at its normal level),
//! which the greedy driver runs after each pass over the ops: blocks no
//! branch reaches from the entry are erased, and so are block arguments no
//! live op reads (with the operands the branches pass to them).

use tessel_ir::dialects::cf::{switch_successor_operands, BranchOp, CondBranchOp, SwitchOp};
use tessel_ir::dialects::patterns::cf::{build_br, build_cond_br};
use tessel_ir::{BlockId, Context, OpId, RegionId, Value};

/// Whether some region inside `root` has more than one block.
pub fn has_multi_block_region(ctx: &Context, root: OpId) -> bool {
    let mut found = false;
    ctx.walk_preorder(root, &mut |op| {
        found |= ctx.regions(op).iter().any(|r| ctx.blocks(*r).len() > 1);
    });
    found
}

/// Simplifies every multi-block region inside `root`; whether anything
/// changed.
pub fn simplify_regions(ctx: &mut Context, root: OpId) -> bool {
    let mut regions = Vec::new();
    ctx.walk_preorder(root, &mut |op| {
        for &r in ctx.regions(op) {
            if ctx.blocks(r).len() > 1 {
                regions.push(r);
            }
        }
    });
    let mut changed = false;
    for r in regions {
        changed |= erase_unreachable_blocks(ctx, r);
        changed |= erase_dead_block_args(ctx, r);
    }
    changed
}

/// Erases the blocks of `region` the entry block cannot reach.
fn erase_unreachable_blocks(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.blocks(region).to_vec();
    let Some(&entry) = blocks.first() else { return false };
    let mut reached = vec![entry];
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if let Some(t) = ctx.last_op(b) {
            for &s in ctx.op(t).successors() {
                if !reached.contains(&s) {
                    reached.push(s);
                    stack.push(s);
                }
            }
        }
    }
    let dead: Vec<BlockId> = blocks.into_iter().filter(|b| !reached.contains(b)).collect();
    if dead.is_empty() {
        return false;
    }
    for b in dead {
        ctx.erase_block(b);
    }
    true
}

/// The operands each successor of a known branch gets; `None` for a
/// terminator tessel cannot rewrite.
pub(crate) fn successor_operands(ctx: &Context, term: OpId) -> Option<Vec<Vec<Value>>> {
    if BranchOp::isa(ctx, term) {
        Some(vec![ctx.operands(term).to_vec()])
    } else if CondBranchOp::isa(ctx, term) {
        let c = CondBranchOp(term);
        Some(vec![c.true_dest_operands(ctx).to_vec(), c.false_dest_operands(ctx).to_vec()])
    } else if SwitchOp::isa(ctx, term) {
        Some(switch_successor_operands(ctx, term).iter().map(|o| o.to_vec()).collect())
    } else if ctx.op(term).successors().is_empty() {
        Some(Vec::new())
    } else {
        None
    }
}

/// Liveness over the region's values: an op with effects (or a terminator)
/// is live, so are the values it reads, except what a branch passes to a
/// block argument, which is live only when the argument is. Arguments of
/// non-entry blocks that stay dead are erased with their branch operands.
fn erase_dead_block_args(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.blocks(region).to_vec();
    // Every predecessor must be a branch tessel knows.
    let mut rewritable = vec![true; blocks.len()];
    for &b in &blocks {
        let Some(t) = ctx.last_op(b) else { continue };
        if successor_operands(ctx, t).is_none() {
            for s in ctx.op(t).successors() {
                if let Some(k) = blocks.iter().position(|x| x == s) {
                    rewritable[k] = false;
                }
            }
        }
    }
    let candidates: Vec<Value> = blocks
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(k, _)| rewritable[*k])
        .flat_map(|(_, b)| ctx.block_args(*b).to_vec())
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let live = live_values(ctx, &blocks);
    let dead: Vec<Value> = candidates.into_iter().filter(|a| !live.contains(a)).collect();
    if dead.is_empty() {
        return false;
    }
    // Rewrite each branch without the operands of dead arguments.
    for &b in &blocks {
        let Some(t) = ctx.last_op(b) else { continue };
        let Some(per_succ) = successor_operands(ctx, t) else { continue };
        let succ = ctx.op(t).successors().to_vec();
        let mut touched = false;
        let kept: Vec<Vec<Value>> = succ
            .iter()
            .zip(&per_succ)
            .map(|(s, ops)| {
                ctx.block_args(*s)
                    .iter()
                    .zip(ops)
                    .filter(|(a, _)| {
                        let keep = !dead.contains(a);
                        touched |= !keep;
                        keep
                    })
                    .map(|(_, v)| *v)
                    .collect()
            })
            .collect();
        if touched {
            rebuild_branch(ctx, t, &succ, &kept);
        }
    }
    // The ops no live op needs go (they may read the dead arguments),
    // then the arguments.
    let dead_ops: Vec<OpId> =
        blocks.iter().flat_map(|b| ctx.block_op_list(*b)).filter(|op| !is_live_op(ctx, *op, &live)).collect();
    ctx.erase_ops(&dead_ops);
    for a in dead.iter().rev() {
        if let Some((b, i)) = ctx.block_arg_position(*a) {
            ctx.erase_block_arg(b, i);
        }
    }
    true
}

/// An op is live when it has effects, is a terminator, or a live value
/// is one of its results.
fn is_live_op(ctx: &Context, op: OpId, live: &rustc_hash::FxHashSet<Value>) -> bool {
    let terminator = ctx.def_of(op).is_none_or(|d| d.has(tessel_ir::registry::traits::TERMINATOR));
    terminator || !crate::canonicalize::removable(ctx, op) || ctx.results(op).iter().any(|r| live.contains(r))
}

/// The values the region's live ops need (see [`erase_dead_block_args`]).
fn live_values(ctx: &Context, blocks: &[BlockId]) -> rustc_hash::FxHashSet<Value> {
    let mut live: rustc_hash::FxHashSet<Value> = Default::default();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in blocks.iter().rev() {
            for op in ctx.block_op_list(b).into_iter().rev() {
                let succ_ops = successor_operands(ctx, op);
                if !is_live_op(ctx, op, &live) {
                    continue;
                }
                let forwarded: Vec<(Value, Value)> = match &succ_ops {
                    Some(per) => ctx
                        .op(op)
                        .successors()
                        .iter()
                        .zip(per)
                        .flat_map(|(s, ops)| ctx.block_args(*s).iter().copied().zip(ops.iter().copied()))
                        .collect(),
                    None => Vec::new(),
                };
                let mut nested = Vec::new();
                ctx.walk_preorder(op, &mut |o| nested.push(o));
                for o in nested {
                    for (i, &v) in ctx.operands(o).iter().enumerate() {
                        let passed = o == op && succ_ops.is_some() && is_forwarded(ctx, op, i);
                        if passed {
                            continue;
                        }
                        changed |= live.insert(v);
                    }
                }
                for (arg, v) in forwarded {
                    if live.contains(&arg) {
                        changed |= live.insert(v);
                    }
                }
            }
        }
    }
    live
}

/// Whether operand `i` of a known branch is passed to a successor (not
/// the condition or flag).
fn is_forwarded(ctx: &Context, op: OpId, i: usize) -> bool {
    if BranchOp::isa(ctx, op) {
        true
    } else {
        (CondBranchOp::isa(ctx, op) || SwitchOp::isa(ctx, op)) && i > 0
    }
}

/// Replaces branch `t` by the same branch passing `operands`.
pub(crate) fn rebuild_branch(ctx: &mut Context, t: OpId, succ: &[BlockId], operands: &[Vec<Value>]) {
    let loc = ctx.op_loc(t);
    let mut b = tessel_ir::builder::Builder::new(ctx, tessel_ir::builder::InsertPoint::Before(t), loc);
    if BranchOp::isa(b.ctx, t) {
        build_br(&mut b, succ[0], &operands[0]);
    } else if CondBranchOp::isa(b.ctx, t) {
        let cond = CondBranchOp(t).condition(b.ctx);
        let weights = b.ctx.get_attr(t, "branch_weights");
        build_cond_br(&mut b, cond, (succ[0], &operands[0]), (succ[1], &operands[1]), weights);
    } else {
        let flag = SwitchOp(t).flag(b.ctx);
        tessel_ir::dialects::patterns::cf::build_switch(&mut b, t, flag, succ, operands);
    }
    ctx.erase_op(t);
}
