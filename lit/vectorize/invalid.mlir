// RUN: tessel-opt %s -split-input-file -transform-interpreter -verify-diagnostics
// COMPAT: tessel-only

// Vector sizes that do not fit: MLIR 22 builds invalid IR or reads freed
// memory from them ("'vector.transpose' op transposition length
// mismatch", shapes of 562901622110272 elements); tessel reports them at
// the transform op.

func.func @pack_sizes_of_the_source_rank(%src: tensor<30x7xf32>, %dst: tensor<4x1x8x8xf32>) -> tensor<4x1x8x8xf32> {
  %cst = arith.constant 0.0 : f32
  // expected-note @+1 {{target op}}
  %p = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<30x7xf32> -> tensor<4x1x8x8xf32>
  return %p : tensor<4x1x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{expected 4 vector sizes for a linalg.pack into a rank-4 destination (the outer sizes, then the inner tiles), got 2}}
    transform.structured.vectorize %0 vector_sizes [4, 1] : !transform.any_op
    transform.yield
  }
}

// -----

func.func @pack_inner_sizes_not_the_tiles(%src: tensor<30x7xf32>, %dst: tensor<4x1x8x8xf32>) -> tensor<4x1x8x8xf32> {
  %cst = arith.constant 0.0 : f32
  // expected-note @+1 {{target op}}
  %p = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<30x7xf32> -> tensor<4x1x8x8xf32>
  return %p : tensor<4x1x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{the inner vector sizes [8, 4] must equal the pack's inner tiles [8, 8]}}
    transform.structured.vectorize %0 vector_sizes [4, 1, 8, 4] : !transform.any_op
    transform.yield
  }
}

// -----

func.func @unpack_sizes_too_small(%src: tensor<4x1x8x8xf32>, %dst: tensor<30x7xf32>) -> tensor<30x7xf32> {
  // expected-note @+1 {{target op}}
  %p = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<4x1x8x8xf32> -> tensor<30x7xf32>
  return %p : tensor<30x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{vector size 2 of dim 0 does not cover the source (size 4)}}
    transform.structured.vectorize %0 vector_sizes [2, 1, 8, 8] : !transform.any_op
    transform.yield
  }
}

// -----

// Dynamic shapes need vector sizes, as in MLIR 22.
func.func @dynamic_without_sizes(%src: tensor<?x8xf32>, %dst: tensor<?x1x8x8xf32>) -> tensor<?x1x8x8xf32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %p = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<?x8xf32> -> tensor<?x1x8x8xf32>
  return %p : tensor<?x1x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}


// -----

// A size handle must name one op with one index result that is a constant;
// a parameter must be one integer of a `!transform.param<T>` (as 22 says).
func.func @two_constants(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = linalg.copy ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %size = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires param or handle that is mapped to 1 payload op}}
    transform.structured.vectorize %0 vector_sizes [%size] : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_constant(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %0 = linalg.copy ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %size = transform.structured.match ops{["tensor.dim"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires param or handle to be the result of a constant like op}}
    transform.structured.vectorize %0 vector_sizes [%size] : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_an_index(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.copy ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %size = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{requires param or handle to be result of op with 1 index result}}
    transform.structured.vectorize %0 vector_sizes [%size] : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

func.func @param_type(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.copy ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected the type of the parameter attribute ('i32') to match the parameter type ('i64')}}
    %p = transform.param.constant 4 : i32 -> !transform.param<i64>
    transform.structured.vectorize %0 vector_sizes [%p] : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

func.func @any_param(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.copy ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 4 : i64 -> !transform.any_param
    // expected-error @below {{unexpected value handle}}
    transform.structured.vectorize %0 vector_sizes [%p] : !transform.any_op, !transform.any_param
    transform.yield
  }
}


// -----

// A dynamic low padding on a dim whose result is not 1: mlir-opt 22 takes it
// and drops the low padding (its masked read starts at the source's first
// element); tessel does not vectorize it.
func.func @dynamic_low_pad(%src: tensor<1x?xf32>, %low: index, %high: index) -> tensor<1x3xf32> {
  %cst = arith.constant 1.5 : f32
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = tensor.pad %src low[0, %low] high[0, %high] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<1x?xf32> to tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.pad"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [2, 4] : !transform.any_op
    transform.yield
  }
}
