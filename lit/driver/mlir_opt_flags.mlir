// RUN: tessel-opt %s --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tessel-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: tessel-opt %s --canonicalize --cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: tessel-opt %s '--pass-pipeline=builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=aggressive}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: tessel-opt %s --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: tessel-opt %s '--pass-pipeline=builtin.module(func.func(cse),canonicalize,cse)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tessel-opt %s '--pass-pipeline=builtin.module(func.func(cse),canonicalize,cse)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not tessel-opt %s --mlir-pass-statistics-display=flat 2>&1 | FileCheck %s --check-prefix=BADDISPLAY

// mlir-opt 22's everyday flags. --verify-roundtrip prints and parses back
// the parsed module before the passes (generic form with locations, as
// mlir-opt; and custom form) and then goes on as usual.
// ROUNDTRIP: func.func @f(%arg0: f32, %arg1: index) -> (tensor<4xf32>, index)
// ROUNDTRIP: linalg.fill

// DIALECTS: Available Dialects: affine,arith,bufferization,builtin,cf,complex,func,index,linalg,math,memref,scf,tensor,transform,ub,vector,xla

// The pipeline as mlir-opt 22 prints it (tessel's canonicalize sweeps at
// most 32 times by default, mlir-opt's iterates at most 10).
// DUMP:      Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   canonicalize{  max-iterations=32 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// DUMP-NEXT:   cse
// DUMP-NEXT: )
// NESTED:      Pass Manager with 2 passes:
// NESTED-NEXT: builtin.module(
// NESTED-NEXT:   func.func(
// NESTED-NEXT:     cse,
// NESTED-NEXT:     canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=aggressive test-convergence=false top-down=true}
// NESTED-NEXT:   ),
// NESTED-NEXT:   symbol-dce
// NESTED-NEXT: )
// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT: )

// Each pass's counters, nested like the pipeline or summed per pass: the
// first cse merges the two empties and erases the dead add, canonicalize
// folds the constant sum.
// STATS:      ===-------------------------------------------------------------------------===
// STATS-NEXT:                          ... Pass statistics report ...
// STATS-NEXT: ===-------------------------------------------------------------------------===
// STATS-NEXT: 'func.func' Pipeline
// STATS-NEXT:   CSE
// STATS-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATS-NEXT:     (S) 1 num-dce'd - Number of operations DCE'd
// STATS-NEXT: Canonicalizer
// STATS-NEXT:   (S) {{[1-9][0-9]*}} num-applied - Number of patterns and folds applied
// STATS-NEXT:   (S) {{[0-9]+}} num-erased  - Number of dead operations erased
// STATS-NEXT:   (S) {{[0-9]+}} num-sweeps  - Number of sweeps over the changed operations
// STATS-NEXT: CSE
// STATS-NEXT:   (S) 0 num-cse'd - Number of operations CSE'd
// STATS-NEXT:   (S) 0 num-dce'd - Number of operations DCE'd
// LIST:      ... Pass statistics report ...
// LIST:        CSE
// LIST-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// LIST-NEXT:     (S) 1 num-dce'd - Number of operations DCE'd
// LIST-NEXT:   Canonicalizer
// BADDISPLAY: --mlir-pass-statistics-display: list or pipeline
func.func @f(%c: f32, %i: index) -> (tensor<4xf32>, index) {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.empty() : tensor<4xf32>
  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.fill ins(%c : f32) outs(%1 : tensor<4xf32>) -> tensor<4xf32>
  %4 = arith.addf %2, %3 : tensor<4xf32>
  %dead = arith.addi %i, %i : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = arith.addi %c2, %c3 : index
  return %4, %s : tensor<4xf32>, index
}
