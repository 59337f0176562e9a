// RUN: tessel-opt %s -canonicalize -split-input-file | FileCheck %s
// RUN: tessel-opt %s -canonicalize --run=masked_write --input=iota --input=random:2 > %t.after
// RUN: tessel-opt %s --run=masked_write --input=iota --input=random:2 > %t.before
// RUN: diff %t.before %t.after

// The vector folds canonicalize applies to vectorized code, as mlir-opt 22
// does, except one: 22 folds a write of a whole read into the read's
// tensor even under a vector.mask that writes part of it (@masked_write
// returns %a there, losing the row the mask keeps of %b); tessel folds
// only an unmasked write, and the engine shows the values kept.

// A constant index plus the vector size inside a static dim is in bounds;
// then the broadcast dims are too.
// CHECK-LABEL: func.func @in_bounds(
// CHECK: vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK: vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, false]} : tensor<4x8xf32>, vector<2x8xf32>
// CHECK: vector.transfer_read %{{.+}}[%{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : tensor<8xf32>, vector<3x8xf32>
func.func @in_bounds(%t: tensor<4x8xf32>, %u: tensor<8xf32>, %i: index) -> (vector<4x8xf32>, vector<2x8xf32>, vector<3x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %t[%c0, %c0], %p : tensor<4x8xf32>, vector<4x8xf32>
  %b = vector.transfer_read %t[%c2, %i], %p : tensor<4x8xf32>, vector<2x8xf32>
  %c = vector.transfer_read %u[%c0], %p {permutation_map = affine_map<(d0) -> (0, d0)>} : tensor<8xf32>, vector<3x8xf32>
  return %a, %b, %c : vector<4x8xf32>, vector<2x8xf32>, vector<3x8xf32>
}

// -----

// A write of a whole in-bounds read is the read's tensor; constant masks
// become constant_mask, an all-true mask unmasks, an unused masked read goes.
// CHECK-LABEL: func.func @folds(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x8xf32>
// CHECK-NEXT: return %[[A]]
func.func @folds(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %p = arith.constant 0.0 : f32
  %all = vector.create_mask %c4, %c8 : vector<4x8xi1>
  %r = vector.mask %all { vector.transfer_read %a[%c0, %c0], %p : tensor<4x8xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %w = vector.transfer_write %r, %b[%c0, %c0] : vector<4x8xf32>, tensor<4x8xf32>
  %some = vector.create_mask %c3, %c8 : vector<4x8xi1>
  %dead = vector.mask %some { vector.transfer_read %b[%c0, %c0], %p : tensor<4x8xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  return %w : tensor<4x8xf32>
}

// -----

// A masked write of a whole read keeps what the mask leaves of the
// destination (mlir-opt 22 folds it to %a).
// CHECK-LABEL: func.func @masked_write(
// CHECK-DAG:  %[[M:.+]] = vector.constant_mask [3, 8] : vector<4x8xi1>
// CHECK-DAG:  %[[R:.+]] = vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK:      %[[W:.+]] = vector.mask %[[M]] { vector.transfer_write %[[R]], %{{.+}}[%{{.+}}, %{{.+}}] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8xf32> } : vector<4x8xi1> -> tensor<4x8xf32>
// CHECK-NEXT: return %[[W]]
func.func @masked_write(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %p = arith.constant 0.0 : f32
  %r = vector.transfer_read %a[%c0, %c0], %p : tensor<4x8xf32>, vector<4x8xf32>
  %some = vector.create_mask %c3, %c8 : vector<4x8xi1>
  %w = vector.mask %some { vector.transfer_write %r, %b[%c0, %c0] : vector<4x8xf32>, tensor<4x8xf32> } : vector<4x8xi1> -> tensor<4x8xf32>
  return %w : tensor<4x8xf32>
}

// -----

// A transpose moving unit dims only is a shape_cast, and shape_casts chain
// into one.
// CHECK-LABEL: func.func @unit_dims(
// CHECK-NEXT: %[[C:.+]] = vector.shape_cast %{{.+}} : vector<32x8xf32> to vector<4x1x8x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @unit_dims(%v: vector<32x8xf32>) -> vector<4x1x8x8xf32> {
  %s = vector.shape_cast %v : vector<32x8xf32> to vector<4x8x1x8xf32>
  %t = vector.transpose %s, [0, 2, 1, 3] : vector<4x8x1x8xf32> to vector<4x1x8x8xf32>
  return %t : vector<4x1x8x8xf32>
}

// -----

// An insert over an insert at the same position inserts into the inner
// one's destination (a fold); an insert of as many elements as the
// destination has is a broadcast.
// CHECK-LABEL: func.func @insert_over_insert(
// CHECK-NEXT: %0 = vector.insert %arg1, %arg2 [0] : vector<2xi32> into vector<3x2xi32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : vector<2xi32> to vector<1x2xi32>
// CHECK-NEXT: return %0, %1 : vector<3x2xi32>, vector<1x2xi32>
func.func @insert_over_insert(%x: vector<2xi32>, %y: vector<2xi32>, %d: vector<3x2xi32>, %e: vector<1x2xi32>) -> (vector<3x2xi32>, vector<1x2xi32>) {
  %a = vector.insert %x, %d [0] : vector<2xi32> into vector<3x2xi32>
  %b = vector.insert %y, %a [0] : vector<2xi32> into vector<3x2xi32>
  %c = vector.insert %x, %e [0] : vector<2xi32> into vector<1x2xi32>
  %g = vector.insert %y, %c [0] : vector<2xi32> into vector<1x2xi32>
  return %b, %g : vector<3x2xi32>, vector<1x2xi32>
}
