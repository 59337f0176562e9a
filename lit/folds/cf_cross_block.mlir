// RUN: tessel-opt %s -canonicalize --allow-unregistered-dialect | FileCheck %s

// cf canonicalization across blocks as mlir-opt 22 does it (the CHECK lines
// are its output): a cf.cond_br in a block reached only from a cf.cond_br
// on the same condition goes the way that one went; in a successor reached
// only from a cf.cond_br the condition is true (false); a cf.switch in a
// block reached only from a case of a switch on the same flag goes to that
// value's destination, and in one reached as the default the cases the
// first switch took elsewhere go.

// CHECK-LABEL: func.func @same_condition(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: return %arg1 : i32

// CHECK-LABEL: func.func @truth(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: return %arg1 : i32

// CHECK-LABEL: func.func @switch_case(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 3: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: cf.br ^bb4(%arg2 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3(%arg1 : i32),
// CHECK-NEXT: 5: ^bb4(%arg1 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3(%0: i32):  // pred: ^bb2
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb4(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %1 : i32


func.func @same_condition(%p: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %p, ^t, ^f
^t:
  "test.side"() : () -> ()
  cf.cond_br %p, ^x(%a : i32), ^y(%b : i32)
^f:
  "test.side"() : () -> ()
  cf.cond_br %p, ^x(%b : i32), ^y(%a : i32)
^x(%v: i32):
  return %v : i32
^y(%w: i32):
  return %w : i32
}

func.func @truth(%p: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %p, ^t, ^f
^t:
  %s = arith.select %p, %a, %b : i32
  "test.use"(%p) : (i1) -> ()
  return %s : i32
^f:
  %r = arith.select %p, %b, %a : i32
  "test.use"(%p) : (i1) -> ()
  return %r : i32
}

func.func @switch_case(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^d,
    3: ^c3
  ]
^c3:
  "test.side"() : () -> ()
  cf.switch %f : i32, [
    default: ^x(%a : i32),
    3: ^y(%b : i32),
    4: ^x(%b : i32)
  ]
^d:
  "test.side"() : () -> ()
  cf.switch %f : i32, [
    default: ^x(%a : i32),
    3: ^y(%b : i32),
    5: ^y(%a : i32)
  ]
^x(%v: i32):
  return %v : i32
^y(%w: i32):
  return %w : i32
}
