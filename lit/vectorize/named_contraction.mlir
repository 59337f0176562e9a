// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=mv --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=mv --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s --run=bm --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=bm --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s --run=d --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=d --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// transform.structured.vectorize {create_named_contraction}: a named
// contraction becomes one vector.contract of its operands read whole, as
// mlir-opt 22 builds it (the CHECK lines of @mv and @bm are its output; the
// i8 operands of @bm are promoted to the i32 accumulator). A rank-0 output
// (@d) is contracted as a scalar and written back as a 0-d vector: 22
// contracts into the 0-d vector, which its own verifier rejects.
// CHECK-LABEL: func.func @mv(
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<8x16xf32>, vector<8x16xf32>
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %1 = vector.transfer_read %arg1[%c0_1], %cst_0 {in_bounds = [true]} : tensor<16xf32>, vector<16xf32>
// CHECK-NEXT: %cst_2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0_3 = arith.constant 0 : index
// CHECK-NEXT: %2 = vector.transfer_read %arg2[%c0_3], %cst_2 {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
// CHECK-NEXT: %3 = vector.contract {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %0, %1, %2 : vector<8x16xf32>, vector<16xf32> into vector<8xf32>
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %4 = vector.transfer_write %3, %arg2[%c0_4] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
// CHECK-LABEL: func.func @bm(
// CHECK:      %c0_i8 = arith.constant 0 : i8
// CHECK:      %c0_i32 = arith.constant 0 : i32
// CHECK:      vector.contract {{.+}} : vector<2x8x16xi8>, vector<2x16x4xi8> into vector<2x8x4xi32>
// CHECK-LABEL: func.func @d(
// CHECK:      %[[R:.+]] = vector.transfer_read %arg2[], %{{.+}} : tensor<f32>, vector<f32>
// CHECK-NEXT: %[[ACC:.+]] = vector.extract %[[R]][] : f32 from vector<f32>
// CHECK-NEXT: %[[C:.+]] = vector.contract {{.+}} %{{.+}}, %{{.+}}, %[[ACC]] : vector<6xf32>, vector<6xf32> into f32
// CHECK-NEXT: %[[B:.+]] = vector.broadcast %[[C]] : f32 to vector<f32>
// CHECK-NEXT: %{{.+}} = arith.constant 0 : index
// CHECK-NEXT: vector.transfer_write %[[B]], %arg2[] : vector<f32>, tensor<f32>
func.func @mv(%a: tensor<8x16xf32>, %b: tensor<16xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.matvec ins(%a, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%c : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @bm(%a: tensor<2x8x16xi8>, %b: tensor<2x16x4xi8>, %c: tensor<2x8x4xi32>) -> tensor<2x8x4xi32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x8x16xi8>, tensor<2x16x4xi8>) outs(%c : tensor<2x8x4xi32>) -> tensor<2x8x4xi32>
  return %0 : tensor<2x8x4xi32>
}
func.func @d(%a: tensor<6xf32>, %b: tensor<6xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%c : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LinalgOp} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 {create_named_contraction} : !transform.any_op
    transform.yield
  }
}
