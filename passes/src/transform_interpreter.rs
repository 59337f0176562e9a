//! `transform-interpreter`: runs `transform.named_sequence @__transform_main`
//! on the module, like mlir-opt's pass of the same name, for the transform
//! ops upstream pack/unpack tiling tests use. The schedule (its enclosing
//! `module attributes {transform.with_named_sequence}`) stays in the
//! output, as mlir-opt 22 leaves it.

use rustc_hash::FxHashMap;
use tessel_ir::dialects::func::ModuleOp;
use tessel_ir::dialects::transform::{
    bool_option, fuse_sizes, handle_op_name, match_names, tile_sizes, ApplyBubbleUpExtractSliceOp,
    ApplyCanonicalizationOp, ApplyDecomposePackUnpackOp, ApplyFoldIntoPackAndUnpackOp, ApplyFoldPackUnpackIntoEmptyOp,
    ApplyPatternsOp, CastOp, FuseConsumerOp, FuseIntoContainingOp, FuseOp, GetParentOp, LowerPackOp, LowerUnPackOp,
    MatchOp, NamedSequenceOp, SplitHandleOp, TileUsingForOp, TileUsingForallOp, YieldOp,
};
use tessel_ir::dialects::transform_pack;
use tessel_ir::dialects::transform_param::{is_param_type, param_element_text, ParamConstantOp};
use tessel_ir::dialects::transform_vector::{ApplyLowerTransposeOp, VectorizeChildrenOp, VectorizeOp};
use tessel_ir::interfaces::tiling::tiling_interface;
use tessel_ir::{Attr, Context, Diagnostic, Loc, OpId, Value};

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

/// The attributes each transform parameter value stands for.
type Params = FxHashMap<Value, Vec<Attr>>;

impl Pass for TransformInterpreter {
    fn name(&self) -> &'static str {
        "transform-interpreter"
    }

    fn class_name(&self) -> &'static str {
        "InterpreterPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        // The payload's own sequences first, then the preloaded library's.
        let seq = std::iter::once(root)
            .chain(ctx.transform_library.iter().copied())
            .flat_map(|m| ctx.nested_ops(m))
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
        let mut params = Params::default();
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
                    // MLIR names the handle by printing it: its defining op
                    // in generic form.
                    let handle = value_text(ctx, ctx.operands(op)[0]);
                    return Err(Diagnostic::error(
                        ctx.op_loc(op),
                        format!(
                            "{handle} expected to contain {} payloads but it contains {} payloads",
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
            } else if LowerPackOp::isa(ctx, op) || LowerUnPackOp::isa(ctx, op) {
                run_lower(ctx, op, &mut handles)?;
            } else if GetParentOp::isa(ctx, op) {
                run_get_parent(ctx, op, &mut handles)?;
            } else if ApplyPatternsOp::isa(ctx, op) {
                run_apply_patterns(ctx, op, &handles)?;
            } else if transform_pack::PackOp::isa(ctx, op) {
                crate::transform_pack_ops::run_pack(ctx, op, &mut handles)?;
            } else if transform_pack::PackGreedilyOp::isa(ctx, op) {
                crate::transform_pack_ops::run_pack_greedily(ctx, op, &mut handles)?;
            } else if transform_pack::PackTransposeOp::isa(ctx, op) {
                crate::transform_pack_ops::run_pack_transpose(ctx, op, &mut handles)?;
            } else if transform_pack::GetProducerOfOperandOp::isa(ctx, op) {
                crate::transform_pack_ops::run_get_producer(ctx, op, &mut handles)?;
            } else if tessel_ir::dialects::transform_loop::LoopPeelOp::isa(ctx, op) {
                crate::transform_loop_ops::run_peel(ctx, op, &mut handles)?;
            } else if ParamConstantOp::isa(ctx, op) {
                tessel_ir::dialects::transform_param::check_param_value(ctx, op)
                    .map_err(|m| Diagnostic::error(ctx.op_loc(op), m))?;
                let value = ParamConstantOp(op).value(ctx).into_iter().collect();
                params.insert(ctx.result(op, 0), value);
            } else if VectorizeOp::isa(ctx, op) {
                run_vectorize(ctx, op, &handles, &params)?;
            } else if VectorizeChildrenOp::isa(ctx, op) {
                run_vectorize_children(ctx, op, &mut handles)?;
            } else if CastOp::isa(ctx, op) {
                let payload = handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default();
                handles.insert(ctx.result(op, 0), payload);
            } else {
                return Err(Diagnostic::error(
                    ctx.op_loc(op),
                    format!("'{}' is not supported by tessel's transform interpreter (supported: structured.match, structured.tile_using_for, structured.tile_using_forall, structured.fuse_into_containing_op, structured.fuse, structured.lower_pack, structured.lower_unpack, structured.pack, structured.pack_greedily, structured.pack_transpose, structured.vectorize, structured.vectorize_children_and_apply_patterns, loop.peel, param.constant, get_parent_op, get_producer_of_operand, apply_patterns, test.fuse_consumer, split_handle, cast, yield)", ctx.op_name(op)),
                ));
            }
            check_handle_types(ctx, op, &handles)?;
            if tracing::enabled!(target: "transform", tracing::Level::DEBUG) {
                let payload: Vec<String> =
                    ctx.results(op).iter().map(|r| handles.get(r).map_or(0, Vec::len).to_string()).collect();
                tracing::debug!(
                    target: "transform",
                    op = ctx.op_name(op),
                    at = %tessel_ir::diag::render_loc(ctx, ctx.op_loc(op)),
                    results = %payload.join(","),
                    "applied (payload ops per result handle)"
                );
            }
        }
        // The schedule stays in the output, as mlir-opt 22 leaves it.
        Ok(())
    }
}

