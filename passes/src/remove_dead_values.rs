//! `remove-dead-values`, as mlir-opt 22's pass (`RemoveDeadValues.cpp` on
//! MLIR's `LivenessAnalysis`).
//!
//! **Liveness** runs backward over the code the dead-code analysis finds
//! reachable (the one `sccp` solves: constant branches take one edge, a
//! private function lives through its live calls). A value is live when
//! an op with memory effects reads it, a return of a function whose callers
//! are not all known returns it, a terminator of an op with its own
//! semantics (`linalg.yield`, `tensor.yield`) yields it, or it computes a
//! live value. Values passed along control flow are live when what they
//! reach is: a branch operand when its block argument is, an `scf.for`
//! init when its iteration argument or result is, a yield operand when the
//! region argument or result it becomes is, a call operand when the
//! callee's argument is, a private function's return operand when a live
//! call's result is. A branch condition is live when the branch is; a
//! region op's own operands (bounds, conditions) when the op has effects
//! in its blocks or a live result.
//!
//! **The rewrite**, found first and done after, as 22's: in a private
//! function with all its calls known, dead arguments go (and the call
//! operands for them), results no call uses go (and the return operands
//! for them); an op without effects whose results are all dead, or any
//! simple op reading a dead value, is erased; a region op without effects
//! and with dead results is erased; an operand a region op or its
//! terminators pass only to dead region arguments or results becomes a
//! new `ub.poison` (made right before the op); a block argument that is
//! dead goes with the branch operands for it; a branch whose condition is
//! dead (it is in unreachable code) becomes `ub.unreachable`. The poisons
//! left unused are erased. Then (`canonicalize=true`, the default) the
//! region ops are canonicalized as a list (MLIR's
//! `applyOpPatternsGreedily`), which drops the results and iteration
//! arguments the poisons made useless.
//!
//! Where 22 builds invalid IR or crashes, tessel does not (see
//! docs/differences.md): an argument of a public function stays live for
//! its calls (22 erases the value passed and leaves the call a null
//! operand), a block argument goes only with the operands of every branch
//! to it (22 decides by the first branch and leaves the others with an
//! operand too many), and a private function named other than by calls
//! keeps its signature (22 crashes).

use rustc_hash::{FxHashMap, FxHashSet};
use tessel_ir::context::{AttrMap, OpSpec};
use tessel_ir::dialects::cf::{BranchOp, CondBranchOp, SwitchOp};
use tessel_ir::dialects::func::{CallOp, FuncOp, ReturnOp};
use tessel_ir::dialects::memref::{AllocaScopeOp, AllocaScopeReturnOp};
use tessel_ir::dialects::scf::{ForOp, ForallOp, IfOp, YieldOp};
use tessel_ir::dialects::scf_more::{ConditionOp, ExecuteRegionOp, IndexSwitchOp, WhileOp};
use tessel_ir::dialects::scf_parallel::ParallelOp;
use tessel_ir::dialects::ub::{PoisonOp, UnreachableOp};
use tessel_ir::registry::traits;
use tessel_ir::types::TypeKind;
use tessel_ir::{attrs::AttrKind, BlockId, Context, Diagnostic, OpId, Type, Value};

use crate::licm::memory_effect_free;
use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "remove-dead-values",
    description: "Remove dead values: unused function arguments and results, region and block arguments, ops \
                  whose results nothing with an effect needs {canonicalize=B}",
    build: |opts| {
        crate::reject_unknown_options(opts, &["canonicalize"])?;
        let canonicalize = match opts.get("canonicalize").map(String::as_str) {
            None | Some("" | "true" | "1") => true,
            Some("false" | "0") => false,
            Some(v) => return Err(format!("option 'canonicalize' must be true or false, got '{v}'")),
        };
        Ok(Box::new(RemoveDeadValues { canonicalize }))
    },
};

struct RemoveDeadValues {
    /// Canonicalize the region branch ops afterwards (22's option).
    canonicalize: bool,
}

impl Pass for RemoveDeadValues {
    fn name(&self) -> &'static str {
        "remove-dead-values"
    }

    fn class_name(&self) -> &'static str {
        "RemoveDeadValues"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let analysis = Analysis::run(ctx, root);
        let cleanup = Cleanup::collect(ctx, root, &analysis);
        cleanup.apply(ctx);
        if self.canonicalize {
            let mut ops = Vec::new();
            walk_postorder(ctx, root, &mut |op| {
                if op != root && is_region_branch(ctx, op) {
                    ops.push(op);
                }
            });
            crate::canonicalize::apply_op_patterns_greedily(ctx, &ops);
        }
        Ok(())
    }
}

