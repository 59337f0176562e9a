#!/usr/bin/env python3
"""`-sccp` speed: tessel-opt against mlir-opt 22 on one module of N random
programs (the generator of `scripts/sccp_parity.py`: arithmetic, branches,
loops, region ops, calls into private helpers), wall time, CPU time
(user + sys) and peak memory (max RSS) of the best of RUNS runs, the tools
taking turns (`fold_lower_compare.measure_interleaved`).

Before timing, both outputs for the smallest module are compared: they must
be identical.

Usage: benches/sccp_compare.py [--runs R] [--seed S] [N ...]   (default 1000 10000)
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
sys.path.insert(0, HERE)
from fold_lower_compare import measure_interleaved  # noqa: E402
from sccp_parity import program  # noqa: E402


def main(flag="-sccp", make=program, check=None, sizes=(1000, 10000)):
    """Times `flag` on modules of `make(rng, k)` programs; the outputs on
    the first `check` programs (default: the smallest size) must agree."""
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=list(sizes))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tessel", default="target/release/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    a = ap.parse_args()
    if a.tessel == "target/release/tessel-opt":
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tessel-opt"], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.mlir")

        def write(n):
            rng = random.Random(a.seed)
            text = "\n".join(make(rng, k) for k in range(n))
            with open(path, "w") as fh:
                fh.write(text)
            return text.count("\n")

        checked = check or min(a.sizes)
        write(checked)
        ours = subprocess.run([a.tessel, path, flag], capture_output=True, text=True)
        up = subprocess.run([a.mlir_opt, path, flag], capture_output=True, text=True)
        same = ours.returncode == 0 and up.returncode == 0 and ours.stdout == up.stdout
        print(f"outputs on {checked} programs: {'identical' if same else 'DIFFERENT'}")
        print(f"{'programs':>8} {'lines':>8} | {'tessel wall':>11} {'cpu':>7} {'MiB':>6} | "
              f"{'mlir wall':>9} {'cpu':>7} {'MiB':>6} | {'wall x':>6} {'cpu x':>6}")
        for n in a.sizes:
            lines = write(n)
            cmds = [[a.tessel, path, flag, "-o", os.devnull], [a.mlir_opt, path, flag, "-o", os.devnull]]
            t, m = measure_interleaved(cmds, a.runs)
            if t is None or m is None:
                print(f"{n:>8} {lines:>8} | a tool failed")
                continue
            print(f"{n:>8} {lines:>8} | {t[0]:>10.2f}s {t[1]:>6.2f}s {t[2]:>6.0f} | {m[0]:>8.2f}s {m[1]:>6.2f}s "
                  f"{m[2]:>6.0f} | {m[0] / t[0]:>5.1f}x {m[1] / t[1]:>5.1f}x")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
