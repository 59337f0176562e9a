//! Differential property test of greedy producer fusion
//! (`transform.structured.fuse`) and consumer fusion
//! (`transform.test.fuse_consumer`) on random chains around packs:
//! - generic -> pack (padded; the pack is tiled, the generic fused);
//! - pack -> unpack (the unpack is tiled, the pack fused);
//! - matmul -> unpack (a matmul producing packed rows, unpacked to 1-d);
//! - unpack -> generic (a row-broadcasting generic tiled, the unpack fused);
//! - generic, then a pack consumer fused into the generic's loops (tile
//!   sizes that are whole inner tiles).
//!
//! Every configuration runs fused and unfused in the engine, bit for bit.
//! `cargo test` runs 1,024 configurations with a fixed seed;
//! `TESSEL_PROPTEST_CASES=N` runs N instead.

mod common;

use proptest::prelude::*;
use tessel_interp::{ElemType, Tensor};
use tessel_testkit::Rng;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Chain {
    GenericPack,
    PackUnpack,
    MatmulUnpack,
    UnpackGeneric,
    GenericThenPackConsumer,
}

#[derive(Clone, Debug)]
struct Config {
    chain: Chain,
    /// The unpacked 2-d shape (matmul -> unpack: rows, reduction, and the
    /// 1-d length comes from `len_cut`).
    shape: [usize; 2],
    /// Inner tiles, both dims tiled.
    tiles: [usize; 2],
    swap_outer: bool,
    tile_sizes: [usize; 2],
    /// How many elements the 1-d unpack drops from the last row.
    len_cut: usize,
    forall: bool,
    elem: ElemType,
    seed: u64,
}

fn config() -> impl Strategy<Value = Config> {
    (
        prop_oneof![
            Just(Chain::GenericPack),
            Just(Chain::PackUnpack),
            Just(Chain::MatmulUnpack),
            Just(Chain::UnpackGeneric),
            Just(Chain::GenericThenPackConsumer)
        ],
        (1usize..=11, 1usize..=11),
        (1usize..=4, 1usize..=4),
        any::<bool>(),
        (0usize..=6, 0usize..=6),
        0usize..=3,
        any::<bool>(),
        prop_oneof![Just(ElemType::F32), Just(ElemType::BF16)],
        any::<u64>(),
    )
        .prop_map(|(chain, (m, n), (t0, t1), swap_outer, (s0, s1), len_cut, forall, elem, seed)| Config {
            chain,
            shape: [m, n],
            tiles: [t0, t1],
            swap_outer,
            tile_sizes: [s0, s1],
            len_cut,
            forall,
            elem,
            seed,
        })
}

const ANY: &str = "!transform.any_op";

impl Config {
    fn tensor(&self, shape: &[usize]) -> String {
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        format!("tensor<{dims}{}>", self.elem.mlir_name())
    }

    fn packed(&self) -> Vec<usize> {
        let mut outer = vec![self.shape[0].div_ceil(self.tiles[0]), self.shape[1].div_ceil(self.tiles[1])];
        if self.swap_outer {
            outer.swap(0, 1);
        }
        outer.extend(self.tiles);
        outer
    }

    fn pack_attrs(&self) -> String {
        let perm = if self.swap_outer { "outer_dims_perm = [1, 0] " } else { "" };
        format!("{perm}inner_dims_pos = [0, 1] inner_tiles = [{}, {}]", self.tiles[0], self.tiles[1])
    }

    /// matmul -> unpack: a [rows, tile] result unpacked into `len`.
    fn matmul_len(&self) -> usize {
        let t = self.tiles[1];
        (self.shape[0] * t).saturating_sub(self.len_cut.min(t - 1)).max(1)
    }

    /// The function's arguments and its body.
    fn function(&self) -> (Vec<Vec<usize>>, String) {
        let un = self.tensor(&self.shape);
        let pk = self.tensor(&self.packed());
        let row = self.tensor(&[self.shape[1]]);
        let elem = self.elem.mlir_name();
        let generic = |a: &str, out: &str| {
            format!(
                "%g = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}} ins({a}, %row : {un}, {row}) outs({out} : {un}) {{\n  ^bb0(%x: {elem}, %y: {elem}, %o: {elem}):\n    %m = arith.subf %x, %y : {elem}\n    linalg.yield %m : {elem}\n  }} -> {un}"
            )
        };
        let attrs = self.pack_attrs();
        match self.chain {
            Chain::GenericPack | Chain::GenericThenPackConsumer => (
                vec![self.shape.to_vec(), vec![self.shape[1]]],
                format!(
                    "func.func @f(%a: {un}, %row: {row}) -> {pk} {{\n  %ge = tensor.empty() : {un}\n  {}\n  \
                     %pad = arith.constant 0.0 : {elem}\n  %pe = tensor.empty() : {pk}\n  \
                     %r = linalg.pack %g padding_value(%pad : {elem}) {attrs} into %pe : {un} -> {pk}\n  return %r : {pk}\n}}",
                    generic("%a", "%ge")
                ),
            ),
            Chain::PackUnpack => (
                vec![self.shape.to_vec(), vec![1]],
                format!(
                    "func.func @f(%a: {un}, %unused: {}) -> {un} {{\n  %pad = arith.constant 0.0 : {elem}\n  \
                     %pe = tensor.empty() : {pk}\n  %p = linalg.pack %a padding_value(%pad : {elem}) {attrs} into %pe : {un} -> {pk}\n  \
                     %ue = tensor.empty() : {un}\n  %r = linalg.unpack %p {attrs} into %ue : {pk} -> {un}\n  return %r : {un}\n}}",
                    self.tensor(&[1])
                ),
            ),
            Chain::MatmulUnpack => {
                let [rows, k] = self.shape;
                let t = self.tiles[1];
                let (a, b, c) = (self.tensor(&[rows, k]), self.tensor(&[k, t]), self.tensor(&[rows, t]));
                let out = self.tensor(&[self.matmul_len()]);
                (
                    vec![vec![rows, k], vec![k, t]],
                    format!(
                        "func.func @f(%a: {a}, %b: {b}) -> {out} {{\n  %z = arith.constant 0.0 : {elem}\n  \
                         %ce = tensor.empty() : {c}\n  %c = linalg.fill ins(%z : {elem}) outs(%ce : {c}) -> {c}\n  \
                         %mm = linalg.matmul ins(%a, %b : {a}, {b}) outs(%c : {c}) -> {c}\n  \
                         %ue = tensor.empty() : {out}\n  %r = linalg.unpack %mm inner_dims_pos = [0] inner_tiles = [{t}] into %ue : {c} -> {out}\n  \
                         return %r : {out}\n}}"
                    ),
                )
            }
            Chain::UnpackGeneric => (
                vec![self.packed(), vec![self.shape[1]]],
                format!(
                    "func.func @f(%p: {pk}, %row: {row}) -> {un} {{\n  %ue = tensor.empty() : {un}\n  \
                     %u = linalg.unpack %p {attrs} into %ue : {pk} -> {un}\n  %ge = tensor.empty() : {un}\n  {}\n  return %g : {un}\n}}",
                    generic("%u", "%ge")
                ),
            ),
        }
    }

