#!/usr/bin/env python3
"""-buffer-deallocation-pipeline: tessel against mlir-opt 22, and no leaks.

Two kinds of programs:
  * random memref programs written for the ownership rules: allocations and
    stack buffers, views, arith.select, scf.if and scf.for that yield new or
    outer buffers (nested), calls to private and public functions that
    return new or borrowed buffers, results returned or only read;
  * random tiled packs and unpacks (mlir_runner_check's generator) tiled and
    lowered by tessel, bufferized with function boundaries (fully dynamic
    or identity layouts), hoisted or not.
For each program P (and, for the first kind, with and without
private-function-dynamic-ownership):
  1. tessel-opt P -buffer-deallocation-pipeline is mlir-opt 22's output,
     byte for byte (both fail, or both succeed);
  2. tessel's engine runs the output with --run-check-leaks on several
     inputs: every buffer the program allocates is freed or returned, none is
     freed twice or used after it is freed, and the results are P's.

Usage: scripts/dealloc_parity.py [--tessel PATH] [--llvm-bin DIR]
                                 [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import case_ir, random_configs, run  # noqa: E402

M = "memref<4xf32>"


class Gen:
    """A random memref program: every value is a memref<4xf32>."""

    def __init__(self, rng):
        self.rng = rng
        self.n = 0
        self.helpers = []

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def alloc(self, lines, pad, pool, src):
        v = self.fresh()
        kind = "alloca" if self.rng.random() < 0.2 else "alloc"
        lines.append(f"{pad}{v} = memref.{kind}() : {M}")
        lines.append(f"{pad}memref.copy {src}, {v} : {M} to {M}")
        return v

    def block(self, lines, pad, pool, depth, steps):
        """Statements appending to `pool` (the memrefs usable here)."""
        for _ in range(steps):
            r = self.rng.random()
            src = self.rng.choice(pool)
            if r < 0.3:
                pool.append(self.alloc(lines, pad, pool, src))
            elif r < 0.4:
                v = self.fresh()
                other = self.rng.choice(pool)
                lines.append(f"{pad}{v} = arith.select %c, {src}, {other} : {M}")
                pool.append(v)
            elif r < 0.5:
                v = self.fresh()
                lines.append(f"{pad}{v} = memref.subview {src}[1] [2] [1] : {M} to "
                             f"memref<2xf32, strided<[1], offset: 1>>")
                lines.append(f"{pad}%l{self.n} = memref.load {v}[%c0] : memref<2xf32, strided<[1], offset: 1>>")
            elif r < 0.65 and depth < 2:
                v = self.fresh()
                lines.append(f"{pad}{v} = scf.if %c -> ({M}) {{")
                for _ in range(2):
                    inner = list(pool)
                    self.block(lines, pad + "  ", inner, depth + 1, self.rng.randint(0, 2))
                    lines.append(f"{pad}  scf.yield {self.rng.choice(inner)} : {M}")
                    if _ == 0:
                        lines.append(f"{pad}}} else {{")
                lines.append(f"{pad}}}")
                pool.append(v)
            elif r < 0.8 and depth < 2:
                v, it, x = self.fresh(), f"%i{self.n}", f"%x{self.n}"
                lines.append(f"{pad}{v} = scf.for {it} = %c0 to %n step %c1 iter_args({x} = {src}) -> ({M}) {{")
                inner = pool + [x]
                self.block(lines, pad + "  ", inner, depth + 1, self.rng.randint(0, 2))
                choice = self.rng.random()
                if choice < 0.5:
                    y = self.alloc(lines, pad + "  ", inner, x)
                elif choice < 0.7:
                    y = x
                else:
                    y = self.rng.choice(inner)
                lines.append(f"{pad}  scf.yield {y} : {M}")
                lines.append(f"{pad}}}")
                pool.append(v)
            elif r < 0.9:
                name = f"@g{len(self.helpers)}"
                private = self.rng.random() < 0.5
                returns_new = self.rng.random() < 0.6
                body = (f"  %b = memref.alloc() : {M}\n  memref.copy %a, %b : {M} to {M}\n  return %b : {M}\n"
                        if returns_new else f"  return %a : {M}\n")
                vis = "private " if private else ""
                self.helpers.append(f"func.func {vis}{name}(%a: {M}) -> {M} {{\n{body}}}\n")
                v = self.fresh()
                lines.append(f"{pad}{v} = func.call {name}({src}) : ({M}) -> {M}")
                pool.append(v)
            else:
                # Buffers are written only when made (the deallocation
                # passes' contract: writes dominate reads); read one.
                lines.append(f"{pad}%r{self.n} = memref.load {src}[%c1] : {M}")
                self.n += 1

    def program(self):
        lines = []
        pool = ["%arg0", "%arg1"]
        self.block(lines, "  ", pool, 0, self.rng.randint(2, 7))
        last = self.rng.choice(pool)
        ret_memref = self.rng.random() < 0.5
        lines.append(f"  %s = memref.load {last}[%c0] : {M}")
        if ret_memref:
            r = self.rng.choice(pool)
            lines.append(f"  return {r}, %s : {M}, f32")
            sig = f"({M}, f32)"
        else:
            lines.append("  return %s : f32")
            sig = "f32"
        head = (f"func.func @f(%arg0: {M}, %arg1: {M}, %c: i1, %n: index) -> {sig} {{\n"
                "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n")
        return "".join(self.helpers) + head + "\n".join(lines) + "\n}\n"


def compare(tessel, mlir_opt, path, flags):
    a = run([tessel, path] + flags)
    b = run([mlir_opt, path] + flags)
    if (a.returncode == 0) != (b.returncode == 0):
        return f"tessel exit {a.returncode}, mlir-opt exit {b.returncode}:\n{a.stderr}{b.stderr}", None
    if a.returncode != 0:
        return None, None
    if a.stdout != b.stdout:
        diff = "".join(difflib.unified_diff(b.stdout.splitlines(True), a.stdout.splitlines(True),
                                            "mlir-opt-22", "tessel", n=2))
        return f"outputs differ\n{diff[:4000]}", None
    return None, a.stdout


def engine_check(tessel, before, after, func, inputs_list):
    """The deallocated program runs leak-free with the original's results."""
    for inputs in inputs_list:
        flags = [f"--run={func}"] + [f"--input={x}" for x in inputs]
        r1 = run([tessel, before] + flags)
        r2 = run([tessel, after] + flags + ["--run-check-leaks"])
        if r1.returncode != 0:
            return f"the program itself fails on {inputs}: {r1.stderr}"
        if r2.returncode != 0 or r1.stdout != r2.stdout:
            return f"after deallocation, on {inputs}: {r2.stderr or 'other results'}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--show", type=int, default=-1, help="print program N")
    args = ap.parse_args()
    mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
    rng = random.Random(args.seed)
    same = failed_both = failures = 0
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        # Programs written for the ownership rules.
        for i in range(args.count):
            text = Gen(rng).program()
            path = os.path.join(tmp, f"o{i}.mlir")
            with open(path, "w") as fh:
                fh.write(text)
            if args.show == i:
                print(text)
            for dyn in ("", "=private-function-dynamic-ownership=true"):
                flags = [f"--buffer-deallocation-pipeline{dyn}"]
                problem, out = compare(args.tessel, mlir_opt, path, flags)
                if problem:
                    failures += 1
                    problems.append(f"#{i} {flags[0]}: {problem}\n{text}")
                    break
                if out is None:
                    failed_both += 1
                    break
                after = os.path.join(tmp, f"o{i}d.mlir")
                with open(after, "w") as fh:
                    fh.write(out)
                inputs = [["iota", "random:3", c, n] for c in ("true", "false") for n in ("0", "3")]
                problem = engine_check(args.tessel, path, after, "f", inputs)
                if problem:
                    failures += 1
                    problems.append(f"#{i} {flags[0]}: {problem}\n{text}")
                    break
            else:
                same += 1
        # Tiled packs and unpacks, bufferized.
        tiled = 0
        for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(random_configs(args.count, args.seed)):
            fn, _, _ = case_ir(kind, shape, pos, tiles, perm)
            sz = ",".join(map(str, sizes))
            layout = rng.choice(["", " function-boundary-type-conversion=identity-layout-map"])
            hoist = rng.choice([[], ["--buffer-loop-hoisting"]])
            t = run([args.tessel, "-", f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--lower-pack-unpack",
                     "--canonicalize", "--cse", f"--one-shot-bufferize=bufferize-function-boundaries{layout}"]
                    + hoist, stdin=fn)
            if t.returncode != 0:
                failures += 1
                problems.append(f"tiled #{i}: bufferization failed: {t.stderr}")
                continue
            path = os.path.join(tmp, f"t{i}.mlir")
            with open(path, "w") as fh:
                fh.write(t.stdout)
            problem, out = compare(args.tessel, mlir_opt, path, ["--buffer-deallocation-pipeline"])
            if problem or out is None:
                failures += 1
                problems.append(f"tiled #{i}: {problem or 'both fail'}\n{t.stdout}")
                continue
            after = os.path.join(tmp, f"t{i}d.mlir")
            with open(after, "w") as fh:
                fh.write(out)
            problem = engine_check(args.tessel, path, after, "f", [["random:5"]])
            if problem:
                failures += 1
                problems.append(f"tiled #{i}: {problem}\n{t.stdout}")
                continue
            tiled += 1
    for p in problems[:8]:
        print(p)
    print(f"dealloc-parity: {same} of {args.count} ownership programs deallocate as mlir-opt 22 with and without "
          f"dynamic ownership and run leak-free with the same results ({failed_both} rejected by both); "
          f"{tiled} of {args.count} bufferized tiled packs/unpacks likewise; {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
