//! `inline{default-pipeline=P max-iterations=N}`: mlir-opt's inliner for
//! `func.call`. Functions are taken strongly connected component by
//! component, callees first (petgraph's Tarjan order); in each component,
//! until nothing more is inlined (at most `max-iterations` rounds), every
//! function is optimized with the default pipeline (`canonicalize`) and
//! every call to a function of an earlier component is replaced by a copy
//! of its body. A callee of one block is spliced in place of the call; one
//! of several blocks splits the caller's block (its `func.return`s become
//! `cf.br`s to the rest), where the caller's region may hold several
//! blocks. Calls marked `no_inline`, calls within a component (recursion)
//! and calls to declarations stay. Private functions nothing refers to
//! any more are erased (those unused from the start, and callees whose
//! last call was inlined).

use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap;
use tessel_ir::attrs::AttrKind;
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::func::{CallOp, FuncOp, ReturnOp};
use tessel_ir::dialects::patterns::cf::build_br;
use tessel_ir::registry::traits;
use tessel_ir::{BlockId, Context, Diagnostic, OpId, Sym};

use crate::manager::{Instrumentation, NoHooks, Pass, PassInfo, PipelineElement};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "inline",
    description: "Inline function calls {default-pipeline=P max-iterations=N}",
    build: |opts| {
        crate::reject_unknown_options(opts, &["default-pipeline", "max-iterations", "inlining-threshold"])?;
        let default_pipeline = opts.get("default-pipeline").cloned().unwrap_or_else(|| "canonicalize".to_string());
        // Checked now, so a bad pipeline is an error before any IR is read.
        crate::manager::parse_pipeline(&default_pipeline, &crate::PassRegistry::default())
            .map_err(|e| format!("default-pipeline: {e}"))?;
        let max_iterations = match opts.get("max-iterations") {
            Some(v) => v.parse().map_err(|_| format!("option 'max-iterations' must be a number, got '{v}'"))?,
            None => 4,
        };
        if let Some(v) = opts.get("inlining-threshold") {
            v.parse::<u64>().map_err(|_| format!("option 'inlining-threshold' must be a number, got '{v}'"))?;
        }
        Ok(Box::new(Inline { default_pipeline, max_iterations, inlined: 0 }))
    },
};

struct Inline {
    default_pipeline: String,
    max_iterations: usize,
    /// Calls inlined over all runs (shown by `--debug-only=inline`; MLIR's
    /// inliner reports no statistics).
    inlined: u64,
}

impl Pass for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }

    fn class_name(&self) -> &'static str {
        "InlinerPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let mut pipeline = crate::manager::parse_pipeline(&self.default_pipeline, &crate::PassRegistry::default())
            .map_err(|e| Diagnostic::error(ctx.op_loc(root), e))?;
        let funcs = functions(ctx, root);
        // As MLIR's use lists: private functions nobody calls at the start,
        // and callees whose last call an inlining removed, go at the end
        // (not those whose calls a canonicalization folded away).
        let mut dead: Vec<OpId> = unreferenced_private(ctx, root, &funcs, None);
        for scc in components(ctx, &funcs) {
            // A function already dead is neither optimized nor inlined into
            // (its calls keep their callees alive, as MLIR's use lists do).
            let scc: Vec<OpId> = scc.into_iter().filter(|f| !dead.contains(f)).collect();
            for _ in 0..self.max_iterations.max(1) {
                for &f in &scc {
                    optimize(ctx, f, &mut pipeline)?;
                }
                let mut any = false;
                for &f in &scc {
                    for (call, g) in inlinable_calls(ctx, f, &scc, &funcs) {
                        if inline_call(ctx, call, g) {
                            any = true;
                            self.inlined += 1;
                            dead.extend(unreferenced_private(ctx, root, &funcs, Some(g)));
                        }
                    }
                }
                if !any {
                    break;
                }
            }
        }
        for f in dead {
            if !ctx.is_erased(f) {
                ctx.erase_op(f);
            }
        }
        tracing::debug!(target: "inline", inlined_calls = self.inlined, "done");
        Ok(())
    }

    fn textual_options(&self) -> Option<String> {
        Some(format!(
            "{{default-pipeline={} inlining-threshold=4294967295 max-iterations={} }}",
            self.default_pipeline, self.max_iterations
        ))
    }
}

