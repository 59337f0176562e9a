#!/usr/bin/env python3
"""Fused chains around packs, executed by MLIR 22 (issue 13's proof with
real MLIR as the executor).

For each random chain (the kinds of tests/chain_fusion_differential.rs:
generic -> pack, pack -> unpack, matmul -> unpack, unpack -> generic,
through `transform.structured.fuse`; a generic whose pack consumer is
fused with `transform.test.fuse_consumer`; a chain fused by the tiling
pass's `fuse=true`; for and forall loops) this script
  1. writes an unfused function @f (linalg spelling, static shapes, f32);
  2. fuses it with tessel-opt (transform interpreter or tile-pack-unpack
     fuse=true, then canonicalize and cse) into @f_fused;
  3. applies the same schedule with mlir-opt 22 into @f_upstream (where
     MLIR accepts it);
  4. lowers them with mlir-opt 22 and runs them with mlir-runner on the
     same integer-valued data (exact in f32, so printing loses nothing);
  5. runs tessel's engine on that data, unfused and fused (.npy in/out);
  6. requires every result to equal mlir-runner's result of the unfused
     @f, element for element, tessel's fused code to have no
     dynamically sized temporary (every shape is static, so every
     temporary has a static bound; MLIR's are dynamic), and its text (after
     canonicalize and cse) to be mlir-opt's or to differ only in the ways
     upstream_parity.py accepts as by design.

Usage: scripts/fusion_runner_check.py [--tessel PATH] [--llvm-bin DIR]
                                      [--chains N] [--seed S]
"""
import argparse
import difflib
import os
import random
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import (  # noqa: E402
    dense, dims, lower_and_run, read_npy_f32, renamed_module, run, runner_setup, strip_schedule, write_npy)
from upstream_parity import by_design  # noqa: E402

ANY = "!transform.any_op"
KINDS = ["generic-pack", "pack-unpack", "matmul-unpack", "unpack-generic", "generic+pack-consumer",
         "pass-fuse", "unpack-generic-pack"]


def ceil(a, b):
    return (a + b - 1) // b


def random_chain(rng):
    """One chain: its kind, the unpacked 2-d shape, inner tiles, whether the
    outer dims are swapped, tile sizes (in units of the root's iteration
    space), how many elements the 1-d unpack of matmul -> unpack drops,
    and the loop kind."""
    kind = rng.choice(KINDS)
    tiles = [rng.randint(1, 4), rng.randint(1, 4)]
    sizes = [rng.randint(0, 6), rng.randint(0, 6)]
    if not any(sizes):
        sizes[rng.randint(0, 1)] = rng.randint(1, 6)
    if kind == "generic+pack-consumer":
        sizes = [s * t for s, t in zip(sizes, tiles)]
    if kind == "matmul-unpack":
        sizes = [sizes[0] or rng.randint(1, 6)]
    extra = {}
    if kind == "unpack-generic-pack":
        # The data-tiling chain: the unpack's inner dims in either order,
        # the pack's own tiles (padded where they do not divide).
        extra = {"pos": rng.choice([[0, 1], [1, 0]]), "tiles2": [rng.randint(1, 4), rng.randint(1, 4)]}
    return extra | {
        "kind": kind,
        "shape": [rng.randint(1, 11), rng.randint(1, 11)],
        "tiles": tiles,
        "swap": rng.random() < 0.5,
        "sizes": sizes,
        "cut": rng.randint(0, 3),
        "loop": rng.choice(["for", "forall"]),
    }


def tensor(shape):
    return f"tensor<{dims(shape)}xf32>" if shape else "tensor<f32>"


def packed(c):
    pos = c.get("pos", [0, 1])
    tile_of = [c["tiles"][pos.index(d)] for d in (0, 1)]
    outer = [ceil(c["shape"][0], tile_of[0]), ceil(c["shape"][1], tile_of[1])]
    if c["swap"]:
        outer.reverse()
    return outer + c["tiles"]


def pack_attrs(c):
    perm = "outer_dims_perm = [1, 0] " if c["swap"] else ""
    pos = c.get("pos", [0, 1])
    return f"{perm}inner_dims_pos = [{pos[0]}, {pos[1]}] inner_tiles = [{c['tiles'][0]}, {c['tiles'][1]}]"


def matmul_len(c):
    t = c["tiles"][1]
    return max(c["shape"][0] * t - min(c["cut"], t - 1), 1)


