// RUN: tessel-opt %s | FileCheck %s --check-prefix=PRINT
// RUN: tessel-opt %s --run=rows --input=iota --input=10 | FileCheck %s --check-prefix=ROWS
// RUN: tessel-opt %s --run=leading --input=iota | FileCheck %s --check-prefix=LEAD
// RUN: tessel-opt %s --run=scalars --input=1.5 --input=2.5 | FileCheck %s --check-prefix=ZERO

// vector.shuffle as mlir-opt 22 prints it (the result type is inferred)
// and as it runs: positions index v1's leading dim, then v2's; -1 is
// poison (zeros in the engine, as ub.poison).

// PRINT: %0 = vector.shuffle %arg0, %arg1 [1, 4, -1, 2] : vector<2xf32>, vector<3xf32>
// PRINT: %0 = vector.shuffle %arg0, %arg0 [1, 0, 1] : vector<2x2xi32>, vector<2x2xi32>
// PRINT: %2 = vector.shuffle %0, %1 [1, 0] : vector<f32>, vector<f32>

// ROWS:      // result #0: vector<4xf32>
// ROWS-NEXT: [1.0, 10.0, 0.0, 10.0]
func.func @rows(%a: vector<2xf32>, %b: vector<3xf32>) -> vector<4xf32> {
  %0 = vector.shuffle %a, %b [1, 4, -1, 2] : vector<2xf32>, vector<3xf32>
  return %0 : vector<4xf32>
}

// LEAD:      // result #0: vector<3x2xi32>
// LEAD-NEXT: {{\[\[}}2, 3],
// LEAD-NEXT:  [0, 1],
// LEAD-NEXT:  [2, 3]]
func.func @leading(%a: vector<2x2xi32>) -> vector<3x2xi32> {
  %0 = vector.shuffle %a, %a [1, 0, 1] : vector<2x2xi32>, vector<2x2xi32>
  return %0 : vector<3x2xi32>
}

// ZERO:      // result #0: vector<2xf32>
// ZERO-NEXT: [2.5, 1.5]
func.func @scalars(%x: f32, %y: f32) -> vector<2xf32> {
  %a = vector.broadcast %x : f32 to vector<f32>
  %b = vector.broadcast %y : f32 to vector<f32>
  %0 = vector.shuffle %a, %b [1, 0] : vector<f32>, vector<f32>
  return %0 : vector<2xf32>
}
