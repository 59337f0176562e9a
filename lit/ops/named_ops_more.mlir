// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The named linalg ops added for issue 40 (ceil, floor, reciprocal, round,
// rsqrt, square, tanh, erf, powf, select; batch_matmul,
// batch_reduce_matmul, matvec, vecmat, mmt4d, batch_mmt4d) and the math
// ops their bodies use round-trip byte for byte as mlir-opt 22 prints them,
// their implicit bodies included (the CHECK lines are its output).

// CHECK: module {
// CHECK-NEXT: func.func @u(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xi1>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT: %0 = linalg.ceil ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %1 = linalg.floor ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.reciprocal ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %3 = linalg.round ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %4 = linalg.rsqrt ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %5 = linalg.square ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %6 = linalg.tanh ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %7 = linalg.erf ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %8 = linalg.powf ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %9 = linalg.select ins(%arg3, %arg0, %arg1 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @m(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x6xf32>, %arg2: tensor<2x4x6xf32>, %arg3: tensor<8xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4x8xf32>, %arg6: tensor<4x6xf32>, %arg7: tensor<2x3x4x8xf32>, %arg8: tensor<5x3x2x8xf32>, %arg9: tensor<2x5x4x2xf32>) -> (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>) {
// CHECK-NEXT: %0 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%arg2 : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %1 = linalg.matvec ins(%arg5, %arg3 : tensor<4x8xf32>, tensor<8xf32>) outs(%arg4 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = linalg.vecmat ins(%arg4, %arg5 : tensor<4xf32>, tensor<4x8xf32>) outs(%arg3 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %3 = linalg.batch_reduce_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%arg6 : tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %4 = linalg.mmt4d ins(%arg7, %arg8 : tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>) outs(%arg9 : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4 : tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @b(%arg0: tensor<2x2x3x4x8xf32>, %arg1: tensor<2x5x3x2x8xf32>, %arg2: tensor<2x2x5x4x2xf32>, %arg3: tensor<4x8xi8>, %arg4: tensor<8x6xi8>, %arg5: tensor<4x6xi32>) -> (tensor<2x2x5x4x2xf32>, tensor<4x6xi32>) {
// CHECK-NEXT: %0 = linalg.batch_mmt4d ins(%arg0, %arg1 : tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>) outs(%arg2 : tensor<2x2x5x4x2xf32>) -> tensor<2x2x5x4x2xf32>
// CHECK-NEXT: %1 = linalg.add ins(%arg5, %arg5 : tensor<4x6xi32>, tensor<4x6xi32>) outs(%arg5 : tensor<4x6xi32>) -> tensor<4x6xi32>
// CHECK-NEXT: return %0, %1 : tensor<2x2x5x4x2xf32>, tensor<4x6xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @math_ops(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<4xf16>) -> (f32, vector<4xf32>, tensor<4xf16>) {
// CHECK-NEXT: %0 = math.ceil %arg0 : f32
// CHECK-NEXT: %1 = math.floor %0 fastmath<fast> : f32
// CHECK-NEXT: %2 = math.round %1 : f32
// CHECK-NEXT: %3 = math.roundeven %2 : f32
// CHECK-NEXT: %4 = math.trunc %3 : f32
// CHECK-NEXT: %5 = math.rsqrt %4 : f32
// CHECK-NEXT: %6 = math.tanh %5 : f32
// CHECK-NEXT: %7 = math.erf %6 : f32
// CHECK-NEXT: %8 = math.sin %7 : f32
// CHECK-NEXT: %9 = math.cos %8 : f32
// CHECK-NEXT: %10 = math.tan %9 : f32
// CHECK-NEXT: %11 = math.atan %10 : f32
// CHECK-NEXT: %12 = math.log2 %11 : f32
// CHECK-NEXT: %13 = math.log10 %12 : f32
// CHECK-NEXT: %14 = math.log1p %13 : f32
// CHECK-NEXT: %15 = math.exp2 %14 : f32
// CHECK-NEXT: %16 = math.expm1 %15 : f32
// CHECK-NEXT: %17 = math.cbrt %16 : f32
// CHECK-NEXT: %18 = math.powf %17, %arg0 : f32
// CHECK-NEXT: %19 = math.tanh %arg1 : vector<4xf32>
// CHECK-NEXT: %20 = math.powf %arg2, %arg2 fastmath<nnan> : tensor<4xf16>
// CHECK-NEXT: return %18, %19, %20 : f32, vector<4xf32>, tensor<4xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// GENERIC-NEXT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// GENERIC-NEXT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// GENERIC-NEXT: #map3 = affine_map<(d0, d1) -> (d0, d1)>
// GENERIC-NEXT: #map4 = affine_map<(d0, d1) -> (d1)>
// GENERIC-NEXT: #map5 = affine_map<(d0, d1) -> (d0)>
// GENERIC-NEXT: #map6 = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: #map7 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// GENERIC-NEXT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
// GENERIC-NEXT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// GENERIC-NEXT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
// GENERIC-NEXT: #map11 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d3, d4, d6)>
// GENERIC-NEXT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d5, d6)>
// GENERIC-NEXT: #map13 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>), sym_name = "u"}> ({
// GENERIC-NEXT: ^bb0(%arg40: tensor<4x8xf32>, %arg41: tensor<4x8xf32>, %arg42: tensor<4x8xf32>, %arg43: tensor<4x8xi1>):
// GENERIC-NEXT: %41 = "linalg.ceil"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg65: f32, %arg66: f32):
// GENERIC-NEXT: %61 = "math.ceil"(%arg65) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%61) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %42 = "linalg.floor"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg63: f32, %arg64: f32):
// GENERIC-NEXT: %60 = "math.floor"(%arg63) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%60) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %43 = "linalg.reciprocal"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg61: f32, %arg62: f32):
// GENERIC-NEXT: %58 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT: %59 = "arith.divf"(%58, %arg61) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%59) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %44 = "linalg.round"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg59: f32, %arg60: f32):
// GENERIC-NEXT: %57 = "math.round"(%arg59) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%57) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %45 = "linalg.rsqrt"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg57: f32, %arg58: f32):
// GENERIC-NEXT: %56 = "math.rsqrt"(%arg57) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%56) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %46 = "linalg.square"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg55: f32, %arg56: f32):
// GENERIC-NEXT: %55 = "arith.mulf"(%arg55, %arg55) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%55) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %47 = "linalg.tanh"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg53: f32, %arg54: f32):
// GENERIC-NEXT: %54 = "math.tanh"(%arg53) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%54) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %48 = "linalg.erf"(%arg40, %arg42) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg51: f32, %arg52: f32):
// GENERIC-NEXT: %53 = "math.erf"(%arg51) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%53) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %49 = "linalg.powf"(%arg40, %arg41, %arg42) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg48: f32, %arg49: f32, %arg50: f32):
// GENERIC-NEXT: %52 = "math.powf"(%arg48, %arg49) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%52) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: %50 = "linalg.select"(%arg43, %arg40, %arg41, %arg42) <{operandSegmentSizes = array<i32: 3, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg44: i1, %arg45: f32, %arg46: f32, %arg47: f32):
// GENERIC-NEXT: %51 = "arith.select"(%arg44, %arg45, %arg46) : (i1, f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%51) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC-NEXT: "func.return"(%41, %42, %43, %44, %45, %46, %47, %48, %49, %50) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<2x4x8xf32>, tensor<2x8x6xf32>, tensor<2x4x6xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4x6xf32>, tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>, tensor<2x5x4x2xf32>) -> (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>), sym_name = "m"}> ({
// GENERIC-NEXT: ^bb0(%arg15: tensor<2x4x8xf32>, %arg16: tensor<2x8x6xf32>, %arg17: tensor<2x4x6xf32>, %arg18: tensor<8xf32>, %arg19: tensor<4xf32>, %arg20: tensor<4x8xf32>, %arg21: tensor<4x6xf32>, %arg22: tensor<2x3x4x8xf32>, %arg23: tensor<5x3x2x8xf32>, %arg24: tensor<2x5x4x2xf32>):
// GENERIC-NEXT: %26 = "linalg.batch_matmul"(%arg15, %arg16, %arg17) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg37: f32, %arg38: f32, %arg39: f32):
// GENERIC-NEXT: %39 = "arith.mulf"(%arg37, %arg38) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %40 = "arith.addf"(%arg39, %39) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%40) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<2x4x8xf32>, tensor<2x8x6xf32>, tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
// GENERIC-NEXT: %27 = "linalg.matvec"(%arg20, %arg18, %arg19) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg34: f32, %arg35: f32, %arg36: f32):
// GENERIC-NEXT: %37 = "arith.mulf"(%arg34, %arg35) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %38 = "arith.addf"(%arg36, %37) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%38) : (f32) -> ()
// GENERIC-NEXT: }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %28 = "linalg.vecmat"(%arg19, %arg20, %arg18) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg31: f32, %arg32: f32, %arg33: f32):
// GENERIC-NEXT: %35 = "arith.mulf"(%arg31, %arg32) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %36 = "arith.addf"(%arg33, %35) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%36) : (f32) -> ()
// GENERIC-NEXT: }) {linalg.memoized_indexing_maps = [#map4, #map6, #map5]} : (tensor<4xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %29 = "linalg.batch_reduce_matmul"(%arg15, %arg16, %arg21) <{indexing_maps = [#map, #map1, #map7], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg28: f32, %arg29: f32, %arg30: f32):
// GENERIC-NEXT: %33 = "arith.mulf"(%arg28, %arg29) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %34 = "arith.addf"(%arg30, %33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%34) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<2x4x8xf32>, tensor<2x8x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
// GENERIC-NEXT: %30 = "linalg.mmt4d"(%arg22, %arg23, %arg24) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg25: f32, %arg26: f32, %arg27: f32):
// GENERIC-NEXT: %31 = "arith.mulf"(%arg25, %arg26) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %32 = "arith.addf"(%arg27, %31) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%32) : (f32) -> ()
// GENERIC-NEXT: }) {linalg.memoized_indexing_maps = [#map8, #map9, #map10]} : (tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>, tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
// GENERIC-NEXT: "func.return"(%26, %27, %28, %29, %30) : (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>, tensor<2x2x5x4x2xf32>, tensor<4x8xi8>, tensor<8x6xi8>, tensor<4x6xi32>) -> (tensor<2x2x5x4x2xf32>, tensor<4x6xi32>), sym_name = "b"}> ({
// GENERIC-NEXT: ^bb0(%arg3: tensor<2x2x3x4x8xf32>, %arg4: tensor<2x5x3x2x8xf32>, %arg5: tensor<2x2x5x4x2xf32>, %arg6: tensor<4x8xi8>, %arg7: tensor<8x6xi8>, %arg8: tensor<4x6xi32>):
// GENERIC-NEXT: %21 = "linalg.batch_mmt4d"(%arg3, %arg4, %arg5) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg12: f32, %arg13: f32, %arg14: f32):
// GENERIC-NEXT: %24 = "arith.mulf"(%arg12, %arg13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %25 = "arith.addf"(%arg14, %24) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%25) : (f32) -> ()
// GENERIC-NEXT: }) {linalg.memoized_indexing_maps = [#map11, #map12, #map13]} : (tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>, tensor<2x2x5x4x2xf32>) -> tensor<2x2x5x4x2xf32>
// GENERIC-NEXT: %22 = "linalg.add"(%arg8, %arg8, %arg8) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg9: i32, %arg10: i32, %arg11: i32):
// GENERIC-NEXT: %23 = "arith.addi"(%arg9, %arg10) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT: "linalg.yield"(%23) : (i32) -> ()
// GENERIC-NEXT: }) : (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
// GENERIC-NEXT: "func.return"(%21, %22) : (tensor<2x2x5x4x2xf32>, tensor<4x6xi32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (f32, vector<4xf32>, tensor<4xf16>) -> (f32, vector<4xf32>, tensor<4xf16>), sym_name = "math_ops"}> ({
// GENERIC-NEXT: ^bb0(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<4xf16>):
// GENERIC-NEXT: %0 = "math.ceil"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %1 = "math.floor"(%0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
// GENERIC-NEXT: %2 = "math.round"(%1) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %3 = "math.roundeven"(%2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %4 = "math.trunc"(%3) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %5 = "math.rsqrt"(%4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %6 = "math.tanh"(%5) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %7 = "math.erf"(%6) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %8 = "math.sin"(%7) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %9 = "math.cos"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %10 = "math.tan"(%9) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %11 = "math.atan"(%10) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %12 = "math.log2"(%11) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %13 = "math.log10"(%12) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %14 = "math.log1p"(%13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %15 = "math.exp2"(%14) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %16 = "math.expm1"(%15) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %17 = "math.cbrt"(%16) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %18 = "math.powf"(%17, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %19 = "math.tanh"(%arg1) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT: %20 = "math.powf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan>}> : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// GENERIC-NEXT: "func.return"(%18, %19, %20) : (f32, vector<4xf32>, tensor<4xf16>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @u(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %o: tensor<4x8xf32>, %c: tensor<4x8xi1>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.ceil ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.floor ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.reciprocal ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.round ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.rsqrt ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = linalg.square ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.tanh ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = linalg.erf ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = linalg.powf ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = linalg.select ins(%c, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @m(%a: tensor<2x4x8xf32>, %b: tensor<2x8x6xf32>, %o: tensor<2x4x6xf32>, %v: tensor<8xf32>, %w: tensor<4xf32>, %m: tensor<4x8xf32>, %o2: tensor<4x6xf32>, %p: tensor<2x3x4x8xf32>, %q: tensor<5x3x2x8xf32>, %r: tensor<2x5x4x2xf32>) -> (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%o : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %1 = linalg.matvec ins(%m, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.vecmat ins(%w, %m : tensor<4xf32>, tensor<4x8xf32>) outs(%v : tensor<8xf32>) -> tensor<8xf32>
  %3 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%o2 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %4 = linalg.mmt4d ins(%p, %q : tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>) outs(%r : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
  return %0, %1, %2, %3, %4 : tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>
}
func.func @b(%bp: tensor<2x2x3x4x8xf32>, %bq: tensor<2x5x3x2x8xf32>, %o: tensor<2x2x5x4x2xf32>, %x: tensor<4x8xi8>, %y: tensor<8x6xi8>, %z: tensor<4x6xi32>) -> (tensor<2x2x5x4x2xf32>, tensor<4x6xi32>) {
  %0 = linalg.batch_mmt4d ins(%bp, %bq : tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>) outs(%o : tensor<2x2x5x4x2xf32>) -> tensor<2x2x5x4x2xf32>
  %1 = linalg.add ins(%z, %z : tensor<4x6xi32>, tensor<4x6xi32>) outs(%z : tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0, %1 : tensor<2x2x5x4x2xf32>, tensor<4x6xi32>
}
func.func @math_ops(%x: f32, %v: vector<4xf32>, %t: tensor<4xf16>) -> (f32, vector<4xf32>, tensor<4xf16>) {
  %0 = math.ceil %x : f32
  %1 = math.floor %0 fastmath<fast> : f32
  %2 = math.round %1 : f32
  %3 = math.roundeven %2 : f32
  %4 = math.trunc %3 : f32
  %5 = math.rsqrt %4 : f32
  %6 = math.tanh %5 : f32
  %7 = math.erf %6 : f32
  %8 = math.sin %7 : f32
  %9 = math.cos %8 : f32
  %10 = math.tan %9 : f32
  %11 = math.atan %10 : f32
  %12 = math.log2 %11 : f32
  %13 = math.log10 %12 : f32
  %14 = math.log1p %13 : f32
  %15 = math.exp2 %14 : f32
  %16 = math.expm1 %15 : f32
  %17 = math.cbrt %16 : f32
  %18 = math.powf %17, %x : f32
  %19 = math.tanh %v : vector<4xf32>
  %20 = math.powf %t, %t fastmath<nnan> : tensor<4xf16>
  return %18, %19, %20 : f32, vector<4xf32>, tensor<4xf16>
}
