// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 | FileCheck %s
// RUN: tessel-opt %s --run=padded_pack --input=iota --input=0 > %t.pack.ref
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 --run=padded_pack --input=iota --input=0 > %t.pack
// RUN: diff %t.pack.ref %t.pack
// RUN: tessel-opt %s --run=unpack_on_tensors --input=iota --input=0 | sed -n 2,17p > %t.unpack.ref
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=16 --run=unpack_on_tensors --input=iota --input=0 | sed -n 2,17p > %t.unpack
// RUN: diff %t.unpack.ref %t.unpack
// RUN: tessel-opt %s --run=transposing_pack --input=iota --input=0 > %t.tr.ref
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 --run=transposing_pack --input=iota --input=0 > %t.tr
// RUN: diff %t.tr.ref %t.tr
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=CHAIN
// RUN: tessel-opt %s --run=chain --input=random:3 --input=random:4 --input=0 --output=%t.chain.ref.npy > /dev/null
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 --run=chain --input=random:3 --input=random:4 --input=0 --output=%t.chain.npy > /dev/null
// RUN: cmp %t.chain.ref.npy %t.chain.npy
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=COMPOSED
// RUN: tessel-opt %s --run=composed_chain --input=random:3 --input=0 --output=%t.composed.ref.npy > /dev/null
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 --run=composed_chain --input=random:3 --input=0 --output=%t.composed.npy > /dev/null
// RUN: cmp %t.composed.ref.npy %t.composed.npy
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=32 nontemporal-bytes=1" | FileCheck %s --check-prefix=STREAM
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=32 nontemporal-bytes=1" --run=padded_pack --input=iota --input=0 > %t.pack.nt
// RUN: diff %t.pack.ref %t.pack.nt
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=32 nontemporal-bytes=1" --run=transposing_pack --input=iota --input=0 > %t.tr.nt
// RUN: diff %t.tr.ref %t.tr.nt
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=64 nontemporal-bytes=1" | FileCheck %s --check-prefix=BLOCKS64
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=ZIP
// RUN: tessel-opt %s --run=zip_rows --input=random:7 --input=0 --output=%t.zip.ref.npy > /dev/null
// RUN: tessel-opt %s --codegen-pipeline=vector-bytes=32 --run=zip_rows --input=random:7 --input=0 --output=%t.zip.npy > /dev/null
// RUN: cmp %t.zip.ref.npy %t.zip.npy
// RUN: tessel-opt %s --run=transposing_pack_16x16 --input=iota --input=0 --output=%t.tr16.ref.npy > /dev/null
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=64 nontemporal-bytes=1" --run=transposing_pack_16x16 --input=iota --input=0 --output=%t.tr16.npy > /dev/null
// RUN: cmp %t.tr16.ref.npy %t.tr16.npy
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=32 nontemporal-bytes=1" | FileCheck %s --check-prefix=BLOCKS32
// RUN: tessel-opt %s --codegen-pipeline="vector-bytes=32 nontemporal-bytes=1" --run=transposing_pack_16x16 --input=iota --input=0 --output=%t.tr16b.npy > /dev/null
// RUN: cmp %t.tr16.ref.npy %t.tr16b.npy

// --codegen-pipeline: tensor kernels to vector loads and stores on the
// caller's buffers, no allocation, no tensor left; each kernel runs with
// the same results before and after.

// Outputs of nontemporal-bytes or more are streamed past the caches when
// the buffer is aligned at run time (the engine checks each promised
// alignment); the same loops with plain stores otherwise.
// STREAM-LABEL: func.func @padded_pack
// STREAM:       %[[P:.*]] = memref.extract_aligned_pointer_as_index
// STREAM:       %[[R:.*]] = arith.remui %[[P]], %c32 : index
// STREAM:       %[[OK:.*]] = arith.cmpi eq, %[[R]], %c0 : index
// STREAM:       scf.if %[[OK]] {
// STREAM:       vector.store {{.*}} {alignment = 32 : i64, nontemporal = true}
// STREAM:       } else {

