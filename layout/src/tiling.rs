//! The index math of a tiled layout over its physical dims (spec §2-§5):
//! every tile applied in turn (pad, split into outer and tile dims, tile
//! dims moved after all outer dims), `*` combining a dim with the next more
//! minor one, tiles shorter or longer than the shape, `L` tail padding and
//! `E` element bits.

use crate::element::PrimitiveType;
use crate::shape::{ArrayShape, Dim, Shape, TileDim};

/// What one tile does to the shape it is applied to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileStep {
    /// Unit dims added on the major side because the tile has more dims than
    /// the shape (XLA treats missing dims as size 1).
    pub prepended: usize,
    /// The shape the tile is applied to, after prepending unit dims.
    pub input_shape: Vec<i64>,
    /// Groups of consecutive dims (after prepending) merged into one by `*`
    /// entries; every dim is in exactly one group (the reassociation of a
    /// `collapse_shape`).
    pub groups: Vec<Vec<usize>>,
    /// The shape after prepending and merging.
    pub merged_shape: Vec<i64>,
    /// The `*`-free tile, applied to the most minor dims of `merged_shape`.
    pub tile: Vec<i64>,
    /// The shape after the tile: outer dims, then the tile dims.
    pub output_shape: Vec<i64>,
}

impl TileStep {
    /// True when some dim is not a multiple of its tile size (the step pads).
    pub fn pads(&self) -> bool {
        let n = self.merged_shape.len();
        let k = self.tile.len();
        self.tile.iter().enumerate().any(|(i, &t)| self.merged_shape[n - k + i] % t != 0)
    }

    /// True when `*` entries merged dims.
    pub fn merges(&self) -> bool {
        self.groups.iter().any(|g| g.len() > 1)
    }
}

/// A validated array shape with its layout, ready for index math.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledLayout {
    pub element_type: PrimitiveType,
    /// Logical dims (bounds for bounded dynamic dims).
    pub logical_dims: Vec<i64>,
    /// Logical dim numbers, most minor first.
    pub minor_to_major: Vec<usize>,
    /// Physical dims, major first (logical dims in reversed minor_to_major).
    pub physical_dims: Vec<i64>,
    /// One step per tile.
    pub steps: Vec<TileStep>,
    /// `L(n)`.
    pub tail_padding_alignment: i64,
    /// Bits one element occupies (`E(n)`, or the type's byte width).
    pub element_bits: u64,
    /// Elements of the logical array.
    pub elements: i64,
    /// Slots of the final expanded shape (elements plus tile padding).
    pub expanded_slots: i64,
    /// Slots after rounding up to `L`.
    pub padded_slots: i64,
}

/// The physical order of a logical index: `minor_to_major` reversed.
fn physical_order(minor_to_major: &[usize]) -> Vec<usize> {
    minor_to_major.iter().rev().copied().collect()
}

fn product(dims: &[i64]) -> Option<i64> {
    dims.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))
}

const OVERFLOW: &str = "the tiled layout has more than 2^63 slots";

impl TiledLayout {
    /// Builds the index math for an array shape (validated with XLA's rules
    /// first). Errors name what cannot be laid out.
    pub fn new(shape: &ArrayShape) -> Result<TiledLayout, String> {
        crate::validate::validate_shape(&Shape::Array(shape.clone()))?;
        if !shape.element_type.is_array_type() {
            return Err(format!("{} has no array layout", shape.element_type));
        }
        let layout = shape.layout_or_default();
        let mut logical_dims = Vec::with_capacity(shape.dims.len());
        for (i, d) in shape.dims.iter().enumerate() {
            match d {
                Dim::Unbounded => {
                    return Err(format!("dimension {i} is unbounded ('?'): the layout needs a size or a bound ('<=N')"))
                }
                _ => logical_dims.push(d.extent().expect("static or bounded")),
            }
        }
        let minor_to_major: Vec<usize> = layout.minor_to_major.iter().map(|&d| d as usize).collect();
        let physical_dims: Vec<i64> = physical_order(&minor_to_major).iter().map(|&d| logical_dims[d]).collect();
        let mut steps = Vec::with_capacity(layout.tiles.len());
        let mut current = physical_dims.clone();
        for (ti, tile) in layout.tiles.iter().enumerate() {
            let step = tile_step(&current, &tile.dims).map_err(|e| format!("tile {} {tile}: {e}", ti + 1))?;
            current = step.output_shape.clone();
            steps.push(step);
        }
        let elements = product(&logical_dims).ok_or(OVERFLOW)?;
        let expanded_slots = product(&current).ok_or(OVERFLOW)?;
        let align = layout.tail_padding_alignment_in_elements;
        let padded_slots = crate::tiling::ceil_div(expanded_slots, align).checked_mul(align).ok_or(OVERFLOW)?;
        let element_bits = if layout.element_size_in_bits != 0 {
            layout.element_size_in_bits as u64
        } else {
            shape.element_type.byte_width() * 8
        };
        (padded_slots as u128 * element_bits as u128 <= i64::MAX as u128).then_some(()).ok_or(OVERFLOW)?;
        Ok(TiledLayout {
            element_type: shape.element_type,
            logical_dims,
            minor_to_major,
            physical_dims,
            steps,
            tail_padding_alignment: align,
            element_bits,
            elements,
            expanded_slots,
            padded_slots,
        })
    }

