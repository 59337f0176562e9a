// RUN: tessel-opt %s | tessel-opt | tessel-filecheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-filecheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --run=f --input=iota | tessel-filecheck %s --check-prefix=EXEC

// `ub.poison` is a value of any type with no particular value; packs pad
// with it when the padding is never read back. The engine reads zeros.
// CHECK-LABEL: func.func @f(
// CHECK:         %[[P:.+]] = ub.poison : f32
// CHECK:         ub.poison : index
// CHECK:         linalg.pack %{{.+}} padding_value(%[[P]] : f32)
// GENERIC:       "ub.poison"() <{value = #ub.poison}> : () -> f32
// EXEC:          // result #0: tensor<2x1x4xf32>
// EXEC-NEXT:     {{\[\[\[}}0.0, 1.0, 2.0, 0.0]],
// EXEC:          {{\[\[}}3.0, 4.0, 5.0, 0.0]]]
func.func @f(%a: tensor<2x3xf32>) -> tensor<2x1x4xf32> {
  %p = ub.poison : f32
  %i = ub.poison : index
  %d = tensor.empty() : tensor<2x1x4xf32>
  %0 = linalg.pack %a padding_value(%p : f32) inner_dims_pos = [1] inner_tiles = [4] into %d : tensor<2x3xf32> -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
