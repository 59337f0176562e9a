// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --run=run --input=iota | FileCheck %s --check-prefix=EXEC
// RUN: not tessel-opt %s --run=out_of_bounds --input=iota 2>&1 | FileCheck %s --check-prefix=FAULT

// tensor.gather / tensor.scatter and vector.gather / vector.scatter:
// printed as mlir-opt 22 prints them (the CHECK lines are its output) and
// run by the engine. A tensor gather takes, for each row of its indices,
// the slice of the source at those coordinates along gather_dims (the
// rank-reduced form drops the unit dims); a scatter writes such slices. A
// vector gather reads each unmasked lane at the offsets plus its index (the
// element offset MLIR's lowering adds to the base pointer); masked-off
// lanes take the pass-through.

// CHECK-LABEL: func.func @forms
// CHECK:      %gather = tensor.gather %arg0[%arg1] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
// CHECK-NEXT: %gather_0 = tensor.gather %arg0[%arg1] gather_dims([0]) unique : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x5xf32>
// CHECK-NEXT: %scatter = tensor.scatter %arg2 into %arg0[%arg1] scatter_dims([0]) unique : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
// CHECK:      %0 = vector.gather %arg3[%c0] [%arg5], %arg6, %arg7 : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: %1 = vector.gather %arg4[%c0] [%arg5], %arg6, %arg7 : tensor<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.scatter %arg3[%c0] [%arg5], %arg6, %arg7 : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %2 = vector.scatter %arg4[%c0] [%arg5], %arg6, %arg7 : tensor<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
func.func @forms(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>, %s: tensor<3x1x5xf32>, %b: memref<16xf32>, %v: tensor<16xf32>, %idx: vector<8xi32>, %m: vector<8xi1>, %p: vector<8xf32>) -> (tensor<3x1x5xf32>, tensor<3x5xf32>, tensor<4x5xf32>, vector<8xf32>, vector<8xf32>, tensor<16xf32>) {
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
  %1 = tensor.gather %t[%i] gather_dims([0]) unique : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x5xf32>
  %2 = tensor.scatter %s into %t[%i] scatter_dims([0]) unique : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  %c0 = arith.constant 0 : index
  %3 = vector.gather %b[%c0] [%idx], %m, %p : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %4 = vector.gather %v[%c0] [%idx], %m, %p : tensor<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %b[%c0] [%idx], %m, %p : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %5 = vector.scatter %v[%c0] [%idx], %m, %p : tensor<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x1x5xf32>, tensor<3x5xf32>, tensor<4x5xf32>, vector<8xf32>, vector<8xf32>, tensor<16xf32>
}

// EXEC: // result #0: tensor<2x1x4x1xf32>
// EXEC-NEXT: {{\[\[\[\[}}44.0],
// EXEC-NEXT: [49.0],
// EXEC-NEXT: [54.0],
// EXEC-NEXT: [59.0]]],
// EXEC: {{\[\[\[}}1.0],
// EXEC-NEXT: [6.0],
// EXEC-NEXT: [11.0],
// EXEC-NEXT: [16.0]]]]
// EXEC: // result #1: tensor<3x4x5xf32>
// EXEC: [-6.0, -7.0, -8.0, -9.0, -10.0]]
// EXEC: [-1.0, -2.0, -3.0, -4.0, -5.0],
// EXEC: // result #2: vector<6xf32>
// EXEC-NEXT: [5.0, 8.0, 9.0, 6.0, 12.0, 7.0]
func.func @run(%t: tensor<3x4x5xf32>) -> (tensor<2x1x4x1xf32>, tensor<3x4x5xf32>, vector<6xf32>) {
  %i = arith.constant dense<[[2, 4], [0, 1]]> : tensor<2x2xi32>
  %0 = tensor.gather %t[%i] gather_dims([0, 2]) : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<2x1x4x1xf32>
  %j = arith.constant dense<[[2, 1], [0, 3]]> : tensor<2x2xindex>
  %src = arith.constant dense<[[-1.0, -2.0, -3.0, -4.0, -5.0], [-6.0, -7.0, -8.0, -9.0, -10.0]]> : tensor<2x5xf32>
  %1 = tensor.scatter %src into %t[%j] scatter_dims([0, 1]) unique : (tensor<2x5xf32>, tensor<3x4x5xf32>, tensor<2x2xindex>) -> tensor<3x4x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %idx = arith.constant dense<[0, 3, 5, 1, 7, 2]> : vector<6xi32>
  %m = arith.constant dense<[true, true, false, true, true, true]> : vector<6xi1>
  %pass = arith.constant dense<9.0> : vector<6xf32>
  %2 = vector.gather %t[%c0, %c1, %c0] [%idx], %m, %pass : tensor<3x4x5xf32>, vector<6xi32>, vector<6xi1>, vector<6xf32> into vector<6xf32>
  return %0, %1, %2 : tensor<2x1x4x1xf32>, tensor<3x4x5xf32>, vector<6xf32>
}

// FAULT: error: index 3 out of bounds for dim 0 of size 3
func.func @out_of_bounds(%t: tensor<3x4x5xf32>) -> tensor<1x1x4x5xf32> {
  %i = arith.constant dense<[[3]]> : tensor<1x1xindex>
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<3x4x5xf32>, tensor<1x1xindex>) -> tensor<1x1x4x5xf32>
  return %0 : tensor<1x1x4x5xf32>
}
