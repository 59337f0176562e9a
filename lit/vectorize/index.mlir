// RUN: tessel-opt %s -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s --run=f --input=iota > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=f --input=iota > %t.after
// RUN: diff %t.before %t.after

// linalg.index vectorizes as mlir-opt 22 does (the CHECK lines are its
// output): vector.step along the loop, broadcast with the loop swapped
// innermost and transposed back unless it is the innermost.
// CHECK-LABEL: func.func @f(
// CHECK:      %[[S0:.+]] = vector.step : vector<4xindex>
// CHECK-NEXT: %[[B0:.+]] = vector.broadcast %[[S0]] : vector<4xindex> to vector<8x4xindex>
// CHECK-NEXT: %[[T0:.+]] = vector.transpose %[[B0]], [1, 0] : vector<8x4xindex> to vector<4x8xindex>
// CHECK-NEXT: %[[S1:.+]] = vector.step : vector<8xindex>
// CHECK-NEXT: %[[B1:.+]] = vector.broadcast %[[S1]] : vector<8xindex> to vector<4x8xindex>
// CHECK-NEXT: arith.addi %[[T0]], %[[B1]] : vector<4x8xindex>
func.func @f(%o: tensor<4x8xindex>) -> tensor<4x8xindex> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%o : tensor<4x8xindex>) {
  ^bb0(%out: index):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    linalg.yield %s : index
  } -> tensor<4x8xindex>
  return %r : tensor<4x8xindex>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}
