//! canonicalize's folds of `dense` constants, proven by execution: a pack,
//! unpack or `linalg.transpose` whose source is an `arith.constant` with
//! distinct elements (rank 1-4, any inner dims, outer permutations,
//! padding; f32, bf16 and i8) becomes a constant (beyond mlir-opt 22,
//! which folds splats only), and the engine computes the same bits before
//! and after. Above `constant-fold-limit` nothing is folded.

mod common;

use common::pack_config::{config, Config};
use common::{prepare, runner};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use tessel_interp::{ElemType, Interpreter, RtValue, Tensor};
use tessel_ir::printer::{print_op_top, PrintOptions};

/// Element `k` of a source: distinct small integers, exact in bf16 and i8.
fn element(elem: ElemType, k: usize) -> String {
    let v = (k * 7 % 200) as i64 - 100;
    if elem.is_float() {
        format!("{v}.0")
    } else {
        v.to_string()
    }
}

/// `dense<[[...]]>` of `shape` with elements `0..n` in row-major order.
fn literal(shape: &[usize], elem: ElemType) -> String {
    fn rec(shape: &[usize], elem: ElemType, base: usize, out: &mut String) {
        let Some((&n, rest)) = shape.split_first() else {
            out.push_str(&element(elem, base));
            return;
        };
        let stride: usize = rest.iter().product();
        out.push('[');
        for i in 0..n {
            if i > 0 {
                out.push_str(", ");
            }
            rec(rest, elem, base + i * stride, out);
        }
        out.push(']');
    }
    let mut out = String::new();
    rec(shape, elem, 0, &mut out);
    out
}

fn ty(shape: &[usize], elem: ElemType) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("tensor<{}x{}>", dims.join("x"), elem.mlir_name())
}

/// `@f()`: the pack or unpack of `c` applied to a constant source.
fn pack_of_constant(c: &Config) -> String {
    let (src, dest) = if c.pack { (c.shape.clone(), c.packed_shape()) } else { (c.packed_shape(), c.shape.clone()) };
    let (src_ty, dest_ty) = (ty(&src, c.elem), ty(&dest, c.elem));
    let elem = c.elem.mlir_name();
    let pad = if c.pack && c.needs_pad() { format!("padding_value(%pad : {elem}) ") } else { String::new() };
    let perm = c.perm.as_ref().map_or(String::new(), |p| format!("outer_dims_perm = {p:?} "));
    let op = if c.pack { "tensor.pack" } else { "tensor.unpack" };
    format!(
        "func.func @f() -> {dest_ty} {{\n  %pad = arith.constant {} : {elem}\n  %src = arith.constant dense<{}> : {src_ty}\n  %dest = tensor.empty() : {dest_ty}\n  %0 = {op} %src {pad}{perm}inner_dims_pos = {:?} inner_tiles = {:?} into %dest : {src_ty} -> {dest_ty}\n  return %0 : {dest_ty}\n}}\n",
        c.pad_literal(),
        literal(&src, c.elem),
        c.pos,
        c.tiles
    )
}

fn run(text: &str, pipeline: Option<&str>) -> Result<(Tensor, String), String> {
    let (ctx, module) = prepare(text, pipeline)?;
    let mut engine = Interpreter::new(&ctx, module);
    let out = match engine.call("f", vec![]).map_err(|e| e.message)?.pop() {
        Some(RtValue::Tensor(t)) => t,
        other => return Err(format!("unexpected result {other:?}")),
    };
    Ok((out, print_op_top(&ctx, module, PrintOptions::default())))
}

/// Runs `text` as written and after `pipeline`: the same bits, and (when
/// `folds`) no op named `op` left, else the op still there.
fn check(text: &str, pipeline: &str, op: &str, folds: bool) -> Result<(), TestCaseError> {
    let fail = |m: String| TestCaseError::fail(format!("{m}\n{text}"));
    let (before, _) = run(text, None).map_err(fail)?;
    let (after, folded) = run(text, Some(pipeline)).map_err(fail)?;
    if !before.same_bits(&after) {
        return Err(fail(format!("canonicalize changed the result\n{folded}")));
    }
    if folds == folded.contains(op) {
        let what = if folds { "was not folded" } else { "was folded above the limit" };
        return Err(fail(format!("the {op} {what}\n{folded}")));
    }
    Ok(())
}

#[test]
fn packs_and_unpacks_of_constants_fold_to_the_rearranged_constant() {
    for pack in [true, false] {
        let mut r = runner(300, 31 + pack as u64);
        r.run(&config(pack), |c| {
            let c = Config { dynamic: false, ..c };
            let op = if c.pack { "tensor.pack" } else { "tensor.unpack" };
            check(&pack_of_constant(&c), "builtin.module(canonicalize)", op, true)
        })
        .unwrap();
    }
}

#[test]
fn nothing_folds_above_the_limit() {
    let mut r = runner(100, 33);
    r.run(&config(true), |c| {
        let c = Config { dynamic: false, ..c };
        let n: usize = c.packed_shape().iter().product();
        // A splat source (one element here) without padding value folds
        // whatever the limit; every other source has elements to compute.
        let splat = c.shape.iter().product::<usize>() == 1 && !c.needs_pad();
        let limit = n - 1;
        let pipeline = format!("builtin.module(canonicalize{{constant-fold-limit={limit}}})");
        check(&pack_of_constant(&c), &pipeline, "tensor.pack", splat)
    })
    .unwrap();
}

#[test]
fn transposes_of_constants_fold() {
    let shapes = (1usize..=4).prop_flat_map(|r| {
        let dims: Vec<usize> = (0..r).collect();
        (
            proptest::collection::vec(1usize..=6, r),
            Just(dims).prop_shuffle(),
            prop_oneof![Just(ElemType::F32), Just(ElemType::BF16), Just(ElemType::I8)],
        )
    });
    let mut r = runner(200, 34);
    r.run(&shapes, |(shape, perm, elem)| {
        let out: Vec<usize> = perm.iter().map(|p| shape[*p]).collect();
        let (in_ty, out_ty) = (ty(&shape, elem), ty(&out, elem));
        let text = format!(
            "func.func @f() -> {out_ty} {{\n  %src = arith.constant dense<{}> : {in_ty}\n  %e = tensor.empty() : {out_ty}\n  %t = linalg.transpose ins(%src : {in_ty}) outs(%e : {out_ty}) permutation = {perm:?}\n  return %t : {out_ty}\n}}\n",
            literal(&shape, elem)
        );
        check(&text, "builtin.module(canonicalize)", "linalg.transpose", true)
    })
    .unwrap();
}
