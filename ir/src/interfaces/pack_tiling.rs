//! TilingInterface of pack and unpack (../shared/spec/pack-unpack.md §4-§6).
//!
//! Unpack tiles that do not line up with the inner tiles read whole rows of
//! the packed source, unpack them into a temporary and cut the wanted part
//! out. Unlike upstream, the temporary is statically sized whenever the
//! loop's tile sizes are static: its extent is the largest number of rows
//! any iteration needs, times the inner tile.

use crate::affine::{AffineExpr, AffineMap};
use crate::builder::{Builder, Ofr};
use crate::dialects::arith::MulIOp;
use crate::dialects::pack::{PackInfo, Tile};
use crate::interfaces::tiling::{
    is_multiple_of, slice_bounds, IteratorType, LoopRange, TileBounds, TilePosition, TilingInterface, TilingResult,
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
        // With padding, partial tiles are clamped to the source's extent;
        // its dims are read first, in upstream's order.
        let source_dims: Vec<Option<Ofr>> = (0..n)
            .map(|dim| (info.padding_value.is_some() && tiles[dim].is_some()).then(|| b.dim(info.source, dim)))
            .collect();
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
                    if let Some(full) = source_dims[dim] {
                        // Partial last tiles read only what the source has.
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
        let (tiled, value) = build_like(b, op, &info, src_slice, dest_slice);
        Ok(TilingResult::from_created(b, start, vec![tiled], vec![value], vec![]))
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
        _bounds: &[TileBounds],
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

    fn iteration_domain_tile_from_operand_tile(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        operand: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<(Vec<Ofr>, Vec<Ofr>), String> {
        let info = info(b.ctx, op)?;
        let n = rank_of(b.ctx, info.source);
        if operand != 0 {
            return Err("only the pack's source can be fused through".into());
        }
        if offsets.len() != n || sizes.len() != n {
            return Err(format!("expected {n} offsets and sizes over the pack's source"));
        }
        let tiles = tiles_by_dim(&info, n);
        let mut per_dim = Vec::with_capacity(n);
        for i in 0..n {
            let Some(tile) = tiles[i] else {
                per_dim.push((offsets[i], sizes[i]));
                continue;
            };
            let Ofr::Const(t) = tile else {
                return Err("cannot fuse through a pack with dynamic inner tiles".into());
            };
            let ends_at_extent = |b: &mut Builder<'_>| match (offsets[i], sizes[i], b.dim(info.source, i)) {
                (Ofr::Const(o), Ofr::Const(s), Ofr::Const(e)) => o + s == e,
                (off, size, Ofr::Const(e)) => matches!(
                    slice_bounds(b.ctx, off, size),
                    TileBounds::Strided { step, extent: Some(x) } if step % t == 0 && x == e
                ),
                _ => false,
            };
            let whole_rows = is_multiple_of(b.ctx, sizes[i], t) || ends_at_extent(b);
            if !is_multiple_of(b.ctx, offsets[i], t) || !whole_rows {
                return Err(format!("the tile of the pack's source cuts across its inner tiles of {t} along dim {i}"));
            }
            let rows =
                AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::floordiv(d(0), AffineExpr::Const(t))] };
            let ceil_rows =
                AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::ceildiv(d(0), AffineExpr::Const(t))] };
            let off = b.affine_apply(&rows, &[offsets[i]]);
            let size = b.affine_apply(&ceil_rows, &[sizes[i]]);
            per_dim.push((off, size));
        }
        let perm = outer_perm(&info, n);
        Ok(perm.iter().map(|&p| per_dim[p]).unzip())
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

