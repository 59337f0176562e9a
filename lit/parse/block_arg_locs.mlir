// Every block argument has a location, as in MLIR: the one written after it
// (`loc(...)`) or where it is written. --mlir-print-debuginfo prints them in
// place and their aliases at the top, as mlir-opt 22 does; printed, they
// read back the same.
// RUN: tessel-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: tessel-opt %s --mlir-print-debuginfo | tessel-opt --mlir-print-debuginfo | FileCheck %s --check-prefix=AGAIN
// RUN: tessel-opt %s --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --mlir-print-debuginfo --mlir-pretty-debuginfo | FileCheck %s --check-prefix=PRETTY

// The aliases of block argument locations (and of their parts) come first,
// before the attribute aliases; those of op locations at the end.
// CHECK:      #loc2 = loc("{{.*}}block_arg_locs.mlir":[[#ARGS:]]:14)
// CHECK-NEXT: #loc3 = loc("x.py":3:4)
// CHECK-NEXT: #loc4 = loc("y.py":1:1)
// CHECK-NEXT: #loc5 = loc("{{.*}}block_arg_locs.mlir":[[#ARGS]]:71)
// CHECK-NEXT: #loc10 = loc("{{.*}}block_arg_locs.mlir":[[#ARGS+6]]:8)
// CHECK-NEXT: #loc11 = loc("z.py":9:9)
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #loc14 = loc(fused[#loc3, #loc4])
// CHECK:      func.func @f(%arg0: index loc("{{.*}}block_arg_locs.mlir":[[#ARGS]]:14), %arg1: index loc(fused[#loc3, #loc4]), %arg2: tensor<4xf32> loc("{{.*}}block_arg_locs.mlir":[[#ARGS]]:71))
// CHECK:      ^bb0(%in: f32 loc("{{.*}}block_arg_locs.mlir":[[#ARGS+6]]:8), %out: f32 loc("z.py":9:9)):
// CHECK:      #loc = loc("{{.*}}block_arg_locs.mlir":0:0)
// AGAIN:      func.func @f(%arg0: index loc("{{.*}}block_arg_locs.mlir":[[#ARGS:]]:14), %arg1: index loc(fused[#loc3, #loc4])
// AGAIN:      ^bb0(%in: f32 loc("{{.*}}block_arg_locs.mlir":[[#ARGS+6]]:8), %out: f32 loc("z.py":9:9)):
// The generic form also shows scf.for's induction variable and iteration
// argument, where they are written.
// GENERIC:    ^bb0(%arg5: index loc("{{.*}}block_arg_locs.mlir":[[#@LINE+8]]:16), %arg6: index loc("{{.*}}block_arg_locs.mlir":[[#@LINE+8]]:48)):
// PRETTY:     #loc2 = {{.*}}block_arg_locs.mlir:[[#ARGS:]]:14
// PRETTY:     #loc14 = [#loc3, #loc4]
// PRETTY:     func.func @f(%arg0: index {{.*}}block_arg_locs.mlir:[[#ARGS]]:14, %arg1: index [#loc3, #loc4], %arg2: tensor<4xf32> {{.*}}:71)
#m = affine_map<(d0) -> (d0 * 2)>
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: index, %b: index loc(fused["x.py":3:4, "y.py":1:1]), %t: tensor<4xf32>) -> (index, tensor<4xf32>) {
  %0 = affine.apply #m(%a)
  %1 = scf.for %i = %a to %b step %0 iter_args(%acc = %a) -> (index) {
    scf.yield %acc : index
  }
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32 loc("z.py":9:9)):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %1, %2 : index, tensor<4xf32>
}
