// RUN: tessel-opt %s --transform-interpreter --canonicalize --cse | FileCheck %s

// An unpack fused into a generic tiled by (4, 1): dim 1 (inner tile 3) is cut
// at every column, so the tile is unpacked into a temporary; dim 0 lines up
// with its inner tile 4, and the loop bounds its tile by its step, so the
// temporary is static: 4 rows of 4 by one row of 3.
// CHECK-LABEL: func.func @f(
// CHECK-NOT:   tensor.empty(%
// CHECK:       %[[T:.+]] = tensor.empty() : tensor<4x3xf32>
// CHECK:       %[[V:.+]] = tensor.extract_slice %[[T]][0, 0] [%{{.+}}, 3] [1, 1] : tensor<4x3xf32> to tensor<?x3xf32>
// CHECK:       linalg.unpack %{{.+}} inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %[[V]]
// CHECK-NOT:   tensor.empty(%
func.func @f(%p: tensor<2x4x4x3xf32>, %row: tensor<10xf32>) -> tensor<7x10xf32> {
  %ue = tensor.empty() : tensor<7x10xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %ue : tensor<2x4x4x3xf32> -> tensor<7x10xf32>
  %ge = tensor.empty() : tensor<7x10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%u, %row : tensor<7x10xf32>, tensor<10xf32>) outs(%ge : tensor<7x10xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<7x10xf32>
  return %r : tensor<7x10xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %root_op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1 = transform.structured.fuse %root_op tile_sizes [4, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

