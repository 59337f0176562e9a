// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --pack-spelling=linalg | FileCheck %s --check-prefix=LINALG
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s

// CHECK-LABEL: func.func @pack_padded
// CHECK-SAME: (%[[SRC:.*]]: tensor<13x15xf32>, %[[DST:.*]]: tensor<4x2x8x4xf32>)
// CHECK: %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %pack = tensor.pack %[[SRC]] padding_value(%[[CST]] : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[DST]] : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
// LINALG: %pack = linalg.pack
func.func @pack_padded(%src: tensor<13x15xf32>, %dst: tensor<4x2x8x4xf32>) -> tensor<4x2x8x4xf32> {
  %pad = arith.constant 0.0 : f32
  %0 = tensor.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dst : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}

// The linalg spelling is the same op and prints as written.
// CHECK-LABEL: func.func @unpack_linalg_spelling
// CHECK: %unpack = linalg.unpack %{{.*}} inner_dims_pos = [0] inner_tiles = [8] into %{{.*}} : tensor<4x8xf32> -> tensor<32xf32>
// LINALG: %unpack = linalg.unpack
func.func @unpack_linalg_spelling(%src: tensor<4x8xf32>, %dst: tensor<32xf32>) -> tensor<32xf32> {
  %0 = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %dst : tensor<4x8xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// CHECK-LABEL: func.func @dynamic_tiles
// CHECK: tensor.pack %{{.*}} padding_value(%{{.*}} : f32) inner_dims_pos = [1, 0] inner_tiles = [%{{.*}}, 16] into %{{.*}} {tessel.note = "kept"} : tensor<?x?xf32> -> tensor<?x?x?x16xf32>
// CHECK: tensor.unpack %{{.*}} inner_dims_pos = [1, 0] inner_tiles = [%{{.*}}, 16] into %{{.*}} : tensor<?x?x?x16xf32> -> tensor<?x?xf32>
func.func @dynamic_tiles(%src: tensor<?x?xf32>, %dst: tensor<?x?x?x16xf32>, %t: index, %pad: f32) -> tensor<?x?xf32> {
  %0 = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [1, 0] inner_tiles = [%t, 16] into %dst {tessel.note = "kept"} : tensor<?x?xf32> -> tensor<?x?x?x16xf32>
  %1 = tensor.unpack %0 inner_dims_pos = [1, 0] inner_tiles = [%t, 16] into %src : tensor<?x?x?x16xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A tile may cover a subset of the dims, in any order.
// CHECK-LABEL: func.func @subset_3d
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [2, 0, 1] inner_dims_pos = [2] inner_tiles = [32] into %{{.*}} : tensor<5x7x64xi8> -> tensor<2x5x7x32xi8>
func.func @subset_3d(%src: tensor<5x7x64xi8>, %dst: tensor<2x5x7x32xi8>) -> tensor<2x5x7x32xi8> {
  %0 = tensor.pack %src outer_dims_perm = [2, 0, 1] inner_dims_pos = [2] inner_tiles = [32] into %dst : tensor<5x7x64xi8> -> tensor<2x5x7x32xi8>
  return %0 : tensor<2x5x7x32xi8>
}
