// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tessel-opt %s --run=run --input=iota | FileCheck %s --check-prefix=EXEC
// RUN: not tessel-opt %s --run=too_few --input=iota 2>&1 | FileCheck %s --check-prefix=FAULT

// tensor.reshape and tensor.bitcast: printed as mlir-opt 22 prints them (the
// CHECK lines are its output), canonicalized as it does (the CANON lines:
// constant elements are a dense constant, a reshape of a reshape reshapes
// the first source, a reshape to the source's type with the source's
// extents is the source, a bitcast of a bitcast casts the first source), and run by the engine (a reshape takes its shape from the
// shape operand at run time and faults when that shape does not hold the
// elements).

// CHECK-LABEL: func.func @forms
// CHECK:         %reshape = tensor.reshape %arg0(%arg1) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>
// CHECK-NEXT:    %reshape_0 = tensor.reshape %arg2(%arg3) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %0 = tensor.bitcast %arg0 : tensor<4x2xf32> to tensor<4x2xi32>
// CHECK-NEXT:    %cast = tensor.cast %arg0 : tensor<4x2xf32> to tensor<*xf32>
// CHECK-NEXT:    %reshape_1 = tensor.reshape %cast(%arg1) : (tensor<*xf32>, tensor<1xi32>) -> tensor<*xf32>
func.func @forms(%t: tensor<4x2xf32>, %s: tensor<1xi32>, %d: tensor<?xf32>, %s2: tensor<2xindex>) -> (tensor<8xf32>, tensor<?x?xf32>, tensor<4x2xi32>, tensor<*xf32>) {
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>
  %1 = tensor.reshape %d(%s2) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = tensor.bitcast %t : tensor<4x2xf32> to tensor<4x2xi32>
  %u = tensor.cast %t : tensor<4x2xf32> to tensor<*xf32>
  %3 = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<1xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<?x?xf32>, tensor<4x2xi32>, tensor<*xf32>
}

// CANON-LABEL: func.func @folds
// CANON-NEXT:    %cst = arith.constant dense<[4, 2]> : tensor<2xindex>
// CANON-NEXT:    %reshape = tensor.reshape %arg0(%arg1) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>
// CANON-NEXT:    %reshape_0 = tensor.reshape %arg0(%cst) : (tensor<4x2xf32>, tensor<2xindex>) -> tensor<4x2xf32>
// CANON-NEXT:    %0 = tensor.bitcast %arg0 : tensor<4x2xf32> to tensor<4x2xui32>
// CANON-NEXT:    return %reshape, %reshape_0, %0, %arg2
func.func @folds(%t: tensor<4x2xf32>, %s: tensor<1xi32>, %v: tensor<?xf32>, %s1: tensor<1xindex>) -> (tensor<8xf32>, tensor<4x2xf32>, tensor<4x2xui32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %shape = tensor.from_elements %c4, %c2 : tensor<2xindex>
  %flat = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>
  %back = tensor.reshape %flat(%shape) : (tensor<8xf32>, tensor<2xindex>) -> tensor<4x2xf32>
  %again = tensor.reshape %back(%s) : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<8xf32>
  %same = tensor.reshape %t(%shape) : (tensor<4x2xf32>, tensor<2xindex>) -> tensor<4x2xf32>
  %i = tensor.bitcast %t : tensor<4x2xf32> to tensor<4x2xi32>
  %u = tensor.bitcast %i : tensor<4x2xi32> to tensor<4x2xui32>
  %one = tensor.reshape %v(%s1) : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %again, %same, %u, %one : tensor<8xf32>, tensor<4x2xf32>, tensor<4x2xui32>, tensor<?xf32>
}

// A shape of the source's own extents (tensor.dim of it) is the source.
// CANON-LABEL: func.func @same_extents
// CANON-NEXT:    return %arg0
func.func @same_extents(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = tensor.from_elements %d0, %d1 : tensor<2xindex>
  %r = tensor.reshape %x(%s) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// EXEC: // result #0: tensor<2x4xf32>
// EXEC-NEXT: {{\[}}[0.0, 1.0, 2.0, 3.0],
// EXEC-NEXT:  [4.0, 5.0, 6.0, 7.0]]
// EXEC-NEXT: // result #1: tensor<4x2xi32>
// EXEC-NEXT: {{\[}}[0, 1065353216],
func.func @run(%t: tensor<4x2xf32>) -> (tensor<?x?xf32>, tensor<4x2xi32>) {
  %s = arith.constant dense<[2, 4]> : tensor<2xindex>
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = tensor.bitcast %t : tensor<4x2xf32> to tensor<4x2xi32>
  return %0, %1 : tensor<?x?xf32>, tensor<4x2xi32>
}

// FAULT: error: tensor.reshape: the shape [3, 4] does not hold the source's 8 elements
func.func @too_few(%t: tensor<4x2xf32>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[3, 4]> : tensor<2xindex>
  %0 = tensor.reshape %t(%s) : (tensor<4x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
