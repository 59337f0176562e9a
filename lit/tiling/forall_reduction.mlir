// RUN: tessel-opt %s -transform-interpreter -verify-diagnostics

// COMPAT: tessel-only
// Tiling a reduction loop with scf.forall would have its tiles race on the
// output (each parallel iteration inserts a partial reduction into the
// same slice; the last one wins). mlir-opt 22 generates that code without
// a word; tessel refuses with a diagnostic (see docs/differences.md).

func.func @forall_reduction(%a: tensor<6x10xf32>, %r: tensor<6xf32>) -> tensor<6xf32> {
  // expected-note @+1 {{target op}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<6x10xf32>) outs(%r : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{cannot tile reduction loop #1 with scf.forall}}
    %1, %f = transform.structured.tile_using_forall %g tile_sizes [2, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
