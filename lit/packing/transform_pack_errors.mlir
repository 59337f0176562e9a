// RUN: tessel-opt %s -transform-interpreter -split-input-file -verify-diagnostics

func.func @sizes(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires number of packed sizes match the number of loops (2 vs 3)}}
    %1 = transform.structured.pack %0 packed_sizes = [2, 3] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    transform.yield
  }
}

// -----

func.func @two_targets(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%0 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires target to map to exactly 1 LinalgOp (got 2)}}
    %1 = transform.structured.pack %0 packed_sizes = [2, 3, 4] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    transform.yield
  }
}

// -----

func.func @bad_perm(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.pack %0 packed_sizes = [2, 4, 0] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    %p = transform.get_producer_of_operand %1[0] : (!transform.op<"linalg.generic">) -> (!transform.op<"linalg.pack">)
    // expected-error @below {{invalid inner_perm}}
    %2, %3, %4 = transform.structured.pack_transpose %p with_compute_op(%1) inner_perm = [1, 0] : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">) -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @not_the_user(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  %e = tensor.empty() : tensor<2x12x4xf32>
  %p = linalg.pack %a inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<8x12xf32> -> tensor<2x12x4xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %p = transform.structured.match ops{["linalg.pack"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{not a single use by the LinalgOp target}}
    %2, %3, %4 = transform.structured.pack_transpose %p with_compute_op(%0) outer_perm = [1, 0] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
