// RUN: tessel-opt %s -test-linalg-data-layout-propagation -split-input-file | tessel-filecheck %s

// Maps with constant results keep them; the packed operand only gains the
// point loop of the dim it reads.
func.func @constant_map_results(%a: tensor<6x16x4xi32>, %b: tensor<1x16x1xi32>) -> tensor<6x2x4x8xi32> {
  %init = tensor.empty() : tensor<6x16x4xi32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<6x16x4xi32>, tensor<1x16x1xi32>) outs(%init : tensor<6x16x4xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.muli %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<6x16x4xi32>
  %d = tensor.empty() : tensor<6x2x4x8xi32>
  %1 = linalg.pack %0 inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<6x16x4xi32> -> tensor<6x2x4x8xi32>
  return %1 : tensor<6x2x4x8xi32>
}
// CHECK-DAG:   #[[$CMAP:.+]] = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, d3)>
// CHECK-LABEL: func.func @constant_map_results(
// CHECK:         linalg.pack %{{.+}} inner_dims_pos = [1] inner_tiles = [8] {{.*}} : tensor<1x16x1xi32> -> tensor<1x2x1x8xi32>
// CHECK:         linalg.generic {indexing_maps = [#{{[a-z0-9]+}}, #[[$CMAP]], #{{[a-z0-9]+}}]

// -----

// A 0-d operand is read as it is.
func.func @scalar_operand(%s: tensor<f32>) -> tensor<3x2x4xf32> {
  %init = tensor.empty() : tensor<3x8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<f32>) outs(%init : tensor<3x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<3x8xf32>
  %d = tensor.empty() : tensor<3x2x4xf32>
  %1 = linalg.pack %0 inner_dims_pos = [1] inner_tiles = [4] into %d : tensor<3x8xf32> -> tensor<3x2x4xf32>
  return %1 : tensor<3x2x4xf32>
}
// CHECK-LABEL: func.func @scalar_operand(
// CHECK-SAME:      %[[S:.+]]: tensor<f32>)
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[S]] : tensor<f32>)

// -----

// The unpacked value is the generic's init: the generic works on the
// packed source in place (the unpack -> pack pair is never built) and its
// result is unpacked into the unpack.
func.func @unpack_into_init(%p: tensor<2x3x8xf32>) -> tensor<16x3xf32> {
  %e = tensor.empty() : tensor<16x3xf32>
  %u = linalg.unpack %p outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<2x3x8xf32> -> tensor<16x3xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%u : tensor<16x3xf32>) {
  ^bb0(%o: f32):
    %s = arith.mulf %o, %o : f32
    linalg.yield %s : f32
  } -> tensor<16x3xf32>
  return %0 : tensor<16x3xf32>
}
// CHECK-LABEL: func.func @unpack_into_init(
// CHECK-SAME:      %[[P:.+]]: tensor<2x3x8xf32>)
// CHECK:         %[[U:.+]] = linalg.unpack %[[P]]
// CHECK:         %[[G:.+]] = linalg.generic {{.*}} outs(%[[P]] : tensor<2x3x8xf32>)
// CHECK:         linalg.unpack %[[G]] {{.*}} into %[[U]]

// -----

// The element type may change across the generic.
func.func @truncating(%p: tensor<4x2x8xf32>, %init: tensor<4x16xf16>) -> tensor<4x16xf16> {
  %e = tensor.empty() : tensor<4x16xf32>
  %u = linalg.unpack %p inner_dims_pos = [1] inner_tiles = [8] into %e : tensor<4x2x8xf32> -> tensor<4x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<4x16xf32>) outs(%init : tensor<4x16xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4x16xf16>
  return %0 : tensor<4x16xf16>
}
// CHECK-LABEL: func.func @truncating(
// CHECK:         linalg.generic
// CHECK:         } -> tensor<4x2x8xf16>
// CHECK:         linalg.unpack {{.*}} : tensor<4x2x8xf16> -> tensor<4x16xf16>

