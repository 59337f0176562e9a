// REQUIRES: mlir
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=2" --mlir-pipeline='one-shot-bufferize' 2>&1 | FileCheck %s

// MLIR 22 cannot bufferize an unpack; the failure points at it.
// CHECK: pipeline_fails.mlir:[[# @LINE + 2]]:8: error: MLIR: op was not bufferized
func.func @unpack(%src: tensor<2x4x8x4xf32>, %dst: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %u = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dst : tensor<2x4x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}
