// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s --run=g --input=3.5 --input=2 > %t.before
// RUN: tessel-opt %s -transform-interpreter --run=g --input=3.5 --input=2 > %t.after
// RUN: diff %t.before %t.after

// Structured ops with no loops vectorize as mlir-opt 22 does them (the
// CHECK lines are its output): each operand read as a 0-d vector and
// extracted, the body on scalars, a 0-d write of a broadcast. The ops are
// matched by interface{LinalgOp}.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = tensor.empty() : tensor<f32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = ub.poison : f32
// CHECK-NEXT: %2 = vector.transfer_read %0[], %1 : tensor<f32>, vector<f32>
// CHECK-NEXT: %3 = vector.extract %2[] : f32 from vector<f32>
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %4 = vector.broadcast %arg0 : f32 to vector<f32>
// CHECK-NEXT: %5 = vector.transfer_write %4, %0[] : vector<f32>, tensor<f32>
// CHECK-NEXT: return %5 : tensor<f32>
// CHECK-LABEL: func.func @g(
// CHECK:      %2 = vector.transfer_read %arg0[], %1 : tensor<f32>, vector<f32>
// CHECK-NEXT: %3 = vector.extract %2[] : f32 from vector<f32>
// CHECK:      %10 = arith.addf %3, %6 : f32
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %11 = vector.broadcast %10 : f32 to vector<f32>
// CHECK-NEXT: %12 = vector.transfer_write %11, %0[] : vector<f32>, tensor<f32>
func.func @f(%x: f32) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %d = linalg.fill ins(%x : f32) outs(%e : tensor<f32>) -> tensor<f32>
  return %d : tensor<f32>
}
func.func @g(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %d = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%a, %b : tensor<f32>, tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %d : tensor<f32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LinalgOp} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}
