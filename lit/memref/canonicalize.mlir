// RUN: tessel-opt %s -canonicalize --allow-unregistered-dialect | FileCheck %s

// Canonicalize on memref code gives mlir-opt 22's output op for op (the
// CHECK lines are its output): dead allocations and no-op copies go, casts
// are looked through by loads, stores, deallocs, dims, copies and
// transfers, dims fold to sizes, constant subview operands become static
// (the type recomputed, a cast back), a whole-source subview is its
// source, and a loop-carried buffer the body yields unchanged is dropped.

// CHECK: module {
// CHECK-NEXT: func.func @dead(%arg0: memref<8xf32>, %arg1: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @self_copy(%arg0: memref<8xf32>, %arg1: memref<0xf32>, %arg2: memref<0xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @casts(%arg0: memref<8xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: %1 = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: %2 = arith.addf %0, %1 : f32
// CHECK-NEXT: %alloc = memref.alloc() : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<8xf32> to memref<8xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<8xf32>
// CHECK-NEXT: return %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dims(%arg0: index, %arg1: memref<4x?xf32>) -> (index, index, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc(%arg0) : memref<4x?xf32>
// CHECK-NEXT: memref.store %cst, %alloc[%c0, %c0] : memref<4x?xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4x?xf32>
// CHECK-NEXT: "test.use"(%alloc) : (memref<4x?xf32>) -> ()
// CHECK-NEXT: return %c4, %arg0, %arg0 : index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: func.func @subviews(%arg0: memref<16x16xf32>, %arg1: index, %arg2: f32) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 2] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: memref.store %arg2, %subview[%c2, %c2] : memref<4x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: memref.store %arg2, %arg0[%c2, %c2] : memref<16x16xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fold_subview(%arg0: memref<16x16xf32>, %arg1: index, %arg2: f32) -> index {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 0] [4, 1] [1, 1] : memref<16x16xf32> to memref<4x1xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: memref.store %arg2, %subview[%c0, %c0] : memref<4x1xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: %subview_0 = memref.subview %arg0[%arg1, 3] [1, 4] [1, 1] : memref<16x16xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.store %arg2, %subview_0[%c1] : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: return %c4 : index
// CHECK-NEXT: }
// CHECK-NEXT: func.func @transfers(%arg0: memref<8x8xf32>, %arg1: index) -> vector<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg1, %c0], %cst {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg0[%c0, %arg1] : vector<4xf32>, memref<8x8xf32>
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: %2 = arith.addf %0, %1 : vector<4xf32>
// CHECK-NEXT: return %2 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @loop(%arg0: memref<16x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<16x8xf32, strided<[?, ?], offset: ?>>) -> memref<16x8xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c16 step %c4 {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %subview_0 = memref.subview %arg1[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: linalg.add ins(%subview, %subview : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%subview_0 : memref<4x8xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: %subview_1 = memref.subview %arg1[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: memref.copy %subview_0, %subview_1 : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1 : memref<16x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @empty(%arg0: index) -> memref<?x8xf32> {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<?x8xf32>)
// CHECK-NEXT: return %alloc : memref<?x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @dead(%m: memref<8xf32>, %i: index) {
  %a = memref.alloc() : memref<8xf32>
  %x = memref.load %m[%i] : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.store %x, %b[%i] : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  %c = memref.alloca() : memref<4xf32>
  %d = memref.dim %m, %i : memref<8xf32>
  return
}
func.func @self_copy(%m: memref<8xf32>, %e: memref<0xf32>, %f: memref<0xf32>) {
  memref.copy %m, %m : memref<8xf32> to memref<8xf32>
  memref.copy %e, %f : memref<0xf32> to memref<0xf32>
  return
}
func.func @casts(%m: memref<8xf32>, %i: index, %v: f32) -> f32 {
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  %x = memref.load %c[%i] : memref<?xf32>
  memref.store %v, %c[%i] : memref<?xf32>
  %c2 = memref.cast %c : memref<?xf32> to memref<8xf32>
  %y = memref.load %c2[%i] : memref<8xf32>
  %s = arith.addf %x, %y : f32
  %a = memref.alloc() : memref<8xf32>
  %ca = memref.cast %a : memref<8xf32> to memref<?xf32>
  memref.copy %c, %ca : memref<?xf32> to memref<?xf32>
  memref.dealloc %ca : memref<?xf32>
  return %s : f32
}
func.func @dims(%n: index, %m: memref<4x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<4x?xf32>
  %d0 = memref.dim %a, %c0 : memref<4x?xf32>
  %d1 = memref.dim %a, %c1 : memref<4x?xf32>
  %sv = memref.subview %m[0, 0] [2, %n] [1, 1] : memref<4x?xf32> to memref<2x?xf32, strided<[?, 1]>>
  %d2 = memref.dim %sv, %c1 : memref<2x?xf32, strided<[?, 1]>>
  %z = arith.constant 0.0 : f32
  memref.store %z, %a[%c0, %c0] : memref<4x?xf32>
  memref.dealloc %a : memref<4x?xf32>
  "test.use"(%a) : (memref<4x?xf32>) -> ()
  return %d0, %d1, %d2 : index, index, index
}
func.func @subviews(%m: memref<16x16xf32>, %i: index, %v: f32) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %sv = memref.subview %m[%i, %c2] [%c4, 4] [1, 1] : memref<16x16xf32> to memref<?x4xf32, strided<[16, 1], offset: ?>>
  memref.store %v, %sv[%c2, %c2] : memref<?x4xf32, strided<[16, 1], offset: ?>>
  %t = memref.subview %m[0, 0] [16, 16] [1, 1] : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  memref.store %v, %t[%c2, %c2] : memref<16x16xf32, strided<[16, 1]>>
  return
}
func.func @fold_subview(%m: memref<16x16xf32>, %i: index, %v: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sv = memref.subview %m[%i, %c0] [%c4, %c1] [%c1, 1] : memref<16x16xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  memref.store %v, %sv[%c0, %c0] : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %r = memref.subview %m[%i, 3] [1, %c4] [1, 1] : memref<16x16xf32> to memref<?xf32, strided<[1], offset: ?>>
  memref.store %v, %r[%c1] : memref<?xf32, strided<[1], offset: ?>>
  %n = memref.dim %r, %c0 : memref<?xf32, strided<[1], offset: ?>>
  return %n : index
}
func.func @transfers(%m: memref<8x8xf32>, %i: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %v = vector.transfer_read %c[%i, %c0], %pad : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %v, %c[%c0, %i] : vector<4xf32>, memref<?x?xf32>
  %id = memref.cast %m : memref<8x8xf32> to memref<8x8xf32>
  %w = vector.transfer_read %id[%c0, %c0], %pad : memref<8x8xf32>, vector<4xf32>
  %s = arith.addf %v, %w : vector<4xf32>
  return %s : vector<4xf32>
}
func.func @loop(%arg0: memref<16x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<16x8xf32, strided<[?, ?], offset: ?>>) -> memref<16x8xf32, strided<[?, ?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %0 = scf.for %arg2 = %c0 to %c16 step %c4 iter_args(%arg3 = %arg1) -> (memref<16x8xf32, strided<[?, ?], offset: ?>>) {
    %subview = memref.subview %arg0[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
    %subview_0 = memref.subview %arg3[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
    linalg.add ins(%subview, %subview : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%subview_0 : memref<4x8xf32, strided<[?, ?], offset: ?>>)
    %subview_1 = memref.subview %arg3[%arg2, 0] [4, 8] [1, 1] : memref<16x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
    memref.copy %subview_0, %subview_1 : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
    scf.yield %arg3 : memref<16x8xf32, strided<[?, ?], offset: ?>>
  }
  return %0 : memref<16x8xf32, strided<[?, ?], offset: ?>>
}
func.func @empty(%arg0: index) -> memref<?x8xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x8xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<?x8xf32>)
  %cast = memref.cast %alloc : memref<?x8xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
  return %alloc : memref<?x8xf32>
}
