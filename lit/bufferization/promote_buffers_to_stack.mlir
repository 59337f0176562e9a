// RUN: tessel-opt %s -allow-unregistered-dialect -promote-buffers-to-stack | FileCheck %s
// RUN: tessel-opt %s -allow-unregistered-dialect -promote-buffers-to-stack="max-alloc-size-in-bytes=4096 max-rank-of-allocated-memref=0" | FileCheck %s --check-prefix=BIG

// Small buffers that are never freed and never leave the function become
// stack allocations, as mlir-opt 22's -promote-buffers-to-stack makes them
// (the CHECK lines are its output): at most 1024 bytes by default, or of
// rank 1 sized by memref.rank; the attributes stay.

// CHECK-LABEL: func.func @promote
// CHECK: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[LARGE:.*]] = memref.alloc() : memref<1024xf32>
// CHECK: memref.alloc(%arg0) : memref<?xf32>
// CHECK: %[[R:.*]] = memref.rank %[[A]]
// CHECK: memref.alloca(%[[R]]) : memref<?xf32>
// CHECK: %[[FREED:.*]] = memref.alloc() : memref<8xi64>
// CHECK: memref.dealloc %[[FREED]]
// CHECK: scf.if
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: } else {
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: memref.alloca() : memref<2x2xf32>
// CHECK: memref.alloca() : memref<4xindex>
// CHECK: memref.alloca() : memref<4x1xi1>
// BIG-LABEL: func.func @promote
// BIG: memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// BIG: memref.alloca() : memref<1024xf32>
// BIG: memref.alloc(%{{.*}}) : memref<?xf32>
// BIG: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @promote(%n: index, %c: i1) -> memref<4xf32> {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  // Returned through the scf.if.
  %b = memref.alloc() : memref<4xf32>
  %big = memref.alloc() : memref<1024xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %r = memref.rank %a : memref<16xf32>
  %e = memref.alloc(%r) : memref<?xf32>
  %x = memref.alloc() : memref<8xi64>
  memref.dealloc %x : memref<8xi64>
  %y = scf.if %c -> memref<4xf32> {
    %t = memref.alloc() : memref<4xf32>
    scf.yield %t : memref<4xf32>
  } else {
    %t2 = memref.alloc() : memref<4xf32>
    "test.use"(%t2) : (memref<4xf32>) -> ()
    scf.yield %b : memref<4xf32>
  }
  %v = memref.alloc() : memref<2x2xf32>
  %w = memref.alloc() : memref<4xindex>
  %z = memref.alloc() : memref<4x1xi1>
  "test.use"(%a, %big, %d, %e, %v, %w, %z) : (memref<16xf32>, memref<1024xf32>, memref<?xf32>, memref<?xf32>, memref<2x2xf32>, memref<4xindex>, memref<4x1xi1>) -> ()
  return %y : memref<4xf32>
}
