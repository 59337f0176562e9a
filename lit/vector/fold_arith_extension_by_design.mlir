// COMPAT: tessel-only (mlir-opt 22 resets the kind and builds a contraction its verifier rejects)
// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:1 --input=random:2 --input=random:3 --input=random:4 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=f --input=random:1 --input=random:2 --input=random:3 --input=random:4 > %t.after
// RUN: diff %t.before %t.after

// Where tessel's fold_arith_extension differs from mlir-opt 22
// (docs/differences.md): a <maxnumf> contraction keeps its kind (22 makes it
// an <add>, computing sums), and sources of two element types (f16 and
// bf16) are left extended (22 contracts them, and its verifier rejects
// "lhs and rhs have same element type").

// CHECK-LABEL: func.func @f(
// CHECK: vector.contract {{.*}}kind = #vector.kind<maxnumf>} %arg0, %arg1, %arg2 : vector<2x3xf16>, vector<3x4xf16> into vector<2x4xf32>
// CHECK: arith.extf %arg3 : vector<3x4xbf16> to vector<3x4xf32>
// CHECK: vector.contract {{.*}} : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
func.func @f(%a: vector<2x3xf16>, %b: vector<3x4xf16>, %c: vector<2x4xf32>, %p: vector<3x4xbf16>) -> (vector<2x4xf32>, vector<2x4xf32>) {
  %ae = arith.extf %a : vector<2x3xf16> to vector<2x3xf32>
  %be = arith.extf %b : vector<3x4xf16> to vector<3x4xf32>
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %ae, %be, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %pe = arith.extf %p : vector<3x4xbf16> to vector<3x4xf32>
  %1 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ae, %pe, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return %0, %1 : vector<2x4xf32>, vector<2x4xf32>
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
