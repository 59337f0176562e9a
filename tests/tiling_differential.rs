//! Differential property test of the tiling: random pack and unpack
//! configurations (rank 1-4, dims that do and don't divide, any subset and
//! order of inner dims, outer permutations, padding, tile sizes 0, 1, the
//! inner tile, its multiples and non-multiples and sizes past the dim,
//! static and dynamic shapes, for and forall) are tiled, canonicalized and
//! cse'd, run by the engine on random f32, bf16 and i8 bits (NaN payloads
//! included), and compared bit for bit with the untiled op, which is
//! itself compared with a naive element-by-element reference.
//!
//! `cargo test` runs 10,240 configurations with a fixed seed;
//! `TESSEL_PROPTEST_CASES=N` runs N per test instead (N x 4 in all) and
//! `TESSEL_PROPTEST_SEED=S` changes the seed. A shrunk failure goes into
//! `lit/` as a regression test.

mod common;

use proptest::prelude::*;
use tessel_interp::{ElemType, Scalar, Tensor};
use tessel_testkit::Rng;

/// One random configuration.
#[derive(Clone, Debug)]
struct Config {
    pack: bool,
    /// The unpacked shape.
    shape: Vec<usize>,
    /// Tiled dims, in inner-tile order.
    pos: Vec<usize>,
    tiles: Vec<usize>,
    perm: Option<Vec<usize>>,
    /// A padding value even when every tile is complete.
    extra_pad: bool,
    /// Per loop dim: which kind of tile size (see [`Config::tile_sizes`]).
    tile_kinds: Vec<u8>,
    forall: bool,
    dynamic: bool,
    elem: ElemType,
    seed: u64,
}

fn config(pack: bool) -> impl Strategy<Value = Config> {
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
    fn rank(&self) -> usize {
        self.shape.len()
    }

    fn tile_of(&self, d: usize) -> usize {
        self.pos.iter().position(|p| *p == d).map_or(1, |i| self.tiles[i])
    }

    fn perm(&self) -> Vec<usize> {
        self.perm.clone().unwrap_or_else(|| (0..self.rank()).collect())
    }

    /// The packed shape: outer dims (permuted), then the inner tiles.
    fn packed_shape(&self) -> Vec<usize> {
        let mut s: Vec<usize> = self.perm().iter().map(|&d| self.shape[d].div_ceil(self.tile_of(d))).collect();
        s.extend(&self.tiles);
        s
    }

    fn needs_pad(&self) -> bool {
        self.pack && ((0..self.rank()).any(|d| !self.shape[d].is_multiple_of(self.tile_of(d))) || self.extra_pad)
    }

    /// Tile sizes of the tiling pass, one per loop dim (pack: outer dims of
    /// the dest; unpack: dims of the dest): 0, 1, the dim's inner tile, twice
    /// it, one more than it, or past the dim.
    fn tile_sizes(&self) -> Vec<usize> {
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

    fn pad_literal(&self) -> &'static str {
        if self.elem.is_float() {
            "-1.0"
        } else {
            "-1"
        }
    }

    /// `@f(%src, %dest) -> result`.
    fn ir(&self) -> String {
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
    fn data(&self, shape: &[usize]) -> Tensor {
        let mut rng = Rng(self.seed | 1);
        let n: usize = shape.iter().product();
        Tensor::from_scalars(shape.to_vec(), self.elem, (0..n).map(|_| Scalar::from_bits(self.elem, rng.next_u64())))
    }

    /// The naive reference: every packed element from its source index.
    fn reference(&self, src: &Tensor) -> Tensor {
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
fn indices(shape: &[usize]) -> impl Iterator<Item = Vec<usize>> + '_ {
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

fn check(c: &Config) -> Result<(), TestCaseError> {
    let text = c.ir();
    let (src_shape, dest_shape) =
        if c.pack { (c.shape.clone(), c.packed_shape()) } else { (c.packed_shape(), c.shape.clone()) };
    let src = c.data(&src_shape);
    let dest = Tensor::zeros(dest_shape, c.elem);
    let untiled = common::run_f(&text, None, &[src.clone(), dest.clone()])
        .map_err(|e| TestCaseError::fail(format!("untiled: {e}\n{text}")))?;
    prop_assert!(untiled.same_bits(&c.reference(&src)), "untiled result differs from the reference\n{text}");
    let sizes: Vec<String> = c.tile_sizes().iter().map(|t| t.to_string()).collect();
    let pipeline = format!(
        "builtin.module(func.func(tile-pack-unpack{{tile-sizes={} loop={}}},canonicalize,cse))",
        sizes.join(","),
        if c.forall { "forall" } else { "for" }
    );
    let tiled = common::run_f(&text, Some(&pipeline), &[src.clone(), dest.clone()])
        .map_err(|e| TestCaseError::fail(format!("tiled ({pipeline}): {e}\n{text}")))?;
    prop_assert!(tiled.same_bits(&untiled), "tiled result differs ({pipeline})\n{text}");
    Ok(())
}

fn run_property(pack: bool, dynamic: bool) {
    let strategy = config(pack).prop_map(move |mut c| {
        c.dynamic = dynamic;
        c
    });
    if let Err(e) = common::runner(2560, 0x7e55e1).run(&strategy, |c| check(&c)) {
        panic!("{e}");
    }
}

#[test]
fn pack_static() {
    run_property(true, false);
}

#[test]
fn pack_dynamic() {
    run_property(true, true);
}

#[test]
fn unpack_static() {
    run_property(false, false);
}

#[test]
fn unpack_dynamic() {
    run_property(false, true);
}
