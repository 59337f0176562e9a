// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// The vector verifiers' messages are mlir-opt 22's.

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{has different number of elements at source (32) and result (30)}}
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<30xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{has different source and result element types}}
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<32xi32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{duplicate position index: 1}}
  %0 = vector.transpose %v, [1, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{dimension size mismatch at: 1}}
  %0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{transposition length mismatch: 3}}
  %0 = vector.transpose %v, [1, 0, 2] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{dimension mismatch (8 vs. 4)}}
  %0 = vector.broadcast %v : vector<4x8xf32> to vector<4x4xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<4x8xf32> to vector<8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %v : vector<4x8xf32> to vector<2x4x8xi32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[4] : vector<8xf32> from vector<4x8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[0, 1, 2] : f32 from vector<4x8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>, %s: f32) {
  // expected-error @+1 {{expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %s, %v[0] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>, %s: f32) {
  // expected-error @+1 {{expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %v[0, 9] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error @+1 {{must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x8xi1>
  return
}

// -----

func.func @a() {
  // expected-error @+1 {{array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5, 2] : vector<4x8xi1>
  return
}

// -----

func.func @a() {
  // expected-error @+1 {{expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [0, 2] : vector<4x8xi1>
  return
}

// -----

func.func @a() {
  // expected-error @+1 {{must specify array attr of size equal vector result rank}}
  %0 = vector.constant_mask [2] : vector<4x8xi1>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{requires 2 indices}}
  %0 = vector.transfer_read %t[%i], %s : tensor<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %t[%i, %i], %s {in_bounds = [true, true]} : tensor<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %t[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : tensor<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %t[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %v: vector<4x4xf32>) {
  // expected-error @+1 {{should not have broadcast dimensions}}
  %0 = vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : vector<4x4xf32>, tensor<?x?xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{requires 2 indices}}
  %0 = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?x?xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected sum(offsets, sizes) dimension 1 to be confined to [1, 9)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 6], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>, %w: vector<2x4xf32>) {
  // expected-error @+1 {{expected sum(offsets, source vector shape) dimension 0 to be confined to [1, 5)}}
  %0 = vector.insert_strided_slice %w, %v {offsets = [3, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// -----

func.func @a(%v: vector<4x8xf32>, %w: vector<4xf32>) {
  // expected-error @+1 {{destination type 'vector<4xf32>' is incompatible with source type 'vector<4x8xf32>'}}
  %0 = vector.multi_reduction <add>, %v, %w [0] : vector<4x8xf32> to vector<4xf32>
  return
}

// -----

func.func @a(%v: vector<4xf32>) {
  // expected-error @+1 {{failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return
}

// -----

func.func @a(%v: vector<4xf32>) {
  // expected-error @+1 {{unsupported reduction type ''f32'' for kind 'and'}}
  %0 = vector.reduction <and>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @a(%v: vector<4xf32>, %s: f32) {
  // expected-error @+1 {{result #0 must be vector of index values of ranks 1, but got 'vector<4xf32>'}}
  %0 = vector.step : vector<4xf32>
  return
}

// -----

func.func @a(%v: vector<4xf32>, %m: vector<8xi1>, %t: tensor<?xf32>, %i: index, %s: f32) {
  // expected-error @+1 {{expects a 'vector<4xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.transfer_read %t[%i], %s : tensor<?xf32>, vector<4xf32> } : vector<8xi1> -> vector<4xf32>
  return
}

// -----

func.func @a(%v: vector<4xf32>) {
  // expected-error @+1 {{source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4xf32> to vector<4xi16>
  return
}

// -----

func.func @a(%v: vector<4xf32>) {
  // expected-error @+1 {{expected strides to be confined to [1, 2)}}
  %0 = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [2]} : vector<4xf32> to vector<2xf32>
  return
}

// -----

func.func @a(%v: vector<4xf32>, %s: f32) {
  // expected-error @+1 {{custom op 'vector.from_elements' number of operands and types do not match: got 2 operands and 4 types}}
  %0 = vector.from_elements %s, %s : vector<4xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index) {
  // expected-error @+1 {{destination memref has lower rank than the result vector}}
  %0 = vector.load %m[%i] : memref<100xf32>, vector<2x8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index) {
  // expected-error @+1 {{base and result element types should match}}
  %0 = vector.load %m[%i] : memref<100xf32>, vector<8xi32>
  return
}

// -----

func.func @a(%m: memref<100x4xf32>, %i: index) {
  // expected-error @+1 {{requires 2 indices}}
  %0 = vector.load %m[%i] : memref<100x4xf32>, vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %v: vector<2x8xf32>) {
  // expected-error @+1 {{source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<100xf32>, vector<2x8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %v: vector<8xi32>) {
  // expected-error @+1 {{base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<100xf32>, vector<8xi32>
  return
}

// -----

func.func @a(%m: memref<100x4xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{requires 2 indices}}
  vector.store %v, %m[%i] : memref<100x4xf32>, vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<100xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{base and result element type should match}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<100xf32>, vector<8xi1>, vector<8xf32> into vector<8xi32>
  return
}

// -----

func.func @a(%m: memref<100x4xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{requires 2 indices}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<100x4xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{expected valueToStore shape to match mask shape}}
  vector.maskedstore %m[%i], %mk, %v : memref<100xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xi32>) {
  // expected-error @+1 {{base and valueToStore element type should match}}
  vector.maskedstore %m[%i], %mk, %v : memref<100xf32>, vector<8xi1>, vector<8xi32>
  return
}

// -----

func.func @a(%m: memref<100x4xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{requires 2 indices}}
  vector.maskedstore %m[%i], %mk, %v : memref<100x4xf32>, vector<8xi1>, vector<8xf32>
  return
}

