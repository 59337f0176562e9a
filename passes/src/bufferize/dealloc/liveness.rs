//! What buffer deallocation asks of the IR's structure: MLIR's `Liveness`
//! for the blocks of one region, the order MLIR's `ValueComparator` puts
//! values in, and a function's blocks in the order the ownership pass
//! visits them (nested blocks first, each region's blocks in depth-first
//! order from its entry).

use std::cmp::Ordering;

use rustc_hash::{FxHashMap, FxHashSet};
use tessel_ir::context::ValueDef;
use tessel_ir::{BlockId, Context, OpId, RegionId, Value};

/// Live-in and live-out values of each block of a region (MLIR's
/// `Liveness` restricted to one region: a value used in a nested region is
/// used by the op holding it).
pub(super) struct RegionLiveness {
    live_in: FxHashMap<BlockId, FxHashSet<Value>>,
    live_out: FxHashMap<BlockId, FxHashSet<Value>>,
}

impl RegionLiveness {
    pub(super) fn new(ctx: &Context, region: RegionId) -> Self {
        let blocks = ctx.blocks(region).to_vec();
        let mut uses: FxHashMap<BlockId, FxHashSet<Value>> = FxHashMap::default();
        let mut defs: FxHashMap<BlockId, FxHashSet<Value>> = FxHashMap::default();
        let mut live_out: FxHashMap<BlockId, FxHashSet<Value>> = FxHashMap::default();
        for &b in &blocks {
            let (mut used, mut defined, mut out) = (FxHashSet::default(), FxHashSet::default(), FxHashSet::default());
            let escapes = |v: Value, out: &mut FxHashSet<Value>| {
                if ctx.uses(v).iter().any(|u| ancestor_block_in(ctx, u.op, region) != Some(b)) {
                    out.insert(v);
                }
            };
            for &a in ctx.block_args(b) {
                defined.insert(a);
                escapes(a, &mut out);
            }
            for op in ctx.block_ops(b) {
                for &r in ctx.results(op) {
                    escapes(r, &mut out);
                }
                ctx.walk_preorder(op, &mut |nested| {
                    defined.extend(ctx.results(nested).iter().copied());
                    used.extend(ctx.operands(nested).iter().copied());
                    for &r in ctx.regions(nested) {
                        for &nb in ctx.blocks(r) {
                            defined.extend(ctx.block_args(nb).iter().copied());
                        }
                    }
                });
            }
            used.retain(|v| !defined.contains(v));
            uses.insert(b, used);
            defs.insert(b, defined);
            live_out.insert(b, out);
        }
        let mut live_in: FxHashMap<BlockId, FxHashSet<Value>> = FxHashMap::default();
        let compute_in = |b: BlockId, live_out: &FxHashMap<BlockId, FxHashSet<Value>>| {
            let mut set = uses[&b].clone();
            set.extend(live_out[&b].iter().copied());
            set.retain(|v| !defs[&b].contains(v));
            set
        };
        for &b in &blocks {
            live_in.insert(b, compute_in(b, &live_out));
        }
        // Fixed point: out = union of the successors' in, in = use + out - def.
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &blocks {
                let succs: Vec<BlockId> = ctx.last_op(b).map(|t| ctx.op(t).successors().to_vec()).unwrap_or_default();
                let mut out = live_out[&b].clone();
                for s in succs {
                    out.extend(live_in.get(&s).into_iter().flatten().copied());
                }
                live_out.insert(b, out);
                let new_in = compute_in(b, &live_out);
                if new_in.len() != live_in[&b].len() {
                    live_in.insert(b, new_in);
                    changed = true;
                }
            }
        }
        RegionLiveness { live_in, live_out }
    }

    pub(super) fn live_in(&self, b: BlockId) -> &FxHashSet<Value> {
        &self.live_in[&b]
    }

    pub(super) fn live_out(&self, b: BlockId) -> &FxHashSet<Value> {
        &self.live_out[&b]
    }
}

/// The block of `region` that holds `op` (directly or through nested ops).
pub(super) fn ancestor_block_in(ctx: &Context, op: OpId, region: RegionId) -> Option<BlockId> {
    let mut cur = op;
    loop {
        let b = ctx.op_block(cur)?;
        if ctx.block_parent(b) == Some(region) {
            return Some(b);
        }
        cur = ctx.region_parent(ctx.block_parent(b)?)?;
    }
}

/// The region a value is defined in.
pub(super) fn value_region(ctx: &Context, v: Value) -> Option<RegionId> {
    ctx.block_parent(value_block(ctx, v)?)
}

/// The block a value is defined in.
pub(super) fn value_block(ctx: &Context, v: Value) -> Option<BlockId> {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.op_block(op),
        ValueDef::BlockArg { block, .. } => Some(block),
        ValueDef::Detached => None,
    }
}

/// The region holding the op that holds `r`.
pub(super) fn parent_region(ctx: &Context, r: RegionId) -> Option<RegionId> {
    let op = ctx.region_parent(r)?;
    ctx.block_parent(ctx.op_block(op)?)
}

