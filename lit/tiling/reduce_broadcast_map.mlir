// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse | FileCheck %s
// RUN: tessel-opt %s --run=sum --input=random:1 --input=random:2 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=sum --input=random:1 --input=random:2 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s --run=bc --input=random:1 --input=random:2 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=bc --input=random:1 --input=random:2 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s --run=mp --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=mp --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// linalg.reduce (a parallel dim tiled), linalg.broadcast (the added dim
// left whole, the other tiled by 3: a partial last tile) and linalg.map
// (scf.forall) implement the TilingInterface as generics do: byte for byte
// with mlir-opt 22 after canonicalize and cse (the CHECK lines are its
// output; scripts/upstream_parity.py --pass-file in CI), and the same
// values before and after tiling.

func.func @sum(%a: tensor<6x8xf32>, %i: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.reduce { arith.addf } ins(%a : tensor<6x8xf32>) outs(%i : tensor<6xf32>) dimensions = [1]
  return %r : tensor<6xf32>
}
func.func @bc(%a: tensor<8xf32>, %i: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %r = linalg.broadcast ins(%a : tensor<8xf32>) outs(%i : tensor<6x8xf32>) dimensions = [0]
  return %r : tensor<6x8xf32>
}
func.func @mp(%a: tensor<6x8xf32>, %b: tensor<6x8xf32>, %i: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %r = linalg.map { arith.mulf } ins(%a, %b : tensor<6x8xf32>, tensor<6x8xf32>) outs(%i : tensor<6x8xf32>)
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["linalg.reduce"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %r tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b = transform.structured.match ops{["linalg.broadcast"]} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %l2 = transform.structured.tile_using_for %b tile_sizes [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %m = transform.structured.match ops{["linalg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %t3, %l3 = transform.structured.tile_using_forall %m tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// CHECK: #map = affine_map<(d0) -> (-d0 + 6, 4)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (-d0 + 8, 3)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @sum(%arg0: tensor<6x8xf32>, %arg1: tensor<6xf32>) -> tensor<6xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %c6 step %c4 iter_args(%arg3 = %arg1) -> (tensor<6xf32>) {
// CHECK-NEXT: %1 = affine.min #map(%arg2)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg2, 0] [%1, 8] [1, 1] : tensor<6x8xf32> to tensor<?x8xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg3[%arg2] [%1] [1] : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT: %reduced = linalg.reduce { arith.addf } ins(%extracted_slice : tensor<?x8xf32>) outs(%extracted_slice_0 : tensor<?xf32>) dimensions = [1]
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %reduced into %arg3[%arg2] [%1] [1] : tensor<?xf32> into tensor<6xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @bc(%arg0: tensor<8xf32>, %arg1: tensor<6x8xf32>) -> tensor<6x8xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %c8 step %c3 iter_args(%arg3 = %arg1) -> (tensor<6x8xf32>) {
// CHECK-NEXT: %1 = affine.min #map1(%arg2)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg2] [%1] [1] : tensor<8xf32> to tensor<?xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg3[0, %arg2] [6, %1] [1, 1] : tensor<6x8xf32> to tensor<6x?xf32>
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice_0 : tensor<6x?xf32>) dimensions = [0]
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %broadcasted into %arg3[0, %arg2] [6, %1] [1, 1] : tensor<6x?xf32> into tensor<6x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<6x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<6x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @mp(%arg0: tensor<6x8xf32>, %arg1: tensor<6x8xf32>, %arg2: tensor<6x8xf32>) -> tensor<6x8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg3) in (3) shared_outs(%arg4 = %arg2) -> (tensor<6x8xf32>) {
// CHECK-NEXT: %1 = affine.apply #map2(%arg3)
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%1, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg1[%1, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %extracted_slice_1 = tensor.extract_slice %arg4[%1, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %mapped = linalg.map { arith.mulf } ins(%extracted_slice, %extracted_slice_0 : tensor<2x8xf32>, tensor<2x8xf32>) outs(%extracted_slice_1 : tensor<2x8xf32>)
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %mapped into %arg4[%1, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<6x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<6x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: module attributes {transform.with_named_sequence} {
// CHECK-NEXT: transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
// CHECK-NEXT: %0 = transform.structured.match ops{["linalg.reduce"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT: %tiled_linalg_op, %loops = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT: %1 = transform.structured.match ops{["linalg.broadcast"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT: %tiled_linalg_op_0, %loops_1 = transform.structured.tile_using_for %1 tile_sizes [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT: %2 = transform.structured.match ops{["linalg.map"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT: %tiled_op, %forall_op = transform.structured.tile_using_forall %2 tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT: transform.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
