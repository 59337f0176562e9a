// Verifier errors carry the op in generic form (mlir-opt's default);
// --mlir-print-op-on-diagnostic=false leaves the note out.
// RUN: not tessel-opt %s 2>&1 | FileCheck %s --check-prefix=ON
// RUN: not tessel-opt %s --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: tessel-opt %s --verify-diagnostics

// ON: error: type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<3xf32>') in function @f
// ON: note: see current operation: "func.return"(%arg0) : (tensor<4xf32>) -> ()
// OFF: error: type of return operand 0
// OFF-NOT: see current operation
func.func @f(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<3xf32>') in function @f}}
  return %a : tensor<4xf32>
}
