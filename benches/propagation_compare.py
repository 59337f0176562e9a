#!/usr/bin/env python3
"""Data-layout propagation speed: tessel-opt against mlir-opt 22's
`-test-linalg-data-layout-propagation` on a module of N elementwise chains
around packs; wall time, CPU time (user + sys) and peak memory (max RSS)
of the best of RUNS runs, and tessel's time per op. tessel runs twice: by
default and on one thread (`--mlir-disable-threading`). After a pass both
print on one thread and only the verifier's split of a large block differs,
so the gap between those two columns shows the host's noise.

Each chain is one small function, the plainest large input (static shapes
that vary from chain to chain, f32):

    unpack -> bias add (broadcast row) -> ReLU -> pack of the same tiling
    generic (scale) -> pack                     (a pack to bubble up)

Both tools run the same patterns (`-test-linalg-data-layout-propagation`);
before timing, the outputs on a 50-chain module are compared and must be
identical.

Usage: benches/propagation_compare.py [--runs R] [N ...]   (default 100 1000 10000)
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fold_lower_compare import measure_interleaved  # noqa: E402

FLAG = "-test-linalg-data-layout-propagation"
OPS_PER_CHAIN = 23  # ops per chain as written (bodies and terminators included)


def chain(i):
    """One chain function; shapes vary with i."""
    m, n = 8 * (1 + i % 5), 4 * (2 + i % 7)  # the plain tensor is m x n
    pm, pn = m // 8, n // 4
    p = f"{pm}x{pn}x8x4"
    return f"""func.func @c{i}(%x: tensor<{p}xf32>, %b: tensor<{n}xf32>, %y: tensor<{m}x{n}xf32>) -> (tensor<{p}xf32>, tensor<{p}xf32>) {{
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %u = linalg.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<{p}xf32> -> tensor<{m}x{n}xf32>
  %biased = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%u, %b : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  }} -> tensor<{m}x{n}xf32>
  %relu = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%biased : tensor<{m}x{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  }} -> tensor<{m}x{n}xf32>
  %d = tensor.empty() : tensor<{p}xf32>
  %out = linalg.pack %relu inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<{m}x{n}xf32> -> tensor<{p}xf32>
  %scaled = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%y : tensor<{m}x{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %t = arith.mulf %v, %v : f32
    linalg.yield %t : f32
  }} -> tensor<{m}x{n}xf32>
  %d2 = tensor.empty() : tensor<{p}xf32>
  %out2 = linalg.pack %scaled inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d2 : tensor<{m}x{n}xf32> -> tensor<{p}xf32>
  return %out, %out2 : tensor<{p}xf32>, tensor<{p}xf32>
}}
"""


MAPS = """#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
"""


def module(n):
    return MAPS + "".join(chain(i) for i in range(n))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[100, 1000, 10000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tessel", default="target/release/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    if a.tessel == "target/release/tessel-opt":
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tessel-opt"], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.mlir")

        def write(n):
            with open(path, "w") as fh:
                fh.write(module(n))

        write(50)
        ours = subprocess.run([a.tessel, path, FLAG], capture_output=True, text=True)
        up = subprocess.run([a.mlir_opt, path, FLAG], capture_output=True, text=True)
        same = ours.returncode == 0 and up.returncode == 0 and ours.stdout == up.stdout
        print(f"outputs on 50 chains: {'identical' if same else 'DIFFERENT'}")
        print(f"{'chains':>8} {'ops':>8} | {'tessel wall':>11} {'cpu':>7} {'MiB':>6} | {'1 thread':>8} {'cpu':>7} | "
              f"{'mlir wall':>9} {'cpu':>7} {'MiB':>6} | {'wall x':>6} {'cpu x':>6} {'1t cpu x':>8} {'us/op':>6}")
        for n in a.sizes:
            write(n)
            ops = n * OPS_PER_CHAIN
            # tessel by default (helper threads where the printer splits a
            # large block), tessel on one thread, mlir-opt by default.
            t, t1, m = measure_interleaved([[a.tessel, path, FLAG, "-o", os.devnull],
                                            [a.tessel, path, FLAG, "--mlir-disable-threading", "-o", os.devnull],
                                            [a.mlir_opt, path, FLAG, "-o", os.devnull]], a.runs)
            if t is None or t1 is None or m is None:
                print(f"{n:>8} {ops:>8} | a tool failed")
                continue
            print(f"{n:>8} {ops:>8} | {t[0]:>10.2f}s {t[1]:>6.2f}s {t[2]:>6.0f} | {t1[0]:>7.2f}s {t1[1]:>6.2f}s | "
                  f"{m[0]:>8.2f}s {m[1]:>6.2f}s {m[2]:>6.0f} | {m[0] / t[0]:>5.1f}x {m[1] / t[1]:>5.1f}x "
                  f"{m[1] / t1[1]:>7.1f}x {t[0] * 1e6 / ops:>6.2f}")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
