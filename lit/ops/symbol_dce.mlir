// RUN: tessel-opt %s -split-input-file --symbol-dce | FileCheck %s

// --symbol-dce: private and nested symbols nothing live refers to go (a call, a
// get_global, a symbol reference in any attribute keeps one alive), in nested
// symbol tables too; byte for byte with mlir-opt 22 (the CHECK lines are its
// output; scripts/upstream_parity.py --pass-file in CI).

module {
  func.func private @dead(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @used(%a: i32) -> i32 {
    %b = func.call @helper(%a) : (i32) -> i32
    return %b : i32
  }
  func.func private @helper(%a: i32) -> i32 {
    return %a : i32
  }
  func.func @main(%a: i32) -> i32 {
    %b = func.call @used(%a) : (i32) -> i32
    return %b : i32
  }
  func.func nested @nest(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @decl(i32) -> i32
  memref.global "private" @g : memref<2xf32> = dense<0.0>
  memref.global "private" @g2 : memref<2xf32> = dense<1.0>
  func.func @get() -> memref<2xf32> {
    %0 = memref.get_global @g2 : memref<2xf32>
    return %0 : memref<2xf32>
  }
}
// -----
module {
  module @inner {
    func.func private @x() {
      return
    }
    func.func @y() {
      return
    }
  }
  module @gone attributes {sym_visibility = "private"} {
    func.func @w() {
      return
    }
  }
  func.func private @z() {
    return
  }
  func.func private @kept() {
    return
  }
  func.func @main() attributes {callee = @kept} {
    return
  }
}

// CHECK: module {
// CHECK-NEXT: func.func private @used(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @helper(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @helper(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @used(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: memref.global "private" @g2 : memref<2xf32> = dense<1.000000e+00>
// CHECK-NEXT: func.func @get() -> memref<2xf32> {
// CHECK-NEXT: %0 = memref.get_global @g2 : memref<2xf32>
// CHECK-NEXT: return %0 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: module {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: func.func @y() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @kept() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main() attributes {callee = @kept} {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
