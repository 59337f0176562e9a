// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// tensor.reshape and tensor.bitcast: the verifier's messages, as mlir-opt 22's.

func.func @a(%t: tensor<4x2xf32>, %s: tensor<1xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
// -----
func.func @b(%t: tensor<4x2xf32>, %s: tensor<1xi32>) -> tensor<9xf32> {
  // expected-error @+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}
// -----
func.func @c(%t: tensor<4x2xf32>, %s: tensor<?xi32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<?xi32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
func.func @d(%t: tensor<4x2xf32>, %s: tensor<2xi32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<2xi32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
func.func @e(%t: tensor<4x2xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<2xf32>'}}
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<2xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
func.func @f(%t: tensor<4x2xf32>) -> tensor<4x2xi16> {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4x2xf32>' and result type 'tensor<4x2xi16>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4x2xf32> to tensor<4x2xi16>
  return %0 : tensor<4x2xi16>
}
// -----
func.func @g(%t: tensor<4x2xf32>) -> tensor<4x3xi32> {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4x2xf32>' and result type 'tensor<4x3xi32>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4x2xf32> to tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
// -----
func.func @h(%t: tensor<4x2xf32>) -> tensor<?x2xi32> {
  %0 = tensor.bitcast %t : tensor<4x2xf32> to tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}
