// RUN: tessel-opt %s --split-input-file --verify-diagnostics

// vector.shuffle's verifier, message for message as mlir-opt 22.

func.func @out_of_range(%a: vector<2xf32>, %b: vector<3xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %b [0, 5] : vector<2xf32>, vector<3xf32>
  return
}

// -----

func.func @below_poison(%a: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %a [0, -2] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @trailing(%a: vector<2x4xf32>, %b: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.shuffle' op dimension mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<2x4xf32>, vector<2x3xf32>
  return
}

// -----

func.func @ranks(%a: vector<2xf32>, %b: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.shuffle' op rank mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<2xf32>, vector<2x3xf32>
  return
}

// -----

func.func @empty(%a: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op invalid mask length}}
  %0 = vector.shuffle %a, %a [] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @length(%a: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask length mismatch}}
  %0 = "vector.shuffle"(%a, %a) <{mask = array<i64: 0>}> : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  return
}

// -----

func.func @elements(%a: vector<2xf32>, %b: vector<2xi32>) {
  // expected-error @+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %0 = vector.shuffle %a, %b [0] : vector<2xf32>, vector<2xi32>
  return
}

// -----

func.func @scalable(%a: vector<[2]xf32>) {
  // expected-error @+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[2]xf32>'}}
  %0 = vector.shuffle %a, %a [0] : vector<[2]xf32>, vector<[2]xf32>
  return
}
