//! `transform-interpreter`: runs `transform.named_sequence @__transform_main`
//! on the module, like mlir-opt's pass of the same name, for the transform
//! ops upstream pack/unpack tiling tests use. The schedule (its enclosing
//! `module attributes {transform.with_named_sequence}`) is removed from the
//! output afterwards.

use rustc_hash::FxHashMap;
use tessel_ir::dialects::func::ModuleOp;
use tessel_ir::dialects::transform::{
    fuse_sizes, match_names, tile_sizes, FuseConsumerOp, FuseIntoContainingOp, FuseOp, MatchOp, NamedSequenceOp,
    SplitHandleOp, TileUsingForOp, TileUsingForallOp, YieldOp,
};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::manager::{Pass, PassInfo, PassOptions};
use crate::tiling::{tile_op, LoopKind, TiledLoops, TilingOptions};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "transform-interpreter",
    description: "Run transform.named_sequence @__transform_main {entry-point=NAME}",
    build: |opts: &PassOptions| {
        crate::reject_unknown_options(opts, &["entry-point"])?;
        let entry = opts.get("entry-point").cloned().unwrap_or_else(|| "__transform_main".to_string());
        Ok(Box::new(TransformInterpreter { entry }))
    },
};

struct TransformInterpreter {
    entry: String,
}

/// `tensor.pack` and `linalg.pack` (and unpack) name the same op: compare
/// what the registry resolves a name to, else the text.
fn names_op(ctx: &Context, name: &str, op: OpId) -> bool {
    match (ctx.op_def(name), ctx.def_of(op)) {
        (Some(a), Some(b)) => std::ptr::eq(a, b),
        _ => name == ctx.op_name(op),
    }
}

/// The payload ops each transform value stands for.
type Handles = FxHashMap<Value, Vec<OpId>>;

impl Pass for TransformInterpreter {
    fn name(&self) -> &'static str {
        "transform-interpreter"
    }

    fn class_name(&self) -> &'static str {
        "InterpreterPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let seq = ctx
            .nested_ops(root)
            .into_iter()
            .filter_map(|o| NamedSequenceOp::cast(ctx, o))
            .find(|s| s.sym_name(ctx) == Some(self.entry.as_str()))
            .ok_or_else(|| {
                let loc = ctx.op_loc(root);
                Diagnostic::error(loc, format!("could not find a nested named sequence with name: {}", self.entry))
            })?;
        // The schedule: the module holding the sequence, else the sequence.
        let schedule = match ctx.parent_op(seq.op()) {
            Some(m) if m != root && ModuleOp::isa(ctx, m) => m,
            _ => seq.op(),
        };
        let body = ctx.blocks(seq.body(ctx))[0];
        let mut handles = Handles::default();
        if let Some(&arg) = ctx.block_args(body).first() {
            handles.insert(arg, vec![root]);
        }
        for op in ctx.block_op_list(body) {
            if YieldOp::isa(ctx, op) {
                break;
            } else if let Some(m) = MatchOp::cast(ctx, op) {
                run_match(ctx, m, schedule, &mut handles);
            } else if let Some(t) = TileUsingForOp::cast(ctx, op) {
                run_tile(ctx, op, t.target(ctx), &tiling_options(ctx, op, LoopKind::For), &mut handles)?;
            } else if let Some(t) = TileUsingForallOp::cast(ctx, op) {
                run_tile(ctx, op, t.target(ctx), &tiling_options(ctx, op, LoopKind::Forall), &mut handles)?;
            } else if let Some(f) = FuseIntoContainingOp::cast(ctx, op) {
                run_fuse_into(ctx, f, &mut handles)?;
            } else if let Some(f) = FuseOp::cast(ctx, op) {
                run_fuse(ctx, f, &mut handles)?;
            } else if SplitHandleOp::isa(ctx, op) {
                let payload = handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default();
                let results = ctx.results(op).to_vec();
                if payload.len() != results.len() {
                    return Err(Diagnostic::error(
                        ctx.op_loc(op),
                        format!(
                            "expected to contain {} payloads but it contains {} payloads",
                            results.len(),
                            payload.len()
                        ),
                    ));
                }
                for (r, p) in results.into_iter().zip(payload) {
                    handles.insert(r, vec![p]);
                }
            } else if FuseConsumerOp::isa(ctx, op) {
                run_fuse_consumer(ctx, op, &mut handles)?;
            } else {
                return Err(Diagnostic::error(
                    ctx.op_loc(op),
                    format!("'{}' is not supported by tessel's transform interpreter (supported: structured.match, structured.tile_using_for, structured.tile_using_forall, structured.fuse_into_containing_op, structured.fuse, test.fuse_consumer, split_handle, yield)", ctx.op_name(op)),
                ));
            }
        }
        ctx.erase_op(schedule);
        Ok(())
    }
}

/// `transform.structured.match ops{[...]} in %target`: the ops nested in
/// the targets with one of the names (the schedule excluded).
fn run_match(ctx: &Context, m: MatchOp, schedule: OpId, handles: &mut Handles) {
    let names = match_names(ctx, m.op());
    let mut found = Vec::new();
    for t in handles.get(&m.target(ctx)).cloned().unwrap_or_default() {
        for o in ctx.nested_ops(t) {
            if o != schedule && !crate::fusion::is_inside(ctx, o, schedule) && names.iter().any(|n| names_op(ctx, n, o))
            {
                found.push(o);
            }
        }
    }
    handles.insert(m.results(ctx), found);
}