/// `transform.structured.match ops{[...]} in %target`: the ops nested in
/// the targets with one of the names (the schedule excluded), in MLIR's
/// post-order.
/// Whether `o` implements the interface `transform.structured.match
/// interface{..}` names.
fn has_interface(ctx: &Context, name: &str, o: OpId) -> bool {
    use tessel_ir::dialects::scf;
    let linalg = tessel_ir::dialects::structured::structured(ctx, o).is_some();
    match name {
        "LinalgOp" => linalg,
        "TilingInterface" => {
            linalg
                || tessel_ir::dialects::pack::PackOp::isa(ctx, o)
                || tessel_ir::dialects::pack::UnPackOp::isa(ctx, o)
                || tessel_ir::dialects::tensor::PadOp::isa(ctx, o)
        }
        "LoopLikeInterface" => {
            scf::ForOp::isa(ctx, o)
                || scf::ForallOp::isa(ctx, o)
                || tessel_ir::dialects::scf_more::WhileOp::isa(ctx, o)
                || tessel_ir::dialects::scf_parallel::ParallelOp::isa(ctx, o)
        }
        _ => false,
    }
}

fn run_match(ctx: &Context, m: MatchOp, schedule: OpId, handles: &mut Handles) {
    let names = match_names(ctx, m.op());
    let interface = tessel_ir::dialects::transform::match_interface(ctx, m.op());
    let mut found = Vec::new();
    for t in handles.get(&m.target(ctx)).cloned().unwrap_or_default() {
        // MLIR's `walk`: nested ops before the ops holding them (the
        // target itself is not a candidate).
        let mut nested = Vec::new();
        ctx.walk_postorder(t, &mut |o| nested.push(o));
        nested.pop();
        for o in nested {
            let by_name = names.is_empty() || names.iter().any(|n| names_op(ctx, n, o));
            let by_interface = interface.is_none_or(|i| has_interface(ctx, i, o));
            let selects = (!names.is_empty() || interface.is_some()) && by_name && by_interface;
            if o != schedule && !crate::fusion::is_inside(ctx, o, schedule) && selects {
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

/// `lower_pack` / `lower_unpack` on every target; each result handle holds
/// the ops of its kind the lowerings made (none where a shortcut skipped
/// them).
fn run_lower(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let is_pack = LowerPackOp::isa(ctx, op);
    let results = ctx.results(op).to_vec();
    let mut made: Vec<Vec<OpId>> = vec![Vec::new(); results.len()];
    for t in handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default() {
        let loc = ctx.op_loc(t);
        let lowered = if is_pack {
            let shortcut = bool_option(ctx, op, "lowerPadLikeWithInsertSlice", true);
            crate::lower_pack::lower_pack(ctx, t, shortcut).map(|l| vec![Some(l.pad), l.expand_shape, l.transpose])
        } else {
            let shortcut = bool_option(ctx, op, "lowerUnpadLikeWithExtractSlice", true);
            crate::lower_pack::lower_unpack(ctx, t, shortcut)
                .map(|l| vec![l.empty, l.transpose, l.collapse_shape, Some(l.extract_slice)])
        };
        let ops = lowered.map_err(|m| on_target(ctx, op, loc, Diagnostic::error(loc, m)))?;
        for (k, o) in ops.into_iter().enumerate() {
            made[k].extend(o);
        }
    }
    for (r, h) in results.into_iter().zip(made) {
        handles.insert(r, h);
    }
    Ok(())
}

/// `transform.structured.vectorize` on every target: MLIR's "Attempted to
/// vectorize, but failed" at a target it cannot vectorize; vector sizes
/// that do not fit are an error at the transform op (MLIR 22 builds
/// invalid IR from them).
fn run_vectorize(ctx: &mut Context, op: OpId, handles: &Handles, params: &Params) -> Result<(), Diagnostic> {
    let (mut vector_sizes, scalable) = tessel_ir::dialects::transform_vector::vector_sizes(ctx, op);
    let mut dynamic = VectorizeOp(op).vector_sizes(ctx).to_vec().into_iter();
    for size in vector_sizes.iter_mut().filter(|s| **s == tessel_ir::types::DYNAMIC) {
        let v = dynamic.next().expect("the verifier counts the dynamic sizes");
        *size = vector_size_of(ctx, op, v, handles, params)?;
    }
    let opts = crate::vectorize::VectorizeOptions {
        vector_sizes,
        scalable,
        vectorize_nd_extract: VectorizeOp(op).vectorize_nd_extract(ctx),
        create_named_contraction: VectorizeOp(op).create_named_contraction(ctx),
    };
    for t in handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default() {
        let loc = ctx.op_loc(t);
        match crate::vectorize::vectorize(ctx, t, &opts) {
            Ok(()) => {}
            Err(crate::vectorize::VectorizeError::Unsupported(why)) => {
                tracing::debug!(target: "vectorize", at = %tessel_ir::diag::render_loc(ctx, loc), why, "not vectorized");
                let d = Diagnostic::error(loc, "Attempted to vectorize, but failed");
                return Err(d);
            }
            Err(crate::vectorize::VectorizeError::BadSizes(why)) => {
                return Err(Diagnostic::error(ctx.op_loc(op), why).with_note(loc, "target op"));
            }
        }
    }
    Ok(())
}

/// A vector size given by a transform value, as MLIR 22's
/// `reifyMixedParamAndHandleResults` reads it: one integer parameter, or
/// one payload op with a single `index` result that is a constant.
fn vector_size_of(ctx: &Context, op: OpId, v: Value, handles: &Handles, params: &Params) -> Result<i64, Diagnostic> {
    let fail = |m: &str| Err(Diagnostic::error(ctx.op_loc(op), m.to_string()));
    let ty = ctx.value_type(v);
    if is_param_type(ctx, ty) {
        if param_element_text(ctx, ty).is_none() {
            return fail("unexpected value handle");
        }
        let values = params.get(&v).map(Vec::as_slice).unwrap_or_default();
        let [value] = values else { return fail("expected a single param") };
        return match ctx.attr_kind(*value) {
            tessel_ir::attrs::AttrKind::Integer { value, .. } => Ok(*value as i64),
            _ => fail("expected the param to be an integer attribute"),
        };
    }
    let payload = handles.get(&v).map(Vec::as_slice).unwrap_or_default();
    let [producer] = payload else { return fail("requires param or handle that is mapped to 1 payload op") };
    let results = ctx.results(*producer);
    if results.len() != 1 || !matches!(ctx.value_type_kind(results[0]), tessel_ir::types::TypeKind::Index) {
        return fail("requires param or handle to be result of op with 1 index result");
    }
    match tessel_ir::dialects::constant_attr_of(ctx, results[0]).map(|a| ctx.attr_kind(a)) {
        Some(tessel_ir::attrs::AttrKind::Integer { value, .. }) => Ok(*value as i64),
        _ => fail("requires param or handle to be the result of a constant like op"),
    }
}

/// `transform.structured.vectorize_children_and_apply_patterns`: each
/// target must be isolated from above; the result handle is the targets.
fn run_vectorize_children(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let v = VectorizeChildrenOp(op);
    let opts = crate::vectorize::ChildrenOptions {
        no_transfer_permutation: v.disable_transfer_permutation_map_lowering_patterns(ctx),
        no_reduction_to_contract: v.disable_multi_reduction_to_contract_patterns(ctx),
        vectorize_padding: v.vectorize_padding(ctx),
        fold_type_extensions: v.fold_type_extensions_into_contract(ctx),
    };
    let targets = handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default();
    for &t in &targets {
        if !ctx.def_of(t).is_some_and(|d| d.has(tessel_ir::registry::traits::ISOLATED_FROM_ABOVE)) {
            let d = Diagnostic::error(
                ctx.op_loc(op),
                "'transform.structured.vectorize_children_and_apply_patterns' op requires isolated-from-above targets",
            );
            return Err(d.with_note(ctx.op_loc(t), "non-isolated target"));
        }
    }
    for &t in &targets {
        crate::vectorize::vectorize_children(ctx, t, &opts);
    }
    handles.insert(ctx.result(op, 0), targets);
    Ok(())
}

/// A value as MLIR streams it into a diagnostic: its defining op in
/// generic form, or `<block argument> of type 'T' at index: N`.
fn value_text(ctx: &Context, v: Value) -> String {
    match ctx.value_def(v) {
        tessel_ir::context::ValueDef::Result { op, .. } => tessel_ir::printer::op_to_generic_string(ctx, op),
        tessel_ir::context::ValueDef::BlockArg { index, .. } => {
            let ty = tessel_ir::printer::type_to_string(ctx, ctx.value_type(v));
            format!("<block argument> of type '{ty}' at index: {index}")
        }
        tessel_ir::context::ValueDef::Detached => "<<NULL VALUE>>".to_string(),
    }
}

/// Every result handle typed `!transform.op<"name">` must hold only ops of
/// that name, as MLIR's interpreter checks after each transform op.
fn check_handle_types(ctx: &Context, op: OpId, handles: &Handles) -> Result<(), Diagnostic> {
    for r in ctx.results(op) {
        let Some(name) = handle_op_name(ctx, ctx.value_type(*r)) else { continue };
        for p in handles.get(r).into_iter().flatten() {
            if !names_op(ctx, &name, *p) {
                let message = format!(
                    "incompatible payload operation name expected {name} vs {} -> {}",
                    ctx.op_name(*p),
                    tessel_ir::printer::op_to_generic_string(ctx, *p)
                );
                return Err(Diagnostic::error(ctx.op_loc(op), message).with_note(ctx.op_loc(*p), "payload operation"));
            }
        }
    }
    Ok(())
}

/// A failure of transform op `transform` on payload op `target`, reported
/// as MLIR's transform ops report it: the error at the transform op, a
/// `target op` note at the payload.
fn at_transform(ctx: &Context, transform: OpId, target: OpId, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.op_loc(transform), message).with_note(ctx.op_loc(target), "target op")
}

/// What MLIR's tiling transforms check of a target before tiling it, in
/// MLIR 22's words: it implements the TilingInterface, and there are no
/// more tile sizes than loops.
fn check_tiling_target(
    ctx: &Context,
    transform: OpId,
    target: OpId,
    options: &TilingOptions,
) -> Result<(), Diagnostic> {
    let Some(iface) = tiling_interface(ctx, target) else {
        return Err(at_transform(ctx, transform, target, "only ops implementing TilingInterface are supported"));
    };
    let loops = iface.loop_iterator_types(ctx, target).len();
    if options.tile_sizes.len() > loops {
        let found = options.tile_sizes.len();
        let message = format!("too many tiles provided, expected at most {loops} found {found}");
        return Err(at_transform(ctx, transform, target, message));
    }
    Ok(())
}

/// A failure inside a transform (tiling, fusion) moved to the transform op,
/// with the payload op it was applied to (at `target`, taken before the
/// transform could erase it) as a note.
fn on_target(ctx: &Context, transform: OpId, target: Loc, d: Diagnostic) -> Diagnostic {
    let mut moved = Diagnostic::error(ctx.op_loc(transform), d.message).with_note(target, "target op");
    moved.notes.extend(d.notes);
    moved
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
        check_tiling_target(ctx, op, t, options)?;
        let loc = ctx.op_loc(t);
        let done = tile_op(ctx, t, options).map_err(|d| on_target(ctx, op, loc, d))?;
        tracing::debug!(
            target: "tiling",
            op = ctx.op_name(t),
            at = %tessel_ir::diag::render_loc(ctx, loc),
            tile_sizes = ?options.tile_sizes,
            loops = done.loops.len(),
            temporaries = %crate::tiling::temporary_summary(ctx, &done),
            "tiled"
        );
        for r in &done.tile.remarks {
            tracing::debug!(target: "tiling", "{r}");
        }
        tiled.push(done);
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
    // mlir-opt 22's fuse steps its forall over the extents, where
    // tile_using_forall counts tiles.
    let loop_kind = if ctx.get_attr(op, "use_forall").is_some() { LoopKind::ForallStepped } else { LoopKind::For };
    let interchange = interchange.iter().map(|x| *x as usize).collect();
    let options = TilingOptions { tile_sizes, interchange, loop_kind };
    let cleanup = ctx.get_attr(op, "apply_cleanup").is_some();
    let mut tiled = Vec::new();
    for t in handles.get(&f.target(ctx)).cloned().unwrap_or_default() {
        check_tiling_target(ctx, op, t, &options)?;
        let loc = ctx.op_loc(t);
        let fused = crate::fusion::tile_and_fuse(ctx, t, &options, cleanup);
        tiled.push(fused.map_err(|d| on_target(ctx, op, loc, d))?.0);
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

/// `apply_patterns.tensor.bubble_up_extract_slice`'s patterns.
fn bubble_up_extract_slice(ctx: &Context, op: OpId) -> &'static [tessel_ir::rewriter::NamedPattern] {
    use tessel_ir::dialects::patterns::reshape_slice::{bubble_slice_through_collapse, bubble_slice_through_expand};
    if tessel_ir::dialects::tensor::ExtractSliceOp::isa(ctx, op) {
        tessel_ir::named_patterns![bubble_slice_through_expand, bubble_slice_through_collapse]
    } else {
        &[]
    }
}

/// `transform.apply_patterns to %h { descriptors }`: the descriptors'
/// patterns, applied greedily to each payload op of `%h` (then cse with
/// `apply_cse`), as MLIR applies them (one pattern set).
fn run_apply_patterns(ctx: &mut Context, op: OpId, handles: &Handles) -> Result<(), Diagnostic> {
    use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
    let mut sources: Vec<PatternSource> = Vec::new();
    let mut canonicalization = false;
    let mut max_transfer_rank = None;
    let body = ctx.blocks(ctx.regions(op)[0]).first().copied();
    for d in body.map(|b| ctx.block_op_list(b)).unwrap_or_default() {
        if ApplyFoldIntoPackAndUnpackOp::isa(ctx, d) {
            sources.push(crate::pack_folds::fold_into_pack_and_unpack);
        } else if ApplyFoldPackUnpackIntoEmptyOp::isa(ctx, d) {
            if bool_option(ctx, d, "fold_single_use_only", false) {
                return Err(Diagnostic::error(
                    ctx.op_loc(d),
                    "tessel does not support fold_single_use_only = true (it folds every pack and unpack of tensor.empty)",
                ));
            }
            sources.push(crate::pack_folds::fold_pack_unpack_into_empty);
        } else if ApplyDecomposePackUnpackOp::isa(ctx, d) {
            sources.push(crate::pack_folds::decompose_pack_unpack);
        } else if ApplyBubbleUpExtractSliceOp::isa(ctx, d) {
            sources.push(bubble_up_extract_slice);
        } else if ApplyCanonicalizationOp::isa(ctx, d) {
            canonicalization = true;
        } else if tessel_ir::dialects::transform_loop::ApplyForLoopCanonicalizationOp::isa(ctx, d) {
            sources.push(crate::scf_loop_canonicalization::patterns);
        } else if let Some(source) = crate::vectorize::descriptor_patterns(ctx, d) {
            sources.push(source);
        } else if tessel_ir::dialects::transform_vector::ApplyLowerTransferOp::isa(ctx, d) {
            sources.push(crate::vectorize::lower_transfer_patterns);
            max_transfer_rank = Some(tessel_ir::dialects::transform_vector::max_transfer_rank(ctx, d).max(0) as usize);
        } else if tessel_ir::dialects::transform_vector::ApplyLowerMultiReductionOp::isa(ctx, d) {
            sources.push(if tessel_ir::dialects::transform_vector::inner_reduction_strategy(ctx, d) {
                crate::vector_passes::lower_multi_reduction_reduction
            } else {
                crate::vector_passes::lower_multi_reduction_parallel
            });
        } else if tessel_ir::dialects::transform_vector::ApplyLowerContractionOp::isa(ctx, d) {
            let strategy = tessel_ir::dialects::transform_vector::contraction_strategy(ctx, d);
            sources.push(crate::vectorize::lower_contraction_patterns(strategy));
        } else if ApplyLowerTransposeOp::isa(ctx, d) {
            match tessel_ir::dialects::transform_vector::transpose_strategy(ctx, d) {
                // `llvmintr` is the LLVM conversion's: here, as in 22, eltwise.
                "shuffle_1d" => sources.push(crate::vectorize::lower_transpose_shuffle_patterns),
                "shuffle_16x16" => sources.push(crate::vectorize::lower_transpose_shuffle_16x16_patterns),
                _ => sources.push(crate::vectorize::lower_transpose_eltwise_patterns),
            }
        } else {
            return Err(Diagnostic::error(
                ctx.op_loc(d),
                format!(
                    "'{}' is not supported by tessel's transform interpreter (supported in apply_patterns: apply_patterns.tensor.fold_into_pack_and_unpack, apply_patterns.linalg.fold_pack_unpack_into_empty, apply_patterns.linalg.decompose_pack_unpack, apply_patterns.tensor.bubble_up_extract_slice, apply_patterns.canonicalization, apply_patterns.scf.for_loop_canonicalization, apply_patterns.vector.lower_transpose, apply_patterns.vector.lower_transfer, apply_patterns.vector.lower_multi_reduction, apply_patterns.vector.lower_contraction, {})",
                    ctx.op_name(d),
                    crate::vectorize::DESCRIPTORS.iter().map(|(def, _)| def.name.trim_start_matches("transform.")).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    let apply_cse = ctx.get_attr(op, "apply_cse").is_some();
    let targets = handles.get(&ctx.operands(op)[0]).cloned().unwrap_or_default();
    for &target in &targets {
        if is_ancestor_of(ctx, target, op) {
            let d = Diagnostic::error(ctx.op_loc(op), "cannot apply transform to itself (or one of its ancestors)");
            return Err(d.with_note(ctx.op_loc(target), "target payload op"));
        }
    }
    for target in targets {
        if ctx.is_erased(target) {
            continue;
        }
        apply_patterns_greedily(
            ctx,
            target,
            PatternSet { canonicalization, fold_in_place: true, max_transfer_rank, ..PatternSet::patterns(&sources) },
        );
        if apply_cse {
            crate::cse::cse(ctx, target);
        }
    }
    Ok(())
}

/// Whether `op` is `inner` or holds it.
fn is_ancestor_of(ctx: &Context, op: OpId, inner: OpId) -> bool {
    let mut at = Some(inner);
    while let Some(o) = at {
        if o == op {
            return true;
        }
        at = ctx.parent_op(o);
    }
    false
}

/// `transform.get_parent_op`: for each payload op, its `nth_parent`-th
/// enclosing op that is isolated from above (`isolated_from_above`) or has
/// the name `op_name` (any op without either); `deduplicate` keeps each
/// parent once. A payload op without such a parent is MLIR's error.
fn run_get_parent(ctx: &Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    use tessel_ir::attrs::AttrKind;
    use tessel_ir::registry::traits;
    let isolated = ctx.get_attr(op, "isolated_from_above").is_some();
    let name = ctx.get_attr(op, "op_name").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(value.clone()),
        _ => None,
    });
    let nth = match ctx.get_attr(op, "nth_parent").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => usize::try_from(*value).unwrap_or(1),
        _ => 1,
    };
    let dedup = ctx.get_attr(op, "deduplicate").is_some();
    let wanted = |p: OpId| {
        (!isolated || ctx.def_of(p).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)))
            && name.as_deref().is_none_or(|n| names_op(ctx, n, p))
    };
    let mut parents: Vec<OpId> = Vec::new();
    for &target in handles.get(&ctx.operands(op)[0]).map(Vec::as_slice).unwrap_or(&[]) {
        let mut found = None;
        let mut left = nth;
        let mut at = ctx.parent_op(target);
        while let Some(p) = at {
            if wanted(p) {
                left -= 1;
                if left == 0 {
                    found = Some(p);
                    break;
                }
            }
            at = ctx.parent_op(p);
        }
        let Some(parent) = found else {
            return Err(at_transform(ctx, op, target, "could not find a parent op that matches all requirements"));
        };
        if !(dedup && parents.contains(&parent)) {
            parents.push(parent);
        }
    }
    handles.insert(ctx.result(op, 0), parents);
    Ok(())
}
