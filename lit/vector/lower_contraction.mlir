// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_contraction as mlir-opt 22 applies
// it under each lowering_strategy (the CHECK lines are its output). The
// engine runs before and after lowering in lower_contraction_run.mlir and
// scripts/vector_lowering_parity.py.

// The default strategy (outerproduct): a row-major matmul is one
// vector.outerproduct per reduction step, on rows of the transposed lhs.
// CHECK-LABEL: func.func @matmul_outerproduct(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// CHECK-NEXT: %1 = vector.extract %0[0] : vector<2xf32> from vector<3x2xf32>
// CHECK-NEXT: %2 = vector.extract %arg1[0] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %3 = vector.outerproduct %1, %2, %arg2 {kind = #vector.kind<add>} : vector<2xf32>, vector<4xf32>
// CHECK-NEXT: %4 = vector.extract %0[1] : vector<2xf32> from vector<3x2xf32>
// CHECK-NEXT: %5 = vector.extract %arg1[1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %6 = vector.outerproduct %4, %5, %3 {kind = #vector.kind<add>} : vector<2xf32>, vector<4xf32>
// CHECK-NEXT: %7 = vector.extract %0[2] : vector<2xf32> from vector<3x2xf32>
// CHECK-NEXT: %8 = vector.extract %arg1[2] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %9 = vector.outerproduct %7, %8, %6 {kind = #vector.kind<add>} : vector<2xf32>, vector<4xf32>
// CHECK-NEXT: return %9 : vector<2x4xf32>
func.func @matmul_outerproduct(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
    } : !transform.any_op
    transform.yield
  }
}

// -----

// dot: one vector.reduction of a row product per result element (the rhs
// of an (m, k) x (n, k) contraction needs no transpose), added to the
// accumulator; integers multiply with arith.muli.
// CHECK-LABEL: func.func @matmul_dot(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<2x2xi32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<3xi32> from vector<2x3xi32>
// CHECK-NEXT: %1 = vector.extract %arg1[0] : vector<3xi32> from vector<2x3xi32>
// CHECK-NEXT: %2 = arith.muli %0, %1 : vector<3xi32>
// CHECK-NEXT: %3 = vector.reduction <add>, %2 : vector<3xi32> into i32
// CHECK-NEXT: %4 = vector.insert %3, %cst [0, 0] : i32 into vector<2x2xi32>
// CHECK-NEXT: %5 = vector.extract %arg1[1] : vector<3xi32> from vector<2x3xi32>
// CHECK-NEXT: %6 = arith.muli %0, %5 : vector<3xi32>
// CHECK-NEXT: %7 = vector.reduction <add>, %6 : vector<3xi32> into i32
// CHECK-NEXT: %8 = vector.insert %7, %4 [0, 1] : i32 into vector<2x2xi32>
// CHECK-NEXT: %9 = vector.extract %arg0[1] : vector<3xi32> from vector<2x3xi32>
// CHECK-NEXT: %10 = arith.muli %9, %1 : vector<3xi32>
// CHECK-NEXT: %11 = vector.reduction <add>, %10 : vector<3xi32> into i32
// CHECK-NEXT: %12 = vector.insert %11, %8 [1, 0] : i32 into vector<2x2xi32>
// CHECK-NEXT: %13 = arith.muli %9, %5 : vector<3xi32>
// CHECK-NEXT: %14 = vector.reduction <add>, %13 : vector<3xi32> into i32
// CHECK-NEXT: %15 = vector.insert %14, %12 [1, 1] : i32 into vector<2x2xi32>
// CHECK-NEXT: %16 = arith.addi %15, %arg2 : vector<2x2xi32>
// CHECK-NEXT: return %16 : vector<2x2xi32>
func.func @matmul_dot(%a: vector<2x3xi32>, %b: vector<2x3xi32>, %c: vector<2x2xi32>) -> vector<2x2xi32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xi32>, vector<2x3xi32> into vector<2x2xi32>
  return %0 : vector<2x2xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A matvec under dot: rows of the matrix against the vector.
