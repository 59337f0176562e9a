// COMPAT: tessel-only (mlir-opt 22 promotes these: an alloca in a loop body takes new stack every iteration)
// RUN: tessel-opt %s -allow-unregistered-dialect -promote-buffers-to-stack | FileCheck %s
// RUN: tessel-opt %s -allow-unregistered-dialect -buffer-loop-hoisting -promote-buffers-to-stack | FileCheck %s --check-prefix=HOISTED

// An allocation inside a loop stays on the heap: lowered to LLVM, an
// alloca in a loop body grows the stack in every iteration (mlir-opt 22
// promotes it). Hoisted out of the loop first, it is promoted.

// CHECK-LABEL: func.func @in_loops
// CHECK: scf.for
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: scf.forall
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// HOISTED-LABEL: func.func @in_loops
// HOISTED: memref.alloca() : memref<4xf32>
// HOISTED-NEXT: scf.for
// HOISTED-NOT: memref.alloc()
// HOISTED: scf.forall
// HOISTED-NEXT: memref.alloc() : memref<4xf32>
func.func @in_loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %in = memref.alloc() : memref<4xf32>
    "test.use"(%in) : (memref<4xf32>) -> ()
  }
  scf.forall (%j) in (4) {
    %p = memref.alloc() : memref<4xf32>
    "test.use"(%p) : (memref<4xf32>) -> ()
  }
  return
}
