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

// One-shot analysis cannot see who else writes the buffer of a used
// to_tensor without `restrict` (MLIR 22's precondition and message).
func.func @loose_to_tensor(%m: memref<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'bufferization.to_tensor' op to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  return %t : tensor<4xf32>
}
