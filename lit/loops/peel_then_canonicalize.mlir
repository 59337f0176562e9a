// COMPAT: tessel-only (--run)
// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=peeled_pack --input=random:3 --input=random:4 > %t.before
// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule --run=peeled_pack --input=random:3 --input=random:4 > %t.after
// RUN: diff %t.before %t.after

// transform.apply_patterns.scf.for_loop_canonicalization after peeling a
// padded pack's tile loop (as mlir-opt 22 does it; its raw output differs
// only in the order of three constants its tiler leaves). The main loop
// runs whole steps (%i in {0, 2}), so its source rows are
// min(16, 37 - 8 * %i) = 16; the last step (%i = 4) stays in a copy.
// CHECK-LABEL: func.func @peeled_pack(
// CHECK: scf.for %[[I:.*]] = %c0 to %c4 step %c2
// CHECK-NOT: affine.min
// CHECK: tensor.extract_slice %arg0[%{{.*}}, 0] [%c16, 64] [1, 1]
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %c4 to %c5 step %c2
// CHECK: affine.min
func.func @peeled_pack(%a: tensor<37x64xf32>, %d: tensor<5x8x8x8xf32>) -> tensor<5x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<37x64xf32> -> tensor<5x8x8x8xf32>
  return %p : tensor<5x8x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %p tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">)
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.scf.for_loop_canonicalization
    } : !transform.any_op
    transform.yield
  }
}
