// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=pick --input=1 --input=3 --input=5 --input=-1 | FileCheck %s --check-prefix=PICK
// RUN: tessel-opt %s --run=count --input=10 | FileCheck %s --check-prefix=COUNT
// RUN: tessel-opt %s -canonicalize --run=count --input=10 | FileCheck %s --check-prefix=COUNT
// RUN: tessel-opt %s --run=folds --input=0 --input=3 --input=5 --input=4 --output=%t.a0.npy --output=%t.b0.npy --output=%t.c0.npy
// RUN: tessel-opt %s -canonicalize --run=folds --input=0 --input=3 --input=5 --input=4 --output=%t.a1.npy --output=%t.b1.npy --output=%t.c1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: not tessel-opt %s --run=pick --input=0 --input=3 --input=5 --input=7 2>&1 | FileCheck %s --check-prefix=ASSERT

// The cf dialect: cf.br, cf.cond_br (with weights), cf.switch and cf.assert,
// printed (with the predecessor comments of block headers) and
// canonicalized as mlir-opt 22 does (CHECK and CANON are its output;
// scripts/upstream_parity.py compares the canonicalized file): a constant
// condition or flag picks its edge, a case like the default goes, blocks
// that only branch on are skipped, a branch to its block's only successor
// merges the blocks, edges to one block become an arith.select, asserting
// true goes; region simplification drops unreachable blocks and block
// arguments nobody reads. The engine runs the branches, a loop, and stops
// at a failing assertion. scripts/cf_parity.py does the same on random
// control-flow graphs.

// PICK: result #0: index
// PICK-NEXT: 3
// COUNT: result #0: index
// COUNT-NEXT: 45
// ASSERT: error: cf.assert failed: must hold

func.func @pick(%c: i1, %a: index, %b: index, %s: i32) -> index {
  cf.assert %c, "must hold"
  cf.cond_br %c weights([60, 40]), ^bb1(%a : index), ^bb2
^bb1(%x: index):
  cf.switch %s : i32, [
    default: ^bb3(%x : index),
    -1: ^bb4,
    7: ^bb3(%b : index)
  ]
^bb2:
  cf.br ^bb3(%b : index)
^bb4:
  cf.br ^bb3(%a : index)
^bb3(%r: index):
  return %r : index
}

func.func @count(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %c0 : index, index)
^loop(%i: index, %acc: index):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %acc2 = arith.addi %acc, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, index)
^exit:
  return %acc : index
}

func.func @folds(%p: i1, %x: index, %y: index, %s: i32) -> (index, index, index) {
  %true = arith.constant true
  %c7 = arith.constant 7 : i32
  %c1 = arith.constant 1 : index
  cf.assert %true, "always"
  cf.cond_br %true, ^bb1(%x : index), ^bb5
^bb1(%a: index):
  cf.cond_br %p, ^bb2(%a, %y : index, index), ^bb2(%a, %c1 : index, index)
^bb2(%b: index, %unused: index):
  cf.switch %c7 : i32, [
    default: ^bb5,
    7: ^bb3(%b : index)
  ]
^bb3(%c: index):
  cf.switch %s : i32, [
    default: ^bb4(%c : index),
    3: ^bb4(%c : index),
    4: ^bb6
  ]
^bb6:
  cf.br ^bb4(%y : index)
^bb4(%d: index):
  %lt = arith.cmpi ult, %c1, %d : index
  %same = arith.cmpi eq, %d, %d : index
  %e = arith.select %same, %d, %x : index
  return %d, %e, %c1 : index, index, index
^bb5:
  return %x, %x, %x : index, index, index
}

