//! Consumer fusion (MLIR's `transform.test.fuse_consumer`): an op that
//! reads a result of a tiled loop nest is moved into the nest. Each
//! iteration computes the consumer's tile that reads exactly the tile the
//! nest inserts into that result; the loops gain one loop-carried tensor
//! per consumer result (initialized with the consumer's destinations) and
//! one result each, which replace the consumer's results.

use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::scf::{forall_bounds, ForOp, ForallOp, YieldOp};
use tessel_ir::dialects::tensor::{slice_params, ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp};
use tessel_ir::interfaces::tiling::{slice_bounds, tiling_interface, TilingResult};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{BlockId, Context, Diagnostic, OpId, Type, Value};

/// The fused consumer's tile and the loops that now hold it.
#[derive(Clone, Debug)]
pub struct FusedConsumer {
    /// What the consumer's tiled implementation created.
    pub tile: TilingResult,
    /// The new loops, innermost first (the order they were given in).
    pub loops: Vec<OpId>,
}

/// The tile a nest inserts into one of its results, in the innermost body.
struct InsertedTile {
    /// The tile's value.
    tile: Value,
    offsets: Vec<Ofr>,
    sizes: Vec<Ofr>,
    /// The `tensor.insert_slice` of an `scf.for` nest; `None` in an
    /// `scf.forall` or when the tile is the whole tensor.
    insert: Option<OpId>,
    /// What the tile is inserted into (the loop-carried tensor).
    carried: Value,
}

/// Fuses `consumer` into `loops` (innermost first, each nested directly
/// in the next: `scf.for` loops, or one `scf.forall`).
pub fn fuse_consumer(ctx: &mut Context, consumer: OpId, loops: &[OpId]) -> Result<FusedConsumer, Diagnostic> {
    let loc = ctx.op_loc(consumer);
    let err = |m: String| Diagnostic::error(loc, m);
    check_nest(ctx, loops).map_err(&err)?;
    let outermost = *loops.last().expect("checked: at least one loop");
    let iface = tiling_interface(ctx, consumer)
        .ok_or_else(|| err(format!("'{}' does not implement the TilingInterface", ctx.op_name(consumer))))?;
    let nest_results = ctx.results(outermost).to_vec();
    let reads: Vec<(usize, usize)> = ctx
        .operands(consumer)
        .iter()
        .enumerate()
        .filter_map(|(k, v)| nest_results.iter().position(|r| r == v).map(|r| (k, r)))
        .collect();
    let &[(operand, result)] = reads.as_slice() else {
        return Err(err(if reads.is_empty() {
            "the consumer does not read a result of the loop nest".into()
        } else {
            "the consumer reads more than one result of the loop nest (not supported)".into()
        }));
    };
    let dests = iface.destinations(ctx, consumer);
    if dests.contains(&nest_results[result]) {
        return Err(err("the consumer writes into the loop nest's result (it must read it as an input)".into()));
    }
    hoist_operands(ctx, consumer, operand, outermost).map_err(&err)?;
    // Checked before the loops are rebuilt, read again from the new ones.
    inserted_tile(ctx, loops, result).map_err(&err)?;
    let new_loops = extend_nest(ctx, loops, &dests);
    let found = inserted_tile(ctx, &new_loops, result).map_err(&err)?;
    let innermost = new_loops[0];
    let body = loop_body(ctx, innermost);
    let terminator = ctx.last_op(body).expect("a loop body ends with its terminator");
    let carried_new: Vec<Value> = {
        let args = ctx.block_args(body);
        args[args.len() - dests.len()..].to_vec()
    };
    // The consumer's tile goes where the tile is inserted (before the
    // for nest's insert_slice, or the forall's terminator), and reads the
    // operand through a plain insert of the tile; once its slices of that
    // read the tile directly, the insert goes away.
    let at = found.insert.unwrap_or(terminator);
    let mut b = Builder::new(ctx, InsertPoint::Before(at), loc);
    let full = b.insert_slice(found.tile, found.carried, &found.offsets, &found.sizes);
    let (offsets, sizes) = iface
        .iteration_domain_tile_from_operand_tile(&mut b, consumer, operand, &found.offsets, &found.sizes)
        .map_err(|m| err(format!("failed to fuse consumer of slice: {m}")))?;
    let bounds: Vec<_> = offsets.iter().zip(&sizes).map(|(o, s)| slice_bounds(b.ctx, *o, *s)).collect();
    b.ctx.set_operand(consumer, operand, full);
    let tile = iface
        .tiled_implementation(&mut b, consumer, &carried_new, &offsets, &sizes, &bounds)
        .map_err(|m| err(format!("tiling the consumer failed: {m}")))?;
    let mut positions = Vec::new();
    for r in 0..b.ctx.results(consumer).len() {
        positions.push(iface.result_tile_position(&mut b, consumer, r, &offsets, &sizes).map_err(&err)?);
    }
    read_tile_directly(b.ctx, &tile, full, &found);
    if b.ctx.use_empty(full) {
        let insert = b.ctx.defining_op(full).expect("an insert_slice");
        b.ctx.erase_op(insert);
    }
    b.ip = InsertPoint::Before(terminator);
    if ForallOp::isa(b.ctx, innermost) {
        b.ip = InsertPoint::End(b.ctx.blocks(b.ctx.regions(terminator)[0])[0]);
        for (r, pos) in positions.iter().enumerate() {
            b.parallel_insert_slice(tile.tiled_values[r], carried_new[r], &pos.offsets, &pos.sizes);
        }
    } else {
        let mut extra: Vec<Value> = positions
            .iter()
            .enumerate()
            .map(|(r, pos)| b.insert_slice(tile.tiled_values[r], carried_new[r], &pos.offsets, &pos.sizes))
            .collect();
        for &l in &new_loops {
            append_to_yield(b.ctx, l, &extra);
            let n = b.ctx.results(l).len();
            extra = b.ctx.results(l)[n - dests.len()..].to_vec();
        }
    }
    let n = ctx.results(*new_loops.last().expect("loops")).len();
    let replacements = ctx.results(*new_loops.last().expect("loops"))[n - dests.len()..].to_vec();
    for (old, new) in ctx.results(consumer).to_vec().into_iter().zip(replacements) {
        ctx.replace_all_uses(old, new);
    }
    ctx.erase_op(consumer);
    Ok(FusedConsumer { tile, loops: new_loops })
}

