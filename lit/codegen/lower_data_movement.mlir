// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 | FileCheck %s
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 | tessel-opt -verify-each > /dev/null
// RUN: tessel-opt %s --run=rows --input=iota --input=0 > %t.rows.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=rows --input=iota --input=0 > %t.rows
// RUN: diff %t.rows.ref %t.rows
// RUN: tessel-opt %s --run=blocks --input=iota --input=0 > %t.blocks.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=blocks --input=iota --input=0 > %t.blocks
// RUN: diff %t.blocks.ref %t.blocks
// RUN: tessel-opt %s --run=short_rows --input=iota --input=0 > %t.short.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=short_rows --input=iota --input=0 > %t.short
// RUN: diff %t.short.ref %t.short
// RUN: tessel-opt %s --run=fill_and_scalars --input=iota --input=0 > %t.fill.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=fill_and_scalars --input=iota --input=0 > %t.fill
// RUN: diff %t.fill.ref %t.fill
// RUN: tessel-opt %s --run=views_in_a_loop --input=iota --input=0 > %t.loop.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=views_in_a_loop --input=iota --input=0 > %t.loop
// RUN: diff %t.loop.ref %t.loop
// RUN: tessel-opt %s --run=bias_relu --input=random:1 --input=random:2 --input=0 > %t.bias.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=bias_relu --input=random:1 --input=random:2 --input=0 > %t.bias
// RUN: diff %t.bias.ref %t.bias
// RUN: tessel-opt %s --run=named_and_reduction --input=iota --input=iota --input=0 --input=0 > %t.named.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=named_and_reduction --input=iota --input=iota --input=0 --input=0 > %t.named
// RUN: diff %t.named.ref %t.named
// RUN: tessel-opt %s --run=bf16_bits --input=random:1 --input=0 --input=0 > %t.bf16.ref
// RUN: tessel-opt %s -lower-data-movement=vector-bytes=32 --run=bf16_bits --input=random:1 --input=0 --input=0 > %t.bf16
// RUN: diff %t.bf16.ref %t.bf16

// -lower-data-movement: copies, transposes and fills on static memrefs
// become vector loads and stores on flat views of both buffers; each
// function runs with the same results before and after.

// A row of 198 f32 contiguous on both sides (the two dims merge): a loop
// of vectors of 8 lanes (32 bytes), then 4 and 2 lanes for the rest.
// CHECK-LABEL: func.func @rows
// CHECK:      memref.reinterpret_cast %arg1 to offset: [0], sizes: [198], strides: [1] : memref<2x99xf32> to memref<198xf32>
// CHECK:      scf.for %[[I:.*]] = %c0 to %c192 step %c8 {
// CHECK-NEXT:   vector.load %{{.*}}[%[[I]]] : memref<198xf32>, vector<8xf32>
// CHECK-NEXT:   vector.store
// CHECK:      vector.load {{.*}}[%c192] : memref<198xf32>, vector<4xf32>
// CHECK:      vector.load {{.*}}[%c196] : memref<198xf32>, vector<2xf32>
// CHECK-NOT:  linalg.copy
func.func @rows(%a: memref<2x99xf32>, %b: memref<2x99xf32>) {
  linalg.copy ins(%a : memref<2x99xf32>) outs(%b : memref<2x99xf32>)
  return
}

// A transpose whose output rows are columns of the input: 8x8 blocks read
// as 8 input rows, transposed by one shuffle of the rows concatenated.
// CHECK-LABEL: func.func @blocks
// CHECK-COUNT-8: vector.load {{.*}} vector<8xf32>
// CHECK:      vector.shuffle {{.*}} [0, 8, 16, 24, 32, 40, 48, 56, 1, 9,
// CHECK-COUNT-8: vector.store {{.*}} vector<8xf32>
func.func @blocks(%a: memref<16x24xf32>, %b: memref<24x16xf32>) {
  linalg.transpose ins(%a : memref<16x24xf32>) outs(%b : memref<24x16xf32>) permutation = [1, 0]
  return
}

// Rows of 4 bytes (i8 tiles of 4) move as i32 elements, in 8x8 blocks.
// CHECK-LABEL: func.func @short_rows
// CHECK:      vector.load {{.*}} vector<32xi8>
// CHECK-NEXT: vector.bitcast {{.*}} : vector<32xi8> to vector<8xi32>
// CHECK:      vector.bitcast {{.*}} : vector<8xi32> to vector<32xi8>
func.func @short_rows(%a: memref<8x8x4xi8>, %b: memref<8x8x4xi8>) {
  linalg.transpose ins(%a : memref<8x8x4xi8>) outs(%b : memref<8x8x4xi8>) permutation = [1, 0, 2]
  return
}

