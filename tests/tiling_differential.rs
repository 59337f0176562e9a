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

use common::pack_config::{config, Config};
use proptest::prelude::*;
use tessel_interp::Tensor;

fn check(c: &Config) -> Result<(), TestCaseError> {
    let text = c.ir();
    let (src_shape, dest_shape) = c.src_dest_shapes();
    let src = c.data(&src_shape);
    let dest = Tensor::zeros(dest_shape, c.elem);
    let untiled = common::run_f(&text, None, &[src.clone(), dest.clone()])
        .map_err(|e| TestCaseError::fail(format!("untiled: {e}\n{text}")))?;
    prop_assert!(untiled.same_bits(&c.reference(&src)), "untiled result differs from the reference\n{text}");
    let pipeline = c.tiling_pipeline();
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
