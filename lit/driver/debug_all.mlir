// RUN: tessel-opt %s --transform-interpreter --canonicalize --cse --debug -o /dev/null 2>&1 | FileCheck %s
// RUN: tessel-opt %s --transform-interpreter --cse --debug-only=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSE

// --debug, as mlir-opt users type it, prints every component's messages: the
// fused tiling's decisions (each fused producer with its temporary, static
// or dynamic, then the tiled root with its tile sizes), canonicalize's dead-op
// erasures and a summary of what it did, cse's merges and erasures naming the
// values as the IR before the pass prints them (ops a transformation made
// share the location of the op they came from).
// CHECK: DEBUG {{.*}}transform: applied {{.*}}op="transform.structured.match"
// CHECK: DEBUG {{.*}}tiling: fused producer="linalg.unpack" at={{.*}}debug_all.mlir:[[#UNPACK:]]:{{[0-9]+}} temporaries=temporary tensor<4x3xf32> (static)
// CHECK: DEBUG {{.*}}tiling: tiled and fused op="linalg.generic" at={{.*}}debug_all.mlir:[[#UNPACK+2]]:{{[0-9]+}} tile_sizes=[4, 1] loops=2 fused=1 temporaries=temporary tensor<4x3xf32> (static)
// CHECK: DEBUG {{.*}}transform: applied {{.*}}op="transform.structured.fuse"
// CHECK: DEBUG {{.*}}canonicalize: erased a dead op op="linalg.unpack" at={{.*}}debug_all.mlir:[[#UNPACK]]:{{[0-9]+}}
// CHECK: DEBUG {{.*}}canonicalize: erased a dead op op="tensor.empty" at={{.*}}debug_all.mlir:[[#UNPACK-1]]:{{[0-9]+}}
// CHECK: DEBUG {{.*}}canonicalize: done sweeps=2 applied=0 erased=2 converged=true
// CHECK: DEBUG {{.*}}cse: done merged=0 erased=0

// Without canonicalize, cse erases the dead unpack (as MLIR's cse erases
// trivially dead ops) and merges the two empties.
// CSE: DEBUG cse: erased a dead op op="linalg.unpack" value=%unpack at={{.*}}debug_all.mlir:[[#@LINE+7]]:{{[0-9]+}}
// CSE-NEXT: DEBUG cse: merged into an equal op op="tensor.empty" value=%1 at={{.*}}debug_all.mlir:[[#@LINE+7]]:{{[0-9]+}} into=%0 into_at={{.*}}debug_all.mlir:[[#@LINE+5]]:{{[0-9]+}}
// CSE-NEXT: DEBUG cse: done merged=1 erased=1
// CSE-NOT: DEBUG

func.func @f(%p: tensor<2x4x4x3xf32>, %row: tensor<10xf32>) -> tensor<7x10xf32> {
  %ue = tensor.empty() : tensor<7x10xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %ue : tensor<2x4x4x3xf32> -> tensor<7x10xf32>
  %ge = tensor.empty() : tensor<7x10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%u, %row : tensor<7x10xf32>, tensor<10xf32>) outs(%ge : tensor<7x10xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.subf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<7x10xf32>
  return %r : tensor<7x10xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %root_op = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l0, %l1 = transform.structured.fuse %root_op tile_sizes [4, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
