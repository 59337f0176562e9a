//! The tiling driver: wraps an op implementing the TilingInterface in
//! `scf.for` nests (tiles threaded through `iter_args` and
//! `tensor.insert_slice`) or one `scf.forall` (`shared_outs` and
//! `tensor.parallel_insert_slice`), like MLIR's `tileUsingSCF`.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::scf::{ForOp, ForallOp, InParallelOp, YieldOp};
use tessel_ir::interfaces::tiling::{
    tiling_interface, IteratorType, LoopRange, TileBounds, TilePosition, TilingResult,
};
use tessel_ir::{BlockId, Context, Diagnostic, OpId, Value};

/// Which loops to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopKind {
    /// A nest of `scf.for`, one per tiled loop.
    For,
    /// One normalized `scf.forall (%i) in (N)` counting tiles, offsets
    /// `affine.apply (d0 * step)`: `tile_using_forall`'s form.
    Forall,
    /// One `scf.forall (%i) = (0) to (extent) step (step)` whose induction
    /// variables are the offsets: `transform.structured.fuse {use_forall}`'s
    /// form in mlir-opt 22.
    ForallStepped,
}

impl LoopKind {
    /// Whether the loops are one `scf.forall`.
    pub fn is_forall(self) -> bool {
        matches!(self, LoopKind::Forall | LoopKind::ForallStepped)
    }
}

/// What to tile and how.
#[derive(Clone, Debug)]
pub struct TilingOptions {
    /// One size per loop of the iteration domain; 0 (or missing) leaves
    /// that loop untiled.
    pub tile_sizes: Vec<i64>,
    /// Order of the generated loops, as a permutation of the domain's
    /// loops (empty: domain order).
    pub interchange: Vec<usize>,
    pub loop_kind: LoopKind,
}

/// The result of tiling one op.
#[derive(Clone, Debug, Default)]
pub struct TiledLoops {
    /// Generated loops, outermost first.
    pub loops: Vec<OpId>,
    /// What the op's tiled implementation created.
    pub tile: TilingResult,
}

/// Tiles `op` and replaces its results with the loops' results.
pub fn tile_op(ctx: &mut Context, op: OpId, opts: &TilingOptions) -> Result<TiledLoops, Diagnostic> {
    let loc = ctx.op_loc(op);
    let err = |m: String| Diagnostic::error(loc, m);
    let iface = tiling_interface(ctx, op)
        .ok_or_else(|| err(format!("'{}' does not implement the TilingInterface", ctx.op_name(op))))?;
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let domain = iface.iteration_domain(&mut b, op);
    let tiled = check_options(opts, domain.len()).map_err(err)?;
    if opts.loop_kind.is_forall() {
        let kinds = iface.loop_iterator_types(b.ctx, op);
        if let Some(&(i, _)) = tiled.iter().find(|(i, _)| kinds.get(*i) == Some(&IteratorType::Reduction)) {
            return Err(err(format!(
                "cannot tile reduction loop #{i} with scf.forall (its tiles would write the same outputs); \
                 use scf.for or tile size 0 for it"
            )));
        }
    }
    if tiled.is_empty() {
        return Ok(TiledLoops::default());
    }
    let dests = iface.destinations(b.ctx, op);
    let mut nest = match opts.loop_kind {
        LoopKind::For => for_nest(&mut b, &domain, &tiled, &dests),
        LoopKind::Forall | LoopKind::ForallStepped => forall_nest(&mut b, &domain, &tiled, &dests),
    };
    tile_extents(&mut b, &domain, &tiled, &mut nest);
    let tile = iface
        .tiled_implementation(&mut b, op, &nest.carried, &nest.offsets, &nest.sizes, &nest.bounds)
        .map_err(|m| err(format!("tiling failed: {m}")))?;
    let mut positions = Vec::new();
    for r in 0..b.ctx.results(op).len() {
        positions.push(iface.result_tile_position(&mut b, op, r, &nest.offsets, &nest.sizes).map_err(err)?);
    }
    match opts.loop_kind {
        LoopKind::For => yield_tiles(&mut b, &nest, &tile, &positions),
        LoopKind::Forall | LoopKind::ForallStepped => insert_tiles_in_parallel(&mut b, &nest, &tile, &positions),
    }
    if opts.loop_kind == LoopKind::Forall {
        normalize_forall(&mut b, nest.loops[0], &domain, &tiled);
    }
    let results = b.ctx.results(nest.loops[0]).to_vec();
    for (old, new) in b.ctx.results(op).to_vec().into_iter().zip(results) {
        b.ctx.replace_all_uses(old, new);
    }
    b.ctx.erase_op(op);
    Ok(TiledLoops { loops: nest.loops, tile })
}