/// Visits the ops under `op` and then `op`, each after what it holds
/// (MLIR's default walk).
fn walk_postorder(ctx: &Context, op: OpId, f: &mut dyn FnMut(OpId)) {
    for &r in ctx.regions(op) {
        for &b in ctx.blocks(r) {
            for o in ctx.block_op_list(b) {
                walk_postorder(ctx, o, f);
            }
        }
    }
    f(op);
}

// ---- how region ops pass values -------------------------------------------------

/// The ops MLIR treats as `RegionBranchOpInterface`s.
fn is_region_branch(ctx: &Context, op: OpId) -> bool {
    ForOp::isa(ctx, op)
        || WhileOp::isa(ctx, op)
        || IfOp::isa(ctx, op)
        || IndexSwitchOp::isa(ctx, op)
        || ExecuteRegionOp::isa(ctx, op)
        || AllocaScopeOp::isa(ctx, op)
        || ForallOp::isa(ctx, op)
        || ParallelOp::isa(ctx, op)
}

/// An operand passed on, by position, with the region arguments and
/// results it may become.
type Forwarding = Vec<(usize, Vec<Value>)>;

fn entry_args(ctx: &Context, op: OpId, region: usize) -> Vec<Value> {
    ctx.regions(op)
        .get(region)
        .and_then(|r| ctx.blocks(*r).first())
        .map(|b| ctx.block_args(*b).to_vec())
        .unwrap_or_default()
}

/// What region op `op` passes of its own operands: an `scf.for` its inits
/// (to the iteration arguments, or straight to the results), an
/// `scf.while` its inits (to the condition region).
fn entry_forwarding(ctx: &Context, op: OpId) -> Forwarding {
    let results = ctx.results(op);
    if ForOp::isa(ctx, op) {
        let args = entry_args(ctx, op, 0);
        (0..results.len()).map(|k| (3 + k, vec![args[k + 1], results[k]])).collect()
    } else if WhileOp::isa(ctx, op) {
        let args = entry_args(ctx, op, 0);
        (0..ctx.operands(op).len().min(args.len())).map(|k| (k, vec![args[k]])).collect()
    } else {
        Vec::new()
    }
}

/// What terminator `t` of a region of region op `parent` passes, if it is
/// one of the terminators the op's control flow goes through.
fn terminator_forwarding(ctx: &Context, parent: OpId, t: OpId) -> Option<Forwarding> {
    let results = ctx.results(parent);
    let n = ctx.operands(t).len();
    let to_results = || (0..n.min(results.len())).map(|k| (k, vec![results[k]])).collect();
    if YieldOp::isa(ctx, t) {
        if ForOp::isa(ctx, parent) {
            let args = entry_args(ctx, parent, 0);
            Some((0..n.min(results.len())).map(|k| (k, vec![args[k + 1], results[k]])).collect())
        } else if WhileOp::isa(ctx, parent) {
            let args = entry_args(ctx, parent, 0);
            Some((0..n.min(args.len())).map(|k| (k, vec![args[k]])).collect())
        } else if IfOp::isa(ctx, parent) || IndexSwitchOp::isa(ctx, parent) || ExecuteRegionOp::isa(ctx, parent) {
            Some(to_results())
        } else {
            None
        }
    } else if AllocaScopeReturnOp::isa(ctx, t) && AllocaScopeOp::isa(ctx, parent) {
        Some(to_results())
    } else if ConditionOp::isa(ctx, t) && WhileOp::isa(ctx, parent) {
        let args = entry_args(ctx, parent, 1);
        Some(
            (1..n)
                .filter(|k| k - 1 < args.len() && k - 1 < results.len())
                .map(|k| (k, vec![args[k - 1], results[k - 1]]))
                .collect(),
        )
    } else {
        None
    }
}

/// The operand positions each successor of a known branch gets (`None`
/// for another terminator with successors).
fn branch_edges(ctx: &Context, op: OpId) -> Option<Vec<Vec<usize>>> {
    let per_succ = crate::region_simplify::successor_operands(ctx, op)?;
    let mut next = usize::from(CondBranchOp::isa(ctx, op) || SwitchOp::isa(ctx, op));
    Some(
        per_succ
            .iter()
            .map(|ops| {
                let idx: Vec<usize> = (next..next + ops.len()).collect();
                next += ops.len();
                idx
            })
            .collect(),
    )
}

