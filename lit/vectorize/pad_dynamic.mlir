// RUN: tessel-opt %s -transform-interpreter | FileCheck %s

// Pads with dynamic shapes vectorize as in mlir-opt 22 (the CHECK lines
// hold for both): a dynamic result size is reified as source dim + low +
// high before the masked read, and the write into the tensor.empty of that
// size is masked by its sizes; low padding is allowed on a unit result dim.
// CHECK: #[[$SUM:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @dynamic_result(
// CHECK-SAME: %[[SRC:[^:]+]]: tensor<?x?xf32>, %[[H0:[^:]+]]: index, %[[H1:[^:]+]]: index
// CHECK:      %[[D0:.+]] = tensor.dim %[[SRC]], %{{.+}} : tensor<?x?xf32>
// CHECK-NEXT: %[[R0:.+]] = affine.apply #[[$SUM]]()[%[[D0]], %[[H0]]]
// CHECK:      %[[D1:.+]] = tensor.dim %[[SRC]], %{{.+}} : tensor<?x?xf32>
// CHECK-NEXT: %[[R1:.+]] = affine.apply #[[$SUM]]()[%[[D1]], %[[H1]]]
// CHECK:      %[[READ:.+]] = vector.mask %{{.+}} { vector.transfer_read {{.+}} {in_bounds = [true, true]} : tensor<?x?xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
// CHECK-NEXT: %[[E:.+]] = tensor.empty(%[[R0]], %[[R1]]) : tensor<?x?xf32>
// CHECK:      %[[M:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<2x4xi1>
// CHECK-NEXT: vector.mask %[[M]] { vector.transfer_write %[[READ]], %[[E]][{{.+}}] {in_bounds = [true, true]} : vector<2x4xf32>, tensor<?x?xf32> } : vector<2x4xi1> -> tensor<?x?xf32>
func.func @dynamic_result(%src: tensor<?x?xf32>, %h0: index, %h1: index) -> tensor<?x?xf32> {
  %cst = arith.constant 42.43 : f32
  %c0 = arith.constant 0 : index
  %1 = tensor.pad %src low[0, %c0] high[%h0, %h1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @low_on_unit_dim(
// CHECK:      vector.create_mask %{{.+}}, %{{.+}} : vector<1x4xi1>
// CHECK:      tensor.empty() : tensor<1x4xf32>
// CHECK:      vector.transfer_write {{.+}} {in_bounds = [true, true]} : vector<1x4xf32>, tensor<1x4xf32>
func.func @low_on_unit_dim(%src: tensor<?x?xf32>, %h0: index, %h1: index, %l0: index) -> tensor<1x4xf32> {
  %cst = arith.constant 42.43 : f32
  %c0 = arith.constant 0 : index
  %1 = tensor.pad %src low[%l0, %c0] high[%h0, %h1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<1x4xf32>
  return %1 : tensor<1x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %0 = transform.structured.match ops{["tensor.pad"]} in %a : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [2, 4] : !transform.any_op
    %1 = transform.structured.match ops{["tensor.pad"]} in %b : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %1 vector_sizes [1, 4] : !transform.any_op
    transform.yield
  }
}
