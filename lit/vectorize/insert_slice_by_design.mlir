// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=iota --input=1.5 --input=2 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=iota --input=1.5 --input=2 > %t.after
// RUN: diff %t.before %t.after
// COMPAT: tessel-only

// tensor.insert_slice vectorized where mlir-opt 22 writes the wrong
// elements (docs/differences.md), run before and after by the engine.

// A rank-reducing slice whose dropped unit dim is the trailing one: the
// vector is written down column 3 (22 writes it along row 0, as if the
// dropped dims were leading).
// CHECK-LABEL: func.func @f(
// CHECK: vector.transfer_write %{{.+}}, %{{.+}}[%c0{{.*}}, %c3] {in_bounds = [true], permutation_map = #map} : vector<6xf32>, tensor<8x16xf32>
func.func @f(%s: tensor<6xf32>, %d: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[0, 3] [6, 1] [1, 1] : tensor<6xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f : !transform.any_op
    transform.yield
  }
}

// -----

// A dynamic source (2 rows at run time) read with vector sizes [4, 6]: the
// write is masked by the source's sizes, so the rows past it keep the
// destination's values (22 writes the read's padding over them).
// CHECK-LABEL: func.func @f(
// CHECK: vector.mask %{{.+}} { vector.transfer_read
// CHECK: %[[M:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<4x6xi1>
// CHECK-NEXT: vector.mask %[[M]] { vector.transfer_write
func.func @f(%c: tensor<4x6xf32>, %d: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %s = tensor.extract_slice %c[0, 0] [%n, 6] [1, 1] : tensor<4x6xf32> to tensor<?x6xf32>
  %0 = tensor.insert_slice %s into %d[2, 3] [%n, 6] [1, 1] : tensor<?x6xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f vector_sizes [4, 6] : !transform.any_op
    transform.yield
  }
}

// -----

// A static source read with larger vector sizes: the write is masked by
// the source's sizes.
// CHECK-LABEL: func.func @f(
// CHECK: vector.mask %{{.+}} { vector.transfer_read
// CHECK: %[[M:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<4x8xi1>
// CHECK-NEXT: vector.mask %[[M]] { vector.transfer_write
func.func @f(%s: tensor<3x5xf32>, %d: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %s into %d[1, %n] [3, 5] [1, 1] : tensor<3x5xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["tensor.insert_slice"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %f vector_sizes [4, 8] : !transform.any_op
    transform.yield
  }
}
