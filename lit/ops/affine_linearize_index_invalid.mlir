// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// affine.linearize_index and affine.delinearize_index: the verifier's
// messages, as mlir-opt 22's.

func.func @too_long_basis(%a: index, %b: index) -> index {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%a, %b] by (2, 3, 4) : index
  return %0 : index
}
// -----
func.func @empty_basis(%a: index, %b: index) -> index {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%a, %b] by () : index
  return %0 : index
}
// -----
func.func @too_few_results(%a: index) -> index {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:2 = affine.delinearize_index %a into (2, 3, 4) : index, index
  return %0#0 : index
}
// -----
func.func @negative_basis(%a: index) -> index {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %a into (2, -3) : index, index
  return %0#0 : index
}
// -----
func.func @missing_dynamic_basis(%a: index, %b: index) -> index {
  // expected-error @+1 {{'affine.linearize_index' op mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "affine.linearize_index"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: -9223372036854775808, 3>}> : (index, index) -> index
  return %0 : index
}
// -----
func.func @not_index(%a: i32, %b: i32) -> index {
  // expected-error @+1 {{'affine.linearize_index' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "affine.linearize_index"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: 2, 3>}> : (i32, i32) -> index
  return %0 : index
}
