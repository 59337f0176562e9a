// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --run=m --input=2.0 --input=3.0 --input=4.0 --input=-5 --input=8 --input=1e-40 | FileCheck %s --check-prefix=VALUES

// The rest of the math dialect's everyday ops: fma, atan2, copysign, the
// hyperbolic and inverse trigonometric functions, erfc, fpowi, the integer
// absi/ctlz/cttz/ctpop/ipowi and the classification predicates (an i1 per
// element, their fastmath in the attribute dictionary): printed as
// mlir-opt 22 prints them (the CHECK lines are its output), run by the
// engine (isnormal looks at the f32's own bits: 1e-40 is subnormal).

func.func @f(%a: f32, %b: f32, %c: f32, %i: i32, %j: i32, %v: vector<4xf32>) -> (f32, f32, f32, i32, i32, i1, f32, f32, i32, i1) {
  %0 = math.fma %a, %b, %c : f32
  %1 = math.atan2 %a, %b : f32
  %2 = math.copysign %a, %b fastmath<fast> : f32
  %3 = math.absi %i : i32
  %4 = math.ctlz %i : i32
  %5 = math.isnan %a : f32
  %6 = math.sinh %a : f32
  %7 = math.fpowi %a, %j : f32, i32
  %8 = math.ipowi %i, %j : i32
  %9 = math.isfinite %a : f32
  %10 = math.fma %v, %v, %v : vector<4xf32>
  %11 = math.erfc %a : f32
  %12 = math.ctpop %i : i32
  %13 = math.cttz %i : i32
  %14 = math.isinf %a : f32
  %15 = math.isnormal %a : f32
  %16 = math.acos %a : f32
  %17 = math.asin %a : f32
  %18 = math.acosh %a : f32
  %19 = math.asinh %a : f32
  %20 = math.atanh %a : f32
  %21 = math.cosh %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, i32, i32, i1, f32, f32, i32, i1
}
func.func @p(%a: f32) -> (i1, vector<2xi1>) {
  %0 = math.isnan %a {fastmath = #arith.fastmath<nnan>} : f32
  %v = vector.broadcast %a : f32 to vector<2xf32>
  %1 = math.isinf %v : vector<2xf32>
  return %0, %1 : i1, vector<2xi1>
}
func.func @m(%a: f32, %b: f32, %c: f32, %i: i32, %j: i32, %sub: f32) -> (f32, f32, f32, i32, i32, i32, i32, f32, i32, f32, i1, i1, i1, f32, f32) {
  %0 = math.fma %a, %b, %c : f32
  %1 = math.atan2 %a, %a : f32
  %neg = arith.negf %c : f32
  %2 = math.copysign %b, %neg : f32
  %3 = math.absi %i : i32
  %4 = math.ctlz %j : i32
  %5 = math.cttz %j : i32
  %6 = math.ctpop %j : i32
  %7 = math.fpowi %a, %j : f32, i32
  %three = arith.constant 3 : i32
  %8 = math.ipowi %three, %j : i32
  %zero = arith.constant 0.0 : f32
  %9 = math.erfc %zero : f32
  %nan = arith.divf %zero, %zero : f32
  %10 = math.isnan %nan : f32
  %11 = math.isnormal %sub : f32
  %12 = math.isfinite %a : f32
  %13 = math.sinh %zero : f32
  %14 = math.acos %zero : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : f32, f32, f32, i32, i32, i32, i32, f32, i32, f32, i1, i1, i1, f32, f32
}

// CHECK: func.func @f(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: i32, %arg4: i32, %arg5: vector<4xf32>) -> (f32, f32, f32, i32, i32, i1, f32, f32, i32, i1) {
// CHECK-NEXT: %0 = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT: %1 = math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: %2 = math.copysign %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %3 = math.absi %arg3 : i32
// CHECK-NEXT: %4 = math.ctlz %arg3 : i32
// CHECK-NEXT: %5 = math.isnan %arg0 : f32
// CHECK-NEXT: %6 = math.sinh %arg0 : f32
// CHECK-NEXT: %7 = math.fpowi %arg0, %arg4 : f32, i32
// CHECK-NEXT: %8 = math.ipowi %arg3, %arg4 : i32
// CHECK-NEXT: %9 = math.isfinite %arg0 : f32
// CHECK-NEXT: %10 = math.fma %arg5, %arg5, %arg5 : vector<4xf32>
// CHECK-NEXT: %11 = math.erfc %arg0 : f32
// CHECK-NEXT: %12 = math.ctpop %arg3 : i32
// CHECK-NEXT: %13 = math.cttz %arg3 : i32
// CHECK-NEXT: %14 = math.isinf %arg0 : f32
// CHECK-NEXT: %15 = math.isnormal %arg0 : f32
// CHECK-NEXT: %16 = math.acos %arg0 : f32
// CHECK-NEXT: %17 = math.asin %arg0 : f32
// CHECK-NEXT: %18 = math.acosh %arg0 : f32
// CHECK-NEXT: %19 = math.asinh %arg0 : f32
// CHECK-NEXT: %20 = math.atanh %arg0 : f32
// CHECK-NEXT: %21 = math.cosh %arg0 : f32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, i32, i32, i1, f32, f32, i32, i1
// CHECK-NEXT: }
// CHECK-NEXT: func.func @p(%arg0: f32) -> (i1, vector<2xi1>) {
// CHECK-NEXT: %0 = math.isnan %arg0 {fastmath = #arith.fastmath<nnan>} : f32
// CHECK-NEXT: %1 = vector.broadcast %arg0 : f32 to vector<2xf32>
// CHECK-NEXT: %2 = math.isinf %1 : vector<2xf32>
// CHECK-NEXT: return %0, %2 : i1, vector<2xi1>
// CHECK-NEXT: }

// VALUES: // result #0: f32
// VALUES-NEXT: 10.0
// VALUES-NEXT: // result #1: f32
// VALUES-NEXT: 0.7853981852531433
// VALUES-NEXT: // result #2: f32
// VALUES-NEXT: -3.0
// VALUES-NEXT: // result #3: i32
// VALUES-NEXT: 5
// VALUES-NEXT: // result #4: i32
// VALUES-NEXT: 28
// VALUES-NEXT: // result #5: i32
// VALUES-NEXT: 3
// VALUES-NEXT: // result #6: i32
// VALUES-NEXT: 1
// VALUES-NEXT: // result #7: f32
// VALUES-NEXT: 256.0
// VALUES-NEXT: // result #8: i32
// VALUES-NEXT: 6561
// VALUES-NEXT: // result #9: f32
// VALUES-NEXT: 1.0
// VALUES-NEXT: // result #10: i1
// VALUES-NEXT: true
// VALUES-NEXT: // result #11: i1
// VALUES-NEXT: false
// VALUES-NEXT: // result #12: i1
// VALUES-NEXT: true
// VALUES-NEXT: // result #13: f32
// VALUES-NEXT: 0.0
// VALUES-NEXT: // result #14: f32
// VALUES-NEXT: 1.5707963705062866
