// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --run=weights | FileCheck %s --check-prefix=EXEC
// RUN: not tessel-opt %s --run=wrong_size 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not tessel-opt %s --run=elided 2>&1 | FileCheck %s --check-prefix=ELIDED

// dense_resource constants and the {-# dialect_resources #-} section as
// mlir-opt 22 prints them: the blobs the IR refers to, in order of first
// reference (an unused one is dropped), keys quoted when not identifiers;
// external resources are kept.
// The engine reads a blob as its constant's elements (little-endian, i1
// one byte each) and reports one that does not hold them, or is missing.

// CHECK: module {
// CHECK-NEXT: func.func @weights() -> (tensor<2x2xf32>, tensor<3xi8>, tensor<2xi1>, tensor<4xf32>) {
// CHECK-NEXT: %cst = arith.constant dense_resource<w.0> : tensor<2x2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense_resource<bias> : tensor<3xi8>
// CHECK-NEXT: %cst_1 = arith.constant dense_resource<"flags mask"> : tensor<2xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense_resource<w.0> : tensor<4xf32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2 : tensor<2x2xf32>, tensor<3xi8>, tensor<2xi1>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @wrong_size() -> tensor<2xf32> {
// CHECK-NEXT: %cst = arith.constant dense_resource<w.0> : tensor<2xf32>
// CHECK-NEXT: return %cst : tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @elided() -> tensor<4xf32> {
// CHECK-NEXT: %cst = arith.constant dense_resource<__elided__> : tensor<4xf32>
// CHECK-NEXT: return %cst : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-NEXT: w.0: "0x040000000000803F000000400000404000008040",
// CHECK-NEXT: bias: "0x0100000001FF7F",
// CHECK-NEXT: "flags mask": "0x010000000100"
// CHECK-NEXT: }
// CHECK-NEXT: },
// CHECK-NEXT: external_resources: {
// CHECK-NEXT: tool: {
// CHECK-NEXT: pipeline: "builtin.module(canonicalize)",
// CHECK-NEXT: "debug \22on\22": true,
// CHECK-NEXT: blob: "0x0400000001"
// CHECK-NEXT: },
// CHECK-NEXT: other: {
// CHECK-NEXT: flag: false
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: #-}

// EXEC: // result #0: tensor<2x2xf32>
// EXEC-NEXT: {{\[\[}}1.0, 2.0],
// EXEC-NEXT: [3.0, 4.0]]
// EXEC-NEXT: // result #1: tensor<3xi8>
// EXEC-NEXT: [1, -1, 127]
// EXEC-NEXT: // result #2: tensor<2xi1>
// EXEC-NEXT: [true, false]
// EXEC-NEXT: // result #3: tensor<4xf32>
// EXEC-NEXT: [1.0, 2.0, 3.0, 4.0]
// SIZE: error: dense_resource<w.0>: its blob does not hold the elements of its type
// ELIDED: error: dense_resource<__elided__> has no blob in the file's dialect_resources

func.func @weights() -> (tensor<2x2xf32>, tensor<3xi8>, tensor<2xi1>, tensor<4xf32>) {
  %0 = arith.constant dense_resource<w.0> : tensor<2x2xf32>
  %1 = arith.constant dense_resource<bias> : tensor<3xi8>
  %2 = arith.constant dense_resource<"flags mask"> : tensor<2xi1>
  %3 = arith.constant dense_resource<w.0> : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi8>, tensor<2xi1>, tensor<4xf32>
}
func.func @wrong_size() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<w.0> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @elided() -> tensor<4xf32> {
  %0 = arith.constant dense_resource<__elided__> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      unused: "0x04000000FFFFFFFF",
      "flags mask": "0x010000000100",
      bias: "0x0100000001FF7F",
      w.0: "0x040000000000803F000000400000404000008040"
    }
  },
  external_resources: {
    tool: { pipeline: "builtin.module(canonicalize)", "debug \22on\22": true, blob: "0x0400000001" },
    other: { flag: false }
  }
#-}
