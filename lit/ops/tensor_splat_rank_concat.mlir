// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=g --input=7.5 --input=iota --input=1 | FileCheck %s --check-prefix=VALUES

// tensor.splat (static and dynamic), tensor.rank and tensor.concat: printed
// and canonicalized as mlir-opt 22 does (the CHECK and CANON lines of @f are
// its output: the rank of a ranked tensor folds, a concat of one input is
// that input), and run by the engine.

func.func @f(%v: f32, %a: tensor<8xf32>, %b: tensor<?x4xf32>, %d: index) -> (tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %s = tensor.splat %v : tensor<8xf32>
  %t = tensor.splat %v[%d] : tensor<?x3xf32>
  %r = tensor.rank %a : tensor<8xf32>
  %c = tensor.concat dim(0) %a, %s : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  %c2 = tensor.concat dim(0) %b, %b : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %c3 = tensor.concat dim(1) %b : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %s, %t, %r, %c, %c2, %c3 : tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}
func.func @g(%v: f32, %a: tensor<2x3xf32>, %d: index) -> (tensor<2x2xf32>, index, tensor<2x5xf32>, tensor<?x3xf32>) {
  %s = tensor.splat %v : tensor<2x2xf32>
  %r = tensor.rank %a : tensor<2x3xf32>
  %c = tensor.concat dim(1) %a, %s : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
  %t = tensor.splat %v[%d] : tensor<?x3xf32>
  %u = tensor.concat dim(0) %a, %t : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %s, %r, %c, %u : tensor<2x2xf32>, index, tensor<2x5xf32>, tensor<?x3xf32>
}

// CHECK: func.func @f(%arg0: f32, %arg1: tensor<8xf32>, %arg2: tensor<?x4xf32>, %arg3: index) -> (tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<8xf32>
// CHECK-NEXT: %splat_0 = tensor.splat %arg0[%arg3] : tensor<?x3xf32>
// CHECK-NEXT: %rank = tensor.rank %arg1 : tensor<8xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg1, %splat : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK-NEXT: %concat_1 = tensor.concat dim(0) %arg2, %arg2 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %concat_2 = tensor.concat dim(1) %arg2 : (tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: return %splat, %splat_0, %rank, %concat, %concat_1, %concat_2 : tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>
// CHECK-NEXT: }

// CANON: func.func @f(%arg0: f32, %arg1: tensor<8xf32>, %arg2: tensor<?x4xf32>, %arg3: index) -> (tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: %splat = tensor.splat %arg0 : tensor<8xf32>
// CANON-NEXT: %splat_0 = tensor.splat %arg0[%arg3] : tensor<?x3xf32>
// CANON-NEXT: %concat = tensor.concat dim(0) %arg1, %splat : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CANON-NEXT: %concat_1 = tensor.concat dim(0) %arg2, %arg2 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CANON-NEXT: return %splat, %splat_0, %c1, %concat, %concat_1, %arg2 : tensor<8xf32>, tensor<?x3xf32>, index, tensor<16xf32>, tensor<?x4xf32>, tensor<?x4xf32>
// CANON-NEXT: }

// VALUES: // result #0: tensor<2x2xf32>
// VALUES-NEXT: {{\[}}[7.5, 7.5],
// VALUES-NEXT: [7.5, 7.5]]
// VALUES-NEXT: // result #1: index
// VALUES-NEXT: 2
// VALUES-NEXT: // result #2: tensor<2x5xf32>
// VALUES-NEXT: {{\[}}[0.0, 1.0, 2.0, 7.5, 7.5],
// VALUES-NEXT: [3.0, 4.0, 5.0, 7.5, 7.5]]
// VALUES-NEXT: // result #3: tensor<3x3xf32>
// VALUES-NEXT: {{\[}}[0.0, 1.0, 2.0],
// VALUES-NEXT: [3.0, 4.0, 5.0],
// VALUES-NEXT: [7.5, 7.5, 7.5]]
