// COMPAT: tessel-only (runs the engine; the masked transposing read is where mlir-opt 22 lowers wrongly)
// RUN: tessel-opt %s --run=f --input=iota --input=1 --input=2 --input=random:7 --input=random:9 --input=iota > %t.before
// RUN: tessel-opt %s --convert-vector-to-scf --run=f --input=iota --input=1 --input=2 --input=random:7 --input=random:9 --input=iota > %t.after
// RUN: diff %t.before %t.after
// RUN: tessel-opt %s '--convert-vector-to-scf=full-unroll=1' --run=f --input=iota --input=1 --input=2 --input=random:7 --input=random:9 --input=iota > %t.unrolled
// RUN: diff %t.before %t.unrolled
// RUN: tessel-opt %s '--convert-vector-to-scf=target-rank=0' --run=f --input=iota --input=1 --input=2 --input=random:7 --input=random:9 --input=iota > %t.rank0
// RUN: diff %t.before %t.rank0
// RUN: tessel-opt %s --convert-vector-to-scf | FileCheck %s --check-prefix=LEFT
// RUN: cat %t.after | FileCheck %s

// Transfers lowered by -convert-vector-to-scf compute what they did before:
// reads partly out of bounds (padding), masked n-D and 1-D transfers,
// transposing and broadcasting maps, writes past the end, under every
// option. The inputs are a 5x6 iota memref, indices 1 and 2, and random
// masks, and a 2x5x3 iota memref.
//
// The last read is masked and transposing on a 3-D memref (a map that the
// permutation lowering cannot make a minor identity): its mask
// (vector<3x4xi1>, in the memref's dim order) is not in the vector's order
// (4x3). mlir-opt 22 unpacks it as if it were, loading row 3 of a 3-row mask
// buffer and masking other lanes; tessel leaves that transfer as it is.
// LEFT: vector.transfer_read %arg5[%arg1, %c0, %c0], %{{.*}}, %arg3 {{{.*}}permutation_map = #map{{[0-9]*}}} : memref<2x5x3xf32>, vector<4x3xf32>

func.func @f(%m: memref<5x6xf32>, %i: index, %j: index, %mask: vector<3x4xi1>, %mask1: vector<4xi1>, %n: memref<2x5x3xf32>)
    -> (vector<4x4xf32>, vector<2x3xf32>, vector<3x4xf32>, vector<4xf32>, vector<2x3xf32>, vector<4x3xf32>) {
  %p = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %r0 = vector.transfer_read %m[%j, %j], %p : memref<5x6xf32>, vector<4x4xf32>
  %r1 = vector.transfer_read %m[%i, %j], %p {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<5x6xf32>, vector<2x3xf32>
  %r2 = vector.transfer_read %m[%i, %j], %p, %mask : memref<5x6xf32>, vector<3x4xf32>
  %r3 = vector.transfer_read %m[%i, %j], %p, %mask1 {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<5x6xf32>, vector<4xf32>
  %r4 = vector.transfer_read %m[%c0, %j], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>, in_bounds = [true, false]} : memref<5x6xf32>, vector<2x3xf32>
  %w = arith.addf %r2, %r2 : vector<3x4xf32>
  vector.transfer_write %w, %m[%j, %j], %mask : vector<3x4xf32>, memref<5x6xf32>
  %r5 = vector.transfer_read %n[%i, %c0, %c0], %p, %mask {permutation_map = affine_map<(d0, d1, d2) -> (d1, d0)>} : memref<2x5x3xf32>, vector<4x3xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5 : vector<4x4xf32>, vector<2x3xf32>, vector<3x4xf32>, vector<4xf32>, vector<2x3xf32>, vector<4x3xf32>
}

// CHECK: // result #0: vector<4x4xf32>
// CHECK-NEXT: {{\[\[}}14.0, 15.0, 16.0, 17.0],
// CHECK-NEXT:  [20.0, 21.0, 22.0, 23.0],
// CHECK-NEXT:  [26.0, 27.0, 28.0, 29.0],
// CHECK-NEXT:  [-1.0, -1.0, -1.0, -1.0]]
// CHECK: // result #5: vector<4x3xf32>
