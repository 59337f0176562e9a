// RUN: tessel-opt %s -canonicalize -split-input-file | FileCheck %s

// Integer folds and arith reassociation as mlir-opt 22 makes them; the CHECK
// lines are mlir-opt 22's output, and scripts/upstream_parity.py also
// compares this file's output with mlir-opt's byte for byte (in CI).

// Integer folds wrap at the type's width and read unsigned ops' bits as
// unsigned (-1 : i32 divui 2 is 2^31 - 1; 100 + 100 : i8 is -56).
// CHECK-LABEL: func.func @folds_wrap_at_the_width() -> (i32, i32, i32, i32, index, i8) {
// CHECK-NEXT: %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c6148914691236517204 = arith.constant 6148914691236517204 : index
// CHECK-NEXT: %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT: return %c2147483647_i32, %c1_i32, %c2_i32, %c-1_i32, %c6148914691236517204, %c-56_i8 : i32, i32, i32, i32, index, i8
func.func @folds_wrap_at_the_width() -> (i32, i32, i32, i32, index, i8) {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.divui %a, %b : i32
  %1 = arith.remui %a, %b : i32
  %2 = arith.minui %a, %b : i32
  %3 = arith.maxui %a, %b : i32
  %c = arith.constant -4 : index
  %c2 = arith.constant 3 : index
  %4 = arith.divui %c, %c2 : index
  %x = arith.constant 100 : i8
  %y = arith.constant 100 : i8
  %5 = arith.addi %x, %y : i8
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, index, i8
}

// -----

