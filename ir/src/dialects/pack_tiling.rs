//! TilingInterface of pack and unpack (../shared/spec/pack-unpack.md §4-§6).
//!
//! Unpack tiles that do not line up with the inner tiles read whole rows of
//! the packed source, unpack them into a temporary and cut the wanted part
//! out. Unlike upstream, the temporary is statically sized whenever the
//! loop's tile sizes are static: its extent is the largest number of rows
//! any iteration needs, times the inner tile.

use crate::affine::{AffineExpr, AffineMap};
use crate::builder::{Builder, Ofr};
use crate::dialects::pack::{PackInfo, Tile};
use crate::interfaces::tiling::{
    is_multiple_of, IteratorType, LoopRange, TileBounds, TilePosition, TilingInterface, TilingResult,
};
use crate::{Context, OpId, Value};

/// Tiling of `tensor.pack` over the outer dims of its dest.
pub struct PackTiling;

/// Tiling of `tensor.unpack` over the dims of its dest.
pub struct UnpackTiling;

fn info(ctx: &Context, op: OpId) -> Result<PackInfo, String> {
    PackInfo::read(ctx, op).ok_or_else(|| "not a well-formed pack/unpack op".to_string())
}

fn tile_ofr(t: Tile) -> Ofr {
    match t {
        Tile::Const(c) => Ofr::Const(c),
        Tile::Value(v) => Ofr::Val(v),
    }
}

/// Packed outer dim `j` holds unpacked dim `perm[j]`.
fn outer_perm(info: &PackInfo, rank: usize) -> Vec<usize> {
    if info.outer_dims_perm.is_empty() {
        (0..rank).collect()
    } else {
        info.outer_dims_perm.iter().map(|p| *p as usize).collect()
    }
}

/// The inner tile of each unpacked dim, if it is tiled.
fn tiles_by_dim(info: &PackInfo, rank: usize) -> Vec<Option<Ofr>> {
    let mut out = vec![None; rank];
    for (pos, t) in info.inner_dims_pos.iter().zip(info.mixed_tiles()) {
        out[*pos as usize] = Some(tile_ofr(t));
    }
    out
}

fn rank_of(ctx: &Context, v: Value) -> usize {
    ctx.value_type_kind(v).shape().map(|s| s.len()).unwrap_or(0)
}

fn d(i: u32) -> AffineExpr {
    AffineExpr::Dim(i)
}

fn map1(num_dims: u32, e: AffineExpr) -> AffineMap {
    AffineMap { num_dims, num_syms: 0, results: vec![e] }
}

fn map_n(num_dims: u32, es: Vec<AffineExpr>) -> AffineMap {
    AffineMap { num_dims, num_syms: 0, results: es }
}

/// Builds the tiled op like `info` but on new source/dest values.
fn build_like(b: &mut Builder<'_>, op: OpId, info: &PackInfo, source: Value, dest: Value) -> (OpId, Value) {
    let mut tiled = info.clone();
    tiled.source = source;
    tiled.dest = dest;
    let name = b.ctx.op_name(op).to_string();
    let loc = b.loc;
    let spec = tiled.spec(b.ctx, loc, &name);
    let new_op = b.insert(spec);
    (new_op, b.ctx.result(new_op, 0))
}

/// The iteration domain of both ops: one parallel loop per dim of the
/// unpacked tensor (the pack's source, the unpack's dest).
fn parallel_loops(ctx: &Context, op: OpId) -> Vec<IteratorType> {
    let n = PackInfo::read(ctx, op).map(|i| rank_of(ctx, i.unpacked())).unwrap_or(0);
    vec![IteratorType::Parallel; n]
}

/// Loops over `0..dim(dest, j)` with step 1 for each domain dim (the
/// pack's outer dims, the unpack's dims).
fn full_domain(b: &mut Builder<'_>, op: OpId) -> Vec<LoopRange> {
    let Ok(info) = info(b.ctx, op) else { return vec![] };
    let n = rank_of(b.ctx, info.unpacked());
    (0..n).map(|j| LoopRange { offset: Ofr::Const(0), size: b.dim(info.dest, j), stride: Ofr::Const(1) }).collect()
}

