// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse | FileCheck %s
// RUN: tessel-opt %s --run=c --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=c --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// A strided, dilated convolution tiled along its output rows and columns:
// the input slice is the window the tile reads, (tile - 1) * stride +
// (window - 1) * dilation + 1 rows and columns, at offset * stride (as
// upstream's makeTiledShape, in its flattened form); the values are the
// same after tiling. Byte for byte with mlir-opt 22 (the CHECK lines are its
// output; scripts/upstream_parity.py --pass-file in CI);
// scripts/conv_tiling_check.py tiles every convolution and pooling op.

func.func @c(%a: tensor<1x17x12x3xf32>, %w: tensor<3x2x3x8xf32>, %o: tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>} ins(%a, %w : tensor<1x17x12x3xf32>, tensor<3x2x3x8xf32>) outs(%o : tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32>
  return %r : tensor<1x8x4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %r tile_sizes [0, 3, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// CHECK: #map = affine_map<(d0) -> (-d0 + 8, 3)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @c(%arg0: tensor<1x17x12x3xf32>, %arg1: tensor<3x2x3x8xf32>, %arg2: tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %c8 step %c3 iter_args(%arg4 = %arg2) -> (tensor<1x8x4x8xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg3)
// CHECK-NEXT: %2 = affine.apply #map1(%arg3)
// CHECK-NEXT: %3 = affine.apply #map2(%1)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %2, 0, 0] [1, %3, 10, 3] [1, 1, 1, 1] : tensor<1x17x12x3xf32> to tensor<1x?x10x3xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg4[0, %arg3, 0, 0] [1, %1, 4, 8] [1, 1, 1, 1] : tensor<1x8x4x8xf32> to tensor<1x?x4x8xf32>
// CHECK-NEXT: %4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%extracted_slice, %arg1 : tensor<1x?x10x3xf32>, tensor<3x2x3x8xf32>) outs(%extracted_slice_0 : tensor<1x?x4x8xf32>) -> tensor<1x?x4x8xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg4[0, %arg3, 0, 0] [1, %1, 4, 8] [1, 1, 1, 1] : tensor<1x?x4x8xf32> into tensor<1x8x4x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<1x8x4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<1x8x4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: module attributes {transform.with_named_sequence} {
// CHECK-NEXT: transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
// CHECK-NEXT: %0 = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT: %tiled_linalg_op, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [0, 3, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
// CHECK-NEXT: transform.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
