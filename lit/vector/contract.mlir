// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tessel-opt %s --run=viac --input=random:1 --input=random:2 --input=random:3 > %t.contract
// RUN: tessel-opt %s --run=viamm --input=random:1 --input=random:2 --input=random:3 > %t.matmul
// RUN: diff %t.contract %t.matmul

// vector.contract prints as mlir-opt 22 (iterator types as strings in the
// custom form, #vector.iterator_type in the generic one) and the engine
// runs it as the matmul it contracts (each product rounded, then added in
// the order of the reduction loop): the same bits.
// CHECK-LABEL: func.func @viac(
// CHECK: vector.contract {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{.+}}, %{{.+}}, %{{.+}} : vector<4x6xf32>, vector<6x8xf32> into vector<4x8xf32>
// GENERIC: "vector.contract"(%{{.+}}, %{{.+}}, %{{.+}}) <{indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<4x6xf32>, vector<6x8xf32>, vector<4x8xf32>) -> vector<4x8xf32>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @viac(%A: tensor<4x6xf32>, %B: tensor<6x8xf32>, %C: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %p : tensor<4x6xf32>, vector<4x6xf32>
  %b = vector.transfer_read %B[%c0, %c0], %p : tensor<6x8xf32>, vector<6x8xf32>
  %c = vector.transfer_read %C[%c0, %c0], %p : tensor<4x8xf32>, vector<4x8xf32>
  %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x6xf32>, vector<6x8xf32> into vector<4x8xf32>
  %w = vector.transfer_write %r, %C[%c0, %c0] : vector<4x8xf32>, tensor<4x8xf32>
  return %w : tensor<4x8xf32>
}
func.func @viamm(%A: tensor<4x6xf32>, %B: tensor<6x8xf32>, %C: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<4x6xf32>, tensor<6x8xf32>) outs(%C : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
