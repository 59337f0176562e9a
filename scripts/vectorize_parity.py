#!/usr/bin/env python3
"""Random packs and unpacks vectorized by tessel and by mlir-opt 22.

Each program is one function @f(%src) -> tensor whose destination is a
`tensor.empty`, with random ranks (1-3 unpacked dims), tiles, inner_dims_pos
orders, outer_dims_perm, padding values and element types (f32, bf16, i8),
vectorized by `transform.structured.vectorize`, with no vector sizes (static
shapes, in_bounds instead of masks) or with sizes that cover the op (masked
reads and writes where the vector is larger than the tensor).

For each program P:
  1. T = tessel-opt P -transform-interpreter must succeed and parse in
     mlir-opt 22;
  2. M = mlir-opt P -transform-interpreter: T and M must be identical, byte
     for byte;
  3. tessel's engine runs P and T on the same input: the same bits;
  4. f32 programs: mlir-runner runs T lowered by mlir-opt 22 (one-shot
     bufferization, vector masks and transfers to LLVM), in batches: the
     engine's values.

Usage: scripts/vectorize_parity.py [--tessel PATH] [--llvm-bin DIR]
                                   [--count N] [--seed S] [--show N]
"""
import argparse
import difflib
import os
import random
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import (ceil, dense, dims, numbers_after, packed_shape, read_npy_f32,  # noqa: E402
                               renamed_module, run, strip_schedule, write_npy)

VECTOR_PIPELINE = [
    "-one-shot-bufferize=bufferize-function-boundaries",
    "-lower-vector-mask",
    "-convert-vector-to-scf",
    "-convert-linalg-to-loops",
    "-expand-strided-metadata",
    "-lower-affine",
    "-convert-scf-to-cf",
    "-convert-vector-to-llvm",
    "-finalize-memref-to-llvm",
    "-convert-func-to-llvm",
    "-convert-arith-to-llvm",
    "-convert-cf-to-llvm",
    "-convert-index-to-llvm",
    "-convert-ub-to-llvm",
    "-reconcile-unrealized-casts",
]

ELEMS = {"f32": "0.0", "bf16": "-1.0", "i8": "7"}


def schedule(op_name, sizes):
    vs = f" vector_sizes [{', '.join(map(str, sizes))}]" if sizes else ""
    return f"""module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {{transform.readonly}}) {{
    %0 = transform.structured.match ops{{["{op_name}"]}} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0{vs} : !transform.any_op
    transform.yield
  }}
}}
"""


def gen(rng):
    """(name, program text, input shape, output shape, element type)."""
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 12) for _ in range(rank)]
    ntiled = rng.randint(1, rank)
    pos = rng.sample(range(rank), ntiled)
    tiles = [rng.choice([1, 2, 3, 4, 8]) for _ in pos]
    perm = rng.sample(range(rank), rank) if rng.random() < 0.5 else []
    elem = rng.choice(["f32", "f32", "bf16", "i8"])
    packed = packed_shape(shape, pos, tiles, perm)
    attrs = (f"outer_dims_perm = {perm} " if perm else "") + f"inner_dims_pos = {pos} inner_tiles = {tiles}"
    padded = any(shape[p] % t for p, t in zip(pos, tiles))
    t = lambda s: f"tensor<{dims(s)}x{elem}>"  # noqa: E731
    if rng.random() < 0.5:
        kind = "pack"
        pad = padded or rng.random() < 0.3
        pad_text = f"padding_value(%cst : {elem}) " if pad else ""
        cst = f"  %cst = arith.constant {ELEMS[elem]} : {elem}\n" if pad else ""
        body = (f"{cst}  %d = tensor.empty() : {t(packed)}\n"
                f"  %r = linalg.pack %src {pad_text}{attrs} into %d : {t(shape)} -> {t(packed)}\n")
        src, dst = shape, packed
        if rng.random() < 0.5:
            outer = [d + rng.choice([0, 0, 1, 3]) for d in packed[:rank]]
            sizes = outer + tiles
        else:
            sizes = []
    else:
        kind = "unpack"
        # The unpacked shape may drop padding of the last tile.
        dest = [d for d in shape]
        for p, tl in zip(pos, tiles):
            dest[p] = max(1, ceil(shape[p], tl) * tl - rng.randint(0, tl - 1))
        packed = packed_shape(dest, pos, tiles, perm)
        body = (f"  %d = tensor.empty() : {t(dest)}\n"
                f"  %r = linalg.unpack %src {attrs} into %d : {t(packed)} -> {t(dest)}\n")
        src, dst = packed, dest
        if rng.random() < 0.5:
            sizes = [d + rng.choice([0, 0, 1, 2]) for d in packed[:rank]] + tiles
        else:
            sizes = []
    func = f"func.func @f(%src: {t(src)}) -> {t(dst)} {{\n{body}  return %r : {t(dst)}\n}}\n"
    name = f"{kind} {t(src)} -> {t(dst)} {attrs}" + (f" vector_sizes {sizes}" if sizes else "")
    return name, func + schedule(f"linalg.{kind}", sizes), src, dst, elem


def engine_bits(tessel, path, tmp, i, tag, elem, src_shape, values):
    """The engine's output .npy bytes for @f of `path`."""
    out = os.path.join(tmp, f"{tag}{i}.npy")
    if elem == "f32":
        inp = os.path.join(tmp, f"in{i}.npy")
        write_npy(inp, src_shape, values)
    else:
        inp = "random:7"
    r = run([tessel, path, "--run=f", f"--input={inp}", f"--output={out}"])
    if r.returncode != 0:
        return None, r.stderr[:1500]
    with open(out, "rb") as fh:
        return fh.read(), None


