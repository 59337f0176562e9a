// RUN: tessel-opt %s -split-input-file -lower-vector-mask | FileCheck %s

// -lower-vector-mask as mlir-opt 22 runs it (the CHECK lines are its
// output): a vector.mask around a transfer becomes the transfer's mask
// operand; one under an all-true mask is the op alone; a masked reduction
// stays (it lowers with the LLVM conversion).

// CHECK-LABEL: func.func @transfers(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg3, %arg3], %cst, %arg1 : tensor<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT: %1 = vector.transfer_write %arg2, %arg0[%arg3, %arg3], %arg1 {in_bounds = [true, false]} : vector<4x8xf32>, tensor<?x?xf32>
// CHECK-NEXT: return %0, %1 : vector<4x8xf32>, tensor<?x?xf32>
func.func @transfers(%t: tensor<?x?xf32>, %m: vector<4x8xi1>, %v: vector<4x8xf32>, %i: index) -> (vector<4x8xf32>, tensor<?x?xf32>) {
  %p = arith.constant 0.0 : f32
  %r = vector.mask %m { vector.transfer_read %t[%i, %i], %p : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %w = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {in_bounds = [true, false]} : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
  return %r, %w : vector<4x8xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @all_true_and_reduction(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg2], %cst : tensor<8xf32>, vector<8xf32>
// CHECK-NEXT: %1 = vector.mask %arg3 { vector.reduction <add>, %arg1 : vector<8xf32> into f32 } : vector<8xi1> -> f32
// CHECK-NEXT: return %0, %1 : vector<8xf32>, f32
func.func @all_true_and_reduction(%t: tensor<8xf32>, %v: vector<8xf32>, %i: index, %m: vector<8xi1>) -> (vector<8xf32>, f32) {
  %p = arith.constant 0.0 : f32
  %all = vector.constant_mask [8] : vector<8xi1>
  %r = vector.mask %all { vector.transfer_read %t[%i], %p : tensor<8xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %s = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %r, %s : vector<8xf32>, f32
}
