// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s

// Transfers of memrefs are already on buffers: one-shot bufferization leaves
// them (and the functions taking memrefs) as they are, as mlir-opt 22 does (the
// CHECK lines are its output); the transfer into a tensor is bufferized.

// CHECK-LABEL: func.func @memref_transfers(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0], %cst : memref<2xf32>, vector<2xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg0[%c0] : vector<2xf32>, memref<2xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg1[%c0] : vector<2xf32>, memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0, %arg1 : vector<2xf32>, memref<4xf32, strided<[?], offset: ?>>

// CHECK-LABEL: func.func @caller(
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: %cast = memref.cast %alloc_0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %0:2 = call @memref_transfers(%alloc, %cast) : (memref<2xf32>, memref<4xf32, strided<[?], offset: ?>>) -> (vector<2xf32>, memref<4xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: return %0#0, %0#1 : vector<2xf32>, memref<4xf32, strided<[?], offset: ?>>


func.func @memref_transfers(%m: memref<2xf32>, %t: tensor<4xf32>) -> (vector<2xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %r = vector.transfer_read %m[%c0], %p : memref<2xf32>, vector<2xf32>
  vector.transfer_write %r, %m[%c0] : vector<2xf32>, memref<2xf32>
  %w = vector.transfer_write %r, %t[%c0] : vector<2xf32>, tensor<4xf32>
  return %r, %w : vector<2xf32>, tensor<4xf32>
}

func.func @caller() -> (vector<2xf32>, tensor<4xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %t = tensor.empty() : tensor<4xf32>
  %r:2 = call @memref_transfers(%a, %t) : (memref<2xf32>, tensor<4xf32>) -> (vector<2xf32>, tensor<4xf32>)
  return %r#0, %r#1 : vector<2xf32>, tensor<4xf32>
}
