//! Which allocation a buffer comes from (MLIR 22's `BufferViewFlowAnalysis`
//! and `BufferOriginAnalysis`): views lead back to what they view, region
//! results and block arguments to what flows into them, a call's results
//! to its operands; allocations, function arguments and results of ops the
//! analysis does not know are where the trail ends ("terminals").

use rustc_hash::{FxHashMap, FxHashSet};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::{arith, bufferization, func, memref, scf, scf_more};
use tessel_ir::{Context, OpId, Value};

use super::ownership::is_memref;
use crate::bufferize::hoisting::is_view;

/// The view flow of one function.
pub(super) struct Origins {
    /// Where each value may come from.
    sources: FxHashMap<Value, FxHashSet<Value>>,
    terminals: FxHashSet<Value>,
}

/// For a view op (MLIR's `ViewLikeOpInterface`, with
/// `memref.extract_strided_metadata`'s base buffer), its source and the view.
fn view_of(ctx: &Context, op: OpId) -> Option<(Value, Value)> {
    let is_view = is_view(ctx, op) || memref::ExtractStridedMetadataOp::isa(ctx, op);
    (is_view && !ctx.results(op).is_empty()).then(|| (ctx.operands(op)[0], ctx.result(op, 0)))
}

/// MLIR's `getViewBase`: `v` with its views looked through.
fn view_base(ctx: &Context, mut v: Value) -> Value {
    while let Some(op) = ctx.defining_op(v) {
        match view_of(ctx, op) {
            Some((src, dest)) if dest == v => v = src,
            _ => break,
        }
    }
    v
}

/// Whether `v` is a buffer its defining op allocates.
pub(super) fn is_allocation(ctx: &Context, v: Value) -> bool {
    ctx.defining_op(v).is_some_and(|op| {
        memref::AllocOp::isa(ctx, op) || memref::AllocaOp::isa(ctx, op) || bufferization::CloneOp::isa(ctx, op)
    })
}

fn is_function_argument(ctx: &Context, v: Value) -> bool {
    let ValueDef::BlockArg { block, .. } = ctx.value_def(v) else { return false };
    let Some(region) = ctx.block_parent(block) else { return false };
    ctx.region_parent(region).is_some_and(|p| func::FuncOp::isa(ctx, p)) && ctx.blocks(region)[0] == block
}

/// The function (or other isolated op) holding `v`.
fn enclosing_function(ctx: &Context, v: Value) -> Option<OpId> {
    let mut op = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.parent_op(op)?,
        ValueDef::BlockArg { block, .. } => ctx.region_parent(ctx.block_parent(block)?)?,
        ValueDef::Detached => return None,
    };
    loop {
        if func::FuncOp::isa(ctx, op) {
            return Some(op);
        }
        match ctx.parent_op(op) {
            Some(p) => op = p,
            None => return Some(op),
        }
    }
}

impl Origins {
    pub(super) fn of_function(ctx: &Context, f: OpId) -> Self {
        let mut o = Origins { sources: FxHashMap::default(), terminals: FxHashSet::default() };
        o.visit(ctx, f);
        for op in ctx.nested_ops(f) {
            o.visit(ctx, op);
        }
        o
    }

    fn depend(&mut self, from: &[Value], to: &[Value]) {
        for (f, t) in from.iter().zip(to) {
            self.sources.entry(*t).or_default().insert(*f);
        }
    }

    fn terminal_results_and_args(&mut self, ctx: &Context, op: OpId) {
        self.terminals.extend(ctx.results(op).iter().copied().filter(|v| is_memref(ctx, *v)));
        for r in ctx.regions(op) {
            for b in ctx.blocks(*r) {
                self.terminals.extend(ctx.block_args(*b).iter().copied().filter(|v| is_memref(ctx, *v)));
            }
        }
    }

    fn visit(&mut self, ctx: &Context, op: OpId) {
        if arith::SelectOp::isa(ctx, op) {
            let (t, f, r) = (ctx.operands(op)[1], ctx.operands(op)[2], ctx.result(op, 0));
            self.depend(&[t, f], &[r, r]);
            return;
        }
        if let Some((src, dest)) = view_of(ctx, op) {
            self.depend(&[src], &[dest]);
            return;
        }
        if !ctx.op(op).successors().is_empty() {
            let h_operands = branch_operands(ctx, op);
            for (succ, operands) in ctx.op(op).successors().to_vec().into_iter().zip(h_operands) {
                let args = ctx.block_args(succ).to_vec();
                self.depend(&operands, &args);
            }
            return;
        }
        if let Some(flows) = region_flows(ctx, op) {
            for (from, to) in flows {
                self.depend(&from, &to);
            }
            return;
        }
        if ctx.def_of(op).is_some_and(|d| d.has(tessel_ir::registry::traits::TERMINATOR))
            && ctx.parent_op(op).is_some_and(|p| region_flows(ctx, p).is_some())
        {
            return;
        }
        if func::CallOp::isa(ctx, op) {
            self.terminal_results_and_args(ctx, op);
            for &a in ctx.operands(op) {
                for &r in ctx.results(op) {
                    self.depend(&[a], &[r]);
                }
            }
            return;
        }
        self.terminal_results_and_args(ctx, op);
    }

