// RUN: tessel-opt %s --materialize-layouts --tile-pack-unpack="tile-sizes=1,4,32,32" --canonicalize --cse | FileCheck %s
// COMPAT: input-tessel-only

// The bf16 TPU layout of the spec (two rows of bf16 packed per 32 bits):
// materialized as two packs, then each pack tiled over its outer dims.

// CHECK-LABEL: func.func @to_tpu
// CHECK-SAME:    (%[[X:.*]]: tensor<8x1x1280x16384xbf16>)
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<1x8x160x128x8x128xbf16>
// CHECK:         %[[P1:.*]] = scf.for %[[I:.*]] = %c0 to %c8 step %c4 iter_args(%{{.*}} = %[[E1]])
// CHECK:           scf.for %[[J:.*]] = %c0 to %c160 step %c32
// CHECK:             scf.for %[[K:.*]] = %c0 to %c128 step %c32
// CHECK:               %[[IN:.*]] = tensor.extract_slice %[[X]][%[[I]], 0, %{{.*}}, %{{.*}}] [4, 1, 256, 4096]
// CHECK:               tensor.pack %[[IN]] outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128]
// CHECK-SAME:            : tensor<4x1x256x4096xbf16> -> tensor<1x4x32x32x8x128xbf16>
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<1x8x160x128x4x128x2x1xbf16>
// CHECK:         %[[P2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E2]])
// CHECK:               tensor.extract_slice %[[P1]][0, %{{.*}}, %{{.*}}, %{{.*}}, 0, 0] [1, 4, 32, 32, 8, 128]
// CHECK:               tensor.pack %{{.*}} inner_dims_pos = [4, 5] inner_tiles = [2, 1]
// CHECK-SAME:            : tensor<1x4x32x32x8x128xbf16> -> tensor<1x4x32x32x4x128x2x1xbf16>
// CHECK:         return %[[P2]]
// CHECK-NOT:     xla.
func.func @to_tpu(%x: tensor<8x1x1280x16384xbf16>) -> tensor<1x8x160x128x4x128x2x1xbf16> {
  %0 = xla.to_layout %x "{3,2,0,1:T(8,128)(2,1)S(1)}" : tensor<8x1x1280x16384xbf16> -> tensor<1x8x160x128x4x128x2x1xbf16>
  return %0 : tensor<1x8x160x128x4x128x2x1xbf16>
}