fn is_known_branch(ctx: &Context, op: OpId) -> bool {
    BranchOp::isa(ctx, op) || CondBranchOp::isa(ctx, op) || SwitchOp::isa(ctx, op)
}

fn is_terminator(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| d.has(traits::TERMINATOR))
}

// ---- the analysis ----------------------------------------------------------------

/// Which values are live, and what the dead-code analysis knows of calls.
struct Analysis {
    live: FxHashSet<Value>,
    /// Functions whose callers are not all known.
    open: FxHashSet<OpId>,
    functions: crate::inline::Functions,
    /// Every call of each function inside the root, live or not.
    calls: FxHashMap<OpId, Vec<OpId>>,
    /// Per region op: whether an op of its blocks has effects, and whether
    /// the op is free of them.
    region_effects: FxHashMap<OpId, (bool, bool)>,
}

impl Analysis {
    fn run(ctx: &mut Context, root: OpId) -> Analysis {
        let mut solver = crate::sccp::Solver::new(ctx, root);
        solver.solve(ctx, root);
        let functions = std::mem::take(&mut solver.functions);
        let mut calls: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
        ctx.walk_preorder(root, &mut |op| {
            if CallOp::isa(ctx, op) {
                if let Some(f) = crate::inline::callee(ctx, op, &functions) {
                    calls.entry(f).or_default().push(op);
                }
            }
        });
        let mut analysis = Analysis {
            live: FxHashSet::default(),
            open: std::mem::take(&mut solver.open),
            functions,
            calls,
            region_effects: FxHashMap::default(),
        };
        // The ops of reachable blocks, innermost and last first: values
        // flow backward, so a sweep in this order settles most.
        let mut ops = Vec::new();
        collect_reachable(ctx, root, &solver.live, &mut ops);
        ops.reverse();
        loop {
            let before = analysis.live.len();
            for &op in &ops {
                analysis.transfer(ctx, op, &solver.callers);
            }
            if analysis.live.len() == before {
                break;
            }
        }
        analysis
    }

    fn is_live(&self, v: Value) -> bool {
        self.live.contains(&v)
    }

    fn any_live(&self, vs: &[Value]) -> bool {
        vs.iter().any(|v| self.is_live(*v))
    }

    fn mark(&mut self, v: Value) {
        self.live.insert(v);
    }

    fn mark_all(&mut self, vs: &[Value]) {
        for v in vs {
            self.mark(*v);
        }
    }

    /// Whether calls of `f` can be rewritten with it: it has a body and all
    /// its callers are known.
    fn rewritable(&self, ctx: &Context, f: OpId) -> bool {
        !self.open.contains(&f) && ctx.regions(f).first().is_some_and(|r| !ctx.blocks(*r).is_empty())
    }

    /// One backward step over `op` of a reachable block.
    fn transfer(&mut self, ctx: &Context, op: OpId, callers: &FxHashMap<OpId, Vec<OpId>>) {
        let operands = ctx.operands(op);
        if operands.is_empty() {
            return;
        }
        if is_region_branch(ctx, op) {
            let forwarded = entry_forwarding(ctx, op);
            self.forward(ctx, operands, &forwarded, op, op);
            return;
        }
        if let Some(edges) = branch_edges(ctx, op).filter(|_| is_known_branch(ctx, op)) {
            let succ = ctx.op(op).successors();
            for (s, idx) in succ.iter().zip(&edges) {
                let args = ctx.block_args(*s);
                for (k, i) in idx.iter().enumerate() {
                    if args.get(k).is_some_and(|a| self.is_live(*a)) {
                        self.mark(operands[*i]);
                    }
                }
            }
            // A condition or flag decides where control goes: live.
            for (i, v) in operands.iter().enumerate() {
                if !edges.iter().any(|e| e.contains(&i)) {
                    self.mark(*v);
                }
            }
            return;
        }
        if CallOp::isa(ctx, op) {
            match crate::inline::callee(ctx, op, &self.functions).filter(|f| self.rewritable(ctx, *f)) {
                Some(f) => {
                    let args = entry_args(ctx, f, 0);
                    for (k, v) in operands.iter().enumerate() {
                        if args.get(k).is_none_or(|a| self.is_live(*a)) {
                            self.mark(*v);
                        }
                    }
                }
                None => self.mark_all(operands),
            }
            return;
        }
        let parent = ctx.parent_op(op);
        if let Some(parent) = parent.filter(|p| is_region_branch(ctx, *p)) {
            if let Some(forwarded) = terminator_forwarding(ctx, parent, op) {
                self.forward(ctx, operands, &forwarded, parent, op);
                return;
            }
        }
        if ReturnOp::isa(ctx, op) {
            if let Some(f) = parent.filter(|p| FuncOp::isa(ctx, *p)) {
                if !self.open.contains(&f) {
                    for call in callers.get(&f).map(Vec::as_slice).unwrap_or_default() {
                        for (v, r) in operands.iter().zip(ctx.results(*call)) {
                            if self.is_live(*r) {
                                self.mark(*v);
                            }
                        }
                    }
                    return;
                }
            }
            self.mark_all(operands);
            return;
        }
        // Any other terminator has its own semantics; an op with effects
        // needs its operands; any op needs them for a live result.
        if is_terminator(ctx, op) || !memory_effect_free(ctx, op) || self.any_live(ctx.results(op)) {
            self.mark_all(operands);
        }
    }

