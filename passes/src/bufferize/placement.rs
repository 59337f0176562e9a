//! Where buffers live after bufferization, as MLIR 22's buffer
//! optimization passes place them:
//!
//! - `-buffer-hoisting` moves `memref.alloc` up into the
//!   closest block that dominates every use of the buffer and of its
//!   aliases (views, values yielded out of `scf.if` and loops), as far as
//!   the size operands allow and never out of a loop: an allocation yielded
//!   out of an `scf.if` moves before it.
//! - `-promote-buffers-to-stack` turns a small `memref.alloc` (static, at
//!   most `max-alloc-size-in-bytes`, default 1024; or of rank at most
//!   `max-rank-of-allocated-memref`, default 1, sized by `memref.rank`) that
//!   is never freed and never leaves its function into a `memref.alloca`.
//!   Unlike MLIR 22, an allocation inside a loop (`scf.for`, `while`,
//!   `forall`, `parallel`) is not promoted: lowered to LLVM, an `alloca` in a
//!   loop body takes new stack in every iteration. Hoist it first
//!   (`-buffer-loop-hoisting`).

use rustc_hash::FxHashSet;
use tessel_ir::context::ValueDef;
use tessel_ir::dialects;
use tessel_ir::types::TypeKind;
use tessel_ir::{BlockId, Context, Diagnostic, OpId, Type, Value};

use super::hoisting::is_view;
use crate::manager::{Pass, PassInfo};

/// Ops whose regions MLIR's buffer placement can see through (its
/// `RegionBranchOpInterface` / `LoopLikeOpInterface` ops).
fn is_known_control_flow(ctx: &Context, op: OpId) -> bool {
    use dialects::{scf::IfOp, scf_more::ExecuteRegionOp, scf_more::IndexSwitchOp};
    is_loop(ctx, op) || IfOp::isa(ctx, op) || ExecuteRegionOp::isa(ctx, op) || IndexSwitchOp::isa(ctx, op)
}

fn is_loop(ctx: &Context, op: OpId) -> bool {
    use dialects::{scf::ForOp, scf::ForallOp, scf_more::WhileOp};
    ForOp::isa(ctx, op)
        || WhileOp::isa(ctx, op)
        || ForallOp::isa(ctx, op)
        || tessel_ir::dialects::scf_parallel::ParallelOp::isa(ctx, op)
}

/// The block a value is defined in.
fn block_of(ctx: &Context, v: Value) -> Option<BlockId> {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.op_block(op),
        ValueDef::BlockArg { block, .. } => Some(block),
        ValueDef::Detached => None,
    }
}

/// The block holding the op whose region holds `b`.
fn enclosing_block(ctx: &Context, b: BlockId) -> Option<BlockId> {
    ctx.block_parent(b).and_then(|r| ctx.region_parent(r)).and_then(|op| ctx.op_block(op))
}

/// Whether block `a` dominates block `b` (structured control flow: `a` is
/// `b` or holds an op `b` is nested in).
fn dominates(ctx: &Context, a: BlockId, mut b: BlockId) -> bool {
    loop {
        if a == b {
            return true;
        }
        match enclosing_block(ctx, b) {
            Some(p) => b = p,
            None => return false,
        }
    }
}

/// The closest block dominating both `a` and `b`.
fn common_dominator(ctx: &Context, a: BlockId, b: BlockId) -> BlockId {
    let mut cur = Some(a);
    while let Some(c) = cur {
        if dominates(ctx, c, b) {
            return c;
        }
        cur = enclosing_block(ctx, c);
    }
    a
}

