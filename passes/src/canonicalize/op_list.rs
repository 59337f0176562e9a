//! MLIR's `applyOpPatternsGreedily`: the greedy driver over a list of ops
//! instead of a whole region (what `remove-dead-values` canonicalizes its
//! region branch ops with).
//!
//! The worklist starts as the given ops, in order, and is worked from its
//! end. An op popped is erased when trivially dead, else given its first
//! canonicalization pattern (folds included) that applies. What a rewrite
//! touches goes on the worklist as in MLIR's driver: a new or modified op
//! (with its ancestors up to the scope, the region holding every given
//! op), and the producers of an erased op's operands that are left with at
//! most one other user. MLIR's patterns for region branch ops shrink them
//! in place (unused results and iteration arguments: operands erased in
//! place, then the op made anew from those left), which leaves the
//! producers of the dropped operands alone; tessel's build the op anew, so
//! after one of those (`IN_PLACE`) only the ops the rewrite made, the users
//! of their results and the producers of the kept operands are queued.

use rustc_hash::FxHashSet;
use tessel_ir::builder::Listener;
use tessel_ir::{Context, OpId, RegionId, Sym, Value};

use super::{apply_patterns, is_trivially_dead, PatternSet};

/// Applies the canonicalization patterns to `ops` and what they touch, to
/// a fixed point.
pub(crate) fn apply_op_patterns_greedily(ctx: &mut Context, ops: &[OpId]) {
    let Some(scope) = common_region(ctx, ops) else { return };
    let mut driver = Driver {
        scope,
        list: Vec::new(),
        queued: FxHashSet::default(),
        touched: Vec::new(),
        made: Vec::new(),
        modified: Vec::new(),
        freed: Vec::new(),
        erasing: None,
    };
    for &op in ops {
        driver.push(op);
    }
    let set = PatternSet::CANONICALIZATION;
    while let Some(op) = driver.pop() {
        if ctx.is_erased(op) || ctx.op_block(op).is_none() {
            continue;
        }
        let name = ctx.op(op).name;
        let in_place = if is_trivially_dead(ctx, op) {
            let loc = ctx.op_loc(op);
            tessel_ir::rewriter::Rewriter::new(ctx, tessel_ir::builder::InsertPoint::Before(op), loc, &mut driver)
                .erase_op(op);
            false
        } else {
            apply_patterns(ctx, op, &mut driver, set).is_some_and(|p| IN_PLACE.contains(&p))
        };
        driver.settle(ctx, in_place.then_some(name));
    }
}

/// The innermost region holding all of `ops` (MLIR's scope of the rewrite).
fn common_region(ctx: &Context, ops: &[OpId]) -> Option<RegionId> {
    let first = *ops.first()?;
    let mut region = ctx.block_parent(ctx.op_block(first)?)?;
    loop {
        if ops.iter().all(|op| is_inside(ctx, *op, region)) {
            return Some(region);
        }
        let parent = ctx.region_parent(region)?;
        region = ctx.block_parent(ctx.op_block(parent)?)?;
    }
}

