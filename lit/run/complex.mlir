// COMPAT: tessel-only (runs the engine)
// RUN: tessel-opt %s --run=main | FileCheck %s
// RUN: tessel-opt %s --canonicalize --run=main | FileCheck %s
// RUN: tessel-opt %s --sccp --run=main | FileCheck %s

// The engine runs the complex dialect: these lines are what mlir-runner prints
// for this function lowered by mlir-opt 22 (-convert-complex-to-standard,
// -convert-complex-to-llvm, then to LLVM), bit for bit at %g; canonicalize and
// sccp (which fold the parts of constants) leave the values as they are.

func.func @main() {
  %k1 = complex.constant [1.500000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
  %k2 = complex.constant [3.000000e+00 : f32, -4.000000e+00 : f32] : complex<f32>
  %k3 = complex.constant [-2.500000e-01 : f32, 5.000000e-01 : f32] : complex<f32>
  %u4 = complex.neg %k1 : complex<f32>
  %r5 = complex.re %u4 : complex<f32>
  %i5 = complex.im %u4 : complex<f32>
  vector.print %r5 : f32
  vector.print %i5 : f32
  %u6 = complex.conj %k1 : complex<f32>
  %r7 = complex.re %u6 : complex<f32>
  %i7 = complex.im %u6 : complex<f32>
  vector.print %r7 : f32
  vector.print %i7 : f32
  %u8 = complex.exp %k1 : complex<f32>
  %r9 = complex.re %u8 : complex<f32>
  %i9 = complex.im %u8 : complex<f32>
  vector.print %r9 : f32
  vector.print %i9 : f32
  %u10 = complex.log %k1 : complex<f32>
  %r11 = complex.re %u10 : complex<f32>
  %i11 = complex.im %u10 : complex<f32>
  vector.print %r11 : f32
  vector.print %i11 : f32
  %u12 = complex.sqrt %k1 : complex<f32>
  %r13 = complex.re %u12 : complex<f32>
  %i13 = complex.im %u12 : complex<f32>
  vector.print %r13 : f32
  vector.print %i13 : f32
  %u14 = complex.sin %k1 : complex<f32>
  %r15 = complex.re %u14 : complex<f32>
  %i15 = complex.im %u14 : complex<f32>
  vector.print %r15 : f32
  vector.print %i15 : f32
  %u16 = complex.sign %k1 : complex<f32>
  %r17 = complex.re %u16 : complex<f32>
  %i17 = complex.im %u16 : complex<f32>
  vector.print %r17 : f32
  vector.print %i17 : f32
  %u18 = complex.expm1 %k1 : complex<f32>
  %r19 = complex.re %u18 : complex<f32>
  %i19 = complex.im %u18 : complex<f32>
  vector.print %r19 : f32
  vector.print %i19 : f32
  %u20 = complex.log1p %k1 : complex<f32>
  %r21 = complex.re %u20 : complex<f32>
  %i21 = complex.im %u20 : complex<f32>
  vector.print %r21 : f32
  vector.print %i21 : f32
  %f22 = complex.abs %k1 : complex<f32>
  vector.print %f22 : f32
  %f23 = complex.angle %k1 : complex<f32>
  vector.print %f23 : f32
  %b24 = complex.add %k1, %k1 : complex<f32>
  %r25 = complex.re %b24 : complex<f32>
  %i25 = complex.im %b24 : complex<f32>
  vector.print %r25 : f32
  vector.print %i25 : f32
  %b26 = complex.sub %k1, %k1 : complex<f32>
  %r27 = complex.re %b26 : complex<f32>
  %i27 = complex.im %b26 : complex<f32>
  vector.print %r27 : f32
  vector.print %i27 : f32
  %b28 = complex.mul %k1, %k1 : complex<f32>
  %r29 = complex.re %b28 : complex<f32>
  %i29 = complex.im %b28 : complex<f32>
  vector.print %r29 : f32
  vector.print %i29 : f32
  %b30 = complex.div %k1, %k1 : complex<f32>
  %r31 = complex.re %b30 : complex<f32>
  %i31 = complex.im %b30 : complex<f32>
  vector.print %r31 : f32
  vector.print %i31 : f32
  %b32 = complex.pow %k1, %k1 : complex<f32>
  %r33 = complex.re %b32 : complex<f32>
  %i33 = complex.im %b32 : complex<f32>
  vector.print %r33 : f32
  vector.print %i33 : f32
  %e34 = complex.neq %k1, %k1 : complex<f32>
  vector.print %e34 : i1
  %b35 = complex.add %k1, %k2 : complex<f32>
  %r36 = complex.re %b35 : complex<f32>
  %i36 = complex.im %b35 : complex<f32>
  vector.print %r36 : f32
  vector.print %i36 : f32
  %b37 = complex.sub %k1, %k2 : complex<f32>
  %r38 = complex.re %b37 : complex<f32>
  %i38 = complex.im %b37 : complex<f32>
  vector.print %r38 : f32
  vector.print %i38 : f32
  %b39 = complex.mul %k1, %k2 : complex<f32>
  %r40 = complex.re %b39 : complex<f32>
  %i40 = complex.im %b39 : complex<f32>
  vector.print %r40 : f32
  vector.print %i40 : f32
  %b41 = complex.div %k1, %k2 : complex<f32>
  %r42 = complex.re %b41 : complex<f32>
  %i42 = complex.im %b41 : complex<f32>
  vector.print %r42 : f32
  vector.print %i42 : f32
  %b43 = complex.pow %k1, %k2 : complex<f32>
  %r44 = complex.re %b43 : complex<f32>
  %i44 = complex.im %b43 : complex<f32>
  vector.print %r44 : f32
  vector.print %i44 : f32
  %e45 = complex.neq %k1, %k2 : complex<f32>
  vector.print %e45 : i1
  %b46 = complex.add %k1, %k3 : complex<f32>
  %r47 = complex.re %b46 : complex<f32>
  %i47 = complex.im %b46 : complex<f32>
  vector.print %r47 : f32
  vector.print %i47 : f32
  %b48 = complex.sub %k1, %k3 : complex<f32>
  %r49 = complex.re %b48 : complex<f32>
  %i49 = complex.im %b48 : complex<f32>
  vector.print %r49 : f32
  vector.print %i49 : f32
  %b50 = complex.mul %k1, %k3 : complex<f32>
  %r51 = complex.re %b50 : complex<f32>
  %i51 = complex.im %b50 : complex<f32>
  vector.print %r51 : f32
  vector.print %i51 : f32
  %b52 = complex.div %k1, %k3 : complex<f32>
  %r53 = complex.re %b52 : complex<f32>
  %i53 = complex.im %b52 : complex<f32>
  vector.print %r53 : f32
  vector.print %i53 : f32
  %b54 = complex.pow %k1, %k3 : complex<f32>
  %r55 = complex.re %b54 : complex<f32>
  %i55 = complex.im %b54 : complex<f32>
  vector.print %r55 : f32
  vector.print %i55 : f32
  %e56 = complex.neq %k1, %k3 : complex<f32>
  vector.print %e56 : i1
  %u57 = complex.neg %k2 : complex<f32>
  %r58 = complex.re %u57 : complex<f32>
  %i58 = complex.im %u57 : complex<f32>
  vector.print %r58 : f32
  vector.print %i58 : f32
  %u59 = complex.conj %k2 : complex<f32>
  %r60 = complex.re %u59 : complex<f32>
  %i60 = complex.im %u59 : complex<f32>
  vector.print %r60 : f32
  vector.print %i60 : f32
  %u61 = complex.exp %k2 : complex<f32>
  %r62 = complex.re %u61 : complex<f32>
  %i62 = complex.im %u61 : complex<f32>
  vector.print %r62 : f32
  vector.print %i62 : f32
  %u63 = complex.log %k2 : complex<f32>
  %r64 = complex.re %u63 : complex<f32>
  %i64 = complex.im %u63 : complex<f32>
  vector.print %r64 : f32
  vector.print %i64 : f32
  %u65 = complex.sqrt %k2 : complex<f32>
  %r66 = complex.re %u65 : complex<f32>
  %i66 = complex.im %u65 : complex<f32>
  vector.print %r66 : f32
  vector.print %i66 : f32
  %u67 = complex.sin %k2 : complex<f32>
  %r68 = complex.re %u67 : complex<f32>
  %i68 = complex.im %u67 : complex<f32>
  vector.print %r68 : f32
  vector.print %i68 : f32
  %u69 = complex.sign %k2 : complex<f32>
  %r70 = complex.re %u69 : complex<f32>
  %i70 = complex.im %u69 : complex<f32>
  vector.print %r70 : f32
  vector.print %i70 : f32
  %u71 = complex.expm1 %k2 : complex<f32>
  %r72 = complex.re %u71 : complex<f32>
  %i72 = complex.im %u71 : complex<f32>
  vector.print %r72 : f32
  vector.print %i72 : f32
  %u73 = complex.log1p %k2 : complex<f32>
  %r74 = complex.re %u73 : complex<f32>
  %i74 = complex.im %u73 : complex<f32>
  vector.print %r74 : f32
  vector.print %i74 : f32
  %f75 = complex.abs %k2 : complex<f32>
  vector.print %f75 : f32
  %f76 = complex.angle %k2 : complex<f32>
  vector.print %f76 : f32
  %b77 = complex.add %k2, %k1 : complex<f32>
  %r78 = complex.re %b77 : complex<f32>
  %i78 = complex.im %b77 : complex<f32>
  vector.print %r78 : f32
  vector.print %i78 : f32
  %b79 = complex.sub %k2, %k1 : complex<f32>
  %r80 = complex.re %b79 : complex<f32>
  %i80 = complex.im %b79 : complex<f32>
  vector.print %r80 : f32
  vector.print %i80 : f32
  %b81 = complex.mul %k2, %k1 : complex<f32>
  %r82 = complex.re %b81 : complex<f32>
  %i82 = complex.im %b81 : complex<f32>
  vector.print %r82 : f32
  vector.print %i82 : f32
  %b83 = complex.div %k2, %k1 : complex<f32>
  %r84 = complex.re %b83 : complex<f32>
  %i84 = complex.im %b83 : complex<f32>
  vector.print %r84 : f32
  vector.print %i84 : f32
  %b85 = complex.pow %k2, %k1 : complex<f32>
  %r86 = complex.re %b85 : complex<f32>
  %i86 = complex.im %b85 : complex<f32>
  vector.print %r86 : f32
  vector.print %i86 : f32
  %e87 = complex.neq %k2, %k1 : complex<f32>
  vector.print %e87 : i1
  %b88 = complex.add %k2, %k2 : complex<f32>
  %r89 = complex.re %b88 : complex<f32>
  %i89 = complex.im %b88 : complex<f32>
  vector.print %r89 : f32
  vector.print %i89 : f32
  %b90 = complex.sub %k2, %k2 : complex<f32>
  %r91 = complex.re %b90 : complex<f32>
  %i91 = complex.im %b90 : complex<f32>
  vector.print %r91 : f32
  vector.print %i91 : f32
  %b92 = complex.mul %k2, %k2 : complex<f32>
  %r93 = complex.re %b92 : complex<f32>
  %i93 = complex.im %b92 : complex<f32>
  vector.print %r93 : f32
  vector.print %i93 : f32
  %b94 = complex.div %k2, %k2 : complex<f32>
  %r95 = complex.re %b94 : complex<f32>
  %i95 = complex.im %b94 : complex<f32>
  vector.print %r95 : f32
  vector.print %i95 : f32
  %b96 = complex.pow %k2, %k2 : complex<f32>
  %r97 = complex.re %b96 : complex<f32>
  %i97 = complex.im %b96 : complex<f32>
  vector.print %r97 : f32
  vector.print %i97 : f32
  %e98 = complex.neq %k2, %k2 : complex<f32>
  vector.print %e98 : i1
  %b99 = complex.add %k2, %k3 : complex<f32>
  %r100 = complex.re %b99 : complex<f32>
  %i100 = complex.im %b99 : complex<f32>
  vector.print %r100 : f32
  vector.print %i100 : f32
  %b101 = complex.sub %k2, %k3 : complex<f32>
  %r102 = complex.re %b101 : complex<f32>
  %i102 = complex.im %b101 : complex<f32>
  vector.print %r102 : f32
  vector.print %i102 : f32
  %b103 = complex.mul %k2, %k3 : complex<f32>
  %r104 = complex.re %b103 : complex<f32>
  %i104 = complex.im %b103 : complex<f32>
  vector.print %r104 : f32
  vector.print %i104 : f32
  %b105 = complex.div %k2, %k3 : complex<f32>
  %r106 = complex.re %b105 : complex<f32>
  %i106 = complex.im %b105 : complex<f32>
  vector.print %r106 : f32
  vector.print %i106 : f32
  %b107 = complex.pow %k2, %k3 : complex<f32>
  %r108 = complex.re %b107 : complex<f32>
  %i108 = complex.im %b107 : complex<f32>
  vector.print %r108 : f32
  vector.print %i108 : f32
  %e109 = complex.neq %k2, %k3 : complex<f32>
  vector.print %e109 : i1
  %u110 = complex.neg %k3 : complex<f32>
  %r111 = complex.re %u110 : complex<f32>
  %i111 = complex.im %u110 : complex<f32>
  vector.print %r111 : f32
  vector.print %i111 : f32
  %u112 = complex.conj %k3 : complex<f32>
  %r113 = complex.re %u112 : complex<f32>
  %i113 = complex.im %u112 : complex<f32>
  vector.print %r113 : f32
  vector.print %i113 : f32
  %u114 = complex.exp %k3 : complex<f32>
  %r115 = complex.re %u114 : complex<f32>
  %i115 = complex.im %u114 : complex<f32>
  vector.print %r115 : f32
  vector.print %i115 : f32
  %u116 = complex.log %k3 : complex<f32>
  %r117 = complex.re %u116 : complex<f32>
  %i117 = complex.im %u116 : complex<f32>
  vector.print %r117 : f32
  vector.print %i117 : f32
  %u118 = complex.sqrt %k3 : complex<f32>
  %r119 = complex.re %u118 : complex<f32>
  %i119 = complex.im %u118 : complex<f32>
  vector.print %r119 : f32
  vector.print %i119 : f32
  %u120 = complex.sin %k3 : complex<f32>
  %r121 = complex.re %u120 : complex<f32>
  %i121 = complex.im %u120 : complex<f32>
  vector.print %r121 : f32
  vector.print %i121 : f32
  %u122 = complex.sign %k3 : complex<f32>
  %r123 = complex.re %u122 : complex<f32>
  %i123 = complex.im %u122 : complex<f32>
  vector.print %r123 : f32
  vector.print %i123 : f32
  %u124 = complex.expm1 %k3 : complex<f32>
  %r125 = complex.re %u124 : complex<f32>
  %i125 = complex.im %u124 : complex<f32>
  vector.print %r125 : f32
  vector.print %i125 : f32
  %u126 = complex.log1p %k3 : complex<f32>
  %r127 = complex.re %u126 : complex<f32>
  %i127 = complex.im %u126 : complex<f32>
  vector.print %r127 : f32
  vector.print %i127 : f32
  %f128 = complex.abs %k3 : complex<f32>
  vector.print %f128 : f32
  %f129 = complex.angle %k3 : complex<f32>
  vector.print %f129 : f32
  %b130 = complex.add %k3, %k1 : complex<f32>
  %r131 = complex.re %b130 : complex<f32>
  %i131 = complex.im %b130 : complex<f32>
  vector.print %r131 : f32
  vector.print %i131 : f32
  %b132 = complex.sub %k3, %k1 : complex<f32>
  %r133 = complex.re %b132 : complex<f32>
  %i133 = complex.im %b132 : complex<f32>
  vector.print %r133 : f32
  vector.print %i133 : f32
  %b134 = complex.mul %k3, %k1 : complex<f32>
  %r135 = complex.re %b134 : complex<f32>
  %i135 = complex.im %b134 : complex<f32>
  vector.print %r135 : f32
  vector.print %i135 : f32
  %b136 = complex.div %k3, %k1 : complex<f32>
  %r137 = complex.re %b136 : complex<f32>
  %i137 = complex.im %b136 : complex<f32>
  vector.print %r137 : f32
  vector.print %i137 : f32
  %b138 = complex.pow %k3, %k1 : complex<f32>
  %r139 = complex.re %b138 : complex<f32>
  %i139 = complex.im %b138 : complex<f32>
  vector.print %r139 : f32
  vector.print %i139 : f32
  %e140 = complex.neq %k3, %k1 : complex<f32>
  vector.print %e140 : i1
  %b141 = complex.add %k3, %k2 : complex<f32>
  %r142 = complex.re %b141 : complex<f32>
  %i142 = complex.im %b141 : complex<f32>
  vector.print %r142 : f32
  vector.print %i142 : f32
  %b143 = complex.sub %k3, %k2 : complex<f32>
  %r144 = complex.re %b143 : complex<f32>
  %i144 = complex.im %b143 : complex<f32>
  vector.print %r144 : f32
  vector.print %i144 : f32
  %b145 = complex.mul %k3, %k2 : complex<f32>
  %r146 = complex.re %b145 : complex<f32>
  %i146 = complex.im %b145 : complex<f32>
  vector.print %r146 : f32
  vector.print %i146 : f32
  %b147 = complex.div %k3, %k2 : complex<f32>
  %r148 = complex.re %b147 : complex<f32>
  %i148 = complex.im %b147 : complex<f32>
  vector.print %r148 : f32
  vector.print %i148 : f32
  %b149 = complex.pow %k3, %k2 : complex<f32>
  %r150 = complex.re %b149 : complex<f32>
  %i150 = complex.im %b149 : complex<f32>
  vector.print %r150 : f32
  vector.print %i150 : f32
  %e151 = complex.neq %k3, %k2 : complex<f32>
  vector.print %e151 : i1
  %b152 = complex.add %k3, %k3 : complex<f32>
  %r153 = complex.re %b152 : complex<f32>
  %i153 = complex.im %b152 : complex<f32>
  vector.print %r153 : f32
  vector.print %i153 : f32
  %b154 = complex.sub %k3, %k3 : complex<f32>
  %r155 = complex.re %b154 : complex<f32>
  %i155 = complex.im %b154 : complex<f32>
  vector.print %r155 : f32
  vector.print %i155 : f32
  %b156 = complex.mul %k3, %k3 : complex<f32>
  %r157 = complex.re %b156 : complex<f32>
  %i157 = complex.im %b156 : complex<f32>
  vector.print %r157 : f32
  vector.print %i157 : f32
  %b158 = complex.div %k3, %k3 : complex<f32>
  %r159 = complex.re %b158 : complex<f32>
  %i159 = complex.im %b158 : complex<f32>
  vector.print %r159 : f32
  vector.print %i159 : f32
  %b160 = complex.pow %k3, %k3 : complex<f32>
  %r161 = complex.re %b160 : complex<f32>
  %i161 = complex.im %b160 : complex<f32>
  vector.print %r161 : f32
  vector.print %i161 : f32
  %e162 = complex.neq %k3, %k3 : complex<f32>
  vector.print %e162 : i1
  %c3 = arith.constant 3 : i32
  %p163 = complex.powi %k1, %c3 : complex<f32>, i32
  %r164 = complex.re %p163 : complex<f32>
  %i164 = complex.im %p163 : complex<f32>
  vector.print %r164 : f32
  vector.print %i164 : f32
  %x = arith.constant 2.5 : f32
  %y = arith.constant -0.5 : f32
  %cr = complex.create %x, %y : complex<f32>
  %r165 = complex.re %cr : complex<f32>
  %i165 = complex.im %cr : complex<f32>
  vector.print %r165 : f32
  vector.print %i165 : f32
  return
}

// CHECK: -1.5
// CHECK-NEXT: -2
// CHECK-NEXT: 1.5
// CHECK-NEXT: -2
// CHECK-NEXT: -1.86504
// CHECK-NEXT: 4.07519
// CHECK-NEXT: 0.916291
// CHECK-NEXT: 0.927295
// CHECK-NEXT: 1.41421
// CHECK-NEXT: 0.707107
// CHECK-NEXT: 3.75277
// CHECK-NEXT: 0.256554
// CHECK-NEXT: 0.6
// CHECK-NEXT: 0.8
// CHECK-NEXT: -2.86504
// CHECK-NEXT: 4.07519
// CHECK-NEXT: 1.16364
// CHECK-NEXT: 0.674741
// CHECK-NEXT: 2.5
// CHECK-NEXT: 0.927295
// CHECK-NEXT: 3
// CHECK-NEXT: 4
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: -1.75
// CHECK-NEXT: 6
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: -0.616612
// CHECK-NEXT: -0.0506334
// CHECK-NEXT: 0
// CHECK-NEXT: 4.5
// CHECK-NEXT: -2
// CHECK-NEXT: -1.5
// CHECK-NEXT: 6
// CHECK-NEXT: 12.5
// CHECK-NEXT: 0
// CHECK-NEXT: -0.14
// CHECK-NEXT: 0.48
// CHECK-NEXT: 404.773
// CHECK-NEXT: -492.92
// CHECK-NEXT: 1
// CHECK-NEXT: 1.25
// CHECK-NEXT: 2.5
// CHECK-NEXT: 1.75
// CHECK-NEXT: 1.5
// CHECK-NEXT: -1.375
// CHECK-NEXT: 0.25
// CHECK-NEXT: 2
// CHECK-NEXT: -4
// CHECK-NEXT: 0.487457
// CHECK-NEXT: 0.112245
// CHECK-NEXT: 1
// CHECK-NEXT: -3
// CHECK-NEXT: 4
// CHECK-NEXT: 3
// CHECK-NEXT: 4
// CHECK-NEXT: -13.1288
// CHECK-NEXT: 15.2008
// CHECK-NEXT: 1.60944
// CHECK-NEXT: -0.927295
// CHECK-NEXT: 2
// CHECK-NEXT: -1
// CHECK-NEXT: 3.85374
// CHECK-NEXT: 27.0168
// CHECK-NEXT: 0.6
// CHECK-NEXT: -0.8
// CHECK-NEXT: -14.1288
// CHECK-NEXT: 15.2008
// CHECK-NEXT: 1.73287
// CHECK-NEXT: -0.785398
// CHECK-NEXT: 5
// CHECK-NEXT: -0.927295
// CHECK-NEXT: 4.5
// CHECK-NEXT: -2
// CHECK-NEXT: 1.5
// CHECK-NEXT: -6
// CHECK-NEXT: 12.5
// CHECK-NEXT: 0
// CHECK-NEXT: -0.56
// CHECK-NEXT: -1.92
// CHECK-NEXT: -18.1661
// CHECK-NEXT: 69.0836
// CHECK-NEXT: 1
// CHECK-NEXT: 6
// CHECK-NEXT: -8
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: -7
// CHECK-NEXT: -24
// CHECK-NEXT: 1
// CHECK-NEXT: -0
// CHECK-NEXT: -2.99799
// CHECK-NEXT: -0.623786
// CHECK-NEXT: 0
// CHECK-NEXT: 2.75
// CHECK-NEXT: -3.5
// CHECK-NEXT: 3.25
// CHECK-NEXT: -4.5
// CHECK-NEXT: 1.25
// CHECK-NEXT: 2.5
// CHECK-NEXT: -8.8
// CHECK-NEXT: -1.6
// CHECK-NEXT: 0.541383
// CHECK-NEXT: 0.915046
// CHECK-NEXT: 1
// CHECK-NEXT: 0.25
// CHECK-NEXT: -0.5
// CHECK-NEXT: -0.25
// CHECK-NEXT: -0.5
// CHECK-NEXT: 0.683462
// CHECK-NEXT: 0.373377
// CHECK-NEXT: -0.581575
// CHECK-NEXT: 2.03444
// CHECK-NEXT: 0.393076
// CHECK-NEXT: 0.63601
// CHECK-NEXT: -0.278979
// CHECK-NEXT: 0.504896
// CHECK-NEXT: -0.447214
// CHECK-NEXT: 0.894427
// CHECK-NEXT: -0.316538
// CHECK-NEXT: 0.373377
// CHECK-NEXT: -0.10382
// CHECK-NEXT: 0.588003
// CHECK-NEXT: 0.559017
// CHECK-NEXT: 2.03444
// CHECK-NEXT: 1.25
// CHECK-NEXT: 2.5
// CHECK-NEXT: -1.75
// CHECK-NEXT: -1.5
// CHECK-NEXT: -1.375
// CHECK-NEXT: 0.25
// CHECK-NEXT: 0.1
// CHECK-NEXT: 0.2
// CHECK-NEXT: -0.0022323
// CHECK-NEXT: 0.00678802
// CHECK-NEXT: 1
// CHECK-NEXT: 2.75
// CHECK-NEXT: -3.5
// CHECK-NEXT: -3.25
// CHECK-NEXT: 4.5
// CHECK-NEXT: 1.25
// CHECK-NEXT: 2.5
// CHECK-NEXT: -0.11
// CHECK-NEXT: 0.02
// CHECK-NEXT: -325.364
// CHECK-NEXT: 501.353
// CHECK-NEXT: 1
// CHECK-NEXT: -0.5
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: -0.1875
// CHECK-NEXT: -0.25
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 0.291534
// CHECK-NEXT: -0.299813
// CHECK-NEXT: 0
// CHECK-NEXT: -14.625
// CHECK-NEXT: 5.5
// CHECK-NEXT: 2.5
// CHECK-NEXT: -0.5
