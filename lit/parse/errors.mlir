// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @redefinition() {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

func.func @undeclared() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %x : i32
}

// -----

// expected-error @+1 {{expected '>' in tensor type}}
func.func @unclosed_tensor() -> tensor<4xf32 {
  return
}

// -----

func.func @dynamic_empty_without_sizes() {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.empty() : tensor<4x?xf32>
  return
}

// -----

#bad = affine_map<(d0) -> (d0 * d0)> // expected-error {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}

// -----

func.func @out_of_range_int() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 300 : i8
  return
}

// -----

func.func @dense_shape() {
  // expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  %0 = arith.constant dense<[1, 2, 3]> : tensor<2xi32>
  return
}

// -----

func.func @apply_operands(%a: index) {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%a)
  return
}

// -----

func.func @undefined_type_alias() {
  // expected-error @+1 {{undefined symbol alias id 'unknown'}}
  %0 = arith.constant 1 : !unknown
  return
}

// -----

func.func @unregistered() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @result_count() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.constant 1 : i32
  return
}

// -----

func.func @result_number() -> i32 {
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{reference to invalid result number}}
  return %0#3 : i32
}

// -----

func.func @terminator_not_last() {
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  %1 = arith.constant 2 : i32
}

// -----

func.func @int_literal_for_float() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %c = arith.constant 1 : f32
  return
}

// -----

func.func @unterminated_string() {
  // expected-error @+1 {{expected '"' in string literal}}
  %c = arith.constant "x : f32
}

// -----

func.func @type_mismatch(%a: tensor<4xf32>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<4xf64>' vs 'tensor<4xf32>'}}
  %0 = tensor.cast %a : tensor<4xf64> to tensor<?xf64>
  return
}

// -----

func.func @no_terminator() {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %0 = arith.constant 1 : i32
}

// -----

func.func @unknown_custom_op() {
  // expected-error @+1 {{custom op 'tensor.bogus' is unknown}}
  %0 = tensor.bogus : i32
  return
}

// -----

func.func @missing_dialect() {
  // expected-error @+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
  // expected-note @+1 {{Available dialects:}}
  %0 = foo.bar : i32
  return
}

// -----

func.func @dominance(%c: i1) -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %1 : i32
  // expected-note @+1 {{operand defined here}}
  %1 = arith.constant 1 : i32
  return %0 : i32
}


// -----

func.func @call_type_not_a_function(%x: i32) {
  // expected-error @+1 {{custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  func.call @call_type_not_a_function(%x) : i32
  return
}
