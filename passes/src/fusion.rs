//! Producer fusion (MLIR's `transform.structured.fuse_into_containing_op`):
//! every `tensor.extract_slice` of a producer's result inside a loop is
//! replaced by the producer's tile for that slice, computed in the loop
//! through the producer's TilingInterface. A fused unpack gets the same
//! widened rows and statically sized temporary as a tiled one: the loop
//! the slice's offsets come from bounds the rows a tile needs.

use std::collections::VecDeque;
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::tensor::{slice_params, CastOp, ExtractSliceOp};
use tessel_ir::interfaces::tiling::{slice_bounds, tiling_interface, IteratorType, TilingResult};

use tessel_ir::dialects::scf::{ForOp, ForallOp};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::tiling::{tile_op, TiledLoops, TilingOptions};

/// The first `tensor.extract_slice` of a result of `producer` nested in
/// `containing`, with the result's number.
fn first_slice_use(ctx: &Context, producer: OpId, containing: OpId) -> Option<(OpId, usize)> {
    let results = ctx.results(producer);
    ctx.nested_ops(containing).into_iter().find_map(|o| {
        if !ExtractSliceOp::isa(ctx, o) {
            return None;
        }
        let src = *ctx.operands(o).first()?;
        results.iter().position(|r| *r == src).map(|r| (o, r))
    })
}

/// Replaces `slice` (a `tensor.extract_slice` of result `result` of
/// `producer`) by that tile of the result, computed where the slice was
/// through the producer's TilingInterface. `dests` are the tensors the
/// tile is written into (the producer's own destinations unless the slice
/// reads a loop-carried destination). On failure nothing is changed.
fn fuse_slice(
    ctx: &mut Context,
    producer: OpId,
    result: usize,
    slice: OpId,
    dests: Vec<Value>,
) -> Result<TilingResult, Diagnostic> {
    let loc = ctx.op_loc(producer);
    let err = |m: String| Diagnostic::error(loc, m);
    let iface = tiling_interface(ctx, producer)
        .ok_or_else(|| err(format!("'{}' does not implement the TilingInterface", ctx.op_name(producer))))?;
    let p = slice_params(ctx, slice).ok_or_else(|| err("malformed tensor.extract_slice".into()))?;
    if p.strides.0.iter().any(|s| *s != 1) {
        return Err(err("cannot fuse into a strided tensor.extract_slice".into()));
    }
    let offsets = Ofr::mixed(&p.offsets.0, &p.offsets.1);
    let sizes = Ofr::mixed(&p.sizes.0, &p.sizes.1);
    let want = ctx.value_type(ctx.result(slice, 0));
    if ctx.type_kind(want).shape().map(|s| s.len()) != Some(sizes.len()) {
        return Err(err("cannot fuse into a rank-reducing tensor.extract_slice".into()));
    }
    let bounds: Vec<_> = offsets.iter().zip(&sizes).map(|(o, s)| slice_bounds(ctx, *o, *s)).collect();
    let slice_loc = ctx.op_loc(slice);
    let mut b = Builder::new(ctx, InsertPoint::Before(slice), slice_loc);
    let tile = match iface.generate_result_tile_value(&mut b, producer, result, &dests, &offsets, &sizes, &bounds) {
        Ok(t) if !t.tiled_values.is_empty() => t,
        failed => {
            let m = failed.err().unwrap_or_else(|| "the producer made no tile".into());
            let created = std::mem::take(&mut b.created);
            for o in created.into_iter().rev() {
                if !ctx.is_erased(o) {
                    ctx.erase_op(o);
                }
            }
            return Err(Diagnostic::error(slice_loc, format!("could not fuse '{}' here: {m}", ctx.op_name(producer))));
        }
    };
    let mut value = tile.tiled_values[0];
    if b.ctx.value_type(value) != want {
        value = CastOp::create(&mut b, value, &[want], vec![]).result(b.ctx);
    }
    let old = b.ctx.result(slice, 0);
    b.ctx.replace_all_uses(old, value);
    b.ctx.erase_op(slice);
    Ok(tile)
}

