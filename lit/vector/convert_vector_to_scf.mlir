// RUN: tessel-opt %s --convert-vector-to-scf | FileCheck %s

// -convert-vector-to-scf as mlir-opt 22 applies it (the CHECK lines are its
// output): n-D transfers go through a stack buffer (memref.alloca at the top
// of the function or loop body) and become loops of 1-D transfers over the
// buffer viewed one dim deeper (vector.type_cast), guarded by scf.if where
// the leading dim may leave the memref; n-D masks travel in their own buffer;
// transposing maps are lowered to a transpose first; a 1-D transfer that is
// not contiguous becomes a loop of scalar loads; tensor transfers stay
// (lower-tensors=false); n-D prints become loops of scalar prints.

// CHECK-DAG: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @read_2d(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<4x8xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<4x8xf32>> to memref<4xvector<8xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim, %2 : index
// CHECK-NEXT: scf.if %3 {
// CHECK-NEXT: %4 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %5 = vector.transfer_read %arg0[%4, %arg2], %cst_0 : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: memref.store %5, %0[%arg3] : memref<4xvector<8xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg3] : memref<4xvector<8xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<4x8xf32>>
// CHECK-NEXT: return %1 : vector<4x8xf32>

// CHECK-LABEL: func.func @write_3d(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x3x8xf32>>
// CHECK-NEXT: memref.store %arg2, %alloca[] : memref<vector<2x3x8xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3x8xf32>> to memref<2xvector<3x8xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?x?xf32>
// CHECK-NEXT: %1 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %2 = arith.cmpi sgt, %dim, %1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %4 = vector.type_cast %0 : memref<2xvector<3x8xf32>> to memref<2x3xvector<8xf32>>
// CHECK-NEXT: scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %5 = affine.apply #map(%arg4)[%arg1]
// CHECK-NEXT: %6 = arith.cmpi sgt, %dim_0, %5 : index
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: %7 = affine.apply #map(%arg4)[%arg1]
// CHECK-NEXT: %8 = memref.load %4[%arg3, %arg4] : memref<2x3xvector<8xf32>>
// CHECK-NEXT: vector.transfer_write %8, %arg0[%3, %7, %arg1] : vector<8xf32>, memref<?x?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @masked_read(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<4x8xf32>>
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<vector<4x8xi1>>
// CHECK-NEXT: memref.store %arg2, %alloca_1[] : memref<vector<4x8xi1>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<4x8xf32>> to memref<4xvector<8xf32>>
// CHECK-NEXT: %1 = vector.type_cast %alloca_1 : memref<vector<4x8xi1>> to memref<4xvector<8xi1>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// CHECK-NEXT: scf.if %4 {
// CHECK-NEXT: %5 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %6 = memref.load %1[%arg3] : memref<4xvector<8xi1>>
// CHECK-NEXT: %7 = vector.transfer_read %arg0[%5, %arg1], %cst_0, %6 {in_bounds = [true]} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: memref.store %7, %0[%arg3] : memref<4xvector<8xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg3] : memref<4xvector<8xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %2 = memref.load %alloca[] : memref<vector<4x8xf32>>
// CHECK-NEXT: return %2 : vector<4x8xf32>

// CHECK-LABEL: func.func @transposed_read(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<8x4xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<8x4xf32>> to memref<8xvector<4xf32>>
// CHECK-NEXT: scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %3 = affine.apply #map(%arg2)[%arg1]
// CHECK-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// CHECK-NEXT: scf.if %4 {
// CHECK-NEXT: %5 = affine.apply #map(%arg2)[%arg1]
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%5, %arg1], %cst_0 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: memref.store %6, %0[%arg2] : memref<8xvector<4xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg2] : memref<8xvector<4xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<8x4xf32>>
// CHECK-NEXT: %2 = vector.transpose %1, [1, 0] : vector<8x4xf32> to vector<4x8xf32>
// CHECK-NEXT: return %2 : vector<4x8xf32>

// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x8xf32>>
// CHECK-NEXT: %alloca_0 = memref.alloca() : memref<vector<2x8xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x8xf32>> to memref<2xvector<8xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %3 = affine.apply #map1(%arg2, %arg3)
// CHECK-NEXT: %4 = vector.transfer_read %arg0[%3, %c0], %cst {in_bounds = [true]} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: memref.store %4, %0[%arg3] : memref<2xvector<8xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<2x8xf32>>
// CHECK-NEXT: memref.store %1, %alloca_0[] : memref<vector<2x8xf32>>
// CHECK-NEXT: %2 = vector.type_cast %alloca_0 : memref<vector<2x8xf32>> to memref<2xvector<8xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %3 = memref.load %2[%arg3] : memref<2xvector<8xf32>>
// CHECK-NEXT: vector.transfer_write %3, %arg0[%arg3, %arg2] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @strided_1d(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %c8 step %c1 iter_args(%arg4 = %cst) -> (vector<8xf32>) {
// CHECK-NEXT: %1 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim, %2 : index
// CHECK-NEXT: %4 = vector.extract %arg2[%arg3] : i1 from vector<8xi1>
// CHECK-NEXT: %5 = arith.andi %3, %4 : i1
// CHECK-NEXT: %6 = scf.if %5 -> (vector<8xf32>) {
// CHECK-NEXT: %7 = memref.load %arg0[%1, %arg1] : memref<?x?xf32>
// CHECK-NEXT: %8 = vector.insert %7, %arg4 [%arg3] : f32 into vector<8xf32>
// CHECK-NEXT: scf.yield %8 : vector<8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %6 : vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : vector<8xf32>

// CHECK-LABEL: func.func @tensor_stays(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_write %arg1, %arg0[%c0, %c0] : vector<4x8xf32>, tensor<?x?xf32>
// CHECK-NEXT: return %0 : tensor<?x?xf32>

// CHECK-LABEL: func.func @prints(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x3xi32> to vector<6xi32>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %3 = arith.muli %arg3, %c3 : index
// CHECK-NEXT: %4 = arith.addi %arg4, %3 : index
// CHECK-NEXT: %5 = vector.extract %0[%4] : i32 from vector<6xi32>
// CHECK-NEXT: vector.print %5 : i32 punctuation <no_punctuation>
// CHECK-NEXT: %6 = arith.cmpi ult, %arg4, %c2 : index
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %2 = arith.cmpi ult, %arg3, %c1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: %1 = arith.extui %arg1 : vector<4xi1> to vector<4xi8>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %2 = vector.extract %1[%arg3] : i8 from vector<4xi8>
// CHECK-NEXT: vector.print %2 : i8 punctuation <no_punctuation>
// CHECK-NEXT: %3 = arith.cmpi ult, %arg3, %c3 : index
// CHECK-NEXT: scf.if %3 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c1 step %c1 {
// CHECK-NEXT: %2 = vector.extract %arg2[] : f32 from vector<f32>
// CHECK-NEXT: vector.print %2 : f32 punctuation <no_punctuation>
// CHECK-NEXT: %3 = arith.cmpi ult, %arg3, %c0 : index
// CHECK-NEXT: scf.if %3 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return


func.func @read_2d(%m: memref<?x?xf32>, %i: index, %j: index) -> vector<4x8xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %j], %p : memref<?x?xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

func.func @write_3d(%m: memref<?x?x?xf32>, %i: index, %v: vector<2x3x8xf32>) {
  vector.transfer_write %v, %m[%i, %i, %i] : vector<2x3x8xf32>, memref<?x?x?xf32>
  return
}

func.func @masked_read(%m: memref<?x?xf32>, %i: index, %mask: vector<4x8xi1>) -> vector<4x8xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %p, %mask {in_bounds = [false, true]} : memref<?x?xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

func.func @transposed_read(%m: memref<?x?xf32>, %i: index) -> vector<4x8xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

func.func @in_loop(%m: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %v = vector.transfer_read %m[%i, %c0], %p {in_bounds = [true, true]} : memref<?x?xf32>, vector<2x8xf32>
    vector.transfer_write %v, %m[%c0, %i] {in_bounds = [true, true]} : vector<2x8xf32>, memref<?x?xf32>
  }
  return
}

func.func @strided_1d(%m: memref<?x?xf32>, %i: index, %mask: vector<8xi1>) -> vector<8xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %p, %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

func.func @tensor_stays(%t: tensor<?x?xf32>, %v: vector<4x8xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %r = vector.transfer_write %v, %t[%c0, %c0] : vector<4x8xf32>, tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @prints(%v: vector<2x3xi32>, %w: vector<4xi1>, %x: vector<f32>) {
  vector.print %v : vector<2x3xi32>
  vector.print %w : vector<4xi1>
  vector.print %x : vector<f32>
  return
}
