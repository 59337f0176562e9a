//! Pictures of a layout: the index table of the docs' figures and an SVG
//! with the logical array beside the memory order.

use std::fmt::Write;

use crate::shape::{ArrayShape, Dim, Shape};
use crate::tiling::TiledLayout;

/// Largest array [`table`] prints.
pub const TABLE_LIMIT: i64 = 10_000;
/// Largest array (elements, and slots) [`svg`] draws.
pub const SVG_LIMIT: i64 = 4_096;

/// The logical grid a picture shows: (leading index count, rows, cols).
fn grid(t: &TiledLayout) -> (i64, i64, i64) {
    let d = &t.logical_dims;
    match d.len() {
        0 => (1, 1, 1),
        1 => (1, 1, d[0]),
        n => (d[..n - 2].iter().product(), d[n - 2], d[n - 1]),
    }
}

/// The logical index of cell (leading, row, col) of the grid.
fn cell_index(t: &TiledLayout, leading: i64, row: i64, col: i64) -> Vec<i64> {
    let d = &t.logical_dims;
    match d.len() {
        0 => vec![],
        1 => vec![col],
        n => {
            let mut idx = crate::tiling::unravel(leading, &d[..n - 2]);
            idx.push(row);
            idx.push(col);
            idx
        }
    }
}

/// The slots that hold an element, sorted: as many as the elements, however
/// many padding slots the layout has (a tile of 2^37 slots on a 3x5 array
/// must not allocate them).
fn occupied(t: &TiledLayout) -> Vec<i64> {
    let (lead, rows, cols) = grid(t);
    let mut used = Vec::with_capacity(t.elements.max(0) as usize);
    for l in 0..lead {
        for r in 0..rows {
            for c in 0..cols {
                used.push(t.linear_index_unchecked(&cell_index(t, l, r, c)));
            }
        }
    }
    used.sort_unstable();
    used
}

/// The first `n` padding slots (slots no element uses), in order.
fn first_padding(used: &[i64], slots: i64, n: usize) -> Vec<i64> {
    let mut out = Vec::with_capacity(n);
    let mut next_used = used.iter().peekable();
    let mut slot = 0;
    while slot < slots && out.len() < n {
        if next_used.peek() == Some(&&slot) {
            next_used.next();
        } else {
            out.push(slot);
        }
        slot += 1;
    }
    out
}

