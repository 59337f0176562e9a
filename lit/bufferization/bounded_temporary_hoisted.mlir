// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-loop-hoisting | FileCheck %s
// RUN: tessel-opt %s --run=unpack_1d --input=iota > %t.ref
// RUN: tessel-opt %s -one-shot-bufferize -buffer-loop-hoisting --run=unpack_1d --input=iota > %t.buf
// RUN: diff %t.ref %t.buf

// The bounded temporary as one buffer: an unpack of 32 elements from rows
// of 8, tiled by 5 (-tile-pack-unpack=tile-sizes=5 -lower-pack-unpack
// -canonicalize -cse), bufferized and hoisted as mlir-opt 22 does it (the
// CHECK lines are its output). The widened tile's temporary,
// memref<16xf32>, is allocated once before the loop; the copy the
// collapse of a strided tile needs is sized by the loop
// (memref.alloc(%dim)) and stays in it. The engine runs the hoisted code
// to the tensor program's values.

#map = affine_map<(d0) -> (-d0 + 13, 5)>
#map1 = affine_map<(d0) -> (d0 floordiv 8)>
#map2 = affine_map<(d0) -> (d0 mod 8)>
#map3 = affine_map<(d0, d1) -> ((d0 + d1 - 1) floordiv 8 - d0 floordiv 8 + 1)>
#map4 = affine_map<(d0) -> (-d0 + 32, 5)>
module {
  func.func @round_trip(%arg0: tensor<13x15xf32>) -> tensor<13x15xf32> {
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c5 = arith.constant 5 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x2x8x4xf32>
    %padded = tensor.pad %arg0 low[0, 0] high[3, 1] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %cst : f32
    } : tensor<13x15xf32> to tensor<16x16xf32>
    %expanded = tensor.expand_shape %padded [[0, 1], [2, 3]] output_shape [2, 8, 4, 4] : tensor<16x16xf32> into tensor<2x8x4x4xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<2x8x4x4xf32>) outs(%0 : tensor<4x2x8x4xf32>) permutation = [2, 0, 1, 3] 
    %1 = tensor.empty() : tensor<13x15xf32>
    %2 = scf.for %arg1 = %c0 to %c13 step %c5 iter_args(%arg2 = %1) -> (tensor<13x15xf32>) {
      %3 = affine.min #map(%arg1)
      %4 = affine.apply #map1(%arg1)
      %5 = affine.apply #map2(%arg1)
      %6 = affine.apply #map3(%arg1, %3)
      %7 = arith.muli %6, %c8 : index
      %extracted_slice = tensor.extract_slice %transposed[0, %4, 0, 0] [4, %6, 8, 4] [1, 1, 1, 1] : tensor<4x2x8x4xf32> to tensor<4x?x8x4xf32>
      %8 = tensor.empty() : tensor<16x15xf32>
      %extracted_slice_0 = tensor.extract_slice %8[0, 0] [%7, 15] [1, 1] : tensor<16x15xf32> to tensor<?x15xf32>
      %9 = tensor.empty(%6) : tensor<?x8x4x4xf32>
      %transposed_1 = linalg.transpose ins(%extracted_slice : tensor<4x?x8x4xf32>) outs(%9 : tensor<?x8x4x4xf32>) permutation = [1, 2, 0, 3] 
      %collapsed = tensor.collapse_shape %transposed_1 [[0, 1], [2, 3]] : tensor<?x8x4x4xf32> into tensor<?x16xf32>
      %extracted_slice_2 = tensor.extract_slice %collapsed[0, 0] [%7, 15] [1, 1] : tensor<?x16xf32> to tensor<?x15xf32>
      %10 = linalg.copy ins(%extracted_slice_2 : tensor<?x15xf32>) outs(%extracted_slice_0 : tensor<?x15xf32>) -> tensor<?x15xf32>
      %extracted_slice_3 = tensor.extract_slice %10[%5, 0] [%3, 15] [1, 1] : tensor<?x15xf32> to tensor<?x15xf32>
      %inserted_slice = tensor.insert_slice %extracted_slice_3 into %arg2[%arg1, 0] [%3, 15] [1, 1] : tensor<?x15xf32> into tensor<13x15xf32>
      scf.yield %inserted_slice : tensor<13x15xf32>
    }
    return %2 : tensor<13x15xf32>
  }
  func.func @unpack_1d(%arg0: tensor<4x8xf32>) -> tensor<32xf32> {
    %c8 = arith.constant 8 : index
    %c5 = arith.constant 5 : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %0 = tensor.empty() : tensor<32xf32>
    %1 = scf.for %arg1 = %c0 to %c32 step %c5 iter_args(%arg2 = %0) -> (tensor<32xf32>) {
      %2 = affine.min #map4(%arg1)
      %3 = affine.apply #map1(%arg1)
      %4 = affine.apply #map2(%arg1)
      %5 = affine.apply #map3(%arg1, %2)
      %6 = arith.muli %5, %c8 : index
      %extracted_slice = tensor.extract_slice %arg0[%3, 0] [%5, 8] [1, 1] : tensor<4x8xf32> to tensor<?x8xf32>
      %7 = tensor.empty() : tensor<16xf32>
      %extracted_slice_0 = tensor.extract_slice %7[0] [%6] [1] : tensor<16xf32> to tensor<?xf32>
      %collapsed = tensor.collapse_shape %extracted_slice [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
      %extracted_slice_1 = tensor.extract_slice %collapsed[0] [%6] [1] : tensor<?xf32> to tensor<?xf32>
      %8 = linalg.copy ins(%extracted_slice_1 : tensor<?xf32>) outs(%extracted_slice_0 : tensor<?xf32>) -> tensor<?xf32>
      %extracted_slice_2 = tensor.extract_slice %8[%4] [%2] [1] : tensor<?xf32> to tensor<?xf32>
      %inserted_slice = tensor.insert_slice %extracted_slice_2 into %arg2[%arg1] [%2] [1] : tensor<?xf32> into tensor<32xf32>
      scf.yield %inserted_slice : tensor<32xf32>
    }
    return %1 : tensor<32xf32>
  }
}


