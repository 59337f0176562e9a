// RUN: tessel-opt %s -canonicalize | FileCheck %s
// RUN: tessel-opt %s -canonicalize=constant-fold-limit=7 | FileCheck %s --check-prefix=LIMIT
// RUN: tessel-opt %s --run=f --output=%t.a.npy --output=%t.b.npy --output=%t.c.npy
// RUN: tessel-opt %s -canonicalize --run=f --output=%t.a1.npy --output=%t.b1.npy --output=%t.c1.npy
// RUN: cmp %t.a.npy %t.a1.npy
// RUN: cmp %t.b.npy %t.b1.npy
// RUN: cmp %t.c.npy %t.c1.npy

// Beyond mlir-opt 22, which folds packs and unpacks of splats only:
// canonicalize rearranges any dense constant through a pack (padding with
// the padding value), an unpack or a linalg.transpose, up to
// constant-fold-limit elements of the result (default 65536); splats fold
// whatever their size. The program computes the same bits either way.

// CHECK-LABEL: func.func @f(
// CHECK-DAG:     arith.constant dense<{{\[\[}}[1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]], {{\[\[}}5.000000e+00, -1.000000e+00], [6.000000e+00, -1.000000e+00]]]> : tensor<2x2x2xf32>
// CHECK-DAG:     arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>
// CHECK-DAG:     arith.constant dense<{{\[\[}}1, 3, 5], [2, 4, 6]]> : tensor<2x3xi8>
// CHECK-NOT:     tensor.pack
// CHECK-NOT:     tensor.unpack
// CHECK-NOT:     linalg.transpose

// Above the limit (8 elements) the pack stays; the 6-element results fold.
// LIMIT-LABEL: func.func @f(
// LIMIT:         tensor.pack
// LIMIT-NOT:     tensor.unpack
// LIMIT-NOT:     linalg.transpose
func.func @f() -> (tensor<2x2x2xf32>, tensor<6xf32>, tensor<2x3xi8>) {
  %pad = arith.constant -1.0 : f32
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %e = tensor.empty() : tensor<2x2x2xf32>
  %p = tensor.pack %a padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<3x2xf32> -> tensor<2x2x2xf32>
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %e1 = tensor.empty() : tensor<6xf32>
  %u = tensor.unpack %b inner_dims_pos = [0] inner_tiles = [4] into %e1 : tensor<2x4xf32> -> tensor<6xf32>
  %c = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %e2 = tensor.empty() : tensor<2x3xi8>
  %t = linalg.transpose ins(%c : tensor<3x2xi8>) outs(%e2 : tensor<2x3xi8>) permutation = [1, 0]
  return %p, %u, %t : tensor<2x2x2xf32>, tensor<6xf32>, tensor<2x3xi8>
}

// Splats fold as in mlir-opt 22 (a pack's padding value, if any, the same
// value); the order of the new constants can differ from mlir-opt's.
// CHECK-LABEL: func.func @splats(
// CHECK-DAG:     %[[U:.+]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[P:.+]] = arith.constant dense<2.000000e+00> : tensor<2x2x2xf32>
// CHECK:         return %[[P]], %[[U]]
func.func @splats() -> (tensor<2x2x2xf32>, tensor<4xf32>) {
  %c2 = arith.constant dense<2.0> : tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<2x2x2xf32>
  %p = tensor.pack %c2 inner_dims_pos = [0] inner_tiles = [2] into %e2 : tensor<4x2xf32> -> tensor<2x2x2xf32>
  %c3 = arith.constant dense<3.0> : tensor<2x2xf32>
  %e3 = tensor.empty() : tensor<4xf32>
  %u = tensor.unpack %c3 inner_dims_pos = [0] inner_tiles = [2] into %e3 : tensor<2x2xf32> -> tensor<4xf32>
  return %p, %u : tensor<2x2x2xf32>, tensor<4xf32>
}
