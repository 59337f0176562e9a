#!/usr/bin/env python3
"""tessel's constant folds of the arith casts against mlir-opt 22's.

Generates seeded random functions, each a chain of casts (index_cast,
index_castui, extsi, extui, trunci, sitofp, uitofp, fptosi, fptoui, extf,
truncf) starting from a random constant: a scalar, a splat vector or a
vector of distinct elements, of i1 / i8 / i16 / i32 / i64 / index / f16 /
bf16 / f32 / f64, with values near the types' limits, fractions, infinities
and NaN. Every value of the chain is returned, so each fold shows. Then:

  1. `-canonicalize` in both tools gives the same text;
  2. tessel's engine computes the same bits before and after canonicalize
     (for casts that fold: the folded constant is what the op computes).

Usage: scripts/cast_fold_parity.py [--tessel PATH] [--mlir-opt PATH]
                                   [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile

INTS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
FLOATS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
INT_VALUES = [0, 1, -1, 2, 7, 100, 127, -128, 255, 256, 32767, -32768, 65535, 2147483647, -2147483648,
              4294967295, 16777217, 9007199254740993, -9223372036854775808, 9223372036854775807]
FLOAT_VALUES = ["0.0", "-0.0", "1.0", "-1.0", "2.5", "-2.5", "0.1", "3.75", "65504.0", "65520.0", "1.0e+10",
                "-1.0e+10", "3.0e+38", "1.0e-08", "255.9", "-128.5", "4294967295.0", "16777217.0",
                "0x7F800000", "0xFF800000", "0x7FC00000"]


def fits(v, ty):
    w = INTS[ty]
    if ty == "i1":
        return v in (0, 1, -1)
    return -(1 << (w - 1)) <= v < (1 << w)


def literal(ty, rng):
    if ty in INTS:
        v = rng.choice([v for v in INT_VALUES if fits(v, ty)])
        if ty == "i1":
            return str(rng.choice([0, 1]))
        return str(v)
    v = rng.choice(FLOAT_VALUES)
    if v.startswith("0x"):
        # Hex literals are bit patterns of the type: f32's only.
        return v if ty == "f32" else "1.5"
    return v


def next_casts(ty):
    """(op, result type) pairs that can follow a value of type `ty`."""
    out = []
    if ty in INTS:
        w = INTS[ty]
        for t, tw in INTS.items():
            if ty == "index" or t == "index":
                if ty != t:
                    out += [("index_cast", t), ("index_castui", t)]
                continue
            if tw > w:
                out += [("extsi", t), ("extui", t)]
            elif tw < w:
                out.append(("trunci", t))
        if ty != "index":
            for t in FLOATS:
                out += [("sitofp", t), ("uitofp", t)]
    else:
        w = FLOATS[ty]
        for t, tw in FLOATS.items():
            if tw > w:
                out.append(("extf", t))
            elif tw < w:
                out.append(("truncf", t))
        for t in INTS:
            if t not in ("index",):
                out += [("fptosi", t), ("fptoui", t)]
    return out


def program(rng, k):
    ty = rng.choice(list(INTS) + list(FLOATS))
    shape = rng.choice([None, None, [4], [2, 3]])
    wrap = (lambda t: f"vector<{'x'.join(map(str, shape))}x{t}>") if shape else (lambda t: t)
    if shape and ty == "index" and rng.random() < 0.5:
        ty = "i32"
    n = 1
    for d in shape or []:
        n *= d
    if shape and rng.random() < 0.5:
        lits = [literal(ty, rng) for _ in range(n)]
        if ty == "i1":
            lits = ["true" if x == "1" else "false" for x in lits]
        value = f"dense<[{', '.join(lits)}]>" if len(shape) == 1 else \
            "dense<[" + ", ".join("[" + ", ".join(lits[r * shape[1]:(r + 1) * shape[1]]) + "]" for r in range(shape[0])) + "]>"
    elif shape:
        lit = literal(ty, rng)
        value = f"dense<{lit}>"
    else:
        value = literal(ty, rng)
    lines = [f"  %v0 = arith.constant {value} : {wrap(ty)}"]
    vals, tys = ["%v0"], [wrap(ty)]
    cur = ty
    for i in range(1, rng.randint(2, 5)):
        choices = [c for c in next_casts(cur) if not (shape and "index" in c[1])]
        if not choices:
            break
        op, t = rng.choice(choices)
        lines.append(f"  %v{i} = arith.{op} {vals[-1]} : {wrap(cur)} to {wrap(t)}")
        vals.append(f"%v{i}")
        tys.append(wrap(t))
        cur = t
    return (f"func.func @f{k}() -> ({', '.join(tys)}) {{\n" + "\n".join(lines) +
            f"\n  return {', '.join(vals)} : {', '.join(tys)}\n}}\n")


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
    tmp = tempfile.mkdtemp(prefix="tessel-casts-")
    failures, identical, same_bits = [], 0, 0
    for k in range(args.count):
        text = program(rng, k)
        path = os.path.join(tmp, f"c{k}.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        up = run([args.mlir_opt, path, "-canonicalize"])
        ours = run([args.tessel, path, "-canonicalize"])
        if up.returncode != 0:
            failures.append(f"#{k}: mlir-opt 22 failed:\n{up.stderr[:800]}\n{text}")
            continue
        if ours.returncode != 0:
            failures.append(f"#{k}: tessel-opt failed:\n{ours.stderr[:800]}\n{text}")
            continue
        if up.stdout != ours.stdout:
            diff = "".join(difflib.unified_diff(up.stdout.splitlines(True), ours.stdout.splitlines(True),
                                                "mlir-opt", "tessel-opt", n=1))
            failures.append(f"#{k}: -canonicalize differs from mlir-opt 22:\n{text}{diff[:2000]}")
            continue
        identical += 1
        after = os.path.join(tmp, f"c{k}.canon.mlir")
        with open(after, "w") as fh:
            fh.write(ours.stdout)
        b = run([args.tessel, path, f"--run=f{k}"])
        a = run([args.tessel, after, f"--run=f{k}"])
        if b.returncode != 0 or a.returncode != 0:
            failures.append(f"#{k}: the engine failed:\n{b.stderr[:500]}{a.stderr[:500]}\n{text}")
        elif b.stdout != a.stdout:
            failures.append(f"#{k}: the engine computes other values after canonicalize:\n{text}"
                            f"before:\n{b.stdout[:600]}after:\n{a.stdout[:600]}")
        else:
            same_bits += 1
    print(f"seed {seed}: {args.count} cast chains: {identical} canonicalized identically to mlir-opt 22, "
          f"{same_bits} with the same values in the engine before and after")
    for f in failures[:args.show]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