/// Whether `outer` is a proper ancestor of `inner`.
pub(super) fn is_proper_ancestor(ctx: &Context, outer: RegionId, inner: RegionId) -> bool {
    let mut cur = parent_region(ctx, inner);
    while let Some(r) = cur {
        if r == outer {
            return true;
        }
        cur = parent_region(ctx, r);
    }
    false
}

fn region_number(ctx: &Context, r: RegionId) -> usize {
    ctx.region_parent(r).and_then(|op| ctx.regions(op).iter().position(|x| *x == r)).unwrap_or(0)
}

fn position_in_block(ctx: &Context, op: OpId) -> usize {
    ctx.op_block(op).and_then(|b| ctx.block_ops(b).position(|o| o == op)).unwrap_or(0)
}

/// MLIR's `ValueComparator`: block arguments before results, then by
/// argument number or position, then by where their regions sit.
pub(super) fn compare_values(ctx: &Context, a: Value, b: Value) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (mut ra, mut rb) = match (ctx.value_def(a), ctx.value_def(b)) {
        (ValueDef::BlockArg { .. }, ValueDef::Result { .. }) => return Ordering::Less,
        (ValueDef::Result { .. }, ValueDef::BlockArg { .. }) => return Ordering::Greater,
        (ValueDef::BlockArg { block: ba, index: ia }, ValueDef::BlockArg { block: bb, index: ib }) => {
            if ia != ib {
                return ia.cmp(&ib);
            }
            (ctx.block_parent(ba), ctx.block_parent(bb))
        }
        (ValueDef::Result { op: oa, index: ia }, ValueDef::Result { op: ob, index: ib }) => {
            if oa == ob {
                return ia.cmp(&ib);
            }
            let (ra, rb) = (value_region(ctx, a), value_region(ctx, b));
            if ra == rb {
                return position_in_block(ctx, oa).cmp(&position_in_block(ctx, ob));
            }
            (ra, rb)
        }
        _ => return Ordering::Equal,
    };
    while let (Some(x), Some(y)) = (ra, rb) {
        if region_number(ctx, x) != region_number(ctx, y) {
            return region_number(ctx, x).cmp(&region_number(ctx, y));
        }
        if parent_region(ctx, x) == parent_region(ctx, y) {
            let (px, py) = (ctx.region_parent(x), ctx.region_parent(y));
            return match (px, py) {
                (Some(px), Some(py)) => position_in_block(ctx, px).cmp(&position_in_block(ctx, py)),
                _ => Ordering::Equal,
            };
        }
        ra = parent_region(ctx, x);
        rb = parent_region(ctx, y);
    }
    if rb.is_some() {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// The blocks nested in `op` in the order MLIR's post-order walk with
/// forward dominance visits them: every block after the blocks nested in
/// its ops; a region's blocks depth-first from its entry (unreachable
/// blocks are left out).
pub(super) fn blocks_post_order(ctx: &Context, op: OpId, out: &mut Vec<BlockId>) {
    for &r in ctx.regions(op) {
        for b in depth_first(ctx, r) {
            for inner in ctx.block_ops(b).collect::<Vec<_>>() {
                blocks_post_order(ctx, inner, out);
            }
            out.push(b);
        }
    }
}

/// A region's blocks reachable from its entry, in depth-first preorder.
fn depth_first(ctx: &Context, r: RegionId) -> Vec<BlockId> {
    let Some(&entry) = ctx.blocks(r).first() else { return Vec::new() };
    let mut seen = FxHashSet::default();
    let mut order = Vec::new();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        order.push(b);
        let succs: Vec<BlockId> = ctx.last_op(b).map(|t| ctx.op(t).successors().to_vec()).unwrap_or_default();
        for s in succs.into_iter().rev() {
            if !seen.contains(&s) {
                stack.push(s);
            }
        }
    }
    order
}

/// Whether the control flow of `func`'s regions has a cycle (a backedge
/// between blocks; loops of structured ops are not cycles).
pub(super) fn has_cfg_cycle(ctx: &Context, func: OpId) -> bool {
    fn visit(ctx: &Context, b: BlockId, on_stack: &mut FxHashSet<BlockId>, done: &mut FxHashSet<BlockId>) -> bool {
        if on_stack.contains(&b) {
            return true;
        }
        if !done.insert(b) {
            return false;
        }
        on_stack.insert(b);
        let succs: Vec<BlockId> = ctx.last_op(b).map(|t| ctx.op(t).successors().to_vec()).unwrap_or_default();
        let cyclic = succs.into_iter().any(|s| visit(ctx, s, on_stack, done));
        on_stack.remove(&b);
        cyclic
    }
    let mut done = FxHashSet::default();
    let mut ops = vec![func];
    ops.extend(ctx.nested_ops(func));
    ops.into_iter().any(|op| {
        ctx.regions(op)
            .iter()
            .any(|r| ctx.blocks(*r).first().is_some_and(|e| visit(ctx, *e, &mut FxHashSet::default(), &mut done)))
    })
}
