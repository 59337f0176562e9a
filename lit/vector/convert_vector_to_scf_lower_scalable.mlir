// RUN: tessel-opt %s -split-input-file --convert-vector-to-scf=lower-scalable | FileCheck %s
// RUN: tessel-opt %s -split-input-file "--convert-vector-to-scf=lower-scalable lower-tensors" | FileCheck %s --check-prefix=TENSORS
// RUN: tessel-opt %s -split-input-file --convert-vector-to-scf=lower-scalable | tessel-opt -split-input-file -verify-each

// -convert-vector-to-scf=lower-scalable as mlir-opt 22 (the CHECK lines are
// its output): an in-bounds write of `vector.transpose %v, [1, 0]` from
// vector<Mx[N]> becomes a loop over the scalable dim (N * vscale, or the
// mask's leading size) writing lane i of each of the M rows as one
// vector<M>, masked by the rest of the mask. Writes on tensors take
// lower-tensors; a write whose leading dim may run out of bounds, a
// non-transposed vector or a permuted map stay.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[1] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[2] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[3] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c4_vscale = arith.muli %vscale, %c4 : index
// CHECK-NEXT: scf.for %arg4 = %c0 to %c4_vscale step %c1 {
// CHECK-NEXT: %4 = affine.apply #map(%arg4)[%arg2]
// CHECK-NEXT: %5 = vector.extract %0[%arg4] : f32 from vector<[4]xf32>
// CHECK-NEXT: %6 = vector.extract %1[%arg4] : f32 from vector<[4]xf32>
// CHECK-NEXT: %7 = vector.extract %2[%arg4] : f32 from vector<[4]xf32>
// CHECK-NEXT: %8 = vector.extract %3[%arg4] : f32 from vector<[4]xf32>
// CHECK-NEXT: %9 = vector.from_elements %5, %6, %7, %8 : vector<4xf32>
// CHECK-NEXT: vector.transfer_write %9, %arg1[%4, %arg3] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @f(%v: vector<4x[4]xf32>, %m: memref<?x?xf32>, %i: index, %j: index) {
  %t = vector.transpose %v, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %t, %m[%i, %j] {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @g(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[1] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[2] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[3] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK-NEXT: %4 = vector.create_mask %arg5 : vector<4xi1>
// CHECK-NEXT: scf.for %arg6 = %c0 to %arg4 step %c1 {
// CHECK-NEXT: %5 = affine.apply #map(%arg6)[%arg2]
// CHECK-NEXT: %6 = vector.extract %0[%arg6] : f32 from vector<[4]xf32>
// CHECK-NEXT: %7 = vector.extract %1[%arg6] : f32 from vector<[4]xf32>
// CHECK-NEXT: %8 = vector.extract %2[%arg6] : f32 from vector<[4]xf32>
// CHECK-NEXT: %9 = vector.extract %3[%arg6] : f32 from vector<[4]xf32>
// CHECK-NEXT: %10 = vector.from_elements %6, %7, %8, %9 : vector<4xf32>
// CHECK-NEXT: vector.transfer_write %10, %arg1[%5, %arg3], %4 {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @g(%v: vector<4x[4]xf32>, %m: memref<?x?xf32>, %i: index, %j: index, %a: index, %b: index) {
  %mask = vector.create_mask %a, %b : vector<[4]x4xi1>
  %t = vector.transpose %v, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %t, %m[%i, %j], %mask {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @t(
// CHECK-NOT: scf.for
// TENSORS-LABEL: func.func @t(
// TENSORS-NEXT: %c1 = arith.constant 1 : index
// TENSORS-NEXT: %c4 = arith.constant 4 : index
// TENSORS-NEXT: %c0 = arith.constant 0 : index
// TENSORS-NEXT: %0 = vector.extract %arg0[0] : vector<[4]xi8> from vector<2x[4]xi8>
// TENSORS-NEXT: %1 = vector.extract %arg0[1] : vector<[4]xi8> from vector<2x[4]xi8>
// TENSORS-NEXT: %vscale = vector.vscale
// TENSORS-NEXT: %c4_vscale = arith.muli %vscale, %c4 : index
// TENSORS-NEXT: %2 = scf.for %arg4 = %c0 to %c4_vscale step %c1 iter_args(%arg5 = %arg1) -> (tensor<?x?xi8>) {
// TENSORS-NEXT: %3 = affine.apply #map(%arg4)[%arg2]
// TENSORS-NEXT: %4 = vector.extract %0[%arg4] : i8 from vector<[4]xi8>
// TENSORS-NEXT: %5 = vector.extract %1[%arg4] : i8 from vector<[4]xi8>
// TENSORS-NEXT: %6 = vector.from_elements %4, %5 : vector<2xi8>
// TENSORS-NEXT: %7 = vector.transfer_write %6, %arg5[%3, %arg3] : vector<2xi8>, tensor<?x?xi8>
// TENSORS-NEXT: scf.yield %7 : tensor<?x?xi8>
// TENSORS-NEXT: }
// TENSORS-NEXT: return %2 : tensor<?x?xi8>
func.func @t(%v: vector<2x[4]xi8>, %t: tensor<?x?xi8>, %i: index, %j: index) -> tensor<?x?xi8> {
  %tr = vector.transpose %v, [1, 0] : vector<2x[4]xi8> to vector<[4]x2xi8>
  %r = vector.transfer_write %tr, %t[%i, %j] {in_bounds = [true, false]} : vector<[4]x2xi8>, tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}

// -----

// CHECK-LABEL: func.func @c(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c2_vscale = arith.muli %vscale, %c2 : index
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<[2]xf32> from vector<3x[2]xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[1] : vector<[2]xf32> from vector<3x[2]xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[2] : vector<[2]xf32> from vector<3x[2]xf32>
// CHECK-NEXT: %3 = vector.create_mask %c2 : vector<3xi1>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2_vscale step %c1 {
// CHECK-NEXT: %4 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %5 = vector.extract %0[%arg3] : f32 from vector<[2]xf32>
// CHECK-NEXT: %6 = vector.extract %1[%arg3] : f32 from vector<[2]xf32>
// CHECK-NEXT: %7 = vector.extract %2[%arg3] : f32 from vector<[2]xf32>
// CHECK-NEXT: %8 = vector.from_elements %5, %6, %7 : vector<3xf32>
// CHECK-NEXT: vector.transfer_write %8, %arg1[%4, %arg2], %3 {in_bounds = [true]} : vector<3xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @c(%v: vector<3x[2]xf32>, %m: memref<?x?xf32>, %i: index) {
  %mask = vector.constant_mask [2, 2] : vector<[2]x3xi1>
  %tr = vector.transpose %v, [1, 0] : vector<3x[2]xf32> to vector<[2]x3xf32>
  vector.transfer_write %tr, %m[%i, %i], %mask {in_bounds = [true, true]} : vector<[2]x3xf32>, memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @oob(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg1[%arg2, %arg2] : vector<[4]x4xf32>, memref<?x?xf32>
// CHECK-NEXT: return
func.func @oob(%v: vector<4x[4]xf32>, %m: memref<?x?xf32>, %i: index) {
  %tr = vector.transpose %v, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %tr, %m[%i, %i] : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @notr(
// CHECK-NEXT: vector.transfer_write %arg0, %arg1[%arg2, %arg2] {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
// CHECK-NEXT: return
func.func @notr(%v: vector<[4]x4xf32>, %m: memref<?x?xf32>, %i: index) {
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @perm(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<4x[4]xf32>>
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
// CHECK-NEXT: %1 = vector.transpose %0, [1, 0] : vector<[4]x4xf32> to vector<4x[4]xf32>
// CHECK-NEXT: memref.store %1, %alloca[] : memref<vector<4x[4]xf32>>
// CHECK-NEXT: %2 = vector.type_cast %alloca : memref<vector<4x[4]xf32>> to memref<4xvector<[4]xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %4 = memref.load %2[%arg3] : memref<4xvector<[4]xf32>>
// CHECK-NEXT: vector.transfer_write %4, %arg1[%3, %arg2] {in_bounds = [true]} : vector<[4]xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @perm(%v: vector<4x[4]xf32>, %m: memref<?x?xf32>, %i: index) {
  %tr = vector.transpose %v, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %tr, %m[%i, %i] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}
