// RUN: tessel-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=random:2 > %t.before
// RUN: tessel-opt %s -split-input-file -canonicalize --run=f --input=random:1 --input=random:2 > %t.after
// RUN: diff %t.before %t.after

// arith.cmpi and arith.select on vectors fold as mlir-opt 22 folds them (the
// CHECK lines are its output), with the same values in the engine before
// and after.

// Two constant vectors compare lane by lane; a select of constant sides
// under a constant mask picks lane by lane.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[false, true, false, true]> : vector<4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<[false, false, true, true]> : vector<4xi1>
// CHECK-NEXT: %cst_1 = arith.constant dense<[1, -2, -3, 0]> : vector<4xi32>
// CHECK-NEXT: %0 = arith.select %cst_0, %cst_1, %arg0 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: return %cst, %0 : vector<4xi1>, vector<4xi32>
func.func @f(%x: vector<4xi32>, %unused: vector<4xi32>) -> (vector<4xi1>, vector<4xi32>) {
  %a = arith.constant dense<[1, -2, 3, 0]> : vector<4xi32>
  %b = arith.constant dense<[1, 2, -3, 7]> : vector<4xi32>
  %lt = arith.cmpi slt, %a, %b : vector<4xi32>
  %ult = arith.cmpi ult, %a, %b : vector<4xi32>
  %s = arith.select %lt, %a, %b : vector<4xi1>, vector<4xi32>
  %t = arith.select %ult, %s, %x : vector<4xi1>, vector<4xi32>
  return %lt, %t : vector<4xi1>, vector<4xi32>
}

// -----

// A constant on the left moves right (the predicate mirrored); equal
// operands give a splat; a splat condition picks a side.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
// CHECK-NEXT: %0 = arith.cmpi slt, %arg0, %cst_0 : vector<4xindex>
// CHECK-NEXT: return %0, %cst, %arg0 : vector<4xi1>, vector<4xi1>, vector<4xindex>
func.func @f(%x: vector<4xindex>, %y: vector<4xindex>) -> (vector<4xi1>, vector<4xi1>, vector<4xindex>) {
  %c = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
  %gt = arith.cmpi sgt, %c, %x : vector<4xindex>
  %eq = arith.cmpi sge, %x, %x : vector<4xindex>
  %s = arith.select %eq, %x, %y : vector<4xi1>, vector<4xindex>
  return %gt, %eq, %s : vector<4xi1>, vector<4xi1>, vector<4xindex>
}
