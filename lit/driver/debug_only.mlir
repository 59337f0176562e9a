// RUN: tessel-opt %s --tile-pack-unpack=tile-sizes=4 --canonicalize --cse --debug-only=tiling,canonicalize,cse -o /dev/null 2>&1 | FileCheck %s
// RUN: tessel-opt %s --cse --debug-only=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSE
// RUN: not tessel-opt %s --debug-only=folds 2>&1 | FileCheck %s --check-prefix=BAD

// --debug-only (MLIR's -debug-only) names what each component did: the
// tiled op with its tile sizes and temporary, each canonicalization pattern
// with the op it rewrote, each cse merge.
// CHECK-DAG: DEBUG tiling: tiled op="tensor.unpack" at={{.*}}debug_only.mlir:{{[0-9]+}}:{{[0-9]+}} tile_sizes=[4] loops=1 ops=1 temporaries=temporary tensor<8xf32> (static)
// CHECK-DAG: DEBUG canonicalize: applied pattern="fold_dim" op=tensor.dim at={{.*}}debug_only.mlir:[[#@LINE+13]]:{{[0-9]+}}
// CSE: DEBUG cse: merged into an equal op op="tensor.empty" value=%1 at={{.*}}debug_only.mlir:[[#@LINE+6]]:{{[0-9]+}} into=%0 into_at={{.*}}debug_only.mlir:[[#@LINE+5]]:{{[0-9]+}}
// CSE-NOT: DEBUG canonicalize
// CSE-NOT: DEBUG tiling
// BAD: --debug-only: unknown component 'folds' (known: transform, canonicalize, cse, tiling)
func.func @f(%src: tensor<5x8xf32>) -> (tensor<38xf32>, tensor<38xf32>) {
  %e = tensor.empty() : tensor<38xf32>
  %e2 = tensor.empty() : tensor<38xf32>
  %u = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<5x8xf32> -> tensor<38xf32>
  return %u, %e2 : tensor<38xf32>, tensor<38xf32>
}
func.func @g(%t: tensor<6xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<6xf32>
  return %d : index
}
