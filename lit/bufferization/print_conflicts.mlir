// RUN: tessel-opt %s -split-input-file "-one-shot-bufferize=bufferize-function-boundaries test-analysis-only print-conflicts" | FileCheck %s
// RUN: tessel-opt %s -split-input-file "-one-shot-bufferize=test-analysis-only print-conflicts" | FileCheck %s --check-prefix=NOBOUNDS
// RUN: not tessel-opt %s "-one-shot-bufferize=print-conflicts" 2>&1 | FileCheck %s --check-prefix=OPTION

// print-conflicts marks why an operand goes out of place, as mlir-opt 22
// does: a read-after-write conflict C_n on the write, the read and the
// definition read; a buffer that may not be written W_n. The numbers run
// on across the -split-input-file chunks (22's counters are static).

// OPTION: 'print-conflicts' requires 'test-analysis-only'

// The fill would overwrite %a, which the extract reads afterwards.
// CHECK-LABEL: func.func @a
// CHECK-SAME: attributes {"C_0[DEF: bbArg 0]"}
// CHECK: linalg.fill {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false"]}
// CHECK: tensor.extract %arg0[%c0] {"C_0[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
// Without function boundaries the argument may not be written at all.
// NOBOUNDS-LABEL: func.func @a
// NOBOUNDS-SAME: attributes {"W_0[NOT-WRITABLE: bbArg 0]"}
func.func @a(%a: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  return %f, %x : tensor<4xf32>, f32
}

// -----

// CHECK-LABEL: func.func @b
// CHECK-SAME: attributes {"C_1[DEF: bbArg 0]"}
// NOBOUNDS-LABEL: func.func @b
// NOBOUNDS-SAME: attributes {"W_1[NOT-WRITABLE: bbArg 0]"}
func.func @b(%a: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  return %f, %x : tensor<4xf32>, f32
}

// -----

// A constant may not be written, with or without function boundaries.
// CHECK-LABEL: func.func @c
// CHECK: arith.constant {"W_0[NOT-WRITABLE: result 0]"} dense<1.000000e+00>
// NOBOUNDS-LABEL: func.func @c
// NOBOUNDS: arith.constant {"W_2[NOT-WRITABLE: result 0]"} dense<1.000000e+00>
func.func @c(%v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  return %f, %x : tensor<4xf32>, f32
}
