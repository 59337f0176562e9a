// RUN: tessel-opt %s -split-input-file -eliminate-empty-tensors | FileCheck %s
// RUN: tessel-opt %s -split-input-file -eliminate-empty-tensors -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF

// -eliminate-empty-tensors with bufferization.materialize_in_destination
// as the insertion, as mlir-opt 22 (the CHECK lines are its output): the
// empty's use on the equivalent chain behind the materialized tensor is
// replaced by the whole destination, a tensor destination itself or a new
// `to_tensor restrict` of a memref one, which takes over the op's
// `restrict`. Bufferized, the writes go straight into the destination.

// BUF-LABEL: func.func @no_restrict(
// BUF: memref.alloc
// BUF-LABEL: func.func @cast(
// BUF-NOT: memref.alloc
// BUF: %[[C:.*]] = memref.cast %arg0 : memref<?x8xf32> to memref<4x8xf32>
// BUF-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[C]] : memref<4x8xf32>)
// BUF-LABEL: func.func @chain(
// BUF-NOT: memref.alloc
// BUF: vector.transfer_write %{{.*}}, %arg1[%c0, %c8]
// BUF-NOT: memref.alloc
// BUF: vector.transfer_write %{{.*}}, %arg1[%c0, %c0]
// BUF-NOT: memref.alloc
// BUF: return

// A memref destination without restrict: nothing to take over.
// CHECK-LABEL: func.func @no_restrict(
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg1 : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %1 in writable %arg0 : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NEXT: return
func.func @no_restrict(%dst: memref<4x8xf32>, %x: f32) {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  bufferization.materialize_in_destination %f in writable %dst : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

// -----

// A tensor destination is the replacement itself.
// CHECK-LABEL: func.func @tensor_dest(
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg1 : f32) outs(%arg0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %2 = bufferization.materialize_in_destination %1 in %arg0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %2 : tensor<4x8xf32>
func.func @tensor_dest(%d: tensor<4x8xf32>, %x: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = bufferization.materialize_in_destination %f in %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A dynamic memref destination: the new to_tensor is cast to the empty's
// type.
// CHECK-LABEL: func.func @cast(
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 restrict writable : memref<?x8xf32> to tensor<?x8xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%arg1 : f32) outs(%cast : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %2 : tensor<4x8xf32> to tensor<?x8xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %cast_0 in writable %arg0 : (tensor<?x8xf32>, memref<?x8xf32>) -> ()
// CHECK-NEXT: return
func.func @cast(%dst: memref<?x8xf32>, %x: f32) {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = tensor.cast %f : tensor<4x8xf32> to tensor<?x8xf32>
  bufferization.materialize_in_destination %c in restrict writable %dst : (tensor<?x8xf32>, memref<?x8xf32>) -> ()
  return
}

// -----

// A chain of writes into the empty (a vectorized pack cut in pieces).
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 restrict : memref<4x16xf32> to tensor<4x16xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg1 restrict writable : memref<4x16xf32> to tensor<4x16xf32>
// CHECK-NEXT: %2 = tensor.empty() : tensor<4x16xf32>
// CHECK-NEXT: %3 = vector.transfer_read %0[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x8xf32>
// CHECK-NEXT: %4 = vector.transfer_write %3, %1[%c0, %c8] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x16xf32>
// CHECK-NEXT: %5 = vector.transfer_read %0[%c0, %c8], %cst {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x8xf32>
// CHECK-NEXT: %6 = vector.transfer_write %5, %4[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x16xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %6 in writable %arg1 : (tensor<4x16xf32>, memref<4x16xf32>) -> ()
// CHECK-NEXT: return
func.func @chain(%src: memref<4x16xf32>, %dst: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %cst = arith.constant 0.0 : f32
  %t = bufferization.to_tensor %src restrict : memref<4x16xf32> to tensor<4x16xf32>
  %e = tensor.empty() : tensor<4x16xf32>
  %v = vector.transfer_read %t[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x8xf32>
  %w = vector.transfer_write %v, %e[%c0, %c8] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x16xf32>
  %v2 = vector.transfer_read %t[%c0, %c8], %cst {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x8xf32>
  %w2 = vector.transfer_write %v2, %w[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x16xf32>
  bufferization.materialize_in_destination %w2 in restrict writable %dst : (tensor<4x16xf32>, memref<4x16xf32>) -> ()
  return
}

// -----

// The empty's value is read after the write: not in place, kept.
// CHECK-LABEL: func.func @read_after(
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 restrict writable : memref<4x8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%arg1 : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %3 = linalg.fill ins(%arg1 : f32) outs(%2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %3 in writable %arg0 : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NEXT: return %2 : tensor<4x8xf32>
func.func @read_after(%dst: memref<4x8xf32>, %x: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %g = linalg.fill ins(%x : f32) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  bufferization.materialize_in_destination %g in restrict writable %dst : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  return %f : tensor<4x8xf32>
}

// -----

// Two empties on the chain (an scf.if): only the first takes over restrict.
// CHECK-LABEL: func.func @two(
// CHECK-NEXT: %0 = scf.if %arg2 -> (tensor<4x8xf32>) {
// CHECK-NEXT: %1 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%arg1 : f32) outs(%1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: scf.yield %2 : tensor<4x8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = bufferization.to_tensor %arg0 restrict writable : memref<4x8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %2 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: scf.yield %1 : tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: bufferization.materialize_in_destination %0 in writable %arg0 : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NEXT: return
func.func @two(%dst: memref<4x8xf32>, %x: f32, %c: i1) {
  %r = scf.if %c -> tensor<4x8xf32> {
    %e = tensor.empty() : tensor<4x8xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %f : tensor<4x8xf32>
  } else {
    %e2 = tensor.empty() : tensor<4x8xf32>
    scf.yield %e2 : tensor<4x8xf32>
  }
  bufferization.materialize_in_destination %r in restrict writable %dst : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  return
}
