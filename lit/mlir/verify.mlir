// REQUIRES: mlir
// MLIR's own verifier, in-process, after tessel's passes.
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --canonicalize --cse --mlir-verify | FileCheck %s

// Tiled code MLIR accepts: printed by tessel as usual.
// CHECK-LABEL: func.func @tiled
// CHECK: scf.for
// CHECK: tensor.unpack
func.func @tiled(%src: tensor<2x4x8x4xf32>, %dst: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %u = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dst : tensor<2x4x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}