/// `scf.for` loops each nested directly in the next, or one `scf.forall`.
fn check_nest(ctx: &Context, loops: &[OpId]) -> Result<(), String> {
    if loops.is_empty() {
        return Err("expects at least one loop".into());
    }
    if loops.len() == 1 && ForallOp::isa(ctx, loops[0]) {
        return Ok(());
    }
    if let Some(l) = loops.iter().find(|l| !ForOp::isa(ctx, **l)) {
        return Err(format!(
            "expects scf.for loops or one scf.forall, got '{}' in a nest of {}",
            ctx.op_name(*l),
            loops.len()
        ));
    }
    for w in loops.windows(2) {
        if ctx.parent_op(w[0]) != Some(w[1]) {
            return Err("expects the loops innermost first, each directly inside the next".into());
        }
    }
    Ok(())
}

fn loop_body(ctx: &Context, l: OpId) -> BlockId {
    ctx.blocks(ctx.regions(l)[0])[0]
}

/// Moves the definitions of the consumer's other operands that come after
/// the nest (a `tensor.empty` for its result, constants) before it, when
/// they are pure and their own operands are defined before the nest.
fn hoist_operands(ctx: &mut Context, consumer: OpId, fused: usize, outermost: OpId) -> Result<(), String> {
    let Some(block) = ctx.op_block(outermost) else { return Err("the loop nest is not in a block".into()) };
    for (k, v) in ctx.operands(consumer).to_vec().into_iter().enumerate() {
        if k == fused {
            continue;
        }
        let Some(def) = ctx.defining_op(v) else { continue };
        if ctx.op_block(def) != Some(block) || comes_before(ctx, def, outermost) {
            continue;
        }
        let movable = ctx.def_of(def).is_some_and(|d| d.has(tessel_ir::registry::traits::PURE))
            && ctx.regions(def).is_empty()
            && ctx.operands(def).iter().all(|x| match ctx.defining_op(*x) {
                Some(o) => ctx.op_block(o) != Some(block) || comes_before(ctx, o, outermost),
                None => true,
            });
        if !movable {
            return Err(format!(
                "operand #{k} of the consumer is defined after the loop nest by '{}', which cannot be moved before it",
                ctx.op_name(def)
            ));
        }
        ctx.unlink_op(def);
        ctx.insert_op_before(outermost, def);
    }
    Ok(())
}

