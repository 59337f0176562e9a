// RUN: tessel-opt %s --run=read_pad --input=iota --input=1 | FileCheck %s --check-prefix=PAD
// RUN: tessel-opt %s --run=read_masked --input=iota --input=2 | FileCheck %s --check-prefix=MASK
// RUN: tessel-opt %s --run=read_transposed --input=iota | FileCheck %s --check-prefix=PERM
// RUN: tessel-opt %s --run=write_clipped --input=iota | FileCheck %s --check-prefix=CLIP
// RUN: tessel-opt %s --run=shuffle --input=iota | FileCheck %s --check-prefix=SHUFFLE
// RUN: tessel-opt %s --run=reduce --input=iota | FileCheck %s --check-prefix=REDUCE
// RUN: not tessel-opt %s --run=read_in_bounds_lie --input=iota --input=1 2>&1 | FileCheck %s --check-prefix=LIE

// Lanes past the end of the tensor read the padding.
// PAD:      // result #0: vector<2x4xf32>
// PAD-NEXT: {{\[\[}}5.0, 6.0, 7.0, -1.0],
// PAD-NEXT:  [-1.0, -1.0, -1.0, -1.0]]
func.func @read_pad(%t: tensor<2x4xf32>, %i: index) -> vector<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %t[%i, %c1], %pad : tensor<2x4xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}

