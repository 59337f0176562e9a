//! Numerical proof of the tiling: for many pack/unpack configurations
//! (complete and incomplete tiles, permutations, padding, dynamic shapes,
//! untiled loops, for and forall), the tiled IR computes exactly the tensor
//! the untiled IR computes, in the execution engine. The engine checks
//! reads of `tensor.empty` elements nobody wrote, so a tile that reads a
//! temporary it did not fill fails.

use tessel_interp::{ElemType, Interpreter, RtValue, Tensor};
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PrintOptions};
use tessel_ir::verifier::verify;
use tessel_ir::Context;
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};

/// One test: IR text of `@f(%src) -> result`, the source shape, a pipeline.
struct Case {
    name: String,
    ir: String,
    src_shape: Vec<usize>,
}

/// (shape, inner_dims_pos, inner_tiles, outer_dims_perm)
type Config = (Vec<i64>, Vec<usize>, Vec<i64>, Vec<usize>);
/// Builds a case from a config's shape, inner dims, tiles, outer permutation
/// and whether shapes are dynamic ([`pack_case`], [`unpack_case`]).
type CaseFn = fn(&[i64], &[usize], &[i64], &[usize], bool) -> Case;

fn dims(shape: &[i64]) -> String {
    shape.iter().map(|d| if *d < 0 { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join("x")
}

fn ceil(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// An unpack case: dest shape `dest`, tiles on `pos`, optional outer perm.
fn unpack_case(dest: &[i64], pos: &[usize], tiles: &[i64], perm: &[usize], dynamic: bool) -> Case {
    let n = dest.len();
    let mut outer: Vec<i64> = dest.to_vec();
    for (p, t) in pos.iter().zip(tiles) {
        outer[*p] = ceil(dest[*p], *t);
    }
    let permuted: Vec<i64> = if perm.is_empty() { outer.clone() } else { perm.iter().map(|p| outer[*p]).collect() };
    let mut packed = permuted.clone();
    packed.extend(tiles);
    // Dynamic cases keep the inner tiles static (they are static tiles).
    let dyn_packed: Vec<i64> = (0..packed.len()).map(|i| if i < n { -1 } else { packed[i] }).collect();
    let src_ty = if dynamic { dims(&dyn_packed) } else { dims(&packed) };
    let dest_ty = if dynamic { dims(&vec![-1; n]) } else { dims(dest) };
    let perm_txt = if perm.is_empty() { String::new() } else { format!("outer_dims_perm = {perm:?} ") };
    let (empty, pre) = if dynamic {
        let mut pre = String::new();
        let mut names = Vec::new();
        for (i, d) in dest.iter().enumerate() {
            pre.push_str(&format!("  %n{i} = arith.constant {d} : index\n"));
            names.push(format!("%n{i}"));
        }
        (format!("tensor.empty({})", names.join(", ")), pre)
    } else {
        ("tensor.empty()".to_string(), String::new())
    };
    let ir = format!(
        "func.func @f(%src: tensor<{src_ty}xf32>) -> tensor<{dest_ty}xf32> {{\n{pre}  %init = {empty} : tensor<{dest_ty}xf32>\n  %0 = tensor.unpack %src {perm_txt}inner_dims_pos = {pos:?} inner_tiles = {tiles:?} into %init : tensor<{src_ty}xf32> -> tensor<{dest_ty}xf32>\n  return %0 : tensor<{dest_ty}xf32>\n}}\n"
    );
    Case {
        name: format!("unpack dest={dest:?} pos={pos:?} tiles={tiles:?} perm={perm:?} dynamic={dynamic}"),
        ir,
        src_shape: packed.iter().map(|d| *d as usize).collect(),
    }
}

/// A pack case (with a padding value when the tiles do not divide).
fn pack_case(src: &[i64], pos: &[usize], tiles: &[i64], perm: &[usize], dynamic: bool) -> Case {
    let mut outer: Vec<i64> = src.to_vec();
    let mut padded = false;
    for (p, t) in pos.iter().zip(tiles) {
        outer[*p] = ceil(src[*p], *t);
        padded |= src[*p] % t != 0;
    }
    let permuted: Vec<i64> = if perm.is_empty() { outer.clone() } else { perm.iter().map(|p| outer[*p]).collect() };
    let mut packed = permuted.clone();
    packed.extend(tiles);
    let n = src.len();
    let dyn_packed: Vec<i64> = (0..packed.len()).map(|i| if i < n { -1 } else { packed[i] }).collect();
    let src_ty = if dynamic { dims(&vec![-1; n]) } else { dims(src) };
    let dest_ty = if dynamic { dims(&dyn_packed) } else { dims(&packed) };
    let perm_txt = if perm.is_empty() { String::new() } else { format!("outer_dims_perm = {perm:?} ") };
    let pad_txt = if padded { "padding_value(%pad : f32) " } else { "" };
    let (empty, pre) = if dynamic {
        let mut pre = String::new();
        let mut names = Vec::new();
        for (i, d) in packed.iter().take(n).enumerate() {
            pre.push_str(&format!("  %n{i} = arith.constant {d} : index\n"));
            names.push(format!("%n{i}"));
        }
        (format!("tensor.empty({})", names.join(", ")), pre)
    } else {
        ("tensor.empty()".to_string(), String::new())
    };
    let ir = format!(
        "func.func @f(%src: tensor<{src_ty}xf32>) -> tensor<{dest_ty}xf32> {{\n{pre}  %pad = arith.constant -1.0 : f32\n  %init = {empty} : tensor<{dest_ty}xf32>\n  %0 = tensor.pack %src {pad_txt}{perm_txt}inner_dims_pos = {pos:?} inner_tiles = {tiles:?} into %init : tensor<{src_ty}xf32> -> tensor<{dest_ty}xf32>\n  return %0 : tensor<{dest_ty}xf32>\n}}\n"
    );
    Case {
        name: format!("pack src={src:?} pos={pos:?} tiles={tiles:?} perm={perm:?} dynamic={dynamic}"),
        ir,
        src_shape: src.iter().map(|d| *d as usize).collect(),
    }
}

fn run(text: &str, pipeline: Option<&str>, input: &Tensor) -> Result<(Tensor, String), String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, text, "case", BufferStart::default()).map_err(|d| d.message)?.module;
    verify(&ctx, module, Default::default()).map_err(|d| d[0].message.clone())?;
    if let Some(p) = pipeline {
        let registry = PassRegistry::default();
        let mut pl = parse_pipeline(p, &registry)?;
        let inst = Instrumentation { verify_each: true, ..Default::default() };
        run_pipeline(&mut ctx, module, &mut pl, &inst, &mut NoHooks).map_err(|d| d[0].message.clone())?;
    }
    let printed = print_op_top(&ctx, module, PrintOptions::default());
    // The printed form must read back (the check mlir-opt does in CI too).
    let mut ctx2 = Context::new();
    let reparsed = parse_module(&mut ctx2, &printed, "printed", BufferStart::default())
        .map_err(|d| format!("tiled output does not parse: {}\n{printed}", d.message))?
        .module;
    verify(&ctx2, reparsed, Default::default())
        .map_err(|d| format!("tiled output does not verify: {}", d[0].message))?;
    let mut interp = Interpreter::new(&ctx2, reparsed);
    // Reading an element of a tensor.empty nobody wrote is an error.
    interp.check_uninit = true;
    let out = interp.call("f", vec![RtValue::Tensor(input.clone())])?;
    match out.into_iter().next() {
        Some(RtValue::Tensor(t)) => Ok((t, printed)),
        other => Err(format!("unexpected result {other:?}")),
    }
}

fn input_for(shape: &[usize]) -> Tensor {
    let n: usize = shape.iter().product();
    let values: Vec<f64> = (0..n).map(|i| i as f64 + 1.0).collect();
    Tensor::from_f64(shape.to_vec(), ElemType::F32, &values)
}

fn check(case: &Case, tile_sizes: &[i64], loop_kind: &str, failures: &mut Vec<String>) -> bool {
    let input = input_for(&case.src_shape);
    let (expected, _) = match run(&case.ir, None, &input) {
        Ok(r) => r,
        Err(e) => {
            failures.push(format!("{}: untiled run failed: {e}", case.name));
            return false;
        }
    };
    let sizes = tile_sizes.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",");
    // Odd tile sizes also run canonicalize and cse, which must keep the values.
    let cleanup = if tile_sizes.iter().sum::<i64>() % 2 == 1 { ",canonicalize,cse" } else { "" };
    let pipeline =
        format!("builtin.module(func.func(tile-pack-unpack{{tile-sizes={sizes} loop={loop_kind}}}{cleanup}))");
    match run(&case.ir, Some(&pipeline), &input) {
        Ok((got, printed)) => {
            if !got.same_bits(&expected) {
                failures.push(format!(
                    "{} tiles {tile_sizes:?} {loop_kind}: results differ\nexpected {:?}\ngot      {:?}\n{printed}",
                    case.name,
                    expected.to_f64_vec(),
                    got.to_f64_vec()
                ));
                return false;
            }
            true
        }
        Err(e) => {
            failures.push(format!("{} tiles {tile_sizes:?} {loop_kind}: {e}", case.name));
            false
        }
    }
}

