// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_transfer as mlir-opt 22 applies it
// (the CHECK lines are its output): in-bounds transfers of a memref with a
// unit innermost stride and a minor identity map become vector.load /
// vector.store (maskedload / maskedstore when 1-D and masked); a
// broadcasting read loads the unbroadcast vector and broadcasts it;
// out-of-bounds, strided, masked n-D and too-high-rank transfers stay.

// CHECK-LABEL: func.func @lower_transfer(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.load %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.load %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<2x4xf32>
// CHECK-NEXT: %2 = vector.load %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<1x4xf32>
// CHECK-NEXT: %3 = vector.broadcast %2 : vector<1x4xf32> to vector<4x4xf32>
// CHECK-NEXT: %4 = vector.maskedload %arg0[%arg2, %arg2], %arg4, %cst : memref<8x16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: %5 = vector.transfer_read %arg1[%arg2, %arg2], %cst_0 {in_bounds = [true]} : memref<8x16xf32, strided<[32, 2]>>, vector<4xf32>
// CHECK-NEXT: %6 = vector.load %arg6[] : memref<f32>, vector<f32>
// CHECK-NEXT: %7 = vector.load %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<1xf32>
// CHECK-NEXT: vector.store %arg3, %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT: vector.maskedstore %arg0[%arg2, %arg2], %arg4, %arg3 : memref<8x16xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT: vector.store %arg5, %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %arg3, %arg0[%arg2, %arg2] : vector<4xf32>, memref<8x16xf32>
// CHECK-NEXT: vector.store %6, %arg6[] : memref<f32>, vector<f32>
// CHECK-NEXT: vector.store %arg7, %arg0[%arg2, %arg2] : memref<8x16xf32>, vector<1xf32>
// CHECK-NEXT: return %0, %1, %3, %4, %5, %6, %7 : vector<4xf32>, vector<2x4xf32>, vector<4x4xf32>, vector<4xf32>, vector<4xf32>, vector<f32>, vector<1xf32>
func.func @lower_transfer(%m: memref<8x16xf32>, %s: memref<8x16xf32, strided<[32, 2]>>, %i: index, %v: vector<4xf32>, %mk: vector<4xi1>, %w: vector<2x4xf32>, %z: memref<f32>, %v1: vector<1xf32>) -> (vector<4xf32>, vector<2x4xf32>, vector<4x4xf32>, vector<4xf32>, vector<4xf32>, vector<f32>, vector<1xf32>) {
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true]} : memref<8x16xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<8x16xf32>, vector<2x4xf32>
  %2 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<8x16xf32>, vector<4x4xf32>
  %3 = vector.transfer_read %m[%i, %i], %p, %mk {in_bounds = [true]} : memref<8x16xf32>, vector<4xf32>
  %4 = vector.transfer_read %s[%i, %i], %p {in_bounds = [true]} : memref<8x16xf32, strided<[32, 2]>>, vector<4xf32>
  %5 = vector.transfer_read %z[], %p : memref<f32>, vector<f32>
  %6 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true]} : memref<8x16xf32>, vector<1xf32>
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<8x16xf32>
  vector.transfer_write %v, %m[%i, %i], %mk {in_bounds = [true]} : vector<4xf32>, memref<8x16xf32>
  vector.transfer_write %w, %m[%i, %i] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x16xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<8x16xf32>
  vector.transfer_write %5, %z[] : vector<f32>, memref<f32>
  vector.transfer_write %v1, %m[%i, %i] {in_bounds = [true]} : vector<1xf32>, memref<8x16xf32>
  %7 = vector.transfer_read %m[%i, %i], %p : memref<8x16xf32>, vector<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : vector<4xf32>, vector<2x4xf32>, vector<4x4xf32>, vector<4xf32>, vector<4xf32>, vector<f32>, vector<1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 2
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @rank_two_and_masks(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst, %arg3 {in_bounds = [true, true]} : memref<8x16xf32>, vector<2x4xf32>
// CHECK-NEXT: %1 = vector.load %arg0[%arg1, %arg1] : memref<8x16xf32>, vector<1x4xf32>
// CHECK-NEXT: %2 = vector.broadcast %1 : vector<1x4xf32> to vector<3x4xf32>
// CHECK-NEXT: vector.store %arg2, %arg0[%arg1, %arg1] : memref<8x16xf32>, vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %arg2, %arg0[%arg1, %arg1], %arg3 {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x16xf32>
// CHECK-NEXT: return %0, %2 : vector<2x4xf32>, vector<3x4xf32>
func.func @rank_two_and_masks(%m: memref<8x16xf32>, %i: index, %w: vector<2x4xf32>, %mk: vector<2x4xi1>) -> (vector<2x4xf32>, vector<3x4xf32>) {
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%i, %i], %p, %mk {in_bounds = [true, true]} : memref<8x16xf32>, vector<2x4xf32>
  %1 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<8x16xf32>, vector<3x4xf32>
  vector.transfer_write %w, %m[%i, %i] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x16xf32>
  vector.transfer_write %w, %m[%i, %i], %mk {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x16xf32>
  return %0, %1 : vector<2x4xf32>, vector<3x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 2
    } : !transform.any_op
    transform.yield
  }
}
