// COMPAT: tessel-only (--run)
// RUN: tessel-opt %s -split-input-file --run=f --input=random:7 --input=random:8 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule --run=f --input=random:7 --input=random:8 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule -canonicalize --run=f --input=random:7 --input=random:8 > %t.canonical
// RUN: diff %t.before %t.canonical

// Peeled loops compute what the loop did: a padded pack tiled two outer
// rows at a time (5 rows of tiles: two whole steps and one partial), the
// last iteration peeled; an elementwise loop of dynamic trip count; the
// first iteration of a loop of constant bounds peeled.

func.func @f(%a: tensor<37x64xf32>, %d: tensor<5x8x8x8xf32>) -> tensor<5x8x8x8xf32> {
  %z = arith.constant 0.5 : f32
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<37x64xf32> -> tensor<5x8x8x8xf32>
  return %p : tensor<5x8x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %p tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">)
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @f(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %a, %c0 : tensor<10xf32>
  %r = scf.for %i = %c0 to %n step %c3 iter_args(%t = %a) -> (tensor<10xf32>) {
    %s = affine.min affine_map<(d0)[s0] -> (3, s0 - d0)>(%i)[%n]
    %x = tensor.extract_slice %t[%i] [%s] [1] : tensor<10xf32> to tensor<?xf32>
    %y = tensor.extract_slice %b[%i] [%s] [1] : tensor<10xf32> to tensor<?xf32>
    %e = linalg.add ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %e into %t[%i] [%s] [1] : tensor<?xf32> into tensor<10xf32>
    scf.yield %z : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @f(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%t = %a) -> (tensor<10xf32>) {
    %s = affine.min affine_map<(d0) -> (4, -d0 + 10)>(%i)
    %x = tensor.extract_slice %t[%i] [%s] [1] : tensor<10xf32> to tensor<?xf32>
    %y = tensor.extract_slice %b[%i] [%s] [1] : tensor<10xf32> to tensor<?xf32>
    %e = linalg.mul ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    %z = tensor.insert_slice %e into %t[%i] [%s] [1] : tensor<?xf32> into tensor<10xf32>
    scf.yield %z : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l {peel_front = true} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A loop that never runs (its bound, 3 - 10, is below 0): peeled, it
// still never runs (mlir-opt 22's partial loop would run %i = -8).
func.func @f(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %a, %c0 : tensor<10xf32>
  %n = arith.subi %c3, %d : index
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%t = %a) -> (tensor<10xf32>) {
    %v = tensor.extract %b[%c0] : tensor<10xf32>
    %z = tensor.insert %v into %t[%c3] : tensor<10xf32>
    scf.yield %z : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same loop with its first iteration peeled: the copy runs to
// min(lb + step, ub), so not at all (22's would run %i = 0).
func.func @f(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %a, %c0 : tensor<10xf32>
  %n = arith.subi %c3, %d : index
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%t = %a) -> (tensor<10xf32>) {
    %v = tensor.extract %b[%c0] : tensor<10xf32>
    %z = tensor.insert %v into %t[%c3] : tensor<10xf32>
    scf.yield %z : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %l {peel_front = true} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
