#!/usr/bin/env python3
"""The layout lowering executed by real MLIR: random XLA layouts (nested
tiles, `*`, non-default minor_to_major, tiles that do not divide, tiles
longer than the rank) go through `tessel-layout mlir`; mlir-opt 22 lowers
@to_layout / @from_layout (lower_pack / lower_unpack, one-shot-bufferize,
LLVM conversions) and mlir-runner runs them on a tensor whose element e
holds id(e) + 1. The value at row-major position linear_index(e) of the
result (asked of `tessel-layout index`) must be id(e) + 1, every other slot
0 (the padding value), and from_layout(to_layout(x)) must be x.

Usage: scripts/layout_runner_check.py [--bin-dir target/debug] [--llvm-bin DIR] [--cases 50] [--seed S]
"""
import argparse
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from mlir_runner_check import dense, lower_and_run, run, runner_setup  # noqa: E402


def random_layout(rng):
    rank = rng.randint(0, 3)
    dims = [rng.randint(1, 6) for _ in range(rank)]
    m2m = list(range(rank))
    rng.shuffle(m2m)
    tiles = ""
    for _ in range(rng.randint(0, 2)):
        k = rng.randint(1, 3)
        entries = ["*" if j + 1 < k and rng.random() < 0.2 else str(rng.randint(1, 4)) for j in range(k)]
        tiles += "(" + ",".join(entries) + ")"
    fields = f"T{tiles}" if tiles else ""
    colon = ":" if fields else ""
    return f"f32[{','.join(map(str, dims))}]{{{','.join(map(str, m2m))}{colon}{fields}}}", dims


def shape_of_type(t):
    inner = t[len("tensor<"):-1]
    return [int(x) for x in inner.split("x")[:-1]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", default="target/debug")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--cases", type=int, default=50)
    ap.add_argument("--seed", type=int, default=20261122)
    args = ap.parse_args()
    tool = os.path.join(args.bin_dir, "tessel-layout")
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(args.llvm_bin, "tessel-layout-runner-")
    rng = random.Random(args.seed)
    failures, ok = [], 0
    while ok + len(failures) < args.cases:
        layout, dims = random_layout(rng)
        m = run([tool, "mlir", layout])
        if m.returncode != 0:
            failures.append(f"{layout}: tessel-layout mlir failed:\n{m.stderr}")
            continue
        text = m.stdout
        sig = text[text.index("@to_layout("):].split("{", 1)[0]
        logical_t = sig.split(": ", 1)[1].split(")", 1)[0]
        packed_t = sig.split("-> ", 1)[1].strip()
        packed_shape = shape_of_type(packed_t)
        n_packed = 1
        for d in packed_shape:
            n_packed *= d
        if n_packed > 20000:
            continue  # a tile much longer than the array: too big to print
        n = 1
        for d in dims:
            n *= d
        src = [float(k + 1) for k in range(n)]
        coords = list(itertools.product(*[range(d) for d in dims]))
        idx = run([tool, "index", layout], stdin="".join(",".join(map(str, c)) + "\n" for c in coords))
        if idx.returncode != 0:
            failures.append(f"{layout}: tessel-layout index failed:\n{idx.stderr}")
            continue
        expected = [0.0] * n_packed
        for k, line in enumerate(idx.stdout.split()):
            expected[int(line)] = float(k + 1)
        body = text[text.index("module {") + len("module {"):text.rindex("}")]
        prog = f"""module {{
{body}
func.func private @printMemrefF32(%ptr : tensor<*xf32>)
func.func @main() {{
  %src = arith.constant dense<{dense(dims, src)}> : {logical_t}
  %p = call @to_layout(%src) : ({logical_t}) -> {packed_t}
  %b = call @from_layout(%p) : ({packed_t}) -> {logical_t}
  %cp = tensor.cast %p : {packed_t} to tensor<*xf32>
  %cb = tensor.cast %b : {logical_t} to tensor<*xf32>
  call @printMemrefF32(%cp) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%cb) : (tensor<*xf32>) -> ()
  return
}}
}}
"""
        path = os.path.join(tmp, f"case{ok + len(failures)}.mlir")
        got, err = lower_and_run(prog, path, mlir_opt, runner, lower_path, libs)
        if err:
            failures.append(f"{layout}: {err}")
            continue
        if len(got) != 2 or got[0] != expected or got[1] != src:
            failures.append(f"{layout}: wrong values\nexpected {expected}\ngot      {got[0] if got else None}\n"
                            f"round trip {'ok' if len(got) > 1 and got[1] == src else 'WRONG'}")
            continue
        ok += 1
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"layout-runner: {ok} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