/// Both ops write their one result into `dest`.
fn dest_only(ctx: &Context, op: OpId) -> Vec<Value> {
    PackInfo::read(ctx, op).map(|i| vec![i.dest]).unwrap_or_default()
}

impl TilingInterface for PackTiling {
    fn loop_iterator_types(&self, ctx: &Context, op: OpId) -> Vec<IteratorType> {
        parallel_loops(ctx, op)
    }

    fn iteration_domain(&self, b: &mut Builder<'_>, op: OpId) -> Vec<LoopRange> {
        full_domain(b, op)
    }

    fn destinations(&self, ctx: &Context, op: OpId) -> Vec<Value> {
        dest_only(ctx, op)
    }

    fn tiled_implementation(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        _bounds: &[TileBounds],
    ) -> Result<TilingResult, String> {
        let info = info(b.ctx, op)?;
        let n = rank_of(b.ctx, info.source);
        if offsets.len() != n || sizes.len() != n {
            return Err(format!("expected {n} offsets and sizes for the pack's outer dims"));
        }
        let start = b.created.len();
        let perm = outer_perm(&info, n);
        let mut inv = vec![0usize; n];
        for (j, &p) in perm.iter().enumerate() {
            inv[p] = j;
        }
        let tiles = tiles_by_dim(&info, n);
        let mut src_offsets = Vec::with_capacity(n);
        let mut src_sizes = Vec::with_capacity(n);
        for dim in 0..n {
            let (off, sz) = (offsets[inv[dim]], sizes[inv[dim]]);
            match tiles[dim] {
                None => {
                    src_offsets.push(off);
                    src_sizes.push(sz);
                }
                Some(t) => {
                    // Undo the tiling: outer tile j covers source [j*t, (j+1)*t).
                    let src_off = b.affine_apply(&map1(2, d(0) * d(1)), &[off, t]);
                    let mut src_sz = b.affine_apply(&map1(2, d(0) * d(1)), &[sz, t]);
                    if info.padding_value.is_some() {
                        // Partial last tiles read only what the source has.
                        let full = b.dim(info.source, dim);
                        src_sz = b.affine_min(&map_n(3, vec![d(0), d(2) - d(1)]), &[src_sz, src_off, full]);
                    }
                    src_offsets.push(src_off);
                    src_sizes.push(src_sz);
                }
            }
        }
        let src_slice = b.extract_slice(info.source, &src_offsets, &src_sizes);
        let mut pos = self.result_tile_position(b, op, 0, offsets, sizes)?;
        // SSA inner tiles: the dest slice takes the dest's own extent, as upstream.
        for (i, t) in info.mixed_tiles().iter().enumerate() {
            if let Tile::Value(_) = t {
                pos.sizes[n + i] = b.dim(dests[0], n + i);
            }
        }
        let dest_slice = b.extract_slice(dests[0], &pos.offsets, &pos.sizes);
        let (_, value) = build_like(b, op, &info, src_slice, dest_slice);
        Ok(TilingResult { tiled_ops: b.created[start..].to_vec(), tiled_values: vec![value], remarks: vec![] })
    }