// CHECK-LABEL: func.func @matvec_dot(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<3xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %1 = arith.mulf %0, %arg1 : vector<4xf32>
// CHECK-NEXT: %2 = vector.reduction <add>, %1 : vector<4xf32> into f32
// CHECK-NEXT: %3 = vector.insert %2, %cst [0] : f32 into vector<3xf32>
// CHECK-NEXT: %4 = vector.extract %arg0[1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %5 = arith.mulf %4, %arg1 : vector<4xf32>
// CHECK-NEXT: %6 = vector.reduction <add>, %5 : vector<4xf32> into f32
// CHECK-NEXT: %7 = vector.insert %6, %3 [1] : f32 into vector<3xf32>
// CHECK-NEXT: %8 = vector.extract %arg0[2] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %9 = arith.mulf %8, %arg1 : vector<4xf32>
// CHECK-NEXT: %10 = vector.reduction <add>, %9 : vector<4xf32> into f32
// CHECK-NEXT: %11 = vector.insert %10, %7 [2] : f32 into vector<3xf32>
// CHECK-NEXT: %12 = arith.addf %11, %arg2 : vector<3xf32>
// CHECK-NEXT: return %12 : vector<3xf32>
func.func @matvec_dot(%a: vector<3x4xf32>, %b: vector<4xf32>, %c: vector<3xf32>) -> vector<3xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x4xf32>, vector<4xf32> into vector<3xf32>
  return %0 : vector<3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Mixed element types lower only through outer products, each row
// sign-extended (arith.extsi; arith.extf for floats) first.
// CHECK-LABEL: func.func @mixed_outerproduct(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<2x2xi8> to vector<2x2xi8>
// CHECK-NEXT: %1 = vector.extract %0[0] : vector<2xi8> from vector<2x2xi8>
// CHECK-NEXT: %2 = vector.extract %arg1[0] : vector<3xi8> from vector<2x3xi8>
// CHECK-NEXT: %3 = arith.extsi %1 : vector<2xi8> to vector<2xi32>
// CHECK-NEXT: %4 = arith.extsi %2 : vector<3xi8> to vector<3xi32>
// CHECK-NEXT: %5 = vector.outerproduct %3, %4, %arg2 {kind = #vector.kind<add>} : vector<2xi32>, vector<3xi32>
// CHECK-NEXT: %6 = vector.extract %0[1] : vector<2xi8> from vector<2x2xi8>
// CHECK-NEXT: %7 = vector.extract %arg1[1] : vector<3xi8> from vector<2x3xi8>
// CHECK-NEXT: %8 = arith.extsi %6 : vector<2xi8> to vector<2xi32>
// CHECK-NEXT: %9 = arith.extsi %7 : vector<3xi8> to vector<3xi32>
// CHECK-NEXT: %10 = vector.outerproduct %8, %9, %5 {kind = #vector.kind<add>} : vector<2xi32>, vector<3xi32>
// CHECK-NEXT: return %10 : vector<2x3xi32>
func.func @mixed_outerproduct(%a: vector<2x2xi8>, %b: vector<2x3xi8>, %c: vector<2x3xi32>) -> vector<2x3xi32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x2xi8>, vector<2x3xi8> into vector<2x3xi32>
  return %0 : vector<2x3xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Outer products take any combining kind.
// CHECK-LABEL: func.func @max_outerproduct(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
// CHECK-NEXT: %1 = vector.extract %0[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %2 = vector.extract %arg1[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %3 = vector.outerproduct %1, %2, %arg2 {kind = #vector.kind<maxnumf>} : vector<2xf32>, vector<2xf32>
// CHECK-NEXT: %4 = vector.extract %0[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %5 = vector.extract %arg1[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %6 = vector.outerproduct %4, %5, %3 {kind = #vector.kind<maxnumf>} : vector<2xf32>, vector<2xf32>
// CHECK-NEXT: return %6 : vector<2x2xf32>
func.func @max_outerproduct(%a: vector<2x2xf32>, %b: vector<2x2xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %c : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
    } : !transform.any_op
    transform.yield
  }
}

