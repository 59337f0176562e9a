// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// Convolutions: the verifier's shape checks for windows (an input must
// hold (out - 1) * stride + (window - 1) * dilation + 1 elements) and the
// parser's attribute constraints and operand count, as mlir-opt 22 reports
// them.

func.func @a(%a: tensor<1x9x10x3xf32>, %w: tensor<3x3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 10, but found 9}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%a, %w : tensor<1x9x10x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
// -----
func.func @b(%a: tensor<1x10x10x3xf32>, %w: tensor<3x3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<3xi64>} ins(%a, %w : tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
// -----
func.func @c(%a: tensor<1x10x10x3xf32>, %w: tensor<3x3x4x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #1 has shape's dimension #2 to be 3, but found 4}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%a, %w : tensor<1x10x10x3xf32>, tensor<3x3x4x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
// -----
func.func @d(%a: tensor<1x10x10x3xf32>, %w: tensor<3x3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1.0, 2.0]> : tensor<2xf32>} ins(%a, %w : tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
// -----
func.func @e(%a: tensor<1x10x10x3xf32>, %w: tensor<3x3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+2 {{custom op 'linalg.conv_2d_nhwc_hwcf' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%a : tensor<1x10x10x3xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
