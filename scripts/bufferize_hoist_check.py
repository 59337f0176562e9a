#!/usr/bin/env python3
"""Bufferized, tessel's static temporary leaves the loops (issue 13, item 6).

For each case (an unpack tiled so that its tiles cut across inner tiles,
1-d and 2-d, for and forall, and an unpack fused into the loops of its
elementwise consumer) this script
  1. tiles or fuses the op with tessel-opt (canonicalize, cse) and the same
     schedule with mlir-opt 22's own transform ops;
  2. bufferizes both with mlir-opt 22: `lower_unpack` (the upstream
     lowering of the unpack itself), `one-shot-bufferize`,
     `buffer-loop-hoisting` and the ownership-based deallocation pipeline;
  3. requires every statically sized temporary tessel put inside the loops
     (the `tensor.empty() : tensor<24xf32>` of a widened tile) to be
     allocated once, outside the loop nest, and counts the allocations that
     stay inside the loops on each side (upstream's temporary is
     `tensor.empty(%n) : tensor<?xf32>`: its size depends on the loop
     index, so it is allocated and freed in every iteration);
  4. lowers the untiled, tessel-tiled and upstream-tiled functions to LLVM
     and runs them with mlir-runner, --repeat times each (timed inside the
     program with rtclock), and requires the three results to be equal.

Usage: scripts/bufferize_hoist_check.py [--tessel PATH] [--llvm-bin DIR]
                                        [--repeat N] [--show CASE]
"""
import argparse
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import (  # noqa: E402
    PIPELINE, dims, numbers_after, renamed_module, run, runner_setup, strip_schedule)

ANY = "!transform.any_op"

BUFFERIZE = [
    "-canonicalize",
    "-one-shot-bufferize=bufferize-function-boundaries",
    "-buffer-loop-hoisting",
    "-buffer-deallocation-pipeline",
    "-canonicalize",
]

# mlir_runner_check's lowering after bufferization; scf.forall becomes
# scf.for first (the bufferized forall cases).
BUFFERIZED_ALREADY = ("-transform-interpreter", "-one-shot-bufferize=bufferize-function-boundaries")
TO_LLVM = ["-scf-forall-to-for"] + [p for p in PIPELINE if p not in BUFFERIZED_ALREADY]


def tensor(shape):
    return f"tensor<{dims(shape)}xf32>"


def unpack_fn(src, dst, tiles):
    pos = list(range(len(dst)))[-len(tiles):] if len(tiles) < len(dst) else list(range(len(tiles)))
    return (f"func.func @f(%src: {tensor(src)}) -> {tensor(dst)} {{\n"
            f"  %init = tensor.empty() : {tensor(dst)}\n"
            f"  %0 = linalg.unpack %src inner_dims_pos = {pos} inner_tiles = {tiles} into %init "
            f": {tensor(src)} -> {tensor(dst)}\n  return %0 : {tensor(dst)}\n}}\n")


def unpack_add_fn(src, dst, tiles):
    un, row = tensor(dst), tensor([dst[1]])
    return (f"func.func @f(%src: {tensor(src)}, %row: {row}) -> {un} {{\n"
            f"  %ue = tensor.empty() : {un}\n"
            f"  %u = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = {tiles} into %ue "
            f": {tensor(src)} -> {un}\n  %ge = tensor.empty() : {un}\n"
            f"  %g = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, "
            f"affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}} "
            f"ins(%u, %row : {un}, {row}) outs(%ge : {un}) {{\n"
            f"  ^bb0(%x: f32, %y: f32, %o: f32):\n    %s = arith.addf %x, %y : f32\n    linalg.yield %s : f32\n"
            f"  }} -> {un}\n  return %g : {un}\n}}\n")


def schedule(root, transform, sizes, loops):
    tys = ", ".join([ANY] * (loops + 1))
    names = ", ".join(f"%l{k}" for k in range(loops))
    lst = ", ".join(str(s) for s in sizes)
    return (f"module attributes {{transform.with_named_sequence}} {{\n"
            f"  transform.named_sequence @__transform_main(%root: {ANY} {{transform.readonly}}) {{\n"
            f"    %m = transform.structured.match ops{{[\"{root}\"]}} in %root : ({ANY}) -> {ANY}\n"
            f"    %t, {names} = transform.structured.{transform} %m tile_sizes [{lst}] : ({ANY}) -> ({tys})\n"
            f"    transform.yield\n  }}\n}}\n")


