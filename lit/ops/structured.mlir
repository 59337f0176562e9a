// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s

#tile = affine_map<(d0) -> (-d0 + 32, 15)>

// Aliases are renamed #map, #map1, ... in order of first use, like mlir-opt.
// CHECK-DAG: #[[MIN:map[0-9]*]] = affine_map<(d0) -> (-d0 + 32, 15)>
// CHECK-DAG: #[[APPLY:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 floordiv 8 + s0 * 4)>
// CHECK-DAG: #[[SET:set]] = affine_set<(d0) : (d0 - 1 >= 0)>

// CHECK-LABEL: func.func @loops
func.func @loops(%dst: tensor<32xf32>, %src: tensor<4x8xf32>, %n: index) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %c15 = arith.constant 15 : index
  %c32 = arith.constant 32 : index
  // CHECK: %[[R:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<32xf32>) {
  %r = scf.for %i = %c0 to %c32 step %c15 iter_args(%acc = %dst) -> (tensor<32xf32>) {
    // CHECK: %[[SZ:.*]] = affine.min #[[MIN]](%[[IV]])
    %sz = affine.min #tile(%i)
    // CHECK: affine.apply #[[APPLY]](%[[IV]])[%{{.*}}]
    %row = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 8 + s0 * 4)>(%i)[%n]
    // CHECK: %[[E:.*]] = tensor.empty(%[[SZ]]) : tensor<?xf32>
    %e = tensor.empty(%sz) : tensor<?xf32>
    // CHECK: %[[S:.*]] = tensor.extract_slice %[[E]][0] [%[[SZ]]] [1] : tensor<?xf32> to tensor<?xf32>
    %s = tensor.extract_slice %e[0] [%sz] [1] : tensor<?xf32> to tensor<?xf32>
    // CHECK: %[[INS:.*]] = tensor.insert_slice %[[S]] into %[[ACC]][%[[IV]]] [%[[SZ]]] [1] : tensor<?xf32> into tensor<32xf32>
    %ins = tensor.insert_slice %s into %acc[%i] [%sz] [1] : tensor<?xf32> into tensor<32xf32>
    // CHECK: scf.yield %[[INS]] : tensor<32xf32>
    scf.yield %ins : tensor<32xf32>
  }
  // A loop without results prints without its terminator.
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: affine.max
  // CHECK-NEXT: }
  scf.for %j = %c0 to %n step %c15 {
    %m = affine.max affine_map<(d0) -> (d0, 4)>(%j)
  }
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
  %a = arith.constant 0 : i32
  %b = arith.constant 9 : i32
  scf.for %k = %a to %b step %b : i32 {
  }
  return %r : tensor<32xf32>
}

// CHECK-LABEL: func.func @branches
func.func @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  // CHECK: scf.if %{{.*}} -> (i32) {
  // CHECK-NEXT: scf.yield %{{.*}} : i32
  // CHECK-NEXT: } else {
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: func.call @callee() : () -> ()
  // CHECK-NEXT: }
  scf.if %c {
    func.call @callee() : () -> ()
  }
  // CHECK: call @callee() : () -> ()
  func.call @callee() : () -> ()
  return %0 : i32
}

// CHECK-LABEL: func.func private @callee()
func.func private @callee()

// CHECK-LABEL: func.func @parallel
func.func @parallel(%src: tensor<64x32xf32>, %n: index) -> tensor<64x32xf32> {
  %init = tensor.empty() : tensor<64x32xf32>
  // CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (8, %{{.*}}) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<64x32xf32>) {
  %r = scf.forall (%i, %j) in (8, %n) shared_outs(%o = %init) -> (tensor<64x32xf32>) {
    %s = tensor.extract_slice %src[%i, %j] [8, 4] [1, 1] : tensor<64x32xf32> to tensor<8x4xf32>
    // CHECK: scf.forall.in_parallel {
    // CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[I]], %[[J]]] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<64x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<64x32xf32>
    }
  }
  // CHECK: scf.forall (%{{.*}}) = (2) to (%{{.*}}) step (3) shared_outs
  %r2 = scf.forall (%k) = (2) to (%n) step (3) shared_outs(%o = %r) -> (tensor<64x32xf32>) {
  }
  return %r2 : tensor<64x32xf32>
}

// CHECK-LABEL: func.func @tensor_ops
func.func @tensor_ops(%t: tensor<4x8xf32>, %d: tensor<?x8xf32>, %i: index, %f: f32) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  // CHECK: %dim = tensor.dim %{{.*}}, %{{.*}} : tensor<?x8xf32>
  %dim = tensor.dim %d, %c0 : tensor<?x8xf32>
  // CHECK: %cast = tensor.cast %{{.*}} : tensor<4x8xf32> to tensor<?x8xf32>
  %cast = tensor.cast %t : tensor<4x8xf32> to tensor<?x8xf32>
  // CHECK: %collapsed = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %col = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  // CHECK: %expanded = tensor.expand_shape %collapsed {{\[\[}}0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  %exp = tensor.expand_shape %col [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  // CHECK: %padded = tensor.pad %{{.*}} low[0, 1] high[%{{.*}}, 0] {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT: tensor.yield %{{.*}} : f32
  // CHECK-NEXT: } : tensor<4x8xf32> to tensor<?x9xf32>
  %pad = tensor.pad %t low[0, 1] high[%i, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x8xf32> to tensor<?x9xf32>
  // Rank-reducing slice.
  // CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
  %row = tensor.extract_slice %t[0, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  // CHECK: %transposed = linalg.transpose ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]
  %tr = linalg.transpose ins(%t : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  // CHECK: linalg.fill ins(%{{.*}} : f32) outs(%transposed : tensor<8x4xf32>) -> tensor<8x4xf32>
  %fill = linalg.fill ins(%f : f32) outs(%tr : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %fill : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @attributes
// CHECK-SAME: attributes {tessel.all = {a = 1 : i64, b = [1, 2.000000e+00, "s", @sym::@nested], c = array<i32: 1, 2>, d = #[[SET]], e, f, g = tensor<4xf32>, h = #arith.fastmath<fast>, i = dense<1.000000e+00> : tensor<2xf32>, j = false}}
func.func @attributes() attributes {tessel.all = {b = [1, 2.0, "s", @sym::@nested], a = 1, c = array<i32: 1, 2>, d = affine_set<(d0) : (d0 - 1 >= 0)>, e, f = unit, g = tensor<4xf32>, h = #arith.fastmath<fast>, i = dense<[1.0, 1.0]> : tensor<2xf32>, j = false}} {
  return
}
