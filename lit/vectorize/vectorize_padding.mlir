// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.structured.vectorize_children_and_apply_patterns {vectorize_padding}
// as mlir-opt 22 applies it (the CHECK lines are its output): the pad
// vectorization patterns rewrite a pad's transfer_read, insert_slice and
// trimmed transfer_write users; any other pad is decomposed into a fill (or
// a tensor.generate) and an insert_slice, which vectorize. The engine runs
// before and after in vectorize_padding_run.mlir.

// A pad used as is: a linalg.fill of a tensor.empty and the source inserted
// at the low padding, both vectorized.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : f32 to vector<8x8xf32>
// CHECK-NEXT: %2 = vector.transfer_write %1, %0[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: %3 = vector.transfer_read %arg0[%c0, %c0], %arg1 {in_bounds = [true, true]} : tensor<5x6xf32>, vector<5x6xf32>
// CHECK-NEXT: %4 = vector.transfer_write %3, %2[%c1, %c0] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<8x8xf32>
// CHECK-NEXT: return %4 : tensor<8x8xf32>
func.func @f(%a: tensor<5x6xf32>, %x: f32) -> tensor<8x8xf32> {
  %p = tensor.pad %a low[1, 0] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A read of a pad without low padding reads the source, out of bounds,
// padded with the pad's value.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %arg1 : tensor<5x6xf32>, vector<8x8xf32>
// CHECK-NEXT: return %0 : vector<8x8xf32>
func.func @f(%a: tensor<5x6xf32>, %x: f32) -> vector<8x8xf32> {
  %c0 = arith.constant 0 : index
  %q = arith.constant 1.0 : f32
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %r = vector.transfer_read %p[%c0, %c0], %q {in_bounds = [true, true]} : tensor<8x8xf32>, vector<8x8xf32>
  return %r : vector<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A pad inserted whole (into the innermost dims, unit strides) is a read
// of the source padded to the pad's shape, written at the insert's offsets.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst : tensor<5x6xf32>, vector<8x8xf32>
// CHECK-NEXT: %1 = vector.transfer_write %0, %arg1[%c1, %c1, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<2x9x9xf32>
// CHECK-NEXT: return %1 : tensor<2x9x9xf32>
func.func @f(%a: tensor<5x6xf32>, %d: tensor<2x9x9xf32>) -> tensor<2x9x9xf32> {
  %cst = arith.constant 2.5 : f32
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %r = tensor.insert_slice %p into %d[1, 1, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<2x9x9xf32>
  return %r : tensor<2x9x9xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A write into a pad trimmed back to the source's shape writes into the
// source, out of bounds.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_write %arg1, %arg0[%c0, %c0] : vector<8x8xf32>, tensor<5x6xf32>
// CHECK-NEXT: return %0 : tensor<5x6xf32>
func.func @f(%a: tensor<5x6xf32>, %v: vector<8x8xf32>) -> tensor<5x6xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %w = vector.transfer_write %v, %p[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<8x8xf32>
  %t = tensor.extract_slice %w[0, 0] [5, 6] [1, 1] : tensor<8x8xf32> to tensor<5x6xf32>
  return %t : tensor<5x6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Dynamic low padding: decomposed, the insert at the dynamic offset.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant dense<7> : vector<8x8xi32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = tensor.empty() : tensor<8x8xi32>
// CHECK-NEXT: %1 = vector.transfer_write %cst, %0[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xi32>, tensor<8x8xi32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %c7_i32 {in_bounds = [true, true]} : tensor<5x6xi32>, vector<5x6xi32>
// CHECK-NEXT: %3 = vector.transfer_write %2, %1[%arg1, %c1] {in_bounds = [true, true]} : vector<5x6xi32>, tensor<8x8xi32>
// CHECK-NEXT: return %3 : tensor<8x8xi32>
func.func @f(%a: tensor<5x6xi32>, %l: index) -> tensor<8x8xi32> {
  %c7 = arith.constant 7 : i32
  %p = tensor.pad %a low[%l, 1] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c7 : i32
  } : tensor<5x6xi32> to tensor<8x8xi32>
  return %p : tensor<8x8xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A constant in the pad's body is moved before it.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant dense<7> : vector<8x8xi32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = tensor.empty() : tensor<8x8xi32>
// CHECK-NEXT: %1 = vector.transfer_write %cst, %0[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xi32>, tensor<8x8xi32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %c7_i32 {in_bounds = [true, true]} : tensor<5x6xi32>, vector<5x6xi32>
// CHECK-NEXT: %3 = vector.transfer_write %2, %1[%c1, %c1] {in_bounds = [true, true]} : vector<5x6xi32>, tensor<8x8xi32>
// CHECK-NEXT: return %3 : tensor<8x8xi32>
func.func @f(%a: tensor<5x6xi32>) -> tensor<8x8xi32> {
  %p = tensor.pad %a low[1, 1] high[2, 1] {
  ^bb0(%i: index, %j: index):
    %c7 = arith.constant 7 : i32
    tensor.yield %c7 : i32
  } : tensor<5x6xi32> to tensor<8x8xi32>
  return %p : tensor<8x8xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A dynamic result: the empty tensor's size is the source's plus the
// padding.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x6xf32>
// CHECK-NEXT: %0 = arith.addi %dim, %arg1 : index
// CHECK-NEXT: %1 = tensor.empty(%0) : tensor<?x8xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %arg0, %c0 : tensor<?x6xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %2[0, 0] [%dim_0, 6] [1, 1] : tensor<?x6xf32> into tensor<?x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<?x8xf32>
func.func @f(%a: tensor<?x6xf32>, %h: index) -> tensor<?x8xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[%h, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x6xf32> to tensor<?x8xf32>
  return %p : tensor<?x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A padding value computed from the indices: a tensor.generate with the
// pad's body.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %generated = tensor.generate  {
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT: %2 = arith.index_cast %arg1 : index to i32
// CHECK-NEXT: %3 = arith.sitofp %2 : i32 to f32
// CHECK-NEXT: tensor.yield %3 : f32
// CHECK-NEXT: } : tensor<8x8xf32>
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<5x6xf32>, vector<5x6xf32>
// CHECK-NEXT: %1 = vector.transfer_write %0, %generated[%c1, %c0] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
func.func @f(%a: tensor<5x6xf32>) -> tensor<8x8xf32> {
  %p = tensor.pad %a low[1, 0] high[2, 2] {
  ^bb0(%i: index, %j: index):
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    tensor.yield %y : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

