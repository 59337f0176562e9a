//! `transform.structured.lower_pack` / `lower_unpack` proven by execution
//! on random configurations (rank 1-4, any inner dims in any order, outer
//! permutations, padding, unit outer dims; f32, bf16 and i8 bits), with the
//! pad/unpad shortcuts on and off: the lowered function must compute the
//! packed one's bits (an unpad-like unpack whose tile and unit dims
//! interleave included, where mlir-opt 22's shortcut reads the wrong dims),
//! on static and dynamic shapes.

mod common;

use common::pack_config::{config, Config};
use common::{run_f, runner};
use proptest::test_runner::TestCaseError;

fn schedule(pack: bool, shortcut: bool) -> String {
    let body = if pack {
        format!(
            "%p = transform.structured.match ops{{[\"tensor.pack\"]}} in %root : (!transform.any_op) -> !transform.op<\"tensor.pack\">\n    \
             %a, %b, %c = transform.structured.lower_pack %p {{lowerPadLikeWithInsertSlice = {shortcut}}} : (!transform.op<\"tensor.pack\">) -> (!transform.op<\"tensor.pad\">, !transform.op<\"tensor.expand_shape\">, !transform.op<\"linalg.transpose\">)"
        )
    } else {
        format!(
            "%u = transform.structured.match ops{{[\"tensor.unpack\"]}} in %root : (!transform.any_op) -> !transform.op<\"tensor.unpack\">\n    \
             %a, %b, %c, %d = transform.structured.lower_unpack %u {{lowerUnpadLikeWithExtractSlice = {shortcut}}} : (!transform.op<\"tensor.unpack\">) -> (!transform.op<\"tensor.empty\">, !transform.op<\"linalg.transpose\">, !transform.op<\"tensor.collapse_shape\">, !transform.op<\"tensor.extract_slice\">)"
        )
    };
    format!(
        "module attributes {{transform.with_named_sequence}} {{\n  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{\n    {body}\n    transform.yield\n  }}\n}}\n"
    )
}

fn check(c: &Config) -> Result<(), TestCaseError> {
    let text = c.ir();
    let (src_shape, dest_shape) =
        if c.pack { (c.shape.clone(), c.packed_shape()) } else { (c.packed_shape(), c.shape.clone()) };
    let src = c.data(&src_shape);
    let dest = c.data(&dest_shape);
    let want =
        run_f(&text, None, &[src.clone(), dest.clone()]).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    // The shortcut on or off by the seed, so both paths are exercised.
    let shortcut = c.seed.is_multiple_of(2);
    let lowered = format!("{text}{}", schedule(c.pack, shortcut));
    let got = run_f(&lowered, Some("builtin.module(transform-interpreter)"), &[src, dest])
        .map_err(|e| TestCaseError::fail(format!("{e}\n{lowered}")))?;
    if !want.same_bits(&got) {
        return Err(TestCaseError::fail(format!("the lowered op computes other bits\n{lowered}")));
    }
    Ok(())
}

#[test]
fn lowered_packs_compute_the_packs_bits() {
    let mut r = runner(300, 281);
    r.run(&config(true), |c| check(&Config { dynamic: false, ..c })).unwrap();
}

#[test]
fn lowered_unpacks_compute_the_unpacks_bits() {
    let mut r = runner(300, 282);
    r.run(&config(false), |c| check(&Config { dynamic: false, ..c })).unwrap();
}

/// Dynamic shapes: every unpacked dim and every outer dim of the packed
/// tensor is `?` (tiles static): pad amounts from tensor.dim, the expanded
/// outer extents divided at run time.
#[test]
fn lowered_dynamic_packs_and_unpacks_compute_the_same_bits() {
    for pack in [true, false] {
        let mut r = runner(200, 283 + pack as u64);
        r.run(&config(pack), |c| check(&Config { dynamic: true, ..c })).unwrap();
    }
}

/// Unpad-like unpacks and pad-like packs: every outer dim 1 (untiled dims
/// of size 1, tiled dims no longer than their tile), inner dims `[0, k)`:
/// the shortcut's cases, where tile dims and unit dims interleave.
fn unit_outer(pack: bool) -> impl proptest::strategy::Strategy<Value = Config> {
    use proptest::prelude::*;
    (2usize..=4)
        .prop_flat_map(move |r| {
            (
                Just(r),
                1..r,
                proptest::collection::vec(1usize..=6, r),
                proptest::collection::vec(0usize..=5, r),
                prop_oneof![
                    Just(tessel_interp::ElemType::F32),
                    Just(tessel_interp::ElemType::BF16),
                    Just(tessel_interp::ElemType::I8)
                ],
                any::<u64>(),
            )
        })
        .prop_map(move |(r, k, tiles, shrink, elem, seed)| {
            let shape: Vec<usize> =
                (0..r).map(|d| if d < k { tiles[d].saturating_sub(shrink[d]).max(1) } else { 1 }).collect();
            Config {
                pack,
                shape,
                pos: (0..k).collect(),
                tiles: tiles[..k].to_vec(),
                perm: None,
                extra_pad: false,
                tile_kinds: vec![0; r],
                forall: false,
                dynamic: false,
                elem,
                seed,
            }
        })
}

#[test]
fn lowered_pad_like_and_unpad_like_ops_compute_their_bits() {
    let mut r = runner(300, 283);
    r.run(&unit_outer(false), |c| check(&c)).unwrap();
    let mut r = runner(300, 284);
    r.run(&unit_outer(true), |c| check(&c)).unwrap();
}