/// One numerics case: a pack or unpack under tile sizes and a loop kind.
struct Trial {
    case: Case,
    tile_sizes: Vec<i64>,
    loop_kind: &'static str,
}

impl Trial {
    fn new(case: Case, tile_sizes: &[i64], loop_kind: &'static str) -> Trial {
        Trial { case, tile_sizes: tile_sizes.to_vec(), loop_kind }
    }

    fn into_libtest(self) -> libtest_mimic::Trial {
        let name = format!("{} tiles={:?} {}", self.case.name, self.tile_sizes, self.loop_kind);
        libtest_mimic::Trial::test(name, move || {
            let mut failures = Vec::new();
            match check(&self.case, &self.tile_sizes, self.loop_kind, &mut failures) {
                true => Ok(()),
                false => Err(failures.join("\n\n").into()),
            }
        })
    }
}

/// The unpack matrix: 1-D (the IREE example and friends: divisible, not,
/// bigger than the dim), then 2-D and 3-D with permutations, subsets of
/// tiled dims, inner dims out of order and untiled loops.
fn unpack_trials() -> Vec<Trial> {
    let mut out = Vec::new();
    for (n, t) in [(32, 8), (33, 8), (7, 3), (16, 4), (13, 5)] {
        for ts in [1, 2, 3, 5, 8, 15, 16, 40] {
            for dynamic in [false, true] {
                for lk in ["for", "forall"] {
                    out.push(Trial::new(unpack_case(&[n], &[0], &[t], &[], dynamic), &[ts], lk));
                }
            }
        }
    }
    let configs: Vec<Config> = vec![
        (vec![13, 15], vec![0, 1], vec![8, 4], vec![1, 0]),
        (vec![13, 15], vec![1, 0], vec![4, 8], vec![]),
        (vec![16, 12], vec![1], vec![5], vec![]),
        (vec![9, 10], vec![0], vec![4], vec![1, 0]),
        (vec![6, 7, 5], vec![2, 0], vec![2, 3], vec![2, 0, 1]),
    ];
    let tile_sizes = [vec![5, 3], vec![0, 7], vec![4, 0], vec![3, 2, 2], vec![16, 16]];
    out.extend(config_trials(&configs, &tile_sizes, unpack_case));
    out
}

