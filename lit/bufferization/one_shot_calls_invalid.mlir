// COMPAT: tessel-only (mlir-opt 22 bufferizes recursive calls)
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -verify-diagnostics

func.func @a(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{tessel does not bufferize recursive calls}}
  %r = call @a(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
