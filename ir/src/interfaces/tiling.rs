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
    /// consumer.
    fn generate_result_tile_value(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        result: usize,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilingResult, String>;
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
    let def = ctx.op(op).def?;
    if crate::dialects::structured::NAMED.iter().any(|n| std::ptr::eq(n.def, def)) {
        return Some(&StructuredTiling);
    }
    TILING_MODELS.iter().find(|(d, _)| std::ptr::eq(*d, def)).map(|(_, model)| *model)
}

pub use super::divisibility::{is_multiple_of, known_divisor};
