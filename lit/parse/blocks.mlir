// RUN: tessel-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// Unregistered ops round-trip in generic form; blocks and successors print
// as ^bbN in order.
// CHECK-LABEL: func.func @cfg
// CHECK: "test.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[X:.*]] = "test.make"() : () -> i32
// CHECK-NEXT: "test.cond_br"(%[[X]])[^bb1, ^bb2] {tag = 3 : i64} : (i32) -> ()
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"(%[[X]]) : (i32) -> ()
func.func @cfg() {
  "test.br"() [^next] : () -> ()
^next:
  %x = "test.make"() : () -> i32
  "test.cond_br"(%x) [^next, ^exit] {tag = 3} : (i32) -> ()
^exit:
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  "test.br"() [^bb7] : () -> ()
}

// -----

// A use in a block the definition does not dominate.
func.func @not_dominated(%c: i1) {
  "test.cond_br"(%c) [^a, ^b] : (i1) -> ()
^a:
  // expected-note @+1 {{operand defined here}}
  %v = "test.make"() : () -> i32
  "test.br"() [^b] : () -> ()
^b:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "test.use"(%v) : (i32) -> ()
  return
}

// -----

// Uses in unreachable blocks are not checked, as in MLIR.
func.func @unreachable() {
  return
^dead:
  "test.use"(%v) : (i32) -> ()
  "test.br"() [^dead] : () -> ()
^later:
  %v = "test.make"() : () -> i32
  "test.br"() [^dead] : () -> ()
}
