// RUN: tessel-opt %s -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:5 --input=random:6 --output=%t.before.npy --output=%t.before1.npy
// RUN: tessel-opt %s -transform-interpreter --run=f --input=random:5 --input=random:6 --output=%t.after.npy --output=%t.after1.npy
// RUN: cmp %t.before.npy %t.after.npy

// The fold patterns from a transform schedule (mlir-opt 22 spells the
// descriptor transform.apply_patterns.tensor.fold_into_pack_and_unpack),
// then canonicalization with cse. The pack of a transpose becomes one
// pack; the pack of an empty tensor is its dest (the first result is
// compared before and after: the second reads tensor.empty, whose contents
// are undefined).
// CHECK-LABEL: func.func @f(
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<2x3x4x8xf32>
// CHECK:         %[[P:.+]] = tensor.pack %arg0 outer_dims_perm = [0, 1] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %[[E]] : tensor<16x12xf32> -> tensor<2x3x4x8xf32>
// CHECK:         return %[[P]], %arg1
// CHECK:       transform.apply_patterns to %{{.+}} {
// CHECK-NEXT:    transform.apply_patterns.tensor.fold_into_pack_and_unpack
// CHECK-NEXT:    transform.apply_patterns.linalg.fold_pack_unpack_into_empty
// CHECK-NEXT:  } : !transform.any_op
// CHECK:       transform.apply_patterns to %{{.+}} {
// CHECK-NEXT:    transform.apply_patterns.canonicalization
// CHECK-NEXT:  } {apply_cse} : !transform.any_op
func.func @f(%s: tensor<16x12xf32>, %d: tensor<2x2x8xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x2x8xf32>) {
  %e0 = tensor.empty() : tensor<12x16xf32>
  %t = linalg.transpose ins(%s : tensor<16x12xf32>) outs(%e0 : tensor<12x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<3x2x4x8xf32>
  %p = tensor.pack %t inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<12x16xf32> -> tensor<3x2x4x8xf32>
  %e1 = tensor.empty() : tensor<2x3x4x8xf32>
  %t1 = linalg.transpose ins(%p : tensor<3x2x4x8xf32>) outs(%e1 : tensor<2x3x4x8xf32>) permutation = [1, 0, 2, 3]
  %none = tensor.empty() : tensor<2x16xf32>
  %q = tensor.pack %none inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<2x16xf32> -> tensor<2x2x8xf32>
  return %t1, %q : tensor<2x3x4x8xf32>, tensor<2x2x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.tensor.fold_into_pack_and_unpack
      transform.apply_patterns.linalg.fold_pack_unpack_into_empty
    } : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } {apply_cse} : !transform.any_op
    transform.yield
  }
}
