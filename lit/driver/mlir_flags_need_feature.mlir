// UNSUPPORTED: mlir
// Without the mlir feature, the flags that need real MLIR say how to get it.
// RUN: not tessel-opt %s --mlir-verify 2>&1 | FileCheck %s
// RUN: not tessel-opt %s --mlir-pipeline=cse 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: not tessel-opt %s --run=f --run-engine=mlir 2>&1 | FileCheck %s --check-prefix=ENGINE
// CHECK: tessel-opt: --mlir-verify needs real MLIR in the process: rebuild with `cargo build --features mlir`
// PIPE: tessel-opt: --mlir-pipeline needs real MLIR
// ENGINE: tessel-opt: --run-engine=mlir needs real MLIR
func.func @f() {
  return
}
