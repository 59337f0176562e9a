// RUN: tessel-opt %s '--canonicalize=test-convergence' | FileCheck %s
// RUN: tessel-opt %s '--pass-pipeline=builtin.module(canonicalize{test-convergence max-iterations=10 region-simplify=normal top-down=false})' | FileCheck %s
// RUN: not tessel-opt %s '--canonicalize=test-convergence max-iterations=1' 2>&1 | FileCheck %s --check-prefix=NOCONV
// RUN: not tessel-opt %s '--canonicalize=region-simplify=fancy' 2>&1 | FileCheck %s --check-prefix=BADOPT

// canonicalize's options as mlir-opt 22 takes them: test-convergence
// (upstream's canonicalize tests run with it) fails the pass when the IR
// still changes in the last of max-iterations iterations (mlir-opt fails
// with no message; tessel says why); top-down picks the visiting order;
// region-simplify is accepted (tessel's regions have no branches to merge).

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: return %arg0 : i32

// NOCONV: error: canonicalize did not converge within 1 iterations (test-convergence)
// BADOPT: option 'region-simplify' must be disabled, normal or aggressive, got 'fancy'
