// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: tessel-opt %s "-one-shot-bufferize=bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries --run=caller --input=iota --input=2.0 > %t.buf
// RUN: tessel-opt %s --run=caller --input=iota --input=2.0 > %t.ref
// RUN: head -2 %t.ref | sed 's/tensor/memref/' > %t.ref4
// RUN: head -2 %t.buf > %t.buf4
// RUN: diff %t.ref4 %t.buf4

// Calls with function boundaries, as mlir-opt 22 bufferizes them (the
// CHECK lines are its output): each callee is analyzed first and its
// calls follow what it does to its arguments (read, written, returned as
// the same buffer); a declaration is assumed to read and write them all.

// Written but not read by @fill: out of place (@caller reads %a after the
// call), a new buffer without a copy, cast to the callee's layout.
// ANALYSIS-LABEL: func.func private @fill
// ANALYSIS-SAME: {bufferization.access = "write"}
// ANALYSIS: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
// ANALYSIS-LABEL: func.func private @ext
// ANALYSIS-SAME: {bufferization.access = "read-write"}
// ANALYSIS-LABEL: func.func @calls_ext
// ANALYSIS: call @fill(%arg0, %arg1) {__inplace_operands_attr__ = ["false", "none"]}
// CHECK-LABEL: func.func private @ext(memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @calls_ext
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: call @fill(%[[C]], %arg1)
// The fresh buffer @fresh returns is returned by @caller too, and @ext may
// write its argument: copied before the call.
// CHECK: %[[N:.*]] = call @fresh(%arg1) : (f32) -> memref<4xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[N]], %[[B]]
// CHECK: call @ext(
func.func private @fill(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
func.func private @fresh(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @calls_ext(%a: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = call @fill(%a, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %n = call @fresh(%v) : (f32) -> tensor<4xf32>
  %e = call @ext(%n) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %x, %n, %e : tensor<4xf32>, f32, tensor<4xf32>, tensor<4xf32>
}

// Callees defined after their callers are bufferized first; in place
// through a loop and a chain of calls.
// CHECK-LABEL: func.func @caller
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %arg0)
// CHECK-NEXT: func.call @scale(%[[ACC]], %arg1)
// CHECK: call @twice(
// CHECK-LABEL: func.func @scale
// CHECK: return %arg0 : memref<8xf32, strided<[?], offset: ?>>
func.func @caller(%a: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> (tensor<8xf32>) {
    %s = func.call @scale(%acc, %v) : (tensor<8xf32>, f32) -> tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  %t = func.call @twice(%r, %v) : (tensor<8xf32>, f32) -> tensor<8xf32>
  return %t : tensor<8xf32>
}
func.func @twice(%a: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %x = func.call @scale(%a, %v) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %y = func.call @scale(%x, %v) : (tensor<8xf32>, f32) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
func.func @scale(%a: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<8xf32>) {
  ^bb0(%x: f32):
    %m = arith.mulf %x, %v : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// The call returns a view of %a, which is overwritten afterwards: the
// call's result is copied (not its operand, which the callee only reads).
// CHECK-LABEL: func.func @use_slice
// CHECK: %[[S:.*]] = call @slice_of(%arg0)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[A]]
// CHECK-NEXT: linalg.fill
// CHECK: return %[[A]], %arg0
func.func @slice_of(%a: tensor<8xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %a[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @use_slice(%a: tensor<8xf32>, %v: f32) -> (tensor<4xf32>, tensor<8xf32>) {
  %s = func.call @slice_of(%a) : (tensor<8xf32>) -> tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  return %s, %f : tensor<4xf32>, tensor<8xf32>
}
