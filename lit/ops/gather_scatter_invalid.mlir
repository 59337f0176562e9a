// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// tensor.gather / tensor.scatter and vector.gather: the verifier's
// messages, as mlir-opt 22's.

func.func @a(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %0 = tensor.gather %t[%i] gather_dims([]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
  return
}
// -----
func.func @b(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %t[%i] gather_dims([2]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
  return
}
// -----
func.func @c(%t: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %t[%i] gather_dims([1, 0]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x1x1xf32>
  return
}
// -----
func.func @d(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %0 = tensor.gather %t[%i] gather_dims([0, 1]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x1xf32>
  return
}
// -----
func.func @e(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op result type mismatch: expected 'tensor<3x1x5xf32>' or its rank-reduced variant 'tensor<3x5xf32>' (got: 'tensor<3x2x5xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x2x5xf32>
  return
}
// -----
func.func @f(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims value must be non-negative}}
  %0 = tensor.gather %t[%i] gather_dims([-1]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
  return
}
// -----
func.func @g(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>, %s: tensor<3x1x5xf32>) {
  // expected-error @+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}
// -----
func.func @h(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>, %s: tensor<3x2x5xf32>) {
  // expected-error @+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<3x1x5xf32>' or its rank-reduced variant 'tensor<3x5xf32>' (got: 'tensor<3x2x5xf32>')}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) unique : (tensor<3x2x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}
// -----
func.func @j(%b: memref<16xf32>, %idx: vector<8xi32>, %m: vector<8xi1>, %p: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.gather' op requires 1 indices}}
  %0 = vector.gather %b[%c0, %c0] [%idx], %m, %p : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return
}
