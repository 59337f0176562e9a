//! `-loop-invariant-code-motion` (MLIR's `LoopInvariantCodeMotion`): ops in
//! a loop's body that compute the same value in every iteration move in
//! front of the loop. Loops are `scf.for`, `scf.forall` and `scf.while`
//! (both regions), innermost first; an op moves when it has no memory
//! effects, may run even where the loop would not (speculatable: no
//! division by what may be zero), is not a terminator, and everything it
//! and its nested ops use is defined outside the loop. After an op moves,
//! its users in the loop body are looked at again, as MLIR's worklist does.

use std::collections::VecDeque;

use tessel_ir::context::ValueDef;
use tessel_ir::dialects::{arith, scf, scf_more, structured, tensor};
use tessel_ir::registry::traits;
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, Diagnostic, OpId, RegionId, Value};

use crate::manager::{Pass, PassInfo, Statistic};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "loop-invariant-code-motion",
    description: "Hoist loop invariant instructions outside of the loop",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(Licm::default()))
    },
};

#[derive(Default)]
struct Licm {
    moved: u64,
}

impl Pass for Licm {
    fn name(&self) -> &'static str {
        "loop-invariant-code-motion"
    }

    fn class_name(&self) -> &'static str {
        "LoopInvariantCodeMotion"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        self.moved += hoist_loop_invariants(ctx, op) as u64;
        Ok(())
    }

    fn statistics(&self) -> Vec<Statistic> {
        vec![Statistic { name: "num-hoisted", description: "Number of ops moved out of loops", value: self.moved }]
    }
}

/// Moves the loop-invariant ops of every loop nested in `root` in front of
/// their loop, inner loops first; how many ops moved.
pub fn hoist_loop_invariants(ctx: &mut Context, root: OpId) -> usize {
    let mut loops = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if o != root && loop_regions(ctx, o).is_some() {
            loops.push(o);
        }
    });
    // Innermost first (a loop comes after the loops around it in preorder).
    loops.iter().rev().map(|&l| hoist_from(ctx, l)).sum()
}

/// The regions of `op` that are its loop body, if `op` is a loop.
fn loop_regions(ctx: &Context, op: OpId) -> Option<Vec<RegionId>> {
    let regions = ctx.regions(op);
    if scf::ForOp::isa(ctx, op)
        || scf::ForallOp::isa(ctx, op)
        || tessel_ir::dialects::scf_parallel::ParallelOp::isa(ctx, op)
    {
        Some(vec![regions[0]])
    } else if scf_more::WhileOp::isa(ctx, op) {
        Some(regions.to_vec())
    } else {
        None
    }
}

/// MLIR's `moveLoopInvariantCode` for one loop.
fn hoist_from(ctx: &mut Context, lp: OpId) -> usize {
    let Some(regions) = loop_regions(ctx, lp) else { return 0 };
    let mut moved = 0;
    for region in regions {
        let mut work: VecDeque<OpId> =
            ctx.blocks(region).iter().flat_map(|&b| ctx.block_ops(b).collect::<Vec<_>>()).collect();
        while let Some(op) = work.pop_front() {
            if ctx.is_erased(op) || op_region(ctx, op) != Some(region) {
                continue;
            }
            if !(memory_effect_free(ctx, op) && speculatable(ctx, op) && can_be_hoisted(ctx, op, lp)) {
                continue;
            }
            ctx.unlink_op(op);
            ctx.insert_op_before(lp, op);
            moved += 1;
            for r in ctx.results(op).to_vec() {
                for u in ctx.uses(r) {
                    if op_region(ctx, u.op) == Some(region) {
                        work.push_back(u.op);
                    }
                }
            }
        }
    }
    moved
}

/// The region `op` sits in.
fn op_region(ctx: &Context, op: OpId) -> Option<RegionId> {
    ctx.op_block(op).and_then(|b| ctx.block_parent(b))
}

