// RUN: tessel-opt %s -test-linalg-data-layout-propagation -split-input-file | tessel-filecheck %s
// RUN: tessel-opt %s --run=f --input=iota > %t.before
// RUN: tessel-opt %s -test-linalg-data-layout-propagation --run=f --input=iota > %t.after
// RUN: diff %t.before %t.after

// tessel differs from MLIR 22 here. The pack tiles the 8 of 16 -> [2, 8]
// by 3 and pads: each row of 8 becomes 3 tiles (9 slots). Packed before
// the expand_shape, the 16 would become 6 tiles padded once at the end,
// another layout that the expand_shape cannot turn into this one. MLIR 22
// moves the pack anyway (and computes other values); tessel keeps it.
func.func @f(%src: tensor<2x16xf32>) -> tensor<2x2x3x3xf32> {
  %x = tensor.expand_shape %src [[0], [1, 2]] output_shape [2, 2, 8] : tensor<2x16xf32> into tensor<2x2x8xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x3x3xf32>
  %0 = linalg.pack %x padding_value(%zero : f32) inner_dims_pos = [2] inner_tiles = [3] into %e : tensor<2x2x8xf32> -> tensor<2x2x3x3xf32>
  return %0 : tensor<2x2x3x3xf32>
}
// CHECK-LABEL: func.func @f(
// CHECK:         %[[X:.+]] = tensor.expand_shape
// CHECK:         linalg.pack %[[X]] padding_value
