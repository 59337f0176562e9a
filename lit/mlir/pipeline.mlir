// REQUIRES: mlir
// Upstream passes after tessel's, in-process; MLIR's output is printed.
// RUN: tessel-opt %s --mlir-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries})' | FileCheck %s
// RUN: not tessel-opt %s --mlir-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=BADPIPE

// CHECK-LABEL: func.func @slice(
// CHECK-SAME: memref<8x8xf32
// CHECK: memref.subview
// CHECK-NOT: tensor<
func.func @slice(%t: tensor<8x8xf32>, %i: index) -> tensor<2x8xf32> {
  %s = tensor.extract_slice %t[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// BADPIPE: tessel-opt: invalid MLIR pass pipeline 'builtin.module(no-such-pass)': {{.*}}'no-such-pass' does not refer to a registered pass
