// RUN: tessel-opt %s -split-input-file -verify-diagnostics
// COMPAT: tessel-only

// Where tessel's vector verifier says other than mlir-opt 22: one error for
// an extract of the wrong type (22 adds "failed to infer returned types"),
// a reduction dim past the rank (22 accepts it), and generic forms whose
// operand groups or types are wrong (22 reports them in its own words).

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'}}
  %0 = vector.extract %v[0] : f32 from vector<4x8xf32>
  return
}

// -----
// Stricter than mlir-opt 22, which accepts a reduction dim past the rank.
func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{reduction dimension 2 is out of range for a rank 2 source}}
  %0 = vector.multi_reduction <add>, %v, %v [2] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----
// Generic forms that break the ops' operand groups or types are
// diagnostics, never a crash.
func.func @a(%t: tensor<?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{'vector.transfer_read' op operand group #0 ('base') requires 1 operand, but its segment size is 0}}
  %0 = "vector.transfer_read"(%t, %i, %s) <{in_bounds = [false], operandSegmentSizes = array<i32: 0, 2, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (tensor<?xf32>, index, f32) -> vector<4xf32>
  return
}

// -----
func.func @a(%t: tensor<?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires attribute 'permutation_map'}}
  %1 = "vector.transfer_read"(%t, %i, %s) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<?xf32>, index, f32) -> vector<4xf32>
  return
}

// -----
func.func @a(%i: index) {
  // expected-error @+1 {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'index'}}
  "vector.mask"(%i) ({ "vector.yield"() : () -> () }) : (index) -> ()
  return
}

// -----
func.func @a(%t: tensor<?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{'vector.transfer_write' op operand #0 must be vector of any type values, but got 'f32'}}
  %11 = "vector.transfer_write"(%s, %t, %i) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (f32, tensor<?xf32>, index) -> tensor<?xf32>
  return
}

// -----
func.func @a(%s: f32) {
  // expected-error @+1 {{'vector.reduction' op operand #0 must be vector of any type values, but got 'f32'}}
  %7 = "vector.reduction"(%s) <{kind = 1}> : (f32) -> f32
  return
}
