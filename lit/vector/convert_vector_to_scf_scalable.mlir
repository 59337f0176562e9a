// RUN: tessel-opt %s --convert-vector-to-scf | FileCheck %s

// -convert-vector-to-scf on scalable vectors as mlir-opt 22 (the CHECK lines
// are its output): a 1-D print or a non-contiguous 1-D transfer loops
// `4 * vector.vscale` times (`%c4_vscale`, as upstream names the product).

// CHECK-DAG: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @p(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c4_vscale = arith.muli %vscale, %c4 : index
// CHECK-NEXT: %0 = arith.subi %c4_vscale, %c1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c4_vscale step %c1 {
// CHECK-NEXT: %1 = vector.extract %arg0[%arg1] : i32 from vector<[4]xi32>
// CHECK-NEXT: vector.print %1 : i32 punctuation <no_punctuation>
// CHECK-NEXT: %2 = arith.cmpi ult, %arg1, %0 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return

// CHECK-LABEL: func.func @r(
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<[4]xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c4_vscale = arith.muli %vscale, %c4 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %c4_vscale step %c1 iter_args(%arg3 = %cst) -> (vector<[4]xf32>) {
// CHECK-NEXT: %1 = affine.apply #map(%arg2)[%arg1]
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map(%arg2)[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim, %2 : index
// CHECK-NEXT: %4 = scf.if %3 -> (vector<[4]xf32>) {
// CHECK-NEXT: %5 = memref.load %arg0[%1, %arg1] : memref<?x?xf32>
// CHECK-NEXT: %6 = vector.insert %5, %arg3 [%arg2] : f32 into vector<[4]xf32>
// CHECK-NEXT: scf.yield %6 : vector<[4]xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : vector<[4]xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %4 : vector<[4]xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : vector<[4]xf32>

// CHECK-LABEL: func.func @vs(
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: return %vscale : index


func.func @p(%v: vector<[4]xi32>) {
  vector.print %v : vector<[4]xi32>
  return
}
func.func @r(%m: memref<?x?xf32>, %i: index) -> vector<[4]xf32> {
  %p = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<[4]xf32>
  return %v : vector<[4]xf32>
}
func.func @vs() -> index {
  %0 = vector.vscale
  return %0 : index
}
