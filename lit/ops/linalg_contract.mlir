// RUN: tessel-opt %s -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: tessel-opt %s -split-input-file -linalg-generalize-named-ops | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=random:2 --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -linalg-generalize-named-ops --run=f --input=random:1 --input=random:2 --input=random:3 > %t.after
// RUN: diff %t.before %t.after

// linalg.contract as mlir-opt 22 prints and generalizes it: the maps are
// always printed (there is no default), the loops in the output are
// parallel and the others reductions, the body is `out + cast(a) *
// cast(b)`; attributes may follow `outs(..)` too. The engine computes the
// same values before and after generalizing.

// ROUND-LABEL: func.func @f(
// ROUND:       linalg.contract indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] ins(%{{.+}}, %{{.+}} : tensor<3x4xf32>, tensor<5x4xf32>) outs(%{{.+}} : tensor<5x3xf32>) -> tensor<5x3xf32>
// CHECK-DAG:   #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[C:.+]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// CHECK-LABEL: func.func @f(
// CHECK:       linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-NEXT:  ^bb0(%[[IN:.+]]: f32, %[[IN0:.+]]: f32, %[[OUT:.+]]: f32):
// CHECK-NEXT:    %[[M:.+]] = arith.mulf %[[IN]], %[[IN0]] : f32
// CHECK-NEXT:    %[[S:.+]] = arith.addf %[[OUT]], %[[M]] : f32
// CHECK-NEXT:    linalg.yield %[[S]] : f32
func.func @f(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>, %c: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>]
      ins(%a, %b : tensor<3x4xf32>, tensor<5x4xf32>) outs(%c : tensor<5x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Unsigned extension of i8 operands into an i32 accumulator, the cast
// given after outs(..) and printed before ins(..).
// ROUND-LABEL: func.func @f(
// ROUND:       linalg.contract indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] {cast = #linalg.type_fn<cast_unsigned>} ins(
// CHECK-LABEL: func.func @f(
// CHECK:       iterator_types = ["parallel", "reduction", "parallel"]
// CHECK:       arith.extui %{{.+}} : i8 to i32
// CHECK-NEXT:  arith.extui %{{.+}} : i8 to i32
// CHECK-NEXT:  arith.muli
// CHECK-NEXT:  arith.addi
func.func @f(%a: tensor<2x6x4xi8>, %b: tensor<6x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = linalg.contract indexing_maps = [affine_map<(b, k, n) -> (b, k, n)>, affine_map<(b, k, n) -> (k, n)>, affine_map<(b, k, n) -> (b, n)>]
      ins(%a, %b : tensor<2x6x4xi8>, tensor<6x4xi8>) outs(%c : tensor<2x4xi32>) {cast = #linalg.type_fn<cast_unsigned>} -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
