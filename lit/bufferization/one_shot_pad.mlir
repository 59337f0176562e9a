// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: tessel-opt %s --run=pad_static --input=iota > %t.ref
// RUN: tessel-opt %s -one-shot-bufferize --run=pad_static --input=iota > %t.buf
// RUN: diff %t.ref %t.buf

// tensor.pad bufferizes as mlir-opt 22 builds it (the CHECK lines are its
// output): the result sizes twice (once for the body, left unused, once
// for the allocation, folded), an aligned allocation, a linalg.map whose
// body is the pad's with linalg.index for its arguments, and the source
// copied into the subview at the low padding. The engine gives the
// bufferized function the tensor function's result.

func.func @pad_dyn(%a: tensor<?x15xf32>, %h: index) -> tensor<?x16xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 0] high[%h, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x15xf32> to tensor<?x16xf32>
  return %p : tensor<?x16xf32>
}
func.func @pad_idx(%a: tensor<3x5xi64>) -> tensor<4x8xi64> {
  %p = tensor.pad %a low[0, 1] high[1, 2] {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i64
    tensor.yield %v : i64
  } : tensor<3x5xi64> to tensor<4x8xi64>
  return %p : tensor<4x8xi64>
}
func.func @pad_static(%a: tensor<3x5xf32>) -> tensor<6x7xf32> {
  %cst = arith.constant -1.0 : f32
  %p = tensor.pad %a low[2, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<3x5xf32> to tensor<6x7xf32>
  return %p : tensor<6x7xf32>
}

// CHECK: #map = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
// CHECK-NEXT: #map1 = affine_map<()[s0, s1] -> (s0 + s1 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @pad_dyn(%arg0: memref<?x15xf32, strided<[?, ?], offset: ?>>, %arg1: index) -> memref<?x16xf32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x15xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = affine.apply #map()[%dim, %c1, %arg1]
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %dim_1 = memref.dim %arg0, %c0_0 : memref<?x15xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %1 = affine.apply #map1()[%dim_1, %arg1]
// CHECK-NEXT: %alloc = memref.alloc(%1) {alignment = 64 : i64} : memref<?x16xf32>
// CHECK-NEXT: linalg.map outs(%alloc : memref<?x16xf32>)
// CHECK-NEXT: (%init: f32) {
// CHECK-NEXT: %2 = linalg.index 0 : index
// CHECK-NEXT: %3 = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %dim_3 = memref.dim %arg0, %c0_2 : memref<?x15xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %subview = memref.subview %alloc[1, 0] [%dim_3, 15] [1, 1] : memref<?x16xf32> to memref<?x15xf32, strided<[16, 1], offset: 16>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<?x15xf32, strided<[?, ?], offset: ?>> to memref<?x15xf32, strided<[16, 1], offset: 16>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?x16xf32> to memref<?x16xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<?x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pad_idx(%arg0: memref<3x5xi64, strided<[?, ?], offset: ?>>) -> memref<4x8xi64> {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xi64>
// CHECK-NEXT: linalg.map outs(%alloc : memref<4x8xi64>)
// CHECK-NEXT: (%init: i64) {
// CHECK-NEXT: %0 = linalg.index 0 : index
// CHECK-NEXT: %1 = linalg.index 1 : index
// CHECK-NEXT: %2 = arith.index_cast %1 : index to i64
// CHECK-NEXT: linalg.yield %2 : i64
// CHECK-NEXT: }
// CHECK-NEXT: %subview = memref.subview %alloc[0, 1] [3, 5] [1, 1] : memref<4x8xi64> to memref<3x5xi64, strided<[8, 1], offset: 1>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<3x5xi64, strided<[?, ?], offset: ?>> to memref<3x5xi64, strided<[8, 1], offset: 1>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x8xi64> to memref<4x8xi64, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<4x8xi64>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pad_static(%arg0: memref<3x5xf32, strided<[?, ?], offset: ?>>) -> memref<6x7xf32> {
// CHECK-NEXT: %cst = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x7xf32>
// CHECK-NEXT: linalg.map outs(%alloc : memref<6x7xf32>)
// CHECK-NEXT: (%init: f32) {
// CHECK-NEXT: %0 = linalg.index 0 : index
// CHECK-NEXT: %1 = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: %subview = memref.subview %alloc[2, 1] [3, 5] [1, 1] : memref<6x7xf32> to memref<3x5xf32, strided<[7, 1], offset: 15>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<3x5xf32, strided<[?, ?], offset: ?>> to memref<3x5xf32, strided<[7, 1], offset: 15>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<6x7xf32> to memref<6x7xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<6x7xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