/// `v` and every value that may be the same buffer (MLIR's
/// `BufferViewFlowAnalysis`): views of it, and values it flows into
/// through `scf` regions (loop-carried arguments, results).
pub(super) fn aliases(ctx: &Context, v: Value) -> Vec<Value> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    let mut work = vec![v];
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        out.push(x);
        for u in ctx.uses(x) {
            let (user, i) = (u.op, u.operand as usize);
            use dialects::{
                memref::AllocaScopeReturnOp, scf::ForOp, scf::YieldOp, scf_more::ConditionOp, scf_more::WhileOp,
            };
            let condition = ConditionOp::isa(ctx, user);
            if is_view(ctx, user) {
                work.extend(ctx.results(user).iter().copied());
            } else if ForOp::isa(ctx, user) && i >= 3 {
                let body = ctx.blocks(ctx.regions(user)[0])[0];
                work.push(ctx.block_args(body)[1 + i - 3]);
                work.push(ctx.result(user, i - 3));
            } else if YieldOp::isa(ctx, user) || condition || AllocaScopeReturnOp::isa(ctx, user) {
                let Some(parent) = ctx.parent_op(user) else { continue };
                let k = if condition { i.checked_sub(1) } else { Some(i) };
                let Some(k) = k else { continue };
                if let Some(r) = ctx.results(parent).get(k) {
                    work.push(*r);
                }
                if dialects::scf::ForOp::isa(ctx, parent) {
                    let body = ctx.blocks(ctx.regions(parent)[0])[0];
                    if let Some(a) = ctx.block_args(body).get(1 + k) {
                        work.push(*a);
                    }
                }
                if dialects::scf_more::WhileOp::isa(ctx, parent) {
                    // Into the other region's arguments.
                    for r in ctx.regions(parent) {
                        if let Some(b) = ctx.blocks(*r).first() {
                            if let Some(a) = ctx.block_args(*b).get(k) {
                                work.push(*a);
                            }
                        }
                    }
                }
            } else if WhileOp::isa(ctx, user) {
                if let Some(b) = ctx.blocks(ctx.regions(user)[0]).first() {
                    if let Some(a) = ctx.block_args(*b).get(i) {
                        work.push(*a);
                    }
                }
            }
        }
    }
    out
}

/// Moves allocations into common dominators (never out of a loop); returns
/// how many moved.
pub fn hoist_allocations(ctx: &mut Context, root: OpId) -> usize {
    // `memref.alloca` moves only out of loops (its hoisting kind in MLIR).
    let mut allocs = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if dialects::memref::AllocOp::isa(ctx, o) {
            allocs.push(o);
        }
    });
    let mut moved = 0;
    for a in allocs {
        let v = ctx.result(a, 0);
        let Some(home) = ctx.op_block(a) else { continue };
        // Where every alias and every use of one is.
        let mut dom = home;
        for x in aliases(ctx, v) {
            for u in ctx.uses(x) {
                if let Some(b) = ctx.op_block(u.op) {
                    dom = common_dominator(ctx, dom, b);
                }
            }
            if let Some(b) = block_of(ctx, x) {
                dom = common_dominator(ctx, dom, b);
            }
        }
        // The sizes must be defined above the new place.
        let mut upper = dom;
        for s in ctx.operands(a) {
            if let Some(b) = block_of(ctx, *s) {
                if dominates(ctx, upper, b) {
                    upper = b;
                }
            }
        }
        let mut current = home;
        let mut start = a;
        while current != upper && dominates(ctx, upper, current) {
            let Some(parent) = ctx.block_parent(current).and_then(|r| ctx.region_parent(r)) else { break };
            if !is_known_control_flow(ctx, parent) || is_loop(ctx, parent) {
                break;
            }
            let Some(pb) = ctx.op_block(parent) else { break };
            current = pb;
            start = parent;
        }
        if start != a {
            ctx.unlink_op(a);
            ctx.insert_op_before(start, a);
            moved += 1;
        }
    }
    moved
}

/// The bits of one element of `ty` in MLIR's default data layout, or
/// `None` for element types without one.
fn element_bits(ctx: &Context, ty: Type) -> Option<u64> {
    match ctx.type_kind(ty) {
        TypeKind::Index => Some(64),
        TypeKind::Complex { elem } => element_bits(ctx, *elem).map(|b| 2 * b),
        TypeKind::Vector { shape, elem, .. } => {
            let n: i64 = shape.iter().product();
            element_bits(ctx, *elem).map(|b| (n as u64 * b).next_power_of_two())
        }
        TypeKind::Integer { width, .. } => Some(u64::from(*width)),
        TypeKind::Float(f) => Some(u64::from(f.width())),
        _ => None,
    }
}

/// MLIR's `defaultIsSmallAlloc`.
fn is_small(ctx: &Context, alloc: OpId, max_bytes: u64, max_rank: usize) -> bool {
    let ty = ctx.value_type(ctx.result(alloc, 0));
    let TypeKind::MemRef { shape, elem, .. } = ctx.type_kind(ty) else { return false };
    if shape.contains(&tessel_ir::types::DYNAMIC) {
        return shape.len() <= max_rank
            && ctx
                .operands(alloc)
                .iter()
                .all(|v| ctx.defining_op(*v).is_some_and(|d| dialects::memref::RankOp::isa(ctx, d)));
    }
    let Some(bits) = element_bits(ctx, *elem) else { return false };
    let Some(n) = shape.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d as u64)) else { return false };
    n.checked_mul(bits).is_some_and(|total| total <= max_bytes * 8)
}

