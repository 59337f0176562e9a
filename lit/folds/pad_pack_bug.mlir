// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack | FileCheck %s
// RUN: tessel-opt %s --run=whole_tile --input=random:1 --output=%t.a0.npy
// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack --run=whole_tile --input=random:1 --output=%t.a1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: tessel-opt %s --run=untiled --input=random:2 --output=%t.b0.npy
// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack --run=untiled --input=random:2 --output=%t.b1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: tessel-opt %s --run=folds --input=random:3 --output=%t.c0.npy
// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack --run=folds --input=random:3 --output=%t.c1.npy
// RUN: cmp %t.c0.npy %t.c1.npy

// mlir-opt 22 folds a tensor.pad into a pack even when the folded pack is
// invalid, and then fails the pass ("expected 'tensor<9x3x4xf32>' for the
// packed domain value, got 'tensor<9x4x4xf32>'"): its artificial-padding
// check pairs the i-th tiled dim with the padding of dim i, not of the dim
// it tiles, and it never looks at untiled dims. tessel folds exactly when
// the folded pack is valid, and each program computes the same bits before
// and after.

// The pad adds a whole 4-tile to dim 1 (12 -> 16): a pack of the unpadded
// 9x12 source has 3 tiles along dim 1, not 4. mlir-opt 22 checks dim 0's
// padding (0) instead, folds, and fails.
// CHECK-LABEL: func.func @whole_tile(
// CHECK:         tensor.pad
// CHECK:         tensor.pack %{{.+}} inner_dims_pos = [1] inner_tiles = [4] into %{{.+}} : tensor<9x16xf32> -> tensor<9x4x4xf32>
func.func @whole_tile(%src: tensor<9x12xf32>) -> tensor<9x4x4xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %src low[0, 0] high[0, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<9x12xf32> to tensor<9x16xf32>
  %e = tensor.empty() : tensor<9x4x4xf32>
  %r = tensor.pack %p inner_dims_pos = [1] inner_tiles = [4] into %e : tensor<9x16xf32> -> tensor<9x4x4xf32>
  return %r : tensor<9x4x4xf32>
}

// The pad pads dim 0, which is not tiled: a pack cannot pad it. mlir-opt
// 22 folds and fails ("expected 'tensor<9x4x4xf32>' ..., got
// 'tensor<11x4x4xf32>'").
// CHECK-LABEL: func.func @untiled(
// CHECK:         tensor.pad
// CHECK:         tensor.pack %{{.+}} inner_dims_pos = [1] inner_tiles = [4] into %{{.+}} : tensor<11x16xf32> -> tensor<11x4x4xf32>
func.func @untiled(%src: tensor<9x16xf32>) -> tensor<11x4x4xf32> {
  %c = arith.constant 2.5 : f32
  %p = tensor.pad %src low[0, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<9x16xf32> to tensor<11x16xf32>
  %e = tensor.empty() : tensor<11x4x4xf32>
  %r = tensor.pack %p inner_dims_pos = [1] inner_tiles = [4] into %e : tensor<11x16xf32> -> tensor<11x4x4xf32>
  return %r : tensor<11x4x4xf32>
}

// Padding within the last tile of each tiled dim, tiles in transposed
// order: valid, folded (one pack that pads with the pad's value).
// CHECK-LABEL: func.func @folds(
// CHECK-NOT:     tensor.pad
// CHECK:         tensor.pack %arg0 padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %{{.+}} : tensor<13x10xf32> -> tensor<3x2x4x8xf32>
func.func @folds(%src: tensor<13x10xf32>) -> tensor<3x2x4x8xf32> {
  %c = arith.constant -7.0 : f32
  %p = tensor.pad %src low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<13x10xf32> to tensor<16x12xf32>
  %e = tensor.empty() : tensor<3x2x4x8xf32>
  %r = tensor.pack %p outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %e : tensor<16x12xf32> -> tensor<3x2x4x8xf32>
  return %r : tensor<3x2x4x8xf32>
}
