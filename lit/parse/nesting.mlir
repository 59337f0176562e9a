// Deep nesting anywhere the parser recurses is a diagnostic at the place
// the limit (256 levels) is crossed, never a stack overflow; affine maps
// are bounded by their size (1024 operations), not only their depth.
//
// RUN: python3 -c "print('%%x = arith.constant ' + '(' * 30000 + '1')" > %t.parens.mlir
// RUN: not tessel-opt %t.parens.mlir 2>&1 | FileCheck %s --check-prefix=PARENS
// RUN: python3 -c "print('func.func private @g(' + 'tensor<' * 100000 + 'f32' + '>' * 100000 + ')')" > %t.tensor.mlir
// RUN: not tessel-opt %t.tensor.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: python3 -c "print('func.func private @g(' + '(' * 100000 + ')' * 100000 + ' -> ())')" > %t.fn.mlir
// RUN: not tessel-opt %t.fn.mlir 2>&1 | FileCheck %s --check-prefix=FN
// RUN: python3 -c "print('func.func private @g() -> ' + 'tuple<' * 100000 + 'i32' + '>' * 100000)" > %t.tuple.mlir
// RUN: not tessel-opt %t.tuple.mlir 2>&1 | FileCheck %s --check-prefix=TUPLE
// RUN: python3 -c "print('#m = affine_map<(d0) -> (' + '-' * 100000 + 'd0)>')" > %t.neg.mlir
// RUN: not tessel-opt %t.neg.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: python3 -c "print('#m = affine_map<(d0)[s0] -> (' + ' + '.join('d0 mod %%d' %% (i + 2) for i in range(100000)) + ')>')" > %t.sum.mlir
// RUN: not tessel-opt %t.sum.mlir 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: python3 -c "print('func.func private @g() attributes {a = ' + '[' * 100000 + ']' * 100000 + '}')" > %t.array.mlir
// RUN: not tessel-opt %t.array.mlir 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: python3 -c "print('\"a.b\"() ({' * 50000 + '}) : () -> ()' * 50000)" > %t.regions.mlir
// RUN: not tessel-opt %t.regions.mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: python3 -c "print('\"a.b\"() : () -> () loc(' + 'fused[' * 100000 + '\"a\"' + ']' * 100000 + ')')" > %t.loc.mlir
// RUN: not tessel-opt %t.loc.mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=LOC
// RUN: python3 -c "print('// CHECK: [[#' + 'add(' * 100000 + '1,1' + ')' * 100000 + ']]')" > %t.check
// RUN: echo 2 | not tessel-filecheck %t.check 2>&1 | FileCheck %s --check-prefix=FILECHECK
// RUN: python3 -c "print('// CHECK: [[#' + '(' * 100000 + '1' + ')' * 100000 + ']]')" > %t.paren.check
// RUN: echo 1 | not tessel-filecheck %t.paren.check 2>&1 | FileCheck %s --check-prefix=FILECHECK

// PARENS: parens.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// TENSOR: tensor.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// FN: fn.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// TUPLE: tuple.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// NEG: neg.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// SUM: sum.mlir:1:{{[0-9]+}}: error: affine map or set with more than 1024 operations is not supported
// ARRAY: array.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// REGIONS: regions.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// LOC: loc.mlir:1:{{[0-9]+}}: error: nesting deeper than 256 levels is not supported
// FILECHECK: check:1:{{[0-9]+}}: error: expression nested deeper than 256 levels is not supported

func.func @f() {
  return
}
