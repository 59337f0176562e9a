// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.drop_unit_dims_with_shape_cast as
// mlir-opt 22 applies it (the CHECK lines are its output): elementwise ops,
// transposes and the vector iter_args of scf.for lose their unit dims
// through shape_casts, which fold against each other and into constants.

// CHECK-LABEL: func.func @elementwise_transpose_for(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<1x8xi32> to vector<8xi32>
// CHECK-NEXT: %1 = vector.shape_cast %arg0 : vector<1x8xi32> to vector<8xi32>
// CHECK-NEXT: %2 = arith.addi %0, %1 : vector<8xi32>
// CHECK-NEXT: %3 = vector.shape_cast %2 : vector<8xi32> to vector<1x8xi32>
// CHECK-NEXT: %4 = vector.shape_cast %arg1 : vector<1x1x4x2xf32> to vector<4x2xf32>
// CHECK-NEXT: %5 = vector.transpose %4, [1, 0] : vector<4x2xf32> to vector<2x4xf32>
// CHECK-NEXT: %6 = vector.shape_cast %5 : vector<2x4xf32> to vector<2x1x4x1xf32>
// CHECK-NEXT: %7 = vector.shape_cast %arg2 : vector<2x1x4xf32> to vector<2x4xf32>
// CHECK-NEXT: %8 = vector.shape_cast %arg2 : vector<2x1x4xf32> to vector<2x4xf32>
// CHECK-NEXT: %9 = arith.mulf %7, %8 : vector<2x4xf32>
// CHECK-NEXT: %10 = vector.shape_cast %9 : vector<2x4xf32> to vector<2x1x4xf32>
// CHECK-NEXT: %11 = scf.for %arg7 = %arg3 to %arg4 step %arg5 iter_args(%arg8 = %cst) -> (vector<4xf32>) {
// CHECK-NEXT: %16 = arith.addf %arg8, %arg8 : vector<4xf32>
// CHECK-NEXT: scf.yield %16 : vector<4xf32>
func.func @elementwise_transpose_for(%a: vector<1x8xi32>, %b: vector<1x1x4x2xf32>, %c: vector<2x1x4xf32>, %lb: index, %ub: index, %st: index, %s: vector<1x1xf32>) -> (vector<1x8xi32>, vector<2x1x4x1xf32>, vector<2x1x4xf32>, vector<1x4xf32>, vector<1x1xf32>) {
  %0 = arith.addi %a, %a : vector<1x8xi32>
  %1 = vector.transpose %b, [3, 0, 2, 1] : vector<1x1x4x2xf32> to vector<2x1x4x1xf32>
  %2 = arith.mulf %c, %c : vector<2x1x4xf32>
  %init = arith.constant dense<0.0> : vector<1x4xf32>
  %3 = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> vector<1x4xf32> {
    %n = arith.addf %acc, %acc : vector<1x4xf32>
    scf.yield %n : vector<1x4xf32>
  }
  %4 = arith.negf %s : vector<1x1xf32>
  return %0, %1, %2, %3, %4 : vector<1x8xi32>, vector<2x1x4x1xf32>, vector<2x1x4xf32>, vector<1x4xf32>, vector<1x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @fma_select_cmp_cast_constant(
// CHECK-NEXT: %cst = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %1 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %2 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %3 = vector.fma %0, %1, %2 : vector<4xf32>
// CHECK-NEXT: %4 = vector.shape_cast %3 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: %5 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %6 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %7 = arith.cmpf olt, %5, %6 : vector<4xf32>
// CHECK-NEXT: %8 = vector.shape_cast %7 : vector<4xi1> to vector<1x4xi1>
// CHECK-NEXT: %9 = vector.shape_cast %arg2 : vector<1x4xi32> to vector<4xi32>
// CHECK-NEXT: %10 = arith.sitofp %9 : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %11 = vector.shape_cast %10 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: %12 = vector.shape_cast %arg0 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT: %13 = math.exp %12 : vector<4xf32>
// CHECK-NEXT: %14 = vector.shape_cast %13 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: %15 = vector.shape_cast %arg3 : vector<2x1xf32> to vector<2xf32>
// CHECK-NEXT: %16 = arith.addf %15, %cst : vector<2xf32>
// CHECK-NEXT: %17 = vector.shape_cast %16 : vector<2xf32> to vector<2x1xf32>
// CHECK-NEXT: return %4, %arg0, %8, %11, %14, %17 : vector<1x4xf32>, vector<1x4xf32>, vector<1x4xi1>, vector<1x4xf32>, vector<1x4xf32>, vector<2x1xf32>
func.func @fma_select_cmp_cast_constant(%a: vector<1x4xf32>, %c: vector<1x4xi1>, %d: vector<1x4xi32>, %e: vector<2x1xf32>) -> (vector<1x4xf32>, vector<1x4xf32>, vector<1x4xi1>, vector<1x4xf32>, vector<1x4xf32>, vector<2x1xf32>) {
  %0 = vector.fma %a, %a, %a : vector<1x4xf32>
  %1 = arith.select %c, %a, %a : vector<1x4xi1>, vector<1x4xf32>
  %2 = arith.cmpf olt, %a, %a : vector<1x4xf32>
  %3 = arith.sitofp %d : vector<1x4xi32> to vector<1x4xf32>
  %4 = math.exp %a : vector<1x4xf32>
  %k = arith.constant dense<[[1.0], [2.0]]> : vector<2x1xf32>
  %5 = arith.addf %e, %k : vector<2x1xf32>
  return %0, %1, %2, %3, %4, %5 : vector<1x4xf32>, vector<1x4xf32>, vector<1x4xi1>, vector<1x4xf32>, vector<1x4xf32>, vector<2x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
    } : !transform.any_op
    transform.yield
  }
}
