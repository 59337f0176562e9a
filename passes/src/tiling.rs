//! The tiling driver: wraps an op implementing the TilingInterface in
//! `scf.for` nests (tiles threaded through `iter_args` and
//! `tensor.insert_slice`) or one `scf.forall` (`shared_outs` and
//! `tensor.parallel_insert_slice`), like MLIR's `tileUsingSCF`.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::context::{AttrMap, OpSpec};
use tessel_ir::interfaces::tiling::{tiling_interface, TileBounds, TilingResult};
use tessel_ir::{Attr, BlockId, Context, Diagnostic, OpId, Type, Value};

/// Which loops to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopKind {
    For,
    Forall,
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
    let n = domain.len();
    if opts.tile_sizes.len() > n {
        return Err(err(format!("too many tile sizes: {} for {n} loops", opts.tile_sizes.len())));
    }
    if opts.tile_sizes.iter().any(|t| *t < 0) {
        return Err(err("tile sizes must be non-negative".into()));
    }
    let order: Vec<usize> = if opts.interchange.is_empty() { (0..n).collect() } else { opts.interchange.clone() };
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != (0..n).collect::<Vec<_>>() {
        return Err(err(format!("interchange must be a permutation of 0..{n}")));
    }
    let ts = |i: usize| opts.tile_sizes.get(i).copied().unwrap_or(0);
    let tiled: Vec<usize> = order.iter().copied().filter(|&i| ts(i) != 0).collect();
    if tiled.is_empty() {
        return Ok(TiledLoops::default());
    }
    let dests = iface.destinations(b.ctx, op);
    let dest_types: Vec<Type> = dests.iter().map(|d| b.ctx.value_type(*d)).collect();

    // Loops, and the offset/size/bounds of each domain dim inside them.
    let mut offsets: Vec<Ofr> = vec![Ofr::Const(0); n];
    let mut sizes: Vec<Ofr> = domain.iter().map(|r| r.size).collect();
    let mut bounds: Vec<TileBounds> =
        domain.iter().map(|r| TileBounds::Untiled { extent: r.size.as_const() }).collect();
    let mut loops = Vec::new();
    let mut carried = dests.clone();
    let mut bodies: Vec<BlockId> = Vec::new();
    match opts.loop_kind {
        LoopKind::For => {
            for &i in &tiled {
                let zero = b.index_const(0);
                let ub = b.value(domain[i].size);
                let step = b.index_const(ts(i));
                let index = b.ctx.index_type();
                let mut arg_types = vec![index];
                arg_types.extend(&dest_types);
                let (region, body, args) = b.region_with_block(&arg_types);
                let mut operands = vec![zero, ub, step];
                operands.extend(&carried);
                let spec = OpSpec {
                    name: b.ctx.sym("scf.for"),
                    operands: operands.into(),
                    result_types: dest_types.iter().copied().collect(),
                    attrs: AttrMap::default(),
                    regions: vec![region],
                    successors: vec![],
                    loc,
                };
                let for_op = b.insert(spec);
                loops.push(for_op);
                bodies.push(body);
                b.ip = InsertPoint::End(body);
                carried = args[1..].to_vec();
                offsets[i] = Ofr::Val(args[0]);
            }
        }
        LoopKind::Forall => {
            let index = b.ctx.index_type();
            let mut arg_types = vec![index; tiled.len()];
            arg_types.extend(&dest_types);
            let (region, body, args) = b.region_with_block(&arg_types);
            let mut ubs = Vec::new();
            for &i in &tiled {
                ubs.push(domain[i].size);
            }
            let (ub_ints, ub_vals) = b.split(&ubs);
            let zeros = vec![0i64; tiled.len()];
            let steps: Vec<i64> = tiled.iter().map(|&i| ts(i)).collect();
            let mut operands: Vec<Value> = ub_vals.clone();
            operands.extend(&carried);
            let attrs = forall_attrs(b.ctx, &zeros, &ub_ints, &steps, ub_vals.len(), carried.len());
            let spec = OpSpec {
                name: b.ctx.sym("scf.forall"),
                operands: operands.into(),
                result_types: dest_types.iter().copied().collect(),
                attrs,
                regions: vec![region],
                successors: vec![],
                loc,
            };
            let forall = b.insert(spec);
            loops.push(forall);
            bodies.push(body);
            b.ip = InsertPoint::End(body);
            for (k, &i) in tiled.iter().enumerate() {
                offsets[i] = Ofr::Val(args[k]);
            }
            carried = args[tiled.len()..].to_vec();
        }
    }
    // Tile sizes: full tiles when the step divides a static extent,
    // `min(step, extent - iv)` otherwise.
    for &i in &tiled {
        let step = ts(i);
        let extent = domain[i].size;
        sizes[i] = match extent.as_const() {
            Some(e) if step >= e => Ofr::Const(e),
            Some(e) if e % step == 0 => Ofr::Const(step),
            _ => {
                let map = AffineMap {
                    num_dims: 2,
                    num_syms: 0,
                    results: vec![AffineExpr::Dim(1) - AffineExpr::Dim(0), AffineExpr::Const(step)],
                };
                b.affine_min(&map, &[offsets[i], extent])
            }
        };
        if extent.as_const().is_some_and(|e| step >= e) {
            offsets[i] = Ofr::Const(0);
        }
        bounds[i] = TileBounds::Strided { step, extent: extent.as_const() };
    }

    let tile = iface
        .tiled_implementation(&mut b, op, &carried, &offsets, &sizes, &bounds)
        .map_err(|m| err(format!("tiling failed: {m}")))?;
    let num_results = b.ctx.results(op).len();
    let mut positions = Vec::with_capacity(num_results);
    for r in 0..num_results {
        positions.push(iface.result_tile_position(&mut b, op, r, &offsets, &sizes).map_err(err)?);
    }
    match opts.loop_kind {
        LoopKind::For => {
            let mut yielded: Vec<Value> = Vec::new();
            for (r, pos) in positions.iter().enumerate() {
                yielded.push(b.insert_slice(tile.tiled_values[r], carried[r], &pos.offsets, &pos.sizes));
            }
            // Innermost yields the inserted tiles, each outer loop the inner results.
            for k in (0..loops.len()).rev() {
                b.ip = InsertPoint::End(bodies[k]);
                b.op("scf.yield", &yielded, &[], &[]);
                yielded = b.ctx.results(loops[k]).to_vec();
            }
        }
        LoopKind::Forall => {
            let (region, body, _) = b.region_with_block(&[]);
            let spec = OpSpec {
                name: b.ctx.sym("scf.forall.in_parallel"),
                operands: Default::default(),
                result_types: Default::default(),
                attrs: AttrMap::default(),
                regions: vec![region],
                successors: vec![],
                loc,
            };
            b.ip = InsertPoint::End(bodies[0]);
            b.insert(spec);
            b.ip = InsertPoint::End(body);
            for (r, pos) in positions.iter().enumerate() {
                b.parallel_insert_slice(tile.tiled_values[r], carried[r], &pos.offsets, &pos.sizes);
            }
        }
    }
    let results = b.ctx.results(loops[0]).to_vec();
    for (old, new) in b.ctx.results(op).to_vec().into_iter().zip(results) {
        b.ctx.replace_all_uses(old, new);
    }
    b.ctx.erase_op(op);
    Ok(TiledLoops { loops, tile })
}

fn forall_attrs(
    ctx: &mut Context,
    lbs: &[i64],
    ubs: &[i64],
    steps: &[i64],
    num_dyn_ubs: usize,
    num_outs: usize,
) -> AttrMap {
    let mut attrs = AttrMap::default();
    for (name, v) in [("staticLowerBound", lbs), ("staticUpperBound", ubs), ("staticStep", steps)] {
        let a = ctx.i64_array_attr(v);
        attrs.insert(ctx.sym(name), a);
    }
    let i32t = ctx.int_type(32);
    let seg: Attr = ctx.attr(tessel_ir::attrs::AttrKind::DenseArray {
        elem: i32t,
        values: vec![0, num_dyn_ubs as i64, 0, num_outs as i64],
    });
    attrs.insert(ctx.sym("operandSegmentSizes"), seg);
    attrs
}
