#!/usr/bin/env python3
"""tessel's `-convert-linalg-to-loops` against mlir-opt 22's, byte for
byte, and against itself by execution.

Generates seeded random functions on memrefs (static and dynamic dims),
each a few structured ops in a row: `linalg.generic` with random
permutation, projection and broadcast maps, reductions and `linalg.index`,
named ops (`matmul`, `transpose`, `copy`, `fill`, `broadcast`, `reduce`,
`map`, elementwise `add` / `exp`), constants between them. Then:

- both tools run `-convert-linalg-to-loops`; the outputs must be
  identical;
- tessel's engine runs each function before and after on the same random
  buffers (the printed buffers after the call must be equal).

Usage: scripts/linalg_to_loops_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile


def mref(shape, elem="f32", dyn=()):
    return "memref<" + "".join(("?" if i in dyn else str(d)) + "x" for i, d in enumerate(shape)) + elem + ">"


class Func:
    def __init__(self, rng, name):
        self.rng, self.name = rng, name
        self.args, self.lines, self.consts = [], [], 0
        self.dyn = rng.random() < 0.3
        for _ in range(rng.randint(1, 3)):
            rng.choice([self.generic, self.generic, self.matmul, self.transpose, self.copy_fill, self.broadcast,
                        self.reduce, self.map_op, self.elementwise])()

    def arg(self, shape, elem="f32", allow_dyn=True):
        # Named ops whose verifiers compare extents exactly get static ones.
        dyn = {i for i in range(len(shape)) if allow_dyn and self.dyn and self.rng.random() < 0.5}
        t = mref(shape, elem, dyn)
        name = f"%a{len(self.args)}"
        self.args.append((name, t))
        return name, t

    def const(self, value="2.0", elem="f32"):
        self.consts += 1
        name = f"%k{self.consts}"
        self.lines.append(f"{name} = arith.constant {value} : {elem}")
        return name

    def generic(self):
        rng = self.rng
        n = rng.randint(1, 3)
        sizes = [rng.choice([2, 3, 4]) for _ in range(n)]
        kinds = ["parallel"] * n
        if n > 1 and rng.random() < 0.3:
            kinds[rng.randrange(n)] = "reduction"
        out_dims = [d for d in range(n) if kinds[d] == "parallel"]
        if rng.random() < 0.5:
            rng.shuffle(out_dims)
        ins = []
        for j in range(rng.randint(1, 2)):
            dims = list(range(n))
            rng.shuffle(dims)
            # The first input reads every loop, so every loop has an extent.
            dims = dims[:rng.randint(1, n)] if j > 0 and rng.random() < 0.5 else dims
            ins.append(dims)
        d = ", ".join(f"d{i}" for i in range(n))
        maps, operands, types = [], [], []
        for dims in ins:
            maps.append(f"affine_map<({d}) -> ({', '.join(f'd{x}' for x in dims)})>")
            a, t = self.arg([sizes[x] for x in dims])
            operands.append(a)
            types.append(t)
        maps.append(f"affine_map<({d}) -> ({', '.join(f'd{x}' for x in out_dims)})>")
        o, ot = self.arg([sizes[x] for x in out_dims])
        use_index = rng.random() < 0.4
        args = ", ".join(f"%x{i}: f32" for i in range(len(ins))) + ", %acc: f32"
        body = [f"%s0 = arith.addf %x0, %acc : f32"]
        for i in range(1, len(ins)):
            body.append(f"%s{i} = arith.mulf %s{i - 1}, %x{i} : f32")
        last = f"%s{len(ins) - 1}"
        if use_index:
            body += ["%i = linalg.index 0 : index", "%ii = arith.index_cast %i : index to i32",
                     "%fi = arith.sitofp %ii : i32 to f32", f"%r = arith.addf {last}, %fi : f32"]
            last = "%r"
        its = ", ".join(f'"{k}"' for k in kinds)
        self.lines.append(
            f"linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{its}]}} "
            f"ins({', '.join(operands)} : {', '.join(types)}) outs({o} : {ot}) {{\n"
            f"  ^bb0({args}):\n    " + "\n    ".join(body) + f"\n    linalg.yield {last} : f32\n  }}")

    def matmul(self):
        m, k, n = (self.rng.choice([2, 3, 4]) for _ in range(3))
        a, at = self.arg([m, k])
        b, bt = self.arg([k, n])
        c, ct = self.arg([m, n])
        self.lines.append(f"linalg.matmul ins({a}, {b} : {at}, {bt}) outs({c} : {ct})")

    def transpose(self):
        shape = [self.rng.choice([2, 3]) for _ in range(3)]
        perm = [0, 1, 2]
        self.rng.shuffle(perm)
        a, at = self.arg(shape, allow_dyn=False)
        b, bt = self.arg([shape[p] for p in perm], allow_dyn=False)
        self.lines.append(f"linalg.transpose ins({a} : {at}) outs({b} : {bt}) permutation = {perm}")

    def copy_fill(self):
        shape = [self.rng.choice([2, 4]) for _ in range(2)]
        a, at = self.arg(shape)
        b, bt = self.arg(shape)
        self.lines.append(f"linalg.copy ins({a} : {at}) outs({b} : {bt})")
        k = self.const(self.rng.choice(["1.5", "-2.0"]))
        self.lines.append(f"linalg.fill ins({k} : f32) outs({a} : {at})")

    def broadcast(self):
        a, at = self.arg([3], allow_dyn=False)
        b, bt = self.arg([2, 3], allow_dyn=False)
        self.lines.append(f"linalg.broadcast ins({a} : {at}) outs({b} : {bt}) dimensions = [0]")

    def reduce(self):
        a, at = self.arg([4, 3], allow_dyn=False)
        b, bt = self.arg([3], allow_dyn=False)
        self.lines.append(f"linalg.reduce ins({a} : {at}) outs({b} : {bt}) dimensions = [0]\n"
                          f"    (%x: f32, %y: f32) {{\n      %s = arith.maximumf %x, %y : f32\n"
                          f"      linalg.yield %s : f32\n    }}")

    def map_op(self):
        a, at = self.arg([3, 2], allow_dyn=False)
        b, bt = self.arg([3, 2], allow_dyn=False)
        c, ct = self.arg([3, 2], allow_dyn=False)
        self.lines.append(f"linalg.map {{ arith.subf }} ins({a}, {b} : {at}, {bt}) outs({c} : {ct})")

    def elementwise(self):
        shape = [self.rng.choice([2, 3]) for _ in range(2)]
        a, at = self.arg(shape, allow_dyn=False)
        b, bt = self.arg(shape, allow_dyn=False)
        c, ct = self.arg(shape, allow_dyn=False)
        if self.rng.random() < 0.5:
            self.lines.append(f"linalg.add ins({a}, {b} : {at}, {bt}) outs({c} : {ct})")
        else:
            self.lines.append(f"linalg.exp ins({a} : {at}) outs({c} : {ct})")

    def text(self):
        args = ", ".join(f"{n}: {t}" for n, t in self.args)
        body = "\n  ".join(self.lines)
        return f"func.func @{self.name}({args}) {{\n  {body}\n  return\n}}\n"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "tessel-opt"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures, identical, ran = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.mlir")
        for k in range(args.count):
            f = Func(rng, f"f{k}")
            with open(src, "w") as fh:
                fh.write(f.text())
            t = run([args.tessel, src, "-convert-linalg-to-loops"])
            m = run([args.mlir_opt, src, "-convert-linalg-to-loops"])
            if m.returncode != 0:
                failures.append((f.name, "mlir-opt 22 failed", m.stderr[:1500], f.text()))
                continue
            if t.returncode != 0:
                failures.append((f.name, "tessel failed", t.stderr[:1500], f.text()))
                continue
            if t.stdout != m.stdout:
                diff = "".join(difflib.unified_diff(m.stdout.splitlines(True), t.stdout.splitlines(True),
                                                    "mlir-opt", "tessel-opt", n=1))
                failures.append((f.name, "output differs from mlir-opt 22", diff[:3000], f.text()))
                continue
            identical += 1
            inputs = [f"--input=random:{3 + i}" for i in range(len(f.args))]
            if f.dyn:
                continue  # the engine needs the dynamic extents of random inputs
            before = run([args.tessel, src, f"--run={f.name}", *inputs])
            lowered = os.path.join(tmp, "lowered.mlir")
            with open(lowered, "w") as fh:
                fh.write(t.stdout)
            after = run([args.tessel, lowered, f"--run={f.name}", *inputs])
            if before.returncode != 0 or after.returncode != 0 or before.stdout != after.stdout:
                failures.append((f.name, "the engine's buffers differ before and after",
                                 before.stderr[:500] + after.stderr[:500], f.text()))
                continue
            ran += 1
    print(f"convert-linalg-to-loops: {args.count} functions, {identical} identical to mlir-opt 22, "
          f"{ran} run before and after by the engine, {len(failures)} failures")
    for name, what, detail, text in failures[:4]:
        print(f"--- {name}: {what}\n{detail}\n{text}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
