// REQUIRES: mlir
// --run-engine=mlir: MLIR 22 lowers the function and its ExecutionEngine
// runs it. The results of lit/run/results.mlir, checked by that file's own
// CHECK lines, come out the same on this engine.
// RUN: tessel-opt %S/../run/results.mlir --run=pack --input=iota --run-engine=mlir | FileCheck %S/../run/results.mlir --check-prefix=PACK
// RUN: tessel-opt %S/../run/results.mlir --tile-pack-unpack="tile-sizes=2,1 loop=forall" --run=pack --input=iota --run-engine=mlir | FileCheck %S/../run/results.mlir --check-prefix=PACK
// RUN: tessel-opt %S/../run/results.mlir --run=wrap --input=100 --input=100 --run-engine=mlir | FileCheck %S/../run/results.mlir --check-prefix=WRAP
// RUN: tessel-opt %S/../run/results.mlir --run=bf16 --input=256 --input=1 --run-engine=mlir | FileCheck %S/../run/results.mlir --check-prefix=BF16
// RUN: tessel-opt %S/../run/results.mlir --run=big --input=iota --run-engine=mlir | FileCheck %S/../run/results.mlir --check-prefix=BIG
//
// Identical bytes: a tiled unpack of random bf16 data (NaN payloads kept)
// written by both engines.
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=5,3" --canonicalize --cse --run=unpack --input=random:3 --output=%t.interp.npy
// RUN: tessel-opt %s --tile-pack-unpack="tile-sizes=5,3" --canonicalize --cse --run=unpack --input=random:3 --output=%t.mlir.npy --run-engine=mlir
// RUN: cmp %t.interp.npy %t.mlir.npy
//
// Several results, scalars among them, a dynamic shape, --mlir-timing.
// RUN: tessel-opt %s --run=mixed --input=%t.mlir.npy --input=2.5 --run-engine=mlir --run-repeat=3 --mlir-timing 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED:      MLIR lowering and JIT
// MIXED-NEXT: Execution
// MIXED:      // result #0: f32
// MIXED-NEXT: 5.0
// MIXED-NEXT: // result #1: tensor<13x15xbf16>
// MIXED:      // result #2: index
// MIXED-NEXT: 13
//
// Mistakes and what MLIR cannot do are errors with locations.
// RUN: not tessel-opt %s --run=mixed --input=%t.mlir.npy --input=1 --run-engine=mlir --run-check-uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: tessel-opt: error: --run-check-uninit needs the interpreter (--run-engine=interp)

func.func @unpack(%p: tensor<4x5x4x3xbf16>) -> tensor<13x15xbf16> {
  %init = tensor.empty() : tensor<13x15xbf16>
  %0 = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %init : tensor<4x5x4x3xbf16> -> tensor<13x15xbf16>
  return %0 : tensor<13x15xbf16>
}

func.func @mixed(%t: tensor<?x15xbf16>, %s: f32) -> (f32, tensor<?x15xbf16>, index) {
  %c0 = arith.constant 0 : index
  %y = arith.addf %s, %s : f32
  %n = tensor.dim %t, %c0 : tensor<?x15xbf16>
  return %y, %t, %n : f32, tensor<?x15xbf16>, index
}
