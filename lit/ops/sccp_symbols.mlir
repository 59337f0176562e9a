// RUN: tessel-opt %s -allow-unregistered-dialect -split-input-file --sccp | FileCheck %s
// RUN: tessel-opt %s -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(builtin.module(sccp))' | FileCheck %s --check-prefix=NESTED

// --sccp and symbol visibility, byte for byte with mlir-opt 22 (CI's
// upstream_parity runs both pipelines on this file).

// A function with `nested` visibility at the top is called only from inside:
// its argument is what its calls pass.
func.func nested @scale(%v : i64) -> i64 {
  %c3 = arith.constant 3 : i64
  %m = arith.muli %v, %c3 : i64
  return %m : i64
}
func.func @uses_scale() -> i64 {
  %c7 = arith.constant 7 : i64
  %r = func.call @scale(%c7) : (i64) -> i64
  return %r : i64
}

// CHECK-LABEL: func.func nested @scale(%arg0: i64) -> i64 {
// CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT: %c21_i64 = arith.constant 21 : i64
// CHECK-NEXT: %c3_i64 = arith.constant 3 : i64
// CHECK-NEXT: return %c21_i64 : i64
// CHECK-NEXT: }
// CHECK-LABEL: func.func @uses_scale() -> i64 {
// CHECK-NEXT: %c21_i64 = arith.constant 21 : i64
// CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT: %0 = call @scale(%c7_i64) : (i64) -> i64
// CHECK-NEXT: return %c21_i64 : i64
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A callee ending in a terminator that is not a return: its calls' results
// are unknown (so a product with zero still folds).
func.func private @opaque_exit(%v : i64) -> i64 {
  "exit.somewhere"(%v) : (i64) -> ()
}
func.func @calls_opaque() -> (i64, i64) {
  %c2 = arith.constant 2 : i64
  %z = arith.constant 0 : i64
  %r = func.call @opaque_exit(%c2) : (i64) -> i64
  %p = arith.muli %r, %z : i64
  return %r, %p : i64, i64
}

// CHECK-LABEL: func.func private @opaque_exit(%arg0: i64) -> i64 {
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: "exit.somewhere"(%c2_i64) : (i64) -> ()
// CHECK-NEXT: }
// CHECK-LABEL: func.func @calls_opaque() -> (i64, i64) {
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: %0 = call @opaque_exit(%c2_i64) : (i64) -> i64
// CHECK-NEXT: return %0, %c0_i64 : i64, i64
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A public module nested in the root: when sccp runs on it, its `nested`
// function may be called from outside, and its argument is unknown.
module @outer {
  module @inner attributes {sym_visibility = "public"} {
    func.func nested @twice(%v : i64) -> (i64, i64) {
      %c2 = arith.constant 2 : i64
      %m = arith.muli %v, %c2 : i64
      return %c2, %m : i64, i64
    }
    func.func @caller() -> (i64, i64) {
      %c5 = arith.constant 5 : i64
      %r:2 = func.call @twice(%c5) : (i64) -> (i64, i64)
      return %r#0, %r#1 : i64, i64
    }
  }
}

// CHECK-LABEL: module @outer {
// CHECK-LABEL: module @inner attributes {sym_visibility = "public"} {
// CHECK-LABEL: func.func nested @twice(%arg0: i64) -> (i64, i64) {
// CHECK-NEXT: %c5_i64 = arith.constant 5 : i64
// CHECK-NEXT: %c10_i64 = arith.constant 10 : i64
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: return %c2_i64, %c10_i64 : i64, i64
// CHECK-NEXT: }
// CHECK-LABEL: func.func @caller() -> (i64, i64) {
// CHECK-NEXT: %c10_i64 = arith.constant 10 : i64
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: %c5_i64 = arith.constant 5 : i64
// CHECK-NEXT: %0:2 = call @twice(%c5_i64) : (i64) -> (i64, i64)
// CHECK-NEXT: return %c2_i64, %c10_i64 : i64, i64
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

// NESTED-LABEL: module @outer {
// NESTED-NEXT: module @inner attributes {sym_visibility = "public"} {
// NESTED-NEXT: func.func nested @twice(%arg0: i64) -> (i64, i64) {
// NESTED-NEXT: %c2_i64 = arith.constant 2 : i64
// NESTED-NEXT: %0 = arith.muli %arg0, %c2_i64 : i64
// NESTED-NEXT: return %c2_i64, %0 : i64, i64
// NESTED-NEXT: }
// NESTED-NEXT: func.func @caller() -> (i64, i64) {
// NESTED-NEXT: %c2_i64 = arith.constant 2 : i64
// NESTED-NEXT: %c5_i64 = arith.constant 5 : i64
// NESTED-NEXT: %0:2 = call @twice(%c5_i64) : (i64) -> (i64, i64)
// NESTED-NEXT: return %c2_i64, %0#1 : i64, i64
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-NEXT: }