/// Fuses `producer` into `containing`: returns the ops of the fused tiles.
/// The producer itself stays where it is (canonicalize erases it once
/// nothing else uses it).
pub fn fuse_into_containing(ctx: &mut Context, producer: OpId, containing: OpId) -> Result<Vec<OpId>, Diagnostic> {
    let loc = ctx.op_loc(producer);
    let err = |m: String| Diagnostic::error(loc, m);
    let iface = tiling_interface(ctx, producer)
        .ok_or_else(|| err(format!("'{}' does not implement the TilingInterface", ctx.op_name(producer))))?;
    let mut fused = Vec::new();
    while let Some((slice, result)) = first_slice_use(ctx, producer, containing) {
        let dests = iface.destinations(ctx, producer);
        fused.extend(fuse_slice(ctx, producer, result, slice, dests)?.tiled_ops);
    }
    if fused.is_empty() {
        // Used whole inside the loop (a tile covering the dim is no slice):
        // clone the producer before its first use there (upstream's
        // `cloneAndFuseFirstUse`).
        if let Some(clone) = clone_into_first_use(ctx, producer, containing) {
            return Ok(vec![clone]);
        }
        return Err(err("could not find next producer to fuse into container".into()));
    }
    Ok(fused)
}

/// Clones `producer` before the first op nested in `containing` that uses
/// one of its results, and makes every use inside `containing` read the
/// clone.
fn clone_into_first_use(ctx: &mut Context, producer: OpId, containing: OpId) -> Option<OpId> {
    let results = ctx.results(producer).to_vec();
    let nested = ctx.nested_ops(containing);
    let first = *nested.iter().find(|o| ctx.operands(**o).iter().any(|v| results.contains(v)))?;
    let mut map = tessel_ir::context::clone::IrMapping::default();
    let clone = ctx.clone_op(producer, &mut map);
    ctx.insert_op_before(first, clone);
    let inside: std::collections::HashSet<OpId> = nested.into_iter().collect();
    for (old, new) in results.into_iter().zip(ctx.results(clone).to_vec()) {
        for u in ctx.uses(old).to_vec() {
            if inside.contains(&u.op) {
                ctx.set_operand(u.op, u.operand as usize, new);
            }
        }
    }
    Some(clone)
}

/// Where a loop-carried tensor comes from: for a region iter_arg of an
/// `scf.for` or a shared_out of an `scf.forall` nested in `outermost` (or
/// being it), the init value the outermost loop receives and the operand
/// that holds it.
fn carried_init(ctx: &Context, mut v: Value, outermost: OpId) -> Option<(OpId, usize)> {
    use tessel_ir::context::ValueDef;
    loop {
        let ValueDef::BlockArg { block, index } = ctx.value_def(v) else { return None };
        let owner = ctx.block_parent(block).and_then(|r| ctx.region_parent(r))?;
        let operand = if let Some(f) = ForOp::cast(ctx, owner) {
            let k = (index as usize).checked_sub(1)?;
            let _ = f.init_args(ctx).get(k)?;
            3 + k
        } else if let Some(f) = ForallOp::cast(ctx, owner) {
            let rank = f.induction_vars(ctx).len();
            let k = (index as usize).checked_sub(rank)?;
            let outputs = f.outputs(ctx);
            let _ = outputs.get(k)?;
            ctx.operands(owner).len() - outputs.len() + k
        } else {
            return None;
        };
        if owner == outermost {
            return Some((owner, operand));
        }
        v = ctx.operands(owner)[operand];
    }
}

