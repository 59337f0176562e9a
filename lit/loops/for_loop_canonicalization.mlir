// RUN: tessel-opt %s -split-input-file -scf-for-loop-canonicalization | FileCheck %s
// RUN: tessel-opt %s -split-input-file -scf-for-loop-canonicalization | tessel-opt -split-input-file -verify-each

// -scf-for-loop-canonicalization as mlir-opt 22 applies it (the CHECK
// lines are its output): min/max ops the constant bounds of the loops of
// their induction variables decide, folded; dims of loop-carried tensors
// read from the init. scripts/loop_peel_parity.py --canonicalization runs
// random loops through both and the engine.

// A min the constant bounds decide: %i <= 8 in for %i = 0 to 10 step 4.
// CHECK: #map = affine_map<(d0) -> (4, -d0 + 10)>
// CHECK-LABEL: func.func @tile_min(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c10 step %c4 iter_args(%arg2 = %arg0) -> (tensor<10xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg1)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg2[%c0] [%1] [1] : tensor<10xf32> to tensor<?xf32>
// CHECK-NEXT: %2 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %2 into %arg2[%c0] [%1] [1] : tensor<?xf32> into tensor<10xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<10xf32>
func.func @tile_min(%t: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%a = %t) -> (tensor<10xf32>) {
    %lo = affine.max affine_map<(d0) -> (d0 - 9, 0)>(%i)
    %s = affine.min affine_map<(d0) -> (4, -d0 + 10)>(%i)
    %x = tensor.extract_slice %a[%lo] [%s] [1] : tensor<10xf32> to tensor<?xf32>
    %y = linalg.exp ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %y into %a[%lo] [%s] [1] : tensor<?xf32> into tensor<10xf32>
    scf.yield %z : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

// -----

// A result the constants make constant folds into the map, which the loop
// bounds then decide: min(2 * 8, 37 - 8 * %i) with %i <= 2.
// CHECK-LABEL: func.func @partial_fold(
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %0 = memref.load %arg0[%c16] : memref<40xf32>
// CHECK-NEXT: memref.store %0, %arg0[%arg1] : memref<40xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @partial_fold(%m: memref<40xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %s = affine.min affine_map<(d0, d1) -> (d0 * 8, d1 * -8 + 37)>(%c2, %i)
    %v = memref.load %m[%s] : memref<40xf32>
    memref.store %v, %m[%i] : memref<40xf32>
  }
  return
}

// -----

// Bounds that are not constants decide nothing.
// CHECK: #map = affine_map<(d0)[s0] -> (4, -d0 + s0)>
// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %arg1 step %c4 {
// CHECK-NEXT: %0 = affine.min #map(%arg2)[%arg1]
// CHECK-NEXT: %1 = memref.load %arg0[%0] : memref<?xf32>
// CHECK-NEXT: memref.store %1, %arg0[%arg2] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dynamic(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c4 {
    %s = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    %v = memref.load %m[%s] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}

// -----

// tensor.dim of an iteration argument (or result) whose every iteration
// inserts into it reads the init.
// CHECK-LABEL: func.func @dims(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0:2 = scf.for %arg2 = %c0 to %c3 step %c1 iter_args(%arg3 = %arg0, %arg4 = %c0) -> (tensor<?x8xf32>, index) {
// CHECK-NEXT: %dim_0 = tensor.dim %arg0, %c0 : tensor<?x8xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg3[%arg2, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<?x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice, %dim_0 : tensor<?x8xf32>, index
// CHECK-NEXT: }
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
// CHECK-NEXT: return %dim, %0#1 : index, index
func.func @dims(%t: tensor<?x8xf32>, %u: tensor<4x8xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %t, %d = %c0) -> (tensor<?x8xf32>, index) {
    %n = tensor.dim %a, %c0 : tensor<?x8xf32>
    %z = tensor.insert_slice %u into %a[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<?x8xf32>
    scf.yield %z, %n : tensor<?x8xf32>, index
  }
  %m = tensor.dim %r#0, %c0 : tensor<?x8xf32>
  return %m, %r#1 : index, index
}

// -----

// An scf.forall induction variable is bounded the same way.
// CHECK: #map = affine_map<(d0) -> (5, -d0 + 12, 9)>
// CHECK-LABEL: func.func @forall(
// CHECK-NEXT: %0 = scf.forall (%arg1) = (0) to (12) step (5) shared_outs(%arg2 = %arg0) -> (tensor<12xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg1)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg2[%arg1] [%1] [1] : tensor<12xf32> to tensor<?xf32>
// CHECK-NEXT: %2 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %2 into %arg2[%arg1] [%1] [1] : tensor<?xf32> into tensor<12xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<12xf32>
func.func @forall(%t: tensor<12xf32>) -> tensor<12xf32> {
  %r = scf.forall (%i) = (0) to (12) step (5) shared_outs(%o = %t) -> (tensor<12xf32>) {
    %s = affine.min affine_map<(d0) -> (5, -d0 + 12, 9)>(%i)
    %x = tensor.extract_slice %o[%i] [%s] [1] : tensor<12xf32> to tensor<?xf32>
    %y = linalg.exp ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[%i] [%s] [1] : tensor<?xf32> into tensor<12xf32>
    }
  }
  return %r : tensor<12xf32>
}
