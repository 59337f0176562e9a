// RUN: tessel-opt %s -split-input-file -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter | tessel-opt -split-input-file -verify-each
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 --input=random:4 > %t.after
// RUN: diff %t.before %t.after

// tessel's, not mlir-opt 22's (docs/differences.md): a padded pack of
// static shapes whose padded dims also hold whole tiles is vectorized in
// pieces. The whole tiles are read in bounds with no mask; only the last
// tile of each padded dim is read past the source's end, with the padding
// value. 22 reads everything in one transfer, out of bounds along each
// padded dim (without vector sizes) or under a mask of the source's sizes
// (with them), so that every tile pays for the boundary.

// 13 = 8 + 5 rows, 20 = 16 + 4 columns: four pieces (whole x whole first),
// each written at its tiles' offsets in the transposed outer order.
// CHECK-LABEL: func.func @f(
// CHECK:      %[[CST:.+]] = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[R0:.+]] = vector.transfer_read %[[SRC:.+]][%[[C0]], %[[C0]]], %[[CST]] {in_bounds = [true, true]} : tensor<13x20xf32>, vector<8x16xf32>
// CHECK-NEXT: %[[S0:.+]] = vector.shape_cast %[[R0]] : vector<8x16xf32> to vector<1x8x2x8xf32>
// CHECK-NEXT: %[[T0:.+]] = vector.transpose %[[S0]], [2, 0, 1, 3] : vector<1x8x2x8xf32> to vector<2x1x8x8xf32>
// CHECK-NEXT: %[[W0:.+]] = vector.transfer_write %[[T0]], %{{.+}}[%[[C0]], %[[C0]], %[[C0]], %[[C0]]] {in_bounds = [true, true, true, true]} : vector<2x1x8x8xf32>, tensor<3x2x8x8xf32>
// CHECK-NEXT: %[[C16:.+]] = arith.constant 16 : index
// CHECK-NEXT: %[[R1:.+]] = vector.transfer_read %[[SRC]][%[[C0]], %[[C16]]], %[[CST]] {in_bounds = [true, false]} : tensor<13x20xf32>, vector<8x8xf32>
// CHECK-NEXT: vector.shape_cast %[[R1]] : vector<8x8xf32> to vector<1x8x1x8xf32>
// CHECK-NEXT: %[[T1:.+]] = vector.transpose
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[W1:.+]] = vector.transfer_write %[[T1]], %[[W0]][%[[C2]], %[[C0]], %[[C0]], %[[C0]]] {in_bounds = [true, true, true, true]} : vector<1x1x8x8xf32>, tensor<3x2x8x8xf32>
// CHECK-NEXT: %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[R2:.+]] = vector.transfer_read %[[SRC]][%[[C8]], %[[C0]]], %[[CST]] {in_bounds = [false, true]} : tensor<13x20xf32>, vector<8x16xf32>
// CHECK-NEXT: vector.shape_cast %[[R2]]
// CHECK-NEXT: %[[T2:.+]] = vector.transpose
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[W2:.+]] = vector.transfer_write %[[T2]], %[[W1]][%[[C0]], %[[C1]], %[[C0]], %[[C0]]]
// CHECK-NEXT: %[[R3:.+]] = vector.transfer_read %[[SRC]][%[[C8]], %[[C16]]], %[[CST]] : tensor<13x20xf32>, vector<8x8xf32>
// CHECK-NEXT: vector.shape_cast %[[R3]]
// CHECK-NEXT: %[[T3:.+]] = vector.transpose
// CHECK-NEXT: %[[W3:.+]] = vector.transfer_write %[[T3]], %[[W2]][%[[C2]], %[[C1]], %[[C0]], %[[C0]]]
// CHECK-NEXT: return %[[W3]]
func.func @f(%src: tensor<13x20xf32>, %dst: tensor<3x2x8x8xf32>) -> tensor<3x2x8x8xf32> {
  %cst = arith.constant 7.0 : f32
  %p = linalg.pack %src padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<13x20xf32> -> tensor<3x2x8x8xf32>
  return %p : tensor<3x2x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// Rank 3, the tiles in another order, bf16: the untiled dim is read whole
// in every piece.
// CHECK-LABEL: func.func @f(
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true, true]} : tensor<2x17x9xbf16>, vector<2x16x8xbf16>
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true, false]} : tensor<2x17x9xbf16>, vector<2x16x4xbf16>
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, false, true]} : tensor<2x17x9xbf16>, vector<2x8x8xbf16>
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, false, false]} : tensor<2x17x9xbf16>, vector<2x8x4xbf16>
// CHECK-NOT:  vector.transfer_read
func.func @f(%src: tensor<2x17x9xbf16>, %dst: tensor<2x3x3x4x8xbf16>) -> tensor<2x3x3x4x8xbf16> {
  %cst = arith.constant -1.0 : bf16
  %p = linalg.pack %src padding_value(%cst : bf16) inner_dims_pos = [2, 1] inner_tiles = [4, 8] into %dst : tensor<2x17x9xbf16> -> tensor<2x3x3x4x8xbf16>
  return %p : tensor<2x3x3x4x8xbf16>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// With vector sizes that are the destination's shape, the same pieces and
// no mask (22: a masked read of vector<12x64xi8>).
// CHECK-LABEL: func.func @f(
// CHECK-NOT:  vector.mask
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : tensor<9x64xi8>, vector<8x64xi8>
// CHECK-NOT:  vector.mask
// CHECK:      vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [false, true]} : tensor<9x64xi8>, vector<4x64xi8>
// CHECK-NOT:  vector.mask
// CHECK:      return
func.func @f(%src: tensor<9x64xi8>, %dst: tensor<3x2x4x32xi8>) -> tensor<3x2x4x32xi8> {
  %cst = arith.constant 0 : i8
  %p = linalg.pack %src padding_value(%cst : i8) inner_dims_pos = [0, 1] inner_tiles = [4, 32] into %dst : tensor<9x64xi8> -> tensor<3x2x4x32xi8>
  return %p : tensor<3x2x4x32xi8>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [3, 2, 4, 32] : !transform.any_op
    transform.yield
  }
}

// -----

// Vector sizes larger than the destination keep 22's masked read and write
// (the vector covers tiles the destination does not have).
// CHECK-LABEL: func.func @f(
// CHECK:      %[[MASK:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<16x64xi1>
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_read
// CHECK:      vector.create_mask %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4x2x4x32xi1>
// CHECK-NEXT: vector.mask %{{.+}} { vector.transfer_write
func.func @f(%src: tensor<9x64xi8>, %dst: tensor<3x2x4x32xi8>) -> tensor<3x2x4x32xi8> {
  %cst = arith.constant 0 : i8
  %p = linalg.pack %src padding_value(%cst : i8) inner_dims_pos = [0, 1] inner_tiles = [4, 32] into %dst : tensor<9x64xi8> -> tensor<3x2x4x32xi8>
  return %p : tensor<3x2x4x32xi8>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [4, 2, 4, 32] : !transform.any_op
    transform.yield
  }
}
