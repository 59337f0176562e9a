// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=ops --input=7 --input=3 --input=-5 | FileCheck %s --check-prefix=EXEC

// The index dialect: printed as mlir-opt 22 prints it (the CHECK lines are
// its output: constants named idx42, idx-1), folded as it does (the CANON
// lines: a binary op of constants folds when its 64-bit result truncated is
// its 32-bit result, a compare when both widths agree; the constants come
// out as index.constant / index.bool.constant), and run by the engine at 64
// bits (the EXEC values are mlir-runner's after -convert-index-to-llvm).

// CHECK-LABEL: func.func @ops
// CHECK:         %idx42 = index.constant 42
// CHECK-NEXT:    %true = index.bool.constant true
// CHECK-NEXT:    %0 = index.add %arg0, %arg1
// CHECK-NEXT:    %1 = index.mul %0, %idx42
// CHECK-NEXT:    %2 = index.cmp slt(%arg0, %arg1)
// CHECK-NEXT:    %3 = index.casts %arg2 : i32 to index
// CHECK-NEXT:    %4 = index.castu %arg0 : index to i64
// CHECK-NEXT:    %5 = index.sizeof
// CHECK-NEXT:    %6 = index.ceildivs %arg0, %arg1
// EXEC: // result #0: index
// EXEC-NEXT: 5
// EXEC: // result #5: index
// EXEC-NEXT: 425
// EXEC-NEXT: // result #6: index
// EXEC-NEXT: 3400
// EXEC: // result #8: index
// EXEC-NEXT: -2
func.func @ops(%a: index, %b: index, %x: i32) -> (index, index, i1, index, i64, index, index, i1, index) {
  %c = index.constant 42
  %t = index.bool.constant true
  %0 = index.add %a, %b
  %1 = index.mul %0, %c
  %2 = index.cmp slt(%a, %b)
  %3 = index.casts %x : i32 to index
  %4 = index.castu %a : index to i64
  %5 = index.sizeof
  %6 = index.ceildivs %a, %b
  %7 = index.sub %1, %3
  %8 = index.maxs %7, %6
  %9 = index.shl %8, %b
  %10 = index.and %9, %c
  %11 = index.divu %10, %b
  %12 = index.rems %11, %b
  %13 = index.xor %12, %a
  %14 = index.floordivs %3, %b
  return %13, %5, %2, %6, %4, %8, %9, %t, %14 : index, index, i1, index, i64, index, index, i1, index
}

// CANON-LABEL: func.func @folds
// CANON-NEXT:    %true = index.bool.constant true
// CANON-NEXT:    %idx7 = index.constant 7
// CANON-NEXT:    %idx-4 = index.constant -4
// CANON-NEXT:    %idx1 = index.constant 1
// CANON-NEXT:    %idx32 = index.constant 32
// CANON-NEXT:    %false = index.bool.constant false
// CANON-NEXT:    %0 = index.shl %arg0, %idx32
// CANON-NEXT:    return %idx7, %idx-4, %idx1, %idx32, %false, %arg0, %0, %true
func.func @folds(%a: index) -> (index, index, index, index, i1, index, index, i1) {
  %c4 = index.constant 4
  %c3 = index.constant 3
  %m = index.constant -1
  %z = index.constant 0
  %0 = index.add %c4, %c3
  %1 = index.mul %c4, %m
  %2 = index.divs %c4, %c3
  %3 = index.shl %c4, %c3
  %4 = index.cmp ult(%m, %c3)
  %5 = index.add %a, %z
  // A shift by 32 is defined at 64 bits, not at 32: not folded.
  %6 = index.shl %a, %3
  %7 = index.cmp sle(%a, %a)
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, index, index, index, i1, index, index, i1
}
