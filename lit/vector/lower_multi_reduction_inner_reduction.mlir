// RUN: tessel-opt %s -split-input-file -lower-vector-multi-reduction=lowering-strategy=inner-reduction | FileCheck %s

// -lower-vector-multi-reduction=lowering-strategy=inner-reduction as mlir-opt 22
// runs it (the CHECK lines are its output): reduced dims transposed to the
// inside, flattened, one vector.reduction per row inserted into a zero vector
// (under a mask: the mask transposed and cast along, each row's reduction masked by its row).

// CHECK-LABEL: func.func @unmasked(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[0] : f32 from vector<2xf32>
// CHECK-NEXT: %2 = vector.reduction <add>, %0, %1 : vector<4xf32> into f32
// CHECK-NEXT: %3 = vector.insert %2, %cst_0 [0] : f32 into vector<2xf32>
// CHECK-NEXT: %4 = vector.extract %arg0[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %5 = vector.extract %arg1[1] : f32 from vector<2xf32>
// CHECK-NEXT: %6 = vector.reduction <add>, %4, %5 : vector<4xf32> into f32
// CHECK-NEXT: %7 = vector.insert %6, %3 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %8 = vector.transpose %arg2, [1, 0, 2] : vector<2x3x4xi32> to vector<3x2x4xi32>
// CHECK-NEXT: %9 = vector.shape_cast %8 : vector<3x2x4xi32> to vector<3x8xi32>
// CHECK-NEXT: %10 = vector.extract %9[0] : vector<8xi32> from vector<3x8xi32>
// CHECK-NEXT: %11 = vector.extract %arg3[0] : i32 from vector<3xi32>
// CHECK-NEXT: %12 = vector.reduction <maxsi>, %10, %11 : vector<8xi32> into i32
// CHECK-NEXT: %13 = vector.insert %12, %cst [0] : i32 into vector<3xi32>
// CHECK-NEXT: %14 = vector.extract %9[1] : vector<8xi32> from vector<3x8xi32>
// CHECK-NEXT: %15 = vector.extract %arg3[1] : i32 from vector<3xi32>
// CHECK-NEXT: %16 = vector.reduction <maxsi>, %14, %15 : vector<8xi32> into i32
// CHECK-NEXT: %17 = vector.insert %16, %13 [1] : i32 into vector<3xi32>
// CHECK-NEXT: %18 = vector.extract %9[2] : vector<8xi32> from vector<3x8xi32>
// CHECK-NEXT: %19 = vector.extract %arg3[2] : i32 from vector<3xi32>
// CHECK-NEXT: %20 = vector.reduction <maxsi>, %18, %19 : vector<8xi32> into i32
// CHECK-NEXT: %21 = vector.insert %20, %17 [2] : i32 into vector<3xi32>
// CHECK-NEXT: %22 = vector.reduction <mul>, %arg4, %arg5 : vector<4xf32> into f32
// CHECK-NEXT: return %7, %21, %22 : vector<2xf32>, vector<3xi32>, f32
func.func @unmasked(%a: vector<2x4xf32>, %acc: vector<2xf32>, %b: vector<2x3x4xi32>, %acc2: vector<3xi32>, %c: vector<4xf32>, %s: f32) -> (vector<2xf32>, vector<3xi32>, f32) {
  %0 = vector.multi_reduction <add>, %a, %acc [1] : vector<2x4xf32> to vector<2xf32>
  %1 = vector.multi_reduction <maxsi>, %b, %acc2 [0, 2] : vector<2x3x4xi32> to vector<3xi32>
  %2 = vector.multi_reduction <mul>, %c, %s [0] : vector<4xf32> to f32
  return %0, %1, %2 : vector<2xf32>, vector<3xi32>, f32
}

// -----

// CHECK-LABEL: func.func @masked(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<3xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[0] : f32 from vector<2xf32>
// CHECK-NEXT: %2 = vector.extract %arg2[0] : vector<4xi1> from vector<2x4xi1>
// CHECK-NEXT: %3 = vector.mask %2 { vector.reduction <add>, %0, %1 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: %4 = vector.insert %3, %cst_0 [0] : f32 into vector<2xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %6 = vector.extract %arg1[1] : f32 from vector<2xf32>
// CHECK-NEXT: %7 = vector.extract %arg2[1] : vector<4xi1> from vector<2x4xi1>
// CHECK-NEXT: %8 = vector.mask %7 { vector.reduction <add>, %5, %6 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: %9 = vector.insert %8, %4 [1] : f32 into vector<2xf32>
// CHECK-NEXT: %10 = vector.transpose %arg5, [1, 0] : vector<4x3xi1> to vector<3x4xi1>
// CHECK-NEXT: %11 = vector.transpose %arg3, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
// CHECK-NEXT: %12 = vector.extract %11[0] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %13 = vector.extract %arg4[0] : f32 from vector<3xf32>
// CHECK-NEXT: %14 = vector.extract %10[0] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %15 = vector.mask %14 { vector.reduction <maxnumf>, %12, %13 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: %16 = vector.insert %15, %cst [0] : f32 into vector<3xf32>
// CHECK-NEXT: %17 = vector.extract %11[1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %18 = vector.extract %arg4[1] : f32 from vector<3xf32>
// CHECK-NEXT: %19 = vector.extract %10[1] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %20 = vector.mask %19 { vector.reduction <maxnumf>, %17, %18 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: %21 = vector.insert %20, %16 [1] : f32 into vector<3xf32>
// CHECK-NEXT: %22 = vector.extract %11[2] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %23 = vector.extract %arg4[2] : f32 from vector<3xf32>
// CHECK-NEXT: %24 = vector.extract %10[2] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %25 = vector.mask %24 { vector.reduction <maxnumf>, %22, %23 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: %26 = vector.insert %25, %21 [2] : f32 into vector<3xf32>
// CHECK-NEXT: %27 = vector.mask %arg8 { vector.reduction <add>, %arg6, %arg7 : vector<5xi32> into i32 } : vector<5xi1> -> i32
// CHECK-NEXT: return %9, %26, %27 : vector<2xf32>, vector<3xf32>, i32
func.func @masked(%a: vector<2x4xf32>, %acc: vector<2xf32>, %m: vector<2x4xi1>, %b: vector<4x3xf32>, %acc2: vector<3xf32>, %m2: vector<4x3xi1>, %c: vector<5xi32>, %s: i32, %m3: vector<5xi1>) -> (vector<2xf32>, vector<3xf32>, i32) {
  %0 = vector.mask %m { vector.multi_reduction <add>, %a, %acc [1] : vector<2x4xf32> to vector<2xf32> } : vector<2x4xi1> -> vector<2xf32>
  %1 = vector.mask %m2 { vector.multi_reduction <maxnumf>, %b, %acc2 [0] : vector<4x3xf32> to vector<3xf32> } : vector<4x3xi1> -> vector<3xf32>
  %2 = vector.mask %m3 { vector.multi_reduction <add>, %c, %s [0] : vector<5xi32> to i32 } : vector<5xi1> -> i32
  return %0, %1, %2 : vector<2xf32>, vector<3xf32>, i32
}
