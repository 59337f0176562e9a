// RUN: tessel-opt %s | FileCheck %s

// Float constants print as mlir-opt 22 prints them: APFloat's six-digit
// exponent form when it reads back as the same value, else its natural
// form. APFloat drops decimal digits without rounding before it rounds,
// so 0.69 as f32 does not read back from six digits and prints
// `0.689999997` (not the correctly rounded 0.689999998); 0.13 does. The
// CHECK lines are mlir-opt 22's output.

// CHECK: %cst = arith.constant 0.689999997 : f32
// CHECK: %cst_0 = arith.constant 1.300000e-01 : f32
// CHECK: %cst_1 = arith.constant 0.00999999977 : f32
// CHECK: %cst_2 = arith.constant 78446.9375 : f32
// CHECK: %cst_3 = arith.constant -926736.812 : f32
// CHECK: %cst_4 = arith.constant 9.22999954 : f32
// CHECK: %cst_5 = arith.constant 1.000000e-01 : f64
// CHECK: %cst_6 = arith.constant 123456.789 : f64
// CHECK: %cst_7 = arith.constant 3.000490e-01 : f16
// CHECK: %cst_8 = arith.constant 3.296880e+00 : bf16
// CHECK: %cst_9 = arith.constant dense<[0.689999997, 0.699999988, 1.300000e-01, 1.500000e+00]> : tensor<4xf32>

func.func @f() -> (f32, f32, f32, f32, f32, f32, f64, f64, f16, bf16, tensor<4xf32>) {
  %a = arith.constant 0.69 : f32
  %b = arith.constant 0.13 : f32
  %c = arith.constant 0.01 : f32
  %d = arith.constant 78446.9375 : f32
  %e = arith.constant -926736.84 : f32
  %f = arith.constant 9.23 : f32
  %g = arith.constant 0.1 : f64
  %h = arith.constant 123456.789 : f64
  %i = arith.constant 0.3 : f16
  %j = arith.constant 3.3 : bf16
  %k = arith.constant dense<[0.69, 0.7, 0.13, 1.5]> : tensor<4xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k : f32, f32, f32, f32, f32, f32, f64, f64, f16, bf16, tensor<4xf32>
}