/// The tiled loops in the order they are generated (the interchange, with
/// untiled loops left out), after checking the options against a domain of
/// `n` loops.
fn check_options(opts: &TilingOptions, n: usize) -> Result<Vec<(usize, i64)>, String> {
    if opts.tile_sizes.len() > n {
        return Err(format!("too many tile sizes: {} for {n} loops", opts.tile_sizes.len()));
    }
    if opts.tile_sizes.iter().any(|t| *t < 0) {
        return Err("tile sizes must be non-negative".into());
    }
    let order: Vec<usize> = if opts.interchange.is_empty() { (0..n).collect() } else { opts.interchange.clone() };
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != (0..n).collect::<Vec<_>>() {
        return Err(format!("interchange must be a permutation of 0..{n}"));
    }
    let size = |i: usize| opts.tile_sizes.get(i).copied().unwrap_or(0);
    Ok(order.into_iter().filter(|&i| size(i) != 0).map(|i| (i, size(i))).collect())
}

/// The generated loops and, per domain dim, the tile inside them.
struct LoopNest {
    /// Outermost first.
    loops: Vec<OpId>,
    /// The body block of each loop.
    bodies: Vec<BlockId>,
    /// The destinations as the innermost body sees them.
    carried: Vec<Value>,
    offsets: Vec<Ofr>,
    sizes: Vec<Ofr>,
    bounds: Vec<TileBounds>,
}

impl LoopNest {
    /// A nest of no loops over `domain`: one tile covering everything.
    fn untiled(domain: &[LoopRange], dests: &[Value]) -> LoopNest {
        LoopNest {
            loops: Vec::new(),
            bodies: Vec::new(),
            carried: dests.to_vec(),
            offsets: vec![Ofr::Const(0); domain.len()],
            sizes: domain.iter().map(|r| r.size).collect(),
            bounds: domain.iter().map(|r| TileBounds::Untiled { extent: r.size.as_const() }).collect(),
        }
    }
}

/// One `scf.for` per tiled loop, the destinations threaded through
/// `iter_args`; the builder is left in the innermost body.
fn for_nest(b: &mut Builder<'_>, domain: &[LoopRange], tiled: &[(usize, i64)], dests: &[Value]) -> LoopNest {
    let mut nest = LoopNest::untiled(domain, dests);
    // The bounds of every loop first, lower bounds, then upper bounds, then
    // steps, as MLIR's tiling creates them (their order after canonicalize
    // follows from it).
    let zeros: Vec<Value> = tiled.iter().map(|_| b.index_const(0)).collect();
    let ubs: Vec<Value> = tiled.iter().map(|&(i, _)| b.value(domain[i].size)).collect();
    let steps: Vec<Value> = tiled.iter().map(|&(_, step)| b.index_const(step)).collect();
    for (k, &(i, _)) in tiled.iter().enumerate() {
        let for_op = ForOp::build(b, zeros[k], ubs[k], steps[k], &nest.carried);
        let body = for_op.body_block(b.ctx);
        nest.loops.push(for_op.op());
        nest.bodies.push(body);
        nest.carried = for_op.region_iter_args(b.ctx).to_vec();
        nest.offsets[i] = Ofr::Val(for_op.induction_var(b.ctx));
        b.ip = InsertPoint::End(body);
    }
    nest
}

