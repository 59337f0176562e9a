#!/usr/bin/env python3
"""tessel's `-sccp` against mlir-opt 22's, and against itself by execution.

Generates seeded random modules: a public function over (%x: i32, %y: i32,
%p: i1) whose body mixes integer and float arithmetic on constants and
arguments, comparisons and selects, `scf.if` on constant or unknown
conditions, `scf.for` loops (constant or argument bounds, zero trips
included) carrying values that stay constant or change, `scf.while` loops
that run or exit at once, `scf.index_switch` and `scf.execute_region`,
calls to private (sometimes public, sometimes unused) helper functions
with constant or unknown arguments, and a tail of `cf.cond_br` / `cf.br`
blocks with arguments. Then requires:

  1. `-sccp` prints the same text in both tools;
  2. each function returns the same values in tessel's engine before and
     after tessel's `-sccp`, on --inputs random argument sets.

Usage: scripts/sccp_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N]
                              [--seed S] [--inputs K] [--show N]
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parity_common  # noqa: E402

INT_OPS = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui"]
PREDICATES = ["slt", "sle", "eq", "ne", "ult", "sge"]


class Body:
    """A function body under construction: lines and pools of values."""

    def __init__(self, rng, prefix, ints, bools):
        self.rng, self.prefix, self.n = rng, prefix, 0
        self.lines, self.ints, self.bools, self.floats = [], list(ints), list(bools), []

    def fresh(self):
        self.n += 1
        return f"%{self.prefix}{self.n}"

    def const(self, v):
        name = self.fresh()
        self.lines.append(f"  {name} = arith.constant {v} : i32")
        self.ints.append(name)
        return name

    def pick(self):
        return self.rng.choice(self.ints)

    def int_op(self, a=None, b=None, into=None, indent="  "):
        name = self.fresh()
        a, b = a or self.pick(), b or self.pick()
        (into if into is not None else self.lines).append(
            f"{indent}{name} = arith.{self.rng.choice(INT_OPS)} {a}, {b} : i32")
        return name


def statement(body, rng, helpers):
    """Appends one random statement to `body`."""
    kind = rng.random()
    if kind < 0.12:
        body.const(rng.choice([0, 1, 2, 3, 7, -1, 42]))
    elif kind < 0.32:
        body.ints.append(body.int_op())
    elif kind < 0.40:
        c = body.fresh()
        body.lines.append(f"  {c} = arith.cmpi {rng.choice(PREDICATES)}, {body.pick()}, {body.pick()} : i32")
        body.bools.append(c)
        if rng.random() < 0.5:
            s = body.fresh()
            body.lines.append(f"  {s} = arith.select {c}, {body.pick()}, {body.pick()} : i32")
            body.ints.append(s)
    elif kind < 0.46:
        f = body.fresh()
        src = body.pick()
        body.lines.append(f"  {f} = arith.sitofp {src} : i32 to f32")
        g = body.fresh()
        other = rng.choice(body.floats) if body.floats else f
        body.lines.append(f"  {g} = arith.{rng.choice(['addf', 'mulf', 'subf'])} {f}, {other} : f32")
        body.floats += [f, g]
        h = body.fresh()
        body.lines.append(f"  {h} = arith.fptosi {g} : f32 to i32")
        body.ints.append(h)
    elif kind < 0.58:
        cond = rng.choice(body.bools)
        r = body.fresh()
        then_v, else_v = body.pick(), body.pick()
        t = body.fresh()
        body.lines.append(f"  {r} = scf.if {cond} -> (i32) {{")
        body.lines.append(f"    {t} = arith.addi {then_v}, {body.pick()} : i32")
        body.lines.append(f"    scf.yield {t} : i32")
        body.lines.append("  } else {")
        body.lines.append(f"    scf.yield {else_v} : i32")
        body.lines.append("  }")
        body.ints.append(r)
    elif kind < 0.70:
        lb, ub = rng.choice([(0, 4), (2, 2), (3, 1), (0, 1)])
        lbv, ubv, st = body.fresh(), body.fresh(), body.fresh()
        body.lines.append(f"  {lbv} = arith.constant {lb} : index")
        if rng.random() < 0.2:
            body.lines.append(f"  {ubv} = arith.index_cast {body.pick()} : i32 to index")
            body.lines.append(f"  {st} = arith.constant 1 : index")
            bound = f"arith.minui {ubv}, {st}"
            ub2 = body.fresh()
            body.lines.append(f"  {ub2} = {bound} : index")
            ubv = ub2
        else:
            body.lines.append(f"  {ubv} = arith.constant {ub} : index")
            body.lines.append(f"  {st} = arith.constant 1 : index")
        r, i, acc = body.fresh(), body.fresh(), body.fresh()
        init = body.pick()
        body.lines.append(f"  {r} = scf.for {i} = {lbv} to {ubv} step {st} iter_args({acc} = {init}) -> (i32) {{")
        inner = []
        choice = rng.random()
        if choice < 0.4:
            y = acc
        elif choice < 0.7:
            y = init
        else:
            y = body.int_op(acc, body.pick(), into=inner, indent="    ")
        body.lines += inner
        body.lines.append(f"    scf.yield {y} : i32")
        body.lines.append("  }")
        body.ints.append(r)
    elif kind < 0.78:
        init = body.pick()
        # Bounded: the limit is at most 50 (the counter only grows).
        cap, limit = body.fresh(), body.fresh()
        body.lines.append(f"  {cap} = arith.constant 50 : i32")
        body.lines.append(f"  {limit} = arith.minsi {body.pick()}, {cap} : i32")
        r, a, b = body.fresh(), body.fresh(), body.fresh()
        c, n = body.fresh(), body.fresh()
        one = body.const(1)
        body.lines.append(f"  {r} = scf.while ({a} = {init}) : (i32) -> i32 {{")
        body.lines.append(f"    {c} = arith.cmpi slt, {a}, {limit} : i32")
        body.lines.append(f"    scf.condition({c}) {a} : i32")
        body.lines.append("  } do {")
        body.lines.append(f"  ^bb0({b}: i32):")
        body.lines.append(f"    {n} = arith.addi {b}, {one} : i32")
        body.lines.append(f"    scf.yield {n} : i32")
        body.lines.append("  }")
        body.ints.append(r)
    elif kind < 0.84:
        sel = body.fresh()
        if rng.random() < 0.6:
            body.lines.append(f"  {sel} = arith.constant {rng.choice([0, 1, 2, 5])} : index")
        else:
            body.lines.append(f"  {sel} = arith.index_cast {body.pick()} : i32 to index")
        r = body.fresh()
        vals = [body.pick() for _ in range(3)]
        body.lines.append(f"  {r} = scf.index_switch {sel} -> i32")
        body.lines.append(f"  case 1 {{\n    scf.yield {vals[0]} : i32\n  }}")
        body.lines.append(f"  case 2 {{\n    scf.yield {vals[1]} : i32\n  }}")
        body.lines.append(f"  default {{\n    scf.yield {vals[2]} : i32\n  }}")
        body.ints.append(r)
    elif kind < 0.88:
        r, t = body.fresh(), body.fresh()
        body.lines.append(f"  {r} = scf.execute_region -> i32 {{")
        body.lines.append(f"    {t} = arith.muli {body.pick()}, {body.pick()} : i32")
        body.lines.append(f"    scf.yield {t} : i32")
        body.lines.append("  }")
        body.ints.append(r)
    elif helpers:
        h = rng.choice(helpers)
        r = body.fresh()
        body.lines.append(f"  {r} = func.call @{h}({body.pick()}, {body.pick()}) : (i32, i32) -> i32")
        body.ints.append(r)


def helper(rng, name, branches=True):
    """A helper function of two i32 arguments, private, public or unused
    (ending in a `cf.cond_br` between two returns, sometimes, if
    `branches`)."""
    vis = rng.choice(["private ", "private ", ""])
    body = Body(rng, f"h{name}_", ["%a", "%b"], [])
    body.const(rng.choice([1, 5]))
    for _ in range(rng.randint(1, 3)):
        body.ints.append(body.int_op())
    lines = [f"func.func {vis}@{name}(%a: i32, %b: i32) -> i32 {{"] + body.lines
    if branches and rng.random() < 0.4:
        c = body.fresh()
        lines.append(f"  {c} = arith.cmpi {rng.choice(PREDICATES)}, %a, {body.pick()} : i32")
        lines.append(f"  cf.cond_br {c}, ^bb1, ^bb2")
        lines.append(f"^bb1:\n  return {body.pick()} : i32")
        lines.append(f"^bb2:\n  return {body.pick()} : i32")
    else:
        lines.append(f"  return {body.pick()} : i32")
    return "\n".join(lines) + "\n}\n"


def cf_diamond(body, rng):
    """The lines of a `cf.cond_br` into two blocks that join in ^bb3(%m, %n)."""
    cond = rng.choice(body.bools)
    a, b = body.pick(), body.pick()
    return [
        f"  cf.cond_br {cond}, ^bb1({a} : i32), ^bb2({b} : i32)",
        "^bb1(%t1: i32):",
        f"  cf.br ^bb3(%t1, {body.pick()} : i32, i32)",
        "^bb2(%t2: i32):",
        f"  cf.br ^bb3({body.pick()}, %t2 : i32, i32)",
        "^bb3(%m: i32, %n: i32):",
    ]


def program(rng, k):
    """A module: helpers, then @f{k}."""
    helpers = [f"g{k}_{j}" for j in range(rng.randint(0, 2))]
    out = [helper(rng, h) for h in helpers]
    body = Body(rng, "v", ["%x", "%y"], ["%p"])
    t = body.fresh()
    body.lines.append(f"  {t} = arith.constant true")
    f = body.fresh()
    body.lines.append(f"  {f} = arith.constant false")
    body.bools += [t, f]
    body.const(rng.choice([0, 3]))
    for _ in range(rng.randint(3, 10)):
        statement(body, rng, helpers)
    results = [body.pick() for _ in range(rng.randint(1, 3))]
    sig = ", ".join(["i32"] * len(results))
    lines = [f"func.func @f{k}(%x: i32, %y: i32, %p: i1) -> ({sig}) {{"] + body.lines
    if rng.random() < 0.4:
        lines += cf_diamond(body, rng)
        results[0] = "%m"
        if len(results) > 1:
            results[1] = "%n"
    lines.append(f"  return {', '.join(results)} : {sig}")
    out.append("\n".join(lines) + "\n}\n")
    return "\n".join(out)


def main():
    a = parity_common.arguments(__doc__, count=200).parse_args()
    rng = random.Random(a.seed)
    programs = [program(rng, k) for k in range(a.count)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sccp.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(programs))
        rm, theirs, err_m = parity_common.tool(a.mlir_opt, path, "-split-input-file", "-sccp")
        if rm != 0:
            sys.exit(f"mlir-opt rejected the generated input:\n{err_m[:2000]}")
        rt, ours, err_t = parity_common.tool(a.tessel, path, "-split-input-file", "-sccp")
        if rt != 0:
            sys.exit(f"tessel-opt failed:\n{err_t[:2000]}")
        identical = parity_common.compare_split(ours, theirs, programs, "-sccp", a.show)

        def input_sets():
            return [[rng.choice([0, 1, 3, 7, -2, 40]), rng.choice([0, 1, 5, -1]), rng.randint(0, 1)]
                    for _ in range(a.inputs)]

        same, ran, failures = parity_common.engine_before_after(
            a.tessel, tmp, programs, lambda k: f"f{k}", ["-sccp"], input_sets)
    print(
        f"sccp: {identical} of {len(programs)} programs identical to mlir-opt 22 after -sccp; "
        f"engine: {same} of {ran} runs the same before and after"
    )
    if failures or identical < len(programs):
        sys.exit(1)


if __name__ == "__main__":
    main()
