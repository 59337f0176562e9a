#!/usr/bin/env python3
"""Random programs around packs, folded by tessel and by mlir-opt 22.

Each program is one function @f(%src) -> tensor (static shapes, f32) of one
of these forms, with random ranks (1-3 unpacked, so 2-6 packed), tiles,
inner_dims_pos orders, outer_dims_perm, padding and transposes:

  pad_pack          tensor.pad (high, sometimes whole tiles, sometimes an
                    untiled dim) -> pack                     [fold]
  transpose_pack    linalg.transpose or a permuting generic -> pack  [fold]
  pack_transpose    pack -> transpose (tile and outer dims kept apart or
                    not)                                     [fold]
  unpack_transpose  unpack -> transpose                      [fold]
  transpose_unpack  transpose -> unpack                      [fold]
  unpack_slice      unpack -> extract_slice from 0 (sometimes cutting a
                    whole tile)                              [fold]
  reshape_like      packs and unpacks around unit dims, the innermost dim
                    or pad-like                              [simplify]
  pair              pack -> unpack and unpack -> pack of the same tiling,
                    with and without padding value           [canonicalize]
  unit_outer        packs and unpacks whose tiled dims are one tile
                    (padded or not, outer permutations of unit dims)
                                                             [decompose, from
                    lit/folds/Inputs/decompose.mlir]

For each program P and its rewrite R (`-test-linalg-transform-patterns=
test-fold-into-pack-and-unpack`, `...=test-simplify-pack-unpack-patterns`
or `-canonicalize`):
  1. T = tessel-opt P R must succeed and verify in mlir-opt 22;
  2. M = mlir-opt P R; where mlir-opt fails (its pad-fold bug), T still
     has to be right (step 4);
  3. otherwise T and M, each put through `mlir-opt -canonicalize -cse`,
     must be identical, except the differences tessel makes by design
     (listed in BY_DESIGN and in docs/folds-and-lowering.md);
  4. tessel's engine runs P and T on the same input: the same bits; and
     mlir-runner runs P and T lowered by mlir-opt 22 (lower_pack /
     lower_unpack, bufferization, LLVM), in batches: the same values as the
     engine.

Usage: scripts/fold_parity.py [--tessel PATH] [--llvm-bin DIR] [--count N]
                              [--seed S] [--show N] [--no-runner]
"""
import argparse
import difflib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import (ceil, dims, packed_shape, read_npy_f32, run, run_pairs,  # noqa: E402
                               runner_setup, write_npy)

FOLD = "-test-linalg-transform-patterns=test-fold-into-pack-and-unpack"
SIMPLIFY = "-test-linalg-transform-patterns=test-simplify-pack-unpack-patterns"
CANON = "-canonicalize"
DECOMPOSE = ("-transform-preload-library=transform-library-paths="
             + os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lit", "folds", "Inputs", "decompose.mlir")
             + " -transform-interpreter=entry-point=decompose")

# What tessel does differently on purpose, by the kind of program: a
# predicate on (tessel's normalized output, mlir-opt's) saying the
# difference is that one.
BY_DESIGN = {
    # mlir-opt 22 checks the padding of the wrong dim (the i-th dim for the
    # i-th tile), so it also refuses valid folds; tessel folds them (and
    # the engine and mlir-runner check the result).
    "pad_pack": lambda ours, up: "tensor.pad" not in ours and "tensor.pad" in up,
    # unpack(pack(x)) with a padding value is x (the unpack drops exactly
    # the padded slots); mlir-opt 22 keeps the pair.
    "pair": lambda ours, up: "linalg.pack" not in ours and "linalg.pack" in up,
}


def t(shape):
    return f"tensor<{dims(shape)}xf32>"


def rand_shape(rng, rank, lo=1, hi=12):
    return [rng.randint(lo, hi) for _ in range(rank)]


def rand_tiling(rng, rank):
    k = rng.randint(1, rank)
    pos = rng.sample(range(rank), k)
    tiles = [rng.choice([1, 2, 3, 4, 5, 8]) for _ in pos]
    perm = list(range(rank))
    rng.shuffle(perm)
    if rng.random() < 0.3:
        perm = []
    return pos, tiles, perm


def pack_attrs(pos, tiles, perm):
    p = f"outer_dims_perm = {perm} " if perm else ""
    return f"{p}inner_dims_pos = {pos} inner_tiles = {tiles}"


def needs_padding(shape, pos, tiles):
    return any(shape[p] % tl for p, tl in zip(pos, tiles))


