// RUN: tessel-opt %s -canonicalize | FileCheck %s
// RUN: tessel-opt %s --run=asinh_f32 > %t.run0
// RUN: tessel-opt %s -canonicalize --run=asinh_f32 > %t.run1
// RUN: diff %t.run0 %t.run1
// RUN: tessel-opt %s --run=erfc_f64 > %t.run2
// RUN: tessel-opt %s -canonicalize --run=erfc_f64 > %t.run3
// RUN: diff %t.run2 %t.run3

// The unary math ops fold constants as mlir-opt 22 does, bit for bit
// (scripts/upstream_parity.py compares this whole file after -canonicalize
// with 22's output): f32 with the C library's f32 functions, f64 with its
// f64 ones; log, log2, log10 and sqrt of a negative value (log1p below -1)
// stay; rsqrt and cbrt are not folded (as 22); splats of tensors and
// vectors fold too. The engine computes what the folds compute (the C
// library's asinh, acosh, atanh, erf and erfc).

// CHECK-LABEL: func.func @exp_f32
// CHECK-NEXT:    %cst = arith.constant 1.64872122 : f32
// CHECK-LABEL: func.func @log_f32
// CHECK:         math.log %cst_{{[0-9]+}} : f32
// CHECK-LABEL: func.func @cbrt_f32
// CHECK:         math.cbrt
// CHECK-LABEL: func.func @floor_f64
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %cst_0 = arith.constant -1.000000e+00 : f64
func.func @absf_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.absf %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.absf %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.absf %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.absf %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.absf %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.absf %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.absf %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.absf %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.absf %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.absf %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.absf %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.absf %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @ceil_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.ceil %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.ceil %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.ceil %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.ceil %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.ceil %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.ceil %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.ceil %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.ceil %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.ceil %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.ceil %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.ceil %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.ceil %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @floor_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.floor %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.floor %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.floor %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.floor %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.floor %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.floor %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.floor %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.floor %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.floor %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.floor %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.floor %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.floor %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @trunc_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.trunc %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.trunc %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.trunc %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.trunc %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.trunc %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.trunc %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.trunc %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.trunc %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.trunc %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.trunc %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.trunc %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.trunc %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @round_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.round %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.round %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.round %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.round %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.round %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.round %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.round %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.round %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.round %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.round %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.round %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.round %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @roundeven_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.roundeven %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.roundeven %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.roundeven %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.roundeven %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.roundeven %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.roundeven %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.roundeven %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.roundeven %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.roundeven %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.roundeven %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.roundeven %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.roundeven %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @exp_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.exp %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.exp %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.exp %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.exp %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.exp %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.exp %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.exp %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.exp %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.exp %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.exp %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.exp %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.exp %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @exp2_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.exp2 %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.exp2 %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.exp2 %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.exp2 %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.exp2 %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.exp2 %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.exp2 %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.exp2 %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.exp2 %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.exp2 %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.exp2 %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.exp2 %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @expm1_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.expm1 %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.expm1 %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.expm1 %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.expm1 %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.expm1 %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.expm1 %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.expm1 %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.expm1 %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.expm1 %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.expm1 %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.expm1 %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.expm1 %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.log %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.log %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.log %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.log %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.log %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.log %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.log %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.log %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.log %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.log %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.log %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.log %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log2_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.log2 %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.log2 %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.log2 %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.log2 %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.log2 %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.log2 %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.log2 %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.log2 %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.log2 %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.log2 %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.log2 %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.log2 %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log10_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.log10 %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.log10 %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.log10 %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.log10 %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.log10 %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.log10 %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.log10 %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.log10 %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.log10 %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.log10 %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.log10 %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.log10 %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log1p_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.log1p %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.log1p %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.log1p %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.log1p %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.log1p %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.log1p %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.log1p %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.log1p %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.log1p %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.log1p %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.log1p %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.log1p %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @sqrt_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.sqrt %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.sqrt %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.sqrt %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.sqrt %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.sqrt %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.sqrt %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.sqrt %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.sqrt %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.sqrt %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.sqrt %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.sqrt %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.sqrt %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @sin_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.sin %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.sin %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.sin %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.sin %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.sin %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.sin %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.sin %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.sin %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.sin %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.sin %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.sin %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.sin %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @cos_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.cos %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.cos %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.cos %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.cos %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.cos %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.cos %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.cos %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.cos %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.cos %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.cos %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.cos %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.cos %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @tan_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.tan %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.tan %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.tan %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.tan %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.tan %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.tan %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.tan %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.tan %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.tan %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.tan %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.tan %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.tan %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @tanh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.tanh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.tanh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.tanh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.tanh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.tanh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.tanh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.tanh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.tanh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.tanh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.tanh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.tanh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.tanh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @sinh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.sinh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.sinh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.sinh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.sinh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.sinh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.sinh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.sinh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.sinh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.sinh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.sinh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.sinh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.sinh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @cosh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.cosh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.cosh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.cosh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.cosh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.cosh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.cosh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.cosh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.cosh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.cosh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.cosh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.cosh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.cosh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @atan_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.atan %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.atan %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.atan %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.atan %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.atan %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.atan %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.atan %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.atan %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.atan %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.atan %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.atan %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.atan %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @asin_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.asin %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.asin %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.asin %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.asin %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.asin %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.asin %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.asin %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.asin %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.asin %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.asin %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.asin %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.asin %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @acos_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.acos %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.acos %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.acos %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.acos %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.acos %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.acos %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.acos %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.acos %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.acos %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.acos %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.acos %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.acos %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @asinh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.asinh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.asinh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.asinh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.asinh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.asinh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.asinh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.asinh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.asinh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.asinh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.asinh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.asinh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.asinh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @acosh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.acosh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.acosh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.acosh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.acosh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.acosh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.acosh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.acosh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.acosh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.acosh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.acosh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.acosh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.acosh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @atanh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.atanh %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.atanh %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.atanh %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.atanh %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.atanh %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.atanh %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.atanh %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.atanh %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.atanh %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.atanh %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.atanh %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.atanh %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @cbrt_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.cbrt %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.cbrt %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.cbrt %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.cbrt %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.cbrt %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.cbrt %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.cbrt %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.cbrt %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.cbrt %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.cbrt %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.cbrt %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.cbrt %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @rsqrt_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.rsqrt %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.rsqrt %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.rsqrt %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.rsqrt %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.rsqrt %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.rsqrt %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.rsqrt %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.rsqrt %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.rsqrt %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.rsqrt %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.rsqrt %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.rsqrt %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @erf_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.erf %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.erf %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.erf %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.erf %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.erf %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.erf %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.erf %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.erf %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.erf %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.erf %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.erf %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.erf %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @erfc_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0.5 : f32
  %r0 = math.erfc %c0 : f32
  %c1 = arith.constant -0.5 : f32
  %r1 = math.erfc %c1 : f32
  %c2 = arith.constant 2.5 : f32
  %r2 = math.erfc %c2 : f32
  %c3 = arith.constant -2.5 : f32
  %r3 = math.erfc %c3 : f32
  %c4 = arith.constant 1.0e+01 : f32
  %r4 = math.erfc %c4 : f32
  %c5 = arith.constant -3.0 : f32
  %r5 = math.erfc %c5 : f32
  %c6 = arith.constant 0.0 : f32
  %r6 = math.erfc %c6 : f32
  %c7 = arith.constant -0.0 : f32
  %r7 = math.erfc %c7 : f32
  %c8 = arith.constant 1.5e+00 : f32
  %r8 = math.erfc %c8 : f32
  %c9 = arith.constant 0.7 : f32
  %r9 = math.erfc %c9 : f32
  %c10 = arith.constant -0.99 : f32
  %r10 = math.erfc %c10 : f32
  %c11 = arith.constant 3.14159 : f32
  %r11 = math.erfc %c11 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @absf_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.absf %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.absf %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.absf %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.absf %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.absf %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.absf %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.absf %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.absf %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.absf %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.absf %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.absf %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.absf %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @ceil_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.ceil %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.ceil %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.ceil %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.ceil %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.ceil %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.ceil %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.ceil %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.ceil %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.ceil %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.ceil %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.ceil %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.ceil %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @floor_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.floor %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.floor %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.floor %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.floor %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.floor %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.floor %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.floor %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.floor %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.floor %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.floor %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.floor %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.floor %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @trunc_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.trunc %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.trunc %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.trunc %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.trunc %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.trunc %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.trunc %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.trunc %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.trunc %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.trunc %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.trunc %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.trunc %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.trunc %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @round_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.round %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.round %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.round %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.round %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.round %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.round %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.round %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.round %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.round %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.round %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.round %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.round %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @roundeven_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.roundeven %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.roundeven %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.roundeven %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.roundeven %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.roundeven %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.roundeven %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.roundeven %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.roundeven %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.roundeven %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.roundeven %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.roundeven %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.roundeven %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @exp_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.exp %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.exp %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.exp %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.exp %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.exp %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.exp %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.exp %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.exp %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.exp %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.exp %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.exp %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.exp %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @exp2_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.exp2 %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.exp2 %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.exp2 %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.exp2 %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.exp2 %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.exp2 %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.exp2 %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.exp2 %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.exp2 %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.exp2 %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.exp2 %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.exp2 %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @expm1_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.expm1 %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.expm1 %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.expm1 %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.expm1 %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.expm1 %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.expm1 %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.expm1 %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.expm1 %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.expm1 %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.expm1 %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.expm1 %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.expm1 %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @log_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.log %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.log %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.log %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.log %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.log %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.log %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.log %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.log %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.log %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.log %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.log %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.log %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @log2_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.log2 %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.log2 %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.log2 %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.log2 %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.log2 %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.log2 %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.log2 %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.log2 %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.log2 %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.log2 %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.log2 %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.log2 %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @log10_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.log10 %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.log10 %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.log10 %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.log10 %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.log10 %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.log10 %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.log10 %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.log10 %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.log10 %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.log10 %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.log10 %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.log10 %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @log1p_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.log1p %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.log1p %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.log1p %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.log1p %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.log1p %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.log1p %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.log1p %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.log1p %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.log1p %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.log1p %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.log1p %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.log1p %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @sqrt_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.sqrt %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.sqrt %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.sqrt %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.sqrt %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.sqrt %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.sqrt %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.sqrt %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.sqrt %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.sqrt %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.sqrt %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.sqrt %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.sqrt %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @sin_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.sin %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.sin %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.sin %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.sin %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.sin %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.sin %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.sin %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.sin %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.sin %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.sin %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.sin %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.sin %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @cos_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.cos %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.cos %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.cos %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.cos %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.cos %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.cos %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.cos %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.cos %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.cos %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.cos %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.cos %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.cos %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @tan_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.tan %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.tan %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.tan %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.tan %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.tan %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.tan %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.tan %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.tan %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.tan %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.tan %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.tan %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.tan %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @tanh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.tanh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.tanh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.tanh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.tanh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.tanh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.tanh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.tanh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.tanh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.tanh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.tanh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.tanh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.tanh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @sinh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.sinh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.sinh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.sinh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.sinh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.sinh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.sinh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.sinh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.sinh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.sinh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.sinh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.sinh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.sinh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @cosh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.cosh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.cosh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.cosh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.cosh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.cosh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.cosh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.cosh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.cosh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.cosh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.cosh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.cosh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.cosh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @atan_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.atan %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.atan %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.atan %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.atan %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.atan %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.atan %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.atan %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.atan %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.atan %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.atan %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.atan %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.atan %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @asin_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.asin %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.asin %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.asin %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.asin %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.asin %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.asin %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.asin %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.asin %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.asin %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.asin %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.asin %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.asin %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @acos_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.acos %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.acos %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.acos %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.acos %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.acos %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.acos %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.acos %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.acos %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.acos %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.acos %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.acos %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.acos %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @asinh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.asinh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.asinh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.asinh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.asinh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.asinh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.asinh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.asinh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.asinh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.asinh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.asinh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.asinh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.asinh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @acosh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.acosh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.acosh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.acosh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.acosh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.acosh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.acosh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.acosh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.acosh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.acosh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.acosh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.acosh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.acosh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @atanh_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.atanh %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.atanh %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.atanh %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.atanh %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.atanh %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.atanh %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.atanh %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.atanh %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.atanh %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.atanh %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.atanh %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.atanh %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @cbrt_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.cbrt %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.cbrt %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.cbrt %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.cbrt %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.cbrt %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.cbrt %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.cbrt %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.cbrt %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.cbrt %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.cbrt %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.cbrt %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.cbrt %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @rsqrt_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.rsqrt %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.rsqrt %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.rsqrt %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.rsqrt %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.rsqrt %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.rsqrt %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.rsqrt %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.rsqrt %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.rsqrt %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.rsqrt %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.rsqrt %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.rsqrt %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @erf_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.erf %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.erf %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.erf %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.erf %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.erf %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.erf %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.erf %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.erf %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.erf %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.erf %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.erf %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.erf %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @erfc_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0.5 : f64
  %r0 = math.erfc %c0 : f64
  %c1 = arith.constant -0.5 : f64
  %r1 = math.erfc %c1 : f64
  %c2 = arith.constant 2.5 : f64
  %r2 = math.erfc %c2 : f64
  %c3 = arith.constant -2.5 : f64
  %r3 = math.erfc %c3 : f64
  %c4 = arith.constant 1.0e+01 : f64
  %r4 = math.erfc %c4 : f64
  %c5 = arith.constant -3.0 : f64
  %r5 = math.erfc %c5 : f64
  %c6 = arith.constant 0.0 : f64
  %r6 = math.erfc %c6 : f64
  %c7 = arith.constant -0.0 : f64
  %r7 = math.erfc %c7 : f64
  %c8 = arith.constant 1.5e+00 : f64
  %r8 = math.erfc %c8 : f64
  %c9 = arith.constant 0.7 : f64
  %r9 = math.erfc %c9 : f64
  %c10 = arith.constant -0.99 : f64
  %r10 = math.erfc %c10 : f64
  %c11 = arith.constant 3.14159 : f64
  %r11 = math.erfc %c11 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @splat_absf_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.absf %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.absf %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.absf %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_floor_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.floor %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.floor %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.floor %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_exp_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.exp %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.exp %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.exp %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_log_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.log %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.log %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.log %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_sqrt_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.sqrt %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.sqrt %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.sqrt %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_tanh_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.tanh %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.tanh %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.tanh %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_erf_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.erf %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.erf %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.erf %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_round_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant dense<0.5> : tensor<4xf32>
  %r0 = math.round %c0 : tensor<4xf32>
  %c1 = arith.constant dense<-2.5> : tensor<4xf32>
  %r1 = math.round %c1 : tensor<4xf32>
  %c2 = arith.constant dense<3.0> : tensor<4xf32>
  %r2 = math.round %c2 : tensor<4xf32>
  return %r0, %r1, %r2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
func.func @splat_absf_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.absf %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.absf %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.absf %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_floor_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.floor %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.floor %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.floor %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_exp_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.exp %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.exp %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.exp %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_log_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.log %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.log %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.log %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_sqrt_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.sqrt %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.sqrt %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.sqrt %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_tanh_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.tanh %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.tanh %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.tanh %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_erf_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.erf %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.erf %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.erf %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
func.func @splat_round_f64() -> (vector<4xf64>, vector<4xf64>, vector<4xf64>) {
  %c0 = arith.constant dense<0.5> : vector<4xf64>
  %r0 = math.round %c0 : vector<4xf64>
  %c1 = arith.constant dense<-2.5> : vector<4xf64>
  %r1 = math.round %c1 : vector<4xf64>
  %c2 = arith.constant dense<3.0> : vector<4xf64>
  %r2 = math.round %c2 : vector<4xf64>
  return %r0, %r1, %r2 : vector<4xf64>, vector<4xf64>, vector<4xf64>
}
