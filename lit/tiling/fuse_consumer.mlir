// RUN: tessel-opt %s -transform-interpreter -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:5 --input=random:6 > %t.unfused
// RUN: tessel-opt %s -split-input-file -transform-interpreter -canonicalize -cse --run=f --input=random:5 --input=random:6 > %t.fused
// RUN: diff %t.unfused %t.fused

// transform.test.fuse_consumer: the consumer of a tiled loop's result moves
// into the loop. The loop gains a loop-carried tensor for the consumer's
// result; each iteration computes the consumer's tile that reads exactly
// the tile the loop inserts (here the exp's tile itself, as mlir-opt 22).
// CHECK-LABEL: func.func @f(
// CHECK:         %[[R:.+]]:2 = scf.for %[[I:[^ ]+]] = {{.+}} iter_args(%[[A0:[^ ]+]] = %{{.+}}, %[[A1:[^ ]+]] = %{{.+}})
// CHECK:           %[[X:.+]] = linalg.exp
// CHECK:           %[[N:.+]] = linalg.negf ins(%[[X]] : tensor<8x64xf32>)
// CHECK:           %[[S0:.+]] = tensor.insert_slice %[[X]] into %[[A0]]
// CHECK:           %[[S1:.+]] = tensor.insert_slice %[[N]] into %[[A1]]
// CHECK:           scf.yield %[[S0]], %[[S1]]
// CHECK:         return %[[R]]#1
func.func @f(%a: tensor<64x64xf32>, %unused: tensor<1xf32>) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = scf.for %i = %c0 to %c64 step %c8 iter_args(%acc = %e) -> tensor<64x64xf32> {
    %s = tensor.extract_slice %a[%i, 0] [8, 64] [1, 1] : tensor<64x64xf32> to tensor<8x64xf32>
    %d = tensor.extract_slice %acc[%i, 0] [8, 64] [1, 1] : tensor<64x64xf32> to tensor<8x64xf32>
    %x = linalg.exp ins(%s : tensor<8x64xf32>) outs(%d : tensor<8x64xf32>) -> tensor<8x64xf32>
    %r = tensor.insert_slice %x into %acc[%i, 0] [8, 64] [1, 1] : tensor<8x64xf32> into tensor<64x64xf32>
    scf.yield %r : tensor<64x64xf32>
  }
  %e2 = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.negf ins(%0 : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.negf"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %fused, %loops = transform.test.fuse_consumer %c into (%l) : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A pack consumer of tiles that cover whole inner tiles (16 rows of 8):
// each iteration packs two rows of tiles, reading the exp's tile directly
// (mlir-opt 22's output, op for op).
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-LABEL: func.func @f(
// CHECK:         scf.for %[[I:.+]] = %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[PACC:.+]] = %{{.+}}) -> (tensor<32x48xf32>, tensor<4x6x8x8xf32>)
// CHECK:           %[[X:.+]] = linalg.exp
// CHECK-NEXT:      %[[R:.+]] = affine.apply #[[ROW]](%[[I]])
// CHECK-NEXT:      %[[D:.+]] = tensor.extract_slice %[[PACC]][%[[R]], 0, 0, 0] [2, 6, 8, 8] [1, 1, 1, 1]
// CHECK-NEXT:      %[[P:.+]] = linalg.pack %[[X]] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %[[D]] : tensor<16x48xf32> -> tensor<2x6x8x8xf32>
// CHECK-NEXT:      tensor.insert_slice %[[X]] into %[[ACC]]
// CHECK-NEXT:      tensor.insert_slice %[[P]] into %[[PACC]][%[[R]], 0, 0, 0]
func.func @f(%a: tensor<32x48xf32>, %b: tensor<32x48xf32>) -> tensor<4x6x8x8xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %e = tensor.empty() : tensor<32x48xf32>
  %0 = scf.for %i = %c0 to %c32 step %c16 iter_args(%acc = %e) -> tensor<32x48xf32> {
    %s = tensor.extract_slice %a[%i, 0] [16, 48] [1, 1] : tensor<32x48xf32> to tensor<16x48xf32>
    %d = tensor.extract_slice %acc[%i, 0] [16, 48] [1, 1] : tensor<32x48xf32> to tensor<16x48xf32>
    %x = linalg.exp ins(%s : tensor<16x48xf32>) outs(%d : tensor<16x48xf32>) -> tensor<16x48xf32>
    %r = tensor.insert_slice %x into %acc[%i, 0] [16, 48] [1, 1] : tensor<16x48xf32> into tensor<32x48xf32>
    scf.yield %r : tensor<32x48xf32>
  }
  %pe = tensor.empty() : tensor<4x6x8x8xf32>
  %p = linalg.pack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %pe : tensor<32x48xf32> -> tensor<4x6x8x8xf32>
  return %p : tensor<4x6x8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.test.fuse_consumer %c into (%l) : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An unpack consumer of an scf.forall over packed tiles: each iteration
// unpacks its 2x3 tiles of 8x8 (the negf's tile, read directly) into the
// matching part of the result. The negf's own shared output has no use
// left and goes, as in mlir-opt 22 (canonicalize drops unused shared_outs).
// CHECK-LABEL: func.func @f(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<4x6x8x8xf32>
// CHECK:         scf.forall ({{.+}}) = (0, 0) to (4, 6) step (2, 3) shared_outs(%[[OUT:.+]] = %{{.+}}) -> (tensor<32x48xf32>) {
// CHECK:           tensor.extract_slice %[[E]]
// CHECK:           %[[X:.+]] = linalg.negf
// CHECK:           %[[U:.+]] = linalg.unpack %[[X]] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %{{.+}} : tensor<2x3x8x8xf32> -> tensor<?x?xf32>
// CHECK:           scf.forall.in_parallel
// CHECK-NEXT:        tensor.parallel_insert_slice %[[U]] into %[[OUT]]
// CHECK-NEXT:      }
func.func @f(%a: tensor<4x6x8x8xf32>, %b: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %e = tensor.empty() : tensor<4x6x8x8xf32>
  %0 = scf.forall (%i, %j) = (0, 0) to (4, 6) step (2, 3) shared_outs(%acc = %e) -> tensor<4x6x8x8xf32> {
    %s = tensor.extract_slice %a[%i, %j, 0, 0] [2, 3, 8, 8] [1, 1, 1, 1] : tensor<4x6x8x8xf32> to tensor<2x3x8x8xf32>
    %d = tensor.extract_slice %acc[%i, %j, 0, 0] [2, 3, 8, 8] [1, 1, 1, 1] : tensor<4x6x8x8xf32> to tensor<2x3x8x8xf32>
    %x = linalg.negf ins(%s : tensor<2x3x8x8xf32>) outs(%d : tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %acc[%i, %j, 0, 0] [2, 3, 8, 8] [1, 1, 1, 1] : tensor<2x3x8x8xf32> into tensor<4x6x8x8xf32>
    }
  }
  %ue = tensor.empty() : tensor<32x48xf32>
  %u = linalg.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %ue : tensor<4x6x8x8xf32> -> tensor<32x48xf32>
  return %u : tensor<32x48xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match ops{["scf.forall"]} in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.test.fuse_consumer %c into (%l) : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A generic consumer (broadcasting a row) of a two-loop nest.
// CHECK-LABEL: func.func @f(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[X:.+]] = linalg.exp
// CHECK:             linalg.generic {{.+}} ins(%[[X]], %{{.+}} : tensor<5x8xf32>, tensor<8xf32>)
func.func @f(%a: tensor<20x32xf32>, %row: tensor<32xf32>) -> tensor<20x32xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c32 = arith.constant 32 : index
  %e = tensor.empty() : tensor<20x32xf32>
  %0 = scf.for %i = %c0 to %c20 step %c5 iter_args(%acc = %e) -> tensor<20x32xf32> {
    %1 = scf.for %j = %c0 to %c32 step %c8 iter_args(%acc2 = %acc) -> tensor<20x32xf32> {
      %s = tensor.extract_slice %a[%i, %j] [5, 8] [1, 1] : tensor<20x32xf32> to tensor<5x8xf32>
      %d = tensor.extract_slice %acc2[%i, %j] [5, 8] [1, 1] : tensor<20x32xf32> to tensor<5x8xf32>
      %x = linalg.exp ins(%s : tensor<5x8xf32>) outs(%d : tensor<5x8xf32>) -> tensor<5x8xf32>
      %r = tensor.insert_slice %x into %acc2[%i, %j] [5, 8] [1, 1] : tensor<5x8xf32> into tensor<20x32xf32>
      scf.yield %r : tensor<20x32xf32>
    }
    scf.yield %1 : tensor<20x32xf32>
  }
  %e2 = tensor.empty() : tensor<20x32xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%0, %row : tensor<20x32xf32>, tensor<32xf32>) outs(%e2 : tensor<20x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<20x32xf32>
  return %g : tensor<20x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    %inner, %outer = transform.split_handle %loops : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %l0, %l1 = transform.test.fuse_consumer %c into (%inner, %outer) : (!transform.any_op, !transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
