#!/usr/bin/env python3
"""Random tiled packs and unpacks bufferized by tessel and by mlir-opt 22.

Each program is a random pack or unpack (ranks 1-3, tiles, inner_dims_pos
orders, outer_dims_perm, padding; mlir_runner_check's generator) tiled by
tessel-opt with random tile sizes in scf.for or scf.forall loops and
lowered (`-tile-pack-unpack -lower-pack-unpack -canonicalize -cse`). For
each program P and each of four option sets (function boundaries with
fully dynamic layouts, with identity layouts, no function boundaries, and
copy-before-write):
  1. T = tessel-opt P -one-shot-bufferize=OPTS and M = mlir-opt 22's: both
     succeed or both fail, and T is M byte for byte;
  2. without function boundaries, tessel's engine runs P and T on the same
     input: the same values;
  3. no tensor is left in T (with function boundaries);
  4. after -buffer-loop-hoisting, tessel's output is mlir-opt 22's and no
     statically sized allocation is left inside an scf.for (the bounded
     temporaries leave the loops; allocations sized by the loop are
     counted);
  5. after -buffer-hoisting -buffer-loop-hoisting -promote-buffers-to-stack,
     tessel's output is mlir-opt 22's, except where 22 promotes an
     allocation inside a loop body to a memref.alloca (tessel does not: it
     would take new stack every iteration; counted).
Programs with an op tessel does not bufferize yet are counted apart
(tessel's "op was not bufferized") when mlir-opt 22 bufferizes them.

Usage: scripts/bufferize_parity.py [--tessel PATH] [--llvm-bin DIR]
                                   [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import case_ir, random_configs, run  # noqa: E402

OPTION_SETS = [
    "bufferize-function-boundaries",
    "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
    "",
    "copy-before-write",
]

HOIST = ["--one-shot-bufferize=bufferize-function-boundaries", "--buffer-loop-hoisting"]

# Buffer placement after bufferization: compared with 22 where no loop is
# left holding an allocation 22 would promote (tessel keeps allocations in
# loops on the heap, docs/differences.md).
PLACE = ["--one-shot-bufferize=bufferize-function-boundaries", "--buffer-hoisting", "--buffer-loop-hoisting",
         "--promote-buffers-to-stack"]


def allocs_in_loops(text):
    """(static, dynamic) allocations left inside scf.for loops (not counting
    those in scf.forall bodies, which stay per thread)."""
    stack, static, dynamic = [], 0, 0
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("}"):
            if stack:
                stack.pop()
            if s.endswith("{"):
                stack.append("other")
            continue
        if "memref.alloc" in s and "for" in stack and stack[-1] != "forall":
            innermost_loop = [k for k in stack if k in ("for", "forall")][-1]
            if innermost_loop == "for":
                if re.search(r"memref\.alloca?\(\)", s):
                    static += 1
                else:
                    dynamic += 1
        if s.endswith("{"):
            stack.append("forall" if "scf.forall" in s else "for" if "scf.for " in s else "other")
    return static, dynamic


def in_loop_promotion(text):
    """Whether mlir-opt 22 left a memref.alloca inside a loop body (the
    promotion tessel declines)."""
    stack = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("}"):
            if stack:
                stack.pop()
            if s.endswith("{"):
                stack.append("other")
            continue
        if "memref.alloca" in s and any(k == "loop" for k in stack):
            return True
        if s.endswith("{"):
            stack.append("loop" if re.search(r"\bscf\.(for|forall|while|parallel)\b", s) else "other")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--show", type=int, default=-1, help="print program N and both outputs")
    args = ap.parse_args()
    mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
    same = unsupported = failures = dynamic_in_loops = placed_by_design = 0
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(random_configs(args.count, args.seed)):
            fn, _, _ = case_ir(kind, shape, pos, tiles, perm)
            sz = ",".join(map(str, sizes))
            t = run([args.tessel, "-", f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--lower-pack-unpack",
                     "--canonicalize", "--cse", "--pack-spelling=linalg"], stdin=fn)
            if t.returncode != 0:
                problems.append(f"#{i}: tiling failed: {t.stderr.strip()}")
                failures += 1
                continue
            prog = os.path.join(tmp, f"p{i}.mlir")
            with open(prog, "w") as fh:
                fh.write(t.stdout)
            for opts in OPTION_SETS:
                flag = f"--one-shot-bufferize={opts}"
                a = run([args.tessel, prog, flag])
                b = run([mlir_opt, prog, flag])
                if args.show == i:
                    print(f"== program #{i} ({opts or 'no boundaries'})\n{t.stdout}\n== tessel\n{a.stdout}{a.stderr}"
                          f"\n== mlir-opt 22\n{b.stdout}{b.stderr}")
                if a.returncode != 0 and "op was not bufferized" in a.stderr and b.returncode == 0:
                    unsupported += 1
                    break
                if (a.returncode == 0) != (b.returncode == 0):
                    failures += 1
                    problems.append(f"#{i} [{opts}]: tessel exit {a.returncode}, mlir-opt exit {b.returncode}:\n"
                                    f"{a.stderr}{b.stderr}")
                    break
                if a.returncode != 0:
                    continue
                if a.stdout != b.stdout:
                    failures += 1
                    diff = "".join(difflib.unified_diff(b.stdout.splitlines(True), a.stdout.splitlines(True),
                                                        "mlir-opt-22", "tessel", n=1))
                    problems.append(f"#{i} [{opts}]: outputs differ\n{diff[:3000]}")
                    break
                if "boundaries" in opts and re.search(r"\btensor<", a.stdout.split("module {", 1)[-1]):
                    failures += 1
                    problems.append(f"#{i} [{opts}]: a tensor is left")
                    break
                if "boundaries" not in opts:
                    out = os.path.join(tmp, f"b{i}.mlir")
                    with open(out, "w") as fh:
                        fh.write(a.stdout)
                    r1 = run([args.tessel, prog, "--run=f", "--input=random:7"])
                    r2 = run([args.tessel, out, "--run=f", "--input=random:7"])
                    if r1.returncode != 0 or r1.stdout != r2.stdout:
                        failures += 1
                        problems.append(f"#{i}: the engine gives other values after bufferization:\n"
                                        f"{r1.stderr}{r2.stderr}")
                        break
            else:
                # Hoisting after bufferization: 22's output, and no
                # statically sized allocation left in an scf.for.
                a = run([args.tessel, prog] + HOIST)
                b = run([mlir_opt, prog] + HOIST)
                if a.returncode != 0 or a.stdout != b.stdout:
                    failures += 1
                    diff = "".join(difflib.unified_diff(b.stdout.splitlines(True), a.stdout.splitlines(True),
                                                        "mlir-opt-22", "tessel", n=1))
                    problems.append(f"#{i} [buffer-loop-hoisting]: outputs differ\n{a.stderr}{diff[:3000]}")
                    continue
                a = run([args.tessel, prog] + PLACE)
                b = run([mlir_opt, prog] + PLACE)
                if a.returncode != 0 or (a.stdout != b.stdout and not in_loop_promotion(b.stdout)):
                    failures += 1
                    diff = "".join(difflib.unified_diff(b.stdout.splitlines(True), a.stdout.splitlines(True),
                                                        "mlir-opt-22", "tessel", n=1))
                    problems.append(f"#{i} [buffer placement]: outputs differ\n{a.stderr}{diff[:3000]}")
                    continue
                placed_by_design += a.stdout != b.stdout
                st, dy = allocs_in_loops(a.stdout)
                if st:
                    failures += 1
                    problems.append(f"#{i}: {st} statically sized allocation(s) left in a loop after hoisting")
                    continue
                dynamic_in_loops += dy
                same += 1
    for p in problems[:10]:
        print(p)
    print(f"bufferize-parity: {same} of {args.count} programs bufferize as mlir-opt 22 in all four option sets "
          f"(and run the same), {unsupported} use an op tessel does not bufferize yet, {failures} failures; "
          f"after -buffer-loop-hoisting no static allocation is left in a loop, {dynamic_in_loops} sized by "
          f"the loop are (the transpose temporaries -lower-pack-unpack makes); buffer-hoisting, "
          f"buffer-loop-hoisting and promote-buffers-to-stack as 22 but in {placed_by_design} programs where 22 "
          f"promotes an allocation inside a loop")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
