// RUN: tessel-opt %s -test-linalg-data-layout-propagation -split-input-file | tessel-filecheck %s

// A pack of a pad that pads only untiled dims moves above the pad.
func.func @bubble_through_pad(%a: tensor<14x32xf32>) -> tensor<16x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<14x32xf32> to tensor<16x32xf32>
  %dest = tensor.empty() : tensor<16x4x8xf32>
  %0 = linalg.pack %p inner_dims_pos = [1] inner_tiles = [8] into %dest : tensor<16x32xf32> -> tensor<16x4x8xf32>
  return %0 : tensor<16x4x8xf32>
}
// CHECK-LABEL: func.func @bubble_through_pad(
// CHECK-SAME:      %[[A:.+]]: tensor<14x32xf32>)
// CHECK:         %[[PK:.+]] = linalg.pack %[[A]] inner_dims_pos = [1] inner_tiles = [8]
// CHECK-SAME:      tensor<14x32xf32> -> tensor<14x4x8xf32>
// CHECK:         %[[PAD:.+]] = tensor.pad %[[PK]] low[1, 0, 0] high[1, 0, 0]
// CHECK:         return %[[PAD]]

// -----

// With an outer permutation the pad amounts are permuted; a second user of
// the pad reads it back through an unpack.
func.func @bubble_through_pad_two_users(%a: tensor<14x32xf32>) -> (tensor<4x16x8xf32>, tensor<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<14x32xf32> to tensor<16x32xf32>
  %dest = tensor.empty() : tensor<4x16x8xf32>
  %0 = linalg.pack %p outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [8] into %dest : tensor<16x32xf32> -> tensor<4x16x8xf32>
  return %0, %p : tensor<4x16x8xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @bubble_through_pad_two_users(
// CHECK:         %[[PK:.+]] = linalg.pack
// CHECK:         %[[PAD:.+]] = tensor.pad %[[PK]] low[0, 1, 0] high[0, 1, 0]
// CHECK:         %[[U:.+]] = linalg.unpack %[[PAD]] outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [8]
// CHECK:         return %[[PAD]], %[[U]]

// -----

// A pad of a tiled dim would change the tiles: nothing moves.
func.func @no_bubble_padded_tiled_dim(%a: tensor<16x30xf32>) -> tensor<16x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<16x30xf32> to tensor<16x32xf32>
  %dest = tensor.empty() : tensor<16x4x8xf32>
  %0 = linalg.pack %p inner_dims_pos = [1] inner_tiles = [8] into %dest : tensor<16x32xf32> -> tensor<16x4x8xf32>
  return %0 : tensor<16x4x8xf32>
}
// CHECK-LABEL: func.func @no_bubble_padded_tiled_dim(
// CHECK:         %[[PAD:.+]] = tensor.pad
// CHECK:         linalg.pack %[[PAD]]

// -----

// An unpack feeding a pad of untiled dims moves below it.
func.func @push_through_pad(%p: tensor<14x4x8xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<14x32xf32>
  %u = linalg.unpack %p inner_dims_pos = [1] inner_tiles = [8] into %e : tensor<14x4x8xf32> -> tensor<14x32xf32>
  %0 = tensor.pad %u low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<14x32xf32> to tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
// CHECK-LABEL: func.func @push_through_pad(
// CHECK-SAME:      %[[P:.+]]: tensor<14x4x8xf32>)
// CHECK:         %[[PAD:.+]] = tensor.pad %[[P]] low[1, 0, 0] high[1, 0, 0]
// CHECK:         %[[U:.+]] = linalg.unpack %[[PAD]] inner_dims_pos = [1] inner_tiles = [8]
// CHECK-SAME:      tensor<16x4x8xf32> -> tensor<16x32xf32>
// CHECK:         return %[[U]]

// -----

// A pack of a collapse_shape packs the innermost non-unit dim of the
// group instead, and collapses after.
func.func @bubble_through_collapse(%a: tensor<4x16x4xf32>) -> tensor<8x4x8x1xf32> {
  %c = tensor.collapse_shape %a [[0, 1], [2]] : tensor<4x16x4xf32> into tensor<64x4xf32>
  %dest = tensor.empty() : tensor<8x4x8x1xf32>
  %0 = linalg.pack %c inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %dest : tensor<64x4xf32> -> tensor<8x4x8x1xf32>
  return %0 : tensor<8x4x8x1xf32>
}
// CHECK-LABEL: func.func @bubble_through_collapse(
// CHECK-SAME:      %[[A:.+]]: tensor<4x16x4xf32>)
// CHECK:         %[[PK:.+]] = linalg.pack %[[A]] inner_dims_pos = [1, 2] inner_tiles = [8, 1]
// CHECK-SAME:      tensor<4x16x4xf32> -> tensor<4x2x4x8x1xf32>
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[PK]] {{\[}}[0, 1], [2], [3], [4]]
// CHECK:         return %[[C]]

// -----

// A pack of an expand_shape that tiles the innermost dim of a group packs
// the source.
func.func @bubble_through_expand(%a: tensor<16x64xf32>) -> tensor<16x4x2x8xf32> {
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 4, 16] : tensor<16x64xf32> into tensor<16x4x16xf32>
  %dest = tensor.empty() : tensor<16x4x2x8xf32>
  %0 = linalg.pack %x inner_dims_pos = [2] inner_tiles = [8] into %dest : tensor<16x4x16xf32> -> tensor<16x4x2x8xf32>
  return %0 : tensor<16x4x2x8xf32>
}
// CHECK-LABEL: func.func @bubble_through_expand(
// CHECK-SAME:      %[[A:.+]]: tensor<16x64xf32>)
// CHECK:         %[[PK:.+]] = linalg.pack %[[A]] inner_dims_pos = [1] inner_tiles = [8]
// CHECK-SAME:      tensor<16x64xf32> -> tensor<16x8x8xf32>
// CHECK:         %[[X:.+]] = tensor.expand_shape %[[PK]] {{\[}}[0], [1, 2], [3]]
// CHECK:         return %[[X]]