/// Whether `a` comes before `b` in their (shared) block.
fn comes_before(ctx: &Context, a: OpId, b: OpId) -> bool {
    let Some(block) = ctx.op_block(b) else { return false };
    for o in ctx.block_ops(block) {
        if o == a {
            return true;
        }
        if o == b {
            return false;
        }
    }
    false
}

/// Follows result `result` of the outermost loop down to the tile the
/// innermost body inserts into it.
fn inserted_tile(ctx: &Context, loops: &[OpId], mut result: usize) -> Result<InsertedTile, String> {
    let unexpected = || "the loop nest's result is not the insertion of one tile per iteration".to_string();
    for (depth, &l) in loops.iter().enumerate().rev() {
        let body = loop_body(ctx, l);
        if let Some(forall) = ForallOp::cast(ctx, l) {
            let carried = *forall.region_out_args(ctx).get(result).ok_or_else(unexpected)?;
            let term = ctx.last_op(body).ok_or_else(unexpected)?;
            let block = ctx.blocks(ctx.regions(term)[0])[0];
            let inserts: Vec<OpId> = ctx
                .block_ops(block)
                .filter(|o| ParallelInsertSliceOp::isa(ctx, *o) && ctx.operands(*o)[1] == carried)
                .collect();
            let &[insert] = inserts.as_slice() else { return Err(unexpected()) };
            return tile_of(ctx, insert, None, carried);
        }
        let yielded = *ctx.operands(ctx.last_op(body).ok_or_else(unexpected)?).get(result).ok_or_else(unexpected)?;
        let def = ctx.defining_op(yielded).ok_or_else(unexpected)?;
        if depth > 0 {
            if def != loops[depth - 1] {
                return Err(unexpected());
            }
            result = ctx.results(def).iter().position(|v| *v == yielded).expect("a result");
            continue;
        }
        let carried = ForOp(l).region_iter_args(ctx)[result];
        if InsertSliceOp::isa(ctx, def) && ctx.operands(def)[1] == carried {
            return tile_of(ctx, def, Some(def), carried);
        }
        // A tile covering a whole static tensor is yielded as it is.
        let shape = ctx.value_type_kind(carried).shape().map(|s| s.to_vec()).ok_or_else(unexpected)?;
        if ctx.value_type(yielded) != ctx.value_type(carried) || shape.contains(&tessel_ir::types::DYNAMIC) {
            return Err(unexpected());
        }
        return Ok(InsertedTile {
            tile: yielded,
            offsets: vec![Ofr::Const(0); shape.len()],
            sizes: shape.into_iter().map(Ofr::Const).collect(),
            insert: None,
            carried,
        });
    }
    Err(unexpected())
}

fn tile_of(ctx: &Context, op: OpId, insert: Option<OpId>, carried: Value) -> Result<InsertedTile, String> {
    let insert_op = op;
    let p = slice_params(ctx, insert_op).ok_or("malformed insert_slice")?;
    if p.strides.0.iter().any(|s| *s != 1) {
        return Err("the nest inserts its tiles with strides (not supported)".into());
    }
    let tile = ctx.operands(insert_op)[0];
    let rank = |v: Value| ctx.value_type_kind(v).shape().map(|s| s.len());
    if rank(tile) != rank(carried) {
        return Err("the nest inserts rank-reduced tiles (not supported)".into());
    }
    Ok(InsertedTile {
        tile,
        offsets: Ofr::mixed(&p.offsets.0, &p.offsets.1),
        sizes: Ofr::mixed(&p.sizes.0, &p.sizes.1),
        insert,
        carried,
    })
}

/// Rebuilds each loop with `inits` appended to its loop-carried values
/// (the outermost gets `inits`, each inner loop its parent's new block
/// arguments); returns the new loops, innermost first. Terminators are
/// left as they were.
fn extend_nest(ctx: &mut Context, loops: &[OpId], inits: &[Value]) -> Vec<OpId> {
    let mut new_loops = Vec::with_capacity(loops.len());
    let mut extra = inits.to_vec();
    for &l in loops.iter().rev() {
        let new = extend_loop(ctx, l, &extra);
        let args = ctx.block_args(loop_body(ctx, new));
        extra = args[args.len() - inits.len()..].to_vec();
        new_loops.push(new);
    }
    new_loops.reverse();
    new_loops
}