/// Each config under each tile-size list (cut to the config's rank): `for`
/// loops with static and dynamic shapes, `forall` with static ones.
fn config_trials(configs: &[Config], tile_sizes: &[Vec<i64>], case: CaseFn) -> Vec<Trial> {
    let mut out = Vec::new();
    for (shape, pos, tiles, perm) in configs {
        for ts in tile_sizes {
            let ts: Vec<i64> = ts.iter().copied().take(shape.len()).collect();
            for dynamic in [false, true] {
                out.push(Trial::new(case(shape, pos, tiles, perm, dynamic), &ts, "for"));
            }
            out.push(Trial::new(case(shape, pos, tiles, perm, false), &ts, "forall"));
        }
    }
    out
}

/// The pack matrix.
fn pack_trials() -> Vec<Trial> {
    let configs: Vec<Config> = vec![
        (vec![32], vec![0], vec![8], vec![]),
        (vec![13], vec![0], vec![4], vec![]),
        (vec![13, 15], vec![0, 1], vec![8, 4], vec![1, 0]),
        (vec![16, 12], vec![1, 0], vec![4, 8], vec![]),
        (vec![9, 10], vec![0], vec![4], vec![1, 0]),
        (vec![6, 7, 5], vec![2, 0], vec![2, 3], vec![2, 0, 1]),
    ];
    let tile_sizes = [vec![1, 1, 1], vec![2, 3, 1], vec![0, 2, 1], vec![3, 0, 2], vec![5, 5, 5]];
    config_trials(&configs, &tile_sizes, pack_case)
}

/// One trial per case: `cargo test --test tiling_numerics 'unpack dest=[33]'`
/// runs the matching ones.
fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let (unpack, pack) = (unpack_trials(), pack_trials());
    assert!(unpack.len() >= 100 && pack.len() >= 60, "the matrix shrank: {} unpack, {} pack", unpack.len(), pack.len());
    let trials = unpack.into_iter().chain(pack).map(Trial::into_libtest).collect();
    libtest_mimic::run(&args, trials).exit();
}
