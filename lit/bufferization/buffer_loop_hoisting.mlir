// RUN: tessel-opt %s -buffer-loop-hoisting | FileCheck %s

// Allocations leave scf.for loops as far as their sizes allow, in the
// order they are met, as mlir-opt 22's -buffer-loop-hoisting moves them
// (the CHECK lines are its output): not out of an scf.forall (each thread
// needs its own buffer), not when the buffer is yielded.

func.func @fa(%o: memref<8x16xf32>) {
  scf.forall (%i) in (4) {
    %a = memref.alloc() : memref<2x16xf32>
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = memref.subview %o[%off, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %a, %s : memref<2x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
  }
  return
}
func.func @esc(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %x, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @nest(%n: index, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc(%i) : memref<?xf32>
      %c = memref.alloca() : memref<4xf32>
      memref.copy %a, %o : memref<4xf32> to memref<4xf32>
      memref.copy %c, %o : memref<4xf32> to memref<4xf32>
    }
  }
  return
}

// CHECK: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @fa(%arg0: memref<8x16xf32>) {
// CHECK-NEXT: scf.forall (%arg1) in (4) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<2x16xf32>
// CHECK-NEXT: %0 = affine.apply #map(%arg1)
// CHECK-NEXT: %subview = memref.subview %arg0[%0, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: memref.copy %alloc, %subview : memref<2x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @esc(%arg0: index) -> memref<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %alloc) -> (memref<4xf32>) {
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %arg2, %alloc_0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: scf.yield %alloc_0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @nest(%arg0: index, %arg1: memref<4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg2) : memref<?xf32>
// CHECK-NEXT: scf.for %arg3 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %alloca, %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
