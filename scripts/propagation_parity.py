#!/usr/bin/env python3
"""Random programs around elementwise ops and packs, propagated by tessel
and by mlir-opt 22 (`-test-linalg-data-layout-propagation`).

Each program is one function @f(%src) -> tensor (static shapes, f32) of one
of these forms, with random ranks (1-4 unpacked), tiles, inner_dims_pos
orders, outer_dims_perm and padding; the generics read their operands
through transposed and broadcast maps, sometimes read their init, and
sometimes reduce over a loop the pack does not tile:

  bubble       linalg.generic -> pack (sometimes padded: it must stay)
  push         unpack -> linalg.generic (sometimes dropping padding)
  sandwich     unpack -> linalg.generic -> pack, one tiling or two
  chain        linalg.generic -> linalg.generic -> pack
  pad          pack(tensor.pad) and tensor.pad(unpack), padding tiled or
               untiled dims
  reshape      pack(collapse_shape), pack(expand_shape),
               expand_shape(unpack)

For each program P:
  1. T = tessel-opt P -test-linalg-data-layout-propagation must succeed and
     verify in mlir-opt 22;
  2. M = the same with mlir-opt 22; T and M, each put through
     `mlir-opt -canonicalize -cse`, must be identical, except where tessel
     differs by design (BY_DESIGN, docs/propagation.md);
  3. tessel's engine runs P and T on the same input: the same bits; and
     mlir-runner runs P and T lowered by mlir-opt 22 (lower_pack /
     lower_unpack, bufferization, LLVM), in batches: the engine's values.

Usage: scripts/propagation_parity.py [--tessel PATH] [--llvm-bin DIR]
                                     [--count N] [--seed S] [--show N]
                                     [--no-runner]
"""
import argparse
import difflib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fold_parity import engine_pair, pack_attrs, permutation, rand_tiling, t, unpacked_dest  # noqa: E402
from mlir_runner_check import dense, packed_shape, run, run_pairs, runner_setup  # noqa: E402

PROPAGATE = "-test-linalg-data-layout-propagation"
KINDS = ["bubble", "push", "sandwich", "chain", "pad", "reshape"]
BINARY = ["arith.addf", "arith.subf", "arith.maximumf", "arith.minimumf"]

# What tessel does differently on purpose, by the kind of program: a
# predicate on (program, tessel's normalized output, mlir-opt's).
BY_DESIGN = {
    # A padded pack of an expand_shape whose tiled dim shares its group and
    # is not whole tiles: mlir-opt 22 moves it above the expand_shape into
    # another layout (a miscompile); tessel keeps it below.
    "reshape": lambda prog, ours, up: ("tensor.expand_shape %src" in prog and "padding_value" in prog
                                       and "linalg.pack %expanded" in ours and "linalg.pack %expanded" not in up),
}


