// RUN: tessel-opt %s -transform-interpreter -split-input-file -verify-diagnostics

// A pack consumer whose tiles would cut across its inner tiles (columns of
// 12 against tiles of 8) is refused, as mlir-opt 22 refuses it.
func.func @f(%a: tensor<32x48xf32>, %b: tensor<32x48xf32>) -> tensor<4x6x8x8xf32> {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c48 = arith.constant 48 : index
  %e = tensor.empty() : tensor<32x48xf32>
  %0 = scf.for %i = %c0 to %c48 step %c12 iter_args(%acc = %e) -> tensor<32x48xf32> {
    %s = tensor.extract_slice %a[0, %i] [32, 12] [1, 1] : tensor<32x48xf32> to tensor<32x12xf32>
    %d = tensor.extract_slice %acc[0, %i] [32, 12] [1, 1] : tensor<32x48xf32> to tensor<32x12xf32>
    %x = linalg.exp ins(%s : tensor<32x12xf32>) outs(%d : tensor<32x12xf32>) -> tensor<32x12xf32>
    %r = tensor.insert_slice %x into %acc[0, %i] [32, 12] [1, 1] : tensor<32x12xf32> into tensor<32x48xf32>
    scf.yield %r : tensor<32x48xf32>
  }
  %pe = tensor.empty() : tensor<4x6x8x8xf32>
  // expected-error @+1 {{failed to fuse consumer of slice}}
  %p = linalg.pack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %pe : tensor<32x48xf32> -> tensor<4x6x8x8xf32>
  return %p : tensor<4x6x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.test.fuse_consumer %c into (%l) : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