def pack_op(res, src, src_shape, pos, tiles, perm, pad=None, dest_shape=None):
    """`%res = linalg.pack %src ...` with its `tensor.empty` dest."""
    dest_shape = dest_shape or packed_shape(src_shape, pos, tiles, perm)
    pad_txt = f"padding_value({pad} : f32) " if pad else ""
    return (f"  %{res}_e = tensor.empty() : {t(dest_shape)}\n"
            f"  %{res} = linalg.pack %{src} {pad_txt}{pack_attrs(pos, tiles, perm)} into %{res}_e "
            f": {t(src_shape)} -> {t(dest_shape)}\n"), dest_shape


def unpack_op(res, src, src_shape, dest_shape, pos, tiles, perm):
    return (f"  %{res}_e = tensor.empty() : {t(dest_shape)}\n"
            f"  %{res} = linalg.unpack %{src} {pack_attrs(pos, tiles, perm)} into %{res}_e "
            f": {t(src_shape)} -> {t(dest_shape)}\n")


def transpose_op(rng, res, src, src_shape, perm):
    out = [src_shape[p] for p in perm]
    if rng.random() < 0.5:
        return (f"  %{res}_e = tensor.empty() : {t(out)}\n"
                f"  %{res} = linalg.transpose ins(%{src} : {t(src_shape)}) outs(%{res}_e : {t(out)}) "
                f"permutation = {perm}\n"), out
    n = len(perm)
    ds = ", ".join(f"d{i}" for i in range(n))
    # out[i] = in[perm[i]]: with the loops over the input, the output map
    # lists the input dims in perm order.
    out_map = ", ".join(f"d{p}" for p in perm)
    par = ", ".join('"parallel"' for _ in range(n))
    return (f"  %{res}_e = tensor.empty() : {t(out)}\n"
            f"  %{res} = linalg.generic {{indexing_maps = [affine_map<({ds}) -> ({ds})>, "
            f"affine_map<({ds}) -> ({out_map})>], iterator_types = [{par}]}} ins(%{src} : {t(src_shape)}) "
            f"outs(%{res}_e : {t(out)}) {{\n  ^bb0(%in: f32, %out: f32):\n    linalg.yield %in : f32\n"
            f"  }} -> {t(out)}\n"), out


def permutation(rng, n):
    p = list(range(n))
    rng.shuffle(p)
    return p


def unpacked_dest(rng, shape, pos, tiles):
    """An unpack dest of the same packed shape: each tiled dim anywhere in
    its last tile."""
    out = list(shape)
    for p, tl in zip(pos, tiles):
        outer = ceil(shape[p], tl)
        out[p] = rng.randint((outer - 1) * tl + 1, outer * tl)
    return out