// Masked-off lanes read the padding, or the passthru under vector.mask.
// MASK:      // result #0: vector<4xf32>
// MASK-NEXT: [0.0, 1.0, -1.0, -1.0]
// MASK:      // result #1: vector<4xf32>
// MASK-NEXT: [0.0, 1.0, 7.0, 7.0]
func.func @read_masked(%t: tensor<4xf32>, %n: index) -> (vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %seven = arith.constant 7.0 : f32
  %m = vector.create_mask %n : vector<4xi1>
  %a = vector.transfer_read %t[%c0], %pad, %m {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
  %pt = vector.broadcast %seven : f32 to vector<4xf32>
  %b = vector.mask %m, %pt { vector.transfer_read %t[%c0], %pad : tensor<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return %a, %b : vector<4xf32>, vector<4xf32>
}

// A transposing map walks dim 1 with the outer vector dim; a broadcast
// map repeats the row.
// PERM:      // result #0: vector<3x2xf32>
// PERM-NEXT: {{\[\[}}0.0, 3.0],
// PERM-NEXT:  [1.0, 4.0],
// PERM-NEXT:  [2.0, 5.0]]
// PERM:      // result #1: vector<2x3xf32>
// PERM-NEXT: {{\[\[}}3.0, 4.0, 5.0],
// PERM-NEXT:  [3.0, 4.0, 5.0]]
func.func @read_transposed(%t: tensor<2x3xf32>) -> (vector<3x2xf32>, vector<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<2x3xf32>, vector<3x2xf32>
  %b = vector.transfer_read %t[%c1, %c0], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : tensor<2x3xf32>, vector<2x3xf32>
  return %a, %b : vector<3x2xf32>, vector<2x3xf32>
}

// Lanes of a write past the end, or masked off, are dropped.
// CLIP:      // result #0: tensor<3xf32>
// CLIP-NEXT: [0.0, 9.0, 9.0]
// CLIP:      // result #1: tensor<3xf32>
// CLIP-NEXT: [9.0, 9.0, 2.0]
func.func @write_clipped(%t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nine = arith.constant 9.0 : f32
  %v = vector.broadcast %nine : f32 to vector<4xf32>
  %a = vector.transfer_write %v, %t[%c1] : vector<4xf32>, tensor<3xf32>
  %m = vector.constant_mask [1] : vector<2xi1>
  %w = vector.broadcast %nine : f32 to vector<2xf32>
  %mw = vector.mask %m { vector.transfer_write %w, %t[%c0] : vector<2xf32>, tensor<3xf32> } : vector<2xi1> -> tensor<3xf32>
  %b = vector.transfer_write %w, %mw[%c1], %m {in_bounds = [true]} : vector<2xf32>, tensor<3xf32>
  return %a, %b : tensor<3xf32>, tensor<3xf32>
}

// shape_cast, transpose, extract / insert and strided slices move lanes.
// SHUFFLE:      // result #0: vector<2x3xf32>
// SHUFFLE-NEXT: {{\[\[}}0.0, 2.0, 4.0],
// SHUFFLE-NEXT:  [1.0, 3.0, 5.0]]
// SHUFFLE:      // result #1: vector<2xf32>
// SHUFFLE-NEXT: [4.0, 5.0]
// SHUFFLE:      // result #2: vector<3x2xf32>
// SHUFFLE-NEXT: {{\[\[}}0.0, 1.0],
// SHUFFLE-NEXT:  [0.0, 1.0],
// SHUFFLE-NEXT:  [4.0, 5.0]]
// SHUFFLE:      // result #3: vector<4xf32>
// SHUFFLE-NEXT: [0.0, 2.0, 1.0, 3.0]
func.func @shuffle(%t: tensor<6xf32>) -> (vector<2x3xf32>, vector<2xf32>, vector<3x2xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<6xf32>, vector<6xf32>
  %s = vector.shape_cast %v : vector<6xf32> to vector<3x2xf32>
  %tr = vector.transpose %s, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %row = vector.extract %s[2] : vector<2xf32> from vector<3x2xf32>
  %first = vector.extract_strided_slice %s {offsets = [0, 0], sizes = [1, 2], strides = [1, 1]} : vector<3x2xf32> to vector<1x2xf32>
  %ins = vector.insert_strided_slice %first, %s {offsets = [1, 0], strides = [1, 1]} : vector<1x2xf32> into vector<3x2xf32>
  %a = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
  %b = vector.extract_strided_slice %v {offsets = [2], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
  %il = vector.interleave %a, %b : vector<2xf32> -> vector<4xf32>
  return %tr, %row, %ins, %il : vector<2x3xf32>, vector<2xf32>, vector<3x2xf32>, vector<4xf32>
}

// Reductions fold in order from the accumulator.
// REDUCE:      // result #0: f32
// REDUCE-NEXT: 115.0
// REDUCE:      // result #1: vector<3xf32>
// REDUCE-NEXT: [3.0, 5.0, 7.0]
// REDUCE:      // result #2: vector<2xf32>
// REDUCE-NEXT: [2.0, 5.0]
func.func @reduce(%t: tensor<2x3xf32>) -> (f32, vector<3xf32>, vector<2xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %hundred = arith.constant 100.0 : f32
  %v = vector.transfer_read %t[%c0, %c0], %pad : tensor<2x3xf32>, vector<2x3xf32>
  %flat = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>
  %sum = vector.reduction <add>, %flat, %hundred : vector<6xf32> into f32
  %zero = vector.broadcast %pad : f32 to vector<3xf32>
  %cols = vector.multi_reduction <add>, %v, %zero [0] : vector<2x3xf32> to vector<3xf32>
  %small = vector.broadcast %pad : f32 to vector<2xf32>
  %rows = vector.multi_reduction <maxnumf>, %v, %small [1] : vector<2x3xf32> to vector<2xf32>
  %fives = vector.broadcast %hundred : f32 to vector<2xf32>
  %m = vector.fma %small, %small, %rows : vector<2xf32>
  %r = arith.minimumf %m, %fives : vector<2xf32>
  %c5 = arith.constant 5.0 : f32
  %five = vector.broadcast %c5 : f32 to vector<2xf32>
  %clamped = arith.minimumf %r, %five : vector<2xf32>
  return %sum, %cols, %clamped : f32, vector<3xf32>, vector<2xf32>
}

// A lane declared in bounds that is not is an error, not a padding read.
// LIE: run.mlir:[[# @LINE + 4]]:8: error: transfer dim 0 is declared in bounds but index 2 is outside [0, 2) of dim 0
func.func @read_in_bounds_lie(%t: tensor<2x4xf32>, %i: index) -> vector<2x4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [true, true]} : tensor<2x4xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}
