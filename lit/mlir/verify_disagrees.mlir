// REQUIRES: mlir
// RUN: not tessel-opt %s --mlir-verify 2>&1 | FileCheck %s

// tessel does not check symbol uses of func.call; MLIR does, and its
// message comes back at the op's line, as a tessel diagnostic.
// CHECK: verify_disagrees.mlir:[[# @LINE + 2]]:8: error: MLIR: 'func.call' op 'nope' does not reference a valid function
func.func @call(%a: i32) -> i32 {
  %0 = func.call @nope(%a) : (i32) -> i32
  return %0 : i32
}
