#!/usr/bin/env python3
"""tessel's scf.while and scf.for canonicalizations against mlir-opt 22's.

Generates seeded random functions with an scf.while loop: a counter that
bounds it, 0-3 more loop-carried values, a `before` block that computes
values from its arguments and the function's, a condition (a comparison of
the counter, sometimes forwarded to the `after` block, sometimes repeated or
inverted there), forwarded values that are `before` arguments in any order,
values computed in or defined outside the `before` block, duplicates; an
`after` block that yields back arguments, inits, outside values or new
values; results used or not. And scf.for loops (a variable or constant trip
count, 1-4 iteration arguments from a few initial values, yielding
themselves, their inits, outside values, duplicates or new values).
Canonicalizes each with tessel and with
mlir-opt 22 and requires:

  1. the same text (or the same ops with the entry constants in another
     order: the greedy driver's constant hoisting, counted apart);
  2. the same values in tessel's engine before and after canonicalization.

Usage: scripts/scf_while_parity.py [--tessel PATH] [--mlir-opt PATH]
                                   [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner_wrap  # noqa: E402

PREDICATES = ["slt", "sle", "sgt", "sge", "eq", "ne", "ult", "uge"]
INVERSE = {"slt": "sge", "sge": "slt", "sle": "sgt", "sgt": "sle", "eq": "ne", "ne": "eq", "ult": "uge", "uge": "ult"}


def program(rng, k):
    extra = rng.randint(0, 3)
    outside = ["%x", "%y"]
    inits = ["%c0"] + [rng.choice(outside + ["%c0", "%c1"]) for _ in range(extra)]
    n_args = 1 + extra
    bargs = [f"%b{i}" for i in range(n_args)]
    lines = ["  %c0 = arith.constant 0 : i32", "  %c1 = arith.constant 1 : i32"]
    body = []
    # Before block: the condition and some values.
    cond_pred = rng.choice(["slt", "ult"])
    body.append(f"    %cond = arith.cmpi {cond_pred}, %b0, %n : i32")
    computed = []
    for j in range(rng.randint(0, 2)):
        a, b = rng.choice(bargs + outside), rng.choice(bargs + outside)
        body.append(f"    %v{j} = arith.{rng.choice(['addi', 'muli', 'xori'])} {a}, {b} : i32")
        computed.append(f"%v{j}")
    # Forwarded: the counter first or elsewhere, then a random mix.
    pool = bargs[1:] + computed + outside
    forwarded = ["%b0"] + [rng.choice(pool) for _ in range(rng.randint(0, 3)) if pool]
    if rng.random() < 0.3:
        forwarded.append("%cond")
    rng.shuffle(forwarded)
    if rng.random() < 0.3 and set(bargs) <= set(forwarded):
        forwarded = bargs[:]
        rng.shuffle(forwarded)
    types = ["i1" if f == "%cond" else "i32" for f in forwarded]
    body.append(f"    scf.condition(%cond) {', '.join(forwarded)} : {', '.join(types)}")
    aargs = [f"%a{i}" for i in range(len(forwarded))]
    after = []
    ints = [a for a, t in zip(aargs, types) if t == "i32"]
    bools = [a for a, t in zip(aargs, types) if t == "i1"]
    counter = aargs[forwarded.index("%b0")]
    after.append(f"    %next = arith.addi {counter}, %c1 : i32")
    made = ["%next"]
    if rng.random() < 0.4:
        pred = rng.choice([cond_pred, INVERSE[cond_pred], rng.choice(PREDICATES)])
        after.append(f"    %again = arith.cmpi {pred}, {counter}, %n : i32")
        other = rng.choice(ints)
        after.append(f"    %pick = arith.select %again, {other}, %next : i32")
        made.append("%pick")
    for b in bools:
        other = rng.choice(ints)
        after.append(f"    %s{b[2:]} = arith.select {b}, {other}, %c1 : i32")
        made.append(f"%s{b[2:]}")
    yields = ["%next"]
    for i in range(1, n_args):
        yields.append(rng.choice([inits[i], rng.choice(ints), rng.choice(made), rng.choice(outside), f"%a{i}"
                                  if i < len(aargs) and types[i] == "i32" else inits[i]]))
    after.append(f"    scf.yield {', '.join(yields)} : {', '.join(['i32'] * n_args)}")
    names = [f"%r#{i}" for i in range(len(forwarded))] if len(forwarded) > 1 else ["%r"]
    used = [nm for nm, t in zip(names, types) if rng.random() < 0.6]
    if not used:
        used = [names[0]]
    used_types = [types[names.index(u)] for u in used]
    result_decl = f"%r:{len(forwarded)}" if len(forwarded) > 1 else "%r"
    assigns = ", ".join(f"{b} = {i}" for b, i in zip(bargs, inits))
    text = (f"func.func @f{k}(%n: i32, %x: i32, %y: i32) -> ({', '.join(used_types)}) {{\n" + "\n".join(lines) +
            f"\n  {result_decl} = scf.while ({assigns}) : ({', '.join(['i32'] * n_args)}) -> ({', '.join(types)}) {{\n" +
            "\n".join(body) + f"\n  }} do {{\n  ^bb0({', '.join(f'{a}: {t}' for a, t in zip(aargs, types))}):\n" +
            "\n".join(after) + f"\n  }}\n  return {', '.join(used)} : {', '.join(used_types)}\n}}\n")
    return text


def for_program(rng, k):
    n_args = rng.randint(1, 4)
    outside = ["%x", "%y"]
    inits = [rng.choice(outside + ["%c0", "%c1"]) for _ in range(n_args)]
    args = [f"%a{i}" for i in range(n_args)]
    ub = rng.choice(["%ni", "%ni", "%k0", "%k1", "%k3"])
    body, made = [], []
    for j in range(rng.randint(1, 3)):
        a, b = rng.choice(args + outside), rng.choice(args + outside + made)
        body.append(f"    %m{j} = arith.{rng.choice(['addi', 'muli', 'xori'])} {a}, {b} : i32")
        made.append(f"%m{j}")
    yields = [rng.choice([args[i], inits[i], rng.choice(made), rng.choice(made), rng.choice(outside)])
              for i in range(n_args)]
    body.append(f"    scf.yield {', '.join(yields)} : {', '.join(['i32'] * n_args)}")
    names = [f"%r#{i}" for i in range(n_args)] if n_args > 1 else ["%r"]
    used = [nm for nm in names if rng.random() < 0.6] or [names[0]]
    decl = f"%r:{n_args}" if n_args > 1 else "%r"
    iter_args = ", ".join(f"{a} = {i}" for a, i in zip(args, inits))
    return (f"func.func @f{k}(%n: i32, %x: i32, %y: i32) -> ({', '.join(['i32'] * len(used))}) {{\n"
            "  %c0 = arith.constant 0 : i32\n  %c1 = arith.constant 1 : i32\n"
            "  %k0 = arith.constant 0 : index\n  %k1 = arith.constant 1 : index\n  %k3 = arith.constant 3 : index\n"
            "  %ni = arith.index_cast %n : i32 to index\n"
            f"  {decl} = scf.for %i = %k0 to {ub} step %k1 iter_args({iter_args}) -> ({', '.join(['i32'] * n_args)}) {{\n" +
            "\n".join(body) + f"\n  }}\n  return {', '.join(used)} : {', '.join(['i32'] * len(used))}\n}}\n")


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
    tmp = tempfile.mkdtemp(prefix="tessel-while-")
    failures, identical, same_values, constant_order = [], 0, 0, 0
    for k in range(args.count):
        text = program(rng, k) if rng.random() < 0.7 else for_program(rng, k)
        path = os.path.join(tmp, f"w{k}.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        up = run([args.mlir_opt, path, "-canonicalize"])
        ours = run([args.tessel, path, "-canonicalize"])
        if up.returncode != 0 or ours.returncode != 0:
            failures.append(f"#{k}: a tool failed:\n{up.stderr[:600]}{ours.stderr[:600]}\n{text}")
            continue
        if up.stdout != ours.stdout and runner_wrap.same_ops(up.stdout, ours.stdout):
            constant_order += 1
        elif up.stdout != ours.stdout:
            diff = "".join(difflib.unified_diff(up.stdout.splitlines(True), ours.stdout.splitlines(True),
                                                "mlir-opt", "tessel-opt", n=2))
            failures.append(f"#{k}: canonicalize differs from mlir-opt 22:\n{text}{diff[:2500]}")
            continue
        else:
            identical += 1
        out = os.path.join(tmp, f"c{k}.mlir")
        with open(out, "w") as fh:
            fh.write(ours.stdout)
        inputs = [f"--input={rng.randint(0, 5)}", f"--input={rng.randint(-3, 3)}", f"--input={rng.randint(-3, 3)}"]
        before = run([args.tessel, path, f"--run=f{k}"] + inputs)
        after = run([args.tessel, out, f"--run=f{k}"] + inputs)
        if before.returncode != 0 or after.returncode != 0 or before.stdout != after.stdout:
            failures.append(f"#{k}: the engine computes other values after canonicalize:\n{text}"
                            f"{before.stdout[:300]}{after.stdout[:300]}{before.stderr[:300]}{after.stderr[:300]}")
        else:
            same_values += 1
    print(f"seed {seed}: {args.count} scf.while and scf.for programs canonicalized: {identical} identical to mlir-opt 22, "
          f"{constant_order} the same ops with the constants in another order, "
          f"{same_values} with the same values in the engine before and after")
    for f in failures[:args.show]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
