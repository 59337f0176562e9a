// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_shape_cast as mlir-opt 22 applies it
// (the CHECK lines are its output): the dims before the common suffix move
// in pieces of gcd x suffix, with extract_strided_slice and
// insert_strided_slice when the gcd is above 1, with extract / insert
// alone when it is 1 or only leading unit dims differ.

// CHECK-LABEL: func.func @gcd_two(
// CHECK-NEXT: %0 = ub.poison : vector<6x4xf32>
// CHECK-NEXT: %1 = ub.poison : vector<4xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[0] : vector<6xf32> from vector<4x6xf32>
// CHECK-NEXT: %3 = vector.extract_strided_slice %2 {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %4 = vector.insert_strided_slice %3, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %5 = vector.extract_strided_slice %2 {offsets = [2], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %6 = vector.insert_strided_slice %5, %4 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %7 = vector.insert %6, %0 [0] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: %8 = vector.extract_strided_slice %2 {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %9 = vector.insert_strided_slice %8, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %10 = vector.extract %arg0[1] : vector<6xf32> from vector<4x6xf32>
// CHECK-NEXT: %11 = vector.extract_strided_slice %10 {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %12 = vector.insert_strided_slice %11, %9 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %13 = vector.insert %12, %7 [1] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: %14 = vector.extract_strided_slice %10 {offsets = [2], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %15 = vector.insert_strided_slice %14, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %16 = vector.extract_strided_slice %10 {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %17 = vector.insert_strided_slice %16, %15 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %18 = vector.insert %17, %13 [2] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: %19 = vector.extract %arg0[2] : vector<6xf32> from vector<4x6xf32>
// CHECK-NEXT: %20 = vector.extract_strided_slice %19 {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %21 = vector.insert_strided_slice %20, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %22 = vector.extract_strided_slice %19 {offsets = [2], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %23 = vector.insert_strided_slice %22, %21 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %24 = vector.insert %23, %18 [3] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: %25 = vector.extract_strided_slice %19 {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %26 = vector.insert_strided_slice %25, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %27 = vector.extract %arg0[3] : vector<6xf32> from vector<4x6xf32>
// CHECK-NEXT: %28 = vector.extract_strided_slice %27 {offsets = [0], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %29 = vector.insert_strided_slice %28, %26 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %30 = vector.insert %29, %24 [4] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: %31 = vector.extract_strided_slice %27 {offsets = [2], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %32 = vector.insert_strided_slice %31, %1 {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %33 = vector.extract_strided_slice %27 {offsets = [4], sizes = [2], strides = [1]} : vector<6xf32> to vector<2xf32>
// CHECK-NEXT: %34 = vector.insert_strided_slice %33, %32 {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %35 = vector.insert %34, %30 [5] : vector<4xf32> into vector<6x4xf32>
// CHECK-NEXT: return %35 : vector<6x4xf32>
func.func @gcd_two(%a: vector<4x6xf32>) -> vector<6x4xf32> {
  %0 = vector.shape_cast %a : vector<4x6xf32> to vector<6x4xf32>
  return %0 : vector<6x4xf32>
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

// -----

// CHECK-LABEL: func.func @flatten_and_unit_dims(
// CHECK-NEXT: %0 = ub.poison : vector<1xf32>
// CHECK-NEXT: %1 = ub.poison : vector<1x4xf32>
// CHECK-NEXT: %2 = ub.poison : vector<6xi8>
// CHECK-NEXT: %3 = vector.extract %arg0[0] : vector<3xi8> from vector<2x3xi8>
// CHECK-NEXT: %4 = vector.insert_strided_slice %3, %2 {offsets = [0], strides = [1]} : vector<3xi8> into vector<6xi8>
// CHECK-NEXT: %5 = vector.extract %arg0[1] : vector<3xi8> from vector<2x3xi8>
// CHECK-NEXT: %6 = vector.insert_strided_slice %5, %4 {offsets = [3], strides = [1]} : vector<3xi8> into vector<6xi8>
// CHECK-NEXT: %7 = vector.insert %arg1, %1 [0] : vector<4xf32> into vector<1x4xf32>
// CHECK-NEXT: %8 = vector.extract %arg2[0] : vector<1xbf16> from vector<1x1xbf16>
// CHECK-NEXT: %9 = vector.extract %arg3[] : f32 from vector<f32>
// CHECK-NEXT: %10 = vector.insert %9, %0 [0] : f32 into vector<1xf32>
// CHECK-NEXT: return %6, %7, %8, %10 : vector<6xi8>, vector<1x4xf32>, vector<1xbf16>, vector<1xf32>
func.func @flatten_and_unit_dims(%a: vector<2x3xi8>, %b: vector<4xf32>, %c: vector<1x1xbf16>, %d: vector<f32>) -> (vector<6xi8>, vector<1x4xf32>, vector<1xbf16>, vector<1xf32>) {
  %0 = vector.shape_cast %a : vector<2x3xi8> to vector<6xi8>
  %1 = vector.shape_cast %b : vector<4xf32> to vector<1x4xf32>
  %2 = vector.shape_cast %c : vector<1x1xbf16> to vector<1xbf16>
  %3 = vector.shape_cast %d : vector<f32> to vector<1xf32>
  return %0, %1, %2, %3 : vector<6xi8>, vector<1x4xf32>, vector<1xbf16>, vector<1xf32>
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

// -----

// CHECK-LABEL: func.func @gcd_one_common_suffix(
// CHECK-NEXT: %0 = ub.poison : vector<2x3x5xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %2 = vector.insert %1, %0 [0, 0] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[0, 1] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %4 = vector.insert %3, %2 [0, 1] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[1, 0] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %6 = vector.insert %5, %4 [0, 2] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1, 1] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %8 = vector.insert %7, %6 [1, 0] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: %9 = vector.extract %arg0[2, 0] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %10 = vector.insert %9, %8 [1, 1] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: %11 = vector.extract %arg0[2, 1] : vector<5xf32> from vector<3x2x5xf32>
// CHECK-NEXT: %12 = vector.insert %11, %10 [1, 2] : vector<5xf32> into vector<2x3x5xf32>
// CHECK-NEXT: return %12 : vector<2x3x5xf32>
func.func @gcd_one_common_suffix(%a: vector<3x2x5xf32>) -> vector<2x3x5xf32> {
  %0 = vector.shape_cast %a : vector<3x2x5xf32> to vector<2x3x5xf32>
  return %0 : vector<2x3x5xf32>
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
