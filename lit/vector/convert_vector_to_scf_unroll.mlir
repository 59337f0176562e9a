// RUN: tessel-opt %s '--convert-vector-to-scf=full-unroll=1 lower-tensors=1' | FileCheck %s

// -convert-vector-to-scf{full-unroll lower-tensors} as mlir-opt 22 applies it
// (the CHECK lines are its output): no buffer; the leading dim is unrolled
// into 1-D transfers inserted into (extracted from) the vector, each guarded
// where it may leave the memref or tensor, rows of an n-D mask extracted.

// CHECK-DAG: #map = affine_map<()[s0] -> (s0 + 1)>
// CHECK-DAG: #map1 = affine_map<()[s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @unrolled(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<3x4xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// CHECK-NEXT: %1 = scf.if %0 -> (vector<3x4xf32>) {
// CHECK-NEXT: %8 = vector.extract %arg2[0] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %9 = vector.transfer_read %arg0[%arg1, %arg1], %cst, %8 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %10 = vector.insert %9, %cst_0 [0] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %10 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst_0 : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map()[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// CHECK-NEXT: %4 = scf.if %3 -> (vector<3x4xf32>) {
// CHECK-NEXT: %8 = affine.apply #map()[%arg1]
// CHECK-NEXT: %9 = vector.extract %arg2[1] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %10 = vector.transfer_read %arg0[%8, %arg1], %cst, %9 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %11 = vector.insert %10, %1 [1] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %11 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_2 = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %5 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %6 = arith.cmpi sgt, %dim_2, %5 : index
// CHECK-NEXT: %7 = scf.if %6 -> (vector<3x4xf32>) {
// CHECK-NEXT: %8 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %9 = vector.extract %arg2[2] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %10 = vector.transfer_read %arg0[%8, %arg1], %cst, %9 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %11 = vector.insert %10, %4 [2] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %11 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %4 : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %7 : vector<3x4xf32>

// CHECK-LABEL: func.func @unrolled_write(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: %3 = vector.extract %arg2[0] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %3, %arg0[%arg1, %arg1] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %1 = affine.apply #map()[%arg1]
// CHECK-NEXT: %2 = arith.cmpi sgt, %dim_0, %1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: %3 = affine.apply #map()[%arg1]
// CHECK-NEXT: %4 = vector.extract %arg2[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %4, %arg0[%3, %arg1] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @unrolled_tensor(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %c0 : index
// CHECK-NEXT: %1 = scf.if %0 -> (tensor<?x8xf32>) {
// CHECK-NEXT: %4 = vector.extract %arg1[0] : vector<8xf32> from vector<2x8xf32>
// CHECK-NEXT: %5 = vector.transfer_write %4, %arg0[%c0, %c0] {in_bounds = [true]} : vector<8xf32>, tensor<?x8xf32>
// CHECK-NEXT: scf.yield %5 : tensor<?x8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : tensor<?x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_0 = tensor.dim %arg0, %c0 : tensor<?x8xf32>
// CHECK-NEXT: %2 = arith.cmpi sgt, %dim_0, %c1 : index
// CHECK-NEXT: %3 = scf.if %2 -> (tensor<?x8xf32>) {
// CHECK-NEXT: %4 = vector.extract %arg1[1] : vector<8xf32> from vector<2x8xf32>
// CHECK-NEXT: %5 = vector.transfer_write %4, %1[%c1, %c0] {in_bounds = [true]} : vector<8xf32>, tensor<?x8xf32>
// CHECK-NEXT: scf.yield %5 : tensor<?x8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : tensor<?x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %3 : tensor<?x8xf32>


func.func @unrolled(%m: memref<?x?xf32>, %i: index, %mask: vector<3x4xi1>) -> vector<3x4xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %p, %mask : memref<?x?xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}

func.func @unrolled_write(%m: memref<?x?xf32>, %i: index, %v: vector<2x4xf32>) {
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [false, true]} : vector<2x4xf32>, memref<?x?xf32>
  return
}

func.func @unrolled_tensor(%t: tensor<?x8xf32>, %v: vector<2x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %r = vector.transfer_write %v, %t[%c0, %c0] {in_bounds = [false, true]} : vector<2x8xf32>, tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// A permuted write of a transpose: the permutation lowering transposes
// back, and each row extract reads through both transposes to the source.
// CHECK-LABEL: func.func @permuted_write_of_transpose(
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg1[%arg2, %arg2] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
// CHECK-NEXT: %1 = affine.apply #map()[%arg2]
// CHECK-NEXT: %2 = vector.extract %arg0[1] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %2, %arg1[%1, %arg2] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
// CHECK-NEXT: %3 = affine.apply #map1()[%arg2]
// CHECK-NEXT: %4 = vector.extract %arg0[2] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %4, %arg1[%3, %arg2] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
// CHECK-NEXT: %5 = affine.apply #map2()[%arg2]
// CHECK-NEXT: %6 = vector.extract %arg0[3] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %6, %arg1[%5, %arg2] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
// CHECK-NEXT: return
func.func @permuted_write_of_transpose(%v: vector<4x8xf32>, %m: memref<?x?xf32>, %i: index) {
  %tr = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  vector.transfer_write %tr, %m[%i, %i] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<8x4xf32>, memref<?x?xf32>
  return
}
