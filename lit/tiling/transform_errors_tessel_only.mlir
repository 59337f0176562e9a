// RUN: tessel-opt %s -transform-interpreter -split-input-file -verify-diagnostics

// COMPAT: tessel-only
// Transform errors mlir-opt 22 does not report, in the form of the ones it
// does (at the transform op, a `target op` note at the payload):
// - an interchange that is not a permutation: mlir-opt exits with status 1
//   and prints nothing;
// - tile_using_forall with more tile sizes than loops: mlir-opt drops the
//   extra sizes without a word;
// - transform.structured.fuse with more tile sizes than loops: mlir-opt says
//   "attempting to assign a null payload op to this transform value".
// (Tiling a reduction loop with scf.forall is forall_reduction.mlir.)

func.func @interchange(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  // expected-note @+1 {{target op}}
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{interchange must be a permutation of 0..2}}
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 4] interchange = [0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @forall_too_many(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  // expected-note @+1 {{target op}}
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{too many tiles provided, expected at most 2 found 3}}
    %1, %2 = transform.structured.tile_using_forall %0 tile_sizes [2, 4, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @fuse_too_many(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  // expected-note @+1 {{target op}}
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{too many tiles provided, expected at most 2 found 3}}
    %1, %loops:3 = transform.structured.fuse %0 tile_sizes [2, 4, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// transform.loop.peel of a loop over i32 whose bounds are not constants:
// the split would be an affine.apply, which takes index only (mlir-opt 22
// builds it over i32 and fails verification).
func.func @peel_over_i32(%n: i32, %m: memref<100xf32>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  // expected-note @+1 {{tessel peels a loop whose bounds are not all constants only over index (the split is an affine.apply)}}
  scf.for %i = %c0 to %n step %c4 : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %m[%x] : memref<100xf32>
    memref.store %v, %m[%x] : memref<100xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    // expected-error @+1 {{failed to peel the last iteration}}
    %m, %r = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
