//! Random pack and unpack configurations, shared by the tiling
//! differential test and the two-engine test: rank 1-4, dims that do and
//! don't divide, any subset and order of inner dims, outer permutations,
//! padding, tile-size kinds, static and dynamic shapes, for and forall, on
//! f32, bf16 and i8 bits.

use proptest::prelude::*;
use tessel_interp::{ElemType, Scalar, Tensor};
use tessel_testkit::Rng;

/// One random configuration.
#[derive(Clone, Debug)]
pub struct Config {
    pub pack: bool,
    /// The unpacked shape.
    pub shape: Vec<usize>,
    /// Tiled dims, in inner-tile order.
    pub pos: Vec<usize>,
    pub tiles: Vec<usize>,
    pub perm: Option<Vec<usize>>,
    /// A padding value even when every tile is complete.
    pub extra_pad: bool,
    /// Per loop dim: which kind of tile size (see [`Config::tile_sizes`]).
    pub tile_kinds: Vec<u8>,
    pub forall: bool,
    pub dynamic: bool,
    pub elem: ElemType,
    pub seed: u64,
}

pub fn config(pack: bool) -> impl Strategy<Value = Config> {
    (1usize..=4)
        .prop_flat_map(move |r| {
            let dims: Vec<usize> = (0..r).collect();
            (
                proptest::collection::vec(1usize..=9, r),
                Just(dims.clone()).prop_shuffle(),
                0..=r,
                proptest::collection::vec(1usize..=5, r),
                proptest::option::of(Just(dims).prop_shuffle()),
                any::<bool>(),
                proptest::collection::vec(0u8..6, r),
                (any::<bool>(), any::<bool>()),
                prop_oneof![Just(ElemType::F32), Just(ElemType::BF16), Just(ElemType::I8)],
                any::<u64>(),
            )
        })
        .prop_map(move |(shape, order, k, tiles, perm, extra_pad, tile_kinds, (forall, dynamic), elem, seed)| Config {
            pack,
            shape,
            pos: order[..k].to_vec(),
            tiles: tiles[..k].to_vec(),
            perm,
            extra_pad,
            tile_kinds,
            forall,
            dynamic,
            elem,
            seed,
        })
}

impl Config {
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn tile_of(&self, d: usize) -> usize {
        self.pos.iter().position(|p| *p == d).map_or(1, |i| self.tiles[i])
    }

    pub fn perm(&self) -> Vec<usize> {
        self.perm.clone().unwrap_or_else(|| (0..self.rank()).collect())
    }

    /// The packed shape: outer dims (permuted), then the inner tiles.
    pub fn packed_shape(&self) -> Vec<usize> {
        let mut s: Vec<usize> = self.perm().iter().map(|&d| self.shape[d].div_ceil(self.tile_of(d))).collect();
        s.extend(&self.tiles);
        s
    }

    pub fn needs_pad(&self) -> bool {
        self.pack && ((0..self.rank()).any(|d| !self.shape[d].is_multiple_of(self.tile_of(d))) || self.extra_pad)
    }

    /// Tile sizes of the tiling pass, one per loop dim (pack: outer dims of
    /// the dest; unpack: dims of the dest): 0, 1, the dim's inner tile, twice
    /// it, one more than it, or past the dim.
    pub fn tile_sizes(&self) -> Vec<usize> {
        let perm = self.perm();
        (0..self.rank())
            .map(|j| {
                let d = if self.pack { perm[j] } else { j };
                let extent = if self.pack { self.packed_shape()[j] } else { self.shape[d] };
                let t = self.tile_of(d);
                match self.tile_kinds[j] {
                    0 => 0,
                    1 => 1,
                    2 => t,
                    3 => 2 * t,
                    4 => t + 1,
                    _ => extent + 3,
                }
            })
            .collect()
    }

