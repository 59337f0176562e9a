// RUN: tessel-opt %s -split-input-file --tile-pack-unpack=tile-sizes=2 --canonicalize --cse --ir-report=%t.html -o /dev/null
// RUN: cat %t.html | FileCheck %s
// RUN: cat %t.html | FileCheck %s --check-prefix=OFFLINE
// RUN: not tessel-opt %s --canonicalize --ir-report=/nonexistent-dir/r.html -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADPATH
// RUN: tessel-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --ir-report=%t.nested.html -o /dev/null
// RUN: cat %t.nested.html | FileCheck %s --check-prefix=NESTED
// RUN: not tessel-opt %s -split-input-file --canonicalize --tile-pack-unpack=tile-sizes=1,2,3 --ir-report=%t.failed.html -o /dev/null
// RUN: cat %t.failed.html | FileCheck %s --check-prefix=FAILED

// A pass that fails has its step, with the diagnostic it failed with.
// FAILED: <a href="#c0s2">TilePackUnpack (failed) (tile-pack-unpack)</a>
// FAILED: <div class="remark err">{{.*}}ir_report.mlir:{{[0-9]+}}:{{[0-9]+}}: error: too many tile sizes: 3 for 1 loops</div>

// The page of a run: per chunk, the steps as mlir-opt's dump headers name
// them with their time and the ops they added and removed, then per step
// its remarks and what tessel's components said during it (tiling
// decisions, patterns, merges), the diff against the step before (values
// aligned; unified or side by side) and the IR after it.
// CHECK:      <h2>chunk 1</h2>
// CHECK:      <td style="padding-left:0.6em"><a href="#c0s0">Input</a></td>
// CHECK:      <a href="#c0s1">TilePackUnpack (tile-pack-unpack)</a></td><td>builtin.module</td><td>{{[0-9.]+}} ms</td><td>{{.*}}+1 scf.for
// CHECK:      <a href="#c0s2">Canonicalizer (canonicalize)</a>
// CHECK:      <a href="#c0s3">CSE (cse)</a>
// CHECK:      <section id="c0s1">
// CHECK:      <summary>what the pass did ({{[0-9]+}} messages)</summary><pre>
// CHECK-NEXT: DEBUG tiling: tiled op="tensor.pack" at={{.*}}ir_report.mlir:{{[0-9]+}}:{{[0-9]+}} tile_sizes=[2] loops=1 ops=1 temporaries=no temporary
// CHECK:      <pre class="diff u">
// CHECK:      <span class="add">+{{ *}}%extracted_slice = tensor.extract_slice
// CHECK:      <div class="diff s"><table class="sbs">
// CHECK:      <h2>chunk 2</h2>
// CHECK:      <section id="c1s3"><h3>3. CSE (cse)
// CHECK:      DEBUG cse: merged into an equal op op="tensor.empty"
// CHECK:      <span class="del">-{{ *}}%1.old = tensor.empty() : tensor&lt;4xf32&gt;</span>
// CHECK:      <script>

// Nothing is loaded from elsewhere: the page opens from disk.
// OFFLINE-NOT: http
// OFFLINE-NOT: <link
// OFFLINE-NOT: src=

// BADPATH: tessel-opt: --ir-report: cannot write '/nonexistent-dir/r.html'

// A nested pipeline's passes are drawn under the steps around them.
// NESTED: <td style="padding-left:2.1em">&#8627; <a href="#c0s1">CSE (cse)</a></td><td>func.func @f</td>
// NESTED: <td style="padding-left:0.6em"><a href="#c0s2">Canonicalizer (canonicalize)</a></td><td>builtin.module</td>
func.func @f(%src: tensor<9xf32>) -> tensor<3x4xf32> {
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %p = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<9xf32> -> tensor<3x4xf32>
  return %p : tensor<3x4xf32>
}

// -----

func.func @g(%c: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.empty() : tensor<4xf32>
  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.fill ins(%c : f32) outs(%1 : tensor<4xf32>) -> tensor<4xf32>
  return %2, %3 : tensor<4xf32>, tensor<4xf32>
}
