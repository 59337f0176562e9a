// RUN: tessel-opt %s -split-input-file -eliminate-empty-tensors | FileCheck %s
// RUN: tessel-opt %s -split-input-file -eliminate-empty-tensors -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF

// A tensor.empty whose contents end up inserted into a destination is
// replaced, at its use, by a slice of the destination, as mlir-opt 22's
// -eliminate-empty-tensors does (the CHECK lines are its output); the empty
// is left for canonicalization. Bufferized, nothing is allocated for it.

// Through an equivalent chain (fill, then add into the fill's result); the
// slice goes where the empty was (the destination and offset are
// arguments, defined before it).
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %arg0[%arg2, 0] [5, 20] [1, 1] : tensor<10x20xf32> to tensor<5x20xf32>
// CHECK-NEXT: tensor.empty() : tensor<5x20xf32>
// CHECK-NEXT: linalg.fill ins(%arg3 : f32) outs(%[[S]] : tensor<5x20xf32>)
// BUF-LABEL: func.func @chain
// BUF-NOT: memref.alloc
// BUF: return
func.func @chain(%t: tensor<10x20xf32>, %a: tensor<5x20xf32>, %i: index, %v: f32) -> tensor<10x20xf32> {
  %e = tensor.empty() : tensor<5x20xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<5x20xf32>) -> tensor<5x20xf32>
  %g = linalg.add ins(%a, %a : tensor<5x20xf32>, tensor<5x20xf32>) outs(%f : tensor<5x20xf32>) -> tensor<5x20xf32>
  %r = tensor.insert_slice %g into %t[%i, 0] [5, 20] [1, 1] : tensor<5x20xf32> into tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}

// -----

// The destination is the loop's iteration argument: the slice goes at the
// top of the loop body.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for %[[I:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %arg0)
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [2, 20] [1, 1]
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[S]] : tensor<2x20xf32>)
// BUF-LABEL: func.func @loop
// BUF-NOT: memref.alloc
// BUF: return
func.func @loop(%t: tensor<10x20xf32>, %v: f32) -> tensor<10x20xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %e = tensor.empty() : tensor<2x20xf32>
  %r = scf.for %i = %c0 to %c10 step %c2 iter_args(%acc = %t) -> (tensor<10x20xf32>) {
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<2x20xf32>) -> tensor<2x20xf32>
    %ins = tensor.insert_slice %f into %acc[%i, 0] [2, 20] [1, 1] : tensor<2x20xf32> into tensor<10x20xf32>
    scf.yield %ins : tensor<10x20xf32>
  }
  return %r : tensor<10x20xf32>
}

// -----

// The offset is computed after the fill: its definition moves before the
// fill, and the slice goes right before the fill.
// CHECK-LABEL: func.func @forall
// CHECK: %[[OFF:.*]] = affine.apply
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %{{.*}}[%[[OFF]], 0] [2, 4] [1, 1]
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[S]] : tensor<2x4xf32>)
func.func @forall(%t: tensor<8x4xf32>, %v: f32) -> tensor<8x4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8x4xf32>) {
    %e = tensor.empty() : tensor<2x4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%off, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    }
  }
  return %r : tensor<8x4xf32>
}

// -----

// A rank-reducing insert: the slice is rank-reduced the same way; a cast
// on the way: the slice is cast to the empty's type.
// CHECK-LABEL: func.func @reduced_and_cast
// CHECK: tensor.extract_slice %arg0[%arg1, 0] [1, 20] [1, 1] : tensor<10x20xf32> to tensor<20xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[%arg1, 0] [%arg2, 20] [1, 1] : tensor<10x20xf32> to tensor<?x20xf32>
// CHECK-NEXT: tensor.cast %[[S]] : tensor<?x20xf32> to tensor<5x20xf32>
func.func @reduced_and_cast(%t: tensor<10x20xf32>, %i: index, %n: index, %v: f32) -> (tensor<10x20xf32>, tensor<10x20xf32>) {
  %e = tensor.empty() : tensor<20xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<20xf32>) -> tensor<20xf32>
  %r = tensor.insert_slice %f into %t[%i, 0] [1, 20] [1, 1] : tensor<20xf32> into tensor<10x20xf32>
  %e2 = tensor.empty() : tensor<5x20xf32>
  %f2 = linalg.fill ins(%v : f32) outs(%e2 : tensor<5x20xf32>) -> tensor<5x20xf32>
  %g = tensor.cast %f2 : tensor<5x20xf32> to tensor<?x20xf32>
  %s = tensor.insert_slice %g into %t[%i, 0] [%n, 20] [1, 1] : tensor<?x20xf32> into tensor<10x20xf32>
  return %r, %s : tensor<10x20xf32>, tensor<10x20xf32>
}

// -----

// Not through a reshape: unchanged.
// CHECK-LABEL: func.func @expand
// CHECK: %[[E:.*]] = tensor.empty() : tensor<100xf32>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[E]] : tensor<100xf32>)
func.func @expand(%t: tensor<10x20xf32>, %v: f32) -> tensor<10x20xf32> {
  %e = tensor.empty() : tensor<100xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<100xf32>) -> tensor<100xf32>
  %x = tensor.expand_shape %f [[0, 1]] output_shape [5, 20] : tensor<100xf32> into tensor<5x20xf32>
  %r = tensor.insert_slice %x into %t[0, 0] [5, 20] [1, 1] : tensor<5x20xf32> into tensor<10x20xf32>
  return %r : tensor<10x20xf32>
}