    /// Rank of the logical array.
    pub fn rank(&self) -> usize {
        self.logical_dims.len()
    }

    /// The shape after every tile (the physical shape without tiles).
    pub fn expanded_shape(&self) -> &[i64] {
        self.steps.last().map_or(&self.physical_dims, |s| &s.output_shape)
    }

    /// The shape after each tile, in order.
    pub fn expanded_shapes(&self) -> Vec<&[i64]> {
        self.steps.iter().map(|s| s.output_shape.as_slice()).collect()
    }

    /// Checks a logical index against the dims.
    pub fn check_index(&self, index: &[i64]) -> Result<(), String> {
        if index.len() != self.rank() {
            return Err(format!("the index has {} coordinates, the shape has {} dimensions", index.len(), self.rank()));
        }
        for (i, (&e, &d)) in index.iter().zip(&self.logical_dims).enumerate() {
            if e < 0 || e >= d {
                return Err(format!("coordinate {e} of dimension {i} is out of bounds [0, {d})"));
            }
        }
        Ok(())
    }

    /// The linear index (slot) of the element at a logical index.
    pub fn linear_index(&self, index: &[i64]) -> Result<i64, String> {
        self.check_index(index)?;
        Ok(self.linear_index_unchecked(index))
    }

    /// [`linear_index`](Self::linear_index) for an index known to be in bounds.
    pub fn linear_index_unchecked(&self, index: &[i64]) -> i64 {
        let mut coord: Vec<i64> = physical_order(&self.minor_to_major).iter().map(|&d| index[d]).collect();
        let mut next = Vec::with_capacity(coord.len() + 8);
        for step in &self.steps {
            apply_step(step, &coord, &mut next);
            std::mem::swap(&mut coord, &mut next);
        }
        row_major(&coord, self.expanded_shape())
    }

    /// The logical index stored at a slot, or `None` for a padding slot.
    /// Errors when the slot is past the end.
    pub fn element_at(&self, slot: i64) -> Result<Option<Vec<i64>>, String> {
        if slot < 0 || slot >= self.padded_slots {
            return Err(format!("position {slot} is out of bounds [0, {})", self.padded_slots));
        }
        if slot >= self.expanded_slots {
            return Ok(None);
        }
        let mut coord = unravel(slot, self.expanded_shape());
        for step in self.steps.iter().rev() {
            match undo_step(step, &coord) {
                Some(c) => coord = c,
                None => return Ok(None),
            }
        }
        let mut index = vec![0; self.rank()];
        for (p, &d) in physical_order(&self.minor_to_major).iter().enumerate() {
            index[d] = coord[p];
        }
        Ok(Some(index))
    }

    /// Bytes of the whole layout: padded slots times element bits, rounded up.
    pub fn size_bytes(&self) -> i64 {
        (self.padded_slots as u128 * self.element_bits as u128).div_ceil(8) as i64
    }

    /// Bytes of the data alone (elements times element bits, rounded up).
    pub fn data_bytes(&self) -> i64 {
        (self.elements as u128 * self.element_bits as u128).div_ceil(8) as i64
    }

