// RUN: tessel-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// Scalable vector sizes mlir-opt 22 refuses (its
// vectorizeScalableVectorPrecondition): one scalable dim must be the last
// non-unit parallel loop or the innermost reduction (not a matmul's), two
// the last two parallel loops (a matmul's m and n). The accepted cases are
// in scalable.mlir and linalg.mlir.

// A scalable reduction dim outside a parallel one.
func.func @outer_reduction(%in: tensor<?x?xi32>, %acc: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = linalg.reduce ins(%in : tensor<?x?xi32>) outs(%acc : tensor<?xi32>) dimensions = [0]
  (%a: i32, %b: i32) {
    %1 = arith.maxsi %a, %b : i32
    linalg.yield %1 : i32
  }
  return %0 : tensor<?xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.reduce"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[8], 2] : !transform.any_op
    transform.yield
  }
}
// -----

// Two scalable dims, one the reduction.
func.func @matvec_both(%a: tensor<?x?xf32>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = linalg.matvec ins(%a, %x : tensor<?x?xf32>, tensor<?xf32>) outs(%y : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matvec"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[4], [8]] : !transform.any_op
    transform.yield
  }
}
// -----

// A scalable parallel dim with a non-unit parallel dim inside it.
func.func @outer_parallel(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = linalg.exp ins(%a : tensor<?x?xf32>) outs(%b : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.exp"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[4], 8] : !transform.any_op
    transform.yield
  }
}
// -----

// A matmul's reduction dim.
func.func @matmul_k(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xbf16>, tensor<?x?xbf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [4, 8, [16]] : !transform.any_op
    transform.yield
  }
}
// -----

// Three scalable dims.
func.func @three(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  // expected-error @+1 {{Attempted to vectorize, but failed}}
  %0 = linalg.copy ins(%a : tensor<?x?x?xf32>) outs(%b : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[2], [4], [4]] : !transform.any_op
    transform.yield
  }
}