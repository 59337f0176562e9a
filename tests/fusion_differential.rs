//! Differential property test of producer fusion
//! (`transform.structured.fuse_into_containing_op`): random chains are
//! tiled at the consumer, the producer is fused into the loops, and the
//! result is run by the engine and compared bit for bit with the unfused
//! program. Chains:
//! - unpack -> add (inner tiles 1-5 on any dims, outer permutations, dims
//!   that do and don't divide, tile sizes that cross rows or not);
//! - exp -> add (an elementwise producer);
//! - matmul -> add (a producer with a reduction loop, run whole per tile).
//!
//! `cargo test` runs 1,024 configurations with a fixed seed;
//! `TESSEL_PROPTEST_CASES=N` runs N instead.

mod common;

use proptest::prelude::*;
use tessel_interp::{ElemType, Tensor};
use tessel_testkit::Rng;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Producer {
    Unpack,
    Exp,
    Matmul,
}

#[derive(Clone, Debug)]
struct Config {
    producer: Producer,
    /// The consumer's 2-d shape.
    shape: [usize; 2],
    /// Unpack: inner tile per dim (0: not tiled), outer dims swapped.
    tiles: [usize; 2],
    swap_outer: bool,
    /// Matmul: the reduction extent.
    k: usize,
    tile_sizes: [usize; 2],
    forall: bool,
    elem: ElemType,
    seed: u64,
}

fn config() -> impl Strategy<Value = Config> {
    (
        prop_oneof![Just(Producer::Unpack), Just(Producer::Unpack), Just(Producer::Exp), Just(Producer::Matmul)],
        (1usize..=12, 1usize..=12),
        (0usize..=5, 0usize..=5),
        any::<bool>(),
        1usize..=5,
        (0usize..=7, 0usize..=7),
        any::<bool>(),
        prop_oneof![Just(ElemType::F32), Just(ElemType::BF16)],
        any::<u64>(),
    )
        .prop_map(|(producer, (m, n), (t0, t1), swap_outer, k, (s0, s1), forall, elem, seed)| Config {
            producer,
            shape: [m, n],
            tiles: [t0, t1],
            swap_outer,
            k,
            tile_sizes: [s0, s1],
            forall,
            elem,
            seed,
        })
}

fn ceil(a: usize, b: usize) -> usize {
    a.div_ceil(b)
}

impl Config {
    fn tensor(&self, shape: &[usize]) -> String {
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        format!("tensor<{dims}{}>", self.elem.mlir_name())
    }

    /// The producer's source operand shapes.
    fn sources(&self) -> Vec<Vec<usize>> {
        let [m, n] = self.shape;
        match self.producer {
            Producer::Unpack => {
                let mut outer = vec![self.outer(0), self.outer(1)];
                if self.swap_outer {
                    outer.swap(0, 1);
                }
                outer.extend(self.tiles.iter().filter(|t| **t != 0));
                vec![outer]
            }
            Producer::Exp => vec![vec![m, n]],
            Producer::Matmul => vec![vec![m, self.k], vec![self.k, n]],
        }
    }

    fn outer(&self, d: usize) -> usize {
        match self.tiles[d] {
            0 => self.shape[d],
            t => ceil(self.shape[d], t),
        }
    }

