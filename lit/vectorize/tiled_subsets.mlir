// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=f --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// A tiled matmul vectorized whole: the reads of the tiles' extract_slices
// read the tensors at the tile offsets, and the insert_slice of the tile's
// write is a write into the loop's tensor (the subset folds of
// vectorize_children_and_apply_patterns; the loop body is mlir-opt 22's).
// CHECK:      scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<16x8xf32>) {
// CHECK-NEXT: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[T:.+]] = %{{.+}}) -> (tensor<16x8xf32>) {
// CHECK-NEXT: %[[A:.+]] = vector.transfer_read %arg0[%[[I]], %[[C0:.+]]], %[[P:.+]] {in_bounds = [true, true]} : tensor<16x32xf32>, vector<4x32xf32>
// CHECK-NEXT: %[[B:.+]] = vector.transfer_read %arg1[%[[C0]], %[[J]]], %[[P]] {in_bounds = [true, true]} : tensor<32x8xf32>, vector<32x4xf32>
// CHECK-NEXT: %[[C:.+]] = vector.transfer_read %[[T]][%[[I]], %[[J]]], %[[P]] {in_bounds = [true, true]} : tensor<16x8xf32>, vector<4x4xf32>
// CHECK-NEXT: %[[R:.+]] = vector.contract {{.+}} %[[A]], %[[B]], %[[C]] : vector<4x32xf32>, vector<32x4xf32> into vector<4x4xf32>
// CHECK-NEXT: %[[W:.+]] = vector.transfer_write %[[R]], %[[T]][%[[I]], %[[J]]] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<16x8xf32>
// CHECK-NEXT: scf.yield %[[W]] : tensor<16x8xf32>
func.func @f(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x8xf32>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1 = transform.structured.tile_using_for %0 tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
