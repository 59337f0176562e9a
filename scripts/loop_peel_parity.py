#!/usr/bin/env python3
"""tessel's `transform.loop.peel` against mlir-opt 22's, byte for byte, and
against itself by execution.

Generates seeded random functions, each an `scf.for` (constant or argument
bounds, constant step) that sums into an f32 the results of random
`affine.min` / `affine.max` ops of its induction variable: tile-size forms
(`min(step, ub - i)`), clamps (`max(i - c, 0)`), scaled and shifted
variables, an unknown symbol, ops over other min/max results, a nested
loop. Each is peeled (its last iteration, or with `peel_front` its first).
Then:

- both tools run the schedule; the outputs must be identical (or both
  must refuse the loop: a step that divides the trip, a single iteration);
- tessel's engine runs each function before and after on random bounds:
  the sums must be equal.

With --canonicalization the loops are not peeled but run through
-scf-for-loop-canonicalization (the min/max ops the loop bounds decide),
compared with 22 the same way (--min-identical: the percentage required).

Usage: scripts/loop_peel_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S] [--inputs K]
                                   [--canonicalization [--min-identical P]]
"""
import difflib
import os
import re
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parity_common import arguments, compare_split, engine_before_after, tool  # noqa: E402


def affine_op(rng, ivs, syms, others):
    """A random min/max over the induction variables `ivs`, the symbols
    `syms` (loop bound, step, unknown) and earlier results `others`."""
    kind = rng.choice(["min", "min", "max"])
    dims = list(ivs) + ([rng.choice(others)] if others and rng.random() < 0.3 else [])
    n = len(dims)

    def term():
        choice = rng.random()
        d = rng.randrange(n)
        if choice < 0.3 and syms:
            s = rng.randrange(len(syms))
            return f"s{s} - d{d}" if rng.random() < 0.7 else f"d{d} - s{s}"
        if choice < 0.6:
            return f"d{d} * {rng.choice([1, 2, -1, -3, 4])} + {rng.randint(-12, 40)}"
        if choice < 0.8:
            return str(rng.randint(0, 8))
        return f"d{d} - {rng.randint(0, 9)}"
    results = sorted({term() for _ in range(rng.randint(2, 3))})
    if len(results) < 2:
        results.append("0")
    d = ", ".join(f"d{i}" for i in range(n))
    s = f"[{', '.join(f's{i}' for i in range(len(syms)))}]" if syms else ""
    sym_ops = f"[{', '.join(syms)}]" if syms else ""
    return f"affine.{kind} affine_map<({d}){s} -> ({', '.join(results)})>({', '.join(dims)}){sym_ops}"


def program(rng, name):
    lb = rng.choice(["%c0", "%c0", "%c1", "%c3", "%lb"])
    # %ubm is at least 23, so it is known to be above every lower bound
    # but %lb (22's split then needs no guard).
    ub = rng.choice(["%c10", "%c17", "%c23", "%ub", "%ubm", "%ubm"])
    step = rng.choice(["%c2", "%c3", "%c4", "%c5", "%c8"])
    lines = [f"func.func @{name}(%lb: index, %ub: index, %k: index) -> f32 {{"]
    for c in [0, 1, 2, 3, 4, 5, 8, 10, 17, 23]:
        lines.append(f"  %c{c} = arith.constant {c} : index")
    lines.append("  %zero = arith.constant 0.0 : f32")
    lines.append("  %ubm = affine.max affine_map<()[s0] -> (s0, 23)>()[%ub]")
    lines.append(f"  %r = scf.for %i = {lb} to {ub} step {step} iter_args(%acc = %zero) -> (f32) {{")
    syms = list(dict.fromkeys(s for s in [ub, step, "%k"] if rng.random() < 0.8))
    acc, results = "%acc", []
    for j in range(rng.randint(1, 4)):
        v = f"%m{j}"
        lines.append(f"    {v} = {affine_op(rng, ['%i'], syms, results)}")
        results.append(v)
    if rng.random() < 0.25:
        # A nested loop whose bound is a min the peeling may decide.
        lines.append(f"    %in = scf.for %j = %c0 to {results[0]} step %c2 iter_args(%a2 = {acc}) -> (f32) {{")
        lines.append(f"      %n0 = {affine_op(rng, ['%i', '%j'], syms, [])}")
        lines.append("      %n1 = arith.index_cast %n0 : index to i64")
        lines.append("      %n2 = arith.sitofp %n1 : i64 to f32")
        lines.append("      %n3 = arith.addf %a2, %n2 : f32")
        lines.append("      scf.yield %n3 : f32")
        lines.append("    }")
        acc = "%in"
    for j, v in enumerate(results):
        lines.append(f"    %x{j} = arith.index_cast {v} : index to i64")
        lines.append(f"    %f{j} = arith.sitofp %x{j} : i64 to f32")
        lines.append(f"    %s{j} = arith.addf {acc}, %f{j} : f32")
        acc = f"%s{j}"
    lines.append(f"    scf.yield {acc} : f32")
    lines.append("  }")
    lines.append("  return %r : f32")
    lines.append("}")
    front = " {peel_front = true}" if rng.random() < 0.2 else ""
    schedule = f"""
module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{
    %f = transform.structured.match ops{{["func.func"]}} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match ops{{["scf.for"]}} in %f : (!transform.any_op) -> !transform.op<"scf.for">
    %m, %p = transform.loop.peel %l{front} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }}
}}
"""
    return "\n".join(lines) + "\n", schedule


