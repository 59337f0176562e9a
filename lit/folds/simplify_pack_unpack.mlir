// RUN: tessel-opt %s -split-input-file -test-linalg-transform-patterns=test-simplify-pack-unpack-patterns | FileCheck %s

// mlir-opt 22's simplify-pack-unpack patterns: a pack or unpack that
// moves no element is a reshape. The same output as mlir-opt 22's
// (scripts/upstream_parity.py --pass-file).

// One tile on the innermost dim.
// CHECK-LABEL: func.func @innermost(
// CHECK:         %[[X:.+]] = tensor.expand_shape %arg0 {{\[}}[0], [1], [2, 3]] output_shape [3, 5, 4, 16] : tensor<3x5x64xf32> into tensor<3x5x4x16xf32>
// CHECK:         return %[[X]]
func.func @innermost(%s: tensor<3x5x64xf32>) -> tensor<3x5x4x16xf32> {
  %e = tensor.empty() : tensor<3x5x4x16xf32>
  %p = tensor.pack %s outer_dims_perm = [0, 1, 2] inner_dims_pos = [2] inner_tiles = [16] into %e : tensor<3x5x64xf32> -> tensor<3x5x4x16xf32>
  return %p : tensor<3x5x4x16xf32>
}

// -----

// One dim that is not 1, tiles 1 elsewhere, outer dims permuted.
// CHECK-LABEL: func.func @one_dim(
// CHECK:         tensor.expand_shape %arg0 {{\[}}[0, 1, 2], [3]] output_shape [1, 12, 8, 1] : tensor<96x1xf32> into tensor<1x12x8x1xf32>
func.func @one_dim(%s: tensor<96x1xf32>) -> tensor<1x12x8x1xf32> {
  %e = tensor.empty() : tensor<1x12x8x1xf32>
  %p = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<96x1xf32> -> tensor<1x12x8x1xf32>
  return %p : tensor<1x12x8x1xf32>
}

// -----

// Pad-like: every outer dim 1, tiles in dim order.
// CHECK-LABEL: func.func @pad_like(
// CHECK:         tensor.expand_shape %arg0 {{\[}}[0, 1, 2], [3]] output_shape [1, 1, 6, 10] : tensor<6x10xf32> into tensor<1x1x6x10xf32>
func.func @pad_like(%s: tensor<6x10xf32>) -> tensor<1x1x6x10xf32> {
  %e = tensor.empty() : tensor<1x1x6x10xf32>
  %p = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [6, 10] into %e : tensor<6x10xf32> -> tensor<1x1x6x10xf32>
  return %p : tensor<1x1x6x10xf32>
}

// -----

// Packs that move elements, or pad: unchanged.
// CHECK-LABEL: func.func @moves(
// CHECK-NOT:     tensor.expand_shape
// CHECK-COUNT-4: tensor.pack
func.func @moves(%a: tensor<64x5xf32>, %b: tensor<5x64xf32>, %c: tensor<6x10xf32>, %d: tensor<60xf32>) -> (tensor<4x5x16xf32>, tensor<4x5x16xf32>, tensor<1x1x10x6xf32>, tensor<4x16xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x5x16xf32>
  %p0 = tensor.pack %a inner_dims_pos = [0] inner_tiles = [16] into %e0 : tensor<64x5xf32> -> tensor<4x5x16xf32>
  %p1 = tensor.pack %b outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %e0 : tensor<5x64xf32> -> tensor<4x5x16xf32>
  %e2 = tensor.empty() : tensor<1x1x10x6xf32>
  %p2 = tensor.pack %c inner_dims_pos = [1, 0] inner_tiles = [10, 6] into %e2 : tensor<6x10xf32> -> tensor<1x1x10x6xf32>
  %e3 = tensor.empty() : tensor<4x16xf32>
  %p3 = tensor.pack %d padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [16] into %e3 : tensor<60xf32> -> tensor<4x16xf32>
  return %p0, %p1, %p2, %p3 : tensor<4x5x16xf32>, tensor<4x5x16xf32>, tensor<1x1x10x6xf32>, tensor<4x16xf32>
}

// -----

// The unpacks that invert the packs above.
// CHECK-LABEL: func.func @unpacks(
// CHECK:         tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<3x5x4x16xf32> into tensor<3x5x64xf32>
// CHECK:         tensor.collapse_shape %arg1 {{\[}}[0, 1, 2], [3]] : tensor<1x12x8x1xf32> into tensor<96x1xf32>
// CHECK:         tensor.collapse_shape %arg2 {{\[}}[0, 1, 2], [3]] : tensor<1x1x6x10xf32> into tensor<6x10xf32>
func.func @unpacks(%a: tensor<3x5x4x16xf32>, %b: tensor<1x12x8x1xf32>, %c: tensor<1x1x6x10xf32>) -> (tensor<3x5x64xf32>, tensor<96x1xf32>, tensor<6x10xf32>) {
  %e0 = tensor.empty() : tensor<3x5x64xf32>
  %u0 = tensor.unpack %a inner_dims_pos = [2] inner_tiles = [16] into %e0 : tensor<3x5x4x16xf32> -> tensor<3x5x64xf32>
  %e1 = tensor.empty() : tensor<96x1xf32>
  %u1 = tensor.unpack %b outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e1 : tensor<1x12x8x1xf32> -> tensor<96x1xf32>
  %e2 = tensor.empty() : tensor<6x10xf32>
  %u2 = tensor.unpack %c inner_dims_pos = [0, 1] inner_tiles = [6, 10] into %e2 : tensor<1x1x6x10xf32> -> tensor<6x10xf32>
  return %u0, %u1, %u2 : tensor<3x5x64xf32>, tensor<96x1xf32>, tensor<6x10xf32>
}

// -----

// An unpack that drops padding (60 of 64) is not a reshape.
// CHECK-LABEL: func.func @unpack_truncates(
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         tensor.unpack
func.func @unpack_truncates(%a: tensor<4x16xf32>) -> tensor<60xf32> {
  %e = tensor.empty() : tensor<60xf32>
  %u = tensor.unpack %a inner_dims_pos = [0] inner_tiles = [16] into %e : tensor<4x16xf32> -> tensor<60xf32>
  return %u : tensor<60xf32>
}
