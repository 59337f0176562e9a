// RUN: tessel-opt %s -split-input-file | FileCheck %s
// RUN: tessel-opt %s -split-input-file --mlir-print-op-generic | tessel-opt -split-input-file | FileCheck %s

// Every convolution and pooling op of MLIR 22 (47), with strides and
// dilations that are not 1: printed as mlir-opt 22 prints them (the CHECK
// lines are its output); their generalized form (maps with the strides and
// dilations applied, bodies with casts and zero points) and their generic
// form byte for byte with mlir-opt 22 by scripts/upstream_parity.py
// --pass-file in CI. python/tests/test_conv.py checks values against NumPy.

func.func @conv_1d(%i: tensor<4xf32>, %k: tensor<2xf32>, %o: tensor<3xf32>) -> tensor<3xf32> {
  %r = linalg.conv_1d ins(%i, %k : tensor<4xf32>, tensor<2xf32>) outs(%o : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
// -----
func.func @conv_2d(%i: tensor<4x4xf32>, %k: tensor<2x2xf32>, %o: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r = linalg.conv_2d ins(%i, %k : tensor<4x4xf32>, tensor<2x2xf32>) outs(%o : tensor<3x3xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}
// -----
func.func @conv_3d(%i: tensor<4x4x4xf32>, %k: tensor<2x2x2xf32>, %o: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %r = linalg.conv_3d ins(%i, %k : tensor<4x4x4xf32>, tensor<2x2x2xf32>) outs(%o : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %r : tensor<3x3x3xf32>
}
// -----
func.func @conv_1d_nwc_wcf(%i: tensor<2x8x3xf32>, %k: tensor<2x3x4xf32>, %o: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2x3x4xf32>) outs(%o : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
// -----
func.func @conv_1d_ncw_fcw(%i: tensor<2x3x8xf32>, %k: tensor<4x3x2xf32>, %o: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x3x8xf32>, tensor<4x3x2xf32>) outs(%o : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %r : tensor<2x4x3xf32>
}
// -----
func.func @conv_2d_nhwc_hwcf(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2x3x4xf32>, %o: tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2x3x4xf32>) outs(%o : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  return %r : tensor<2x3x3x4xf32>
}
// -----
func.func @conv_2d_nhwc_fhwc(%i: tensor<2x8x8x3xf32>, %k: tensor<4x2x2x3xf32>, %o: tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32> {
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<4x2x2x3xf32>) outs(%o : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  return %r : tensor<2x3x3x4xf32>
}
// -----
func.func @conv_2d_nhwc_hwcf_q(%i: tensor<2x8x8x3xi8>, %k: tensor<2x2x3x4xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32> {
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x3xi8>, tensor<2x2x3x4xi8>, i32, i32) outs(%o : tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32>
  return %r : tensor<2x3x3x4xi32>
}
// -----
func.func @conv_2d_nhwc_fhwc_q(%i: tensor<2x8x8x3xi8>, %k: tensor<4x2x2x3xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32> {
  %r = linalg.conv_2d_nhwc_fhwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x3xi8>, tensor<4x2x2x3xi8>, i32, i32) outs(%o : tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32>
  return %r : tensor<2x3x3x4xi32>
}
// -----
func.func @conv_2d_nchw_fchw(%i: tensor<2x3x8x8xf32>, %k: tensor<4x3x2x2xf32>, %o: tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x3x8x8xf32>, tensor<4x3x2x2xf32>) outs(%o : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %r : tensor<2x4x3x3xf32>
}
// -----
func.func @conv_2d_nchw_fchw_q(%i: tensor<2x3x8x8xi8>, %k: tensor<4x3x2x2xi8>, %zi: i32, %zk: i32, %o: tensor<2x4x3x3xi32>) -> tensor<2x4x3x3xi32> {
  %r = linalg.conv_2d_nchw_fchw_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x3x8x8xi8>, tensor<4x3x2x2xi8>, i32, i32) outs(%o : tensor<2x4x3x3xi32>) -> tensor<2x4x3x3xi32>
  return %r : tensor<2x4x3x3xi32>
}
// -----
func.func @conv_2d_ngchw_fgchw(%i: tensor<2x2x3x8x8xf32>, %k: tensor<2x2x3x2x2xf32>, %o: tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32> {
  %r = linalg.conv_2d_ngchw_fgchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x2x3x8x8xf32>, tensor<2x2x3x2x2xf32>) outs(%o : tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32>
  return %r : tensor<2x2x2x3x3xf32>
}
// -----
func.func @conv_2d_ngchw_gfchw(%i: tensor<2x2x3x8x8xf32>, %k: tensor<2x2x3x2x2xf32>, %o: tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32> {
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x2x3x8x8xf32>, tensor<2x2x3x2x2xf32>) outs(%o : tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32>
  return %r : tensor<2x2x2x3x3xf32>
}
// -----
func.func @conv_2d_ngchw_gfchw_q(%i: tensor<2x2x3x8x8xi8>, %k: tensor<2x2x3x2x2xi8>, %zi: i32, %zk: i32, %o: tensor<2x2x2x3x3xi32>) -> tensor<2x2x2x3x3xi32> {
  %r = linalg.conv_2d_ngchw_gfchw_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x2x3x8x8xi8>, tensor<2x2x3x2x2xi8>, i32, i32) outs(%o : tensor<2x2x2x3x3xi32>) -> tensor<2x2x2x3x3xi32>
  return %r : tensor<2x2x2x3x3xi32>
}
// -----
func.func @conv_2d_nhwgc_gfhwc(%i: tensor<2x8x8x2x3xf32>, %k: tensor<2x2x2x2x3xf32>, %o: tensor<2x3x3x2x2xf32>) -> tensor<2x3x3x2x2xf32> {
  %r = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x2x3xf32>, tensor<2x2x2x2x3xf32>) outs(%o : tensor<2x3x3x2x2xf32>) -> tensor<2x3x3x2x2xf32>
  return %r : tensor<2x3x3x2x2xf32>
}
// -----
func.func @conv_2d_nhwgc_gfhwc_q(%i: tensor<2x8x8x2x3xi8>, %k: tensor<2x2x2x2x3xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x2x2xi32>) -> tensor<2x3x3x2x2xi32> {
  %r = linalg.conv_2d_nhwgc_gfhwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x2x3xi8>, tensor<2x2x2x2x3xi8>, i32, i32) outs(%o : tensor<2x3x3x2x2xi32>) -> tensor<2x3x3x2x2xi32>
  return %r : tensor<2x3x3x2x2xi32>
}
// -----
func.func @conv_3d_ndhwc_dhwcf(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2x3x4xf32>, %o: tensor<2x3x3x3x4xf32>) -> tensor<2x3x3x3x4xf32> {
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3x4xf32>) outs(%o : tensor<2x3x3x3x4xf32>) -> tensor<2x3x3x3x4xf32>
  return %r : tensor<2x3x3x3x4xf32>
}
// -----
func.func @conv_3d_ndhwc_dhwcf_q(%i: tensor<2x8x8x11x3xi8>, %k: tensor<2x2x2x3x4xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x3x4xi32>) -> tensor<2x3x3x3x4xi32> {
  %r = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x11x3xi8>, tensor<2x2x2x3x4xi8>, i32, i32) outs(%o : tensor<2x3x3x3x4xi32>) -> tensor<2x3x3x3x4xi32>
  return %r : tensor<2x3x3x3x4xi32>
}
// -----
func.func @conv_3d_ncdhw_fcdhw(%i: tensor<2x3x8x8x11xf32>, %k: tensor<4x3x2x2x2xf32>, %o: tensor<2x4x3x3x3xf32>) -> tensor<2x4x3x3x3xf32> {
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x3x8x8x11xf32>, tensor<4x3x2x2x2xf32>) outs(%o : tensor<2x4x3x3x3xf32>) -> tensor<2x4x3x3x3xf32>
  return %r : tensor<2x4x3x3x3xf32>
}
// -----
func.func @depthwise_conv_1d_nwc_wc(%i: tensor<2x8x3xf32>, %k: tensor<2x3xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2x3xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @depthwise_conv_1d_ncw_cw(%i: tensor<2x3x8xf32>, %k: tensor<3x2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x3x8xf32>, tensor<3x2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @depthwise_conv_1d_nwc_wcm(%i: tensor<2x8x3xf32>, %k: tensor<2x3x2xf32>, %o: tensor<2x3x3x2xf32>) -> tensor<2x3x3x2xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2x3x2xf32>) outs(%o : tensor<2x3x3x2xf32>) -> tensor<2x3x3x2xf32>
  return %r : tensor<2x3x3x2xf32>
}
// -----
func.func @depthwise_conv_2d_nhwc_hwc(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2x3xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2x3xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @depthwise_conv_2d_nchw_chw(%i: tensor<2x3x8x8xf32>, %k: tensor<3x2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x3x8x8xf32>, tensor<3x2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @depthwise_conv_2d_nhwc_hwc_q(%i: tensor<2x8x8x3xi8>, %k: tensor<2x2x3xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x3xi8>, tensor<2x2x3xi8>, i32, i32) outs(%o : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
  return %r : tensor<2x3x3x3xi32>
}
// -----
func.func @depthwise_conv_2d_nhwc_hwcm(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2x3x2xf32>, %o: tensor<2x3x3x3x2xf32>) -> tensor<2x3x3x3x2xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2x3x2xf32>) outs(%o : tensor<2x3x3x3x2xf32>) -> tensor<2x3x3x3x2xf32>
  return %r : tensor<2x3x3x3x2xf32>
}
// -----
func.func @depthwise_conv_2d_nhwc_hwcm_q(%i: tensor<2x8x8x3xi8>, %k: tensor<2x2x3x2xi8>, %zi: i32, %zk: i32, %o: tensor<2x3x3x3x2xi32>) -> tensor<2x3x3x3x2xi32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k, %zi, %zk : tensor<2x8x8x3xi8>, tensor<2x2x3x2xi8>, i32, i32) outs(%o : tensor<2x3x3x3x2xi32>) -> tensor<2x3x3x3x2xi32>
  return %r : tensor<2x3x3x3x2xi32>
}
// -----
func.func @depthwise_conv_3d_ndhwc_dhwc(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2x3xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}
// -----
func.func @depthwise_conv_3d_ncdhw_cdhw(%i: tensor<2x3x8x8x11xf32>, %k: tensor<3x2x2x2xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x3x8x8x11xf32>, tensor<3x2x2x2xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}
// -----
func.func @depthwise_conv_3d_ndhwc_dhwcm(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2x3x2xf32>, %o: tensor<2x3x3x3x3x2xf32>) -> tensor<2x3x3x3x3x2xf32> {
  %r = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3x2xf32>) outs(%o : tensor<2x3x3x3x3x2xf32>) -> tensor<2x3x3x3x3x2xf32>
  return %r : tensor<2x3x3x3x3x2xf32>
}
// -----
func.func @pooling_nhwc_sum(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.pooling_nhwc_sum {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @pooling_nchw_sum(%i: tensor<2x3x8x8xf32>, %k: tensor<2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.pooling_nchw_sum {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x3x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @pooling_nhwc_max(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.pooling_nhwc_max {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @pooling_nhwc_max_unsigned(%i: tensor<2x8x8x3xi8>, %k: tensor<2x2xi8>, %o: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
  %r = linalg.pooling_nhwc_max_unsigned {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xi8>, tensor<2x2xi8>) outs(%o : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
  return %r : tensor<2x3x3x3xi32>
}
// -----
func.func @pooling_nchw_max(%i: tensor<2x3x8x8xf32>, %k: tensor<2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.pooling_nchw_max {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x3x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @pooling_nhwc_min(%i: tensor<2x8x8x3xf32>, %k: tensor<2x2xf32>, %o: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
  %r = linalg.pooling_nhwc_min {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%o : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}
// -----
func.func @pooling_nhwc_min_unsigned(%i: tensor<2x8x8x3xi8>, %k: tensor<2x2xi8>, %o: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
  %r = linalg.pooling_nhwc_min_unsigned {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<2x8x8x3xi8>, tensor<2x2xi8>) outs(%o : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
  return %r : tensor<2x3x3x3xi32>
}
// -----
func.func @pooling_nwc_sum(%i: tensor<2x8x3xf32>, %k: tensor<2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.pooling_nwc_sum {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @pooling_ncw_sum(%i: tensor<2x3x8xf32>, %k: tensor<2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.pooling_ncw_sum {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x3x8xf32>, tensor<2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @pooling_nwc_max(%i: tensor<2x8x3xf32>, %k: tensor<2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.pooling_nwc_max {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @pooling_nwc_max_unsigned(%i: tensor<2x8x3xi8>, %k: tensor<2xi8>, %o: tensor<2x3x3xi32>) -> tensor<2x3x3xi32> {
  %r = linalg.pooling_nwc_max_unsigned {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xi8>, tensor<2xi8>) outs(%o : tensor<2x3x3xi32>) -> tensor<2x3x3xi32>
  return %r : tensor<2x3x3xi32>
}
// -----
func.func @pooling_ncw_max(%i: tensor<2x3x8xf32>, %k: tensor<2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.pooling_ncw_max {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x3x8xf32>, tensor<2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @pooling_nwc_min(%i: tensor<2x8x3xf32>, %k: tensor<2xf32>, %o: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %r = linalg.pooling_nwc_min {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xf32>, tensor<2xf32>) outs(%o : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}
// -----
func.func @pooling_nwc_min_unsigned(%i: tensor<2x8x3xi8>, %k: tensor<2xi8>, %o: tensor<2x3x3xi32>) -> tensor<2x3x3xi32> {
  %r = linalg.pooling_nwc_min_unsigned {dilations = dense<[3]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>} ins(%i, %k : tensor<2x8x3xi8>, tensor<2xi8>) outs(%o : tensor<2x3x3xi32>) -> tensor<2x3x3xi32>
  return %r : tensor<2x3x3xi32>
}
// -----
func.func @pooling_ndhwc_sum(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.pooling_ndhwc_sum {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}
// -----
func.func @pooling_ndhwc_max(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.pooling_ndhwc_max {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}
// -----
func.func @pooling_ndhwc_min(%i: tensor<2x8x8x11x3xf32>, %k: tensor<2x2x2xf32>, %o: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
  %r = linalg.pooling_ndhwc_min {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%i, %k : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%o : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
  return %r : tensor<2x3x3x3x3xf32>
}


// CHECK-LABEL: func.func @conv_1d(%arg0: tensor<4xf32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
// CHECK-NEXT: %0 = linalg.conv_1d ins(%arg0, %arg1 : tensor<4xf32>, tensor<2xf32>) outs(%arg2 : tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: func.func @conv_2d(%arg0: tensor<4x4xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<3x3xf32>) -> tensor<3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-LABEL: func.func @conv_3d(%arg0: tensor<4x4x4xf32>, %arg1: tensor<2x2x2xf32>, %arg2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_3d ins(%arg0, %arg1 : tensor<4x4x4xf32>, tensor<2x2x2xf32>) outs(%arg2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-LABEL: func.func @conv_1d_nwc_wcf(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2x3x4xf32>, %arg2: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %0 = linalg.conv_1d_nwc_wcf {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2x3x4xf32>) outs(%arg2 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-LABEL: func.func @conv_1d_ncw_fcw(%arg0: tensor<2x3x8xf32>, %arg1: tensor<4x3x2xf32>, %arg2: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_1d_ncw_fcw {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x3x8xf32>, tensor<4x3x2xf32>) outs(%arg2 : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2x3x4xf32>, %arg2: tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2x3x4xf32>) outs(%arg2 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
// CHECK-LABEL: func.func @conv_2d_nhwc_fhwc(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<4x2x2x3xf32>, %arg2: tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<4x2x2x3xf32>) outs(%arg2 : tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf_q(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<2x2x3x4xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x3xi8>, tensor<2x2x3x4xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32>
// CHECK-LABEL: func.func @conv_2d_nhwc_fhwc_q(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<4x2x2x3xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_fhwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x3xi8>, tensor<4x2x2x3xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32>
// CHECK-LABEL: func.func @conv_2d_nchw_fchw(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<4x3x2x2xf32>, %arg2: tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nchw_fchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8xf32>, tensor<4x3x2x2xf32>) outs(%arg2 : tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
// CHECK-LABEL: func.func @conv_2d_nchw_fchw_q(%arg0: tensor<2x3x8x8xi8>, %arg1: tensor<4x3x2x2xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x4x3x3xi32>) -> tensor<2x4x3x3xi32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x3x8x8xi8>, tensor<4x3x2x2xi8>, i32, i32) outs(%arg4 : tensor<2x4x3x3xi32>) -> tensor<2x4x3x3xi32>
// CHECK-LABEL: func.func @conv_2d_ngchw_fgchw(%arg0: tensor<2x2x3x8x8xf32>, %arg1: tensor<2x2x3x2x2xf32>, %arg2: tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_ngchw_fgchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x2x3x8x8xf32>, tensor<2x2x3x2x2xf32>) outs(%arg2 : tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32>
// CHECK-LABEL: func.func @conv_2d_ngchw_gfchw(%arg0: tensor<2x2x3x8x8xf32>, %arg1: tensor<2x2x3x2x2xf32>, %arg2: tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_ngchw_gfchw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x2x3x8x8xf32>, tensor<2x2x3x2x2xf32>) outs(%arg2 : tensor<2x2x2x3x3xf32>) -> tensor<2x2x2x3x3xf32>
// CHECK-LABEL: func.func @conv_2d_ngchw_gfchw_q(%arg0: tensor<2x2x3x8x8xi8>, %arg1: tensor<2x2x3x2x2xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x2x2x3x3xi32>) -> tensor<2x2x2x3x3xi32> {
// CHECK-NEXT: %0 = linalg.conv_2d_ngchw_gfchw_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x2x3x8x8xi8>, tensor<2x2x3x2x2xi8>, i32, i32) outs(%arg4 : tensor<2x2x2x3x3xi32>) -> tensor<2x2x2x3x3xi32>
// CHECK-LABEL: func.func @conv_2d_nhwgc_gfhwc(%arg0: tensor<2x8x8x2x3xf32>, %arg1: tensor<2x2x2x2x3xf32>, %arg2: tensor<2x3x3x2x2xf32>) -> tensor<2x3x3x2x2xf32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x2x3xf32>, tensor<2x2x2x2x3xf32>) outs(%arg2 : tensor<2x3x3x2x2xf32>) -> tensor<2x3x3x2x2xf32>
// CHECK-LABEL: func.func @conv_2d_nhwgc_gfhwc_q(%arg0: tensor<2x8x8x2x3xi8>, %arg1: tensor<2x2x2x2x3xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x2x2xi32>) -> tensor<2x3x3x2x2xi32> {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwgc_gfhwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x2x3xi8>, tensor<2x2x2x2x3xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x2x2xi32>) -> tensor<2x3x3x2x2xi32>
// CHECK-LABEL: func.func @conv_3d_ndhwc_dhwcf(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2x3x4xf32>, %arg2: tensor<2x3x3x3x4xf32>) -> tensor<2x3x3x3x4xf32> {
// CHECK-NEXT: %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3x4xf32>) outs(%arg2 : tensor<2x3x3x3x4xf32>) -> tensor<2x3x3x3x4xf32>
// CHECK-LABEL: func.func @conv_3d_ndhwc_dhwcf_q(%arg0: tensor<2x8x8x11x3xi8>, %arg1: tensor<2x2x2x3x4xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x3x4xi32>) -> tensor<2x3x3x3x4xi32> {
// CHECK-NEXT: %0 = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x11x3xi8>, tensor<2x2x2x3x4xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x3x4xi32>) -> tensor<2x3x3x3x4xi32>
// CHECK-LABEL: func.func @conv_3d_ncdhw_fcdhw(%arg0: tensor<2x3x8x8x11xf32>, %arg1: tensor<4x3x2x2x2xf32>, %arg2: tensor<2x4x3x3x3xf32>) -> tensor<2x4x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8x11xf32>, tensor<4x3x2x2x2xf32>) outs(%arg2 : tensor<2x4x3x3x3xf32>) -> tensor<2x4x3x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_1d_nwc_wc(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2x3xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_1d_ncw_cw(%arg0: tensor<2x3x8xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x3x8xf32>, tensor<3x2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_1d_nwc_wcm(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2x3x2xf32>, %arg2: tensor<2x3x3x2xf32>) -> tensor<2x3x3x2xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2x3x2xf32>) outs(%arg2 : tensor<2x3x3x2xf32>) -> tensor<2x3x3x2xf32>
// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwc(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2x3xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2x3xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_2d_nchw_chw(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<3x2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8xf32>, tensor<3x2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwc_q(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<2x2x3xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x3xi8>, tensor<2x2x3xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwcm(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2x3x2xf32>, %arg2: tensor<2x3x3x3x2xf32>) -> tensor<2x3x3x3x2xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2x3x2xf32>) outs(%arg2 : tensor<2x3x3x3x2xf32>) -> tensor<2x3x3x3x2xf32>
// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwcm_q(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<2x2x3x2xi8>, %arg2: i32, %arg3: i32, %arg4: tensor<2x3x3x3x2xi32>) -> tensor<2x3x3x3x2xi32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg3 : tensor<2x8x8x3xi8>, tensor<2x2x3x2xi8>, i32, i32) outs(%arg4 : tensor<2x3x3x3x2xi32>) -> tensor<2x3x3x3x2xi32>
// CHECK-LABEL: func.func @depthwise_conv_3d_ndhwc_dhwc(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2x3xf32>, %arg2: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3xf32>) outs(%arg2 : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_3d_ncdhw_cdhw(%arg0: tensor<2x3x8x8x11xf32>, %arg1: tensor<3x2x2x2xf32>, %arg2: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8x11xf32>, tensor<3x2x2x2xf32>) outs(%arg2 : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
// CHECK-LABEL: func.func @depthwise_conv_3d_ndhwc_dhwcm(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2x3x2xf32>, %arg2: tensor<2x3x3x3x3x2xf32>) -> tensor<2x3x3x3x3x2xf32> {
// CHECK-NEXT: %0 = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2x3x2xf32>) outs(%arg2 : tensor<2x3x3x3x3x2xf32>) -> tensor<2x3x3x3x3x2xf32>
// CHECK-LABEL: func.func @pooling_nhwc_sum(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nhwc_sum {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_nchw_sum(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nchw_sum {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_nhwc_max(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nhwc_max {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_nhwc_max_unsigned(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<2x2xi8>, %arg2: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
// CHECK-NEXT: %0 = linalg.pooling_nhwc_max_unsigned {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xi8>, tensor<2x2xi8>) outs(%arg2 : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
// CHECK-LABEL: func.func @pooling_nchw_max(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nchw_max {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_nhwc_min(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nhwc_min {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_nhwc_min_unsigned(%arg0: tensor<2x8x8x3xi8>, %arg1: tensor<2x2xi8>, %arg2: tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32> {
// CHECK-NEXT: %0 = linalg.pooling_nhwc_min_unsigned {dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x8x3xi8>, tensor<2x2xi8>) outs(%arg2 : tensor<2x3x3x3xi32>) -> tensor<2x3x3x3xi32>
// CHECK-LABEL: func.func @pooling_nwc_sum(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nwc_sum {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @pooling_ncw_sum(%arg0: tensor<2x3x8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_ncw_sum {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x3x8xf32>, tensor<2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @pooling_nwc_max(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nwc_max {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @pooling_nwc_max_unsigned(%arg0: tensor<2x8x3xi8>, %arg1: tensor<2xi8>, %arg2: tensor<2x3x3xi32>) -> tensor<2x3x3xi32> {
// CHECK-NEXT: %0 = linalg.pooling_nwc_max_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xi8>, tensor<2xi8>) outs(%arg2 : tensor<2x3x3xi32>) -> tensor<2x3x3xi32>
// CHECK-LABEL: func.func @pooling_ncw_max(%arg0: tensor<2x3x8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x3x8xf32>, tensor<2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @pooling_nwc_min(%arg0: tensor<2x8x3xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_nwc_min {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xf32>, tensor<2xf32>) outs(%arg2 : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// CHECK-LABEL: func.func @pooling_nwc_min_unsigned(%arg0: tensor<2x8x3xi8>, %arg1: tensor<2xi8>, %arg2: tensor<2x3x3xi32>) -> tensor<2x3x3xi32> {
// CHECK-NEXT: %0 = linalg.pooling_nwc_min_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x8x3xi8>, tensor<2xi8>) outs(%arg2 : tensor<2x3x3xi32>) -> tensor<2x3x3xi32>
// CHECK-LABEL: func.func @pooling_ndhwc_sum(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2xf32>, %arg2: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_ndhwc_sum {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%arg2 : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_ndhwc_max(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2xf32>, %arg2: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_ndhwc_max {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%arg2 : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
// CHECK-LABEL: func.func @pooling_ndhwc_min(%arg0: tensor<2x8x8x11x3xf32>, %arg1: tensor<2x2x2xf32>, %arg2: tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32> {
// CHECK-NEXT: %0 = linalg.pooling_ndhwc_min {dilations = dense<[3, 1, 2]> : tensor<3xi64>, strides = dense<[2, 3, 4]> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<2x8x8x11x3xf32>, tensor<2x2x2xf32>) outs(%arg2 : tensor<2x3x3x3x3xf32>) -> tensor<2x3x3x3x3xf32>
