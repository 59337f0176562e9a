// RUN: tessel-opt %s -tile-pack-unpack="tile-sizes=12,5 fuse=true" -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 > %t.unfused
// RUN: tessel-opt %s -split-input-file -tile-pack-unpack="tile-sizes=12,5 fuse=true" -canonicalize -cse --run=f --input=random:3 --input=random:4 > %t.fused
// RUN: diff %t.unfused %t.fused
// RUN: not tessel-opt %s -split-input-file -tile-pack-unpack="fuse=maybe" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: option 'fuse' must be 'true' or 'false', got 'maybe'

// tile-pack-unpack with fuse=true tiles the end of each chain that holds a
// pack or unpack and fuses the rest of the chain into its tiles. The
// unpack feeding the add is fused with the widened rows and the static
// temporary of a tiled unpack (tiles of 12 and 5 over rows of 8: at most 2
// rows each way -> 16x16).
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<6x4x8x8xf32>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[IN:.+]] = tensor.extract_slice %[[SRC]]
// CHECK:             %[[TMP:.+]] = tensor.empty() : tensor<16x16xf32>
// CHECK:             %[[U:.+]] = tensor.unpack %[[IN]]
// CHECK:             %[[PART:.+]] = tensor.extract_slice %[[U]]
// CHECK:             linalg.add ins(%[[PART]]
// CHECK-NOT:     tensor.unpack
func.func @f(%src: tensor<6x4x8x8xf32>, %b: tensor<48x32xf32>) -> tensor<48x32xf32> {
  %e = tensor.empty() : tensor<48x32xf32>
  %u = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<6x4x8x8xf32> -> tensor<48x32xf32>
  %o = tensor.empty() : tensor<48x32xf32>
  %r = linalg.add ins(%u, %b : tensor<48x32xf32>, tensor<48x32xf32>) outs(%o : tensor<48x32xf32>) -> tensor<48x32xf32>
  return %r : tensor<48x32xf32>
}

// -----

// A generic producing a pack's source: the pack is the chain's end; the
// generic is computed per tile of the pack (its padded last tiles too).
// CHECK-LABEL: func.func @f(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             linalg.generic
// CHECK:             tensor.pack
// CHECK-NOT:     linalg.generic
func.func @f(%a: tensor<50x30xf32>, %b: tensor<30xf32>) -> tensor<13x8x4x4xf32> {
  %e = tensor.empty() : tensor<50x30xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<50x30xf32>, tensor<30xf32>) outs(%e : tensor<50x30xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<50x30xf32>
  %pad = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<13x8x4x4xf32>
  %p = tensor.pack %g padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %pe : tensor<50x30xf32> -> tensor<13x8x4x4xf32>
  return %p : tensor<13x8x4x4xf32>
}

// -----

// pack -> unpack: the unpack is the end, the pack is fused into its tiles.
// CHECK-LABEL: func.func @f(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             tensor.pack
// CHECK:             tensor.unpack
func.func @f(%a: tensor<48x32xf32>, %unused: tensor<1xf32>) -> tensor<48x32xf32> {
  %pe = tensor.empty() : tensor<6x4x8x8xf32>
  %p = tensor.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %pe : tensor<48x32xf32> -> tensor<6x4x8x8xf32>
  %e = tensor.empty() : tensor<48x32xf32>
  %u = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<6x4x8x8xf32> -> tensor<48x32xf32>
  return %u : tensor<48x32xf32>
}
