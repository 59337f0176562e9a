//! XLA's own size figure (`ShapeUtil::ArraySize`, first tile only) and
//! human-readable byte counts.

use crate::shape::{ArrayShape, Dim, TileDim};

/// XLA's `LayoutUtil::MaxSplitSize`: the largest piece of a logical dim
/// under the layout's split configs (the whole dim without one).
fn max_split_size(shape: &ArrayShape, logical_dim: usize, extent: i64) -> i64 {
    let Some(layout) = &shape.layout else { return extent };
    let rank = layout.minor_to_major.len();
    for config in &layout.split_configs {
        // `config.dimension` is physical (major first); XLA maps it with `Major`.
        let phys = config.dimension;
        if phys < 0 || phys as usize >= rank {
            continue;
        }
        if layout.minor_to_major[rank - 1 - phys as usize] == logical_dim as i64 {
            let mut max = 0;
            let mut last = 0;
            for &i in &config.split_indices {
                max = max.max(i - last);
                last = i;
            }
            return max.max(extent - last);
        }
    }
    extent
}

/// XLA's `ShapeUtil::ArraySize`: bytes from the first tile only ("sub-tiles
/// won't cause additional padding"), L and E applied; without tiles, the
/// element count times the element size (L ignored, as XLA does). `None`
/// when XLA's formula is undefined: unbounded dims or a `*` in the first tile.
pub fn xla_array_size(shape: &ArrayShape) -> Option<i64> {
    let layout = shape.layout_or_default();
    let extents: Vec<i64> = shape.dims.iter().map(|d| d.extent()).collect::<Option<_>>()?;
    let bits = if layout.element_size_in_bits != 0 {
        layout.element_size_in_bits as i128
    } else {
        shape.element_type.byte_width() as i128 * 8
    };
    let bytes = |n: i128| -> Option<i64> { i64::try_from((n * bits + 7) / 8).ok() };
    let Some(first) = layout.tiles.first() else {
        let n: i128 = extents.iter().map(|&e| e as i128).product();
        return bytes(n);
    };
    let tile: Vec<i64> =
        first.dims.iter().map(|t| if let TileDim::Size(s) = t { Some(*s) } else { None }).collect::<Option<_>>()?;
    let rank = extents.len();
    let k = tile.len();
    let mut n: i128 = 1;
    for dim in 0..k.max(rank) {
        let size = if dim < rank {
            let logical = layout.minor_to_major[dim] as usize;
            max_split_size(shape, logical, extents[logical])
        } else {
            1
        } as i128;
        let size = if dim < k {
            let t = tile[k - 1 - dim] as i128;
            (size + t - 1) / t * t
        } else {
            size
        };
        n = n.checked_mul(size)?;
    }
    let align = layout.tail_padding_alignment_in_elements as i128;
    if align != 1 {
        n = (n + align - 1) / align * align;
    }
    bytes(n)
}

/// `512.00 MiB`, `16.00 GiB`, `12 B`: binary units, two decimals.
pub fn human_bytes(bytes: i64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.2} {}", UNITS[unit])
}

/// `16.00 GiB for 512.00 MiB of data: 32.0x` (or `no data` for an empty array).
pub fn overhead_sentence(size_bytes: i64, data_bytes: i64) -> String {
    if data_bytes == 0 {
        return format!("{} for no data", human_bytes(size_bytes));
    }
    format!(
        "{} for {} of data: {:.1}x",
        human_bytes(size_bytes),
        human_bytes(data_bytes),
        size_bytes as f64 / data_bytes as f64
    )
}

/// True when every dim has a size or bound (no `?`).
pub fn is_bounded(shape: &ArrayShape) -> bool {
    shape.dims.iter().all(|d| !matches!(d, Dim::Unbounded))
}