/// Tiles `root` and fuses its producers into the tiles, greedily (MLIR's
/// `tileConsumerAndFuseProducersUsingSCF`, as `transform.structured.fuse`
/// applies it): every slice a tile reads of a producer's result defined
/// outside the loops is replaced by the producer's tile, whose own slices
/// are candidates in turn. A slice of a loop-carried destination whose
/// init is a producer's result (a `linalg.fill` of the accumulator) fuses
/// the producer into the tile of the destination, the loops start from
/// the producer's own destination; not when a reduction loop is tiled
/// (each of its tiles would redo the producer). A producer whose tile
/// cannot be made (a pack tile cutting across inner tiles) stays outside.
/// Returns the loops, the tiled root and the fused ops.
/// With `cleanup` (upstream's `apply_cleanup`), a slice of a slice is first
/// merged into one slice of the first slice's source, so fusion reaches
/// producers behind slices.
pub fn tile_and_fuse(
    ctx: &mut Context,
    root: OpId,
    opts: &TilingOptions,
    cleanup: bool,
) -> Result<(TiledLoops, Vec<OpId>), Diagnostic> {
    let kinds = tiling_interface(ctx, root).map(|i| i.loop_iterator_types(ctx, root)).unwrap_or_default();
    let reduction_tiled =
        opts.tile_sizes.iter().enumerate().any(|(i, s)| *s != 0 && kinds.get(i) == Some(&IteratorType::Reduction));
    let tiled = tile_op(ctx, root, opts)?;
    let Some(&outermost) = tiled.loops.first() else { return Ok((tiled, Vec::new())) };
    let mut fused = Vec::new();
    let mut work: VecDeque<OpId> = VecDeque::new();
    for &op in &tiled.tile.tiled_ops {
        work.extend(candidate_slices(ctx, op, outermost, !reduction_tiled));
    }
    while let Some(slice) = work.pop_front() {
        if ctx.is_erased(slice) || !ExtractSliceOp::isa(ctx, slice) {
            continue;
        }
        if cleanup {
            if let Some(merged) = merge_with_source_slice(ctx, slice) {
                work.push_front(merged);
                continue;
            }
            if let Some(bubbled) = bubble_through_reshape(ctx, slice) {
                work.push_front(bubbled);
                continue;
            }
        }
        let src = ctx.operands(slice)[0];
        let (producer, result, dests, init) = match ctx.defining_op(src) {
            Some(p) => {
                if p == outermost || is_inside(ctx, p, outermost) {
                    continue;
                }
                let Some(iface) = tiling_interface(ctx, p) else { continue };
                let r = ctx.results(p).iter().position(|x| *x == src).expect("a result of its defining op");
                (p, r, iface.destinations(ctx, p), None)
            }
            None => {
                if reduction_tiled {
                    continue;
                }
                let Some((loop_op, operand)) = carried_init(ctx, src, outermost) else { continue };
                let init = ctx.operands(loop_op)[operand];
                let Some(p) = ctx.defining_op(init) else { continue };
                let Some(iface) = tiling_interface(ctx, p) else { continue };
                let r = ctx.results(p).iter().position(|x| *x == init).expect("a result of its defining op");
                let mut dests = iface.destinations(ctx, p);
                let own = dests[r];
                dests[r] = src;
                (p, r, dests, Some((loop_op, operand, own)))
            }
        };
        match fuse_slice(ctx, producer, result, slice, dests) {
            Ok(tile) => {
                if let Some((loop_op, operand, own)) = init {
                    ctx.set_operand(loop_op, operand, own);
                }
                for &op in &tile.tiled_ops {
                    work.extend(candidate_slices(ctx, op, outermost, !reduction_tiled));
                }
                if tracing::enabled!(target: "tiling", tracing::Level::DEBUG) {
                    let at = tessel_ir::diag::render_loc(ctx, ctx.op_loc(producer));
                    let temporaries = crate::tiling::temporary_summary_of(ctx, &tile.tiled_ops);
                    tracing::debug!(target: "tiling", producer = ctx.op_name(producer), %at, %temporaries, "fused");
                }
                fused.extend(tile.tiled_ops);
            }
            Err(d) => {
                let at = tessel_ir::diag::render_loc(ctx, ctx.op_loc(producer));
                tracing::debug!(target: "tiling", producer = ctx.op_name(producer), %at, reason = %d.message, "not fused");
            }
        }
    }
    if tracing::enabled!(target: "tiling", tracing::Level::DEBUG) {
        let ops: Vec<OpId> =
            tiled.tile.tiled_ops.iter().chain(&fused).copied().filter(|o| !ctx.is_erased(*o)).collect();
        tracing::debug!(
            target: "tiling",
            op = ctx.op_name(root),
            at = %tessel_ir::diag::render_loc(ctx, ctx.op_loc(root)),
            tile_sizes = ?opts.tile_sizes,
            loops = tiled.loops.len(),
            fused = fused.len(),
            temporaries = %crate::tiling::temporary_summary_of(ctx, &ops),
            "tiled and fused"
        );
    }
    Ok((tiled, fused))
}

