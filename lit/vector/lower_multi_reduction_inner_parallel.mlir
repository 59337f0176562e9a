// RUN: tessel-opt %s -split-input-file -lower-vector-multi-reduction=lowering-strategy=inner-parallel | FileCheck %s

// -lower-vector-multi-reduction=lowering-strategy=inner-parallel as mlir-opt 22
// runs it (the CHECK lines are its output): reduced dims transposed to the
// outside, flattened, the rows combined with the accumulator elementwise
// (under a mask: the mask transposed and cast along, the accumulator kept where it is off).

// CHECK-LABEL: func.func @unmasked(
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT: %1 = vector.extract %0[0] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %2 = arith.addf %1, %arg1 : vector<2xf32>
// CHECK-NEXT: %3 = vector.extract %0[1] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %4 = arith.addf %3, %2 : vector<2xf32>
// CHECK-NEXT: %5 = vector.extract %0[2] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %6 = arith.addf %5, %4 : vector<2xf32>
// CHECK-NEXT: %7 = vector.extract %0[3] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %8 = arith.addf %7, %6 : vector<2xf32>
// CHECK-NEXT: %9 = vector.transpose %arg2, [0, 2, 1] : vector<2x3x4xi32> to vector<2x4x3xi32>
// CHECK-NEXT: %10 = vector.extract %9[0, 0] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %11 = arith.maxsi %10, %arg3 : vector<3xi32>
// CHECK-NEXT: %12 = vector.extract %9[0, 1] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %13 = arith.maxsi %12, %11 : vector<3xi32>
// CHECK-NEXT: %14 = vector.extract %9[0, 2] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %15 = arith.maxsi %14, %13 : vector<3xi32>
// CHECK-NEXT: %16 = vector.extract %9[0, 3] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %17 = arith.maxsi %16, %15 : vector<3xi32>
// CHECK-NEXT: %18 = vector.extract %9[1, 0] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %19 = arith.maxsi %18, %17 : vector<3xi32>
// CHECK-NEXT: %20 = vector.extract %9[1, 1] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %21 = arith.maxsi %20, %19 : vector<3xi32>
// CHECK-NEXT: %22 = vector.extract %9[1, 2] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %23 = arith.maxsi %22, %21 : vector<3xi32>
// CHECK-NEXT: %24 = vector.extract %9[1, 3] : vector<3xi32> from vector<2x4x3xi32>
// CHECK-NEXT: %25 = arith.maxsi %24, %23 : vector<3xi32>
// CHECK-NEXT: %26 = vector.shape_cast %arg4 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: %27 = vector.broadcast %arg5 : f32 to vector<1xf32>
// CHECK-NEXT: %28 = vector.transpose %26, [1, 0] : vector<1x4xf32> to vector<4x1xf32>
// CHECK-NEXT: %29 = vector.extract %28[0] : vector<1xf32> from vector<4x1xf32>
// CHECK-NEXT: %30 = arith.mulf %29, %27 : vector<1xf32>
// CHECK-NEXT: %31 = vector.extract %28[1] : vector<1xf32> from vector<4x1xf32>
// CHECK-NEXT: %32 = arith.mulf %31, %30 : vector<1xf32>
// CHECK-NEXT: %33 = vector.extract %28[2] : vector<1xf32> from vector<4x1xf32>
// CHECK-NEXT: %34 = arith.mulf %33, %32 : vector<1xf32>
// CHECK-NEXT: %35 = vector.extract %28[3] : vector<1xf32> from vector<4x1xf32>
// CHECK-NEXT: %36 = arith.mulf %35, %34 : vector<1xf32>
// CHECK-NEXT: %37 = vector.extract %36[0] : f32 from vector<1xf32>
// CHECK-NEXT: return %8, %25, %37 : vector<2xf32>, vector<3xi32>, f32
func.func @unmasked(%a: vector<2x4xf32>, %acc: vector<2xf32>, %b: vector<2x3x4xi32>, %acc2: vector<3xi32>, %c: vector<4xf32>, %s: f32) -> (vector<2xf32>, vector<3xi32>, f32) {
  %0 = vector.multi_reduction <add>, %a, %acc [1] : vector<2x4xf32> to vector<2xf32>
  %1 = vector.multi_reduction <maxsi>, %b, %acc2 [0, 2] : vector<2x3x4xi32> to vector<3xi32>
  %2 = vector.multi_reduction <mul>, %c, %s [0] : vector<4xf32> to f32
  return %0, %1, %2 : vector<2xf32>, vector<3xi32>, f32
}

