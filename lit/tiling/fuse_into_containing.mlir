// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=random:2 > %t.unfused
// RUN: tessel-opt %s -split-input-file -transform-interpreter -canonicalize -cse --run=f --input=random:1 --input=random:2 > %t.fused
// RUN: diff %t.unfused %t.fused

// transform.structured.fuse_into_containing_op: the consumer is tiled, the
// producer is computed per tile inside its loops. An unpack fused into its
// consumer's tiles reads whole rows and unpacks into a statically sized
// temporary (rows of 8 cut by tiles of 6: at most 2 rows -> 16; rows of 4
// cut by tiles of 5: at most 2 rows -> 8), where mlir-opt 22 allocates
// `tensor.empty(%rows0, %rows1) : tensor<?x?xf32>` in every iteration.
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<4x8x8x4xf32>, %[[B:[^:]+]]: tensor<32x32xf32>
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             %[[IN:.+]] = tensor.extract_slice %[[SRC]]
// CHECK:             %[[TMP:.+]] = tensor.empty() : tensor<16x8xf32>
// CHECK:             %[[VIEW:.+]] = tensor.extract_slice %[[TMP]][0, 0]
// CHECK:             %[[U:.+]] = tensor.unpack %[[IN]] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[VIEW]]
// CHECK:             %[[PART:.+]] = tensor.extract_slice %[[U]]
// CHECK:             %[[BT:.+]] = tensor.extract_slice %[[B]][%[[I]], %[[J]]]
// CHECK:             linalg.add ins(%[[PART]], %[[BT]] : tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK-NOT:     tensor.unpack
func.func @f(%src: tensor<4x8x8x4xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = tensor.empty() : tensor<32x32xf32>
  %u = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<4x8x8x4xf32> -> tensor<32x32xf32>
  %o = tensor.empty() : tensor<32x32xf32>
  %r = linalg.add ins(%u, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%o : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %un = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %add tile_sizes [6, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %un into %l#0 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An elementwise producer fused into a forall: its tile is the consumer's.
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<10x12xf32>, %[[B:[^:]+]]: tensor<10x12xf32>
// CHECK:         scf.forall (%[[TI:[^,]+]], %[[TJ:[^)]+]]) in (3, 3)
// CHECK:           %[[I:.+]] = affine.apply #{{.+}}(%[[TI]])
// CHECK:           %[[J:.+]] = affine.apply #{{.+}}(%[[TJ]])
// CHECK:           %[[AT:.+]] = tensor.extract_slice %[[A]][%[[I]], %[[J]]]
// CHECK:           %[[ET:.+]] = tensor.extract_slice %{{.+}}[%[[I]], %[[J]]]
// CHECK:           %[[X:.+]] = linalg.exp ins(%[[AT]] : tensor<?x?xf32>) outs(%[[ET]] : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK:           linalg.add ins(%[[X]], %{{.+}} : tensor<?x?xf32>, tensor<?x?xf32>)
func.func @f(%a: tensor<10x12xf32>, %b: tensor<10x12xf32>) -> tensor<10x12xf32> {
  %e = tensor.empty() : tensor<10x12xf32>
  %x = linalg.exp ins(%a : tensor<10x12xf32>) outs(%e : tensor<10x12xf32>) -> tensor<10x12xf32>
  %o = tensor.empty() : tensor<10x12xf32>
  %r = linalg.add ins(%x, %b : tensor<10x12xf32>, tensor<10x12xf32>) outs(%o : tensor<10x12xf32>) -> tensor<10x12xf32>
  return %r : tensor<10x12xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %exp = transform.structured.match ops{["linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %add tile_sizes [4, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %exp into %l : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
