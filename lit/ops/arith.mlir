// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() -> (index, i32, i1, f32, f64, tensor<2xf32>, tensor<2x2xi32>, bf16, f16, i64) {
  // CHECK-NEXT: %c8 = arith.constant 8 : index
  %0 = arith.constant 8 : index
  // CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
  %1 = arith.constant -3 : i32
  // CHECK-NEXT: %true = arith.constant true
  %2 = arith.constant true
  // CHECK-NEXT: %cst = arith.constant 2.500000e-01 : f32
  %3 = arith.constant 0.25 : f32
  // CHECK-NEXT: %cst_0 = arith.constant 0.33333333333333331 : f64
  %4 = arith.constant 0.333333333333333333 : f64
  // CHECK-NEXT: %cst_1 = arith.constant dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>
  %5 = arith.constant dense<[1.0, -2.0]> : tensor<2xf32>
  // CHECK-NEXT: %cst_2 = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
  %6 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  // CHECK-NEXT: %cst_3 = arith.constant 0x7FC0 : bf16
  %7 = arith.constant 0x7FC0 : bf16
  // CHECK-NEXT: %cst_4 = arith.constant 6.550400e+04 : f16
  %8 = arith.constant 65504.0 : f16
  // CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
  %9 = arith.constant 0xFFFFFFFFFFFFFFFF : i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, i32, i1, f32, f64, tensor<2xf32>, tensor<2x2xi32>, bf16, f16, i64
}

// CHECK-LABEL: func.func @integer_ops
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index, %[[X:.*]]: i32)
func.func @integer_ops(%a: index, %b: index, %x: i32) -> i32 {
  // CHECK: arith.addi %[[A]], %[[B]] : index
  %0 = arith.addi %a, %b : index
  // CHECK: arith.subi %{{.*}}, %[[B]] overflow<nsw> : index
  %1 = arith.subi %0, %b overflow<nsw> : index
  // CHECK: arith.muli
  %2 = arith.muli %1, %a : index
  // CHECK: arith.divui
  %3 = arith.divui %2, %b : index
  // CHECK: arith.divsi
  %4 = arith.divsi %3, %b : index
  // CHECK: arith.remui
  %5 = arith.remui %4, %b : index
  // CHECK: arith.remsi
  %6 = arith.remsi %5, %b : index
  // CHECK: arith.ceildivsi
  %7 = arith.ceildivsi %6, %b : index
  // CHECK: arith.floordivsi
  %8 = arith.floordivsi %7, %b : index
  // CHECK: arith.minsi
  %9 = arith.minsi %8, %a : index
  // CHECK: arith.maxsi
  %10 = arith.maxsi %9, %a : index
  // CHECK: arith.minui
  %11 = arith.minui %10, %a : index
  // CHECK: arith.maxui
  %12 = arith.maxui %11, %a : index
  // CHECK: %[[CMP:.*]] = arith.cmpi sle, %{{.*}}, %[[A]] : index
  %13 = arith.cmpi sle, %12, %a : index
  // CHECK: %[[CAST:.*]] = arith.index_cast %{{.*}} : index to i32
  %14 = arith.index_cast %12 : index to i32
  // CHECK: arith.select %[[CMP]], %[[CAST]], %[[X]] : i32
  %15 = arith.select %13, %14, %x : i32
  return %15 : i32
}

// CHECK-LABEL: func.func @float_ops
func.func @float_ops(%a: f32, %b: f32, %t: tensor<4xf32>, %m: tensor<4xi1>) -> (f64, tensor<4xf32>) {
  // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
  %0 = arith.addf %a, %b fastmath<fast> : f32
  // CHECK: arith.subf
  %1 = arith.subf %0, %b : f32
  // CHECK: arith.mulf
  %2 = arith.mulf %1, %b : f32
  // CHECK: arith.divf
  %3 = arith.divf %2, %b : f32
  // CHECK: arith.negf
  %4 = arith.negf %3 : f32
  // CHECK: arith.maximumf
  %5 = arith.maximumf %4, %a : f32
  // CHECK: arith.minimumf
  %6 = arith.minimumf %5, %a : f32
  // CHECK: arith.cmpf olt
  %7 = arith.cmpf olt, %6, %a : f32
  // CHECK: arith.extf %{{.*}} : f32 to f64
  %8 = arith.extf %6 : f32 to f64
  // CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f64 to f16
  %9 = arith.truncf %8 : f64 to f16
  // CHECK: arith.bitcast %[[T]] : f16 to i16
  %10 = arith.bitcast %9 : f16 to i16
  // Elementwise on tensors.
  // CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<4xf32>
  %11 = arith.addf %t, %t : tensor<4xf32>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf32>
  %12 = arith.select %m, %11, %t : tensor<4xi1>, tensor<4xf32>
  return %8, %12 : f64, tensor<4xf32>
}
