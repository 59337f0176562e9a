// --mlir-use-nameloc-as-prefix names values after the names in their
// locations, as mlir-opt 22 does: the first name of the location tree
// (inside fused and call-site locations too), sanitized and made unique;
// it replaces an op's own result names and a block argument's name, and an
// empty name leaves the value numbered.
// RUN: tessel-opt %s --mlir-use-nameloc-as-prefix | FileCheck %s
// RUN: tessel-opt %s --mlir-use-nameloc-as-prefix --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s | FileCheck %s --check-prefix=OFF

// CHECK:      func.func @f(%alpha: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT:   %sum = arith.addi %alpha, %arg1 : index
// CHECK-NEXT:   %sum_0 = arith.addi %sum, %arg1 : index
// CHECK-NEXT:   %prod = arith.muli %sum_0, %sum_0 : index
// CHECK-NEXT:   %three = arith.constant 3 : index
// CHECK-NEXT:   %pair:2 = scf.for %arg2 = %alpha to %arg1 step %arg1 iter_args(%arg3 = %alpha, %arg4 = %arg1) -> (index, index) {
// CHECK:        %a = arith.addi %pair#0, %three : index
// CHECK-NEXT:   %has_space = arith.addi %a, %a : index
// CHECK-NEXT:   %_7x = arith.addi %has_space, %has_space : index
// CHECK-NEXT:   %cs = arith.addi %_7x, %_7x : index
// CHECK-NEXT:   %0 = arith.addi %cs, %cs : index
// GENERIC:    ^bb0(%alpha: index, %arg1: index):
// GENERIC:    %sum = "arith.addi"(%alpha, %arg1)
// OFF:        %c3 = arith.constant 3 : index
func.func @f(%a: index loc("alpha"), %b: index) -> (index, index, index) {
  %0 = arith.addi %a, %b : index loc("sum")
  %1 = arith.addi %0, %b : index loc("sum")
  %2 = arith.muli %1, %1 : index loc("prod"("f.py":1:1))
  %c = arith.constant 3 : index loc("three")
  %3:2 = scf.for %i = %a to %b step %b iter_args(%x = %a, %y = %b) -> (index, index) {
    scf.yield %x, %y : index, index
  } loc("pair")
  %4 = arith.addi %3#0, %c : index loc(fused["a", "b"])
  %5 = arith.addi %4, %4 : index loc("has space")
  %6 = arith.addi %5, %5 : index loc("7x")
  %7 = arith.addi %6, %6 : index loc(callsite("cs" at "x.py":1:1))
  %8 = arith.addi %7, %7 : index loc("")
  return %2, %4, %8 : index, index, index
}