/// The longest tile the bounds allow, if known.
pub fn max_tile_size(bounds: TileBounds) -> Option<i64> {
    match bounds {
        TileBounds::Untiled { extent } => extent,
        TileBounds::Strided { step, extent: Some(n) } => Some(step.min(n)),
        TileBounds::Strided { step, extent: None } => Some(step),
        TileBounds::AtMost { size, .. } => Some(size),
        TileBounds::Unknown => None,
    }
    .filter(|s| *s > 0)
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
        TileBounds::AtMost { size, offset_divisor } => {
            // The tile starts at most `t - gcd(divisor, t)` into a row.
            let g = gcd(offset_divisor.rem_euclid(t).max(0), t);
            let g = if g == 0 { t } else { g };
            Some((t - g + size + t - 1) / t)
        }
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
        let elem = b.ctx.value_type_kind(info.dest).element_type().ok_or("unpack dest must be shaped")?;
        let dims: Vec<UnpackDimTile> = (0..n)
            .map(|dim| {
                let dim_bounds = bounds.get(dim).copied().unwrap_or(TileBounds::Unknown);
                let tile = unpack_dim_tile(b, offsets[dim], sizes[dim], tiles[dim], dim_bounds);
                if tile.dynamic_temporary {
                    remarks.push(format!(
                        "unpack dim {dim}: no static bound on the rows a tile needs (dynamic tile size or inner tile); \
                         using a dynamically sized temporary"
                    ));
                }
                tile
            })
            .collect();
        let src_slice = packed_source_slice(b, &info, &dims);
        let tiled = if dims.iter().all(|t| t.aligned) {
            let dest_slice = b.extract_slice(dests[0], offsets, sizes);
            build_like(b, op, &info, src_slice, dest_slice)
        } else {
            unpack_into_temporary(b, op, &info, src_slice, &dims, sizes, elem)
        };
        Ok(TilingResult::from_created(b, start, vec![tiled.0], vec![tiled.1], remarks))
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
        bounds: &[TileBounds],
    ) -> Result<TilingResult, String> {
        // The result's dims are the domain's: the tiles' bounds carry over,
        // so a fused unpack gets the same static temporary as a tiled one.
        self.tiled_implementation(b, op, dests, offsets, sizes, bounds)
    }

    fn iteration_domain_tile_from_operand_tile(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        operand: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<(Vec<Ofr>, Vec<Ofr>), String> {
        let info = info(b.ctx, op)?;
        let n = rank_of(b.ctx, info.dest);
        let tiles = info.mixed_tiles();
        if operand != 0 {
            return Err("only the unpack's packed source can be fused through".into());
        }
        if offsets.len() != n + tiles.len() || sizes.len() != n + tiles.len() {
            return Err("expected offsets and sizes over the packed source".into());
        }
        for (k, t) in tiles.iter().enumerate() {
            if offsets[n + k] != Ofr::Const(0) || sizes[n + k] != tile_ofr(*t) {
                return Err("the tile of the packed source must cover whole inner tiles".into());
            }
        }
        let perm = outer_perm(&info, n);
        let by_dim = tiles_by_dim(&info, n);
        let mut offs = vec![Ofr::Const(0); n];
        let mut szs = vec![Ofr::Const(0); n];
        for (j, &i) in perm.iter().enumerate() {
            match by_dim[i] {
                None => {
                    offs[i] = offsets[j];
                    szs[i] = sizes[j];
                }
                Some(Ofr::Const(t)) => {
                    let extent = b.dim(info.dest, i);
                    let start = AffineMap { num_dims: 1, num_syms: 0, results: vec![d(0) * AffineExpr::Const(t)] };
                    offs[i] = b.affine_apply(&start, &[offsets[j]]);
                    // The last rows may hold padding the unpack drops.
                    let clipped = AffineMap {
                        num_dims: 3,
                        num_syms: 0,
                        results: vec![d(1) * AffineExpr::Const(t), d(2) - d(0) * AffineExpr::Const(t)],
                    };
                    szs[i] = b.affine_min(&clipped, &[offsets[j], sizes[j], extent]);
                }
                Some(_) => return Err("cannot fuse through an unpack with dynamic inner tiles".into()),
            }
        }
        Ok((offs, szs))
    }
}

