// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// The memref verifiers' messages are mlir-opt 22's.
func.func @a(%i: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc(%i)[%i] : memref<?xf32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error @+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> tensor<4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index, %v: f16) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i, %i) : (f16, memref<4x4xf32>, index, index) -> ()
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, index, index) -> f16
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %n: memref<4x4xf16>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4x4xf32> to memref<4x4xf16>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %n: memref<4x5xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %n : memref<4x4xf32> to memref<4x5xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x5xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[8, 1], offset: ?>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  %c5 = arith.constant 5 : index
  %0 = memref.dim %m, %c5 : memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = memref.subview %m[0][4][1] : memref<8x8xf32> to memref<4xf32, strided<[8]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  %0 = memref.subview %m[0, 0][1, 4][1, 1] : memref<8x8xf32> to memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<4xf16, strided<[1]>>'}}
  %0 = memref.subview %m[0, 0][1, 4][1, 1] : memref<8x8xf32> to memref<4xf16, strided<[1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 9 >= 8}}
  %0 = memref.subview %m[0, 6][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 6>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (60) must equal reassociation group size (64)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<60xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32, strided<[16, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32, strided<[16, 1]>> into memref<64xf32>
  return
}

// -----

func.func @a(%m: memref<64xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<8x8xf32>' but found 'memref<8x8xf32, strided<[16, 1]>>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32, strided<[16, 1]>>
  return
}

// -----

func.func @a(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<?x?xf32>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @a(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (i) : memref<?x?xf32> to memref<?xf32>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 4 but was 5}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<4xf32>, initial_value = dense<1.0> : tensor<5xf32>}> : () -> ()

// -----

memref.global "private" @g : memref<4xf32>
func.func @a() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<5xf32>
  return
}

// -----

func.func @a() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<5xf32>
  return
}

// -----

func.func @a(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with stride = 4 instead of 8 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<?xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 3 : memref<?xf32>
  return
}

// -----

func.func @a(%m: memref<?xf32, 1>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<?xf32, 1>' and result type 'memref<?xf16>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<?xf32, 1> to memref<?xf16>
  return
}

// -----

func.func @a(%m: memref<2048xi8>, %i: index) {
  // expected-error @+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %m[%i][] : memref<2048xi8> to memref<?x4xf32>
  return
}

// -----

func.func @a(%m: memref<2048xi16>, %i: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xi16>'}}
  %0 = memref.view %m[%i][] : memref<2048xi16> to memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  %a, %b, %c, %d = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 0}}
  %0 = memref.load %m[] : memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (4) must equal reassociation group size (5)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32> into memref<2x2x5xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[8, 1]>> into memref<16xf32>
  return
}

// -----

func.func @a(%m: memref<4x8xf32, strided<[1, 4]>>) {
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32, strided<[1, 4]>> to memref<8x4xf32>
  return
}

// -----

func.func @a(%m: memref<4x8xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<4x8xf32, 1>' and subview memref type 'memref<2x2xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x8xf32, 1> to memref<2x2xf32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with offset = 3 instead of 2}}
  %0 = memref.reinterpret_cast %m to offset: [3], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32, strided<[4, 1], offset: 2>>
  return
}

// -----

func.func @a(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with size = 5 instead of 4 in dim = 1}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 5], strides: [4, 1] : memref<?xf32> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<2048xi8>, %i: index) {
  // expected-error @+1 {{unsupported map for result memref type 'memref<4x4xf32, strided<[4, 1]>>'}}
  %0 = memref.view %m[%i][] : memref<2048xi8> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  %0 = memref.subview %m[0, 0][1, 1][1, 1] : memref<4x4xf32> to memref<1xf32, strided<[4]>>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1xf32, strided<[2]>>'}}
  %0 = memref.subview %m[0, 0][1, 1][1, 1] : memref<4x4xf32> to memref<1xf32, strided<[2]>>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 2, 4 but was 2, 5}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<2x4xf32>, initial_value = dense<1.0> : tensor<2x5xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'f16'}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<2x4xf32>, initial_value = dense<1.0> : tensor<2x4xf16>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<?xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 3 : i64}}
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<4xf32>, initial_value = 3 : i64}> : () -> ()

// -----

// expected-note @+1 {{see existing symbol definition here}}
memref.global "private" @g : memref<4xf32>
// expected-error @+1 {{redefinition of symbol named 'g'}}
memref.global "private" @g : memref<4xf32>

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}