// The kernel convention MLIR users benchmark with: the result, built in a
// tensor.empty, is built in the destination memref directly. The padding
// goes only where the tiles are incomplete; whole tiles move as rows of 8.
// CHECK-LABEL: func.func @padded_pack(%arg0: memref<13x20xf32>, %arg1: memref<2x3x8x8xf32>)
// CHECK-NOT:   alloc
// CHECK-NOT:   tensor
// CHECK:       vector.store %cst{{.*}} vector<4xf32>
// CHECK:       vector.load {{.*}} vector<8xf32>
// CHECK:       return
func.func @padded_pack(%src: memref<13x20xf32>, %dst: memref<2x3x8x8xf32>) {
  %pad = arith.constant -1.0 : f32
  %t = bufferization.to_tensor %src restrict : memref<13x20xf32> to tensor<13x20xf32>
  %e = tensor.empty() : tensor<2x3x8x8xf32>
  %r = linalg.pack %t padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<13x20xf32> -> tensor<2x3x8x8xf32>
  bufferization.materialize_in_destination %r in restrict writable %dst : (tensor<2x3x8x8xf32>, memref<2x3x8x8xf32>) -> ()
  return
}

// On tensors, function boundaries become memrefs with identity layouts.
// CHECK-LABEL: func.func @unpack_on_tensors(%arg0: memref<2x4x8x4xf32>, %arg1: memref<16x16xf32>) -> memref<16x16xf32>
// CHECK-NOT:   alloc
// CHECK:       vector.load
// CHECK:       return %arg1 : memref<16x16xf32>
func.func @unpack_on_tensors(%src: tensor<2x4x8x4xf32>, %dst: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dst : tensor<2x4x8x4xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// Tiles transposed against the source (inner_dims_pos = [1, 0]) move in
// 8x8 blocks transposed in registers.
// CHECK-LABEL: func.func @transposing_pack
// CHECK:       vector.shuffle
// CHECK-NOT:   memref.load
// CHECK:       return
func.func @transposing_pack(%src: memref<16x32xf32>, %dst: memref<1x4x8x16xf32>) {
  %t = bufferization.to_tensor %src restrict : memref<16x32xf32> to tensor<16x32xf32>
  %e = tensor.empty() : tensor<1x4x8x16xf32>
  %r = linalg.pack %t inner_dims_pos = [1, 0] inner_tiles = [8, 16] into %e : tensor<16x32xf32> -> tensor<1x4x8x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %dst : (tensor<1x4x8x16xf32>, memref<1x4x8x16xf32>) -> ()
  return
}

// With 64-byte vectors each row of a 16x16 block of f32 is a whole cache
// line, so blocks stream too; the block is four 8x8 squares, each
// transposed by one shuffle, the rows joined from theirs.
// BLOCKS64-LABEL: func.func @transposing_pack_16x16
// BLOCKS64:       scf.if
// BLOCKS64-COUNT-4: vector.shuffle {{.*}} : vector<64xf32>, vector<64xf32>
// BLOCKS64:       vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<1024xf32>, vector<16xf32>
// BLOCKS64:       } else {
// With 32-byte vectors the blocks are still a cache line wide (16 f32),
// each row stored as one vector<16xf32> that LLVM splits into two.
// BLOCKS32-LABEL: func.func @transposing_pack_16x16
// BLOCKS32:       scf.if
// BLOCKS32:       vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<1024xf32>, vector<16xf32>
func.func @transposing_pack_16x16(%src: tensor<32x32xf32>, %dst: tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32> {
  %r = linalg.pack %src inner_dims_pos = [1, 0] inner_tiles = [16, 16] into %dst : tensor<32x32xf32> -> tensor<2x2x16x16xf32>
  return %r : tensor<2x2x16x16xf32>
}

// The data-tiling chain, 512 KiB, with a bias added (two inputs: not a
// chain -compose-relayouts composes): tiled along its first loop so a tile
// of the result holds 256 KiB, the unpack and the elementwise op fused into
// the tiles; their temporary is one tile, allocated once outside the loop
// and freed.
// CHAIN-LABEL: func.func @chain
// CHAIN:       %[[TMP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x256xf32>
// CHAIN:       scf.for
// CHAIN-NOT:   memref.alloc
// CHAIN:       arith.maximumf {{.*}} : vector<8xf32>
// CHAIN:       memref.dealloc %[[TMP]]
// CHAIN-NEXT:  return
func.func @chain(%src: tensor<64x2x8x128xf32>, %bias: tensor<256xf32>, %dst: tensor<32x16x16x16xf32>) -> tensor<32x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %u0 = tensor.empty() : tensor<512x256xf32>
  %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %u0 : tensor<64x2x8x128xf32> -> tensor<512x256xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u, %bias : tensor<512x256xf32>, tensor<256xf32>) outs(%u0 : tensor<512x256xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<512x256xf32>
  %p = linalg.pack %relu inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %dst : tensor<512x256xf32> -> tensor<32x16x16x16xf32>
  return %p : tensor<32x16x16x16xf32>
}

// Without the bias, the chain is one permutation of digits
// (-compose-relayouts): one loop nest reads the packed input, applies the
// ReLU and writes the result's rows of 16, with no temporary.
// COMPOSED-LABEL: func.func @composed_chain
// COMPOSED-NOT:   memref.alloc
// COMPOSED:       memref.expand_shape %arg0 {{\[}}[0, 1], [2], [3], [4, 5]] output_shape [32, 2, 2, 8, 8, 16]
// COMPOSED:       memref.expand_shape %arg1 {{\[}}[0], [1, 2], [3, 4], [5]] output_shape [32, 2, 8, 2, 8, 16]
// COMPOSED-NOT:   memref.alloc
// COMPOSED:       vector.load
// COMPOSED-NEXT:  arith.maximumf {{.*}} : vector<8xf32>
// COMPOSED-NOT:   memref.alloc
// COMPOSED:       return
func.func @composed_chain(%src: tensor<64x2x8x128xf32>, %dst: tensor<32x16x16x16xf32>) -> tensor<32x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %u0 = tensor.empty() : tensor<512x256xf32>
  %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %u0 : tensor<64x2x8x128xf32> -> tensor<512x256xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<512x256xf32>) outs(%u0 : tensor<512x256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<512x256xf32>
  %p = linalg.pack %relu inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %dst : tensor<512x256xf32> -> tensor<32x16x16x16xf32>
  return %p : tensor<32x16x16x16xf32>
}

