// RUN: tessel-opt %s --run=views --input=iota | FileCheck %s --check-prefix=VIEWS
// RUN: tessel-opt %s --run=tensors --input=iota --input=0 | FileCheck %s --check-prefix=TENSORS
// RUN: tessel-opt %s --run=generic --input=iota --input=0 | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --run=generic --input=iota --input=0 --run-repeat=3 | FileCheck %s --check-prefix=GENERIC
// RUN: not tessel-opt %s --run=freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: not tessel-opt %s --run=oob --input=4 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not tessel-opt %s --run=uninit --run-check-uninit 2>&1 | FileCheck %s --check-prefix=UNINIT

// The engine runs memref programs: views alias their buffer (a subview,
// transpose, collapse/expand see and change the same elements), writes
// happen in place, a function's memref arguments are printed as the call
// left them. @views prints what mlir-runner prints for it after mlir-opt
// 22's -convert-linalg-to-loops -convert-vector-to-scf
// -expand-strided-metadata -lower-affine -convert-scf-to-cf
// -convert-vector-to-llvm -convert-to-llvm.

// VIEWS:      // argument #0 after the call: memref<4x6xf32>
// VIEWS-NEXT: {{\[\[}}-2.0, -1.0, -1.0, -1.0, -1.0, -1.0],
// VIEWS-NEXT:  [2.0, -1.0, 1.0, -1.0, 4.0, -1.0],
// VIEWS-NEXT:  [4.0, -1.0, 2.0, -1.0, 5.0, -1.0],
// VIEWS-NEXT:  [6.0, -1.0, 3.0, -1.0, 6.0, -1.0]]

// A tensor kernel between to_tensor and materialize_in_destination; the
// input memref is unchanged.
// TENSORS:      // argument #0 after the call: memref<4x6xf32>
// TENSORS-NEXT: {{\[\[}}0.0, 1.0, 2.0, 3.0, 4.0, 5.0],
// TENSORS:      // argument #1 after the call: memref<6x4xf32>
// TENSORS-NEXT: {{\[\[}}0.0, 6.0, 12.0, 18.0],
// TENSORS-NEXT:  [1.0, 7.0, 13.0, 19.0],

// linalg.generic on memrefs writes its output buffer (each --run-repeat run
// gets fresh copies of the inputs, so the result does not compound).
// GENERIC:      // argument #1 after the call: memref<4x6xf32>
// GENERIC-NEXT: {{\[\[}}0.0, 1.0, 4.0, 9.0, 16.0, 25.0],
// GENERIC-NEXT:  [36.0, 49.0, 64.0, 81.0, 100.0, 121.0],

// FREED: error: access to a buffer after memref.dealloc freed it
// OOB: error: memref index 4 is outside [0, 4) of dim 0
// UNINIT: error: a load reads element [0] of a buffer nobody wrote

memref.global "private" constant @cst : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
func.func @views(%out: memref<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %f = arith.constant -1.0 : f32
  linalg.fill ins(%f : f32) outs(%out : memref<4x6xf32>)
  %g = memref.get_global @cst : memref<2x3xf32>
  %t = memref.transpose %g (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %sv = memref.subview %out[1, 2] [3, 2] [1, 2] : memref<4x6xf32> to memref<3x2xf32, strided<[6, 2], offset: 8>>
  memref.copy %t, %sv : memref<3x2xf32, strided<[1, 3]>> to memref<3x2xf32, strided<[6, 2], offset: 8>>
  %a = memref.alloca() : memref<6xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = memref.subview %out[%i, 0] [1, 6] [1, 1] : memref<4x6xf32> to memref<6xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %row[%c0], %f {in_bounds = [true]} : memref<6xf32, strided<[1], offset: ?>>, vector<6xf32>
    %w = arith.addf %v, %v : vector<6xf32>
    vector.transfer_write %w, %a[%c0] {in_bounds = [true]} : vector<6xf32>, memref<6xf32>
    %x = memref.load %a[%c2] : memref<6xf32>
    memref.store %x, %out[%i, %c0] : memref<4x6xf32>
  }
  %col = memref.collapse_shape %out [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %e = memref.expand_shape %col [[0, 1]] output_shape [8, 3] : memref<24xf32> into memref<8x3xf32>
  %s = memref.load %e[%c7, %c2] : memref<8x3xf32>
  memref.store %s, %out[%c3, %c1] : memref<4x6xf32>
  return
}
func.func @tensors(%in: memref<4x6xf32>, %out: memref<6x4xf32>) {
  %t = bufferization.to_tensor %in restrict : memref<4x6xf32> to tensor<4x6xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %r = linalg.transpose ins(%t : tensor<4x6xf32>) outs(%e : tensor<6x4xf32>) permutation = [1, 0]
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<6x4xf32>, memref<6x4xf32>) -> ()
  return
}
func.func @generic(%in: memref<4x6xf32>, %out: memref<4x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%in : memref<4x6xf32>) outs(%out : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.mulf %x, %x : f32
    linalg.yield %z : f32
  }
  return
}
func.func @freed() -> f32 {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}
func.func @oob(%i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %a[%i] : memref<4xf32>
  return %x : f32
}
func.func @uninit() -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
}
