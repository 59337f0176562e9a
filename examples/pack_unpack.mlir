// A padded pack and the unpack that inverts it: a 13x15 matrix stored as
// 8x4 tiles, tile grid transposed. Try:
//   cargo run --release -- examples/pack_unpack.mlir --tile-pack-unpack="tile-sizes=5" --canonicalize --cse --pack-spelling=linalg
// and feed the output to mlir-opt 22, which knows only the linalg spelling.
func.func @round_trip(%src: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %pad = arith.constant 0.0 : f32
  %packed_init = tensor.empty() : tensor<4x2x8x4xf32>
  %packed = tensor.pack %src padding_value(%pad : f32)
      outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4]
      into %packed_init : tensor<13x15xf32> -> tensor<4x2x8x4xf32>
  %init = tensor.empty() : tensor<13x15xf32>
  %unpacked = tensor.unpack %packed
      outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4]
      into %init : tensor<4x2x8x4xf32> -> tensor<13x15xf32>
  return %unpacked : tensor<13x15xf32>
}

// The IREE PR 10823 shape: 32 elements stored as 4 rows of 8.
func.func @unpack_1d(%src: tensor<4x8xf32>) -> tensor<32xf32> {
  %init = tensor.empty() : tensor<32xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %init : tensor<4x8xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
