//! Producer fusion (MLIR's `transform.structured.fuse_into_containing_op`):
//! every `tensor.extract_slice` of a producer's result inside a loop is
//! replaced by the producer's tile for that slice, computed in the loop
//! through the producer's TilingInterface. A fused unpack gets the same
//! widened rows and statically sized temporary as a tiled one: the loop
//! the slice's offsets come from bounds the rows a tile needs.

use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::tensor::{slice_params, CastOp, ExtractSliceOp};
use tessel_ir::interfaces::tiling::{slice_bounds, tiling_interface};
use tessel_ir::{Context, Diagnostic, OpId, Value};

/// Mixed static/dynamic entries as [`Ofr`]s.
fn mixed(ints: &[i64], vals: &[Value]) -> Vec<Ofr> {
    let mut next = vals.iter();
    ints.iter()
        .map(|&i| {
            if i == tessel_ir::types::DYNAMIC {
                Ofr::Val(*next.next().expect("a dynamic entry"))
            } else {
                Ofr::Const(i)
            }
        })
        .collect()
}

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
        let p = slice_params(ctx, slice).ok_or_else(|| err("malformed tensor.extract_slice".into()))?;
        if p.strides.0.iter().any(|s| *s != 1) {
            return Err(err("cannot fuse into a strided tensor.extract_slice".into()));
        }
        let offsets = mixed(&p.offsets.0, &p.offsets.1);
        let sizes = mixed(&p.sizes.0, &p.sizes.1);
        let want = ctx.value_type(ctx.result(slice, 0));
        if ctx.type_kind(want).shape().map(|s| s.len()) != Some(sizes.len()) {
            return Err(err("cannot fuse into a rank-reducing tensor.extract_slice".into()));
        }
        let bounds: Vec<_> = offsets.iter().zip(&sizes).map(|(o, s)| slice_bounds(ctx, *o, *s)).collect();
        let dests = iface.destinations(ctx, producer);
        let slice_loc = ctx.op_loc(slice);
        let mut b = Builder::new(ctx, InsertPoint::Before(slice), slice_loc);
        let tile =
            iface.generate_result_tile_value(&mut b, producer, result, &dests, &offsets, &sizes, &bounds).map_err(
                |m| Diagnostic::error(slice_loc, format!("could not fuse '{}' here: {m}", b.ctx.op_name(producer))),
            )?;
        let mut value = *tile.tiled_values.first().ok_or_else(|| err("the producer made no tile".into()))?;
        if b.ctx.value_type(value) != want {
            value = CastOp::create(&mut b, value, &[want], vec![]).result(b.ctx);
        }
        let old = b.ctx.result(slice, 0);
        b.ctx.replace_all_uses(old, value);
        b.ctx.erase_op(slice);
        fused.extend(tile.tiled_ops);
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