/// The slices `tiled` reads, in operand order: the fusion candidates
/// (upstream's `addCandidateSlices`).
///
/// tessel's tilers read an operand whole where the tile covers all of it
/// (a slice of everything is the value); upstream's always slice it. Where
/// a producer could be fused through such a slice (a tileable producer
/// outside `outermost`, or, with `fill_dests`, the tileable producer of a
/// loop-carried destination's init), the slice is made here, where
/// upstream's would be: before the slices of later operands. Fusion and
/// the order of ops after canonicalize (which folds whole slices) then
/// follow upstream.
fn candidate_slices(ctx: &mut Context, tiled: OpId, outermost: OpId, fill_dests: bool) -> Vec<OpId> {
    if ctx.is_erased(tiled) {
        return Vec::new();
    }
    let maps = tessel_ir::dialects::structured::structured(ctx, tiled).map(|s| s.maps);
    let mut out = Vec::new();
    let operands = ctx.operands(tiled).to_vec();
    for (k, &v) in operands.iter().enumerate() {
        if let Some(slice) = ctx.defining_op(v).filter(|o| ExtractSliceOp::isa(ctx, *o)) {
            out.push(slice);
            continue;
        }
        // Upstream slices a structured op's operand when its map uses a loop.
        let indexed = maps.as_ref().is_none_or(|m| {
            m.get(k).is_some_and(|m| (0..m.num_dims).any(|d| m.results.iter().any(|e| e.is_function_of_dim(d))))
        });
        if !indexed || !fusable_whole(ctx, v, outermost, fill_dests) {
            continue;
        }
        let later_slice = operands[k + 1..]
            .iter()
            .filter_map(|w| ctx.defining_op(*w))
            .find(|o| ExtractSliceOp::isa(ctx, *o) && ctx.op_block(*o) == ctx.op_block(tiled));
        let at = later_slice.unwrap_or(tiled);
        let loc = ctx.op_loc(tiled);
        let mut b = Builder::new(ctx, InsertPoint::Before(at), loc);
        let Some(slice) = b.whole_slice(v) else { continue };
        ctx.set_operand(tiled, k, slice);
        out.push(ctx.defining_op(slice).expect("just made"));
    }
    out
}

/// Whether a tile reading `v` whole could fuse `v`'s producer: one with a
/// TilingInterface defined outside `outermost`, or (`fill_dests`) the
/// producer of the init of a destination the loops carry.
fn fusable_whole(ctx: &Context, v: Value, outermost: OpId, fill_dests: bool) -> bool {
    let producer = match ctx.defining_op(v) {
        Some(p) => (p != outermost && !is_inside(ctx, p, outermost)).then_some(p),
        None if fill_dests => carried_init(ctx, v, outermost).and_then(|(l, o)| ctx.defining_op(ctx.operands(l)[o])),
        None => None,
    };
    producer.is_some_and(|p| tiling_interface(ctx, p).is_some())
}

/// Whether `op` is nested (at any depth) in `ancestor`.
pub(crate) fn is_inside(ctx: &Context, op: OpId, ancestor: OpId) -> bool {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if p == ancestor {
            return true;
        }
        cur = ctx.parent_op(p);
    }
    false
}