def function(c):
    """The unfused @f: its argument shapes, result shape and text."""
    un, pk, row = tensor(c["shape"]), tensor(packed(c)), tensor([c["shape"][1]])
    attrs = pack_attrs(c)

    def generic(a, out):
        return (f"%g = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, "
                f"affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}} "
                f"ins({a}, %row : {un}, {row}) outs({out} : {un}) {{\n"
                f"  ^bb0(%x: f32, %y: f32, %o: f32):\n    %m = arith.subf %x, %y : f32\n"
                f"    linalg.yield %m : f32\n  }} -> {un}")

    kind = c["kind"]
    if kind in ("generic-pack", "generic+pack-consumer"):
        args, res = [c["shape"], [c["shape"][1]]], packed(c)
        body = (f"  %ge = tensor.empty() : {un}\n  {generic('%a', '%ge')}\n  %pad = arith.constant 0.0 : f32\n"
                f"  %pe = tensor.empty() : {pk}\n"
                f"  %r = linalg.pack %g padding_value(%pad : f32) {attrs} into %pe : {un} -> {pk}\n")
        sig = f"%a: {un}, %row: {row}"
    elif kind in ("pack-unpack", "pass-fuse"):
        args, res = [c["shape"]], c["shape"]
        body = (f"  %pad = arith.constant 0.0 : f32\n  %pe = tensor.empty() : {pk}\n"
                f"  %p = linalg.pack %a padding_value(%pad : f32) {attrs} into %pe : {un} -> {pk}\n"
                f"  %ue = tensor.empty() : {un}\n  %r = linalg.unpack %p {attrs} into %ue : {pk} -> {un}\n")
        sig = f"%a: {un}"
    elif kind == "matmul-unpack":
        rows, k = c["shape"]
        t = c["tiles"][1]
        a, b, acc, out = tensor([rows, k]), tensor([k, t]), tensor([rows, t]), tensor([matmul_len(c)])
        args, res = [[rows, k], [k, t]], [matmul_len(c)]
        body = (f"  %z = arith.constant 0.0 : f32\n  %ce = tensor.empty() : {acc}\n"
                f"  %c = linalg.fill ins(%z : f32) outs(%ce : {acc}) -> {acc}\n"
                f"  %mm = linalg.matmul ins(%a, %b : {a}, {b}) outs(%c : {acc}) -> {acc}\n"
                f"  %ue = tensor.empty() : {out}\n"
                f"  %r = linalg.unpack %mm inner_dims_pos = [0] inner_tiles = [{t}] into %ue : {acc} -> {out}\n")
        sig = f"%a: {a}, %b: {b}"
    elif kind == "unpack-generic-pack":
        t2 = c["tiles2"]
        res = [ceil(c["shape"][0], t2[0]), ceil(c["shape"][1], t2[1])] + t2
        args, out = [packed(c), [c["shape"][1]]], tensor(res)
        body = (f"  %ue = tensor.empty() : {un}\n  %u = linalg.unpack %p {attrs} into %ue : {pk} -> {un}\n"
                f"  %ge = tensor.empty() : {un}\n  {generic('%u', '%ge')}\n  %pad = arith.constant 0.0 : f32\n"
                f"  %pe = tensor.empty() : {out}\n  %r = linalg.pack %g padding_value(%pad : f32) "
                f"inner_dims_pos = [0, 1] inner_tiles = [{t2[0]}, {t2[1]}] into %pe : {un} -> {out}\n")
        sig = f"%p: {pk}, %row: {row}"
    else:  # unpack-generic
        args, res = [packed(c), [c["shape"][1]]], c["shape"]
        body = (f"  %ue = tensor.empty() : {un}\n  %u = linalg.unpack %p {attrs} into %ue : {pk} -> {un}\n"
                f"  %ge = tensor.empty() : {un}\n  {generic('%u', '%ge')}\n")
        sig = f"%p: {pk}, %row: {row}"
        body = body.replace("%g = ", "%r = ", 1)
    text = f"func.func @f({sig}) -> {tensor(res)} {{\n{body}  return %r : {tensor(res)}\n}}\n"
    return args, res, text


def schedule(c):
    """The transform script fusing the chain (mlir-opt 22's syntax)."""
    sizes = c["sizes"]
    lst = ", ".join(str(s) for s in sizes)
    root = {"generic-pack": "linalg.pack", "pack-unpack": "linalg.unpack", "matmul-unpack": "linalg.unpack",
            "unpack-generic": "linalg.generic", "generic+pack-consumer": "linalg.generic",
            "unpack-generic-pack": "linalg.pack"}[c["kind"]]
    loops = 1 if c["loop"] == "forall" else sum(1 for s in sizes if s)
    tys = ", ".join([ANY] * (loops + 1))
    names = [f"%l{k}" for k in range(loops)]
    body = f"%root_op = transform.structured.match ops{{[\"{root}\"]}} in %root : ({ANY}) -> {ANY}\n    "
    if c["kind"] == "generic+pack-consumer":
        tile = "tile_using_forall" if c["loop"] == "forall" else "tile_using_for"
        body += (f"%t, {', '.join(names)} = transform.structured.{tile} %root_op tile_sizes [{lst}] "
                 f": ({ANY}) -> ({tys})\n    "
                 f"%c = transform.structured.match ops{{[\"linalg.pack\"]}} in %root : ({ANY}) -> {ANY}\n    "
                 f"%fc, %nl:{loops} = transform.test.fuse_consumer %c into ({', '.join(reversed(names))}) "
                 f": ({tys}) -> ({tys})\n    ")
    else:
        forall = " {use_forall}" if c["loop"] == "forall" else ""
        body += (f"%t, {', '.join(names)} = transform.structured.fuse %root_op tile_sizes [{lst}]{forall} "
                 f": ({ANY}) -> ({tys})\n    ")
    return (f"module attributes {{transform.with_named_sequence}} {{\n"
            f"  transform.named_sequence @__transform_main(%root: {ANY} {{transform.readonly}}) {{\n"
            f"    {body}transform.yield\n  }}\n}}\n")


