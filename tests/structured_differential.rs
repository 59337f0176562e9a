//! Differential property test of the structured ops (elementwise named
//! ops, matmul, generics with transposed, broadcast and reduction maps and
//! `linalg.index`, transpose): random shapes and tile sizes (0, 1, 2, 3,
//! the extent and past it; scf.for, or scf.forall when no reduction loop
//! is tiled) are tiled with `transform.structured.tile_using_for/forall`,
//! canonicalized and cse'd, run by the engine on random f32, bf16 and i32
//! data, and compared bit for bit with the untiled op. On f32 and i32 the
//! untiled op is itself compared with a reference computed here.
//!
//! `cargo test` runs 1,536 configurations with a fixed seed;
//! `TESSEL_PROPTEST_CASES=N` runs N per test instead.

mod common;

use proptest::prelude::*;
use tessel_interp::{ElemType, Scalar, Tensor};
use tessel_testkit::Rng;

/// What the op computes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `linalg.<name>` on two inputs of the output's shape.
    Binary(&'static str),
    /// `linalg.exp` / `linalg.abs` / `linalg.negf` (floats only).
    Unary(&'static str),
    /// `linalg.matmul`, M x K times K x N.
    Matmul,
    /// `out[i, j] = a[j, i] * b[j] + i` (a transposed, b broadcast, an index).
    Generic,
    /// `out[j] += a[i, j]` over i (the reduction loop first).
    ColumnSum,
    /// `linalg.transpose` with permutation [1, 0].
    Transpose,
}

#[derive(Clone, Debug)]
struct Config {
    kind: Kind,
    /// Loop extents (rank 2 for the 2-d kinds, 3 for matmul; elementwise
    /// kinds use all of them).
    extents: Vec<usize>,
    /// Per loop: 0 untiled, else a tile size kind (see `tile_sizes`).
    tile_kinds: Vec<u8>,
    forall: bool,
    elem: ElemType,
    seed: u64,
}

fn kinds() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Binary("add")),
        Just(Kind::Binary("sub")),
        Just(Kind::Binary("mul")),
        Just(Kind::Binary("max")),
        Just(Kind::Binary("min")),
        Just(Kind::Unary("exp")),
        Just(Kind::Unary("abs")),
        Just(Kind::Unary("negf")),
        Just(Kind::Matmul),
        Just(Kind::Generic),
        Just(Kind::ColumnSum),
        Just(Kind::Transpose),
    ]
}

fn config() -> impl Strategy<Value = Config> {
    (
        kinds(),
        proptest::collection::vec(1usize..=7, 3),
        proptest::collection::vec(0u8..6, 3),
        any::<bool>(),
        prop_oneof![Just(ElemType::F32), Just(ElemType::BF16), Just(ElemType::I32)],
        any::<u64>(),
        1usize..=3,
    )
        .prop_map(|(kind, extents, tile_kinds, forall, elem, seed, rank)| {
            let rank = match kind {
                Kind::Matmul => 3,
                Kind::Binary(_) | Kind::Unary(_) => rank,
                _ => 2,
            };
            // Unary ops are float ops.
            let elem = if matches!(kind, Kind::Unary(_)) && elem == ElemType::I32 { ElemType::F32 } else { elem };
            Config {
                kind,
                extents: extents[..rank].to_vec(),
                tile_kinds: tile_kinds[..rank].to_vec(),
                forall,
                elem,
                seed,
            }
        })
}

fn dims(shape: &[usize]) -> String {
    shape.iter().map(|d| format!("{d}x")).collect()
}

