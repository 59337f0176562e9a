// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: tessel-opt %s -one-shot-bufferize | FileCheck %s --check-prefix=NOBOUNDS
// RUN: tessel-opt %s -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=IDENTITY

// One-shot bufferization gives mlir-opt 22's output op for op (the CHECK
// lines are its output, with function boundaries, without, and with
// identity layouts at the boundaries): arguments are written in place
// unless a later read needs their old contents (@fill_arg: a new buffer,
// not copied since the fill overwrites it), slices are subviews, inserts a
// subview and a copy, constants private globals, a forall's shared outputs
// its arguments' buffers, branches that disagree on a layout the fully
// dynamic one. Without function boundaries arguments are read through
// bufferization.to_buffer (one per use, as 22) and results leave through
// bufferization.to_tensor.

func.func @ret_arg(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %a : tensor<4x8xf32>
}
func.func @ret_slice(%a: tensor<4x8xf32>, %i: index) -> tensor<2x8xf32> {
  %s = tensor.extract_slice %a[%i, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}
func.func @fill_arg(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = tensor.extract %a[%c0, %c0] : tensor<4x8xf32>
  return %f, %e : tensor<4x8xf32>, f32
}
func.func @const() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %cst : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @dyn(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%d) : tensor<?x8xf32>
  %t = linalg.copy ins(%a : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %t : tensor<?x8xf32>
}
func.func @fa(%a: tensor<8x16xf32>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%x = %o) -> (tensor<8x16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = tensor.extract_slice %a[%off, 0] [2, 16] [1, 1] : tensor<8x16xf32> to tensor<2x16xf32>
    %d = tensor.extract_slice %x[%off, 0] [2, 16] [1, 1] : tensor<8x16xf32> to tensor<2x16xf32>
    %t = linalg.copy ins(%s : tensor<2x16xf32>) outs(%d : tensor<2x16xf32>) -> tensor<2x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %x[%off, 0] [2, 16] [1, 1] : tensor<2x16xf32> into tensor<8x16xf32>
    }
  }
  return %r : tensor<8x16xf32>
}
func.func @vt(%a: tensor<8x16xf32>, %o: tensor<8x16xf32>, %c: i1) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0, %c0], %p : tensor<8x16xf32>, vector<8x16xf32>
  %w = vector.transfer_write %v, %o[%c0, %c0] : vector<8x16xf32>, tensor<8x16xf32>
  %r = scf.if %c -> tensor<8x16xf32> {
    scf.yield %w : tensor<8x16xf32>
  } else {
    scf.yield %a : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
func.func @collapse(%a: tensor<4x8xf32>) -> tensor<32xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.copy ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}
func.func @fill_then_slice(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tensor.extract_slice %f[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %e = tensor.extract %a[%c0, %c0] : tensor<4x8xf32>
  return %f, %e : tensor<4x8xf32>, f32
}

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT: func.func @ret_arg(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: return %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @ret_slice(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: index) -> memref<2x8xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 0] [2, 8] [1, 1] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<2x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %subview : memref<2x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fill_arg(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> (memref<4x8xf32>, f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// CHECK-NEXT: %0 = memref.load %arg0[%c0, %c0] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc, %0 : memref<4x8xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @const() -> memref<4xf32> {
// CHECK-NEXT: %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = arith.addf %in, %cst : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dyn(%arg0: memref<?x8xf32, strided<[?, ?], offset: ?>>) -> memref<?x8xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<?x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<?x8xf32>)
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?x8xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<?x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fa(%arg0: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x16xf32, strided<[?, ?], offset: ?>>) -> memref<8x16xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: scf.forall (%arg2) in (4) {
// CHECK-NEXT: %0 = affine.apply #map1(%arg2)
// CHECK-NEXT: %subview = memref.subview %arg0[%0, 0] [2, 16] [1, 1] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<2x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %subview_0 = memref.subview %arg1[%0, 0] [2, 16] [1, 1] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<2x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: linalg.copy ins(%subview : memref<2x16xf32, strided<[?, ?], offset: ?>>) outs(%subview_0 : memref<2x16xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: %subview_1 = memref.subview %arg1[%0, 0] [2, 16] [1, 1] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<2x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: memref.copy %subview_0, %subview_1 : memref<2x16xf32, strided<[?, ?], offset: ?>> to memref<2x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @vt(%arg0: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg2: i1) -> memref<8x16xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst : memref<8x16xf32, strided<[?, ?], offset: ?>>, vector<8x16xf32>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK-NEXT: vector.transfer_write %0, %alloc[%c0, %c0] : vector<8x16xf32>, memref<8x16xf32>
// CHECK-NEXT: %1 = scf.if %arg2 -> (memref<8x16xf32, strided<[?, ?], offset: ?>>) {
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: scf.yield %cast : memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @collapse(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<32xf32> {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>)
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1{{\]\]}} : memref<4x8xf32> into memref<32xf32>
// CHECK-NEXT: %cast = memref.cast %collapse_shape : memref<32xf32> to memref<32xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %collapse_shape : memref<32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fill_then_slice(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> (memref<4x8xf32>, f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// CHECK-NEXT: %subview = memref.subview %alloc[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
// CHECK-NEXT: %0 = memref.load %arg0[%c0, %c0] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc, %0 : memref<4x8xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: }

// NOBOUNDS: #map = affine_map<(d0) -> (d0)>
// NOBOUNDS-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// NOBOUNDS-NEXT: module {
// NOBOUNDS-NEXT: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
// NOBOUNDS-NEXT: func.func @ret_arg(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
// NOBOUNDS-NEXT: return %arg0 : tensor<4x8xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @ret_slice(%arg0: tensor<4x8xf32>, %arg1: index) -> tensor<2x8xf32> {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %subview = memref.subview %0[%arg1, 0] [2, 8] [1, 1] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<2x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x8xf32>
// NOBOUNDS-NEXT: memref.copy %subview, %alloc : memref<2x8xf32, strided<[?, ?], offset: ?>> to memref<2x8xf32>
// NOBOUNDS-NEXT: %1 = bufferization.to_tensor %alloc : memref<2x8xf32> to tensor<2x8xf32>
// NOBOUNDS-NEXT: return %1 : tensor<2x8xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @fill_arg(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, f32) {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %c0 = arith.constant 0 : index
// NOBOUNDS-NEXT: %cst = arith.constant 1.000000e+00 : f32
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// NOBOUNDS-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// NOBOUNDS-NEXT: %1 = bufferization.to_tensor %alloc : memref<4x8xf32> to tensor<4x8xf32>
// NOBOUNDS-NEXT: %2 = memref.load %0[%c0, %c0] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: return %1, %2 : tensor<4x8xf32>, f32
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @const() -> tensor<4xf32> {
// NOBOUNDS-NEXT: %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
// NOBOUNDS-NEXT: %cst = arith.constant 1.000000e+00 : f32
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// NOBOUNDS-NEXT: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
// NOBOUNDS-NEXT: ^bb0(%in: f32, %out: f32):
// NOBOUNDS-NEXT: %2 = arith.addf %in, %cst : f32
// NOBOUNDS-NEXT: linalg.yield %2 : f32
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: %1 = bufferization.to_tensor %alloc : memref<4xf32> to tensor<4xf32>
// NOBOUNDS-NEXT: return %1 : tensor<4xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @dyn(%arg0: tensor<?x8xf32>) -> tensor<?x8xf32> {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<?x8xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<?x8xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %c0 = arith.constant 0 : index
// NOBOUNDS-NEXT: %dim = memref.dim %1, %c0 : memref<?x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8xf32>
// NOBOUNDS-NEXT: linalg.copy ins(%0 : memref<?x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<?x8xf32>)
// NOBOUNDS-NEXT: %2 = bufferization.to_tensor %alloc : memref<?x8xf32> to tensor<?x8xf32>
// NOBOUNDS-NEXT: return %2 : tensor<?x8xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @fa(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %1 = bufferization.to_buffer %arg1 : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// NOBOUNDS-NEXT: memref.copy %1, %alloc : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<8x16xf32>
// NOBOUNDS-NEXT: scf.forall (%arg2) in (4) {
// NOBOUNDS-NEXT: %3 = affine.apply #map1(%arg2)
// NOBOUNDS-NEXT: %subview = memref.subview %0[%3, 0] [2, 16] [1, 1] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<2x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %subview_0 = memref.subview %alloc[%3, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// NOBOUNDS-NEXT: linalg.copy ins(%subview : memref<2x16xf32, strided<[?, ?], offset: ?>>) outs(%subview_0 : memref<2x16xf32, strided<[16, 1], offset: ?>>)
// NOBOUNDS-NEXT: %subview_1 = memref.subview %alloc[%3, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// NOBOUNDS-NEXT: memref.copy %subview_0, %subview_1 : memref<2x16xf32, strided<[16, 1], offset: ?>> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: %2 = bufferization.to_tensor %alloc : memref<8x16xf32> to tensor<8x16xf32>
// NOBOUNDS-NEXT: return %2 : tensor<8x16xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @vt(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>, %arg2: i1) -> tensor<8x16xf32> {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %c0 = arith.constant 0 : index
// NOBOUNDS-NEXT: %cst = arith.constant 0.000000e+00 : f32
// NOBOUNDS-NEXT: %2 = vector.transfer_read %1[%c0, %c0], %cst : memref<8x16xf32, strided<[?, ?], offset: ?>>, vector<8x16xf32>
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// NOBOUNDS-NEXT: vector.transfer_write %2, %alloc[%c0, %c0] : vector<8x16xf32>, memref<8x16xf32>
// NOBOUNDS-NEXT: %3 = scf.if %arg2 -> (memref<8x16xf32, strided<[?, ?], offset: ?>>) {
// NOBOUNDS-NEXT: %cast = memref.cast %alloc : memref<8x16xf32> to memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: scf.yield %cast : memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: } else {
// NOBOUNDS-NEXT: scf.yield %0 : memref<8x16xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: %4 = bufferization.to_tensor %3 : memref<8x16xf32, strided<[?, ?], offset: ?>> to tensor<8x16xf32>
// NOBOUNDS-NEXT: return %4 : tensor<8x16xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @collapse(%arg0: tensor<4x8xf32>) -> tensor<32xf32> {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// NOBOUNDS-NEXT: linalg.copy ins(%0 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>)
// NOBOUNDS-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1{{\]\]}} : memref<4x8xf32> into memref<32xf32>
// NOBOUNDS-NEXT: %1 = bufferization.to_tensor %collapse_shape : memref<32xf32> to tensor<32xf32>
// NOBOUNDS-NEXT: return %1 : tensor<32xf32>
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: func.func @fill_then_slice(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, f32) {
// NOBOUNDS-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: %c0 = arith.constant 0 : index
// NOBOUNDS-NEXT: %cst = arith.constant 1.000000e+00 : f32
// NOBOUNDS-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// NOBOUNDS-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// NOBOUNDS-NEXT: %1 = bufferization.to_tensor %alloc : memref<4x8xf32> to tensor<4x8xf32>
// NOBOUNDS-NEXT: %subview = memref.subview %alloc[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
// NOBOUNDS-NEXT: %2 = memref.load %0[%c0, %c0] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// NOBOUNDS-NEXT: return %1, %2 : tensor<4x8xf32>, f32
// NOBOUNDS-NEXT: }
// NOBOUNDS-NEXT: }

// IDENTITY: #map = affine_map<(d0) -> (d0)>
// IDENTITY-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// IDENTITY-NEXT: module {
// IDENTITY-NEXT: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
// IDENTITY-NEXT: func.func @ret_arg(%arg0: memref<4x8xf32>) -> memref<4x8xf32> {
// IDENTITY-NEXT: return %arg0 : memref<4x8xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @ret_slice(%arg0: memref<4x8xf32>, %arg1: index) -> memref<2x8xf32> {
// IDENTITY-NEXT: %subview = memref.subview %arg0[%arg1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x8xf32>
// IDENTITY-NEXT: memref.copy %subview, %alloc : memref<2x8xf32, strided<[8, 1], offset: ?>> to memref<2x8xf32>
// IDENTITY-NEXT: return %alloc : memref<2x8xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @fill_arg(%arg0: memref<4x8xf32>) -> (memref<4x8xf32>, f32) {
// IDENTITY-NEXT: %c0 = arith.constant 0 : index
// IDENTITY-NEXT: %cst = arith.constant 1.000000e+00 : f32
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// IDENTITY-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// IDENTITY-NEXT: %0 = memref.load %arg0[%c0, %c0] : memref<4x8xf32>
// IDENTITY-NEXT: return %alloc, %0 : memref<4x8xf32>, f32
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @const() -> memref<4xf32> {
// IDENTITY-NEXT: %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
// IDENTITY-NEXT: %cst = arith.constant 1.000000e+00 : f32
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IDENTITY-NEXT: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
// IDENTITY-NEXT: ^bb0(%in: f32, %out: f32):
// IDENTITY-NEXT: %1 = arith.addf %in, %cst : f32
// IDENTITY-NEXT: linalg.yield %1 : f32
// IDENTITY-NEXT: }
// IDENTITY-NEXT: return %alloc : memref<4xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @dyn(%arg0: memref<?x8xf32>) -> memref<?x8xf32> {
// IDENTITY-NEXT: %c0 = arith.constant 0 : index
// IDENTITY-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x8xf32>
// IDENTITY-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8xf32>
// IDENTITY-NEXT: linalg.copy ins(%arg0 : memref<?x8xf32>) outs(%alloc : memref<?x8xf32>)
// IDENTITY-NEXT: return %alloc : memref<?x8xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @fa(%arg0: memref<8x16xf32>, %arg1: memref<8x16xf32>) -> memref<8x16xf32> {
// IDENTITY-NEXT: scf.forall (%arg2) in (4) {
// IDENTITY-NEXT: %0 = affine.apply #map1(%arg2)
// IDENTITY-NEXT: %subview = memref.subview %arg0[%0, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// IDENTITY-NEXT: %subview_0 = memref.subview %arg1[%0, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// IDENTITY-NEXT: linalg.copy ins(%subview : memref<2x16xf32, strided<[16, 1], offset: ?>>) outs(%subview_0 : memref<2x16xf32, strided<[16, 1], offset: ?>>)
// IDENTITY-NEXT: %subview_1 = memref.subview %arg1[%0, 0] [2, 16] [1, 1] : memref<8x16xf32> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// IDENTITY-NEXT: memref.copy %subview_0, %subview_1 : memref<2x16xf32, strided<[16, 1], offset: ?>> to memref<2x16xf32, strided<[16, 1], offset: ?>>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: return %arg1 : memref<8x16xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @vt(%arg0: memref<8x16xf32>, %arg1: memref<8x16xf32>, %arg2: i1) -> memref<8x16xf32> {
// IDENTITY-NEXT: %c0 = arith.constant 0 : index
// IDENTITY-NEXT: %cst = arith.constant 0.000000e+00 : f32
// IDENTITY-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst : memref<8x16xf32>, vector<8x16xf32>
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// IDENTITY-NEXT: vector.transfer_write %0, %alloc[%c0, %c0] : vector<8x16xf32>, memref<8x16xf32>
// IDENTITY-NEXT: %1 = scf.if %arg2 -> (memref<8x16xf32>) {
// IDENTITY-NEXT: scf.yield %alloc : memref<8x16xf32>
// IDENTITY-NEXT: } else {
// IDENTITY-NEXT: scf.yield %arg0 : memref<8x16xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: return %1 : memref<8x16xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @collapse(%arg0: memref<4x8xf32>) -> memref<32xf32> {
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// IDENTITY-NEXT: linalg.copy ins(%arg0 : memref<4x8xf32>) outs(%alloc : memref<4x8xf32>)
// IDENTITY-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1{{\]\]}} : memref<4x8xf32> into memref<32xf32>
// IDENTITY-NEXT: return %collapse_shape : memref<32xf32>
// IDENTITY-NEXT: }
// IDENTITY-NEXT: func.func @fill_then_slice(%arg0: memref<4x8xf32>) -> (memref<4x8xf32>, f32) {
// IDENTITY-NEXT: %c0 = arith.constant 0 : index
// IDENTITY-NEXT: %cst = arith.constant 1.000000e+00 : f32
// IDENTITY-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// IDENTITY-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<4x8xf32>)
// IDENTITY-NEXT: %subview = memref.subview %alloc[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
// IDENTITY-NEXT: %0 = memref.load %arg0[%c0, %c0] : memref<4x8xf32>
// IDENTITY-NEXT: return %alloc, %0 : memref<4x8xf32>, f32
// IDENTITY-NEXT: }
// IDENTITY-NEXT: }
