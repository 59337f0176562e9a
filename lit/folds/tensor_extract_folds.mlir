// RUN: tessel-opt %s --canonicalize | FileCheck %s
// RUN: tessel-opt %s --sccp | FileCheck %s --check-prefix=SCCP

// tensor.extract and tensor.splat fold as mlir-opt 22's (byte for byte: CI's
// upstream_parity): an extract of a splat constant, of from_elements or a dense
// constant at constant in-bounds indices, of an insert at the same constant
// indices; a splat of a constant to a static shape. -sccp folds through them.

func.func @ex(%a: f32, %b: f32, %t: tensor<2x3xf32>, %i: index) -> (f32, f32, f32, f32, f32, i1, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %fe = tensor.from_elements %a, %b, %a, %b, %b, %a : tensor<2x3xf32>
  %x0 = tensor.extract %fe[%c1, %c1] : tensor<2x3xf32>
  %d = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %x1 = tensor.extract %d[%c1, %c2] : tensor<2x3xf32>
  %x2 = tensor.extract %d[%c1, %c5] : tensor<2x3xf32>
  %x3 = tensor.extract %d[%i, %c0] : tensor<2x3xf32>
  %ins = tensor.insert %a into %t[%c1, %c0] : tensor<2x3xf32>
  %x4 = tensor.extract %ins[%c1, %c0] : tensor<2x3xf32>
  %bools = arith.constant dense<[true, false]> : tensor<2xi1>
  %x5 = tensor.extract %bools[%c0] : tensor<2xi1>
  %ins2 = tensor.insert %b into %t[%i, %c0] : tensor<2x3xf32>
  %x6 = tensor.extract %ins2[%i, %c0] : tensor<2x3xf32>
  %s = tensor.splat %a : tensor<4xf32>
  %x7 = tensor.extract %s[%c2] : tensor<4xf32>
  return %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7 : f32, f32, f32, f32, f32, i1, f32, f32
}

// CHECK-LABEL: func.func @ex(%arg0: f32, %arg1: f32, %arg2: tensor<2x3xf32>, %arg3: index) -> (f32, f32, f32, f32, f32, i1, f32, f32) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %cst_0 = arith.constant 6.000000e+00 : f32
// CHECK-NEXT: %extracted = tensor.extract %cst[%c1, %c5] : tensor<2x3xf32>
// CHECK-NEXT: %extracted_1 = tensor.extract %cst[%arg3, %c0] : tensor<2x3xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg1 into %arg2[%arg3, %c0] : tensor<2x3xf32>
// CHECK-NEXT: %extracted_2 = tensor.extract %inserted[%arg3, %c0] : tensor<2x3xf32>
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<4xf32>
// CHECK-NEXT: %extracted_3 = tensor.extract %splat[%c2] : tensor<4xf32>
// CHECK-NEXT: return %arg1, %cst_0, %extracted, %extracted_1, %arg0, %true, %extracted_2, %extracted_3 : f32, f32, f32, f32, f32, i1, f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: }

// SCCP-LABEL: func.func @ex(%arg0: f32, %arg1: f32, %arg2: tensor<2x3xf32>, %arg3: index) -> (f32, f32, f32, f32, f32, i1, f32, f32) {
// SCCP-NEXT: %true = arith.constant true
// SCCP-NEXT: %cst = arith.constant dense<[true, false]> : tensor<2xi1>
// SCCP-NEXT: %cst_0 = arith.constant 6.000000e+00 : f32
// SCCP-NEXT: %cst_1 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// SCCP-NEXT: %c5 = arith.constant 5 : index
// SCCP-NEXT: %c2 = arith.constant 2 : index
// SCCP-NEXT: %c1 = arith.constant 1 : index
// SCCP-NEXT: %c0 = arith.constant 0 : index
// SCCP-NEXT: %from_elements = tensor.from_elements %arg0, %arg1, %arg0, %arg1, %arg1, %arg0 : tensor<2x3xf32>
// SCCP-NEXT: %extracted = tensor.extract %from_elements[%c1, %c1] : tensor<2x3xf32>
// SCCP-NEXT: %extracted_2 = tensor.extract %cst_1[%c1, %c5] : tensor<2x3xf32>
// SCCP-NEXT: %extracted_3 = tensor.extract %cst_1[%arg3, %c0] : tensor<2x3xf32>
// SCCP-NEXT: %inserted = tensor.insert %arg0 into %arg2[%c1, %c0] : tensor<2x3xf32>
// SCCP-NEXT: %extracted_4 = tensor.extract %inserted[%c1, %c0] : tensor<2x3xf32>
// SCCP-NEXT: %inserted_5 = tensor.insert %arg1 into %arg2[%arg3, %c0] : tensor<2x3xf32>
// SCCP-NEXT: %extracted_6 = tensor.extract %inserted_5[%arg3, %c0] : tensor<2x3xf32>
// SCCP-NEXT: %splat = tensor.splat %arg0 : tensor<4xf32>
// SCCP-NEXT: %extracted_7 = tensor.extract %splat[%c2] : tensor<4xf32>
// SCCP-NEXT: return %extracted, %cst_0, %extracted_2, %extracted_3, %extracted_4, %true, %extracted_6, %extracted_7 : f32, f32, f32, f32, f32, i1, f32, f32
// SCCP-NEXT: }
// SCCP-NEXT: }
