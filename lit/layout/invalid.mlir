// RUN: tessel-opt %s --split-input-file --verify-diagnostics
// COMPAT: tessel-only

func.func @wrong_type(%x: tensor<3x5xf32>) -> tensor<2x3x2x3xf32> {
  // expected-error @+1 {{'xla.to_layout' op laid-out type tensor<2x3x2x3xf32> does not match the layout's shape [2, 3, 2, 2]}}
  %0 = xla.to_layout %x "{1,0:T(2,2)}" : tensor<3x5xf32> -> tensor<2x3x2x3xf32>
  return %0 : tensor<2x3x2x3xf32>
}

// -----

func.func @bad_text(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'xla.to_layout' op column 6 of the layout: expected '}' at the end of the layout, found 'Q'}}
  %0 = xla.to_layout %x "{1,0:Q}" : tensor<3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @xla_message(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'xla.from_layout' op layout {1,1}: layout minor_to_major field has duplicate values: {1, 1}; shape: f32[3,5]}}
  %0 = xla.from_layout %x "{1,1}" : tensor<3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dynamic(%x: tensor<?x5xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'xla.to_layout' op the logical tensor must have a static shape}}
  %0 = xla.to_layout %x "{1,0}" : tensor<?x5xf32> -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @not_a_string(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{expected the layout as a string, like "{1,0:T(8,128)}"}}
  %0 = xla.to_layout %x {1,0} : tensor<3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
