// RUN: tessel-opt %s -compose-relayouts | FileCheck %s
// RUN: tessel-opt %s -compose-relayouts | tessel-opt -verify-each > /dev/null
// RUN: tessel-opt %s --run=unpack_relu_pack --input=random:1 --output=%t.unpack_relu_pack.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=unpack_relu_pack --input=random:1 --output=%t.unpack_relu_pack.npy > /dev/null
// RUN: cmp %t.unpack_relu_pack.ref.npy %t.unpack_relu_pack.npy
// RUN: tessel-opt %s --run=two_packs --input=random:1 --output=%t.two_packs.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=two_packs --input=random:1 --output=%t.two_packs.npy > /dev/null
// RUN: cmp %t.two_packs.ref.npy %t.two_packs.npy
// RUN: tessel-opt %s --run=transpose_exp_pack --input=random:1 --output=%t.transpose_exp_pack.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=transpose_exp_pack --input=random:1 --output=%t.transpose_exp_pack.npy > /dev/null
// RUN: cmp %t.transpose_exp_pack.ref.npy %t.transpose_exp_pack.npy
// RUN: tessel-opt %s --run=straddling_tiles --input=random:1 --output=%t.straddling_tiles.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=straddling_tiles --input=random:1 --output=%t.straddling_tiles.npy > /dev/null
// RUN: cmp %t.straddling_tiles.ref.npy %t.straddling_tiles.npy
// RUN: tessel-opt %s --run=truncating_unpack --input=random:1 --output=%t.truncating_unpack.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=truncating_unpack --input=random:1 --output=%t.truncating_unpack.npy > /dev/null
// RUN: cmp %t.truncating_unpack.ref.npy %t.truncating_unpack.npy
// RUN: tessel-opt %s --run=nothing_to_save --input=random:1 --output=%t.nothing_to_save.ref.npy > /dev/null
// RUN: tessel-opt %s -compose-relayouts --run=nothing_to_save --input=random:1 --output=%t.nothing_to_save.npy > /dev/null
// RUN: cmp %t.nothing_to_save.ref.npy %t.nothing_to_save.npy

// -compose-relayouts: a chain of packs, unpacks, transposes and reshapes
// with unary elementwise generics between them, whose tiles divide each
// other, becomes one generic that permutes the digits of the indices;
// every function runs with the same result before and after.

// The maps of the three composed generics.
// CHECK-DAG:   #[[$IN6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d4, d2, d5)>
// CHECK-DAG:   #[[$ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-DAG:   #[[$ZIPIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, 0, d1, d3, d5, d2, d4)>
// CHECK-DAG:   #[[$ZIPOUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (0, d0, d1, d2, d3, d4, d5, 0)>
// CHECK-DAG:   #[[$TIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d0, d3)>
// CHECK-DAG:   #[[$TOUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// The data-tiling chain: unpack from 8x128 tiles, ReLU, pack into 16x16
// tiles. Rows split 4 x 2 x 8, columns 2 x 8 x 16: one generic permutes
// the six digits and applies the ReLU.
// CHECK-LABEL: func.func @unpack_relu_pack(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.0
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<4x16x16x16xf32>
// CHECK:         %[[IN:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2], [3], [4, 5]] output_shape [4, 2, 2, 8, 8, 16]
// CHECK:         %[[OUT:.*]] = tensor.expand_shape %[[INIT]] {{\[}}[0], [1, 2], [3, 4], [5]] output_shape [4, 2, 8, 2, 8, 16]
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[$IN6]], #[[$ID6]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[IN]] : tensor<4x2x2x8x8x16xf32>) outs(%[[OUT]] : tensor<4x2x8x2x8x16xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0], [1, 2], [3, 4], [5]] : tensor<4x2x8x2x8x16xf32> into tensor<4x16x16x16xf32>
// CHECK-NEXT:    return %[[C]]
func.func @unpack_relu_pack(%src: tensor<8x2x8x128xf32>) -> tensor<4x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %u0 = tensor.empty() : tensor<64x256xf32>
  %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %u0 : tensor<8x2x8x128xf32> -> tensor<64x256xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<64x256xf32>) outs(%u0 : tensor<64x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %p0 = tensor.empty() : tensor<4x16x16x16xf32>
  %p = linalg.pack %relu inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %p0 : tensor<64x256xf32> -> tensor<4x16x16x16xf32>
  return %p : tensor<4x16x16x16xf32>
}

