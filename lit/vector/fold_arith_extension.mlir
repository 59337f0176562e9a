// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.fold_arith_extension as mlir-opt 22
// applies it (the CHECK lines are its output): a contraction of two
// arith.extf (or two arith.extsi) contracts their sources.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<2x3xf16>, vector<3x4xf16> into vector<2x4xf32>
// CHECK-NEXT: %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg3, %arg4, %arg5 : vector<2x3xi8>, vector<3x4xi8> into vector<2x4xi32>
// CHECK-NEXT: return %0, %1 : vector<2x4xf32>, vector<2x4xi32>
func.func @f(%a: vector<2x3xf16>, %b: vector<3x4xf16>, %c: vector<2x4xf32>, %x: vector<2x3xi8>, %y: vector<3x4xi8>, %z: vector<2x4xi32>) -> (vector<2x4xf32>, vector<2x4xi32>) {
  %ae = arith.extf %a : vector<2x3xf16> to vector<2x3xf32>
  %be = arith.extf %b : vector<3x4xf16> to vector<3x4xf32>
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ae, %be, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %xe = arith.extsi %x : vector<2x3xi8> to vector<2x3xi32>
  %ye = arith.extsi %y : vector<3x4xi8> to vector<3x4xi32>
  %1 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %xe, %ye, %z : vector<2x3xi32>, vector<3x4xi32> into vector<2x4xi32>
  return %0, %1 : vector<2x4xf32>, vector<2x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.fold_arith_extension
    } : !transform.any_op
    transform.yield
  }
}