/// One `scf.forall (%i) = (0) to (extent) step (step)` over the tiled
/// loops with the destinations as `shared_outs`, its induction variables
/// the offsets; the builder is left in its body.
fn forall_nest(b: &mut Builder<'_>, domain: &[LoopRange], tiled: &[(usize, i64)], dests: &[Value]) -> LoopNest {
    let mut nest = LoopNest::untiled(domain, dests);
    let lbs = vec![Ofr::Const(0); tiled.len()];
    let ubs: Vec<Ofr> = tiled.iter().map(|&(i, _)| domain[i].size).collect();
    let steps: Vec<Ofr> = tiled.iter().map(|&(_, step)| Ofr::Const(step)).collect();
    let forall = ForallOp::build(b, &lbs, &ubs, &steps, dests);
    let body = forall.body_block(b.ctx);
    for (iv, &(i, _)) in forall.induction_vars(b.ctx).to_vec().into_iter().zip(tiled) {
        nest.offsets[i] = Ofr::Val(iv);
    }
    nest.carried = forall.region_out_args(b.ctx).to_vec();
    nest.loops.push(forall.op());
    nest.bodies.push(body);
    b.ip = InsertPoint::End(body);
    nest
}

/// Normalizes a tiled `scf.forall` from [`forall_nest`] as mlir-opt 22's
/// `tile_using_forall` does after tiling: the loop counts tiles
/// (`in (ceildiv(extent, step))`), and every use of an induction variable
/// reads `affine.apply (d0 * step)` of the new one, made at the top of the
/// body. The tile was built over the stepped loop, so what tessel knows
/// from the loop (offsets are multiples of the step) shaped it.
fn normalize_forall(b: &mut Builder<'_>, forall: OpId, domain: &[LoopRange], tiled: &[(usize, i64)]) {
    b.ip = InsertPoint::Before(forall);
    let counts: Vec<Ofr> = tiled
        .iter()
        .map(|&(i, step)| match domain[i].size.as_const() {
            Some(e) => Ofr::Const((e + step - 1).div_euclid(step).max(0)),
            None => {
                let map = AffineMap {
                    num_dims: 1,
                    num_syms: 0,
                    results: vec![AffineExpr::ceildiv(AffineExpr::Dim(0), AffineExpr::Const(step))],
                };
                b.affine_apply(&map, &[domain[i].size])
            }
        })
        .collect();
    let (static_counts, dynamic_counts) = b.split(&counts);
    // The stepped loop has a dynamic upper bound exactly where the count is
    // dynamic (lower bounds and steps are static): swap them in place.
    let first_ub = b.ctx.operands(forall).len() - ForallOp(forall).outputs(b.ctx).len() - dynamic_counts.len();
    for (k, v) in dynamic_counts.into_iter().enumerate() {
        b.ctx.set_operand(forall, first_ub + k, v);
    }
    let ub_attr = b.ctx.i64_array_attr(&static_counts);
    b.ctx.set_attr(forall, "staticUpperBound", ub_attr);
    let step_attr = b.ctx.i64_array_attr(&vec![1; tiled.len()]);
    b.ctx.set_attr(forall, "staticStep", step_attr);
    let f = ForallOp(forall);
    let body = f.body_block(b.ctx);
    let ivs = f.induction_vars(b.ctx).to_vec();
    let Some(first) = b.ctx.first_op(body) else { return };
    b.ip = InsertPoint::Before(first);
    for (iv, &(_, step)) in ivs.into_iter().zip(tiled) {
        let uses = b.ctx.uses(iv).to_vec();
        let map = AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::Dim(0) * AffineExpr::Const(step)] };
        let offset = b.affine_apply(&map, &[Ofr::Val(iv)]);
        let offset = b.value(offset);
        for u in uses {
            b.ctx.set_operand(u.op, u.operand as usize, offset);
        }
    }
}