/// The index grid: one line per row of the two most minor logical dims, one
/// grid per leading index. Refuses arrays over [`TABLE_LIMIT`] elements.
pub fn table(t: &TiledLayout) -> Result<String, String> {
    if t.elements > TABLE_LIMIT {
        return Err(format!(
            "the array has {} elements; `table` prints at most {TABLE_LIMIT} (use `index` or `element` for single positions)",
            t.elements
        ));
    }
    let (lead, rows, cols) = grid(t);
    let width = (t.padded_slots.max(1) - 1).to_string().len();
    let label = format!("row {}:", rows.max(1) - 1).len();
    let mut out = String::new();
    let rank = t.rank();
    for l in 0..lead {
        if rank > 2 {
            let idx = cell_index(t, l, 0, 0);
            let head: Vec<String> = idx[..rank - 2].iter().map(|i| i.to_string()).collect();
            let _ = writeln!(out, "[{},:,:]", head.join(","));
        }
        for r in 0..rows {
            let mut line = format!("{:<label$}", format!("row {r}:"));
            for c in 0..cols {
                let i = t.linear_index_unchecked(&cell_index(t, l, r, c));
                let _ = write!(line, " {i:>width$}");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let used = occupied(t);
    let padding = t.padded_slots - used.len() as i64;
    let _ = write!(out, "{} slots: {} elements, {} padding", t.padded_slots, t.elements, padding);
    if padding > 0 {
        let shown: Vec<String> = first_padding(&used, t.padded_slots, 32).iter().map(|p| p.to_string()).collect();
        let more = if padding > 32 { ", ..." } else { "" };
        let _ = write!(out, " ({}{more})", shown.join(", "));
    }
    out.push('\n');
    Ok(out)
}

/// The colour of the memory block a slot is in.
fn block_colour(block: i64) -> String {
    let hue = (block * 47).rem_euclid(360);
    format!("hsl({hue},65%,78%)")
}

/// The caption over the logical array.
pub const LOGICAL_CAPTION: &str = "logical array: linear index of each element";
/// The caption over memory.
pub const MEMORY_CAPTION: &str = "memory order: logical index in each slot";

/// The width `text` takes in the picture's monospace font at `size` px: an
/// advance of 0.6 em per character (DejaVu Sans Mono, Liberation Mono and
/// Courier all use 0.6 em), rounded up.
pub fn text_width(text: &str, size: i64) -> i64 {
    (text.chars().count() as i64 * size * 6 + 9) / 10
}

/// An SVG picture: left, the logical array (two most minor dims, one grid
/// per leading index) with each element's linear index, coloured by the
/// memory block (first tile) it lands in; right, memory in order, each slot
/// showing the logical index it holds, padding slots hatched.
pub fn svg(t: &TiledLayout, title: &str) -> Result<String, String> {
    if t.elements > SVG_LIMIT || t.padded_slots > 4 * SVG_LIMIT {
        return Err(format!(
            "the array has {} elements in {} slots; `svg` draws at most {SVG_LIMIT} elements and {} slots",
            t.elements,
            t.padded_slots,
            4 * SVG_LIMIT
        ));
    }
    let block: i64 =
        t.steps.first().map_or(t.expanded_shape().last().copied().unwrap_or(1), |s| s.tile.iter().product());
    let block = block.max(1);
    let (lead, rows, cols) = grid(t);
    let rank = t.rank();
    const CELL: i64 = 36;
    const GAP: i64 = 40;
    const TOP: i64 = 60;
    let grid_h = rows * CELL + if rank > 2 { 24 } else { 0 };
    // Each panel is as wide as its grid or its caption, whichever is wider,
    // so a narrow array's captions do not run into each other.
    let left_w = (cols * CELL).max(text_width(LOGICAL_CAPTION, 11));
    // Memory slots are as wide as their longest label (`1,0,1,1,3` at rank
    // 5), and a memory row holds fewer slots when they are wider, so labels
    // stay readable at their size at any rank.
    let longest_label = t.logical_dims.iter().map(|d| (d - 1).max(0).to_string().len()).sum::<usize>()
        + t.logical_dims.len().saturating_sub(1);
    let slot_w = CELL.max(text_width(&"0".repeat(longest_label), 9) + 6);
    let mut width_slots = if block <= 64 { block } else { 32 };
    while width_slots > 4 && width_slots * slot_w > 32 * CELL {
        width_slots = crate::tiling::ceil_div(width_slots, 2);
    }
    let used = occupied(t);
    let mem_rows = memory_rows(&used, t.padded_slots, width_slots);
    let mem_x = 20 + left_w + GAP;
    let width =
        (mem_x + (width_slots * slot_w).max(text_width(MEMORY_CAPTION, 11)) + 20).max(20 + text_width(title, 14) + 20);
    let height = TOP + (lead * (grid_h + 12)).max(mem_rows.len() as i64 * CELL) + 40;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="monospace" font-size="11">"#
    );
    s.push_str(
        r##"<defs><pattern id="pad" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f2f2f2"/><line x1="0" y1="0" x2="0" y2="6" stroke="#b0b0b0" stroke-width="2"/></pattern></defs>
"##,
    );
    let _ = writeln!(s, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="20" y="22" font-size="14">{}</text>"#, escape(title));
    let _ = writeln!(s, r#"<text x="20" y="46">{LOGICAL_CAPTION}</text>"#);
    let _ = writeln!(s, r#"<text x="{mem_x}" y="46">{MEMORY_CAPTION}</text>"#);
    let mut y0 = TOP;
    for l in 0..lead {
        if rank > 2 {
            let idx = cell_index(t, l, 0, 0);
            let head: Vec<String> = idx[..rank - 2].iter().map(|i| i.to_string()).collect();
            let _ = writeln!(s, r#"<text x="20" y="{}">[{},:,:]</text>"#, y0 + 14, head.join(","));
            y0 += 24;
        }
        for r in 0..rows {
            for c in 0..cols {
                let slot = t.linear_index_unchecked(&cell_index(t, l, r, c));
                let (x, y) = (20 + c * CELL, y0 + r * CELL);
                let _ = writeln!(
                    s,
                    r##"<rect class="element" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#555"/><text x="{}" y="{}" text-anchor="middle">{slot}</text>"##,
                    block_colour(slot / block),
                    x + CELL / 2,
                    y + CELL / 2 + 4
                );
            }
        }
        y0 += rows * CELL + 12;
    }
    for (k, row) in mem_rows.iter().enumerate() {
        let y = TOP + k as i64 * CELL;
        let (first, rows) = match *row {
            MemoryRow::Slots(r) => (r, 1),
            MemoryRow::Padding { first, rows } => (first, rows),
        };
        if let MemoryRow::Padding { .. } = row {
            let slots = (t.padded_slots.min((first + rows) * width_slots) - first * width_slots).max(0);
            let w = width_slots * slot_w;
            let long = format!("{rows} rows of padding ({slots} slots)");
            let text = if text_width(&long, 11) + 8 <= w { long } else { format!("{slots} padding") };
            let _ = writeln!(
                s,
                r##"<rect class="padding-run" x="{mem_x}" y="{y}" width="{w}" height="{CELL}" fill="url(#pad)" stroke="#999"/><text x="{}" y="{}" text-anchor="middle">{text}</text>"##,
                mem_x + w / 2,
                y + CELL / 2 + 4
            );
            continue;
        }
        for slot in first * width_slots..((first + 1) * width_slots).min(t.padded_slots) {
            let x = mem_x + (slot % width_slots) * slot_w;
            match t.element_at(slot).map_err(|e| e.to_string())? {
                Some(idx) => {
                    let label: Vec<String> = idx.iter().map(|i| i.to_string()).collect();
                    let _ = writeln!(
                        s,
                        r##"<rect class="slot" x="{x}" y="{y}" width="{slot_w}" height="{CELL}" fill="{}" stroke="#555"/><text x="{}" y="{}" text-anchor="middle" font-size="9">{}</text>"##,
                        block_colour(slot / block),
                        x + slot_w / 2,
                        y + CELL / 2 + 3,
                        label.join(",")
                    );
                }
                None => {
                    let _ = writeln!(
                        s,
                        r##"<rect class="padding" x="{x}" y="{y}" width="{slot_w}" height="{CELL}" fill="url(#pad)" stroke="#999"/>"##
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// One row of the memory panel: a row of slots, or a run of rows that hold
/// only padding, drawn as one band (a tile of 128 around 4 elements is
/// mostly padding; drawn slot by slot it would fill the picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MemoryRow {
    Slots(i64),
    Padding { first: i64, rows: i64 },
}

/// The memory panel's rows, `width` slots each: runs of two or more rows
/// without an element (`used`, sorted) collapse into one band.
fn memory_rows(used: &[i64], slots: i64, width: i64) -> Vec<MemoryRow> {
    let rows = crate::tiling::ceil_div(slots, width);
    let holds_element = |r: i64| {
        let at = used.partition_point(|u| *u < r * width);
        used.get(at).is_some_and(|u| *u < (r + 1) * width)
    };
    let mut out = Vec::new();
    let mut r = 0;
    while r < rows {
        if holds_element(r) {
            out.push(MemoryRow::Slots(r));
            r += 1;
            continue;
        }
        let first = r;
        while r < rows && !holds_element(r) {
            r += 1;
        }
        match r - first {
            1 => out.push(MemoryRow::Slots(first)),
            n => out.push(MemoryRow::Padding { first, rows: n }),
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The same layout on a window of `a` small enough to draw: each dim cut to
/// at most twice its first tile (8 when untiled), then the largest dim
/// other than the most minor halved until at most 512 elements remain. A
/// bounded dim (`<=N`) is cut from its bound. `None` for rank 0 or a shape
/// without an array layout (an unbounded dim, a token).
pub fn window(a: &ArrayShape) -> Option<ArrayShape> {
    let dims: Vec<i64> = a
        .dims
        .iter()
        .map(|d| match d {
            Dim::Static(n) | Dim::Bounded(n) => Some(*n),
            Dim::Unbounded => None,
        })
        .collect::<Option<_>>()?;
    if dims.is_empty() {
        return None;
    }
    let t = TiledLayout::new(a).ok()?;
    let tile = t.steps.first().map(|s| s.tile.clone()).unwrap_or_default();
    let mut cut = dims.clone();
    // Tile sizes by physical position from the minor side.
    for (from_minor, &logical) in t.minor_to_major.iter().enumerate() {
        let limit = tile.len().checked_sub(from_minor + 1).map_or(8, |i| 2 * tile[i].max(1));
        cut[logical] = dims[logical].min(limit.max(1));
    }
    let minor = t.minor_to_major.first().copied().unwrap_or(0);
    let shape_of = |cut: &[i64]| ArrayShape { dims: cut.iter().map(|n| Dim::Static(*n)).collect(), ..a.clone() };
    // Padding counts too: a tile much wider than its dim (4 of 128) makes
    // slots a multiple of the elements, and the picture must fit [`svg`].
    let too_big = |cut: &[i64]| {
        cut.iter().product::<i64>() > 512
            || TiledLayout::new(&shape_of(cut)).is_ok_and(|w| w.padded_slots > WINDOW_SLOTS)
    };
    while too_big(&cut) {
        let Some((i, _)) = cut.iter().enumerate().filter(|(i, d)| *i != minor && **d > 1).max_by_key(|(_, d)| **d)
        else {
            break;
        };
        cut[i] = (cut[i] / 2).max(1);
    }
    Some(shape_of(&cut))
}

/// At most this many slots (elements and padding) in a [`window`].
const WINDOW_SLOTS: i64 = 4096;

/// The picture of `a`, or of its [`window`] when `a` is too large for
/// [`svg`]: the SVG and the window drawn (`None` when it is the whole array).
pub fn svg_or_window(a: &ArrayShape) -> Result<(String, Option<ArrayShape>), String> {
    let t = TiledLayout::new(a)?;
    if t.elements <= SVG_LIMIT && t.padded_slots <= 4 * SVG_LIMIT {
        return Ok((svg(&t, &a.to_string())?, None));
    }
    let small = window(a).ok_or_else(|| format!("{a} has no window to draw"))?;
    let title = format!("{small}: a window of {}", Shape::Array(a.clone()).human_string());
    let svg = svg(&TiledLayout::new(&small)?, &title)?;
    Ok((svg, Some(small)))
}