class Program:
    """A function body under construction: ops text and fresh names."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def fresh(self, base):
        self.n += 1
        return f"{base}{self.n}"

    def const(self, shape):
        """A dense constant of small distinct values."""
        name = self.fresh("c")
        count = 1
        for d in shape:
            count *= d
        vals = [float((k * 7) % 13) + 0.5 for k in range(count)]
        body = dense(shape, vals) if shape else f"{vals[0]:.1f}"
        self.lines.append(f"  %{name} = arith.constant dense<{body}> : {t(shape)}")
        return name

    def empty(self, shape):
        name = self.fresh("e")
        self.lines.append(f"  %{name} = tensor.empty() : {t(shape)}")
        return name

    def pack(self, src, src_shape, pos, tiles, perm, pad=False):
        dest_shape = packed_shape(src_shape, pos, tiles, perm)
        e = self.empty(dest_shape)
        name = self.fresh("pk")
        pad_txt = ""
        if pad:
            z = self.fresh("z")
            self.lines.append(f"  %{z} = arith.constant 0.0 : f32")
            pad_txt = f"padding_value(%{z} : f32) "
        self.lines.append(f"  %{name} = linalg.pack %{src} {pad_txt}{pack_attrs(pos, tiles, perm)} into %{e} "
                          f": {t(src_shape)} -> {t(dest_shape)}")
        return name, dest_shape

    def unpack(self, src, src_shape, dest_shape, pos, tiles, perm):
        e = self.empty(dest_shape)
        name = self.fresh("u")
        self.lines.append(f"  %{name} = linalg.unpack %{src} {pack_attrs(pos, tiles, perm)} into %{e} "
                          f": {t(src_shape)} -> {t(dest_shape)}")
        return name

    def generic(self, rng, ins, out_shape, loops, reduce_loop=None):
        """An elementwise (or reducing) generic over `loops` loop sizes:
        `ins` are (value, loop of each dim); the output reads the loops
        but `reduce_loop`. Returns the result name."""
        n = len(loops)
        out_loops = [d for d in range(n) if d != reduce_loop]
        read_init = reduce_loop is not None or rng.random() < 0.2
        init = self.const(out_shape) if read_init else self.empty(out_shape)
        ds = ", ".join(f"d{i}" for i in range(n))
        maps = [f"affine_map<({ds}) -> ({', '.join(f'd{d}' for d in m)})>" for _, m in ins]
        maps.append(f"affine_map<({ds}) -> ({', '.join(f'd{d}' for d in out_loops)})>")
        kinds = ", ".join('"reduction"' if d == reduce_loop else '"parallel"' for d in range(n))
        in_types = ", ".join(t([loops[d] for d in m]) for _, m in ins)
        args = ", ".join(f"%a{k}: f32" for k in range(len(ins))) + ", %o: f32"
        body, acc = [], "%a0"
        for k in range(1, len(ins)):
            v = f"%s{k}"
            body.append(f"    {v} = {rng.choice(BINARY)} {acc}, %a{k} : f32")
            acc = v
        if read_init:
            body.append(f"    %s_o = {'arith.addf' if reduce_loop is not None else rng.choice(BINARY)} {acc}, %o : f32")
            acc = "%s_o"
        elif len(ins) == 1:
            body.append(f"    %s_1 = {rng.choice(BINARY)} %a0, %a0 : f32")
            acc = "%s_1"
        name = self.fresh("g")
        self.lines.append(
            f"  %{name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{kinds}]}} "
            f"ins({', '.join('%' + v for v, _ in ins)} : {in_types}) outs(%{init} : {t(out_shape)}) {{\n"
            f"  ^bb0({args}):\n" + "\n".join(body) + f"\n    linalg.yield {acc} : f32\n  }} -> {t(out_shape)}")
        return name


def divisible_shape(rng, rank, pos, tiles, lo=1, hi=9):
    """A shape whose tiled dims are whole tiles (most of the time)."""
    shape = [rng.randint(lo, hi) for _ in range(rank)]
    if rng.random() < 0.75:
        for p, tl in zip(pos, tiles):
            shape[p] = tl * rng.randint(1, 3)
    return shape


def elementwise_over(rng, prog, value, shape, extra_inputs=True):
    """A generic reading `value` (of `shape`) through a random permutation
    of the loops, plus a broadcast constant; the loops are `shape` permuted.
    Returns (result, result shape)."""
    rank = len(shape)
    perm = permutation(rng, rank) if rng.random() < 0.4 else list(range(rank))
    loops = [shape[p] for p in perm]
    # value dim i is loop perm^-1[i].
    inv = [perm.index(i) for i in range(rank)]
    ins = [(value, inv)]
    if extra_inputs and rng.random() < 0.7:
        k = rng.randint(1, rank)
        sub = rng.sample(range(rank), k)
        ins.append((prog.const([loops[d] for d in sub]), sub))
    return prog.generic(rng, ins, loops, loops), loops


def gen(rng, kind):
    """(body text, input shape, output shape) of a random program."""
    prog = Program()
    rank = rng.randint(1, 4)
    pos, tiles, perm = rand_tiling(rng, rank)
    if kind in ("bubble", "chain"):
        out = divisible_shape(rng, rank, pos, tiles)
        reduce = kind == "bubble" and rng.random() < 0.2
        if reduce:
            # One more loop, reduced: the source reads it last.
            red = rng.randint(2, 5)
            in_shape = out + [red]
            g = prog.generic(rng, [("src", list(range(rank + 1)))], out, out + [red], reduce_loop=rank)
        else:
            # The source is the output's dims in a random order.
            p = permutation(rng, rank) if rng.random() < 0.5 else list(range(rank))
            in_shape = [out[i] for i in p]
            ins = [("src", p)]
            if rng.random() < 0.7:
                sub = rng.sample(range(rank), rng.randint(1, rank))
                ins.append((prog.const([out[d] for d in sub]), sub))
            g = prog.generic(rng, ins, out, out)
            if kind == "chain":
                g, out2 = elementwise_over(rng, prog, g, out)
                # The second generic permuted the loops: pack its result.
                out = out2
                pos, tiles, perm = rand_tiling(rng, rank)
                for p_, tl in zip(pos, tiles):
                    if out[p_] % tl and rng.random() < 0.75:
                        tiles[pos.index(p_)] = 1
        padded = any(out[p_] % tl for p_, tl in zip(pos, tiles))
        r, out_shape = prog.pack(g, out, pos, tiles, perm, pad=padded)
    elif kind in ("push", "sandwich"):
        unpacked = [rng.randint(1, 9) for _ in range(rank)]
        in_shape = packed_shape(unpacked, pos, tiles, perm)
        dest = unpacked_dest(rng, unpacked, pos, tiles) if rng.random() < 0.3 else unpacked
        u = prog.unpack("src", in_shape, dest, pos, tiles, perm)
        g, loops = elementwise_over(rng, prog, u, dest)
        r, out_shape = g, loops
        if kind == "sandwich":
            # The same tiling when the generic kept the dims in order.
            if loops != dest or rng.random() < 0.3:
                pos, tiles, perm = rand_tiling(rng, rank)
            padded = any(loops[p_] % tl for p_, tl in zip(pos, tiles))
            r, out_shape = prog.pack(g, loops, pos, tiles, perm, pad=padded)
    elif kind == "pad":
        lo = [rng.choice([0, 0, 1, 2]) for _ in range(rank)]
        hi = [rng.choice([0, 0, 1, 2]) for _ in range(rank)]
        if rng.random() < 0.7:
            for p_ in pos:
                lo[p_] = hi[p_] = 0
        low, high = f"low{lo}", f"high{hi}"
        args = ", ".join(f"%i{k}: index" for k in range(rank))
        z = prog.fresh("z")
        prog.lines.append(f"  %{z} = arith.constant 1.5 : f32")
        if rng.random() < 0.5:
            padded_shape = divisible_shape(rng, rank, pos, tiles, lo=3)
            for p_ in pos:
                padded_shape[p_] = max(padded_shape[p_], lo[p_] + hi[p_] + 1)
                if padded_shape[p_] % tiles[pos.index(p_)]:
                    padded_shape[p_] += tiles[pos.index(p_)] - padded_shape[p_] % tiles[pos.index(p_)]
            in_shape = [d - lo_ - hi_ for d, lo_, hi_ in zip(padded_shape, lo, hi)]
            if min(in_shape) < 1:
                in_shape = [max(d, 1) for d in in_shape]
                padded_shape = [d + lo_ + hi_ for d, lo_, hi_ in zip(in_shape, lo, hi)]
            pname = prog.fresh("pad")
            prog.lines.append(f"  %{pname} = tensor.pad %src {low} {high} {{\n  ^bb0({args}):\n"
                              f"    tensor.yield %{z} : f32\n  }} : {t(in_shape)} to {t(padded_shape)}")
            padded = any(padded_shape[p_] % tl for p_, tl in zip(pos, tiles))
            r, out_shape = prog.pack(pname, padded_shape, pos, tiles, perm, pad=padded)
        else:
            unpacked = [rng.randint(1, 9) for _ in range(rank)]
            in_shape = packed_shape(unpacked, pos, tiles, perm)
            u = prog.unpack("src", in_shape, unpacked, pos, tiles, perm)
            out_shape = [d + lo_ + hi_ for d, lo_, hi_ in zip(unpacked, lo, hi)]
            r = prog.fresh("pad")
            prog.lines.append(f"  %{r} = tensor.pad %{u} {low} {high} {{\n  ^bb0({args}):\n"
                              f"    tensor.yield %{z} : f32\n  }} : {t(unpacked)} to {t(out_shape)}")
    else:  # reshape
        which = rng.choice(["collapse", "expand", "unpack_expand"])
        if which == "collapse":
            # A source of rank + 1 whose dims `g`, `g+1` collapse.
            g = rng.randrange(rank)
            out = divisible_shape(rng, rank, pos, tiles)
            split = rng.choice([1, 2, 4])
            inner = out[g]
            in_shape = out[:g] + [split, inner] + out[g + 1:]
            out[g] = split * inner
            groups = [[i] for i in range(g)] + [[g, g + 1]] + [[i + 1] for i in range(g + 1, rank)]
            c = prog.fresh("cl")
            prog.lines.append(f"  %{c} = tensor.collapse_shape %src {groups} : {t(in_shape)} into {t(out)}")
            padded = any(out[p_] % tl for p_, tl in zip(pos, tiles))
            r, out_shape = prog.pack(c, out, pos, tiles, perm, pad=padded)
        else:
            # `in_shape` dim g expands into (outer, inner).
            g = rng.randrange(rank)
            base = [rng.randint(1, 6) for _ in range(rank)]
            outer_n, inner_n = rng.choice([1, 2, 3]), rng.choice([2, 4, 8])
            expanded = base[:g] + [outer_n, inner_n] + base[g + 1:]
            groups = [[i] for i in range(g)] + [[g, g + 1]] + [[i + 1] for i in range(g + 1, rank)]
            src_shape = base[:g] + [outer_n * inner_n] + base[g + 1:]
            if which == "expand":
                in_shape = src_shape
                x = prog.fresh("x")
                prog.lines.append(f"  %{x} = tensor.expand_shape %src {groups} output_shape {expanded} "
                                  f": {t(src_shape)} into {t(expanded)}")
                pos, tiles, perm = rand_tiling(rng, rank + 1)
                if rng.random() < 0.6:
                    perm = []
                padded = any(expanded[p_] % tl for p_, tl in zip(pos, tiles))
                r, out_shape = prog.pack(x, expanded, pos, tiles, perm, pad=padded)
            else:
                tiles = [tl if src_shape[p_] % tl == 0 or rng.random() < 0.3 else 1 for p_, tl in zip(pos, tiles)]
                in_shape = packed_shape(src_shape, pos, tiles, perm)
                u = prog.unpack("src", in_shape, src_shape, pos, tiles, perm)
                r = prog.fresh("x")
                out_shape = expanded
                prog.lines.append(f"  %{r} = tensor.expand_shape %{u} {groups} output_shape {expanded} "
                                  f": {t(src_shape)} into {t(expanded)}")
    text = "\n".join(prog.lines) + "\n"
    return text, r, in_shape, out_shape


def function(text, result, in_shape, out_shape):
    return (f"func.func @f(%src: {t(in_shape)}) -> {t(out_shape)} {{\n{text}"
            f"  return %{result} : {t(out_shape)}\n}}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show", type=int, default=3, help="failures printed in full")
    ap.add_argument("--batch", type=int, default=25, help="programs per mlir-runner run")
    ap.add_argument("--no-runner", action="store_true", help="skip mlir-runner (engine only)")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(a.llvm_bin, "tessel-propagation-")
    counts = {k: {"identical": 0, "unchanged": 0, "by design": 0} for k in KINDS}
    failures, to_run = [], []
    for i in range(a.count):
        kind = KINDS[i % len(KINDS)]
        text, result, in_shape, out_shape = gen(rng, kind)
        prog = function(text, result, in_shape, out_shape)
        name = f"#{i} {kind}"
        valid = run([mlir_opt, "-"], prog)
        if valid.returncode != 0:
            failures.append(f"{name}: the generator made an invalid program:\n{valid.stderr}\n{prog}")
            continue
        ours = run([a.tessel, "-", PROPAGATE, "--pack-spelling=linalg"], prog)
        if ours.returncode != 0:
            failures.append(f"{name}: tessel-opt failed:\n{ours.stderr}\n{prog}")
            continue
        verified = run([mlir_opt, "-"], ours.stdout)
        if verified.returncode != 0:
            failures.append(f"{name}: tessel's output does not verify in mlir-opt 22:\n{verified.stderr}\n{prog}")
            continue
        norm_ours = run([mlir_opt, "-", "-canonicalize", "-cse"], ours.stdout)
        up = run([mlir_opt, "-", PROPAGATE], prog)
        norm_up = run([mlir_opt, "-", "-canonicalize", "-cse"], up.stdout)
        if up.returncode != 0 or norm_up.returncode != 0:
            failures.append(f"{name}: mlir-opt 22 fails:\n{up.stderr}{norm_up.stderr}\n{prog}")
            continue
        if norm_up.stdout != norm_ours.stdout and kind in BY_DESIGN and BY_DESIGN[kind](
                prog, norm_ours.stdout, norm_up.stdout):
            counts[kind]["by design"] += 1
        elif norm_up.stdout != norm_ours.stdout:
            diff = "".join(difflib.unified_diff(norm_up.stdout.splitlines(True),
                                                norm_ours.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=3))
            failures.append(f"{name}: differs from mlir-opt 22 after canonicalize+cse:\n{diff}\n{prog}")
            continue
        else:
            orig = run([mlir_opt, "-", "-canonicalize", "-cse"], prog)
            counts[kind]["unchanged" if orig.stdout == norm_ours.stdout else "identical"] += 1
        values, engine, err = engine_pair(a.tessel, prog, ours.stdout, in_shape, tmp, i)
        if err:
            failures.append(f"{name}: {err}")
            continue
        to_run.append((i, name, prog, ours.stdout, engine, values, in_shape, out_shape))
    ran = 0
    if not a.no_runner:
        ran, runner_failures = run_pairs(to_run, a.batch, tmp, mlir_opt, runner, lower_path, libs)
        failures += runner_failures
    for f in failures[: a.show]:
        print(f"--- {f}")
    for f in failures[a.show:]:
        print(f"--- {f.splitlines()[0]}")
    for kind, c in counts.items():
        print(f"{kind:9} " + ", ".join(f"{v} {k}" for k, v in c.items()))
    runner_txt = "" if a.no_runner else f"; {ran} executed by mlir-runner with the engine's values"
    print(f"propagation parity: seed {seed}, {a.count} programs, {len(failures)} failures{runner_txt}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
