// COMPAT: tessel-only (runs the engine)
// RUN: tessel-opt %s --run=f --input=1.5,2 --input=3,-4 | FileCheck %s
// RUN: not tessel-opt %s --run=f --input=1.5 --input=3,-4 2>&1 | FileCheck %s --check-prefix=BAD

// A complex argument is written re,im; results print as (re, im).
func.func @f(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, f32) {
  %m = complex.mul %a, %b : complex<f32>
  %r = complex.abs %b : complex<f32>
  return %m, %r : complex<f32>, f32
}

// CHECK: // result #0: complex<f32>
// CHECK-NEXT: (12.5, 0.0)
// CHECK-NEXT: // result #1: f32
// CHECK-NEXT: 5.0
// BAD: a complex<f32> argument is written re,im (such as 1.5,-2), not '1.5'