GUARD_LAST = "affine_map<()[s0, s1, s2] -> (s0, s1 - (s1 - s0) mod s2)>"
GUARD_FRONT = "affine_map<()[s0, s1, s2] -> (s0 + s1, s2)>"


def as_22(text):
    """tessel's output with its guarded splits written as 22's: where the
    bounds may be out of order, tessel splits at `max(lb, 22's split)`
    (last iteration) or `min(lb + step, ub)` (first iteration), which 22
    gets wrong (docs/differences.md)."""
    names = {}
    for line in text.splitlines():
        m = re.match(r"(#map\d*) = (.*)$", line)
        if m and m.group(2) in (GUARD_LAST, GUARD_FRONT):
            names[m.group(1)] = m.group(2)
    for name, guard in names.items():
        if guard == GUARD_LAST:
            text = text.replace(f"{name} = {guard}", f"{name} = affine_map<()[s0, s1, s2] -> (s1 - (s1 - s0) mod s2)>")
            text = re.sub(rf"affine\.max {name}\(\)", f"affine.apply {name}()", text)
        else:
            text = text.replace(f"{name} = {guard}", f"{name} = affine_map<()[s0, s1] -> (s0 + s1)>")
            text = re.sub(rf"affine\.min {name}\(\)\[(%\w+), (%\w+), %\w+\]",
                          rf"affine.apply {name}()[\1, \2]", text)
    if not names:
        return text
    # A guarded split read as 22's may now repeat another alias: keep the
    # first, and number the aliases again in order, as MLIR's printer does.
    defs = re.findall(r"^(#map\d*) = (.*)$", text, flags=re.M)
    first, rename = {}, {}
    for name, body in defs:
        rename[name] = first.setdefault(body, name)
    kept = list(dict.fromkeys(rename.values()))
    number = {old: ("#map" if i == 0 else f"#map{i}") for i, old in enumerate(kept)}
    lines = [line for line in text.splitlines(True)
             if not (re.match(r"^(#map\d*) = ", line) and rename[line.split(" ")[0]] != line.split(" ")[0])]
    text = "".join(lines)
    return re.sub(r"#map\d*\b", lambda m: number.get(rename.get(m.group(0), m.group(0)), m.group(0)), text)