// -----

// Tiling the outer dim of an expanded group would reorder elements.
func.func @no_bubble_through_expand(%a: tensor<16x64xf32>) -> tensor<16x1x16x4xf32> {
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 4, 16] : tensor<16x64xf32> into tensor<16x4x16xf32>
  %dest = tensor.empty() : tensor<16x1x16x4xf32>
  %0 = linalg.pack %x inner_dims_pos = [1] inner_tiles = [4] into %dest : tensor<16x4x16xf32> -> tensor<16x1x16x4xf32>
  return %0 : tensor<16x1x16x4xf32>
}
// CHECK-LABEL: func.func @no_bubble_through_expand(
// CHECK:         %[[X:.+]] = tensor.expand_shape
// CHECK:         linalg.pack %[[X]]

// -----

// An unpack whose only user is an expand_shape moves below it.
func.func @push_through_expand(%p: tensor<4x32x8x8xf32>) -> tensor<4x8x32x8xf32> {
  %e = tensor.empty() : tensor<32x256xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<4x32x8x8xf32> -> tensor<32x256xf32>
  %x = tensor.expand_shape %u [[0, 1], [2, 3]] output_shape [4, 8, 32, 8] : tensor<32x256xf32> into tensor<4x8x32x8xf32>
  return %x : tensor<4x8x32x8xf32>
}
// CHECK-LABEL: func.func @push_through_expand(
// CHECK-SAME:      %[[P:.+]]: tensor<4x32x8x8xf32>)
// CHECK:         %[[X:.+]] = tensor.expand_shape %[[P]]
// CHECK:         %[[U:.+]] = linalg.unpack %[[X]]
// CHECK:         return %[[U]]
