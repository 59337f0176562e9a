#!/usr/bin/env python3
"""Bufferization speed: tessel-opt against mlir-opt 22 on modules of N
tiled packs and unpacks, wall time, CPU time (user + sys) and peak memory
(max RSS) of the best of RUNS runs, the tools taking turns.

The input is what a tiling pipeline hands to bufferization: 100 seeded
random packs and unpacks (ranks 1-3, padding, transposed tiles; the
generator of scripts/mlir_runner_check.py, not tuned for this) tiled by
tessel-opt in scf.for or scf.forall loops, repeated with renamed functions
up to N functions.

  lowered     both tools: -one-shot-bufferize=bufferize-function-boundaries
              -buffer-loop-hoisting on the -lower-pack-unpack output (the
              only form mlir-opt 22 can bufferize); outputs compared first
  direct      tessel-opt alone: the same pipeline on the tiled packs and
              unpacks themselves (MLIR 22 cannot bufferize them)

Usage: benches/bufferize_compare.py [--runs R] [--seed S] [N ...]   (default 1000 5000)
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
sys.path.insert(0, HERE)
from fold_lower_compare import measure_interleaved  # noqa: E402
from mlir_runner_check import case_ir, random_configs, renamed_module  # noqa: E402

PIPELINE = ["-one-shot-bufferize=bufferize-function-boundaries", "-buffer-loop-hoisting"]


def programs(tessel, seed, lower):
    """The 100 tiled programs (lowered or not) as printed modules."""
    out = []
    extra = ["--lower-pack-unpack"] if lower else []
    for kind, shape, pos, tiles, perm, sizes, loop in random_configs(100, seed):
        fn, _, _ = case_ir(kind, shape, pos, tiles, perm)
        sz = ",".join(map(str, sizes))
        t = subprocess.run([tessel, "-", f"--tile-pack-unpack=tile-sizes={sz} loop={loop}"] + extra +
                           ["--canonicalize", "--cse", "--pack-spelling=linalg"], input=fn, capture_output=True,
                           text=True)
        if t.returncode != 0:
            sys.exit(f"tessel-opt could not tile a program:\n{t.stderr}")
        out.append(t.stdout)
    return out


def module(progs, n):
    aliases, bodies = [], []
    for i in range(n):
        al, body = renamed_module(progs[i % len(progs)], f"f{i}")
        aliases += al
        bodies.append(body)
    return "\n".join(aliases) + "\nmodule {\n" + "\n".join(bodies) + "\n}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sizes", nargs="*", type=int, default=[1000, 5000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--tessel", default="target/release/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    if a.tessel == "target/release/tessel-opt":
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tessel-opt"], check=True)
    lowered, direct = programs(a.tessel, a.seed, True), programs(a.tessel, a.seed, False)
    with tempfile.TemporaryDirectory() as tmp:
        low_path, dir_path = os.path.join(tmp, "lowered.mlir"), os.path.join(tmp, "direct.mlir")
        with open(low_path, "w") as fh:
            fh.write(module(lowered, 100))
        ours = subprocess.run([a.tessel, low_path] + PIPELINE, capture_output=True, text=True)
        up = subprocess.run([a.mlir_opt, low_path] + PIPELINE, capture_output=True, text=True)
        same = ours.returncode == 0 and up.returncode == 0 and ours.stdout == up.stdout
        print(f"outputs on 100 lowered programs: {'identical' if same else 'DIFFERENT'}")
        print(f"{'funcs':>6} {'lines':>7} | {'tessel wall':>11} {'cpu':>6} {'MiB':>5} | {'mlir wall':>9} {'cpu':>6} "
              f"{'MiB':>5} | {'wall x':>6} {'cpu x':>5} | {'direct wall':>11} {'cpu':>6} {'MiB':>5}")
        for n in a.sizes:
            text = module(lowered, n)
            with open(low_path, "w") as fh:
                fh.write(text)
            with open(dir_path, "w") as fh:
                fh.write(module(direct, n))
            t, m, d = measure_interleaved([[a.tessel, low_path, "-o", os.devnull] + PIPELINE,
                                           [a.mlir_opt, low_path, "-o", os.devnull] + PIPELINE,
                                           [a.tessel, dir_path, "-o", os.devnull] + PIPELINE], a.runs)
            if t is None or m is None or d is None:
                print(f"{n:>6} | a tool failed")
                continue
            print(f"{n:>6} {text.count(chr(10)):>7} | {t[0]:>10.2f}s {t[1]:>5.2f}s {t[2]:>5.0f} | {m[0]:>8.2f}s "
                  f"{m[1]:>5.2f}s {m[2]:>5.0f} | {m[0] / t[0]:>5.1f}x {m[1] / t[1]:>4.1f}x | {d[0]:>10.2f}s "
                  f"{d[1]:>5.2f}s {d[2]:>5.0f}")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
