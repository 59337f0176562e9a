// RUN: tessel-opt %s -verify-diagnostics

// COMPAT: tessel-only
// Found by scripts/fuzz.py: a dense literal whose type has more than 2^64
// elements is a diagnostic (mlir-opt 22 accepts it, its element count
// wrapping around; tessel's count overflowed).
func.func @f() -> tensor<3x4611686018427387904xi32> {
  // expected-error @+1 {{elements literal type has more elements than fit in 64 bits}}
  %0 = arith.constant dense<1> : tensor<3x4611686018427387904xi32>
  return %0 : tensor<3x4611686018427387904xi32>
}
