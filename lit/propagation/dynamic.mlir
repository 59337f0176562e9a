// RUN: tessel-opt %s -test-linalg-data-layout-propagation | tessel-filecheck %s

// The same ops as mlir-opt 22 makes; the one difference is the order of
// the index constants at the top when the function already had them
// (docs/differences.md): MLIR's greedy driver erases the old %c0 and %c1
// once their tensor.dim users are gone and hoists the new ones, newest
// first; tessel reuses the old ones in place.
// Dynamic sizes: the packed operands' sizes are computed with ceildiv.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @bubble_dynamic(%a: tensor<?x?xf32>, %dest: tensor<?x?x8x2xf32>) -> tensor<?x?x8x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %1 = linalg.pack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dest : tensor<?x?xf32> -> tensor<?x?x8x2xf32>
  return %1 : tensor<?x?x8x2xf32>
}
// CHECK-DAG:   #[[$CEIL8:.+]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-LABEL: func.func @bubble_dynamic(
// CHECK-SAME:      %[[A:.+]]: tensor<?x?xf32>, %[[DEST:.+]]: tensor<?x?x8x2xf32>)
// CHECK:         %[[D0:.+]] = tensor.dim %[[A]], %{{.+}}
// CHECK:         affine.apply #[[$CEIL8]]()[%[[D0]]]
// CHECK:         %[[PA:.+]] = linalg.pack %[[A]]
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[PA]] : tensor<?x?x8x2xf32>) outs(%[[DEST]] : tensor<?x?x8x2xf32>)
