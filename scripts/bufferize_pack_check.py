#!/usr/bin/env python3
"""Tiled pack/unpack pipelines bufferized by tessel alone, run by MLIR 22.

MLIR 22 cannot bufferize linalg.pack / linalg.unpack ("op was not
bufferized"); tessel bufferizes them directly into views and
linalg.transposes (docs/buffers.md). Each seeded random program is
  - a pack or unpack (ranks 1-3, tiles, inner_dims_pos orders,
    outer_dims_perm, padding; mlir_runner_check's generator) tiled by
    tessel-opt with random tile sizes in scf.for or scf.forall loops, or
  - a fused chain (generic -> pack, pack -> unpack, matmul -> unpack,
    unpack -> generic, a fused pack consumer, the tiling pass's fuse=true;
    fusion_runner_check's generator),
not lowered: the packs and unpacks stay. For each program this script
  1. bufferizes it with tessel-opt alone: `-one-shot-bufferize=
     "bufferize-function-boundaries function-boundary-type-conversion=
     identity-layout-map" -bound-allocations -buffer-loop-hoisting
     -buffer-deallocation-pipeline`;
  2. requires no tensor left, no allocation left inside an scf.for (the
     bounded temporaries leave the loops), no dynamically sized allocation
     at all (no whole-tensor temporary, no transpose temporary; the tiles
     of fused chains that one-shot analysis puts out of place, as MLIR 22
     does, are allocated at their bound by -bound-allocations), and
     mlir-opt 22 to accept the output;
  3. runs it in tessel's engine with --run-check-leaks: the reference's
     values (a Python reference for packs and unpacks, the engine's run of
     the untiled function for chains), and every buffer freed or returned;
  4. lowers it with mlir-opt 22's standard conversions and runs it with
     mlir-runner (several programs per module): the same values, bit for
     bit (the data are small integers, exact in f32).

Usage: scripts/bufferize_pack_check.py [--tessel PATH] [--llvm-bin DIR]
                                       [--count N] [--seed S] [--batch B]
"""
import argparse
import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import (  # noqa: E402
    case_ir, dense, dims, numbers_after, random_configs, read_npy_f32, ref_pack, ref_unpack, renamed_module, run,
    strip_schedule, write_npy)
from fusion_runner_check import function as chain_function, random_chain, schedule, describe  # noqa: E402
from bufferize_parity import allocs_in_loops  # noqa: E402

BUFFERIZE = ["--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
             "--bound-allocations", "--buffer-loop-hoisting", "--buffer-deallocation-pipeline"]

TO_LLVM = ["-convert-bufferization-to-memref", "-scf-forall-to-for", "-convert-linalg-to-loops", "-expand-strided-metadata", "-lower-affine",
           "-convert-scf-to-cf", "-finalize-memref-to-llvm", "-convert-func-to-llvm", "-convert-arith-to-llvm",
           "-convert-cf-to-llvm", "-convert-index-to-llvm", "-convert-ub-to-llvm", "-reconcile-unrealized-casts"]


def prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class Program:
    """One program: its description, untiled text, argument shapes, result
    shape, inputs and expected result (None: take the engine's untiled
    run), and the tessel-opt command that tiles or fuses it."""

    def __init__(self, name, fn, arg_shapes, res_shape, inputs, expected, passes, schedule_text=None):
        self.name, self.fn, self.arg_shapes, self.res_shape = name, fn, arg_shapes, res_shape
        self.inputs, self.expected, self.passes, self.schedule = inputs, expected, passes, schedule_text
        self.chain = expected is None


