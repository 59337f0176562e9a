// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.transfer_permutation_patterns as mlir-opt
// 22 applies them (the CHECK lines are its output): reads through a
// permutation or broadcast map become minor-identity reads (0-d when only
// broadcasts are left) followed by vector.broadcast / vector.transpose; a
// write through a permuted map transposes its vector, one that skips inner
// dims writes a vector with unit dims added (its mask gets them too). A
// map that is not a permutation of the minor dims, (d0, d1) -> (d0), stays.
// CHECK-LABEL: func.func @a(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : vector<8x16xf32> to vector<4x8x16xf32>
// CHECK-NEXT: %2 = vector.transpose %1, [0, 2, 1] : vector<4x8x16xf32> to vector<4x16x8xf32>
// CHECK-NEXT: %3 = vector.transfer_read %arg0[%c0, %c0], %cst, %arg1 {in_bounds = [true, true]} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK-NEXT: %4 = vector.transpose %3, [1, 0] : vector<8x16xf32> to vector<16x8xf32>
// CHECK-NEXT: %5 = vector.transfer_read %arg0[%c0, %arg2], %cst {in_bounds = [true, true]} : tensor<8x16xf32>, vector<4x16xf32>
// CHECK-NEXT: %6 = vector.broadcast %5 : vector<4x16xf32> to vector<8x4x16xf32>
// CHECK-NEXT: %7 = vector.transpose %6, [1, 0, 2] : vector<8x4x16xf32> to vector<4x8x16xf32>
// CHECK-NEXT: %8 = vector.transfer_read %arg0[%c0, %arg2], %cst {permutation_map = #{{.+}}} : tensor<8x16xf32>, vector<16xf32>
// CHECK-NEXT: %9 = vector.transfer_read %arg0[%c0, %arg2], %cst : tensor<8x16xf32>, vector<f32>
// CHECK-NEXT: %10 = vector.broadcast %9 : vector<f32> to vector<4x16xf32>
// CHECK-NEXT: return %2, %4, %7, %8, %10 : vector<4x16x8xf32>, vector<16x8xf32>, vector<4x8x16xf32>, vector<16xf32>, vector<4x16xf32>
// CHECK-LABEL: func.func @w(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.broadcast %arg1 : vector<16x8xf32> to vector<1x16x8xf32>
// CHECK-NEXT: %1 = vector.transpose %0, [2, 1, 0] : vector<1x16x8xf32> to vector<8x16x1xf32>
// CHECK-NEXT: %2 = vector.transfer_write %1, %arg0[%c0, %c0, %c0] {in_bounds = [true, true, true]} : vector<8x16x1xf32>, tensor<8x16x4xf32>
// CHECK-NEXT: %3 = vector.transpose %arg2, [1, 0] : vector<4x16xf32> to vector<16x4xf32>
// CHECK-NEXT: %4 = vector.transfer_write %3, %arg0[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<16x4xf32>, tensor<8x16x4xf32>
// CHECK-NEXT: %5 = vector.broadcast %arg1 : vector<16x8xf32> to vector<1x16x8xf32>
// CHECK-NEXT: %6 = vector.broadcast %arg3 : vector<8x16xi1> to vector<1x8x16xi1>
// CHECK-NEXT: %7 = vector.transpose %6, [1, 2, 0] : vector<1x8x16xi1> to vector<8x16x1xi1>
// CHECK-NEXT: %8 = vector.transpose %5, [2, 1, 0] : vector<1x16x8xf32> to vector<8x16x1xf32>
// CHECK-NEXT: %9 = vector.transfer_write %8, %arg0[%c0, %c0, %c0], %7 {in_bounds = [true, true, true]} : vector<8x16x1xf32>, tensor<8x16x4xf32>
// CHECK-NEXT: return %2, %4, %9 : tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>

func.func @a(%t: tensor<8x16xf32>, %m: vector<8x16xi1>, %n: index) -> (vector<4x16x8xf32>, vector<16x8xf32>, vector<4x8x16xf32>, vector<16xf32>, vector<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %t[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (0, d1, d0)>} : tensor<8x16xf32>, vector<4x16x8xf32>
  %1 = vector.transfer_read %t[%c0, %c0], %p, %m {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<8x16xf32>, vector<16x8xf32>
  %2 = vector.transfer_read %t[%c0, %n], %p {in_bounds = [true, false, true], permutation_map = affine_map<(d0, d1) -> (d0, 0, d1)>} : tensor<8x16xf32>, vector<4x8x16xf32>
  %3 = vector.transfer_read %t[%c0, %n], %p {permutation_map = affine_map<(d0, d1) -> (d0)>} : tensor<8x16xf32>, vector<16xf32>
  %4 = vector.transfer_read %t[%c0, %n], %p {permutation_map = affine_map<(d0, d1) -> (0, 0)>} : tensor<8x16xf32>, vector<4x16xf32>
  return %0, %1, %2, %3, %4 : vector<4x16x8xf32>, vector<16x8xf32>, vector<4x8x16xf32>, vector<16xf32>, vector<4x16xf32>
}
func.func @w(%t: tensor<8x16x4xf32>, %v: vector<16x8xf32>, %u: vector<4x16xf32>, %m: vector<8x16xi1>) -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_write %v, %t[%c0, %c0, %c0] {permutation_map = affine_map<(d0, d1, d2) -> (d1, d0)>} : vector<16x8xf32>, tensor<8x16x4xf32>
  %1 = vector.transfer_write %u, %t[%c0, %c0, %c0] {permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : vector<4x16xf32>, tensor<8x16x4xf32>
  %2 = vector.transfer_write %v, %t[%c0, %c0, %c0], %m {in_bounds = [true, false], permutation_map = affine_map<(d0, d1, d2) -> (d1, d0)>} : vector<16x8xf32>, tensor<8x16x4xf32>
  return %0, %1, %2 : tensor<8x16x4xf32>, tensor<8x16x4xf32>, tensor<8x16x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.transfer_permutation_patterns
    } : !transform.any_op
    transform.yield
  }
}
