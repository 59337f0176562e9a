// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=reduce --input=iota --input=3 | FileCheck %s --check-prefix=EXEC
// RUN: tessel-opt %s -canonicalize --run=reduce --input=iota --input=3 | FileCheck %s --check-prefix=EXEC
// RUN: tessel-opt %s -buffer-deallocation-pipeline --run=private_buffers --input=iota --run-check-leaks | FileCheck %s --check-prefix=PRIV

// scf.parallel, scf.reduce and scf.reduce.return: printed as mlir-opt 22
// prints them (the CHECK lines are its output: an `scf.reduce` of nothing
// ends every body, with a space after it), canonicalized as 22 (CANON: a
// dim of one iteration goes, its induction variable the lower bound; a dim
// of none makes the loop its initial values; a loop whose body is only
// another merges with it), and run by the engine, the iterations in order
// and each reduction combining the value so far with the iteration's.

// CHECK-LABEL: func.func @reduce
// CHECK:         scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c4, %arg1) step (%c1, %c1) {
// CHECK-NEXT:      %1 = memref.load %arg0[%arg2, %arg3] : memref<4x4xf32>
// CHECK-NEXT:      %2 = arith.mulf %1, %1 : f32
// CHECK-NEXT:      memref.store %2, %arg0[%arg2, %arg3] : memref<4x4xf32>
// CHECK-NEXT:      scf.reduce{{ $}}
// CHECK-NEXT:    }
// CHECK-NEXT:    %0:2 = scf.parallel (%arg2, %arg3) = (%c0, %c1) to (%c4, %c4) step (%c1, %c1) init (%cst, %c0_i32) -> (f32, i32) {
// CHECK-NEXT:      %1 = memref.load %arg0[%arg2, %arg3] : memref<4x4xf32>
// CHECK-NEXT:      %2 = arith.fptosi %1 : f32 to i32
// CHECK-NEXT:      scf.reduce(%1, %2 : f32, i32) {
// CHECK-NEXT:      ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:        %3 = arith.addf %arg4, %arg5 : f32
// CHECK-NEXT:        scf.reduce.return %3 : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT:        %3 = arith.maxsi %arg4, %arg5 : i32
// CHECK-NEXT:        scf.reduce.return %3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    } {mapping = "x"}
// EXEC: // result #0: f32
// EXEC-NEXT: 648.5
// EXEC-NEXT: // result #1: i32
// EXEC-NEXT: 196
func.func @reduce(%A: memref<4x4xf32>, %n: index) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.5 : f32
  %zi = arith.constant 0 : i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %n) step (%c1, %c1) {
    %v = memref.load %A[%i, %j] : memref<4x4xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %A[%i, %j] : memref<4x4xf32>
  }
  %r:2 = scf.parallel (%i, %j) = (%c0, %c1) to (%c4, %c4) step (%c1, %c1) init (%z, %zi) -> (f32, i32) {
    %v = memref.load %A[%i, %j] : memref<4x4xf32>
    %w = arith.fptosi %v : f32 to i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      scf.reduce.return %s : i32
    }
  } {mapping = "x"}
  return %r#0, %r#1 : f32, i32
}

// CANON-LABEL: func.func @folds
// CANON:         scf.parallel (%arg2) = (%c0) to (%c4) step (%c1) {
// CANON-NEXT:      %1 = memref.load %arg0[%arg2, %c3] : memref<4x8xf32>
// CANON-NEXT:      memref.store %1, %arg0[%c3, %arg2] : memref<4x8xf32>
// CANON-NEXT:      scf.reduce{{ $}}
// CANON-NEXT:    }
// CANON-NEXT:    scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c4, %arg1) step (%c1, %c1) {
// CANON-NEXT:      %1 = memref.load %arg0[%arg2, %arg3] : memref<4x8xf32>
// CANON-NEXT:      memref.store %1, %arg0[%arg3, %arg2] : memref<4x8xf32>
// CANON-NEXT:      scf.reduce{{ $}}
// CANON-NEXT:    }
// CANON-NEXT:    %0 = memref.load %arg0[%c0, %c0] : memref<4x8xf32>
// CANON-NEXT:    memref.store %0, %arg0[%c1, %c0] : memref<4x8xf32>
// CANON-NEXT:    return
func.func @folds(%A: memref<4x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  scf.parallel (%i, %j) = (%c0, %c3) to (%c4, %c4) step (%c1, %c1) {
    %v = memref.load %A[%i, %j] : memref<4x8xf32>
    memref.store %v, %A[%j, %i] : memref<4x8xf32>
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %A[%i, %j] : memref<4x8xf32>
      memref.store %v, %A[%j, %i] : memref<4x8xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %v = memref.load %A[%i, %i] : memref<4x8xf32>
    memref.store %v, %A[%c1, %i] : memref<4x8xf32>
  }
  return
}

// CANON-LABEL: func.func @no_iteration
// CANON-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CANON-NEXT:    return %cst : f32
func.func @no_iteration(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1.0 : f32
  %r = scf.parallel (%i) = (%c1) to (%c0) step (%c1) init (%z) -> f32 {
    %v = arith.index_cast %i : index to i32
    %w = arith.sitofp %v : i32 to f32
    scf.reduce(%w : f32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      scf.reduce.return %x : f32
    }
  }
  return %r : f32
}

// Each iteration's buffer stays in its iteration and is freed there.
// PRIV: // result #0: f32
// PRIV-NEXT: 52.0
func.func @private_buffers(%A: memref<4x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> f32 {
    %t = memref.alloc() : memref<8xf32>
    %s = memref.subview %A[%i, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %s, %t : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %v = memref.load %t[%c1] : memref<8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      scf.reduce.return %x : f32
    }
  }
  return %r : f32
}
