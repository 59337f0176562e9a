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
];

/// The TilingInterface implementation of `op`, if it has one (every named
/// structured op has the structured one).
pub fn tiling_interface(ctx: &Context, op: OpId) -> Option<&'static dyn TilingInterface> {
    let def = ctx.def_of(op)?;
    if crate::dialects::structured::NAMED.iter().any(|n| std::ptr::eq(n.def, def)) {
        return Some(&StructuredTiling);
    }
    TILING_MODELS.iter().find(|(d, _)| std::ptr::eq(*d, def)).map(|(_, model)| *model)
}

pub use super::divisibility::{is_multiple_of, known_divisor};

/// What is known about the tiles `[offset, offset + size)` of one dim when
/// the offset is the induction variable of an `scf.for` (from 0, constant
/// step) or of an `scf.forall` (static bounds), and the size is that loop's
/// tile: a constant step that divides a static extent, or an `affine.min`
/// of the step and what is left (the form the tiling driver emits).
pub fn slice_bounds(ctx: &Context, offset: Ofr, size: Ofr) -> TileBounds {
    use crate::context::ValueDef;
    use crate::dialects::{affine, scf};
    let Ofr::Val(iv) = offset else { return TileBounds::Unknown };
    let ValueDef::BlockArg { block, index } = ctx.value_def(iv) else { return TileBounds::Unknown };
    let Some(loop_op) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return TileBounds::Unknown };
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
        TileBounds::Unknown
    }
}
