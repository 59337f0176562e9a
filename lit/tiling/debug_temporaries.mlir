// RUN: tessel-opt %s --tile-pack-unpack=tile-sizes=5 --debug-only=tiling -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRADDLE
// RUN: tessel-opt %s --tile-pack-unpack=tile-sizes=8 --debug-only=tiling -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALIGNED

// --debug-only=tiling names the temporary an unpack tile straddling
// inner-tile rows unpacks into, also when the tile is a slice of it (the
// widened rows of a statically bounded tensor.empty); a tile that lines up
// with the inner tiles writes its destination's slice directly.
// STRADDLE: tiled op="linalg.unpack" {{.*}} tile_sizes=[5] loops=1 ops=1 temporaries=temporary tensor<16x15xf32> (static)
// STRADDLE: tiled op="linalg.unpack" {{.*}} tile_sizes=[5] loops=1 ops=1 temporaries=temporary tensor<16xf32> (static)
// ALIGNED: tiled op="linalg.unpack" {{.*}} tile_sizes=[8] loops=1 ops=1 temporaries=no temporary (the tile lines up with the inner tiles)
// ALIGNED: tiled op="linalg.unpack" {{.*}} tile_sizes=[8] loops=1 ops=1 temporaries=no temporary (the tile lines up with the inner tiles)
func.func @unpack_2d(%src: tensor<4x2x8x4xf32>) -> tensor<13x15xf32> {
  %e = tensor.empty() : tensor<13x15xf32>
  %u = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}
func.func @unpack_1d(%src: tensor<4x8xf32>) -> tensor<32xf32> {
  %e = tensor.empty() : tensor<32xf32>
  %u = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<4x8xf32> -> tensor<32xf32>
  return %u : tensor<32xf32>
}
