// RUN: tessel-opt %s -split-input-file -test-linalg-transform-patterns=test-fold-into-pack-and-unpack | FileCheck %s

// mlir-opt 22's fold-into-pack-and-unpack patterns: pads, slices and
// transposes next to a pack or unpack fold into it. Every case here gives
// the same output in mlir-opt 22 (scripts/upstream_parity.py --pass-file).

// A high pad whose value the pack takes over; the outer tile counts stay.
// CHECK-LABEL: func.func @pad_into_pack(
// CHECK-SAME:      %[[SRC:.+]]: tensor<13x15xf32>
// CHECK:         %[[CST:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<4x4x4x4xf32>
// CHECK:         %[[P:.+]] = tensor.pack %[[SRC]] padding_value(%[[CST]] : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %[[E]] : tensor<13x15xf32> -> tensor<4x4x4x4xf32>
// CHECK:         return %[[P]]
func.func @pad_into_pack(%src: tensor<13x15xf32>) -> tensor<4x4x4x4xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %src low[0, 0] high[3, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<13x15xf32> to tensor<16x16xf32>
  %e = tensor.empty() : tensor<4x4x4x4xf32>
  %r = tensor.pack %p inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %r : tensor<4x4x4x4xf32>
}

// -----

// The pack's own padding value is the pad's: still one pack.
// CHECK-LABEL: func.func @pad_into_padded_pack(
// CHECK-NOT:     tensor.pad
// CHECK:         tensor.pack %arg0 padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 2] into %{{.+}} : tensor<7x20xf32> -> tensor<3x4x8x2xf32>
func.func @pad_into_padded_pack(%src: tensor<7x20xf32>) -> tensor<3x4x8x2xf32> {
  %c = arith.constant 1.5 : f32
  %p = tensor.pad %src low[0, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<7x20xf32> to tensor<8x20xf32>
  %e = tensor.empty() : tensor<3x4x8x2xf32>
  %r = tensor.pack %p padding_value(%c : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 2] into %e : tensor<8x20xf32> -> tensor<3x4x8x2xf32>
  return %r : tensor<3x4x8x2xf32>
}

// -----

// Different padding values, a low pad, a nofold pad: no fold.
// CHECK-LABEL: func.func @pad_not_folded(
// CHECK-COUNT-3: tensor.pad
func.func @pad_not_folded(%src: tensor<13x16xf32>, %v: f32) -> (tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>) {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4x4x4xf32>
  %p0 = tensor.pad %src low[0, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<13x16xf32> to tensor<16x16xf32>
  %r0 = tensor.pack %p0 padding_value(%c : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  %p1 = tensor.pad %src low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<13x16xf32> to tensor<16x16xf32>
  %r1 = tensor.pack %p1 inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  %p2 = tensor.pad %src nofold low[0, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<13x16xf32> to tensor<16x16xf32>
  %r2 = tensor.pack %p2 inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %r0, %r1, %r2 : tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>
}

// -----

// A pad that adds a whole tile ("artificial padding"): the folded pack
// would need 4 outer tiles of 9 rows. Not folded.
// CHECK-LABEL: func.func @pad_whole_tile(
// CHECK:         tensor.pad
// CHECK:         tensor.pack %{{.+}} inner_dims_pos = [0, 1]
func.func @pad_whole_tile(%src: tensor<9x16xf32>) -> tensor<4x4x4x4xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %src low[0, 0] high[7, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<9x16xf32> to tensor<16x16xf32>
  %e = tensor.empty() : tensor<4x4x4x4xf32>
  %r = tensor.pack %p inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %r : tensor<4x4x4x4xf32>
}

// -----

// A slice from 0 with unit strides that keeps every tile: the unpack
// writes the smaller tensor directly.
// CHECK-LABEL: func.func @slice_into_unpack(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<10x13xf32>
// CHECK:         %[[U:.+]] = tensor.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %[[E]] : tensor<3x4x4x4xf32> -> tensor<10x13xf32>
// CHECK:         return %[[U]]
func.func @slice_into_unpack(%s: tensor<3x4x4x4xf32>) -> tensor<10x13xf32> {
  %e = tensor.empty() : tensor<12x16xf32>
  %u = tensor.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<3x4x4x4xf32> -> tensor<12x16xf32>
  %x = tensor.extract_slice %u[0, 0] [10, 13] [1, 1] : tensor<12x16xf32> to tensor<10x13xf32>
  return %x : tensor<10x13xf32>
}

// -----

// Untiled dims may be dynamic when the slice keeps them whole (here its
// size is the dest's dim); the new dest takes the slice's sizes.
// CHECK-LABEL: func.func @slice_into_unpack_dynamic_untiled(
// CHECK-SAME:      %[[S:[a-zA-Z0-9]+]]: tensor<?x4x8xf32>, %[[D:[a-zA-Z0-9]+]]: tensor<?x32xf32>
// CHECK:         %[[N:.+]] = tensor.dim %[[D]], %{{.+}} : tensor<?x32xf32>
// CHECK:         %[[E:.+]] = tensor.empty(%[[N]]) : tensor<?x30xf32>
// CHECK:         tensor.unpack %[[S]] inner_dims_pos = [1] inner_tiles = [8] into %[[E]] : tensor<?x4x8xf32> -> tensor<?x30xf32>
func.func @slice_into_unpack_dynamic_untiled(%s: tensor<?x4x8xf32>, %d: tensor<?x32xf32>) -> tensor<?x30xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %d, %c0 : tensor<?x32xf32>
  %u = tensor.unpack %s inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<?x4x8xf32> -> tensor<?x32xf32>
  %x = tensor.extract_slice %u[0, 0] [%n, 30] [1, 1] : tensor<?x32xf32> to tensor<?x30xf32>
  return %x : tensor<?x30xf32>
}

// -----

// A slice that drops a whole tile, one at an offset, one rank-reducing,
// one with a dynamic tiled size: no fold.
// CHECK-LABEL: func.func @slice_not_folded(
// CHECK-COUNT-4: tensor.extract_slice
func.func @slice_not_folded(%s: tensor<3x4x4x4xf32>, %n: index) -> (tensor<7x13xf32>, tensor<10x13xf32>, tensor<13xf32>, tensor<?x13xf32>) {
  %e = tensor.empty() : tensor<12x16xf32>
  %u = tensor.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<3x4x4x4xf32> -> tensor<12x16xf32>
  %x0 = tensor.extract_slice %u[0, 0] [7, 13] [1, 1] : tensor<12x16xf32> to tensor<7x13xf32>
  %x1 = tensor.extract_slice %u[1, 0] [10, 13] [1, 1] : tensor<12x16xf32> to tensor<10x13xf32>
  %x2 = tensor.extract_slice %u[0, 0] [1, 13] [1, 1] : tensor<12x16xf32> to tensor<13xf32>
  %x3 = tensor.extract_slice %u[0, 0] [%n, 13] [1, 1] : tensor<12x16xf32> to tensor<?x13xf32>
  return %x0, %x1, %x2, %x3 : tensor<7x13xf32>, tensor<10x13xf32>, tensor<13xf32>, tensor<?x13xf32>
}

// -----

// transpose -> pack: the permutation moves into outer_dims_perm and
// inner_dims_pos.
// CHECK-LABEL: func.func @transpose_into_pack(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<1x2x16x4x4xf32>
// CHECK:         tensor.pack %arg0 outer_dims_perm = [2, 1, 0] inner_dims_pos = [1, 2] inner_tiles = [4, 4] into %[[E]] : tensor<16x8x4xf32> -> tensor<1x2x16x4x4xf32>
// CHECK-NOT:     linalg.transpose
func.func @transpose_into_pack(%s: tensor<16x8x4xf32>) -> tensor<1x2x16x4x4xf32> {
  %e0 = tensor.empty() : tensor<8x4x16xf32>
  %t = linalg.transpose ins(%s : tensor<16x8x4xf32>) outs(%e0 : tensor<8x4x16xf32>) permutation = [1, 2, 0]
  %e = tensor.empty() : tensor<1x2x16x4x4xf32>
  %r = tensor.pack %t outer_dims_perm = [1, 0, 2] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<8x4x16xf32> -> tensor<1x2x16x4x4xf32>
  return %r : tensor<1x2x16x4x4xf32>
}

// -----

// The same with a transpose written as a linalg.generic.
// CHECK-LABEL: func.func @generic_transpose_into_pack(
// CHECK:         tensor.pack %arg0 padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0] inner_tiles = [16] into %{{.+}} : tensor<50x6xf32> -> tensor<6x4x16xf32>
// CHECK-NOT:     linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @generic_transpose_into_pack(%s: tensor<50x6xf32>) -> tensor<6x4x16xf32> {
  %c = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x50xf32>
  %t = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<50x6xf32>) outs(%e0 : tensor<6x50xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<6x50xf32>
  %e = tensor.empty() : tensor<6x4x16xf32>
  %r = tensor.pack %t padding_value(%c : f32) inner_dims_pos = [1] inner_tiles = [16] into %e : tensor<6x50xf32> -> tensor<6x4x16xf32>
  return %r : tensor<6x4x16xf32>
}

// -----

// pack -> transpose.
// CHECK-LABEL: func.func @pack_into_transpose(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<1x4x8x4xf32>
// CHECK:         tensor.pack %arg0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %[[E]] : tensor<16x8xf32> -> tensor<1x4x8x4xf32>
func.func @pack_into_transpose(%s: tensor<16x8xf32>) -> tensor<1x4x8x4xf32> {
  %e = tensor.empty() : tensor<4x1x4x8xf32>
  %p = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<16x8xf32> -> tensor<4x1x4x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8x4xf32>
  %t = linalg.transpose ins(%p : tensor<4x1x4x8xf32>) outs(%e1 : tensor<1x4x8x4xf32>) permutation = [1, 0, 3, 2]
  return %t : tensor<1x4x8x4xf32>
}

// -----

// A transpose that swaps an outer dim with a tile dim: no fold.
// CHECK-LABEL: func.func @pack_transpose_mixed(
// CHECK:         tensor.pack
// CHECK:         linalg.transpose
func.func @pack_transpose_mixed(%s: tensor<16x8xf32>) -> tensor<4x4x1x8xf32> {
  %e = tensor.empty() : tensor<4x1x4x8xf32>
  %p = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<16x8xf32> -> tensor<4x1x4x8xf32>
  %e1 = tensor.empty() : tensor<4x4x1x8xf32>
  %t = linalg.transpose ins(%p : tensor<4x1x4x8xf32>) outs(%e1 : tensor<4x4x1x8xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<4x4x1x8xf32>
}

// -----

// unpack -> transpose: the unpack writes the transpose's init.
// CHECK-LABEL: func.func @unpack_into_transpose(
// CHECK-SAME:      %[[S:[a-zA-Z0-9]+]]: tensor<4x1x4x8xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<8x16xf32>
// CHECK:         %[[U:.+]] = tensor.unpack %[[S]] outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %[[I]] : tensor<4x1x4x8xf32> -> tensor<8x16xf32>
// CHECK:         return %[[U]]
func.func @unpack_into_transpose(%s: tensor<4x1x4x8xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %u = tensor.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<4x1x4x8xf32> -> tensor<16x8xf32>
  %t = linalg.transpose ins(%u : tensor<16x8xf32>) outs(%init : tensor<8x16xf32>) permutation = [1, 0]
  return %t : tensor<8x16xf32>
}

// -----

// transpose -> unpack.
// CHECK-LABEL: func.func @transpose_into_unpack(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<16x8xf32>
// CHECK:         tensor.unpack %arg0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %[[E]] : tensor<1x4x8x4xf32> -> tensor<16x8xf32>
func.func @transpose_into_unpack(%s: tensor<1x4x8x4xf32>) -> tensor<16x8xf32> {
  %e1 = tensor.empty() : tensor<4x1x4x8xf32>
  %t = linalg.transpose ins(%s : tensor<1x4x8x4xf32>) outs(%e1 : tensor<4x1x4x8xf32>) permutation = [1, 0, 3, 2]
  %e = tensor.empty() : tensor<16x8xf32>
  %u = tensor.unpack %t inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<4x1x4x8xf32> -> tensor<16x8xf32>
  return %u : tensor<16x8xf32>
}