# name, function, argument shapes, result shape, tessel's passes (None: the
# schedule through the transform interpreter), upstream's schedule.
CASES = [
    ("unpack 1-d 4096x8 -> 32768, tiles of 15 (IREE PR 10823)",
     unpack_fn([4096, 8], [32768], [8]), [[4096, 8]], [32768],
     ["--tile-pack-unpack=tile-sizes=15"], schedule("linalg.unpack", "tile_using_for", [15], 1)),
    ("unpack 2-d 64x64x8x8 -> 512x512, tiles of 15x15, scf.for",
     unpack_fn([64, 64, 8, 8], [512, 512], [8, 8]), [[64, 64, 8, 8]], [512, 512],
     ["--tile-pack-unpack=tile-sizes=15,15"], schedule("linalg.unpack", "tile_using_for", [15, 15], 2)),
    ("unpack 2-d 64x64x8x8 -> 512x512, tiles of 15x15, scf.forall",
     unpack_fn([64, 64, 8, 8], [512, 512], [8, 8]), [[64, 64, 8, 8]], [512, 512],
     ["--tile-pack-unpack=tile-sizes=15,15 loop=forall"], schedule("linalg.unpack", "tile_using_forall", [15, 15], 1)),
    ("unpack -> add fused into the add's 15x15 tiles (transform.structured.fuse)",
     unpack_add_fn([64, 64, 8, 8], [512, 512], [8, 8]), [[64, 64, 8, 8], [512]], [512, 512],
     None, schedule("linalg.generic", "fuse", [15, 15], 2)),
]



def loop_scopes(text):
    """Yields (line, inside a loop?) for each line of `text`, following the
    braces in order (a loop's body opens on the line of scf.for/forall)."""
    stack = []
    for line in text.splitlines():
        yield line, any(stack)
        opens = line.count("{")
        is_loop = bool(re.search(r"\bscf\.(for|forall|parallel)\b", line))
        seen = 0
        for ch in line:
            if ch == "{":
                seen += 1
                stack.append(is_loop and seen == opens)
            elif ch == "}" and stack:
                stack.pop()


def allocations(text):
    """(memref type, static?, inside a loop?) of every memref.alloc."""
    out = []
    for line, inside in loop_scopes(text):
        m = re.search(r"memref\.alloc\((.*?)\).*:\s*(memref<[^>]*>)\s*$", line)
        if m:
            out.append((m.group(2), m.group(1).strip() == "", inside))
    return out


def static_temporaries(text):
    """Memref types of the statically sized tensor.empty ops inside loops."""
    out = []
    for line, inside in loop_scopes(text):
        m = re.search(r"tensor\.empty\(\)\s*:\s*tensor<([^>]*)>", line)
        if m and inside:
            out.append(f"memref<{m.group(1)}>")
    return out


