// RUN: tessel-opt %s -buffer-loop-hoisting | FileCheck %s
// COMPAT: tessel-only (mlir-opt 22 hoists the alloc and leaves its dealloc in the loop: a double free)

// An allocation freed inside the loop stays in the loop; the one that is
// not freed leaves it.

// CHECK-LABEL: func.func @freed_in_loop
// CHECK: %[[KEPT:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[FREED:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.dealloc %[[FREED]] : memref<4xf32>
func.func @freed_in_loop(%n: index, %o: memref<4xf32>, %p: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<8xf32>
    memref.copy %a, %o : memref<4xf32> to memref<4xf32>
    memref.copy %b, %p : memref<8xf32> to memref<8xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}
