// RUN: tessel-opt %s -split-input-file --remove-dead-values | FileCheck %s
// RUN: tessel-opt %s -split-input-file --remove-dead-values=canonicalize=false | FileCheck %s --check-prefix=NOCANON

// --remove-dead-values, byte for byte with mlir-opt 22 (the CHECK lines are its
// output, with and without the canonicalization of region ops;
// scripts/upstream_parity.py --pass-file in CI, scripts/rdv_parity.py on random
// programs with execution before and after). lit/ops/remove_dead_values_fixed.mlir
// has the inputs 22 turns into invalid IR.

// A private function loses the argument nobody needs and the result no call
// uses (its return operand too, though the value is stored); the call loses
// the operand and the result; a pure op nobody needs goes.
func.func private @callee(%m: memref<i32>, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %c0, %c0 : i32
  memref.store %0, %m[] : memref<i32>
  return %c0, %0 : i32, i32
}
func.func @caller(%a: i32, %m: memref<i32>) -> i32 {
  %r:2 = call @callee(%m, %a) : (memref<i32>, i32) -> (i32, i32)
  %dead = arith.addi %a, %a : i32
  return %r#0 : i32
}

// CHECK-LABEL: func.func private @callee(%arg0: memref<i32>) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %c0_i32, %c0_i32 : i32
// CHECK-NEXT: memref.store %0, %arg0[] : memref<i32>
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @caller(%arg0: i32, %arg1: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = call @callee(%arg1) : (memref<i32>) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// NOCANON-LABEL: func.func private @callee(%arg0: memref<i32>) -> i32 {
// NOCANON-LABEL: func.func @caller(%arg0: i32, %arg1: memref<i32>) -> i32 {

// -----

// A loop-carried value nobody reads: its init and yield become ub.poison,
// and canonicalization drops the iteration argument (the poison inside stays,
// as 22's in-place rewrite leaves it).
func.func @loop(%lb: index, %ub: index, %s: index, %i0: i32, %f0: f32) -> f32 {
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %i0, %b = %f0) -> (i32, f32) {
    %n = arith.addi %a, %a : i32
    %m = arith.addf %b, %b : f32
    scf.yield %n, %m : i32, f32
  }
  return %r#1 : f32
}

// CHECK-LABEL: func.func @loop(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: f32) -> f32 {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg4) -> (f32) {
// CHECK-NEXT: %2 = arith.addf %arg6, %arg6 : f32
// CHECK-NEXT: %3 = ub.poison : i32
// CHECK-NEXT: scf.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOCANON-LABEL: func.func @loop(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: f32) -> f32 {
// NOCANON-NEXT: %0 = ub.poison : i32
// NOCANON-NEXT: %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %0, %arg7 = %arg4) -> (i32, f32) {
// NOCANON-NEXT: %2 = arith.addf %arg7, %arg7 : f32
// NOCANON-NEXT: %3 = ub.poison : i32
// NOCANON-NEXT: scf.yield %3, %2 : i32, f32
// NOCANON-NEXT: }
// NOCANON-NEXT: return %1#1 : f32
// NOCANON-NEXT: }
// NOCANON-NEXT: }

// -----

// An scf.if whose used result only forwards arguments becomes a select.
func.func @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#1 : i32
}

// CHECK-LABEL: func.func @branches(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOCANON-LABEL: func.func @branches(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// NOCANON-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// NOCANON-NEXT: %1 = ub.poison : i32
// NOCANON-NEXT: scf.yield %1, %arg1 : i32, i32
// NOCANON-NEXT: } else {
// NOCANON-NEXT: %1 = ub.poison : i32
// NOCANON-NEXT: scf.yield %1, %arg2 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: return %0#1 : i32
// NOCANON-NEXT: }
// NOCANON-NEXT: }

// -----

// scf.while, scf.index_switch and scf.execute_region lose their dead
// results, arguments and yields.
func.func @while_loop(%x: i32, %y: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %a1 = arith.addi %a, %a : i32
    %b1 = arith.muli %b, %b : i32
    scf.yield %a1, %b1 : i32, i32
  }
  return %r#0 : i32
}
func.func @switch(%i: index, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.index_switch %i -> i32, i32
  case 1 {
    scf.yield %x, %y : i32, i32
  }
  default {
    %z = arith.addi %x, %y : i32
    scf.yield %y, %z : i32, i32
  }
  return %r#0 : i32
}
func.func @region(%x: i32, %y: i32) -> i32 {
  %r:2 = scf.execute_region -> (i32, i32) {
    %z = arith.addi %x, %y : i32
    scf.yield %x, %z : i32, i32
  }
  return %r#0 : i32
}