    /// The operands of `owner` (region op `branch` or a terminator in it):
    /// a forwarded one is live when a region argument or result it becomes
    /// is, any other when [`Self::region_operand_live`] says so.
    fn forward(&mut self, ctx: &Context, operands: &[Value], forwarded: &Forwarding, branch: OpId, owner: OpId) {
        for (i, inputs) in forwarded {
            if self.any_live(inputs) {
                self.mark(operands[*i]);
            }
        }
        if forwarded.len() < operands.len() && self.region_operand_live(ctx, branch, owner) {
            for (i, v) in operands.iter().enumerate() {
                if !forwarded.iter().any(|(k, _)| *k == i) {
                    self.mark(*v);
                }
            }
        }
    }

    /// Whether an operand that decides the control flow of region op
    /// `branch` (its own, or one of `owner`, a terminator in it) is live:
    /// when the op has a live result, or (without results) has effects in
    /// its blocks; or when `owner` or the op has effects.
    fn region_operand_live(&mut self, ctx: &Context, branch: OpId, owner: OpId) -> bool {
        let results = ctx.results(branch);
        if !results.is_empty() && self.any_live(results) {
            return true;
        }
        // What the IR's effects say does not change while the analysis
        // runs: computed once per region op.
        let (effects_in_blocks, free) = *self.region_effects.entry(branch).or_insert_with(|| {
            let in_blocks = ctx
                .regions(branch)
                .iter()
                .flat_map(|r| ctx.blocks(*r).iter())
                .any(|b| ctx.block_ops(*b).any(|o| !memory_effect_free(ctx, o)));
            (in_blocks, memory_effect_free(ctx, branch))
        });
        results.is_empty() && effects_in_blocks || !free || owner != branch && !memory_effect_free(ctx, owner)
    }
}

/// The ops of the reachable blocks under `op`, in walk order.
fn collect_reachable(ctx: &Context, op: OpId, reachable: &FxHashSet<BlockId>, out: &mut Vec<OpId>) {
    for &r in ctx.regions(op) {
        for &b in ctx.blocks(r) {
            if !reachable.contains(&b) {
                continue;
            }
            for o in ctx.block_op_list(b) {
                out.push(o);
                collect_reachable(ctx, o, reachable, out);
            }
        }
    }
}

// ---- what to remove ---------------------------------------------------------------

/// A private function's dead arguments and unused results.
struct FunctionCleanup {
    func: OpId,
    /// Its calls, live or not.
    calls: Vec<OpId>,
    dead_args: Vec<bool>,
    dead_results: Vec<bool>,
}

/// One edge of a branch: its successor (by position and block) and which
/// of the operands it passes there are dead.
struct Edge {
    branch: OpId,
    successor: usize,
    block: BlockId,
    dead: Vec<bool>,
}

/// A block's arguments that go, and per edge into it (branch, successor
/// position) the operands that go.
struct BlockCleanup {
    block: BlockId,
    drop_args: Vec<bool>,
    edges: Vec<(OpId, usize, Vec<bool>)>,
}

