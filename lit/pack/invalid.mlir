// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// Rule 1: zero tiles, static or from a constant.
func.func @zero_static_tile(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid zero tile factor}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 0] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @zero_constant_tile(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x?xf32>) -> tensor<2x2x8x?xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{invalid zero tile factor}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, %c0] into %dst : tensor<16x16xf32> -> tensor<2x2x8x?xf32>
  return %0 : tensor<2x2x8x?xf32>
}

// -----

func.func @zero_tile_unpack(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{invalid zero tile factor}}
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [0, 8] into %dst : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// Rule 2: inner_dims_pos must be distinct positions inside the unpacked rank.
func.func @inner_dims_duplicate(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.pack %src inner_dims_pos = [1, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @inner_dims_out_of_range(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.pack %src inner_dims_pos = [0, 2] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @inner_dims_negative(%src: tensor<16x16xf32>, %dst: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.pack %src inner_dims_pos = [-1] inner_tiles = [8] into %dst : tensor<16x16xf32> -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

func.func @inner_dims_too_many(%src: tensor<16xf32>, %dst: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.pack %src inner_dims_pos = [0, 0] inner_tiles = [8, 8] into %dst : tensor<16xf32> -> tensor<2x8x8xf32>
  return %0 : tensor<2x8x8xf32>
}

// -----

func.func @unpack_inner_dims_out_of_range(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.unpack %src inner_dims_pos = [3, 0] inner_tiles = [8, 8] into %dst : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// Rule 3: outer_dims_perm entries.
func.func @outer_perm_duplicate(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid outer_dims_perm vector}}
  %0 = tensor.pack %src outer_dims_perm = [0, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @outer_perm_out_of_range(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid outer_dims_perm vector}}
  %0 = tensor.pack %src outer_dims_perm = [1, 2] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @outer_perm_too_long(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{invalid outer_dims_perm vector}}
  %0 = tensor.pack %src outer_dims_perm = [1, 0, 2] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @unpack_outer_perm_negative(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{invalid outer_dims_perm vector}}
  %0 = tensor.unpack %src outer_dims_perm = [-1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// Rule 4: a non-empty outer_dims_perm covers every dim.
func.func @outer_perm_partial(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{outer_dims_perm must be a permutation or empty}}
  %0 = tensor.pack %src outer_dims_perm = [1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @unpack_outer_perm_partial(%src: tensor<2x3x8x8xf32>, %dst: tensor<16x24xf32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{outer_dims_perm must be a permutation or empty}}
  %0 = tensor.unpack %src outer_dims_perm = [0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<2x3x8x8xf32> -> tensor<16x24xf32>
  return %0 : tensor<16x24xf32>
}

// -----

// Rule 5: no more tiles than dims.
func.func @too_many_tiles(%src: tensor<16xf32>, %dst: tensor<2x8x1xf32>) -> tensor<2x8x1xf32> {
  // expected-error @+1 {{tiling factors must be less than or equal to the input rank for pack or output rank for unpack}}
  %0 = tensor.pack %src inner_dims_pos = [0] inner_tiles = [8, 1] into %dst : tensor<16xf32> -> tensor<2x8x1xf32>
  return %0 : tensor<2x8x1xf32>
}

// -----

func.func @unpack_too_many_tiles(%src: tensor<2x3x8x8xf32>, %dst: tensor<16x24xf32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{tiling factors must be less than or equal to the input rank for pack or output rank for unpack}}
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8, 8] into %dst : tensor<2x3x8x8xf32> -> tensor<16x24xf32>
  return %0 : tensor<16x24xf32>
}

// -----

// Rule 6: one tile per tiled dim.
func.func @fewer_tiles_than_dims(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @more_tiles_than_dims(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = tensor.pack %src inner_dims_pos = [0] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @unpack_tile_count(%src: tensor<2x3x8x8xf32>, %dst: tensor<16x24xf32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = tensor.unpack %src inner_dims_pos = [1] inner_tiles = [8, 8] into %dst : tensor<2x3x8x8xf32> -> tensor<16x24xf32>
  return %0 : tensor<16x24xf32>
}

// -----

// Rule 7: packed rank.
func.func @packed_rank_too_big(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8x1xf32>) -> tensor<2x2x8x8x1xf32> {
  // expected-error @+1 {{packed rank != (unpacked rank + num tiling factors), got 5 != 4}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8x1xf32>
  return %0 : tensor<2x2x8x8x1xf32>
}

// -----

func.func @packed_rank_too_small(%src: tensor<16x16xf32>, %dst: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  // expected-error @+1 {{packed rank != (unpacked rank + num tiling factors), got 3 != 4}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

func.func @unpack_packed_rank(%src: tensor<2x3x8xf32>, %dst: tensor<16x24xf32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{packed rank != (unpacked rank + num tiling factors), got 3 != 4}}
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<2x3x8xf32> -> tensor<16x24xf32>
  return %0 : tensor<16x24xf32>
}

// -----

// Rule 8 (checked by upstream before the type rule): inner dims must equal the tiles.
func.func @inner_dim_mismatch(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32> {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x4xf32>
  return %0 : tensor<2x2x8x4xf32>
}

// -----

func.func @ssa_tile_static_inner_dim(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>, %t: index) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @static_tile_dynamic_inner_dim(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x?xf32>) -> tensor<2x2x8x?xf32> {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x?xf32>
  return %0 : tensor<2x2x8x?xf32>
}

// -----

func.func @unpack_inner_dim_mismatch(%src: tensor<2x3x8x4xf32>, %dst: tensor<16x24xf32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<2x3x8x4xf32> -> tensor<16x24xf32>
  return %0 : tensor<16x24xf32>
}

// -----

// Rule 9: the packed type is the inferred one (dynamic extents match anything).
func.func @outer_dim_wrong(%src: tensor<16x16xf32>, %dst: tensor<3x2x8x8xf32>) -> tensor<3x2x8x8xf32> {
  // expected-error @+1 {{expected 'tensor<2x2x8x8xf32>' for the packed domain value, got 'tensor<3x2x8x8xf32>'}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<3x2x8x8xf32>
  return %0 : tensor<3x2x8x8xf32>
}

// -----

func.func @outer_perm_not_applied(%src: tensor<13x15xf32>, %dst: tensor<2x4x8x4xf32>, %p: f32) -> tensor<2x4x8x4xf32> {
  // expected-error @+1 {{expected 'tensor<4x2x8x4xf32>' for the packed domain value, got 'tensor<2x4x8x4xf32>'}}
  %0 = tensor.pack %src padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %dst : tensor<13x15xf32> -> tensor<2x4x8x4xf32>
  return %0 : tensor<2x4x8x4xf32>
}

// -----

func.func @unpack_artificial_padding(%src: tensor<2x3x8x8xf32>, %dst: tensor<16x15xf32>) -> tensor<16x15xf32> {
  // expected-error @+1 {{expected 'tensor<2x2x8x8xf32>' for the packed domain value, got 'tensor<2x3x8x8xf32>'}}
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<2x3x8x8xf32> -> tensor<16x15xf32>
  return %0 : tensor<16x15xf32>
}

// -----

func.func @untiled_dim_changed(%src: tensor<16x10xf32>, %dst: tensor<2x11x8xf32>) -> tensor<2x11x8xf32> {
  // expected-error @+1 {{expected 'tensor<2x10x8xf32>' for the packed domain value, got 'tensor<2x11x8xf32>'}}
  %0 = tensor.pack %src inner_dims_pos = [0] inner_tiles = [8] into %dst : tensor<16x10xf32> -> tensor<2x11x8xf32>
  return %0 : tensor<2x11x8xf32>
}

// -----

// Padding value type.
func.func @padding_type(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>, %p: i32) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{'tensor.pack' op expected padding_value has 'f32' but got: 'i32'}}
  %0 = tensor.pack %src padding_value(%p : i32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @padding_width(%src: tensor<16xbf16>, %dst: tensor<2x8xbf16>, %p: f16) -> tensor<2x8xbf16> {
  // expected-error @+1 {{'tensor.pack' op expected padding_value has 'bf16' but got: 'f16'}}
  %0 = tensor.pack %src padding_value(%p : f16) inner_dims_pos = [0] inner_tiles = [8] into %dst : tensor<16xbf16> -> tensor<2x8xbf16>
  return %0 : tensor<2x8xbf16>
}

// -----

// Partial tiles need a padding value.
func.func @partial_tile_without_padding(%src: tensor<15x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @+1 {{'tensor.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<15x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @partial_constant_tile_without_padding(%src: tensor<16x12xf32>, %dst: tensor<2x?x8x?xf32>) -> tensor<2x?x8x?xf32> {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'tensor.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = tensor.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, %c8] into %dst : tensor<16x12xf32> -> tensor<2x?x8x?xf32>
  return %0 : tensor<2x?x8x?xf32>
}

// -----

func.func @partial_permuted_without_padding(%src: tensor<16x20xf32>, %dst: tensor<3x2x8x8xf32>) -> tensor<3x2x8x8xf32> {
  // expected-error @+1 {{'tensor.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = tensor.pack %src outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x20xf32> -> tensor<3x2x8x8xf32>
  return %0 : tensor<3x2x8x8xf32>
}

// -----

// Generic form: the result must have the dest's type, segments must add up.
func.func @result_not_dest(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) {
  // expected-error @+1 {{'tensor.pack' op failed to verify that result type matches type of dest}}
  %0 = "tensor.pack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 8, 8>}> : (tensor<16x16xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x7xf32>
  return
}

// -----

func.func @segments_missing(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) {
  // expected-error @+1 {{'tensor.pack' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "tensor.pack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 8>}> : (tensor<16x16xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  return
}

// -----

func.func @unpack_result_not_dest(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) {
  // expected-error @+1 {{'tensor.unpack' op failed to verify that result type matches type of dest}}
  %0 = "tensor.unpack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 8>}> : (tensor<2x2x8x8xf32>, tensor<16x16xf32>) -> tensor<16x15xf32>
  return
}
