// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --canonicalize > %t.auto
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --canonicalize --mlir-disable-threading > %t.one
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --canonicalize --threads=2 > %t.two
// RUN: diff %t.auto %t.one
// RUN: diff %t.auto %t.two
// RUN: not tessel-opt %s --threads=0 2>&1 | FileCheck %s

// CHECK: invalid value '0' for --threads (expected a positive integer)
func.func @f(%src: tensor<9xf32>) -> tensor<3x4xf32> {
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %p = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<9xf32> -> tensor<3x4xf32>
  return %p : tensor<3x4xf32>
}
