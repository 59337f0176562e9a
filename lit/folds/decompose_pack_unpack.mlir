// RUN: tessel-opt -split-input-file -transform-preload-library='transform-library-paths=%p/Inputs/decompose.mlir' -transform-interpreter=entry-point=decompose %s | FileCheck %s

// Packs and unpacks whose tiled dims have one outer tile each, decomposed
// (transform.apply_patterns.linalg.decompose_pack_unpack from a preloaded
// schedule): pad, transpose and insert_slice; extract_slice, transpose,
// extract_slice and insert_slice. The same output as mlir-opt 22's
// (scripts/upstream_parity.py --pass-file); static shapes here (dynamic
// dests: decompose_unpack_dynamic_dest.mlir; docs/folds-and-lowering.md);
// decompose_executed.mlir runs programs before and after.

// CHECK-LABEL: func.func @pad_pack(
// CHECK:         %padded = tensor.pad %arg0 low[0, 0] high[3, 1] {
// CHECK:         %inserted_slice = tensor.insert_slice %padded into %arg1[0, 0, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<8x2xf32> into tensor<1x1x8x2xf32>
// CHECK:         return %inserted_slice : tensor<1x1x8x2xf32>
// CHECK-LABEL: func.func @nc_to_cnnc(
// CHECK:         %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 0, 0, 0] [1, 1, 32, 8] [1, 1, 1, 1] : tensor<32x8xf32> into tensor<1x1x32x8xf32>
// CHECK:         return %inserted_slice : tensor<1x1x32x8xf32>
// CHECK-LABEL: func.func @chw(
// CHECK:         %0 = tensor.empty() : tensor<5x7x3xf32>
// CHECK:         %transposed = linalg.transpose ins(%arg0 : tensor<3x5x7xf32>) outs(%0 : tensor<5x7x3xf32>) permutation = [1, 2, 0]
// CHECK:         %inserted_slice = tensor.insert_slice %transposed into %arg1[0, 0, 0, 0, 0, 0] [1, 1, 1, 5, 7, 3] [1, 1, 1, 1, 1, 1] : tensor<5x7x3xf32> into tensor<1x1x1x5x7x3xf32>
// CHECK:         return %inserted_slice : tensor<1x1x1x5x7x3xf32>
// CHECK-LABEL: func.func @kcrs(
// CHECK:         %0 = tensor.empty() : tensor<1x1x8x32xf32>
// CHECK:         %transposed = linalg.transpose ins(%arg0 : tensor<1x1x32x8xf32>) outs(%0 : tensor<1x1x8x32xf32>) permutation = [0, 1, 3, 2]
// CHECK:         %inserted_slice = tensor.insert_slice %transposed into %arg1[0, 0, 0, 0, 0, 0] [1, 1, 1, 1, 8, 32] [1, 1, 1, 1, 1, 1] : tensor<1x1x8x32xf32> into tensor<1x1x1x1x8x32xf32>
// CHECK:         return %inserted_slice : tensor<1x1x1x1x8x32xf32>
// CHECK-LABEL: func.func @untiled_outer(
// CHECK:         %padded = tensor.pad %arg0 low[0, 0, 0] high[0, 3, 1] {
// CHECK:         %inserted_slice = tensor.insert_slice %padded into %arg1[0, 0, 0, 0, 0] [6, 1, 1, 8, 4] [1, 1, 1, 1, 1] : tensor<6x8x4xf32> into tensor<6x1x1x8x4xf32>
// CHECK:         return %inserted_slice : tensor<6x1x1x8x4xf32>
// CHECK-LABEL: func.func @not_unit(
// CHECK:         %pack = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %arg1 : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
// CHECK:         return %pack : tensor<2x1x8x8xf32>
// CHECK-LABEL: func.func @unpack_simple(
// CHECK:         %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<1x1x8x2xf32> to tensor<8x2xf32>
// CHECK:         %extracted_slice_0 = tensor.extract_slice %extracted_slice[0, 0] [5, 1] [1, 1] : tensor<8x2xf32> to tensor<5x1xf32>
// CHECK:         return %extracted_slice_0 : tensor<5x1xf32>
// CHECK-LABEL: func.func @unpack_perm(
// CHECK:         %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0, 0, 0] [1, 1, 1, 1, 8, 32] [1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x8x32xf32> to tensor<8x32xf32>
// CHECK:         %0 = tensor.empty() : tensor<32x8xf32>
// CHECK:         %transposed = linalg.transpose ins(%extracted_slice : tensor<8x32xf32>) outs(%0 : tensor<32x8xf32>) permutation = [1, 0]
// CHECK:         %inserted_slice = tensor.insert_slice %transposed into %arg1[0, 0, 0, 0] [1, 1, 32, 8] [1, 1, 1, 1] : tensor<32x8xf32> into tensor<1x1x32x8xf32>
// CHECK:         return %inserted_slice : tensor<1x1x32x8xf32>
// CHECK-LABEL: func.func @unpack_untiled(
// CHECK:         %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0, 0] [6, 1, 1, 8, 4] [1, 1, 1, 1, 1] : tensor<6x1x1x8x4xf32> to tensor<6x8x4xf32>
// CHECK:         %extracted_slice_0 = tensor.extract_slice %extracted_slice[0, 0, 0] [6, 5, 3] [1, 1, 1] : tensor<6x8x4xf32> to tensor<6x5x3xf32>
// CHECK:         return %extracted_slice_0 : tensor<6x5x3xf32>
// CHECK-LABEL: func.func @unpack_chw(
// CHECK:         %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0, 0, 0] [1, 1, 1, 5, 7, 3] [1, 1, 1, 1, 1, 1] : tensor<1x1x1x5x7x3xf32> to tensor<5x7x3xf32>
// CHECK:         %0 = tensor.empty() : tensor<3x5x7xf32>
// CHECK:         %transposed = linalg.transpose ins(%extracted_slice : tensor<5x7x3xf32>) outs(%0 : tensor<3x5x7xf32>) permutation = [2, 0, 1]
// CHECK:         return %transposed : tensor<3x5x7xf32>


