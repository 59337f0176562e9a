#!/usr/bin/env python3
"""Folding and lowering speed: tessel-opt against mlir-opt 22 on a module of
N pack chains, wall time, CPU time (user + sys) and peak memory (max RSS)
of the best of RUNS runs.

Each chain is one small function, the plainest large input (static shapes
that vary from chain to chain):

    transpose -> pack (padded)          folds into one pack
    unpack -> extract_slice              folds into one unpack into a smaller dest

Pipelines (the same rewrites in both tools):
  tessel-opt  -test-linalg-transform-patterns=test-fold-into-pack-and-unpack
              -canonicalize -lower-pack-unpack -canonicalize -cse
  mlir-opt    -test-linalg-transform-patterns=test-fold-into-pack-and-unpack
              -canonicalize -transform-interpreter (lower_pack / lower_unpack
              on every pack and unpack) -canonicalize -cse

Before timing, both outputs for a 50-chain module are compared: they must
be identical but for the transform schedule mlir-opt keeps.

Usage: benches/fold_lower_compare.py [--runs R] [N ...]   (default 1000 10000)
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from mlir_runner_check import strip_schedule  # noqa: E402

SCHEDULE = """module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %packs : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpacks : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
"""

FOLD = "-test-linalg-transform-patterns=test-fold-into-pack-and-unpack"


def chain(i):
    """One chain function; shapes vary with i."""
    a, b = 9 + i % 23, 13 + i % 17  # x is a x b
    ta, tb = 8, 4
    # transpose(x): b x a, packed with tiles [8, 4] on dims [0, 1].
    pb, pa = -(-b // ta), -(-a // tb)
    packed = f"{pb}x{pa}x{ta}x{tb}"
    # y is the packed form of a (ra x rb) tensor; the slice keeps every tile.
    ra, rb = 16 + (i % 5) * 8, 32
    sa, sb = ra - 3, rb - 1
    return f"""func.func @c{i}(%x: tensor<{a}x{b}xf32>, %y: tensor<{ra // 8}x{rb // 4}x8x4xf32>) -> (tensor<{packed}xf32>, tensor<{sa}x{sb}xf32>) {{
  %cst = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<{b}x{a}xf32>
  %t = linalg.transpose ins(%x : tensor<{a}x{b}xf32>) outs(%e0 : tensor<{b}x{a}xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<{packed}xf32>
  %p = linalg.pack %t padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [{ta}, {tb}] into %e1 : tensor<{b}x{a}xf32> -> tensor<{packed}xf32>
  %e2 = tensor.empty() : tensor<{ra}x{rb}xf32>
  %u = linalg.unpack %y inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e2 : tensor<{ra // 8}x{rb // 4}x8x4xf32> -> tensor<{ra}x{rb}xf32>
  %s = tensor.extract_slice %u[0, 0] [{sa}, {sb}] [1, 1] : tensor<{ra}x{rb}xf32> to tensor<{sa}x{sb}xf32>
  return %p, %s : tensor<{packed}xf32>, tensor<{sa}x{sb}xf32>
}}
"""


def module(n):
    return "".join(chain(i) for i in range(n))


def run_once(cmd):
    """(wall s, cpu s, max rss MiB) of one run; None if it fails."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if status != 0:
        print(f"failed: {' '.join(cmd)}\n{err[:2000]}", file=sys.stderr)
        return None
    return (wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024)


def measure_interleaved(cmds, runs):
    """For each command, (wall s, cpu s, max rss MiB) of its fastest of
    `runs` runs (None if it fails). The commands take turns, run after
    run, so that a machine whose speed drifts (a shared host) slows them
    alike instead of whichever ran during a slow spell. The order of each
    turn is shuffled (seeded): on this 2-core host a run that comes right
    after mlir-opt's (both cores busy for seconds) is measurably slower,
    and a fixed order always handed that penalty to the same command."""
    best = [None] * len(cmds)
    failed = [False] * len(cmds)
    order = random.Random(0)
    for _ in range(runs):
        turn = list(enumerate(cmds))
        order.shuffle(turn)
        for i, cmd in turn:
            if failed[i]:
                continue
            r = run_once(cmd)
            if r is None:
                failed[i], best[i] = True, None
            elif best[i] is None or r[0] < best[i][0]:
                best[i] = r
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[1000, 10000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tessel", default="target/release/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    if a.tessel == "target/release/tessel-opt":
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tessel-opt"], check=True)
    tessel = [a.tessel, FOLD, "-canonicalize", "-lower-pack-unpack", "-canonicalize", "-cse"]
    mlir = [a.mlir_opt, FOLD, "-canonicalize", "-transform-interpreter", "-canonicalize", "-cse"]
    with tempfile.TemporaryDirectory() as tmp:
        plain, scheduled = os.path.join(tmp, "in.mlir"), os.path.join(tmp, "sched.mlir")

        def write(n):
            text = module(n)
            with open(plain, "w") as fh:
                fh.write(text)
            with open(scheduled, "w") as fh:
                fh.write(text + SCHEDULE)

        write(50)
        ours = subprocess.run(tessel + [plain, "--pack-spelling=linalg"], capture_output=True, text=True)
        up = subprocess.run(mlir + [scheduled], capture_output=True, text=True)
        same = ours.returncode == 0 and up.returncode == 0 and ours.stdout == strip_schedule(up.stdout)
        print(f"outputs on 50 chains: {'identical' if same else 'DIFFERENT'}")
        print(f"{'chains':>8} {'ops':>8} | {'tessel wall':>11} {'cpu':>7} {'MiB':>6} | "
              f"{'mlir wall':>9} {'cpu':>7} {'MiB':>6} | {'wall x':>6} {'cpu x':>6} {'us/op':>6}")
        for n in a.sizes:
            write(n)
            ops = n * 10  # ops per chain as written (terminator included)
            t, m = measure_interleaved([tessel + [plain, "-o", os.devnull], mlir + [scheduled, "-o", os.devnull]], a.runs)
            if t is None or m is None:
                print(f"{n:>8} {ops:>8} | a tool failed")
                continue
            print(f"{n:>8} {ops:>8} | {t[0]:>10.2f}s {t[1]:>6.2f}s {t[2]:>6.0f} | {m[0]:>8.2f}s {m[1]:>6.2f}s "
                  f"{m[2]:>6.0f} | {m[0] / t[0]:>5.1f}x {m[1] / t[1]:>5.1f}x {t[0] * 1e6 / ops:>6.2f}")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
