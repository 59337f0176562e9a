//! The TilingInterface: what an op tells a tiling driver (MLIR's interface
//! of the same name). Ops implement the trait; [`tiling_interface`] finds
//! the implementation registered for an op in a table keyed by op.

use crate::builder::{Builder, Ofr};
use crate::dialects::tensor::ExtractSliceOp;
use crate::interfaces::pack_tiling::{PackTiling, UnpackTiling};
use crate::interfaces::structured_tiling::StructuredTiling;
use crate::registry::OpDef;
use crate::{Context, OpId, Value};

/// Whether a loop of the iteration domain is parallel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IteratorType {
    Parallel,
    Reduction,
}

/// One loop of the iteration domain: `[offset, offset + size)` by `stride`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LoopRange {
    pub offset: Ofr,
    pub size: Ofr,
    pub stride: Ofr,
}

/// What the loop generator knows statically about the tiles of one loop.
/// Ops may use it to bound temporaries (the unpack of an incomplete tile).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TileBounds {
    /// The loop is not tiled: one tile covering `[0, extent)`.
    Untiled { extent: Option<i64> },
    /// Tiles at `0, step, 2*step, ...` below `extent`, each
    /// `min(step, extent - offset)` long; `extent` is `None` when dynamic.
    Strided { step: i64, extent: Option<i64> },
    /// The tile is at most `size` long (an `affine.min` with a constant
    /// result, or a constant size) at an offset known only to be a multiple
    /// of `offset_divisor` (1 when nothing is known, 0 when the offset is
    /// 0): a consumer's tile reaching a fused producer.
    AtMost { size: i64, offset_divisor: i64 },
    /// Nothing is known (dynamic tile size).
    Unknown,
}

/// The ops and values one tile produced (MLIR's `TilingResult`).
#[derive(Clone, Debug, Default)]
pub struct TilingResult {
    /// The tiled version of the op (what a transform's `tiled_op` handle
    /// holds).
    pub tiled_ops: Vec<OpId>,
    /// The value of each result tile.
    pub tiled_values: Vec<Value>,
    /// The `tensor.extract_slice` ops made to feed the tiled op.
    pub generated_slices: Vec<OpId>,
    /// Remarks for `--debug` (e.g. a fallback to a dynamic temporary).
    pub remarks: Vec<String>,
}

impl TilingResult {
    /// The result of a tile whose ops are `b.created[start..]`: the slices
    /// among them are the generated slices.
    pub fn from_created(
        b: &Builder<'_>,
        start: usize,
        tiled_ops: Vec<OpId>,
        tiled_values: Vec<Value>,
        remarks: Vec<String>,
    ) -> TilingResult {
        let generated_slices = b.created[start..].iter().copied().filter(|o| ExtractSliceOp::isa(b.ctx, *o)).collect();
        TilingResult { tiled_ops, tiled_values, generated_slices, remarks }
    }
}

/// Where a result tile lands in the full result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePosition {
    pub offsets: Vec<Ofr>,
    pub sizes: Vec<Ofr>,
}

/// An op that can be split into tiles of its iteration domain.
pub trait TilingInterface: Sync {
    /// One entry per loop of the iteration domain.
    fn loop_iterator_types(&self, ctx: &Context, op: OpId) -> Vec<IteratorType>;

