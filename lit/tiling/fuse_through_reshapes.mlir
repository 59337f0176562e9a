// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse | FileCheck %s
// RUN: tessel-opt %s --run=expand_fused_producer --input=random:4 --output=%t.a0.npy
// RUN: tessel-opt %s -transform-interpreter --run=expand_fused_producer --input=random:4 --output=%t.a1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: tessel-opt %s --run=run_dynamic --input=random:4 --output=%t.b0.npy
// RUN: tessel-opt %s -transform-interpreter --run=run_dynamic --input=random:4 --output=%t.b1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: tessel-opt %s --run=collapse_fused_producer --input=random:4 --output=%t.c0.npy
// RUN: tessel-opt %s -transform-interpreter --run=collapse_fused_producer --input=random:4 --output=%t.c1.npy
// RUN: cmp %t.c0.npy %t.c1.npy

// transform.structured.fuse {apply_cleanup} through tensor.expand_shape and
// tensor.collapse_shape: a tile's slice of a reshape moves before it (the
// offset of an expanded group is the affine.linearize_index of the tile's
// offsets), so the producer behind the reshape fuses into the loop; where
// the slice is not one contiguous slice of the source (a dynamic offset
// over two collapsed dims other than 1) the reshape and its producer stay
// outside. Byte for byte with mlir-opt 22 after -canonicalize -cse (the
// CHECK lines are its output; scripts/upstream_parity.py compares the
// file); three of the functions are run before and after fusion.

func.func @expand_tiled_rows(%src: tensor<48xf32>) -> tensor<6x8xf32> {
  %e = tensor.expand_shape %src [[0, 1]] output_shape [6, 8] : tensor<48xf32> into tensor<6x8xf32>
  %init = tensor.empty() : tensor<6x8xf32>
  %r = linalg.negf ins(%e : tensor<6x8xf32>) outs(%init : tensor<6x8xf32>) -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

func.func @expand_fused_producer(%src: tensor<4x96xf32>) -> tensor<4x12x8xf32> {
  %init0 = tensor.empty() : tensor<4x96xf32>
  %p = linalg.exp ins(%src : tensor<4x96xf32>) outs(%init0 : tensor<4x96xf32>) -> tensor<4x96xf32>
  %e = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 12, 8] : tensor<4x96xf32> into tensor<4x12x8xf32>
  %init = tensor.empty() : tensor<4x12x8xf32>
  %r = linalg.log ins(%e : tensor<4x12x8xf32>) outs(%init : tensor<4x12x8xf32>) -> tensor<4x12x8xf32>
  return %r : tensor<4x12x8xf32>
}

func.func @expand_dynamic(%src: tensor<?x40xf32>, %n: index) -> tensor<?x2x5x8xf32> {
  %e = tensor.expand_shape %src [[0, 1], [2, 3]] output_shape [%n, 2, 5, 8] : tensor<?x40xf32> into tensor<?x2x5x8xf32>
  %init = tensor.empty(%n) : tensor<?x2x5x8xf32>
  %r = linalg.sqrt ins(%e : tensor<?x2x5x8xf32>) outs(%init : tensor<?x2x5x8xf32>) -> tensor<?x2x5x8xf32>
  return %r : tensor<?x2x5x8xf32>
}

func.func @collapse_fused_producer(%src: tensor<1x6x16xf32>) -> tensor<6x16xf32> {
  %init0 = tensor.empty() : tensor<1x6x16xf32>
  %p = linalg.floor ins(%src : tensor<1x6x16xf32>) outs(%init0 : tensor<1x6x16xf32>) -> tensor<1x6x16xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2]] : tensor<1x6x16xf32> into tensor<6x16xf32>
  %init = tensor.empty() : tensor<6x16xf32>
  %r = linalg.ceil ins(%c : tensor<6x16xf32>) outs(%init : tensor<6x16xf32>) -> tensor<6x16xf32>
  return %r : tensor<6x16xf32>
}

func.func @collapse_two_wide_dims(%src: tensor<2x3x16xf32>) -> tensor<6x16xf32> {
  %init0 = tensor.empty() : tensor<2x3x16xf32>
  %p = linalg.floor ins(%src : tensor<2x3x16xf32>) outs(%init0 : tensor<2x3x16xf32>) -> tensor<2x3x16xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2]] : tensor<2x3x16xf32> into tensor<6x16xf32>
  %init = tensor.empty() : tensor<6x16xf32>
  %r = linalg.abs ins(%c : tensor<6x16xf32>) outs(%init : tensor<6x16xf32>) -> tensor<6x16xf32>
  return %r : tensor<6x16xf32>
}