    /// Size over data, or `None` for an empty array.
    pub fn padding_overhead(&self) -> Option<f64> {
        (self.data_bytes() > 0).then(|| self.size_bytes() as f64 / self.data_bytes() as f64)
    }
}

/// Builds the step of one tile applied to `shape`.
fn tile_step(shape: &[i64], tile: &[TileDim]) -> Result<TileStep, String> {
    if tile.last() == Some(&TileDim::Combine) {
        return Err("the most minor entry of a tile cannot be '*' (nothing more minor to combine with)".into());
    }
    let k = tile.len();
    let prepended = k.saturating_sub(shape.len());
    let mut full = vec![1; prepended];
    full.extend_from_slice(shape);
    let n = full.len();
    let mut groups: Vec<Vec<usize>> = (0..n - k).map(|i| vec![i]).collect();
    let mut merged_shape: Vec<i64> = full[..n - k].to_vec();
    let mut sizes = Vec::with_capacity(k);
    let mut group = Vec::new();
    let mut extent = 1i64;
    for (j, t) in tile.iter().enumerate() {
        let dim = n - k + j;
        group.push(dim);
        extent = extent.checked_mul(full[dim]).ok_or(OVERFLOW)?;
        if let TileDim::Size(s) = t {
            groups.push(std::mem::take(&mut group));
            merged_shape.push(extent);
            sizes.push(*s);
            extent = 1;
        }
    }
    let m = merged_shape.len();
    let kk = sizes.len();
    let mut output_shape = merged_shape[..m - kk].to_vec();
    for (i, &t) in sizes.iter().enumerate() {
        output_shape.push(crate::tiling::ceil_div(merged_shape[m - kk + i], t));
    }
    output_shape.extend_from_slice(&sizes);
    product(&output_shape).ok_or(OVERFLOW)?;
    Ok(TileStep { prepended, input_shape: full, groups, merged_shape, tile: sizes, output_shape })
}

/// Maps coordinates through one step.
fn apply_step(step: &TileStep, coord: &[i64], out: &mut Vec<i64>) {
    out.clear();
    let m = step.groups.len();
    let k = step.tile.len();
    // Prepended dims have coordinate 0; merging is row-major within a group.
    let full = |i: usize| if i < step.prepended { 0 } else { coord[i - step.prepended] };
    let merged = |g: usize| step.groups[g].iter().fold(0i64, |v, &d| v * step.input_shape[d] + full(d));
    out.extend((0..m - k).map(merged));
    for (i, &t) in step.tile.iter().enumerate() {
        out.push(merged(m - k + i) / t);
    }
    for (i, &t) in step.tile.iter().enumerate() {
        out.push(merged(m - k + i) % t);
    }
}

/// Maps coordinates back through one step; `None` when they fall in padding.
fn undo_step(step: &TileStep, coord: &[i64]) -> Option<Vec<i64>> {
    let m = step.merged_shape.len();
    let k = step.tile.len();
    let mut merged = coord[..m - k].to_vec();
    for (i, &t) in step.tile.iter().enumerate() {
        let v = coord[m - k + i] * t + coord[m + i];
        if v >= step.merged_shape[m - k + i] {
            return None;
        }
        merged.push(v);
    }
    let sizes = &step.input_shape;
    let mut full = vec![0; sizes.len()];
    for (g, dims) in step.groups.iter().enumerate() {
        let mut v = merged[g];
        for &d in dims.iter().rev() {
            full[d] = v % sizes[d];
            v /= sizes[d];
        }
    }
    Some(full[step.prepended..].to_vec())
}

/// Row-major position of `coord` in `shape`.
pub fn row_major(coord: &[i64], shape: &[i64]) -> i64 {
    coord.iter().zip(shape).fold(0, |acc, (&c, &d)| acc * d + c)
}

/// The coordinates of a row-major position.
pub fn unravel(mut pos: i64, shape: &[i64]) -> Vec<i64> {
    let mut out = vec![0; shape.len()];
    for (i, &d) in shape.iter().enumerate().rev() {
        if d > 0 {
            out[i] = pos % d;
            pos /= d;
        }
    }
    out
}

/// `ceil(a / b)` for `a >= 0`, `b > 0`, without overflow.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}
