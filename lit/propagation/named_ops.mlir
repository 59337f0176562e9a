// RUN: tessel-opt %s --data-layout-propagation -split-input-file | tessel-filecheck %s
// RUN: tessel-opt %s -split-input-file -test-linalg-data-layout-propagation | tessel-filecheck %s --check-prefix=UPSTREAM

// tessel's pass moves the layout through named elementwise ops as well:
// the op becomes the generic it stands for. mlir-opt's patterns (the test
// flag) see generics only and leave it.
func.func @push_through_add(%p: tensor<4x8x8x4xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = tensor.empty() : tensor<32x32xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<4x8x8x4xf32> -> tensor<32x32xf32>
  %0 = linalg.add ins(%u, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
// CHECK-LABEL: func.func @push_through_add(
// CHECK-SAME:      %[[P:.+]]: tensor<4x8x8x4xf32>, %[[B:.+]]: tensor<32x32xf32>)
// CHECK:         %[[PB:.+]] = linalg.pack %[[B]]
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[P]], %[[PB]] : tensor<4x8x8x4xf32>, tensor<4x8x8x4xf32>)
// CHECK:           arith.addf
// CHECK:         %[[U:.+]] = linalg.unpack %[[G]]
// CHECK:         return %[[U]]
// UPSTREAM-LABEL: func.func @push_through_add(
// UPSTREAM:         linalg.unpack
// UPSTREAM:         linalg.add

// -----

func.func @bubble_through_exp(%a: tensor<16x8xf32>) -> tensor<2x8x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %0 = linalg.exp ins(%a : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %d = tensor.empty() : tensor<2x8x8xf32>
  %1 = linalg.pack %0 inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<16x8xf32> -> tensor<2x8x8xf32>
  return %1 : tensor<2x8x8xf32>
}
// CHECK-LABEL: func.func @bubble_through_exp(
// CHECK-SAME:      %[[A:.+]]: tensor<16x8xf32>)
// CHECK:         %[[PA:.+]] = linalg.pack %[[A]]
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[PA]] : tensor<2x8x8xf32>)
// CHECK:           math.exp
// CHECK:         return %[[G]]
