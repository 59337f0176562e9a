#!/usr/bin/env python3
"""Where tessel's vectorization differs from MLIR 22's, the code it makes
is timed against 22's: packs that fit in a few vector registers' worth of
cache, vectorized as one op with `transform.structured.vectorize`.

  mlir22_vec   mlir-opt 22: `transform.structured.vectorize` (a padded
               pack needs `vector_sizes` of the whole destination, so
               every tile is masked), `lower_transpose` with
               `shuffle_1d` (its best strategy; an n-D transpose that is
               not a 2-D slice falls back to single elements), then
               -one-shot-bufferize, -lower-vector-mask,
               -convert-vector-to-scf=full-unroll, -canonicalize
  tessel_vec   tessel-opt: the same schedule without vector sizes (the
               padded pack is cut into unmasked whole tiles and a
               boundary read past the source, no masks), its n-D
               `shuffle_1d` (row moves and one shuffle per 2-D slice),
               the same passes and `-freeze-poison`

Both are lowered to LLVM by the same mlir-opt 22 conversions, `opt -O3`
and `llc -O3` (benches/codegen_compare.py's LOWERING and harness): the
harness checks each output against a C reference, then times ROUNDS
rounds, memcpy and the kernels taking turns, each sample enough calls for
64 MiB of output. The table gives min/median wall time per call, mean CPU
time, GB/s of output, the fraction of memcpy's time (memcpy of the same
bytes, in cache) and the harness's peak RSS.

Usage: benches/vectorize_compare.py [--rounds 15] [--only NAME]
       benches/vectorize_compare.py --check   (bytes only: CI)
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codegen_compare as cc  # noqa: E402

# Kernels nobody tuned the vectorizer for: padded packs of several shapes
# and tiles, transposing packs of tiles larger than one 16x16 block, and a
# plain pack where both vectorizers agree (the control).
KERNELS = [
    cc.Kernel("padded pack 61x250 8x16", "pack", [61, 250], "f32", [0, 1], [8, 16], pad=0.0),
    cc.Kernel("padded pack 100x30 16x8 [1,0] outer", "pack", [100, 30], "f32", [0, 1], [16, 8], perm=[1, 0],
              pad=0.0),
    cc.Kernel("padded i8 pack 37x120 4x32", "pack", [37, 120], "i8", [0, 1], [4, 32], pad=0),
    cc.Kernel("transposing pack 64x64 32x32 [1,0]", "pack", [64, 64], "f32", [1, 0], [32, 32]),
    cc.Kernel("transposing pack 64x96 16x32 [1,0]", "pack", [64, 96], "f32", [1, 0], [16, 32]),
    cc.Kernel("transposing bf16 pack 128x32 8x64 [1,0]", "pack", [128, 32], "bf16", [1, 0], [8, 64]),
    cc.Kernel("pack 64x128 8x32 (control)", "pack", [64, 128], "f32", [0, 1], [8, 32]),
]


def schedule(kernel, vector_sizes):
    sizes = ""
    if vector_sizes and kernel.pad is not None:
        sizes = f" vector_sizes {kernel.packed_shape()}"
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
            '    %p = transform.structured.match ops{["linalg.pack"]} in %root : '
            "(!transform.any_op) -> !transform.any_op\n"
            f"    transform.structured.vectorize %p{sizes} : !transform.any_op\n"
            '    %f = transform.structured.match ops{["func.func"]} in %root : '
            "(!transform.any_op) -> !transform.any_op\n"
            "    transform.apply_patterns to %f {\n"
            "      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_1d\n"
            "    } : !transform.any_op\n"
            "    transform.yield\n  }\n}\n")


PASSES = ["-transform-interpreter", "-test-transform-dialect-erase-schedule", "-canonicalize", "-eliminate-empty-tensors",
          "-one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
          "-cse", "-canonicalize", "-lower-vector-mask", "-convert-vector-to-scf=full-unroll=true", "-canonicalize"]


def compile_mlir22(tessel, kernel, work):
    return cc.run([f"{cc.LLVM}/mlir-opt", "-"] + PASSES, kernel.mlir() + schedule(kernel, True))


def compile_tessel(tessel, kernel, work):
    return cc.run([tessel, "-", "--pack-spelling=linalg"] + PASSES + ["-freeze-poison"],
                  kernel.mlir() + schedule(kernel, False))


PIPELINES = [("tessel_vec", compile_tessel), ("mlir22_vec", compile_mlir22)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default=os.path.join(cc.ROOT, "target", "release", "tessel-opt"))
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--only", help="run the kernels whose name contains this")
    ap.add_argument("--check", action="store_true", help="bytes checked against the reference, no timing (CI)")
    args = ap.parse_args()
    kernels = [k for k in KERNELS if not args.only or args.only in k.name]
    bad = 0
    with tempfile.TemporaryDirectory() as work:
        for k in kernels:
            exe, names, failed = cc.build(args.tessel, k, work, PIPELINES)
            if "tessel_vec" in failed:
                print(f"{k.name}: tessel's pipeline failed: {failed['tessel_vec']}")
                bad += 1
                continue
            out = cc.run_harness(exe, names, k, work, 0 if args.check else args.rounds)
            if out is None:
                bad += 1
                continue
            if args.check:
                print(f"{k.name}: {', '.join(names)} equal the C reference ({k.out_bytes()} bytes)"
                      + "".join(f"; {n} failed ({why})" for n, why in failed.items()))
                continue
            cc.report_row((k, names, failed, out))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
