// COMPAT: tessel-only (the first chunk is where mlir-opt 22 lowers wrongly)
// RUN: tessel-opt %s -split-input-file --run=f --input=iota --input=iota --input=1 --input=2 --input=1 --input=3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule --run=f --input=iota --input=iota --input=1 --input=2 --input=1 --input=3 > %t.after
// RUN: diff %t.before %t.after
// RUN: cat %t.after | FileCheck %s

// vector.contract lowered by transform.apply_patterns.vector.lower_contraction
// computes what it did before, under every strategy, masked or not (the
// inputs are small integers: every sum is exact, fused or not).

// A masked contraction whose result is the transposed product, (n, m)
// from (m, k) x (k, n), under the outer-product strategy. The mask is over
// (m, n, k); each outer product needs its (n, m) slice, so tessel
// transposes the mask to (k, n, m). mlir-opt 22 transposes it to
// (k, m, n): with m == n its IR is valid and masks the wrong lanes
// ([[11, 1], [14, 1]] in the engine), with m != n its IR does not verify.
// CHECK: // result #0: vector<2x2xf32>
// CHECK-NEXT: {{\[\[}}11.0, 29.0],
// CHECK-NEXT: [1.0, 1.0]]
func.func @f(%a: vector<2x3xf32>, %b: vector<3x2xf32>, %c: vector<2x2xf32>, %n0: index, %n1: index, %n2: index) -> vector<2x2xf32> {
  %m = vector.create_mask %n0, %n1, %n2 : vector<2x2x3xi1>
  %r = vector.mask %m { vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32> } : vector<2x2x3xi1> -> vector<2x2xf32>
  return %r : vector<2x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}
// -----

// dot, (k, m) x (n, k) into (n, m).
// CHECK: // result #0: vector<3x2xi32>
func.func @f(%a: vector<4x2xi32>, %b: vector<3x4xi32>, %c: i32, %n0: index, %n1: index, %n2: index) -> vector<3x2xi32> {
  %acc = vector.broadcast %c : i32 to vector<3x2xi32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<4x2xi32>, vector<3x4xi32> into vector<3x2xi32>
  return %r : vector<3x2xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
    } : !transform.any_op
    transform.yield
  }
}
// -----

// The generic unrolling of a masked batch matmul (llvmintr).
// CHECK: // result #0: vector<2x2x2xf32>
func.func @f(%a: vector<2x2x3xf32>, %b: vector<2x3x2xf32>, %c: f32, %n0: index, %n1: index, %n2: index) -> vector<2x2x2xf32> {
  %acc = vector.broadcast %c : f32 to vector<2x2x2xf32>
  %m = vector.create_mask %n0, %n1, %n0, %n2 : vector<2x2x2x3xi1>
  %r = vector.mask %m { vector.contract {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x2x3xf32>, vector<2x3x2xf32> into vector<2x2x2xf32> } : vector<2x2x2x3xi1> -> vector<2x2x2xf32>
  return %r : vector<2x2x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = llvmintr
    } : !transform.any_op
    transform.yield
  }
}
// -----

// parallelarith: a unit reduction dim, the rhs broadcast over m.
// CHECK: // result #0: vector<2x3xf32>
func.func @f(%a: vector<2x1xf32>, %b: vector<1x3xf32>, %c: f32, %n0: index, %n1: index, %n2: index) -> vector<2x3xf32> {
  %acc = vector.broadcast %c : f32 to vector<2x3xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x1xf32>, vector<1x3xf32> into vector<2x3xf32>
  return %r : vector<2x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = parallelarith
    } : !transform.any_op
    transform.yield
  }
}
// -----

// i8 x i8 into i32 through masked outer products, lowered on to
// extsi, muli, addi and select.
// CHECK: // result #0: vector<3x2xi32>
func.func @f(%a: vector<4x3xi8>, %b: vector<4x2xi8>, %c: i32, %n0: index, %n1: index, %n2: index) -> vector<3x2xi32> {
  %acc = vector.broadcast %c : i32 to vector<3x2xi32>
  %m = vector.create_mask %n2, %n0, %n2 : vector<3x2x4xi1>
  %r = vector.mask %m { vector.contract {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<4x3xi8>, vector<4x2xi8> into vector<3x2xi32> } : vector<3x2x4xi1> -> vector<3x2xi32>
  return %r : vector<3x2xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}