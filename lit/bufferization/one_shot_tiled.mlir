// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: tessel-opt %s --run=pack --input=iota > %t.pack.ref
// RUN: tessel-opt %s -one-shot-bufferize --run=pack --input=iota > %t.pack.buf
// RUN: diff %t.pack.ref %t.pack.buf
// RUN: tessel-opt %s --run=unpack --input=iota > %t.unpack.ref
// RUN: tessel-opt %s -one-shot-bufferize --run=unpack --input=iota > %t.unpack.buf
// RUN: diff %t.unpack.ref %t.unpack.buf

// A pack and an unpack with incomplete tiles, tiled by tessel
// (-tile-pack-unpack=tile-sizes=5 -lower-pack-unpack -canonicalize -cse),
// bufferized: mlir-opt 22's output op for op (the CHECK lines), and the
// engine gives the bufferized functions the tensor functions' results. The
// unpack's bounded temporary is a static memref<16x30xf32> allocation in
// the loop; the transpose temporary -lower-pack-unpack makes is still
// sized by the tile (memref<?x8x8x4xf32>), which bufferizing unpack
// directly, without lowering it first, is to remove.

#map = affine_map<(d0) -> (-d0 + 13, 5)>
#map1 = affine_map<(d0) -> (d0 floordiv 8)>
#map2 = affine_map<(d0) -> (d0 mod 8)>
#map3 = affine_map<(d0, d1) -> ((d0 + d1 - 1) floordiv 8 - d0 floordiv 8 + 1)>
module {
  func.func @pack(%arg0: tensor<16x32xf32>) -> tensor<2x8x8x4xf32> {
    %0 = tensor.empty() : tensor<2x8x8x4xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2, 3]] output_shape [2, 8, 8, 4] : tensor<16x32xf32> into tensor<2x8x8x4xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<2x8x8x4xf32>) outs(%0 : tensor<2x8x8x4xf32>) permutation = [0, 2, 1, 3] 
    return %transposed : tensor<2x8x8x4xf32>
  }
  func.func @unpack(%arg0: tensor<2x8x8x4xf32>) -> tensor<13x30xf32> {
    %c8 = arith.constant 8 : index
    %c5 = arith.constant 5 : index
    %c13 = arith.constant 13 : index
    %c0 = arith.constant 0 : index
    %0 = tensor.empty() : tensor<13x30xf32>
    %1 = scf.for %arg1 = %c0 to %c13 step %c5 iter_args(%arg2 = %0) -> (tensor<13x30xf32>) {
      %2 = affine.min #map(%arg1)
      %3 = affine.apply #map1(%arg1)
      %4 = affine.apply #map2(%arg1)
      %5 = affine.apply #map3(%arg1, %2)
      %6 = arith.muli %5, %c8 : index
      %extracted_slice = tensor.extract_slice %arg0[%3, 0, 0, 0] [%5, 8, 8, 4] [1, 1, 1, 1] : tensor<2x8x8x4xf32> to tensor<?x8x8x4xf32>
      %7 = tensor.empty() : tensor<16x30xf32>
      %extracted_slice_0 = tensor.extract_slice %7[0, 0] [%6, 30] [1, 1] : tensor<16x30xf32> to tensor<?x30xf32>
      %8 = tensor.empty(%5) : tensor<?x8x8x4xf32>
      %transposed = linalg.transpose ins(%extracted_slice : tensor<?x8x8x4xf32>) outs(%8 : tensor<?x8x8x4xf32>) permutation = [0, 2, 1, 3] 
      %collapsed = tensor.collapse_shape %transposed [[0, 1], [2, 3]] : tensor<?x8x8x4xf32> into tensor<?x32xf32>
      %extracted_slice_1 = tensor.extract_slice %collapsed[0, 0] [%6, 30] [1, 1] : tensor<?x32xf32> to tensor<?x30xf32>
      %9 = linalg.copy ins(%extracted_slice_1 : tensor<?x30xf32>) outs(%extracted_slice_0 : tensor<?x30xf32>) -> tensor<?x30xf32>
      %extracted_slice_2 = tensor.extract_slice %9[%4, 0] [%2, 30] [1, 1] : tensor<?x30xf32> to tensor<?x30xf32>
      %inserted_slice = tensor.insert_slice %extracted_slice_2 into %arg2[%arg1, 0] [%2, 30] [1, 1] : tensor<?x30xf32> into tensor<13x30xf32>
      scf.yield %inserted_slice : tensor<13x30xf32>
    }
    return %1 : tensor<13x30xf32>
  }
}


