//! Cheaper layouts for the same array: the common TPU tilings (spec §3) on
//! every choice of the two most minor dims, ranked by exact size.

use crate::shape::{ArrayShape, Layout, Tile};
use crate::tiling::TiledLayout;

/// One alternative layout and what it costs.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    pub shape: ArrayShape,
    pub size_bytes: i64,
    pub data_bytes: i64,
    /// The minor_to_major differs from the input's (the data is transposed).
    pub reorders: bool,
    /// This is the input's own layout.
    pub is_current: bool,
}

/// The tilings XLA uses on TPU for an element of `bits` bits.
pub fn common_tilings(bits: u64) -> Vec<Vec<Tile>> {
    let mut out = vec![vec![], vec![Tile::new(&[8, 128])], vec![Tile::new(&[4, 128])], vec![Tile::new(&[2, 128])]];
    match bits {
        16 => out.push(vec![Tile::new(&[8, 128]), Tile::new(&[2, 1])]),
        8 => out.push(vec![Tile::new(&[8, 128]), Tile::new(&[4, 1])]),
        1 => out.push(vec![Tile::new(&[32, 128]), Tile::new(&[32, 1])]),
        _ => {}
    }
    out
}

/// minor_to_major orders to try: every ordered pair of dims as the two most
/// minor, the others kept in the input's physical order.
fn orders(current: &[i64]) -> Vec<Vec<i64>> {
    let rank = current.len();
    if rank < 2 {
        return vec![current.to_vec()];
    }
    let mut out = vec![current.to_vec()];
    for minor in 0..rank as i64 {
        for second in 0..rank as i64 {
            if minor == second {
                continue;
            }
            let mut m2m = vec![minor, second];
            m2m.extend(current.iter().copied().filter(|d| *d != minor && *d != second));
            if !out.contains(&m2m) {
                out.push(m2m);
            }
        }
    }
    out
}

/// Alternatives ranked by size (smallest first); the input's own layout is
/// among them, marked. Keeps the input's L, E and S fields; a tiled input is
/// compared with tiled formats only.
pub fn suggest(shape: &ArrayShape) -> Result<Vec<Suggestion>, String> {
    let current = TiledLayout::new(shape)?;
    let layout = shape.layout_or_default();
    let mut out: Vec<Suggestion> = Vec::new();
    let mut push = |s: ArrayShape, is_current: bool, reorders: bool| -> Result<(), String> {
        if let Some(existing) = out.iter_mut().find(|o| o.shape == s) {
            existing.is_current |= is_current;
            return Ok(());
        }
        let t = TiledLayout::new(&s)?;
        out.push(Suggestion { size_bytes: t.size_bytes(), data_bytes: t.data_bytes(), shape: s, reorders, is_current });
        Ok(())
    };
    push(ArrayShape { layout: Some(layout.clone()), ..shape.clone() }, true, false)?;
    // A tiled input (a TPU layout) is compared with tiled formats only.
    let tiled_only = !layout.tiles.is_empty();
    for m2m in orders(&layout.minor_to_major) {
        for tiles in common_tilings(current.element_bits) {
            if tiled_only && tiles.is_empty() {
                continue;
            }
            let candidate = Layout { minor_to_major: m2m.clone(), tiles, ..layout.clone() };
            let reorders = m2m != layout.minor_to_major;
            push(ArrayShape { layout: Some(candidate), ..shape.clone() }, false, reorders)?;
        }
    }
    // Stable: ties keep the generation order (the input's order first).
    out.sort_by_key(|s| (s.size_bytes, s.reorders));
    Ok(out)
}

/// The smallest layout [`suggest`] finds for the same array when it is
/// smaller than `shape`'s own (the fix for a padded buffer); `None` when
/// the current layout is already the smallest or has no size.
pub fn best_fix(shape: &ArrayShape) -> Option<Suggestion> {
    let all = suggest(shape).ok()?;
    let current = all.iter().find(|s| s.is_current)?.size_bytes;
    all.into_iter().next().filter(|best| !best.is_current && best.size_bytes < current)
}
