// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=4,8,2" | tessel-filecheck %s --check-prefix=CHECK
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=4,8,2 lhs-transpose-outer-blocks lhs-transpose-inner-blocks rhs-transpose-outer-blocks=false rhs-transpose-inner-blocks=false" | tessel-filecheck %s --check-prefix=TRANSPOSED
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=3,8,2 mnk-padded-multiples=0,16,0 mnk-order=2,0,1" | tessel-filecheck %s --check-prefix=PADDED
// RUN: tessel-opt %s --run=batch_matmul --input=iota --input=iota --input=iota > %t.plain
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=3,5,7 mnk-order=1,2,0 lhs-transpose-inner-blocks" --run=batch_matmul --input=iota --input=iota --input=iota > %t.blocked
// RUN: diff %t.plain %t.blocked

// linalg.batch_matmul block-packed as mlir-opt 22 packs it (the CHECK lines are
// its output): the batch dim stays outermost in every operand, M, N and K
// are packed as for linalg.matmul; padded blocks compute the same bits.

// CHECK-DAG: #map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d3, d4, d6)>
// CHECK-DAG: #map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d5, d6)>
// CHECK-DAG: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)>
// CHECK-LABEL: func.func @batch_matmul(
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x2x6x4x2xf32>
// CHECK-NEXT: %pack = linalg.pack %arg0 outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [4, 2] into %0 : tensor<2x8x12xf32> -> tensor<2x2x6x4x2xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<2x2x6x8x2xf32>
// CHECK-NEXT: %pack_0 = linalg.pack %arg1 outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [8, 2] into %1 : tensor<2x12x16xf32> -> tensor<2x2x6x8x2xf32>
// CHECK-NEXT: %2 = tensor.empty() : tensor<2x2x2x4x8xf32>
// CHECK-NEXT: %pack_1 = linalg.pack %arg2 inner_dims_pos = [1, 2] inner_tiles = [4, 8] into %2 : tensor<2x8x16xf32> -> tensor<2x2x2x4x8xf32>
// CHECK-NEXT: %3 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]} ins(%pack, %pack_0 : tensor<2x2x6x4x2xf32>, tensor<2x2x6x8x2xf32>) outs(%pack_1 : tensor<2x2x2x4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_2: f32, %out: f32):
// CHECK-NEXT: %4 = arith.mulf %in, %in_2 : f32
// CHECK-NEXT: %5 = arith.addf %out, %4 : f32
// CHECK-NEXT: linalg.yield %5 : f32
// CHECK-NEXT: } -> tensor<2x2x2x4x8xf32>
// CHECK-NEXT: %unpack = linalg.unpack %3 inner_dims_pos = [1, 2] inner_tiles = [4, 8] into %arg2 : tensor<2x2x2x4x8xf32> -> tensor<2x8x16xf32>
// CHECK-NEXT: return %unpack : tensor<2x8x16xf32>

