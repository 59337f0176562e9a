// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_masks and .lower_masked_transfers as
// mlir-opt 22 applies them (the CHECK lines are its output): an n-D
// create_mask becomes a mask of one rank less selected per row; a
// constant_mask becomes inserts into a zero constant that fold into one
// constant (printed in hex above 100 elements, i1 one bit each); a
// vector.mask around a transfer becomes the transfer's mask operand.

// CHECK-LABEL: func.func @create_mask(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<2x2x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<false> : vector<2x4xi1>
// CHECK-NEXT: %cst_1 = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_2 = arith.constant dense<false> : vector<2x3xi1>
// CHECK-NEXT: %cst_3 = arith.constant dense<false> : vector<3xi1>
// CHECK-NEXT: %0 = vector.create_mask %arg1 : vector<3xi1>
// CHECK-NEXT: %1 = arith.cmpi sgt, %arg0, %c0 : index
// CHECK-NEXT: %2 = arith.select %1, %0, %cst_3 : vector<3xi1>
// CHECK-NEXT: %3 = vector.insert %2, %cst_2 [0] : vector<3xi1> into vector<2x3xi1>
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %c1 : index
// CHECK-NEXT: %5 = arith.select %4, %0, %cst_3 : vector<3xi1>
// CHECK-NEXT: %6 = vector.insert %5, %3 [1] : vector<3xi1> into vector<2x3xi1>
// CHECK-NEXT: %7 = vector.create_mask %arg2 : vector<4xi1>
// CHECK-NEXT: %8 = arith.cmpi sgt, %arg1, %c0 : index
// CHECK-NEXT: %9 = arith.select %8, %7, %cst_1 : vector<4xi1>
// CHECK-NEXT: %10 = vector.insert %9, %cst_0 [0] : vector<4xi1> into vector<2x4xi1>
// CHECK-NEXT: %11 = arith.cmpi sgt, %arg1, %c1 : index
// CHECK-NEXT: %12 = arith.select %11, %7, %cst_1 : vector<4xi1>
// CHECK-NEXT: %13 = vector.insert %12, %10 [1] : vector<4xi1> into vector<2x4xi1>
// CHECK-NEXT: %14 = arith.cmpi sgt, %arg0, %c0 : index
// CHECK-NEXT: %15 = arith.select %14, %13, %cst_0 : vector<2x4xi1>
// CHECK-NEXT: %16 = vector.insert %15, %cst [0] : vector<2x4xi1> into vector<2x2x4xi1>
// CHECK-NEXT: %17 = arith.cmpi sgt, %arg0, %c1 : index
// CHECK-NEXT: %18 = arith.select %17, %13, %cst_0 : vector<2x4xi1>
// CHECK-NEXT: %19 = vector.insert %18, %16 [1] : vector<2x4xi1> into vector<2x2x4xi1>
// CHECK-NEXT: return %6, %19 : vector<2x3xi1>, vector<2x2x4xi1>
func.func @create_mask(%a: index, %b: index, %c: index) -> (vector<2x3xi1>, vector<2x2x4xi1>) {
  %0 = vector.create_mask %a, %b : vector<2x3xi1>
  %1 = vector.create_mask %a, %b, %c : vector<2x2x4xi1>
  return %0, %1 : vector<2x3xi1>, vector<2x2x4xi1>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_masks
      transform.apply_patterns.vector.lower_masked_transfers
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @constant_mask(
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}true, true, true, false], [true, true, true, false], [false, false, false, false{{\]\]}}> : vector<3x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<[true, true, false, false]> : vector<4xi1>
// CHECK-NEXT: %cst_1 = arith.constant dense<true> : vector<i1>
// CHECK-NEXT: %cst_2 = arith.constant dense<true> : vector<3xi1>
// CHECK-NEXT: %cst_3 = arith.constant dense<false> : vector<2x3xi1>
// CHECK-NEXT: %cst_4 = arith.constant dense<"0xFF03FF03FF03FF030000000000000000"> : vector<8x16xi1>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4 : vector<3x4xi1>, vector<4xi1>, vector<i1>, vector<3xi1>, vector<2x3xi1>, vector<8x16xi1>
func.func @constant_mask() -> (vector<3x4xi1>, vector<4xi1>, vector<i1>, vector<3xi1>, vector<2x3xi1>, vector<8x16xi1>) {
  %0 = vector.constant_mask [2, 3] : vector<3x4xi1>
  %1 = vector.constant_mask [2] : vector<4xi1>
  %2 = vector.constant_mask [1] : vector<i1>
  %3 = vector.constant_mask [3] : vector<3xi1>
  %4 = vector.constant_mask [0, 0] : vector<2x3xi1>
  %5 = vector.constant_mask [4, 10] : vector<8x16xi1>
  return %0, %1, %2, %3, %4, %5 : vector<3x4xi1>, vector<4xi1>, vector<i1>, vector<3xi1>, vector<2x3xi1>, vector<8x16xi1>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_masks
      transform.apply_patterns.vector.lower_masked_transfers
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @masked_transfers(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg3, %arg3], %cst, %arg1 : tensor<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT: %1 = vector.transfer_write %arg2, %arg0[%arg3, %arg3], %arg1 {in_bounds = [true, false]} : vector<4x8xf32>, tensor<?x?xf32>
// CHECK-NEXT: return %0, %1 : vector<4x8xf32>, tensor<?x?xf32>
func.func @masked_transfers(%t: tensor<?x?xf32>, %m: vector<4x8xi1>, %v: vector<4x8xf32>, %i: index) -> (vector<4x8xf32>, tensor<?x?xf32>) {
  %p = arith.constant 0.0 : f32
  %r = vector.mask %m { vector.transfer_read %t[%i, %i], %p : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %w = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {in_bounds = [true, false]} : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
  return %r, %w : vector<4x8xf32>, tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_masks
      transform.apply_patterns.vector.lower_masked_transfers
    } : !transform.any_op
    transform.yield
  }
}