/// A function with a body, by its symbol table (the op holding it) and
/// name.
pub(crate) type Functions = FxHashMap<(OpId, Sym), OpId>;

/// Every `func.func` inside `root`.
pub(crate) fn functions(ctx: &Context, root: OpId) -> Functions {
    let mut out = Functions::default();
    ctx.walk_preorder(root, &mut |op| {
        if !FuncOp::isa(ctx, op) {
            return;
        }
        let (Some(table), Some(name)) = (ctx.parent_op(op), FuncOp(op).sym_name(ctx).and_then(|n| ctx.lookup_sym(n)))
        else {
            return;
        };
        out.insert((table, name), op);
    });
    out
}

/// The function a `func.call` calls, when it has a body.
pub(crate) fn callee(ctx: &Context, call: OpId, funcs: &Functions) -> Option<OpId> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(ctx.get_attr(call, "callee")?) else { return None };
    if !nested.is_empty() {
        return None;
    }
    // The symbol table of the call: the nearest op holding functions.
    let mut op = call;
    let table = loop {
        let parent = ctx.parent_op(op)?;
        if FuncOp::isa(ctx, op) {
            break parent;
        }
        op = parent;
    };
    let f = *funcs.get(&(table, *root))?;
    let body = ctx.regions(f).first()?;
    (!ctx.blocks(*body).is_empty()).then_some(f)
}

/// The calls inside `f`.
fn calls_in(ctx: &Context, f: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_preorder(f, &mut |op| {
        if CallOp::isa(ctx, op) {
            out.push(op);
        }
    });
    out
}

/// The functions' strongly connected components of the call graph,
/// callees first.
fn components(ctx: &Context, funcs: &Functions) -> Vec<Vec<OpId>> {
    let mut graph: DiGraph<OpId, ()> = DiGraph::new();
    let mut node: FxHashMap<OpId, NodeIndex> = FxHashMap::default();
    // In the order they appear, so components of unrelated functions come
    // in program order.
    let mut ordered: Vec<OpId> = funcs.values().copied().collect();
    ordered.sort_by_key(|f| f.index());
    for &f in &ordered {
        node.insert(f, graph.add_node(f));
    }
    for &f in &ordered {
        for call in calls_in(ctx, f) {
            if let Some(g) = callee(ctx, call, funcs) {
                graph.add_edge(node[&f], node[&g], ());
            }
        }
    }
    petgraph::algo::tarjan_scc(&graph).into_iter().map(|c| c.into_iter().map(|n| graph[n]).collect()).collect()
}

/// Runs the default pipeline on `f`.
fn optimize(ctx: &mut Context, f: OpId, pipeline: &mut [PipelineElement]) -> Result<(), Diagnostic> {
    if pipeline.is_empty() {
        return Ok(());
    }
    crate::manager::run_pipeline(ctx, f, pipeline, &Instrumentation::default(), &mut NoHooks)
        .map_err(|mut ds| ds.remove(0))
}

/// The calls of `f` that may be inlined, with their callees: not marked
/// `no_inline`, to a function with a body outside the component, whose
/// blocks the call's region can take.
fn inlinable_calls(ctx: &Context, f: OpId, scc: &[OpId], funcs: &Functions) -> Vec<(OpId, OpId)> {
    calls_in(ctx, f)
        .into_iter()
        .filter(|c| ctx.get_attr(*c, "no_inline").is_none())
        .filter_map(|c| callee(ctx, c, funcs).map(|g| (c, g)))
        .filter(|(c, g)| !scc.contains(g) && legal_here(ctx, *c, *g))
        .collect()
}

