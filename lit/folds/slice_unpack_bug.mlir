// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack | FileCheck %s
// RUN: tessel-opt %s --run=cut_untiled --input=random:1 --output=%t.a0.npy
// RUN: tessel-opt %s -test-linalg-transform-patterns=test-fold-into-pack-and-unpack --run=cut_untiled --input=random:1 --output=%t.a1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON

// mlir-opt 22 folds an extract_slice of an unpack into the unpack when the
// tiled dims keep their tile counts, without looking at the untiled dims:
// a slice that cuts one gives an unpack its verifier rejects ("expected
// 'tensor<2x1x5xf32>' for the packed domain value, got
// 'tensor<2x7x5xf32>'") and the pass fails; with a dynamic untiled size it
// gives an unpack whose dest is shorter than its source says. tessel folds
// only when every untiled dim stays whole: the same constant, the same
// value, or tensor.dim of the dest. mlir-opt 22's canonicalize has the
// same check (an unpack whose one use is such a slice writes into the
// slice of its dest) and fails the same way; tessel's does not.

// CANON-LABEL: func.func @cut_untiled(
// CANON:         %[[U:.+]] = tensor.unpack %arg0 inner_dims_pos = [0] inner_tiles = [5] into %{{.+}} : tensor<2x7x5xf32> -> tensor<8x7xf32>
// CANON:         tensor.extract_slice %[[U]][0, 0] [8, 1] [1, 1]
// CHECK-LABEL: func.func @cut_untiled(
// CHECK:         %[[U:.+]] = tensor.unpack
// CHECK:         tensor.extract_slice %[[U]][0, 0] [8, 1] [1, 1] : tensor<8x7xf32> to tensor<8x1xf32>
func.func @cut_untiled(%src: tensor<2x7x5xf32>) -> tensor<8x1xf32> {
  %e = tensor.empty() : tensor<8x7xf32>
  %u = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [5] into %e : tensor<2x7x5xf32> -> tensor<8x7xf32>
  %r = tensor.extract_slice %u[0, 0] [8, 1] [1, 1] : tensor<8x7xf32> to tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// CHECK-LABEL: func.func @dynamic_untiled(
// CHECK:         %[[U:.+]] = tensor.unpack
// CHECK:         tensor.extract_slice %[[U]][0, 0] [%arg2, 30] [1, 1]
func.func @dynamic_untiled(%s: tensor<?x4x8xf32>, %d: tensor<?x32xf32>, %n: index) -> tensor<?x30xf32> {
  %u = tensor.unpack %s inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<?x4x8xf32> -> tensor<?x32xf32>
  %x = tensor.extract_slice %u[0, 0] [%n, 30] [1, 1] : tensor<?x32xf32> to tensor<?x30xf32>
  return %x : tensor<?x30xf32>
}
