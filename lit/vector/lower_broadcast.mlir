// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_broadcast as mlir-opt 22 applies it
// (the CHECK lines are its output): a broadcast of a vector becomes
// extracts, 1-D broadcasts of scalars and inserts into a ub.poison, one dim
// at a time (the extracts of extracts fold into one); a broadcast of a
// scalar stays.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : vector<2x4x3xf32>
// CHECK-NEXT: %1 = ub.poison : vector<3x2xf32>
// CHECK-NEXT: %2 = ub.poison : vector<2x3xf32>
// CHECK-NEXT: %3 = ub.poison : vector<4x3xf32>
// CHECK-NEXT: %4 = vector.extract %arg0[0, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %5 = vector.broadcast %4 : f32 to vector<3xf32>
// CHECK-NEXT: %6 = vector.insert %5, %3 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %8 = vector.broadcast %7 : f32 to vector<3xf32>
// CHECK-NEXT: %9 = vector.insert %8, %6 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %10 = vector.extract %arg0[2, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %11 = vector.broadcast %10 : f32 to vector<3xf32>
// CHECK-NEXT: %12 = vector.insert %11, %9 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %13 = vector.extract %arg0[3, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %14 = vector.broadcast %13 : f32 to vector<3xf32>
// CHECK-NEXT: %15 = vector.insert %14, %12 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %16 = vector.extract %arg1[0] : vector<3xf32> from vector<1x3xf32>
// CHECK-NEXT: %17 = vector.insert %16, %2 [0] : vector<3xf32> into vector<2x3xf32>
// CHECK-NEXT: %18 = vector.insert %16, %17 [1] : vector<3xf32> into vector<2x3xf32>
// CHECK-NEXT: %19 = vector.broadcast %arg2 : f32 to vector<5xf32>
// CHECK-NEXT: %20 = vector.insert %arg3, %1 [0] : vector<2xf32> into vector<3x2xf32>
// CHECK-NEXT: %21 = vector.insert %arg3, %20 [1] : vector<2xf32> into vector<3x2xf32>
// CHECK-NEXT: %22 = vector.insert %arg3, %21 [2] : vector<2xf32> into vector<3x2xf32>
// CHECK-NEXT: %23 = vector.extract %arg4[0] : f32 from vector<1xf32>
// CHECK-NEXT: %24 = vector.broadcast %23 : f32 to vector<6xf32>
// CHECK-NEXT: %25 = vector.extract %arg0[0, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %26 = vector.broadcast %25 : f32 to vector<3xf32>
// CHECK-NEXT: %27 = vector.insert %26, %3 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %28 = vector.extract %arg0[1, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %29 = vector.broadcast %28 : f32 to vector<3xf32>
// CHECK-NEXT: %30 = vector.insert %29, %27 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %31 = vector.extract %arg0[2, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %32 = vector.broadcast %31 : f32 to vector<3xf32>
// CHECK-NEXT: %33 = vector.insert %32, %30 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %34 = vector.extract %arg0[3, 0] : f32 from vector<4x1xf32>
// CHECK-NEXT: %35 = vector.broadcast %34 : f32 to vector<3xf32>
// CHECK-NEXT: %36 = vector.insert %35, %33 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %37 = vector.insert %36, %0 [0] : vector<4x3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: %38 = vector.insert %36, %37 [1] : vector<4x3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: %39 = vector.extract %arg5[] : f32 from vector<f32>
// CHECK-NEXT: %40 = vector.broadcast %39 : f32 to vector<3xf32>
// CHECK-NEXT: return %15, %18, %19, %22, %24, %38, %40 : vector<4x3xf32>, vector<2x3xf32>, vector<5xf32>, vector<3x2xf32>, vector<6xf32>, vector<2x4x3xf32>, vector<3xf32>
func.func @f(%v: vector<4x1xf32>, %u: vector<1x3xf32>, %s: f32, %w: vector<2xf32>, %x: vector<1xf32>, %z: vector<f32>) -> (vector<4x3xf32>, vector<2x3xf32>, vector<5xf32>, vector<3x2xf32>, vector<6xf32>, vector<2x4x3xf32>, vector<3xf32>) {
  %0 = vector.broadcast %v : vector<4x1xf32> to vector<4x3xf32>
  %1 = vector.broadcast %u : vector<1x3xf32> to vector<2x3xf32>
  %2 = vector.broadcast %s : f32 to vector<5xf32>
  %3 = vector.broadcast %w : vector<2xf32> to vector<3x2xf32>
  %4 = vector.broadcast %x : vector<1xf32> to vector<6xf32>
  %5 = vector.broadcast %v : vector<4x1xf32> to vector<2x4x3xf32>
  %6 = vector.broadcast %z : vector<f32> to vector<3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : vector<4x3xf32>, vector<2x3xf32>, vector<5xf32>, vector<3x2xf32>, vector<6xf32>, vector<2x4x3xf32>, vector<3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_broadcast
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = ub.poison : vector<4x3xf32>
// CHECK-NEXT: %1 = ub.poison : vector<2x4x3xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg0 : f32 to vector<2x3xf32>
// CHECK-NEXT: %3 = vector.extract %arg1[0, 0] : vector<3xf32> from vector<2x1x3xf32>
// CHECK-NEXT: %4 = vector.insert %3, %0 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %5 = vector.insert %3, %4 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %6 = vector.insert %3, %5 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %7 = vector.insert %3, %6 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %8 = vector.insert %7, %1 [0] : vector<4x3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: %9 = vector.extract %arg1[1, 0] : vector<3xf32> from vector<2x1x3xf32>
// CHECK-NEXT: %10 = vector.insert %9, %0 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %11 = vector.insert %9, %10 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %12 = vector.insert %9, %11 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %13 = vector.insert %9, %12 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %14 = vector.insert %13, %8 [1] : vector<4x3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: return %2, %14 : vector<2x3xf32>, vector<2x4x3xf32>
func.func @f(%s: f32, %v: vector<2x1x3xf32>) -> (vector<2x3xf32>, vector<2x4x3xf32>) {
  %0 = vector.broadcast %s : f32 to vector<2x3xf32>
  %1 = vector.broadcast %v : vector<2x1x3xf32> to vector<2x4x3xf32>
  return %0, %1 : vector<2x3xf32>, vector<2x4x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_broadcast
    } : !transform.any_op
    transform.yield
  }
}