def random_programs(count, seed):
    rng = random.Random(seed)
    configs = iter(random_configs(count, seed))
    out = []
    for i in range(count):
        if rng.random() < 0.65:
            kind, shape, pos, tiles, perm, sizes, loop = next(configs)
            fn, src_shape, res_shape = case_ir(kind, shape, pos, tiles, perm)
            src = [float(k + 1) for k in range(prod(src_shape))]
            expected = (ref_pack(src, shape, pos, tiles, perm, -1.0) if kind == "pack"
                        else ref_unpack(src, shape, pos, tiles, perm))
            sz = ",".join(map(str, sizes))
            name = f"{kind} {shape} pos={pos} tiles={tiles} perm={perm} tile-sizes={sizes} {loop}"
            out.append(Program(name, fn, [src_shape], res_shape, [src], expected,
                               [f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--canonicalize", "--cse"]))
        else:
            c = random_chain(rng)
            arg_shapes, res_shape, fn = chain_function(c)
            inputs = [[float(rng.randint(-5, 5)) for _ in range(max(1, prod(s)))] for s in arg_shapes]
            if c["kind"] == "pass-fuse":
                sz = ",".join(map(str, c["sizes"]))
                passes = [f"--tile-pack-unpack=tile-sizes={sz} loop={c['loop']} fuse=true", "--canonicalize", "--cse"]
                out.append(Program(describe(c), fn, arg_shapes, res_shape, inputs, None, passes))
            else:
                out.append(Program(describe(c), fn, arg_shapes, res_shape, inputs, None,
                                   ["--transform-interpreter", "--canonicalize", "--cse"], schedule(c)))
    return out


def engine_result(tessel, path, passes, npys, tmp, tag):
    out = os.path.join(tmp, f"{tag}.npy")
    e = run([tessel, path] + passes + ["--run=f"] + [f"--input={n}" for n in npys] + [f"--output={out}"])
    if e.returncode != 0:
        return None, e.stderr[:2000]
    return read_npy_f32(out), None


def check(i, p, args, tmp, mlir_opt):
    """Tiles, bufferizes and runs program `p` in tessel; returns (the
    bufferized text, failures)."""
    fpath = os.path.join(tmp, f"f{i}.mlir")
    with open(fpath, "w") as fh:
        fh.write(p.fn + (p.schedule or ""))
    npys = []
    for k, (shape, values) in enumerate(zip(p.arg_shapes, p.inputs)):
        npys.append(os.path.join(tmp, f"in{i}_{k}.npy"))
        write_npy(npys[-1], shape, values)
    if p.expected is None:
        plain = os.path.join(tmp, f"plain{i}.mlir")
        with open(plain, "w") as fh:
            fh.write(p.fn)
        p.expected, err = engine_result(args.tessel, plain, [], npys, tmp, f"ref{i}")
        if err:
            return None, [f"#{i} {p.name}: the engine cannot run the untiled function:\n{err}"]
    t = run([args.tessel, fpath] + p.passes + ["--pack-spelling=linalg"])
    if t.returncode != 0:
        return None, [f"#{i} {p.name}: tessel-opt could not tile it:\n{t.stderr[:2000]}"]
    tiled = os.path.join(tmp, f"t{i}.mlir")
    with open(tiled, "w") as fh:
        fh.write(strip_schedule(t.stdout))
    b = run([args.tessel, tiled] + BUFFERIZE)
    if b.returncode != 0:
        return None, [f"#{i} {p.name}: tessel-opt could not bufferize it:\n{b.stderr[:2000]}"]
    failures = []
    body = b.stdout.split("module {", 1)[-1]
    if re.search(r"\btensor<", body):
        failures.append(f"#{i} {p.name}: a tensor is left")
    static, dynamic = allocs_in_loops(b.stdout)
    if static or dynamic:
        failures.append(f"#{i} {p.name}: {static + dynamic} allocation(s) left in an scf.for")
    if re.search(r"memref\.alloca?\(%", body):
        failures.append(f"#{i} {p.name}: a dynamically sized allocation")
    bpath = os.path.join(tmp, f"b{i}.mlir")
    with open(bpath, "w") as fh:
        fh.write(b.stdout)
    m = run([mlir_opt, bpath, "-o", os.devnull])
    if m.returncode != 0:
        failures.append(f"#{i} {p.name}: mlir-opt 22 rejects tessel's output:\n{m.stderr[:2000]}")
    got, err = engine_result(args.tessel, bpath, ["--run-check-leaks"], npys, tmp, f"e{i}")
    if err:
        failures.append(f"#{i} {p.name}: the engine cannot run the bufferized code:\n{err}")
    elif got != p.expected:
        failures.append(f"#{i} {p.name}: the engine computes other values after bufferization")
    return (b.stdout if not failures else None), failures


def memref(shape):
    return f"memref<{dims(shape)}xf32>"


def run_batch(items, tmp, mlir_opt, runner, libs, tag):
    """Lowers the bufferized programs `items` ((index, program, text)) in
    one module with mlir-opt 22 and runs them with mlir-runner; returns
    (how many agree, failures)."""
    aliases, bodies, globals_, main = [], [], [], []
    for i, p, text in items:
        al, body = renamed_module(text, f"t{i}")
        aliases += al
        bodies.append(body)
        names = []
        for k, (shape, values) in enumerate(zip(p.arg_shapes, p.inputs)):
            globals_.append(f'memref.global "private" constant @g{i}_{k} : {memref(shape)} = '
                            f"dense<{dense(shape, values)}>")
            main.append(f"  %a{i}_{k} = memref.get_global @g{i}_{k} : {memref(shape)}")
            names.append(f"%a{i}_{k}")
        sig = ", ".join(memref(s) for s in p.arg_shapes)
        main.append(f"  %r{i} = call @t{i}({', '.join(names)}) : ({sig}) -> {memref(p.res_shape)}")
        main.append(f"  %u{i} = memref.cast %r{i} : {memref(p.res_shape)} to memref<*xf32>")
        main.append(f"  call @printMemrefF32(%u{i}) : (memref<*xf32>) -> ()")
    module = ("\n".join(aliases) + "\nmodule {\n" + "\n".join(globals_) + "\n" + "\n".join(bodies) +
              "\nfunc.func private @printMemrefF32(memref<*xf32>)\nfunc.func @main() {\n" + "\n".join(main) +
              "\n  return\n}\n}\n")
    path = os.path.join(tmp, f"batch{tag}.mlir")
    with open(path, "w") as fh:
        fh.write(module)
    low = run([mlir_opt, path] + TO_LLVM)
    where = f"programs #{items[0][0]}-#{items[-1][0]}"
    if low.returncode != 0:
        return 0, [f"{where}: mlir-opt 22 could not lower them:\n{low.stderr[:2000]}"]
    r = run([runner, "-", "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"], stdin=low.stdout)
    if r.returncode != 0:
        return 0, [f"{where}: mlir-runner failed:\n{r.stderr[:2000]}"]
    got = numbers_after(r.stdout, "data =")
    ok, failures = 0, []
    for k, (i, p, _) in enumerate(items):
        if k < len(got) and got[k] == p.expected:
            ok += 1
        else:
            failures.append(f"#{i} {p.name}: mlir-runner computes other values than the reference")
    return ok, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--batch", type=int, default=25, help="programs per mlir-runner module")
    args = ap.parse_args()
    mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
    runner = os.path.join(args.llvm_bin, "mlir-runner")
    libdir = os.path.join(os.path.dirname(args.llvm_bin.rstrip("/")), "lib")
    libs = f"{libdir}/libmlir_c_runner_utils.so,{libdir}/libmlir_runner_utils.so"
    failures, ready = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i, p in enumerate(random_programs(args.count, args.seed)):
            text, f = check(i, p, args, tmp, mlir_opt)
            failures += f
            if text is not None:
                ready.append((i, p, text))
        ran = 0
        for b in range(0, len(ready), args.batch):
            ok, f = run_batch(ready[b:b + args.batch], tmp, mlir_opt, runner, libs, b)
            ran += ok
            failures += f
    for f in failures[:10]:
        print(f)
    print(f"bufferize-pack: {ran} of {args.count} tiled and fused pack/unpack programs (seed {args.seed}) bufferize "
          f"in tessel alone with no allocation in an scf.for and none dynamically sized, are accepted by mlir-opt 22 "
          f"and run with the reference's values in tessel's engine and in mlir-runner; {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
