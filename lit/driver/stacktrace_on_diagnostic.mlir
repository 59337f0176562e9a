// RUN: not tessel-opt %S/Inputs/bad_linearize.mlir --mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s
// RUN: not tessel-opt %S/Inputs/bad_linearize.mlir 2>&1 | FileCheck %s --check-prefix=PLAIN

// mlir-opt's --mlir-print-stacktrace-on-diagnostic: each diagnostic gets a
// note with the stack that made it, one ` #N function (file:line)` line per
// frame (tessel's Rust frames where mlir-opt's are C++ ones), after the
// other notes.

// CHECK: error: 'affine.linearize_index' op should be passed a basis element for each index except possibly the first
// CHECK-NEXT: %0 = affine.linearize_index
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation:
// CHECK-NEXT: note: diagnostic emitted with trace:
// CHECK-NEXT: {{^}} #0 {{.+}}
// PLAIN-NOT: emitted with trace
