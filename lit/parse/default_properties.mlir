// Properties MLIR always stores print in the generic form with their
// default value when the op does not set them, as mlir-opt 22 prints them.
// RUN: tessel-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt --mlir-print-op-generic | FileCheck %s
// RUN: tessel-opt %s | FileCheck %s --check-prefix=CUSTOM

// CHECK: "arith.addf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}>
// CHECK: "arith.mulf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>}>
// CHECK: "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}>
// CHECK: "arith.negf"(%arg1) <{fastmath = #arith.fastmath<none>}>
// CHECK: "math.exp"(%arg1) <{fastmath = #arith.fastmath<none>}>
// CHECK: "arith.addi"(%arg2, %arg2) <{overflowFlags = #arith.overflow<none>}>
// CHECK: "arith.muli"(%arg2, %arg2) <{overflowFlags = #arith.overflow<nsw>}>
// CHECK: "arith.trunci"(%arg2) <{overflowFlags = #arith.overflow<none>}>
// CHECK: "arith.divsi"(%arg2, %arg2) : (i32, i32) -> i32
// CHECK: "arith.extf"(%arg1) : (f32) -> f64
// CHECK: "transform.structured.tile_using_for"(%arg0) <{scalable_sizes = array<i1: false, false>, static_sizes = array<i64: 2, 4>}>
// CHECK: "transform.structured.tile_using_forall"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_tile_sizes = array<i64: 6, 5>}>

// The custom form shows only what differs from the defaults.
// CUSTOM: arith.addf %arg0, %arg0 : f32
// CUSTOM: arith.mulf %arg0, %arg0 fastmath<fast> : f32
// CUSTOM: arith.muli %arg1, %arg1 overflow<nsw> : i32
// CUSTOM: transform.structured.tile_using_for %arg0 tile_sizes [2, 4] :
func.func @f(%x: f32, %i: i32) -> (f32, f32, i1, f32, f32, i32, i32, i8, i32, f64) {
  %0 = arith.addf %x, %x : f32
  %1 = arith.mulf %x, %x fastmath<fast> : f32
  %2 = arith.cmpf olt, %x, %x : f32
  %3 = arith.negf %x : f32
  %4 = math.exp %x : f32
  %5 = arith.addi %i, %i : i32
  %6 = arith.muli %i, %i overflow<nsw> : i32
  %7 = arith.trunci %i : i32 to i8
  %8 = arith.divsi %i, %i : i32
  %9 = arith.extf %x : f32 to f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, i1, f32, f32, i32, i32, i8, i32, f64
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %a, %l:2 = transform.structured.tile_using_for %root tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b, %f = transform.structured.tile_using_forall %root tile_sizes [6, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
