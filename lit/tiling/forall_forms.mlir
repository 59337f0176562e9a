// RUN: tessel-opt %s -split-input-file -transform-interpreter -canonicalize -cse | tessel-filecheck %s

// mlir-opt 22's two forall forms, kept after canonicalize: tile_using_forall
// counts tiles (`in (N)`, offsets `affine.apply (d0 * step)`), while
// structured.fuse {use_forall} steps over the extents. Byte for byte with
// mlir-opt 22 (scripts/upstream_parity.py --pass-file in CI).

// CHECK-LABEL: func.func @tile_counts
//       CHECK:   scf.forall (%[[I:.*]], %[[J:.*]]) in (3, 3) shared_outs
//  CHECK-NEXT:     %[[OI:.*]] = affine.apply #{{.*}}(%[[I]])
//  CHECK-NEXT:     %[[OJ:.*]] = affine.apply #{{.*}}(%[[J]])
//  CHECK-NEXT:     %[[SI:.*]] = affine.min #{{.*}}(%[[I]])
//  CHECK-NEXT:     %[[SJ:.*]] = affine.min #{{.*}}(%[[J]])
//  CHECK-NEXT:     tensor.extract_slice %{{.*}}[%[[OI]], %[[OJ]]] [%[[SI]], %[[SJ]]]
func.func @tile_counts(%a: tensor<10x7xf32>, %b: tensor<7xf32>) -> tensor<10x7xf32> {
  %e = tensor.empty() : tensor<10x7xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<10x7xf32>, tensor<7xf32>) outs(%e : tensor<10x7xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<10x7xf32>
  return %g : tensor<10x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %op tile_sizes [4, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @fuse_steps
//       CHECK:   scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (7, 3) step (5, 2) shared_outs
//  CHECK-NEXT:     affine.min
//  CHECK-NEXT:     affine.min
//  CHECK-NEXT:     affine.min
//  CHECK-NEXT:     %[[OJ:.*]] = affine.apply #{{.*}}(%[[J]])
//  CHECK-NEXT:     tensor.extract_slice %{{.*}}[%[[I]], %[[OJ]]]
//       CHECK:     linalg.generic
//       CHECK:     linalg.pack
func.func @fuse_steps(%a: tensor<7x9xf32>, %row: tensor<9xf32>) -> tensor<7x3x1x4xf32> {
  %ge = tensor.empty() : tensor<7x9xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %row : tensor<7x9xf32>, tensor<9xf32>) outs(%ge : tensor<7x9xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<7x9xf32>
  %pad = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<7x3x1x4xf32>
  %r = linalg.pack %g padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [1, 4] into %pe : tensor<7x9xf32> -> tensor<7x3x1x4xf32>
  return %r : tensor<7x3x1x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.fuse %op tile_sizes [5, 2] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tile covering the whole pack still fuses the generic into the loop
// (upstream slices the operand even when it is whole), so after the loop
// of one iteration is inlined the pack's tensor.empty comes first.
// CHECK-LABEL: func.func @fuse_whole
//  CHECK-NEXT:   arith.constant 0.0
//  CHECK-NEXT:   tensor.empty() : tensor<5x6xf32>
//  CHECK-NEXT:   %[[D:.*]] = tensor.empty() : tensor<2x3x2x3xf32>
//  CHECK-NEXT:   %[[G:.*]] = linalg.generic
//       CHECK:   linalg.pack %[[G]] {{.*}} into %[[D]]
//   CHECK-NOT:   scf.for
func.func @fuse_whole(%a: tensor<5x6xf32>, %row: tensor<6xf32>) -> tensor<2x3x2x3xf32> {
  %ge = tensor.empty() : tensor<5x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %row : tensor<5x6xf32>, tensor<6xf32>) outs(%ge : tensor<5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<5x6xf32>
  %pad = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<2x3x2x3xf32>
  %r = linalg.pack %g padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %pe : tensor<5x6xf32> -> tensor<2x3x2x3xf32>
  return %r : tensor<2x3x2x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.fuse %op tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
