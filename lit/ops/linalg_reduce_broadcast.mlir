// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --run=reduce --input=random:1 --input=random:2 > %t.tensor
// RUN: tessel-opt %s -one-shot-bufferize --run=reduce --input=random:1 --input=random:2 > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: tessel-opt %s --run=reduce --input=iota --input=iota | FileCheck %s --check-prefix=VALUES
// RUN: tessel-opt %s --run=broadcast --input=iota | FileCheck %s --check-prefix=BCAST
// RUN: tessel-opt %s --run=buffers --input=random:3 --input=0 --input=0 | FileCheck %s --check-prefix=BUF

// linalg.reduce (short form, whose payload takes the init first; long form,
// printed short when its body is one op over the init and then the inputs;
// several inputs and inits, named as one group) and linalg.broadcast, on
// tensors and on buffers, and a linalg.generic whose trait is an attribute
// alias: printed as mlir-opt 22 prints them (the CHECK lines are its
// output, and the generic form reads back to the same), run by the engine
// (the same before and after bufferization).

#trait = {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
func.func @reduce(%a: tensor<3x4xf32>, %idx: tensor<3x4xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>) {
  %z = arith.constant 0.0 : f32
  %m = arith.constant -1.0e30 : f32
  %c = arith.constant -1 : i32
  %e = tensor.empty() : tensor<3xf32>
  %ei = tensor.empty() : tensor<3xi32>
  %zero = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %low = linalg.fill ins(%m : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %none = linalg.fill ins(%c : i32) outs(%ei : tensor<3xi32>) -> tensor<3xi32>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<3x4xf32>) outs(%zero : tensor<3xf32>) dimensions = [1]
  %max = linalg.reduce ins(%a : tensor<3x4xf32>) outs(%low : tensor<3xf32>) dimensions = [1] {tag = "max"}
    (%in: f32, %init: f32) {
      %v = arith.maximumf %init, %in {fastmath = #arith.fastmath<nnan>} : f32
      linalg.yield %v : f32
    }
  %sq = linalg.reduce ins(%a : tensor<3x4xf32>) outs(%zero : tensor<3xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %p = arith.mulf %in, %in : f32
      %s = arith.addf %p, %init : f32
      linalg.yield %s : f32
    }
  %arg:2 = linalg.reduce ins(%a, %idx : tensor<3x4xf32>, tensor<3x4xi32>) outs(%low, %none : tensor<3xf32>, tensor<3xi32>) dimensions = [1]
    (%x: f32, %xi: i32, %best: f32, %bi: i32) {
      %gt = arith.cmpf ogt, %x, %best : f32
      %v = arith.select %gt, %x, %best : f32
      %vi = arith.select %gt, %xi, %bi : i32
      linalg.yield %v, %vi : f32, i32
    }
  %g = linalg.generic #trait ins(%a : tensor<3x4xf32>) outs(%zero : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %sum, %max, %sq, %arg#1, %g : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>
}
func.func @broadcast(%a: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3x2x4xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %b = linalg.broadcast ins(%a : tensor<3xf32>) outs(%e : tensor<2x3xf32>) dimensions = [0]
  %e2 = tensor.empty() : tensor<3x2x4xf32>
  %c = linalg.broadcast ins(%a : tensor<3xf32>) outs(%e2 : tensor<3x2x4xf32>) dimensions = [1, 2] {tag = 1 : i32}
  return %b, %c : tensor<2x3xf32>, tensor<3x2x4xf32>
}
func.func @buffers(%a: memref<2x3xi32>, %o: memref<3xi32>, %p: memref<4x3xi32>) {
  linalg.reduce { arith.maxsi } ins(%a : memref<2x3xi32>) outs(%o : memref<3xi32>) dimensions = [0]
  linalg.broadcast ins(%o : memref<3xi32>) outs(%p : memref<4x3xi32>) dimensions = [0]
  return
}

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @reduce(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -1.000000e+30 : f32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %0 = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<3xi32>
// CHECK-NEXT: %2 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %3 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %4 = linalg.fill ins(%c-1_i32 : i32) outs(%1 : tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: %reduced = linalg.reduce { arith.addf } ins(%arg0 : tensor<3x4xf32>) outs(%2 : tensor<3xf32>) dimensions = [1]
// CHECK-NEXT: %reduced_1 = linalg.reduce { arith.maximumf {fastmath = #arith.fastmath<nnan>} } ins(%arg0 : tensor<3x4xf32>) outs(%3 : tensor<3xf32>) dimensions = [1]  {tag = "max"}
// CHECK-NEXT: %reduced_2 = linalg.reduce ins(%arg0 : tensor<3x4xf32>) outs(%2 : tensor<3xf32>) dimensions = [1]
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %6 = arith.mulf %in, %in : f32
// CHECK-NEXT: %7 = arith.addf %6, %init : f32
// CHECK-NEXT: linalg.yield %7 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %reduced_3:2 = linalg.reduce ins(%arg0, %arg1 : tensor<3x4xf32>, tensor<3x4xi32>) outs(%3, %4 : tensor<3xf32>, tensor<3xi32>) dimensions = [1]
// CHECK-NEXT: (%in: f32, %in_4: i32, %init: f32, %init_5: i32) {
// CHECK-NEXT: %6 = arith.cmpf ogt, %in, %init : f32
// CHECK-NEXT: %7 = arith.select %6, %in, %init : f32
// CHECK-NEXT: %8 = arith.select %6, %in_4, %init_5 : i32
// CHECK-NEXT: linalg.yield %7, %8 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x4xf32>) outs(%2 : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %6 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %6 : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: return %reduced, %reduced_1, %reduced_2, %reduced_3#1, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @broadcast(%arg0: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3x2x4xf32>) {
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%arg0 : tensor<3xf32>) outs(%0 : tensor<2x3xf32>) dimensions = [0]
// CHECK-NEXT: %1 = tensor.empty() : tensor<3x2x4xf32>
// CHECK-NEXT: %broadcasted_0 = linalg.broadcast ins(%arg0 : tensor<3xf32>) outs(%1 : tensor<3x2x4xf32>) dimensions = [1, 2]  {tag = 1 : i32}
// CHECK-NEXT: return %broadcasted, %broadcasted_0 : tensor<2x3xf32>, tensor<3x2x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @buffers(%arg0: memref<2x3xi32>, %arg1: memref<3xi32>, %arg2: memref<4x3xi32>) {
// CHECK-NEXT: linalg.reduce { arith.maxsi } ins(%arg0 : memref<2x3xi32>) outs(%arg1 : memref<3xi32>) dimensions = [0]
// CHECK-NEXT: linalg.broadcast ins(%arg1 : memref<3xi32>) outs(%arg2 : memref<4x3xi32>) dimensions = [0]
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// iota rows: [0 1 2 3], [4 5 6 7], [8 9 10 11].
// VALUES: // result #0: tensor<3xf32>
// VALUES-NEXT: [6.0, 22.0, 38.0]
// VALUES-NEXT: // result #1: tensor<3xf32>
// VALUES-NEXT: [3.0, 7.0, 11.0]
// VALUES-NEXT: // result #2: tensor<3xf32>
// VALUES-NEXT: [14.0, 126.0, 366.0]
// VALUES-NEXT: // result #3: tensor<3xi32>
// VALUES-NEXT: [3, 7, 11]
// VALUES-NEXT: // result #4: tensor<3xf32>
// VALUES-NEXT: [6.0, 22.0, 38.0]

// BCAST: // result #0: tensor<2x3xf32>
// BCAST-NEXT: {{\[}}[0.0, 1.0, 2.0],
// BCAST-NEXT: [0.0, 1.0, 2.0]]
// BCAST-NEXT: // result #1: tensor<3x2x4xf32>
// BCAST-NEXT: {{\[}}{{\[}}[0.0, 0.0, 0.0, 0.0],
// BCAST-NEXT: [0.0, 0.0, 0.0, 0.0]],
// BCAST: {{\[}}[2.0, 2.0, 2.0, 2.0],
// BCAST-NEXT: [2.0, 2.0, 2.0, 2.0]]]

// random:3 gives [[5, 1, -7], [7, -2, -1]]: the column maxima with 0 (the init), broadcast to 4 rows.
// BUF: // argument #0 after the call: memref<2x3xi32>
// BUF-NEXT: {{\[}}[5, 1, -7],
// BUF-NEXT: [7, -2, -1]]
// BUF-NEXT: // argument #1 after the call: memref<3xi32>
// BUF-NEXT: [7, 1, 0]
// BUF-NEXT: // argument #2 after the call: memref<4x3xi32>
// BUF-NEXT: {{\[}}[7, 1, 0],
// BUF-NEXT: [7, 1, 0],
// BUF-NEXT: [7, 1, 0],
// BUF-NEXT: [7, 1, 0]]