// TRANSPOSED-DAG: #map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d1, d6, d4)>
// TRANSPOSED-DAG: #map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d2, d6, d5)>
// TRANSPOSED-DAG: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)>
// TRANSPOSED-LABEL: func.func @batch_matmul(
// TRANSPOSED-NEXT: %0 = tensor.empty() : tensor<2x6x2x2x4xf32>
// TRANSPOSED-NEXT: %pack = linalg.pack %arg0 outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [2, 4] into %0 : tensor<2x8x12xf32> -> tensor<2x6x2x2x4xf32>
// TRANSPOSED-NEXT: %1 = tensor.empty() : tensor<2x6x2x2x8xf32>
// TRANSPOSED-NEXT: %pack_0 = linalg.pack %arg1 outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [2, 8] into %1 : tensor<2x12x16xf32> -> tensor<2x6x2x2x8xf32>
// TRANSPOSED-NEXT: %2 = tensor.empty() : tensor<2x2x2x4x8xf32>
// TRANSPOSED-NEXT: %pack_1 = linalg.pack %arg2 inner_dims_pos = [1, 2] inner_tiles = [4, 8] into %2 : tensor<2x8x16xf32> -> tensor<2x2x2x4x8xf32>
// TRANSPOSED-NEXT: %3 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]} ins(%pack, %pack_0 : tensor<2x6x2x2x4xf32>, tensor<2x6x2x2x8xf32>) outs(%pack_1 : tensor<2x2x2x4x8xf32>) {
// TRANSPOSED-NEXT: ^bb0(%in: f32, %in_2: f32, %out: f32):
// TRANSPOSED-NEXT: %4 = arith.mulf %in, %in_2 : f32
// TRANSPOSED-NEXT: %5 = arith.addf %out, %4 : f32
// TRANSPOSED-NEXT: linalg.yield %5 : f32
// TRANSPOSED-NEXT: } -> tensor<2x2x2x4x8xf32>
// TRANSPOSED-NEXT: %unpack = linalg.unpack %3 inner_dims_pos = [1, 2] inner_tiles = [4, 8] into %arg2 : tensor<2x2x2x4x8xf32> -> tensor<2x8x16xf32>
// TRANSPOSED-NEXT: return %unpack : tensor<2x8x16xf32>

// PADDED-DAG: #map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d2, d6, d5)>
// PADDED-DAG: #map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)>
// PADDED-DAG: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d1, d4, d6)>
// PADDED-LABEL: func.func @batch_matmul(
// PADDED-NEXT: %cst = arith.constant 0.000000e+00 : f32
// PADDED-NEXT: %0 = tensor.empty() : tensor<2x3x6x3x2xf32>
// PADDED-NEXT: %pack = linalg.pack %arg0 padding_value(%cst : f32) outer_dims_perm = [0, 1, 2] inner_dims_pos = [1, 2] inner_tiles = [3, 2] into %0 : tensor<2x8x12xf32> -> tensor<2x3x6x3x2xf32>
// PADDED-NEXT: %1 = tensor.empty() : tensor<2x1x6x16x2xf32>
// PADDED-NEXT: %pack_0 = linalg.pack %arg1 outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [16, 2] into %1 : tensor<2x12x16xf32> -> tensor<2x1x6x16x2xf32>
// PADDED-NEXT: %2 = tensor.empty() : tensor<2x3x1x16x3xf32>
// PADDED-NEXT: %pack_1 = linalg.pack %arg2 padding_value(%cst : f32) inner_dims_pos = [2, 1] inner_tiles = [16, 3] into %2 : tensor<2x8x16xf32> -> tensor<2x3x1x16x3xf32>
// PADDED-NEXT: %3 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction", "parallel"]} ins(%pack, %pack_0 : tensor<2x3x6x3x2xf32>, tensor<2x1x6x16x2xf32>) outs(%pack_1 : tensor<2x3x1x16x3xf32>) {
// PADDED-NEXT: ^bb0(%in: f32, %in_2: f32, %out: f32):
// PADDED-NEXT: %4 = arith.mulf %in, %in_2 : f32
// PADDED-NEXT: %5 = arith.addf %out, %4 : f32
// PADDED-NEXT: linalg.yield %5 : f32
// PADDED-NEXT: } -> tensor<2x3x1x16x3xf32>
// PADDED-NEXT: %unpack = linalg.unpack %3 inner_dims_pos = [2, 1] inner_tiles = [16, 3] into %arg2 : tensor<2x3x1x16x3xf32> -> tensor<2x8x16xf32>
// PADDED-NEXT: return %unpack : tensor<2x8x16xf32>

func.func @batch_matmul(%a: tensor<2x8x12xf32>, %b: tensor<2x12x16xf32>, %c: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x8x12xf32>, tensor<2x12x16xf32>) outs(%c : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  return %0 : tensor<2x8x16xf32>
}
