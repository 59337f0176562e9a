// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | tessel-opt -split-input-file -verify-each
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// tessel's, not mlir-opt 22's (docs/differences.md): under the shuffle
// strategies of lower_transpose, a transpose of rank 3 or more that moves
// the innermost dim and is not a 2-D slice becomes row moves and 2-D
// shuffles. 22 moves it one element at a time (a transposing pack with
// 32x32 tiles: 4,096 scalar extracts and inserts).

// [2, 0, 1] fixes no leading dim: the two trailing dims are swapped per
// leading index (one shuffle each), then rows of 3 move into place; the
// extract and insert folds leave one move per row.
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[V:.+]]: vector<2x3x4xf32>
// CHECK:      %[[POISON:.+]] = ub.poison : vector<4x2x3xf32>
// CHECK-NEXT: %[[A:.+]] = vector.extract %[[V]][0] : vector<3x4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %[[AF:.+]] = vector.shape_cast %[[A]] : vector<3x4xf32> to vector<12xf32>
// CHECK-NEXT: %[[AS:.+]] = vector.shuffle %[[AF]], %[[AF]] [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11] : vector<12xf32>, vector<12xf32>
// CHECK-NEXT: %[[AT:.+]] = vector.shape_cast %[[AS]] : vector<12xf32> to vector<4x3xf32>
// CHECK-NEXT: %[[B:.+]] = vector.extract %[[V]][1] : vector<3x4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: %[[BF:.+]] = vector.shape_cast %[[B]]
// CHECK-NEXT: %[[BS:.+]] = vector.shuffle %[[BF]], %[[BF]]
// CHECK-NEXT: %[[BT:.+]] = vector.shape_cast %[[BS]] : vector<12xf32> to vector<4x3xf32>
// CHECK-NEXT: %[[R0:.+]] = vector.extract %[[AT]][0] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %[[I0:.+]] = vector.insert %[[R0]], %[[POISON]] [0, 0] : vector<3xf32> into vector<4x2x3xf32>
// CHECK-COUNT-3: vector.extract %[[AT]]
// CHECK-COUNT-4: vector.extract %[[BT]]
// CHECK-NOT:  vector.extract
// CHECK:      return
func.func @f(%v: vector<2x3x4xf32>) -> vector<4x2x3xf32> {
  %t = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  return %t : vector<4x2x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_1d
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A transposing pack's transpose (outer and inner dims swapped, i8): with
// shuffle_16x16, four 2-D slices of 4x8, each one shuffle (they are not
// 16x16), and no element moved alone.
// CHECK-LABEL: func.func @f(
// CHECK-COUNT-4: vector.shuffle %{{.+}}, %{{.+}} [{{.+}}] : vector<32xi8>, vector<32xi8>
// CHECK-NOT:  vector.shuffle
// CHECK-NOT:  : i8 from
// CHECK:      return
func.func @f(%v: vector<2x4x2x8xi8>) -> vector<2x2x8x4xi8> {
  %t = vector.transpose %v, [2, 0, 3, 1] : vector<2x4x2x8xi8> to vector<2x2x8x4xi8>
  return %t : vector<2x2x8x4xi8>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_16x16
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A vectorized transposing pack with 32x32 tiles, lowered with shuffle_1d:
// one 1024-lane shuffle per tile (four), rows of 32 moved whole.
// CHECK-LABEL: func.func @f(
// CHECK:      vector.transfer_read
// CHECK-COUNT-4: vector.shuffle %{{.+}}, %{{.+}} [{{.+}}] : vector<1024xf32>, vector<1024xf32>
// CHECK-NOT:  vector.shuffle
// CHECK-NOT:  : f32 from
// CHECK:      vector.transfer_write
func.func @f(%src: tensor<64x64xf32>) -> tensor<2x2x32x32xf32> {
  %dst = tensor.empty() : tensor<2x2x32x32xf32>
  %p = linalg.pack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [32, 32] into %dst : tensor<64x64xf32> -> tensor<2x2x32x32xf32>
  return %p : tensor<2x2x32x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    %f = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_1d
    } : !transform.any_op
    transform.yield
  }
}
