// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=3,1" --cse --canonicalize --cse --mlir-print-ir-after=cse,canonicalize --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=3,1" --cse --canonicalize --mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: not tessel-opt %s --canonicalize --tile-pack-unpack="tile-sizes=1,2,3" --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=3,1" --canonicalize --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: tessel-opt %s --pass-pipeline="builtin.module(func.func(tile-pack-unpack{tile-sizes=3,1}),canonicalize)" --mlir-timing --mlir-timing-display=tree -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: tessel-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),canonicalize)" --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not tessel-opt %s --mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BADDISPLAY

// Tiling leaves one dead affine.apply: the first cse erases it (as MLIR's
// erases trivially dead ops), canonicalize changes the IR, the second cse
// does not, so only the first two dumps are printed.
// CHANGE: IR Dump After CSE (cse)
// CHANGE-NOT: affine.apply #map3(%3)
// CHANGE: IR Dump After Canonicalizer (canonicalize)
// CHANGE-NOT: IR Dump

// BEFORE: IR Dump Before CSE (cse)
// BEFORE: scf.for
// BEFORE-NOT: IR Dump

// Headers name the pass's class as mlir-opt 22 does; a failed pass's dump
// says so, and --mlir-print-ir-after-failure prints only that one.
// FAILURE-NOT: IR Dump After Canonicalizer
// FAILURE: // -----// IR Dump After TilePackUnpack Failed (tile-pack-unpack) //----- //
// FAILURE-NEXT: module {
// FAILURE: error: {{.*}}

// TIMING: Execution time report
// TIMING: Parser
// TIMING: TilePackUnpack
// TIMING: Canonicalizer
// TIMING: Output
// TIMING: Rest
// TIMING: Total
// TREE:      Parser
// TREE:      {{^}}    {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// TREE-NEXT: {{^}}    {{[0-9.]+}} ({{ *[0-9.]+}}%)    TilePackUnpack
// TREE-NEXT: {{^}}    {{[0-9.]+}} ({{ *[0-9.]+}}%)  Canonicalizer
// TREE-NEXT: Output
// Each name once: the two Canonicalizer instances are one line.
// LIST-COUNT-1: Canonicalizer
// LIST-NOT:     Canonicalizer
// LIST:         Total
// BADDISPLAY: invalid value 'flat' for --mlir-timing-display (expected tree or list)

func.func @pack(%src: tensor<13x15xf32>) -> tensor<4x2x8x4xf32> {
  %pad = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x2x8x4xf32>
  %0 = tensor.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %init : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  return %0 : tensor<4x2x8x4xf32>
}
