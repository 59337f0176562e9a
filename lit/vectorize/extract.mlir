// RUN: tessel-opt %s -transform-interpreter | FileCheck %s

// `tensor.extract` in a generic's body, vectorized as mlir-opt 22 does it
// (the CHECK lines are its output): a contiguous read when the trailing
// index walks the innermost loop, a broadcast read of one element when no
// index moves (a 0-d source too), a `vector.gather` otherwise (masked when
// the vector sizes exceed the loops). An extract of one index needs no
// `vectorize_nd_extract`. lit/vectorize/extract_run.mlir runs each before
// and after.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @one_d(%src: tensor<64xf32>, %init: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x8xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 1 : index
    %e = tensor.extract %src[%j] : tensor<64xf32>
    linalg.yield %e : f32
  } -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}
func.func @masked_gather(%src: tensor<80x16xi32>, %init: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %e = tensor.extract %src[%k, %j] : tensor<80x16xi32>
    linalg.yield %e : i32
  } -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}
func.func @rank3(%src: tensor<64xf32>, %init: tensor<1x1x4xf32>) -> tensor<1x1x4xf32> {
  %c5 = arith.constant 5 : index
  %r = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%init : tensor<1x1x4xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 2 : index
    %k = arith.addi %c5, %j : index
    %e = tensor.extract %src[%k] : tensor<64xf32>
    linalg.yield %e : f32
  } -> tensor<1x1x4xf32>
  return %r : tensor<1x1x4xf32>
}
func.func @rank0(%src: tensor<f32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<2x4xf32>) {
  ^bb0(%out: f32):
    %e = tensor.extract %src[] : tensor<f32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
#mapv = affine_map<(d0, d1) -> (d1)>
func.func @gather(%src: tensor<80x16xf32>, %idx: tensor<4xindex>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.generic {indexing_maps = [#mapv, #map], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<4xindex>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%k: index, %out: f32):
    %i = linalg.index 0 : index
    %e = tensor.extract %src[%k, %i] : tensor<80x16xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @scalar(%src: tensor<80x16xf32>, %init: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %c3 = arith.constant 3 : index
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x4xf32>) {
  ^bb0(%out: f32):
    %e = tensor.extract %src[%c3, %c3] : tensor<80x16xf32>
    linalg.yield %e : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
func.func @contig_add(%src: tensor<80x16xf32>, %init: tensor<1x4xf32>, %off: index) -> tensor<1x4xf32> {
  %c2 = arith.constant 2 : index
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x4xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 1 : index
    %k = arith.addi %j, %off : index
    %e = tensor.extract %src[%c2, %k] : tensor<80x16xf32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %b, %c, %d, %e, %g, %h = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %a : !transform.any_op
    transform.structured.vectorize %b vector_sizes [4, 8] {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %c {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %d {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %e {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %g {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %h {vectorize_nd_extract} : !transform.any_op
    transform.yield
  }
}

// CHECK-DAG: #map = affine_map<(d0) -> (0, d0)>
// CHECK-DAG: #map1 = affine_map<(d0) -> (0, 0, d0)>
// CHECK-DAG: #map2 = affine_map<() -> (0, 0)>
// CHECK-DAG: #map3 = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func.func @one_d(%arg0: tensor<64xf32>, %arg1: tensor<1x8xf32>) -> tensor<1x8xf32> {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0, %c0], %0 : tensor<1x8xf32>, vector<1x8xf32>
// CHECK-NEXT: %2 = vector.step : vector<8xindex>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<1x8xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<1x8xf32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %3 = vector.shape_cast %2 : vector<8xindex> to vector<8xindex>
// CHECK-NEXT: %4 = vector.extract %3[0] : index from vector<8xindex>
// CHECK-NEXT: %5 = ub.poison : f32
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%4], %5 {in_bounds = [true, true], permutation_map = #map} : tensor<64xf32>, vector<1x8xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %7 = vector.transfer_write %6, %arg1[%c0_2, %c0_2] : vector<1x8xf32>, tensor<1x8xf32>
// CHECK-NEXT: return %7 : tensor<1x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @masked_gather(%arg0: tensor<80x16xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = vector.create_mask %c3, %c5 : vector<4x8xi1>
// CHECK-NEXT: %2 = vector.mask %1 { vector.transfer_read %arg1[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<3x5xi32>, vector<4x8xi32> } : vector<4x8xi1> -> vector<4x8xi32>
// CHECK-NEXT: %3 = vector.step : vector<4xindex>
// CHECK-NEXT: %4 = vector.broadcast %3 : vector<4xindex> to vector<8x4xindex>
// CHECK-NEXT: %5 = vector.transpose %4, [1, 0] : vector<8x4xindex> to vector<4x8xindex>
// CHECK-NEXT: %6 = vector.step : vector<8xindex>
// CHECK-NEXT: %7 = vector.broadcast %6 : vector<8xindex> to vector<4x8xindex>
// CHECK-NEXT: %8 = arith.muli %5, %7 : vector<4x8xindex>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<4x8xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0> : vector<4x8xi32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<80x16xi32>
// CHECK-NEXT: %9 = vector.broadcast %dim : index to vector<4x8xindex>
// CHECK-NEXT: %10 = arith.muli %8, %9 : vector<4x8xindex>
// CHECK-NEXT: %11 = vector.broadcast %6 : vector<8xindex> to vector<4x8xindex>
// CHECK-NEXT: %12 = arith.addi %11, %10 : vector<4x8xindex>
// CHECK-NEXT: %13 = vector.mask %1 { vector.gather %arg0[%c0_1, %c0_1] [%12], %cst, %cst_0 : tensor<80x16xi32>, vector<4x8xindex>, vector<4x8xi1>, vector<4x8xi32> into vector<4x8xi32> } : vector<4x8xi1> -> vector<4x8xi32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %14 = vector.mask %1 { vector.transfer_write %13, %arg1[%c0_2, %c0_2] {in_bounds = [true, true]} : vector<4x8xi32>, tensor<3x5xi32> } : vector<4x8xi1> -> tensor<3x5xi32>
// CHECK-NEXT: return %14 : tensor<3x5xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rank3(%arg0: tensor<64xf32>, %arg1: tensor<1x1x4xf32>) -> tensor<1x1x4xf32> {
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0, %c0, %c0], %0 : tensor<1x1x4xf32>, vector<1x1x4xf32>
// CHECK-NEXT: %2 = vector.step : vector<4xindex>
// CHECK-NEXT: %cst = arith.constant dense<5> : vector<4xindex>
// CHECK-NEXT: %3 = arith.addi %cst, %2 : vector<4xindex>
// CHECK-NEXT: %cst_1 = arith.constant dense<true> : vector<1x1x4xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<0.000000e+00> : vector<1x1x4xf32>
// CHECK-NEXT: %c0_3 = arith.constant 0 : index
// CHECK-NEXT: %4 = vector.shape_cast %3 : vector<4xindex> to vector<4xindex>
// CHECK-NEXT: %5 = vector.extract %4[0] : index from vector<4xindex>
// CHECK-NEXT: %6 = ub.poison : f32
// CHECK-NEXT: %7 = vector.transfer_read %arg0[%5], %6 {in_bounds = [true, true, true], permutation_map = #map1} : tensor<64xf32>, vector<1x1x4xf32>
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %8 = vector.transfer_write %7, %arg1[%c0_4, %c0_4, %c0_4] : vector<1x1x4xf32>, tensor<1x1x4xf32>
// CHECK-NEXT: return %8 : tensor<1x1x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rank0(%arg0: tensor<f32>, %arg1: tensor<2x4xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0, %c0], %0 : tensor<2x4xf32>, vector<2x4xf32>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<2x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2x4xf32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %2 = ub.poison : f32
// CHECK-NEXT: %3 = vector.constant_mask [1] : vector<1xi1>
// CHECK-NEXT: %4 = vector.mask %3 { vector.transfer_read %arg0[], %2 {in_bounds = [true, true], permutation_map = #map2} : tensor<f32>, vector<2x4xf32> } : vector<1xi1> -> vector<2x4xf32>
// CHECK-NEXT: %5 = arith.addf %4, %1 : vector<2x4xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %6 = vector.transfer_write %5, %arg1[%c0_2, %c0_2] : vector<2x4xf32>, tensor<2x4xf32>
// CHECK-NEXT: return %6 : tensor<2x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @gather(%arg0: tensor<80x16xf32>, %arg1: tensor<4xindex>, %arg2: tensor<3x4xf32>) -> tensor<3x4xf32> {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : index
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0], %0 {permutation_map = #map} : tensor<4xindex>, vector<3x4xindex>
// CHECK-NEXT: %2 = ub.poison : f32
// CHECK-NEXT: %3 = vector.transfer_read %arg2[%c0, %c0], %2 : tensor<3x4xf32>, vector<3x4xf32>
// CHECK-NEXT: %4 = vector.step : vector<3xindex>
// CHECK-NEXT: %5 = vector.broadcast %4 : vector<3xindex> to vector<4x3xindex>
// CHECK-NEXT: %6 = vector.transpose %5, [1, 0] : vector<4x3xindex> to vector<3x4xindex>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<3x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<3x4xf32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<80x16xf32>
// CHECK-NEXT: %7 = vector.broadcast %dim : index to vector<3x4xindex>
// CHECK-NEXT: %8 = arith.muli %1, %7 : vector<3x4xindex>
// CHECK-NEXT: %9 = arith.addi %6, %8 : vector<3x4xindex>
// CHECK-NEXT: %10 = vector.gather %arg0[%c0_1, %c0_1] [%9], %cst, %cst_0 : tensor<80x16xf32>, vector<3x4xindex>, vector<3x4xi1>, vector<3x4xf32> into vector<3x4xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %11 = vector.transfer_write %10, %arg2[%c0_2, %c0_2] : vector<3x4xf32>, tensor<3x4xf32>
// CHECK-NEXT: return %11 : tensor<3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @scalar(%arg0: tensor<80x16xf32>, %arg1: tensor<1x4xf32>) -> tensor<1x4xf32> {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0, %c0], %0 : tensor<1x4xf32>, vector<1x4xf32>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<1x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<1x4xf32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %2 = ub.poison : f32
// CHECK-NEXT: %3 = vector.constant_mask [1] : vector<1xi1>
// CHECK-NEXT: %4 = vector.mask %3 { vector.transfer_read %arg0[%c3, %c3], %2 {in_bounds = [true, true], permutation_map = #map3} : tensor<80x16xf32>, vector<1x4xf32> } : vector<1xi1> -> vector<1x4xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %5 = vector.transfer_write %4, %arg1[%c0_2, %c0_2] : vector<1x4xf32>, tensor<1x4xf32>
// CHECK-NEXT: return %5 : tensor<1x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @contig_add(%arg0: tensor<80x16xf32>, %arg1: tensor<1x4xf32>, %arg2: index) -> tensor<1x4xf32> {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0, %c0], %0 : tensor<1x4xf32>, vector<1x4xf32>
// CHECK-NEXT: %2 = vector.step : vector<4xindex>
// CHECK-NEXT: %3 = vector.broadcast %arg2 : index to vector<4xindex>
// CHECK-NEXT: %4 = arith.addi %2, %3 : vector<4xindex>
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<1x4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<1x4xf32>
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %5 = vector.shape_cast %4 : vector<4xindex> to vector<4xindex>
// CHECK-NEXT: %6 = vector.extract %5[0] : index from vector<4xindex>
// CHECK-NEXT: %7 = ub.poison : f32
// CHECK-NEXT: %8 = vector.transfer_read %arg0[%c2, %6], %7 {in_bounds = [true, true]} : tensor<80x16xf32>, vector<1x4xf32>
// CHECK-NEXT: %9 = arith.addf %8, %1 : vector<1x4xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %10 = vector.transfer_write %9, %arg1[%c0_2, %c0_2] : vector<1x4xf32>, tensor<1x4xf32>
// CHECK-NEXT: return %10 : tensor<1x4xf32>
// CHECK-NEXT: }
