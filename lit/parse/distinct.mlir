// RUN: tessel-opt %s -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: tessel-opt %s -split-input-file | tessel-opt -split-input-file | FileCheck %s

// distinct[N]<attr> as mlir-opt 22 prints it: one attribute per N in the
// input, aliased #distinct, #distinct1, ... unless it references unit
// (printed in place, `<>`), and numbered again in order of appearance,
// the alias definitions first.

// CHECK: #distinct = distinct[0]<"x">
// CHECK-NEXT: #distinct1 = distinct[1]<42 : i32>
// CHECK-NEXT: #distinct2 = distinct[2]<[1, 2]>
// CHECK-LABEL: func.func @g() attributes {a = distinct[3]<>, b = #distinct, c = #distinct, d = #distinct1, e = [distinct[4]<>], f = #distinct2}
// CHECK-LABEL: func.func @h() attributes {a = distinct[3]<>, g = distinct[5]<>}
// LOCAL-LABEL: func.func @g() attributes {a = distinct[0]<>, b = distinct[1]<"x">, c = distinct[1]<"x">, d = distinct[2]<42 : i32>, e = [distinct[3]<>], f = distinct[4]<[1, 2]>}
// LOCAL-LABEL: func.func @h() attributes {a = distinct[0]<>, g = distinct[5]<>}
func.func @g() attributes {a = distinct[5]<unit>, b = distinct[3]<"x">, c = distinct[3]<"x">, d = distinct[7]<42 : i32>, e = [distinct[9]<unit>], f = distinct[11]<[1, 2]>} {
  return
}
func.func @h() attributes {a = distinct[5]<unit>, g = distinct[12]<unit>} {
  return
}

// -----

// A distinct attribute inside an aliased one is numbered where the alias
// definition prints it.
// CHECK: #distinct = distinct[0]<[distinct[1]<>, 3]>
// CHECK-LABEL: func.func @nested() attributes {b = #distinct, c = [distinct[2]<>]}
func.func @nested() attributes {b = distinct[0]<[distinct[1]<>, 3]>, c = [distinct[2]<unit>]} {
  return
}
