// RUN: tessel-layout mlir 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}' | FileCheck %s
// RUN: tessel-layout mlir 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}' | tessel-opt | FileCheck %s --check-prefix=READS

// CHECK:      // bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}
// CHECK:      func.func @to_layout(%arg0: tensor<8x1x1280x16384xbf16>) -> tensor<1x8x160x128x4x128x2x1xbf16> {
// CHECK-NEXT:   %0 = tensor.empty() : tensor<1x8x160x128x8x128xbf16>
// CHECK-NEXT:   %pack = linalg.pack %arg0 outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128] into %0
// CHECK-NEXT:   %1 = tensor.empty() : tensor<1x8x160x128x4x128x2x1xbf16>
// CHECK-NEXT:   %pack_0 = linalg.pack %pack inner_dims_pos = [4, 5] inner_tiles = [2, 1] into %1
// CHECK-NEXT:   return %pack_0
// CHECK:      func.func @from_layout(%arg0: tensor<1x8x160x128x4x128x2x1xbf16>) -> tensor<8x1x1280x16384xbf16> {
// CHECK:        linalg.unpack %arg0 inner_dims_pos = [4, 5] inner_tiles = [2, 1]
// CHECK:        linalg.unpack %{{.*}} outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128]

// READS: func.func @to_layout
// READS: func.func @from_layout
