// RUN: tessel-opt %s -split-input-file -transform-interpreter | FileCheck %s
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 --input=random:4 --input=random:5 --input=random:6 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 --input=random:4 --input=random:5 --input=random:6 > %t.after
// RUN: diff %t.before %t.after

// Structured ops and pads vectorized op for op as mlir-opt 22 does (the
// CHECK lines are its output), with the same values before and after.

// Inputs are read whole in the loop shape: a broadcast input through a map
// with 0 for the loop it lacks, a transposed one through a permutation; a
// scalar is broadcast and a constant becomes a splat.
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[C:[^:]+]]: tensor<8x4xf32>, %[[S:[^:]+]]: f32)
// CHECK:      %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[P0:.+]] = ub.poison : f32
// CHECK-NEXT: %[[RA:.+]] = vector.transfer_read %[[A]][%[[C0]], %[[C0]]], %[[P0]] : tensor<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: %[[P1:.+]] = ub.poison : f32
// CHECK-NEXT: %[[RB:.+]] = vector.transfer_read %[[B]][%[[C0]]], %[[P1]] {permutation_map = #{{.+}}} : tensor<8xf32>, vector<4x8xf32>
// CHECK-NEXT: %[[P2:.+]] = ub.poison : f32
// CHECK-NEXT: %[[RC:.+]] = vector.transfer_read %[[C]][%[[C0]], %[[C0]]], %[[P2]] {permutation_map = #{{.+}}} : tensor<8x4xf32>, vector<4x8xf32>
// CHECK-NEXT: %[[P3:.+]] = ub.poison : f32
// CHECK-NEXT: %[[RO:.+]] = vector.transfer_read %{{.+}}[%[[C0]], %[[C0]]], %[[P3]] : tensor<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: %[[ADD:.+]] = arith.addf %[[RA]], %[[RB]] : vector<4x8xf32>
// CHECK-NEXT: %[[BS:.+]] = vector.broadcast %[[S]] : f32 to vector<4x8xf32>
// CHECK-NEXT: %[[MUL:.+]] = arith.mulf %[[ADD]], %[[BS]] : vector<4x8xf32>
// CHECK-NEXT: %[[SPLAT:.+]] = arith.constant dense<3.000000e+00> : vector<4x8xf32>
// CHECK-NEXT: %[[SUB:.+]] = arith.subf %[[MUL]], %[[SPLAT]] : vector<4x8xf32>
// CHECK-NEXT: %[[GT:.+]] = arith.cmpf ogt, %[[SUB]], %[[RC]] : vector<4x8xf32>
// CHECK-NEXT: %[[SEL:.+]] = arith.select %[[GT]], %[[SUB]], %[[RO]] : vector<4x8xi1>, vector<4x8xf32>
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: vector.transfer_write %[[SEL]], %{{.+}}[%[[C0_0]], %[[C0_0]]] : vector<4x8xf32>, tensor<4x8xf32>
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<8x4xf32>, %s: f32) -> tensor<4x8xf32> {
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<8xf32>, tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %out: f32):
    %0 = arith.addf %x, %y : f32
    %1 = arith.mulf %0, %s : f32
    %2 = arith.subf %1, %three : f32
    %3 = arith.cmpf ogt, %2, %z : f32
    %4 = arith.select %3, %2, %out : f32
    linalg.yield %4 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// A reduction's combiner becomes a vector.multi_reduction over the
