// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.structured.vectorize of tensor.insert_slice as mlir-opt 22 does
// it where it is right (the CHECK lines are its output): the source read
// whole (padded with the destination's fill value, or zero), written into
// the destination at the slice's offsets. insert_slice_by_design.mlir has
// the cases where tessel differs.

// CHECK-LABEL: func.func @static_source(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0_0, %c0_0], %cst {in_bounds = [true, true]} : tensor<4x6xf32>, vector<4x6xf32>
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %1 = vector.transfer_write %0, %arg1[%c2, %arg2] {in_bounds = [true, true]} : vector<4x6xf32>, tensor<8x16xf32>
// CHECK-NEXT: return %1 : tensor<8x16xf32>
func.func @static_source(%s: tensor<4x6xf32>, %d: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[2, %i] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @rank_reducing_leading(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0_0], %cst {in_bounds = [true]} : tensor<6xf32>, vector<6xf32>
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %1 = vector.transfer_write %0, %arg1[%c2, %c3] {in_bounds = [true]} : vector<6xf32>, tensor<8x16xf32>
// CHECK-NEXT: return %1 : tensor<8x16xf32>
func.func @rank_reducing_leading(%s: tensor<6xf32>, %d: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[2, 3] [1, 6] [1, 1] : tensor<6xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @into_fill(
// CHECK-NEXT: %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT: %0 = tensor.empty() : tensor<8x16xi8>
// CHECK-NEXT: %1 = linalg.fill ins(%c3_i8 : i8) outs(%0 : tensor<8x16xi8>) -> tensor<8x16xi8>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0_0, %c0_0], %c3_i8 {in_bounds = [true, true]} : tensor<4x6xi8>, vector<4x6xi8>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %3 = vector.transfer_write %2, %1[%arg1, %c1] {in_bounds = [true, true]} : vector<4x6xi8>, tensor<8x16xi8>
// CHECK-NEXT: return %3 : tensor<8x16xi8>
func.func @into_fill(%s: tensor<4x6xi8>, %i: index) -> tensor<8x16xi8> {
  %c = arith.constant 3 : i8
  %e = tensor.empty() : tensor<8x16xi8>
  %d = linalg.fill ins(%c : i8) outs(%e : tensor<8x16xi8>) -> tensor<8x16xi8>
  %0 = tensor.insert_slice %s into %d[%i, 1] [4, 6] [1, 1] : tensor<4x6xi8> into tensor<8x16xi8>
  return %0 : tensor<8x16xi8>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f : !transform.any_op
    transform.yield
  }
}
