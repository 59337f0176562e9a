// RUN: tessel-opt %s -canonicalize | FileCheck %s

// Float folds and integer folds on vectors, as mlir-opt 22 canonicalizes
// them (the CHECK lines are its output): f32 / f64 constants computed with
// IEEE rounding, NaN and signed zeros kept; x + -0.0, x - 0.0, x * 1.0 and
// x / 1.0 are x; min/max of equal operands; x ^ x on vectors a zero splat,
// x * splat(0) the splat; broadcasts of constants splats.
// CHECK-LABEL: func.func @floats(
// CHECK-SAME: %[[X:[^:]+]]: f32
// CHECK-DAG: %[[SUM:.+]] = arith.constant 3.000000e-01 : f32
// CHECK-DAG: %[[DIV:.+]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[MAX:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[MIN:.+]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[D:.+]] = arith.constant 0.30000000000000004 : f64
// CHECK: return %[[SUM]], %[[DIV]], %[[MAX]], %[[MIN]], %[[D]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @floats(%x: f32) -> (f32, f32, f32, f32, f64, f32, f32, f32, f32, f32) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %da = arith.constant 0.1 : f64
  %db = arith.constant 0.2 : f64
  %sum = arith.addf %a, %b : f32
  %div = arith.divf %z, %z : f32
  %max = arith.maximumf %nz, %z : f32
  %min = arith.minimumf %nz, %z : f32
  %d = arith.addf %da, %db : f64
  %n1 = arith.addf %x, %nz : f32
  %n2 = arith.subf %x, %z : f32
  %n3 = arith.mulf %x, %one : f32
  %n4 = arith.divf %x, %one : f32
  %n5 = arith.maximumf %x, %x : f32
  return %sum, %div, %max, %min, %d, %n1, %n2, %n3, %n4, %n5 : f32, f32, f32, f32, f64, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @vectors(
// CHECK-SAME: %[[V:[^:]+]]: vector<4xi8>, %[[F:[^:]+]]: vector<4xf32>
// CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0> : vector<4xi8>
// CHECK-DAG: %[[SPLAT:.+]] = arith.constant dense<1.500000e+00> : vector<4xf32>
// CHECK: return %[[ZERO]], %[[ZERO]], %[[V]], %[[F]], %[[SPLAT]]
func.func @vectors(%v: vector<4xi8>, %f: vector<4xf32>) -> (vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xf32>, vector<4xf32>) {
  %zero = arith.constant dense<0> : vector<4xi8>
  %c = arith.constant 1.5 : f32
  %x = arith.xori %v, %v : vector<4xi8>
  %m = arith.muli %v, %zero : vector<4xi8>
  %s = arith.maxsi %v, %v : vector<4xi8>
  %n = arith.minimumf %f, %f : vector<4xf32>
  %b = vector.broadcast %c : f32 to vector<4xf32>
  return %x, %m, %s, %n, %b : vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xf32>, vector<4xf32>
}
