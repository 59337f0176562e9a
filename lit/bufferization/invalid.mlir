// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// The bufferization verifiers' messages are mlir-opt 22's.
func.func @a(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %m: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  %0 = bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %m: memref<5xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<5xf32>) -> ()
  return
}

// -----

func.func @a(%d: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @a(%d: index, %t: tensor<?xf32>) {
  // expected-error @+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%d) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m : memref<4xf32>) if (%c, %c)
  return
}
