// The engine's resource limits: every tensor is checked against the memory
// limit before it is allocated (sizes in checked arithmetic), and a call
// stops after --run-max-steps ops; each is a diagnostic, never an abort.
//
// RUN: not tessel-opt %s --run=huge_arg --input=0 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not tessel-opt %s --run=generic_40gb --run-memory-limit=8G 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: not tessel-opt %s --run=fill_40tb 2>&1 | FileCheck %s --check-prefix=FILL
// RUN: not tessel-opt %s --run=two_live --run-memory-limit=6M 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: tessel-opt %s --run=two_live --run-memory-limit=9M | FileCheck %s --check-prefix=FITS
// RUN: not tessel-opt %s --run=huge_arg --input=iota --run-memory-limit=1K 2>&1 | FileCheck %s --check-prefix=IOTA
// RUN: not tessel-opt %s --run=long_loop --run-max-steps=1000 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: tessel-opt %s --run=long_loop --run-max-steps=1000000 | FileCheck %s --check-prefix=LOOP
// RUN: not tessel-opt %s --run=fill_40tb --run-memory-limit=lots 2>&1 | FileCheck %s --check-prefix=BADSIZE
// RUN: not tessel-opt %s --run=long_loop --run-max-steps=-1 2>&1 | FileCheck %s --check-prefix=BADSTEPS
// RUN: not tessel-opt %s --run=forall_masks --run-memory-limit=4608K 2>&1 | FileCheck %s --check-prefix=MASKS
// RUN: not tessel-opt %s --run=two_live --run-check-uninit --run-memory-limit=8200K 2>&1 | FileCheck %s --check-prefix=UNINIT

// OVERFLOW: tessel-opt: error: --input #0 ('0'): tensor<9223372036854775807x2xf32> needs more than 2^64 bytes, over the engine's memory limit of {{[0-9]+}} bytes ({{.*}}) (--run-memory-limit=SIZE sets the limit)
// OVERFLOW-NOT: panicked
func.func @huge_arg(%a: tensor<9223372036854775807x2xf32>) -> tensor<9223372036854775807x2xf32> {
  return %a : tensor<9223372036854775807x2xf32>
}

#id = affine_map<(d0, d1) -> (d0, d1)>
// GENERIC: limits.mlir:[[# @LINE + 2]]:8: error: tensor<100000x100000xf32> needs 40000000000 bytes (37.3 GiB), over the engine's memory limit of 8589934592 bytes (8.0 GiB) (--run-memory-limit=SIZE sets the limit)
func.func @generic_40gb() -> tensor<100000x100000xf32> {
  %e = tensor.empty() : tensor<100000x100000xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<100000x100000xf32>) {
  ^bb0(%o: f32):
    %c = arith.constant 1.0 : f32
    linalg.yield %c : f32
  } -> tensor<100000x100000xf32>
  return %r : tensor<100000x100000xf32>
}

// The default limit is the memory the system reports as available.
// FILL: limits.mlir:[[# @LINE + 3]]:8: error: tensor<100000x100000x1000xf32> needs 40000000000000 bytes (36.4 TiB), over the engine's memory limit of
func.func @fill_40tb() -> tensor<100000x100000x1000xf32> {
  %c = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<100000x100000x1000xf32>
  %r = linalg.fill ins(%c : f32) outs(%e : tensor<100000x100000x1000xf32>) -> tensor<100000x100000x1000xf32>
  return %r : tensor<100000x100000x1000xf32>
}

// The limit is on what is live at once: two 4 MiB tensors need 8 MiB.
// LIVE: limits.mlir:[[# @LINE + 5]]:8: error: tensor<1024x1024xf32> needs 4194304 bytes (4.0 MiB), over the engine's memory limit of 6291456 bytes (6.0 MiB) with 4194304 bytes (4.0 MiB) already live
// FITS: result #0: tensor<1024x1024xf32>
// FITS: result #1: tensor<1024x1024xf32>
func.func @two_live() -> (tensor<1024x1024xf32>, tensor<1024x1024xf32>) {
  %a = tensor.empty() : tensor<1024x1024xf32>
  %b = tensor.empty() : tensor<1024x1024xf32>
  return %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>
}

// IOTA: tessel-opt: error: --input #0 ('iota'): tensor<9223372036854775807x2xf32> needs more than 2^64 bytes, over the engine's memory limit of 1024 bytes (1.0 KiB)

// STEPS: limits.mlir:[[# @LINE + 8]]:10: error: step limit exceeded: this call has executed 1000 ops (--run-max-steps=N raises the limit)
// LOOP: result #0: index
// LOOP-NEXT: 499500
func.func @long_loop() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %b = arith.addi %a, %i : index
    scf.yield %b : index
  }
  return %r : index
}

// BADSIZE: invalid value 'lots' for --run-memory-limit (expected a size: bytes, or a number with K, M, G or T)
// BADSTEPS: invalid value '-1' for --run-max-steps (expected a positive integer)

// The bookkeeping is budgeted too: a forall keeps a byte per element of each
// shared output (which iteration wrote it), --run-check-uninit a byte per
// element of each tensor.empty.
// MASKS: limits.mlir:[[# @LINE + 6]]:8: error: tensor<1024x1024xi8> needs 1048576 bytes (1.0 MiB), over the engine's memory limit of 4718592 bytes (4.5 MiB) with 4194304 bytes (4.0 MiB) already live
// Without the masks the two 4 MiB tensors of @two_live fit in 8.2 MB; with
// --run-check-uninit the first one's mask (1 MiB) is live too.
// UNINIT: limits.mlir:{{[0-9]+}}:8: error: tensor<1024x1024xf32> needs 4194304 bytes (4.0 MiB), over the engine's memory limit of 8396800 bytes (8.0 MiB) with 5242880 bytes (5.0 MiB) already live
func.func @forall_masks() -> tensor<1024x1024xf32> {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %r = scf.forall (%i) in (1) shared_outs(%o = %e) -> (tensor<1024x1024xf32>) {
    %s = tensor.extract_slice %o[0, 0] [1, 1] [1, 1] : tensor<1024x1024xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<1024x1024xf32>
    }
  }
  return %r : tensor<1024x1024xf32>
}
