// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s

// Complex numbers in attributes, printed as mlir-opt 22 prints them: dense
// literals of complex elements (a splat when every element is the same)
// and #complex.number, which carries its type.
func.func @dense() -> (tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<i32>>, tensor<2xcomplex<f32>>) attributes {one = #complex.number<:f32 1.1, -2.0>, two = #complex.number<:f64 0.5, 3.0> : complex<f64>} {
  %a = arith.constant dense<[(1.0, 2.0), (3.0, -4.5)]> : tensor<2xcomplex<f32>>
  %b = arith.constant dense<[[(1.0, 0.0), (0.0, 1.0)], [(0.5, 0.25), (-1.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  %c = arith.constant dense<(1, 2)> : tensor<3xcomplex<i32>>
  %d = arith.constant dense<[(2.0, 2.0), (2.0, 2.0)]> : tensor<2xcomplex<f32>>
  return %a, %b, %c, %d : tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<i32>>, tensor<2xcomplex<f32>>
}

// CHECK-LABEL: func.func @dense() -> (tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<i32>>, tensor<2xcomplex<f32>>) attributes {one = #complex.number<:f32 1.100000e+00, -2.000000e+00> : complex<f32>, two = #complex.number<:f64 5.000000e-01, 3.000000e+00> : complex<f64>} {
// CHECK-NEXT: %cst = arith.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.500000e+00)]> : tensor<2xcomplex<f32>>
// CHECK-NEXT: %cst_0 = arith.constant dense<{{\[\[}}(1.000000e+00,0.000000e+00), (0.000000e+00,1.000000e+00)], [(5.000000e-01,2.500000e-01), (-1.000000e+00,-1.000000e+00)]]> : tensor<2x2xcomplex<f64>>
// CHECK-NEXT: %cst_1 = arith.constant dense<(1,2)> : tensor<3xcomplex<i32>>
// CHECK-NEXT: %cst_2 = arith.constant dense<(2.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2 : tensor<2xcomplex<f32>>, tensor<2x2xcomplex<f64>>, tensor<3xcomplex<i32>>, tensor<2xcomplex<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
