// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=12" --debug 2>&1 | FileCheck %s

// An SSA inner tile gives no static bound: the temporary is dynamically
// sized, and --debug says so in a remark at the unpack.
// CHECK: dynamic.mlir:[[# @LINE + 9]]:8: remark: unpack dim 0: no static bound on the rows a tile needs
// CHECK-LABEL: func.func @ssa_inner_tile(
// CHECK-SAME:    %[[SRC:[^:]+]]: tensor<?x?xf32>, %{{[^:]+}}: tensor<?xf32>, %[[T:[^:]+]]: index
// CHECK:         scf.for
// CHECK:           %[[ROWS:.+]] = affine.apply #{{.+}}(%{{.+}}, %{{.+}})[%[[T]]]
// CHECK:           %[[N:.+]] = arith.muli %[[ROWS]], %[[T]] : index
// CHECK:           %[[TMP:.+]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK:           tensor.unpack %{{.+}} inner_dims_pos = [0] inner_tiles = [%[[T]]] into %[[TMP]]
func.func @ssa_inner_tile(%src: tensor<?x?xf32>, %d: tensor<?xf32>, %t: index) -> tensor<?xf32> {
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [%t] into %d : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
