// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | tessel-opt -split-input-file -verify-each

// transform.loop.peel as mlir-opt 22 applies it (the CHECK lines are its
// output but in the last two cases, tessel's guarded splits): the loop
// split at ub - (ub - lb) mod step, the min/max ops the split decides
// replaced by an affine.apply of the result they take (left unfolded, as
// 22 leaves them). peel_run.mlir runs peeled loops before and after.

// Peeling the last iteration of a loop of dynamic bounds: the split is
// ub - (ub - lb) mod step; min(4, ub - i) is 4 in the main loop and
// ub - i in the partial one. The bound is a tensor.dim, so it is known
// not to be below 0: the split is 22's.
// CHECK: #map = affine_map<()[s0, s1, s2] -> (s1 - (s1 - s0) mod s2)>
// CHECK-NEXT: #map1 = affine_map<() -> (4)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-NEXT: %0 = affine.apply #map()[%c0, %dim, %c4]
// CHECK-NEXT: %1 = scf.for %arg1 = %c0 to %0 step %c4 iter_args(%arg2 = %arg0) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.apply #map1()
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg2[%arg1] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg2[%arg1] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.for %arg1 = %0 to %dim step %c4 iter_args(%arg2 = %1) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.apply #map2(%arg1)[%dim]
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg2[%arg1] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg2[%arg1] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : tensor<?xf32>
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%t = %a) -> (tensor<?xf32>) {
    %s = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    %x = tensor.extract_slice %t[%i] [%s] [1] : tensor<?xf32> to tensor<?xf32>
    %y = linalg.exp ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %y into %t[%i] [%s] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----
// Constant bounds: the split is a constant made before the loop; an
// affine.max the split decides goes too, one it does not stays.
// CHECK: #map = affine_map<() -> (4)>
// CHECK-NEXT: #map1 = affine_map<() -> (0)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0, s0)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (-d0 + 10)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 - 6)>
// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c8 step %c4 {
// CHECK-NEXT: %0 = affine.apply #map()
// CHECK-NEXT: %1 = affine.apply #map1()
// CHECK-NEXT: %2 = affine.max #map2(%arg2)[%arg1]
// CHECK-NEXT: %3 = memref.load %arg0[%1] : memref<10xf32>
// CHECK-NEXT: %4 = arith.index_cast %0 : index to i32
// CHECK-NEXT: %5 = arith.sitofp %4 : i32 to f32
// CHECK-NEXT: %6 = arith.addf %3, %5 : f32
// CHECK-NEXT: memref.store %6, %arg0[%2] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg2 = %c8 to %c10 step %c4 {
// CHECK-NEXT: %0 = affine.apply #map3(%arg2)
// CHECK-NEXT: %1 = affine.apply #map4(%arg2)
// CHECK-NEXT: %2 = affine.max #map2(%arg2)[%arg1]
// CHECK-NEXT: %3 = memref.load %arg0[%1] : memref<10xf32>
// CHECK-NEXT: %4 = arith.index_cast %0 : index to i32
// CHECK-NEXT: %5 = arith.sitofp %4 : i32 to f32
// CHECK-NEXT: %6 = arith.addf %3, %5 : f32
// CHECK-NEXT: memref.store %6, %arg0[%2] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @constant(%m: memref<10xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c4 {
    %s = affine.min affine_map<(d0) -> (4, -d0 + 10)>(%i)
    %lo = affine.max affine_map<(d0) -> (d0 - 6, 0)>(%i)
    %u = affine.max affine_map<(d0)[s0] -> (d0, s0)>(%i)[%k]
    %v = memref.load %m[%lo] : memref<10xf32>
    %w = arith.index_cast %s : index to i32
    %x = arith.sitofp %w : i32 to f32
    %y = arith.addf %v, %x : f32
    memref.store %y, %m[%u] : memref<10xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----
// A loop over i32 of constant bounds: the split is folded as an index
// constant and cast, which leaves the index constant behind, as in 22.
// CHECK-LABEL: func.func @over_i32(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: scf.for %arg2 = %c0_i32 to %c8_i32 step %c4_i32  : i32 {
// CHECK: scf.for %arg2 = %c8_i32 to %c10_i32 step %c4_i32  : i32 {
func.func @over_i32(%n: i32, %m: memref<100xf32>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c10 = arith.constant 10 : i32
  scf.for %i = %c0 to %c10 step %c4 : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %m[%x] : memref<100xf32>
    memref.store %v, %m[%x] : memref<100xf32>
  }
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tessel's, not mlir-opt 22's (docs/differences.md): an upper bound that
// may lie below the lower one (an index argument) splits at
// max(lb, ub - (ub - lb) mod step). 22 splits at ub - (ub - lb) mod step,
// below lb when ub < lb, and its partial loop then runs an iteration the
// loop never ran (for %i = 0 to -3 step 4 runs %i = -4).
// CHECK: #map = affine_map<()[s0, s1, s2] -> (s0, s1 - (s1 - s0) mod s2)>
// CHECK-NEXT: #map1 = affine_map<() -> (4)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @unordered(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = affine.max #map()[%c0, %arg1, %c4]
// CHECK-NEXT: %1 = scf.for %arg2 = %c0 to %0 step %c4 iter_args(%arg3 = %arg0) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.apply #map1()
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg3[%arg2] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.for %arg2 = %0 to %arg1 step %c4 iter_args(%arg3 = %1) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.apply #map2(%arg2)[%arg1]
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg3[%arg2] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : tensor<?xf32>
func.func @unordered(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%t = %a) -> (tensor<?xf32>) {
    %s = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    %x = tensor.extract_slice %t[%i] [%s] [1] : tensor<?xf32> to tensor<?xf32>
    %y = linalg.exp ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %y into %t[%i] [%s] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tessel's, not mlir-opt 22's (docs/differences.md): with peel_front the
// first iteration runs in a copy before the loop, which starts one step
// later; where the loop may run less than a step the copy runs to
// min(lb + step, ub) (22 runs it to lb + step: an iteration the loop never
// ran when ub <= lb). Nothing is simplified.
// CHECK: #map = affine_map<()[s0, s1, s2] -> (s0 + s1, s2)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (4, -d0 + s0)>
// CHECK-LABEL: func.func @front(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = affine.min #map()[%c0, %c4, %arg1]
// CHECK-NEXT: %1 = scf.for %arg2 = %c0 to %0 step %c4 iter_args(%arg3 = %arg0) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.min #map1(%arg2)[%arg1]
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg3[%arg2] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.for %arg2 = %0 to %arg1 step %c4 iter_args(%arg3 = %1) -> (tensor<?xf32>) {
// CHECK-NEXT: %3 = affine.min #map1(%arg2)[%arg1]
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg3[%arg2] [%3] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %4 = linalg.exp ins(%extracted_slice : tensor<?xf32>) outs(%extracted_slice : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %4 into %arg3[%arg2] [%3] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT: scf.yield %inserted_slice : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : tensor<?xf32>
func.func @front(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%t = %a) -> (tensor<?xf32>) {
    %s = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    %x = tensor.extract_slice %t[%i] [%s] [1] : tensor<?xf32> to tensor<?xf32>
    %y = linalg.exp ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %y into %t[%i] [%s] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l {peel_front = true} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