// A fill stores a broadcast; a transpose of 3x5 (no whole 8x8 block)
// moves one element at a time.
// CHECK-LABEL: func.func @fill_and_scalars
// CHECK:      %[[SPLAT:.*]] = vector.broadcast %cst : f32 to vector<8xf32>
// CHECK-NEXT: vector.store %[[SPLAT]], {{.*}} vector<8xf32>
// CHECK:      memref.load
// CHECK-NEXT: memref.store
func.func @fill_and_scalars(%a: memref<3x5xf32>, %b: memref<5x3xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.fill ins(%c : f32) outs(%b : memref<5x3xf32>)
  %s = memref.subview %b[0, 0] [5, 2] [1, 1] : memref<5x3xf32> to memref<5x2xf32, strided<[3, 1]>>
  %t = memref.subview %a[0, 0] [2, 5] [1, 1] : memref<3x5xf32> to memref<2x5xf32, strided<[5, 1]>>
  linalg.transpose ins(%t : memref<2x5xf32, strided<[5, 1]>>) outs(%s : memref<5x2xf32, strided<[3, 1]>>) permutation = [1, 0]
  return
}

// Views at a dynamic offset are flattened at the offset their metadata
// gives.
// CHECK-LABEL: func.func @views_in_a_loop
// CHECK:      memref.extract_strided_metadata
// CHECK:      memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [20], strides: [1]
func.func @views_in_a_loop(%a: memref<4x20xf32>, %b: memref<4x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.subview %a[%i, 0] [1, 20] [1, 1] : memref<4x20xf32> to memref<20xf32, strided<[1], offset: ?>>
    %t = memref.subview %b[%i, 0] [1, 20] [1, 1] : memref<4x20xf32> to memref<20xf32, strided<[1], offset: ?>>
    memref.copy %s, %t : memref<20xf32, strided<[1], offset: ?>> to memref<20xf32, strided<[1], offset: ?>>
  }
  return
}

// Dynamic shapes are left to mlir-opt's -convert-linalg-to-loops.
// CHECK-LABEL: func.func @dynamic
// CHECK:      linalg.copy
func.func @dynamic(%a: memref<?xf32>, %b: memref<?xf32>) {
  linalg.copy ins(%a : memref<?xf32>) outs(%b : memref<?xf32>)
  return
}

// An elementwise generic: rows of vectors, the body applied to them, the
// bias (broadcast along the rows' dim) loaded once per row and broadcast.
// CHECK-LABEL: func.func @bias_relu
// CHECK:      memref.load
// CHECK-NEXT: vector.broadcast
// CHECK:      arith.addf {{.*}} : vector<8xf32>
// CHECK:      arith.maximumf {{.*}} : vector<8xf32>
// CHECK-NOT:  linalg.generic
func.func @bias_relu(%x: memref<4x24xf32>, %bias: memref<4xf32>, %out: memref<4x24xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : memref<4x24xf32>, memref<4xf32>) outs(%out : memref<4x24xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// A named elementwise op, and a reduction (left alone).
// CHECK-LABEL: func.func @named_and_reduction
// CHECK:      arith.mulf {{.*}} : vector<8xf32>
// CHECK:      linalg.generic
func.func @named_and_reduction(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<16xf32>, %s: memref<f32>) {
  linalg.mul ins(%a, %b : memref<16xf32>, memref<16xf32>) outs(%c : memref<16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%c : memref<16xf32>) outs(%s : memref<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  }
  return
}

// 16-bit floats that are only moved move as 16-bit integers, through a
// cast of the flat views that the LLVM conversions reconcile (LLVM 22
// drops the non-temporal hint of bf16 vector stores); a transpose of
// bf16 with an elementwise body keeps bf16.
// CHECK-LABEL: func.func @bf16_bits
// CHECK:      %[[IN:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<256xbf16> to memref<256xi16>
// CHECK:      %[[OUT:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<256xbf16> to memref<256xi16>
// CHECK:      vector.load %[[IN]]{{.*}} vector<8xi16>
// CHECK:      vector.store {{.*}}, %[[OUT]]{{.*}} vector<16xi16>
// CHECK:      arith.negf {{.*}} : vector<8xbf16>
func.func @bf16_bits(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xbf16>) {
  linalg.transpose ins(%a : memref<16x16xbf16>) outs(%b : memref<16x16xbf16>) permutation = [1, 0]
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<16x16xbf16>) outs(%c : memref<16x16xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %n = arith.negf %x : bf16
    linalg.yield %n : bf16
  }
  return
}
