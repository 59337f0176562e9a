// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @slice_size_mismatch(%s: tensor<16x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %s[0, 0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @slice_rank_too_big(%s: tensor<16x16xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %s[0, 0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4x1xf32>
  return
}

// -----

func.func @slice_offsets_count(%s: tensor<16x16xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %s[0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_element_type(%s: tensor<16x16xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %1 = tensor.extract_slice %s[0, 0] [1, 4] [1, 1] : tensor<16x16xf32> to tensor<4xf64>
  return
}

// -----

func.func @slice_dynamic_size_static_result(%s: tensor<16x16xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<?x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %s[0, 0] [%i, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @insert_size_mismatch(%s: tensor<16x16xf32>, %t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x5xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %t into %s[0, 0] [4, 5] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
  return
}

// -----

func.func @empty_sizes(%i: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<4x4xf32>
  return
}

// -----

func.func @fill_without_result(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>)
  return
}

// -----

func.func @fill_value_type(%t: tensor<2xf32>, %f: f64) -> tensor<2xf32> {
  // expected-error @+1 {{'linalg.fill' op expected fill value type ('f64') to match output element type ('f32')}}
  %0 = linalg.fill ins(%f : f64) outs(%t : tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @fill_tensor_value(%t: tensor<2x2xf32>, %v: tensor<2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%v : tensor<2xf32>) outs(%t : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @affine_min_operands(%a: index, %b: index) -> index {
  // expected-error @+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.min"(%a, %b) <{map = affine_map<(d0) -> (d0, 4)>}> : (index, index) -> index
  return %0 : index
}

// -----

func.func @return_count(%a: index) -> (index, index) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  return %a : index
}

// -----

func.func @return_type(%a: index) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('index') doesn't match function result type ('i32') in function @return_type}}
  return %a : index
}

// -----

func.func @addi_on_floats(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return %0 : f32
}

// -----

func.func @yield_count(%lb: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%acc = %t) -> (tensor<4xf32>) {
    // expected-note @+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }
  return %r : tensor<4xf32>
}

// -----

func.func @yield_type_in_loop(%lb: index, %t: tensor<4xf32>, %u: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'tensor<4xf32>' != 'tensor<5xf32>'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%acc = %t) -> (tensor<4xf32>) {
    scf.yield %u : tensor<5xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @yield_type_in_if(%c: i1, %x: i32, %y: i64) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %y : i64
  } else {
    scf.yield %x : i32
  }
  return %0 : i32
}

// -----

// A generic tile_using_for needs one scalable flag per size (its custom
// parser sets them).
"builtin.module"() ({
  "transform.named_sequence"() <{function_type = (!transform.any_op) -> (), sym_name = "__transform_main"}> ({
  ^bb0(%arg0: !transform.any_op):
    // expected-error @+1 {{'transform.structured.tile_using_for' op expected same number of sizes (2) and scalable sizes (0)}}
    %0:3 = "transform.structured.tile_using_for"(%arg0) <{static_sizes = array<i64: 2, 4>}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    "transform.yield"() : () -> ()
  }) : () -> ()
}) {transform.with_named_sequence} : () -> ()

// -----

// Static slices must stay inside static dims, as MLIR 22 verifies
// (`verifyInBoundsSlice`); dynamic offsets, sizes or dims are not checked.
func.func @offset_past_the_dim(%t: tensor<16x64xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{offset 0 is out-of-bounds: 16 >= 16}}
  %s = tensor.extract_slice %t[16, 0] [4, 8] [1, 1] : tensor<16x64xf32> to tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @strided_slice_runs_past(%t: tensor<16x64xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 64 >= 64}}
  %s = tensor.extract_slice %t[0, 8] [4, 8] [1, 8] : tensor<16x64xf32> to tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @insert_runs_past(%t: tensor<16x64xf32>, %u: tensor<4x8xf32>) -> tensor<16x64xf32> {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 67 >= 64}}
  %s = tensor.insert_slice %u into %t[0, 60] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x64xf32>
  return %s : tensor<16x64xf32>
}

// -----

func.func @negative_offset(%t: tensor<16x64xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %s = tensor.extract_slice %t[-1, 0] [4, 8] [1, 1] : tensor<16x64xf32> to tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @dynamic_is_not_checked(%t: tensor<?x64xf32>, %i: index) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = tensor.extract_slice %t[100, 0] [4, 8] [1, 1] : tensor<?x64xf32> to tensor<4x8xf32>
  %b = tensor.extract_slice %t[0, %i] [4, 8] [1, 1] : tensor<?x64xf32> to tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}