    /// Every value `v` may come from, `v` included.
    fn resolve(&self, v: Value) -> FxHashSet<Value> {
        let mut seen = FxHashSet::default();
        let mut work = vec![v];
        while let Some(x) = work.pop() {
            if seen.insert(x) {
                if let Some(s) = self.sources.get(&x) {
                    work.extend(s.iter().copied());
                }
            }
        }
        seen
    }
}

/// The operands each successor of a branch gets.
fn branch_operands(ctx: &Context, op: OpId) -> Vec<Vec<Value>> {
    use tessel_ir::dialects::cf;
    if cf::CondBranchOp::isa(ctx, op) {
        let h = cf::CondBranchOp(op);
        return vec![h.true_dest_operands(ctx).to_vec(), h.false_dest_operands(ctx).to_vec()];
    }
    if cf::BranchOp::isa(ctx, op) {
        return vec![ctx.operands(op).to_vec()];
    }
    vec![Vec::new(); ctx.op(op).successors().len()]
}

/// For ops with MLIR's `RegionBranchOpInterface`: what flows into what
/// (entry operands into region arguments, terminator operands into the
/// next region's arguments or the op's results).
fn region_flows(ctx: &Context, op: OpId) -> Option<Vec<(Vec<Value>, Vec<Value>)>> {
    let terminator = |r: tessel_ir::RegionId| ctx.blocks(r).first().and_then(|b| ctx.last_op(*b));
    let results = ctx.results(op).to_vec();
    if scf::ForOp::isa(ctx, op) {
        let body = ctx.regions(op)[0];
        let args = ctx.block_args(ctx.blocks(body)[0])[1..].to_vec();
        let inits = ctx.operands(op)[3..].to_vec();
        let yielded = terminator(body).map(|t| ctx.operands(t).to_vec()).unwrap_or_default();
        // The body may run no time: the inits flow to the results too.
        return Some(vec![
            (inits.clone(), args.clone()),
            (inits, results.clone()),
            (yielded.clone(), args),
            (yielded, results),
        ]);
    }
    if scf_more::WhileOp::isa(ctx, op) {
        let (before, after) = (ctx.regions(op)[0], ctx.regions(op)[1]);
        let before_args = ctx.block_args(ctx.blocks(before)[0]).to_vec();
        let after_args = ctx.block_args(ctx.blocks(after)[0]).to_vec();
        let cond_args = terminator(before).map(|t| ctx.operands(t)[1..].to_vec()).unwrap_or_default();
        let yielded = terminator(after).map(|t| ctx.operands(t).to_vec()).unwrap_or_default();
        return Some(vec![
            (ctx.operands(op).to_vec(), before_args.clone()),
            (cond_args.clone(), after_args),
            (cond_args, results),
            (yielded, before_args),
        ]);
    }
    if scf::IfOp::isa(ctx, op)
        || scf_more::ExecuteRegionOp::isa(ctx, op)
        || scf_more::IndexSwitchOp::isa(ctx, op)
        || memref::AllocaScopeOp::isa(ctx, op)
    {
        let flows = ctx
            .regions(op)
            .iter()
            .filter_map(|r| terminator(*r))
            .map(|t| (ctx.operands(t).to_vec(), results.clone()))
            .collect();
        return Some(flows);
    }
    None
}

/// MLIR's `BufferOriginAnalysis::isSameAllocation`: `Some(true)` when both
/// come from the same allocation, `Some(false)` when surely from different
/// ones, `None` when it cannot tell.
pub(super) fn is_same_allocation(ctx: &Context, a: Value, b: Value) -> Option<bool> {
    let (a, b) = (view_base(ctx, a), view_base(ctx, b));
    if a == b {
        return Some(true);
    }
    let f = enclosing_function(ctx, a)?;
    let origins = Origins::of_function(ctx, f);
    let terminals = |v: Value| -> (FxHashSet<Value>, bool, bool) {
        let mut set = FxHashSet::default();
        let (mut all_allocs, mut allocs_or_args) = (true, true);
        for x in origins.resolve(v) {
            if is_memref(ctx, x) && origins.terminals.contains(&x) {
                set.insert(x);
                all_allocs &= is_allocation(ctx, x);
                allocs_or_args &= is_function_argument(ctx, x) || is_allocation(ctx, x);
            }
        }
        (set, all_allocs, allocs_or_args)
    };
    let (t1, all1, aa1) = terminals(a);
    let (t2, all2, aa2) = terminals(b);
    if t1.len() == 1 && t1 == t2 {
        return Some(true);
    }
    if t1.iter().any(|v| t2.contains(v)) {
        return None;
    }
    if (all1 && (all2 || aa2)) || ((all1 || aa1) && all2) {
        return Some(false);
    }
    None
}

/// MLIR's `distinctAllocAndBlockArgument`: one is an allocation made
/// inside the block whose argument the other is.
pub(super) fn distinct_alloc_and_block_argument(ctx: &Context, a: Value, b: Value) -> bool {
    let distinct = |x: Value, y: Value| {
        let Some(op) = ctx.defining_op(x).filter(|_| is_allocation(ctx, x)) else { return false };
        let ValueDef::BlockArg { block, .. } = ctx.value_def(y) else { return false };
        let mut cur = Some(op);
        while let Some(o) = cur {
            if ctx.op_block(o) == Some(block) {
                return true;
            }
            cur = ctx.parent_op(o);
        }
        false
    };
    let (a, b) = (view_base(ctx, a), view_base(ctx, b));
    distinct(a, b) || distinct(b, a)
}
