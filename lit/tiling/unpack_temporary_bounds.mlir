// RUN: tessel-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tile-pack-unpack{tile-sizes=12}))' | FileCheck %s --check-prefix=TS12
// RUN: tessel-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tile-pack-unpack{tile-sizes=7}))' | FileCheck %s --check-prefix=TS7
// RUN: tessel-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tile-pack-unpack{tile-sizes=16}))' | FileCheck %s --check-prefix=TS16

// The temporary of an incomplete unpack tile holds the most rows any tile of
// the loop needs, times the inner tile t. With static bounds it is exact
// over the iterations; with a dynamic extent it is the bound over all
// offsets, (floor((t - g + ts - 1) / t) + 1) * t with g = gcd(ts, t).

// N = 64, t = 8, ts = 12: every tile needs at most 2 rows -> 16.
// TS12-LABEL: func.func @static_64_by_8
// TS12: tensor.empty() : tensor<16xf32>
// N = 64, t = 8, ts = 7: tiles like [7, 14) need 2 rows -> 16.
// TS7-LABEL: func.func @static_64_by_8
// TS7: tensor.empty() : tensor<16xf32>
// ts = 16 is a multiple of t = 8 and of N: aligned tiles, no temporary.
// TS16-LABEL: func.func @static_64_by_8
// TS16: scf.for
// TS16-NOT: tensor.empty
// TS16: tensor.unpack %{{.*}} into %{{.*}} : tensor<2x8xf32> -> tensor<16xf32>
func.func @static_64_by_8(%src: tensor<8x8xf32>) -> tensor<64xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<8x8xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// N = 10, t = 4, ts = 7: tiles [0, 7) and [7, 10) both need 2 rows -> 8,
// tighter than the dynamic-extent bound (3 rows -> 12).
// TS7-LABEL: func.func @static_10_by_4
// TS7: tensor.empty() : tensor<8xf32>
// ts = 12: the one tile starts on a row, so it unpacks straight into the
// dest (the unpack truncates the last row itself): no temporary.
// TS12-LABEL: func.func @static_10_by_4
// TS12-NOT: tensor.empty() : tensor<12xf32>
// TS12: tensor.unpack %{{.*}} into %{{.*}} : tensor<3x4xf32> -> tensor<10xf32>
func.func @static_10_by_4(%src: tensor<3x4xf32>) -> tensor<10xf32> {
  %init = tensor.empty() : tensor<10xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [4] into %init : tensor<3x4xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// Dynamic extent, t = 8: ts = 12 -> g = 4 -> 2 rows -> 16; ts = 7 -> g = 1
// -> 2 rows -> 16. ts = 16: every tile starts on a row; the last one may
// be partial, which the unpack truncates itself, so there is no temporary
// (upstream's dynamic perfect case): ceil(size / 8) rows straight into the
// dest slice.
// TS12-LABEL: func.func @dynamic_extent
// TS12: tensor.empty() : tensor<16xf32>
// TS7-LABEL: func.func @dynamic_extent
// TS7: tensor.empty() : tensor<16xf32>
// TS16-DAG: #[[CEIL8:.+]] = affine_map<(d0) -> (d0 ceildiv 8)>
// TS16-LABEL: func.func @dynamic_extent
// TS16:         scf.for %[[IV:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
// TS16-NOT:       tensor.empty
// TS16:           %[[SIZE:.+]] = affine.min #{{.+}}(%[[IV]])
// TS16:           %[[ROWS:.+]] = affine.apply #[[CEIL8]](%[[SIZE]])
// TS16:           %[[SRC:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 0] [%[[ROWS]], 8] [1, 1]
// TS16:           %[[DST:.+]] = tensor.extract_slice %[[ACC]][%[[IV]]] [%[[SIZE]]] [1]
// TS16:           %[[U:.+]] = tensor.unpack %[[SRC]] inner_dims_pos = [0] inner_tiles = [8] into %[[DST]]
// TS16:           tensor.insert_slice %[[U]] into %[[ACC]][%[[IV]]] [%[[SIZE]]] [1]
func.func @dynamic_extent(%src: tensor<?x8xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<?x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Two tiled dims: the bound applies per dim. Dim 0: N = 13, t = 8, ts = 12
// -> tiles [0, 12), [12, 13) -> 2 rows -> 16. Dim 1 is not tiled (one tile
// size given): its tile is the whole extent, which starts on a row, so the
// temporary takes its 15 elements (4 rows, the last one truncated).
// TS12-LABEL: func.func @two_dims
// TS12: tensor.empty() : tensor<16x15xf32>
func.func @two_dims(%src: tensor<2x4x8x4xf32>) -> tensor<13x15xf32> {
  %init = tensor.empty() : tensor<13x15xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %init : tensor<2x4x8x4xf32> -> tensor<13x15xf32>
  return %0 : tensor<13x15xf32>
}
