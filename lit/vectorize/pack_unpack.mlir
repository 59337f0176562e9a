// RUN: tessel-opt %s -split-input-file -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter | tessel-opt -split-input-file -verify-each
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 --input=random:4 > %t.after
// RUN: diff %t.before %t.after

// `transform.structured.vectorize` on packs and unpacks, op for op as
// mlir-opt 22 builds it (the CHECK lines are its output), and the same
// values before and after in the engine.

// A transposing pack with no padding value pads with ub.poison (never read:
// the tiles are whole) and writes in bounds.
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[SRC:.+]]: tensor<32x8x16xf32>, %[[DST:.+]]: tensor<32x1x4x16x2xf32>)
// CHECK:      %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[POISON:.+]] = ub.poison : f32
// CHECK-NEXT: %[[READ:.+]] = vector.transfer_read %[[SRC]][%[[C0]], %[[C0]], %[[C0]]], %[[POISON]] {in_bounds = [true, true, true]} : tensor<32x8x16xf32>, vector<32x8x16xf32>
// CHECK-NEXT: %[[CAST:.+]] = vector.shape_cast %[[READ]] : vector<32x8x16xf32> to vector<32x4x2x1x16xf32>
// CHECK-NEXT: %[[T:.+]] = vector.transpose %[[CAST]], [0, 3, 1, 4, 2] : vector<32x4x2x1x16xf32> to vector<32x1x4x16x2xf32>
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[W:.+]] = vector.transfer_write %[[T]], %[[DST]][%[[C0_0]], %[[C0_0]], %[[C0_0]], %[[C0_0]], %[[C0_0]]] {in_bounds = [true, true, true, true, true]} : vector<32x1x4x16x2xf32>, tensor<32x1x4x16x2xf32>
// CHECK-NEXT: return %[[W]]
func.func @f(%src: tensor<32x8x16xf32>, %dst: tensor<32x1x4x16x2xf32>) -> tensor<32x1x4x16x2xf32> {
  %p = linalg.pack %src outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [16, 2] into %dst : tensor<32x8x16xf32> -> tensor<32x1x4x16x2xf32>
  return %p : tensor<32x1x4x16x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// A padded pack reads whole tiles past the source's end, with the padding
// value (the dims it overruns are not in bounds).
// CHECK-LABEL: func.func @f(
// CHECK:      %[[CST:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[READ:.+]] = vector.transfer_read %{{.+}}[%[[C0]], %[[C0]]], %[[CST]] {in_bounds = [true, false]} : tensor<32x7xf32>, vector<32x8xf32>
// CHECK-NEXT: vector.shape_cast %[[READ]] : vector<32x8xf32> to vector<4x8x1x8xf32>
// CHECK-NEXT: vector.transpose %{{.+}}, [2, 0, 3, 1] : vector<4x8x1x8xf32> to vector<1x4x8x8xf32>
func.func @f(%src: tensor<32x7xf32>, %dst: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %cst = arith.constant 1.0 : f32
  %p = linalg.pack %src padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %dst : tensor<32x7xf32> -> tensor<1x4x8x8xf32>
  return %p : tensor<1x4x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// With vector sizes (the destination's rank in MLIR 22) the read is masked
// by the source's sizes (when no padded dim also holds whole tiles:
// pack_peeled.mlir has those).
// CHECK-LABEL: func.func @f(
// CHECK:      %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C6:.+]] = arith.constant 6 : index
// CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : index
// CHECK-NEXT: %[[MASK:.+]] = vector.create_mask %[[C6]], %[[C7]] : vector<8x8xi1>
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_read %{{.+}}[%[[C0]], %[[C0]]], %{{.+}} {in_bounds = [true, true]} : tensor<6x7xf32>, vector<8x8xf32> } : vector<8x8xi1> -> vector<8x8xf32>
func.func @f(%src: tensor<6x7xf32>, %dst: tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32> {
  %cst = arith.constant 0.0 : f32
  %p = linalg.pack %src padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<6x7xf32> -> tensor<1x1x8x8xf32>
  return %p : tensor<1x1x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [1, 1, 8, 8] : !transform.any_op
    transform.yield
  }
}

// -----

// An unpack writes whole tiles; the write drops what lies past the
// destination (out of bounds, so not marked in bounds).
// CHECK-LABEL: func.func @f(
// CHECK:      %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[POISON:.+]] = ub.poison : f32
// CHECK-NEXT: %[[READ:.+]] = vector.transfer_read %{{.+}}[%[[C0]], %[[C0]], %[[C0]], %[[C0]]], %[[POISON]] {in_bounds = [true, true, true, true]} : tensor<1x4x8x8xf32>, vector<1x4x8x8xf32>
// CHECK-NEXT: %[[T:.+]] = vector.transpose %[[READ]], [1, 3, 0, 2] : vector<1x4x8x8xf32> to vector<4x8x1x8xf32>
// CHECK-NEXT: %[[CAST:.+]] = vector.shape_cast %[[T]] : vector<4x8x1x8xf32> to vector<32x8xf32>
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: vector.transfer_write %[[CAST]], %{{.+}}[%[[C0_0]], %[[C0_0]]] : vector<32x8xf32>, tensor<30x7xf32>
func.func @f(%src: tensor<1x4x8x8xf32>, %dst: tensor<30x7xf32>) -> tensor<30x7xf32> {
  %p = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %dst : tensor<1x4x8x8xf32> -> tensor<30x7xf32>
  return %p : tensor<30x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// With vector sizes (the source's rank) the write is masked by the
// destination's sizes instead.
// CHECK-LABEL: func.func @f(
// CHECK:      vector.shape_cast
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C30:.+]] = arith.constant 30 : index
// CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : index
// CHECK-NEXT: %[[MASK:.+]] = vector.create_mask %[[C30]], %[[C7]] : vector<32x8xi1>
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_write %{{.+}}, %{{.+}}[%[[C0_0]], %[[C0_0]]] {in_bounds = [true, true]} : vector<32x8xf32>, tensor<30x7xf32> } : vector<32x8xi1> -> tensor<30x7xf32>
func.func @f(%src: tensor<4x1x8x8xf32>, %dst: tensor<30x7xf32>) -> tensor<30x7xf32> {
  %p = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<4x1x8x8xf32> -> tensor<30x7xf32>
  return %p : tensor<30x7xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [4, 1, 8, 8] : !transform.any_op
    transform.yield
  }
}
