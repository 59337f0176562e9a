// RUN: tessel-opt %s --lower-pack-unpack | FileCheck %s
// RUN: tessel-opt %s --run=round_trip --input=random:11 --output=%t.packed.npy
// RUN: tessel-opt %s --lower-pack-unpack --run=round_trip --input=random:11 --output=%t.lowered.npy
// RUN: cmp %t.packed.npy %t.lowered.npy
// RUN: not tessel-opt %s --lower-pack-unpack=pad-like-with-insert-slice=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// --lower-pack-unpack lowers every pack and unpack as lower_pack /
// lower_unpack do, for pipelines: the lowered program computes the packed
// one's bits. (Static shapes only for now: the partial tiles of a tiled
// pack are dynamic and are refused with a diagnostic.)
// CHECK-LABEL: func.func @round_trip(
// CHECK-NOT:     linalg.pack
// CHECK-NOT:     linalg.unpack
// CHECK:         tensor.pad
// CHECK:         tensor.expand_shape
// CHECK:         linalg.transpose
// CHECK:         linalg.transpose
// CHECK:         tensor.collapse_shape
// CHECK:         tensor.extract_slice
// CHECK:         linalg.copy
// BAD: option 'pad-like-with-insert-slice' must be 'true' or 'false', got 'maybe'
func.func @round_trip(%x: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2x8x4xf32>
  %p = linalg.pack %x padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  %d = tensor.empty() : tensor<13x15xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}
