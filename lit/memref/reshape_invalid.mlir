// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// memref.reshape: the verifier's messages, as mlir-opt 22's.

func.func @a(%m: memref<4x2xf32>, %s: memref<1xi32>) -> memref<8xi32> {
  // expected-error @+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32>, memref<1xi32>) -> memref<8xi32>
  return %0 : memref<8xi32>
}
// -----
func.func @b(%m: memref<4x2xf32, strided<[4, 1]>>, %s: memref<1xi32>) -> memref<8xf32> {
  // expected-error @+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32, strided<[4, 1]>>, memref<1xi32>) -> memref<8xf32>
  return %0 : memref<8xf32>
}
// -----
func.func @c(%m: memref<4x2xf32>, %s: memref<?xi32>) -> memref<8xf32> {
  // expected-error @+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32>, memref<?xi32>) -> memref<8xf32>
  return %0 : memref<8xf32>
}
// -----
func.func @d(%m: memref<4x2xf32>, %s: memref<2xi32>) -> memref<8xf32> {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32>, memref<2xi32>) -> memref<8xf32>
  return %0 : memref<8xf32>
}
// -----
func.func @e(%m: memref<4x2xf32>, %s: memref<1xf32>) -> memref<8xf32> {
  // expected-error @+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<1xf32>'}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32>, memref<1xf32>) -> memref<8xf32>
  return %0 : memref<8xf32>
}
// -----
func.func @f(%m: memref<4x2xf32>, %s: memref<1xi32>) -> memref<8xf32, strided<[2]>> {
  // expected-error @+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x2xf32>, memref<1xi32>) -> memref<8xf32, strided<[2]>>
  return %0 : memref<8xf32, strided<[2]>>
}
