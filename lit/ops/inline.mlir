// RUN: tessel-opt %s --inline | FileCheck %s
// RUN: tessel-opt %s '--inline=default-pipeline=' | FileCheck %s --check-prefix=RAW
// RUN: tessel-opt %s --run=main --input=4 --output=%t.a0.npy --output=%t.b0.npy
// RUN: tessel-opt %s --inline --run=main --input=4 --output=%t.a1.npy --output=%t.b1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: tessel-opt %s --inline --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// mlir-opt's -inline, byte for byte with mlir-opt 22 (CHECK and RAW are
// its output; scripts/upstream_parity.py compares the file): callees are
// canonicalized first (the default pipeline) and then copied into their
// callers, which are canonicalized again; a callee of several blocks
// splits the caller's block (its returns become cf.br), also inside
// scf.execute_region; no_inline calls, declarations and recursion stay;
// private functions left without callers go. scripts/inline_parity.py does
// the same on random call graphs and runs them.

// DUMP: inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 }

func.func private @add1(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %r = arith.addi %a, %c1 : index
  return %r : index
}
func.func @twice(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %r = arith.muli %a, %c2 : index
  return %r : index
}
func.func @main(%x: index) -> (index, index) {
  %0 = call @add1(%x) : (index) -> index
  %1 = call @twice(%0) : (index) -> index
  %2 = call @add1(%1) : (index) -> index
  return %1, %2 : index, index
}
func.func @branchy(%p: i1, %x: index) -> index {
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : index)
^bb2:
  %c = arith.constant 5 : index
  cf.br ^bb3(%c : index)
^bb3(%r: index):
  return %r : index
}
func.func @use_branchy(%p: i1, %x: index) -> index {
  %0 = call @branchy(%p, %x) : (i1, index) -> index
  %1 = arith.addi %0, %x : index
  return %1 : index
}
func.func @rec(%x: index) -> index {
  %0 = call @rec(%x) : (index) -> index
  return %0 : index
}
func.func private @unused2(%a: index) -> index {
  return %a : index
}
func.func private @decl2(%a: index) -> index
func.func private @multi2(%p: i1, %a: index) -> index {
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %a : index
^bb2:
  %c = arith.constant 3 : index
  %r = arith.muli %a, %c : index
  return %r : index
}
func.func @main2(%p: i1, %x: index) -> index {
  %0 = call @decl2(%x) : (index) -> index
  %1 = call @multi2(%p, %0) {no_inline} : (i1, index) -> index
  %2 = call @multi2(%p, %1) : (i1, index) -> index
  %3 = scf.execute_region -> index {
    %4 = func.call @multi2(%p, %2) : (i1, index) -> index
    scf.yield %4 : index
  }
  return %3 : index
}

// CHECK-LABEL: func.func @twice(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = arith.muli %arg0, %c2 : index
// CHECK-NEXT: return %0 : index
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT: %1 = arith.muli %0, %c2 : index
// CHECK-NEXT: %2 = arith.addi %1, %c1 : index
// CHECK-NEXT: return %1, %2 : index, index
// CHECK-LABEL: func.func @branchy(
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %c5 : index
// CHECK-NEXT: return %0 : index
// CHECK-LABEL: func.func @use_branchy(
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %c5 : index
// CHECK-NEXT: %1 = arith.addi %0, %arg1 : index
// CHECK-NEXT: return %1 : index
// CHECK-LABEL: func.func @rec(
// CHECK-NEXT: %0 = call @rec(%arg0) : (index) -> index
// CHECK-NEXT: return %0 : index
// CHECK-LABEL: func.func @main2(
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = call @decl2(%arg1) : (index) -> index
// CHECK-NEXT: %1 = call @multi2(%arg0, %0) {no_inline} : (i1, index) -> index
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%1 : index), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %2 = arith.muli %1, %c3 : index
// CHECK-NEXT: cf.br ^bb2(%2 : index)
// CHECK-NEXT: ^bb2(%3: index):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.cond_br %arg0, ^bb4(%3 : index), ^bb3
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: %4 = arith.muli %3, %c3 : index
// CHECK-NEXT: cf.br ^bb4(%4 : index)
// CHECK-NEXT: ^bb4(%5: index):  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: return %5 : index

