// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// linalg.generic, linalg.index and the named structured ops print as
// mlir-opt 22 prints them: block arguments named %in / %out, iterator types
// as strings, `attrs =` for the discardable attributes, matmul's default
// indexing maps elided.

// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[TR:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @generic(
// CHECK:     linalg.generic {indexing_maps = [#[[ID]], #[[TR]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<8x4xf32>) outs(%{{.+}} : tensor<4x8xf32>) attrs =  {tag = 1 : i32} {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:   %{{.+}} = linalg.index 1 : index
// CHECK:        linalg.yield %{{.+}} : f32
// CHECK-NEXT: } -> tensor<4x8xf32>
// CHECK:      linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]}
// GENERIC-LABEL: "func.func"
// GENERIC: "linalg.generic"(%{{.+}}, %{{.+}}, %{{.+}}) <{indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC: ^bb0(%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32):
// GENERIC: }) {tag = 1 : i32} : (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: #linalg.iterator_type<reduction>
func.func @generic(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x8xf32>, %r: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x8xf32>) attrs = {tag = 1 : i32} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %i = linalg.index 1 : index
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%r : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @named(
// CHECK:     linalg.exp ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:     linalg.add ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:     linalg.max ins(%{{.+}}, %{{.+}} : tensor<4x8xi32>, tensor<4x8xi32>) outs(%{{.+}} : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK:     linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xbf16>, tensor<8x4xbf16>) outs(%{{.+}} : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:     linalg.matmul indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] ins(
// CHECK:     linalg.copy ins(%{{.+}} : tensor<4x8xbf16>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
// The implicit bodies, as upstream builds them.
// GENERIC-LABEL: sym_name = "named"
// GENERIC: "linalg.exp"
// GENERIC: "math.exp"
// GENERIC: "linalg.add"
// GENERIC: "arith.addf"
// GENERIC: "linalg.max"
// GENERIC: "arith.maxsi"
// GENERIC: "linalg.matmul"(%{{.+}}, %{{.+}}, %{{.+}}) <{indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "arith.extf"
// GENERIC: "arith.extf"
// GENERIC: "arith.mulf"
// GENERIC: "arith.addf"
// GENERIC: "linalg.copy"
// GENERIC: "arith.extf"
func.func @named(%a: tensor<4x8xf32>, %c: tensor<4x8xf32>, %i: tensor<4x8xi32>, %h: tensor<4x8xbf16>, %g: tensor<8x4xbf16>, %o: tensor<4x4xf32>, %t: tensor<8x4xf32>) {
  %0 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.max ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%i : tensor<4x8xi32>) -> tensor<4x8xi32>
  %3 = linalg.matmul ins(%h, %g : tensor<4x8xbf16>, tensor<8x4xbf16>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %4 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%t, %t : tensor<8x4xf32>, tensor<8x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %5 = linalg.copy ins(%h : tensor<4x8xbf16>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
