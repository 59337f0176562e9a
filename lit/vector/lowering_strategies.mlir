// RUN: tessel-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The lowering strategies of the vector descriptors, as mlir-opt 22 spells
// them: a keyword or a string, printed as a keyword unless the default; any
// other name is 22's diagnostic.

// CHECK-LABEL: transform.named_sequence @strategies
// CHECK-NEXT: transform.apply_patterns to %arg0 {
// CHECK-NEXT: transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
// CHECK-NEXT: transform.apply_patterns.vector.lower_contraction lowering_strategy = llvmintr
// CHECK-NEXT: transform.apply_patterns.vector.lower_contraction{{$}}
// CHECK-NEXT: transform.apply_patterns.vector.lower_contraction lowering_strategy = parallelarith
// CHECK-NEXT: transform.apply_patterns.vector.lower_contraction{{$}}
// CHECK-NEXT: transform.apply_patterns.vector.lower_transpose lowering_strategy = llvmintr
// CHECK-NEXT: transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = innerreduction
module attributes {transform.with_named_sequence} {
  transform.named_sequence @strategies(%arg0: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %arg0 {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "dot"
      transform.apply_patterns.vector.lower_contraction lowering_strategy = llvmintr
      transform.apply_patterns.vector.lower_contraction lowering_strategy = outerproduct
      transform.apply_patterns.vector.lower_contraction lowering_strategy = parallelarith
      transform.apply_patterns.vector.lower_contraction
      transform.apply_patterns.vector.lower_transpose lowering_strategy = llvmintr
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
    } : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %arg0 {
      // expected-error @+1 {{custom op 'transform.apply_patterns.vector.lower_contraction' expected string or keyword containing one of the following enum values for attribute 'lowering_strategy' [dot, llvmintr, outerproduct, parallelarith]}}
      transform.apply_patterns.vector.lower_contraction lowering_strategy = matmulintrinsics
    } : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %arg0 {
      // expected-error @+1 {{custom op 'transform.apply_patterns.vector.lower_transpose' expected string or keyword containing one of the following enum values for attribute 'lowering_strategy' [eltwise, llvmintr, shuffle_1d, shuffle_16x16]}}
      transform.apply_patterns.vector.lower_transpose lowering_strategy = flat_transpose
    } : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %arg0 {
      // expected-error @+1 {{custom op 'transform.apply_patterns.vector.lower_multi_reduction' expected string or keyword containing one of the following enum values for attribute 'lowering_strategy' [innerparallel, innerreduction]}}
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = 3
    } : !transform.any_op
    transform.yield
  }
}