    fn ir(&self) -> String {
        let out = self.tensor(&self.shape);
        let srcs = self.sources();
        let src_tys: Vec<String> = srcs.iter().map(|s| self.tensor(s)).collect();
        let params: Vec<String> = src_tys.iter().enumerate().map(|(k, t)| format!("%s{k}: {t}")).collect();
        let (producer, name) = match self.producer {
            Producer::Unpack => {
                let pos: Vec<String> = (0..2).filter(|d| self.tiles[*d] != 0).map(|d| d.to_string()).collect();
                let tiles: Vec<String> = self.tiles.iter().filter(|t| **t != 0).map(|t| t.to_string()).collect();
                let perm = if self.swap_outer { "outer_dims_perm = [1, 0] " } else { "" };
                (
                    format!(
                        "linalg.unpack %s0 {perm}inner_dims_pos = [{}] inner_tiles = [{}] into %e : {} -> {out}",
                        pos.join(", "),
                        tiles.join(", "),
                        src_tys[0]
                    ),
                    "linalg.unpack",
                )
            }
            Producer::Exp => (format!("linalg.exp ins(%s0 : {}) outs(%e : {out}) -> {out}", src_tys[0]), "linalg.exp"),
            Producer::Matmul => (
                format!("linalg.matmul ins(%s0, %s1 : {}, {}) outs(%b : {out}) -> {out}", src_tys[0], src_tys[1]),
                "linalg.matmul",
            ),
        };
        let sz = format!("{}, {}", self.tile_sizes[0], self.tile_sizes[1]);
        let tile = if self.forall {
            format!("%t, %l = transform.structured.tile_using_forall %add tile_sizes [{sz}] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)")
        } else {
            let n = self.tile_sizes.iter().filter(|s| **s != 0).count();
            let tys = vec!["!transform.any_op"; n + 1].join(", ");
            format!("%t, %l:{n} = transform.structured.tile_using_for %add tile_sizes [{sz}] : (!transform.any_op) -> ({tys})")
        };
        let outer_loop = if self.forall { "%l" } else { "%l#0" };
        format!(
            "func.func @f({}, %b: {out}) -> {out} {{\n  %e = tensor.empty() : {out}\n  %p = {producer}\n  \
             %o = tensor.empty() : {out}\n  %r = linalg.add ins(%p, %b : {out}, {out}) outs(%o : {out}) -> {out}\n  \
             return %r : {out}\n}}\n\
             module attributes {{transform.with_named_sequence}} {{\n  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{\n    \
             %add = transform.structured.match ops{{[\"linalg.add\"]}} in %root : (!transform.any_op) -> !transform.any_op\n    \
             %prod = transform.structured.match ops{{[\"{name}\"]}} in %root : (!transform.any_op) -> !transform.any_op\n    {tile}\n    \
             %fused, %new = transform.structured.fuse_into_containing_op %prod into {outer_loop} : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)\n    \
             transform.yield\n  }}\n}}\n",
            params.join(", ")
        )
    }

    fn data(&self, shape: &[usize], salt: u64) -> Tensor {
        let mut rng = Rng((self.seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
        let n: usize = shape.iter().product();
        let values: Vec<f64> = (0..n).map(|_| (rng.next_u64() % 2001) as f64 / 200.0 - 5.0).collect();
        Tensor::from_f64(shape.to_vec(), self.elem, &values)
    }

    /// Whether the schedule fuses anything: with no loop, there is no slice
    /// to fuse into.
    fn has_loops(&self) -> bool {
        self.tile_sizes.iter().any(|s| *s != 0)
    }
}

fn check(c: &Config) -> Result<(), TestCaseError> {
    if !c.has_loops() {
        return Ok(());
    }
    let text = c.ir();
    let mut args: Vec<Tensor> = c.sources().iter().enumerate().map(|(k, s)| c.data(s, k as u64 + 1)).collect();
    args.push(c.data(&c.shape, 7));
    let unfused = common::run_f(&text, Some("builtin.module(canonicalize)"), &args)
        .map_err(|e| TestCaseError::fail(format!("unfused: {e}\n{text}")))?;
    let fused = common::run_f(&text, Some("builtin.module(transform-interpreter,canonicalize,cse)"), &args)
        .map_err(|e| TestCaseError::fail(format!("fused: {e}\n{text}")))?;
    prop_assert!(fused.same_bits(&unfused), "fused result differs\n{text}");
    Ok(())
}

#[test]
fn fused_chains_compute_what_unfused_ones_do() {
    if let Err(e) = common::runner(1024, 0xf05e).run(&config(), |c| check(&c)) {
        panic!("{e}");
    }
}
