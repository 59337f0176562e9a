// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 --input=random:5 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 --input=random:4 --input=random:5 > %t.after
// RUN: diff %t.before %t.after

// transform.structured.vectorize_children_and_apply_patterns as mlir-opt 22
// (the CHECK lines are its output): every op of the function vectorized,
// then the transfer permutation lowering and reduction-to-contract; the
// same values before and after.

// A matmul after a fill: the fill's splat is the contraction's accumulator
// (the read of what the fill wrote folds to it), the broadcast reads become
// plain reads and the multi-reduction a vector.contract.
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:[^:]+]]: tensor<8x16xf32>, %[[B:[^:]+]]: tensor<16x4xf32>, %{{.+}}: tensor<2xf32>)
// CHECK-NEXT: %[[P:.+]] = ub.poison : f32
// CHECK-NEXT: %[[Z:.+]] = arith.constant dense<0.000000e+00> : vector<8x4xf32>
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[E:.+]] = tensor.empty() : tensor<8x4xf32>
// CHECK-NEXT: %[[RA:.+]] = vector.transfer_read %[[A]][%[[C0]], %[[C0]]], %[[P]] {in_bounds = [true, true]} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK-NEXT: %[[RB:.+]] = vector.transfer_read %[[B]][%[[C0]], %[[C0]]], %[[P]] {in_bounds = [true, true]} : tensor<16x4xf32>, vector<16x4xf32>
// CHECK-NEXT: %[[R:.+]] = vector.contract {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[RA]], %[[RB]], %[[Z]] : vector<8x16xf32>, vector<16x4xf32> into vector<8x4xf32>
// CHECK-NEXT: %[[W:.+]] = vector.transfer_write %[[R]], %[[E]][%[[C0]], %[[C0]]] {in_bounds = [true, true]} : vector<8x4xf32>, tensor<8x4xf32>
// CHECK-NEXT: return %[[W]]
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %unused: tensor<2xf32>) -> tensor<8x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %d = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%d : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A contraction over two reduction loops with transposed operands and a
// transposed output: the transposes go into the contraction's maps.
// CHECK-LABEL: func.func @f(
// CHECK: vector.contract {indexing_maps = [#[[M0:.+]], #[[M1:.+]], #[[M2:.+]]], iterator_types = ["reduction", "parallel", "reduction", "parallel"], kind = #vector.kind<add>} %{{.+}}, %{{.+}}, %{{.+}} : vector<3x5x4xf32>, vector<4x2x3xf32> into vector<2x5xf32>
// CHECK-NOT: vector.transpose
// CHECK-NOT: vector.multi_reduction
func.func @f(%a: tensor<3x5x4xf32>, %b: tensor<4x2x3xf32>, %c: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d2, d3, d0)>, affine_map<(d0, d1, d2, d3) -> (d3, d1)>], iterator_types = ["reduction", "parallel", "reduction", "parallel"]} ins(%a, %b : tensor<3x5x4xf32>, tensor<4x2x3xf32>) outs(%c : tensor<2x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// With both cleanups disabled the broadcast reads and the multi-reduction
// stay.
// CHECK-LABEL: func.func @f(
// CHECK: vector.transfer_read %{{.+}} {in_bounds = [true, true, true], permutation_map = #{{.+}}} : tensor<4x6xf32>, vector<4x3x6xf32>
// CHECK: vector.multi_reduction <add>
// CHECK-NOT: vector.contract
func.func @f(%a: tensor<4x6xf32>, %b: tensor<6x3xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 {disable_multi_reduction_to_contract_patterns, disable_transfer_permutation_map_lowering_patterns} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