// -----

func.func @a(%m: memref<100xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<100xf32>, vector<8xi1>, vector<8xf32> into vector<2x4xf32>
  return
}

// -----

func.func @a(%a: vector<4x2xf32>, %b: vector<3xf32>) {
  // expected-error @+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %0 = vector.outerproduct %a, %b : vector<4x2xf32>, vector<3xf32>
  return
}

// -----

func.func @a(%a: vector<4xi32>, %b: vector<3xi32>, %c: vector<4x3xi32>) {
  // expected-error @+1 {{'vector.outerproduct' op unsupported outerproduct type}}
  %0 = vector.outerproduct %a, %b, %c {kind = #vector.kind<maxnumf>} : vector<4xi32>, vector<3xi32>
  return
}

// -----

func.func @a(%a: vector<4xf32>, %b: vector<3x2xf32>) {
  // expected-error @+1 {{'vector.outerproduct' op expected 1-d vector for operand #2}}
  %0 = vector.outerproduct %a, %b : vector<4xf32>, vector<3x2xf32>
  return
}

// -----

func.func @type_cast_shape(%m: memref<vector<4x8xf32>>) {
  // expected-error @+1 {{'vector.type_cast' op expects concatenated result and operand shapes to be equal: 'memref<4xvector<4xf32>>'}}
  %0 = vector.type_cast %m : memref<vector<4x8xf32>> to memref<4xvector<4xf32>>
  return
}

// -----

func.func @type_cast_scalar(%m: memref<vector<4x8xf32>>) {
  // expected-error @+1 {{'vector.type_cast' op expects result and operand with same underlying scalar type: 'memref<4xvector<8xi32>>'}}
  %0 = vector.type_cast %m : memref<vector<4x8xf32>> to memref<4xvector<8xi32>>
  return
}

// -----

func.func @type_cast_dynamic(%m: memref<?xf32>) {
  // expected-error @+1 {{'vector.type_cast' op operand #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = vector.type_cast %m : memref<?xf32> to memref<4xf32>
  return
}

// -----

func.func @type_cast_layout(%m: memref<4xf32, strided<[2]>>) {
  // expected-error @+1 {{'vector.type_cast' op expects operand to be a memref with identity layout}}
  %0 = vector.type_cast %m : memref<4xf32, strided<[2]>> to memref<4xf32>
  return
}

// -----

func.func @type_cast_space(%m: memref<4xf32>) {
  // expected-error @+1 {{'vector.type_cast' op expects result in same memory space}}
  %0 = vector.type_cast %m : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @type_cast_tensor(%m: memref<2x4xf32>) {
  // expected-error @+1 {{custom op 'vector.type_cast' invalid kind of type specified: expected builtin.memref, but found 'tensor<2x4xf32>'}}
  %0 = vector.type_cast %m : memref<2x4xf32> to tensor<2x4xf32>
  return
}


// -----

func.func @scalable_insert_position(%a: vector<[4]xf32>, %b: vector<[8]xf32>) -> vector<[8]xf32> {
  // expected-error @+1 {{'vector.scalable.insert' op failed to verify that position is a multiple of the source length.}}
  %0 = vector.scalable.insert %a, %b[2] : vector<[4]xf32> into vector<[8]xf32>
  return %0 : vector<[8]xf32>
}

// -----

func.func @scalable_extract_position(%b: vector<[8]xf32>) -> vector<[4]xf32> {
  // expected-error @+1 {{'vector.scalable.extract' op failed to verify that position is a multiple of the result length.}}
  %1 = vector.scalable.extract %b[3] : vector<[4]xf32> from vector<[8]xf32>
  return %1 : vector<[4]xf32>
}

// -----

func.func @scalable_insert_fixed_dest(%a: vector<4xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{'vector.scalable.insert' op operand #1 must be  of ranks 1, but got 'vector<8xf32>'}}
  %0 = vector.scalable.insert %a, %b[4] : vector<4xf32> into vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @scalable_insert_elements(%a: vector<[4]xi32>, %b: vector<[8]xf32>) -> vector<[8]xf32> {
  // expected-error @+1 {{'vector.scalable.insert' op failed to verify that all of {valueToStore, dest} have same element type}}
  %0 = vector.scalable.insert %a, %b[4] : vector<[4]xi32> into vector<[8]xf32>
  return %0 : vector<[8]xf32>
}

// -----

func.func @scalable_extract_rank(%b: vector<2x[8]xf32>) -> vector<[4]xf32> {
  // expected-error @+1 {{'vector.scalable.extract' op operand #0 must be  of ranks 1, but got 'vector<2x[8]xf32>'}}
  %1 = vector.scalable.extract %b[4] : vector<[4]xf32> from vector<2x[8]xf32>
  return %1 : vector<[4]xf32>
}

// -----

func.func @scalable_extract_result_rank(%b: vector<[8]xf32>) -> vector<2x4xf32> {
  // expected-error @+1 {{'vector.scalable.extract' op result #0 must be  of ranks 1, but got 'vector<2x4xf32>'}}
  %1 = vector.scalable.extract %b[0] : vector<2x4xf32> from vector<[8]xf32>
  return %1 : vector<2x4xf32>
}

// -----

func.func @scalable_insert_result(%a: vector<[4]xf32>, %b: vector<[8]xf32>) -> vector<[8]xf32> {
  // expected-error @+1 {{'vector.scalable.insert' op failed to verify that all of {dest, result} have same type}}
  %0 = "vector.scalable.insert"(%a, %b) <{pos = 0 : i64}> : (vector<[4]xf32>, vector<[8]xf32>) -> vector<[4]xf32>
  return %b : vector<[8]xf32>
}