    /// The loops of the iteration domain (sizes may be SSA values).
    fn iteration_domain(&self, b: &mut Builder<'_>, op: OpId) -> Vec<LoopRange>;

    /// The tensors each result is written into (destination-passing style).
    fn destinations(&self, ctx: &Context, op: OpId) -> Vec<Value>;

    /// Computes the tile `[offsets, offsets + sizes)` of the iteration
    /// domain, writing into slices of `dests` (loop-carried versions of
    /// [`TilingInterface::destinations`]). More than one op is normal.
    fn tiled_implementation(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        bounds: &[TileBounds],
    ) -> Result<TilingResult, String>;

    /// Where the tile of result `result` for that domain tile lands.
    fn result_tile_position(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        result: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilePosition, String>;

    /// Produces the tile `[offsets, offsets + sizes)` of result `result`
    /// (offsets and sizes over the result's dims), for fusion into a
    /// consumer; `bounds` says what is known about those tiles per result
    /// dim (see [`slice_bounds`]).
    #[allow(clippy::too_many_arguments)]
    fn generate_result_tile_value(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        result: usize,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        bounds: &[TileBounds],
    ) -> Result<TilingResult, String>;

    /// The tile of the iteration domain that reads exactly the tile
    /// `[offsets, offsets + sizes)` of operand `operand` and nothing else
    /// of it (MLIR's `getIterationDomainTileFromOperandTiles`), for fusing
    /// the op as a consumer into the loops that produce that tile. `Err`
    /// when no domain tile does (the operand tile cuts across what one
    /// domain point reads, or covers part of a reduction).
    fn iteration_domain_tile_from_operand_tile(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        operand: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<(Vec<Ofr>, Vec<Ofr>), String>;
}

/// The TilingInterface implementations, keyed by op (MLIR's external
/// models): a new op joins with one entry here.
static TILING_MODELS: &[(&OpDef, &dyn TilingInterface)] = &[
    (&crate::dialects::pack::PACK, &PackTiling),
    (&crate::dialects::pack::UNPACK, &UnpackTiling),
    (&crate::dialects::structured::GENERIC, &StructuredTiling),
    (&crate::dialects::linalg::TRANSPOSE, &StructuredTiling),
    (&crate::dialects::linalg::FILL, &StructuredTiling),
    (&crate::dialects::linalg_map::MAP, &StructuredTiling),
    (&crate::dialects::linalg_reduce::REDUCE, &StructuredTiling),
    (&crate::dialects::linalg_reduce::BROADCAST, &StructuredTiling),
];

/// The TilingInterface implementation of `op`, if it has one (every named
/// structured op has the structured one).
pub fn tiling_interface(ctx: &Context, op: OpId) -> Option<&'static dyn TilingInterface> {
    let def = ctx.def_of(op)?;
    if crate::dialects::structured::all_named().any(|n| std::ptr::eq(n.def, def)) {
        return Some(&StructuredTiling);
    }
    TILING_MODELS.iter().find(|(d, _)| std::ptr::eq(*d, def)).map(|(_, model)| *model)
}

pub use super::divisibility::{is_multiple_of, known_divisor};

/// [`slice_bounds`] for the normalized `scf.forall` of MLIR's
/// tile_using_forall (and tessel's): the offset is `affine.apply (d0 *
/// step)` of an induction variable counting tiles (from 0 by 1, static
/// count), the size the full step (which then divides the extent) or an
/// `affine.min` of the step and what is left, over the offset or the
/// induction variable; the extent is the constant term of what is left.
fn normalized_forall_bounds(ctx: &Context, offset: Ofr, size: Ofr) -> Option<TileBounds> {
    use crate::affine::AffineExpr;
    use crate::context::ValueDef;
    use crate::dialects::{affine, scf};
    let Ofr::Val(off) = offset else { return None };
    let apply = ctx.defining_op(off).filter(|o| affine::ApplyOp::isa(ctx, *o))?;
    let map = affine::op_map(ctx, apply)?;
    let iv = *ctx.operands(apply).first()?;
    let step = match (map.num_dims, map.num_syms, map.results.as_slice()) {
        (1, 0, [e]) => e.eval(&[1], &[]).filter(|s| *s > 0 && e.eval(&[0], &[]) == Some(0))?,
        _ => return None,
    };
    // Linear in d0: (d0 * step) and nothing else.
    if map.results[0].eval(&[2], &[]) != Some(2 * step) {
        return None;
    }
    let ValueDef::BlockArg { block, index } = ctx.value_def(iv) else { return None };
    let forall = scf::ForallOp::cast(ctx, ctx.block_parent(block).and_then(|r| ctx.region_parent(r))?)?;
    let i = index as usize;
    let (lbs, ubs, steps) = (forall.static_lower_bound(ctx), forall.static_upper_bound(ctx), forall.static_step(ctx));
    if lbs.get(i) != Some(&0) || steps.get(i) != Some(&1) {
        return None;
    }
    let count = ubs.get(i).copied().filter(|c| *c != crate::types::DYNAMIC);
    let extent = match size {
        Ofr::Const(c) if c == step => count.map(|n| n * step),
        Ofr::Const(_) => return Some(TileBounds::Unknown),
        Ofr::Val(v) => {
            let min = ctx.defining_op(v).filter(|m| affine::MinOp::isa(ctx, *m))?;
            let min_map = affine::op_map(ctx, min)?;
            let over = ctx.operands(min);
            if over.len() != 1 || !(over[0] == off || over[0] == iv) || min_map.num_syms != 0 {
                return Some(TileBounds::Unknown);
            }
            if !min_map.results.contains(&AffineExpr::Const(step)) {
                return Some(TileBounds::Unknown);
            }
            // What is left at offset 0: the extent.
            min_map.results.iter().find(|e| e.as_const().is_none()).and_then(|e| e.eval(&[0], &[]))
        }
    };
    Some(TileBounds::Strided { step, extent })
}

/// What is known about the tiles `[offset, offset + size)` of one dim when
/// the offset is the induction variable of an `scf.for` (from 0, constant
/// step) or of an `scf.forall` (static bounds), and the size is that loop's
/// tile: a constant step that divides a static extent, or an `affine.min`
/// of the step and what is left (the form the tiling driver emits).
pub fn slice_bounds(ctx: &Context, offset: Ofr, size: Ofr) -> TileBounds {
    if let Some(bounds) = normalized_forall_bounds(ctx, offset, size) {
        return bounds;
    }
    use crate::context::ValueDef;
    use crate::dialects::{affine, scf};
    let Ofr::Val(iv) = offset else { return at_most(ctx, offset, size) };
    let ValueDef::BlockArg { block, index } = ctx.value_def(iv) else { return at_most(ctx, offset, size) };
    let Some(loop_op) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else {
        return at_most(ctx, offset, size);
    };
    let konst = |v: Value| crate::dialects::pack::constant_int(ctx, v);
    let (step, extent) = if let Some(f) = scf::ForOp::cast(ctx, loop_op) {
        if index != 0 || konst(f.lower_bound(ctx)) != Some(0) {
            return TileBounds::Unknown;
        }
        let Some(step) = konst(f.step(ctx)) else { return TileBounds::Unknown };
        (step, konst(f.upper_bound(ctx)))
    } else if let Some(f) = scf::ForallOp::cast(ctx, loop_op) {
        let i = index as usize;
        let (lbs, ubs, steps) = (f.static_lower_bound(ctx), f.static_upper_bound(ctx), f.static_step(ctx));
        let (Some(&lb), Some(&ub), Some(&step)) = (lbs.get(i), ubs.get(i), steps.get(i)) else {
            return TileBounds::Unknown;
        };
        if lb != 0 || step == crate::types::DYNAMIC {
            return TileBounds::Unknown;
        }
        (step, (ub != crate::types::DYNAMIC).then_some(ub))
    } else {
        return TileBounds::Unknown;
    };
    if step <= 0 {
        return TileBounds::Unknown;
    }
    let is_loop_tile = match size {
        Ofr::Const(c) => c == step && extent.is_some_and(|n| n % step == 0),
        Ofr::Val(v) => ctx.defining_op(v).is_some_and(|m| {
            affine::MinOp::isa(ctx, m)
                && ctx.operands(m).contains(&iv)
                && affine::op_map(ctx, m)
                    .is_some_and(|map| map.results.contains(&crate::affine::AffineExpr::Const(step)))
        }),
    };
    if is_loop_tile {
        TileBounds::Strided { step, extent }
    } else {
        at_most(ctx, offset, size)
    }
}

/// [`TileBounds::AtMost`] when the size has a constant bound: a constant,
/// or a value with a constant upper bound (an `affine.min` one of whose
/// results is a constant, or one whose results are bounded through the
/// loops and ops they are computed from: the tile of a padded pack fused
/// into a chain is `min(18 - 2 * j, 2 * min(9 - j, 7))`, at most 14).
fn at_most(ctx: &Context, offset: Ofr, size: Ofr) -> TileBounds {
    let bound = match size {
        Ofr::Const(c) => Some(c),
        Ofr::Val(v) => crate::interfaces::value_bounds::upper_bound(ctx, v),
    };
    match bound {
        Some(size) if size > 0 => {
            let d = known_divisor(ctx, offset);
            // 0: the offset is known to be 0.
            let offset_divisor = d.min(i64::MAX as u64) as i64;
            TileBounds::AtMost { size, offset_divisor }
        }
        _ => TileBounds::Unknown,
    }
}
