// RUN: tessel-opt %s -split-input-file -canonicalize | FileCheck %s

// The vector folds the lowerings rely on, as mlir-opt 22's canonicalize
// applies them (the CHECK lines are its output): extract of a constant and
// insert of constants into a constant (a vector of more than 256 elements
// only when the insert has one use; printed in hex above 100 elements),
// constant_mask of all or nothing, extract through insert_strided_slice
// chains and extract_strided_slice, integer ops with a splat identity (x ^ 0,
// x * 1, x & -1, ...).

// CHECK-LABEL: func.func @constants_insert_extract(
// CHECK-NEXT: %cst = arith.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000E040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : vector<20x20xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[true, false, true, true]> : vector<4xi1>
// CHECK-NEXT: %cst_1 = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00{{\]\]}}> : vector<2x4xf32>
// CHECK-NEXT: %cst_3 = arith.constant dense<{{\[\[}}false, false, false, false], [true, false, true, true{{\]\]}}> : vector<2x4xi1>
// CHECK-NEXT: %cst_4 = arith.constant dense<[1.000000e+00, 2.000000e+00, 7.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: %0 = vector.insert %arg0, %cst_2 [1, 1] : f32 into vector<2x4xf32>
// CHECK-NEXT: return %cst_3, %cst_4, %0, %cst_1, %cst_0, %cst : vector<2x4xi1>, vector<4xf32>, vector<2x4xf32>, f32, vector<4xi1>, vector<20x20xf32>
func.func @constants_insert_extract(%x: f32) -> (vector<2x4xi1>, vector<4xf32>, vector<2x4xf32>, f32, vector<4xi1>, vector<20x20xf32>) {
  %z = arith.constant dense<false> : vector<2x4xi1>
  %t = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %0 = vector.insert %t, %z [1] : vector<4xi1> into vector<2x4xi1>
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %s = arith.constant 7.0 : f32
  %1 = vector.insert %s, %c [2] : f32 into vector<4xf32>
  %d = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : vector<2x4xf32>
  %2 = vector.insert %x, %d [1, 1] : f32 into vector<2x4xf32>
  %3 = vector.extract %d[1, 2] : f32 from vector<2x4xf32>
  %4 = vector.extract %0[1] : vector<4xi1> from vector<2x4xi1>
  %big = arith.constant dense<0.0> : vector<20x20xf32>
  %5 = vector.insert %s, %big [3, 3] : f32 into vector<20x20xf32>
  return %0, %1, %2, %3, %4, %5 : vector<2x4xi1>, vector<4xf32>, vector<2x4xf32>, f32, vector<4xi1>, vector<20x20xf32>
}

// -----

