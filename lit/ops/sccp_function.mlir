// RUN: tessel-opt %s --pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s

// sccp nested on func.func, byte for byte with mlir-opt 22 (scripts/upstream_parity.py
// --pass-file in CI).

// Run on each function: its arguments are unknown, a call's callee is
// outside what is analysed (its results are unknown), a private function
// is analysed on its own.
func.func private @callee(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  %r = arith.addi %a, %c : i32
  %s = arith.addi %c, %c : i32
  %m = arith.muli %s, %a : i32
  return %m : i32
}
func.func @branchy(%p: i1, %x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %y = func.call @callee(%c1) : (i32) -> i32
  cf.cond_br %p, ^bb1(%c1 : i32), ^bb2
^bb1(%a: i32):
  %z = arith.addi %a, %c2 : i32
  return %z : i32
^bb2:
  %w = arith.addi %c2, %c2 : i32
  return %w : i32
}

// CHECK-LABEL: func.func private @callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c5_i32 : i32
// CHECK-NEXT: %1 = arith.muli %c10_i32, %arg0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @branchy(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = call @callee(%c1_i32) : (i32) -> i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%c1_i32 : i32), ^bb2
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT: return %c3_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %c4_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
