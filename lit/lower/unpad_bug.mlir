// RUN: tessel-opt %s -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s --run=bug --input=random:3 --input=0 --output=%t.packed.npy
// RUN: tessel-opt %s -transform-interpreter --run=bug --input=random:3 --input=0 --output=%t.lowered.npy
// RUN: cmp %t.packed.npy %t.lowered.npy

// The unpad shortcut of mlir-opt 22's lower_unpack miscompiles this unpack:
// all outer dims are 1 and the inner dims are [0, 1], so it takes the
// shortcut and emits one
//   tensor.extract_slice %arg0[0, 0, 0, 0, 0] [1, 1, 1, 4, 1] [1, 1, 1, 1, 1]
// which reads the 4 along the 5-tile: on iota input it returns
// [0, 4, 8, 12] where the unpack gives [0, 1, 2, 3]. tessel takes the
// shortcut only when the slice is exactly the result, and lowers this one
// through the transpose; lowered and packed compute the same bits.
// CHECK-LABEL: func.func @bug(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<1x5x1x4x1xf32>
// CHECK:         %[[T:.+]] = linalg.transpose ins(%arg0 : tensor<1x1x1x5x4xf32>) outs(%[[E]] : tensor<1x5x1x4x1xf32>) permutation = [0, 3, 1, 4, 2]
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2, 3], [4]] : tensor<1x5x1x4x1xf32> into tensor<5x4x1xf32>
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[C]][0, 0, 0] [1, 4, 1] [1, 1, 1] : tensor<5x4x1xf32> to tensor<1x4x1xf32>
// CHECK:         linalg.copy ins(%[[S]] : tensor<1x4x1xf32>) outs(%arg1 : tensor<1x4x1xf32>)
func.func @bug(%arg0: tensor<1x1x1x5x4xf32>, %arg1: tensor<1x4x1xf32>) -> tensor<1x4x1xf32> {
  %u = linalg.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [5, 4] into %arg1 : tensor<1x1x1x5x4xf32> -> tensor<1x4x1xf32>
  return %u : tensor<1x4x1xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module_op: !transform.any_op {transform.readonly}) {
    %unpack = transform.structured.match ops{["linalg.unpack"]} in %module_op : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpack : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
