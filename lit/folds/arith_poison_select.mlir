// RUN: tessel-opt %s -split-input-file --canonicalize | FileCheck %s

// Poison operands and select-of-equality folds, byte for byte with
// mlir-opt 22 (scripts/upstream_parity.py --canonicalize-files in CI).

// Integer and float ops and casts of a poison operand are poison, whatever
// the other operand is (22's constFold helpers); shifts and comparisons
// are not folded; x ^ x is still 0. select (a == b), a, b is b and
// select (a != b), a, b is a.
func.func @poison(%x: i32, %f: f32, %v: vector<4xi32>) -> (i32, i32, i32, i32, f32, i1, i64, f32, i32, i32, vector<4xi32>, i32, f32, i32, i32) {
  %p = ub.poison : i32
  %pf = ub.poison : f32
  %pv = ub.poison : vector<4xi32>
  %a = arith.addi %p, %x : i32
  %b = arith.muli %x, %p : i32
  %c = arith.subi %p, %x : i32
  %d = arith.divsi %x, %p : i32
  %e = arith.addf %f, %pf : f32
  %g = arith.cmpi slt, %x, %p : i32
  %h = arith.extsi %p : i32 to i64
  %i = arith.sitofp %p : i32 to f32
  %j = arith.shli %x, %p : i32
  %k = arith.andi %p, %x : i32
  %l = arith.addi %v, %pv : vector<4xi32>
  %m = arith.maxsi %p, %x : i32
  %n = arith.maximumf %pf, %f : f32
  %o = arith.remui %p, %x : i32
  %q = arith.xori %p, %p : i32
  return %a, %b, %c, %d, %e, %g, %h, %i, %j, %k, %l, %m, %n, %o, %q : i32, i32, i32, i32, f32, i1, i64, f32, i32, i32, vector<4xi32>, i32, f32, i32, i32
}

// CHECK-LABEL: func.func @poison(%arg0: i32, %arg1: f32, %arg2: vector<4xi32>) -> (i32, i32, i32, i32, f32, i1, i64, f32, i32, i32, vector<4xi32>, i32, f32, i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = ub.poison : vector<4xi32>
// CHECK-NEXT: %1 = ub.poison : i64
// CHECK-NEXT: %2 = ub.poison : i32
// CHECK-NEXT: %3 = ub.poison : f32
// CHECK-NEXT: %4 = arith.cmpi slt, %arg0, %2 : i32
// CHECK-NEXT: %5 = arith.shli %arg0, %2 : i32
// CHECK-NEXT: return %2, %2, %2, %2, %3, %4, %1, %3, %5, %2, %0, %2, %3, %2, %c0_i32 : i32, i32, i32, i32, f32, i1, i64, f32, i32, i32, vector<4xi32>, i32, f32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @select_of_equality(%x: i32, %y: i32) -> (i32, i32, i32) {
  %eq = arith.cmpi eq, %x, %y : i32
  %ne = arith.cmpi ne, %y, %x : i32
  %a = arith.select %eq, %x, %y : i32
  %b = arith.select %ne, %x, %y : i32
  %c = arith.select %eq, %y, %x : i32
  return %a, %b, %c : i32, i32, i32
}

// CHECK-LABEL: func.func @select_of_equality(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT: return %arg1, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