/// Tile sizes: full tiles when the step is 1 or divides a static extent,
/// `min(step, extent - iv)` otherwise (upstream's `getBoundedTileSize`);
/// and what is known about them.
fn tile_extents(b: &mut Builder<'_>, domain: &[LoopRange], tiled: &[(usize, i64)], nest: &mut LoopNest) {
    for &(i, step) in tiled {
        let extent = domain[i].size;
        nest.sizes[i] = match extent.as_const() {
            Some(e) if step >= e => Ofr::Const(e),
            Some(e) if e % step == 0 => Ofr::Const(step),
            _ if step == 1 => Ofr::Const(1),
            _ => {
                let map = AffineMap {
                    num_dims: 2,
                    num_syms: 0,
                    results: vec![AffineExpr::Dim(1) - AffineExpr::Dim(0), AffineExpr::Const(step)],
                };
                b.affine_min(&map, &[nest.offsets[i], extent])
            }
        };
        if extent.as_const().is_some_and(|e| step >= e) {
            nest.offsets[i] = Ofr::Const(0);
        }
        nest.bounds[i] = TileBounds::Strided { step, extent: extent.as_const() };
    }
}

/// The innermost loop inserts each result tile into its destination and
/// yields it; each outer loop yields the inner loop's results.
fn yield_tiles(b: &mut Builder<'_>, nest: &LoopNest, tile: &TilingResult, positions: &[TilePosition]) {
    let mut yielded: Vec<Value> = Vec::new();
    for (r, pos) in positions.iter().enumerate() {
        yielded.push(b.insert_slice(tile.tiled_values[r], nest.carried[r], &pos.offsets, &pos.sizes));
    }
    for k in (0..nest.loops.len()).rev() {
        b.ip = InsertPoint::End(nest.bodies[k]);
        YieldOp::build(b, &yielded);
        yielded = b.ctx.results(nest.loops[k]).to_vec();
    }
}

/// The forall's terminator inserts each result tile into its shared output.
fn insert_tiles_in_parallel(b: &mut Builder<'_>, nest: &LoopNest, tile: &TilingResult, positions: &[TilePosition]) {
    b.ip = InsertPoint::End(nest.bodies[0]);
    let (_, block) = InParallelOp::build(b);
    b.ip = InsertPoint::End(block);
    for (r, pos) in positions.iter().enumerate() {
        b.parallel_insert_slice(tile.tiled_values[r], nest.carried[r], &pos.offsets, &pos.sizes);
    }
}

/// The `tensor.empty` an unpack writes into, directly or through slices
/// of it (the widened tile is a slice of the statically bounded one).
fn temporary_of(ctx: &Context, mut dest: Value) -> Option<Value> {
    use tessel_ir::dialects::tensor::{EmptyOp, ExtractSliceOp};
    loop {
        if EmptyOp::defining(ctx, dest).is_some() {
            return Some(dest);
        }
        dest = ExtractSliceOp::defining(ctx, dest)?.source(ctx);
    }
}

/// What a tiled unpack writes into, for `--debug-only=tiling`: its
/// temporary's type and whether it is static (a `tensor.empty`, or a slice
/// of one), or that it writes the dest's slice directly.
pub fn temporary_summary(ctx: &Context, tiled: &TiledLoops) -> String {
    temporary_summary_of(ctx, &tiled.tile.tiled_ops)
}

/// [`temporary_summary`] of the unpacks among `ops` (a tile and the
/// producers fused into its loops).
pub fn temporary_summary_of(ctx: &Context, ops: &[OpId]) -> String {
    use tessel_ir::dialects::pack::UnPackOp;
    let mut parts = Vec::new();
    for &op in ops {
        if !UnPackOp::isa(ctx, op) {
            continue;
        }
        let temporary = temporary_of(ctx, ctx.operands(op)[1]);
        parts.push(if let Some(t) = temporary {
            let ty = ctx.value_type(t);
            let dynamic = ctx.type_kind(ty).shape().is_some_and(|s| s.contains(&tessel_ir::types::DYNAMIC));
            format!(
                "temporary {} ({})",
                tessel_ir::printer::type_to_string(ctx, ty),
                if dynamic { "dynamic" } else { "static" }
            )
        } else {
            "no temporary (the tile lines up with the inner tiles)".to_string()
        });
    }
    if parts.is_empty() {
        "no temporary".to_string()
    } else {
        parts.join("; ")
    }
}
