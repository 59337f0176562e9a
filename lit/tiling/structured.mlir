// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file | FileCheck %s

// Structured ops tile like upstream's LinalgOp TilingInterface: each
// operand is sliced where its indexing map sends the tile, the tiled op is
// the same op on the slices, and linalg.index sees whole-op coordinates.

// CHECK-DAG:   #[[M:.+]] = affine_map<(d0) -> (-d0 + 6, 4)>
// CHECK-DAG:   #[[N:.+]] = affine_map<(d0) -> (-d0 + 7, 3)>
// CHECK-DAG:   #[[K:.+]] = affine_map<(d0) -> (-d0 + 10, 4)>
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<6x10xf32>, %[[B:[^:]+]]: tensor<10x7xf32>, %[[C:[^:]+]]: tensor<6x7xf32>
// CHECK:         scf.for %[[I:[^ ]+]] = {{.+}} iter_args(%[[C1:[^ ]+]] = %[[C]])
// CHECK:           scf.for %[[J:[^ ]+]] = {{.+}} iter_args(%[[C2:[^ ]+]] = %[[C1]])
// CHECK:             scf.for %[[L:[^ ]+]] = {{.+}} iter_args(%[[C3:[^ ]+]] = %[[C2]])
// CHECK-DAG:           %[[SM:.+]] = affine.min #[[M]](%[[I]])
// CHECK-DAG:           %[[SN:.+]] = affine.min #[[N]](%[[J]])
// CHECK-DAG:           %[[SK:.+]] = affine.min #[[K]](%[[L]])
// CHECK:               %[[TA:.+]] = tensor.extract_slice %[[A]][%[[I]], %[[L]]] [%[[SM]], %[[SK]]] [1, 1]
// CHECK:               %[[TB:.+]] = tensor.extract_slice %[[B]][%[[L]], %[[J]]] [%[[SK]], %[[SN]]] [1, 1]
// CHECK:               %[[TC:.+]] = tensor.extract_slice %[[C3]][%[[I]], %[[J]]] [%[[SM]], %[[SN]]] [1, 1]
// CHECK:               %[[P:.+]] = linalg.matmul ins(%[[TA]], %[[TB]] : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[TC]] : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK:               tensor.insert_slice %[[P]] into %[[C3]][%[[I]], %[[J]]] [%[[SM]], %[[SN]]] [1, 1]
func.func @matmul(%a: tensor<6x10xf32>, %b: tensor<10x7xf32>, %c: tensor<6x7xf32>) -> tensor<6x7xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<6x10xf32>, tensor<10x7xf32>) outs(%c : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %l:3 = transform.structured.tile_using_for %m tile_sizes [4, 3, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A reduction tiled with scf.for; linalg.index is shifted by the tile's offset.
// CHECK-LABEL: func.func @row_weighted_sum(
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel", "reduction"]} ins(%{{.+}} : tensor<?x?xf32>) outs(%{{.+}} : tensor<?xf32>) {
// CHECK:               %[[IX:.+]] = linalg.index 1 : index
// CHECK:               %[[G:.+]] = affine.apply #{{.+}}(%[[J]], %[[IX]])
// CHECK:               arith.index_cast %[[G]]
func.func @row_weighted_sum(%a: tensor<6x10xf32>, %r: tensor<6xf32>) -> tensor<6xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<6x10xf32>) outs(%r : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %m = arith.mulf %x, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %l:2 = transform.structured.tile_using_for %g tile_sizes [4, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
