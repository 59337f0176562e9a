// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// linalg.map's verifier messages, as mlir-opt 22's.

func.func @shape(%a: tensor<4x8xf32>, %o: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{'linalg.map' op expected shape of input (4, 8) to match shape of output (4, 9)}}
  %r = linalg.map { math.absf } ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x9xf32>)
  return %r : tensor<4x9xf32>
}

// -----

func.func @arity(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 2 and 1}}
  %r = linalg.map ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  return %r : tensor<4x8xf32>
}

// -----

func.func @elem(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.map' op expected element type of input 'f32' to match bbArg type 'i32'}}
  %r = linalg.map ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>)
    (%x: i32, %y: f32) {
      linalg.yield %y : f32
    }
  return %r : tensor<4x8xf32>
}
