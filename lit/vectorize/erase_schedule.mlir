// RUN: tessel-opt %s -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// mlir-opt's RUN lines lower a schedule's output with
// -test-transform-dialect-erase-schedule: the transform ops go, the module
// that held them stays (as in mlir-opt 22).
// CHECK-LABEL: func.func @f(
// CHECK:       vector.transfer_write
// CHECK:       module attributes {transform.with_named_sequence} {
// CHECK-NEXT:  }
// CHECK-NOT:   transform.
func.func @f(%a: tensor<8xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.copy ins(%a : tensor<8xf32>) outs(%o : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.copy"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}
