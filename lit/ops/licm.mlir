// RUN: tessel-opt %s -loop-invariant-code-motion | FileCheck %s
// RUN: tessel-opt %s --run=nest --input=3 --input=5 --input=random:1 --input=4 --output=%t.a0.npy --output=%t.b0.npy
// RUN: tessel-opt %s -loop-invariant-code-motion --run=nest --input=3 --input=5 --input=random:1 --input=4 --output=%t.a1.npy --output=%t.b1.npy
// RUN: cmp %t.a0.npy %t.a1.npy
// RUN: cmp %t.b0.npy %t.b1.npy
// RUN: tessel-opt %s -loop-invariant-code-motion --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// mlir-opt's -loop-invariant-code-motion, byte for byte with mlir-opt 22
// (scripts/upstream_parity.py --pass-file): inner loops first; pure ops
// whose operands come from outside move in front of the loop, then their
// users; a division only by a constant that cannot fault (divui by %b
// stays); tensor.dim of a dim the tensor has; a linalg.generic on tensors;
// both regions of scf.while; scf.forall; a whole inner loop with a
// constant step (one with %step stays: it may not terminate) and an
// scf.if; loads, stores and what depends on the iteration stay. @nest
// computes the same bits before and after.
// STATS: LoopInvariantCodeMotion
// STATS-NEXT: (S) 23 num-hoisted - Number of ops moved out of loops

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d0 * 4 + d1)>
// CHECK-DAG: #map2 = affine_map<(d0) -> (d0 * 4)>
// CHECK-LABEL: func.func @nest(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:     %1 = arith.muli %0, %c4 : index
// CHECK-NEXT:     %2 = arith.divui %1, %c4 : index
// CHECK-NEXT:     %3 = arith.divsi %1, %c4 : index
// CHECK-NEXT:     %dim = tensor.dim %arg2, %c1 : tensor<8x16xf32>
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg2[0, 0] [4, %dim] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>
// CHECK-NEXT:     %4 = tensor.empty(%dim) : tensor<4x?xf32>
// CHECK-NEXT:     %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice : tensor<4x?xf32>) outs(%4 : tensor<4x?xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %7 = arith.mulf %in, %in : f32
// CHECK-NEXT:       linalg.yield %7 : f32
// CHECK-NEXT:     } -> tensor<4x?xf32>
// CHECK-NEXT:     %6:2 = scf.for %arg4 = %c0 to %arg3 step %c1 iter_args(%arg5 = %c0, %arg6 = %arg2) -> (index, tensor<8x16xf32>) {
// CHECK-NEXT:       %7 = arith.divui %1, %arg1 : index
// CHECK-NEXT:       %8 = arith.addi %arg5, %2 : index
// CHECK-NEXT:       %9 = arith.addi %8, %7 : index
// CHECK-NEXT:       %10 = affine.apply #map1(%arg4, %arg0)
// CHECK-NEXT:       %11 = scf.for %arg7 = %c0 to %arg3 step %c1 iter_args(%arg8 = %9) -> (index) {
// CHECK-NEXT:         %12 = arith.addi %arg8, %10 : index
// CHECK-NEXT:         %13 = arith.addi %12, %3 : index
// CHECK-NEXT:         scf.yield %13 : index
// CHECK-NEXT:       }
// CHECK-NEXT:       %inserted_slice = tensor.insert_slice %5 into %arg6[0, 0] [4, %dim] [1, 1] : tensor<4x?xf32> into tensor<8x16xf32>
// CHECK-NEXT:       scf.yield %11, %inserted_slice : index, tensor<8x16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %6#0, %6#1 : index, tensor<8x16xf32>
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @while_and_forall(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:     %1 = arith.muli %arg0, %arg1 : index
// CHECK-NEXT:     %2 = scf.while (%arg3 = %c0) : (index) -> index {
// CHECK-NEXT:       %5 = arith.cmpi slt, %arg3, %0 : index
// CHECK-NEXT:       scf.condition(%5) %arg3 : index
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg3: index):
// CHECK-NEXT:       %5 = arith.addi %arg3, %1 : index
// CHECK-NEXT:       scf.yield %5 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = arith.addi %arg0, %c10 : index
// CHECK-NEXT:     %4 = scf.forall (%arg3) in (4) shared_outs(%arg4 = %arg2) -> (tensor<16xf32>) {
// CHECK-NEXT:       %5 = affine.apply #map2(%arg3)
// CHECK-NEXT:       %extracted_slice = tensor.extract_slice %arg4[%5] [4] [1] : tensor<16xf32> to tensor<4xf32>
// CHECK-NEXT:       scf.forall.in_parallel {
// CHECK-NEXT:         tensor.parallel_insert_slice %extracted_slice into %arg4[%5] [4] [1] : tensor<4xf32> into tensor<16xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return %2, %4 : index, tensor<16xf32>
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @memory(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %cst_0 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     %0 = arith.mulf %cst_0, %cst_0 : f32
// CHECK-NEXT:     %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:       %2 = memref.load %arg0[%c0] : memref<16xf32>
// CHECK-NEXT:       %3 = arith.addf %arg3, %2 : f32
// CHECK-NEXT:       %4 = arith.addf %3, %0 : f32
// CHECK-NEXT:       memref.store %4, %arg0[%c1] : memref<16xf32>
// CHECK-NEXT:       scf.yield %4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @inner_loop_invariant(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg0) -> (index) {
// CHECK-NEXT:       %4 = arith.addi %arg4, %arg0 : index
// CHECK-NEXT:       scf.yield %4 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg0, %arg1 : index
// CHECK-NEXT:     %2 = scf.if %1 -> (index) {
// CHECK-NEXT:       scf.yield %arg0 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %4 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:       scf.yield %4 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %c0) -> (index) {
// CHECK-NEXT:       %4 = scf.for %arg5 = %c0 to %arg0 step %arg2 iter_args(%arg6 = %arg0) -> (index) {
// CHECK-NEXT:         %7 = arith.addi %arg6, %arg0 : index
// CHECK-NEXT:         scf.yield %7 : index
// CHECK-NEXT:       }
// CHECK-NEXT:       %5 = arith.addi %arg4, %0 : index
// CHECK-NEXT:       %6 = arith.addi %5, %4 : index
// CHECK-NEXT:       scf.yield %6 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %3 : index
// CHECK-NEXT:   }
func.func @nest(%a: index, %b: index, %t: tensor<8x16xf32>, %n: index) -> (index, tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0, %tt = %t) -> (index, tensor<8x16xf32>) {
    %x = arith.addi %a, %b : index
    %y = arith.muli %x, %c4 : index
    %d1 = arith.divui %y, %c4 : index
    %d2 = arith.divui %y, %b : index
    %d3 = arith.divsi %y, %c4 : index
    %z = arith.addi %acc, %d1 : index
    %w = arith.addi %z, %d2 : index
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%s = %w) -> (index) {
      %ij = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %a)
      %q = arith.addi %s, %ij : index
      %v = arith.addi %q, %d3 : index
      scf.yield %v : index
    }
    %dim = tensor.dim %t, %c1 : tensor<8x16xf32>
    %sl = tensor.extract_slice %t[0, 0] [4, %dim] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>
    %e = tensor.empty(%dim) : tensor<4x?xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sl : tensor<4x?xf32>) outs(%e : tensor<4x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.mulf %in, %in : f32
      linalg.yield %m : f32
    } -> tensor<4x?xf32>
    %ins = tensor.insert_slice %g into %tt[0, 0] [4, %dim] [1, 1] : tensor<4x?xf32> into tensor<8x16xf32>
    scf.yield %inner, %ins : index, tensor<8x16xf32>
  }
  return %r#0, %r#1 : index, tensor<8x16xf32>
}

