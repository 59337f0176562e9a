// RUN: tessel-opt %s -transform-interpreter | FileCheck %s

// transform.structured.lower_pack / lower_unpack, op for op as mlir-opt 22
// lowers them (scripts/upstream_parity.py compares this file's output with
// mlir-opt's byte for byte): pad, expand_shape, transpose into the dest;
// empty, transpose, collapse_shape, extract_slice, copy; a pad-like pack is
// a pad and an insert_slice, an unpad-like unpack one extract_slice.
// tests/lower_differential.rs runs 1,200 random lowerings against the ops.

// CHECK-LABEL: func.func @pack(%arg0: tensor<129x47x16x16xf32>, %arg1: tensor<17x2x16x16x32x8xf32>) -> tensor<17x2x16x16x32x8xf32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[7, 17, 0, 0] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
// CHECK-NEXT: tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<129x47x16x16xf32> to tensor<136x64x16x16xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %padded {{\[\[}}0, 1], [2, 3], [4], [5]] output_shape [17, 8, 2, 32, 16, 16] : tensor<136x64x16x16xf32> into tensor<17x8x2x32x16x16xf32>
// CHECK-NEXT: %transposed = linalg.transpose ins(%expanded : tensor<17x8x2x32x16x16xf32>) outs(%arg1 : tensor<17x2x16x16x32x8xf32>) permutation = [0, 2, 4, 5, 3, 1]
// CHECK-NEXT: return %transposed : tensor<17x2x16x16x32x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unpack(%arg0: tensor<17x2x16x16x32x8xf32>, %arg1: tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32> {
// CHECK-NEXT: %0 = tensor.empty() : tensor<17x8x2x32x16x16xf32>
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg0 : tensor<17x2x16x16x32x8xf32>) outs(%0 : tensor<17x8x2x32x16x16xf32>) permutation = [0, 5, 1, 4, 2, 3]
// CHECK-NEXT: %collapsed = tensor.collapse_shape %transposed {{\[\[}}0, 1], [2, 3], [4], [5]] : tensor<17x8x2x32x16x16xf32> into tensor<136x64x16x16xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [129, 47, 16, 16] [1, 1, 1, 1] : tensor<136x64x16x16xf32> to tensor<129x47x16x16xf32>
// CHECK-NEXT: %1 = linalg.copy ins(%extracted_slice : tensor<129x47x16x16xf32>) outs(%arg1 : tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32>
// CHECK-NEXT: return %1 : tensor<129x47x16x16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pack_perm(%arg0: tensor<100x200x128x256xi32>, %arg1: tensor<200x4x16x100x16x32xi32>) -> tensor<200x4x16x100x16x32xi32> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 0, 0, 0] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
// CHECK-NEXT: tensor.yield %c0_i32 : i32
// CHECK-NEXT: } : tensor<100x200x128x256xi32> to tensor<100x200x128x256xi32>
// CHECK-NEXT: %expanded = tensor.expand_shape %padded {{\[\[}}0], [1], [2, 3], [4, 5]] output_shape [100, 200, 4, 32, 16, 16] : tensor<100x200x128x256xi32> into tensor<100x200x4x32x16x16xi32>
// CHECK-NEXT: %transposed = linalg.transpose ins(%expanded : tensor<100x200x4x32x16x16xi32>) outs(%arg1 : tensor<200x4x16x100x16x32xi32>) permutation = [1, 2, 4, 0, 5, 3]
// CHECK-NEXT: return %transposed : tensor<200x4x16x100x16x32xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pack_as_pad(%arg0: tensor<129x47x16x16xf32>, %arg1: tensor<1x1x1x1x136x64x16x16xf32>) -> tensor<1x1x1x1x136x64x16x16xf32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[7, 17, 0, 0] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
// CHECK-NEXT: tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<129x47x16x16xf32> to tensor<136x64x16x16xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %padded into %arg1[0, 0, 0, 0, 0, 0, 0, 0] [1, 1, 1, 1, 136, 64, 16, 16] [1, 1, 1, 1, 1, 1, 1, 1] : tensor<136x64x16x16xf32> into tensor<1x1x1x1x136x64x16x16xf32>
// CHECK-NEXT: return %inserted_slice : tensor<1x1x1x1x136x64x16x16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unpack_as_pad(%arg0: tensor<1x1x1x1x136x64x16x16xf32>, %arg1: tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32> {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0, 0, 0, 0, 0] [1, 1, 1, 1, 129, 47, 16, 16] [1, 1, 1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x136x64x16x16xf32> to tensor<129x47x16x16xf32>
// CHECK-NEXT: return %extracted_slice : tensor<129x47x16x16xf32>
// CHECK-NEXT: }

func.func @pack(%arg0: tensor<129x47x16x16xf32>, %arg1: tensor<17x2x16x16x32x8xf32>) -> tensor<17x2x16x16x32x8xf32> {
  %cst_0 = arith.constant 0.0 : f32
  %pack = linalg.pack %arg0 padding_value(%cst_0 : f32) inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %arg1
    : tensor<129x47x16x16xf32> -> tensor<17x2x16x16x32x8xf32>
  return %pack : tensor<17x2x16x16x32x8xf32>
}
func.func @unpack(%arg0: tensor<17x2x16x16x32x8xf32>, %arg1: tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32> {
  %unpack = linalg.unpack %arg0 inner_dims_pos = [1, 0] inner_tiles = [32, 8] into %arg1
    : tensor<17x2x16x16x32x8xf32> -> tensor<129x47x16x16xf32>
  return %unpack : tensor<129x47x16x16xf32>
}
func.func @pack_perm(%src: tensor<100x200x128x256xi32>, %dest: tensor<200x4x16x100x16x32xi32>) -> tensor<200x4x16x100x16x32xi32> {
  %0 = linalg.pack %src outer_dims_perm = [1, 2, 3, 0] inner_dims_pos = [3, 2] inner_tiles = [16, 32] into %dest : tensor<100x200x128x256xi32> -> tensor<200x4x16x100x16x32xi32>
  return %0 : tensor<200x4x16x100x16x32xi32>
}
func.func @pack_as_pad(%arg0: tensor<129x47x16x16xf32>, %arg1: tensor<1x1x1x1x136x64x16x16xf32>) -> tensor<1x1x1x1x136x64x16x16xf32> {
  %cst_0 = arith.constant 0.0 : f32
  %pack = linalg.pack %arg0 padding_value(%cst_0 : f32) inner_dims_pos = [0, 1, 2, 3] inner_tiles = [136, 64, 16, 16] into %arg1
    : tensor<129x47x16x16xf32> -> tensor<1x1x1x1x136x64x16x16xf32>
  return %pack :  tensor<1x1x1x1x136x64x16x16xf32>
}
func.func @unpack_as_pad(%arg0: tensor<1x1x1x1x136x64x16x16xf32>, %arg1: tensor<129x47x16x16xf32>) -> tensor<129x47x16x16xf32> {
  %pack = linalg.unpack %arg0 inner_dims_pos = [0, 1, 2, 3] inner_tiles = [136, 64, 16, 16] into %arg1
    : tensor<1x1x1x1x136x64x16x16xf32> -> tensor<129x47x16x16xf32>
  return %pack : tensor<129x47x16x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module_op: !transform.any_op {transform.readonly}) {
    %pack = transform.structured.match ops{["linalg.pack"]} in %module_op : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %pack : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpack = transform.structured.match ops{["linalg.unpack"]} in %module_op : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpack : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