/// Where `v` is defined: its op, or the op whose region holds its block.
fn defining_scope(ctx: &Context, v: Value) -> Option<OpId> {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } => ctx.block_parent(block).and_then(|r| ctx.region_parent(r)),
        ValueDef::Detached => None,
    }
}

/// MLIR's `canBeHoisted`: not a terminator, and every value `op` and its
/// nested ops use is defined inside `op` or outside the loop.
fn can_be_hoisted(ctx: &Context, op: OpId, lp: OpId) -> bool {
    if ctx.def_of(op).is_some_and(|d| d.has(traits::TERMINATOR)) {
        return false;
    }
    ctx.nested_ops(op).into_iter().chain([op]).all(|o| {
        ctx.operands(o).iter().all(|&v| {
            // A block argument of a region of `op` is inside it; a value
            // defined by an op nested in `op` too.
            let Some(scope) = defining_scope(ctx, v) else { return false };
            let inside_op = match ctx.defining_op(v) {
                Some(d) => d != op && ctx.is_within(d, op),
                None => ctx.is_within(scope, op),
            };
            // A result of the loop itself, or a value defined in it (its
            // block arguments included), is not outside.
            inside_op || !ctx.is_within(scope, lp)
        })
    })
}

fn has_memref_operand(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op).iter().any(|v| matches!(ctx.value_type_kind(*v), TypeKind::MemRef { .. }))
}

/// MLIR's `isMemoryEffectFree`: pure ops, structured and vector ops on
/// tensors, and ops with recursive effects whose nested ops are all free.
pub(crate) fn memory_effect_free(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.def_of(op) else { return false };
    let nested_free = || {
        ctx.nested_ops(op).into_iter().all(|o| {
            o == op
                || ctx.def_of(o).is_some_and(|d| d.has(traits::TERMINATOR) && d.has(traits::PURE))
                || memory_effect_free(ctx, o)
        })
    };
    if def.has(traits::RECURSIVE_EFFECTS) {
        return nested_free();
    }
    if def.has(traits::PURE) {
        return ctx.regions(op).is_empty() || nested_free();
    }
    if has_memref_operand(ctx, op) {
        return false;
    }
    structured::structured(ctx, op).is_some() && nested_free()
        || tessel_ir::dialects::patterns::vector::removable_when_unused(ctx, op)
}

/// MLIR's `isSpeculatable`: whether `op` may run where the loop would not
/// (a loop of no iterations): integer divisions only by constants that
/// cannot fault, `tensor.dim` only of a dim the tensor has, ops with bodies
/// only when everything in them is speculatable.
fn speculatable(ctx: &Context, op: OpId) -> bool {
    let rhs = || ctx.operands(op).get(1).and_then(|v| tessel_ir::dialects::pack::constant_int(ctx, *v));
    if arith::DivUIOp::isa(ctx, op) || arith::CeilDivUIOp::isa(ctx, op) {
        return rhs().is_some_and(|c| c != 0);
    }
    if arith::DivSIOp::isa(ctx, op) || arith::CeilDivSIOp::isa(ctx, op) {
        return rhs().is_some_and(|c| c != 0 && c != -1);
    }
    if tensor::DimOp::isa(ctx, op) {
        let rank = ctx.value_type_kind(ctx.operands(op)[0]).shape().map(<[i64]>::len);
        return rhs().zip(rank).is_some_and(|(i, r)| i >= 0 && (i as usize) < r);
    }
    if tessel_ir::dialects::scf_parallel::ParallelOp::isa(ctx, op) {
        // Not speculatable in MLIR 22 (it declares no speculation).
        return false;
    }
    if scf::ForOp::isa(ctx, op) {
        // Terminates only with a step that is not zero.
        let step = tessel_ir::dialects::pack::constant_int(ctx, scf::ForOp(op).step(ctx));
        if step.is_none_or(|s| s == 0) {
            return false;
        }
    }
    ctx.nested_ops(op).into_iter().all(|o| o == op || speculatable(ctx, o))
}
