// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file -verify-diagnostics

// Without allow-return-allocs-from-loops, an iteration must yield the
// buffer it was given (MLIR 22's message).
func.func @swap(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// An op on tensors that nothing bufferizes (mlir-opt 22 cannot bufferize
// linalg.pack either).
func.func @pack(%a: tensor<16x8xf32>, %d: tensor<2x8x8x1xf32>) -> tensor<2x8x8x1xf32> {
  // expected-error @+1 {{op was not bufferized}}
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %d : tensor<16x8xf32> -> tensor<2x8x8x1xf32>
  return %p : tensor<2x8x8x1xf32>
}
