// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file --pack-spelling=linalg | FileCheck %s

// Tiled code that must be no worse than mlir-opt 22's, and the LLVM 17-19
// spelling of tile_using_for (sizes without the `tile_sizes` keyword).

// Rows cut by the tiles (2 of 32, 4 of 16): upstream unpacks each tile's one
// row into `tensor<?x?xf32>`; tessel's temporary is static (a design
// difference docs/differences.md lists).
// CHECK-DAG:   #[[ROW0:.+]] = affine_map<(d0) -> (d0 floordiv 32)>
// CHECK-DAG:   #[[SHIFT0:.+]] = affine_map<(d0) -> (d0 mod 32)>
// CHECK-DAG:   #[[ROW1:.+]] = affine_map<(d0) -> (d0 floordiv 16)>
// CHECK-DAG:   #[[SHIFT1:.+]] = affine_map<(d0) -> (d0 mod 16)>
// CHECK-LABEL: func.func @rows_cut_by_tiles(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<4x8x32x16xf32>
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[A:.+]] = %{{.+}})
// CHECK:           scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[B:.+]] = %[[A]])
// CHECK-DAG:         %[[R0:.+]] = affine.apply #[[ROW0]](%[[I]])
// CHECK-DAG:         %[[S0:.+]] = affine.apply #[[SHIFT0]](%[[I]])
// CHECK-DAG:         %[[R1:.+]] = affine.apply #[[ROW1]](%[[J]])
// CHECK-DAG:         %[[S1:.+]] = affine.apply #[[SHIFT1]](%[[J]])
// CHECK:             %[[IN:.+]] = tensor.extract_slice %[[SRC]][%[[R0]], %[[R1]], 0, 0] [1, 1, 32, 16] [1, 1, 1, 1] : tensor<4x8x32x16xf32> to tensor<1x1x32x16xf32>
// CHECK:             %[[TMP:.+]] = tensor.empty() : tensor<32x16xf32>
// CHECK:             %[[U:.+]] = linalg.unpack %[[IN]] inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %[[TMP]] : tensor<1x1x32x16xf32> -> tensor<32x16xf32>
// CHECK:             %[[PART:.+]] = tensor.extract_slice %[[U]][%[[S0]], %[[S1]]] [2, 4] [1, 1] : tensor<32x16xf32> to tensor<2x4xf32>
// CHECK:             tensor.insert_slice %[[PART]] into %[[B]][%[[I]], %[[J]]] [2, 4] [1, 1]
func.func @rows_cut_by_tiles(%src: tensor<4x8x32x16xf32>, %dst: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %dst : tensor<4x8x32x16xf32> -> tensor<128x128xf32>
  return %0 : tensor<128x128xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic extents, tile sizes that are multiples of the inner tiles: every
// tile starts on a row, so the unpack goes straight into the dest slice, no
// temporary and no `mod` shift (what mlir-opt 22 produces, op for op). The
// tile of 4 along a dim with rows of 4 reads exactly 1 row; the tile of 12
// reads ceil(size / 4) rows, the last one truncated by the unpack.
// CHECK-DAG:   #[[SZ0:.+]] = affine_map<(d0)[s0] -> (-d0 + s0, 4)>
// CHECK-DAG:   #[[SZ1:.+]] = affine_map<(d0)[s0] -> (-d0 + s0, 12)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0) -> (d0 floordiv 4)>
// CHECK-DAG:   #[[ROWS:.+]] = affine_map<(d0) -> (d0 ceildiv 4)>
// CHECK-LABEL: func.func @dynamic_rows_start_on_tiles(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<?x?x4x4xf32>, %[[DST:[^:]+]]: tensor<?x?xf32>
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %[[DST]], %{{.+}}
// CHECK-DAG:     %[[D1:.+]] = tensor.dim %[[DST]], %{{.+}}
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %[[D0]] step %{{.+}} iter_args(%[[A:.+]] = %[[DST]])
// CHECK:           scf.for %[[J:.+]] = %{{.+}} to %[[D1]] step %{{.+}} iter_args(%[[B:.+]] = %[[A]])
// CHECK-NOT:         tensor.empty
// CHECK-DAG:         %[[SI:.+]] = affine.min #[[SZ0]](%[[I]])[%[[D0]]]
// CHECK-DAG:         %[[SJ:.+]] = affine.min #[[SZ1]](%[[J]])[%[[D1]]]
// CHECK-DAG:         %[[RI:.+]] = affine.apply #[[ROW]](%[[I]])
// CHECK-DAG:         %[[RJ:.+]] = affine.apply #[[ROW]](%[[J]])
// CHECK-DAG:         %[[NJ:.+]] = affine.apply #[[ROWS]](%[[SJ]])
// CHECK:             %[[IN:.+]] = tensor.extract_slice %[[SRC]][%[[RJ]], %[[RI]], 0, 0] [%[[NJ]], 1, 4, 4] [1, 1, 1, 1]
// CHECK:             %[[OUT:.+]] = tensor.extract_slice %[[B]][%[[I]], %[[J]]] [%[[SI]], %[[SJ]]] [1, 1]
// CHECK:             %[[U:.+]] = linalg.unpack %[[IN]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %[[OUT]]
// CHECK:             %[[R:.+]] = tensor.insert_slice %[[U]] into %[[B]][%[[I]], %[[J]]] [%[[SI]], %[[SJ]]] [1, 1]
// CHECK:             scf.yield %[[R]]
func.func @dynamic_rows_start_on_tiles(%src: tensor<?x?x4x4xf32>, %dst: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %dst : tensor<?x?x4x4xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [4, 12] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A padded pack with SSA inner tiles, dynamically tiled: the source's dims
// are read first, then each dim's offset and clamped size, in mlir-opt 22's
// order.
// CHECK-DAG:   #[[OFF:.+]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG:   #[[CLAMP:.+]] = affine_map<(d0, d1)[s0, s1] -> (d0 * s0, -(d1 * s0) + s1)>
// CHECK-LABEL: func.func @padded_pack_ssa_tiles(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<?x?xf32>, %[[DST:[^:]+]]: tensor<?x?x?x?xf32>, %[[PAD:[^:]+]]: f32, %[[T0:[^:]+]]: index, %[[T1:[^:]+]]: index
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK-DAG:         %[[SI:.+]] = affine.min #{{.+}}(%[[I]])
// CHECK-DAG:         %[[SJ:.+]] = affine.min #{{.+}}(%[[J]])
// CHECK:             %[[N0:.+]] = tensor.dim %[[SRC]], %{{.+}}
// CHECK-NEXT:        %[[N1:.+]] = tensor.dim %[[SRC]], %{{.+}}
// CHECK-NEXT:        %[[O0:.+]] = affine.apply #[[OFF]](%[[J]])[%[[T0]]]
// CHECK-NEXT:        %[[Z0:.+]] = affine.min #[[CLAMP]](%[[SJ]], %[[J]])[%[[T0]], %[[N0]]]
// CHECK-NEXT:        %[[O1:.+]] = affine.apply #[[OFF]](%[[I]])[%[[T1]]]
// CHECK-NEXT:        %[[Z1:.+]] = affine.min #[[CLAMP]](%[[SI]], %[[I]])[%[[T1]], %[[N1]]]
// CHECK-NEXT:        %[[IN:.+]] = tensor.extract_slice %[[SRC]][%[[O0]], %[[O1]]] [%[[Z0]], %[[Z1]]] [1, 1]
// CHECK:             linalg.pack %[[IN]] padding_value(%[[PAD]] : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%[[T0]], %[[T1]]]
func.func @padded_pack_ssa_tiles(%src: tensor<?x?xf32>, %dst: tensor<?x?x?x?xf32>, %pad: f32, %t0: index, %t1: index) -> tensor<?x?x?x?xf32> {
  %0 = linalg.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%t0, %t1] into %dst : tensor<?x?xf32> -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [3, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
