// RUN: tessel-opt %s -test-linalg-data-layout-propagation -canonicalize | tessel-filecheck %s

// unpack -> elementwise -> unpack-matching pack: propagation brings the
// pack and the unpack together and canonicalize cancels them; the generic
// runs on the packed layout and no relayout is left.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @sandwich(%p: tensor<8x4x8x8xf32>, %bias: tensor<32x64xf32>) -> tensor<8x4x8x8xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<8x4x8x8xf32> -> tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %bias : tensor<32x64xf32>, tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %dest = tensor.empty() : tensor<8x4x8x8xf32>
  %1 = linalg.pack %0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dest : tensor<32x64xf32> -> tensor<8x4x8x8xf32>
  return %1 : tensor<8x4x8x8xf32>
}
// CHECK-LABEL: func.func @sandwich(
// CHECK-SAME:      %[[P:.+]]: tensor<8x4x8x8xf32>, %[[BIAS:.+]]: tensor<32x64xf32>)
// CHECK-NOT:     linalg.unpack
// CHECK:         %[[PB:.+]] = linalg.pack %[[BIAS]] outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8]
// CHECK-NOT:     linalg.unpack
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[P]], %[[PB]] : tensor<8x4x8x8xf32>, tensor<8x4x8x8xf32>)
// CHECK-NOT:     linalg.unpack
// CHECK:         return %[[G]]
