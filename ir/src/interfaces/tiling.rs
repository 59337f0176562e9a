//! The TilingInterface: what an op tells a tiling driver (MLIR's interface
//! of the same name). Ops implement the trait; [`tiling_interface`] finds
//! the implementation for an op, so new ops join by adding a match arm.

use crate::affine::{AffineBinOp, AffineExpr};
use crate::builder::{Builder, Ofr};
use crate::context::ValueDef;
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

/// The ops and values one tile produced.
#[derive(Clone, Debug, Default)]
pub struct TilingResult {
    /// Every op created, in order.
    pub tiled_ops: Vec<OpId>,
    /// The value of each result tile.
    pub tiled_values: Vec<Value>,
    /// Remarks for `--debug` (e.g. a fallback to a dynamic temporary).
    pub remarks: Vec<String>,
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

/// The TilingInterface implementation of `op`, if it has one.
pub fn tiling_interface(ctx: &Context, op: OpId) -> Option<&'static dyn TilingInterface> {
    if crate::dialects::pack::is_pack(ctx, op) {
        return Some(&crate::dialects::pack_tiling::PackTiling);
    }
    if crate::dialects::pack::is_unpack(ctx, op) {
        return Some(&crate::dialects::pack_tiling::UnpackTiling);
    }
    None
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The largest integer known to divide the value (0 when it is known to
/// be 0). Follows constants, loop induction variables (`lb + k * step`)
/// and affine ops; anything else is 1.
pub fn known_divisor(ctx: &Context, o: Ofr) -> u64 {
    match o {
        Ofr::Const(c) => c.unsigned_abs(),
        Ofr::Val(v) => value_divisor(ctx, v, 0),
    }
}

fn value_divisor(ctx: &Context, v: Value, depth: usize) -> u64 {
    if depth > 16 {
        return 1;
    }
    if let Some(c) = crate::dialects::pack::constant_int(ctx, v) {
        return c.unsigned_abs();
    }
    match ctx.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            let Some(parent) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return 1 };
            match ctx.op_name(parent) {
                "scf.for" if index == 0 => {
                    let ops = ctx.operands(parent);
                    gcd(value_divisor(ctx, ops[0], depth + 1), value_divisor(ctx, ops[2], depth + 1))
                }
                "scf.forall" => {
                    let Some(b) = crate::dialects::scf::forall_bounds(ctx, parent) else { return 1 };
                    let i = index as usize;
                    if i >= b.ubs.0.len() {
                        return 1;
                    }
                    let part = |ints: &[i64], vals: &[Value]| -> u64 {
                        let before = ints[..i].iter().filter(|x| **x == crate::types::DYNAMIC).count();
                        if ints[i] == crate::types::DYNAMIC {
                            value_divisor(ctx, vals[before], depth + 1)
                        } else {
                            ints[i].unsigned_abs()
                        }
                    };
                    gcd(part(&b.lbs.0, &b.lbs.1), part(&b.steps.0, &b.steps.1))
                }
                _ => 1,
            }
        }
        ValueDef::Result { op, .. } => match ctx.op_name(op) {
            "affine.apply" | "affine.min" | "affine.max" => {
                let Some(m) = crate::dialects::affine::op_map(ctx, op) else { return 1 };
                let divs: Vec<u64> = ctx.operands(op).iter().map(|x| value_divisor(ctx, *x, depth + 1)).collect();
                let nd = m.num_dims as usize;
                m.results
                    .iter()
                    .map(|e| expr_divisor(e, &divs[..nd.min(divs.len())], &divs[nd.min(divs.len())..]))
                    .fold(0, gcd)
            }
            "arith.muli" => {
                let ops = ctx.operands(op);
                value_divisor(ctx, ops[0], depth + 1).saturating_mul(value_divisor(ctx, ops[1], depth + 1))
            }
            "arith.addi" | "arith.subi" => {
                let ops = ctx.operands(op);
                gcd(value_divisor(ctx, ops[0], depth + 1), value_divisor(ctx, ops[1], depth + 1))
            }
            _ => 1,
        },
        ValueDef::Detached => 1,
    }
}

fn expr_divisor(e: &AffineExpr, dims: &[u64], syms: &[u64]) -> u64 {
    match e {
        AffineExpr::Dim(i) => dims.get(*i as usize).copied().unwrap_or(1),
        AffineExpr::Sym(i) => syms.get(*i as usize).copied().unwrap_or(1),
        AffineExpr::Const(c) => c.unsigned_abs(),
        AffineExpr::Bin(AffineBinOp::Add, l, r) => gcd(expr_divisor(l, dims, syms), expr_divisor(r, dims, syms)),
        AffineExpr::Bin(AffineBinOp::Mul, l, r) => {
            expr_divisor(l, dims, syms).saturating_mul(expr_divisor(r, dims, syms))
        }
        AffineExpr::Bin(_, _, _) => 1,
    }
}

/// Whether `o` is known to be a multiple of `t`.
pub fn is_multiple_of(ctx: &Context, o: Ofr, t: i64) -> bool {
    if t == 0 {
        return false;
    }
    let d = known_divisor(ctx, o);
    d == 0 || d.is_multiple_of(t.unsigned_abs())
}
