// RUN: tessel-opt %s -drop-equivalent-buffer-results | FileCheck %s

// A private function that returns one of its arguments (possibly through
// memref.cast) stops returning it, and its callers use the argument they
// passed (cast back where the result's type differs); public functions keep
// their signatures. The CHECK lines are mlir-opt 22's output.

func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, f32) {
  %c = arith.constant 1.0 : f32
  return %a, %b, %c : memref<4xf32>, memref<4xf32>, f32
}
func.func @g(%a: memref<4xf32>) -> memref<?xf32> {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  return %c : memref<?xf32>
}
func.func private @h(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
func.func @caller(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>, f32) {
  %0:3 = call @f(%x, %y) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, f32)
  %1 = call @g(%x) : (memref<4xf32>) -> memref<?xf32>
  %2 = call @h(%y) : (memref<4xf32>) -> memref<4xf32>
  return %0#0, %1, %2, %0#2 : memref<4xf32>, memref<?xf32>, memref<4xf32>, f32
}
func.func private @g2(%a: memref<4xf32>, %n: index) -> (index, memref<?xf32>) {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  return %n, %c : index, memref<?xf32>
}
func.func private @two2(%a: memref<4xf32>, %b: memref<8xf32>) -> (memref<8xf32>, memref<4xf32>) {
  return %b, %a : memref<8xf32>, memref<4xf32>
}
func.func @caller2(%x: memref<4xf32>, %y: memref<8xf32>, %n: index) -> (index, memref<?xf32>, memref<8xf32>) {
  %0:2 = call @g2(%x, %n) : (memref<4xf32>, index) -> (index, memref<?xf32>)
  %1:2 = call @two2(%x, %y) : (memref<4xf32>, memref<8xf32>) -> (memref<8xf32>, memref<4xf32>)
  %2:2 = call @g2(%1#1, %0#0) : (memref<4xf32>, index) -> (index, memref<?xf32>)
  return %2#0, %0#1, %1#0 : index, memref<?xf32>, memref<8xf32>
}

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, f32) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return %arg0, %arg1, %cst : memref<4xf32>, memref<4xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g(%arg0: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return %cast : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @h(%arg0: memref<4xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>, f32) {
// CHECK-NEXT: %0:3 = call @f(%arg0, %arg1) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, f32)
// CHECK-NEXT: %1 = call @g(%arg0) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT: call @h(%arg1) : (memref<4xf32>) -> ()
// CHECK-NEXT: return %0#0, %1, %arg1, %0#2 : memref<4xf32>, memref<?xf32>, memref<4xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @g2(%arg0: memref<4xf32>, %arg1: index) {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @two2(%arg0: memref<4xf32>, %arg1: memref<8xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller2(%arg0: memref<4xf32>, %arg1: memref<8xf32>, %arg2: index) -> (index, memref<?xf32>, memref<8xf32>) {
// CHECK-NEXT: call @g2(%arg0, %arg2) : (memref<4xf32>, index) -> ()
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: call @two2(%arg0, %arg1) : (memref<4xf32>, memref<8xf32>) -> ()
// CHECK-NEXT: call @g2(%arg0, %arg2) : (memref<4xf32>, index) -> ()
// CHECK-NEXT: %cast_0 = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return %arg2, %cast, %arg1 : index, memref<?xf32>, memref<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
