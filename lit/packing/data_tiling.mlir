// The data-tiling walk-through (docs/data-tiling.md) in one run: block-pack,
// propagate, fold, tile and fuse, lower; no pack or unpack is left, and the
// lowered program computes the plain one's bits.
// RUN: tessel-opt %S/../../examples/data_tiling.mlir --linalg-block-pack-matmul="block-factors=8,16,8" --data-layout-propagation --canonicalize --cse --tile-pack-unpack="tile-sizes=8,16 fuse=true" --canonicalize --cse --lower-pack-unpack --canonicalize --cse -o %t.lowered.mlir
// RUN: tessel-filecheck %s < %t.lowered.mlir
// RUN: tessel-opt %S/../../examples/data_tiling.mlir --run=mlp --input=random:1 --input=random:2 --input=random:3 --output=%t.plain.npy
// RUN: tessel-opt %t.lowered.mlir --run=mlp --input=random:1 --input=random:2 --input=random:3 --output=%t.lowered.npy
// RUN: cmp %t.plain.npy %t.lowered.npy
// CHECK-LABEL: func.func @mlp(
// CHECK-NOT:     linalg.pack
// CHECK-NOT:     linalg.unpack
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             linalg.transpose
// CHECK:             linalg.generic
// CHECK-SAME:          iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]
// CHECK:             arith.maximumf
// CHECK-NOT:     linalg.unpack
