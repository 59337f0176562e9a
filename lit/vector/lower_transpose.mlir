// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// transform.apply_patterns.vector.lower_transpose as mlir-opt 22 applies it
// (the CHECK lines are its output), with the same values before and after:
// eltwise (the default) unrolls the transposed leading dims into extracts
// and inserts and moves the trailing dims the permutation keeps as whole
// vectors; shuffle_1d makes a transpose of two non-unit dims one
// vector.shuffle of the flattened vector (shuffle_16x16 too, but for a
// 16x16 slice); an extract of a transpose reads
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

// -----

// shuffle_16x16: a 16x16 slice transposed by the AVX-512-style sequence of
// 64 two-source shuffles of its rows (32-bit, then 64-bit interleaves, then
// two 128-bit lane permutations), inserted into a ub.poison.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : vector<16x16xi32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %2 = vector.extract %arg0[0, 1] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %3 = vector.extract %arg0[0, 2] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %4 = vector.extract %arg0[0, 3] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %5 = vector.extract %arg0[0, 4] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %6 = vector.extract %arg0[0, 5] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %7 = vector.extract %arg0[0, 6] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %8 = vector.extract %arg0[0, 7] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %9 = vector.extract %arg0[0, 8] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %10 = vector.extract %arg0[0, 9] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %11 = vector.extract %arg0[0, 10] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %12 = vector.extract %arg0[0, 11] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %13 = vector.extract %arg0[0, 12] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %14 = vector.extract %arg0[0, 13] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %15 = vector.extract %arg0[0, 14] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %16 = vector.extract %arg0[0, 15] : vector<16xi32> from vector<1x16x16xi32>
// CHECK-NEXT: %17 = vector.shuffle %1, %2 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %18 = vector.shuffle %1, %2 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %19 = vector.shuffle %3, %4 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %20 = vector.shuffle %3, %4 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %21 = vector.shuffle %5, %6 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %22 = vector.shuffle %5, %6 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %23 = vector.shuffle %7, %8 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %24 = vector.shuffle %7, %8 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %25 = vector.shuffle %9, %10 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %26 = vector.shuffle %9, %10 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %27 = vector.shuffle %11, %12 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %28 = vector.shuffle %11, %12 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %29 = vector.shuffle %13, %14 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %30 = vector.shuffle %13, %14 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %31 = vector.shuffle %15, %16 [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %32 = vector.shuffle %15, %16 [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %33 = vector.shuffle %17, %19 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %34 = vector.shuffle %17, %19 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %35 = vector.shuffle %18, %20 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %36 = vector.shuffle %18, %20 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %37 = vector.shuffle %21, %23 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %38 = vector.shuffle %21, %23 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %39 = vector.shuffle %22, %24 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %40 = vector.shuffle %22, %24 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %41 = vector.shuffle %25, %27 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %42 = vector.shuffle %25, %27 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %43 = vector.shuffle %26, %28 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %44 = vector.shuffle %26, %28 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %45 = vector.shuffle %29, %31 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %46 = vector.shuffle %29, %31 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %47 = vector.shuffle %30, %32 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %48 = vector.shuffle %30, %32 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %49 = vector.shuffle %33, %37 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %50 = vector.shuffle %34, %38 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %51 = vector.shuffle %35, %39 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %52 = vector.shuffle %36, %40 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %53 = vector.shuffle %33, %37 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %54 = vector.shuffle %34, %38 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %55 = vector.shuffle %35, %39 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %56 = vector.shuffle %36, %40 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %57 = vector.shuffle %41, %45 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %58 = vector.shuffle %42, %46 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %59 = vector.shuffle %43, %47 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %60 = vector.shuffle %44, %48 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %61 = vector.shuffle %41, %45 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %62 = vector.shuffle %42, %46 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %63 = vector.shuffle %43, %47 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %64 = vector.shuffle %44, %48 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %65 = vector.shuffle %49, %57 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %66 = vector.shuffle %50, %58 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %67 = vector.shuffle %51, %59 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %68 = vector.shuffle %52, %60 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %69 = vector.shuffle %53, %61 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %70 = vector.shuffle %54, %62 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %71 = vector.shuffle %55, %63 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %72 = vector.shuffle %56, %64 [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %73 = vector.shuffle %49, %57 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %74 = vector.shuffle %50, %58 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %75 = vector.shuffle %51, %59 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %76 = vector.shuffle %52, %60 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %77 = vector.shuffle %53, %61 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %78 = vector.shuffle %54, %62 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %79 = vector.shuffle %55, %63 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %80 = vector.shuffle %56, %64 [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT: %81 = vector.insert %65, %0 [0] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %82 = vector.insert %66, %81 [1] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %83 = vector.insert %67, %82 [2] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %84 = vector.insert %68, %83 [3] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %85 = vector.insert %69, %84 [4] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %86 = vector.insert %70, %85 [5] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %87 = vector.insert %71, %86 [6] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %88 = vector.insert %72, %87 [7] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %89 = vector.insert %73, %88 [8] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %90 = vector.insert %74, %89 [9] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %91 = vector.insert %75, %90 [10] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %92 = vector.insert %76, %91 [11] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %93 = vector.insert %77, %92 [12] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %94 = vector.insert %78, %93 [13] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %95 = vector.insert %79, %94 [14] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %96 = vector.insert %80, %95 [15] : vector<16xi32> into vector<16x16xi32>
// CHECK-NEXT: %97 = vector.shape_cast %96 : vector<16x16xi32> to vector<1x16x16xi32>
// CHECK-NEXT: return %97 : vector<1x16x16xi32>
func.func @f(%v: vector<1x16x16xi32>) -> vector<1x16x16xi32> {
  %0 = vector.transpose %v, [0, 2, 1] : vector<1x16x16xi32> to vector<1x16x16xi32>
  return %0 : vector<1x16x16xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_16x16
    } : !transform.any_op
    transform.yield
  }
}