def gen(rng, kind):
    """(function text, input shape, rewrite)."""
    rank = rng.choice([1, 2, 2, 3, 3])
    body = "  %cst = arith.constant -1.5 : f32\n"
    if kind == "pad_pack":
        u = rand_shape(rng, rank)
        pos, tiles, perm = rand_tiling(rng, rank)
        high = []
        for d in range(rank):
            if d in pos:
                tl = tiles[pos.index(d)]
                high.append(rng.choice([0, rng.randint(0, tl - 1), rng.randint(0, tl - 1), rng.randint(0, 2 * tl)]))
            else:
                high.append(rng.randint(1, 3) if rng.random() < 0.15 else 0)
        padded = [a + b for a, b in zip(u, high)]
        value = "%cst" if rng.random() < 0.8 else "%other"
        if value == "%other":
            body += "  %other = arith.constant 2.5 : f32\n"
        idx = ", ".join(f"%i{d}: index" for d in range(rank))
        body += (f"  %p = tensor.pad %src low{[0] * rank} high{high} {{\n  ^bb0({idx}):\n"
                 f"    tensor.yield {value} : f32\n  }} : {t(u)} to {t(padded)}\n")
        pad = "%cst" if needs_padding(padded, pos, tiles) or rng.random() < 0.3 else None
        txt, out = pack_op("r", "p", padded, pos, tiles, perm, pad)
        return body + txt, u, out, FOLD
    if kind == "transpose_pack":
        s = rand_shape(rng, rank)
        txt, ts = transpose_op(rng, "tr", "src", s, permutation(rng, rank))
        pos, tiles, perm = rand_tiling(rng, rank)
        pad = "%cst" if needs_padding(ts, pos, tiles) else None
        ptxt, out = pack_op("r", "tr", ts, pos, tiles, perm, pad)
        return body + txt + ptxt, s, out, FOLD
    if kind == "pack_transpose":
        s = rand_shape(rng, rank)
        pos, tiles, perm = rand_tiling(rng, rank)
        pad = "%cst" if needs_padding(s, pos, tiles) else None
        ptxt, ps = pack_op("pk", "src", s, pos, tiles, perm, pad)
        if rng.random() < 0.6:
            tp = permutation(rng, rank) + [rank + i for i in permutation(rng, len(pos))]
        else:
            tp = permutation(rng, len(ps))
        txt, out = transpose_op(rng, "r", "pk", ps, tp)
        return body + ptxt + txt, s, out, FOLD
    if kind in ("unpack_transpose", "unpack_slice"):
        full = rand_shape(rng, rank)
        pos, tiles, perm = rand_tiling(rng, rank)
        ps = packed_shape(full, pos, tiles, perm)
        dest = unpacked_dest(rng, full, pos, tiles)
        txt = unpack_op("u", "src", ps, dest, pos, tiles, perm)
        if kind == "unpack_transpose":
            ttxt, out = transpose_op(rng, "r", "u", dest, permutation(rng, rank))
            return body + txt + ttxt, ps, out, FOLD
        sizes = [rng.randint(1, d) if rng.random() < 0.6 else d for d in dest]
        out = sizes
        stxt = (f"  %r = tensor.extract_slice %u{[0] * rank} {sizes} {[1] * rank} "
                f": {t(dest)} to {t(sizes)}\n")
        return body + txt + stxt, ps, out, FOLD
    if kind == "transpose_unpack":
        full = rand_shape(rng, rank)
        pos, tiles, perm = rand_tiling(rng, rank)
        ps = packed_shape(full, pos, tiles, perm)
        n = len(ps)
        if rng.random() < 0.6:
            rho = permutation(rng, rank) + [rank + i for i in permutation(rng, len(pos))]
        else:
            rho = permutation(rng, n)
        # transpose(in, rho) has shape ps: in[rho[i]] = ps[i].
        inp = [0] * n
        for i, r in enumerate(rho):
            inp[r] = ps[i]
        ttxt, _ = transpose_op(rng, "tr", "src", inp, rho)
        dest = unpacked_dest(rng, full, pos, tiles)
        return body + ttxt + unpack_op("r", "tr", ps, dest, pos, tiles, perm), inp, dest, FOLD
    if kind == "reshape_like":
        s = [rng.choice([1, 1, rng.randint(2, 12)]) for _ in range(rank)]
        if rng.random() < 0.5:
            # The innermost dim only, no outer permutation.
            tl = rng.choice([1, 2, 4])
            s[-1] = tl * rng.randint(1, 4)
            pos, tiles, perm = [rank - 1], [tl], []
        else:
            pos, tiles, perm = rand_tiling(rng, rank)
            tiles = [s[p] if rng.random() < 0.6 else 1 for p in pos]
        if needs_padding(s, pos, tiles):
            tiles = [1 for _ in pos]
        ps = packed_shape(s, pos, tiles, perm)
        if rng.random() < 0.5:
            txt, out = pack_op("r", "src", s, pos, tiles, perm)
            return body + txt, s, out, SIMPLIFY
        return body + unpack_op("r", "src", ps, s, pos, tiles, perm), ps, s, SIMPLIFY
    if kind == "unit_outer":
        # Every tiled dim one tile (the tile covers it, maybe padded); the
        # untiled dims are left in order when they are not 1.
        s = rand_shape(rng, rank, 1, 6)
        k = rng.randint(1, rank)
        pos = rng.sample(range(rank), k)
        tiles = [s[p] + rng.choice([0, 0, 1, 2]) for p in pos]
        untiled = [d for d in range(rank) if d not in pos]
        perm = [] if rng.random() < 0.5 or any(s[d] != 1 for d in untiled) else permutation(rng, rank)
        ps = packed_shape(s, pos, tiles, perm)
        if rng.random() < 0.5:
            pad = "%cst" if needs_padding(s, pos, tiles) or rng.random() < 0.3 else None
            txt, out = pack_op("r", "src", s, pos, tiles, perm, pad)
            return body + txt, s, out, DECOMPOSE
        return body + unpack_op("r", "src", ps, s, pos, tiles, perm), ps, s, DECOMPOSE
    assert kind == "pair"
    s = rand_shape(rng, rank)
    pos, tiles, perm = rand_tiling(rng, rank)
    if rng.random() < 0.5:
        pad = "%cst" if needs_padding(s, pos, tiles) or rng.random() < 0.3 else None
        ptxt, ps = pack_op("pk", "src", s, pos, tiles, perm, pad)
        return body + ptxt + unpack_op("r", "pk", ps, s, pos, tiles, perm), s, s, CANON
    ps = packed_shape(s, pos, tiles, perm)
    dest = s if rng.random() < 0.7 else unpacked_dest(rng, s, pos, tiles)
    utxt = unpack_op("u", "src", ps, dest, pos, tiles, perm)
    ptxt, out = pack_op("r", "u", dest, pos, tiles, perm, None if not needs_padding(dest, pos, tiles) else "%cst",
                        dest_shape=ps)
    return body + utxt + ptxt, ps, out, CANON