func.func @run_dynamic(%src: tensor<6x40xf32>) -> tensor<?x2x5x8xf32> {
  %c3 = arith.constant 3 : index
  %d = tensor.cast %src : tensor<6x40xf32> to tensor<?x40xf32>
  %r = func.call @expand_dynamic(%d, %c3) : (tensor<?x40xf32>, index) -> tensor<?x2x5x8xf32>
  return %r : tensor<?x2x5x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["linalg.negf"]} in %root : (!transform.any_op) -> !transform.any_op
    %a1, %al = transform.structured.fuse %a tile_sizes [2, 0] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b = transform.structured.match ops{["linalg.log"]} in %root : (!transform.any_op) -> !transform.any_op
    %b1, %bl:2 = transform.structured.fuse %b tile_sizes [1, 3, 0] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %c = transform.structured.match ops{["linalg.sqrt"]} in %root : (!transform.any_op) -> !transform.any_op
    %c1, %cl:3 = transform.structured.fuse %c tile_sizes [1, 1, 1, 0] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %d = transform.structured.match ops{["linalg.ceil"]} in %root : (!transform.any_op) -> !transform.any_op
    %d1, %dl = transform.structured.fuse %d tile_sizes [2, 0] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %e = transform.structured.match ops{["linalg.abs"]} in %root : (!transform.any_op) -> !transform.any_op
    %e1, %el = transform.structured.fuse %e tile_sizes [3, 0] {apply_cleanup} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// CHECK-LABEL: func.func @expand_tiled_rows(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = tensor.empty() : tensor<6x8xf32>
