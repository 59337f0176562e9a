// COMPAT: tessel-only (-bound-allocations is tessel's pass)
// RUN: tessel-opt %s -bound-allocations -buffer-loop-hoisting | FileCheck %s
// RUN: tessel-opt %s --run=tiles --input=iota --input=iota > %t.ref
// RUN: tessel-opt %s -bound-allocations -buffer-loop-hoisting --run=tiles --input=iota --input=iota > %t.out
// RUN: diff %t.ref %t.out
// RUN: tessel-opt %s --run=columns --input=iota --input=iota > %t.ref2
// RUN: tessel-opt %s -bound-allocations -buffer-loop-hoisting --run=columns --input=iota --input=iota > %t.out2
// RUN: diff %t.ref2 %t.out2

// A dynamically sized allocation whose sizes have a constant upper bound
// (here an affine.min tile of at most 4) is made at the bound and viewed
// down to the sizes.

// Only the outer dim is dynamic: the view is cast back to the identity
// type (exact: its strides are the identity strides); the dealloc frees the
// bounded buffer, so it stays in the loop.
// CHECK-LABEL: func.func @tiles
// CHECK: scf.for
// CHECK: %[[N:.*]] = affine.min
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x3xf32>
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[A]][0, 0] [%[[N]], 3] [1, 1] : memref<4x3xf32> to memref<?x3xf32, strided<[3, 1]>>
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[V]] : memref<?x3xf32, strided<[3, 1]>> to memref<?x3xf32>
// CHECK: memref.copy %{{.*}}, %[[C]]
// CHECK: memref.dealloc %[[A]] : memref<4x3xf32>

// An inner dim is dynamic: the identity type would claim other strides, so
// the view itself replaces the allocation (every use takes any layout; the
// subview of it is retyped), and the static buffer leaves the loop.
// CHECK-LABEL: func.func @columns
// CHECK: %[[A:.*]] = memref.alloc() : memref<3x4xf32>
// CHECK-NEXT: scf.for
// CHECK: %[[V:.*]] = memref.subview %[[A]][0, 0] [3, %{{.*}}] [1, 1] : memref<3x4xf32> to memref<3x?xf32, strided<[4, 1]>>
// CHECK: memref.subview %[[V]][1, 0] [1, %{{.*}}] [1, 1] : memref<3x?xf32, strided<[4, 1]>> to memref<?xf32, strided<[1], offset: 4>>

// No bound, or a use that needs the identity type (the return): unchanged.
// CHECK-LABEL: func.func @unbounded
// CHECK: memref.alloc(%arg0) : memref<?xf32>
// CHECK-LABEL: func.func @escapes
// CHECK: memref.alloc(%{{.*}}) : memref<3x?xf32>
func.func @tiles(%in: memref<10x3xf32>, %out: memref<10x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c4 {
    %n = affine.min affine_map<(d0) -> (-d0 + 10, 4)>(%i)
    %tmp = memref.alloc(%n) {alignment = 64 : i64} : memref<?x3xf32>
    %src = memref.subview %in[%i, 0] [%n, 3] [1, 1] : memref<10x3xf32> to memref<?x3xf32, strided<[3, 1], offset: ?>>
    memref.copy %src, %tmp : memref<?x3xf32, strided<[3, 1], offset: ?>> to memref<?x3xf32>
    %dst = memref.subview %out[%i, 0] [%n, 3] [1, 1] : memref<10x3xf32> to memref<?x3xf32, strided<[3, 1], offset: ?>>
    memref.copy %tmp, %dst : memref<?x3xf32> to memref<?x3xf32, strided<[3, 1], offset: ?>>
    memref.dealloc %tmp : memref<?x3xf32>
  }
  return
}
func.func @columns(%in: memref<3x10xf32>, %out: memref<3x10xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.for %j = %c0 to %c10 step %c4 {
    %n = affine.min affine_map<(d0) -> (-d0 + 10, 4)>(%j)
    %tmp = memref.alloc(%n) : memref<3x?xf32>
    %src = memref.subview %in[0, %j] [3, %n] [1, 1] : memref<3x10xf32> to memref<3x?xf32, strided<[10, 1], offset: ?>>
    memref.copy %src, %tmp : memref<3x?xf32, strided<[10, 1], offset: ?>> to memref<3x?xf32>
    %row = memref.subview %tmp[1, 0] [1, %n] [1, 1] : memref<3x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %dst = memref.subview %out[0, %j] [3, %n] [1, 1] : memref<3x10xf32> to memref<3x?xf32, strided<[10, 1], offset: ?>>
    memref.copy %tmp, %dst : memref<3x?xf32> to memref<3x?xf32, strided<[10, 1], offset: ?>>
    %c0f = arith.constant 0.0 : f32
    linalg.fill ins(%c0f : f32) outs(%row : memref<?xf32, strided<[1], offset: ?>>)
  }
  return
}
func.func @unbounded(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func @escapes(%i: index) -> memref<3x?xf32> {
  %n = affine.min affine_map<(d0) -> (d0, 4)>(%i)
  %a = memref.alloc(%n) : memref<3x?xf32>
  return %a : memref<3x?xf32>
}
