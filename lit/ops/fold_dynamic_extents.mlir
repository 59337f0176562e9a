// RUN: tessel-opt %s -canonicalize -split-input-file | FileCheck %s

// COMPAT: tessel-only
// unpack(pack(x)) with dynamic extents folds only when the extents are known
// to be the same values: here the unpack may cut x short (%n < dim(x)), so
// the pair stays (mlir-opt 22 compares the types only and folds it to x).
// CHECK-LABEL: func.func @f(
// CHECK:         linalg.pack
// CHECK:         linalg.unpack
func.func @f(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %c8 = arith.constant 8 : index
  %rows = arith.divui %d, %c8 : index
  %e = tensor.empty(%rows) : tensor<?x8xf32>
  %p = linalg.pack %x inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<?xf32> -> tensor<?x8xf32>
  %o = tensor.empty(%n) : tensor<?xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %o : tensor<?x8xf32> -> tensor<?xf32>
  return %u : tensor<?xf32>
}

// -----

// The same extent value on both sides: the pair folds.
// CHECK-LABEL: func.func @g(
// CHECK-NOT:     linalg.pack
// CHECK:         return %extracted_slice
func.func @g(%x: tensor<64xf32>, %n: index) -> tensor<?xf32> {
  %s = tensor.extract_slice %x[0] [%n] [1] : tensor<64xf32> to tensor<?xf32>
  %c8 = arith.constant 8 : index
  %rows = arith.divui %n, %c8 : index
  %e = tensor.empty(%rows) : tensor<?x8xf32>
  %p = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<?xf32> -> tensor<?x8xf32>
  %o = tensor.empty(%n) : tensor<?xf32>
  %u = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %o : tensor<?x8xf32> -> tensor<?xf32>
  return %u : tensor<?xf32>
}
