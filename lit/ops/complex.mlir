// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s | tessel-opt | FileCheck %s

// Every op of the complex dialect, printed as mlir-opt 22 prints it (custom and
// generic form: the fastmath property defaults to none, powi has none).

func.func @ops(%a: complex<f32>, %b: complex<f32>, %f: f32, %g: f32, %i: i32) -> complex<f32> {
  %abs = complex.abs %a : complex<f32>
  %add = complex.add %a, %b : complex<f32>
  %ang = complex.angle %a : complex<f32>
  %at = complex.atan2 %a, %b : complex<f32>
  %bc = complex.bitcast %a : complex<f32> to i64
  %cj = complex.conj %a : complex<f32>
  %cst = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %cos = complex.cos %a : complex<f32>
  %cr = complex.create %f, %g : complex<f32>
  %div = complex.div %a, %b : complex<f32>
  %eq = complex.eq %a, %b : complex<f32>
  %exp = complex.exp %a : complex<f32>
  %em = complex.expm1 %a : complex<f32>
  %im = complex.im %a : complex<f32>
  %log = complex.log %a : complex<f32>
  %l1 = complex.log1p %a : complex<f32>
  %mul = complex.mul %a, %b fastmath<nnan,ninf> : complex<f32>
  %neg = complex.neg %a : complex<f32>
  %ne = complex.neq %a, %b : complex<f32>
  %pow = complex.pow %a, %b : complex<f32>
  %pi = complex.powi %a, %i : complex<f32>, i32
  %re = complex.re %a fastmath<fast> : complex<f32>
  %rs = complex.rsqrt %a : complex<f32>
  %sg = complex.sign %a : complex<f32>
  %sin = complex.sin %a : complex<f32>
  %sq = complex.sqrt %a : complex<f32>
  %sub = complex.sub %a, %b : complex<f32>
  %tan = complex.tan %a : complex<f32>
  %th = complex.tanh %a : complex<f32>
  return %th : complex<f32>
}

// CHECK-LABEL: func.func @ops(%arg0: complex<f32>, %arg1: complex<f32>, %arg2: f32, %arg3: f32, %arg4: i32) -> complex<f32> {
// CHECK-NEXT: %0 = complex.abs %arg0 : complex<f32>
// CHECK-NEXT: %1 = complex.add %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %2 = complex.angle %arg0 : complex<f32>
// CHECK-NEXT: %3 = complex.atan2 %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %4 = complex.bitcast %arg0 : complex<f32> to i64
// CHECK-NEXT: %5 = complex.conj %arg0 : complex<f32>
// CHECK-NEXT: %cst = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
// CHECK-NEXT: %6 = complex.cos %arg0 : complex<f32>
// CHECK-NEXT: %7 = complex.create %arg2, %arg3 : complex<f32>
// CHECK-NEXT: %8 = complex.div %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %9 = complex.eq %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %10 = complex.exp %arg0 : complex<f32>
// CHECK-NEXT: %11 = complex.expm1 %arg0 : complex<f32>
// CHECK-NEXT: %12 = complex.im %arg0 : complex<f32>
// CHECK-NEXT: %13 = complex.log %arg0 : complex<f32>
// CHECK-NEXT: %14 = complex.log1p %arg0 : complex<f32>
// CHECK-NEXT: %15 = complex.mul %arg0, %arg1 fastmath<nnan,ninf> : complex<f32>
// CHECK-NEXT: %16 = complex.neg %arg0 : complex<f32>
// CHECK-NEXT: %17 = complex.neq %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %18 = complex.pow %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %19 = complex.powi %arg0, %arg4 : complex<f32>, i32
// CHECK-NEXT: %20 = complex.re %arg0 fastmath<fast> : complex<f32>
// CHECK-NEXT: %21 = complex.rsqrt %arg0 : complex<f32>
// CHECK-NEXT: %22 = complex.sign %arg0 : complex<f32>
// CHECK-NEXT: %23 = complex.sin %arg0 : complex<f32>
// CHECK-NEXT: %24 = complex.sqrt %arg0 : complex<f32>
// CHECK-NEXT: %25 = complex.sub %arg0, %arg1 : complex<f32>
// CHECK-NEXT: %26 = complex.tan %arg0 : complex<f32>
// CHECK-NEXT: %27 = complex.tanh %arg0 : complex<f32>
// CHECK-NEXT: return %27 : complex<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC-LABEL: "func.func"
// GENERIC: ^bb0(%arg0: complex<f32>, %arg1: complex<f32>, %arg2: f32, %arg3: f32, %arg4: i32):
// GENERIC-NEXT: %0 = "complex.abs"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> f32
// GENERIC-NEXT: %1 = "complex.add"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %2 = "complex.angle"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> f32
// GENERIC-NEXT: %3 = "complex.atan2"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %4 = "complex.bitcast"(%arg0) : (complex<f32>) -> i64
// GENERIC-NEXT: %5 = "complex.conj"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %6 = "complex.constant"() <{value = [1.000000e+00 : f32, 2.000000e+00 : f32]}> : () -> complex<f32>
// GENERIC-NEXT: %7 = "complex.cos"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %8 = "complex.create"(%arg2, %arg3) : (f32, f32) -> complex<f32>
// GENERIC-NEXT: %9 = "complex.div"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %10 = "complex.eq"(%arg0, %arg1) : (complex<f32>, complex<f32>) -> i1
// GENERIC-NEXT: %11 = "complex.exp"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %12 = "complex.expm1"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %13 = "complex.im"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> f32
// GENERIC-NEXT: %14 = "complex.log"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %15 = "complex.log1p"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %16 = "complex.mul"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %17 = "complex.neg"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %18 = "complex.neq"(%arg0, %arg1) : (complex<f32>, complex<f32>) -> i1
// GENERIC-NEXT: %19 = "complex.pow"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %20 = "complex.powi"(%arg0, %arg4) : (complex<f32>, i32) -> complex<f32>
// GENERIC-NEXT: %21 = "complex.re"(%arg0) <{fastmath = #arith.fastmath<fast>}> : (complex<f32>) -> f32
// GENERIC-NEXT: %22 = "complex.rsqrt"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %23 = "complex.sign"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %24 = "complex.sin"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %25 = "complex.sqrt"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %26 = "complex.sub"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC-NEXT: %27 = "complex.tan"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: %28 = "complex.tanh"(%arg0) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> complex<f32>
// GENERIC-NEXT: "func.return"(%28) : (complex<f32>) -> ()
