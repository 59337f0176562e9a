// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// linalg.reduce and linalg.broadcast: their verifier messages, as mlir-opt 22's (a
// dynamic extent shows as the sentinel upstream streams).

func.func @a(%a: tensor<4x8xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [2]
  return %r : tensor<4xf32>
}
// -----
func.func @b(%a: tensor<4x8xf32>, %i: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%i : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}
// -----
func.func @c(%a: tensor<4x8xf32>, %i: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.reduce' op number of dimensions after reduction 1 doesn't match the init rank 2}}
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%i : tensor<4x8xf32>) dimensions = [1]
  return %r : tensor<4x8xf32>
}
// -----
func.func @d(%a: tensor<4x8xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op input element type 'f32' does not match corresponding block argument type 'f64'}}
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%x: f64, %y: f32) { linalg.yield %y : f32 }
  return %r : tensor<4xf32>
}
// -----
func.func @e(%a: tensor<4x8xf32>, %b: tensor<4x7xf32>, %i: tensor<4xf32>, %j: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op expects all inputs to have the same shapes. Shape at input-index 1 is not equal to the shape at input-index 0.}}
  %r:2 = linalg.reduce ins(%a, %b : tensor<4x8xf32>, tensor<4x7xf32>) outs(%i, %j : tensor<4xf32>, tensor<4xf32>) dimensions = [1]
    (%x: f32, %x2: f32, %y: f32, %y2: f32) { linalg.yield %y, %y2 : f32, f32 }
  return %r#0 : tensor<4xf32>
}
// -----
func.func @f(%a: tensor<4x8xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op mismatching number of operands and block arguments}}
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%y: f32) { linalg.yield %y : f32 }
  return %r : tensor<4xf32>
}
// -----
func.func @g(%a: tensor<8xf32>, %i: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2, init rank: 2}}
  %r = linalg.broadcast ins(%a : tensor<8xf32>) outs(%i : tensor<4x8xf32>) dimensions = [0, 1]
  return %r : tensor<4x8xf32>
}
// -----
func.func @h(%a: tensor<8xf32>, %i: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 5}}
  %r = linalg.broadcast ins(%a : tensor<8xf32>) outs(%i : tensor<4x8xf32>) dimensions = [5]
  return %r : tensor<4x8xf32>
}
// -----
func.func @i(%a: tensor<8xf32>, %i: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: 8, init: 4}}
  %r = linalg.broadcast ins(%a : tensor<8xf32>) outs(%i : tensor<4x8xf32>) dimensions = [1]
  return %r : tensor<4x8xf32>
}
// -----
func.func @j(%a: tensor<?x8xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [4] doesn't match input dimensions after reduction [-9223372036854775808]}}
  %r = linalg.reduce { arith.addf } ins(%a : tensor<?x8xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
  return %r : tensor<4xf32>
}
