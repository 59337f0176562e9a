// RUN: tessel-opt %s -convert-linalg-to-loops | FileCheck %s
// RUN: tessel-opt %s -convert-linalg-to-loops | tessel-opt -verify-each > /dev/null
// RUN: tessel-opt %s --run=m --input=random:1 --input=random:2 --input=random:3 > %t.m.ref
// RUN: tessel-opt %s -convert-linalg-to-loops --run=m --input=random:1 --input=random:2 --input=random:3 > %t.m
// RUN: diff %t.m.ref %t.m
// RUN: tessel-opt %s --run=conv --input=random:1 --input=random:2 --input=random:3 > %t.conv.ref
// RUN: tessel-opt %s -convert-linalg-to-loops --run=conv --input=random:1 --input=random:2 --input=random:3 > %t.conv
// RUN: diff %t.conv.ref %t.conv
// RUN: tessel-opt %s --run=two --input=random:1 --input=random:2 --input=random:3 > %t.two.ref
// RUN: tessel-opt %s -convert-linalg-to-loops --run=two --input=random:1 --input=random:2 --input=random:3 > %t.two
// RUN: diff %t.two.ref %t.two

// -convert-linalg-to-loops as mlir-opt 22 (byte for byte, in
// upstream_parity): structured ops on buffers become scf.for nests of
// loads, the body and stores; ops on tensors are left.

// CHECK-DAG: #map = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d0 + d1)>

// CHECK-LABEL: func.func @g(%arg0: memref<4x?xf32>, %arg1: memref<?xf32>, %arg2: memref<4x?xf32>) {
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c1 : memref<4x?xf32>
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    scf.for %arg4 = %c0 to %dim step %c1 {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg3, %arg4] : memref<4x?xf32>
// CHECK-NEXT:      %1 = memref.load %arg1[%arg4] : memref<?xf32>
// CHECK-NEXT:      %2 = arith.addf %0, %1 : f32
// CHECK-NEXT:      memref.store %2, %arg2[%arg3, %arg4] : memref<4x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @g(%a: memref<4x?xf32>, %b: memref<?xf32>, %c: memref<4x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<4x?xf32>, memref<?xf32>) outs(%c : memref<4x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @t(%arg0: memref<4x8xf32>, %arg1: memref<8x4xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c8 = arith.constant 8 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg3, %arg2] : memref<4x8xf32>
// CHECK-NEXT:      memref.store %0, %arg1[%arg2, %arg3] : memref<8x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @t(%a: memref<4x8xf32>, %c: memref<8x4xf32>) {
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%c : memref<8x4xf32>) permutation = [1, 0]
  return
}

// CHECK-LABEL: func.func @m(%arg0: memref<4x8xf32>, %arg1: memref<8x2xf32>, %arg2: memref<4x2xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %c8 = arith.constant 8 : index
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    scf.for %arg4 = %c0 to %c2 step %c1 {
// CHECK-NEXT:      scf.for %arg5 = %c0 to %c8 step %c1 {
// CHECK-NEXT:        %0 = memref.load %arg0[%arg3, %arg5] : memref<4x8xf32>
// CHECK-NEXT:        %1 = memref.load %arg1[%arg5, %arg4] : memref<8x2xf32>
// CHECK-NEXT:        %2 = memref.load %arg2[%arg3, %arg4] : memref<4x2xf32>
// CHECK-NEXT:        %3 = arith.mulf %0, %1 : f32
// CHECK-NEXT:        %4 = arith.addf %2, %3 : f32
// CHECK-NEXT:        memref.store %4, %arg2[%arg3, %arg4] : memref<4x2xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @m(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
  return
}

// CHECK-LABEL: func.func @f(%arg0: memref<4x2xf32>, %arg1: f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  scf.for %arg2 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT:      memref.store %arg1, %arg0[%arg2, %arg3] : memref<4x2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @f(%c: memref<4x2xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%c : memref<4x2xf32>)
  return
}

// CHECK-LABEL: func.func @s(%arg0: memref<8xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  scf.for %arg2 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    %0 = affine.apply #map(%arg2)
// CHECK-NEXT:    %1 = memref.load %arg0[%0] : memref<8xf32>
// CHECK-NEXT:    memref.store %1, %arg1[%arg2] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @s(%a: memref<8xf32>, %c: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 * 2 + 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<8xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    linalg.yield %x : f32
  }
  return
}

