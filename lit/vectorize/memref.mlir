// RUN: tessel-opt %s -split-input-file -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter | tessel-opt -split-input-file -verify-each
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 --input=random:4 > %t.after
// RUN: diff %t.before %t.after

// Structured ops on memrefs vectorize as mlir-opt 22 vectorizes them (the
// CHECK lines follow its output): the same reads, and writes that return
// nothing, masked when the vector sizes exceed the shapes; the engine
// leaves the same values in the buffers.

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:.+]]: memref<3x6xf32>, %[[B:.+]]: memref<3x6xf32>)
// CHECK:      %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[C6:.+]] = arith.constant 6 : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[PAD:.+]] = ub.poison : f32
// CHECK-NEXT: %[[MASK:.+]] = vector.create_mask %[[C3]], %[[C6]] : vector<4x8xi1>
// CHECK-NEXT: %[[READ:.+]] = vector.mask %[[MASK]] { vector.transfer_read %[[A]][%[[C0]], %[[C0]]], %[[PAD]] {in_bounds = [true, true]} : memref<3x6xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK-NEXT: %[[PAD_1:.+]] = ub.poison : f32
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_read %[[B]]
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: vector.mask %[[MASK]] { vector.transfer_write %[[READ]], %[[B]][%[[C0_0]], %[[C0_0]]] {in_bounds = [true, true]} : vector<4x8xf32>, memref<3x6xf32> } : vector<4x8xi1>
// CHECK-NEXT: return
func.func @f(%a: memref<3x6xf32>, %b: memref<3x6xf32>) {
  linalg.copy ins(%a : memref<3x6xf32>) outs(%b : memref<3x6xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [4, 8] : !transform.any_op
    transform.yield
  }
}

// -----

// A reduction into a memref, read through a strided view: the combiner is
// a multi_reduction and the write returns nothing.
// CHECK-LABEL: func.func @f(
// CHECK:      vector.transfer_read %{{.+}} : memref<5x7xf32, strided<[8, 1]>>, vector<5x7xf32>
// CHECK:      vector.transfer_read %{{.+}} : memref<5xf32>, vector<5xf32>
// CHECK:      %[[R:.+]] = vector.multi_reduction <add>, %{{.+}}, %{{.+}} [1] : vector<5x7xf32> to vector<5xf32>
// CHECK:      vector.transfer_write %[[R]], %{{.+}} : vector<5xf32>, memref<5xf32>
// CHECK-NEXT: return
func.func @f(%m: memref<5x8xf32>, %b: memref<5xf32>) {
  %a = memref.subview %m[0, 0] [5, 7] [1, 1] : memref<5x8xf32> to memref<5x7xf32, strided<[8, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : memref<5x7xf32, strided<[8, 1]>>) outs(%b : memref<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// A transpose into a memref, i8.
// CHECK-LABEL: func.func @f(
// CHECK:      %[[READ:.+]] = vector.transfer_read %{{.+}} {permutation_map = #{{.+}}} : memref<4x6xi8>, vector<6x4xi8>
// CHECK:      vector.transfer_write %[[READ]], %{{.+}} : vector<6x4xi8>, memref<6x4xi8>
func.func @f(%a: memref<4x6xi8>, %b: memref<6x4xi8>) {
  linalg.transpose ins(%a : memref<4x6xi8>) outs(%b : memref<6x4xi8>) permutation = [1, 0]
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.transpose"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}
