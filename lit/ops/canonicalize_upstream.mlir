// RUN: tessel-opt %s -canonicalize -split-input-file | FileCheck %s

// Canonical forms as mlir-opt 22 makes them (scripts/upstream_parity.py
// also compares this file's output with mlir-opt's byte for byte).

// CHECK-LABEL: func.func @constant_order(%arg0: index, %arg1: tensor<?xf32>) -> index {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %arg0 to %c3 step %arg0 iter_args(%arg3 = %arg0) -> (index) {
// CHECK-NEXT: %3 = arith.addi %arg3, %c5 : index
// CHECK-NEXT: %4 = arith.muli %3, %c6 : index
// CHECK-NEXT: scf.yield %4 : index
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addi %0, %c8 : index
// CHECK-NEXT: %2 = arith.muli %1, %c5 : index
// CHECK-NEXT: return %2 : index
// CHECK-NEXT: }
// Constants: hoisted to the function entry, in the reverse of the order the
// canonicalizer meets them; equal ones merged.
func.func @constant_order(%a: index, %t: tensor<?xf32>) -> index {
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %a to %c3 step %a iter_args(%s = %a) -> index {
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %u = arith.addi %s, %c5 : index
    %v = arith.muli %u, %c6 : index
    scf.yield %v : index
  }
  %c8 = arith.constant 8 : index
  %c5b = arith.constant 5 : index
  %z = arith.addi %r, %c8 : index
  %w = arith.muli %z, %c5b : index
  return %w : index
}

// -----

// CHECK-LABEL: func.func @forall_unit_dims(%arg0: tensor<512xf32>) -> tensor<512xf32> {
// CHECK-NEXT: %0 = tensor.empty() : tensor<512xf32>
// CHECK-NEXT: %1 = scf.forall (%arg1) = (0) to (512) step (16) shared_outs(%arg2 = %0) -> (tensor<512xf32>) {
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[%arg1] [16] [1] : tensor<512xf32> to tensor<16xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice_0 into %arg2[%arg1] [16] [1] : tensor<16xf32> into tensor<512xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0] [16] [1] : tensor<512xf32> to tensor<16xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %1[0] [16] [1] : tensor<16xf32> into tensor<512xf32>
// CHECK-NEXT: return %inserted_slice : tensor<512xf32>
// CHECK-NEXT: }
// A forall dim of one iteration goes; with none left the body is inlined.
func.func @forall_unit_dims(%t: tensor<512xf32>) -> tensor<512xf32> {
  %e = tensor.empty() : tensor<512xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (512, 1) step (16, 1) shared_outs(%o = %e) -> (tensor<512xf32>) {
    %s = tensor.extract_slice %t[%i] [16] [1] : tensor<512xf32> to tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [16] [1] : tensor<16xf32> into tensor<512xf32>
    }
  }
  %r2 = scf.forall (%i) = (0) to (16) step (16) shared_outs(%o = %r) -> (tensor<512xf32>) {
    %s = tensor.extract_slice %t[%i] [16] [1] : tensor<512xf32> to tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [16] [1] : tensor<16xf32> into tensor<512xf32>
    }
  }
  %r3 = scf.forall (%i) = (4) to (2) step (3) shared_outs(%o = %r2) -> (tensor<512xf32>) {
    %s = tensor.extract_slice %t[%i] [16] [1] : tensor<512xf32> to tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [16] [1] : tensor<16xf32> into tensor<512xf32>
    }
  }
  return %r3 : tensor<512xf32>
}

// -----

// CHECK: #map = affine_map<()[s0] -> (s0 * -2 + 5, 2)>
// CHECK-LABEL: func.func @min_of_min(%arg0: index) -> index {
// CHECK-NEXT: %0 = affine.min #map()[%arg0]
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// A min of a min is one min; a bound it repeats goes.
func.func @min_of_min(%i: index) -> index {
  %a = affine.min affine_map<(d0) -> (d0 * -2 + 5, 2)>(%i)
  %b = affine.min affine_map<(d0, d1) -> (d1 * -2 + 5, d0)>(%a, %i)
  return %b : index
}

// -----

