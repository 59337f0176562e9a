// RUN: tessel-opt %s -transform-interpreter | FileCheck %s

// Dynamic outer dims (static tiles) lower as mlir-opt 22 lowers them: the
// high padding from the dest's outer extent and the source's size, the
// expanded outer extent divided at run time, the unpack's slice sized by
// the dest. tests/lower_differential.rs executes 400 random dynamic cases.

// CHECK: #[[MAP:.+]] = affine_map<()[s0, s1] -> (s0 * 8 - s1)>
// CHECK-LABEL: func.func @f(
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[DS:.+]] = tensor.dim %arg0, %[[C0]] : tensor<?x16xf32>
// CHECK:         %[[DD:.+]] = tensor.dim %arg1, %[[C0]] : tensor<?x2x8x8xf32>
// CHECK:         %[[H:.+]] = affine.apply #[[MAP]]()[%[[DD]], %[[DS]]]
// CHECK:         %[[P:.+]] = tensor.pad %arg0 low[0, 0] high[%[[H]], 0]
// CHECK:         } : tensor<?x16xf32> to tensor<?x16xf32>
// CHECK:         %[[DP:.+]] = tensor.dim %[[P]], %[[C0]] : tensor<?x16xf32>
// CHECK:         %[[Q:.+]] = arith.divsi %[[DP]], %[[C8]] : index
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[P]] {{\[}}[0, 1], [2, 3]] output_shape [%[[Q]], 8, 2, 8] : tensor<?x16xf32> into tensor<?x8x2x8xf32>
// CHECK:         linalg.transpose ins(%[[E]] : tensor<?x8x2x8xf32>) outs(%arg1 : tensor<?x2x8x8xf32>) permutation = [0, 2, 1, 3]
func.func @f(%x: tensor<?x16xf32>, %d: tensor<?x2x8x8xf32>) -> tensor<?x2x8x8xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pack %x padding_value(%c : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<?x16xf32> -> tensor<?x2x8x8xf32>
  return %p : tensor<?x2x8x8xf32>
}

// CHECK-LABEL: func.func @g(
// CHECK:         %[[D0:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x2x8x8xf32>
// CHECK:         %[[E:.+]] = tensor.empty(%[[D0]]) : tensor<?x8x2x8xf32>
// CHECK:         %[[T:.+]] = linalg.transpose ins(%arg0 : tensor<?x2x8x8xf32>) outs(%[[E]] : tensor<?x8x2x8xf32>) permutation = [0, 2, 1, 3]
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2, 3]] : tensor<?x8x2x8xf32> into tensor<?x16xf32>
// CHECK:         %[[N:.+]] = tensor.dim %arg1, %{{.+}} : tensor<?x16xf32>
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[C]][0, 0] [%[[N]], 16] [1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
// CHECK:         linalg.copy ins(%[[S]] : tensor<?x16xf32>) outs(%arg1 : tensor<?x16xf32>)
func.func @g(%x: tensor<?x2x8x8xf32>, %d: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %u = tensor.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<?x2x8x8xf32> -> tensor<?x16xf32>
  return %u : tensor<?x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["tensor.pack"]} in %arg0 : (!transform.any_op) -> !transform.op<"tensor.pack">
    transform.structured.lower_pack %packs : (!transform.op<"tensor.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["tensor.unpack"]} in %arg0 : (!transform.any_op) -> !transform.op<"tensor.unpack">
    transform.structured.lower_unpack %unpacks : (!transform.op<"tensor.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
