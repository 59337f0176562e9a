// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=values --input=7 --input=2 --input=5 | FileCheck %s --check-prefix=VALUES
// RUN: tessel-opt %s -canonicalize --run=values --input=7 --input=2 --input=5 | FileCheck %s --check-prefix=VALUES
// RUN: not tessel-opt %s --run=outside --input=3 2>&1 | FileCheck %s --check-prefix=OUTSIDE

// affine.linearize_index and affine.delinearize_index: printed (custom and
// generic form) and canonicalized as mlir-opt 22 does (CHECK, GENERIC and
// CANON are its output; scripts/upstream_parity.py compares the whole
// canonicalized file): constants fold, one index or result is itself, a
// constant basis entry becomes static, unit extents and a leading zero go,
// a linearize of a delinearize over the same basis cancels, so does a
// delinearize of a disjoint linearize. @values computes the same numbers
// before and after; a disjoint index outside its bound is an engine error.

// CHECK-LABEL: func.func @forms
// CHECK: affine.linearize_index disjoint [%arg0, %arg1] by (2, 3) : index
// CHECK: affine.linearize_index [%arg0, %arg1] by (%arg2, 3) : index
// CHECK: affine.linearize_index [%arg0, %arg1] by (3) : index
// CHECK: affine.delinearize_index %arg0 into (%arg2, 3) : index, index
// CHECK: affine.delinearize_index %arg0 into (4, 3) : index, index, index
// GENERIC: "affine.linearize_index"({{.*}}) <{disjoint, operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: 2, 3>}> : (index, index) -> index
// GENERIC: "affine.linearize_index"({{.*}}) <{disjoint = false, operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: -9223372036854775808, 3>}> : (index, index, index) -> index
// GENERIC: "affine.delinearize_index"({{.*}}) <{static_basis = array<i64: -9223372036854775808, 3>}> : (index, index) -> (index, index)
func.func @forms(%a: index, %b: index, %n: index) -> (index, index, index, index, index) {
  %0 = affine.linearize_index disjoint [%a, %b] by (2, 3) : index
  %1 = affine.linearize_index [%a, %b] by (%n, 3) : index
  %2 = affine.linearize_index [%a, %b] by (3) : index
  %3:2 = affine.delinearize_index %a into (%n, 3) : index, index
  %4:3 = affine.delinearize_index %a into (4, 3) : index, index, index
  return %0, %1, %2, %3#0, %4#2 : index, index, index, index, index
}

