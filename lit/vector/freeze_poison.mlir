// RUN: tessel-opt %s -split-input-file -freeze-poison | FileCheck %s
// RUN: tessel-opt %s -split-input-file -freeze-poison -mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// tessel's (mlir-opt 22 has no such pass; docs/differences.md):
// -freeze-poison replaces each ub.poison by a zero constant of its type, so
// no poison reaches MLIR's LLVM conversion (22's -convert-vector-to-llvm
// leaves them to -convert-ub-to-llvm). A poison may be any value; the
// engine reads it as zero bits, so nothing it computes changes
// (freeze_poison_run.mlir).

// CHECK-LABEL: func.func @scalars(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %cst, %c0_i8, %c0, %false : f32, i8, index, i1
func.func @scalars() -> (f32, i8, index, i1) {
  %0 = ub.poison : f32
  %1 = ub.poison : i8
  %2 = ub.poison : index
  %3 = ub.poison : i1
  return %0, %1, %2, %3 : f32, i8, index, i1
}

// -----

// Vectors (also scalable) and static tensors get splats of zero.
// CHECK-LABEL: func.func @shaped(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4x8xbf16>
// CHECK-NEXT: %cst_0 = arith.constant dense<0> : vector<[4]xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1
func.func @shaped() -> (vector<4x8xbf16>, vector<[4]xi32>, tensor<2x3xf32>) {
  %0 = ub.poison : vector<4x8xbf16>
  %1 = ub.poison : vector<[4]xi32>
  %2 = ub.poison : tensor<2x3xf32>
  return %0, %1, %2 : vector<4x8xbf16>, vector<[4]xi32>, tensor<2x3xf32>
}

// -----

// Types no arith.constant holds keep their poison.
// CHECK-LABEL: func.func @kept(
// CHECK-NEXT: %0 = ub.poison : memref<4xf32>
// CHECK-NEXT: %1 = ub.poison : complex<f32>
// CHECK-NEXT: %2 = ub.poison : tensor<?xf32>
// CHECK-NEXT: %3 = ub.poison : si8
func.func @kept() -> (memref<4xf32>, complex<f32>, tensor<?xf32>, si8) {
  %0 = ub.poison : memref<4xf32>
  %1 = ub.poison : complex<f32>
  %2 = ub.poison : tensor<?xf32>
  %3 = ub.poison : si8
  return %0, %1, %2, %3 : memref<4xf32>, complex<f32>, tensor<?xf32>, si8
}

// -----

// The padding of a vectorized pack (never read: the read is in bounds) and
// the insert chain of a lowered transpose start from zeros; the poison is
// replaced where it stood, in nested regions too.
// CHECK-LABEL: func.func @vector_code(
// CHECK: scf.for
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: vector.transfer_read %{{.*}}, %[[Z]] {in_bounds = [true, true]}
// CHECK: %[[V:.*]] = arith.constant dense<0.000000e+00> : vector<2x4xf32>
// CHECK: vector.insert %{{.*}}, %[[V]] [0] : vector<4xf32> into vector<2x4xf32>
// CHECK-NOT: ub.poison
func.func @vector_code(%a: tensor<8x4xf32>, %n: index) -> vector<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<1.0> : vector<4x2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (vector<4x2xf32>) {
    %p = ub.poison : f32
    %v = vector.transfer_read %a[%i, %c0], %p {in_bounds = [true, true]} : tensor<8x4xf32>, vector<4x2xf32>
    %s = arith.addf %acc, %v : vector<4x2xf32>
    scf.yield %s : vector<4x2xf32>
  }
  %q = ub.poison : vector<2x4xf32>
  %e0 = vector.extract %r[0] : vector<2xf32> from vector<4x2xf32>
  %row = vector.broadcast %e0 : vector<2xf32> to vector<2x2xf32>
  %flat = vector.shape_cast %row : vector<2x2xf32> to vector<4xf32>
  %t = vector.insert %flat, %q [0] : vector<4xf32> into vector<2x4xf32>
  %t1 = vector.insert %flat, %t [1] : vector<4xf32> into vector<2x4xf32>
  return %t1 : vector<2x4xf32>
}

// STATS: FreezePoison
// STATS-NEXT: (S) 4 num-frozen
// STATS: FreezePoison
// STATS-NEXT: (S) 3 num-frozen
// STATS: FreezePoison
// STATS-NEXT: (S) 0 num-frozen
// STATS: FreezePoison
// STATS-NEXT: (S) 2 num-frozen
