// COMPAT: tessel-only (--run)
// RUN: tessel-opt %s -split-input-file --run=f --input=random:1 --input=3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:1 --input=3 > %t.after
// RUN: diff %t.before %t.after

// vectorize_padding computes what the pads did: the decomposed pad, a read
// of a pad padded with the read's own value (1.0), which the rewrite
// replaces by the pad's (3.0, where the read reaches past the source), and
// a pad whose value depends on the position.

func.func @f(%a: tensor<5x6xf32>, %x: f32) -> tensor<8x8xf32> {
  %p = tensor.pad %a low[1, 0] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%a: tensor<5x6xf32>, %x: f32) -> vector<8x8xf32> {
  %c0 = arith.constant 0 : index
  %q = arith.constant 1.0 : f32
  %p = tensor.pad %a low[0, 0] high[3, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  %r = vector.transfer_read %p[%c0, %c0], %q {in_bounds = [true, true]} : tensor<8x8xf32>, vector<8x8xf32>
  return %r : vector<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A padding value computed from the position: the engine runs the pad's
// body per element, and the tensor.generate it becomes.
func.func @f(%a: tensor<5x6xf32>, %unused: f32) -> tensor<8x8xf32> {
  %p = tensor.pad %a low[1, 0] high[2, 2] {
  ^bb0(%i: index, %j: index):
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    tensor.yield %y : f32
  } : tensor<5x6xf32> to tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %f {vectorize_padding} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
