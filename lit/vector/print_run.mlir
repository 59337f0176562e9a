// COMPAT: tessel-only (runs the engine; mlir-opt 22 cannot read a bare vector.print followed by an op with results)
// RUN: tessel-opt %s --run=main > %t.before
// RUN: tessel-opt %s --convert-vector-to-scf --run=main > %t.after
// RUN: diff %t.before %t.after
// RUN: cat %t.before | FileCheck %s

// The engine prints vector.print as MLIR's runtime does (mlir-runner prints
// these lines for this function, lowered by mlir-opt 22): vectors nested in
// `( )`, floats as C's %g, i1 as 0 / 1, i8 signed, index unsigned, a string
// with no punctuation after it. -convert-vector-to-scf decomposes the n-D
// prints into loops of scalar prints that print the same text.
//
// The bare `vector.print`s before `%c = ...` and `%d:2 = ...` is followed by an op with
// results: mlir-opt 22 reads `%c` as its operand and fails ("expected
// ':'"), also on its own output of -convert-vector-to-scf; tessel reads an
// operand only when a type follows it.

func.func @main() {
  %v = arith.constant dense<[[0, -1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %w = arith.constant dense<[false, true, false, true]> : vector<4xi1>
  %x = arith.constant dense<-0.773099> : vector<f32>
  %f = arith.constant 1116192.0 : f32
  %u = arith.constant dense<[-0.226464, 1.0e-5, 123456.0]> : vector<3xf64>
  %i = arith.constant dense<[7, 255]> : vector<2xi8>
  %n = arith.constant 3 : index
  vector.print %v : vector<2x3xi32>
  vector.print %w : vector<4xi1>
  vector.print %x : vector<f32>
  vector.print %f : f32 punctuation <comma>
  vector.print str "done"
  vector.print %u : vector<3xf64>
  vector.print
  %c = arith.addi %n, %n : index
  vector.print %i : vector<2xi8>
  vector.print
  %d:2 = scf.execute_region -> (index, index) {
    scf.yield %n, %c : index, index
  }
  vector.print %d#1 : index
  return
}

// CHECK:      ( ( 0, -1, 2 ), ( 3, 4, 5 ) )
// CHECK-NEXT: ( 0, 1, 0, 1 )
// CHECK-NEXT: ( -0.773099 )
// CHECK-NEXT: 1.11619e+06, done( -0.226464, 1e-05, 123456 )
// CHECK-EMPTY:
// CHECK-NEXT: ( 7, -1 )
// CHECK-EMPTY:
// CHECK-NEXT: 6
