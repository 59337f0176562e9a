// RUN: tessel-opt %s -canonicalize | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:7 --output=%t.before.npy
// RUN: tessel-opt %s -canonicalize --run=f --input=random:7 --output=%t.after.npy
// RUN: cmp %t.before.npy %t.after.npy

// COMPAT: tessel-only
// Beyond mlir-opt 22, which keeps this pair: unpack(pack(x)) with a padding
// value is x too, since the unpack drops exactly the padded slots (the same
// random input gives the same bits before and after;
// tests/fold_differential.rs checks 800 random pairs bit for bit).
// CHECK-LABEL: func.func @f(%arg0: tensor<13x8xf32>) -> tensor<13x8xf32> {
// CHECK-NEXT:    return %arg0 : tensor<13x8xf32>
func.func @f(%x: tensor<13x8xf32>) -> tensor<13x8xf32> {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1x8x8xf32>
  %p = linalg.pack %x padding_value(%c : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<13x8xf32> -> tensor<2x1x8x8xf32>
  %d = tensor.empty() : tensor<13x8xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<2x1x8x8xf32> -> tensor<13x8xf32>
  return %u : tensor<13x8xf32>
}