/// Everything the rewrite does, found before any of it is done.
#[derive(Default)]
struct Cleanup {
    /// Ops to erase, in walk order.
    ops: Vec<OpId>,
    functions: Vec<FunctionCleanup>,
    /// Operands of region ops and their terminators to pass as poison.
    poisoned: Vec<(OpId, Vec<usize>)>,
    /// The edges of the branches kept, in walk order.
    edges: Vec<Edge>,
    /// Branch targets: which of their arguments go, and which operands
    /// each edge into them stops passing.
    blocks: Vec<BlockCleanup>,
    /// Values found dead on the way (beyond the analysis).
    dead: FxHashSet<Value>,
}

impl Cleanup {
    fn collect(ctx: &Context, root: OpId, analysis: &Analysis) -> Cleanup {
        let mut cl = Cleanup::default();
        walk_postorder(ctx, root, &mut |op| {
            if op == root {
                return;
            }
            if FuncOp::isa(ctx, op) {
                cl.function(ctx, op, analysis);
            } else if is_region_branch(ctx, op) {
                cl.region_branch(ctx, op, analysis);
            } else if !ctx.op(op).successors().is_empty() {
                cl.branch(ctx, op, analysis);
            } else if is_terminator(ctx, op) || CallOp::isa(ctx, op) {
                // Handled with the op or function they belong to.
            } else {
                cl.simple(ctx, op, analysis);
            }
        });
        cl.decide_blocks(ctx, analysis);
        cl
    }

    fn is_live(&self, analysis: &Analysis, v: Value) -> bool {
        !self.dead.contains(&v) && analysis.is_live(v)
    }

    fn any_live(&self, analysis: &Analysis, vs: &[Value]) -> bool {
        vs.iter().any(|v| self.is_live(analysis, *v))
    }

    fn simple(&mut self, ctx: &Context, op: OpId, analysis: &Analysis) {
        // An op reading a dead value is dead whatever its effects: the
        // analysis would have kept the value for an op that matters.
        let reads_dead = ctx.operands(op).iter().any(|v| !self.is_live(analysis, *v));
        if reads_dead || memory_effect_free(ctx, op) && !self.any_live(analysis, ctx.results(op)) {
            self.ops.push(op);
            self.dead.extend(ctx.results(op).iter().copied());
        }
    }

    fn function(&mut self, ctx: &Context, f: OpId, analysis: &Analysis) {
        let visibility = FuncOp(f).sym_visibility(ctx).unwrap_or("public");
        if visibility == "public" || !analysis.rewritable(ctx, f) {
            return;
        }
        let args = entry_args(ctx, f, 0);
        let dead_args: Vec<bool> = args.iter().map(|a| !self.is_live(analysis, *a)).collect();
        for (a, dead) in args.iter().zip(&dead_args) {
            if *dead {
                self.dead.insert(*a);
            }
        }
        let calls = analysis.calls.get(&f).map(Vec::as_slice).unwrap_or_default();
        let n = function_signature(ctx, f).1.len();
        // A result goes when no call uses it (even if the function computes
        // it for an effect).
        let dead_results: Vec<bool> = (0..n)
            .map(|k| calls.iter().all(|c| ctx.results(*c).get(k).is_none_or(|r| !self.is_live(analysis, *r))))
            .collect();
        for c in calls {
            for (r, dead) in ctx.results(*c).iter().zip(&dead_results) {
                if *dead {
                    self.dead.insert(*r);
                }
            }
        }
        self.functions.push(FunctionCleanup { func: f, calls: calls.to_vec(), dead_args, dead_results });
    }

    fn region_branch(&mut self, ctx: &Context, op: OpId, analysis: &Analysis) {
        if memory_effect_free(ctx, op) && !self.any_live(analysis, ctx.results(op)) {
            self.ops.push(op);
            return;
        }
        let mut owners: Vec<(OpId, Forwarding)> = vec![(op, entry_forwarding(ctx, op))];
        for &r in ctx.regions(op) {
            for &b in ctx.blocks(r) {
                if let Some(t) = ctx.last_op(b).filter(|t| is_terminator(ctx, *t)) {
                    if let Some(f) = terminator_forwarding(ctx, op, t) {
                        owners.push((t, f));
                    }
                }
            }
        }
        for (owner, forwarded) in owners {
            let operands = ctx.operands(owner);
            let dead: Vec<usize> = forwarded
                .iter()
                .filter(|(i, inputs)| !self.is_live(analysis, operands[*i]) || !self.any_live(analysis, inputs))
                .map(|(i, _)| *i)
                .collect();
            if !dead.is_empty() {
                self.poisoned.push((owner, dead));
            }
        }
    }

