// RUN: tessel-opt %s -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: tessel-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(strip-debuginfo))' --mlir-print-debuginfo | FileCheck %s --check-prefix=STRIP
// RUN: tessel-opt %s -split-input-file --strip-debuginfo --mlir-print-ir-after-all -o %t 2>&1 | FileCheck %s --check-prefix=DUMP

// Each chunk prints as its own module; chunks are separated like mlir-opt
// does. (These comments avoid the marker itself: mlir-opt splits wherever it
// occurs, even inside a comment.)
// CHECK: module {
// CHECK-NEXT: func.func @first
// CHECK: //{{ }}-----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @second

// Locations are aliases listed after the module, numbered like mlir-opt's,
// with lines of the original file.

// STRIP: arith.constant 1 : i32 loc(#[[U:loc[0-9]*]])
// STRIP: } loc(#loc)
// STRIP: #[[U]] = loc(unknown)

// DUMP: IR Dump After StripDebugInfo (strip-debuginfo)

func.func @first() -> i32 {
  // LOC: arith.constant 1 : i32 loc(#[[L1:loc[0-9]*]])
  // LOC: #[[L1]] = loc("{{.*}}split_and_print.mlir":[[# @LINE + 1]]:8)
  %0 = arith.constant 1 : i32
  return %0 : i32
}

// -----

func.func @second() -> i32 {
  // LOC: arith.constant 2 : i32 loc(#[[L2:loc[0-9]*]])
  // LOC: #[[L2]] = loc("named")
  %0 = arith.constant 2 : i32 loc("named")
  return %0 : i32
}
