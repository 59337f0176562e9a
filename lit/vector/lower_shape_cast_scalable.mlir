// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | tessel-opt -verify-each

// transform.apply_patterns.vector.lower_shape_cast on scalable vectors as
// mlir-opt 22 lowers them (the CHECK lines are its output): when source and
// result have one scalable dim each, the trailing one, scalable pieces of
// the shorter row move with vector.scalable.extract / scalable.insert
// (counted at vscale = 1), and an extract from the ub.poison result folds
// to a poison row. The engine does not run scalable vectors.

// CHECK-LABEL: func.func @merge(
// CHECK-NEXT: %0 = ub.poison : vector<[8]xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0] : vector<[4]xf32> from vector<2x[4]xf32>
// CHECK-NEXT: %2 = vector.scalable.insert %1, %0[0] : vector<[4]xf32> into vector<[8]xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[1] : vector<[4]xf32> from vector<2x[4]xf32>
// CHECK-NEXT: %4 = vector.scalable.insert %3, %2[4] : vector<[4]xf32> into vector<[8]xf32>
// CHECK-NEXT: return %4 : vector<[8]xf32>
func.func @merge(%v: vector<2x[4]xf32>) -> vector<[8]xf32> {
  %0 = vector.shape_cast %v : vector<2x[4]xf32> to vector<[8]xf32>
  return %0 : vector<[8]xf32>
}

// CHECK-LABEL: func.func @split(
// CHECK-NEXT: %0 = ub.poison : vector<2x[4]xi8>
// CHECK-NEXT: %1 = vector.scalable.extract %arg0[0] : vector<[4]xi8> from vector<[8]xi8>
// CHECK-NEXT: %2 = vector.insert %1, %0 [0] : vector<[4]xi8> into vector<2x[4]xi8>
// CHECK-NEXT: %3 = vector.scalable.extract %arg0[4] : vector<[4]xi8> from vector<[8]xi8>
// CHECK-NEXT: %4 = vector.insert %3, %2 [1] : vector<[4]xi8> into vector<2x[4]xi8>
// CHECK-NEXT: return %4 : vector<2x[4]xi8>
func.func @split(%v: vector<[8]xi8>) -> vector<2x[4]xi8> {
  %0 = vector.shape_cast %v : vector<[8]xi8> to vector<2x[4]xi8>
  return %0 : vector<2x[4]xi8>
}

// CHECK-LABEL: func.func @rows_into_longer_rows(
// CHECK-NEXT: %0 = ub.poison : vector<[2]xf16>
// CHECK-NEXT: %1 = ub.poison : vector<2x[2]xf16>
// CHECK-NEXT: %2 = vector.extract %arg0[0] : vector<[1]xf16> from vector<4x[1]xf16>
// CHECK-NEXT: %3 = vector.scalable.insert %2, %0[0] : vector<[1]xf16> into vector<[2]xf16>
// CHECK-NEXT: %4 = vector.extract %arg0[1] : vector<[1]xf16> from vector<4x[1]xf16>
// CHECK-NEXT: %5 = vector.scalable.insert %4, %3[1] : vector<[1]xf16> into vector<[2]xf16>
// CHECK-NEXT: %6 = vector.insert %5, %1 [0] : vector<[2]xf16> into vector<2x[2]xf16>
// CHECK-NEXT: %7 = vector.extract %arg0[2] : vector<[1]xf16> from vector<4x[1]xf16>
// CHECK-NEXT: %8 = vector.scalable.insert %7, %0[0] : vector<[1]xf16> into vector<[2]xf16>
// CHECK-NEXT: %9 = vector.extract %arg0[3] : vector<[1]xf16> from vector<4x[1]xf16>
// CHECK-NEXT: %10 = vector.scalable.insert %9, %8[1] : vector<[1]xf16> into vector<[2]xf16>
// CHECK-NEXT: %11 = vector.insert %10, %6 [1] : vector<[2]xf16> into vector<2x[2]xf16>
// CHECK-NEXT: return %11 : vector<2x[2]xf16>
func.func @rows_into_longer_rows(%v: vector<4x[1]xf16>) -> vector<2x[2]xf16> {
  %0 = vector.shape_cast %v : vector<4x[1]xf16> to vector<2x[2]xf16>
  return %0 : vector<2x[2]xf16>
}

// CHECK-LABEL: func.func @same_rows(
// CHECK-NEXT: %0 = ub.poison : vector<6x[2]xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %2 = vector.insert %1, %0 [0] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[0, 1] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %4 = vector.insert %3, %2 [1] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[1, 0] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %6 = vector.insert %5, %4 [2] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1, 1] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %8 = vector.insert %7, %6 [3] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: %9 = vector.extract %arg0[2, 0] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %10 = vector.insert %9, %8 [4] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: %11 = vector.extract %arg0[2, 1] : vector<[2]xf32> from vector<3x2x[2]xf32>
// CHECK-NEXT: %12 = vector.insert %11, %10 [5] : vector<[2]xf32> into vector<6x[2]xf32>
// CHECK-NEXT: return %12 : vector<6x[2]xf32>
func.func @same_rows(%v: vector<3x2x[2]xf32>) -> vector<6x[2]xf32> {
  %0 = vector.shape_cast %v : vector<3x2x[2]xf32> to vector<6x[2]xf32>
  return %0 : vector<6x[2]xf32>
}

// tessel's (docs/differences.md): when neither trailing size divides the
// other, 22 goes on and builds a vector.scalable.insert at a position that
// is not a multiple of the piece, which its verifier rejects; tessel leaves
// the cast.
// CHECK-LABEL: func.func @rows_that_do_not_tile(
// CHECK-NEXT: vector.shape_cast %arg0 : vector<8x[3]xf32> to vector<6x[4]xf32>
// CHECK-NOT: vector.scalable
func.func @rows_that_do_not_tile(%v: vector<8x[3]xf32>) -> vector<6x[4]xf32> {
  %0 = vector.shape_cast %v : vector<8x[3]xf32> to vector<6x[4]xf32>
  return %0 : vector<6x[4]xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_shape_cast
    } : !transform.any_op
    transform.yield
  }
}
