// RUN: tessel-opt %s -test-linalg-transform-patterns=test-simplify-pack-unpack-patterns | FileCheck %s

// mlir-opt 22 rewrites this unpack as `tensor.collapse_shape ... into
// tensor<?xf32>`: a collapse keeps all d0 * 32 elements, while the unpack
// writes its dest, which may be shorter (an unpack drops the padding of the
// last tile). The types cannot tell the two apart, so tessel simplifies
// static shapes only.
// CHECK-LABEL: func.func @dynamic_unpack(
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         tensor.unpack %arg0 inner_dims_pos = [0] inner_tiles = [32] into %arg1
func.func @dynamic_unpack(%a: tensor<?x32xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  %u = tensor.unpack %a inner_dims_pos = [0] inner_tiles = [32] into %d : tensor<?x32xf32> -> tensor<?xf32>
  return %u : tensor<?xf32>
}