func.func @while_and_forall(%a: index, %b: index, %t: tensor<16xf32>) -> (index, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %w = scf.while (%x = %c0) : (index) -> index {
    %s = arith.addi %a, %b : index
    %lt = arith.cmpi slt, %x, %s : index
    scf.condition(%lt) %x : index
  } do {
  ^bb0(%y: index):
    %k = arith.muli %a, %b : index
    %n = arith.addi %y, %k : index
    scf.yield %n : index
  }
  %f = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %ab = arith.addi %a, %c10 : index
    %sl = tensor.extract_slice %o[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sl into %o[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %w, %f : index, tensor<16xf32>
}

func.func @memory(%m: memref<16xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f32) {
    %v = memref.load %m[%c0] : memref<16xf32>
    %cst = arith.constant 2.0 : f32
    %p = arith.mulf %cst, %cst : f32
    %q = arith.addf %s, %v : f32
    %u = arith.addf %q, %p : f32
    memref.store %u, %m[%c1] : memref<16xf32>
    scf.yield %u : f32
  }
  return %r : f32
}

func.func @inner_loop_invariant(%a: index, %n: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %in = scf.for %j = %c0 to %a step %c1 iter_args(%s = %a) -> (index) {
      %t = arith.addi %s, %a : index
      scf.yield %t : index
    }
    %in2 = scf.for %j = %c0 to %a step %step iter_args(%s = %a) -> (index) {
      %t = arith.addi %s, %a : index
      scf.yield %t : index
    }
    %cond = arith.cmpi slt, %a, %n : index
    %if = scf.if %cond -> index {
      scf.yield %a : index
    } else {
      %aa = arith.addi %a, %a : index
      scf.yield %aa : index
    }
    %x = arith.addi %acc, %in : index
    %y = arith.addi %x, %in2 : index
    scf.yield %y : index
  }
  return %r : index
}

// An scf.parallel is a loop to hoist from; it is not itself hoisted out of
// another loop (MLIR 22 declares it not speculatable).
// CHECK-LABEL: func.func @parallel_body
// CHECK:         %[[Y:.*]] = arith.mulf %arg2, %arg2 : f32
// CHECK-NEXT:    %[[K:.*]] = arith.addi %arg1, %c1 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.addf %[[Y]], %arg2 : f32
// CHECK-NEXT:    scf.parallel
func.func @parallel_body(%A: memref<4x8xf32>, %n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %y = arith.mulf %x, %x : f32
    %k = arith.addi %n, %c1 : index
    scf.for %j = %c0 to %n step %c1 {
      %z = arith.addf %y, %x : f32
      memref.store %z, %A[%i, %k] : memref<4x8xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @parallel_in_loop
// CHECK:         arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.parallel
func.func @parallel_in_loop(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
    %p = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%x) -> f32 {
      %y = arith.mulf %x, %x : f32
      scf.reduce(%y : f32) {
      ^bb0(%u: f32, %v: f32):
        %s = arith.addf %u, %v : f32
        scf.reduce.return %s : f32
      }
    }
    %b = arith.addf %a, %p : f32
    scf.yield %b : f32
  }
  return %r : f32
}
