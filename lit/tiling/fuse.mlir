// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=random:2 > %t.unfused
// RUN: tessel-opt %s -split-input-file -transform-interpreter -canonicalize -cse --run=f --input=random:1 --input=random:2 > %t.fused
// RUN: diff %t.unfused %t.fused

// transform.structured.fuse: the root is tiled with scf.for and its
// producers are pulled into the tiles greedily, through chains: the unpack
// is fused into the exp's tiles and keeps its static temporary (rows of 8
// cut by tiles of 12 at offsets 0, 12, 24, 36: at most 2 rows -> 16), the negf producing the unpack's
// packed source is fused into the unpack's tile in turn.
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<6x4x8x8xf32>, %[[OUT:[^:]+]]: tensor<48x32xf32>
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             %[[PT:.+]] = tensor.extract_slice %[[SRC]]
// CHECK:             %[[N:.+]] = linalg.negf ins(%[[PT]]
// CHECK:             %[[TMP:.+]] = tensor.empty() : tensor<16x8xf32>
// CHECK:             %[[U:.+]] = linalg.unpack %[[N]]
// CHECK:             %[[PART:.+]] = tensor.extract_slice %[[U]]
// CHECK:             linalg.exp ins(%[[PART]]
// CHECK-NOT:     linalg.unpack
// CHECK-NOT:     linalg.negf
func.func @f(%src: tensor<6x4x8x8xf32>, %out: tensor<48x32xf32>) -> tensor<48x32xf32> {
  %pe = tensor.empty() : tensor<6x4x8x8xf32>
  %n = linalg.negf ins(%src : tensor<6x4x8x8xf32>) outs(%pe : tensor<6x4x8x8xf32>) -> tensor<6x4x8x8xf32>
  %e = tensor.empty() : tensor<48x32xf32>
  %u = linalg.unpack %n inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<6x4x8x8xf32> -> tensor<48x32xf32>
  %x = linalg.exp ins(%u : tensor<48x32xf32>) outs(%out : tensor<48x32xf32>) -> tensor<48x32xf32>
  return %x : tensor<48x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %x = transform.structured.match ops{["linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.fuse %x tile_sizes [12, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The fill of a reduction's accumulator is fused as a destination: each
// tile fills its slice of the loop-carried tensor, the loops start from
// the fill's own init. The reduction loop (tile size 0) is not tiled.
// CHECK-LABEL: func.func @f(
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<10x20xf32>
// CHECK:         scf.for %[[I:[^ ]+]] = {{.+}} iter_args(%[[ACC0:[^ ]+]] = %[[INIT]])
// CHECK:           scf.for %[[J:[^ ]+]] = {{.+}} iter_args(%[[ACC1:[^ ]+]] = %[[ACC0]])
// CHECK:             %[[IN:.+]] = tensor.extract_slice %{{.+}}[%[[I]], 0, %[[J]]]
// CHECK:             %[[OUT:.+]] = tensor.extract_slice %[[ACC1]][%[[I]], %[[J]]]
// CHECK:             %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : tensor<?x?xf32>)
// CHECK:             linalg.generic {{.+}} ins(%[[IN]] : tensor<?x6x?xf32>) outs(%[[FILL]] : tensor<?x?xf32>)
func.func @f(%x: tensor<10x6x20xf32>, %unused: tensor<2xf32>) -> tensor<10x20xf32> {
  %zero = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<10x20xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10x20xf32>) -> tensor<10x20xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k, j)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x : tensor<10x6x20xf32>) outs(%f : tensor<10x20xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.fuse %g tile_sizes [4, 0, 6] interchange [0, 2, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A pack producer is fused when the consumer's tiles cover whole inner
// tiles; the pack's own producer (an add) follows it into the loop.
// CHECK-LABEL: func.func @f(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             linalg.add
// CHECK:             linalg.pack
// CHECK:             linalg.negf
// CHECK-NOT:     linalg.pack
func.func @f(%a: tensor<40x96xf32>, %b: tensor<40x96xf32>) -> tensor<5x12x8x8xf32> {
  %ae = tensor.empty() : tensor<40x96xf32>
  %s = linalg.add ins(%a, %b : tensor<40x96xf32>, tensor<40x96xf32>) outs(%ae : tensor<40x96xf32>) -> tensor<40x96xf32>
  %e = tensor.empty() : tensor<5x12x8x8xf32>
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<40x96xf32> -> tensor<5x12x8x8xf32>
  %o = tensor.empty() : tensor<5x12x8x8xf32>
  %n = linalg.negf ins(%p : tensor<5x12x8x8xf32>) outs(%o : tensor<5x12x8x8xf32>) -> tensor<5x12x8x8xf32>
  return %n : tensor<5x12x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.structured.match ops{["linalg.negf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.fuse %n tile_sizes [2, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Tiles that cut across the pack's inner tiles: the pack is not fused (as
// upstream), it stays before the loops.
// CHECK-LABEL: func.func @f(
// CHECK:         linalg.pack
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK-NOT:           linalg.pack
// CHECK:               linalg.negf
func.func @f(%a: tensor<40x96xf32>, %b: tensor<5x12x8x8xf32>) -> tensor<5x12x8x8xf32> {
  %e = tensor.empty() : tensor<5x12x8x8xf32>
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<40x96xf32> -> tensor<5x12x8x8xf32>
  %n = linalg.negf ins(%p : tensor<5x12x8x8xf32>) outs(%b : tensor<5x12x8x8xf32>) -> tensor<5x12x8x8xf32>
  return %n : tensor<5x12x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.structured.match ops{["linalg.negf"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:3 = transform.structured.fuse %n tile_sizes [2, 5, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// With apply_cleanup, a slice of a slice of the producer becomes one slice
// (offsets added), so the producer is fused through it.
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<40x40xf32>
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             %[[R:.+]] = affine.apply #{{.+}}(%[[I]])
// CHECK:             %[[C:.+]] = affine.apply #{{.+}}(%[[J]])
// CHECK:             %[[AT:.+]] = tensor.extract_slice %[[A]][%[[R]], %[[C]]]
// CHECK:             linalg.abs ins(%[[AT]]
// CHECK:             linalg.sub
func.func @f(%a: tensor<40x40xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %ae = tensor.empty() : tensor<40x40xf32>
  %0 = linalg.abs ins(%a : tensor<40x40xf32>) outs(%ae : tensor<40x40xf32>) -> tensor<40x40xf32>
  %1 = tensor.extract_slice %0 [2, 3] [32, 32] [1, 1] : tensor<40x40xf32> to tensor<32x32xf32>
  %be = tensor.empty() : tensor<32x32xf32>
  %2 = linalg.sub ins(%1, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%be : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %2 : tensor<32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.sub"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.fuse %s tile_sizes [16, 16] interchange [0, 1] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// use_forall: one scf.forall, the producer fused into it.
// CHECK-LABEL: func.func @f(
// CHECK:         scf.forall
// CHECK:           linalg.sqrt
// CHECK:           linalg.max
// CHECK:           scf.forall.in_parallel
func.func @f(%a: tensor<32x48xf32>, %b: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %e = tensor.empty() : tensor<32x48xf32>
  %0 = linalg.abs ins(%a : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  %s = linalg.sqrt ins(%0 : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  %1 = linalg.max ins(%s, %b : tensor<32x48xf32>, tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %1 : tensor<32x48xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.fuse %m tile_sizes [8, 12] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
