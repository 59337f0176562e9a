// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | tessel-opt -split-input-file -verify-each

// Vector sizes given by transform values, as mlir-opt 22 reads them: an op
// handle to a single constant of index type, or a parameter made by
// transform.param.constant. The sizes are those of the static form.

// CHECK-LABEL: func.func @from_a_constant(
// CHECK:      %[[MASK:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<8x4xi1>
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_read %{{.+}} : tensor<?x?xf32>, vector<8x4xf32> } : vector<8x4xi1> -> vector<8x4xf32>
// CHECK:      vector.mask %{{.+}} { vector.transfer_write %{{.+}} : vector<8x4xf32>, tensor<?x?xf32> } : vector<8x4xi1> -> tensor<?x?xf32>
func.func @from_a_constant(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c8 = arith.constant 8 : index
  %0 = linalg.copy ins(%a : tensor<?x?xf32>) outs(%b : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %size = transform.structured.match ops{["arith.constant"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [%size, 4] : !transform.any_op, !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @from_params(
// CHECK:      vector.create_mask %{{.+}}, %{{.+}}, %{{.+}} : vector<4x8x16xi1>
// CHECK:      vector.multi_reduction <add>, %{{.+}}, %{{.+}} [0] : vector<4x8x16xf32> to vector<8x16xf32>
func.func @from_params(%a: tensor<?x?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
    ins(%a : tensor<?x?x?xf32>) outs(%b : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %in, %out : f32
    linalg.yield %1 : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %sixteen = transform.param.constant 16 -> !transform.param<i64>
    transform.structured.vectorize %0 vector_sizes [%four, 8, %sixteen] : !transform.any_op, !transform.param<i64>, !transform.param<i64>
    transform.yield
  }
}
