// RUN: tessel-opt %s -split-input-file -transform-interpreter -test-transform-dialect-erase-schedule | FileCheck %s

// transform.apply_patterns.vector.lower_outerproduct as mlir-opt 22 applies
// it (the CHECK lines are its output): per row, the broadcast lhs lane
// times the rhs (vector.fma with a float add accumulator, else a multiply
// combined by the kind), inserted into a zero vector; an AXPY is one op.

// CHECK-LABEL: func.func @forms(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4x3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : vector<4x3xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<4xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : f32 to vector<3xf32>
// CHECK-NEXT: %2 = vector.extract %arg2[0] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %3 = vector.fma %1, %arg1, %2 : vector<3xf32>
// CHECK-NEXT: %4 = vector.insert %3, %cst_0 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %5 = vector.extract %arg0[1] : f32 from vector<4xf32>
// CHECK-NEXT: %6 = vector.broadcast %5 : f32 to vector<3xf32>
// CHECK-NEXT: %7 = vector.extract %arg2[1] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %8 = vector.fma %6, %arg1, %7 : vector<3xf32>
// CHECK-NEXT: %9 = vector.insert %8, %4 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %10 = vector.extract %arg0[2] : f32 from vector<4xf32>
// CHECK-NEXT: %11 = vector.broadcast %10 : f32 to vector<3xf32>
// CHECK-NEXT: %12 = vector.extract %arg2[2] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %13 = vector.fma %11, %arg1, %12 : vector<3xf32>
// CHECK-NEXT: %14 = vector.insert %13, %9 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %15 = vector.extract %arg0[3] : f32 from vector<4xf32>
// CHECK-NEXT: %16 = vector.broadcast %15 : f32 to vector<3xf32>
// CHECK-NEXT: %17 = vector.extract %arg2[3] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %18 = vector.fma %16, %arg1, %17 : vector<3xf32>
// CHECK-NEXT: %19 = vector.insert %18, %14 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %20 = vector.extract %arg0[0] : f32 from vector<4xf32>
// CHECK-NEXT: %21 = vector.broadcast %20 : f32 to vector<3xf32>
// CHECK-NEXT: %22 = arith.mulf %21, %arg1 : vector<3xf32>
// CHECK-NEXT: %23 = vector.insert %22, %cst_0 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %24 = vector.extract %arg0[1] : f32 from vector<4xf32>
// CHECK-NEXT: %25 = vector.broadcast %24 : f32 to vector<3xf32>
// CHECK-NEXT: %26 = arith.mulf %25, %arg1 : vector<3xf32>
// CHECK-NEXT: %27 = vector.insert %26, %23 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %28 = vector.extract %arg0[2] : f32 from vector<4xf32>
// CHECK-NEXT: %29 = vector.broadcast %28 : f32 to vector<3xf32>
// CHECK-NEXT: %30 = arith.mulf %29, %arg1 : vector<3xf32>
// CHECK-NEXT: %31 = vector.insert %30, %27 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %32 = vector.extract %arg0[3] : f32 from vector<4xf32>
// CHECK-NEXT: %33 = vector.broadcast %32 : f32 to vector<3xf32>
// CHECK-NEXT: %34 = arith.mulf %33, %arg1 : vector<3xf32>
// CHECK-NEXT: %35 = vector.insert %34, %31 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %36 = vector.broadcast %arg3 : f32 to vector<4xf32>
// CHECK-NEXT: %37 = vector.fma %arg0, %36, %arg0 : vector<4xf32>
// CHECK-NEXT: %38 = vector.extract %arg4[0] : i32 from vector<4xi32>
// CHECK-NEXT: %39 = vector.broadcast %38 : i32 to vector<3xi32>
// CHECK-NEXT: %40 = vector.extract %arg6[0] : vector<3xi32> from vector<4x3xi32>
// CHECK-NEXT: %41 = arith.muli %39, %arg5 : vector<3xi32>
// CHECK-NEXT: %42 = arith.maxsi %41, %40 : vector<3xi32>
// CHECK-NEXT: %43 = vector.insert %42, %cst [0] : vector<3xi32> into vector<4x3xi32>
// CHECK-NEXT: %44 = vector.extract %arg4[1] : i32 from vector<4xi32>
// CHECK-NEXT: %45 = vector.broadcast %44 : i32 to vector<3xi32>
// CHECK-NEXT: %46 = vector.extract %arg6[1] : vector<3xi32> from vector<4x3xi32>
// CHECK-NEXT: %47 = arith.muli %45, %arg5 : vector<3xi32>
// CHECK-NEXT: %48 = arith.maxsi %47, %46 : vector<3xi32>
// CHECK-NEXT: %49 = vector.insert %48, %43 [1] : vector<3xi32> into vector<4x3xi32>
// CHECK-NEXT: %50 = vector.extract %arg4[2] : i32 from vector<4xi32>
// CHECK-NEXT: %51 = vector.broadcast %50 : i32 to vector<3xi32>
// CHECK-NEXT: %52 = vector.extract %arg6[2] : vector<3xi32> from vector<4x3xi32>
// CHECK-NEXT: %53 = arith.muli %51, %arg5 : vector<3xi32>
// CHECK-NEXT: %54 = arith.maxsi %53, %52 : vector<3xi32>
// CHECK-NEXT: %55 = vector.insert %54, %49 [2] : vector<3xi32> into vector<4x3xi32>
// CHECK-NEXT: %56 = vector.extract %arg4[3] : i32 from vector<4xi32>
// CHECK-NEXT: %57 = vector.broadcast %56 : i32 to vector<3xi32>
// CHECK-NEXT: %58 = vector.extract %arg6[3] : vector<3xi32> from vector<4x3xi32>
// CHECK-NEXT: %59 = arith.muli %57, %arg5 : vector<3xi32>
// CHECK-NEXT: %60 = arith.maxsi %59, %58 : vector<3xi32>
// CHECK-NEXT: %61 = vector.insert %60, %55 [3] : vector<3xi32> into vector<4x3xi32>
// CHECK-NEXT: %62 = vector.extract %arg0[0] : f32 from vector<4xf32>
// CHECK-NEXT: %63 = vector.broadcast %62 : f32 to vector<3xf32>
// CHECK-NEXT: %64 = vector.extract %arg2[0] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %65 = arith.mulf %63, %arg1 : vector<3xf32>
// CHECK-NEXT: %66 = arith.mulf %65, %64 : vector<3xf32>
// CHECK-NEXT: %67 = vector.insert %66, %cst_0 [0] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %68 = vector.extract %arg0[1] : f32 from vector<4xf32>
// CHECK-NEXT: %69 = vector.broadcast %68 : f32 to vector<3xf32>
// CHECK-NEXT: %70 = vector.extract %arg2[1] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %71 = arith.mulf %69, %arg1 : vector<3xf32>
// CHECK-NEXT: %72 = arith.mulf %71, %70 : vector<3xf32>
// CHECK-NEXT: %73 = vector.insert %72, %67 [1] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %74 = vector.extract %arg0[2] : f32 from vector<4xf32>
// CHECK-NEXT: %75 = vector.broadcast %74 : f32 to vector<3xf32>
// CHECK-NEXT: %76 = vector.extract %arg2[2] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %77 = arith.mulf %75, %arg1 : vector<3xf32>
// CHECK-NEXT: %78 = arith.mulf %77, %76 : vector<3xf32>
// CHECK-NEXT: %79 = vector.insert %78, %73 [2] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: %80 = vector.extract %arg0[3] : f32 from vector<4xf32>
// CHECK-NEXT: %81 = vector.broadcast %80 : f32 to vector<3xf32>
// CHECK-NEXT: %82 = vector.extract %arg2[3] : vector<3xf32> from vector<4x3xf32>
// CHECK-NEXT: %83 = arith.mulf %81, %arg1 : vector<3xf32>
// CHECK-NEXT: %84 = arith.mulf %83, %82 : vector<3xf32>
// CHECK-NEXT: %85 = vector.insert %84, %79 [3] : vector<3xf32> into vector<4x3xf32>
// CHECK-NEXT: return %19, %35, %37, %61, %85 : vector<4x3xf32>, vector<4x3xf32>, vector<4xf32>, vector<4x3xi32>, vector<4x3xf32>
func.func @forms(%a: vector<4xf32>, %b: vector<3xf32>, %c: vector<4x3xf32>, %s: f32, %i: vector<4xi32>, %j: vector<3xi32>, %ci: vector<4x3xi32>) -> (vector<4x3xf32>, vector<4x3xf32>, vector<4xf32>, vector<4x3xi32>, vector<4x3xf32>) {
  %0 = vector.outerproduct %a, %b, %c : vector<4xf32>, vector<3xf32>
  %1 = vector.outerproduct %a, %b : vector<4xf32>, vector<3xf32>
  %2 = vector.outerproduct %a, %s, %a : vector<4xf32>, f32
  %3 = vector.outerproduct %i, %j, %ci {kind = #vector.kind<maxsi>} : vector<4xi32>, vector<3xi32>
  %4 = vector.outerproduct %a, %b, %c {kind = #vector.kind<mul>} : vector<4xf32>, vector<3xf32>
  return %0, %1, %2, %3, %4 : vector<4x3xf32>, vector<4x3xf32>, vector<4xf32>, vector<4x3xi32>, vector<4x3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A masked outer product replaces its vector.mask: per row (or, for an AXPY,
// whole) the mask keeps the accumulator where it is off (arith.select).
// CHECK-LABEL: func.func @masked(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2x3xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<2xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : f32 to vector<3xf32>
// CHECK-NEXT: %2 = vector.extract %arg2[0] : vector<3xf32> from vector<2x3xf32>
// CHECK-NEXT: %3 = vector.extract %arg3[0] : vector<3xi1> from vector<2x3xi1>
// CHECK-NEXT: %4 = vector.fma %1, %arg1, %2 : vector<3xf32>
// CHECK-NEXT: %5 = arith.select %3, %4, %2 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %6 = vector.insert %5, %cst [0] : vector<3xf32> into vector<2x3xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1] : f32 from vector<2xf32>
// CHECK-NEXT: %8 = vector.broadcast %7 : f32 to vector<3xf32>
// CHECK-NEXT: %9 = vector.extract %arg2[1] : vector<3xf32> from vector<2x3xf32>
// CHECK-NEXT: %10 = vector.extract %arg3[1] : vector<3xi1> from vector<2x3xi1>
// CHECK-NEXT: %11 = vector.fma %8, %arg1, %9 : vector<3xf32>
// CHECK-NEXT: %12 = arith.select %10, %11, %9 : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: %13 = vector.insert %12, %6 [1] : vector<3xf32> into vector<2x3xf32>
// CHECK-NEXT: %14 = vector.broadcast %arg5 : i32 to vector<2xi32>
// CHECK-NEXT: %15 = arith.muli %arg4, %14 : vector<2xi32>
// CHECK-NEXT: %16 = arith.maxsi %15, %arg6 : vector<2xi32>
// CHECK-NEXT: %17 = arith.select %arg7, %16, %arg6 : vector<2xi1>, vector<2xi32>
// CHECK-NEXT: return %13, %17 : vector<2x3xf32>, vector<2xi32>
func.func @masked(%a: vector<2xf32>, %b: vector<3xf32>, %c: vector<2x3xf32>, %m: vector<2x3xi1>, %i: vector<2xi32>, %s: i32, %ci: vector<2xi32>, %mi: vector<2xi1>) -> (vector<2x3xf32>, vector<2xi32>) {
  %0 = vector.mask %m { vector.outerproduct %a, %b, %c : vector<2xf32>, vector<3xf32> } : vector<2x3xi1> -> vector<2x3xf32>
  %1 = vector.mask %mi { vector.outerproduct %i, %s, %ci {kind = #vector.kind<maxsi>} : vector<2xi32>, i32 } : vector<2xi1> -> vector<2xi32>
  return %0, %1 : vector<2x3xf32>, vector<2xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %m : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.yield
  }
}