// CHECK-LABEL: func.func @while_loop(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %2 = arith.cmpi slt, %arg3, %arg2 : i32
// CHECK-NEXT: %3 = ub.poison : i32
// CHECK-NEXT: scf.condition(%2) %arg3 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK-NEXT: %2 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: %3 = ub.poison : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @switch(%arg0: index, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %1 = ub.poison : i32
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %1 = ub.poison : i32
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @region(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOCANON-LABEL: func.func @while_loop(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// NOCANON-NEXT: %0 = ub.poison : i32
// NOCANON-NEXT: %1:2 = scf.while (%arg3 = %arg0, %arg4 = %0) : (i32, i32) -> (i32, i32) {
// NOCANON-NEXT: %2 = arith.cmpi slt, %arg3, %arg2 : i32
// NOCANON-NEXT: %3 = ub.poison : i32
// NOCANON-NEXT: scf.condition(%2) %arg3, %3 : i32, i32
// NOCANON-NEXT: } do {
// NOCANON-NEXT: ^bb0(%arg3: i32, %arg4: i32):
// NOCANON-NEXT: %2 = arith.addi %arg3, %arg3 : i32
// NOCANON-NEXT: %3 = ub.poison : i32
// NOCANON-NEXT: scf.yield %2, %3 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: return %1#0 : i32
// NOCANON-NEXT: }
// NOCANON-LABEL: func.func @switch(%arg0: index, %arg1: i32, %arg2: i32) -> i32 {
// NOCANON-NEXT: %0:2 = scf.index_switch %arg0 -> i32, i32
// NOCANON-NEXT: case 1 {
// NOCANON-NEXT: %1 = ub.poison : i32
// NOCANON-NEXT: scf.yield %arg1, %1 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: default {
// NOCANON-NEXT: %1 = ub.poison : i32
// NOCANON-NEXT: scf.yield %arg2, %1 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: return %0#0 : i32
// NOCANON-NEXT: }
// NOCANON-LABEL: func.func @region(%arg0: i32, %arg1: i32) -> i32 {
// NOCANON-NEXT: %0:2 = scf.execute_region -> (i32, i32) {
// NOCANON-NEXT: %1 = ub.poison : i32
// NOCANON-NEXT: scf.yield %arg0, %1 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: return %0#0 : i32
// NOCANON-NEXT: }
// NOCANON-NEXT: }

// -----

// Code control never reaches: an uncalled private function keeps only its
// return; what a constant-false scf.if would do goes, and so does the if.
func.func private @never_called(%m: memref<i32>, %x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  memref.store %y, %m[] : memref<i32>
  return %y : i32
}
func.func @dead_branch(%m: memref<i32>, %a: i32) {
  %c = arith.constant false
  scf.if %c {
    %y = arith.addi %a, %a : i32
    memref.store %y, %m[] : memref<i32>
  }
  memref.store %a, %m[] : memref<i32>
  return
}

// CHECK-LABEL: func.func private @never_called() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead_branch(%arg0: memref<i32>, %arg1: i32) {
// CHECK-NEXT: memref.store %arg1, %arg0[] : memref<i32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOCANON-LABEL: func.func private @never_called() {
// NOCANON-NEXT: return
// NOCANON-NEXT: }
// NOCANON-LABEL: func.func @dead_branch(%arg0: memref<i32>, %arg1: i32) {
// NOCANON-NEXT: %false = arith.constant false
// NOCANON-NEXT: scf.if %false {
// NOCANON-NEXT: }
// NOCANON-NEXT: memref.store %arg1, %arg0[] : memref<i32>
// NOCANON-NEXT: return
// NOCANON-NEXT: }
// NOCANON-NEXT: }

// -----

// A shared output of scf.forall nobody reads goes (canonicalization).
func.func @forall(%t: tensor<8xf32>, %u: tensor<8xf32>) -> tensor<8xf32> {
  %r:2 = scf.forall (%i) in (8) shared_outs(%o = %t, %p = %u) -> (tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.extract_slice %o[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %e into %p[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r#0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @forall(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (8) shared_outs(%arg3 = %arg0) -> (tensor<8xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [1] [1] : tensor<8xf32> to tensor<1xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg3[%arg2] [1] [1] : tensor<1xf32> into tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOCANON-LABEL: func.func @forall(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// NOCANON-NEXT: %0:2 = scf.forall (%arg2) in (8) shared_outs(%arg3 = %arg0, %arg4 = %arg1) -> (tensor<8xf32>, tensor<8xf32>) {
// NOCANON-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [1] [1] : tensor<8xf32> to tensor<1xf32>
// NOCANON-NEXT: scf.forall.in_parallel {
// NOCANON-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg3[%arg2] [1] [1] : tensor<1xf32> into tensor<8xf32>
// NOCANON-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg4[%arg2] [1] [1] : tensor<1xf32> into tensor<8xf32>
// NOCANON-NEXT: }
// NOCANON-NEXT: }
// NOCANON-NEXT: return %0#0 : tensor<8xf32>
// NOCANON-NEXT: }
// NOCANON-NEXT: }

// -----

// Block arguments nobody reads go with the branch operands for them.
func.func @blocks(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a, %x : i32, i32)
^bb2(%b: i32):
  cf.br ^bb3(%b, %y : i32, i32)
^bb3(%p: i32, %q: i32):
  return %q : i32
}

// CHECK-LABEL: func.func @blocks(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// NOCANON-LABEL: func.func @blocks(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