// A pack into (2, 1) tiles (the zip of row pairs of bf16 XLA layouts):
// each output row is 2 elements from 2 input rows; 2 input rows of 16
// are interleaved by one shuffle into 32 contiguous elements, moved as
// 16-bit integers.
// ZIP-LABEL: func.func @zip_rows
// ZIP:       builtin.unrealized_conversion_cast {{.*}} : memref<2048xbf16> to memref<2048xi16>
// ZIP:       %[[R0:.*]] = vector.load {{.*}} : memref<2048xi16>, vector<16xi16>
// ZIP:       %[[R1:.*]] = vector.load {{.*}} : memref<2048xi16>, vector<16xi16>
// ZIP:       %[[BOTH:.*]] = vector.shuffle %[[R0]], %[[R1]]
// ZIP:       vector.shuffle %[[BOTH]], %[[BOTH]] [0, 16, 1, 17, 2, 18
// ZIP-COUNT-2: vector.store {{.*}} : memref<2048xi16>, vector<16xi16>
func.func @zip_rows(%src: tensor<16x128xbf16>, %dst: tensor<8x128x2x1xbf16>) -> tensor<8x128x2x1xbf16> {
  %r = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [2, 1] into %dst : tensor<16x128xbf16> -> tensor<8x128x2x1xbf16>
  return %r : tensor<8x128x2x1xbf16>
}