/// A slice of an `expand_shape` / `collapse_shape` result moved before the
/// reshape (upstream's bubble-up patterns in the cleanup): returns the new
/// slice of the reshape's source.
fn bubble_through_reshape(ctx: &mut Context, slice: OpId) -> Option<OpId> {
    use tessel_ir::dialects::patterns::reshape_slice::{bubble_slice_through_collapse, bubble_slice_through_expand};
    let result = ctx.result(slice, 0);
    let user_before: Vec<(OpId, usize)> = ctx.uses(result).iter().map(|u| (u.op, u.operand as usize)).collect();
    let loc = ctx.op_loc(slice);
    let mut listener = tessel_ir::builder::NoListener;
    let mut rw = tessel_ir::rewriter::Rewriter::new(ctx, InsertPoint::Before(slice), loc, &mut listener);
    if !bubble_slice_through_expand(&mut rw, slice) && !bubble_slice_through_collapse(&mut rw, slice) {
        return None;
    }
    let &(user, index) = user_before.first()?;
    let reshape = rw.ctx.defining_op(rw.ctx.operands(user)[index])?;
    let new_slice = rw.ctx.defining_op(rw.ctx.operands(reshape)[0]).filter(|o| ExtractSliceOp::isa(rw.ctx, *o))?;
    // The cleanup's slice canonicalization: constant offsets become static.
    tessel_ir::dialects::patterns::tensor::fold_constant_offsets_and_strides(&mut rw, new_slice);
    rw.ctx.defining_op(rw.ctx.operands(reshape)[0]).filter(|o| ExtractSliceOp::isa(rw.ctx, *o))
}

/// `extract_slice(extract_slice(x))`, both with unit strides and without
/// rank reduction, becomes one `extract_slice(x)` (offsets added): returns
/// the new slice.
fn merge_with_source_slice(ctx: &mut Context, slice: OpId) -> Option<OpId> {
    use tessel_ir::affine::{AffineExpr, AffineMap};
    let src = ctx.operands(slice)[0];
    let outer = ctx.defining_op(src).filter(|o| ExtractSliceOp::isa(ctx, *o))?;
    let (pi, po) = (slice_params(ctx, slice)?, slice_params(ctx, outer)?);
    let unit = |p: &tessel_ir::dialects::tensor::SliceParams| p.strides.0.iter().all(|s| *s == 1);
    let rank = |v: Value| ctx.type_kind(ctx.value_type(v)).shape().map(|s| s.len());
    let outer_src = ctx.operands(outer)[0];
    if !unit(&pi) || !unit(&po) || rank(outer_src) != rank(src) || rank(src) != rank(ctx.result(slice, 0)) {
        return None;
    }
    let inner_offsets = Ofr::mixed(&pi.offsets.0, &pi.offsets.1);
    let outer_offsets = Ofr::mixed(&po.offsets.0, &po.offsets.1);
    let sizes = Ofr::mixed(&pi.sizes.0, &pi.sizes.1);
    let want = ctx.value_type(ctx.result(slice, 0));
    let loc = ctx.op_loc(slice);
    let mut b = Builder::new(ctx, InsertPoint::Before(slice), loc);
    let add = AffineMap { num_dims: 2, num_syms: 0, results: vec![AffineExpr::Dim(0) + AffineExpr::Dim(1)] };
    let offsets: Vec<Ofr> =
        outer_offsets.iter().zip(&inner_offsets).map(|(o, i)| b.affine_apply(&add, &[*o, *i])).collect();
    let mut merged = b.extract_slice(outer_src, &offsets, &sizes);
    if b.ctx.value_type(merged) != want {
        merged = CastOp::create(&mut b, merged, &[want], vec![]).result(b.ctx);
    }
    let old = b.ctx.result(slice, 0);
    b.ctx.replace_all_uses(old, merged);
    b.ctx.erase_op(slice);
    ctx.defining_op(merged).filter(|o| ExtractSliceOp::isa(ctx, *o))
}
