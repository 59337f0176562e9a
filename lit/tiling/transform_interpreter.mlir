// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file | FileCheck %s

// Upstream's way of asking for tiling: a transform schedule in the file, run
// by -transform-interpreter (either op spelling matches); like mlir-opt 22,
// the schedule stays in the output after it ran.

// CHECK-DAG: #[[OFF:.+]] = affine_map<(d0) -> (d0 * 16)>
// CHECK-LABEL: func.func @pack_2d(
// CHECK-SAME:    %[[IN:[^:]+]]: tensor<64x96xf32>, %[[OUT:[^:]+]]: tensor<4x6x16x16xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK:         scf.for %[[J:.+]] = %[[C0]] to %[[C6]] step %[[C3]] iter_args(%[[A:.+]] = %[[OUT]])
// CHECK:           scf.for %[[I:.+]] = %[[C0]] to %[[C4]] step %[[C2]] iter_args(%[[B:.+]] = %[[A]])
// CHECK-DAG:         %[[R:.+]] = affine.apply #[[OFF]](%[[I]])
// CHECK-DAG:         %[[S:.+]] = affine.apply #[[OFF]](%[[J]])
// CHECK:             %[[SUB_IN:.+]] = tensor.extract_slice %[[IN]][%[[R]], %[[S]]] [32, 48] [1, 1] : tensor<64x96xf32> to tensor<32x48xf32>
// CHECK:             %[[SUB_OUT:.+]] = tensor.extract_slice %[[B]][%[[I]], %[[J]], 0, 0] [2, 3, 16, 16] [1, 1, 1, 1]
// CHECK:             %[[P:.+]] = tensor.pack %[[SUB_IN]] inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %[[SUB_OUT]]
// CHECK:             tensor.insert_slice %[[P]] into %[[B]][%[[I]], %[[J]], 0, 0] [2, 3, 16, 16] [1, 1, 1, 1]
// CHECK:       module attributes {transform.with_named_sequence}
// CHECK:         transform.structured.tile_using_for
func.func @pack_2d(%in: tensor<64x96xf32>, %out: tensor<4x6x16x16xf32>) -> tensor<4x6x16x16xf32> {
  %0 = tensor.pack %in inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %out : tensor<64x96xf32> -> tensor<4x6x16x16xf32>
  return %0 : tensor<4x6x16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 3] interchange = [1, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An unpack whose tiles cross rows, in a forall: the temporary is static.
// Dim 0: 20 elements, rows of 8, tiles of 6 -> at most 2 rows -> 16.
// Dim 1: 12 elements, rows of 8, tiles of 5 -> at most 2 rows -> 16.
// CHECK-LABEL: func.func @unpack_forall(
// CHECK:         scf.forall (%{{.+}}, %{{.+}}) in (4, 3) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<20x12xf32>) {
// CHECK:           %[[TMP:.+]] = tensor.empty() : tensor<16x16xf32>
// CHECK:           %[[U:.+]] = tensor.unpack %{{.+}} inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %{{.+}} : tensor<?x?x8x8xf32> -> tensor<?x?xf32>
// CHECK:           %[[PART:.+]] = tensor.extract_slice %[[U]]
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[PART]] into %[[O]]
// CHECK:       module attributes {transform.with_named_sequence}
func.func @unpack_forall(%in: tensor<3x2x8x8xf32>, %out: tensor<20x12xf32>) -> tensor<20x12xf32> {
  %0 = tensor.unpack %in inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : tensor<3x2x8x8xf32> -> tensor<20x12xf32>
  return %0 : tensor<20x12xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %0 tile_sizes [6, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
