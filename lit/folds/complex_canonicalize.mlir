// RUN: tessel-opt %s --canonicalize | FileCheck %s

// The complex dialect's folds and canonicalization patterns, byte for byte with
// mlir-opt 22 (scripts/upstream_parity.py --canonicalize-files in CI).

func.func @parts(%z: complex<f32>, %a: f32, %b: f32) -> (complex<f32>, f32, f32, f32, f32) {
  %re = complex.re %z : complex<f32>
  %im = complex.im %z : complex<f32>
  %c = complex.create %re, %im : complex<f32>
  %k = complex.constant [1.5 : f32, -2.0 : f32] : complex<f32>
  %kr = complex.re %k : complex<f32>
  %ki = complex.im %k : complex<f32>
  %cr = complex.create %a, %b : complex<f32>
  %n = complex.neg %cr : complex<f32>
  %nr = complex.re %n : complex<f32>
  %ni = complex.im %n : complex<f32>
  return %c, %kr, %ki, %nr, %ni : complex<f32>, f32, f32, f32, f32
}
func.func @identities(%a: complex<f64>, %b: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>) {
  %s = complex.sub %a, %b : complex<f64>
  %x1 = complex.add %s, %b : complex<f64>
  %x2 = complex.add %b, %s : complex<f64>
  %t = complex.add %a, %b : complex<f64>
  %x3 = complex.sub %t, %b : complex<f64>
  %zero = complex.constant [0.0 : f64, -0.0 : f64] : complex<f64>
  %one = complex.constant [1.0 : f64, 0.0 : f64] : complex<f64>
  %x4 = complex.add %a, %zero : complex<f64>
  %x5 = complex.sub %a, %zero : complex<f64>
  %x6 = complex.mul %a, %one : complex<f64>
  %x7 = complex.div %a, %one : complex<f64>
  %n = complex.neg %a : complex<f64>
  %x8 = complex.neg %n : complex<f64>
  %c = complex.conj %a : complex<f64>
  %x9 = complex.conj %c : complex<f64>
  %e = complex.exp %a : complex<f64>
  %x10 = complex.log %e : complex<f64>
  %l = complex.log %a : complex<f64>
  %x11 = complex.exp %l : complex<f64>
  return %x1, %x2, %x3, %x4, %x5, %x6, %x7, %x8, %x9, %x10, %x11 : complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>
}
func.func @casts(%z: complex<f32>, %i: i64, %f: f64) -> (complex<f32>, i64, complex<f32>, f64, complex<f32>) {
  %a = complex.bitcast %z : complex<f32> to complex<f32>
  %b = complex.bitcast %z : complex<f32> to i64
  %c = complex.bitcast %b : i64 to complex<f32>
  %d = complex.bitcast %z : complex<f32> to f64
  %e = arith.bitcast %d : f64 to i64
  %g = arith.bitcast %f : f64 to i64
  %h = complex.bitcast %g : i64 to complex<f32>
  return %a, %e, %c, %d, %h : complex<f32>, i64, complex<f32>, f64, complex<f32>
}

// CHECK-LABEL: func.func @parts(%arg0: complex<f32>, %arg1: f32, %arg2: f32) -> (complex<f32>, f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %0 = arith.negf %arg1 : f32
// CHECK-NEXT: %1 = arith.negf %arg2 : f32
// CHECK-NEXT: return %arg0, %cst, %cst_0, %0, %1 : complex<f32>, f32, f32, f32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @identities(%arg0: complex<f64>, %arg1: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>) {
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0 : complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @casts(%arg0: complex<f32>, %arg1: i64, %arg2: f64) -> (complex<f32>, i64, complex<f32>, f64, complex<f32>) {
// CHECK-NEXT: %0 = complex.bitcast %arg0 : complex<f32> to f64
// CHECK-NEXT: %1 = complex.bitcast %arg0 : complex<f32> to i64
// CHECK-NEXT: %2 = complex.bitcast %arg2 : f64 to complex<f32>
// CHECK-NEXT: return %arg0, %1, %arg0, %0, %2 : complex<f32>, i64, complex<f32>, f64, complex<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
