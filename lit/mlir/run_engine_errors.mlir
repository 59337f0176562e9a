// REQUIRES: mlir
// What MLIR cannot lower is an error at the op's location, with MLIR's
// message; a bad --run-engine value and --run-engine without --run are
// command-line errors.
// RUN: not tessel-opt %s --run=opaque --input=iota --run-engine=mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=OPAQUE
// RUN: not tessel-opt %s --run=opaque --input=iota --run-engine=llvm 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not tessel-opt %s --run-engine=mlir 2>&1 | FileCheck %s --check-prefix=ALONE
// OPAQUE: run_engine_errors.mlir:[[# @LINE + 5]]:8: error: MLIR: op was not bufferized
// OPAQUE-NEXT: "test.opaque"
// VALUE: tessel-opt: invalid value 'llvm' for --run-engine (expected interp or mlir)
// ALONE: tessel-opt: --run-engine needs --run=<func>
func.func @opaque(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.opaque"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