/// Whether the function (or `alloca_scope`) around `alloc` can hold it on
/// its stack: no loop in between, and no alias of it leaves the scope.
fn has_allocation_scope(ctx: &Context, alloc: OpId) -> bool {
    let v = ctx.result(alloc, 0);
    let mut block = ctx.op_block(alloc);
    while let Some(b) = block {
        let Some(region) = ctx.block_parent(b) else { return false };
        let Some(parent) = ctx.region_parent(region) else { return false };
        if dialects::func::FuncOp::isa(ctx, parent) || dialects::memref::AllocaScopeOp::isa(ctx, parent) {
            return !aliases(ctx, v).iter().any(|x| {
                ctx.uses(*x).iter().any(|u| {
                    let terminator = dialects::func::ReturnOp::isa(ctx, u.op)
                        || dialects::memref::AllocaScopeReturnOp::isa(ctx, u.op)
                        || dialects::scf::YieldOp::isa(ctx, u.op);
                    terminator && ctx.op_block(u.op).and_then(|ub| ctx.block_parent(ub)) == Some(region)
                })
            });
        }
        if is_loop(ctx, parent) || !is_known_control_flow(ctx, parent) {
            return false;
        }
        block = ctx.op_block(parent);
    }
    false
}

/// Promotes small allocations to the stack; returns how many.
pub fn promote_buffers_to_stack(ctx: &mut Context, root: OpId, max_bytes: u64, max_rank: usize) -> usize {
    let mut allocs = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if dialects::memref::AllocOp::isa(ctx, o) {
            allocs.push(o);
        }
    });
    let mut promoted = 0;
    for a in allocs {
        let v = ctx.result(a, 0);
        let freed = ctx.uses(v).iter().any(|u| dialects::memref::DeallocOp::isa(ctx, u.op));
        if freed || !is_small(ctx, a, max_bytes, max_rank) || !has_allocation_scope(ctx, a) {
            continue;
        }
        let spec = tessel_ir::context::OpSpec {
            name: ctx.sym(dialects::memref::AllocaOp::NAME),
            operands: ctx.operands(a).iter().copied().collect(),
            result_types: vec![ctx.value_type(v)].into_iter().collect(),
            attrs: ctx.op(a).attrs.clone(),
            regions: vec![],
            successors: vec![],
            loc: ctx.op_loc(a),
        };
        let new = ctx.create_op(spec);
        ctx.insert_op_before(a, new);
        let nv = ctx.result(new, 0);
        ctx.replace_all_uses(v, nv);
        ctx.erase_op(a);
        promoted += 1;
    }
    promoted
}

/// The `-buffer-hoisting` pass.
pub struct BufferHoisting;

impl Pass for BufferHoisting {
    fn name(&self) -> &'static str {
        "buffer-hoisting"
    }
    fn class_name(&self) -> &'static str {
        "BufferHoistingPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        hoist_allocations(ctx, op);
        Ok(())
    }
}

pub(crate) const HOISTING_INFO: PassInfo = PassInfo {
    name: "buffer-hoisting",
    description: "Move memref.alloc into the closest block dominating all uses of the buffer and its aliases (never out of a loop)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(BufferHoisting))
    },
};

/// The `-promote-buffers-to-stack` pass.
pub struct PromoteBuffersToStack {
    max_bytes: u64,
    max_rank: usize,
}

impl Pass for PromoteBuffersToStack {
    fn name(&self) -> &'static str {
        "promote-buffers-to-stack"
    }
    fn class_name(&self) -> &'static str {
        "PromoteBuffersToStackPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        promote_buffers_to_stack(ctx, op, self.max_bytes, self.max_rank);
        Ok(())
    }
}

pub(crate) const PROMOTE_INFO: PassInfo = PassInfo {
    name: "promote-buffers-to-stack",
    description: "Turn small memref.allocs that are never freed or returned into memref.allocas {max-alloc-size-in-bytes=1024 max-rank-of-allocated-memref=1} (not inside loops)",
    build: |opts| {
        const SIZE: &str = "max-alloc-size-in-bytes";
        const RANK: &str = "max-rank-of-allocated-memref";
        crate::reject_unknown_options(opts, &[SIZE, RANK])?;
        let number = |name: &str, default: u64| match opts.get(name) {
            None => Ok(default),
            Some(v) => v.parse::<u64>().map_err(|_| format!("option '{name}' must be a number, got '{v}'")),
        };
        Ok(Box::new(PromoteBuffersToStack { max_bytes: number(SIZE, 1024)?, max_rank: number(RANK, 1)? as usize }))
    },
};
