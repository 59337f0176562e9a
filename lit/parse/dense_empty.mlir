// RUN: tessel-opt %s | FileCheck %s

// A dense literal of no elements prints as mlir-opt 22 prints it: `dense<>`.
func.func @empty() attributes {a = dense<[]> : tensor<0xf32>, b = dense<[[], []]> : tensor<2x0xi32>, c = dense<> : tensor<0xcomplex<f32>>} {
  return
}

// CHECK: func.func @empty() attributes {a = dense<> : tensor<0xf32>, b = dense<> : tensor<2x0xi32>, c = dense<> : tensor<0xcomplex<f32>>} {
