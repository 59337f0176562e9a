// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// The complex dialect's verifiers and parser, with mlir-opt 22's messages.

func.func @f(%a: complex<i32>) {
  // expected-error @+1 {{operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.add %a, %a : complex<i32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{requires attribute's element types ('f64', 'f32') to match the element type of the op's return type ('f32')}}
  %0 = complex.constant [1.0 : f64, 2.0 : f32] : complex<f32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant ["a", 2.0 : f32] : complex<f32>
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @f(%a: complex<f32>) {
  %0 = complex.bitcast %a : complex<f32> to complex<f32>
  // expected-error @+1 {{requires that either input or output has a complex type}}
  %1 = complex.bitcast %a : complex<f32> to complex<i32>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error @+1 {{requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{failed to verify that complex element type matches result type}}
  %0 = "complex.abs"(%a) : (complex<f32>) -> f64
  return
}

// -----

func.func @f(%a: f32, %b: f64) {
  // expected-error @+1 {{failed to verify that all of {real, imaginary} have same type}}
  %0 = "complex.create"(%a, %b) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{failed to verify that complex element type matches real operand type}}
  %0 = "complex.create"(%a, %a) : (f32, f32) -> complex<f64>
  return
}

// -----

func.func @f(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @+1 {{failed to verify that all of {lhs, rhs} have same type}}
  %0 = "complex.eq"(%a, %b) : (complex<f32>, complex<f64>) -> i1
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "complex.exp"(%a) : (complex<f32>) -> complex<f64>
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "complex.add"(%a, %a) : (complex<f32>, complex<f32>) -> complex<f64>
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{failed to verify that complex element type matches result type}}
  %0 = "complex.re"(%a) : (complex<f32>) -> f16
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "complex.eq"(%a, %a) : (complex<f32>, complex<f32>) -> i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{operand #0 must be complex type with floating-point elements, but got 'f32'}}
  %0 = "complex.neg"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{operand #1 must be signless integer, but got 'complex<f32>'}}
  %0 = "complex.powi"(%a, %a) : (complex<f32>, complex<f32>) -> complex<f32>
  return
}

// -----

func.func @f(%a: complex<f32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.complex, but found 'f32'}}
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : f32
  return
}

// -----

// A vector's elements are integers, indices or floats (22's
// VectorElementTypeInterface), not complex numbers.
// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @f(%v: vector<2xcomplex<f32>>) {
  return
}

// -----

// A complex element of a dense literal is `(re, im)`.
// expected-error @+1 {{expected ',' between complex elements}}
func.func @f() attributes {a = dense<[(1.0)]> : tensor<1xcomplex<f32>>} {
  return
}
