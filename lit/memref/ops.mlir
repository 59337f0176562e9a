// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The memref ops round-trip in custom and generic form byte for byte as
// mlir-opt 22 prints them (the CHECK lines are its output).

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @cst : memref<2x3xf32> = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @var : memref<4xi32> = uninitialized
// CHECK-NEXT: memref.global "private" @ext : memref<4xi32>
// CHECK-NEXT: func.func @f(%arg0: memref<?x?xf32>, %arg1: memref<4x8xf32, strided<[8, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: f32, %arg5: memref<2048xi8>, %arg6: memref<*xf32>, %arg7: memref<?xf32, 1>) {
// CHECK-NEXT: %alloc = memref.alloc(%arg2) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NEXT: %alloca = memref.alloca() : memref<4x8xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg2)[%arg3] : memref<?xf32, #map>
// CHECK-NEXT: memref.dealloc %alloc : memref<?x8xf32>
// CHECK-NEXT: %0 = memref.load %arg0[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT: %1 = memref.load %arg0[%arg2, %arg3] {nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT: memref.store %arg4, %arg0[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT: memref.store %arg4, %arg0[%arg2, %arg3] {alignment = 16 : i64, nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT: memref.copy %alloca, %arg1 : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %alloca : memref<4x8xf32> to memref<?x?xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %subview = memref.subview %arg0[%arg2, 2] [4, %arg3] [1, 2] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT: %subview_1 = memref.subview %alloca[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 8>>
// CHECK-NEXT: %expand_shape = memref.expand_shape %alloc {{\[\[}}0, 1], [2]] output_shape [%arg2, 2, 8] : memref<?x8xf32> into memref<?x2x8xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloca {{\[\[}}0, 1]] : memref<4x8xf32> into memref<32xf32>
// CHECK-NEXT: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-NEXT: %2 = memref.get_global @cst : memref<2x3xf32>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg2, 4], strides: [4, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[4, 1]>>
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg1 : memref<4x8xf32, strided<[8, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?x?xf32> -> index
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg0, 16 : memref<?x?xf32>
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %arg7 : memref<?xf32, 1> to memref<?xf32>
// CHECK-NEXT: %view = memref.view %arg5[%c0][%arg2] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: %cast_2 = memref.cast %arg6 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT: %alloca_3 = memref.alloca() {alignment = 16 : i64} : memref<f32>
// CHECK-NEXT: %3 = memref.alloca_scope  -> (f32) {
// CHECK-NEXT: %5 = memref.load %alloca_3[] : memref<f32>
// CHECK-NEXT: memref.alloca_scope.return %5 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = memref.rank %arg0 : memref<?x?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// GENERIC-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>, sym_name = "cst", sym_visibility = "private", type = memref<2x3xf32>}> : () -> ()
// GENERIC-NEXT: "memref.global"() <{initial_value, sym_name = "var", type = memref<4xi32>}> : () -> ()
// GENERIC-NEXT: "memref.global"() <{sym_name = "ext", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (memref<?x?xf32>, memref<4x8xf32, strided<[8, 1], offset: ?>>, index, index, f32, memref<2048xi8>, memref<*xf32>, memref<?xf32, 1>) -> (), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg0: memref<?x?xf32>, %arg1: memref<4x8xf32, strided<[8, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: f32, %arg5: memref<2048xi8>, %arg6: memref<*xf32>, %arg7: memref<?xf32, 1>):
// GENERIC-NEXT: %0 = "memref.alloc"(%arg2) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x8xf32>
// GENERIC-NEXT: %1 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x8xf32>
// GENERIC-NEXT: %2 = "memref.alloc"(%arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, #map>
// GENERIC-NEXT: "memref.dealloc"(%0) : (memref<?x8xf32>) -> ()
// GENERIC-NEXT: %3 = "memref.load"(%arg0, %arg2, %arg3) : (memref<?x?xf32>, index, index) -> f32
// GENERIC-NEXT: %4 = "memref.load"(%arg0, %arg2, %arg3) <{nontemporal = true}> : (memref<?x?xf32>, index, index) -> f32
// GENERIC-NEXT: "memref.store"(%arg4, %arg0, %arg2, %arg3) : (f32, memref<?x?xf32>, index, index) -> ()
// GENERIC-NEXT: "memref.store"(%arg4, %arg0, %arg2, %arg3) <{alignment = 16 : i64, nontemporal = true}> : (f32, memref<?x?xf32>, index, index) -> ()
// GENERIC-NEXT: "memref.copy"(%1, %arg1) : (memref<4x8xf32>, memref<4x8xf32, strided<[8, 1], offset: ?>>) -> ()
// GENERIC-NEXT: %5 = "memref.cast"(%1) : (memref<4x8xf32>) -> memref<?x?xf32>
// GENERIC-NEXT: %6 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %7 = "memref.dim"(%arg0, %6) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT: %8 = "memref.subview"(%arg0, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 1, 2>}> : (memref<?x?xf32>, index, index) -> memref<4x?xf32, strided<[?, 2], offset: ?>>
// GENERIC-NEXT: %9 = "memref.subview"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 0>, static_sizes = array<i64: 1, 8>, static_strides = array<i64: 1, 1>}> : (memref<4x8xf32>) -> memref<8xf32, strided<[1], offset: 8>>
// GENERIC-NEXT: %10 = "memref.expand_shape"(%0, %arg2) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 2, 8>}> : (memref<?x8xf32>, index) -> memref<?x2x8xf32>
// GENERIC-NEXT: %11 = "memref.collapse_shape"(%1) <{reassociation = {{\[\[}}0, 1]]}> : (memref<4x8xf32>) -> memref<32xf32>
// GENERIC-NEXT: %12 = "memref.transpose"(%arg0) <{permutation = #map1}> : (memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>>
// GENERIC-NEXT: %13 = "memref.get_global"() <{name = @cst}> : () -> memref<2x3xf32>
// GENERIC-NEXT: %14 = "memref.reinterpret_cast"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 4, 1>}> : (memref<?x?xf32>, index) -> memref<?x4xf32, strided<[4, 1]>>
// GENERIC-NEXT: %15:6 = "memref.extract_strided_metadata"(%arg1) : (memref<4x8xf32, strided<[8, 1], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT: %16 = "memref.extract_aligned_pointer_as_index"(%arg0) : (memref<?x?xf32>) -> index
// GENERIC-NEXT: %17 = "memref.assume_alignment"(%arg0) <{alignment = 16 : i32}> : (memref<?x?xf32>) -> memref<?x?xf32>
// GENERIC-NEXT: %18 = "memref.memory_space_cast"(%arg7) : (memref<?xf32, 1>) -> memref<?xf32>
// GENERIC-NEXT: %19 = "memref.view"(%arg5, %6, %arg2) : (memref<2048xi8>, index, index) -> memref<?x4xf32>
// GENERIC-NEXT: %20 = "memref.cast"(%arg6) : (memref<*xf32>) -> memref<4xf32>
// GENERIC-NEXT: %21 = "memref.alloca"() <{alignment = 16 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<f32>
// GENERIC-NEXT: %22 = "memref.alloca_scope"() ({
// GENERIC-NEXT: %24 = "memref.load"(%21) : (memref<f32>) -> f32
// GENERIC-NEXT: "memref.alloca_scope.return"(%24) : (f32) -> ()
// GENERIC-NEXT: }) : () -> f32
// GENERIC-NEXT: %23 = "memref.rank"(%arg0) : (memref<?x?xf32>) -> index
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

memref.global "private" constant @cst : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> {alignment = 64 : i64}
memref.global @var : memref<4xi32> = uninitialized
memref.global "private" @ext : memref<4xi32>
func.func @f(%a: memref<?x?xf32>, %b: memref<4x8xf32, strided<[8, 1], offset: ?>>, %i: index, %j: index, %v: f32, %buf: memref<2048xi8>, %u: memref<*xf32>, %s1: memref<?xf32, 1>) {
  %0 = memref.alloc(%i) {alignment = 64 : i64} : memref<?x8xf32>
  %1 = memref.alloca() : memref<4x8xf32>
  %2 = memref.alloc(%i)[%j] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  memref.dealloc %0 : memref<?x8xf32>
  %3 = memref.load %a[%i, %j] : memref<?x?xf32>
  %l2 = memref.load %a[%i, %j] {nontemporal = true} : memref<?x?xf32>
  memref.store %v, %a[%i, %j] : memref<?x?xf32>
  memref.store %v, %a[%i, %j] {nontemporal = true, alignment = 16 : i64} : memref<?x?xf32>
  memref.copy %1, %b : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
  %4 = memref.cast %1 : memref<4x8xf32> to memref<?x?xf32>
  %c0 = arith.constant 0 : index
  %5 = memref.dim %a, %c0 : memref<?x?xf32>
  %6 = memref.subview %a[%i, 2][4, %j][1, 2] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
  %7 = memref.subview %1[1, 0][1, 8][1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 8>>
  %8 = memref.expand_shape %0 [[0, 1], [2]] output_shape [%i, 2, 8] : memref<?x8xf32> into memref<?x2x8xf32>
  %9 = memref.collapse_shape %1 [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %10 = memref.transpose %a (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %11 = memref.get_global @cst : memref<2x3xf32>
  %12 = memref.reinterpret_cast %a to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %b : memref<4x8xf32, strided<[8, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %13 = memref.extract_aligned_pointer_as_index %a : memref<?x?xf32> -> index
  %14 = memref.assume_alignment %a, 16 : memref<?x?xf32>
  %15 = memref.memory_space_cast %s1 : memref<?xf32, 1> to memref<?xf32>
  %16 = memref.view %buf[%c0][%i] : memref<2048xi8> to memref<?x4xf32>
  %17 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %18 = memref.alloca() {alignment = 16 : i64} : memref<f32>
  %19 = memref.alloca_scope -> (f32) {
    %x = memref.load %18[] : memref<f32>
    memref.alloca_scope.return %x : f32
  }
  %20 = memref.rank %a : memref<?x?xf32>
  return
}
