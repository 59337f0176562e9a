// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | tessel-opt -split-input-file -verify-each

// vectorize_children_and_apply_patterns on memref.copy, complex element
// types and affine.apply in a body, as mlir-opt 22 (the CHECK lines are its
// output). affine_apply_run.mlir runs the affine bodies before and after.

// A memref.copy between static memrefs: one read, one write.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.transfer_read %arg0[%c0, %c0], %0 {in_bounds = [true, true]} : memref<4x6xf32>, vector<4x6xf32>
// CHECK-NEXT: vector.transfer_write %1, %arg1[%c0, %c0] {in_bounds = [true, true]} : vector<4x6xf32>, memref<4x6xf32>
// CHECK-NEXT: return
func.func @f(%a: memref<4x6xf32>, %b: memref<4x6xf32>) {
  memref.copy %a, %b : memref<4x6xf32> to memref<4x6xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A 0-d copy goes through the element.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : i8
// CHECK-NEXT: %1 = vector.transfer_read %arg0[], %0 : memref<i8>, vector<i8>
// CHECK-NEXT: %2 = vector.extract %1[] : i8 from vector<i8>
// CHECK-NEXT: %3 = vector.broadcast %2 : i8 to vector<i8>
// CHECK-NEXT: vector.transfer_write %3, %arg1[] : vector<i8>, memref<i8>
// CHECK-NEXT: return
func.func @f(%a: memref<i8>, %b: memref<i8>) {
  memref.copy %a, %b : memref<i8> to memref<i8>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A dynamic copy, and a copy of complex numbers (no vector holds them), stay.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<?x6xf32> to memref<?x6xf32>
// CHECK-NEXT: memref.copy %arg2, %arg3 : memref<4xcomplex<f32>> to memref<4xcomplex<f32>>
// CHECK-NEXT: return
func.func @f(%a: memref<?x6xf32>, %b: memref<?x6xf32>, %c: memref<4xcomplex<f32>>, %d: memref<4xcomplex<f32>>) {
  memref.copy %a, %b : memref<?x6xf32> to memref<?x6xf32>
  memref.copy %c, %d : memref<4xcomplex<f32>> to memref<4xcomplex<f32>>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A generic over complex numbers is not vectorized either.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : complex<f32>) outs(%arg0 : memref<8x16xcomplex<f32>>) {
// CHECK-NEXT: ^bb0(%in: complex<f32>, %out: complex<f32>):
// CHECK-NEXT: linalg.yield %in : complex<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @f(%a: memref<8x16xcomplex<f32>>, %s: complex<f32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n) -> ()>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
    ins(%s : complex<f32>) outs(%a : memref<8x16xcomplex<f32>>) {
  ^bb0(%in: complex<f32>, %out: complex<f32>):
    linalg.yield %in : complex<f32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// affine.apply in a generic's body becomes arith (22's convertAffineApply)
// and vectorizes with it; the constants fold lane by lane.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[0, -1, -1, -2]> : vector<4xindex>
// CHECK-NEXT: %cst_0 = arith.constant dense<[0, 1, 2, 3, 0, 1]> : vector<6xindex>
// CHECK-NEXT: %cst_1 = arith.constant dense<3> : vector<6x4xindex>
// CHECK-NEXT: %cst_2 = arith.constant dense<-1> : vector<6x4xindex>
// CHECK-NEXT: %cst_3 = arith.constant dense<0> : vector<6x4xindex>
// CHECK-NEXT: %cst_4 = arith.constant dense<[0, 4, 8, 12, 16, 20]> : vector<6xindex>
// CHECK-NEXT: %cst_5 = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = tensor.empty() : tensor<6x4xi32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<6x4xi32>, vector<6x4xi32>
// CHECK-NEXT: %3 = vector.broadcast %cst_4 : vector<6xindex> to vector<4x6xindex>
// CHECK-NEXT: %4 = vector.transpose %3, [1, 0] : vector<4x6xindex> to vector<6x4xindex>
// CHECK-NEXT: %5 = vector.broadcast %cst_5 : vector<4xindex> to vector<6x4xindex>
// CHECK-NEXT: %6 = arith.addi %4, %5 : vector<6x4xindex>
// CHECK-NEXT: %7 = vector.broadcast %arg1 : index to vector<6x4xindex>
// CHECK-NEXT: %8 = arith.addi %6, %7 : vector<6x4xindex>
// CHECK-NEXT: %9 = arith.cmpi slt, %8, %cst_3 : vector<6x4xindex>
// CHECK-NEXT: %10 = arith.subi %cst_2, %8 : vector<6x4xindex>
// CHECK-NEXT: %11 = arith.select %9, %10, %8 : vector<6x4xi1>, vector<6x4xindex>
// CHECK-NEXT: %12 = arith.divsi %11, %cst_1 : vector<6x4xindex>
// CHECK-NEXT: %13 = arith.subi %cst_2, %12 : vector<6x4xindex>
// CHECK-NEXT: %14 = arith.select %9, %13, %12 : vector<6x4xi1>, vector<6x4xindex>
// CHECK-NEXT: %15 = vector.broadcast %cst_0 : vector<6xindex> to vector<4x6xindex>
// CHECK-NEXT: %16 = vector.transpose %15, [1, 0] : vector<4x6xindex> to vector<6x4xindex>
// CHECK-NEXT: %17 = arith.addi %14, %16 : vector<6x4xindex>
// CHECK-NEXT: %18 = vector.broadcast %cst : vector<4xindex> to vector<6x4xindex>
// CHECK-NEXT: %19 = arith.addi %17, %18 : vector<6x4xindex>
// CHECK-NEXT: %20 = arith.index_cast %19 : vector<6x4xindex> to vector<6x4xi32>
// CHECK-NEXT: %21 = arith.addi %20, %2 : vector<6x4xi32>
// CHECK-NEXT: %22 = vector.transfer_write %21, %1[%c0, %c0] {in_bounds = [true, true]} : vector<6x4xi32>, tensor<6x4xi32>
// CHECK-NEXT: return %22 : tensor<6x4xi32>
func.func @f(%x: tensor<6x4xi32>, %s: index) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1)[s0] -> ((d0 * 4 + d1 + s0) floordiv 3 + d0 mod 4 - d1 ceildiv 2)>(%i, %j)[%s]
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same body with constant indices only: cmpi and select fold lane by
// lane into one constant.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[0, 2, 4, 2, 4, 6]> : vector<6xi32>
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = tensor.empty() : tensor<6x4xi32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<6x4xi32>, vector<6x4xi32>
// CHECK-NEXT: %3 = vector.broadcast %cst : vector<6xi32> to vector<4x6xi32>
// CHECK-NEXT: %4 = vector.transpose %3, [1, 0] : vector<4x6xi32> to vector<6x4xi32>
// CHECK-NEXT: %5 = arith.addi %4, %2 : vector<6x4xi32>
// CHECK-NEXT: %6 = vector.transfer_write %5, %1[%c0, %c0] {in_bounds = [true, true]} : vector<6x4xi32>, tensor<6x4xi32>
// CHECK-NEXT: return %6 : tensor<6x4xi32>
func.func @f(%x: tensor<6x4xi32>, %s: index) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %k = affine.apply affine_map<(d0) -> (d0 floordiv 2 + d0 mod 3 + d0 ceildiv 4)>(%i)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
