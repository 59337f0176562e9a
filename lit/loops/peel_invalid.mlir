// RUN: tessel-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// transform.loop.peel's errors, as mlir-opt 22 reports them.

// A step that divides the trip leaves nothing to peel.
func.func @divisible(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%t = %a) -> (tensor<8xf32>) {
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    // expected-error @+1 {{failed to peel the last iteration}}
    %m, %r = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Bounds whose difference the step divides whatever they are: 4 * n.
func.func @divisible_dynamic(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %ub = affine.apply affine_map<(d0) -> (d0 * 4)>(%n)
  %r = scf.for %i = %c0 to %ub step %c4 iter_args(%t = %a) -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    // expected-error @+1 {{failed to peel the last iteration}}
    %m, %r = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A loop of one iteration has no first iteration to peel off.
func.func @one_iteration(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c0 to %c5 step %c8 iter_args(%t = %a) -> (tensor<8xf32>) {
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    // expected-error @+1 {{failed to peel the first iteration}}
    %m, %r = transform.loop.peel %l {peel_front = true} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The handle must be typed as holding scf.for ops.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{'transform.loop.peel' op operand #0 must be Transform IR handle to scf.for operations, but got '!transform.any_op'}}
    %m, %r = transform.loop.peel %l : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
