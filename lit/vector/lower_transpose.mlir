// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// transform.apply_patterns.vector.lower_transpose as mlir-opt 22 applies it
// (the CHECK lines are its output), with the same values before and after:
// eltwise (the default) unrolls the transposed leading dims into extracts
// and inserts and moves the trailing dims the permutation keeps as whole
// vectors; shuffle_1d makes a transpose of two non-unit dims one
// vector.shuffle of the flattened vector; an extract of a transpose reads
// its source (so a chain lowers from the last transpose back).

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : vector<3x2x4xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %2 = vector.insert %1, %0 [0, 0] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[0, 1] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %4 = vector.insert %3, %2 [1, 0] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[0, 2] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %6 = vector.insert %5, %4 [2, 0] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1, 0] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %8 = vector.insert %7, %6 [0, 1] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: %9 = vector.extract %arg0[1, 1] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %10 = vector.insert %9, %8 [1, 1] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: %11 = vector.extract %arg0[1, 2] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %12 = vector.insert %11, %10 [2, 1] : vector<4xf32> into vector<3x2x4xf32>
// CHECK-NEXT: return %12 : vector<3x2x4xf32>
func.func @f(%v: vector<2x3x4xf32>) -> vector<3x2x4xf32> {
  %0 = vector.transpose %v, [1, 0, 2] : vector<2x3x4xf32> to vector<3x2x4xf32>
  return %0 : vector<3x2x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x1x3xf32> to vector<6xf32>
// CHECK-NEXT: %1 = vector.shuffle %0, %0 [0, 3, 1, 4, 2, 5] : vector<6xf32>, vector<6xf32>
// CHECK-NEXT: %2 = vector.shape_cast %1 : vector<6xf32> to vector<3x1x2xf32>
// CHECK-NEXT: return %2 : vector<3x1x2xf32>
func.func @f(%v: vector<2x1x3xf32>) -> vector<3x1x2xf32> {
  %0 = vector.transpose %v, [2, 1, 0] : vector<2x1x3xf32> to vector<3x1x2xf32>
  return %0 : vector<3x1x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_1d
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : vector<1x3x2xf32>
// CHECK-NEXT: %1 = ub.poison : vector<3x1x2xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[0, 0, 0] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %3 = vector.insert %2, %1 [0, 0, 0] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %4 = vector.extract %arg0[0, 0, 1] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %5 = vector.insert %4, %3 [1, 0, 0] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %6 = vector.extract %arg0[0, 0, 2] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %7 = vector.insert %6, %5 [2, 0, 0] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %8 = vector.extract %arg0[1, 0, 0] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %9 = vector.insert %8, %7 [0, 0, 1] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %10 = vector.extract %arg0[1, 0, 1] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %11 = vector.insert %10, %9 [1, 0, 1] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %12 = vector.extract %arg0[1, 0, 2] : f32 from vector<2x1x3xf32>
// CHECK-NEXT: %13 = vector.insert %12, %11 [2, 0, 1] : f32 into vector<3x1x2xf32>
// CHECK-NEXT: %14 = vector.extract %13[0, 0] : vector<2xf32> from vector<3x1x2xf32>
// CHECK-NEXT: %15 = vector.insert %14, %0 [0, 0] : vector<2xf32> into vector<1x3x2xf32>
// CHECK-NEXT: %16 = vector.extract %13[1, 0] : vector<2xf32> from vector<3x1x2xf32>
// CHECK-NEXT: %17 = vector.insert %16, %15 [0, 1] : vector<2xf32> into vector<1x3x2xf32>
// CHECK-NEXT: %18 = vector.extract %13[2, 0] : vector<2xf32> from vector<3x1x2xf32>
// CHECK-NEXT: %19 = vector.insert %18, %17 [0, 2] : vector<2xf32> into vector<1x3x2xf32>
// CHECK-NEXT: return %19 : vector<1x3x2xf32>
func.func @f(%v: vector<2x1x3xf32>) -> vector<1x3x2xf32> {
  %0 = vector.transpose %v, [2, 1, 0] : vector<2x1x3xf32> to vector<3x1x2xf32>
  %1 = vector.transpose %0, [1, 0, 2] : vector<3x1x2xf32> to vector<1x3x2xf32>
  return %1 : vector<1x3x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = eltwise
    } : !transform.any_op
    transform.yield
  }
}
