// RUN: tessel-opt %s --split-input-file --materialize-layouts | FileCheck %s
// COMPAT: input-tessel-only

// `*` with a non-default minor_to_major: transpose to the physical order,
// collapse the `*` runs, pack with a zero padding value.
// CHECK-LABEL: func.func @combined
// CHECK:         %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x7x8x11x10xf32>) outs(%{{.*}} : tensor<7x2x8x11x10xf32>) permutation = [1, 0, 2, 3, 4]
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1, 2], [3, 4]] : tensor<7x2x8x11x10xf32> into tensor<112x110xf32>
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         tensor.pack %[[C]] padding_value(%[[Z]] : f32) inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %{{.*}} : tensor<112x110xf32> -> tensor<56x37x2x3xf32>
func.func @combined(%x: tensor<2x7x8x11x10xf32>) -> tensor<56x37x2x3xf32> {
  %0 = xla.to_layout %x "{4,3,2,0,1:T(*,*,2,*,3)}" : tensor<2x7x8x11x10xf32> -> tensor<56x37x2x3xf32>
  return %0 : tensor<56x37x2x3xf32>
}

// -----

// The inverse chain: unpack, expand the `*` runs back, transpose back.
// CHECK-LABEL: func.func @combined_back
// CHECK:         %[[U:.*]] = tensor.unpack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %{{.*}} : tensor<56x37x2x3xf32> -> tensor<112x110xf32>
// CHECK:         %[[X:.*]] = tensor.expand_shape %[[U]] {{\[}}[0, 1, 2], [3, 4]] output_shape [7, 2, 8, 11, 10] : tensor<112x110xf32> into tensor<7x2x8x11x10xf32>
// CHECK:         linalg.transpose ins(%[[X]] : tensor<7x2x8x11x10xf32>) outs(%{{.*}} : tensor<2x7x8x11x10xf32>) permutation = [1, 0, 2, 3, 4]
func.func @combined_back(%p: tensor<56x37x2x3xf32>) -> tensor<2x7x8x11x10xf32> {
  %0 = xla.from_layout %p "{4,3,2,0,1:T(*,*,2,*,3)}" : tensor<56x37x2x3xf32> -> tensor<2x7x8x11x10xf32>
  return %0 : tensor<2x7x8x11x10xf32>
}

// -----

// A scalar under a longer tile: expand to rank 1, then pack (integers pad with 0).
// CHECK-LABEL: func.func @scalar
// CHECK:         %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         %[[E:.*]] = tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<i32> into tensor<1xi32>
// CHECK:         tensor.pack %[[E]] padding_value(%[[Z]] : i32) inner_dims_pos = [0] inner_tiles = [256] into %{{.*}} : tensor<1xi32> -> tensor<1x256xi32>
func.func @scalar(%x: tensor<i32>) -> tensor<1x256xi32> {
  %0 = xla.to_layout %x "{:T(256)}" : tensor<i32> -> tensor<1x256xi32>
  return %0 : tensor<1x256xi32>
}

// -----

// Column-major without tiles is a transpose.
// CHECK-LABEL: func.func @column_major
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<3x5xf16>) outs(%{{.*}} : tensor<5x3xf16>) permutation = [1, 0]
// CHECK-NOT:     tensor.pack
func.func @column_major(%x: tensor<3x5xf16>) -> tensor<5x3xf16> {
  %0 = xla.to_layout %x "{0,1}" : tensor<3x5xf16> -> tensor<5x3xf16>
  return %0 : tensor<5x3xf16>
}
