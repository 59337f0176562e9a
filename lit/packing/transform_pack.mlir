// RUN: tessel-opt %s -transform-interpreter -split-input-file | tessel-filecheck %s

// transform.structured.pack: each loop with a non-zero size splits into an
// outer loop and a new innermost point loop; every operand is packed along
// the loops it reads (zero-padded where the size does not divide).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @pack_generic(%a: tensor<10x16xf32>, %b: tensor<16xf32>, %c: tensor<10x16xf32>) -> tensor<10x16xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<10x16xf32>, tensor<16xf32>) outs(%c : tensor<10x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<10x16xf32>
  return %0 : tensor<10x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.pack %0 packed_sizes = [4, 8] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    transform.yield
  }
}
// CHECK-DAG:   #[[$M4:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[$ROW:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-LABEL: func.func @pack_generic(
// CHECK-SAME:      %[[A:.+]]: tensor<10x16xf32>, %[[B:.+]]: tensor<16xf32>, %[[C:.+]]: tensor<10x16xf32>)
// CHECK:         %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[PA:.+]] = linalg.pack %[[A]] padding_value(%[[Z]] : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 8]
// CHECK-SAME:      tensor<10x16xf32> -> tensor<3x2x4x8xf32>
// CHECK:         %[[PB:.+]] = linalg.pack %[[B]] inner_dims_pos = [0] inner_tiles = [8]
// CHECK-SAME:      tensor<16xf32> -> tensor<2x8xf32>
// CHECK:         %[[PC:.+]] = linalg.pack %[[C]] padding_value
// CHECK:         %[[G:.+]] = linalg.generic {indexing_maps = [#[[$M4]], #[[$ROW]], #[[$M4]]]
// CHECK-SAME:      ins(%[[PA]], %[[PB]] : tensor<3x2x4x8xf32>, tensor<2x8xf32>) outs(%[[PC]] : tensor<3x2x4x8xf32>)
// CHECK:         %[[U:.+]] = linalg.unpack %[[G]] inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %[[C]]
// CHECK:         return %[[U]]

// -----

// A zero size leaves its loop alone.
func.func @pack_matmul_k(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.pack %0 packed_sizes = [0, 0, 4] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    transform.yield
  }
}
// CHECK-LABEL: func.func @pack_matmul_k(
// CHECK:         linalg.pack %{{.+}} inner_dims_pos = [1] inner_tiles = [4] {{.*}} : tensor<8x12xf32> -> tensor<8x3x4xf32>
// CHECK:         linalg.pack %{{.+}} inner_dims_pos = [0] inner_tiles = [4] {{.*}} : tensor<12x16xf32> -> tensor<3x16x4xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK-NOT:     linalg.unpack

// -----

// pack_greedily finds m, n and k, moves them innermost in the order asked
// and packs them; pack_transpose then permutes the LHS pack and the
// generic's map of it.
func.func @greedily(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.op<"linalg.matmul">
    %1 = transform.structured.pack_greedily %0 matmul_packed_sizes = [4, 8, 2] matmul_inner_dims_order = [1, 2, 0] : (!transform.op<"linalg.matmul">) -> !transform.op<"linalg.generic">
    %2 = transform.get_producer_of_operand %1[0] : (!transform.op<"linalg.generic">) -> (!transform.op<"linalg.pack">)
    %3, %4, %5 = transform.structured.pack_transpose %2 with_compute_op(%1) outer_perm = [1, 0] inner_perm = [1, 0] : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">) -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    transform.yield
  }
}
// CHECK-LABEL: func.func @greedily(
// CHECK:         linalg.pack %{{.+}} outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 2]
// CHECK-SAME:      tensor<8x12xf32> -> tensor<6x2x4x2xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["reduction", "parallel", "parallel", "reduction", "parallel", "parallel"]

// -----

// pack_transpose of the result's unpack permutes the init's pack, the map
// and the unpack together.
func.func @transpose_result(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.pack %0 packed_sizes = [2, 4, 0] : (!transform.any_op) -> (!transform.op<"linalg.generic">)
    %u = transform.structured.match ops{["linalg.unpack"]} in %arg1 : (!transform.any_op) -> !transform.op<"linalg.unpack">
    %2, %3, %4 = transform.structured.pack_transpose %u with_compute_op(%1) outer_perm = [1, 0] : (!transform.op<"linalg.unpack">, !transform.op<"linalg.generic">) -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.op<"linalg.unpack">)
    transform.yield
  }
}
// CHECK-LABEL: func.func @transpose_result(
// CHECK:         %[[PC:.+]] = linalg.pack %{{.+}} outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 4]
// CHECK-SAME:      tensor<8x16xf32> -> tensor<4x4x2x4xf32>
// CHECK:         %[[G:.+]] = linalg.generic {{.*}} outs(%[[PC]] : tensor<4x4x2x4xf32>)
// CHECK:         linalg.unpack %[[G]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 4]
