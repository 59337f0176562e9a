// RUN: tessel-opt %s -allow-unregistered-dialect -buffer-hoisting | FileCheck %s

// Allocations move up into the closest block that dominates every use of
// the buffer and of its aliases, as far as their sizes allow and never out
// of a loop, as mlir-opt 22's -buffer-hoisting moves them (the CHECK lines
// are its output). memref.alloca moves only out of loops (not here).

// CHECK-LABEL: func.func @f
// Yielded out of the scf.if: allocated before it.
// CHECK: %[[A:.*]] = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: scf.if %arg1 -> (memref<?xf32>) {
// CHECK-NEXT: scf.yield %[[A]]
// Used in its branch only: stays.
// CHECK: } else {
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// Sized by a value computed in the branch: stays.
// CHECK: scf.if %arg1 -> (memref<?xf32>) {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloca() : memref<8xf32>
// Inside the loop: moved before the scf.if that yields it, not out of the loop.
// CHECK: scf.for
// CHECK: memref.alloc(%arg3) : memref<?xf32>
// CHECK: %[[L:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.if %arg1 -> (memref<4xf32>) {
// CHECK-NEXT: scf.yield %[[L]]
// CHECK: memref.alloca() : memref<4xf32>
func.func @f(%n: index, %c: i1, %m: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = scf.if %c -> memref<?xf32> {
    %t = memref.alloc(%n) : memref<?xf32>
    scf.yield %t : memref<?xf32>
  } else {
    %t2 = memref.alloc() : memref<4xf32>
    "test.use"(%t2) : (memref<4xf32>) -> ()
    scf.yield %m : memref<?xf32>
  }
  %z = scf.if %c -> memref<?xf32> {
    %k = arith.addi %n, %c1 : index
    %t = memref.alloc(%k) : memref<?xf32>
    %v = memref.subview %t[0] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %w = memref.cast %v : memref<?xf32, strided<[1]>> to memref<?xf32>
    scf.yield %w : memref<?xf32>
  } else {
    scf.if %c {
      %q = memref.alloc() : memref<8xf32>
      %q2 = memref.alloca() : memref<8xf32>
      "test.use"(%q, %q2) : (memref<8xf32>, memref<8xf32>) -> ()
    }
    scf.yield %m : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %a = memref.alloc() : memref<4xf32>
      "test.use"(%a) : (memref<4xf32>) -> ()
    } else {
      %b = memref.alloc() : memref<4xf32>
      %b2 = memref.alloc(%i) : memref<?xf32>
      "test.use"(%b, %b2) : (memref<4xf32>, memref<?xf32>) -> ()
    }
    %r = scf.if %c -> memref<4xf32> {
      %a = memref.alloc() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    } else {
      %a = memref.alloca() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    "test.use"(%r) : (memref<4xf32>) -> ()
  }
  "test.use"(%y, %z) : (memref<?xf32>, memref<?xf32>) -> ()
  return %y : memref<?xf32>
}
