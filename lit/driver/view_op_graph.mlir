// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=2" --view-op-graph -o /dev/null 2>&1 | FileCheck %s
// RUN: tessel-opt %s --view-op-graph="print-attrs=false print-result-types=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: tessel-opt %s --view-op-graph=max-label-len=20 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUT
// RUN: not tessel-opt %s --view-op-graph="colors=true" 2>&1 | FileCheck %s --check-prefix=BADOPT

// mlir-opt 22's picture (records with operand and result ports named by
// SSA value, a colour per op name, a cluster per op with regions and per
// block), with tessel's labels whole and a legend. The tiled loop is a
// cluster inside the function's; data flows from %arg0 into the loop and
// from the loop's result %1 to the return.
// CHECK:      digraph G {
// CHECK:        label = "func.func : ()\lfunction_type: (tensor\<9xf32\>) -\> tensor\<5x2xf32\>\lsym_name: \"f\"\l";
// CHECK:          v[[ARG:[0-9]+]] [label = "<res_arg0> %arg0 tensor\<9xf32\>", shape = Mrecord];
// CHECK:          subgraph cluster_[[FOR:[0-9]+]] {
// CHECK:            label = "scf.for : (tensor<5x2xf32>)\l";
// CHECK:              v{{[0-9]+}} [fillcolor = "{{[0-9.]+}} 0.3 0.95", label = "{{{{}}<arg_extracted_slice> %extracted_slice|<arg_extracted_slice_0> %extracted_slice_0|<arg_cst> %cst}|tensor.pack\l\linner_dims_pos: array\<i64: 0\>\l
// CHECK:          v[[RET:[0-9]+]] [fillcolor = "{{[0-9.]+}} 0.3 0.95", label = "{{{{}}<arg_1> %1}|func.return\l}", shape = Mrecord, style = filled];
// CHECK:        legend [shape = plain
// CHECK:        v[[ARG]]:res_arg0:s -> v{{[0-9]+}}:arg_arg0:n[style = solid];
// CHECK:        :res_c0:s -> v{{[0-9]+}}[lhead = cluster_[[FOR]], style = solid];
// CHECK:        v{{[0-9]+}} -> v[[RET]]:arg_1:n[ltail = cluster_[[FOR]], style = solid];
// CHECK:      }

// BARE: label = "{{{{}}<arg_arg0> %arg0|<arg_0> %0|<arg_cst> %cst}|tensor.pack\l|{<res_pack> %pack}}"
// CUT: label = "func.func : ()\lfunction_type: (tensor\<9xf32\>) -\> t...\lsym_name: \"f\"\l";
// CUT-NOT: legend
// BADOPT: no such option 'colors'
func.func @f(%src: tensor<9xf32>) -> tensor<5x2xf32> {
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x2xf32>
  %p = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<9xf32> -> tensor<5x2xf32>
  return %p : tensor<5x2xf32>
}
