// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --run=f --input=iota --input=1 --input=2 --input=7 --input=iota | FileCheck %s --check-prefix=EXEC

// tensor.extract, tensor.insert and tensor.from_elements print as mlir-opt 22
// prints them (the CHECK lines are its output) and run in the engine.

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: tensor<4x8xf32>, %arg1: index, %arg2: index, %arg3: f32, %arg4: tensor<f32>) -> (f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>) {
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg2] : tensor<4x8xf32>
// CHECK-NEXT: %inserted = tensor.insert %extracted into %arg0[%arg2, %arg1] : tensor<4x8xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %extracted, %arg3, %arg3, %extracted : tensor<2x2xf32>
// CHECK-NEXT: %extracted_0 = tensor.extract %arg4[] : tensor<f32>
// CHECK-NEXT: %inserted_1 = tensor.insert %arg3 into %arg4[] : tensor<f32>
// CHECK-NEXT: return %extracted, %inserted, %from_elements, %extracted_0, %inserted_1 : f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<4x8xf32>, index, index, f32, tensor<f32>) -> (f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<4x8xf32>, %arg1: index, %arg2: index, %arg3: f32, %arg4: tensor<f32>):
// GENERIC-NEXT: %0 = "tensor.extract"(%arg0, %arg1, %arg2) : (tensor<4x8xf32>, index, index) -> f32
// GENERIC-NEXT: %1 = "tensor.insert"(%0, %arg0, %arg2, %arg1) : (f32, tensor<4x8xf32>, index, index) -> tensor<4x8xf32>
// GENERIC-NEXT: %2 = "tensor.from_elements"(%0, %arg3, %arg3, %0) : (f32, f32, f32, f32) -> tensor<2x2xf32>
// GENERIC-NEXT: %3 = "tensor.extract"(%arg4) : (tensor<f32>) -> f32
// GENERIC-NEXT: %4 = "tensor.insert"(%arg3, %arg4) : (f32, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "func.return"(%0, %1, %2, %3, %4) : (f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// EXEC: // result #0: f32
// EXEC-NEXT: 10.0
// EXEC: // result #1: tensor<4x8xf32>
// EXEC-NEXT: {{\[\[}}0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
// EXEC-NEXT:  [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0],
// EXEC-NEXT:  [16.0, 10.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0],
// EXEC: // result #2: tensor<2x2xf32>
// EXEC-NEXT: {{\[\[}}10.0, 7.0],
// EXEC-NEXT:  [7.0, 10.0]]
// EXEC: // result #3: f32
// EXEC-NEXT: 0.0
// EXEC: // result #4: tensor<f32>
// EXEC-NEXT: 7.0

func.func @f(%t: tensor<4x8xf32>, %i: index, %j: index, %v: f32, %z: tensor<f32>) -> (f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>) {
  %0 = tensor.extract %t[%i, %j] : tensor<4x8xf32>
  %1 = tensor.insert %0 into %t[%j, %i] : tensor<4x8xf32>
  %2 = tensor.from_elements %0, %v, %v, %0 : tensor<2x2xf32>
  %3 = tensor.extract %z[] : tensor<f32>
  %4 = tensor.insert %v into %z[] : tensor<f32>
  return %0, %1, %2, %3, %4 : f32, tensor<4x8xf32>, tensor<2x2xf32>, f32, tensor<f32>
}