// CHECK: #map = affine_map<(d0) -> (-d0 + 13, 5)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 mod 8)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> ((d0 + d1 - 1) floordiv 8 - d0 floordiv 8 + 1)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (-d0 + 32, 5)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @round_trip(%arg0: memref<13x15xf32, strided<[?, ?], offset: ?>>) -> memref<13x15xf32> {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c13 = arith.constant 13 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x2x8x4xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16x16xf32>
// CHECK-NEXT: linalg.map outs(%alloc_0 : memref<16x16xf32>)
// CHECK-NEXT: (%init: f32) {
// CHECK-NEXT: %1 = linalg.index 0 : index
// CHECK-NEXT: %2 = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: %subview = memref.subview %alloc_0[0, 0] [13, 15] [1, 1] : memref<16x16xf32> to memref<13x15xf32, strided<[16, 1]>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<13x15xf32, strided<[?, ?], offset: ?>> to memref<13x15xf32, strided<[16, 1]>>
// CHECK-NEXT: %expand_shape = memref.expand_shape %alloc_0 {{\[\[}}0, 1], [2, 3{{\]\]}} output_shape [2, 8, 4, 4] : memref<16x16xf32> into memref<2x8x4x4xf32>
// CHECK-NEXT: linalg.transpose ins(%expand_shape : memref<2x8x4x4xf32>) outs(%alloc : memref<4x2x8x4xf32>) permutation = [2, 0, 1, 3]
// CHECK-NEXT: %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<13x15xf32>
// CHECK-NEXT: %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<16x15xf32>
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c13 step %c5 iter_args(%arg2 = %alloc_1) -> (memref<13x15xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg1)
// CHECK-NEXT: %2 = affine.apply #map1(%arg1)
// CHECK-NEXT: %3 = affine.apply #map2(%arg1)
// CHECK-NEXT: %4 = affine.apply #map3(%arg1, %1)
// CHECK-NEXT: %5 = arith.muli %4, %c8 : index
// CHECK-NEXT: %subview_3 = memref.subview %alloc[0, %2, 0, 0] [4, %4, 8, 4] [1, 1, 1, 1] : memref<4x2x8x4xf32> to memref<4x?x8x4xf32, strided<[64, 32, 4, 1], offset: ?>>
// CHECK-NEXT: %subview_4 = memref.subview %alloc_2[0, 0] [%5, 15] [1, 1] : memref<16x15xf32> to memref<?x15xf32, strided<[15, 1]>>
// CHECK-NEXT: %alloc_5 = memref.alloc(%4) {alignment = 64 : i64} : memref<?x8x4x4xf32>
// CHECK-NEXT: linalg.transpose ins(%subview_3 : memref<4x?x8x4xf32, strided<[64, 32, 4, 1], offset: ?>>) outs(%alloc_5 : memref<?x8x4x4xf32>) permutation = [1, 2, 0, 3]
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc_5 {{\[\[}}0, 1], [2, 3{{\]\]}} : memref<?x8x4x4xf32> into memref<?x16xf32>
// CHECK-NEXT: %subview_6 = memref.subview %collapse_shape[0, 0] [%5, 15] [1, 1] : memref<?x16xf32> to memref<?x15xf32, strided<[16, 1]>>
// CHECK-NEXT: linalg.copy ins(%subview_6 : memref<?x15xf32, strided<[16, 1]>>) outs(%subview_4 : memref<?x15xf32, strided<[15, 1]>>)
// CHECK-NEXT: %subview_7 = memref.subview %subview_4[%3, 0] [%1, 15] [1, 1] : memref<?x15xf32, strided<[15, 1]>> to memref<?x15xf32, strided<[15, 1], offset: ?>>
// CHECK-NEXT: %subview_8 = memref.subview %arg2[%arg1, 0] [%1, 15] [1, 1] : memref<13x15xf32> to memref<?x15xf32, strided<[15, 1], offset: ?>>
// CHECK-NEXT: memref.copy %subview_7, %subview_8 : memref<?x15xf32, strided<[15, 1], offset: ?>> to memref<?x15xf32, strided<[15, 1], offset: ?>>
// CHECK-NEXT: scf.yield %arg2 : memref<13x15xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %0 : memref<13x15xf32> to memref<13x15xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %0 : memref<13x15xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @unpack_1d(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<32xf32> {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c32 step %c5 iter_args(%arg2 = %alloc) -> (memref<32xf32>) {
// CHECK-NEXT: %1 = affine.min #map4(%arg1)
// CHECK-NEXT: %2 = affine.apply #map1(%arg1)
// CHECK-NEXT: %3 = affine.apply #map2(%arg1)
// CHECK-NEXT: %4 = affine.apply #map3(%arg1, %1)
// CHECK-NEXT: %5 = arith.muli %4, %c8 : index
// CHECK-NEXT: %subview = memref.subview %arg0[%2, 0] [%4, 8] [1, 1] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<?x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %subview_1 = memref.subview %alloc_0[0] [%5] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %subview, %c0_2 : memref<?x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %alloc_3 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NEXT: memref.copy %subview, %alloc_3 : memref<?x8xf32, strided<[?, ?], offset: ?>> to memref<?x8xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc_3 {{\[\[}}0, 1{{\]\]}} : memref<?x8xf32> into memref<?xf32>
// CHECK-NEXT: %subview_4 = memref.subview %collapse_shape[0] [%5] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: linalg.copy ins(%subview_4 : memref<?xf32, strided<[1]>>) outs(%subview_1 : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: %subview_5 = memref.subview %subview_1[%3] [%1] [1] : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %subview_6 = memref.subview %arg2[%arg1] [%1] [1] : memref<32xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.copy %subview_5, %subview_6 : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: scf.yield %arg2 : memref<32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %0 : memref<32xf32> to memref<32xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0 : memref<32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
