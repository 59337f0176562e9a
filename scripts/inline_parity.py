#!/usr/bin/env python3
"""tessel's `-inline` against mlir-opt 22's, and against itself by
execution.

Generates seeded random modules of functions that call the functions
before them (so the call graph has no cycles, except a self-recursive
function nobody runs): bodies of one block or of several (`cf.cond_br`
over a comparison), calls at the top level and inside `scf.if` (whose
single-block regions cannot take a callee of several blocks), private and
public functions, calls marked `no_inline`. Then:

- runs `-inline` (its default pipeline, canonicalize) and
  `-inline=default-pipeline=` in both tools and compares the text: the
  share of identical modules must reach --min-identical percent;
- runs `@main` in tessel's engine on --inputs random argument sets before
  and after tessel's `-inline`: the results must agree.

Usage: scripts/inline_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S]
                                [--inputs K] [--min-identical PCT] [--show N]
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parity_common  # noqa: E402


def module(rng):
    n = rng.randint(2, 5)
    out = []
    for k in range(n):
        name = "main" if k == n - 1 else f"f{k}"
        vis = "private " if k < n - 1 and rng.random() < 0.5 else ""
        lines = [f"func.func {vis}@{name}(%a: index, %b: index) -> index {{"]
        vals = ["%a", "%b"]

        def call(indent="  "):
            g = rng.randrange(k)
            attr = " {no_inline}" if rng.random() < 0.15 else ""
            x, y = rng.choice(vals), rng.choice(vals)
            return f"func.call @f{g}({x}, {y}){attr} : (index, index) -> index", g

        for i in range(rng.randint(1, 3)):
            kind = rng.random()
            if k > 0 and kind < 0.45:
                text, _ = call()
                lines.append(f"  %v{i} = {text}")
            elif k > 0 and kind < 0.6:
                text, _ = call()
                x, y = rng.choice(vals), rng.choice(vals)
                lines.append(f"  %p{i} = arith.cmpi ult, {x}, {y} : index")
                lines.append(f"  %v{i} = scf.if %p{i} -> (index) {{\n    %in{i} = {text}\n    scf.yield %in{i} : index\n  }} else {{\n    scf.yield {x} : index\n  }}")
            else:
                x, y = rng.choice(vals), rng.choice(vals)
                op = rng.choice(["addi", "muli", "maxui", "subi"])
                lines.append(f"  %v{i} = arith.{op} {x}, {y} : index")
            vals.append(f"%v{i}")
        if rng.random() < 0.4:
            x, y = rng.choice(vals), rng.choice(vals)
            lines.append(f"  %cond = arith.cmpi ult, {x}, {y} : index")
            lines.append(f"  cf.cond_br %cond, ^bb1({rng.choice(vals)} : index), ^bb2")
            lines.append("^bb1(%r: index):")
            lines.append("  return %r : index")
            lines.append("^bb2:")
            lines.append(f"  %s = arith.addi {rng.choice(vals)}, %a : index")
            lines.append("  return %s : index")
        else:
            lines.append(f"  return {vals[-1]} : index")
        lines.append("}")
        out.append("\n".join(lines))
    # A self-recursive function: its call stays.
    out.append("func.func @rec(%a: index, %b: index) -> index {\n"
               "  %r = func.call @rec(%b, %a) : (index, index) -> index\n  return %r : index\n}")
    return "\n".join(out) + "\n"


def main():
    a = parity_common.arguments(__doc__, count=100, min_identical=95.0).parse_args()
    rng = random.Random(a.seed)
    mods = [module(rng) for _ in range(a.count)]
    total = identical = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "mods.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(mods))
        for flag in ("-inline", "-inline=default-pipeline="):
            rt, ours, et = parity_common.tool(a.tessel, path, "-split-input-file", flag)
            rm, theirs, em = parity_common.tool(a.mlir_opt, path, "-split-input-file", flag)
            if rm != 0:
                sys.exit(f"mlir-opt failed:\n{em[:2000]}")
            if rt != 0:
                sys.exit(f"tessel-opt failed:\n{et[:2000]}")
            total += len(mods)
            identical += parity_common.compare_split(ours, theirs, mods, flag, a.show)

        def input_sets():
            return [[rng.randint(0, 9), rng.randint(0, 9)] for _ in range(a.inputs)]

        same, ran, failures = parity_common.engine_before_after(
            a.tessel, tmp, mods, lambda k: "main", ["-inline"], input_sets)
    pct = 100.0 * identical / max(1, total)
    print(f"inline: {identical} of {total} outputs identical to mlir-opt 22's ({pct:.1f}%); "
          f"engine: {same} of {ran} runs of @main the same before and after -inline")
    if failures or pct < a.min_identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
