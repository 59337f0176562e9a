#!/usr/bin/env python3
"""tessel's `--remove-dead-values` against mlir-opt 22's, and against itself
by execution.

Generates seeded random modules on top of sccp_parity's statements
(arithmetic, `scf.if` / `scf.for` / `scf.while` / `scf.index_switch` /
`scf.execute_region`, calls, a `cf` tail), adding what liveness is about:
results nobody returns, region ops of two results of which one is used
(loops carrying a dead value beside a live one), stores to a local
`memref.alloca` (effects that keep their operands live) read back at the
end, and private helpers of two results and three arguments of which
callers use some. Then requires, for both `canonicalize=true` (the
default) and `canonicalize=false`:

  1. tessel's output equals mlir-opt 22's on --min-identical percent
     (default 99) of the programs 22 rewrites without error (22's
     `canonicalize=true` step folds by its worklist, which tessel follows
     closely but not op for op), and on the others (22 leaves a branch
     with an operand too many, see docs/differences.md) mlir-opt 22
     verifies tessel's;
  2. each function returns the same values in tessel's engine before and
     after tessel's pass, on --inputs random argument sets.

Usage: scripts/rdv_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N]
                             [--seed S] [--inputs K] [--show N]
                             [--min-identical PERCENT]
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parity_common  # noqa: E402
import sccp_parity  # noqa: E402


def two_result_loop(body, rng):
    """An `scf.for` or `scf.if` of two results; the caller may use one."""
    a, b = body.pick(), body.pick()
    r = body.fresh()
    if rng.random() < 0.5:
        lb, ub, st, i, x, y = (body.fresh() for _ in range(6))
        body.lines.append(f"  {lb} = arith.constant 0 : index")
        body.lines.append(f"  {ub} = arith.constant {rng.choice([0, 2, 3])} : index")
        body.lines.append(f"  {st} = arith.constant 1 : index")
        body.lines.append(f"  {r}:2 = scf.for {i} = {lb} to {ub} step {st} iter_args({x} = {a}, {y} = {b}) -> (i32, i32) {{")
        n1 = body.int_op(x, body.pick(), into=body.lines, indent="    ")
        n2 = body.int_op(y, x if rng.random() < 0.3 else body.pick(), into=body.lines, indent="    ")
        body.lines.append(f"    scf.yield {n1}, {n2} : i32, i32")
        body.lines.append("  }")
    else:
        cond = rng.choice(body.bools)
        body.lines.append(f"  {r}:2 = scf.if {cond} -> (i32, i32) {{")
        t = body.int_op(a, body.pick(), into=body.lines, indent="    ")
        body.lines.append(f"    scf.yield {t}, {b} : i32, i32")
        body.lines.append("  } else {")
        body.lines.append(f"    scf.yield {b}, {a} : i32, i32")
        body.lines.append("  }")
    body.ints.append(f"{r}#{rng.randint(0, 1)}")


def store(body, rng):
    """Stores a value into the local buffer (an effect)."""
    i = body.fresh()
    body.lines.append(f"  {i} = arith.constant {rng.randint(0, 3)} : index")
    body.lines.append(f"  memref.store {body.pick()}, %buf[{i}] : memref<4xi32>")


def two_result_helper(rng, name):
    """A private helper of three arguments and two results."""
    body = sccp_parity.Body(rng, f"h{name}_", ["%a", "%b", "%c"], [])
    for _ in range(rng.randint(1, 3)):
        body.ints.append(body.int_op())
    lines = [f"func.func private @{name}(%a: i32, %b: i32, %c: i32) -> (i32, i32) {{"] + body.lines
    lines.append(f"  return {body.pick()}, {body.pick()} : i32, i32")
    return "\n".join(lines) + "\n}\n"


def program(rng, k, cf=True):
    """A module: helpers, then @f{k}; without `cf`, no branches (neither
    the `cf` diamond ending @f{k} nor the helpers' `cf.cond_br`)."""
    helpers = [f"g{k}_{j}" for j in range(rng.randint(0, 2))]
    out = [sccp_parity.helper(rng, h, branches=cf) for h in helpers]
    pairs = [f"p{k}_{j}" for j in range(rng.randint(0, 1))]
    out += [two_result_helper(rng, h) for h in pairs]
    body = sccp_parity.Body(rng, "v", ["%x", "%y"], ["%p"])
    t, f = body.fresh(), body.fresh()
    body.lines.append(f"  {t} = arith.constant true")
    body.lines.append(f"  {f} = arith.constant false")
    body.bools += [t, f]
    body.lines.append("  %buf = memref.alloca() : memref<4xi32>")
    zero = body.const(0)
    for j in range(4):
        body.lines.append(f"  %bi{j} = arith.constant {j} : index")
        body.lines.append(f"  memref.store {zero}, %buf[%bi{j}] : memref<4xi32>")
    for _ in range(rng.randint(3, 10)):
        kind = rng.random()
        if kind < 0.15:
            two_result_loop(body, rng)
        elif kind < 0.25:
            store(body, rng)
        elif kind < 0.32 and pairs:
            r = body.fresh()
            body.lines.append(
                f"  {r}:2 = func.call @{rng.choice(pairs)}({body.pick()}, {body.pick()}, {body.pick()}) "
                ": (i32, i32, i32) -> (i32, i32)")
            body.ints.append(f"{r}#{rng.randint(0, 1)}")
        else:
            sccp_parity.statement(body, rng, helpers)
    loaded = body.fresh()
    body.lines.append(f"  {loaded} = memref.load %buf[%bi{rng.randint(0, 3)}] : memref<4xi32>")
    results = [loaded] + [body.pick() for _ in range(rng.randint(0, 2))]
    sig = ", ".join(["i32"] * len(results))
    lines = [f"func.func @f{k}(%x: i32, %y: i32, %p: i1) -> ({sig}) {{"] + body.lines
    if cf and rng.random() < 0.3:
        lines += sccp_parity.cf_diamond(body, rng)
        if len(results) > 1:
            results[1] = "%m"
    lines.append(f"  return {', '.join(results)} : {sig}")
    out.append("\n".join(lines) + "\n}\n")
    return "\n".join(out)


def main():
    a = parity_common.arguments(__doc__, count=200, min_identical=99.0).parse_args()
    rng = random.Random(a.seed)
    programs = [program(rng, k) for k in range(a.count)]
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "rdv.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(programs))
        for flag in ["--remove-dead-values", "--remove-dead-values=canonicalize=false"]:
            _, theirs, _ = parity_common.tool(a.mlir_opt, path, "-split-input-file", flag)
            rt, ours, err_t = parity_common.tool(a.tessel, path, "-split-input-file", flag)
            if rt != 0:
                sys.exit(f"tessel-opt {flag} failed:\n{err_t[:2000]}")
            # A chunk 22 failed on prints nothing: there tessel's output
            # must verify in 22.
            ours_chunks, theirs_chunks = ours.split("// -----"), theirs.split("// -----")
            failed_22 = [k for k, m in enumerate(theirs_chunks) if not m.strip()]
            compared = [k for k in range(len(programs)) if k not in failed_22]
            identical = parity_common.compare_split(
                "// -----".join(ours_chunks[k] for k in compared),
                "// -----".join(theirs_chunks[k] for k in compared),
                [programs[k] for k in compared], flag, a.show)
            invalid = 0
            if failed_22:
                check = os.path.join(tmp, "ours.mlir")
                with open(check, "w") as f:
                    f.write("\n// -----\n".join(ours_chunks[k] for k in failed_22))
                rv, _, err_v = parity_common.tool(a.mlir_opt, check, "-split-input-file")
                if rv != 0:
                    invalid = 1
                    print(f"mlir-opt 22 rejects tessel's {flag} output:\n{err_v[:2000]}")
            print(f"{flag}: {identical} of {len(compared)} programs identical to mlir-opt 22 "
                  f"({len(failed_22)} where 22 builds invalid IR: tessel's output verifies in 22: "
                  f"{'no' if invalid else 'yes'})")
            failed |= 100.0 * identical < a.min_identical * len(compared) or invalid > 0

        def input_sets():
            return [[rng.choice([0, 1, 3, 7, -2, 40]), rng.choice([0, 1, 5, -1]), rng.randint(0, 1)]
                    for _ in range(a.inputs)]

        same, ran, failures = parity_common.engine_before_after(
            a.tessel, tmp, programs, lambda k: f"f{k}", ["--remove-dead-values"], input_sets)
    print(f"remove-dead-values: engine: {same} of {ran} runs the same before and after")
    if failures or failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