/// How one dest dim of an unpack tile reads the packed source (MLIR's
/// `getUnpackTileDimInfo`, plus tessel's static temporary bound).
struct UnpackDimTile {
    /// Where the dim's slice of the source starts: in rows of the inner
    /// tile for a tiled dim, in elements otherwise.
    src_offset: Ofr,
    /// How many rows (or elements) the source slice takes.
    src_size: Ofr,
    /// The extent of the temporary the unpack writes into.
    temp_extent: Ofr,
    /// The extent the unpack writes: whole rows times the inner tile.
    written_extent: Ofr,
    /// Where the wanted tile starts within the written extent.
    shift: Ofr,
    /// The tile lines up with the inner tiles (or the dim is not tiled):
    /// no temporary is needed for this dim.
    aligned: bool,
    /// No static bound was found: the temporary is dynamically sized.
    dynamic_temporary: bool,
}

/// The unpack tile info of one dest dim for the tile `[off, off + sz)`,
/// with inner tile `tile` (none if the dim is not tiled).
fn unpack_dim_tile(b: &mut Builder<'_>, off: Ofr, sz: Ofr, tile: Option<Ofr>, bounds: TileBounds) -> UnpackDimTile {
    // Where another dim needs a temporary, this one's extent in it is the
    // most the tile can be (the unpack writes a view of `sz`), so the
    // temporary stays static when the loop bounds the tile.
    let temp_extent = match sz {
        Ofr::Const(_) => sz,
        Ofr::Val(_) => max_tile_size(bounds).map_or(sz, Ofr::Const),
    };
    let untouched = |src_offset, src_size| UnpackDimTile {
        src_offset,
        src_size,
        temp_extent,
        written_extent: sz,
        shift: Ofr::Const(0),
        aligned: true,
        dynamic_temporary: matches!(temp_extent, Ofr::Val(_)),
    };
    let Some(t) = tile else { return untouched(off, sz) };
    let floordiv = map1(2, AffineExpr::floordiv(d(0), d(1)));
    // A tile that starts on a row boundary reads `ceil(sz / t)` whole rows
    // and unpacks straight into the dest slice: a partial last row is
    // truncated by the unpack itself, so the size need not be a multiple
    // of `t` (upstream's perfect case, `dynamic_perfect_CKkc_to_KC`).
    let starts_on_row = match t {
        Ofr::Const(tc) => is_multiple_of(b.ctx, off, tc),
        Ofr::Val(_) => false,
    };
    if starts_on_row {
        let first = b.affine_apply(&floordiv, &[off, t]);
        // A loop stepping by exactly one inner tile reads one row per tile;
        // so does a tile at most one inner tile long (upstream's
        // `getUnpackTileDimInfo` asks for the size's constant upper bound).
        let at_most_one_tile = |tc: i64| match sz {
            Ofr::Const(c) => c == tc,
            Ofr::Val(v) => crate::interfaces::value_bounds::upper_bound(b.ctx, v) == Some(tc),
        };
        let one_row = match (t, bounds) {
            (Ofr::Const(tc), TileBounds::Strided { step, .. }) if step == tc => true,
            (Ofr::Const(tc), _) => at_most_one_tile(tc),
            _ => false,
        };
        let count = if one_row {
            Ofr::Const(1)
        } else {
            // `ceildiv` even when `sz` is whole rows (where `floordiv` is
            // the same number): upstream's `getUnpackTileDimInfo` form.
            b.affine_apply(&map1(2, AffineExpr::ceildiv(d(0), d(1))), &[sz, t])
        };
        return untouched(first, count);
    }
    // Whole rows: first = off / t, last = (off + sz - 1) / t; the tile
    // starts `off mod t` into the first row.
    let first = b.affine_apply(&floordiv, &[off, t]);
    let shift = b.affine_apply(&map1(2, AffineExpr::modulo(d(0), d(1))), &[off, t]);
    // When every tile of the loop needs the same number of rows, it is a constant.
    let same_rows = match t {
        Ofr::Const(tc) => rows_range(tc, bounds).filter(|(lo, hi)| lo == hi).map(|(r, _)| r),
        Ofr::Val(_) => None,
    };
    let num_rows = match same_rows {
        Some(r) => Ofr::Const(r),
        None => b.affine_apply(
            &map1(
                3,
                AffineExpr::floordiv(d(0) + d(1) - AffineExpr::Const(1), d(2)) - AffineExpr::floordiv(d(0), d(2))
                    + AffineExpr::Const(1),
            ),
            &[off, sz, t],
        ),
    };
    // The expanded size stays a plain multiplication (IREE #11607).
    let written = match (num_rows, t) {
        (Ofr::Const(r), Ofr::Const(tc)) => Ofr::Const(r * tc),
        _ => {
            let (rv, tv) = (b.value(num_rows), b.value(t));
            let index = b.ctx.index_type();
            let mul = MulIOp::create(b, rv, tv, None, None, &[index], vec![]);
            Ofr::Val(mul.result(b.ctx))
        }
    };
    let bound = match t {
        Ofr::Const(tc) => max_rows(tc, bounds).map(|r| r * tc),
        Ofr::Val(_) => None,
    };
    UnpackDimTile {
        src_offset: first,
        src_size: num_rows,
        temp_extent: bound.map_or(written, Ofr::Const),
        written_extent: written,
        shift,
        aligned: false,
        dynamic_temporary: bound.is_none(),
    }
}

