// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=f --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// reduction_to_contract folds the transpose of a contraction's lhs into its
// map and keeps the combining kind. mlir-opt 22 rebuilds the op as an
// <add> contraction here, which computes other values
// (docs/differences.md); the engine computes the same before and after.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: vector.contract {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %arg0, %arg1, %arg2 : vector<4x8xf32>, vector<4x8xf32> into vector<8x8xf32>
func.func @f(%a: vector<4x8xf32>, %b: vector<4x8xf32>, %c: vector<8x8xf32>) -> vector<8x8xf32> {
  %t = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %t, %b, %c : vector<8x4xf32>, vector<4x8xf32> into vector<8x8xf32>
  return %r : vector<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.reduction_to_contract
    } : !transform.any_op
    transform.yield
  }
}