def runner_batch(items, tmp, mlir_opt, runner, libs, b):
    """Lowers the vectorized f32 programs of `items` in one module and runs
    them; returns per item the printed values (or an error)."""
    aliases, bodies, main = [], [], []
    for i, text, values, src, dst in items:
        al, body = renamed_module(strip_schedule(text), f"v{i}")
        aliases += al
        bodies.append(body)
        ts, td = f"tensor<{dims(src)}xf32>", f"tensor<{dims(dst)}xf32>"
        main.append(f"  %in{i} = arith.constant dense<{dense(src, values)}> : {ts}")
        main.append(f"  %r{i} = call @v{i}(%in{i}) : ({ts}) -> {td}")
        main.append(f"  %c{i} = tensor.cast %r{i} : {td} to tensor<*xf32>")
        main.append(f"  call @printMemrefF32(%c{i}) : (tensor<*xf32>) -> ()")
    module = ("\n".join(aliases) + "\nmodule {\n" + "\n".join(bodies) +
              "\nfunc.func private @printMemrefF32(%ptr : tensor<*xf32>)\nfunc.func @main() {\n" +
              "\n".join(main) + "\n  return\n}\n}\n")
    path = os.path.join(tmp, f"batch{b}.mlir")
    with open(path, "w") as fh:
        fh.write(module)
    low = run([mlir_opt, path] + VECTOR_PIPELINE)
    if low.returncode != 0:
        return None, f"mlir-opt could not lower the vector code:\n{low.stderr[:2000]}"
    r = run([runner, "-", "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"], stdin=low.stdout)
    if r.returncode != 0:
        return None, f"mlir-runner failed:\n{r.stderr[:2000]}"
    return numbers_after(r.stdout, "data ="), None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
    runner = os.path.join(args.llvm_bin, "mlir-runner")
    libdir = os.path.join(os.path.dirname(args.llvm_bin.rstrip("/")), "lib")
    libs = f"{libdir}/libmlir_c_runner_utils.so,{libdir}/libmlir_runner_utils.so"
    import tempfile
    tmp = tempfile.mkdtemp(prefix="tessel-vectorize-")
    failures, identical, engine_same, runner_items = [], 0, 0, []
    for i in range(args.count):
        name, prog, src, dst, elem = gen(rng)
        p_path = os.path.join(tmp, f"p{i}.mlir")
        with open(p_path, "w") as fh:
            fh.write(prog)
        t = run([args.tessel, p_path, "-transform-interpreter"])
        if t.returncode != 0:
            failures.append(f"#{i} {name}: tessel-opt failed:\n{t.stderr[:1500]}")
            continue
        t_path = os.path.join(tmp, f"t{i}.mlir")
        with open(t_path, "w") as fh:
            fh.write(t.stdout)
        check = run([mlir_opt, t_path, "-o", "/dev/null"])
        if check.returncode != 0:
            failures.append(f"#{i} {name}: mlir-opt 22 rejects tessel's output:\n{check.stderr[:1500]}")
            continue
        m = run([mlir_opt, p_path, "-transform-interpreter"])
        if m.returncode != 0:
            failures.append(f"#{i} {name}: mlir-opt 22 failed where tessel did not:\n{m.stderr[:800]}")
        elif m.stdout != t.stdout:
            diff = "".join(difflib.unified_diff(m.stdout.splitlines(True), t.stdout.splitlines(True),
                                                "mlir-opt", "tessel-opt", n=1))
            failures.append(f"#{i} {name}: output differs from mlir-opt 22:\n{diff[:3000]}")
        else:
            identical += 1
        n = 1
        for d in src:
            n *= d
        values = [float(rng.randint(-50, 50)) for _ in range(n)]
        before, err = engine_bits(args.tessel, p_path, tmp, i, "p", elem, src, values)
        after, err2 = engine_bits(args.tessel, t_path, tmp, i, "t", elem, src, values)
        if before is None or after is None:
            failures.append(f"#{i} {name}: the engine failed:\n{err or err2}")
            continue
        if before != after:
            failures.append(f"#{i} {name}: the engine computes other bits after vectorization")
            continue
        engine_same += 1
        if elem == "f32":
            runner_items.append((i, t.stdout, values, src, dst, read_npy_f32(os.path.join(tmp, f"t{i}.npy")), name))
    ran = 0
    for b in range(0, len(runner_items), 20):
        chunk = runner_items[b:b + 20]
        got, err = runner_batch([c[:5] for c in chunk], tmp, mlir_opt, runner, libs, b)
        if err:
            failures.append(f"runner batch #{chunk[0][0]}-#{chunk[-1][0]}: {err}")
            continue
        for k, c in enumerate(chunk):
            if k >= len(got) or got[k] != c[5]:
                failures.append(f"#{c[0]} {c[6]}: mlir-runner computes other values than the engine")
            else:
                ran += 1
    print(f"seed {seed}: {args.count} programs: {identical} identical to mlir-opt 22, "
          f"{engine_same} with the same bits in the engine, {ran} f32 programs run by mlir-runner "
          f"with the engine's values")
    for f in failures[:args.show]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
