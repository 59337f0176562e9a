// RUN: tessel-opt -split-input-file -transform-preload-library='transform-library-paths=%p/Inputs/decompose.mlir' -transform-interpreter=entry-point=decompose %s | FileCheck %s
// RUN: sed -n '/^func.func @tiled_partial_tile/,/^}/p' %s > %t.tiled.mlir
// RUN: tessel-opt %t.tiled.mlir --run=tiled_partial_tile --input=random:1 --input=random:2 --output=%t.before.npy -o /dev/null
// RUN: tessel-opt %t.tiled.mlir -transform-preload-library='transform-library-paths=%p/Inputs/decompose.mlir' -transform-interpreter=entry-point=decompose --run=tiled_partial_tile --input=random:1 --input=random:2 --output=%t.after.npy -o /dev/null
// RUN: cmp %t.before.npy %t.after.npy

// decompose_pack_unpack on unpacks whose dest is dynamic: a tiled unpack
// writing a partial tile of the dest (upstream's decompose-unpack test
// @unpack_and_extract_slice, after tiling), a dynamically shaped dest and
// an untiled dim. The tile is extracted and transposed as with static
// shapes; the part the dest holds is cut with the dest's sizes
// (`tensor.dim`s, folded to the slice's sizes where the dest is one). The
// same output as mlir-opt 22's (scripts/upstream_parity.py --pass-file);
// the tiled function computes the same bits before and after.

// CHECK-DAG: #map = affine_map<(d0) -> (-d0 + 13, 8)>
// CHECK-DAG: #map1 = affine_map<(d0) -> (-d0 + 15, 2)>
// CHECK-DAG: #map2 = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-DAG: #map3 = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-LABEL: func.func @tiled_partial_tile(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c13 = arith.constant 13 : index
// CHECK-NEXT:     %c15 = arith.constant 15 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %c13 step %c8 iter_args(%arg3 = %arg1) -> (tensor<13x15xf32>) {
// CHECK-NEXT:       %1 = scf.for %arg4 = %c0 to %c15 step %c2 iter_args(%arg5 = %arg3) -> (tensor<13x15xf32>) {
// CHECK-NEXT:         %2 = affine.min #map(%arg2)
// CHECK-NEXT:         %3 = affine.min #map1(%arg4)
// CHECK-NEXT:         %4 = affine.apply #map2(%arg2)
// CHECK-NEXT:         %5 = affine.apply #map3(%arg4)
// CHECK-NEXT:         %extracted_slice = tensor.extract_slice %arg0[%4, %5, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<2x8x8x2xf32> to tensor<1x1x8x2xf32>
// CHECK-NEXT:         %extracted_slice_0 = tensor.extract_slice %arg5[%arg2, %arg4] [%2, %3] [1, 1] : tensor<13x15xf32> to tensor<?x?xf32>
// CHECK-NEXT:         %extracted_slice_1 = tensor.extract_slice %extracted_slice[0, 0, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<1x1x8x2xf32> to tensor<8x2xf32>
// CHECK-NEXT:         %extracted_slice_2 = tensor.extract_slice %extracted_slice_1[0, 0] [%2, %3] [1, 1] : tensor<8x2xf32> to tensor<?x?xf32>
// CHECK-NEXT:         %inserted_slice = tensor.insert_slice %extracted_slice_2 into %extracted_slice_0[0, 0] [%2, %3] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
// CHECK-NEXT:         %inserted_slice_3 = tensor.insert_slice %inserted_slice into %arg5[%arg2, %arg4] [%2, %3] [1, 1] : tensor<?x?xf32> into tensor<13x15xf32>
// CHECK-NEXT:         scf.yield %inserted_slice_3 : tensor<13x15xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : tensor<13x15xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : tensor<13x15xf32>
// CHECK-NEXT:   }

// CHECK-LABEL: func.func @dynamic_dest(
// CHECK:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<1x1x8x2xf32> to tensor<8x2xf32>
// CHECK-NEXT:     %dim = tensor.dim %arg1, %c0 : tensor<?x?xf32>
// CHECK-NEXT:     %dim_0 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
// CHECK-NEXT:     %extracted_slice_1 = tensor.extract_slice %extracted_slice[0, 0] [%dim, %dim_0] [1, 1] : tensor<8x2xf32> to tensor<?x?xf32>
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %extracted_slice_1 into %arg1[0, 0] [%dim, %dim_0] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
// CHECK-NEXT:     return %inserted_slice : tensor<?x?xf32>
// CHECK-NEXT:   }