def canonicalization(args, funcs):
    """`-scf-for-loop-canonicalization` of the same loops, unpeeled: 22's
    text, and the engine's values before and after."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.mlir")
        with open(path, "w") as fh:
            fh.write("\n// -----\n".join(funcs))
        flags = [path, "-split-input-file", "-scf-for-loop-canonicalization"]
        _, ours, _ = tool(args.tessel, *flags)
        _, theirs, _ = tool(args.mlir_opt, *flags)
        identical = compare_split(ours, theirs, funcs, "-scf-for-loop-canonicalization", args.show)
        print(f"seed {args.seed}: {len(funcs)} loops canonicalized: {identical} identical to mlir-opt 22")

        def input_sets():
            r = random.Random(args.seed + 1)
            return [[r.randint(0, 4), r.randint(0, 30), r.randint(-5, 9)] for _ in range(args.inputs)]
        same, ran, failures = engine_before_after(args.tessel, tmp, funcs, lambda k: f"f{k}",
                                                  ["-scf-for-loop-canonicalization"], input_sets)
        print(f"{same} of {ran} runs the same in the engine before and after")
        return identical >= args.min_identical * len(funcs) / 100 and failures == 0


def main():
    ap = arguments(__doc__, 200, min_identical=100.0)
    ap.add_argument("--canonicalization", action="store_true",
                    help="run -scf-for-loop-canonicalization on the loops instead of peeling them")
    args = ap.parse_args()
    if args.canonicalization:
        rng = random.Random(args.seed)
        funcs = [program(rng, f"f{k}")[0] for k in range(args.count)]
        sys.exit(0 if canonicalization(args, funcs) else 1)
    rng = random.Random(args.seed)
    funcs, schedules = [], []
    for k in range(args.count):
        f, s = program(rng, f"f{k}")
        funcs.append(f)
        schedules.append(s)
    # The handle holds every loop: a nested one is peeled too (after the
    # outer one, whose copies hold copies of it: those stay).
    chunks = [f + s for f, s in zip(funcs, schedules)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.mlir")
        with open(path, "w") as fh:
            fh.write("\n// -----\n".join(chunks))
        flags = [path, "-split-input-file", "-transform-interpreter", "-test-transform-dialect-erase-schedule"]
        rt, ours, et = tool(args.tessel, *flags)
        rm, theirs, em = tool(args.mlir_opt, *flags)
        # A chunk that fails prints nothing to stdout in either tool; the
        # refusals must match in number and place (stderr lines).
        refused_t = [line for line in et.splitlines() if "error:" in line]
        refused_m = [line for line in em.splitlines() if "error:" in line]
        pairs = list(zip(ours.split("// -----"), theirs.split("// -----")))
        identical = sum(t == m for t, m in pairs)
        # A guarded split (where the bounds may be out of order) is tessel's
        # by design; read as 22's split, the rest must be 22's text. Where
        # 22 folds the unguarded split to a constant the texts cannot be
        # lined up: those are checked by execution alone.
        read_as_22 = "// -----".join(as_22(c) for c in ours.split("// -----"))
        same_as_22 = compare_split(read_as_22, theirs, chunks, "transform.loop.peel", 0)
        guarded_only = [k for k, (t, m) in enumerate(pairs)
                        if as_22(t) != m and (GUARD_LAST in t or GUARD_FRONT in t)]
        differ = len(pairs) - same_as_22 - len(guarded_only)
        shown = [k for k, (t, m) in enumerate(pairs) if as_22(t) != m and k not in guarded_only][:args.show]
        for k in shown:
            t, m = pairs[k]
            print(f"transform.loop.peel differs on program {k}:\n{chunks[k]}")
            print("".join(difflib.unified_diff(m.splitlines(True), t.splitlines(True), "mlir-opt", "tessel")))
        print(f"seed {args.seed}: {args.count} loops peeled: {identical} identical to mlir-opt 22, "
              f"{same_as_22 - identical} the same but for a guarded split where the bounds may be out of order "
              f"(22 runs an iteration there), {len(guarded_only)} guarded where 22 folds its split (run only), "
              f"{differ} differ otherwise; {len(refused_m)} refused by 22, {len(refused_t)} by tessel")
        bad = differ > 0 or refused_t != refused_m
        if refused_t != refused_m:
            print("the refusals differ:\n" + "\n".join(refused_t[:5]) + "\n---\n" + "\n".join(refused_m[:5]))

        def input_sets():
            r = random.Random(args.seed + 1)
            return [[r.randint(0, 4), r.randint(0, 30), r.randint(-5, 9)] for _ in range(args.inputs)]
        # Refused programs print nothing: run the others.
        peeled = [c for c, out in zip(chunks, ours.split("// -----")) if out.strip()]
        names = [c[c.index("@") + 1:c.index("(")] for c in peeled]
        same, ran, failures = engine_before_after(
            args.tessel, tmp, peeled, lambda k: names[k],
            ["-transform-interpreter", "-test-transform-dialect-erase-schedule"], input_sets)
        print(f"{len(peeled)} peeled programs: {same} of {ran} runs the same in the engine before and after")
        bad = bad or failures > 0
        # The proof that the guards matter: 22's own output of the guarded
        # programs, run in the engine on the same inputs.
        wrong = 0
        guarded = [k for k, (t, m) in enumerate(pairs) if t != m and m.strip()]
        one = os.path.join(tmp, "mlir22.mlir")
        for k in guarded:
            with open(one, "w") as fh:
                fh.write(pairs[k][1])
            name = chunks[k][chunks[k].index("@") + 1:chunks[k].index("(")]
            with open(os.path.join(tmp, "orig.mlir"), "w") as fh:
                fh.write(chunks[k])
            for inputs in input_sets():
                flags = [f"--input={v}" for v in inputs]
                _, before, _ = tool(args.tessel, os.path.join(tmp, "orig.mlir"), f"--run={name}", *flags)
                _, theirs_run, _ = tool(args.tessel, one, f"--run={name}", *flags)
                if before != theirs_run:
                    wrong += 1
                    break
        print(f"{wrong} of the {len(guarded)} guarded programs compute other values in mlir-opt 22's output")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