// CHECK-LABEL: func.func @dyn(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>) {
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT:  %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK-NEXT:  %dim_1 = memref.dim %arg1, %c1 : memref<?x?xf32>
// CHECK-NEXT:  scf.for %arg3 = %c0 to %dim step %c1 {
// CHECK-NEXT:    scf.for %arg4 = %c0 to %dim_1 step %c1 {
// CHECK-NEXT:      scf.for %arg5 = %c0 to %dim_0 step %c1 {
// CHECK-NEXT:        %0 = memref.load %arg0[%arg3, %arg5] : memref<?x?xf32>
// CHECK-NEXT:        %1 = memref.load %arg1[%arg5, %arg4] : memref<?x?xf32>
// CHECK-NEXT:        %2 = memref.load %arg2[%arg3, %arg4] : memref<?x?xf32>
// CHECK-NEXT:        %3 = arith.mulf %0, %1 : f32
// CHECK-NEXT:        %4 = arith.addf %2, %3 : f32
// CHECK-NEXT:        memref.store %4, %arg2[%arg3, %arg4] : memref<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @dyn(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// CHECK-LABEL: func.func @idx(%arg0: memref<4x?xi32>) {
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %dim = memref.dim %arg0, %c1 : memref<4x?xi32>
// CHECK-NEXT:  scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    scf.for %arg2 = %c0 to %dim step %c1 {
// CHECK-NEXT:      %0 = arith.addi %arg1, %arg2 : index
// CHECK-NEXT:      %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT:      memref.store %1, %arg0[%arg1, %arg2] : memref<4x?xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @idx(%c: memref<4x?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c : memref<4x?xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %t = arith.index_cast %s : index to i32
    linalg.yield %t : i32
  }
  return
}

// CHECK-LABEL: func.func @red(%arg0: memref<8x4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c8 = arith.constant 8 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg2, %arg3] : memref<8x4xf32>
// CHECK-NEXT:      %1 = memref.load %arg1[%arg3] : memref<4xf32>
// CHECK-NEXT:      %2 = arith.addf %0, %1 : f32
// CHECK-NEXT:      memref.store %2, %arg1[%arg3] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @red(%a: memref<8x4xf32>, %c: memref<4xf32>) {
  linalg.reduce ins(%a : memref<8x4xf32>) outs(%c : memref<4xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return
}

// CHECK-LABEL: func.func @two(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: memref<2x4xf32>) {
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %cst = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    %0 = memref.load %arg0[%arg3] : memref<4xf32>
// CHECK-NEXT:    memref.store %0, %arg1[%arg3] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT:    scf.for %arg4 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg4] : memref<4xf32>
// CHECK-NEXT:      memref.store %0, %arg2[%arg3, %arg4] : memref<2x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT:    memref.store %cst, %arg1[%arg3] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @two(%a: memref<4xf32>, %c: memref<4xf32>, %d: memref<2x4xf32>) {
  linalg.copy ins(%a : memref<4xf32>) outs(%c : memref<4xf32>)
  linalg.broadcast ins(%a : memref<4xf32>) outs(%d : memref<2x4xf32>) dimensions = [0]
  %z = arith.constant 3.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<4xf32>)
  return
}

// CHECK-LABEL: func.func @conv(%arg0: memref<1x8x8x3xf32>, %arg1: memref<3x3x3x4xf32>, %arg2: memref<1x6x6x4xf32>) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %c6 = arith.constant 6 : index
// CHECK-NEXT:  %c4 = arith.constant 4 : index
// CHECK-NEXT:  %c3 = arith.constant 3 : index
// CHECK-NEXT:  scf.for %arg3 = %c0 to %c1 step %c1 {
// CHECK-NEXT:    scf.for %arg4 = %c0 to %c6 step %c1 {
// CHECK-NEXT:      scf.for %arg5 = %c0 to %c6 step %c1 {
// CHECK-NEXT:        scf.for %arg6 = %c0 to %c4 step %c1 {
// CHECK-NEXT:          scf.for %arg7 = %c0 to %c3 step %c1 {
// CHECK-NEXT:            scf.for %arg8 = %c0 to %c3 step %c1 {
// CHECK-NEXT:              scf.for %arg9 = %c0 to %c3 step %c1 {
// CHECK-NEXT:                %0 = affine.apply #map1(%arg4, %arg7)
// CHECK-NEXT:                %1 = affine.apply #map1(%arg5, %arg8)
// CHECK-NEXT:                %2 = memref.load %arg0[%arg3, %0, %1, %arg9] : memref<1x8x8x3xf32>
// CHECK-NEXT:                %3 = memref.load %arg1[%arg7, %arg8, %arg9, %arg6] : memref<3x3x3x4xf32>
// CHECK-NEXT:                %4 = memref.load %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x6x6x4xf32>
// CHECK-NEXT:                %5 = arith.mulf %2, %3 : f32
// CHECK-NEXT:                %6 = arith.addf %4, %5 : f32
// CHECK-NEXT:                memref.store %6, %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x6x6x4xf32>
// CHECK-NEXT:              }
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NEXT:  }
func.func @conv(%i: memref<1x8x8x3xf32>, %f: memref<3x3x3x4xf32>, %o: memref<1x6x6x4xf32>) {
  linalg.conv_2d_nhwc_hwcf ins(%i, %f : memref<1x8x8x3xf32>, memref<3x3x3x4xf32>) outs(%o : memref<1x6x6x4xf32>)
  return
}

// CHECK-LABEL: func.func @tensor_left(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:  %0 = linalg.copy ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:  return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @tensor_left(%a: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.copy ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
