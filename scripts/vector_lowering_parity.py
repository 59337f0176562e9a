#!/usr/bin/env python3
"""tessel's vector.transpose and vector.broadcast lowerings against
mlir-opt 22's.

Generates seeded random functions of vector.transpose ops (ranks 2-4, dims
1-4, random permutations, f32 / i8 / bf16; chains of two transposes)
lowered with `transform.apply_patterns.vector.lower_transpose` under a
random strategy (eltwise, the default, or shuffle_1d), and of
vector.broadcast ops (from 0-d, 1-D and N-D vectors with unit dims, to
ranks 1-4, sometimes of a transpose) lowered with
`transform.apply_patterns.vector.lower_broadcast`, in tessel and in
mlir-opt 22. For each program:

  1. the two outputs are the same text;
  2. tessel's engine computes the same values before and after lowering.

Usage: scripts/vector_lowering_parity.py [--tessel PATH] [--mlir-opt PATH]
                                         [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile


def vec(shape, elem):
    return f"vector<{'x'.join(map(str, shape))}x{elem}>"


def broadcast_program(rng, k):
    elem = rng.choice(["f32", "f32", "i8", "bf16"])
    dst_rank = rng.randint(1, 4)
    dst = [rng.randint(1, 4) for _ in range(dst_rank)]
    src_rank = rng.randint(0, dst_rank)
    src = [rng.choice([1, d]) for d in dst[dst_rank - src_rank:]]
    src_t = vec(src, elem) if src else f"vector<{elem}>"
    lines = [f"  %b = vector.broadcast %arg0 : {src_t} to {vec(dst, elem)}"]
    result, result_t = "%b", vec(dst, elem)
    if dst_rank >= 2 and rng.random() < 0.3:
        perm = rng.sample(range(dst_rank), dst_rank)
        out = [dst[p] for p in perm]
        lines.append(f"  %t = vector.transpose %b, {perm} : {vec(dst, elem)} to {vec(out, elem)}")
        result, result_t = "%t", vec(out, elem)
    descriptors = "transform.apply_patterns.vector.lower_broadcast"
    if result == "%t":
        descriptors += "\n      transform.apply_patterns.vector.lower_transpose"
    func = (f"func.func @f{k}(%arg0: {src_t}) -> {result_t} {{\n" + "\n".join(lines) +
            f"\n  return {result} : {result_t}\n}}\n")
    return func + schedule(descriptors)


def schedule(descriptors):
    return f"""module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {{transform.readonly}}) {{
    %f = transform.structured.match ops{{["func.func"]}} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {{
      {descriptors}
    }} : !transform.any_op
    transform.yield
  }}
}}
"""


def program(rng, k):
    if rng.random() < 0.5:
        return broadcast_program(rng, k)
    elem = rng.choice(["f32", "f32", "i8", "bf16"])
    rank = rng.randint(2, 4)
    shape = [rng.choice([1, 1, 2, 3, 4]) for _ in range(rank)]
    lines, cur, val = [], shape, "%arg0"
    for j in range(rng.randint(1, 2)):
        perm = rng.sample(range(rank), rank)
        out = [cur[p] for p in perm]
        lines.append(f"  %t{j} = vector.transpose {val}, {perm} : {vec(cur, elem)} to {vec(out, elem)}")
        val, cur = f"%t{j}", out
    strategy = rng.choice(["", " lowering_strategy = eltwise", " lowering_strategy = shuffle_1d"])
    func = (f"func.func @f{k}(%arg0: {vec(shape, elem)}) -> {vec(cur, elem)} {{\n" + "\n".join(lines) +
            f"\n  return {val} : {vec(cur, elem)}\n}}\n")
    return func + schedule(f"transform.apply_patterns.vector.lower_transpose{strategy}")


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="tessel-vlower-")
    failures, identical, same_values = [], 0, 0
    lower = ["-transform-interpreter", "-test-transform-dialect-erase-schedule"]
    for k in range(args.count):
        text = program(rng, k)
        path = os.path.join(tmp, f"p{k}.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        up = run([args.mlir_opt, path] + lower)
        ours = run([args.tessel, path] + lower)
        if up.returncode != 0 or ours.returncode != 0:
            failures.append(f"#{k}: a tool failed:\n{up.stderr[:600]}{ours.stderr[:600]}\n{text}")
            continue
        if up.stdout != ours.stdout:
            diff = "".join(difflib.unified_diff(up.stdout.splitlines(True), ours.stdout.splitlines(True),
                                                "mlir-opt", "tessel-opt", n=1))
            failures.append(f"#{k}: the lowering differs from mlir-opt 22:\n{text}{diff[:2000]}")
            continue
        identical += 1
        lowered = os.path.join(tmp, f"l{k}.mlir")
        with open(lowered, "w") as fh:
            fh.write(ours.stdout)
        before = run([args.tessel, path, f"--run=f{k}", "--input=random:5"])
        after = run([args.tessel, lowered, f"--run=f{k}", "--input=random:5"])
        if before.returncode != 0 or after.returncode != 0 or before.stdout != after.stdout:
            failures.append(f"#{k}: the engine computes other values after lowering:\n{text}"
                            f"{before.stderr[:300]}{after.stderr[:300]}")
        else:
            same_values += 1
    print(f"seed {seed}: {args.count} transpose and broadcast programs: {identical} lowered identically to mlir-opt 22, "
          f"{same_values} with the same values in the engine before and after")
    for f in failures[:args.show]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