// CHECK-LABEL: func.func @insert_threshold_and_poison(
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [3.000000e+00, 4.000000e+00{{\]\]}}> : vector<2x2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<"0x0000000000000000000000000000C03F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : vector<200xf32>
// CHECK-NEXT: %0 = ub.poison : vector<4xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<0.000000e+00> : vector<300xf32>
// CHECK-NEXT: %cst_2 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %1 = vector.insert %cst_2, %cst_1 [3] : f32 into vector<300xf32>
// CHECK-NEXT: %2 = vector.insert %cst_2, %0 [2] : f32 into vector<4xf32>
// CHECK-NEXT: return %1, %1, %cst_0, %cst_0, %2, %cst : vector<300xf32>, vector<300xf32>, vector<200xf32>, vector<200xf32>, vector<4xf32>, vector<2x2xf32>
func.func @insert_threshold_and_poison() -> (vector<300xf32>, vector<300xf32>, vector<200xf32>, vector<200xf32>, vector<4xf32>, vector<2x2xf32>) {
  %z = arith.constant dense<0.0> : vector<300xf32>
  %s = arith.constant 1.5 : f32
  %0 = vector.insert %s, %z [3] : f32 into vector<300xf32>
  %1 = vector.insert %s, %z [4] : f32 into vector<300xf32>
  %y = arith.constant dense<0.0> : vector<200xf32>
  %2 = vector.insert %s, %y [3] : f32 into vector<200xf32>
  %p = ub.poison : vector<4xf32>
  %3 = vector.insert %s, %p [1] : f32 into vector<4xf32>
  %q = ub.poison : f32
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %4 = vector.insert %s, %p [2] : f32 into vector<4xf32>
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %e = vector.extract %d[1] : vector<2xf32> from vector<2x2xf32>
  %5 = vector.insert %e, %d [0] : vector<2xf32> into vector<2x2xf32>
  return %0, %0, %2, %2, %4, %5 : vector<300xf32>, vector<300xf32>, vector<200xf32>, vector<200xf32>, vector<4xf32>, vector<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @constant_mask(
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<[4]xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<true> : vector<i1>
// CHECK-NEXT: %cst_1 = arith.constant dense<true> : vector<2x3xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<false> : vector<2x3xi1>
// CHECK-NEXT: %0 = vector.constant_mask [1, 3] : vector<2x3xi1>
// CHECK-NEXT: return %cst_1, %cst_2, %0, %cst_0, %cst : vector<2x3xi1>, vector<2x3xi1>, vector<2x3xi1>, vector<i1>, vector<[4]xi1>
func.func @constant_mask() -> (vector<2x3xi1>, vector<2x3xi1>, vector<2x3xi1>, vector<i1>, vector<[4]xi1>) {
  %0 = vector.constant_mask [2, 3] : vector<2x3xi1>
  %1 = vector.constant_mask [0, 0] : vector<2x3xi1>
  %2 = vector.constant_mask [1, 3] : vector<2x3xi1>
  %3 = vector.constant_mask [1] : vector<i1>
  %4 = vector.constant_mask [4] : vector<[4]xi1>
  return %0, %1, %2, %3, %4 : vector<2x3xi1>, vector<2x3xi1>, vector<2x3xi1>, vector<i1>, vector<[4]xi1>
}

// -----

// CHECK-LABEL: func.func @extract_through_slices(
// CHECK-NEXT: %0 = vector.insert_strided_slice %arg0, %arg1 {offsets = [1, 2], strides = [1]} : vector<4xf32> into vector<2x8xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[1] : f32 from vector<4xf32>
// CHECK-NEXT: %2 = vector.extract %0[0, 3] : f32 from vector<2x8xf32>
// CHECK-NEXT: %3 = vector.extract %0[0] : vector<8xf32> from vector<2x8xf32>
// CHECK-NEXT: %4 = vector.extract %arg2[1, 3] : f32 from vector<2x8xf32>
// CHECK-NEXT: %5 = vector.extract_strided_slice %0 {offsets = [1, 3], sizes = [1, 2], strides = [1, 1]} : vector<2x8xf32> to vector<1x2xf32>
// CHECK-NEXT: %6 = vector.shape_cast %5 : vector<1x2xf32> to vector<2xf32>
// CHECK-NEXT: return %1, %2, %3, %4, %6 : f32, f32, vector<8xf32>, f32, vector<2xf32>
func.func @extract_through_slices(%b: vector<4xf32>, %x: vector<2x8xf32>, %y: vector<2x8xf32>) -> (f32, f32, vector<8xf32>, f32, vector<2xf32>) {
  %5 = vector.insert_strided_slice %b, %x {offsets = [1, 2], strides = [1]} : vector<4xf32> into vector<2x8xf32>
  %0 = vector.extract %5[1, 3] : f32 from vector<2x8xf32>
  %1 = vector.extract %5[0, 3] : f32 from vector<2x8xf32>
  %2 = vector.extract %5[0] : vector<8xf32> from vector<2x8xf32>
  %e = vector.extract_strided_slice %y {offsets = [1, 2], sizes = [1, 4], strides = [1, 1]} : vector<2x8xf32> to vector<1x4xf32>
  %3 = vector.extract %e[0, 1] : f32 from vector<1x4xf32>
  %4 = vector.extract_strided_slice %5 {offsets = [1, 3], sizes = [1, 2], strides = [1, 1]} : vector<2x8xf32> to vector<1x2xf32>
  %q4 = vector.shape_cast %4 : vector<1x2xf32> to vector<2xf32>
  return %0, %1, %2, %3, %q4 : f32, f32, vector<8xf32>, f32, vector<2xf32>
}

// -----

// CHECK-LABEL: func.func @int_identities(
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg1, %arg0, %arg0 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi8>, vector<4xi32>, vector<4xi32>
func.func @int_identities(%a: vector<4xi32>, %b: vector<4xi8>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi8>, vector<4xi32>, vector<4xi32>) {
  %z = arith.constant dense<0> : vector<4xi32>
  %o = arith.constant dense<1> : vector<4xi32>
  %m = arith.constant dense<-1> : vector<4xi8>
  %0 = arith.xori %a, %z : vector<4xi32>
  %1 = arith.addi %a, %z : vector<4xi32>
  %2 = arith.muli %a, %o : vector<4xi32>
  %3 = arith.andi %b, %m : vector<4xi8>
  %4 = arith.subi %a, %z : vector<4xi32>
  %5 = arith.divsi %a, %o : vector<4xi32>
  return %0, %1, %2, %3, %4, %5 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi8>, vector<4xi32>, vector<4xi32>
}

// -----

// Integer ops on two dense vector constants fold element by element (a
// splat when all results agree); a division by zero stays.
// CHECK-LABEL: func.func @int_vector_constants(
// CHECK-NEXT: %cst = arith.constant dense<[1, 4]> : vector<2xindex>
// CHECK-NEXT: %cst_0 = arith.constant dense<[-1, 5, -56]> : vector<3xi8>
// CHECK-NEXT: %cst_1 = arith.constant dense<[2, 4]> : vector<2xi32>
// CHECK-NEXT: %cst_2 = arith.constant dense<[3, 0]> : vector<2xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<[6, 8]> : vector<2xi32>
// CHECK-NEXT: %cst_4 = arith.constant dense<[-56, 56, 14, -128]> : vector<4xi8>
// CHECK-NEXT: %cst_5 = arith.constant dense<[false, true, true]> : vector<3xi1>
// CHECK-NEXT: %0 = arith.divsi %cst_3, %cst_2 : vector<2xi32>
// CHECK-NEXT: return %cst_4, %cst_5, %0, %cst_1, %cst_0, %cst : vector<4xi8>, vector<3xi1>, vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xindex>
func.func @int_vector_constants() -> (vector<4xi8>, vector<3xi1>, vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xindex>) {
  %a = arith.constant dense<[100, -100, 7, 127]> : vector<4xi8>
  %b = arith.constant dense<[100, -100, 7, 1]> : vector<4xi8>
  %0 = arith.addi %a, %b : vector<4xi8>
  %t = arith.constant dense<[true, false, true]> : vector<3xi1>
  %u = arith.constant dense<[true, true, false]> : vector<3xi1>
  %1 = arith.xori %t, %u : vector<3xi1>
  %c = arith.constant dense<[6, 8]> : vector<2xi32>
  %d = arith.constant dense<[3, 0]> : vector<2xi32>
  %2 = arith.divsi %c, %d : vector<2xi32>
  %e = arith.constant dense<[4, 4]> : vector<2xi32>
  %3 = arith.subi %c, %e : vector<2xi32>
  %g = arith.constant dense<[-1, 5, 200]> : vector<3xi8>
  %h = arith.constant dense<3> : vector<3xi8>
  %4 = arith.maxui %g, %h : vector<3xi8>
  %i = arith.constant dense<[1, 2]> : vector<2xindex>
  %5 = arith.muli %i, %i : vector<2xindex>
  return %0, %1, %2, %3, %4, %5 : vector<4xi8>, vector<3xi1>, vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xindex>
}
