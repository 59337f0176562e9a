// COMPAT: tessel-only (MLIR 22 cannot bufferize linalg.pack at all)
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -verify-diagnostics

// A dynamic inner tile would need expand_shape groups with two dynamic
// sizes, which MLIR 22's -expand-strided-metadata crashes on.
func.func @dynamic_tile(%a: tensor<13x15xf32>, %d: tensor<?x15x?xf32>, %t: index) -> tensor<?x15x?xf32> {
  %cst = arith.constant 7.0 : f32
  // expected-error @+1 {{tessel bufferizes packs and unpacks with static inner tiles only}}
  %p = linalg.pack %a padding_value(%cst : f32) inner_dims_pos = [0] inner_tiles = [%t] into %d : tensor<13x15xf32> -> tensor<?x15x?xf32>
  return %p : tensor<?x15x?xf32>
}
