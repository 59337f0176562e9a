// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @extents(%n: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

// -----

func.func @arg_type(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{all body arguments must be index}}
  %t = tensor.generate %n {
  ^bb0(%i: i32):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

func.func @arg_count(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

func.func @yield_type(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %t = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}
