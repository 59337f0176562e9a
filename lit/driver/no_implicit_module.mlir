// RUN: tessel-opt %s --no-implicit-module -canonicalize | FileCheck %s
// RUN: tessel-opt %s --no-implicit-module '--pass-pipeline=func.func(canonicalize)' | FileCheck %s
// RUN: not tessel-opt %s --no-implicit-module '--pass-pipeline=builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=IMPLICIT
// RUN: not tessel-opt %S/Inputs/two_functions.mlir --no-implicit-module 2>&1 | FileCheck %s --check-prefix=TWO

// mlir-opt 22's --no-implicit-module: the input's one top-level op is the
// root the passes run on and the output prints, not wrapped in a module; a
// pipeline anchored on builtin.module is an error on it, as is an input of
// more than one top-level op. Without the flag the function goes into an
// implicit module.

// CHECK-NOT: module
// CHECK: func.func @scale(%arg0: index) -> index {
// CHECK-NEXT:   return %arg0 : index
// CHECK-NEXT: }
// ANCHOR: error: can't run 'builtin.module' pass manager on 'func.func' op
// IMPLICIT: module {
// IMPLICIT-NEXT:   func.func @scale
// TWO: two_functions.mlir:0:0: error: source must contain a single top-level operation, found: 2
func.func @scale(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0)>(%a)
  return %0 : index
}
