// RUN: tessel-opt %s -test-linalg-data-layout-propagation -split-input-file | tessel-filecheck %s

// A pack of an elementwise generic moves above it: each input is packed
// (with ub.poison padding) and the generic runs on the tiles.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @bubble_broadcast(%a: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<4x32x8x2xf32> {
  %init = tensor.empty() : tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<32x64xf32>, tensor<64xf32>) outs(%init : tensor<32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %dest = tensor.empty() : tensor<4x32x8x2xf32>
  %1 = linalg.pack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dest : tensor<32x64xf32> -> tensor<4x32x8x2xf32>
  return %1 : tensor<4x32x8x2xf32>
}
// CHECK-DAG:   #[[$ID4:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[$ROW:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-LABEL: func.func @bubble_broadcast(
// CHECK-SAME:      %[[A:.+]]: tensor<32x64xf32>, %[[B:.+]]: tensor<64xf32>)
// CHECK:         %[[POISON:.+]] = ub.poison : f32
// CHECK:         %[[OUT:.+]] = tensor.empty() : tensor<4x32x8x2xf32>
// CHECK:         %[[PA:.+]] = linalg.pack %[[A]] padding_value(%[[POISON]] : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 2]
// CHECK:         %[[PB:.+]] = linalg.pack %[[B]] padding_value(%[[POISON]] : f32) inner_dims_pos = [0] inner_tiles = [2]
// CHECK-SAME:      tensor<64xf32> -> tensor<32x2xf32>
// CHECK:         %[[G:.+]] = linalg.generic {indexing_maps = [#[[$ID4]], #[[$ROW]], #[[$ID4]]]
// CHECK-SAME:      ins(%[[PA]], %[[PB]] : tensor<4x32x8x2xf32>, tensor<32x2xf32>) outs(%[[OUT]] : tensor<4x32x8x2xf32>)
// CHECK:         return %[[G]]

// -----

// An outer permutation of the pack permutes the generic's outer loops; a
// transposed input map is folded into the input's pack.
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func @bubble_transposed(%a: tensor<64x32xf32>) -> tensor<32x4x8x2xf32> {
  %init = tensor.empty() : tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x32xf32>) outs(%init : tensor<32x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %dest = tensor.empty() : tensor<32x4x8x2xf32>
  %1 = linalg.pack %0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dest : tensor<32x64xf32> -> tensor<32x4x8x2xf32>
  return %1 : tensor<32x4x8x2xf32>
}
// CHECK-LABEL: func.func @bubble_transposed(
// CHECK:         linalg.pack %{{.+}} padding_value(%{{.+}} : f32) outer_dims_perm = [0, 1] inner_dims_pos = [1, 0] inner_tiles = [8, 2]
// CHECK-SAME:      tensor<64x32xf32> -> tensor<32x4x8x2xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel"]

// -----

// A pack with a padding value stays below the generic: the generic would
// compute on the padding.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @no_bubble_padded(%a: tensor<30x64xf32>) -> tensor<4x32x8x2xf32> {
  %init = tensor.empty() : tensor<30x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<30x64xf32>) outs(%init : tensor<30x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.divf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<30x64xf32>
  %zero = arith.constant 0.0 : f32
  %dest = tensor.empty() : tensor<4x32x8x2xf32>
  %1 = linalg.pack %0 padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dest : tensor<30x64xf32> -> tensor<4x32x8x2xf32>
  return %1 : tensor<4x32x8x2xf32>
}
// CHECK-LABEL: func.func @no_bubble_padded(
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK:         linalg.pack %[[G]] padding_value

// -----

// A reduction over a loop the pack does not tile does not stop it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @bubble_reduction_untiled(%a: tensor<32x64xf32>, %init: tensor<32xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<32x64xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %dest = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.pack %0 inner_dims_pos = [0] inner_tiles = [8] into %dest : tensor<32xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
// The init is read (accumulated into), so it is packed too.
// CHECK-LABEL: func.func @bubble_reduction_untiled(
// CHECK:         %[[INIT:.+]] = linalg.pack %{{.+}} padding_value(%{{.+}} : f32) inner_dims_pos = [0] inner_tiles = [8]
// CHECK-SAME:      tensor<32xf32> -> tensor<4x8xf32>
// CHECK:         linalg.pack %{{.+}} padding_value(%{{.+}} : f32) inner_dims_pos = [0] inner_tiles = [8]
// CHECK-SAME:      tensor<32x64xf32> -> tensor<4x64x8xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME:      outs(%[[INIT]] : tensor<4x8xf32>)

// -----

// The generic's result has a second user: bubbling would compute it twice.
#id = affine_map<(d0) -> (d0)>
func.func @no_bubble_two_users(%a: tensor<32xf32>) -> (tensor<4x8xf32>, tensor<32xf32>) {
  %init = tensor.empty() : tensor<32xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<32xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %dest = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.pack %0 inner_dims_pos = [0] inner_tiles = [8] into %dest : tensor<32xf32> -> tensor<4x8xf32>
  return %1, %0 : tensor<4x8xf32>, tensor<32xf32>
}
// CHECK-LABEL: func.func @no_bubble_two_users(
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK:         linalg.pack %[[G]]

// -----

// An unpack feeding a generic moves below it; the other input is packed
// to match, and the pair unpack -> pack of the same tiling never appears.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @push_down(%p: tensor<4x32x8x2xf32>, %b: tensor<30x64xf32>) -> tensor<30x64xf32> {
  %e = tensor.empty() : tensor<30x64xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %e : tensor<4x32x8x2xf32> -> tensor<30x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %b : tensor<30x64xf32>, tensor<30x64xf32>) outs(%e : tensor<30x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<30x64xf32>
  return %0 : tensor<30x64xf32>
}
// CHECK-LABEL: func.func @push_down(
// CHECK-SAME:      %[[P:.+]]: tensor<4x32x8x2xf32>, %[[B:.+]]: tensor<30x64xf32>)
// CHECK:         %[[PB:.+]] = linalg.pack %[[B]] padding_value
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[P]], %[[PB]] : tensor<4x32x8x2xf32>, tensor<4x32x8x2xf32>)
// CHECK:         %[[U:.+]] = linalg.unpack %[[G]] inner_dims_pos = [0, 1] inner_tiles = [8, 2]
// CHECK:         return %[[U]]

// -----

// unpack -> generic -> pack of one tiling: the pack (visited first, the
// driver works bottom-up) moves above the generic and meets the unpack;
// -canonicalize then cancels the pair (sandwich.mlir).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @sandwich(%p: tensor<8x4x8x8xf32>) -> tensor<8x4x8x8xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<8x4x8x8xf32> -> tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  %dest = tensor.empty() : tensor<8x4x8x8xf32>
  %1 = linalg.pack %0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dest : tensor<32x64xf32> -> tensor<8x4x8x8xf32>
  return %1 : tensor<8x4x8x8xf32>
}
// CHECK-LABEL: func.func @sandwich(
// CHECK-SAME:      %[[P:.+]]: tensor<8x4x8x8xf32>)
// CHECK:         %[[U:.+]] = linalg.unpack %[[P]]
// CHECK:         %[[PK:.+]] = linalg.pack %[[U]] padding_value
// CHECK:         %[[G:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[PK]] : tensor<8x4x8x8xf32>)
// CHECK:         return %[[G]]
