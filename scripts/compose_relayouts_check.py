#!/usr/bin/env python3
"""`-compose-relayouts` and the code `--codegen-pipeline` makes from it,
checked by execution on seeded random chains.

Each chain starts from a random static shape (rank 1-4, i32 so every value
is exact) and applies 2-5 random ops: packs (tiles that divide the dim or
not, padding, outer dims permuted), unpacks (back to the full dims or
dropping part of the last tile), transposes, expand_shape / collapse_shape,
and unary elementwise generics. For each chain:

- tessel's engine runs the function before and after `-compose-relayouts`
  and after `--codegen-pipeline` (on memrefs, in the engine) with the same
  random input: the results must be bit for bit the same;
- mlir-opt 22 must read the composed function (`--verify-diagnostics` off,
  plain parse and verify).

A run fails on any mismatch, and when fewer than --min-composed percent of
the chains were composed at all (so the generator keeps meeting the
rewrite).

Usage: scripts/compose_relayouts_check.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S]
                                          [--min-composed PCT]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def ty(shape):
    return "tensor<" + "".join(f"{d}x" for d in shape) + "i32>"


def divisors(n):
    return [d for d in range(2, n + 1) if n % d == 0]


class Chain:
    """One random function: a list of op lines from %v0 to the last value."""

    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        rank = rng.randint(1, 3)
        self.shape = [rng.choice([1, 2, 3, 4, 6, 8, 12, 16]) for _ in range(rank)]
        self.input_shape = list(self.shape)
        self.lines = []
        self.n = 0
        self.last_pack = None
        for _ in range(rng.randint(2, 5)):
            rng.choice([self.pack, self.pack, self.unpack, self.transpose, self.reshape, self.elementwise])()

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def cur(self):
        return f"%v{self.n}"

    def emit(self, text, shape):
        self.lines.append(text)
        self.shape = shape

    def pack(self):
        rng, shape = self.rng, self.shape
        if len(shape) + 1 > 6:
            return
        k = rng.randint(1, min(2, len(shape)))
        dims = rng.sample(range(len(shape)), k)
        tiles = []
        for d in dims:
            divs = divisors(shape[d])
            if divs and rng.random() < 0.8:
                tiles.append(rng.choice(divs))
            else:
                tiles.append(rng.choice([2, 3, 4, 8]))
        outer = [-(-shape[d] // t) if d in dims else shape[d] for d, t in
                 ((d, tiles[dims.index(d)] if d in dims else 1) for d in range(len(shape)))]
        perm = list(range(len(shape)))
        if rng.random() < 0.4:
            rng.shuffle(perm)
        packed = [outer[p] for p in perm] + tiles
        pad = any(shape[d] % t for d, t in zip(dims, tiles))
        src = self.cur()
        init = self.fresh()
        res = self.fresh()
        perm_text = f"outer_dims_perm = {perm} " if perm != list(range(len(shape))) else ""
        pad_text = "padding_value(%pad : i32) " if pad or rng.random() < 0.2 else ""
        self.emit(f"{init} = tensor.empty() : {ty(packed)}\n"
                  f"  {res} = linalg.pack {src} {pad_text}{perm_text}inner_dims_pos = {dims} "
                  f"inner_tiles = {tiles} into {init} : {ty(shape)} -> {ty(packed)}", packed)
        self.last_pack = (len(shape), dims, tiles, perm, list(shape))

    def unpack(self):
        rng = self.rng
        if self.last_pack is None or len(self.shape) != self.last_pack[0] + len(self.last_pack[1]):
            return self.transpose()
        rank, dims, tiles, perm, orig = self.last_pack
        self.last_pack = None
        # Back to the whole tiles, or to the shape before the pack (which
        # drops part of an incomplete last tile).
        outer = [0] * rank
        for i, p in enumerate(perm):
            outer[p] = self.shape[i]
        full = [outer[d] * (tiles[dims.index(d)] if d in dims else 1) for d in range(rank)]
        dest = orig if rng.random() < 0.5 else full
        perm_text = f"outer_dims_perm = {perm} " if perm != list(range(rank)) else ""
        src = self.cur()
        init = self.fresh()
        res = self.fresh()
        self.emit(f"{init} = tensor.empty() : {ty(dest)}\n"
                  f"  {res} = linalg.unpack {src} {perm_text}inner_dims_pos = {dims} inner_tiles = {tiles} "
                  f"into {init} : {ty(self.shape)} -> {ty(dest)}", dest)

    def transpose(self):
        shape = self.shape
        perm = list(range(len(shape)))
        self.rng.shuffle(perm)
        out = [shape[p] for p in perm]
        src = self.cur()
        init = self.fresh()
        res = self.fresh()
        self.emit(f"{init} = tensor.empty() : {ty(out)}\n"
                  f"  {res} = linalg.transpose ins({src} : {ty(shape)}) outs({init} : {ty(out)}) "
                  f"permutation = {perm}", out)
        self.last_pack = None

    def reshape(self):
        rng, shape = self.rng, self.shape
        src = self.cur()
        if len(shape) >= 2 and rng.random() < 0.5:
            d = rng.randrange(len(shape) - 1)
            out = shape[:d] + [shape[d] * shape[d + 1]] + shape[d + 2:]
            groups = [[i] for i in range(d)] + [[d, d + 1]] + [[i + 1] for i in range(d + 1, len(shape) - 1)]
            res = self.fresh()
            self.emit(f"{res} = tensor.collapse_shape {src} {groups} : {ty(shape)} into {ty(out)}", out)
        elif len(shape) < 5:
            d = rng.randrange(len(shape))
            divs = divisors(shape[d]) or [1]
            a = rng.choice(divs)
            out = shape[:d] + [shape[d] // a, a] + shape[d + 1:]
            groups, k = [], 0
            for i in range(len(shape)):
                groups.append([k, k + 1] if i == d else [k])
                k += 2 if i == d else 1
            res = self.fresh()
            self.emit(f"{res} = tensor.expand_shape {src} {groups} output_shape {out} : {ty(shape)} into {ty(out)}",
                      out)
        self.last_pack = None

    def elementwise(self):
        shape = self.shape
        n = len(shape)
        idmap = "affine_map<(" + ", ".join(f"d{i}" for i in range(n)) + ") -> (" + \
            ", ".join(f"d{i}" for i in range(n)) + ")>"
        op = self.rng.choice(["arith.maxsi %x, %zero : i32", "arith.muli %x, %three : i32",
                              "arith.xori %x, %three : i32"])
        src = self.cur()
        init = self.fresh()
        res = self.fresh()
        its = ", ".join(['"parallel"'] * n)
        self.emit(f"{init} = tensor.empty() : {ty(shape)}\n"
                  f"  {res} = linalg.generic {{indexing_maps = [{idmap}, {idmap}], iterator_types = [{its}]}} "
                  f"ins({src} : {ty(shape)}) outs({init} : {ty(shape)}) {{\n"
                  f"  ^bb0(%x: i32, %o: i32):\n    %y = {op}\n    linalg.yield %y : i32\n  }} -> {ty(shape)}",
                  shape)

    def text(self):
        body = "\n  ".join(self.lines)
        return (f"func.func @{self.name}(%v0: {ty(self.input_shape)}) -> {ty(self.shape)} {{\n"
                f"  %pad = arith.constant -7 : i32\n  %zero = arith.constant 0 : i32\n"
                f"  %three = arith.constant 3 : i32\n  {body}\n  return {self.cur()} : {ty(self.shape)}\n}}\n")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "tessel-opt"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-composed", type=float, default=30)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures, composed, checked = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.count):
            chain = Chain(rng, f"f{k}")
            src = os.path.join(tmp, "in.mlir")
            with open(src, "w") as f:
                f.write(chain.text())
            ok = run([args.tessel, src, "-o", "/dev/null"])
            if ok.returncode != 0:
                failures.append((chain.name, "the generated chain is invalid", ok.stderr, chain.text()))
                continue
            out = os.path.join(tmp, "composed.mlir")
            r = run([args.tessel, src, "-compose-relayouts", "-o", out])
            if r.returncode != 0:
                failures.append((chain.name, "-compose-relayouts failed", r.stderr, chain.text()))
                continue
            text = open(out).read()
            composed += "linalg.pack" not in text and "linalg.unpack" not in text and "linalg.transpose" not in text \
                and ("linalg.pack" in chain.text() or "linalg.unpack" in chain.text() or "linalg.transpose" in chain.text())
            m = run([args.mlir_opt, out, "-o", "/dev/null"])
            if m.returncode != 0:
                failures.append((chain.name, "mlir-opt 22 rejects the composed IR", m.stderr, text))
                continue
            results = []
            for label, extra in [("before", []), ("composed", ["-compose-relayouts"]),
                                 ("codegen", ["--codegen-pipeline=vector-bytes=32 nontemporal-bytes=1"])]:
                npy = os.path.join(tmp, f"{label}.npy")
                e = run([args.tessel, src, *extra, f"--run={chain.name}", "--input=random:5", f"--output={npy}"])
                if e.returncode != 0:
                    failures.append((chain.name, f"the {label} run failed", e.stderr, chain.text()))
                    break
                results.append(open(npy, "rb").read())
            else:
                checked += 1
                if results[1] != results[0] or results[2] != results[0]:
                    which = "composed" if results[1] != results[0] else "codegen"
                    failures.append((chain.name, f"the {which} result differs", "", chain.text()))
    pct = 100.0 * composed / max(1, args.count)
    print(f"compose-relayouts: {args.count} chains, {composed} composed whole ({pct:.0f}%), "
          f"{checked} run three ways, {len(failures)} failures")
    for name, what, err, text in failures[:5]:
        print(f"--- {name}: {what}\n{err}\n{text}")
    if failures or pct < args.min_composed:
        sys.exit(1)


if __name__ == "__main__":
    main()