// CANON-LABEL: func.func @folds
// CANON-DAG: %[[C1:.*]] = arith.constant 1 : index
// CANON-DAG: %[[C5:.*]] = arith.constant 5 : index
// CANON-DAG: %[[C0:.*]] = arith.constant 0 : index
// CANON: %[[L:.*]] = affine.linearize_index [%[[C1]], %arg0] by (%arg2, 3) : index
// CANON: return %[[C5]], %arg0, %[[C0]], %[[L]], %[[C5]], %[[C5]]
func.func @folds(%a: index, %b: index, %n: index) -> (index, index, index, index, index, index) {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = affine.linearize_index disjoint [%c1, %c2] by (2, 3) : index
  %1 = affine.linearize_index [%a] by (3) : index
  %2 = affine.linearize_index [] by () : index
  %3 = affine.linearize_index [%c1, %a] by (%n, 3) : index
  %4 = affine.linearize_index [%c1, %c2] by (3) : index
  %5 = affine.linearize_index [%c1, %c2] by (%c3, 3) : index
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// CANON-LABEL: func.func @delinearize_folds
// CANON-DAG: %[[C2:.*]] = arith.constant 2 : index
// CANON-DAG: %[[C1:.*]] = arith.constant 1 : index
// CANON: return %[[C2]], %[[C1]], %[[C1]], %[[C1]], %arg0, %arg0
func.func @delinearize_folds(%a: index, %n: index) -> (index, index, index, index, index, index) {
  %c7 = arith.constant 7 : index
  %0:2 = affine.delinearize_index %c7 into (2, 3) : index, index
  %1:3 = affine.delinearize_index %c7 into (2, 3) : index, index, index
  %2 = affine.delinearize_index %a into () : index
  %3:2 = affine.delinearize_index %a into (%n, 1) : index, index
  return %0#0, %0#1, %1#0, %1#2, %2, %3#0 : index, index, index, index, index, index
}

// CANON-LABEL: func.func @unit_extents_and_zeros
// CANON: %[[C0:.*]] = arith.constant 0 : index
// CANON: %[[A:.*]] = affine.linearize_index disjoint [%arg0, %arg2] by (4, 8) : index
// CANON: %[[B:.*]] = affine.linearize_index [%arg1, %arg2] by (5, 8) : index
// CANON: %[[C:.*]] = affine.linearize_index [%arg0, %[[C0]], %arg2] by (4, 5, 8) : index
// CANON: %[[D:.*]]:2 = affine.delinearize_index %arg0 into (4, 8) : index, index
// CANON: return %[[A]], %[[B]], %[[C]], %arg0, %[[D]]#0, %[[C0]], %[[C0]]
func.func @unit_extents_and_zeros(%a: index, %b: index, %c: index) -> (index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = affine.linearize_index disjoint [%a, %b, %c] by (4, 1, 8) : index
  %1 = affine.linearize_index [%c0, %b, %c] by (4, 5, 8) : index
  %2 = affine.linearize_index [%a, %c0, %c] by (4, 5, 8) : index
  %3 = affine.linearize_index disjoint [%a, %b] by (4, 1) : index
  %4:3 = affine.delinearize_index %a into (4, 1, 8) : index, index, index
  %5:2 = affine.delinearize_index %a into (1, 8) : index, index
  return %0, %1, %2, %3, %4#0, %4#1, %5#0 : index, index, index, index, index, index, index
}

// CANON-LABEL: func.func @cancel
// CANON: %[[L:.*]] = affine.linearize_index [%arg0, %arg1] by (4, 8) : index
// CANON: %[[D:.*]]:2 = affine.delinearize_index %[[L]] into (4, 8) : index, index
// CANON: return %[[D]]#0, %[[D]]#1, %arg0, %arg1, %arg2
func.func @cancel(%a: index, %b: index, %x: index) -> (index, index, index, index, index) {
  %0 = affine.linearize_index [%a, %b] by (4, 8) : index
  %1:2 = affine.delinearize_index %0 into (4, 8) : index, index
  %2 = affine.linearize_index disjoint [%a, %b] by (4, 8) : index
  %3:2 = affine.delinearize_index %2 into (4, 8) : index, index
  %4:2 = affine.delinearize_index %x into (4, 8) : index, index
  %5 = affine.linearize_index [%4#0, %4#1] by (4, 8) : index
  return %1#0, %1#1, %3#0, %3#1, %5 : index, index, index, index, index
}

// A run of delinearize results inside a linearize merges into one result
// of a split delinearize (whose other users get a residual delinearize); a
// delinearize of a disjoint linearize takes the indices its innermost basis
// entries share; innermost entries spanning the last linearize bound split
// the delinearize in two.
// CANON-LABEL: func.func @portions
// CANON: %[[D:.*]]:2 = affine.delinearize_index %arg0 into (3, 64) : index, index
// CANON: %[[R:.*]]:2 = affine.delinearize_index %[[D]]#1 into (8, 8) : index, index
// CANON: %[[L:.*]] = affine.linearize_index [%arg1, %[[D]]#1] by (5, 64) : index
// CANON: %[[S:.*]]:2 = affine.delinearize_index %arg3 into (2, 16) : index, index
// CANON: return %[[D]]#0, %[[R]]#0, %[[L]], %arg1, %arg2, %arg0, %[[S]]#0, %[[S]]#1
func.func @portions(%x: index, %a: index, %b: index, %c: index) -> (index, index, index, index, index, index, index, index) {
  %d:3 = affine.delinearize_index %x into (3, 8, 8) : index, index, index
  %l = affine.linearize_index [%a, %d#1, %d#2] by (5, 8, 8) : index
  %m = affine.linearize_index disjoint [%a, %b, %x] by (5, 4, 8) : index
  %e:3 = affine.delinearize_index %m into (2, 4, 8) : index, index, index
  %n = affine.linearize_index disjoint [%a, %b, %c] by (5, 4, 32) : index
  %s:4 = affine.delinearize_index %n into (20, 2, 16) : index, index, index, index
  return %d#0, %d#1, %l, %e#0, %e#1, %e#2, %s#2, %s#3 : index, index, index, index, index, index, index, index
}

// VALUES: result #0: index
// VALUES-NEXT: 455
// VALUES: result #1: index
// VALUES-NEXT: 1
// VALUES: result #2: index
// VALUES-NEXT: 7
// VALUES: result #3: index
// VALUES-NEXT: 9
// VALUES: result #4: index
// VALUES-NEXT: 1
func.func @values(%x: index, %i: index, %j: index) -> (index, index, index, index, index) {
  %c3 = arith.constant 3 : index
  %d:3 = affine.delinearize_index %x into (2, 3) : index, index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1, %d#2] by (2, 3) : index
  %m = affine.linearize_index [%i, %j] by (%c3, 20) : index
  %e:3 = affine.delinearize_index %m into (3, 5, 4) : index, index, index
  %s = affine.linearize_index [%e#0, %e#1, %e#2, %j] by (3, 5, 4, 10) : index
  %r = affine.linearize_index [%i, %x] by (1, 1) : index
  return %s, %d#0, %l, %r, %e#1 : index, index, index, index, index
}

// OUTSIDE: affine.linearize_index disjoint: index 3 is outside its bound 3
func.func @outside(%i: index) -> index {
  %c1 = arith.constant 1 : index
  %l = affine.linearize_index disjoint [%c1, %i] by (2, 3) : index
  return %l : index
}
