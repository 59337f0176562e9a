// RUN: tessel-opt %s -split-input-file --sccp | FileCheck %s

// --sccp: sparse conditional constant propagation, byte for byte with
// mlir-opt 22 (the CHECK lines are its output; scripts/upstream_parity.py
// --pass-file in CI, scripts/sccp_parity.py on random programs with
// execution before and after).

// Constants fold through arithmetic; an scf.if on a constant takes one
// branch; a loop whose iteration value stays constant is constant; every
// constant is remade at the top of the function, the last made first.
func.func @straight_line(%arg0: i32, %c: i1) -> (i32, i32, index) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %c1, %c2 : i32
  %b = arith.muli %a, %arg0 : i32
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %c1 : i32
    scf.yield %x : i32
  } else {
    %y = arith.constant 4 : i32
    scf.yield %y : i32
  }
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %s = arith.constant 1 : index
  %l = scf.for %i = %c0 to %c10 step %s iter_args(%acc = %c0) -> index {
    %z = arith.muli %acc, %c10 : index
    scf.yield %z : index
  }
  return %r, %b, %l : i32, i32, index
}

// CHECK-LABEL: func.func @straight_line(%arg0: i32, %arg1: i1) -> (i32, i32, index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %c3_i32, %arg0 : i32
// CHECK-NEXT: return %c4_i32, %0, %c0 : i32, i32, index
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Across calls: a private function's arguments are what its live calls
// pass, a call's results what the callee returns; a private function
// nobody calls is not looked at; a loop that may not run keeps the value
// it is entered with joined with what it yields; an scf.while whose
// condition is false on entry exits at once.
func.func private @callee(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  %r = arith.addi %a, %c : i32
  return %r : i32
}
func.func private @unused(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  %r = arith.addi %c, %c : i32
  return %r : i32
}
func.func @calls_and_loops(%b: i1) -> (i32, index, i32) {
  %c1 = arith.constant 1 : i32
  %x = call @callee(%c1) : (i32) -> i32
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : i32
  %l = scf.for %i = %c3 to %c0 step %c3 iter_args(%acc = %c0) -> index {
    %z = arith.addi %acc, %c3 : index
    scf.yield %z : index
  }
  %w:2 = scf.while (%a = %c7, %q = %c1) : (i32, i32) -> (i32, i32) {
    %t = arith.cmpi slt, %a, %c7 : i32
    scf.condition(%t) %a, %q : i32, i32
  } do {
  ^bb0(%a2: i32, %q2 : i32):
    %n = arith.addi %a2, %c1 : i32
    scf.yield %n, %q2 : i32, i32
  }
  cf.br ^bb1(%w#1 : i32)
^bb1(%y: i32):
  return %x, %l, %y : i32, index, i32
}

// CHECK-LABEL: func.func private @callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: return %c6_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @unused(%arg0: i32) -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.addi %c5_i32, %c5_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @calls_and_loops(%arg0: i1) -> (i32, index, i32) {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = call @callee(%c1_i32) : (i32) -> i32
// CHECK-NEXT: %1 = scf.for %arg1 = %c3 to %c0 step %c3 iter_args(%arg2 = %c0) -> (index) {
// CHECK-NEXT: %3 = arith.addi %arg2, %c3 : index
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb1(%c1_i32 : i32)
// CHECK-NEXT: ^bb1(%2: i32):  // pred: ^bb0
// CHECK-NEXT: return %c6_i32, %1, %c1_i32 : i32, index, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A switch on a constant takes its case: the other block stays as it is.
func.func @switch(%s: i32) -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  cf.switch %c7 : i32, [
    default: ^bb1(%c1 : i32),
    7: ^bb2(%c7 : i32),
    1: ^bb1(%s : i32)
  ]
^bb1(%a: i32):
  %x = arith.addi %a, %c1 : i32
  return %x, %a : i32, i32
^bb2(%b: i32):
  %y = arith.muli %b, %b : i32
  return %y, %b : i32, i32
}

