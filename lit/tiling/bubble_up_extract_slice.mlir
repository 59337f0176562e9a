// RUN: tessel-opt %s -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s --run=expand_linearized --input=iota --input=3 --input=1 --output=%t.a0.npy
// RUN: tessel-opt %s -transform-interpreter --run=expand_linearized --input=iota --input=3 --input=1 --output=%t.a1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: tessel-opt %s --run=collapse_inner_part --input=iota --output=%t.b0.npy
// RUN: tessel-opt %s -transform-interpreter --run=collapse_inner_part --input=iota --output=%t.b1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: tessel-opt %s --run=run_dynamic_source --input=iota --input=3 --output=%t.c0.npy
// RUN: tessel-opt %s -transform-interpreter --run=run_dynamic_source --input=iota --input=3 --output=%t.c1.npy
// RUN: cmp %t.c0.npy %t.c1.npy

// transform.apply_patterns.tensor.bubble_up_extract_slice: a slice of an
// expand_shape reads the source at the affine.linearize_index of its
// offsets and is expanded after; a slice of a collapse_shape is cut from
// the source and collapsed after; byte for byte with mlir-opt 22 (the
// CHECK lines are its output; scripts/upstream_parity.py compares the
// file). What is not one contiguous slice of the source stays: sizes that
// leave a gap in a group, strides, a static slice straddling a row or
// ending at its dim's end (upstream refuses that one too), a dynamic one
// over a group with two wide dims. The RUN lines run three of the
// functions before and after.

func.func @expand_one_row(%src: tensor<96xf32>) -> tensor<1x1x4xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
  %s = tensor.extract_slice %e[2, 1, 4] [1, 1, 4] [1, 1, 1] : tensor<4x3x8xf32> to tensor<1x1x4xf32>
  return %s : tensor<1x1x4xf32>
}

func.func @expand_dynamic_offsets(%src: tensor<96x5xf32>, %i: index, %j: index) -> tensor<1x3x8x5xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2], [3]] output_shape [4, 3, 8, 5] : tensor<96x5xf32> into tensor<4x3x8x5xf32>
  %s = tensor.extract_slice %e[%i, 0, 0, %j] [1, 3, 8, 5] [1, 1, 1, 1] : tensor<4x3x8x5xf32> to tensor<1x3x8x5xf32>
  return %s : tensor<1x3x8x5xf32>
}

func.func @expand_linearized(%src: tensor<96xf32>, %i: index, %j: index) -> tensor<1x1x2xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
  %s = tensor.extract_slice %e[%i, %j, 6] [1, 1, 2] [1, 1, 1] : tensor<4x3x8xf32> to tensor<1x1x2xf32>
  return %s : tensor<1x1x2xf32>
}

func.func @expand_dynamic_size(%src: tensor<96xf32>, %n: index) -> tensor<?x3x8xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
  %s = tensor.extract_slice %e[1, 0, 0] [%n, 3, 8] [1, 1, 1] : tensor<4x3x8xf32> to tensor<?x3x8xf32>
  return %s : tensor<?x3x8xf32>
}

func.func @expand_dynamic_source(%src: tensor<?xf32>, %m: index, %i: index) -> tensor<1x8xf32> {
  %e = tensor.expand_shape %src [[0, 1]] output_shape [%m, 8] : tensor<?xf32> into tensor<?x8xf32>
  %s = tensor.extract_slice %e[%i, 0] [1, 8] [1, 1] : tensor<?x8xf32> to tensor<1x8xf32>
  return %s : tensor<1x8xf32>
}

func.func @run_dynamic_source(%src: tensor<40xf32>, %i: index) -> tensor<1x8xf32> {
  %c5 = arith.constant 5 : index
  %d = tensor.cast %src : tensor<40xf32> to tensor<?xf32>
  %r = func.call @expand_dynamic_source(%d, %c5, %i) : (tensor<?xf32>, index, index) -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

func.func @expand_not_contiguous(%src: tensor<96xf32>) -> tensor<2x2x8xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
  %s = tensor.extract_slice %e[0, 1, 0] [2, 2, 8] [1, 1, 1] : tensor<4x3x8xf32> to tensor<2x2x8xf32>
  return %s : tensor<2x2x8xf32>
}