    /// A known branch: erased when its condition is dead (it is in
    /// unreachable code), else each edge is recorded with the operands it
    /// passes that are dead (a dead argument they reach is dead too).
    fn branch(&mut self, ctx: &Context, op: OpId, analysis: &Analysis) {
        let Some(edges) = branch_edges(ctx, op).filter(|_| is_known_branch(ctx, op)) else { return };
        let operands = ctx.operands(op);
        if (0..operands.len()).any(|i| !edges.iter().any(|e| e.contains(&i)) && !self.is_live(analysis, operands[i])) {
            self.ops.push(op);
            return;
        }
        for (k, (s, idx)) in ctx.op(op).successors().iter().zip(&edges).enumerate() {
            let dead: Vec<bool> = idx.iter().map(|i| !self.is_live(analysis, operands[*i])).collect();
            for (a, d) in ctx.block_args(*s).iter().zip(&dead) {
                if *d && !self.is_live(analysis, *a) {
                    self.dead.insert(*a);
                }
            }
            self.edges.push(Edge { branch: op, successor: k, block: *s, dead });
        }
    }

    /// Decides, for each block the recorded edges reach, which arguments
    /// go and which operands each edge stops passing. 22 takes the
    /// arguments from the first edge and drops each edge's own dead
    /// operands; that is kept when every edge then still passes each live
    /// argument its value. Otherwise (22 would build invalid IR, drop a
    /// live argument, or pass one another edge's value) a dead argument
    /// goes from every edge, and a live one stays.
    fn decide_blocks(&mut self, ctx: &Context, analysis: &Analysis) {
        let edges = std::mem::take(&mut self.edges);
        let mut order: Vec<BlockId> = Vec::new();
        for e in &edges {
            if !order.contains(&e.block) {
                order.push(e.block);
            }
        }
        for b in order {
            // Every predecessor must be a branch whose edges are recorded.
            let into: Vec<&Edge> = edges.iter().filter(|e| e.block == b).collect();
            let recorded =
                branches_to(ctx, b).iter().all(|p| self.ops.contains(p) || into.iter().any(|e| e.branch == *p));
            if !recorded {
                continue;
            }
            let args = ctx.block_args(b);
            let live: Vec<bool> = args.iter().map(|a| self.is_live(analysis, *a)).collect();
            let first = &into[0].dead;
            let kept_args: Vec<usize> = (0..args.len()).filter(|k| !first[*k]).collect();
            let faithful = (0..args.len()).all(|k| !first[k] || !live[k])
                && into.iter().all(|e| {
                    let kept: Vec<usize> = (0..e.dead.len()).filter(|k| !e.dead[*k]).collect();
                    kept.len() == kept_args.len() && kept_args.iter().zip(&kept).all(|(a, o)| !live[*a] || a == o)
                });
            let (drop_args, drops): (Vec<bool>, Vec<Vec<bool>>) = if faithful {
                (first.clone(), into.iter().map(|e| e.dead.clone()).collect())
            } else {
                let drop: Vec<bool> = (0..args.len()).map(|k| !live[k] && into.iter().any(|e| e.dead[k])).collect();
                (drop.clone(), into.iter().map(|_| drop.clone()).collect())
            };
            if !drop_args.iter().any(|d| *d) && !drops.iter().flatten().any(|d| *d) {
                continue;
            }
            for (a, d) in args.iter().zip(&drop_args) {
                if *d {
                    self.dead.insert(*a);
                }
            }
            let edges = into.iter().zip(drops).map(|(e, d)| (e.branch, e.successor, d)).collect();
            self.blocks.push(BlockCleanup { block: b, drop_args, edges });
        }
    }

    // ---- doing it -----------------------------------------------------------------

