// RUN: tessel-opt %s --run=pack --input=iota | FileCheck %s --check-prefix=PACK
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=1,1" --canonicalize --cse --run=pack --input=iota | FileCheck %s --check-prefix=PACK
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2,1 loop=forall" --run=pack --input=iota | FileCheck %s --check-prefix=PACK
// RUN: tessel-opt %s --run=wrap --input=100 --input=100 | FileCheck %s --check-prefix=WRAP
// RUN: tessel-opt %s --run=bf16 --input=256 --input=1 | FileCheck %s --check-prefix=BF16
// RUN: tessel-opt %s --run=roundtrip --input=random:7 --output=%t.packed.npy
// RUN: tessel-opt %s --run=unpack --input=%t.packed.npy | FileCheck %s --check-prefix=UNPACK
// RUN: tessel-opt %s --run=big --input=iota | FileCheck %s --check-prefix=BIG
// RUN: tessel-opt %s --run=wrap --input=1 --input=2 --run-repeat=3 --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING

// TIMING: Execution time report
// TIMING: Parser
// TIMING: Execution

// The untiled pack and its tilings (for, forall; canonicalized or not) print
// the same values: padding where the 4x8 tiles overhang the 5x7 source.
// PACK:      // result #0: tensor<2x1x4x8xf32>
// PACK-NEXT: {{\[\[\[\[}}0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, -1.0],
// PACK-NEXT:    [7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, -1.0],
// PACK:       {{\[\[\[}}28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, -1.0],
// PACK-NEXT:    [-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0],
func.func @pack(%src: tensor<5x7xf32>) -> tensor<2x1x4x8xf32> {
  %pad = arith.constant -1.0 : f32
  %init = tensor.empty() : tensor<2x1x4x8xf32>
  %0 = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %init : tensor<5x7xf32> -> tensor<2x1x4x8xf32>
  return %0 : tensor<2x1x4x8xf32>
}

// i8 arithmetic wraps; unsigned comparisons see 200 as 200.
// WRAP:      // result #0: i8
// WRAP-NEXT: -56
// WRAP-NEXT: // result #1: i1
// WRAP-NEXT: true
func.func @wrap(%a: i8, %b: i8) -> (i8, i1) {
  %0 = arith.addi %a, %b : i8
  %c = arith.constant 100 : i8
  %1 = arith.cmpi ugt, %0, %c : i8
  return %0, %1 : i8, i1
}

// bf16 addition rounds to nearest even: 256 + 1 is 256.
// BF16:      // result #0: bf16
// BF16-NEXT: 256.0
func.func @bf16(%a: bf16, %b: bf16) -> bf16 {
  %0 = arith.addf %a, %b : bf16
  return %0 : bf16
}

// A .npy written by --output reads back with --input.
// UNPACK:      // result #0: tensor<6x6xf32>
// UNPACK-NEXT: {{\[\[}}0.0, 1.0, 2.0, 3.0, 4.0, 5.0],
// UNPACK-NEXT:  [6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
func.func @roundtrip(%seed: tensor<2x3xf32>) -> tensor<2x2x3x3xf32> {
  %c0 = arith.constant 0.0 : f32
  %iota = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0, 28.0, 29.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0]]> : tensor<6x6xf32>
  %init = tensor.empty() : tensor<2x2x3x3xf32>
  %0 = tensor.pack %iota inner_dims_pos = [0, 1] inner_tiles = [3, 3] into %init : tensor<6x6xf32> -> tensor<2x2x3x3xf32>
  return %0 : tensor<2x2x3x3xf32>
}
func.func @unpack(%p: tensor<2x2x3x3xf32>) -> tensor<6x6xf32> {
  %init = tensor.empty() : tensor<6x6xf32>
  %0 = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [3, 3] into %init : tensor<2x2x3x3xf32> -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// Large results are abbreviated like numpy's.
// BIG:      // result #0: tensor<64x64xi32>
// BIG-NEXT: {{\[\[}}0, 1, 2, ..., 61, 62, 63],
// BIG-NEXT:  [64, 65, 66, ..., 125, 126, 127],
// BIG-NEXT:  [128, 129, 130, ..., 189, 190, 191],
// BIG-NEXT:  ...,
// BIG-NEXT:  [3904, 3905, 3906, ..., 3965, 3966, 3967],
func.func @big(%t: tensor<64x64xi32>) -> tensor<64x64xi32> {
  return %t : tensor<64x64xi32>
}