func.func @expand_strided(%src: tensor<96xf32>) -> tensor<1x1x4xf32> {
  %e = tensor.expand_shape %src [[0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
  %s = tensor.extract_slice %e[0, 0, 0] [1, 1, 4] [1, 1, 2] : tensor<4x3x8xf32> to tensor<1x1x4xf32>
  return %s : tensor<1x1x4xf32>
}

func.func @collapse_rows(%src: tensor<4x6x8xf32>) -> tensor<12x8xf32> {
  %c = tensor.collapse_shape %src [[0, 1], [2]] : tensor<4x6x8xf32> into tensor<24x8xf32>
  %s = tensor.extract_slice %c[6, 0] [12, 8] [1, 1] : tensor<24x8xf32> to tensor<12x8xf32>
  return %s : tensor<12x8xf32>
}

func.func @collapse_inner_part(%src: tensor<4x6x8xf32>) -> tensor<3xf32> {
  %c = tensor.collapse_shape %src [[0, 1, 2]] : tensor<4x6x8xf32> into tensor<192xf32>
  %s = tensor.extract_slice %c[137][3][1] : tensor<192xf32> to tensor<3xf32>
  return %s : tensor<3xf32>
}

func.func @collapse_ends_at_dim_end(%src: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = tensor.collapse_shape %src [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %s = tensor.extract_slice %c[4][4][1] : tensor<32xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @collapse_straddles(%src: tensor<4x8xf32>) -> tensor<6xf32> {
  %c = tensor.collapse_shape %src [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %s = tensor.extract_slice %c[5][6][1] : tensor<32xf32> to tensor<6xf32>
  return %s : tensor<6xf32>
}

func.func @collapse_dynamic(%src: tensor<1x?x1x7xf32>, %o: index, %n: index) -> tensor<?x7xf32> {
  %c = tensor.collapse_shape %src [[0, 1, 2], [3]] : tensor<1x?x1x7xf32> into tensor<?x7xf32>
  %s = tensor.extract_slice %c[%o, 0] [%n, 7] [1, 1] : tensor<?x7xf32> to tensor<?x7xf32>
  return %s : tensor<?x7xf32>
}

func.func @collapse_dynamic_two_wide(%src: tensor<2x5xf32>, %o: index) -> tensor<3xf32> {
  %c = tensor.collapse_shape %src [[0, 1]] : tensor<2x5xf32> into tensor<10xf32>
  %s = tensor.extract_slice %c[%o] [3] [1] : tensor<10xf32> to tensor<3xf32>
  return %s : tensor<3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.tensor.bubble_up_extract_slice
    } : !transform.any_op
    transform.yield
  }
}

// CHECK: #map = affine_map<()[s0] -> (s0 * 24)>
// CHECK-LABEL: func.func @expand_one_row(
// CHECK-NEXT: %c60 = arith.constant 60 : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%c60] [4] [1] : tensor<96xf32> to tensor<4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2]] output_shape [1, 1, 4] : tensor<4xf32> into tensor<1x1x4xf32>
// CHECK-NEXT: return %expanded : tensor<1x1x4xf32>
// CHECK-LABEL: func.func @expand_dynamic_offsets(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = affine.linearize_index disjoint [%arg1, %c0, %c0] by (4, 3, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%0, %arg2] [24, 5] [1, 1] : tensor<96x5xf32> to tensor<24x5xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] output_shape [1, 3, 8, 5] : tensor<24x5xf32> into tensor<1x3x8x5xf32>
// CHECK-NEXT: return %expanded : tensor<1x3x8x5xf32>
// CHECK-LABEL: func.func @expand_linearized(
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %0 = affine.linearize_index disjoint [%arg1, %arg2, %c6] by (4, 3, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%0] [2] [1] : tensor<96xf32> to tensor<2xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2]] output_shape [1, 1, 2] : tensor<2xf32> into tensor<1x1x2xf32>
// CHECK-NEXT: return %expanded : tensor<1x1x2xf32>
// CHECK-LABEL: func.func @expand_dynamic_size(
// CHECK-NEXT: %c24 = arith.constant 24 : index
// CHECK-NEXT: %0 = affine.apply #map()[%arg1]
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%c24] [%0] [1] : tensor<96xf32> to tensor<?xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %extracted_slice {{\[\[}}0, 1, 2]] output_shape [%arg1, 3, 8] : tensor<?xf32> into tensor<?x3x8xf32>
// CHECK-NEXT: return %expanded : tensor<?x3x8xf32>
// CHECK-LABEL: func.func @expand_dynamic_source(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [%arg1, 8] : tensor<?xf32> into tensor<?x8xf32>
// CHECK-NEXT: %dim = tensor.dim %expanded, %c0 : tensor<?x8xf32>
// CHECK-NEXT: %0 = affine.linearize_index disjoint [%arg2, %c0] by (%dim, 8) : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%0] [8] [1] : tensor<?xf32> to tensor<8xf32>
// CHECK-NEXT: %expanded_0 = tensor.expand_shape %extracted_slice {{\[\[}}0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
// CHECK-NEXT: return %expanded_0 : tensor<1x8xf32>
// CHECK-LABEL: func.func @run_dynamic_source(
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<40xf32> to tensor<?xf32>
// CHECK-NEXT: %0 = call @expand_dynamic_source(%cast, %c5, %arg1) : (tensor<?xf32>, index, index) -> tensor<1x8xf32>
// CHECK-NEXT: return %0 : tensor<1x8xf32>
// CHECK-LABEL: func.func @expand_not_contiguous(
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %expanded[0, 1, 0] [2, 2, 8] [1, 1, 1] : tensor<4x3x8xf32> to tensor<2x2x8xf32>
// CHECK-NEXT: return %extracted_slice : tensor<2x2x8xf32>
// CHECK-LABEL: func.func @expand_strided(
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1, 2]] output_shape [4, 3, 8] : tensor<96xf32> into tensor<4x3x8xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 1, 4] [1, 1, 2] : tensor<4x3x8xf32> to tensor<1x1x4xf32>
// CHECK-NEXT: return %extracted_slice : tensor<1x1x4xf32>
// CHECK-LABEL: func.func @collapse_rows(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[1, 0, 0] [2, 6, 8] [1, 1, 1] : tensor<4x6x8xf32> to tensor<2x6x8xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1], [2]] : tensor<2x6x8xf32> into tensor<12x8xf32>
// CHECK-NEXT: return %collapsed : tensor<12x8xf32>
// CHECK-LABEL: func.func @collapse_inner_part(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[2, 5, 1] [1, 1, 3] [1, 1, 1] : tensor<4x6x8xf32> to tensor<1x1x3xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2]] : tensor<1x1x3xf32> into tensor<3xf32>
// CHECK-NEXT: return %collapsed : tensor<3xf32>
// CHECK-LABEL: func.func @collapse_ends_at_dim_end(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %collapsed[4] [4] [1] : tensor<32xf32> to tensor<4xf32>
// CHECK-NEXT: return %extracted_slice : tensor<4xf32>
// CHECK-LABEL: func.func @collapse_straddles(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %collapsed[5] [6] [1] : tensor<32xf32> to tensor<6xf32>
// CHECK-NEXT: return %extracted_slice : tensor<6xf32>
// CHECK-LABEL: func.func @collapse_dynamic(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 0, 0] [1, %arg2, 1, 7] [1, 1, 1, 1] : tensor<1x?x1x7xf32> to tensor<1x?x1x7xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %extracted_slice {{\[\[}}0, 1, 2], [3]] : tensor<1x?x1x7xf32> into tensor<?x7xf32>
// CHECK-NEXT: return %collapsed : tensor<?x7xf32>
// CHECK-LABEL: func.func @collapse_dynamic_two_wide(
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x5xf32> into tensor<10xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %collapsed[%arg1] [3] [1] : tensor<10xf32> to tensor<3xf32>
// CHECK-NEXT: return %extracted_slice : tensor<3xf32>