// CHECK-NEXT: %1 = scf.for %arg1 = %c0 to %c6 step %c2 iter_args(%arg2 = %0) -> (tensor<6x8xf32>) {
// CHECK-NEXT: %2 = affine.linearize_index disjoint [%arg1, %c0] by (6, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%2] [16] [1] : tensor<48xf32> to tensor<16xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1]] output_shape [2, 8] : tensor<16xf32> into tensor<2x8xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg2[%arg1, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %3 = linalg.negf ins(%expanded : tensor<2x8xf32>) outs(%extracted_slice_0 : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %3 into %arg2[%arg1, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<6x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<6x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : tensor<6x8xf32>
// CHECK-LABEL: func.func @expand_fused_producer(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c12 = arith.constant 12 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x96xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<4x12x8xf32>
// CHECK-NEXT: %2 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %1) -> (tensor<4x12x8xf32>) {
// CHECK-NEXT: %3 = scf.for %arg3 = %c0 to %c12 step %c3 iter_args(%arg4 = %arg2) -> (tensor<4x12x8xf32>) {
// CHECK-NEXT: %4 = affine.linearize_index disjoint [%arg3, %c0] by (12, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, %4] [1, 24] [1, 1] : tensor<4x96xf32> to tensor<1x24xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %0[%arg1, %4] [1, 24] [1, 1] : tensor<4x96xf32> to tensor<1x24xf32>
// CHECK-NEXT: %5 = linalg.exp ins(%extracted_slice : tensor<1x24xf32>) outs(%extracted_slice_0 : tensor<1x24xf32>) -> tensor<1x24xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %5 {{\[\[}}0], [1, 2]] output_shape [1, 3, 8] : tensor<1x24xf32> into tensor<1x3x8xf32>
// CHECK-NEXT: %extracted_slice_1 = tensor.extract_slice %arg4[%arg1, %arg3, 0] [1, 3, 8] [1, 1, 1] : tensor<4x12x8xf32> to tensor<1x3x8xf32>
// CHECK-NEXT: %6 = linalg.log ins(%expanded : tensor<1x3x8xf32>) outs(%extracted_slice_1 : tensor<1x3x8xf32>) -> tensor<1x3x8xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %6 into %arg4[%arg1, %arg3, 0] [1, 3, 8] [1, 1, 1] : tensor<1x3x8xf32> into tensor<4x12x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<4x12x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %3 : tensor<4x12x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : tensor<4x12x8xf32>
// CHECK-LABEL: func.func @expand_dynamic(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [%arg1, 2, 5, 8] : tensor<?x40xf32> into tensor<?x2x5x8xf32>
// CHECK-NEXT: %0 = tensor.empty(%arg1) : tensor<?x2x5x8xf32>
// CHECK-NEXT: %dim = tensor.dim %expanded, %c0 : tensor<?x2x5x8xf32>
// CHECK-NEXT: %1 = scf.for %arg2 = %c0 to %dim step %c1 iter_args(%arg3 = %0) -> (tensor<?x2x5x8xf32>) {
// CHECK-NEXT: %2 = scf.for %arg4 = %c0 to %c2 step %c1 iter_args(%arg5 = %arg3) -> (tensor<?x2x5x8xf32>) {
// CHECK-NEXT: %3 = scf.for %arg6 = %c0 to %c5 step %c1 iter_args(%arg7 = %arg5) -> (tensor<?x2x5x8xf32>) {
// CHECK-NEXT: %4 = affine.linearize_index disjoint [%arg2, %arg4] by (%dim, 2) : index
// CHECK-NEXT: %5 = affine.linearize_index disjoint [%arg6, %c0] by (5, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%4, %5] [1, 8] [1, 1] : tensor<?x40xf32> to tensor<1x8xf32>
// CHECK-NEXT: %expanded_0 = tensor.expand_shape %extracted_slice {{\[\[}}0, 1], [2, 3]] output_shape [1, 1, 1, 8] : tensor<1x8xf32> into tensor<1x1x1x8xf32>
// CHECK-NEXT: %extracted_slice_1 = tensor.extract_slice %arg7[%arg2, %arg4, %arg6, 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<?x2x5x8xf32> to tensor<1x1x1x8xf32>
// CHECK-NEXT: %6 = linalg.sqrt ins(%expanded_0 : tensor<1x1x1x8xf32>) outs(%extracted_slice_1 : tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %6 into %arg7[%arg2, %arg4, %arg6, 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x1x1x8xf32> into tensor<?x2x5x8xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?x2x5x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %3 : tensor<?x2x5x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %2 : tensor<?x2x5x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : tensor<?x2x5x8xf32>
// CHECK-LABEL: func.func @collapse_fused_producer(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = tensor.empty() : tensor<1x6x16xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<6x16xf32>
// CHECK-NEXT: %2 = scf.for %arg1 = %c0 to %c6 step %c2 iter_args(%arg2 = %1) -> (tensor<6x16xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 0] [1, 2, 16] [1, 1, 1] : tensor<1x6x16xf32> to tensor<1x2x16xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %0[0, %arg1, 0] [1, 2, 16] [1, 1, 1] : tensor<1x6x16xf32> to tensor<1x2x16xf32>
// CHECK-NEXT: %3 = linalg.floor ins(%extracted_slice : tensor<1x2x16xf32>) outs(%extracted_slice_0 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %3 {{\[\[}}0, 1], [2]] : tensor<1x2x16xf32> into tensor<2x16xf32>
// CHECK-NEXT: %extracted_slice_1 = tensor.extract_slice %arg2[%arg1, 0] [2, 16] [1, 1] : tensor<6x16xf32> to tensor<2x16xf32>
// CHECK-NEXT: %4 = linalg.ceil ins(%collapsed : tensor<2x16xf32>) outs(%extracted_slice_1 : tensor<2x16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg2[%arg1, 0] [2, 16] [1, 1] : tensor<2x16xf32> into tensor<6x16xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<6x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : tensor<6x16xf32>
// CHECK-LABEL: func.func @collapse_two_wide_dims(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x3x16xf32>
// CHECK-NEXT: %1 = linalg.floor ins(%arg0 : tensor<2x3x16xf32>) outs(%0 : tensor<2x3x16xf32>) -> tensor<2x3x16xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %1 {{\[\[}}0, 1], [2]] : tensor<2x3x16xf32> into tensor<6x16xf32>
// CHECK-NEXT: %2 = tensor.empty() : tensor<6x16xf32>
// CHECK-NEXT: %3 = scf.for %arg1 = %c0 to %c6 step %c3 iter_args(%arg2 = %2) -> (tensor<6x16xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %collapsed[%arg1, 0] [3, 16] [1, 1] : tensor<6x16xf32> to tensor<3x16xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg2[%arg1, 0] [3, 16] [1, 1] : tensor<6x16xf32> to tensor<3x16xf32>
// CHECK-NEXT: %4 = linalg.abs ins(%extracted_slice : tensor<3x16xf32>) outs(%extracted_slice_0 : tensor<3x16xf32>) -> tensor<3x16xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg2[%arg1, 0] [3, 16] [1, 1] : tensor<3x16xf32> into tensor<6x16xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<6x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %3 : tensor<6x16xf32>
// CHECK-LABEL: func.func @run_dynamic(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<6x40xf32> to tensor<?x40xf32>
// CHECK-NEXT: %0 = call @expand_dynamic(%cast, %c3) : (tensor<?x40xf32>, index) -> tensor<?x2x5x8xf32>
// CHECK-NEXT: return %0 : tensor<?x2x5x8xf32>
