// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-deallocation-pipeline | FileCheck %s
// RUN: tessel-opt %s --run=w --input=iota --input=9 > %t.ref
// RUN: tessel-opt %s -one-shot-bufferize --run=w --input=iota --input=9 > %t.buf
// RUN: diff %t.ref %t.buf
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-deallocation-pipeline --run=w --input=iota --input=9 --run-check-leaks | FileCheck %s --check-prefix=EXEC

// tensor.reshape bufferizes as mlir-opt 22 does it (the CHECK lines are its
// output): memref.reshape needs an identity layout, so a source of another
// layout is copied into a new buffer first; the shape operand is read; a
// write into the result (out of place here: the source is returned too)
// copies it into a buffer sized by the shape's elements (a dim of a
// memref.reshape is the load of its shape, right after the reshape).

// CHECK-LABEL: func.func @w
// CHECK:         %[[SHAPE:.*]] = memref.get_global @__constant_2xindex : memref<2xindex>
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x2xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[A]] : memref<4x2xf32, strided<[?, ?], offset: ?>> to memref<4x2xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.reshape %[[A]](%[[SHAPE]]) : (memref<4x2xf32>, memref<2xindex>) -> memref<?x?xf32>
// CHECK-NEXT:    %[[D1:.*]] = memref.load %[[SHAPE]][%c1] : memref<2xindex>
// CHECK-NEXT:    %[[D0:.*]] = memref.load %[[SHAPE]][%c0] : memref<2xindex>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc(%[[D0]], %[[D1]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK-NEXT:    memref.copy %[[R]], %[[B]] : memref<?x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    memref.store %arg1, %[[B]][%c1, %c0] : memref<?x?xf32>
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg0
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<4x2xf32>
// CHECK-NEXT:    return %[[B]], %[[C]]
// EXEC: // result #0: memref<2x4xf32>
// EXEC-NEXT: {{\[}}[0.0, 1.0, 2.0, 3.0],
// EXEC-NEXT:  [9.0, 5.0, 6.0, 7.0]]
func.func @w(%t: tensor<4x2xf32>, %v: f32) -> (tensor<?x?xf32>, tensor<4x2xf32>) {
  %s = arith.constant dense<[2, 4]> : tensor<2xindex>
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = tensor.insert %v into %0[%c1, %c0] : tensor<?x?xf32>
  return %1, %t : tensor<?x?xf32>, tensor<4x2xf32>
}