// An XLA layout's two packs, T(8,128)(2,1): the unit tile and the unit
// dim are read at index 0; the (2, 1) zip splits the 8 rows of a tile.
// CHECK-LABEL: func.func @two_packs(
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<1x2x2x2x4x128x2x1xbf16>
// CHECK:         %[[IN:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1], [2, 3, 4], [5, 6]] output_shape [2, 1, 2, 4, 2, 2, 128]
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[$ZIPIN]], #[[$ZIPOUT]]], {{.*}} ins(%[[IN]] : tensor<2x1x2x4x2x2x128xbf16>) outs(%[[INIT]] : tensor<1x2x2x2x4x128x2x1xbf16>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      linalg.yield %[[X]] : bf16
// CHECK:         return %[[G]]
func.func @two_packs(%src: tensor<2x1x16x256xbf16>) -> tensor<1x2x2x2x4x128x2x1xbf16> {
  %0 = tensor.empty() : tensor<1x2x2x2x8x128xbf16>
  %a = linalg.pack %src outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128] into %0 : tensor<2x1x16x256xbf16> -> tensor<1x2x2x2x8x128xbf16>
  %1 = tensor.empty() : tensor<1x2x2x2x4x128x2x1xbf16>
  %b = linalg.pack %a inner_dims_pos = [4, 5] inner_tiles = [2, 1] into %1 : tensor<1x2x2x2x8x128xbf16> -> tensor<1x2x2x2x4x128x2x1xbf16>
  return %b : tensor<1x2x2x2x4x128x2x1xbf16>
}

// A transpose, an elementwise op and a transposing pack with outer dims
// permuted; padding that pads nothing does not stop the composition.
// CHECK-LABEL: func.func @transpose_exp_pack(
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[IN:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2, 3]] output_shape [2, 16, 6, 8]
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[$TIN]], #[[$TOUT]]], {{.*}} ins(%[[IN]] : tensor<2x16x6x8xf32>) outs(%{{.*}} : tensor<6x2x16x8xf32>)
// CHECK:           math.exp
// CHECK:         return %[[G]]
func.func @transpose_exp_pack(%src: tensor<32x48xf32>) -> tensor<6x2x16x8xf32> {
  %pad = arith.constant 0.0 : f32
  %t0 = tensor.empty() : tensor<48x32xf32>
  %t = linalg.transpose ins(%src : tensor<32x48xf32>) outs(%t0 : tensor<48x32xf32>) permutation = [1, 0]
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<48x32xf32>) outs(%t0 : tensor<48x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %x = math.exp %v : f32
    linalg.yield %x : f32
  } -> tensor<48x32xf32>
  %p0 = tensor.empty() : tensor<6x2x16x8xf32>
  %p = linalg.pack %e padding_value(%pad : f32) outer_dims_perm = [0, 1] inner_dims_pos = [1, 0] inner_tiles = [16, 8] into %p0 : tensor<48x32xf32> -> tensor<6x2x16x8xf32>
  return %p : tensor<6x2x16x8xf32>
}

// Tiles of 8 then 12 rows straddle each other: nothing is composed, and
// the chain stays as it was.
// CHECK-LABEL: func.func @straddling_tiles(
// CHECK:         linalg.unpack
// CHECK:         linalg.pack
func.func @straddling_tiles(%src: tensor<3x8x8xi32>) -> tensor<2x8x12xi32> {
  %u0 = tensor.empty() : tensor<24x8xi32>
  %u = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %u0 : tensor<3x8x8xi32> -> tensor<24x8xi32>
  %p0 = tensor.empty() : tensor<2x8x12xi32>
  %p = linalg.pack %u inner_dims_pos = [0] inner_tiles = [12] into %p0 : tensor<24x8xi32> -> tensor<2x8x12xi32>
  return %p : tensor<2x8x12xi32>
}

// An unpack that drops part of its last tile (20 of 24 rows), and a pack
// that pads: neither is a permutation of digits.
// CHECK-LABEL: func.func @truncating_unpack(
// CHECK:         linalg.unpack
// CHECK:         linalg.pack
func.func @truncating_unpack(%src: tensor<3x8x8xf32>) -> tensor<5x8x4xf32> {
  %pad = arith.constant 0.0 : f32
  %u0 = tensor.empty() : tensor<20x8xf32>
  %u = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %u0 : tensor<3x8x8xf32> -> tensor<20x8xf32>
  %p0 = tensor.empty() : tensor<5x8x4xf32>
  %p = linalg.pack %u padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [4] into %p0 : tensor<20x8xf32> -> tensor<5x8x4xf32>
  return %p : tensor<5x8x4xf32>
}

// A lone pack, and reshapes around an elementwise op, are left alone:
// there is no second pass over memory to save.
// CHECK-LABEL: func.func @nothing_to_save(
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.pack
func.func @nothing_to_save(%src: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %p0 = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %p0 : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}
