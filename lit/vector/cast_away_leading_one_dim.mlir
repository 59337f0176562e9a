// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.cast_away_vector_leading_one_dim as
// mlir-opt 22 applies it (the CHECK lines are its output): elementwise ops,
// inserts, strided slices, transfers (and their masks), constant masks and
// contractions work on vectors without their leading unit dims, read with
// vector.extract and given back with vector.broadcast; the extract folds
// (through shape_casts, strided slices and insert_strided_slice chains)
// and the constant_mask fold clean up.

// CHECK-LABEL: func.func @slices_inserts_transfers(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.extract %arg0[0, 0] : vector<8xf32> from vector<1x1x8xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : vector<8xf32> from vector<1x1x8xf32>
// CHECK-NEXT: %2 = arith.addf %0, %1 : vector<8xf32>
// CHECK-NEXT: %3 = vector.broadcast %2 : vector<8xf32> to vector<1x1x8xf32>
// CHECK-NEXT: %4 = vector.extract %arg1[0] : vector<4xf32> from vector<1x4xf32>
// CHECK-NEXT: %5 = vector.insert %arg2, %4 [2] : f32 into vector<4xf32>
// CHECK-NEXT: %6 = vector.broadcast %5 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: %7 = vector.extract %arg6[0] : vector<2x8xf32> from vector<1x2x8xf32>
// CHECK-NEXT: %8 = vector.extract_strided_slice %7 {offsets = [0, 2], sizes = [1, 4], strides = [1, 1]} : vector<2x8xf32> to vector<1x4xf32>
// CHECK-NEXT: %9 = vector.transfer_read %arg3[%arg4, %arg4], %cst {in_bounds = [true]} : tensor<4x8xf32>, vector<8xf32>
// CHECK-NEXT: %10 = vector.broadcast %9 : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: %11 = vector.extract %arg1[0, 1] : f32 from vector<1x4xf32>
// CHECK-NEXT: %12 = vector.broadcast %11 : f32 to vector<1x2xf32>
// CHECK-NEXT: %13 = vector.extract %arg0[0, 0] : vector<8xf32> from vector<1x1x8xf32>
// CHECK-NEXT: %14 = vector.broadcast %13 : vector<8xf32> to vector<1x1x8xf32>
// CHECK-NEXT: %15 = vector.constant_mask [3] : vector<8xi1>
// CHECK-NEXT: %16 = vector.broadcast %15 : vector<8xi1> to vector<1x8xi1>
// CHECK-NEXT: %17 = vector.extract %arg5[0] : vector<8xi1> from vector<1x8xi1>
// CHECK-NEXT: %18 = vector.transfer_read %arg3[%arg4, %arg4], %cst, %17 {in_bounds = [true]} : tensor<4x8xf32>, vector<8xf32>
// CHECK-NEXT: %19 = vector.broadcast %18 : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: %20 = vector.broadcast %arg0 : vector<1x1x8xf32> to vector<1x4x8xf32>
// CHECK-NEXT: %21 = arith.cmpf olt, %18, %18 : vector<8xf32>
// CHECK-NEXT: %22 = vector.broadcast %21 : vector<8xi1> to vector<1x8xi1>
// CHECK-NEXT: %23 = vector.extract %arg0[0, 0] : vector<8xf32> from vector<1x1x8xf32>
// CHECK-NEXT: %24 = vector.extract_strided_slice %23 {offsets = [2], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
// CHECK-NEXT: %25 = vector.broadcast %24 : vector<2xf32> to vector<1x1x2xf32>
// CHECK-NEXT: return %3, %6, %8, %10, %arg3, %12, %14, %16, %19, %20, %22, %25 : vector<1x1x8xf32>, vector<1x4xf32>, vector<1x4xf32>, vector<1x8xf32>, tensor<4x8xf32>, vector<1x2xf32>, vector<1x1x8xf32>, vector<1x8xi1>, vector<1x8xf32>, vector<1x4x8xf32>, vector<1x8xi1>, vector<1x1x2xf32>
func.func @slices_inserts_transfers(%a: vector<1x1x8xf32>, %b: vector<1x4xf32>, %s: f32, %t: tensor<4x8xf32>, %i: index, %m: vector<1x8xi1>, %x: vector<1x2x8xf32>) -> (vector<1x1x8xf32>, vector<1x4xf32>, vector<1x4xf32>, vector<1x8xf32>, tensor<4x8xf32>, vector<1x2xf32>, vector<1x1x8xf32>, vector<1x8xi1>, vector<1x8xf32>, vector<1x4x8xf32>, vector<1x8xi1>, vector<1x1x2xf32>) {
  %0 = arith.addf %a, %a : vector<1x1x8xf32>
  %1 = vector.insert %s, %b [0, 2] : f32 into vector<1x4xf32>
  %2 = vector.extract_strided_slice %x {offsets = [0, 0, 2], sizes = [1, 1, 4], strides = [1, 1, 1]} : vector<1x2x8xf32> to vector<1x1x4xf32>
  %r2b = vector.shape_cast %2 : vector<1x1x4xf32> to vector<1x4xf32>
  %p = arith.constant 0.0 : f32
  %3 = vector.transfer_read %t[%i, %i], %p {in_bounds = [true, true]} : tensor<4x8xf32>, vector<1x8xf32>
  %4 = vector.transfer_write %3, %t[%i, %i] {in_bounds = [true, false]} : vector<1x8xf32>, tensor<4x8xf32>
  %5 = vector.insert_strided_slice %b, %x {offsets = [0, 1, 2], strides = [1, 1]} : vector<1x4xf32> into vector<1x2x8xf32>
  %r5b = vector.extract %5[0, 1, 3] : f32 from vector<1x2x8xf32>
  %r5c = vector.broadcast %r5b : f32 to vector<1x2xf32>
  %r6 = vector.extract %a[0] : vector<1x8xf32> from vector<1x1x8xf32>
  %6 = vector.insert %r6, %a [0] : vector<1x8xf32> into vector<1x1x8xf32>
  %7 = vector.constant_mask [1, 3] : vector<1x8xi1>
  %8 = vector.transfer_read %t[%i, %i], %p, %m {in_bounds = [true, true]} : tensor<4x8xf32>, vector<1x8xf32>
  %9 = vector.broadcast %a : vector<1x1x8xf32> to vector<1x4x8xf32>
  %10 = arith.cmpf olt, %8, %8 : vector<1x8xf32>
  %11 = vector.extract_strided_slice %a {offsets = [0, 0, 2], sizes = [1, 1, 2], strides = [1, 1, 1]} : vector<1x1x8xf32> to vector<1x1x2xf32>
  return %0, %1, %r2b, %3, %4, %r5c, %6, %7, %8, %9, %10, %11 : vector<1x1x8xf32>, vector<1x4xf32>, vector<1x4xf32>, vector<1x8xf32>, tensor<4x8xf32>, vector<1x2xf32>, vector<1x1x8xf32>, vector<1x8xi1>, vector<1x8xf32>, vector<1x4x8xf32>, vector<1x8xi1>, vector<1x1x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @contraction(
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<1x4xf32>
// CHECK-NEXT: %1 = vector.extract %arg2[0] : vector<8xf32> from vector<1x8xf32>
// CHECK-NEXT: %2 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %0, %arg1, %1 : vector<4xf32>, vector<4x8xf32> into vector<8xf32>
// CHECK-NEXT: %3 = vector.broadcast %2 : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: return %3 : vector<1x8xf32>
func.func @contraction(%a: vector<1x4xf32>, %b: vector<4x8xf32>, %c: vector<1x8xf32>) -> vector<1x8xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1x4xf32>, vector<4x8xf32> into vector<1x8xf32>
  return %0 : vector<1x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @masks_and_inserts(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.extract %arg3[0] : vector<8xf32> from vector<1x8xf32>
// CHECK-NEXT: %1 = vector.extract %arg2[0] : vector<8xi1> from vector<1x8xi1>
// CHECK-NEXT: %2 = vector.transfer_write %0, %arg0[%arg1, %arg1], %1 : vector<8xf32>, tensor<4x8xf32>
// CHECK-NEXT: %3 = vector.constant_mask [3] : vector<4xi1>
// CHECK-NEXT: %4 = vector.broadcast %3 : vector<4xi1> to vector<1x1x4xi1>
// CHECK-NEXT: %5 = vector.constant_mask [2, 3] : vector<2x4xi1>
// CHECK-NEXT: %6 = vector.broadcast %5 : vector<2x4xi1> to vector<1x2x4xi1>
// CHECK-NEXT: %7 = vector.broadcast %arg4 : vector<1xf32> to vector<1x1xf32>
// CHECK-NEXT: %8 = vector.mask %arg2 { vector.transfer_read %arg0[%arg1, %arg1], %cst {in_bounds = [true, true]} : tensor<4x8xf32>, vector<1x8xf32> } : vector<1x8xi1> -> vector<1x8xf32>
// CHECK-NEXT: %9 = vector.extract %arg6[0, 1] : vector<8xf32> from vector<1x2x8xf32>
// CHECK-NEXT: %10 = vector.broadcast %9 : vector<8xf32> to vector<1x2x8xf32>
// CHECK-NEXT: return %2, %4, %6, %7, %8, %arg5, %10 : tensor<4x8xf32>, vector<1x1x4xi1>, vector<1x2x4xi1>, vector<1x1xf32>, vector<1x8xf32>, vector<1x1xf32>, vector<1x2x8xf32>
func.func @masks_and_inserts(%t: tensor<4x8xf32>, %i: index, %m: vector<1x8xi1>, %v: vector<1x8xf32>, %s: vector<1xf32>, %u: vector<1x1xf32>, %q: vector<1x2x8xf32>) -> (tensor<4x8xf32>, vector<1x1x4xi1>, vector<1x2x4xi1>, vector<1x1xf32>, vector<1x8xf32>, vector<1x1xf32>, vector<1x2x8xf32>) {
  %0 = vector.transfer_write %v, %t[%i, %i], %m {in_bounds = [true, false]} : vector<1x8xf32>, tensor<4x8xf32>
  %1 = vector.constant_mask [1, 1, 3] : vector<1x1x4xi1>
  %2 = vector.constant_mask [1, 2, 3] : vector<1x2x4xi1>
  %3 = vector.insert %s, %u [0] : vector<1xf32> into vector<1x1xf32>
  %p = arith.constant 0.0 : f32
  %4 = vector.mask %m { vector.transfer_read %t[%i, %i], %p {in_bounds = [true, true]} : tensor<4x8xf32>, vector<1x8xf32> } : vector<1x8xi1> -> vector<1x8xf32>
  %5 = vector.extract %q[0, 1] : vector<8xf32> from vector<1x2x8xf32>
  %q5 = vector.broadcast %5 : vector<8xf32> to vector<1x2x8xf32>
  %6 = arith.select %m, %v, %v : vector<1x8xi1>, vector<1x8xf32>
  return %0, %1, %2, %3, %4, %u, %q5 : tensor<4x8xf32>, vector<1x1x4xi1>, vector<1x2x4xi1>, vector<1x1xf32>, vector<1x8xf32>, vector<1x1xf32>, vector<1x2x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @contraction_leading_non_unit(
// CHECK-NEXT: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "parallel"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<1x1x4xf32>, vector<4x8xf32> into vector<8x1xf32>
// CHECK-NEXT: return %0 : vector<8x1xf32>
func.func @contraction_leading_non_unit(%a: vector<1x1x4xf32>, %b: vector<4x8xf32>, %c: vector<8x1xf32>) -> vector<8x1xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"], kind = #vector.kind<add>} %a, %b, %c : vector<1x1x4xf32>, vector<4x8xf32> into vector<8x1xf32>
  return %0 : vector<8x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.yield
  }
}
