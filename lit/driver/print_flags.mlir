// mlir-opt 22's printer flags (scripts/print_flags_compat.py compares them
// with mlir-opt byte for byte on the whole lit suite).
// RUN: tessel-opt %s --mlir-print-value-users | FileCheck %s --check-prefix=USERS
// RUN: tessel-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: tessel-opt %s --mlir-print-skip-regions | FileCheck %s --check-prefix=SKIP
// RUN: tessel-opt %s --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// RUN: tessel-opt %s --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE
// RUN: tessel-opt %s --mlir-print-debuginfo --mlir-pretty-debuginfo | FileCheck %s --check-prefix=PRETTY
// RUN: tessel-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: tessel-opt %s --pass-pipeline='builtin.module(canonicalize)' --mlir-print-ir-diff -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIFF
// RUN: rm -rf %t && tessel-opt %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-diff --mlir-print-ir-tree-dir=%t -o /dev/null && ls -R %t | FileCheck %s --check-prefix=TREE

// USERS-LABEL: func.func @f(
// USERS-NEXT:    // %arg0 is used by %2
// USERS-NEXT:    // %arg1 is used by %3
// USERS-NEXT:    %cst = arith.constant {{.+}} // user: %2
// USERS-NEXT:    %2 = arith.addf %arg0, %cst : tensor<4xf32> // unused
// USERS-NEXT:    %3 = affine.apply #map(%arg1) // user: %4
// USERS-NEXT:    %4 = affine.apply #map1(%3, %3) // user: %5
// USERS-NEXT:    return %4 : index // id: %5

// LOCAL-NOT: #map
// LOCAL: affine.apply affine_map<(d0) -> (d0 * 2)>(%arg1)

// SKIP: module {...}
// SKIP-NOT: func

// ELIDE: arith.constant dense_resource<__elided__> : tensor<4xf32>
// ELIDE: arith.constant dense<1.000000e+00> : tensor<4xf32>

// UNIQUE: func.func @f(%arg1: tensor<4xf32>, %arg2: index)
// UNIQUE: func.func @g(%arg0: index)

// PRETTY: arith.addf %arg0, %cst : tensor<4xf32> {{.*}}print_flags.mlir:{{[0-9]+}}:8
// PRETTY: #loc = {{.*}}print_flags.mlir:0:0

// SCOPE: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: #map
// SCOPE: module {
// SCOPE: // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //

// DIFF: // -----// IR Diff After Canonicalizer (canonicalize) //----- //
// DIFF-NEXT: --- before
// DIFF-NEXT: +++ after
// DIFF: -    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// DIFF-NOT: IR Diff

// TREE: builtin_module_no-symbol-name:
// TREE: 1_canonicalize.diff
// TREE: 2_canonicalize.mlir
// TREE: func_func_f
// TREE: func_func_g
// TREE: func_func_f:
// TREE-NEXT: 0_0_cse.diff
// TREE-NEXT: 0_1_cse.mlir

func.func @f(%a: tensor<4xf32>, %n: index) -> index {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %x = arith.addf %a, %c : tensor<4xf32>
  %i = affine.apply affine_map<(d0) -> (d0 * 2)>(%n)
  %j = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %i)
  return %j : index
}
func.func @g(%a: index) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}
