// COMPAT: tessel-only (runs the engine)
// RUN: tessel-opt %s --run=one_d --input=iota --input=iota > %t.one_d.before
// RUN: tessel-opt %s -transform-interpreter --run=one_d --input=iota --input=iota > %t.one_d.after
// RUN: diff %t.one_d.before %t.one_d.after
// RUN: tessel-opt %s --run=masked_gather --input=iota --input=iota > %t.masked_gather.before
// RUN: tessel-opt %s -transform-interpreter --run=masked_gather --input=iota --input=iota > %t.masked_gather.after
// RUN: diff %t.masked_gather.before %t.masked_gather.after
// RUN: tessel-opt %s --run=rank3 --input=iota --input=iota > %t.rank3.before
// RUN: tessel-opt %s -transform-interpreter --run=rank3 --input=iota --input=iota > %t.rank3.after
// RUN: diff %t.rank3.before %t.rank3.after
// RUN: tessel-opt %s --run=rank0 --input=iota --input=iota > %t.rank0.before
// RUN: tessel-opt %s -transform-interpreter --run=rank0 --input=iota --input=iota > %t.rank0.after
// RUN: diff %t.rank0.before %t.rank0.after
// RUN: tessel-opt %s --run=gather --input=iota --input=iota --input=iota > %t.gather.before
// RUN: tessel-opt %s -transform-interpreter --run=gather --input=iota --input=iota --input=iota > %t.gather.after
// RUN: diff %t.gather.before %t.gather.after
// RUN: tessel-opt %s --run=scalar --input=iota --input=iota > %t.scalar.before
// RUN: tessel-opt %s -transform-interpreter --run=scalar --input=iota --input=iota > %t.scalar.after
// RUN: diff %t.scalar.before %t.scalar.after
// RUN: tessel-opt %s --run=contig_add --input=iota --input=iota --input=iota > %t.contig_add.before
// RUN: tessel-opt %s -transform-interpreter --run=contig_add --input=iota --input=iota --input=iota > %t.contig_add.after
// RUN: diff %t.contig_add.before %t.contig_add.after

// The extracts of lit/vectorize/extract.mlir, vectorized as mlir-opt 22 does,
// compute what the generics did: iota inputs, the same results before and
// after (the masked gather's masked-off lanes never reach the output).

#map = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @one_d(%src: tensor<64xf32>, %init: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x8xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 1 : index
    %e = tensor.extract %src[%j] : tensor<64xf32>
    linalg.yield %e : f32
  } -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}
func.func @masked_gather(%src: tensor<80x16xi32>, %init: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %e = tensor.extract %src[%k, %j] : tensor<80x16xi32>
    linalg.yield %e : i32
  } -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}
func.func @rank3(%src: tensor<64xf32>, %init: tensor<1x1x4xf32>) -> tensor<1x1x4xf32> {
  %c5 = arith.constant 5 : index
  %r = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%init : tensor<1x1x4xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 2 : index
    %k = arith.addi %c5, %j : index
    %e = tensor.extract %src[%k] : tensor<64xf32>
    linalg.yield %e : f32
  } -> tensor<1x1x4xf32>
  return %r : tensor<1x1x4xf32>
}
func.func @rank0(%src: tensor<f32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<2x4xf32>) {
  ^bb0(%out: f32):
    %e = tensor.extract %src[] : tensor<f32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
#mapv = affine_map<(d0, d1) -> (d1)>
func.func @gather(%src: tensor<80x16xf32>, %idx: tensor<4xindex>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.generic {indexing_maps = [#mapv, #map], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<4xindex>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%k: index, %out: f32):
    %i = linalg.index 0 : index
    %e = tensor.extract %src[%k, %i] : tensor<80x16xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @scalar(%src: tensor<80x16xf32>, %init: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %c3 = arith.constant 3 : index
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x4xf32>) {
  ^bb0(%out: f32):
    %e = tensor.extract %src[%c3, %c3] : tensor<80x16xf32>
    linalg.yield %e : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
func.func @contig_add(%src: tensor<80x16xf32>, %init: tensor<1x4xf32>, %off: index) -> tensor<1x4xf32> {
  %c2 = arith.constant 2 : index
  %r = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<1x4xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 1 : index
    %k = arith.addi %j, %off : index
    %e = tensor.extract %src[%c2, %k] : tensor<80x16xf32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %a, %b, %c, %d, %e, %g, %h = transform.split_handle %f : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %a : !transform.any_op
    transform.structured.vectorize %b vector_sizes [4, 8] {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %c {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %d {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %e {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %g {vectorize_nd_extract} : !transform.any_op
    transform.structured.vectorize %h {vectorize_nd_extract} : !transform.any_op
    transform.yield
  }
}
