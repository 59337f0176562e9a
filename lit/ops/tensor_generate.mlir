// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-opt - | FileCheck %s
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF
// RUN: tessel-opt %s --run=g --input=2 --input=0.5 | FileCheck %s --check-prefix=VALUES
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries --run=g --input=2 --input=0.5 | FileCheck %s --check-prefix=VALUES

// tensor.generate, printed as mlir-opt 22 prints it (two spaces before the
// body when there are no extents), run by the engine element by element,
// and bufferized as 22 does: an allocation and a linalg.map of the body.

// CHECK-LABEL: func.func @g
// CHECK: %generated = tensor.generate %arg0 {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK: tensor.yield %{{.*}} : f32
// CHECK-NEXT: } : tensor<?x3xf32>
// CHECK-LABEL: func.func @s
// CHECK: %generated = tensor.generate  {
// BUF-LABEL: func.func @g
// BUF: %[[A:.*]] = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x3xf32>
// BUF-NEXT: linalg.map outs(%[[A]] : memref<?x3xf32>)
// BUF-NEXT: (%init: f32) {
// BUF-NEXT: %[[I:.*]] = linalg.index 0 : index
// BUF-NEXT: %[[J:.*]] = linalg.index 1 : index
// BUF-NEXT: arith.addi %[[I]], %[[J]] : index
// VALUES: {{\[\[}}0.5, 1.5, 2.5],
// VALUES-NEXT: [1.5, 2.5, 3.5]]
func.func @g(%n: index, %v: f32) -> tensor<?x3xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %c = arith.index_cast %s : index to i32
    %f = arith.sitofp %c : i32 to f32
    %r = arith.addf %f, %v : f32
    tensor.yield %r : f32
  } : tensor<?x3xf32>
  return %t : tensor<?x3xf32>
}
func.func @s() -> tensor<2x2xindex> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    tensor.yield %i : index
  } : tensor<2x2xindex>
  return %t : tensor<2x2xindex>
}