    fn apply(self, ctx: &mut Context) {
        let mut poisons: Vec<OpId> = Vec::new();
        // Branches out of unreachable code first: the block arguments below
        // rebuild the branches they keep.
        for &op in self.ops.iter().rev() {
            if !ctx.is_erased(op) && is_terminator(ctx, op) {
                erase_op(ctx, op, &mut poisons);
            }
        }
        // Branch operands (each branch rebuilt once), then block arguments.
        let mut per_branch: Vec<(OpId, Vec<Option<Vec<bool>>>)> = Vec::new();
        let mut at_of: FxHashMap<OpId, usize> = FxHashMap::default();
        for bc in &self.blocks {
            for (branch, k, drop) in &bc.edges {
                let at = *at_of.entry(*branch).or_insert_with(|| {
                    per_branch.push((*branch, vec![None; ctx.op(*branch).successors().len()]));
                    per_branch.len() - 1
                });
                per_branch[at].1[*k] = Some(drop.clone());
            }
        }
        for (branch, drops) in per_branch {
            if !ctx.is_erased(branch) {
                drop_successor_operands(ctx, branch, &drops);
            }
        }
        for bc in &self.blocks {
            for k in (0..bc.drop_args.len()).rev() {
                if bc.drop_args[k] {
                    let a = ctx.block_args(bc.block)[k];
                    detach_uses(ctx, a, &mut poisons);
                    ctx.erase_block_arg(bc.block, k);
                }
            }
        }
        // Functions, with their calls and returns.
        for f in &self.functions {
            rewrite_function(ctx, f, &mut poisons);
        }
        // Operands passed only to what is dead.
        for (owner, dead) in &self.poisoned {
            if ctx.is_erased(*owner) {
                continue;
            }
            for &i in dead {
                let v = ctx.operands(*owner)[i];
                let p = make_poison(ctx, ctx.value_type(v), *owner);
                poisons.push(p);
                ctx.set_operand(*owner, i, ctx.result(p, 0));
            }
        }
        // Ops, users before what they use.
        for &op in self.ops.iter().rev() {
            if !ctx.is_erased(op) {
                erase_op(ctx, op, &mut poisons);
            }
        }
        for p in poisons {
            if !ctx.is_erased(p) && ctx.use_empty(ctx.result(p, 0)) {
                ctx.erase_op(p);
            }
        }
    }
}