KINDS = ["pad_pack", "transpose_pack", "pack_transpose", "unpack_transpose", "transpose_unpack", "unpack_slice",
         "reshape_like", "pair", "unit_outer"]


def engine_pair(tessel, prog, rewritten, in_shape, tmp, i):
    """Runs @f of `prog` and of `rewritten` with tessel's engine on one
    input: (input values, output values, None), or (.., .., what failed)
    when a run fails or the two outputs differ in a bit."""
    n_in = 1
    for d in in_shape:
        n_in *= d
    values = [float((k * 37) % 1009) + 0.5 for k in range(n_in)]
    src_npy = os.path.join(tmp, f"in{i}.npy")
    write_npy(src_npy, in_shape, values)
    outs = []
    for variant in (prog, rewritten):
        out_npy = os.path.join(tmp, f"out{i}_{len(outs)}.npy")
        e = run([tessel, "-", "--run=f", f"--input={src_npy}", f"--output={out_npy}"], variant)
        if e.returncode != 0:
            return values, None, f"tessel-opt --run failed:\n{e.stderr}\n{variant}"
        outs.append(read_npy_f32(out_npy))
    if outs[0] != outs[1]:
        return values, None, f"the engine computes other values after the rewrite\n{prog}\n{rewritten}"
    return values, outs[0], None


def function(text, in_shape, out_shape):
    return (f"func.func @f(%src: {t(in_shape)}) -> {t(out_shape)} {{\n{text}"
            f"  return %r : {t(out_shape)}\n}}\n")


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
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(a.llvm_bin, "tessel-folds-")
    counts = {k: {"identical": 0, "by design": 0, "mlir-opt fails": 0, "as canonicalize alone": 0} for k in KINDS}
    failures = []
    to_run = []  # (index, original text, tessel's text, engine output, input values, shapes)
    for i in range(a.count):
        kind = KINDS[i % len(KINDS)]
        text, in_shape, out_shape, rewrite = gen(rng, kind)
        prog = function(text, in_shape, out_shape)
        name = f"#{i} {kind} ({rewrite})"
        ours = run([a.tessel, "-"] + rewrite.split() + ["--pack-spelling=linalg"], prog)
        if ours.returncode != 0:
            failures.append(f"{name}: tessel-opt failed:\n{ours.stderr}\n{prog}")
            continue
        verified = run([mlir_opt, "-"], ours.stdout)
        if verified.returncode != 0:
            failures.append(f"{name}: tessel's output does not verify in mlir-opt 22:\n{verified.stderr}\n{prog}")
            continue
        # mlir-opt's own -canonicalize is the yardstick for both outputs;
        # where it or the rewrite fails in mlir-opt (its fold bugs), only
        # execution judges tessel's output.
        norm_ours = run([mlir_opt, "-", "-canonicalize", "-cse"], ours.stdout)
        up = run([mlir_opt, "-"] + rewrite.split(), prog)
        norm_up = run([mlir_opt, "-", "-canonicalize", "-cse"], up.stdout) if up.returncode == 0 else up
        if norm_ours.returncode != 0 or norm_up.returncode != 0:
            counts[kind]["mlir-opt fails"] += 1
        elif norm_up.stdout == norm_ours.stdout:
            orig = run([mlir_opt, "-", "-canonicalize", "-cse"], prog)
            counts[kind]["as canonicalize alone" if orig.stdout == norm_ours.stdout else "identical"] += 1
        elif kind in BY_DESIGN and BY_DESIGN[kind](norm_ours.stdout, norm_up.stdout):
            counts[kind]["by design"] += 1
        else:
            diff = "".join(difflib.unified_diff(norm_up.stdout.splitlines(True),
                                                norm_ours.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=3))
            failures.append(f"{name}: differs from mlir-opt 22 after canonicalize+cse:\n{diff}\n{prog}")
            continue
        # The engine: original and rewritten, same input, same bits.
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
        print(f"{kind:17} " + ", ".join(f"{v} {k}" for k, v in c.items()))
    runner_txt = "" if a.no_runner else f"; {ran} executed by mlir-runner with the engine's values"
    print(f"fold parity: seed {seed}, {a.count} programs, {len(failures)} failures{runner_txt}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