    fn result_tile_position(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        _result: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilePosition, String> {
        let info = info(b.ctx, op)?;
        let n = offsets.len();
        let mut offs = offsets.to_vec();
        let mut szs = sizes.to_vec();
        for (i, t) in info.mixed_tiles().into_iter().enumerate() {
            offs.push(Ofr::Const(0));
            // An SSA inner tile covers the dest's whole inner extent.
            szs.push(match t {
                Tile::Const(c) => Ofr::Const(c),
                Tile::Value(_) => b.dim(info.dest, n + i),
            });
        }
        Ok(TilePosition { offsets: offs, sizes: szs })
    }

    fn generate_result_tile_value(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        _result: usize,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilingResult, String> {
        let info = info(b.ctx, op)?;
        let n = rank_of(b.ctx, info.source);
        let tiles = info.mixed_tiles();
        if offsets.len() != n + tiles.len() || sizes.len() != n + tiles.len() {
            return Err("expected offsets and sizes over the packed result".into());
        }
        for (i, t) in tiles.iter().enumerate() {
            if offsets[n + i] != Ofr::Const(0) || sizes[n + i] != tile_ofr(*t) {
                return Err("a pack result tile must cover whole inner tiles".into());
            }
        }
        let bounds = vec![TileBounds::Unknown; n];
        self.tiled_implementation(b, op, dests, &offsets[..n], &sizes[..n], &bounds)
    }
}

/// Rows of inner tile `t` that the slice `[off, off + sz)` touches.
fn rows(off: i64, sz: i64, t: i64) -> i64 {
    (off + sz - 1) / t - off / t + 1
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The fewest and most rows of inner tile `t` the tiles of a loop with a
/// static extent need (exact, over the iterations).
pub fn rows_range(t: i64, bounds: TileBounds) -> Option<(i64, i64)> {
    if t <= 0 {
        return None;
    }
    match bounds {
        TileBounds::Untiled { extent: Some(n) } if n > 0 => {
            let r = (n + t - 1) / t;
            Some((r, r))
        }
        TileBounds::Strided { step, extent: Some(n) } if step > 0 && n > 0 => {
            if step >= n {
                let r = rows(0, n, t);
                return Some((r, r));
            }
            let full = n / step;
            let period = t / gcd(step, t);
            let mut lo = i64::MAX;
            let mut hi = 0;
            for k in 0..full.min(period) {
                let r = rows(k * step, step, t);
                lo = lo.min(r);
                hi = hi.max(r);
            }
            if n % step != 0 {
                let r = rows(full * step, n % step, t);
                lo = lo.min(r);
                hi = hi.max(r);
            }
            Some((lo, hi))
        }
        _ => None,
    }
}

/// The most rows of inner tile `t` any tile of the loop needs, if known.
/// With a static extent this is exact over the loop's iterations (their
/// offsets repeat modulo `t` with period `t / gcd(step, t)`); with a
/// dynamic extent it is the bound over all offsets,
/// `floor((t - g + step - 1) / t) + 1` with `g = gcd(step, t)`.
pub fn max_rows(t: i64, bounds: TileBounds) -> Option<i64> {
    if t <= 0 {
        return None;
    }
    match bounds {
        TileBounds::Untiled { extent: Some(n) } => Some((n + t - 1) / t),
        TileBounds::Untiled { extent: None } | TileBounds::Unknown => None,
        TileBounds::Strided { step, extent: Some(n) } => {
            if step <= 0 || n <= 0 {
                return None;
            }
            if step >= n {
                return Some(rows(0, n, t));
            }
            let full = n / step;
            let period = t / gcd(step, t);
            let mut best = (0..full.min(period)).map(|k| rows(k * step, step, t)).max().unwrap_or(0);
            if n % step != 0 {
                best = best.max(rows(full * step, n % step, t));
            }
            Some(best)
        }
        TileBounds::Strided { step, extent: None } => {
            if step <= 0 {
                return None;
            }
            let g = gcd(step, t);
            Some((t - g + step - 1) / t + 1)
        }
    }
}

impl TilingInterface for UnpackTiling {
    fn loop_iterator_types(&self, ctx: &Context, op: OpId) -> Vec<IteratorType> {
        parallel_loops(ctx, op)
    }

    fn iteration_domain(&self, b: &mut Builder<'_>, op: OpId) -> Vec<LoopRange> {
        full_domain(b, op)
    }

    fn destinations(&self, ctx: &Context, op: OpId) -> Vec<Value> {
        dest_only(ctx, op)
    }

    fn tiled_implementation(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        bounds: &[TileBounds],
    ) -> Result<TilingResult, String> {
        let info = info(b.ctx, op)?;
        let n = rank_of(b.ctx, info.dest);
        if offsets.len() != n || sizes.len() != n {
            return Err(format!("expected {n} offsets and sizes for the unpack's dest dims"));
        }
        let start = b.created.len();
        let mut remarks = Vec::new();
        let tiles = tiles_by_dim(&info, n);
        let perm = outer_perm(&info, n);
        let elem = b.ctx.value_type_kind(info.dest).element_type().ok_or("unpack dest must be shaped")?;

        let mut src_off = Vec::with_capacity(n);
        let mut src_sz = Vec::with_capacity(n);
        // Per dest dim: the temporary's extent, the extent the unpack writes
        // (the temporary, or a slice of it) and where the tile starts in it.
        let mut temp_dims = Vec::with_capacity(n);
        let mut view_dims = Vec::with_capacity(n);
        let mut shifts = Vec::with_capacity(n);
        let mut all_aligned = true;
        for dim in 0..n {
            let (off, sz) = (offsets[dim], sizes[dim]);
            let Some(t) = tiles[dim] else {
                src_off.push(off);
                src_sz.push(sz);
                temp_dims.push(sz);
                view_dims.push(sz);
                shifts.push(Ofr::Const(0));
                continue;
            };
            let aligned = match t {
                Ofr::Const(tc) => is_multiple_of(b.ctx, off, tc) && is_multiple_of(b.ctx, sz, tc),
                Ofr::Val(_) => false,
            };
            if aligned {
                src_off.push(b.affine_apply(&map1(2, AffineExpr::floordiv(d(0), d(1))), &[off, t]));
                src_sz.push(b.affine_apply(&map1(2, AffineExpr::floordiv(d(0), d(1))), &[sz, t]));
                temp_dims.push(sz);
                view_dims.push(sz);
                shifts.push(Ofr::Const(0));
                continue;
            }
            all_aligned = false;
            // Whole rows: first = off / t, last = (off + sz - 1) / t; the tile
            // starts `off mod t` into the first row.
            let first = b.affine_apply(&map1(2, AffineExpr::floordiv(d(0), d(1))), &[off, t]);
            let shift = b.affine_apply(&map1(2, AffineExpr::modulo(d(0), d(1))), &[off, t]);
            let dim_bounds = bounds.get(dim).copied().unwrap_or(TileBounds::Unknown);
            // When every tile of the loop needs the same number of rows, it is a constant.
            let same_rows = match t {
                Ofr::Const(tc) => rows_range(tc, dim_bounds).filter(|(lo, hi)| lo == hi).map(|(r, _)| r),
                Ofr::Val(_) => None,
            };
            let num_rows = if let Some(r) = same_rows {
                Ofr::Const(r)
            } else {
                b.affine_apply(
                    &map1(
                        3,
                        AffineExpr::floordiv(d(0) + d(1) - AffineExpr::Const(1), d(2))
                            - AffineExpr::floordiv(d(0), d(2))
                            + AffineExpr::Const(1),
                    ),
                    &[off, sz, t],
                )
            };
            // The expanded size stays a plain multiplication (IREE #11607).
            let expanded = match (num_rows, t) {
                (Ofr::Const(r), Ofr::Const(tc)) => Ofr::Const(r * tc),
                _ => {
                    let (rv, tv) = (b.value(num_rows), b.value(t));
                    let index = b.ctx.index_type();
                    let mul = b.op("arith.muli", &[rv, tv], &[index], &[]);
                    Ofr::Val(b.ctx.result(mul, 0))
                }
            };
            let bound = match t {
                Ofr::Const(tc) => max_rows(tc, bounds.get(dim).copied().unwrap_or(TileBounds::Unknown)).map(|r| r * tc),
                Ofr::Val(_) => None,
            };
            let temp = match bound {
                Some(bnd) => Ofr::Const(bnd),
                None => {
                    remarks.push(format!(
                        "unpack dim {dim}: no static bound on the rows a tile needs (dynamic tile size or inner tile); \
                         using a dynamically sized temporary"
                    ));
                    expanded
                }
            };
            src_off.push(first);
            src_sz.push(num_rows);
            temp_dims.push(temp);
            view_dims.push(expanded);
            shifts.push(shift);
        }

        // The packed source slice: outer dims in packed order, whole inner tiles.
        let mut p_off: Vec<Ofr> = perm.iter().map(|&p| src_off[p]).collect();
        let mut p_sz: Vec<Ofr> = perm.iter().map(|&p| src_sz[p]).collect();
        for t in info.mixed_tiles() {
            p_off.push(Ofr::Const(0));
            p_sz.push(tile_ofr(t));
        }
        let src_slice = b.extract_slice(info.source, &p_off, &p_sz);

        let value = if all_aligned {
            let dest_slice = b.extract_slice(dests[0], offsets, sizes);
            build_like(b, op, &info, src_slice, dest_slice).1
        } else {
            let temp = b.empty(&temp_dims, elem);
            let zeros = vec![Ofr::Const(0); n];
            let view = if view_dims == temp_dims { temp } else { b.extract_slice(temp, &zeros, &view_dims) };
            let unpacked = build_like(b, op, &info, src_slice, view).1;
            if shifts.iter().all(|s| *s == Ofr::Const(0)) && view_dims.as_slice() == sizes {
                unpacked
            } else {
                b.extract_slice(unpacked, &shifts, sizes)
            }
        };
        Ok(TilingResult { tiled_ops: b.created[start..].to_vec(), tiled_values: vec![value], remarks })
    }

    fn result_tile_position(
        &self,
        _b: &mut Builder<'_>,
        _op: OpId,
        _result: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilePosition, String> {
        Ok(TilePosition { offsets: offsets.to_vec(), sizes: sizes.to_vec() })
    }

    fn generate_result_tile_value(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        _result: usize,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilingResult, String> {
        let bounds = vec![TileBounds::Unknown; offsets.len()];
        self.tiled_implementation(b, op, dests, offsets, sizes, &bounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_bounds_match_the_spec() {
        // N=32, t=8, tile 15: tiles [0,15) [15,30) [30,32) need 2, 3, 1 rows.
        assert_eq!(max_rows(8, TileBounds::Strided { step: 15, extent: Some(32) }), Some(3));
        // Dynamic extent: (floor((t - g + ts - 1) / t) + 1) rows.
        assert_eq!(max_rows(8, TileBounds::Strided { step: 15, extent: None }), Some(3));
        assert_eq!(max_rows(8, TileBounds::Strided { step: 12, extent: None }), Some(2));
        // Aligned steps need exactly step / t rows.
        assert_eq!(max_rows(8, TileBounds::Strided { step: 16, extent: Some(64) }), Some(2));
        assert_eq!(max_rows(8, TileBounds::Untiled { extent: Some(13) }), Some(2));
        assert_eq!(max_rows(8, TileBounds::Unknown), None);
    }

    #[test]
    fn exact_bound_is_the_max_over_iterations() {
        // Brute force over small loops.
        for t in 1..10 {
            for step in 1..20 {
                for n in 1..60 {
                    let mut best = 0;
                    let mut off = 0;
                    while off < n {
                        best = best.max(rows(off, step.min(n - off), t));
                        off += step;
                    }
                    let got = max_rows(t, TileBounds::Strided { step, extent: Some(n) });
                    assert_eq!(got, Some(best), "t={t} step={step} n={n}");
                    let dynamic = max_rows(t, TileBounds::Strided { step, extent: None }).unwrap();
                    assert!(dynamic >= best, "dynamic bound below the exact one: t={t} step={step} n={n}");
                    let (lo, hi) = rows_range(t, TileBounds::Strided { step, extent: Some(n) }).unwrap();
                    assert_eq!(hi, best);
                    let mut fewest = i64::MAX;
                    let mut off = 0;
                    while off < n {
                        fewest = fewest.min(rows(off, step.min(n - off), t));
                        off += step;
                    }
                    assert_eq!(lo, fewest, "t={t} step={step} n={n}");
                }
            }
        }
    }
}