/// Erases `op` (a terminator gives way to `ub.unreachable`), pointing
/// what still uses its results at poisons.
fn erase_op(ctx: &mut Context, op: OpId, poisons: &mut Vec<OpId>) {
    if is_terminator(ctx, op) {
        let unreachable = ctx.sym(UnreachableOp::NAME);
        let loc = ctx.op_loc(op);
        let u = ctx.create_op(OpSpec {
            name: unreachable,
            operands: Default::default(),
            result_types: Default::default(),
            attrs: AttrMap::default(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc,
        });
        ctx.insert_op_before(op, u);
    }
    for r in ctx.results(op).to_vec() {
        detach_uses(ctx, r, poisons);
    }
    ctx.erase_op(op);
}

/// The blocks whose terminators branch to `b`, by their terminators (a
/// branch with two edges to `b` is listed once).
fn branches_to(ctx: &Context, b: BlockId) -> Vec<OpId> {
    let mut out = Vec::new();
    for p in ctx.predecessors(b) {
        if let Some(t) = ctx.last_op(p) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// Rebuilds branch `t` without the operands `drops` marks (per successor;
/// `None` keeps them all).
fn drop_successor_operands(ctx: &mut Context, t: OpId, drops: &[Option<Vec<bool>>]) {
    let Some(per_succ) = crate::region_simplify::successor_operands(ctx, t) else { return };
    let succ = ctx.op(t).successors().to_vec();
    let kept: Vec<Vec<Value>> = per_succ
        .iter()
        .zip(drops)
        .map(|(ops, drop)| match drop {
            Some(drop) => keep(ops, drop),
            None => ops.clone(),
        })
        .collect();
    crate::region_simplify::rebuild_branch(ctx, t, &succ, &kept);
}

/// A new `ub.poison` of type `ty` right before `before`.
fn make_poison(ctx: &mut Context, ty: Type, before: OpId) -> OpId {
    let form = crate::sccp::ConstantForm {
        name: ctx.sym(PoisonOp::NAME),
        attrs: vec![(ctx.sym("value"), tessel_ir::dialects::ub::poison_attr(ctx))],
    };
    let loc = ctx.op_loc(before);
    let p = crate::sccp::make_constant(ctx, &form, ty, loc);
    ctx.insert_op_before(before, p);
    p
}

/// Points the remaining uses of dead `v` at poisons (made before each
/// user; erased at the end when the user went too).
fn detach_uses(ctx: &mut Context, v: Value, poisons: &mut Vec<OpId>) {
    let uses: Vec<(OpId, usize)> = ctx.uses(v).iter().map(|u| (u.op, u.operand as usize)).collect();
    for (user, i) in uses {
        let p = make_poison(ctx, ctx.value_type(v), user);
        poisons.push(p);
        ctx.set_operand(user, i, ctx.result(p, 0));
    }
}

/// A function's argument and result types.
fn function_signature(ctx: &Context, f: OpId) -> (Vec<Type>, Vec<Type>) {
    match ctx.get_attr(f, "function_type").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => Default::default(),
        },
        _ => Default::default(),
    }
}

/// The entries of array attribute `name` of `op` that `drop` keeps (the
/// attribute goes when none is left).
fn filter_array_attr(ctx: &mut Context, op: OpId, name: &str, drop: &[bool]) {
    let Some(AttrKind::Array(items)) = ctx.get_attr(op, name).map(|a| ctx.attr_kind(a).clone()) else { return };
    let kept: Vec<_> =
        items.iter().zip(drop.iter().chain(std::iter::repeat(&false))).filter(|(_, d)| !**d).map(|(a, _)| *a).collect();
    if kept.is_empty() {
        ctx.remove_attr(op, name);
    } else {
        let a = ctx.attr(AttrKind::Array(kept));
        ctx.set_attr(op, name, a);
    }
}

fn keep<T: Copy>(items: &[T], drop: &[bool]) -> Vec<T> {
    items.iter().zip(drop.iter().chain(std::iter::repeat(&false))).filter(|(_, d)| !**d).map(|(x, _)| *x).collect()
}

/// Erases a private function's dead arguments and unused results, the
/// call operands and results for them, and the return operands.
fn rewrite_function(ctx: &mut Context, fc: &FunctionCleanup, poisons: &mut Vec<OpId>) {
    let f = fc.func;
    let (inputs, results) = function_signature(ctx, f);
    for &call in &fc.calls {
        if !ctx.is_erased(call) {
            rebuild_without(ctx, call, &fc.dead_args, &fc.dead_results, poisons);
        }
    }
    let body = ctx.regions(f)[0];
    for b in ctx.blocks(body).to_vec() {
        if let Some(t) = ctx.last_op(b).filter(|t| ReturnOp::isa(ctx, *t)) {
            if ctx.operands(t).len() == results.len() {
                rebuild_without(ctx, t, &fc.dead_results, &[], poisons);
            }
        }
    }
    let entry = ctx.blocks(body)[0];
    for k in (0..fc.dead_args.len()).rev() {
        if fc.dead_args[k] {
            let a = ctx.block_args(entry)[k];
            detach_uses(ctx, a, poisons);
            ctx.erase_block_arg(entry, k);
        }
    }
    let fty =
        ctx.ty(TypeKind::Function { inputs: keep(&inputs, &fc.dead_args), results: keep(&results, &fc.dead_results) });
    let fty = ctx.type_attr(fty);
    ctx.set_attr(f, "function_type", fty);
    filter_array_attr(ctx, f, "arg_attrs", &fc.dead_args);
    filter_array_attr(ctx, f, "res_attrs", &fc.dead_results);
}

/// Replaces `op` (no regions, no successors) by the same op without the
/// operands `drop_operands` marks and the results `drop_results` marks
/// (their uses are detached).
fn rebuild_without(
    ctx: &mut Context,
    op: OpId,
    drop_operands: &[bool],
    drop_results: &[bool],
    poisons: &mut Vec<OpId>,
) {
    if !drop_operands.iter().any(|d| *d) && !drop_results.iter().any(|d| *d) {
        return;
    }
    let results = ctx.results(op).to_vec();
    for (r, d) in results.iter().zip(drop_results) {
        if *d {
            detach_uses(ctx, *r, poisons);
        }
    }
    let operands = keep(ctx.operands(op), drop_operands);
    let kept_results = keep(&results, drop_results);
    let data = ctx.op(op);
    let (name, attrs, loc) = (data.name, data.attrs.clone(), ctx.op_loc(op));
    let result_types = kept_results.iter().map(|r| ctx.value_type(*r)).collect();
    let new = ctx.create_op(OpSpec {
        name,
        operands: operands.into_iter().collect(),
        result_types,
        attrs,
        regions: Vec::new(),
        successors: Vec::new(),
        loc,
    });
    ctx.insert_op_before(op, new);
    for (old, new) in kept_results.iter().zip(ctx.results(new).to_vec()) {
        ctx.replace_all_uses(*old, new);
    }
    if CallOp::isa(ctx, new) {
        filter_array_attr(ctx, new, "arg_attrs", drop_operands);
        filter_array_attr(ctx, new, "res_attrs", drop_results);
    }
    ctx.erase_op(op);
}
