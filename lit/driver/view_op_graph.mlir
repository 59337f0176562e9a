// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --view-op-graph -o /dev/null 2>&1 | FileCheck %s
// RUN: tessel-opt %s --view-op-graph="print-attrs=false print-result-types=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: not tessel-opt %s --view-op-graph="colors=true" 2>&1 | FileCheck %s --check-prefix=BADOPT

// The tiled loop is a box inside the function's box; data flows from the
// function argument into the loop and from the loop's result to the return.
// CHECK:      digraph G {
// CHECK:        label = "func.func";
// CHECK:          v[[ARG:[0-9]+]] [label = "arg #0 : tensor<9xf32>", shape = plain];
// CHECK:          subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT:       label = "scf.for";
// CHECK-NEXT:       v[[FOR:[0-9]+]] [label = "scf.for : (tensor<5x2xf32>)", shape = box];
// CHECK:            v{{[0-9]+}} [label = "tensor.pack : (tensor<?x2xf32>)\ninner_dims_pos: array<i64: 0>
// CHECK:          v[[RET:[0-9]+]] [label = "func.return", shape = ellipse];
// CHECK:        v[[FOR]] -> v[[RET]];
// CHECK:      }

// BARE: v{{[0-9]+}} [label = "tensor.pack", shape = ellipse];
// BADOPT: no such option 'colors'
func.func @f(%src: tensor<9xf32>) -> tensor<5x2xf32> {
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x2xf32>
  %p = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<9xf32> -> tensor<5x2xf32>
  return %p : tensor<5x2xf32>
}