// -----

// The other strategies lower only add: this contraction stays.
// CHECK-LABEL: func.func @mul_dot_stays(
// CHECK-NEXT: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %arg0, %arg1, %arg2 : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
// CHECK-NEXT: return %0 : vector<2x2xf32>
func.func @mul_dot_stays(%a: vector<2x2xf32>, %b: vector<2x2xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %a, %b, %c : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
    } : !transform.any_op
    transform.yield
  }
}

// -----

// The generic unrolling (llvmintr, or what no other lowering takes): the
// batch dim first, then the free dims, into contractions of one rank less,
// down to a product reduced into the accumulator.
// CHECK-LABEL: func.func @batch_llvmintr(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<0.000000e+00> : vector<2x1x1xf32>
// CHECK-NEXT: %cst_2 = arith.constant dense<0.000000e+00> : vector<1x1xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0, 0] : vector<2xf32> from vector<2x1x2xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[0, 0, 0] : f32 from vector<2x2x1xf32>
// CHECK-NEXT: %2 = vector.insert %1, %cst [0] : f32 into vector<2xf32>
// CHECK-NEXT: %3 = vector.extract %arg1[0, 1, 0] : f32 from vector<2x2x1xf32>
// CHECK-NEXT: %4 = vector.insert %3, %2 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %5 = vector.extract %arg2[0, 0, 0] : f32 from vector<2x1x1xf32>
// CHECK-NEXT: %6 = arith.mulf %0, %4 : vector<2xf32>
// CHECK-NEXT: %7 = vector.reduction <add>, %6, %5 : vector<2xf32> into f32
// CHECK-NEXT: %8 = vector.insert %7, %cst_0 [0] : f32 into vector<1xf32>
// CHECK-NEXT: %9 = vector.insert %8, %cst_2 [0] : vector<1xf32> into vector<1x1xf32>
// CHECK-NEXT: %10 = vector.insert %9, %cst_1 [0] : vector<1x1xf32> into vector<2x1x1xf32>
// CHECK-NEXT: %11 = vector.extract %arg0[1, 0] : vector<2xf32> from vector<2x1x2xf32>
// CHECK-NEXT: %12 = vector.extract %arg1[1, 0, 0] : f32 from vector<2x2x1xf32>
// CHECK-NEXT: %13 = vector.insert %12, %cst [0] : f32 into vector<2xf32>
// CHECK-NEXT: %14 = vector.extract %arg1[1, 1, 0] : f32 from vector<2x2x1xf32>
// CHECK-NEXT: %15 = vector.insert %14, %13 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %16 = vector.extract %arg2[1, 0, 0] : f32 from vector<2x1x1xf32>
// CHECK-NEXT: %17 = arith.mulf %11, %15 : vector<2xf32>
// CHECK-NEXT: %18 = vector.reduction <add>, %17, %16 : vector<2xf32> into f32
// CHECK-NEXT: %19 = vector.insert %18, %cst_0 [0] : f32 into vector<1xf32>
// CHECK-NEXT: %20 = vector.insert %19, %cst_2 [0] : vector<1xf32> into vector<1x1xf32>
// CHECK-NEXT: %21 = vector.insert %20, %10 [1] : vector<1x1xf32> into vector<2x1x1xf32>
// CHECK-NEXT: return %21 : vector<2x1x1xf32>
func.func @batch_llvmintr(%a: vector<2x1x2xf32>, %b: vector<2x2x1xf32>, %c: vector<2x1x1xf32>) -> vector<2x1x1xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x1x2xf32>, vector<2x2x1xf32> into vector<2x1x1xf32>
  return %0 : vector<2x1x1xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = llvmintr
    } : !transform.any_op
    transform.yield
  }
}

// -----

