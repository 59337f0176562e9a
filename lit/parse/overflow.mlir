// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: tessel-opt %s --run=f | FileCheck %s --check-prefix=EXEC

// Found by scripts/fuzz.py: i64::MIN divided by -1 (the one overflowing
// division) panicked in the folders; it is not folded to a wrapped value, and
// the engine wraps as the lowering does. (In an affine map the same constant
// is left unfolded, but i64::MIN prints as a literal neither tessel nor
// mlir-opt reads back, so that case is a unit test.)

// FOLD: arith.divsi %c-9223372036854775808_i64, %c-1_i64 : i64
// FOLD: arith.ceildivsi %c-9223372036854775808, %c-1 : index
// EXEC: result #0: i64
// EXEC-NEXT: -9223372036854775808
// EXEC: result #1: index
// EXEC-NEXT: -9223372036854775808
func.func @f() -> (i64, index) {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant -1 : i64
  %q = arith.divsi %a, %b : i64
  %m = arith.constant -9223372036854775808 : index
  %n = arith.constant -1 : index
  %c = arith.ceildivsi %m, %n : index
  return %q, %c : i64, index
}
