// RUN: tessel-opt %s -transform-interpreter -split-input-file -verify-diagnostics

// Every error of tessel's transform interpreter that mlir-opt 22 also
// reports, as it reports it: at the transform op, in MLIR's words, with a
// note at the payload op (scripts/mlir_compat.py runs this file through
// mlir-opt 22 --verify-diagnostics too). Errors mlir-opt does not report are
// in transform_errors_tessel_only.mlir.

func.func @too_many_tile_sizes(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  // expected-note @+1 {{target op}}
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{too many tiles provided, expected at most 2 found 3}}
    %1, %loops:3 = transform.structured.tile_using_for %0 tile_sizes [2, 4, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @not_tileable(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{target op}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["tensor.cast"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{only ops implementing TilingInterface are supported}}
    %1, %loops = transform.structured.tile_using_for %0 tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @split_too_few(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{%0 = "transform.structured.match"(%arg0) <{ops = ["linalg.unpack"]}> : (!transform.any_op) -> !transform.any_op expected to contain 2 payloads but it contains 1 payloads}}
    %a, %b = transform.split_handle %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

func.func @cast_to_another_op(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  // expected-note @+1 {{payload operation}}
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error-re @+1 {{incompatible payload operation name expected linalg.pack vs linalg.unpack -> %1 = "linalg.unpack"(%arg0, %0) <{{.*}}> : (tensor<4x2x8x8xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>}}
    %1 = transform.cast %0 : !transform.any_op to !transform.op<"linalg.pack">
    transform.yield
  }
}

// -----

func.func @match_typed_handle(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  // expected-note @+1 {{payload operation}}
  %init = tensor.empty() : tensor<32x16xf32>
  %1 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %1 : tensor<32x16xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error-re @+1 {{incompatible payload operation name expected linalg.unpack vs tensor.empty -> {{.*}}}}
    %0 = transform.structured.match ops{["tensor.empty", "linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @+1 {{'transform.structured.lower_pack' op operand #0 must be Transform IR handle to linalg.pack operations, but got '!transform.any_op'}}
    %a, %b, %c = transform.structured.lower_pack %p : (!transform.any_op) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %u = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    // expected-error @+1 {{'transform.structured.lower_unpack' op result #2 must be Transform IR handle to tensor.collapse_shape operations, but got '!transform.any_op'}}
    %a, %b, %c, %d = transform.structured.lower_unpack %u : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.any_op, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}

// -----

// expected-note @+1 {{target payload op}}
module {
  func.func @patterns_on_the_schedule(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      // expected-error @+1 {{cannot apply transform to itself (or one of its ancestors)}}
      transform.apply_patterns to %root {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.yield
    }
  }
}