/// A copy of loop `l` with `extra` appended to its inits (block arguments
/// and results follow), its body moved over; `l` is erased.
fn extend_loop(ctx: &mut Context, l: OpId, extra: &[Value]) -> OpId {
    let loc = ctx.op_loc(l);
    let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
    let new = if let Some(f) = ForOp::cast(b.ctx, l) {
        let (lb, ub, step) = (f.lower_bound(b.ctx), f.upper_bound(b.ctx), f.step(b.ctx));
        let mut inits = f.init_args(b.ctx).to_vec();
        inits.extend_from_slice(extra);
        ForOp::build(&mut b, lb, ub, step, &inits).op()
    } else {
        let bounds = forall_bounds(b.ctx, l).expect("a well-formed scf.forall");
        let mut outputs = bounds.outputs.clone();
        outputs.extend_from_slice(extra);
        let new = ForallOp::build(
            &mut b,
            &Ofr::mixed(&bounds.lbs.0, &bounds.lbs.1),
            &Ofr::mixed(&bounds.ubs.0, &bounds.ubs.1),
            &Ofr::mixed(&bounds.steps.0, &bounds.steps.1),
            &outputs,
        )
        .op();
        if let Some(m) = b.ctx.get_attr(l, "mapping") {
            b.ctx.set_attr(new, "mapping", m);
        }
        new
    };
    let (old_body, new_body) = (loop_body(ctx, l), loop_body(ctx, new));
    for op in ctx.block_op_list(old_body) {
        ctx.unlink_op(op);
        ctx.append_op(new_body, op);
    }
    for (old, new) in ctx.block_args(old_body).to_vec().into_iter().zip(ctx.block_args(new_body).to_vec()) {
        ctx.replace_all_uses(old, new);
    }
    for (old, new) in ctx.results(l).to_vec().into_iter().zip(ctx.results(new).to_vec()) {
        ctx.replace_all_uses(old, new);
    }
    ctx.erase_op(l);
    new
}

/// Replaces the `scf.yield` of loop `l` by one that also yields `extra`.
fn append_to_yield(ctx: &mut Context, l: OpId, extra: &[Value]) {
    let body = loop_body(ctx, l);
    let old = ctx.last_op(body).expect("a terminator");
    let mut values = ctx.operands(old).to_vec();
    values.extend_from_slice(extra);
    let loc = ctx.op_loc(old);
    let mut b = Builder::new(ctx, InsertPoint::Before(old), loc);
    YieldOp::build(&mut b, &values);
    ctx.erase_op(old);
}

/// The consumer's tile reads the fused operand through slices of the full
/// tensor. The domain tile came from
/// [`TilingInterface::iteration_domain_tile_from_operand_tile`], which
/// promises that it reads exactly the inserted tile and nothing else of
/// the operand, so a unit-stride slice of the full tensor with the tile's
/// type is the tile itself, even where its offsets are spelled
/// differently (a pack's `(i floordiv 8) * 8` for a loop index `i` that
/// steps by 8): upstream's `getTiledImplementationFromOperandTiles` uses
/// the operand tile the same way.
fn read_tile_directly(ctx: &mut Context, tile: &TilingResult, full: Value, found: &InsertedTile) {
    for &s in &tile.generated_slices {
        if ctx.is_erased(s) || !ExtractSliceOp::isa(ctx, s) || ctx.operands(s)[0] != full {
            continue;
        }
        let Some(p) = slice_params(ctx, s) else { continue };
        let slice = ctx.result(s, 0);
        let (slice_ty, tile_ty) = (ctx.value_type(slice), ctx.value_type(found.tile));
        // A more static type is fine where only the tiled ops read the
        // slice (upstream passes the tile as it is, `tensor<2x3x8x8xf32>`
        // where the slice was `tensor<?x?x8x8xf32>`).
        let read_by_tiled_ops = ctx.uses(slice).iter().all(|u| tile.tiled_ops.contains(&u.op));
        let same = p.strides.0.iter().all(|x| *x == 1)
            && p.sizes.0.len() == found.sizes.len()
            && (slice_ty == tile_ty || (read_by_tiled_ops && cast_compatible(ctx, slice_ty, tile_ty)));
        if same {
            let old = ctx.result(s, 0);
            ctx.replace_all_uses(old, found.tile);
            ctx.erase_op(s);
        }
    }
}

/// Two ranked tensor types of one element type whose dims agree wherever
/// both are static.
fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::Tensor { shape: sa, elem: ea, encoding: None },
            TypeKind::Tensor { shape: sb, elem: eb, encoding: None },
        ) => {
            ea == eb && sa.len() == sb.len() && sa.iter().zip(sb).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC)
        }
        _ => false,
    }
}