// reduction loops; with vector sizes past the loops every transfer and the
// reduction are masked by the loop sizes (one mask per map).
// CHECK-LABEL: func.func @f(
// CHECK:      %[[C5:.+]] = arith.constant 5 : index
// CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: ub.poison : f32
// CHECK-NEXT: %[[M:.+]] = vector.create_mask %[[C5]], %[[C7]] : vector<8x8xi1>
// CHECK-NEXT: %[[IN:.+]] = vector.mask %[[M]] { vector.transfer_read {{.+}} {in_bounds = [true, true]} : tensor<5x7xf32>, vector<8x8xf32> } : vector<8x8xi1> -> vector<8x8xf32>
// CHECK-NEXT: ub.poison : f32
// CHECK-NEXT: %[[MO:.+]] = vector.create_mask %[[C5]] : vector<8xi1>
// CHECK-NEXT: %[[ACC:.+]] = vector.mask %[[MO]] { vector.transfer_read {{.+}} {in_bounds = [true]} : tensor<5xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT: %[[RED:.+]] = vector.mask %[[M]] { vector.multi_reduction <maximumf>, %[[IN]], %[[ACC]] [1] : vector<8x8xf32> to vector<8xf32> } : vector<8x8xi1> -> vector<8xf32>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: vector.mask %[[MO]] { vector.transfer_write %[[RED]], {{.+}} {in_bounds = [true]} : vector<8xf32>, tensor<5xf32> } : vector<8xi1> -> tensor<5xf32>
func.func @f(%a: tensor<5x7xf32>, %o: tensor<5xf32>, %unused: f32, %unused2: f32) -> tensor<5xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<5x7xf32>) outs(%o : tensor<5xf32>) {
  ^bb0(%x: f32, %out: f32):
    %m = arith.maximumf %x, %out : f32
    linalg.yield %m : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [8, 8] : !transform.any_op
    transform.yield
  }
}

// -----

// fill writes a splat; copy and transpose read and write (transpose
// through a permutation map); the named elementwise ops use their bodies.
// CHECK-LABEL: func.func @f(
// CHECK:      %[[SPLAT:.+]] = arith.constant dense<2.000000e+00> : vector<3x4xf32>
// CHECK-NEXT: %[[FILLED:.+]] = vector.transfer_write %[[SPLAT]]
// CHECK:      vector.transfer_read %{{.+}} {permutation_map = #{{.+}}} : tensor<4x3xf32>, vector<3x4xf32>
// CHECK:      math.exp %{{.+}} : vector<3x4xf32>
// CHECK:      arith.maximumf %{{.+}}, %{{.+}} : vector<3x4xf32>
func.func @f(%a: tensor<4x3xf32>, %b: tensor<3x4xf32>, %unused: f32, %unused2: f32) -> tensor<3x4xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%two : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = linalg.transpose ins(%a : tensor<4x3xf32>) outs(%f : tensor<3x4xf32>) permutation = [1, 0]
  %x = linalg.exp ins(%t : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %c = linalg.copy ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %m = linalg.max ins(%c, %b : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill", "linalg.transpose", "linalg.exp", "linalg.copy", "linalg.max"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

// A pad (vector sizes required, as in MLIR 22) reads the source masked by
// its sizes with the padding value and writes a tensor.empty of the result.
// CHECK-LABEL: func.func @f(
// CHECK:      %[[CST:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C5:.+]] = arith.constant 5 : index
// CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : index
// CHECK-NEXT: %[[M:.+]] = vector.create_mask %[[C5]], %[[C7]] : vector<8x8xi1>
// CHECK-NEXT: %[[R:.+]] = vector.mask %[[M]] { vector.transfer_read %{{.+}}[%[[C0]], %[[C0]]], %[[CST]] {in_bounds = [true, true]} : tensor<5x7xf32>, vector<8x8xf32> } : vector<8x8xi1> -> vector<8x8xf32>
// CHECK-NEXT: %[[E:.+]] = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT: %[[C0_0:.+]] = arith.constant 0 : index
// CHECK-NEXT: vector.transfer_write %[[R]], %[[E]][%[[C0_0]], %[[C0_0]]] {in_bounds = [true, true]} : vector<8x8xf32>, tensor<8x8xf32>
func.func @f(%a: tensor<5x7xf32>, %unused: f32, %unused2: f32, %unused3: f32) -> tensor<8x8xf32> {
  %cst = arith.constant 0.5 : f32
  %r = tensor.pad %a low[0, 0] high[3, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<5x7xf32> to tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.pad"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [8, 8] : !transform.any_op
    transform.yield
  }
}
