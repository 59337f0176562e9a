// RUN: tessel-opt %s -split-input-file --tile-pack-unpack="tile-sizes=3,1" --canonicalize --cse | FileCheck %s
// RUN: tessel-opt %s -split-input-file --tile-pack-unpack="tile-sizes=3,1 interchange=1,0 loop=forall" --canonicalize --cse | FileCheck %s --check-prefix=FORALL

// Tiles of the pack run over the outer dims of the dest, in dest order.
// outer_dims_perm = [1, 0] is undone before slicing the source (IREE #10902):
// dest dim 0 is source dim 1 (tile 4), dest dim 1 is source dim 0 (tile 8).
// With a padding value the source slice is clamped to the source.
// CHECK-DAG: #[[SZ0:.+]] = affine_map<(d0) -> (-d0 + 4, 3)>
// CHECK-DAG: #[[OFF0:.+]] = affine_map<(d0) -> (d0 * 8)>
// CHECK-DAG: #[[CLAMP0:.+]] = affine_map<(d0) -> (d0 * -8 + 13, 8)>
// CHECK-DAG: #[[OFF1:.+]] = affine_map<(d0) -> (d0 * 4)>
// CHECK-DAG: #[[CLAMP1:.+]] = affine_map<(d0, d1) -> (d1 * -4 + 15, d0 * 4)>
// CHECK-LABEL: func.func @pack_padded_permuted(
// CHECK-SAME:    %[[SRC:.+]]: tensor<13x15xf32>
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[A:.+]] = %{{.+}})
// CHECK:           scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[B:.+]] = %[[A]])
// CHECK:             %[[N:.+]] = affine.min #[[SZ0]](%[[I]])
// CHECK:             %[[R0:.+]] = affine.apply #[[OFF0]](%[[J]])
// CHECK:             %[[S0:.+]] = affine.min #[[CLAMP0]](%[[J]])
// CHECK:             %[[R1:.+]] = affine.apply #[[OFF1]](%[[I]])
// CHECK:             %[[S1:.+]] = affine.min #[[CLAMP1]](%[[N]], %[[I]])
// CHECK:             %[[IN:.+]] = tensor.extract_slice %[[SRC]][%[[R0]], %[[R1]]] [%[[S0]], %[[S1]]] [1, 1]
// CHECK:             %[[OUT:.+]] = tensor.extract_slice %[[B]][%[[I]], %[[J]], 0, 0] [%[[N]], 1, 8, 4] [1, 1, 1, 1]
// CHECK:             %[[P:.+]] = tensor.pack %[[IN]] padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[OUT]] : tensor<?x?xf32> -> tensor<?x1x8x4xf32>
// CHECK:             tensor.insert_slice %[[P]] into %[[B]][%[[I]], %[[J]], 0, 0] [%[[N]], 1, 8, 4] [1, 1, 1, 1]

// The forall is in MLIR's normalized form (as tile_using_forall builds it):
// it counts tiles, and each offset is the tile number times the tile size.
// FORALL-DAG: #[[TIMES3:.+]] = affine_map<(d0) -> (d0 * 3)>
// FORALL-LABEL: func.func @pack_padded_permuted(
// FORALL:         scf.forall (%[[J:.+]], %[[K:.+]]) in (2, 2) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<4x2x8x4xf32>) {
// FORALL:           %[[I:.+]] = affine.apply #[[TIMES3]](%[[K]])
// FORALL:           %[[P:.+]] = tensor.pack
// FORALL:           scf.forall.in_parallel {
// FORALL-NEXT:        tensor.parallel_insert_slice %[[P]] into %[[O]][%[[I]], %[[J]], 0, 0] [%{{.+}}, 1, 8, 4] [1, 1, 1, 1]
func.func @pack_padded_permuted(%src: tensor<13x15xf32>) -> tensor<4x2x8x4xf32> {
  %pad = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x2x8x4xf32>
  %0 = tensor.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %init : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}

// -----

// Without padding the source slices are whole tiles: no clamping.
// CHECK-LABEL: func.func @pack_full_tiles(
// CHECK-NOT:     affine.min #{{.+}}(%{{.+}}, %{{.+}})
// CHECK:         tensor.extract_slice %{{.+}}[%{{.+}}, %{{.+}}] [%{{.+}}, 1] [1, 1] : tensor<32x8xf32> to tensor<?x1xf32>
// CHECK:         tensor.pack %{{.+}} inner_dims_pos = [0] inner_tiles = [8] into %{{.+}} : tensor<?x1xf32> -> tensor<?x1x8xf32>
func.func @pack_full_tiles(%src: tensor<32x8xf32>, %init: tensor<4x8x8xf32>) -> tensor<4x8x8xf32> {
  %0 = tensor.pack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<32x8xf32> -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}