def describe(c):
    extra = f" cut={c['cut']}" if c["kind"] == "matmul-unpack" else ""
    if c["kind"] == "unpack-generic-pack":
        extra = f" unpack-pos={c['pos']} pack-tiles={c['tiles2']}"
    return (f"{c['kind']} shape={c['shape']} tiles={c['tiles']} swap_outer={c['swap']} "
            f"tile-sizes={c['sizes']}{extra} {c['loop']}")


def dynamic_temporaries(text):
    return len(re.findall(r"tensor\.empty\(%", text))


def check(i, c, args, tmp, tools):
    """Runs one chain; returns the list of failures (empty when it agrees)
    and what MLIR made of the same schedule: "refused", "applied" or
    "identical" (its fused code is tessel's after canonicalize and cse)."""
    mlir_opt, runner, libs, lower_path, tessel = tools
    name = describe(c)
    arg_shapes, res_shape, fn = function(c)
    rng = random.Random(i * 7919 + 17)
    inputs = [[float(rng.randint(-5, 5)) for _ in range(max(1, prod(s)))] for s in arg_shapes]
    fpath = os.path.join(tmp, f"f{i}.mlir")
    with open(fpath, "w") as fh:
        fh.write(fn)
    if c["kind"] == "pass-fuse":
        sizes = ",".join(str(s) for s in c["sizes"])
        passes = [f"--tile-pack-unpack=tile-sizes={sizes} loop={c['loop']} fuse=true", "--canonicalize", "--cse"]
        source = fpath
    else:
        source = os.path.join(tmp, f"fs{i}.mlir")
        with open(source, "w") as fh:
            fh.write(fn + schedule(c))
        passes = ["--transform-interpreter", "--canonicalize", "--cse"]
    t = run([tessel, source] + passes + ["--pack-spelling=linalg"])
    if t.returncode != 0:
        return [f"{name}: tessel-opt could not fuse it:\n{t.stderr[:2000]}"], "refused"
    # The schedule stays in the output (as mlir-opt leaves it); not lowered.
    t.stdout = strip_schedule(t.stdout)
    # Every shape here is static, so every temporary has a static bound:
    # tessel's fused code must allocate none of a dynamic size (MLIR's does).
    dynamic = re.findall(r".*tensor\.empty\(%.*", t.stdout)
    promise = [f"{name}: tessel's fused code keeps a dynamically sized temporary: {d.strip()}" for d in dynamic]
    # The same schedule applied by MLIR 22 (the pass's fuse=true has no
    # upstream spelling: the equivalent transform.structured.fuse of its root).
    up_c = dict(c, kind="pack-unpack") if c["kind"] == "pass-fuse" else c
    spath = os.path.join(tmp, f"s{i}.mlir")
    with open(spath, "w") as fh:
        fh.write(schedule(up_c))
    u = run([mlir_opt, fpath, f"-transform-preload-library=transform-library-paths={spath}",
             "-transform-interpreter", "-canonicalize", "-cse"])
    failures = promise
    upstream, upstream_state = None, "refused"
    if u.returncode == 0:
        upstream, upstream_state = strip_schedule(u.stdout), "applied"
        if dynamic_temporaries(t.stdout) > dynamic_temporaries(upstream):
            failures.append(f"{name}: tessel's fused code has more dynamically sized temporaries than MLIR's")
        if t.stdout == upstream:
            upstream_state = "identical"
        else:
            kind = "unpack" if "unpack" in c["kind"] or c["kind"] == "pass-fuse" else "pack"
            why = by_design(kind, upstream, t.stdout)
            if why:
                upstream_state = f"by design: {why}"
            else:
                diff = "".join(difflib.unified_diff(
                    upstream.splitlines(True), t.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=2))
                failures.append(f"{name}: tessel's fused code differs from mlir-opt 22's beyond the by-design "
                                f"cases\n{diff}")
    # tessel's engine, unfused and fused.
    in_args = []
    for k, (shape, vals) in enumerate(zip(arg_shapes, inputs)):
        p = os.path.join(tmp, f"in{i}_{k}.npy")
        write_npy(p, shape, vals)
        in_args.append(f"--input={p}")
    engine = []
    for src, ps in ((fpath, []), (source, passes)):
        out = os.path.join(tmp, f"out{i}.npy")
        e = run([tessel, src] + ps + ["--run=f"] + in_args + [f"--output={out}", "--run-check-uninit"])
        if e.returncode != 0:
            return failures + [f"{name}: tessel-opt --run failed:\n{e.stderr[:2000]}"], upstream_state
        engine.append(read_npy_f32(out))
    # One module: @f, @f_fused, @f_upstream and a @main printing each.
    aliases, fused_body = renamed_module(t.stdout, "f_fused")
    funcs = [("f", ""), ("f_fused", fused_body)]
    if upstream is not None:
        up_aliases, up_body = renamed_module(upstream, "f_upstream")
        aliases += up_aliases
        funcs.append(("f_upstream", up_body))
    arg_tys = [tensor(s) for s in arg_shapes]
    res_t = tensor(res_shape)
    consts = "\n".join(f"  %in{k} = arith.constant dense<{dense(s, v)}> : {ty}"
                       for k, (s, v, ty) in enumerate(zip(arg_shapes, inputs, arg_tys)))
    calls = []
    for f, _ in funcs:
        calls.append(f"  %r_{f} = call @{f}({', '.join(f'%in{k}' for k in range(len(arg_tys)))}) "
                     f": ({', '.join(arg_tys)}) -> {res_t}\n"
                     f"  %u_{f} = tensor.cast %r_{f} : {res_t} to tensor<*xf32>\n"
                     f"  call @printMemrefF32(%u_{f}) : (tensor<*xf32>) -> ()")
    prog = ("\n".join(aliases) + f"\nmodule {{\n{fn}\n" + "\n".join(b for _, b in funcs[1:]) +
            "\nfunc.func private @printMemrefF32(%ptr : tensor<*xf32>)\nfunc.func @main() {\n" + consts + "\n" +
            "\n".join(calls) + "\n  return\n}\n}\n")
    got, err = lower_and_run(prog, os.path.join(tmp, f"case{i}.mlir"), mlir_opt, runner, lower_path, libs)
    if err:
        return failures + [f"{name}: {err}"], upstream_state
    if len(got) != len(funcs):
        return failures + [f"{name}: {len(got)} printed memrefs, expected {len(funcs)}"], upstream_state
    reference = got[0]
    if len(reference) != prod(res_shape):
        return failures + [f"{name}: mlir-runner printed {len(reference)} values"], upstream_state
    results = {"mlir-runner tessel-fused": got[1], "tessel engine unfused": engine[0],
               "tessel engine fused": engine[1]}
    if upstream is not None:
        results["mlir-runner upstream-fused"] = got[2]
    for what, vals in results.items():
        if vals != reference:
            diff = [k for k, (a, b) in enumerate(zip(reference, vals)) if a != b][:10]
            failures.append(f"{name}: {what} differs from mlir-runner's unfused result at flat indices {diff}")
    return failures, upstream_state


def prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--chains", type=int, default=20, help="random fused chains to run")
    ap.add_argument("--seed", type=int, default=None, help="seed of the chains (default: new)")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    print(f"fused chains through mlir-runner: {args.chains} chains, --seed {seed}")
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(args.llvm_bin, "tessel-fusion-runner-")
    tools = (mlir_opt, runner, libs, lower_path, args.tessel)
    rng = random.Random(seed)
    # Every kind at least once, then random ones.
    chains = []
    while len(chains) < args.chains:
        c = random_chain(rng)
        missing = [k for k in KINDS if k not in {x["kind"] for x in chains}]
        if missing and c["kind"] not in missing and len(chains) + len(missing) >= args.chains:
            continue
        chains.append(c)
    failures, states = [], []
    for i, c in enumerate(chains):
        f, state = check(i, c, args, tmp, tools)
        failures += f
        states.append(state)
        note = {"refused": " (MLIR refused the schedule)", "applied": "", "identical": " (identical to mlir-opt's)"}
        print(f"  {'FAIL' if f else 'ok  '} {describe(c)}{note.get(state, f' ({state})')}")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    failed = len({f.split(":")[0] for f in failures})
    if not failures:
        shutil.rmtree(tmp)
    applied = sum(1 for st in states if st != "refused")
    designed = sum(1 for st in states if st.startswith("by design"))
    print(f"fused chains: {len(chains)} run through mlir-runner ({applied} also fused by mlir-opt 22: "
          f"{states.count('identical')} identical to mlir-opt's fusion after canonicalize and cse, "
          f"{designed} different by design), {failed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
