// COMPAT: tessel-only (runs the engine)
// RUN: tessel-opt %s -split-input-file --run=f --input=random:3 > %t.before
// RUN: tessel-opt %s -split-input-file -transform-interpreter --run=f --input=random:3 > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s -split-input-file -transform-interpreter | FileCheck %s

// affine.apply in a generic's body (mod, floordiv and ceildiv of negative
// values included), vectorized alone and with the children's cleanups: the
// engine computes the same values before and after (the text is mlir-opt
// 22's, children_more.mlir).

// CHECK-NOT: affine.apply
func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 mod 3)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 floordiv 2)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 ceildiv 4)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 4)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 * -1 + 6)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> ((d0 * 4 + d1 - 9) floordiv 3 + (d1 - 7) mod 4 - (d0 - 3) ceildiv 2)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 mod 3)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 floordiv 2)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 ceildiv 4)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 4)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> (d0 * -1 + 6)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @f(%x: tensor<6x4xi32>) -> tensor<6x4xi32> {
  %0 = tensor.empty() : tensor<6x4xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%x : tensor<6x4xi32>) outs(%0 : tensor<6x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(d0, d1) -> ((d0 * 4 + d1 - 9) floordiv 3 + (d1 - 7) mod 4 - (d0 - 3) ceildiv 2)>(%i, %j)
    %c = arith.index_cast %k : index to i32
    %r = arith.addi %c, %in : i32
    linalg.yield %r : i32
  } -> tensor<6x4xi32>
  return %1 : tensor<6x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.generic"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.vectorize_children_and_apply_patterns %1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