    pub fn pad_literal(&self) -> &'static str {
        if self.elem.is_float() {
            "-1.0"
        } else {
            "-1"
        }
    }

    /// `@f(%src, %dest) -> result`.
    pub fn ir(&self) -> String {
        let (src, dest) = if self.pack {
            (self.shape.clone(), self.packed_shape())
        } else {
            (self.packed_shape(), self.shape.clone())
        };
        let ty = |shape: &[usize], dynamic_prefix: usize| {
            let dims: Vec<String> = shape
                .iter()
                .enumerate()
                .map(|(i, d)| if self.dynamic && i < dynamic_prefix { "?".into() } else { d.to_string() })
                .collect();
            format!("tensor<{}x{}>", dims.join("x"), self.elem.mlir_name())
        };
        let r = self.rank();
        let (src_ty, dest_ty) = (ty(&src, r), ty(&dest, r));
        let elem = self.elem.mlir_name();
        let (pad_def, pad_use) = if self.needs_pad() {
            (
                format!("  %pad = arith.constant {} : {elem}\n", self.pad_literal()),
                format!("padding_value(%pad : {elem}) "),
            )
        } else {
            (String::new(), String::new())
        };
        let perm = match &self.perm {
            Some(p) => format!("outer_dims_perm = {p:?} "),
            None => String::new(),
        };
        let op = if self.pack { "tensor.pack" } else { "tensor.unpack" };
        format!(
            "func.func @f(%src: {src_ty}, %dest: {dest_ty}) -> {dest_ty} {{\n{pad_def}  %0 = {op} %src {pad_use}{perm}inner_dims_pos = {:?} inner_tiles = {:?} into %dest : {src_ty} -> {dest_ty}\n  return %0 : {dest_ty}\n}}\n",
            self.pos, self.tiles
        )
    }

    /// Random bits for every element of `shape` (NaN patterns included).
    pub fn data(&self, shape: &[usize]) -> Tensor {
        let mut rng = Rng(self.seed | 1);
        let n: usize = shape.iter().product();
        Tensor::from_scalars(shape.to_vec(), self.elem, (0..n).map(|_| Scalar::from_bits(self.elem, rng.next_u64())))
    }

    /// The naive reference: every packed element from its source index.
    pub fn reference(&self, src: &Tensor) -> Tensor {
        let packed = self.packed_shape();
        let (r, perm) = (self.rank(), self.perm());
        let pad = Scalar::from_f64(self.elem, -1.0);
        // Unpacked index of a packed index (None in the padding).
        let unpacked_of = |p: &[usize]| -> Option<Vec<usize>> {
            let mut u = vec![0; r];
            for (j, &d) in perm.iter().enumerate() {
                u[d] = p[j] * self.tile_of(d);
            }
            for (i, &d) in self.pos.iter().enumerate() {
                u[d] += p[r + i];
            }
            (0..r).all(|d| u[d] < self.shape[d]).then_some(u)
        };
        if self.pack {
            let out: Vec<Scalar> = indices(&packed).map(|p| unpacked_of(&p).map_or(pad, |u| src.at(&u))).collect();
            Tensor::from_scalars(packed, self.elem, out)
        } else {
            let mut out = vec![Scalar::index(0); self.shape.iter().product()];
            let strides = tessel_interp::copy::contiguous_strides(&self.shape);
            for p in indices(&packed) {
                if let Some(u) = unpacked_of(&p) {
                    out[u.iter().zip(&strides).map(|(i, s)| i * s).sum::<usize>()] = src.at(&p);
                }
            }
            Tensor::from_scalars(self.shape.clone(), self.elem, out)
        }
    }
}

/// Every multi-index of `shape`, row-major.
pub fn indices(shape: &[usize]) -> impl Iterator<Item = Vec<usize>> + '_ {
    let n: usize = shape.iter().product();
    (0..n).map(move |mut k| {
        let mut idx = vec![0; shape.len()];
        for d in (0..shape.len()).rev() {
            idx[d] = k % shape[d];
            k /= shape[d];
        }
        idx
    })
}

impl Config {
    /// The source and destination shapes of `@f`.
    pub fn src_dest_shapes(&self) -> (Vec<usize>, Vec<usize>) {
        if self.pack {
            (self.shape.clone(), self.packed_shape())
        } else {
            (self.packed_shape(), self.shape.clone())
        }
    }

    /// The tiling pipeline of this configuration, with canonicalize and cse.
    pub fn tiling_pipeline(&self) -> String {
        let sizes: Vec<String> = self.tile_sizes().iter().map(|t| t.to_string()).collect();
        format!(
            "builtin.module(func.func(tile-pack-unpack{{tile-sizes={} loop={}}},canonicalize,cse))",
            sizes.join(","),
            if self.forall { "forall" } else { "for" }
        )
    }
}