// CHECK-LABEL: func.func @transposed_dynamic_rows(
// CHECK:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 1, 2, 8] [1, 1, 1, 1] : tensor<1x1x2x8xf32> to tensor<2x8xf32>
// CHECK-NEXT:     %0 = tensor.empty() : tensor<8x2xf32>
// CHECK-NEXT:     %transposed = linalg.transpose ins(%extracted_slice : tensor<2x8xf32>) outs(%0 : tensor<8x2xf32>) permutation = [1, 0] 
// CHECK-NEXT:     %dim = tensor.dim %arg1, %c0 : tensor<?x2xf32>
// CHECK-NEXT:     %extracted_slice_0 = tensor.extract_slice %transposed[0, 0] [%dim, 2] [1, 1] : tensor<8x2xf32> to tensor<?x2xf32>
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %extracted_slice_0 into %arg1[0, 0] [%dim, 2] [1, 1] : tensor<?x2xf32> into tensor<?x2xf32>
// CHECK-NEXT:     return %inserted_slice : tensor<?x2xf32>
// CHECK-NEXT:   }

// CHECK-LABEL: func.func @untiled_dim(
// CHECK:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [3, 1, 8] [1, 1, 1] : tensor<3x1x8xf32> to tensor<3x8xf32>
// CHECK-NEXT:     %dim = tensor.dim %arg1, %c1 : tensor<3x?xf32>
// CHECK-NEXT:     %extracted_slice_0 = tensor.extract_slice %extracted_slice[0, 0] [3, %dim] [1, 1] : tensor<3x8xf32> to tensor<3x?xf32>
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %extracted_slice_0 into %arg1[0, 0] [3, %dim] [1, 1] : tensor<3x?xf32> into tensor<3x?xf32>
// CHECK-NEXT:     return %inserted_slice : tensor<3x?xf32>
// CHECK-NEXT:   }

func.func @tiled_partial_tile(%arg0: tensor<2x8x8x2xf32>, %arg1: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %c0 = arith.constant 0 : index
  %c13 = arith.constant 13 : index
  %c15 = arith.constant 15 : index
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %0 = scf.for %i = %c0 to %c13 step %c8 iter_args(%a = %arg1) -> (tensor<13x15xf32>) {
    %1 = scf.for %j = %c0 to %c15 step %c2 iter_args(%b = %a) -> (tensor<13x15xf32>) {
      %si = affine.min affine_map<(d0) -> (-d0 + 13, 8)>(%i)
      %sj = affine.min affine_map<(d0) -> (-d0 + 15, 2)>(%j)
      %ii = affine.apply affine_map<(d0) -> (d0 floordiv 8)>(%i)
      %jj = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%j)
      %src = tensor.extract_slice %arg0[%ii, %jj, 0, 0] [1, 1, 8, 2] [1, 1, 1, 1] : tensor<2x8x8x2xf32> to tensor<1x1x8x2xf32>
      %dst = tensor.extract_slice %b[%i, %j] [%si, %sj] [1, 1] : tensor<13x15xf32> to tensor<?x?xf32>
      %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dst : tensor<1x1x8x2xf32> -> tensor<?x?xf32>
      %ins = tensor.insert_slice %u into %b[%i, %j] [%si, %sj] [1, 1] : tensor<?x?xf32> into tensor<13x15xf32>
      scf.yield %ins : tensor<13x15xf32>
    }
    scf.yield %1 : tensor<13x15xf32>
  }
  return %0 : tensor<13x15xf32>
}

// -----

func.func @dynamic_dest(%src: tensor<1x1x8x2xf32>, %dst: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dst : tensor<1x1x8x2xf32> -> tensor<?x?xf32>
  return %u : tensor<?x?xf32>
}

// -----

func.func @transposed_dynamic_rows(%src: tensor<1x1x2x8xf32>, %dst: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %u = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [2, 8] into %dst : tensor<1x1x2x8xf32> -> tensor<?x2xf32>
  return %u : tensor<?x2xf32>
}

// -----

func.func @untiled_dim(%src: tensor<3x1x8xf32>, %dst: tensor<3x?xf32>) -> tensor<3x?xf32> {
  %u = linalg.unpack %src inner_dims_pos = [1] inner_tiles = [8] into %dst : tensor<3x1x8xf32> -> tensor<3x?xf32>
  return %u : tensor<3x?xf32>
}
