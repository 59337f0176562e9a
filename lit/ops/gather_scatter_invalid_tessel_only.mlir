// RUN: tessel-opt %s -verify-diagnostics
// COMPAT: tessel-only

// A tensor.scatter whose result is not its destination's type: mlir-opt 22
// accepts it (its verifier does not look), though the op returns the
// updated destination; tessel rejects it (docs/differences.md).

func.func @i(%t: tensor<4x5xf32>, %i: tensor<3x1xindex>, %s: tensor<3x1x5xf32>) {
  // expected-error @+1 {{'tensor.scatter' op requires the result to have the destination's type}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) unique : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x6xf32>
  return
}
