// RUN: tessel-opt %s -canonicalize | FileCheck %s

// scf.for drops loop-carried values that do not change (yielded as their
// block argument, or as the init) or that nobody uses, as mlir-opt 22's
// ForOpIterArgsFolder does; the CHECK lines are its output. %d stays: its
// result is unused but the body reads it.

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: index) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %0:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg1, %arg5 = %arg1) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: %1 = linalg.fill ins(%cst : f32) outs(%arg4 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%cst : f32) outs(%arg5 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: scf.yield %1, %2 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0#0, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%t: tensor<8xf32>, %u: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t, %b = %u, %c = %t, %d = %u) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %e = linalg.fill ins(%cst : f32) outs(%b : tensor<8xf32>) -> tensor<8xf32>
    %z = linalg.fill ins(%cst : f32) outs(%d : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %a, %e, %t, %z : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
