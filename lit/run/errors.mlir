// RUN: not tessel-opt %s --run=slice --input=iota --input=3 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not tessel-opt %s --run=div --input=1 --input=0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not tessel-opt %s --run=uninit --run-check-uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: not tessel-opt %s --run=twice 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tessel-opt %s --run=nosuch 2>&1 | FileCheck %s --check-prefix=NOFUNC
// RUN: not tessel-opt %s --run=div --input=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tessel-opt %s --run=div --input=1 --input=x 2>&1 | FileCheck %s --check-prefix=LITERAL
// RUN: not tessel-opt %s --run=div --input=1 --input=%S/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tessel-opt %s --run=dyn --input=iota 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not tessel-opt %s --input=iota 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: not tessel-opt %s --run=div --input=1 --input=2 --run-repeat=0 2>&1 | FileCheck %s --check-prefix=REPEAT
// RUN: tessel-opt %s --run=make --output=%t.f32.npy
// RUN: not tessel-opt %s --run=takes_i8 --input=%t.f32.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not tessel-opt %s --run=takes_3 --input=%t.f32.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: head -c 90 %t.f32.npy > %t.bad.npy
// RUN: not tessel-opt %s --run=takes_3 --input=%t.bad.npy 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: not tessel-opt %s --run=make --output=%t.a.npy --output=%t.b.npy 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// RUN: not tessel-opt %s --run=unpack_into --input=iota --input=5 2>&1 | FileCheck %s --check-prefix=TILES_PAST
// RUN: not tessel-opt %s --run=unpack_into --input=iota --input=20 2>&1 | FileCheck %s --check-prefix=TILES_SHORT

// OOB: errors.mlir:[[# @LINE + 2]]:8: error: tensor.extract_slice out of bounds: dim 0 reads [3, 5) of a dimension of size 4
func.func @slice(%t: tensor<4xf32>, %i: index) -> tensor<2xf32> {
  %0 = tensor.extract_slice %t[%i] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// DIV: errors.mlir:[[# @LINE + 2]]:8: error: division by zero
func.func @div(%a: i32, %b: i32) -> i32 {
  %0 = arith.divsi %a, %b : i32
  return %0 : i32
}

// UNINIT: errors.mlir:[[# @LINE + 1]]:1: error: result #0 of @uninit holds an element never written (element 0)
func.func @uninit() -> tensor<2xf32> {
  %0 = tensor.empty() : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Two iterations write element 1.
// TWICE: errors.mlir:[[# @LINE + 8]]:7: error: scf.forall: two iterations write element 1 of shared output #0
func.func @twice() -> tensor<4xf32> {
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %small = tensor.empty() : tensor<2xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %init) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %small into %o[%i] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

func.func @dyn(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}

func.func @make() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

func.func @takes_i8(%t: tensor<2xi8>) -> tensor<2xi8> {
  return %t : tensor<2xi8>
}

func.func @takes_3(%t: tensor<3xf32>) -> tensor<3xf32> {
  return %t : tensor<3xf32>
}

// DTYPE: tessel-opt: error: --input #0 ('{{.*}}.f32.npy'): dtype <f4 does not hold i8 (expected |i1)
// SHAPE: tessel-opt: error: --input #0 ('{{.*}}.f32.npy'): shape [2] of the file does not fit the argument type tensor<3xf32>
// CORRUPT: tessel-opt: error: --input #0 ('{{.*}}.bad.npy'): truncated .npy header
// OUTPUTS: tessel-opt: error: --run: @make returns 1 result, got 2 --output
// NOFUNC: tessel-opt: error: --run: no function @nosuch in the module
// COUNT: tessel-opt: error: --run: @div takes 2 arguments, got 1 --input
// LITERAL: tessel-opt: error: --input #1 ('x'): not an input: expected a .npy path, iota, random:SEED or a i32 literal
// MISSING: tessel-opt: error: --input #1 ('{{.*}}missing.npy'): cannot read:
// DYN: tessel-opt: error: --input #0 ('iota'): tensor<?xf32> has dynamic dims: pass a .npy file
// ALONE: tessel-opt: --input and --output need --run=<func>
// REPEAT: tessel-opt: invalid value '0' for --run-repeat (expected a positive integer)

// An unpack into a dynamic destination needs exactly enough tiles: 2 tiles
// of 8 hold 9 to 16 elements.
// TILES_PAST: errors.mlir:[[# @LINE + 4]]:8: error: unpack: 2 tiles of 8 cover 16 of the 5 elements of dim 0: a whole tile lies past the end
// TILES_SHORT: errors.mlir:[[# @LINE + 3]]:8: error: unpack: 2 tiles of 8 cover 16 of the 20 elements of dim 0
func.func @unpack_into(%src: tensor<2x8xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %u = linalg.unpack %src inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<2x8xf32> -> tensor<?xf32>
  return %u : tensor<?xf32>
}