// Fold results are made where the op was and taken over by the folder
// when met: the constants keep mlir-opt's order.
// CHECK-LABEL: func.func @fold_constants_keep_upstream_order(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c7_i32 : i32
// CHECK-NEXT: return %c3_i32, %c1_i32, %0 : i32, i32, i32
func.func @fold_constants_keep_upstream_order(%arg0: i32) -> (i32, i32, i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.divui %a, %b : i32
  %1 = arith.remui %a, %b : i32
  %2 = arith.addi %arg0, %a : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// MLIR's arith reassociation canonicalizations, constants moved right
// in commutative ops, x + (y * -1) -> x - y.
// CHECK-LABEL: func.func @reassociate(%arg0: i32, %arg1: index) -> (i32, i32, i32, i32, i32, index, index, i32, i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT: %3 = arith.subi %c-2_i32, %arg0 : i32
// CHECK-NEXT: %4 = arith.muli %arg0, %c15_i32 : i32
// CHECK-NEXT: %5 = arith.subi %c0, %arg1 : index
// CHECK-NEXT: %6 = arith.subi %c8_i32, %arg0 : i32
// CHECK-NEXT: %7 = arith.subi %c5_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %arg1, %5, %6, %7 : i32, i32, i32, i32, i32, index, index, i32, i32
func.func @reassociate(%x: i32, %y: index) -> (i32, i32, i32, i32, i32, index, index, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %a = arith.addi %c3, %x : i32
  %a1 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %a2 = arith.addi %a1, %c5 overflow<nsw> : i32
  %s1 = arith.subi %x, %c3 : i32
  %s2 = arith.addi %s1, %c5 : i32
  %s3 = arith.subi %c3, %x : i32
  %s4 = arith.subi %s3, %c5 : i32
  %m = arith.muli %x, %c3 : i32
  %m2 = arith.muli %m, %c5 : i32
  %i4 = arith.constant 4 : index
  %i1 = arith.addi %y, %i4 : index
  %i2 = arith.subi %i1, %i4 : index
  %i3 = arith.subi %i4, %i1 : index
  %t = arith.subi %c5, %s1 : i32
  %n = arith.constant -1 : i32
  %mn = arith.muli %x, %n : i32
  %an = arith.addi %c5, %mn : i32
  return %a, %a2, %s2, %s4, %m2, %i2, %i3, %t, %an : i32, i32, i32, i32, i32, index, index, i32, i32
}

// -----

// Overflow flags: the two ops' in common (none for subi(addi(x, c0), c1));
// constants wrap (the last function adds past 2^63).
// CHECK-LABEL: func.func @reassociate_flags(%arg0: i8, %arg1: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c93_i8 = arith.constant 93 : i8
// CHECK-NEXT: %c107_i8 = arith.constant 107 : i8
// CHECK-NEXT: %c16_i8 = arith.constant 16 : i8
// CHECK-NEXT: %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT: %c-93_i8 = arith.constant -93 : i8
// CHECK-NEXT: %c100_i8 = arith.constant 100 : i8
// CHECK-NEXT: %c7_i8 = arith.constant 7 : i8
// CHECK-NEXT: %0 = arith.subi %arg0, %c100_i8 overflow<nsw, nuw> : i8
// CHECK-NEXT: %1 = arith.addi %arg0, %c-93_i8 overflow<nuw> : i8
// CHECK-NEXT: %2 = arith.subi %c-56_i8, %arg0 overflow<nsw> : i8
// CHECK-NEXT: %3 = arith.muli %arg0, %c16_i8 overflow<nsw> : i8
// CHECK-NEXT: %4 = arith.subi %arg0, %c107_i8 overflow<nsw> : i8
// CHECK-NEXT: %5 = arith.subi %c-93_i8, %arg0 : i8
// CHECK-NEXT: %6 = arith.addi %arg0, %c93_i8 : i8
// CHECK-NEXT: %7 = arith.addi %arg0, %c7_i8 : i8
// CHECK-NEXT: %8 = arith.subi %c0_i8, %arg0 : i8
// CHECK-NEXT: %9 = arith.subi %c0_i8, %arg1 : i8
// CHECK-NEXT: %10 = arith.subi %arg0, %arg1 : i8
// CHECK-NEXT: %11 = arith.subi %arg0, %arg1 : i8
// CHECK-NEXT: %12 = arith.addi %0, %arg1 : i8
// CHECK-NEXT: return %1, %2, %3, %4, %5, %6, %8, %9, %10, %11, %12, %7 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
// CHECK-LABEL: func.func @reassociate_wraps(%arg0: index) -> index {
// CHECK-NEXT: %c-9223372036854775808 = arith.constant -9223372036854775808 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c-9223372036854775808 : index
// CHECK-NEXT: return %0 : index
func.func @reassociate_flags(%x: i8, %y: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %c100 = arith.constant 100 : i8
  %c7 = arith.constant 7 : i8
  %n = arith.constant -1 : i8
  %a = arith.subi %x, %c100 overflow<nsw, nuw> : i8
  %a2 = arith.addi %a, %c7 overflow<nuw> : i8
  %b = arith.subi %c100, %x overflow<nsw> : i8
  %b2 = arith.addi %b, %c100 overflow<nsw> : i8
  %m = arith.muli %x, %c100 overflow<nsw> : i8
  %m2 = arith.muli %m, %c100 overflow<nsw> : i8
  %s = arith.subi %x, %c7 overflow<nsw> : i8
  %s2 = arith.subi %s, %c100 overflow<nsw> : i8
  %t = arith.subi %c7, %x : i8
  %t2 = arith.subi %t, %c100 : i8
  %u = arith.subi %c100, %t : i8
  %v = arith.addi %x, %c7 : i8
  %v2 = arith.subi %c7, %v : i8
  %w = arith.subi %x, %y : i8
  %w2 = arith.subi %w, %x : i8
  %neg = arith.muli %y, %n overflow<nsw> : i8
  %z = arith.addi %neg, %x overflow<nsw> : i8
  %z2 = arith.addi %x, %neg : i8
  %keep = arith.addi %a, %y : i8
  return %a2, %b2, %m2, %s2, %t2, %u, %v2, %w2, %z, %z2, %keep, %v : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}
func.func @reassociate_wraps(%x: index) -> index {
  %c = arith.constant 9223372036854775807 : index
  %one = arith.constant 1 : index
  %a = arith.addi %x, %c : index
  %b = arith.addi %a, %one : index
  return %b : index
}

// -----

// Every subi-rooted rewrite, with both ops' flags.
// CHECK-LABEL: func.func @reassociate_sub_flags(%arg0: i8) -> (i8, i8, i8, i8, i8, i8, i8) {
// CHECK-NEXT: %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i8 : i8
// CHECK-NEXT: %1 = arith.subi %c-1_i8, %arg0 overflow<nsw, nuw> : i8
// CHECK-NEXT: %2 = arith.subi %arg0, %c3_i8 overflow<nsw, nuw> : i8
// CHECK-NEXT: %3 = arith.subi %c3_i8, %arg0 overflow<nsw, nuw> : i8
// CHECK-NEXT: %4 = arith.subi %c1_i8, %arg0 overflow<nsw, nuw> : i8
// CHECK-NEXT: %5 = arith.addi %arg0, %c-1_i8 overflow<nsw, nuw> : i8
// CHECK-NEXT: %6 = arith.subi %c3_i8, %arg0 overflow<nsw, nuw> : i8
// CHECK-NEXT: return %0, %1, %2, %4, %3, %5, %6 : i8, i8, i8, i8, i8, i8, i8
func.func @reassociate_sub_flags(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8) {
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %p = arith.addi %x, %c2 overflow<nsw, nuw> : i8
  %r1 = arith.subi %p, %c1 overflow<nsw, nuw> : i8
  %r2 = arith.subi %c1, %p overflow<nsw, nuw> : i8
  %q = arith.subi %x, %c2 overflow<nsw, nuw> : i8
  %r3 = arith.subi %q, %c1 overflow<nsw, nuw> : i8
  %r5 = arith.subi %c1, %q overflow<nsw, nuw> : i8
  %t = arith.subi %c2, %x overflow<nsw, nuw> : i8
  %r4 = arith.subi %t, %c1 overflow<nsw, nuw> : i8
  %r6 = arith.subi %c1, %t overflow<nsw, nuw> : i8
  %r7 = arith.addi %t, %c1 overflow<nsw, nuw> : i8
  return %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i8, i8, i8, i8, i8, i8, i8
}

// -----

// subi(subi(a, b), a) -> subi(0, b).
// CHECK-LABEL: func.func @sub_of_sub(%arg0: i8, %arg1: i8) -> i8 {
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %0 = arith.subi %c0_i8, %arg1 overflow<nsw, nuw> : i8
// CHECK-NEXT: return %0 : i8
func.func @sub_of_sub(%x: i8, %y: i8) -> i8 {
  %w = arith.subi %x, %y overflow<nsw, nuw> : i8
  %w2 = arith.subi %w, %x overflow<nsw, nuw> : i8
  return %w2 : i8
}

// -----

// Folds with one constant or none: absorbing and neutral constants, equal
// operands, (a - b) + b, (a + b) - a, and(a, and(a, b)), shifts.
// CHECK-LABEL: func.func @identities(%arg0: i16, %arg1: i16) -> (i16, i16, i16, i16, i16, i16, i16, i16, i16, i16) {
// CHECK-NEXT: %c2_i16 = arith.constant 2 : i16
// CHECK-NEXT: %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT: %c1_i16 = arith.constant 1 : i16
// CHECK-NEXT: %0 = arith.andi %arg0, %c1_i16 : i16
// CHECK-NEXT: return %c0_i16, %c0_i16, %c0_i16, %arg1, %arg0, %arg0, %arg1, %0, %c2_i16, %0 : i16, i16, i16, i16, i16, i16, i16, i16, i16, i16
func.func @identities(%x: i16, %y: i16) -> (i16, i16, i16, i16, i16, i16, i16, i16, i16, i16) {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  %min = arith.constant -32768 : i16
  %m = arith.muli %x, %c0 : i16
  %r = arith.remui %x, %c1 : i16
  %s = arith.subi %x, %x : i16
  %a = arith.andi %y, %y : i16
  %mx = arith.maxsi %x, %min : i16
  %d = arith.subi %x, %y : i16
  %e = arith.addi %d, %y : i16
  %f = arith.addi %x, %y : i16
  %g = arith.subi %f, %x : i16
  %h = arith.andi %x, %c1 : i16
  %i = arith.andi %h, %x : i16
  %sh = arith.shli %c1, %c1 : i16
  return %m, %r, %s, %a, %mx, %e, %g, %i, %sh, %h : i16, i16, i16, i16, i16, i16, i16, i16, i16, i16
}