// CHECK: #map = affine_map<(d0) -> (-d0 + 13, 5)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 mod 8)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> ((d0 + d1 - 1) floordiv 8 - d0 floordiv 8 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @pack(%arg0: memref<16x32xf32, strided<[?, ?], offset: ?>>) -> memref<2x8x8x4xf32> {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x8x8x4xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2, 3{{\]\]}} output_shape [2, 8, 8, 4] : memref<16x32xf32, strided<[?, ?], offset: ?>> into memref<2x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-NEXT: linalg.transpose ins(%expand_shape : memref<2x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%alloc : memref<2x8x8x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-NEXT: %cast = memref.cast %alloc : memref<2x8x8x4xf32> to memref<2x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<2x8x8x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @unpack(%arg0: memref<2x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) -> memref<13x30xf32> {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c13 = arith.constant 13 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<13x30xf32>
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c13 step %c5 iter_args(%arg2 = %alloc) -> (memref<13x30xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg1)
// CHECK-NEXT: %2 = affine.apply #map1(%arg1)
// CHECK-NEXT: %3 = affine.apply #map2(%arg1)
// CHECK-NEXT: %4 = affine.apply #map3(%arg1, %1)
// CHECK-NEXT: %5 = arith.muli %4, %c8 : index
// CHECK-NEXT: %subview = memref.subview %arg0[%2, 0, 0, 0] [%4, 8, 8, 4] [1, 1, 1, 1] : memref<2x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>> to memref<?x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16x30xf32>
// CHECK-NEXT: %subview_1 = memref.subview %alloc_0[0, 0] [%5, 30] [1, 1] : memref<16x30xf32> to memref<?x30xf32, strided<[30, 1]>>
// CHECK-NEXT: %alloc_2 = memref.alloc(%4) {alignment = 64 : i64} : memref<?x8x8x4xf32>
// CHECK-NEXT: linalg.transpose ins(%subview : memref<?x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%alloc_2 : memref<?x8x8x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc_2 {{\[\[}}0, 1], [2, 3{{\]\]}} : memref<?x8x8x4xf32> into memref<?x32xf32>
// CHECK-NEXT: %subview_3 = memref.subview %collapse_shape[0, 0] [%5, 30] [1, 1] : memref<?x32xf32> to memref<?x30xf32, strided<[32, 1]>>
// CHECK-NEXT: linalg.copy ins(%subview_3 : memref<?x30xf32, strided<[32, 1]>>) outs(%subview_1 : memref<?x30xf32, strided<[30, 1]>>)
// CHECK-NEXT: %subview_4 = memref.subview %subview_1[%3, 0] [%1, 30] [1, 1] : memref<?x30xf32, strided<[30, 1]>> to memref<?x30xf32, strided<[30, 1], offset: ?>>
// CHECK-NEXT: %subview_5 = memref.subview %arg2[%arg1, 0] [%1, 30] [1, 1] : memref<13x30xf32> to memref<?x30xf32, strided<[30, 1], offset: ?>>
// CHECK-NEXT: memref.copy %subview_4, %subview_5 : memref<?x30xf32, strided<[30, 1], offset: ?>> to memref<?x30xf32, strided<[30, 1], offset: ?>>
// CHECK-NEXT: scf.yield %arg2 : memref<13x30xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %0 : memref<13x30xf32> to memref<13x30xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %0 : memref<13x30xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
