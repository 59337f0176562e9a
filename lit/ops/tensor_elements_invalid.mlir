// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// Verifier messages of tensor.extract / insert / from_elements, as mlir-opt 22's.

func.func @f(%t: tensor<4x8xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<4x8xf32>
  return %0 : f32
}

// -----

func.func @f(%t: tensor<4x8xf32>, %i: index, %v: f32) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %v into %t[%i] : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @f(%v: f32) -> tensor<3xf32> {
  // expected-error @+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%v, %v) : (f32, f32) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @f(%t: tensor<4x8xf32>, %i: index) -> f16 {
  // expected-error @+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%t, %i, %i) : (tensor<4x8xf32>, index, index) -> f16
  return %0 : f16
}
