// RUN: tessel-opt %s --run=f --input=iota --input=iota | FileCheck %s
// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse --run=f --input=iota --input=iota | FileCheck %s

// The engine runs structured ops: a generic with a transposed operand and
// linalg.index, matmul, exp, a row reduction, integer max; tiled (by the
// schedule below) or not, the values are the same.
// a = [[0, 1, 2], [3, 4, 5]], b = [[0, 1], [2, 3], [4, 5]].
// CHECK:      // result #0: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}0.0, 4.0, 8.0],
// CHECK-NEXT:  [4.0, 8.0, 12.0]]
// CHECK:      // result #1: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}10.0, 13.0],
// CHECK-NEXT:  [28.0, 40.0]]
// CHECK:      // result #2: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}1.0, 2.7182817459106445, 7.389056205749512],
// CHECK:      // result #3: tensor<2xf32>
// CHECK-NEXT: [3.0, 12.0]
// CHECK:      // result #4: tensor<2x3xi32>
// CHECK-NEXT: {{\[\[}}0, 1, 2],
// CHECK-NEXT:  [3, 4, 5]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xi32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %f : f32
    linalg.yield %t : f32
  } -> tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x2xf32>
  %oz = linalg.fill ins(%z : f32) outs(%o : tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%oz : tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = linalg.exp ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = tensor.empty() : tensor<2xf32>
  %rz = linalg.fill ins(%z : f32) outs(%r : tensor<2xf32>) -> tensor<2xf32>
  %3 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%rz : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %ie = tensor.empty() : tensor<2x3xi32>
  %ai = arith.fptosi %a : tensor<2x3xf32> to tensor<2x3xi32>
  %4 = linalg.max ins(%ai, %ai : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %l1:2 = transform.structured.tile_using_for %g tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %l2:3 = transform.structured.tile_using_for %m tile_sizes [1, 1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %e = transform.structured.match ops{["linalg.exp", "linalg.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %t3, %f = transform.structured.tile_using_forall %e tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
