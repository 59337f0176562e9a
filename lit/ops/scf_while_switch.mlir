// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=collatz --input=27 | FileCheck %s --check-prefix=COLLATZ
// RUN: tessel-opt %s -canonicalize --run=collatz --input=27 | FileCheck %s --check-prefix=COLLATZ
// RUN: tessel-opt %s --run=pick --input=7 --input=0 | FileCheck %s --check-prefix=PICK7
// RUN: tessel-opt %s --run=pick --input=3 --input=0 | FileCheck %s --check-prefix=PICK3
// RUN: tessel-opt %s --run=effects --input=1 --input=0 | FileCheck %s --check-prefix=EFFECTS

// scf.while / scf.condition, scf.index_switch and scf.execute_region:
// printed as mlir-opt 22 prints them (the CHECK lines are its output; the generic form
// reads back to the same), canonicalized as it does (the CANON lines are its output: a
// single-block region inlined unless no_inline, a no_inline region's
// results forwarded when they are values from outside, ops with only pure
// ops inside erased when unused), and run by the engine.

func.func @collatz(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%x = %n, %steps = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %x, %c1 : i32
    scf.condition(%more) %x, %steps : i32, i32
  } do {
  ^bb0(%y: i32, %s: i32):
    %odd = arith.remsi %y, %c2 : i32
    %is_odd = arith.cmpi ne, %odd, %c0 : i32
    %next = scf.if %is_odd -> (i32) {
      %t = arith.muli %y, %c3 : i32
      %u = arith.addi %t, %c1 : i32
      scf.yield %u : i32
    } else {
      %h = arith.divsi %y, %c2 : i32
      scf.yield %h : i32
    }
    %s1 = arith.addi %s, %c1 : i32
    scf.yield %next, %s1 : i32, i32
  } attributes {tag = "collatz"}
  return %r#0, %r#1 : i32, i32
}
func.func @pick(%i: index, %t: tensor<4xf32>) -> (f32, tensor<4xf32>) {
  %v = scf.index_switch %i -> f32
  case 0 {
    %a = arith.constant 1.5 : f32
    scf.yield %a : f32
  }
  case 7 {
    %a = arith.constant -2.0 : f32
    scf.yield %a : f32
  }
  default {
    %a = arith.constant 0.0 : f32
    scf.yield %a : f32
  }
  %w = scf.execute_region -> tensor<4xf32> {
    %f = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  return %v, %w : f32, tensor<4xf32>
}
func.func @effects(%i: index, %m: memref<2xi32>) {
  %c5 = arith.constant 5 : i32
  scf.index_switch %i
  case 1 {
    memref.store %c5, %m[%i] : memref<2xi32>
    scf.yield
  }
  default {
  }
  scf.execute_region no_inline {
    memref.store %c5, %m[%i] : memref<2xi32>
    scf.yield
  }
  return
}
func.func @a(%x: i32) -> i32 {
  %s = scf.execute_region -> i32 no_inline {
    scf.yield %x : i32
  }
  return %s : i32
}
func.func @b(%x: i32) -> i32 {
  %s = scf.execute_region -> i32 no_inline {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %s : i32
}
func.func @c(%x: i32) {
  scf.execute_region no_inline {
    %y = arith.addi %x, %x : i32
    scf.yield
  }
  return
}
func.func @d(%x: i32) -> i32 {
  %s:2 = scf.execute_region -> (i32, i32) no_inline {
    %y = arith.addi %x, %x : i32
    scf.yield %x, %y : i32, i32
  }
  return %s#0 : i32
}

// CHECK: module {
// CHECK-NEXT: func.func @collatz(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0:2 = scf.while (%arg1 = %arg0, %arg2 = %c0_i32) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.cmpi ne, %arg1, %c1_i32 : i32
// CHECK-NEXT: scf.condition(%1) %arg1, %arg2 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT: %1 = arith.remsi %arg1, %c2_i32 : i32
// CHECK-NEXT: %2 = arith.cmpi ne, %1, %c0_i32 : i32
// CHECK-NEXT: %3 = scf.if %2 -> (i32) {
// CHECK-NEXT: %5 = arith.muli %arg1, %c3_i32 : i32
// CHECK-NEXT: %6 = arith.addi %5, %c1_i32 : i32
// CHECK-NEXT: scf.yield %6 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %5 = arith.divsi %arg1, %c2_i32 : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %3, %4 : i32, i32
// CHECK-NEXT: } attributes {tag = "collatz"}
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pick(%arg0: index, %arg1: tensor<4xf32>) -> (f32, tensor<4xf32>) {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> f32
// CHECK-NEXT: case 0 {
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: scf.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: case 7 {
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: scf.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.execute_region -> tensor<4xf32> {
// CHECK-NEXT: %2 = linalg.fill ins(%0 : f32) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: scf.yield %2 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1 : f32, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @effects(%arg0: index, %arg1: memref<2xi32>) {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: case 1 {
// CHECK-NEXT: memref.store %c5_i32, %arg1[%arg0] : memref<2xi32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: scf.execute_region no_inline {
// CHECK-NEXT: memref.store %c5_i32, %arg1[%arg0] : memref<2xi32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT: scf.yield %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @c(%arg0: i32) {
// CHECK-NEXT: scf.execute_region no_inline {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @d(%arg0: i32) -> i32 {
// CHECK-NEXT: %0:2 = scf.execute_region -> (i32, i32) no_inline {
// CHECK-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: scf.yield %arg0, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// CANON: module {
// CANON-NEXT: func.func @collatz(%arg0: i32) -> (i32, i32) {
// CANON-NEXT: %c0_i32 = arith.constant 0 : i32
// CANON-NEXT: %c1_i32 = arith.constant 1 : i32
// CANON-NEXT: %c2_i32 = arith.constant 2 : i32
// CANON-NEXT: %c3_i32 = arith.constant 3 : i32
// CANON-NEXT: %0:2 = scf.while (%arg1 = %arg0, %arg2 = %c0_i32) : (i32, i32) -> (i32, i32) {
// CANON-NEXT: %1 = arith.cmpi ne, %arg1, %c1_i32 : i32
// CANON-NEXT: scf.condition(%1) %arg1, %arg2 : i32, i32
// CANON-NEXT: } do {
// CANON-NEXT: ^bb0(%arg1: i32, %arg2: i32):
// CANON-NEXT: %1 = arith.remsi %arg1, %c2_i32 : i32
// CANON-NEXT: %2 = arith.cmpi ne, %1, %c0_i32 : i32
// CANON-NEXT: %3 = scf.if %2 -> (i32) {
// CANON-NEXT: %5 = arith.muli %arg1, %c3_i32 : i32
// CANON-NEXT: %6 = arith.addi %5, %c1_i32 : i32
// CANON-NEXT: scf.yield %6 : i32
// CANON-NEXT: } else {
// CANON-NEXT: %5 = arith.divsi %arg1, %c2_i32 : i32
// CANON-NEXT: scf.yield %5 : i32
// CANON-NEXT: }
// CANON-NEXT: %4 = arith.addi %arg2, %c1_i32 : i32
// CANON-NEXT: scf.yield %3, %4 : i32, i32
// CANON-NEXT: } attributes {tag = "collatz"}
// CANON-NEXT: return %0#0, %0#1 : i32, i32
// CANON-NEXT: }
// CANON-NEXT: func.func @pick(%arg0: index, %arg1: tensor<4xf32>) -> (f32, tensor<4xf32>) {
// CANON-NEXT: %cst = arith.constant -2.000000e+00 : f32
// CANON-NEXT: %cst_0 = arith.constant 1.500000e+00 : f32
// CANON-NEXT: %cst_1 = arith.constant 0.000000e+00 : f32
// CANON-NEXT: %0 = scf.index_switch %arg0 -> f32
// CANON-NEXT: case 0 {
// CANON-NEXT: scf.yield %cst_0 : f32
// CANON-NEXT: }
// CANON-NEXT: case 7 {
// CANON-NEXT: scf.yield %cst : f32
// CANON-NEXT: }
// CANON-NEXT: default {
// CANON-NEXT: scf.yield %cst_1 : f32
// CANON-NEXT: }
// CANON-NEXT: %1 = linalg.fill ins(%0 : f32) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
// CANON-NEXT: return %0, %1 : f32, tensor<4xf32>
// CANON-NEXT: }
// CANON-NEXT: func.func @effects(%arg0: index, %arg1: memref<2xi32>) {
// CANON-NEXT: %c5_i32 = arith.constant 5 : i32
// CANON-NEXT: scf.index_switch %arg0
// CANON-NEXT: case 1 {
// CANON-NEXT: memref.store %c5_i32, %arg1[%arg0] : memref<2xi32>
// CANON-NEXT: scf.yield
// CANON-NEXT: }
// CANON-NEXT: default {
// CANON-NEXT: }
// CANON-NEXT: scf.execute_region no_inline {
// CANON-NEXT: memref.store %c5_i32, %arg1[%arg0] : memref<2xi32>
// CANON-NEXT: scf.yield
// CANON-NEXT: }
// CANON-NEXT: return
// CANON-NEXT: }
// CANON-NEXT: func.func @a(%arg0: i32) -> i32 {
// CANON-NEXT: return %arg0 : i32
// CANON-NEXT: }
// CANON-NEXT: func.func @b(%arg0: i32) -> i32 {
// CANON-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CANON-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// CANON-NEXT: scf.yield %1 : i32
// CANON-NEXT: }
// CANON-NEXT: return %0 : i32
// CANON-NEXT: }
// CANON-NEXT: func.func @c(%arg0: i32) {
// CANON-NEXT: return
// CANON-NEXT: }
// CANON-NEXT: func.func @d(%arg0: i32) -> i32 {
// CANON-NEXT: return %arg0 : i32
// CANON-NEXT: }
// CANON-NEXT: }

// 27 reaches 1 after 111 steps.
// COLLATZ: // result #0: i32
// COLLATZ-NEXT: 1
// COLLATZ-NEXT: // result #1: i32
// COLLATZ-NEXT: 111

// PICK7: // result #0: f32
// PICK7-NEXT: -2.0
// PICK7-NEXT: // result #1: tensor<4xf32>
// PICK7-NEXT: [-2.0, -2.0, -2.0, -2.0]
// PICK3: // result #0: f32
// PICK3-NEXT: 0.0

// EFFECTS: // argument #1 after the call: memref<2xi32>
// EFFECTS-NEXT: [0, 5]
