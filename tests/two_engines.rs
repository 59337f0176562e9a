//! Two engines, identical bytes: random pack and unpack configurations
//! (those of `tiling_differential`), untiled and tiled by tessel, run by
//! tessel's interpreter and by MLIR 22 (lowered and compiled in-process
//! by its ExecutionEngine, `--run-engine=mlir`) on random f32, bf16 and i8
//! bits, NaN payloads included. All four results must be the same bytes.
//!
//! Needs the `mlir` feature (`cargo test --features mlir --test
//! two_engines`). `TESSEL_PROPTEST_CASES=N` / `TESSEL_PROPTEST_SEED=S`
//! change the count (per test) and the seed.
#![cfg(feature = "mlir")]

mod common;

use common::pack_config::{config, Config};
use proptest::prelude::*;
use tessel_interp::{Interpreter, RtValue, Tensor};
use tessel_mlir::Mlir;

/// `@f` of `text` after `pipeline`, run by both engines on `args`: the
/// interpreter's result and MLIR's.
fn both_engines(mlir: &Mlir, text: &str, pipeline: Option<&str>, args: &[Tensor]) -> Result<(Tensor, Tensor), String> {
    let (mut ctx, module) = common::prepare(text, pipeline)?;
    let args: Vec<RtValue> = args.iter().cloned().map(RtValue::Tensor).collect();
    let interp = Interpreter::new(&ctx, module).call("f", args.clone())?;
    let jit = mlir.jit(&mut ctx, module, "f").map_err(|ds| format!("MLIR: {:?}", ds))?;
    let compiled = jit.call(&args)?;
    match (interp.as_slice(), compiled.as_slice()) {
        ([RtValue::Tensor(a)], [RtValue::Tensor(b)]) => Ok((a.clone(), b.clone())),
        other => Err(format!("unexpected results {other:?}")),
    }
}

fn check(mlir: &Mlir, c: &Config) -> Result<(), TestCaseError> {
    let text = c.ir();
    let (src_shape, dest_shape) = c.src_dest_shapes();
    let args = [c.data(&src_shape), Tensor::zeros(dest_shape, c.elem)];
    let expected = c.reference(&args[0]);
    let pipeline = c.tiling_pipeline();
    for p in [None, Some(pipeline.as_str())] {
        let (interp, compiled) =
            both_engines(mlir, &text, p, &args).map_err(|e| TestCaseError::fail(format!("{p:?}: {e}\n{text}")))?;
        prop_assert!(interp.same_bits(&expected), "the interpreter differs from the reference ({p:?})\n{text}");
        prop_assert!(
            compiled.same_bits(&expected),
            "MLIR's ExecutionEngine differs from the reference ({p:?})\n{text}"
        );
    }
    Ok(())
}

fn run_property(pack: bool) {
    let mlir = Mlir::new();
    if let Err(e) = common::runner(150, 0x2e9e).run(&config(pack), |c| check(&mlir, &c)) {
        panic!("{e}");
    }
}

#[test]
fn pack_on_both_engines() {
    run_property(true);
}

#[test]
fn unpack_on_both_engines() {
    run_property(false);
}
