// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// tensor.splat and tensor.concat: the verifier's messages, as mlir-opt 22's
// (upstream's missing space before "does" included).

// expected-note @+1 {{prior use here}}
func.func @a(%v: f32) -> tensor<8xi32> {
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'f32'}}
  %s = tensor.splat %v : tensor<8xi32>
  return %s : tensor<8xi32>
}
// -----
func.func @b(%v: f32, %d: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 2}}
  %s = tensor.splat %v[%d] : tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
// -----
func.func @c(%a: tensor<8xf32>, %b: tensor<8x2xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %c = tensor.concat dim(0) %a, %b : (tensor<8xf32>, tensor<8x2xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}
// -----
func.func @d(%a: tensor<8x3xf32>, %b: tensor<8x2xf32>) -> tensor<16x3xf32> {
  // expected-error @+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %c = tensor.concat dim(0) %a, %b : (tensor<8x3xf32>, tensor<8x2xf32>) -> tensor<16x3xf32>
  return %c : tensor<16x3xf32>
}
// -----
func.func @e(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<15xf32> {
  // expected-error @+1 {{'tensor.concat' op result type 'tensor<15xf32>'does not match inferred shape 'tensor<16xf32>' static sizes}}
  %c = tensor.concat dim(0) %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<15xf32>
  return %c : tensor<15xf32>
}
// -----
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %c = tensor.concat dim(1) %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}
// -----
func.func @g(%a: tensor<8xf32>, %b: tensor<8xi32>) -> tensor<16xf32> {
  // expected-error @+1 {{'tensor.concat' op inputs and result element type must match}}
  %c = tensor.concat dim(0) %a, %b : (tensor<8xf32>, tensor<8xi32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}