/// The packed source slice an unpack tile reads: outer dims in packed
/// order, whole inner tiles.
fn packed_source_slice(b: &mut Builder<'_>, info: &PackInfo, dims: &[UnpackDimTile]) -> Value {
    let perm = outer_perm(info, dims.len());
    let mut offsets: Vec<Ofr> = perm.iter().map(|&p| dims[p].src_offset).collect();
    let mut sizes: Vec<Ofr> = perm.iter().map(|&p| dims[p].src_size).collect();
    for t in info.mixed_tiles() {
        offsets.push(Ofr::Const(0));
        sizes.push(tile_ofr(t));
    }
    b.extract_slice(info.source, &offsets, &sizes)
}

/// Unpacks `src_slice` into a temporary (statically sized when the rows
/// are bounded) and cuts the tile of `sizes` out of it; returns the tiled
/// unpack and the tile.
fn unpack_into_temporary(
    b: &mut Builder<'_>,
    op: OpId,
    info: &PackInfo,
    src_slice: Value,
    dims: &[UnpackDimTile],
    sizes: &[Ofr],
    elem: crate::Type,
) -> (OpId, Value) {
    let temp_dims: Vec<Ofr> = dims.iter().map(|t| t.temp_extent).collect();
    let written: Vec<Ofr> = dims.iter().map(|t| t.written_extent).collect();
    let shifts: Vec<Ofr> = dims.iter().map(|t| t.shift).collect();
    let temp = b.empty(&temp_dims, elem);
    let zeros = vec![Ofr::Const(0); dims.len()];
    let view = if written == temp_dims { temp } else { b.extract_slice(temp, &zeros, &written) };
    let (unpack, unpacked) = build_like(b, op, info, src_slice, view);
    if shifts.iter().all(|s| *s == Ofr::Const(0)) && written.as_slice() == sizes {
        (unpack, unpacked)
    } else {
        (unpack, b.extract_slice(unpacked, &shifts, sizes))
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
        // At most 5 long anywhere: starting 7 into a row of 8 touches 2 rows.
        assert_eq!(max_rows(8, TileBounds::AtMost { size: 5, offset_divisor: 1 }), Some(2));
        // At most 8 long at a multiple of 4: 4 into a row at worst, 2 rows.
        assert_eq!(max_rows(8, TileBounds::AtMost { size: 8, offset_divisor: 4 }), Some(2));
        // At a multiple of 8 (or at 0): whole rows, 1.
        assert_eq!(max_rows(8, TileBounds::AtMost { size: 8, offset_divisor: 16 }), Some(1));
        assert_eq!(max_rows(8, TileBounds::AtMost { size: 8, offset_divisor: 0 }), Some(1));
        // Brute force over offsets: never more rows than the bound.
        for size in 1..20 {
            for div in [0i64, 1, 2, 3, 4, 6, 8, 12] {
                let bound = max_rows(8, TileBounds::AtMost { size, offset_divisor: div }).unwrap();
                let offsets: Vec<i64> = if div == 0 { vec![0] } else { (0..64).map(|k| k * div).collect() };
                for off in offsets {
                    for s in 1..=size {
                        assert!(rows(off, s, 8) <= bound, "off {off} size {s} div {div}");
                    }
                }
            }
        }
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
