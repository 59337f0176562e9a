// RUN: tessel-opt %s --cse --mlir-print-ir-diff -o /dev/null 2>&1 | FileCheck %s

// A cse that merges one tensor.empty renumbers every value after it; the
// diff aligns the values by the ops that define them, so it shows the
// merged op (under the name it had) and nothing else.
// CHECK:      // -----// IR Diff After CSE (cse) //----- //
// CHECK:      @@ -1,7 +1,6 @@
// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func @f(%arg0: f32) -> tensor<4xf32> {
// CHECK-NEXT:      %0 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: -    %1.old = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:      %1 = linalg.fill ins(%arg0 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT:  {{^[-+] }}
func.func @f(%c: f32) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.empty() : tensor<4xf32>
  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.fill ins(%c : f32) outs(%1 : tensor<4xf32>) -> tensor<4xf32>
  %4 = arith.addf %2, %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}