// parallelarith: with every reduced dim 1, elementwise arithmetic on the
// broadcast and transposed operands (a vector.fma for a float add).
// CHECK-LABEL: func.func @unit_k_parallelarith(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<2x1xf32> to vector<3x2x1xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : vector<1x3xf32> to vector<2x1x3xf32>
// CHECK-NEXT: %2 = vector.transpose %0, [2, 1, 0] : vector<3x2x1xf32> to vector<1x2x3xf32>
// CHECK-NEXT: %3 = vector.transpose %1, [1, 0, 2] : vector<2x1x3xf32> to vector<1x2x3xf32>
// CHECK-NEXT: %4 = vector.extract %2[0] : vector<2x3xf32> from vector<1x2x3xf32>
// CHECK-NEXT: %5 = vector.extract %3[0] : vector<2x3xf32> from vector<1x2x3xf32>
// CHECK-NEXT: %6 = vector.fma %4, %5, %arg2 : vector<2x3xf32>
// CHECK-NEXT: return %6 : vector<2x3xf32>
func.func @unit_k_parallelarith(%a: vector<2x1xf32>, %b: vector<1x3xf32>, %c: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x1xf32>, vector<1x3xf32> into vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = parallelarith
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A masked matvec: the mask (over the iteration space) is transposed to
// put the reduction first and sliced per outer product.
// CHECK-LABEL: func.func @masked_matvec(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
// CHECK-NEXT: %1 = vector.transpose %arg3, [1, 0] : vector<3x2xi1> to vector<2x3xi1>
// CHECK-NEXT: %2 = vector.extract %0[0] : vector<3xf32> from vector<2x3xf32>
// CHECK-NEXT: %3 = vector.extract %arg1[0] : f32 from vector<2xf32>
// CHECK-NEXT: %4 = vector.extract %1[0] : vector<3xi1> from vector<2x3xi1>
// CHECK-NEXT: %5 = vector.mask %4 { vector.outerproduct %2, %3, %arg2 {kind = #vector.kind<add>} : vector<3xf32>, f32 } : vector<3xi1> -> vector<3xf32>
// CHECK-NEXT: %6 = vector.extract %0[1] : vector<3xf32> from vector<2x3xf32>
// CHECK-NEXT: %7 = vector.extract %arg1[1] : f32 from vector<2xf32>
// CHECK-NEXT: %8 = vector.extract %1[1] : vector<3xi1> from vector<2x3xi1>
// CHECK-NEXT: %9 = vector.mask %8 { vector.outerproduct %6, %7, %5 {kind = #vector.kind<add>} : vector<3xf32>, f32 } : vector<3xi1> -> vector<3xf32>
// CHECK-NEXT: return %9 : vector<3xf32>
func.func @masked_matvec(%a: vector<3x2xf32>, %b: vector<2xf32>, %c: vector<3xf32>, %m: vector<3x2xi1>) -> vector<3xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x2xf32>, vector<2xf32> into vector<3xf32> } : vector<3x2xi1> -> vector<3xf32>
  return %0 : vector<3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Masked under the generic unrolling: the mask is sliced along each