    /// The tile sizes the schedule uses (whole inner tiles for the pack
    /// consumer).
    fn sizes(&self) -> Vec<usize> {
        match self.chain {
            Chain::MatmulUnpack => vec![self.tile_sizes[0]],
            Chain::GenericThenPackConsumer => {
                vec![self.tile_sizes[0] * self.tiles[0], self.tile_sizes[1] * self.tiles[1]]
            }
            _ => self.tile_sizes.to_vec(),
        }
    }

    fn schedule(&self) -> String {
        let sizes = self.sizes();
        let list = sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
        let n = sizes.iter().filter(|s| **s != 0).count();
        let (root, consumer) = match self.chain {
            Chain::GenericPack => ("linalg.pack", None),
            Chain::PackUnpack | Chain::MatmulUnpack => ("linalg.unpack", None),
            Chain::UnpackGeneric => ("linalg.generic", None),
            Chain::GenericThenPackConsumer => ("linalg.generic", Some("linalg.pack")),
        };
        let mut body =
            format!("%root_op = transform.structured.match ops{{[\"{root}\"]}} in %root : ({ANY}) -> {ANY}\n    ");
        let loops = if self.forall { 1 } else { n };
        let tys = vec![ANY; loops + 1].join(", ");
        let names: Vec<String> = (0..loops).map(|k| format!("%l{k}")).collect();
        if let Some(c) = consumer {
            let tile = if self.forall { "tile_using_forall" } else { "tile_using_for" };
            body += &format!(
                "%t, {} = transform.structured.{tile} %root_op tile_sizes [{list}] : ({ANY}) -> ({tys})\n    ",
                names.join(", ")
            );
            let innermost_first: Vec<String> = names.iter().rev().cloned().collect();
            body += &format!(
                "%c = transform.structured.match ops{{[\"{c}\"]}} in %root : ({ANY}) -> {ANY}\n    \
                 %fc, %nl:{loops} = transform.test.fuse_consumer %c into ({}) : ({}) -> ({})\n    ",
                innermost_first.join(", "),
                vec![ANY; loops + 1].join(", "),
                vec![ANY; loops + 1].join(", ")
            );
        } else {
            let forall = if self.forall { " {use_forall}" } else { "" };
            body += &format!(
                "%t, {} = transform.structured.fuse %root_op tile_sizes [{list}]{forall} : ({ANY}) -> ({tys})\n    ",
                names.join(", ")
            );
        }
        format!(
            "module attributes {{transform.with_named_sequence}} {{\n  transform.named_sequence @__transform_main(%root: {ANY} {{transform.readonly}}) {{\n    {body}transform.yield\n  }}\n}}\n"
        )
    }

    fn data(&self, shape: &[usize], salt: u64) -> Tensor {
        let mut rng = Rng((self.seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
        let n: usize = shape.iter().product();
        let values: Vec<f64> = (0..n).map(|_| (rng.next_u64() % 2001) as f64 / 200.0 - 5.0).collect();
        Tensor::from_f64(shape.to_vec(), self.elem, &values)
    }
}

fn check(c: &Config) -> Result<(), TestCaseError> {
    if c.sizes().iter().all(|s| *s == 0) {
        return Ok(());
    }
    let (args, func) = c.function();
    let text = format!("{func}\n{}", c.schedule());
    let inputs: Vec<Tensor> = args.iter().enumerate().map(|(k, s)| c.data(s, k as u64 + 1)).collect();
    let unfused = common::run_f(&text, Some("builtin.module(canonicalize)"), &inputs)
        .map_err(|e| TestCaseError::fail(format!("unfused: {e}\n{text}")))?;
    let fused = common::run_f(&text, Some("builtin.module(transform-interpreter,canonicalize,cse)"), &inputs)
        .map_err(|e| TestCaseError::fail(format!("fused: {e}\n{text}")))?;
    prop_assert!(fused.same_bits(&unfused), "fused result differs\n{text}");
    Ok(())
}

#[test]
fn fused_chains_around_packs_compute_what_unfused_ones_do() {
    if let Err(e) = common::runner(1024, 0xc4a1).run(&config(), |c| check(&c)) {
        panic!("{e}");
    }
}
