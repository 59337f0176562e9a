// RUN: tessel-opt %s --run=f --input=random:1 --input=random:2 --input=random:3 --output=%t.a0.npy --output=%t.b0.npy --output=%t.c0.npy
// RUN: tessel-opt %s -transform-preload-library='transform-library-paths=%p/Inputs/decompose.mlir' -transform-interpreter=entry-point=decompose --run=f --input=random:1 --input=random:2 --input=random:3 --output=%t.a1.npy --output=%t.b1.npy --output=%t.c1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: cmp %t.c0.npy %t.c1.npy
// RUN: tessel-opt %s -transform-preload-library='transform-library-paths=%p/Inputs/decompose.mlir' -transform-interpreter=entry-point=decompose | FileCheck %s

// The decomposed packs and unpacks compute the same bits as the ops.
// CHECK-NOT: linalg.pack
// CHECK-NOT: linalg.unpack
func.func @f(%a: tensor<6x5x3xf32>, %b: tensor<1x1x1x1x8x32xf32>, %c: tensor<6x1x1x8x4xf32>) -> (tensor<6x1x1x8x4xf32>, tensor<1x1x32x8xf32>, tensor<6x5x3xf32>) {
  %pad = arith.constant -2.5 : f32
  %d0 = tensor.empty() : tensor<6x1x1x8x4xf32>
  %p = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [1, 2] inner_tiles = [8, 4] into %d0 : tensor<6x5x3xf32> -> tensor<6x1x1x8x4xf32>
  %d1 = tensor.empty() : tensor<1x1x32x8xf32>
  %u = linalg.unpack %b outer_dims_perm = [0, 2, 3, 1] inner_dims_pos = [3, 2] inner_tiles = [8, 32] into %d1 : tensor<1x1x1x1x8x32xf32> -> tensor<1x1x32x8xf32>
  %d2 = tensor.empty() : tensor<6x5x3xf32>
  %v = linalg.unpack %c inner_dims_pos = [1, 2] inner_tiles = [8, 4] into %d2 : tensor<6x1x1x8x4xf32> -> tensor<6x5x3xf32>
  return %p, %u, %v : tensor<6x1x1x8x4xf32>, tensor<1x1x32x8xf32>, tensor<6x5x3xf32>
}