// CHECK-LABEL: func.func @switch(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c49_i32 = arith.constant 49 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: cf.switch %c7_i32 : i32, [
// CHECK-NEXT: default: ^bb1(%c1_i32 : i32),
// CHECK-NEXT: 7: ^bb2(%c7_i32 : i32),
// CHECK-NEXT: 1: ^bb1(%arg0 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: return %1, %0 : i32, i32
// CHECK-NEXT: ^bb2(%2: i32):  // pred: ^bb0
// CHECK-NEXT: return %c49_i32, %c7_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Recursion, and a function named outside a call (its callers are not all
// known: its argument is unknown).
func.func private @rec(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %c0 : i32
^bb2:
  %r = func.call @rec(%c0) : (i32) -> i32
  return %r : i32
}
func.func @callrec() -> i32 {
  %c0 = arith.constant 0 : i32
  %r = func.call @rec(%c0) : (i32) -> i32
  return %r : i32
}
func.func private @named(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %m = arith.addi %n, %c1 : i32
  return %m : i32
}
func.func @usesnamed() -> i32 attributes {ref = @named} {
  %c0 = arith.constant 3 : i32
  %r = func.call @named(%c0) : (i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func private @rec(%arg0: i32) -> i32 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.cond_br %true, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %0 = call @rec(%c0_i32) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @callrec() -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = call @rec(%c0_i32) : (i32) -> i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @named(%arg0: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @usesnamed() -> i32 attributes {ref = @named} {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = call @named(%c3_i32) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Vectors, poison (an arith op of poison is poison), folds to a value of
// the IR: (a ^ b) ^ b is a, select (a == b), a, b is b.
func.func @values(%v: vector<4xi32>, %x: i32, %y: i32) -> (vector<4xi32>, vector<4xi32>, i32, i32, i32) {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.addi %a, %b : vector<4xi32>
  %t = arith.muli %v, %a : vector<4xi32>
  %p = ub.poison : i32
  %q = arith.addi %p, %x : i32
  %c3 = arith.constant 3 : i32
  %e = arith.xori %c3, %y : i32
  %f = arith.xori %e, %y : i32
  %cmp = arith.cmpi eq, %c3, %y : i32
  %sel = arith.select %cmp, %y, %c3 : i32
  return %s, %t, %q, %f, %sel : vector<4xi32>, vector<4xi32>, i32, i32, i32
}

// CHECK-LABEL: func.func @values(%arg0: vector<4xi32>, %arg1: i32, %arg2: i32) -> (vector<4xi32>, vector<4xi32>, i32, i32, i32) {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %cst = arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<3> : vector<4xi32>
// CHECK-NEXT: %1 = arith.muli %arg0, %cst_1 : vector<4xi32>
// CHECK-NEXT: %2 = arith.xori %c3_i32, %arg2 : i32
// CHECK-NEXT: %3 = arith.cmpi eq, %c3_i32, %arg2 : i32
// CHECK-NEXT: return %cst, %1, %0, %c3_i32, %c3_i32 : vector<4xi32>, vector<4xi32>, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Region ops: scf.forall's results are never reached (a tensor.dim of one
// stays), linalg.generic and tensor.generate have unknown results but
// their bodies fold, memref.alloca_scope and scf.execute_region pass their
// yields out, scf.index_switch on a constant takes its case.
func.func @regions(%t: tensor<4xi32>, %n: index) -> (tensor<4xi32>, index, index, index, index, i32) {
  %c0 = arith.constant 0 : index
  %c0i = arith.constant 0 : i32
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xi32> {
    scf.forall.in_parallel {
    }
  }
  %d = tensor.dim %r, %c0 : tensor<4xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xi32>) outs(%t : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %z = arith.muli %a, %c0i : i32
    linalg.yield %z : i32
  } -> tensor<4xi32>
  %dg = tensor.dim %g, %c0 : tensor<4xi32>
  %s = memref.alloca_scope -> index {
    memref.alloca_scope.return %c0 : index
  }
  %e = scf.execute_region -> index {
    %k = arith.addi %n, %c0 : index
    scf.yield %k : index
  }
  %c2 = arith.constant 2 : index
  %w = scf.index_switch %c2 -> i32
  case 1 {
    %c5 = arith.constant 5 : i32
    scf.yield %c5 : i32
  }
  case 2 {
    %c6 = arith.constant 6 : i32
    scf.yield %c6 : i32
  }
  default {
    scf.yield %c0i : i32
  }
  return %g, %d, %s, %e, %dg, %w : tensor<4xi32>, index, index, index, index, i32
}

// CHECK-DAG: #map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @regions(%arg0: tensor<4xi32>, %arg1: index) -> (tensor<4xi32>, index, index, index, index, i32) {
// CHECK-NEXT: %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg0) -> (tensor<4xi32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %dim = tensor.dim %0, %c0 : tensor<4xi32>
// CHECK-NEXT: %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xi32>) outs(%arg0 : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %out: i32):
// CHECK-NEXT: linalg.yield %c0_i32 : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: %2 = scf.execute_region -> index {
// CHECK-NEXT: %3 = arith.addi %arg1, %c0 : index
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %1, %dim, %c0, %2, %c4, %c6_i32 : tensor<4xi32>, index, index, index, index, i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A nested module: its private function is called with a constant.
module @inner {
  func.func private @h(%x: index) -> index {
    return %x : index
  }
  func.func @g() -> index {
    %c = arith.constant 9 : index
    %r = func.call @h(%c) : (index) -> index
    return %r : index
  }
}

// CHECK-LABEL: module @inner {
// CHECK-LABEL: func.func private @h(%arg0: index) -> index {
// CHECK-NEXT: %c9 = arith.constant 9 : index
// CHECK-NEXT: return %c9 : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @g() -> index {
// CHECK-NEXT: %c9 = arith.constant 9 : index
// CHECK-NEXT: %0 = call @h(%c9) : (index) -> index
// CHECK-NEXT: return %c9 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