fn tiling_options(ctx: &Context, op: OpId, loop_kind: LoopKind) -> TilingOptions {
    let interchange = TileUsingForOp::cast(ctx, op)
        .map(|t| t.interchange(ctx).iter().map(|x| *x as usize).collect())
        .unwrap_or_default();
    TilingOptions { tile_sizes: tile_sizes(ctx, op), interchange, loop_kind }
}

/// Tiles every target; the first result holds the tiled ops, the others
/// the loops (one handle per loop depth).
fn run_tile(
    ctx: &mut Context,
    op: OpId,
    target: Value,
    options: &TilingOptions,
    handles: &mut Handles,
) -> Result<(), Diagnostic> {
    let mut tiled = Vec::new();
    for t in handles.get(&target).cloned().unwrap_or_default() {
        tiled.push(tile_op(ctx, t, options)?);
    }
    record_tiled(ctx, op, &tiled, handles);
    Ok(())
}

/// The handles of a tiling transform's results: the tiled ops, then one
/// handle per loop depth.
fn record_tiled(ctx: &Context, op: OpId, tiled: &[TiledLoops], handles: &mut Handles) {
    let results = ctx.results(op).to_vec();
    let mut loop_handles: Vec<Vec<OpId>> = vec![Vec::new(); results.len() - 1];
    for t in tiled {
        for (k, l) in t.loops.iter().enumerate() {
            if let Some(h) = loop_handles.get_mut(k) {
                h.push(*l);
            }
        }
    }
    handles.insert(results[0], tiled.iter().flat_map(|t| t.tile.tiled_ops.iter().copied()).collect());
    for (r, h) in results[1..].iter().zip(loop_handles) {
        handles.insert(*r, h);
    }
}

/// Fuses every producer into every containing op; the first result holds
/// the fused tiles' ops, the second the (unchanged) containing ops.
fn run_fuse_into(ctx: &mut Context, f: FuseIntoContainingOp, handles: &mut Handles) -> Result<(), Diagnostic> {
    let producers = handles.get(&f.producer_op(ctx)).cloned().unwrap_or_default();
    let containing = handles.get(&f.containing_op(ctx)).cloned().unwrap_or_default();
    let mut fused = Vec::new();
    for c in &containing {
        for p in &producers {
            fused.extend(crate::fusion::fuse_into_containing(ctx, *p, *c)?);
        }
    }
    handles.insert(f.fused_op(ctx), fused);
    handles.insert(f.new_containing_op(ctx), containing);
    Ok(())
}

/// Tiles every target and fuses its producers greedily; the first result
/// holds the tiled targets, the others the loops (one handle per depth).
fn run_fuse(ctx: &mut Context, f: FuseOp, handles: &mut Handles) -> Result<(), Diagnostic> {
    let op = f.op();
    let (tile_sizes, interchange) = fuse_sizes(ctx, op);
    let loop_kind = if ctx.get_attr(op, "use_forall").is_some() { LoopKind::Forall } else { LoopKind::For };
    let interchange = interchange.iter().map(|x| *x as usize).collect();
    let options = TilingOptions { tile_sizes, interchange, loop_kind };
    let cleanup = ctx.get_attr(op, "apply_cleanup").is_some();
    let mut tiled = Vec::new();
    for t in handles.get(&f.target(ctx)).cloned().unwrap_or_default() {
        tiled.push(crate::fusion::tile_and_fuse(ctx, t, &options, cleanup)?.0);
    }
    record_tiled(ctx, op, &tiled, handles);
    Ok(())
}

/// `transform.test.fuse_consumer %consumer into (%innermost, ..., %outermost)`:
/// each consumer is fused into the nest formed by the loop handles' ops at
/// the same position; the results hold the fused consumers' tiles, then
/// the new loops (same order as the operands).
fn run_fuse_consumer(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let operands = ctx.operands(op).to_vec();
    let results = ctx.results(op).to_vec();
    let consumers = handles.get(&operands[0]).cloned().unwrap_or_default();
    let loop_lists: Vec<Vec<OpId>> =
        operands[1..].iter().map(|v| handles.get(v).cloned().unwrap_or_default()).collect();
    let mut fused = Vec::new();
    let mut new_loops: Vec<Vec<OpId>> = vec![Vec::new(); loop_lists.len()];
    for (i, c) in consumers.iter().enumerate() {
        let nest: Vec<OpId> = loop_lists.iter().filter_map(|l| l.get(i).copied()).collect();
        if nest.len() != loop_lists.len() {
            return Err(Diagnostic::error(ctx.op_loc(op), "expects as many loops in each loop handle as consumers"));
        }
        let f = crate::consumer_fusion::fuse_consumer(ctx, *c, &nest)?;
        fused.extend(f.tile.tiled_ops);
        for (k, l) in f.loops.into_iter().enumerate() {
            new_loops[k].push(l);
        }
    }
    handles.insert(results[0], fused);
    for (r, h) in results[1..].iter().zip(new_loops) {
        handles.insert(*r, h);
    }
    Ok(())
}
