// RUN: tessel-opt %s --pass-pipeline='builtin.module(func.func(tile-pack-unpack{tile-sizes=15}))' | FileCheck %s

// The IREE PR 10823 example: 32 elements stored as 4 rows of 8, tiled by 15.
// The second tile, result[15..30), needs rows 1..3: the tiled unpack makes
// 3 * 8 = 24 elements and the tile takes 15 of them from offset 7. Upstream
// allocates tensor<?xf32> per iteration; tessel's temporary is
// tensor<24xf32>, the most rows any of the tiles [0,15) [15,30) [30,32)
// needs (2, 3, 1) times 8.

// CHECK-DAG: #[[SZ:.+]] = affine_map<(d0) -> (-d0 + 32, 15)>
// CHECK-DAG: #[[FIRST:.+]] = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-DAG: #[[ROWS:.+]] = affine_map<(d0, d1) -> ((d0 + d1 - 1) floordiv 8 - d0 floordiv 8 + 1)>
// CHECK-DAG: #[[SHIFT:.+]] = affine_map<(d0) -> (d0 mod 8)>
// CHECK-LABEL: func.func @unpack_1d(
// CHECK-SAME:    %[[SRC:.+]]: tensor<4x8xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C15:.+]] = arith.constant 15 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<32xf32>
// CHECK:         %[[R:.+]] = scf.for %[[I:.+]] = %[[C0]] to %[[C32]] step %[[C15]] iter_args(%[[ACC:.+]] = %[[INIT]]) -> (tensor<32xf32>) {
// CHECK:           %[[N:.+]] = affine.min #[[SZ]](%[[I]])
// CHECK:           %[[R0:.+]] = affine.apply #[[FIRST]](%[[I]])
// CHECK:           %[[SH:.+]] = affine.apply #[[SHIFT]](%[[I]])
// CHECK:           %[[NR:.+]] = affine.apply #[[ROWS]](%[[I]], %[[N]])
// CHECK:           %[[NE:.+]] = arith.muli %[[NR]], %[[C8]] : index
// CHECK:           %[[IN:.+]] = tensor.extract_slice %[[SRC]][%[[R0]], 0] [%[[NR]], 8] [1, 1] : tensor<4x8xf32> to tensor<?x8xf32>
// CHECK:           %[[TMP:.+]] = tensor.empty() : tensor<24xf32>
// CHECK:           %[[VIEW:.+]] = tensor.extract_slice %[[TMP]][0] [%[[NE]]] [1] : tensor<24xf32> to tensor<?xf32>
// CHECK:           %[[U:.+]] = tensor.unpack %[[IN]] inner_dims_pos = [0] inner_tiles = [8] into %[[VIEW]] : tensor<?x8xf32> -> tensor<?xf32>
// CHECK:           %[[PART:.+]] = tensor.extract_slice %[[U]][%[[SH]]] [%[[N]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK:           %[[NEXT:.+]] = tensor.insert_slice %[[PART]] into %[[ACC]][%[[I]]] [%[[N]]] [1] : tensor<?xf32> into tensor<32xf32>
// CHECK:           scf.yield %[[NEXT]] : tensor<32xf32>
// CHECK:         return %[[R]] : tensor<32xf32>
func.func @unpack_1d(%src: tensor<4x8xf32>) -> tensor<32xf32> {
  %init = tensor.empty() : tensor<32xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<4x8xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
