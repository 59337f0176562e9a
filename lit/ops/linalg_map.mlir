// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --run=m --input=random:1 --input=random:2 --input=random:3 > %t.tensor
// RUN: tessel-opt %s -one-shot-bufferize --run=m --input=random:1 --input=random:2 --input=random:3 > %t.buffer
// RUN: diff %t.tensor %t.buffer

// linalg.map in its short form (the payload op named, its fastmath kept
// unless it is none), in its long form (printed short when the body is one
// op over the inputs), on tensors and on buffers: printed as mlir-opt 22
// prints it (the CHECK lines are its output), and run by the engine the
// same before and after bufferization.

func.func @m(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.map { arith.addf } ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>)
  %s = linalg.map ins(%a : tensor<4x8xf32>) outs(%r : tensor<4x8xf32>)
    (%x: f32, %y: f32) {
      %e = math.exp %x : f32
      linalg.yield %e : f32
    }
  %t = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%a, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) {foo = 1 : i32}
  return %t : tensor<4x8xf32>
}
func.func @mm(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  linalg.map { math.absf } ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>)
  return
}

// CHECK: module {
// CHECK-NEXT: func.func @m(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: %mapped = linalg.map { arith.addf } ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>)
// CHECK-NEXT: %mapped_0 = linalg.map { math.exp } ins(%arg0 : tensor<4x8xf32>) outs(%mapped : tensor<4x8xf32>)
// CHECK-NEXT: %mapped_1 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%arg0, %mapped_0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) {foo = 1 : i32}
// CHECK-NEXT: return %mapped_1 : tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @mm(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>) {
// CHECK-NEXT: linalg.map { math.absf } ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4x8xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: %{{.*}} = "linalg.map"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// GENERIC: %{{.*}} = "arith.addf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC: "linalg.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: %{{.*}} = "linalg.map"(%{{.*}}, %{{.*}}) ({
// GENERIC: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// GENERIC: %{{.*}} = "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "linalg.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: %{{.*}} = "linalg.map"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// GENERIC: %{{.*}} = "arith.addf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GENERIC: "linalg.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: }) {foo = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: "linalg.map"(%{{.*}}, %{{.*}}) ({
// GENERIC: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// GENERIC: %{{.*}} = "math.absf"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "linalg.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: }) : (memref<4x8xf32>, memref<4x8xf32>) -> ()
