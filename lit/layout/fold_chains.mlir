// RUN: tessel-opt %s --materialize-layouts | FileCheck %s --check-prefix=CHAIN
// RUN: tessel-opt %s --materialize-layouts --canonicalize --cse | FileCheck %s
// RUN: tessel-opt %s --materialize-layouts --run=tpu_round_trip --input=random:1 --output=%t.a0.npy
// RUN: tessel-opt %s --materialize-layouts --canonicalize --run=tpu_round_trip --input=random:1 --output=%t.a1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: tessel-opt %s --materialize-layouts --run=relayout --input=random:2 --output=%t.b0.npy
// RUN: tessel-opt %s --materialize-layouts --canonicalize --run=relayout --input=random:2 --output=%t.b1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// COMPAT: input-tessel-only

// XLA layouts meet the folds (spec pack-transforms §5): a round trip
// through a layout and back cancels entirely, pack by pack, and a
// transposed layout's transposes merge and vanish. Each program computes
// the same bits before and after.

// The TPU bf16 example (two rows of bf16 per 32 bits): two packs there,
// two unpacks back.
// CHAIN-LABEL: func.func @tpu_round_trip(
// CHAIN:         %[[P1:.+]] = tensor.pack %arg0 {{.*}}outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128]
// CHAIN:         %[[P2:.+]] = tensor.pack %[[P1]] inner_dims_pos = [4, 5] inner_tiles = [2, 1]
// CHAIN:         %[[U2:.+]] = tensor.unpack %[[P2]] inner_dims_pos = [4, 5] inner_tiles = [2, 1]
// CHAIN:         %[[U1:.+]] = tensor.unpack %[[U2]] outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128]
// CHAIN:         return %[[U1]]
// CHECK-LABEL: func.func @tpu_round_trip(
// CHECK-NEXT:    return %arg0 : tensor<8x1x1280x16384xbf16>
func.func @tpu_round_trip(%x: tensor<8x1x1280x16384xbf16>) -> tensor<8x1x1280x16384xbf16> {
  %0 = xla.to_layout %x "{3,2,0,1:T(8,128)(2,1)S(1)}" : tensor<8x1x1280x16384xbf16> -> tensor<1x8x160x128x4x128x2x1xbf16>
  %1 = xla.from_layout %0 "{3,2,0,1:T(8,128)(2,1)S(1)}" : tensor<1x8x160x128x4x128x2x1xbf16> -> tensor<8x1x1280x16384xbf16>
  return %1 : tensor<8x1x1280x16384xbf16>
}

// Padded tiles (5 and 7 are not multiples of 2 and 4): the padded pack and
// its unpack cancel too (the unpack drops exactly the padding).
// CHECK-LABEL: func.func @padded_round_trip(
// CHECK-NEXT:    return %arg0 : tensor<3x5x7xf32>
func.func @padded_round_trip(%x: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = xla.to_layout %x "{0,2,1:T(2,4)}" : tensor<3x5x7xf32> -> tensor<5x4x1x2x4xf32>
  %1 = xla.from_layout %0 "{0,2,1:T(2,4)}" : tensor<5x4x1x2x4xf32> -> tensor<3x5x7xf32>
  return %1 : tensor<3x5x7xf32>
}

// A layout that only transposes: transpose there, transpose back.
// CHAIN-LABEL: func.func @transposed_round_trip(
// CHAIN-COUNT-2: linalg.transpose
// CHECK-LABEL: func.func @transposed_round_trip(
// CHECK-NEXT:    return %arg0 : tensor<4x6x3xf32>
func.func @transposed_round_trip(%x: tensor<4x6x3xf32>) -> tensor<4x6x3xf32> {
  %0 = xla.to_layout %x "{0,1,2}" : tensor<4x6x3xf32> -> tensor<3x6x4xf32>
  %1 = xla.from_layout %0 "{0,1,2}" : tensor<3x6x4xf32> -> tensor<4x6x3xf32>
  return %1 : tensor<4x6x3xf32>
}

// Data laid out one way, wanted another: what is left is the conversion,
// out of the first layout and into the second (the two transposes merged
// into one).
// CHECK-LABEL: func.func @relayout(
// CHECK:         %[[T:.+]] = linalg.transpose ins(%arg0 : tensor<3x6x4xf32>) outs(%{{.+}} : tensor<6x4x3xf32>) permutation = [1, 2, 0]
// CHECK-NEXT:    return %[[T]]
func.func @relayout(%x: tensor<3x6x4xf32>) -> tensor<6x4x3xf32> {
  %0 = xla.from_layout %x "{0,1,2}" : tensor<3x6x4xf32> -> tensor<4x6x3xf32>
  %1 = xla.to_layout %0 "{2,0,1}" : tensor<4x6x3xf32> -> tensor<6x4x3xf32>
  return %1 : tensor<6x4x3xf32>
}