// unrolled dim and masks the final vector.reduction.
// CHECK-LABEL: func.func @masked_dot_generic(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %2 = vector.extract %arg2[0, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %3 = vector.extract %arg3[0, 0] : vector<2xi1> from vector<2x2x2xi1>
// CHECK-NEXT: %4 = arith.mulf %0, %1 : vector<2xf32>
// CHECK-NEXT: %5 = vector.mask %3 { vector.reduction <add>, %4, %2 : vector<2xf32> into f32 } : vector<2xi1> -> f32
// CHECK-NEXT: %6 = vector.insert %5, %cst [0] : f32 into vector<2xf32>
// CHECK-NEXT: %7 = vector.extract %arg1[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %8 = vector.extract %arg2[0, 1] : f32 from vector<2x2xf32>
// CHECK-NEXT: %9 = vector.extract %arg3[0, 1] : vector<2xi1> from vector<2x2x2xi1>
// CHECK-NEXT: %10 = arith.mulf %0, %7 : vector<2xf32>
// CHECK-NEXT: %11 = vector.mask %9 { vector.reduction <add>, %10, %8 : vector<2xf32> into f32 } : vector<2xi1> -> f32
// CHECK-NEXT: %12 = vector.insert %11, %6 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %13 = vector.insert %12, %cst_0 [0] : vector<2xf32> into vector<2x2xf32>
// CHECK-NEXT: %14 = vector.extract %arg0[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %15 = vector.extract %arg1[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %16 = vector.extract %arg2[1, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %17 = vector.extract %arg3[1, 0] : vector<2xi1> from vector<2x2x2xi1>
// CHECK-NEXT: %18 = arith.mulf %14, %15 : vector<2xf32>
// CHECK-NEXT: %19 = vector.mask %17 { vector.reduction <add>, %18, %16 : vector<2xf32> into f32 } : vector<2xi1> -> f32
// CHECK-NEXT: %20 = vector.insert %19, %cst [0] : f32 into vector<2xf32>
// CHECK-NEXT: %21 = vector.extract %arg1[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %22 = vector.extract %arg2[1, 1] : f32 from vector<2x2xf32>
// CHECK-NEXT: %23 = vector.extract %arg3[1, 1] : vector<2xi1> from vector<2x2x2xi1>
// CHECK-NEXT: %24 = arith.mulf %14, %21 : vector<2xf32>
// CHECK-NEXT: %25 = vector.mask %23 { vector.reduction <add>, %24, %22 : vector<2xf32> into f32 } : vector<2xi1> -> f32
// CHECK-NEXT: %26 = vector.insert %25, %20 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %27 = vector.insert %26, %13 [1] : vector<2xf32> into vector<2x2xf32>
// CHECK-NEXT: return %27 : vector<2x2xf32>
func.func @masked_dot_generic(%a: vector<2x2xf32>, %b: vector<2x2xf32>, %c: vector<2x2xf32>, %m: vector<2x2x2xi1>) -> vector<2x2xf32> {
  %0 = vector.mask %m { vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32> } : vector<2x2x2xi1> -> vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
    } : !transform.any_op
    transform.yield
  }
}

// -----

// With lower_outerproduct in the same set, the outer products go on to
// vector.fma per row.
// CHECK-LABEL: func.func @to_fma(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK-NEXT: %0 = vector.extract %arg1[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %2 = vector.broadcast %1 : f32 to vector<2xf32>
// CHECK-NEXT: %3 = vector.extract %arg2[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %4 = vector.fma %2, %0, %3 : vector<2xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[1, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %6 = vector.broadcast %5 : f32 to vector<2xf32>
// CHECK-NEXT: %7 = vector.extract %arg2[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %8 = vector.fma %6, %0, %7 : vector<2xf32>
// CHECK-NEXT: %9 = vector.extract %arg1[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %10 = vector.extract %arg0[0, 1] : f32 from vector<2x2xf32>
// CHECK-NEXT: %11 = vector.broadcast %10 : f32 to vector<2xf32>
// CHECK-NEXT: %12 = vector.fma %11, %9, %4 : vector<2xf32>
// CHECK-NEXT: %13 = vector.insert %12, %cst [0] : vector<2xf32> into vector<2x2xf32>
// CHECK-NEXT: %14 = vector.extract %arg0[1, 1] : f32 from vector<2x2xf32>
// CHECK-NEXT: %15 = vector.broadcast %14 : f32 to vector<2xf32>
// CHECK-NEXT: %16 = vector.fma %15, %9, %8 : vector<2xf32>
// CHECK-NEXT: %17 = vector.insert %16, %13 [1] : vector<2xf32> into vector<2x2xf32>
// CHECK-NEXT: return %17 : vector<2x2xf32>
func.func @to_fma(%a: vector<2x2xf32>, %b: vector<2x2xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x2xf32>, vector<2x2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}

