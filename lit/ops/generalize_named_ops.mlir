// RUN: tessel-opt %s --linalg-generalize-named-ops | FileCheck %s
// RUN: tessel-opt %s --run=f --input=random:1 --input=random:2 --input=random:3 --input=random:4 --input=random:5 --input=random:6 --input=random:7 > %t.named
// RUN: tessel-opt %s --linalg-generalize-named-ops --run=f --input=random:1 --input=random:2 --input=random:3 --input=random:4 --input=random:5 --input=random:6 --input=random:7 > %t.generic
// RUN: diff %t.named %t.generic

// --linalg-generalize-named-ops: each named structured op becomes the
// linalg.generic of its maps, iterators and body, in the greedy driver
// (constants hoisted), byte for byte with mlir-opt 22 (the CHECK lines are
// its output; scripts/upstream_parity.py --pass-file in CI); the values
// are the same before and after.

func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>, %r: tensor<4xf32>, %v: tensor<8xf32>, %m: memref<4x8xf32>, %n: memref<8x4xf32>) -> (tensor<4x2xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%r : tensor<4xf32>) dimensions = [1]
  %3 = linalg.broadcast ins(%v : tensor<8xf32>) outs(%a : tensor<4x8xf32>) dimensions = [0]
  %4 = linalg.map { arith.addf } ins(%a, %1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  linalg.transpose ins(%m : memref<4x8xf32>) outs(%n : memref<8x4xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%m : memref<4x8xf32>)
  linalg.copy ins(%m : memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  return %0, %1, %2, %3, %4 : tensor<4x2xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d1)>
// CHECK-NEXT: #map6 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map7 = affine_map<(d0, d1) -> ()>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>, %arg2: tensor<4x2xf32>, %arg3: tensor<4xf32>, %arg4: tensor<8xf32>, %arg5: memref<4x8xf32>, %arg6: memref<8x4xf32>) -> (tensor<4x2xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x2xf32>) outs(%arg2 : tensor<4x2xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %5 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %6 = arith.addf %out, %5 : f32
// CHECK-NEXT: linalg.yield %6 : f32
// CHECK-NEXT: } -> tensor<4x2xf32>
// CHECK-NEXT: %1 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %5 = math.exp %in : f32
// CHECK-NEXT: linalg.yield %5 : f32
// CHECK-NEXT: } -> tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%arg3 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %5 = arith.addf %out, %in : f32
// CHECK-NEXT: linalg.yield %5 : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: %3 = linalg.generic {indexing_maps = [#map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<8xf32>) outs(%arg0 : tensor<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: } -> tensor<4x8xf32>
// CHECK-NEXT: %4 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg0, %1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %5 = arith.addf %in, %in_0 : f32
// CHECK-NEXT: linalg.yield %5 : f32
// CHECK-NEXT: } -> tensor<4x8xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#map6, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg5 : memref<4x8xf32>) outs(%arg6 : memref<8x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {indexing_maps = [#map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%cst : f32) outs(%arg5 : memref<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg5 : memref<4x8xf32>) outs(%arg5 : memref<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %2, %3, %4 : tensor<4x2xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