impl Config {
    fn ty(&self) -> &'static str {
        self.elem.mlir_name()
    }

    fn is_float(&self) -> bool {
        self.elem != ElemType::I32
    }

    /// Which loops are reductions.
    fn reductions(&self) -> Vec<bool> {
        match self.kind {
            Kind::Matmul => vec![false, false, true],
            Kind::ColumnSum => vec![true, false],
            _ => vec![false; self.extents.len()],
        }
    }

    /// Tile sizes: 0, 1, 2, 3, the extent, past the extent. A forall
    /// leaves reduction loops untiled.
    fn tile_sizes(&self) -> Vec<usize> {
        let red = self.reductions();
        self.extents
            .iter()
            .zip(&self.tile_kinds)
            .zip(red)
            .map(|((&n, &k), r)| {
                if self.forall && r {
                    return 0;
                }
                match k {
                    0 => 0,
                    1 => 1,
                    2 => 2,
                    3 => 3,
                    4 => n,
                    _ => n + 2,
                }
            })
            .collect()
    }

    /// The operand shapes (inputs, then the output).
    fn shapes(&self) -> (Vec<Vec<usize>>, Vec<usize>) {
        let e = &self.extents;
        match self.kind {
            Kind::Binary(_) => (vec![e.clone(), e.clone()], e.clone()),
            Kind::Unary(_) => (vec![e.clone()], e.clone()),
            Kind::Matmul => (vec![vec![e[0], e[2]], vec![e[2], e[1]]], vec![e[0], e[1]]),
            Kind::Generic => (vec![vec![e[1], e[0]], vec![e[1]]], vec![e[0], e[1]]),
            Kind::ColumnSum => (vec![vec![e[0], e[1]]], vec![e[1]]),
            Kind::Transpose => (vec![vec![e[1], e[0]]], vec![e[0], e[1]]),
        }
    }

    fn ir(&self) -> String {
        let t = self.ty();
        let (ins, out) = self.shapes();
        let in_tys: Vec<String> = ins.iter().map(|s| format!("tensor<{}{t}>", dims(s))).collect();
        let out_ty = format!("tensor<{}{t}>", dims(&out));
        let params: Vec<String> = in_tys.iter().enumerate().map(|(k, ty)| format!("%in{k}: {ty}")).collect();
        let ins_list: Vec<String> = (0..ins.len()).map(|k| format!("%in{k}")).collect();
        let ins_txt = format!("ins({} : {})", ins_list.join(", "), in_tys.join(", "));
        let outs_txt = format!("outs(%init : {out_ty})");
        let (add, mul) = if self.is_float() { ("arith.addf", "arith.mulf") } else { ("arith.addi", "arith.muli") };
        let op = match self.kind {
            Kind::Binary(name) | Kind::Unary(name) => format!("linalg.{name} {ins_txt} {outs_txt} -> {out_ty}"),
            Kind::Matmul => format!("linalg.matmul {ins_txt} {outs_txt} -> {out_ty}"),
            Kind::Transpose => format!("linalg.transpose {ins_txt} {outs_txt} permutation = [1, 0]"),
            Kind::Generic => {
                let index = if self.is_float() {
                    format!("%ii = arith.index_cast %i : index to i32\n    %ix = arith.sitofp %ii : i32 to {t}")
                } else {
                    format!("%ix = arith.index_cast %i : index to {t}")
                };
                format!(
                    "linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>, \
                     affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} {ins_txt} {outs_txt} {{\n\
                     ^bb0(%x: {t}, %y: {t}, %o: {t}):\n    %i = linalg.index 0 : index\n    {index}\n    \
                     %p = {mul} %x, %y : {t}\n    %s = {add} %p, %ix : {t}\n    linalg.yield %s : {t}\n  }} -> {out_ty}"
                )
            }
            Kind::ColumnSum => format!(
                "linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], \
                 iterator_types = [\"reduction\", \"parallel\"]}} {ins_txt} {outs_txt} {{\n\
                 ^bb0(%x: {t}, %acc: {t}):\n    %s = {add} %acc, %x : {t}\n    linalg.yield %s : {t}\n  }} -> {out_ty}"
            ),
        };
        let name = match self.kind {
            Kind::Binary(n) | Kind::Unary(n) => format!("linalg.{n}"),
            Kind::Matmul => "linalg.matmul".into(),
            Kind::Transpose => "linalg.transpose".into(),
            Kind::Generic | Kind::ColumnSum => "linalg.generic".into(),
        };
        let sizes = self.tile_sizes();
        let sz: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        let tile = if sizes.iter().all(|s| *s == 0) {
            String::new()
        } else if self.forall {
            format!(
                "%t, %l = transform.structured.tile_using_forall %m tile_sizes [{}] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)",
                sz.join(", ")
            )
        } else {
            let loops = sizes.iter().filter(|s| **s != 0).count();
            let results = vec!["!transform.any_op"; loops + 1].join(", ");
            format!(
                "%t, %l:{loops} = transform.structured.tile_using_for %m tile_sizes [{}] : (!transform.any_op) -> ({results})",
                sz.join(", ")
            )
        };
        format!(
            "func.func @f({}, %init: {out_ty}) -> {out_ty} {{\n  %r = {op}\n  return %r : {out_ty}\n}}\n\
             module attributes {{transform.with_named_sequence}} {{\n  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{\n    \
             %m = transform.structured.match ops{{[\"{name}\"]}} in %root : (!transform.any_op) -> !transform.any_op\n    {tile}\n    transform.yield\n  }}\n}}\n",
            params.join(", ")
        )
    }

    /// Random data of `shape` (small integers for i32, so the reference
    /// needs no wrapping arithmetic).
    fn data(&self, shape: &[usize], salt: u64) -> Tensor {
        let mut rng = Rng((self.seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1);
        let n: usize = shape.iter().product();
        let values: Vec<f64> = (0..n)
            .map(|_| {
                let r = (rng.next_u64() % 2001) as f64 / 100.0 - 10.0;
                if self.is_float() {
                    r
                } else {
                    r.round()
                }
            })
            .collect();
        Tensor::from_f64(shape.to_vec(), self.elem, &values)
    }

    /// The expected output on f32 or i32, computed directly.
    fn reference(&self, ins: &[Tensor], init: &Tensor) -> Option<Tensor> {
        if self.elem == ElemType::BF16 {
            return None;
        }
        let f = |t: &Tensor| t.to_f64_vec();
        let (in_vals, mut out): (Vec<Vec<f64>>, Vec<f64>) = (ins.iter().map(f).collect(), f(init));
        let e = &self.extents;
        let float = self.is_float();
        // f32 arithmetic is done in f32, i32 arithmetic in i64 (no overflow
        // with the data above).
        let round = |x: f64| if float { x as f32 as f64 } else { x };
        match self.kind {
            Kind::Binary(name) => {
                for k in 0..out.len() {
                    let (a, b) = (in_vals[0][k], in_vals[1][k]);
                    out[k] = round(match name {
                        "add" => a + b,
                        "sub" => a - b,
                        "mul" => a * b,
                        "max" => a.max(b),
                        _ => a.min(b),
                    });
                }
            }
            Kind::Unary(name) => {
                for k in 0..out.len() {
                    let a = in_vals[0][k] as f32;
                    out[k] = match name {
                        "exp" => a.exp(),
                        "abs" => a.abs(),
                        _ => -a,
                    } as f64;
                }
            }
            Kind::Matmul => {
                for i in 0..e[0] {
                    for j in 0..e[1] {
                        let mut acc = out[i * e[1] + j];
                        for k in 0..e[2] {
                            acc = round(acc + round(in_vals[0][i * e[2] + k] * in_vals[1][k * e[1] + j]));
                        }
                        out[i * e[1] + j] = acc;
                    }
                }
            }
            Kind::Generic => {
                for i in 0..e[0] {
                    for j in 0..e[1] {
                        out[i * e[1] + j] = round(round(in_vals[0][j * e[0] + i] * in_vals[1][j]) + i as f64);
                    }
                }
            }
            Kind::ColumnSum => {
                for i in 0..e[0] {
                    for j in 0..e[1] {
                        out[j] = round(out[j] + in_vals[0][i * e[1] + j]);
                    }
                }
            }
            Kind::Transpose => {
                for i in 0..e[0] {
                    for j in 0..e[1] {
                        out[i * e[1] + j] = in_vals[0][j * e[0] + i];
                    }
                }
            }
        }
        Some(Tensor::from_f64(init.shape.clone(), self.elem, &out))
    }
}