// CHECK-LABEL: func.func @pack_padding(%arg0: tensor<16x8xf32>, %arg1: tensor<15x8xf32>) -> (tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x1x8x8xf32>
// CHECK-NEXT: %pack = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %0 : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
// CHECK-NEXT: %pack_0 = linalg.pack %arg1 padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %0 : tensor<15x8xf32> -> tensor<2x1x8x8xf32>
// CHECK-NEXT: return %pack, %pack_0 : tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>
// CHECK-NEXT: }
// A padding value a pack never uses goes.
func.func @pack_padding(%a: tensor<16x8xf32>, %b: tensor<15x8xf32>) -> (tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1x8x8xf32>
  %0 = linalg.pack %a padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
  %1 = linalg.pack %b padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<15x8xf32> -> tensor<2x1x8x8xf32>
  return %0, %1 : tensor<2x1x8x8xf32>, tensor<2x1x8x8xf32>
}

// -----

// unpack(pack(x)) and pack(unpack(y)) with the same tiling cancel.
// CHECK-LABEL: func.func @unpack_of_pack(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: return %arg0 : tensor<16x8xf32>
func.func @unpack_of_pack(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<2x1x8x8xf32>
  %p = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
  %d = tensor.empty() : tensor<16x8xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<2x1x8x8xf32> -> tensor<16x8xf32>
  return %u : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func @pack_of_unpack(%arg0: tensor<2x1x8x8xf32>) -> tensor<2x1x8x8xf32> {
// CHECK-NEXT: return %arg0 : tensor<2x1x8x8xf32>
func.func @pack_of_unpack(%y: tensor<2x1x8x8xf32>) -> tensor<2x1x8x8xf32> {
  %d = tensor.empty() : tensor<16x8xf32>
  %u = linalg.unpack %y inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<2x1x8x8xf32> -> tensor<16x8xf32>
  %e = tensor.empty() : tensor<2x1x8x8xf32>
  %p = linalg.pack %u inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x8xf32> -> tensor<2x1x8x8xf32>
  return %p : tensor<2x1x8x8xf32>
}

// -----

// An unpack whose only use is a slice from 0 keeping its tiles writes into
// the slice of its dest; a slice with two uses of the unpack, at an
// offset, or dropping a tile stays.
// CHECK-LABEL: func.func @unpack_into_sliced_dest(
// CHECK-SAME:      %[[S:[a-zA-Z0-9]+]]: tensor<3x4x4x4xf32>, %[[D:[a-zA-Z0-9]+]]: tensor<12x16xf32>
// CHECK:         %[[X:.+]] = tensor.extract_slice %[[D]][0, 0] [10, 13] [1, 1] : tensor<12x16xf32> to tensor<10x13xf32>
// CHECK:         %[[U:.+]] = linalg.unpack %[[S]] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %[[X]] : tensor<3x4x4x4xf32> -> tensor<10x13xf32>
// CHECK:         linalg.unpack %[[S]] {{.+}} into %[[D]]
// CHECK:         tensor.extract_slice %{{.+}}[1, 0] [10, 13]
// CHECK:         tensor.extract_slice %{{.+}}[0, 0] [7, 13]
func.func @unpack_into_sliced_dest(%s: tensor<3x4x4x4xf32>, %d: tensor<12x16xf32>) -> (tensor<10x13xf32>, tensor<10x13xf32>, tensor<7x13xf32>) {
  %u = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<3x4x4x4xf32> -> tensor<12x16xf32>
  %x = tensor.extract_slice %u[0, 0] [10, 13] [1, 1] : tensor<12x16xf32> to tensor<10x13xf32>
  %u1 = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<3x4x4x4xf32> -> tensor<12x16xf32>
  %y = tensor.extract_slice %u1[1, 0] [10, 13] [1, 1] : tensor<12x16xf32> to tensor<10x13xf32>
  %z = tensor.extract_slice %u1[0, 0] [7, 13] [1, 1] : tensor<12x16xf32> to tensor<7x13xf32>
  return %x, %y, %z : tensor<10x13xf32>, tensor<10x13xf32>, tensor<7x13xf32>
}

// -----

// A rank-reducing slice of a whole tensor is not its source (tessel used
// to fold it into a value of the wrong type).
// CHECK-LABEL: func.func @rank_reducing_whole_slice(
// CHECK:         tensor.extract_slice %arg0[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> to tensor<8xf32>
func.func @rank_reducing_whole_slice(%t: tensor<1x8xf32>) -> tensor<8xf32> {
  %s = tensor.extract_slice %t[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> to tensor<8xf32>
  return %s : tensor<8xf32>
}
