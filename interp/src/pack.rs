//! Pack and unpack on tensors: one strided block copy each (see
//! [`crate::copy`]). The packed tensor is walked in row-major order; each
//! packed dim steps its unpacked dim by the tile (outer dims) or by one
//! (inner dims). Incomplete last tiles clip the walk: pack fills the rest
//! with the padding value, unpack skips it.

use crate::copy::{contiguous_strides, Axis, Clip};
use crate::elem::Scalar;
use crate::tensor::Tensor;

/// What a pack or unpack does, resolved: MLIR's `inner_dims_pos`,
/// `inner_tiles` and `outer_dims_perm` (empty: identity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackSpec {
    pub inner_dims_pos: Vec<usize>,
    pub inner_tiles: Vec<usize>,
    pub outer_dims_perm: Vec<usize>,
}

impl PackSpec {
    /// The outer permutation for rank `n` (identity when none is given).
    pub fn outer_perm(&self, n: usize) -> Vec<usize> {
        if self.outer_dims_perm.is_empty() {
            (0..n).collect()
        } else {
            self.outer_dims_perm.clone()
        }
    }

    /// The packed shape of an unpacked `shape`.
    pub fn packed_shape(&self, shape: &[usize]) -> Vec<usize> {
        let mut tile_of = vec![1; shape.len()];
        for (p, t) in self.inner_dims_pos.iter().zip(&self.inner_tiles) {
            tile_of[*p] = *t;
        }
        let mut out: Vec<usize> = self.outer_perm(shape.len()).iter().map(|&d| shape[d].div_ceil(tile_of[d])).collect();
        out.extend(&self.inner_tiles);
        out
    }
}

/// Packs `src` into `out` (whose shape is the packed shape). `pad` fills
/// incomplete tiles; without it they are an error.
pub fn pack_into(src: &Tensor, spec: &PackSpec, pad: Option<Scalar>, out: &mut Tensor) -> Result<(), String> {
    let shape = out.shape.clone();
    let p = packed_axes(spec, &src.shape, &shape, true, "pack")?;
    if p.padded {
        let pad = pad.ok_or("pack without a padding value on a source whose tiles are incomplete")?;
        if pad.elem != src.elem {
            return Err("padding value of another element type".into());
        }
        crate::copy::fill(out.bytes_mut()?, &pad.to_le_bytes());
    }
    out.copy_strided_from(0, src, 0, &p.axes, &src.shape)
}

/// Unpacks `src` into `out` (whose shape is the unpacked shape), dropping
/// the padding.
pub fn unpack_into(src: &Tensor, spec: &PackSpec, out: &mut Tensor) -> Result<(), String> {
    let shape = out.shape.clone();
    let p = packed_axes(spec, &shape, &src.shape, false, "unpack")?;
    out.copy_strided_from(0, src, 0, &p.axes, &shape)
}

/// `src` packed (a new tensor).
pub fn pack(src: &Tensor, spec: &PackSpec, pad: Option<Scalar>) -> Result<Tensor, String> {
    let mut out = Tensor::try_zeros(spec.packed_shape(&src.shape), src.elem)?;
    pack_into(src, spec, pad, &mut out)?;
    Ok(out)
}

/// `src` unpacked into a tensor of `shape` (a new tensor).
pub fn unpack(src: &Tensor, spec: &PackSpec, shape: &[usize]) -> Result<Tensor, String> {
    let mut out = Tensor::try_zeros(shape.to_vec(), src.elem)?;
    unpack_into(src, spec, &mut out)?;
    Ok(out)
}

/// The packed layout of a pack/unpack: for every packed dim, the unpacked
/// dim it walks and its step there; and whether the last tile of some dim
/// is incomplete.
struct PackedAxes {
    axes: Vec<Axis>,
    padded: bool,
}

/// The axes walking the packed tensor (`packed_shape`, contiguous on the
/// `packed_is_dst` side) against the unpacked one (`unpacked_shape`).
fn packed_axes(
    spec: &PackSpec,
    unpacked_shape: &[usize],
    packed_shape: &[usize],
    packed_is_dst: bool,
    what: &str,
) -> Result<PackedAxes, String> {
    let n = unpacked_shape.len();
    let tiles = &spec.inner_tiles;
    let k = tiles.len();
    if spec.inner_dims_pos.len() != k || spec.inner_dims_pos.iter().any(|p| *p >= n) {
        return Err(format!("{what}: inner_dims_pos {:?} for rank {n} and {k} tiles", spec.inner_dims_pos));
    }
    if tiles.contains(&0) {
        return Err(format!("{what}: inner tiles must be positive, got {tiles:?}"));
    }
    if packed_shape.len() != n + k {
        return Err(format!("{what}: packed rank {} for rank {n} and {k} tiles", packed_shape.len()));
    }
    let perm = spec.outer_perm(n);
    if perm.len() != n {
        return Err(format!("{what}: outer_dims_perm {:?} for rank {n}", spec.outer_dims_perm));
    }
    let mut tile_of = vec![1usize; n];
    for (t, pos) in tiles.iter().zip(&spec.inner_dims_pos) {
        tile_of[*pos] = *t;
    }
    for (j, t) in tiles.iter().enumerate() {
        if packed_shape[n + j] != *t {
            return Err(format!(
                "{what}: inner tile {j} is {t} but the packed tensor's dim {} is {}",
                n + j,
                packed_shape[n + j]
            ));
        }
    }
    let mut padded = false;
    for (j, &d) in perm.iter().enumerate() {
        let covered = packed_shape[j] * tile_of[d];
        if covered < unpacked_shape[d] {
            return Err(format!(
                "{what}: {} tiles of {} cover {covered} of the {} elements of dim {d}",
                packed_shape[j], tile_of[d], unpacked_shape[d]
            ));
        }
        // An unpack reads every tile: one wholly past the end (more tiles
        // than the elements need) is as wrong as too few.
        if !packed_is_dst && covered >= unpacked_shape[d] + tile_of[d] {
            return Err(format!(
                "{what}: {} tiles of {} cover {covered} of the {} elements of dim {d}: a whole tile lies past the end",
                packed_shape[j], tile_of[d], unpacked_shape[d]
            ));
        }
        padded |= covered != unpacked_shape[d];
    }
    let us = contiguous_strides(unpacked_shape);
    let ps = contiguous_strides(packed_shape);
    let mut axes = Vec::with_capacity(n + k);
    let mut push = |extent: usize, unpacked: usize, packed: usize, clip: Clip| {
        let (src, dst) = if packed_is_dst { (unpacked, packed) } else { (packed, unpacked) };
        axes.push(Axis { extent, src, dst, clip: padded.then_some(clip) });
    };
    for (j, &d) in perm.iter().enumerate() {
        push(packed_shape[j], us[d] * tile_of[d], ps[j], Clip { dim: d, coef: tile_of[d] });
    }
    for (j, &d) in spec.inner_dims_pos.iter().enumerate() {
        push(tiles[j], us[d], ps[n + j], Clip { dim: d, coef: 1 });
    }
    Ok(PackedAxes { axes, padded })
}