fn check(c: &Config) -> Result<(), TestCaseError> {
    let text = c.ir();
    let (in_shapes, out_shape) = c.shapes();
    let mut args: Vec<Tensor> = in_shapes.iter().enumerate().map(|(k, s)| c.data(s, k as u64 + 1)).collect();
    let init = if matches!(c.kind, Kind::Matmul | Kind::ColumnSum) {
        c.data(&out_shape, 99)
    } else {
        Tensor::filled(out_shape.clone(), Scalar::from_f64(c.elem, 0.0))
    };
    let expected = c.reference(&args, &init);
    args.push(init);
    let untiled = common::run_f(&text, Some("builtin.module(canonicalize)"), &args)
        .map_err(|e| TestCaseError::fail(format!("untiled: {e}\n{text}")))?;
    if let Some(expected) = expected {
        prop_assert!(untiled.same_bits(&expected), "untiled result differs from the reference\n{text}");
    }
    let tiled = common::run_f(&text, Some("builtin.module(transform-interpreter,canonicalize,cse)"), &args)
        .map_err(|e| TestCaseError::fail(format!("tiled: {e}\n{text}")))?;
    prop_assert!(tiled.same_bits(&untiled), "tiled result differs\n{text}");
    Ok(())
}

#[test]
fn tiled_structured_ops_compute_what_the_untiled_ones_do() {
    if let Err(e) = common::runner(1536, 0x57c7).run(&config(), |c| check(&c)) {
        panic!("{e}");
    }
}
