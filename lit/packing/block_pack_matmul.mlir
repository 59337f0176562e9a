// RUN: tessel-opt %s -split-input-file --linalg-block-pack-matmul="block-factors=4,8,2" | tessel-filecheck %s
// RUN: tessel-opt %s -split-input-file --linalg-block-pack-matmul="block-factors=4,8,2 lhs-transpose-outer-blocks lhs-transpose-inner-blocks rhs-transpose-outer-blocks=false rhs-transpose-inner-blocks=false" | tessel-filecheck %s --check-prefix=TRANSPOSED
// RUN: tessel-opt %s -split-input-file --linalg-block-pack-matmul="block-factors=3,8,2 allow-padding=false" | tessel-filecheck %s --check-prefix=NOPAD
// RUN: tessel-opt %s -split-input-file --linalg-block-pack-matmul="block-factors=3,8,2 mnk-padded-multiples=0,16,0 mnk-order=2,0,1" | tessel-filecheck %s --check-prefix=PADDED

// A matmul packed into blocks: LHS [M/mb][K/kb][mb][kb], RHS (transposed
// blocks by default) [N/nb][K/kb][nb][kb], result [M/mb][N/nb][mb][nb],
// an mmt4d-like generic between them and an unpack of the result.
func.func @matmul(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// CHECK-DAG:   #[[$LHS:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
// CHECK-DAG:   #[[$RHS:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// CHECK-DAG:   #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[A:.+]]: tensor<8x12xf32>, %[[B:.+]]: tensor<12x16xf32>, %[[C:.+]]: tensor<8x16xf32>)
// CHECK:         %[[PA:.+]] = linalg.pack %[[A]] outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [4, 2]
// CHECK-SAME:      tensor<8x12xf32> -> tensor<2x6x4x2xf32>
// CHECK:         %[[PB:.+]] = linalg.pack %[[B]] outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 2]
// CHECK-SAME:      tensor<12x16xf32> -> tensor<2x6x8x2xf32>
// CHECK:         %[[PC:.+]] = linalg.pack %[[C]] inner_dims_pos = [0, 1] inner_tiles = [4, 8]
// CHECK:         %[[G:.+]] = linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%[[PA]], %[[PB]] : {{.*}}) outs(%[[PC]] : tensor<2x2x4x8xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[U:.+]] = linalg.unpack %[[G]] inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %[[C]]
// CHECK:         return %[[U]]
// TRANSPOSED-LABEL: func.func @matmul(
// TRANSPOSED:         linalg.pack %{{.+}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [2, 4]
// TRANSPOSED-SAME:      tensor<8x12xf32> -> tensor<6x2x2x4xf32>
// TRANSPOSED:         linalg.pack %{{.+}} outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [2, 8]
// TRANSPOSED-SAME:      tensor<12x16xf32> -> tensor<6x2x2x8xf32>
// NOPAD-LABEL: func.func @matmul(
// NOPAD:         linalg.matmul
// NOPAD-NOT:     linalg.pack
// PADDED-LABEL: func.func @matmul(
// PADDED:         %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// PADDED:         linalg.pack %{{.+}} padding_value(%[[Z]] : f32)
// PADDED-SAME:      tensor<8x12xf32> -> tensor<3x6x3x2xf32>

// -----

// A generic that is a matmul with B transposed is packed too.
#a = affine_map<(i, j, k) -> (i, k)>
#bt = affine_map<(i, j, k) -> (j, k)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @matmul_transpose_b(%a: tensor<8x12xf32>, %b: tensor<16x12xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #bt, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x12xf32>, tensor<16x12xf32>) outs(%c : tensor<8x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// CHECK-LABEL: func.func @matmul_transpose_b(
// CHECK:         linalg.pack %{{.+}} outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 2]
// CHECK-SAME:      tensor<16x12xf32> -> tensor<2x6x8x2xf32>
// CHECK:         linalg.generic
// CHECK:         linalg.unpack

// -----

// An elementwise generic is not a matmul.
#id = affine_map<(i, j) -> (i, j)>
func.func @not_matmul(%a: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%c : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// CHECK-LABEL: func.func @not_matmul(
// CHECK-NOT:     linalg.pack