func.func @pad_pack(%input: tensor<5x1xf32>, %output: tensor<1x1x8x2xf32>, %pad: f32) -> tensor<1x1x8x2xf32> {
  %0 = linalg.pack %input padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %output : tensor<5x1xf32> -> tensor<1x1x8x2xf32>
  return %0 : tensor<1x1x8x2xf32>
}
// -----
func.func @nc_to_cnnc(%arg0: tensor<32x8xf32>, %arg1: tensor<1x1x32x8xf32>) -> tensor<1x1x32x8xf32>{
  %0 = linalg.pack %arg0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [32, 8] into %arg1 : tensor<32x8xf32> -> tensor<1x1x32x8xf32>
  return %0 : tensor<1x1x32x8xf32>
}
// -----
func.func @chw(%arg0: tensor<3x5x7xf32>, %arg1: tensor<1x1x1x5x7x3xf32>) -> tensor<1x1x1x5x7x3xf32> {
  %0 = linalg.pack %arg0 inner_dims_pos = [1, 2, 0] inner_tiles = [5, 7, 3] into %arg1 : tensor<3x5x7xf32> -> tensor<1x1x1x5x7x3xf32>
  return %0 : tensor<1x1x1x5x7x3xf32>
}
// -----
func.func @kcrs(%arg0: tensor<1x1x32x8xf32>, %arg1: tensor<1x1x1x1x8x32xf32>) -> tensor<1x1x1x1x8x32xf32> {
  %0 = linalg.pack %arg0 outer_dims_perm = [0, 2, 3, 1] inner_dims_pos = [3, 2] inner_tiles = [8, 32] into %arg1 : tensor<1x1x32x8xf32> -> tensor<1x1x1x1x8x32xf32>
  return %0 : tensor<1x1x1x1x8x32xf32>
}
// -----
func.func @untiled_outer(%arg0: tensor<6x5x3xf32>, %arg1: tensor<6x1x1x8x4xf32>, %pad: f32) -> tensor<6x1x1x8x4xf32> {
  %0 = linalg.pack %arg0 padding_value(%pad : f32) inner_dims_pos = [1, 2] inner_tiles = [8, 4] into %arg1 : tensor<6x5x3xf32> -> tensor<6x1x1x8x4xf32>
  return %0 : tensor<6x1x1x8x4xf32>
}
// -----
func.func @not_unit(%arg0: tensor<16x8xf32>, %arg1: tensor<2x1x8x8xf32>) -> tensor<2x1x8x8xf32> {
  %0 = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %arg1 : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
  return %0 : tensor<2x1x8x8xf32>
}
// -----
func.func @unpack_simple(%arg0: tensor<1x1x8x2xf32>, %arg1: tensor<5x1xf32>) -> tensor<5x1xf32> {
  %0 = linalg.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %arg1 : tensor<1x1x8x2xf32> -> tensor<5x1xf32>
  return %0 : tensor<5x1xf32>
}
// -----
func.func @unpack_perm(%arg0: tensor<1x1x1x1x8x32xf32>, %arg1: tensor<1x1x32x8xf32>) -> tensor<1x1x32x8xf32> {
  %0 = linalg.unpack %arg0 outer_dims_perm = [0, 2, 3, 1] inner_dims_pos = [3, 2] inner_tiles = [8, 32] into %arg1 : tensor<1x1x1x1x8x32xf32> -> tensor<1x1x32x8xf32>
  return %0 : tensor<1x1x32x8xf32>
}
// -----
func.func @unpack_untiled(%arg0: tensor<6x1x1x8x4xf32>, %arg1: tensor<6x5x3xf32>) -> tensor<6x5x3xf32> {
  %0 = linalg.unpack %arg0 inner_dims_pos = [1, 2] inner_tiles = [8, 4] into %arg1 : tensor<6x1x1x8x4xf32> -> tensor<6x5x3xf32>
  return %0 : tensor<6x5x3xf32>
}
// -----
func.func @unpack_chw(%arg0: tensor<1x1x1x5x7x3xf32>, %arg1: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = linalg.unpack %arg0 inner_dims_pos = [1, 2, 0] inner_tiles = [5, 7, 3] into %arg1 : tensor<1x1x1x5x7x3xf32> -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}