/// A callee of several blocks needs a region that may hold several.
fn legal_here(ctx: &Context, call: OpId, g: OpId) -> bool {
    let body = ctx.regions(g)[0];
    if ctx.blocks(body).len() == 1 {
        return true;
    }
    let Some(parent) = ctx.op_block(call).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r)) else {
        return false;
    };
    !ctx.def_of(parent).is_some_and(|d| d.has(traits::SINGLE_BLOCK))
}

/// Replaces `call` by a copy of `g`'s body.
fn inline_call(ctx: &mut Context, call: OpId, g: OpId) -> bool {
    let Some(block) = ctx.op_block(call) else { return false };
    let body = ctx.regions(g)[0];
    let entry = ctx.blocks(body)[0];
    let args = ctx.operands(call).to_vec();
    let results = ctx.results(call).to_vec();
    let mut map = IrMapping::default();
    for (a, v) in ctx.block_args(entry).to_vec().into_iter().zip(&args) {
        map.map(a, *v);
    }
    if ctx.blocks(body).len() == 1 {
        let ops = ctx.block_op_list(entry);
        let Some((&ret, rest)) = ops.split_last() else { return false };
        for &op in rest {
            let copy = ctx.clone_op(op, &mut map);
            ctx.insert_op_before(call, copy);
        }
        let returned: Vec<_> = ctx.operands(ret).iter().map(|v| map.lookup(*v)).collect();
        for (r, v) in results.iter().zip(returned) {
            ctx.replace_all_uses(*r, v);
        }
        ctx.erase_op(call);
        return true;
    }
    // Several blocks: the rest of the caller's block moves to a new block
    // taking the results, the callee's blocks go between.
    let region = ctx.block_parent(block).expect("a block in a region");
    let post = ctx.insert_block_after(region, block);
    for r in &results {
        let ty = ctx.value_type(*r);
        let loc = ctx.op_loc(call);
        let a = ctx.add_block_arg_at(post, ty, loc);
        ctx.replace_all_uses(*r, a);
    }
    let mut after = ctx.next_op(call);
    while let Some(op) = after {
        after = ctx.next_op(op);
        ctx.unlink_op(op);
        ctx.append_op(post, op);
    }
    let copy = ctx.clone_region(body, &mut IrMapping::default());
    // The copy's entry arguments are replaced by the call's operands when
    // it merges into the caller's block below.
    let copied: Vec<BlockId> = ctx.blocks(copy).to_vec();
    ctx.move_blocks_before(copy, region, post);
    for &b in &copied {
        if let Some(t) = ctx.last_op(b).filter(|t| ReturnOp::isa(ctx, *t)) {
            let operands = ctx.operands(t).to_vec();
            let loc = ctx.op_loc(t);
            let mut bld = tessel_ir::builder::Builder::new(ctx, tessel_ir::builder::InsertPoint::Before(t), loc);
            build_br(&mut bld, post, &operands);
            ctx.erase_op(t);
        }
    }
    ctx.erase_op(call);
    ctx.merge_blocks(copied[0], block, &args);
    true
}

/// The private functions with a body that no symbol reference inside
/// `root` names (only `only`, when given).
fn unreferenced_private(ctx: &Context, root: OpId, funcs: &Functions, only: Option<OpId>) -> Vec<OpId> {
    let mut referenced: rustc_hash::FxHashSet<Sym> = Default::default();
    ctx.walk_preorder(root, &mut |op| {
        for (_, a) in ctx.op(op).attrs.iter() {
            if let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(*a) {
                referenced.insert(*root);
            }
        }
    });
    let mut out: Vec<OpId> = funcs
        .iter()
        .filter(|((_, name), f)| {
            only.is_none_or(|o| o == **f)
                && !ctx.is_erased(**f)
                && !referenced.contains(name)
                && FuncOp(**f).sym_visibility(ctx) == Some("private")
                && !ctx.blocks(ctx.regions(**f)[0]).is_empty()
        })
        .map(|(_, f)| *f)
        .collect();
    out.sort_by_key(|f| f.index());
    out
}
