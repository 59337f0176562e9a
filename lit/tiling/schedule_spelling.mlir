// RUN: tessel-opt %s --pack-spelling=linalg | FileCheck %s --check-prefix=LINALG
// RUN: tessel-opt %s --pack-spelling=linalg -transform-interpreter -canonicalize | FileCheck %s --check-prefix=TILED

// --pack-spelling respells the op names a schedule holds in strings too
// (match's ops{[...]} and !transform.op<"..."> handle types): mlir-opt 22
// reading tessel's linalg-spelled output would otherwise match nothing. A
// transform.cast to a typed handle keeps the payload and is checked when it
// runs.

// LINALG: linalg.unpack
// LINALG: transform.structured.match ops{["linalg.unpack"]} in %{{.*}} : (!transform.any_op) -> !transform.any_op
// LINALG: transform.cast %{{.*}} : !transform.any_op to !transform.op<"linalg.unpack">
// LINALG: transform.structured.tile_using_for %{{.*}} tile_sizes [16, 16] : (!transform.op<"linalg.unpack">)

// TILED-LABEL: func.func @f
// TILED: scf.for
// TILED: linalg.unpack {{.*}} : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
// The schedule stays, as in mlir-opt 22.
// TILED: transform.structured.match ops{["linalg.unpack"]}

func.func @f(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %1 = transform.cast %0 : !transform.any_op to !transform.op<"tensor.unpack">
    %2, %loops:2 = transform.structured.tile_using_for %1 tile_sizes [16, 16] : (!transform.op<"tensor.unpack">) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