fn is_inside(ctx: &Context, mut op: OpId, region: RegionId) -> bool {
    loop {
        let Some(block) = ctx.op_block(op) else { return false };
        let Some(r) = ctx.block_parent(block) else { return false };
        if r == region {
            return true;
        }
        match ctx.region_parent(r) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

/// The patterns that drop a region op's unused results and arguments,
/// which MLIR 22 does in place (its region-branch patterns erase operands,
/// arguments and results of the op it has).
const IN_PLACE: &[&str] = &[
    "drop_dead_iter_args",
    "if_unused_results",
    "index_switch_unused_results",
    "unused_result",
    "remove_unused_args",
    "drop_unused_shared_outs",
];

struct Driver {
    scope: RegionId,
    /// The worklist: popped from the end; an erased entry is skipped.
    list: Vec<OpId>,
    queued: FxHashSet<OpId>,
    /// What the current rewrite touched, in order: ops to queue (with
    /// their ancestors) once it is done.
    touched: Vec<OpId>,
    /// The ops the current rewrite made.
    made: Vec<OpId>,
    /// The ops the current rewrite changed in place (or moved).
    modified: Vec<OpId>,
    /// The operands of the ops the current rewrite erased.
    freed: Vec<(Sym, Value)>,
    /// The op being erased (and its name), whose operands are reported
    /// next.
    erasing: Option<(OpId, Sym)>,
}

impl Driver {
    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.list.push(op);
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        let op = self.list.pop()?;
        self.queued.remove(&op);
        Some(op)
    }

    /// Queues what the rewrite touched. A rewrite MLIR makes in place
    /// (`rebuilt`: the name of the op it shrinks) queues only the ops it
    /// made, the users of their results outside them, and the producers of
    /// the operands the shrunk op kept (MLIR's `eraseOpResults` makes the
    /// op anew from them); not the ops tessel moved into the new op, nor
    /// the producers of the operands it dropped.
    fn settle(&mut self, ctx: &Context, rebuilt: Option<Sym>) {
        let touched = std::mem::take(&mut self.touched);
        let made = std::mem::take(&mut self.made);
        let modified = std::mem::take(&mut self.modified);
        let freed = std::mem::take(&mut self.freed);
        // The producers of erased ops' operands left with at most one user
        // (MLIR erases nested ops first, users before what they use;
        // counting once the rewrite is done sees the same).
        let lone_producer = |v: Value| {
            let def = ctx.defining_op(v)?;
            let mut users = ctx.uses(v).iter().map(|u| u.op);
            let first = users.next();
            (!first.is_some_and(|f| users.any(|o| o != f))).then_some(def)
        };
        let queue: Vec<OpId> = match rebuilt {
            Some(name) => {
                let outside = |o: &OpId| !made.iter().any(|m| *m != *o && ctx.is_within(*o, *m));
                let users: Vec<OpId> = modified.into_iter().filter(|o| !ctx.is_erased(*o) && outside(o)).collect();
                let anew: Vec<OpId> =
                    made.iter().copied().filter(|m| !ctx.is_erased(*m) && ctx.op(*m).name == name).collect();
                let kept = freed
                    .into_iter()
                    .filter(|(erased, v)| *erased == name && anew.iter().any(|m| ctx.operands(*m).contains(v)))
                    .filter_map(|(_, v)| lone_producer(v));
                made.into_iter().chain(users).chain(kept).collect()
            }
            None => touched.into_iter().chain(freed.into_iter().filter_map(|(_, v)| lone_producer(v))).collect(),
        };
        for op in queue {
            if !ctx.is_erased(op) {
                self.push_with_ancestors(ctx, op);
            }
        }
    }

    /// MLIR's `addToWorklist`: `op` and its ancestors, if it is inside the
    /// scope.
    fn push_with_ancestors(&mut self, ctx: &Context, op: OpId) {
        let mut chain = vec![op];
        let mut cur = op;
        loop {
            let Some(region) = ctx.op_block(cur).and_then(|b| ctx.block_parent(b)) else { return };
            if region == self.scope {
                for o in chain {
                    self.push(o);
                }
                return;
            }
            let Some(parent) = ctx.region_parent(region) else { return };
            chain.push(parent);
            cur = parent;
        }
    }
}

impl Listener for Driver {
    fn op_inserted(&mut self, _ctx: &Context, op: OpId) {
        self.erasing = None;
        self.made.push(op);
        self.touched.push(op);
    }

    fn op_modified(&mut self, _ctx: &Context, op: OpId) {
        self.erasing = None;
        self.touched.push(op);
        self.modified.push(op);
    }

    fn op_erased(&mut self, ctx: &Context, op: OpId) {
        if self.queued.remove(&op) {
            self.list.retain(|o| *o != op);
        }
        self.erasing = Some((op, ctx.op(op).name));
    }

    fn value_lost_use(&mut self, ctx: &Context, v: Value) {
        // Only an erased op's operands (MLIR's `addOperandsToWorklist`):
        // their producer, weighed once the rewrite is done.
        let Some((erased, name)) = self.erasing else { return };
        if ctx.operands(erased).contains(&v) {
            self.freed.push((name, v));
        }
    }
}
