// RUN: tessel-opt %s -canonicalize --allow-unregistered-dialect | FileCheck %s

// scf.while and scf.for canonicalization as mlir-opt 22 does it (the CHECK
// lines are its output): the forwarded condition is true in the `after`
// block and a repeated (or inverted) comparison a constant; loop-invariant
// `before` arguments and forwarded outside values go; unused results and
// arguments go; duplicated forwarded values are forwarded once; forwarded
// `before` arguments are put back in their order; arguments with the same
// init and yielded value merge; an argument only ever fed one outside value
// (directly or through other such arguments) is that value; a loop whose
// body only yields outside values is those values.

// CHECK-LABEL: func.func @truth(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg1, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32

// CHECK-LABEL: func.func @cond_forwarded(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32

// CHECK-LABEL: func.func @invariant(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg1 : i32, i32

// CHECK-LABEL: func.func @dups_and_align(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %c0_i32, %arg3 = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %arg3 : i32
// CHECK-NEXT: %2 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#1, %0#0, %0#1 : i32, i32, i32

// CHECK-LABEL: func.func @unused(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32

// CHECK-LABEL: func.func @swap(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : i32, i32

// CHECK-LABEL: func.func @unfwd(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi ult, %1, %arg0 : i32
// CHECK-NEXT: scf.condition(%2) %arg1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32

// CHECK-LABEL: func.func @results(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0:3 = scf.while (%arg2 = %c0_i32) : (i32) -> (i32, i32, i32) {
// CHECK-NEXT: %1 = arith.cmpi ult, %arg2, %arg0 : i32
// CHECK-NEXT: %2 = arith.addi %arg2, %arg1 : i32
// CHECK-NEXT: %3 = arith.addi %arg2, %arg1 : i32
// CHECK-NEXT: scf.condition(%1) %arg2, %2, %3 : i32, i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#1, %0#2 : i32, i32

// CHECK-LABEL: func.func @for_swap(
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: "test.use"(%c2_i32) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %c1_i32, %c1_i32 : i32, i32

// CHECK-LABEL: func.func @while_swap(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c1_i32, %c1_i32 : i32, i32

// CHECK-LABEL: func.func @for_dup(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %c0_i32) -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : i32, i32

// CHECK-LABEL: func.func @trivial_for(
// CHECK-NEXT: return %arg0, %arg1 : i32, i32


func.func @truth(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%a: i32):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %a, %c1 : i32
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @cond_forwarded(%n: i32, %b: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%i = %c0, %f = %b) : (i32, i1) -> (i32, i1) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %c : i32, i1
  } do {
  ^bb0(%a: i32, %cc: i1):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %a, %c1 : i32
    %s = arith.select %cc, %x, %a : i32
    %k = arith.cmpi slt, %a, %n : i32
    %k2 = arith.cmpi sge, %a, %n : i32
    %s2 = arith.select %k, %s, %x : i32
    %s3 = arith.select %k2, %s2, %x : i32
    scf.yield %s3, %cc : i32, i1
  }
  return %r#0 : i32
}
func.func @invariant(%n: i32, %inv: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:3 = scf.while (%i = %c0, %j = %inv, %k = %inv) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    %s = arith.addi %j, %k : i32
    scf.condition(%c) %i, %j, %inv : i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %d: i32):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %a, %d : i32
    scf.yield %x, %b, %inv : i32, i32, i32
  }
  return %r#0, %r#2 : i32, i32
}
func.func @dups_and_align(%n: i32, %m: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:3 = scf.while (%i = %c0, %j = %m) : (i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %j, %i, %j : i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %d: i32):
    %x = arith.addi %b, %a : i32
    %y = arith.addi %d, %a : i32
    scf.yield %x, %y : i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}
func.func @unused(%n: i32, %m: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%i = %c0, %u = %m) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    %v = arith.muli %i, %i : i32
    scf.condition(%c) %i, %v : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %a, %c1 : i32
    scf.yield %x, %x : i32, i32
  }
  return %r#0 : i32
}
func.func @swap(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%b0 = %c0, %b3 = %c0) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi ult, %b3, %n : i32
    scf.condition(%cond) %b3, %b0 : i32, i32
  } do {
  ^bb0(%a3: i32, %a1: i32):
    %next = arith.addi %a3, %c1 : i32
    scf.yield %next, %next : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @unfwd(%n: i32) -> (i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%b0 = %c0, %b3 = %c0) : (i32, i32) -> (i32) {
    %s = arith.addi %b0, %b3 : i32
    %cond = arith.cmpi ult, %s, %n : i32
    scf.condition(%cond) %b0 : i32
  } do {
  ^bb0(%a3: i32):
    %next = arith.addi %a3, %c1 : i32
    scf.yield %next, %next : i32, i32
  }
  return %r : i32
}
func.func @results(%n: i32, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.while (%b0 = %c0) : (i32) -> (i32, i32, i32) {
    %cond = arith.cmpi ult, %b0, %n : i32
    %y = arith.addi %b0, %x : i32
    %z = arith.addi %b0, %x : i32
    scf.condition(%cond) %b0, %y, %z : i32, i32, i32
  } do {
  ^bb0(%a3: i32, %a4: i32, %a5: i32):
    %next = arith.addi %a3, %c1 : i32
    scf.yield %next : i32
  }
  return %r#1, %r#2 : i32, i32
}
func.func @for_swap(%n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %o, %b = %o) -> (i32, i32) {
    %x = arith.addi %a, %b : i32
    "test.use"(%x) : (i32) -> ()
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @while_swap(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %o = arith.constant 1 : i32
  %r:3 = scf.while (%i = %c0, %a = %o, %b = %o) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %a, %b : i32, i32, i32
  } do {
  ^bb0(%i2: i32, %a2: i32, %b2: i32):
    %x = arith.addi %a2, %b2 : i32
    %i3 = arith.addi %i2, %x : i32
    scf.yield %i3, %b2, %a2 : i32, i32, i32
  }
  return %r#1, %r#2 : i32, i32
}
func.func @for_dup(%n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %o = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (i32, i32) {
    %x = arith.addi %a, %o : i32
    scf.yield %x, %x : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @trivial_for(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %y, %b = %y) -> (i32, i32) {
    scf.yield %x, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
