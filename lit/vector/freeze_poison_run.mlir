// COMPAT: tessel-only (--run)
// RUN: tessel-opt %s -split-input-file --run=f --input=random:5 --input=random:6 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule -freeze-poison --run=f --input=random:5 --input=random:6 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule -freeze-poison | FileCheck %s

// A transposing pack vectorized as mlir-opt 22 does (its read padded with
// ub.poison), its transpose and shape casts lowered (insert chains into
// ub.poison), then -freeze-poison: the same values, and no poison left for
// the LLVM conversion.
// CHECK-LABEL: func.func @f(
// CHECK-NOT: ub.poison
// CHECK: return
func.func @f(%a: tensor<8x6xf32>, %d: tensor<3x2x2x4xf32>) -> tensor<3x2x2x4xf32> {
  %p = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [2, 4] into %d : tensor<8x6xf32> -> tensor<3x2x2x4xf32>
  return %p : tensor<3x2x2x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %p : !transform.any_op
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = eltwise
      transform.apply_patterns.vector.lower_shape_cast
    } : !transform.any_op
    transform.yield
  }
}

// -----

// An unpack vectorized with vector sizes (a masked read padded with
// ub.poison), its masks and broadcasts lowered.
// CHECK-LABEL: func.func @f(
// CHECK-NOT: ub.poison
// CHECK: return
func.func @f(%a: tensor<2x3x4x2xf32>, %d: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %d : tensor<2x3x4x2xf32> -> tensor<7x5xf32>
  return %u : tensor<7x5xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %u = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %u vector_sizes [2, 3, 4, 2] : !transform.any_op
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_masked_transfers
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_1d
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.vector.lower_masks
    } : !transform.any_op
    transform.yield
  }
}
