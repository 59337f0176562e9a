// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack | FileCheck %s

// A fold that builds its dest from tensor.dim of the source. The ops are
// mlir-opt 22's; the constants it makes come out in another order (mlir-opt:
// %c1, %cst, %c0), which is why this case is not in
// fold_into_pack_unpack.mlir's byte-for-byte comparison.
// Dynamic outer sizes: the new dest is computed from the source's dims.
// CHECK-LABEL: func.func @transpose_into_pack_dynamic(
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %arg0, %[[C0]] : tensor<?x?xf32>
// CHECK-DAG:     %[[D1:.+]] = tensor.dim %arg0, %[[C1]] : tensor<?x?xf32>
// CHECK:         %[[O:.+]] = affine.apply #{{.+}}()[%[[D0]]]
// CHECK:         %[[E:.+]] = tensor.empty(%[[D1]], %[[O]]) : tensor<?x?x8xf32>
// CHECK:         tensor.pack %arg0 padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0] inner_tiles = [8] into %[[E]] : tensor<?x?xf32> -> tensor<?x?x8xf32>
func.func @transpose_into_pack_dynamic(%s: tensor<?x?xf32>, %e0: tensor<?x?xf32>, %d: tensor<?x?x8xf32>) -> tensor<?x?x8xf32> {
  %c = arith.constant 0.0 : f32
  %t = linalg.transpose ins(%s : tensor<?x?xf32>) outs(%e0 : tensor<?x?xf32>) permutation = [1, 0]
  %r = tensor.pack %t padding_value(%c : f32) inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<?x?xf32> -> tensor<?x?x8xf32>
  return %r : tensor<?x?x8xf32>
}
