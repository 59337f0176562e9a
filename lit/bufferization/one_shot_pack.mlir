// COMPAT: tessel-only (MLIR 22 cannot bufferize linalg.pack / linalg.unpack)
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: tessel-opt %s -tile-pack-unpack=tile-sizes=5 -canonicalize -cse -one-shot-bufferize=bufferize-function-boundaries -buffer-loop-hoisting | FileCheck %s --check-prefix=TILED
// RUN: tessel-opt %s --run=pack_padded --input=iota > %t.ref
// RUN: tessel-opt %s -one-shot-bufferize --run=pack_padded --input=iota > %t.buf
// RUN: diff %t.ref %t.buf
// RUN: tessel-opt %s --run=unpack_1d --input=iota > %t.ref1
// RUN: tessel-opt %s -tile-pack-unpack=tile-sizes=5 -one-shot-bufferize -buffer-loop-hoisting --run=unpack_1d --input=iota > %t.buf1
// RUN: diff %t.ref1 %t.buf1

// Packs and unpacks bufferize directly into their destination's buffer:
// views of both buffers and a linalg.transpose per piece (the whole tiles;
// the incomplete tile of each dim), the padding value written only into
// the incomplete tiles, past their elements. No temporary.

// CHECK-LABEL: func.func @pack_padded
// CHECK-NOT: memref.alloc(
// CHECK: %[[DEST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x2x8x4xf32>
// The padding: rows 5..7 of the last row tile, column 3 of the last column tile.
// CHECK: %[[P0:.*]] = memref.subview %[[DEST]][0, 1, 5, 0] [4, 1, 3, 4] [1, 1, 1, 1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[P0]]
// CHECK: %[[P1:.*]] = memref.subview %[[DEST]][3, 0, 0, 3] [1, 2, 8, 1] [1, 1, 1, 1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[P1]]
// The whole 8x4 tiles: 8x12 elements as [1, 8, 3, 4], transposed into the
// grid (outer dims swapped).
// CHECK: %[[S:.*]] = memref.subview %arg0[0, 0] [8, 12] [1, 1]
// CHECK: %[[E:.*]] = memref.expand_shape %[[S]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 8, 3, 4]
// CHECK: %[[D:.*]] = memref.subview %[[DEST]][0, 0, 0, 0] [3, 1, 8, 4] [1, 1, 1, 1]
// CHECK: linalg.transpose ins(%[[E]] : {{.*}}) outs(%[[D]] : {{.*}}) permutation = [2, 0, 1, 3]
// Three more pieces: the last column tile, the last row tile, the corner.
// CHECK-COUNT-3: linalg.transpose
// CHECK-NOT: linalg.transpose
// CHECK: return %[[DEST]]
func.func @pack_padded(%src: tensor<13x15xf32>) -> tensor<4x2x8x4xf32> {
  %pad = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x2x8x4xf32>
  %p = linalg.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %init : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %p : tensor<4x2x8x4xf32>
}

// Tiled by 5, the unpack's tile is widened to whole rows of 8 in a
// statically bounded temporary: bufferized, it is one memref<16xf32>
// allocated before the loop; the rows are transposed into a view of it.
// TILED-LABEL: func.func @unpack_1d
// TILED: memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// TILED-NEXT: %[[TMP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// TILED-NEXT: scf.for
// TILED-NOT: memref.alloc
// TILED: %[[ROWS:.*]] = memref.subview %[[TMP]][0] [%{{.*}}] [1]
// TILED: %[[E:.*]] = memref.expand_shape %[[ROWS]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 8]
// TILED: linalg.transpose ins(%{{.*}} : memref<?x8xf32, {{.*}}>) outs(%[[E]] : memref<?x8xf32>) permutation = [0, 1]
// TILED: memref.copy
// TILED: scf.yield
func.func @unpack_1d(%src: tensor<4x8xf32>) -> tensor<32xf32> {
  %init = tensor.empty() : tensor<32xf32>
  %0 = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<4x8xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// Dynamic sizes: the whole tiles and the rest are computed from the size;
// the incomplete tile, which exists only when the rest is not 0, is
// written under scf.if (then its outer extent is 1).
// CHECK-LABEL: func.func @pack_dynamic
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK: %[[WHOLE:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: linalg.fill
// CHECK: linalg.transpose
// CHECK: %[[C:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// CHECK: scf.if %[[C]] {
// CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] output_shape [1, %{{.*}}, 2, 8]
// CHECK: linalg.transpose
// CHECK-NEXT: }
func.func @pack_dynamic(%src: tensor<?x16xf32>, %dest: tensor<?x2x4x8xf32>) -> tensor<?x2x4x8xf32> {
  %pad = arith.constant -1.0 : f32
  %p = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %dest : tensor<?x16xf32> -> tensor<?x2x4x8xf32>
  return %p : tensor<?x2x4x8xf32>
}