// RAW-LABEL: func.func @twice(
// RAW-NEXT: %c2 = arith.constant 2 : index
// RAW-NEXT: %0 = arith.muli %arg0, %c2 : index
// RAW-NEXT: return %0 : index
// RAW-LABEL: func.func @main(
// RAW-NEXT: %c1 = arith.constant 1 : index
// RAW-NEXT: %0 = arith.addi %arg0, %c1 : index
// RAW-NEXT: %c2 = arith.constant 2 : index
// RAW-NEXT: %1 = arith.muli %0, %c2 : index
// RAW-NEXT: %c1_0 = arith.constant 1 : index
// RAW-NEXT: %2 = arith.addi %1, %c1_0 : index
// RAW-NEXT: return %1, %2 : index, index
// RAW-LABEL: func.func @branchy(
// RAW-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT: ^bb1:  // pred: ^bb0
// RAW-NEXT: cf.br ^bb3(%arg1 : index)
// RAW-NEXT: ^bb2:  // pred: ^bb0
// RAW-NEXT: %c5 = arith.constant 5 : index
// RAW-NEXT: cf.br ^bb3(%c5 : index)
// RAW-NEXT: ^bb3(%0: index):  // 2 preds: ^bb1, ^bb2
// RAW-NEXT: return %0 : index
// RAW-LABEL: func.func @use_branchy(
// RAW-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT: ^bb1:  // pred: ^bb0
// RAW-NEXT: cf.br ^bb3(%arg1 : index)
// RAW-NEXT: ^bb2:  // pred: ^bb0
// RAW-NEXT: %c5 = arith.constant 5 : index
// RAW-NEXT: cf.br ^bb3(%c5 : index)
// RAW-NEXT: ^bb3(%0: index):  // 2 preds: ^bb1, ^bb2
// RAW-NEXT: cf.br ^bb4(%0 : index)
// RAW-NEXT: ^bb4(%1: index):  // pred: ^bb3
// RAW-NEXT: %2 = arith.addi %1, %arg1 : index
// RAW-NEXT: return %2 : index
// RAW-LABEL: func.func @rec(
// RAW-NEXT: %0 = call @rec(%arg0) : (index) -> index
// RAW-NEXT: return %0 : index
// RAW-LABEL: func.func @main2(
// RAW-NEXT: %0 = call @decl2(%arg1) : (index) -> index
// RAW-NEXT: %1 = call @multi2(%arg0, %0) {no_inline} : (i1, index) -> index
// RAW-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT: ^bb1:  // pred: ^bb0
// RAW-NEXT: cf.br ^bb3(%1 : index)
// RAW-NEXT: ^bb2:  // pred: ^bb0
// RAW-NEXT: %c3 = arith.constant 3 : index
// RAW-NEXT: %2 = arith.muli %1, %c3 : index
// RAW-NEXT: cf.br ^bb3(%2 : index)
// RAW-NEXT: ^bb3(%3: index):  // 2 preds: ^bb1, ^bb2
// RAW-NEXT: %4 = scf.execute_region -> index {
// RAW-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT: ^bb1:  // pred: ^bb0
// RAW-NEXT: cf.br ^bb3(%3 : index)
// RAW-NEXT: ^bb2:  // pred: ^bb0
// RAW-NEXT: %c3_0 = arith.constant 3 : index
// RAW-NEXT: %5 = arith.muli %3, %c3_0 : index
// RAW-NEXT: cf.br ^bb3(%5 : index)
// RAW-NEXT: ^bb3(%6: index):  // 2 preds: ^bb1, ^bb2
// RAW-NEXT: scf.yield %6 : index
// RAW-NEXT: }
// RAW-NEXT: return %4 : index