def main_fn(arg_shapes, res_shape, names, repeat):
    """@main: builds the inputs, times `repeat` calls of each function and
    prints the time per call, then each function's result."""
    res = tensor(res_shape)
    lines = ["func.func private @rtclock() -> f64", "func.func private @printF64(f64)",
             "func.func private @printNewline()", "func.func private @printMemrefF32(tensor<*xf32>)",
             "func.func @main() {", "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             f"  %reps = arith.constant {repeat} : index", f"  %repsf = arith.constant {float(repeat)} : f64"]
    args = []
    for k, shape in enumerate(arg_shapes):
        ty = tensor(shape)
        rank = len(shape)
        idx = ", ".join(f"d{j}" for j in range(rank))
        lines.append(f"  %e{k} = tensor.empty() : {ty}")
        iters = ", ".join(['"parallel"'] * rank)
        lines.append(f"  %in{k} = linalg.generic {{indexing_maps = [affine_map<({idx}) -> ({idx})>], "
                     f"iterator_types = [{iters}]}} outs(%e{k} : {ty}) {{")
        lines.append("  ^bb0(%o: f32):")
        terms = []
        for j in range(rank):
            lines.append(f"    %i{j} = linalg.index {j} : index")
            lines.append(f"    %w{j} = arith.constant {3 + 2 * j} : index")
            lines.append(f"    %p{j} = arith.muli %i{j}, %w{j} : index")
            terms.append(f"%p{j}")
        acc = terms[0]
        for j, t in enumerate(terms[1:]):
            lines.append(f"    %s{j} = arith.addi {acc}, {t} : index")
            acc = f"%s{j}"
        lines.append(f"    %m = arith.constant 1021 : index\n    %r = arith.remui {acc}, %m : index")
        lines.append("    %ri = arith.index_cast %r : index to i64\n    %rf = arith.sitofp %ri : i64 to f32")
        lines.append(f"    linalg.yield %rf : f32\n  }} -> {ty}")
        args.append(f"%in{k}")
    sig = ", ".join(tensor(s) for s in arg_shapes)
    call_args = ", ".join(args)
    for n in names:
        lines += [f"  %t0_{n} = call @rtclock() : () -> f64",
                  "  scf.for %k = %c0 to %reps step %c1 {",
                  f"    %x = func.call @{n}({call_args}) : ({sig}) -> {res}",
                  "  }",
                  f"  %t1_{n} = call @rtclock() : () -> f64",
                  f"  %dt_{n} = arith.subf %t1_{n}, %t0_{n} : f64",
                  f"  %per_{n} = arith.divf %dt_{n}, %repsf : f64",
                  f"  call @printF64(%per_{n}) : (f64) -> ()",
                  "  call @printNewline() : () -> ()"]
    for n in names:
        lines += [f"  %r_{n} = call @{n}({call_args}) : ({sig}) -> {res}",
                  f"  %u_{n} = tensor.cast %r_{n} : {res} to tensor<*xf32>",
                  f"  call @printMemrefF32(%u_{n}) : (tensor<*xf32>) -> ()"]
    lines += ["  return", "}"]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--repeat", type=int, default=20, help="timed calls of each function")
    ap.add_argument("--show", type=int, default=None, help="print case N's bufferized functions")
    args = ap.parse_args()
    # The lowering schedule of mlir_runner_check (lower_pack and lower_unpack).
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(args.llvm_bin, "tessel-hoist-")
    preload = f"-transform-preload-library=transform-library-paths={lower_path}"
    failures = []
    print(f"{'case':<78} {'allocs in loops':>16} {'time per call (ms)':>30}")
    print(f"{'':<78} {'(dynamic ones)':>16}")
    print(f"{'':<78} {'tessel':>7} {'upstream':>8} {'untiled':>9} {'tessel':>9} {'upstream':>9}")
    for i, (name, fn, arg_shapes, res_shape, passes, sched) in enumerate(CASES):
        fpath = os.path.join(tmp, f"f{i}.mlir")
        spath = os.path.join(tmp, f"s{i}.mlir")
        with open(fpath, "w") as fh:
            fh.write(fn)
        with open(spath, "w") as fh:
            fh.write(sched)
        if passes is None:
            with open(fpath + ".fuse.mlir", "w") as fh:
                fh.write(fn + sched)
            t = run([args.tessel, fpath + ".fuse.mlir", "--transform-interpreter", "--canonicalize", "--cse",
                     "--pack-spelling=linalg"])
        else:
            t = run([args.tessel, fpath] + passes + ["--canonicalize", "--cse", "--pack-spelling=linalg"])
        if t.returncode != 0:
            failures.append(f"{name}: tessel-opt failed:\n{t.stderr[:2000]}")
            continue
        # The schedule stays in the output (as mlir-opt leaves it); not lowered.
        t.stdout = strip_schedule(t.stdout)
        u = run([mlir_opt, fpath, f"-transform-preload-library=transform-library-paths={spath}",
                 "-transform-interpreter", "-canonicalize", "-cse"])
        if u.returncode != 0:
            failures.append(f"{name}: mlir-opt could not apply the schedule:\n{u.stderr[:2000]}")
            continue
        upstream = strip_schedule(u.stdout)
        temporaries = static_temporaries(t.stdout)
        if not temporaries:
            failures.append(f"{name}: tessel's tiling has no static temporary inside its loops")
        # One module: untiled, tessel's and upstream's functions, and @main.
        parts_alias, parts_body = [], [fn.replace("@f(", "@untiled(")]
        for text, n in ((t.stdout, "tessel"), (upstream, "upstream")):
            a, b = renamed_module(text, n)
            parts_alias += a
            parts_body.append(b)
        names = ["untiled", "tessel", "upstream"]
        prog = ("\n".join(parts_alias) + "\nmodule {\n" + "\n".join(parts_body) + "\n" +
                main_fn(arg_shapes, res_shape, names, args.repeat) + "\n}\n")
        ppath = os.path.join(tmp, f"prog{i}.mlir")
        with open(ppath, "w") as fh:
            fh.write(prog)
        b = run([mlir_opt, ppath, preload, "-transform-interpreter"] + BUFFERIZE)
        if b.returncode != 0:
            failures.append(f"{name}: mlir-opt could not bufferize it:\n{b.stderr[:2000]}")
            continue
        funcs = {n: func_text(b.stdout, n) for n in names}
        if args.show == i:
            print(funcs["tessel"] + "\n" + funcs["upstream"])
        tessel_allocs, upstream_allocs = allocations(funcs["tessel"]), allocations(funcs["upstream"])
        parallel = "scf.forall" in funcs["tessel"]
        for ty in temporaries:
            mine = [(static, inside) for t2, static, inside in tessel_allocs if t2 == ty]
            if not mine:
                failures.append(f"{name}: no allocation of tessel's temporary {ty} found")
            elif parallel:
                # Iterations of scf.forall run concurrently: each needs its
                # own temporary, and buffer-loop-hoisting rightly keeps it in
                # the loop. Statically sized, it can live on the stack.
                if not all(static for static, _ in mine):
                    failures.append(f"{name}: tessel's temporary {ty} is not statically allocated")
            elif any(inside for _, inside in mine):
                failures.append(f"{name}: tessel's temporary {ty} is still allocated inside the loops")
        dyn_t = sum(1 for _, static, inside in tessel_allocs if inside and not static)
        dyn_u = sum(1 for _, static, inside in upstream_allocs if inside and not static)
        in_t = sum(1 for _, _, inside in tessel_allocs if inside)
        in_u = sum(1 for _, _, inside in upstream_allocs if inside)
        if dyn_t >= dyn_u:
            failures.append(f"{name}: tessel's bufferized loops allocate dynamically as often as upstream's "
                            f"({dyn_t} vs {dyn_u} dynamically sized allocations inside loops)")
        low = run([mlir_opt, "-"] + TO_LLVM, stdin=b.stdout)
        if low.returncode != 0:
            failures.append(f"{name}: mlir-opt could not lower it to LLVM:\n{low.stderr[:2000]}")
            continue
        r = run([runner, "-", "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"], stdin=low.stdout)
        if r.returncode != 0:
            failures.append(f"{name}: mlir-runner failed:\n{r.stderr[:2000]}")
            continue
        head = r.stdout.split("Unranked")[0]
        times = [float(x) * 1e3 for x in head.split()[:3]]
        results = numbers_after(r.stdout, "data =")
        if len(results) != 3 or len(results[0]) == 0:
            failures.append(f"{name}: unexpected mlir-runner output")
            continue
        for n, vals in zip(names[1:], results[1:]):
            if vals != results[0]:
                failures.append(f"{name}: the {n} tiling computes something else than the untiled function")
        print(f"{name:<78} {in_t:>3} ({dyn_t}) {in_u:>4} ({dyn_u}) {times[0]:>9.3f} {times[1]:>9.3f} {times[2]:>9.3f}")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    if not failures:
        shutil.rmtree(tmp)
    print(f"bufferized: {len(CASES)} cases, {len({f.split(':')[0] for f in failures})} failed")
    return 1 if failures else 0


def func_text(text, name):
    """The text of func.func @name in a printed module."""
    start = text.index(f"func.func @{name}(")
    depth, end = 0, start
    for k in range(start, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                end = k + 1
                break
    return text[start:end]


if __name__ == "__main__":
    sys.exit(main())
