//! `-buffer-loop-hoisting`, as MLIR 22's: `memref.alloc` and
//! `memref.alloca` move out of `scf.for` / `scf.while` loops, as far out as
//! their size operands allow (before the loop they leave, in the order they
//! are met), unless the buffer leaves the loop through a yield (each
//! iteration then needs its own). `scf.forall` and `scf.parallel` bodies
//! keep theirs: every thread needs a private buffer.
//!
//! Unlike MLIR 22, an allocation freed inside the loop stays there (22
//! hoists it and leaves the `memref.dealloc` in the loop: a double free from
//! the second iteration on).
//!
//! This is what turns the statically bounded temporary of a tiled unpack
//! into one buffer for the whole loop nest, where a temporary sized by the
//! loop (MLIR's `tensor.empty(%n)`) stays an allocation per iteration.

use rustc_hash::FxHashSet;
use tessel_ir::context::ValueDef;
use tessel_ir::dialects;
use tessel_ir::{Context, Diagnostic, OpId, Value};

use super::analysis::is_ancestor;
use crate::manager::{Pass, PassInfo};

/// Hoists allocations out of loops in `root`; returns how many moved.
pub fn hoist_loop_allocations(ctx: &mut Context, root: OpId) -> usize {
    let mut allocs = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if dialects::memref::AllocOp::isa(ctx, o) || dialects::memref::AllocaOp::isa(ctx, o) {
            allocs.push(o);
        }
    });
    let mut moved = 0;
    for a in allocs {
        let mut hoisted = false;
        while let Some(lp) = ctx.parent_op(a).filter(|p| is_loop(ctx, *p)) {
            if !can_leave(ctx, a, lp) {
                break;
            }
            ctx.unlink_op(a);
            ctx.insert_op_before(lp, a);
            hoisted = true;
        }
        moved += usize::from(hoisted);
    }
    moved
}

fn is_loop(ctx: &Context, op: OpId) -> bool {
    use dialects::{scf::ForOp, scf_more::WhileOp};
    // Not out of `scf.forall` or `scf.parallel`: each iteration needs a
    // buffer of its own.
    ForOp::isa(ctx, op) || WhileOp::isa(ctx, op)
}

/// Whether allocation `a`, directly in loop `lp`'s body, may move before
/// the loop: its sizes are defined outside, and neither the buffer nor a
/// view of it is yielded or freed in the loop.
fn can_leave(ctx: &Context, a: OpId, lp: OpId) -> bool {
    let inside = |v: Value| match ctx.value_def(v) {
        ValueDef::Result { op, .. } => op == lp || is_ancestor(ctx, lp, op),
        ValueDef::BlockArg { block, .. } => {
            let mut r = ctx.block_parent(block);
            while let Some(region) = r {
                match ctx.region_parent(region) {
                    Some(p) if p == lp => return true,
                    Some(p) => r = ctx.op_block(p).and_then(|b| ctx.block_parent(b)),
                    None => return false,
                }
            }
            false
        }
        ValueDef::Detached => false,
    };
    if ctx.operands(a).iter().any(|v| inside(*v)) {
        return false;
    }
    // The buffer and its views.
    let mut work = vec![ctx.result(a, 0)];
    let mut seen = FxHashSet::default();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        for u in ctx.uses(v) {
            let user = u.op;
            use dialects::{bufferization, func, memref, scf};
            if scf::YieldOp::isa(ctx, user)
                || memref::DeallocOp::isa(ctx, user)
                || bufferization::DeallocOp::isa(ctx, user)
                || func::ReturnOp::isa(ctx, user)
            {
                return false;
            }
            if is_view(ctx, user) {
                work.extend(ctx.results(user).iter().copied());
            }
        }
    }
    true
}

/// Whether `op` makes a view of its first operand (MLIR's
/// `ViewLikeOpInterface` memref ops).
pub(crate) fn is_view(ctx: &Context, op: OpId) -> bool {
    use dialects::memref::*;
    SubViewOp::isa(ctx, op)
        || CastOp::isa(ctx, op)
        || ExpandShapeOp::isa(ctx, op)
        || CollapseShapeOp::isa(ctx, op)
        || TransposeOp::isa(ctx, op)
        || ReinterpretCastOp::isa(ctx, op)
        || ViewOp::isa(ctx, op)
        || MemorySpaceCastOp::isa(ctx, op)
        || AssumeAlignmentOp::isa(ctx, op)
}

/// The `-buffer-loop-hoisting` pass.
pub struct BufferLoopHoisting;

impl Pass for BufferLoopHoisting {
    fn name(&self) -> &'static str {
        "buffer-loop-hoisting"
    }
    fn class_name(&self) -> &'static str {
        "BufferLoopHoistingPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        hoist_loop_allocations(ctx, op);
        Ok(())
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "buffer-loop-hoisting",
    description: "Move memref.alloc/alloca out of scf.for/while loops where their sizes allow (not out of scf.forall; not when yielded or freed in the loop)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(BufferLoopHoisting))
    },
};
