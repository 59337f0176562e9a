// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The bufferization ops round-trip in custom and generic form byte for byte as
// mlir-opt 22 prints them (the CHECK lines are its output).

// CHECK: module {
// CHECK-NEXT: func.func @b(%arg0: memref<4x?xf32>, %arg1: tensor<4x?xf32>, %arg2: index, %arg3: i1, %arg4: memref<2xf32>) -> tensor<4x?xf32> {
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 restrict writable : memref<4x?xf32> to tensor<4x?xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg0 : memref<4x?xf32> to tensor<4x?xf32>
// CHECK-NEXT: %2 = bufferization.to_buffer %arg1 read_only : tensor<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %3 = bufferization.to_buffer %arg1 : tensor<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT: %4 = bufferization.alloc_tensor(%arg2) : tensor<4x?xf32>
// CHECK-NEXT: %5 = bufferization.alloc_tensor() copy(%arg1) : tensor<4x?xf32>
// CHECK-NEXT: %6 = bufferization.alloc_tensor(%arg2) size_hint=%arg2 {memory_space = 1 : i64} : tensor<4x?xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %arg1 in restrict writable %arg0 : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
// CHECK-NEXT: %7 = bufferization.materialize_in_destination %arg1 in %0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// CHECK-NEXT: bufferization.dealloc_tensor %4 : tensor<4x?xf32>
// CHECK-NEXT: %8 = bufferization.clone %arg0 : memref<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT: %9 = bufferization.dealloc (%arg0, %arg4 : memref<4x?xf32>, memref<2xf32>) if (%arg3, %arg3) retain (%arg4 : memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<4x?xf32>) if (%arg3)
// CHECK-NEXT: bufferization.dealloc
// CHECK-NEXT: return %7 : tensor<4x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (memref<4x?xf32>, tensor<4x?xf32>, index, i1, memref<2xf32>) -> tensor<4x?xf32>, sym_name = "b"}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<4x?xf32>, %arg1: tensor<4x?xf32>, %arg2: index, %arg3: i1, %arg4: memref<2xf32>):
// GENERIC-NEXT: %0 = "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<4x?xf32>) -> tensor<4x?xf32>
// GENERIC-NEXT: %1 = "bufferization.to_tensor"(%arg0) : (memref<4x?xf32>) -> tensor<4x?xf32>
// GENERIC-NEXT: %2 = "bufferization.to_buffer"(%arg1) <{read_only}> : (tensor<4x?xf32>) -> memref<4x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT: %3 = "bufferization.to_buffer"(%arg1) : (tensor<4x?xf32>) -> memref<4x?xf32>
// GENERIC-NEXT: %4 = "bufferization.alloc_tensor"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<4x?xf32>
// GENERIC-NEXT: %5 = "bufferization.alloc_tensor"(%arg1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GENERIC-NEXT: %6 = "bufferization.alloc_tensor"(%arg2, %arg2) <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<4x?xf32>
// GENERIC-NEXT: "bufferization.materialize_in_destination"(%arg1, %arg0) <{restrict, writable}> : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
// GENERIC-NEXT: %7 = "bufferization.materialize_in_destination"(%arg1, %0) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GENERIC-NEXT: "bufferization.dealloc_tensor"(%4) : (tensor<4x?xf32>) -> ()
// GENERIC-NEXT: %8 = "bufferization.clone"(%arg0) : (memref<4x?xf32>) -> memref<4x?xf32>
// GENERIC-NEXT: %9 = "bufferization.dealloc"(%arg0, %arg4, %arg3, %arg3, %arg4) <{operandSegmentSizes = array<i32: 2, 2, 1>}> : (memref<4x?xf32>, memref<2xf32>, i1, i1, memref<2xf32>) -> i1
// GENERIC-NEXT: "bufferization.dealloc"(%arg0, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4x?xf32>, i1) -> ()
// GENERIC-NEXT: "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
// GENERIC-NEXT: "func.return"(%7) : (tensor<4x?xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @b(%m: memref<4x?xf32>, %t: tensor<4x?xf32>, %d: index, %c: i1, %r: memref<2xf32>) -> tensor<4x?xf32> {
  %0 = bufferization.to_tensor %m restrict writable : memref<4x?xf32> to tensor<4x?xf32>
  %1 = bufferization.to_tensor %m : memref<4x?xf32> to tensor<4x?xf32>
  %2 = bufferization.to_buffer %t read_only : tensor<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  %3 = bufferization.to_buffer %t : tensor<4x?xf32> to memref<4x?xf32>
  %4 = bufferization.alloc_tensor(%d) : tensor<4x?xf32>
  %5 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  %6 = bufferization.alloc_tensor(%d) size_hint=%d {memory_space = 1 : i64} : tensor<4x?xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
  %7 = bufferization.materialize_in_destination %t in %0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  bufferization.dealloc_tensor %4 : tensor<4x?xf32>
  %8 = bufferization.clone %m : memref<4x?xf32> to memref<4x?xf32>
  %9 = bufferization.dealloc (%m, %r : memref<4x?xf32>, memref<2xf32>) if (%c, %c) retain (%r : memref<2xf32>)
  bufferization.dealloc (%m : memref<4x?xf32>) if (%c)
  bufferization.dealloc
  return %7 : tensor<4x?xf32>
}
