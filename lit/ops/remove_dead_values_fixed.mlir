// COMPAT: tessel-only (mlir-opt 22 builds invalid IR or IR with a null operand here)
// RUN: tessel-opt %s -split-input-file -allow-unregistered-dialect --remove-dead-values | FileCheck %s

// --remove-dead-values where mlir-opt 22 goes wrong (docs/differences.md);
// mlir-opt 22 verifies what tessel prints here (scripts/rdv_parity.py checks
// the same on random programs, and runs them before and after).

// A public callee's argument it does not read: 22 erases the value passed
// and leaves the call a null operand; the value stays.
func.func @pub(%x: i32, %y: i32) -> i32 {
  return %x : i32
}
func.func @passes_dead(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  %r = call @pub(%a, %b) : (i32, i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @pub(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @passes_dead(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = call @pub(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Branches that pass a block argument values of different liveness: 22
// drops the argument for one and not the other (invalid IR); the dead
// argument goes from every edge, the live one stays.
func.func @edges(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %b: i32):
  cf.br ^bb2(%a : i32)
^bb2(%z: i32):
  return %y : i32
}

// CHECK-LABEL: func.func @edges(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg2 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A live argument one of whose edges comes from code control never reaches:
// the edge passes a poison instead of the value it computed there.
func.func @unreachable_edge(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %one = arith.constant 1 : i32
  %v = arith.minui %y, %x : i32
  cf.cond_br %t, ^bb1(%one : i32), ^bb2(%one : i32)
^bb1(%t1: i32):
  cf.br ^bb3(%t1, %y : i32, i32)
^bb2(%t2: i32):
  cf.br ^bb3(%v, %t2 : i32, i32)
^bb3(%m: i32, %n: i32):
  return %m : i32
}

// CHECK-LABEL: func.func @unreachable_edge(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.cond_br %true, ^bb1(%c1_i32 : i32), ^bb2(%c1_i32 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: %2 = ub.poison : i32
// CHECK-NEXT: cf.br ^bb3(%2 : i32)
// CHECK-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A private function an attribute names (here an unknown op's; a
// func.constant makes 22 crash): whoever holds the name may call it with
// every argument, so its signature stays (22 drops the argument).
func.func private @named(%x: i32, %y: i32) -> i32 {
  return %x : i32
}
func.func @named_elsewhere(%a: i32) -> i32 {
  "test.holds"() {f = @named} : () -> ()
  %r = call @named(%a, %a) : (i32, i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func private @named(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @named_elsewhere(%arg0: i32) -> i32 {
// CHECK-NEXT: "test.holds"() {f = @named} : () -> ()
// CHECK-NEXT: %0 = call @named(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
