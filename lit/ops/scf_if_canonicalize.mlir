// RUN: tessel-opt %s -canonicalize | FileCheck %s
// RUN: tessel-opt %s --run=f --input=1 --input=0 --input=5 --input=random:1 --output=%t.a0.npy --output=%t.b0.npy --output=%t.c0.npy --output=%t.d0.npy
// RUN: tessel-opt %s -canonicalize --run=f --input=1 --input=0 --input=5 --input=random:1 --output=%t.a1.npy --output=%t.b1.npy --output=%t.c1.npy --output=%t.d1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: cmp %t.c0.npy %t.c1.npy
// RUN: cmp %t.d0.npy %t.d1.npy

// scf.if canonicalized as mlir-opt 22 does (CHECK is its output;
// scripts/upstream_parity.py compares the file): results both branches
// yield from outside become arith.select (or the value itself), a
// constant condition inlines its branch, unused results and an else of
// only its yield go. Run before and after.

func.func @f(%c: i1, %a: index, %b: index, %t: tensor<4xf32>) -> (index, index, index, index) {
  %true = arith.constant true
  %false = arith.constant false
  %0 = scf.if %c -> (index) { scf.yield %a : index } else { scf.yield %b : index }
  %1, %2 = scf.if %c -> (index, index) {
    %x = arith.addi %a, %b : index
    scf.yield %x, %a : index, index
  } else {
    scf.yield %b, %a : index, index
  }
  %3 = scf.if %true -> (index) {
    %y = arith.muli %a, %b : index
    scf.yield %y : index
  } else {
    scf.yield %b : index
  }
  scf.if %false {
    %z = arith.muli %a, %b : index
  }
  %4, %5 = scf.if %c -> (index, index) {
    %w = arith.subi %a, %b : index
    scf.yield %w, %w : index, index
  } else {
    scf.yield %a, %b : index, index
  }
  scf.if %c {
    %d = tensor.dim %t, %a : tensor<4xf32>
  } else {
  }
  return %0, %1, %3, %4 : index, index, index, index
}

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : index
// CHECK-NEXT: %1 = scf.if %arg0 -> (index) {
// CHECK-NEXT: %4 = arith.addi %arg1, %arg2 : index
// CHECK-NEXT: scf.yield %4 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : index
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.muli %arg1, %arg2 : index
// CHECK-NEXT: %3 = scf.if %arg0 -> (index) {
// CHECK-NEXT: %4 = arith.subi %arg1, %arg2 : index
// CHECK-NEXT: scf.yield %4 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %2, %3 : index, index, index, index