// CHECK-LABEL: func.func @pick(
// CHECK-NEXT: cf.assert %arg0, "must hold"
// CHECK-NEXT: cf.cond_br %arg0 weights([60, 40]), ^bb1(%arg1 : index), ^bb2
// CHECK-NEXT: ^bb1(%0: index):  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg3 : i32, [
// CHECK-NEXT: default: ^bb4(%0 : index),
// CHECK-NEXT: 4294967295: ^bb3,
// CHECK-NEXT: 7: ^bb4(%arg2 : index)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb4(%arg2 : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb4(%arg1 : index)
// CHECK-NEXT: ^bb4(%1: index):  // 4 preds: ^bb1, ^bb1, ^bb2, ^bb3
// CHECK-NEXT: return %1 : index
// CHECK-LABEL: func.func @count(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0, %c0 : index, index)
// CHECK-NEXT: ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi sge, %0, %arg0 : index
// CHECK-NEXT: cf.cond_br %2, ^bb3, ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = arith.addi %1, %0 : index
// CHECK-NEXT: %4 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%4, %3 : index, index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %1 : index
// CHECK-LABEL: func.func @folds(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.assert %true, "always"
// CHECK-NEXT: cf.cond_br %true, ^bb1(%arg1 : index), ^bb6
// CHECK-NEXT: ^bb1(%0: index):  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%0, %arg2 : index, index), ^bb2(%0, %c1 : index, index)
// CHECK-NEXT: ^bb2(%1: index, %2: index):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT: cf.switch %c7_i32 : i32, [
// CHECK-NEXT: default: ^bb6,
// CHECK-NEXT: 7: ^bb3(%1 : index)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3(%3: index):  // pred: ^bb2
// CHECK-NEXT: cf.switch %arg3 : i32, [
// CHECK-NEXT: default: ^bb5(%3 : index),
// CHECK-NEXT: 3: ^bb5(%3 : index),
// CHECK-NEXT: 4: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb5(%arg2 : index)
// CHECK-NEXT: ^bb5(%4: index):  // 3 preds: ^bb3, ^bb3, ^bb4
// CHECK-NEXT: %5 = arith.cmpi ult, %c1, %4 : index
// CHECK-NEXT: %6 = arith.cmpi eq, %4, %4 : index
// CHECK-NEXT: %7 = arith.select %6, %4, %arg1 : index
// CHECK-NEXT: return %4, %7, %c1 : index, index, index
// CHECK-NEXT: ^bb6:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: return %arg1, %arg1, %arg1 : index, index, index

// CANON-LABEL: func.func @pick(
// CANON-NEXT: cf.assert %arg0, "must hold"
// CANON-NEXT: cf.cond_br %arg0 weights([60, 40]), ^bb1(%arg1 : index), ^bb2(%arg2 : index)
// CANON-NEXT: ^bb1(%0: index):  // pred: ^bb0
// CANON-NEXT: cf.switch %arg3 : i32, [
// CANON-NEXT: default: ^bb2(%0 : index),
// CANON-NEXT: 4294967295: ^bb2(%arg1 : index),
// CANON-NEXT: 7: ^bb2(%arg2 : index)
// CANON-NEXT: ]
// CANON-NEXT: ^bb2(%1: index):  // 4 preds: ^bb0, ^bb1, ^bb1, ^bb1
// CANON-NEXT: return %1 : index
// CANON-LABEL: func.func @count(
// CANON-NEXT: %c0 = arith.constant 0 : index
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: cf.br ^bb1(%c0, %c0 : index, index)
// CANON-NEXT: ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb2
// CANON-NEXT: %2 = arith.cmpi sge, %0, %arg0 : index
// CANON-NEXT: cf.cond_br %2, ^bb3, ^bb2
// CANON-NEXT: ^bb2:  // pred: ^bb1
// CANON-NEXT: %3 = arith.addi %1, %0 : index
// CANON-NEXT: %4 = arith.addi %0, %c1 : index
// CANON-NEXT: cf.br ^bb1(%4, %3 : index, index)
// CANON-NEXT: ^bb3:  // pred: ^bb1
// CANON-NEXT: return %1 : index
// CANON-LABEL: func.func @folds(
// CANON-NEXT: %c1 = arith.constant 1 : index
// CANON-NEXT: cf.switch %arg3 : i32, [
// CANON-NEXT: default: ^bb1(%arg1 : index),
// CANON-NEXT: 4: ^bb1(%arg2 : index)
// CANON-NEXT: ]
// CANON-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb0
// CANON-NEXT: return %0, %0, %c1 : index, index, index
