//! Helpers shared by the differential property tests: a seeded proptest
//! runner and "parse, run a pipeline, call @f" on the engine.

// Not every test uses the configurations.
#[allow(dead_code)]
pub mod pack_config;

use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};
use tessel_interp::{Interpreter, RtValue, Tensor};
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::verifier::verify;
use tessel_ir::{Context, OpId};
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};

/// A runner of `cases` cases seeded with `seed`, unless
/// `TESSEL_PROPTEST_CASES` / `TESSEL_PROPTEST_SEED` say otherwise.
pub fn runner(cases: u32, seed: u64) -> TestRunner {
    let cases = std::env::var("TESSEL_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(cases);
    let seed: u64 = std::env::var("TESSEL_PROPTEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(seed);
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let config = RunnerConfig { cases, failure_persistence: None, ..RunnerConfig::default() };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &key))
}

/// Parses `text`, verifies it and runs `pipeline` if given (verifying
/// after each pass); returns the context and the module.
pub fn prepare(text: &str, pipeline: Option<&str>) -> Result<(Context, OpId), String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, text, "case", BufferStart::default()).map_err(|d| d.message)?.module;
    verify(&ctx, module, Default::default()).map_err(|d| d[0].message.clone())?;
    if let Some(p) = pipeline {
        let mut pl = parse_pipeline(p, &PassRegistry::default())?;
        let inst = Instrumentation { verify_each: true, ..Default::default() };
        run_pipeline(&mut ctx, module, &mut pl, &inst, &mut NoHooks).map_err(|d| d[0].message.clone())?;
    }
    Ok((ctx, module))
}

/// [`prepare`]s `text` and calls `@f` with `args`, tracking reads of
/// unwritten `tensor.empty` elements; returns its last result.
#[allow(dead_code)] // not in the two-engine test
pub fn run_f(text: &str, pipeline: Option<&str>, args: &[Tensor]) -> Result<Tensor, String> {
    let (ctx, module) = prepare(text, pipeline)?;
    let mut engine = Interpreter::new(&ctx, module);
    engine.check_uninit = true;
    let args = args.iter().cloned().map(RtValue::Tensor).collect();
    match engine.call("f", args)?.pop() {
        Some(RtValue::Tensor(t)) => Ok(t),
        other => Err(format!("unexpected result {other:?}")),
    }
}