// -----

// CHECK-LABEL: func.func @masked(
// CHECK-NEXT: %0 = vector.transpose %arg2, [1, 0] : vector<2x4xi1> to vector<4x2xi1>
// CHECK-NEXT: %1 = vector.transpose %arg0, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT: %2 = vector.extract %1[0] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %3 = vector.extract %0[0] : vector<2xi1> from vector<4x2xi1>
// CHECK-NEXT: %4 = arith.addf %2, %arg1 : vector<2xf32>
// CHECK-NEXT: %5 = arith.select %3, %4, %arg1 : vector<2xi1>, vector<2xf32>
// CHECK-NEXT: %6 = vector.extract %1[1] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %7 = vector.extract %0[1] : vector<2xi1> from vector<4x2xi1>
// CHECK-NEXT: %8 = arith.addf %6, %5 : vector<2xf32>
// CHECK-NEXT: %9 = arith.select %7, %8, %5 : vector<2xi1>, vector<2xf32>
// CHECK-NEXT: %10 = vector.extract %1[2] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %11 = vector.extract %0[2] : vector<2xi1> from vector<4x2xi1>
// CHECK-NEXT: %12 = arith.addf %10, %9 : vector<2xf32>
// CHECK-NEXT: %13 = arith.select %11, %12, %9 : vector<2xi1>, vector<2xf32>
// CHECK-NEXT: %14 = vector.extract %1[3] : vector<2xf32> from vector<4x2xf32>
// CHECK-NEXT: %15 = vector.extract %0[3] : vector<2xi1> from vector<4x2xi1>
// CHECK-NEXT: %16 = arith.addf %14, %13 : vector<2xf32>
// CHECK-NEXT: %17 = arith.select %15, %16, %13 : vector<2xi1>, vector<2xf32>
// CHECK-NEXT: %18 = vector.extract %arg3[0] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %19 = vector.extract %arg5[0] : vector<3xi1> from vector<4x3xi1>
// CHECK-NEXT: %20 = arith.maxnumf %18, %arg4 : vector<3xf32>
// CHECK-NEXT: %21 = arith.select %19, %20, %arg4 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %22 = vector.extract %arg3[1] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %23 = vector.extract %arg5[1] : vector<3xi1> from vector<4x3xi1>
// CHECK-NEXT: %24 = arith.maxnumf %22, %21 : vector<3xf32>
// CHECK-NEXT: %25 = arith.select %23, %24, %21 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %26 = vector.extract %arg3[2] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %27 = vector.extract %arg5[2] : vector<3xi1> from vector<4x3xi1>
// CHECK-NEXT: %28 = arith.maxnumf %26, %25 : vector<3xf32>
// CHECK-NEXT: %29 = arith.select %27, %28, %25 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %30 = vector.extract %arg3[3] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %31 = vector.extract %arg5[3] : vector<3xi1> from vector<4x3xi1>
// CHECK-NEXT: %32 = arith.maxnumf %30, %29 : vector<3xf32>
// CHECK-NEXT: %33 = arith.select %31, %32, %29 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %34 = vector.shape_cast %arg6 : vector<5xi32> to vector<1x5xi32>
// CHECK-NEXT: %35 = vector.broadcast %arg7 : i32 to vector<1xi32>
// CHECK-NEXT: %36 = vector.broadcast %arg8 : vector<5xi1> to vector<1x5xi1>
// CHECK-NEXT: %37 = vector.transpose %36, [1, 0] : vector<1x5xi1> to vector<5x1xi1>
// CHECK-NEXT: %38 = vector.transpose %34, [1, 0] : vector<1x5xi32> to vector<5x1xi32>
// CHECK-NEXT: %39 = vector.extract %38[0] : vector<1xi32> from vector<5x1xi32>
// CHECK-NEXT: %40 = vector.extract %37[0] : vector<1xi1> from vector<5x1xi1>
// CHECK-NEXT: %41 = arith.addi %39, %35 : vector<1xi32>
// CHECK-NEXT: %42 = arith.select %40, %41, %35 : vector<1xi1>, vector<1xi32>
// CHECK-NEXT: %43 = vector.extract %38[1] : vector<1xi32> from vector<5x1xi32>
// CHECK-NEXT: %44 = vector.extract %37[1] : vector<1xi1> from vector<5x1xi1>
// CHECK-NEXT: %45 = arith.addi %43, %42 : vector<1xi32>
// CHECK-NEXT: %46 = arith.select %44, %45, %42 : vector<1xi1>, vector<1xi32>
// CHECK-NEXT: %47 = vector.extract %38[2] : vector<1xi32> from vector<5x1xi32>
// CHECK-NEXT: %48 = vector.extract %37[2] : vector<1xi1> from vector<5x1xi1>
// CHECK-NEXT: %49 = arith.addi %47, %46 : vector<1xi32>
// CHECK-NEXT: %50 = arith.select %48, %49, %46 : vector<1xi1>, vector<1xi32>
// CHECK-NEXT: %51 = vector.extract %38[3] : vector<1xi32> from vector<5x1xi32>
// CHECK-NEXT: %52 = vector.extract %37[3] : vector<1xi1> from vector<5x1xi1>
// CHECK-NEXT: %53 = arith.addi %51, %50 : vector<1xi32>
// CHECK-NEXT: %54 = arith.select %52, %53, %50 : vector<1xi1>, vector<1xi32>
// CHECK-NEXT: %55 = vector.extract %38[4] : vector<1xi32> from vector<5x1xi32>
// CHECK-NEXT: %56 = vector.extract %37[4] : vector<1xi1> from vector<5x1xi1>
// CHECK-NEXT: %57 = arith.addi %55, %54 : vector<1xi32>
// CHECK-NEXT: %58 = arith.select %56, %57, %54 : vector<1xi1>, vector<1xi32>
// CHECK-NEXT: %59 = vector.extract %58[0] : i32 from vector<1xi32>
// CHECK-NEXT: return %17, %33, %59 : vector<2xf32>, vector<3xf32>, i32
func.func @masked(%a: vector<2x4xf32>, %acc: vector<2xf32>, %m: vector<2x4xi1>, %b: vector<4x3xf32>, %acc2: vector<3xf32>, %m2: vector<4x3xi1>, %c: vector<5xi32>, %s: i32, %m3: vector<5xi1>) -> (vector<2xf32>, vector<3xf32>, i32) {
  %0 = vector.mask %m { vector.multi_reduction <add>, %a, %acc [1] : vector<2x4xf32> to vector<2xf32> } : vector<2x4xi1> -> vector<2xf32>
  %1 = vector.mask %m2 { vector.multi_reduction <maxnumf>, %b, %acc2 [0] : vector<4x3xf32> to vector<3xf32> } : vector<4x3xi1> -> vector<3xf32>
  %2 = vector.mask %m3 { vector.multi_reduction <add>, %c, %s [0] : vector<5xi32> to i32 } : vector<5xi1> -> i32
  return %0, %1, %2 : vector<2xf32>, vector<3xf32>, i32
}