// -----

// A dynamic collapse: the tile moves to the innermost non-unit dim of the
// group, and the outer sizes come from tensor.dim.
func.func @dynamic_collapse(%a: tensor<?x8x6xf32>, %n: index) -> tensor<?x6x4x1xf32> {
  %c = tensor.collapse_shape %a [[0, 1], [2]] : tensor<?x8x6xf32> into tensor<?x6xf32>
  %d = tensor.empty(%n) : tensor<?x6x4x1xf32>
  %0 = linalg.pack %c inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %d : tensor<?x6xf32> -> tensor<?x6x4x1xf32>
  return %0 : tensor<?x6x4x1xf32>
}
// CHECK-LABEL: func.func @dynamic_collapse(
// CHECK:         linalg.pack %{{.+}} inner_dims_pos = [1, 2] inner_tiles = [4, 1] {{.*}} : tensor<?x8x6xf32> -> tensor<?x2x6x4x1xf32>
// CHECK:         tensor.collapse_shape

// -----

// Dynamic expand_shapes in both directions: the sizes of the new
// expand_shape come from the packed source (divided by the group's static
// product).
func.func @dynamic_expand_bubble(%a: tensor<?x32xf32>) -> tensor<?x2x2x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x32xf32>
  %d = tensor.empty(%n) : tensor<?x2x2x8xf32>
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 16] : tensor<?x32xf32> into tensor<?x2x16xf32>
  %0 = linalg.pack %x inner_dims_pos = [2] inner_tiles = [8] into %d : tensor<?x2x16xf32> -> tensor<?x2x2x8xf32>
  return %0 : tensor<?x2x2x8xf32>
}
// CHECK-LABEL: func.func @dynamic_expand_bubble(
// CHECK:         %[[P:.+]] = linalg.pack %{{.+}} inner_dims_pos = [1] inner_tiles = [8] {{.*}} : tensor<?x32xf32> -> tensor<?x4x8xf32>
// CHECK:         %[[D:.+]] = tensor.dim %[[P]]
// CHECK:         tensor.expand_shape %[[P]] {{\[}}[0], [1, 2], [3]] output_shape [%[[D]], 2, 2, 8]

// -----

func.func @dynamic_expand_push(%p: tensor<?x4x8xf32>, %n: index, %m: index) -> tensor<?x16x32xf32> {
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %u = linalg.unpack %p inner_dims_pos = [1] inner_tiles = [8] into %e : tensor<?x4x8xf32> -> tensor<?x32xf32>
  %x = tensor.expand_shape %u [[0, 1], [2]] output_shape [%m, 16, 32] : tensor<?x32xf32> into tensor<?x16x32xf32>
  return %x : tensor<?x16x32xf32>
}
// CHECK-LABEL: func.func @dynamic_expand_push(
// CHECK:         %[[D:.+]] = tensor.dim
// CHECK:         %[[Q:.+]] = arith.divsi %[[D]], %{{.+}} : index
// CHECK:         tensor.expand_shape %{{.+}} {{\[}}[0, 1], [2], [3]] output_shape [%[[Q]], 16, 4, 8]
// CHECK:         linalg.unpack

// -----

// A collapsed group whose innermost dim the tile does not divide stays.
func.func @collapse_not_divisible(%a: tensor<8x12x6xf32>) -> tensor<8x9x8xf32> {
  %c = tensor.collapse_shape %a [[0], [1, 2]] : tensor<8x12x6xf32> into tensor<8x72xf32>
  %d = tensor.empty() : tensor<8x9x8xf32>
  %0 = linalg.pack %c inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<8x72xf32> -> tensor<8x9x8xf32>
  return %0 : tensor<8x9x8xf32>
}
// CHECK-LABEL: func.func @collapse_not_divisible(
// CHECK:         %[[C:.+]] = tensor.collapse_shape
// CHECK:         linalg.pack %[[C]]
