// RUN: tessel-opt %s -transform-interpreter | FileCheck %s

// Scalable vector sizes give scalable vectors and masks; a `0` in an input
// map broadcasts its first element (no mask: the map reads no loop). The
// CHECK lines are mlir-opt 22's output.
// CHECK-LABEL: func.func @scalable(
// CHECK:      %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[DIM:.+]] = tensor.dim %{{.+}}, %[[C0]] : tensor<?xf32>
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: ub.poison : f32
// CHECK-NEXT: %[[M:.+]] = vector.create_mask %[[DIM]] : vector<[4]xi1>
// CHECK-NEXT: vector.mask %[[M]] { vector.transfer_read %{{.+}}[%[[C0_0]]], %{{.+}} {in_bounds = [true]} : tensor<?xf32>, vector<[4]xf32> } : vector<[4]xi1> -> vector<[4]xf32>
// CHECK:      arith.addf %{{.+}}, %{{.+}} : vector<[4]xf32>
// CHECK:      vector.mask %[[M]] { vector.transfer_write %{{.+}} {in_bounds = [true]} : vector<[4]xf32>, tensor<?xf32> } : vector<[4]xi1> -> tensor<?xf32>
func.func @scalable(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%arg0, %arg1 : tensor<?xf32>, tensor<?xf32>) outs(%arg2 : tensor<?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %s = arith.addf %in0, %in1 : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @broadcast_first(
// CHECK:      %[[B:.+]] = vector.transfer_read %{{.+}}[%{{.+}}], %{{.+}} {permutation_map = #{{.+}}} : tensor<?xf32>, vector<4xf32>
// CHECK-NEXT: ub.poison : f32
// CHECK-NEXT: vector.create_mask %{{.+}} : vector<4xi1>
func.func @broadcast_first(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%arg0, %arg1 : tensor<?xf32>, tensor<?xf32>) outs(%arg2 : tensor<?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %s = arith.addf %in0, %in1 : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// A dynamic loop size comes from the first operand whose map has no `0`
// (here %arg1, not the broadcast %arg0).
// CHECK-LABEL: func.func @broadcast_dynamic(
// CHECK-SAME: %[[A0:[^:]+]]: tensor<?x?xf32>, %[[A1:[^:]+]]: tensor<?x?xf32>
// CHECK:      tensor.dim %[[A1]], %{{.+}} : tensor<?x?xf32>
// CHECK:      tensor.dim %[[A1]], %{{.+}} : tensor<?x?xf32>
func.func @broadcast_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %s = arith.addf %in0, %in1 : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %b, %c = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %2 = transform.structured.match ops{["linalg.generic"]} in %c : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %2 vector_sizes [4, 8] : !transform.any_op
    %0 = transform.structured.match ops{["linalg.generic"]} in %a : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[4]] : !transform.any_op
    %1 = transform.structured.match ops{["linalg.generic"]} in %b : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %1 vector_sizes [4] : !transform.any_op
    transform.yield
  }
}
