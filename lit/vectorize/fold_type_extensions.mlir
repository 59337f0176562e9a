// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// vectorize_children_and_apply_patterns {fold_type_extensions_into_contract}
// as mlir-opt 22 applies it (the CHECK lines are its output): a mixed
// precision matmul contracts the narrow reads, the arith.extf / extsi the
// vectorizer made folded into the vector.contract (which extends its
// operands itself); the same values before and after.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = ub.poison : f16
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %1 {in_bounds = [true, true]} : tensor<4x6xf16>, vector<4x6xf16>
// CHECK-NEXT: %3 = vector.transfer_read %arg1[%c0, %c0], %1 {in_bounds = [true, true]} : tensor<6x8xf16>, vector<6x8xf16>
// CHECK-NEXT: %4 = vector.transfer_read %arg2[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %2, %3, %4 : vector<4x6xf16>, vector<6x8xf16> into vector<4x8xf32>
// CHECK-NEXT: %6 = vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT: return %6 : tensor<4x8xf32>
func.func @f(%a: tensor<4x6xf16>, %b: tensor<6x8xf16>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x6xf16>, tensor<6x8xf16>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {fold_type_extensions_into_contract} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = ub.poison : i8
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %1 {in_bounds = [true, true]} : tensor<4x6xi8>, vector<4x6xi8>
// CHECK-NEXT: %3 = vector.transfer_read %arg1[%c0, %c0], %1 {in_bounds = [true, true]} : tensor<6x8xi8>, vector<6x8xi8>
// CHECK-NEXT: %4 = vector.transfer_read %arg2[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<4x8xi32>, vector<4x8xi32>
// CHECK-NEXT: %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %2, %3, %4 : vector<4x6xi8>, vector<6x8xi8> into vector<4x8xi32>
// CHECK-NEXT: %6 = vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xi32>, tensor<4x8xi32>
// CHECK-NEXT: return %6 : tensor<4x8xi32>
func.func @f(%a: tensor<4x6xi8>, %b: tensor<6x8xi8>, %c: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x6xi8>, tensor<6x8xi8>) outs(%c : tensor<4x8xi32>) -> tensor<4x8xi32>
  return %r : tensor<4x8xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {fold_type_extensions_into_contract} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
