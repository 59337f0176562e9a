#!/usr/bin/env python3
"""tessel's `cf` dialect against mlir-opt 22's, and against itself by
execution.

Generates seeded random functions whose bodies are control-flow graphs:
blocks with arguments, `cf.br`, `cf.cond_br` (on arguments, comparisons
and constants), `cf.switch` (on an i32 argument or a constant, cases that
repeat the default), pass-through blocks, unreachable blocks, arguments
nobody reads, loops that count down. Then:

- prints each function with both tools (custom and generic form) and
  compares the text: any difference fails;
- runs `-canonicalize` in both and compares the text; a run fails when
  fewer than --min-identical percent are identical (patterns tessel does
  not have yet are listed in docs/differences.md);
- runs each function in tessel's engine on --inputs random argument sets
  before and after tessel's canonicalize: the results must agree.

Usage: scripts/cf_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S]
                            [--inputs K] [--min-identical PCT] [--show N]
"""
import difflib
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parity_common  # noqa: E402


def function(rng, k):
    """One random CFG over (%x: index, %y: index, %s: i32, %p: i1)."""
    nblocks = rng.randint(2, 6)
    # Block 0 is the entry; every block gets 0-2 index arguments.
    args = [[]] + [[f"%b{b}a{i}" for i in range(rng.randint(0, 2))] for b in range(1, nblocks)]
    lines = [f"func.func @f{k}(%x: index, %y: index, %s: i32, %p: i1) -> index {{"]
    consts = ["  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
              "  %true = arith.constant true", "  %c7 = arith.constant 7 : i32"]
    for b in range(nblocks):
        if b > 0:
            header = f"^bb{b}"
            if args[b]:
                header += "(" + ", ".join(f"{a}: index" for a in args[b]) + ")"
            lines.append(header + ":")
        else:
            lines.extend(consts)
        vals = ["%x", "%y", "%c0", "%c1"] + args[b]
        for i in range(rng.randint(0, 2)):
            a, c = rng.choice(vals), rng.choice(vals)
            op = rng.choice(["addi", "muli", "subi", "maxui"])
            lines.append(f"  %v{b}_{i} = arith.{op} {a}, {c} : index")
            vals.append(f"%v{b}_{i}")
        # Forward edges only (plus a counted loop below) so every run ends.
        later = list(range(b + 1, nblocks))

        def target(dest):
            ops = [rng.choice(vals) for _ in args[dest]]
            if not ops:
                return f"^bb{dest}"
            return f"^bb{dest}(" + ", ".join(ops) + " : " + ", ".join(["index"] * len(ops)) + ")"

        if not later:
            lines.append(f"  return {rng.choice(vals)} : index")
            continue
        kind = rng.random()
        if kind < 0.35:
            lines.append(f"  cf.br {target(rng.choice(later))}")
        elif kind < 0.75:
            cond = rng.choice(["%p", "%true", f"%cmp{b}"])
            if cond == f"%cmp{b}":
                lines.append(f"  %cmp{b} = arith.cmpi ult, {rng.choice(vals)}, {rng.choice(vals)} : index")
            t, f = rng.choice(later), rng.choice(later)
            lines.append(f"  cf.cond_br {cond}, {target(t)}, {target(f)}")
        else:
            flag = rng.choice(["%s", "%s", "%c7"])
            cases = sorted(rng.sample([0, 1, 7, -1], rng.randint(0, 3)))
            body = [f"    default: {target(rng.choice(later))}"]
            body += [f"    {c}: {target(rng.choice(later))}" for c in cases]
            lines.append(f"  cf.switch {flag} : i32, [\n" + ",\n".join(body) + "\n  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    a = parity_common.arguments(__doc__, count=200, min_identical=90.0).parse_args()
    rng = random.Random(a.seed)
    funcs = [function(rng, k) for k in range(a.count)]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "cfg.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(funcs))
        for flags in ([], ["--mlir-print-op-generic"]):
            rt, ours, err_t = parity_common.tool(a.tessel, path, "-split-input-file", *flags)
            rm, theirs, err_m = parity_common.tool(a.mlir_opt, path, "-split-input-file", *flags)
            if rm != 0:
                sys.exit(f"mlir-opt rejected the generated input:\n{err_m[:2000]}")
            if rt != 0 or ours != theirs:
                failures += 1
                print(f"printing differs ({' '.join(flags) or 'custom form'}):\n{err_t[:1000]}")
                print("".join(list(difflib.unified_diff(theirs.splitlines(True), ours.splitlines(True)))[:60]))
        _, ours, _ = parity_common.tool(a.tessel, path, "-split-input-file", "-canonicalize")
        _, theirs, _ = parity_common.tool(a.mlir_opt, path, "-split-input-file", "-canonicalize")
        identical = parity_common.compare_split(ours, theirs, funcs, "canonicalize", a.show)

        def input_sets():
            return [[rng.randint(0, 9), rng.randint(0, 9), rng.choice([0, 1, 7, -1, 3]), rng.randint(0, 1)]
                    for _ in range(a.inputs)]

        same, ran, engine_failures = parity_common.engine_before_after(
            a.tessel, tmp, funcs, lambda k: f"f{k}", ["-canonicalize"], input_sets)
        failures += engine_failures
    pct = 100.0 * identical / max(1, len(funcs))
    print(
        f"cf: {len(funcs)} functions printed as mlir-opt 22 does; {identical} identical after canonicalize "
        f"({pct:.1f}%); engine: {same} of {ran} runs the same before and after canonicalize"
    )
    if failures or pct < a.min_identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
