#!/usr/bin/env python3
"""tessel's integer folds and arith canonicalizations against mlir-opt 22's.

Generates seeded random functions of integer arith ops (addi, subi, muli,
divsi/divui, remui, minui, maxsi, andi; i8, i16, i32 and index; constants
near the types' limits; random overflow flags), runs `-canonicalize` in both
tools and compares the outputs as text. A difference fails unless the two
outputs are the same lines with the function-entry constants in another
order (reported: MLIR's folder reorders constants it revisits, which
tessel's sweeps do not yet follow in every case).

Usage: scripts/arith_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import random
import subprocess
import sys

TYPES = ["i8", "i16", "i32", "index"]
OPS = ["addi", "subi", "muli", "addi", "subi", "divui", "remui", "minui", "maxsi", "divsi", "andi"]
CONSTANTS = [0, 1, -1, 2, 3, 5, 7, 100, -128, 127, 255]


def program(rng, k):
    ty = rng.choice(TYPES)
    lines = [f"func.func @f{k}(%x: {ty}, %y: {ty}) -> {ty} {{"]
    vals = ["%x", "%y"]
    for i in range(rng.randint(2, 6)):
        lines.append(f"  %c{i} = arith.constant {rng.choice(CONSTANTS)} : {ty}")
        vals.append(f"%c{i}")
    for i in range(rng.randint(2, 7)):
        op = rng.choice(OPS)
        a, b = rng.choice(vals), rng.choice(vals)
        flags = ""
        if op in ("addi", "subi", "muli") and rng.random() < 0.4:
            flags = " overflow<" + rng.choice(["nsw", "nuw", "nsw, nuw"]) + ">"
        lines.append(f"  %v{i} = arith.{op} {a}, {b}{flags} : {ty}")
        vals.append(f"%v{i}")
    lines.append(f"  return {vals[-1]} : {ty}\n}}")
    return "\n".join(lines) + "\n"


def constants_reordered(up, ours):
    """The same lines, only the leading constants of the function in
    another order."""
    def split(text):
        lines = text.splitlines()
        consts = [line for line in lines if " = arith.constant " in line]
        return sorted(consts), [line for line in lines if " = arith.constant " not in line]
    return split(up) == split(ours)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show", type=int, default=3)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    identical, reordered, failures = 0, 0, []
    for k in range(a.count):
        text = program(rng, k)
        up = subprocess.run([a.mlir_opt, "-", "-canonicalize"], input=text, capture_output=True, text=True)
        ours = subprocess.run([a.tessel, "-", "-canonicalize"], input=text, capture_output=True, text=True)
        if up.returncode != 0:
            failures.append(f"mlir-opt failed on:\n{text}{up.stderr}")
        elif ours.returncode != 0:
            failures.append(f"tessel-opt failed on:\n{text}{ours.stderr}")
        elif ours.stdout == up.stdout:
            identical += 1
        elif constants_reordered(up.stdout, ours.stdout):
            reordered += 1
        else:
            diff = "".join(difflib.unified_diff(
                up.stdout.splitlines(True), ours.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=2))
            failures.append(f"{text}{diff}")
    for f in failures[: a.show]:
        print(f"--- differs:\n{f}")
    print(f"arith parity: seed {seed}, {a.count} functions: {identical} identical, "
          f"{reordered} with the entry constants in another order, {len(failures)} differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
