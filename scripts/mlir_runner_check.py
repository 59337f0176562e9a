#!/usr/bin/env python3
"""Numerical proof of tessel's tiling with real MLIR as the executor.

For each configuration (the fixed list below plus --random random ones:
pack and unpack; complete and incomplete tiles; padding; permutations;
tile sizes 0, 1, multiples and non-multiples of the inner tile and past
the dim; for and forall loops) this script
  1. writes an untiled function @f (linalg spelling, static shapes);
  2. tiles it with tessel-opt (tile-pack-unpack, canonicalize, cse) and
     renames the result @f_tiled;
  3. tiles @f with MLIR's own transform.structured.tile_using_for /
     tile_using_forall into @f_upstream;
  4. lowers all three with mlir-opt 22 (transform lower_pack /
     lower_unpack, one-shot-bufferize, LLVM conversions) and runs them with
     mlir-runner;
  5. runs tessel's engine on the same input (.npy in, .npy out), untiled
     and tiled (`tessel-opt --run`);
  6. requires all five results to equal the reference computed here in
     Python, element for element;
  7. requires tessel's tiling to be no worse than MLIR's: after
     canonicalize and cse, no more temporaries, dynamically sized
     temporaries or parts cut out of an unpacked temporary (and reports how
     many are identical).

Usage: scripts/mlir_runner_check.py [--tessel PATH] [--llvm-bin DIR]
                                    [--random N] [--seed S]
"""
import argparse
import itertools
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

# The general lowering paths (pad/expand/transpose, transpose/collapse/slice).
# mlir-opt 22's shortcut for packs and unpacks whose outer dims are all 1
# (`lowerUnpadLikeWithExtractSlice`, on by default) miscompiles unpacks whose
# inner_dims_pos are not the trailing dims: tensor<1x1x1x5x4xf32> with
# inner_dims_pos = [0, 1] into tensor<1x4x1xf32> becomes one extract_slice
# [0, 0, 0, 0, 0] [1, 1, 1, 4, 1] (it reads the 5-tile's dim for the
# 4-tile), and it builds out-of-bounds slices for some unit dims.
LOWER = """module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %packs {lowerPadLikeWithInsertSlice = false} : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpacks {lowerUnpadLikeWithExtractSlice = false} : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
"""

PIPELINE = [
    "-transform-interpreter",
    "-one-shot-bufferize=bufferize-function-boundaries",
    "-convert-linalg-to-loops",
    "-expand-strided-metadata",
    "-lower-affine",
    "-convert-scf-to-cf",
    "-finalize-memref-to-llvm",
    "-convert-func-to-llvm",
    "-convert-arith-to-llvm",
    "-convert-cf-to-llvm",
    "-convert-index-to-llvm",
    "-convert-ub-to-llvm",
    "-reconcile-unrealized-casts",
]


def renamed_module(text, name):
    """The alias lines and the ops of a printed module, with `@f` renamed
    `@name` and every alias `#x` renamed `#x_name`, so several printed
    modules can share one file."""
    text = text.replace("@f(", f"@{name}(")
    aliases = [l for l in text.splitlines() if l.startswith("#")]
    body = text[text.index("module {") + len("module {"):text.rindex("}")]
    for alias in (l.split("=")[0].strip() for l in aliases):
        body = re.sub(rf"{alias}\b", f"{alias}_{name}", body)
    return [re.sub(r"^(#\w+)", rf"\1_{name}", l) for l in aliases], body


def strip_schedule(text):
    """`text` without its nested transform module (mlir-opt keeps it)."""
    out, depth = [], 0
    for line in text.splitlines():
        if depth == 0 and "module attributes {transform.with_named_sequence}" in line:
            depth = line.count("{") - line.count("}")
            continue
        if depth > 0:
            depth += line.count("{") - line.count("}")
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def ceil(a, b):
    return (a + b - 1) // b


def dims(shape):
    return "x".join(str(d) for d in shape)


def packed_shape(unpacked, pos, tiles, perm):
    outer = list(unpacked)
    for p, t in zip(pos, tiles):
        outer[p] = ceil(unpacked[p], t)
    if perm:
        outer = [outer[p] for p in perm]
    return outer + list(tiles)


def indices(shape):
    return itertools.product(*[range(d) for d in shape])


def flat(shape, idx):
    off = 0
    for d, i in zip(shape, idx):
        off = off * d + i
    return off


def ref_pack(src, shape, pos, tiles, perm, pad):
    n = len(shape)
    pshape = packed_shape(shape, pos, tiles, perm)
    permv = perm or list(range(n))
    out = []
    for p in indices(pshape):
        s = [0] * n
        for j, d in enumerate(permv):
            s[d] = p[j]
        for i, d in enumerate(pos):
            s[d] = s[d] * tiles[i] + p[n + i]
        out.append(pad if any(a >= b for a, b in zip(s, shape)) else src[flat(shape, s)])
    return out


def ref_unpack(src, shape, pos, tiles, perm):
    n = len(shape)
    pshape = packed_shape(shape, pos, tiles, perm)
    permv = perm or list(range(n))
    tile_of = {d: (i, t) for i, (d, t) in enumerate(zip(pos, tiles))}
    out = []
    for e in indices(shape):
        p = [0] * (n + len(tiles))
        for j, d in enumerate(permv):
            p[j] = e[d] // tile_of[d][1] if d in tile_of else e[d]
        for d, (i, t) in tile_of.items():
            p[n + i] = e[d] % t
        out.append(src[flat(pshape, p)])
    return out


def dense(shape, values):
    def rec(level, base):
        if level == len(shape):
            return f"{values[base]:.1f}"
        stride = 1
        for d in shape[level + 1:]:
            stride *= d
        return "[" + ", ".join(rec(level + 1, base + k * stride) for k in range(shape[level])) + "]"
    return rec(0, 0)


def case_ir(kind, shape, pos, tiles, perm):
    pshape = packed_shape(shape, pos, tiles, perm)
    perm_txt = f"outer_dims_perm = {list(perm)} " if perm else ""
    if kind == "pack":
        src_shape, res_shape = shape, pshape
        padded = any(shape[p] % t for p, t in zip(pos, tiles))
        pad = "padding_value(%pad : f32) " if padded else ""
        body = (f"  %pad = arith.constant -1.0 : f32\n  %init = tensor.empty() : tensor<{dims(res_shape)}xf32>\n"
                f"  %0 = linalg.pack %src {pad}{perm_txt}inner_dims_pos = {list(pos)} inner_tiles = {list(tiles)} "
                f"into %init : tensor<{dims(src_shape)}xf32> -> tensor<{dims(res_shape)}xf32>\n")
    else:
        src_shape, res_shape = pshape, shape
        body = (f"  %init = tensor.empty() : tensor<{dims(res_shape)}xf32>\n"
                f"  %0 = linalg.unpack %src {perm_txt}inner_dims_pos = {list(pos)} inner_tiles = {list(tiles)} "
                f"into %init : tensor<{dims(src_shape)}xf32> -> tensor<{dims(res_shape)}xf32>\n")
    fn = (f"func.func @f(%src: tensor<{dims(src_shape)}xf32>) -> tensor<{dims(res_shape)}xf32> {{\n{body}"
          f"  return %0 : tensor<{dims(res_shape)}xf32>\n}}\n")
    return fn, src_shape, res_shape


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def numbers_after(text, marker):
    chunks = text.split(marker)[1:]
    return [[float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", c.split("Unranked")[0])] for c in chunks]


CONFIGS = [
    # kind, shape (unpacked), inner_dims_pos, inner_tiles, outer_dims_perm, tile sizes, loop
    ("unpack", [32], [0], [8], [], [15], "for"),
    ("unpack", [32], [0], [8], [], [15], "forall"),
    ("unpack", [33], [0], [8], [], [5], "for"),
    ("unpack", [30], [0], [4], [], [6], "for"),
    ("unpack", [10], [0], [4], [], [7], "for"),
    ("unpack", [64], [0], [8], [], [16], "for"),
    ("unpack", [13, 15], [0, 1], [8, 4], [1, 0], [5, 3], "for"),
    ("unpack", [13, 15], [1, 0], [4, 8], [], [4, 7], "forall"),
    ("unpack", [16, 12], [1], [5], [], [3, 5], "for"),
    ("unpack", [9, 10], [0], [4], [1, 0], [0, 7], "for"),
    ("unpack", [6, 7, 5], [2, 0], [2, 3], [2, 0, 1], [4, 3, 2], "for"),
    ("unpack", [6, 7, 5], [2, 0], [2, 3], [2, 0, 1], [5, 0, 3], "forall"),
    ("pack", [32], [0], [8], [], [3], "for"),
    ("pack", [13], [0], [4], [], [2], "for"),
    ("pack", [13, 15], [0, 1], [8, 4], [1, 0], [3, 1], "for"),
    ("pack", [13, 15], [0, 1], [8, 4], [1, 0], [3, 1], "forall"),
    ("pack", [16, 12], [1, 0], [4, 8], [], [2, 3], "for"),
    ("pack", [9, 10], [0], [4], [1, 0], [4, 2], "for"),
    ("pack", [6, 7, 5], [2, 0], [2, 3], [2, 0, 1], [2, 1, 3], "for"),
    ("pack", [6, 7, 5], [2, 0], [2, 3], [2, 0, 1], [0, 2, 2], "forall"),
    ("pack", [32, 8], [0], [8], [], [3, 0], "for"),
    ("unpack", [20, 12], [0, 1], [8, 8], [], [7, 5], "for"),
]


def random_configs(n, seed):
    """n random configurations (the same for the same seed)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rank = rng.randint(1, 3)
        shape = [rng.randint(1, 12) for _ in range(rank)]
        order = list(range(rank))
        rng.shuffle(order)
        k = rng.randint(1, rank)
        pos = order[:k]
        tiles = [rng.randint(1, 6) for _ in range(k)]
        perm = list(range(rank))
        rng.shuffle(perm)
        if rng.random() < 0.5:
            perm = []
        kind = rng.choice(["pack", "unpack"])
        tile_of = {d: t for d, t in zip(pos, tiles)}
        pshape = packed_shape(shape, pos, tiles, perm)
        sizes = []
        for j in range(rank):
            d = (perm or list(range(rank)))[j] if kind == "pack" else j
            extent = pshape[j] if kind == "pack" else shape[d]
            t = tile_of.get(d, 1)
            sizes.append(rng.choice([0, 1, t, 2 * t, t + 1, extent + 3]))
        out.append((kind, shape, pos, tiles, perm, sizes, rng.choice(["for", "forall"])))
    return out


def write_npy(path, shape, values):
    """A float32 .npy file (no numpy needed)."""
    shape_txt = "(" + "".join(f"{d}, " for d in shape).rstrip(" ") + ")" if len(shape) != 1 else f"({shape[0]},)"
    header = f"{{'descr': '<f4', 'fortran_order': False, 'shape': {shape_txt}, }}"
    header += " " * ((-(10 + len(header) + 1)) % 64) + "\n"
    with open(path, "wb") as fh:
        fh.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        fh.write(struct.pack(f"<{len(values)}f", *values))


def read_npy_f32(path):
    with open(path, "rb") as fh:
        data = fh.read()
    (hlen,) = struct.unpack("<H", data[8:10])
    body = data[10 + hlen:]
    return list(struct.unpack(f"<{len(body) // 4}f", body))


def upstream_tiling(kind, sizes, loop):
    """A transform script tiling the pack or unpack with MLIR's own tiling."""
    op = "linalg.pack" if kind == "pack" else "linalg.unpack"
    sz = ", ".join(str(s) for s in sizes)
    if not any(sizes):
        # Nothing to tile (and mlir-opt 22's tile_using_forall crashes on
        # all-zero tile sizes): the op stays as it is.
        tile = ""
    elif loop == "for":
        loops = sum(1 for s in sizes if s != 0)
        results = ", ".join(["!transform.any_op"] * (loops + 1))
        tile = (f"%t, %l:{loops} = transform.structured.tile_using_for %m tile_sizes [{sz}] "
                f": (!transform.any_op) -> ({results})") if loops else ""
    else:
        tile = (f"%t, %l = transform.structured.tile_using_forall %m tile_sizes [{sz}] "
                f": (!transform.any_op) -> (!transform.any_op, !transform.any_op)")
    return f"""module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {{transform.readonly}}) {{
    %m = transform.structured.match ops{{["{op}"]}} in %arg0 : (!transform.any_op) -> !transform.any_op
    {tile}
    transform.yield
  }}
}}
"""


def normalized(mlir_opt, text):
    """`text` after mlir-opt's -canonicalize -cse, without the function
    name and with constants sorted, so two tilings compare as equals when
    they differ only in the order constants were created."""
    r = run([mlir_opt, "-", "-canonicalize", "-cse", "-mlir-print-local-scope"], stdin=text)
    if r.returncode != 0:
        return None
    lines = [re.sub(r"@f\w*\(", "@f(", l) for l in r.stdout.splitlines() if l.strip()]
    consts = sorted(l for l in lines if "arith.constant" in l)
    rest = [l for l in lines if "arith.constant" not in l]
    return consts + rest


def structure(lines):
    """What makes tiled code worse: temporaries, dynamically sized ones
    (allocated per iteration once bufferized) and parts cut out of an
    unpacked temporary (the shift by `offset mod tile`)."""
    body = "\n".join(lines)
    return {
        "temporaries": len(re.findall(r"tensor\.empty\(", body)),
        "dynamic temporaries": len(re.findall(r"tensor\.empty\(%", body)),
        "cut-outs": len(re.findall(r"tensor\.extract_slice %unpack", body)),
    }


def runner_setup(llvm_bin, prefix):
    """mlir-opt, mlir-runner, the runner libraries, a scratch directory and
    the lowering schedule written into it."""
    mlir_opt = os.path.join(llvm_bin, "mlir-opt")
    runner = os.path.join(llvm_bin, "mlir-runner")
    libdir = os.path.join(os.path.dirname(llvm_bin.rstrip("/")), "lib")
    libs = f"{libdir}/libmlir_c_runner_utils.so,{libdir}/libmlir_runner_utils.so"
    tmp = tempfile.mkdtemp(prefix=prefix)
    lower_path = os.path.join(tmp, "lower.mlir")
    with open(lower_path, "w") as fh:
        fh.write(LOWER)
    return mlir_opt, runner, libs, tmp, lower_path


def lower_and_run(prog, path, mlir_opt, runner, lower_path, libs):
    """Writes `prog` to `path`, lowers it with mlir-opt and runs @main with
    mlir-runner. Returns (values of each printed memref, None) or
    (None, what failed)."""
    with open(path, "w") as fh:
        fh.write(prog)
    low = run([mlir_opt, path, f"-transform-preload-library=transform-library-paths={lower_path}"] + PIPELINE)
    if low.returncode != 0:
        return None, f"mlir-opt could not lower it:\n{low.stderr[:2000]}"
    r = run([runner, "-", "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"], stdin=low.stdout)
    if r.returncode != 0:
        return None, f"mlir-runner failed:\n{r.stderr[:2000]}"
    return numbers_after(r.stdout, "data ="), None


def run_pairs(items, batch, tmp, mlir_opt, runner, lower_path, libs):
    """Runs each original program and its rewrite with mlir-runner, `batch`
    programs per module, and compares both with the engine's values.

    `items` are (index, name, original text, rewritten text, engine values,
    input values, input shape, output shape), each function @f of one
    tensor<..xf32> argument. Returns (how many matched, failure messages)."""
    def t(shape):
        return f"tensor<{dims(shape)}xf32>"
    ran, failures = 0, []
    for b in range(0, len(items), batch):
        chunk = items[b:b + batch]
        aliases, bodies, main_body = [], [], []
        for i, _, prog, rewritten, _, values, in_shape, out_shape in chunk:
            for tag, text in (("p", prog), ("t", rewritten)):
                al, body = renamed_module(f"module {{\n{text}\n}}" if "module {" not in text else text, f"{tag}{i}")
                aliases += al
                bodies.append(body)
            main_body.append(f"  %in{i} = arith.constant dense<{dense(in_shape, values)}> : {t(in_shape)}")
            for tag in ("p", "t"):
                main_body.append(f"  %{tag}{i} = call @{tag}{i}(%in{i}) : ({t(in_shape)}) -> {t(out_shape)}")
                main_body.append(f"  %{tag}{i}c = tensor.cast %{tag}{i} : {t(out_shape)} to tensor<*xf32>")
                main_body.append(f"  call @printMemrefF32(%{tag}{i}c) : (tensor<*xf32>) -> ()")
        module = ("\n".join(aliases) + "\nmodule {\n" + "\n".join(bodies) +
                  "\nfunc.func private @printMemrefF32(%ptr : tensor<*xf32>)\nfunc.func @main() {\n" +
                  "\n".join(main_body) + "\n  return\n}\n}\n")
        got, err = lower_and_run(module, os.path.join(tmp, f"batch{b}.mlir"), mlir_opt, runner, lower_path, libs)
        if err:
            failures.append(f"batch of #{chunk[0][0]}-#{chunk[-1][0]}: {err}")
            continue
        for k, (i, name, _, _, engine, _, _, _) in enumerate(chunk):
            if got[2 * k] != engine or got[2 * k + 1] != engine:
                failures.append(f"{name}: mlir-runner computes other values than tessel's engine")
            else:
                ran += 1
    return ran, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--random", type=int, default=0, help="random configurations added to the fixed ones")
    ap.add_argument("--seed", type=int, default=None, help="seed of the random configurations (default: new)")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    configs = CONFIGS + random_configs(args.random, seed)
    if args.random:
        print(f"mlir-runner: {args.random} random configurations, --seed {seed}")
    mlir_opt, runner, libs, tmp, lower_path = runner_setup(args.llvm_bin, "tessel-runner-")
    failures = []
    identical = better = 0
    compared_random = 0
    for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(configs):
        is_random = i >= len(CONFIGS)
        if is_random and compared_random >= args.random:
            break
        name = f"{kind} {shape} pos={pos} tiles={tiles} perm={perm} tile-sizes={sizes} {loop}"
        fn, src_shape, res_shape = case_ir(kind, shape, pos, tiles, perm)
        n_src = 1
        for d in src_shape:
            n_src *= d
        src = [float(k + 1) for k in range(n_src)]
        expected = (ref_pack(src, shape, pos, tiles, perm, -1.0) if kind == "pack"
                    else ref_unpack(src, shape, pos, tiles, perm))
        sz = ",".join(str(s) for s in sizes)
        t = run([args.tessel, "-", f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--canonicalize", "--cse",
                 "--pack-spelling=linalg"], stdin=fn)
        if t.returncode != 0:
            failures.append(f"{name}: tessel-opt failed:\n{t.stderr}")
            continue
        tiled = t.stdout.replace("@f(", "@f_tiled(")
        # MLIR's own tiling of the same op.
        script = os.path.join(tmp, f"tile{i}.mlir")
        with open(script, "w") as fh:
            fh.write(upstream_tiling(kind, sizes, loop))
        fpath = os.path.join(tmp, f"f{i}.mlir")
        with open(fpath, "w") as fh:
            fh.write(fn)
        u = run([mlir_opt, fpath, f"-transform-preload-library=transform-library-paths={script}",
                 "-transform-interpreter", "-canonicalize", "-mlir-print-local-scope"])
        if u.returncode != 0:
            failures.append(f"{name}: mlir-opt could not tile it:\n{u.stderr[:2000]}")
            continue
        # Never worse than upstream: no more temporaries, dynamic
        # temporaries or cut-outs than MLIR's own tiling of the same op.
        tn, un = normalized(mlir_opt, t.stdout), normalized(mlir_opt, u.stdout)
        if tn is None or un is None:
            failures.append(f"{name}: mlir-opt could not canonicalize a tiling")
            continue
        if tn == un:
            identical += 1
        else:
            ts, us = structure(tn), structure(un)
            worse = [k for k in ts if ts[k] > us[k]]
            if worse:
                failures.append(f"{name}: tessel's tiling is worse than upstream's in {worse}: {ts} vs {us}")
            elif ts != us:
                better += 1
        upstream = u.stdout.replace("@f(", "@f_upstream(")
        upstream_body = upstream[upstream.index("module {") + len("module {"):upstream.rindex("}")]
        # tessel's engine on the same input, untiled and tiled.
        src_npy = os.path.join(tmp, f"src{i}.npy")
        write_npy(src_npy, src_shape, src)
        engine = []
        for passes in ([], [f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--canonicalize", "--cse"]):
            out_npy = os.path.join(tmp, f"out{i}.npy")
            e = run([args.tessel, fpath] + passes + ["--run=f", f"--input={src_npy}", f"--output={out_npy}",
                                                     "--run-check-uninit"])
            if e.returncode != 0:
                failures.append(f"{name}: tessel-opt --run failed:\n{e.stderr[:2000]}")
                break
            engine.append(read_npy_f32(out_npy))
        if len(engine) != 2:
            continue
        # Merge: aliases stay at the top, functions go in one module.
        aliases = "\n".join(l for l in tiled.splitlines() if l.startswith("#"))
        tiled_body = tiled[tiled.index("module {") + len("module {"):tiled.rindex("}")]
        res_t = f"tensor<{dims(res_shape)}xf32>"
        src_t = f"tensor<{dims(src_shape)}xf32>"
        prog = f"""{aliases}
module {{
{fn}
{tiled_body}
{upstream_body}
func.func private @printMemrefF32(%ptr : tensor<*xf32>)
func.func @main() {{
  %src = arith.constant dense<{dense(src_shape, src)}> : {src_t}
  %a = call @f(%src) : ({src_t}) -> {res_t}
  %b = call @f_tiled(%src) : ({src_t}) -> {res_t}
  %c = call @f_upstream(%src) : ({src_t}) -> {res_t}
  %ca = tensor.cast %a : {res_t} to tensor<*xf32>
  %cb = tensor.cast %b : {res_t} to tensor<*xf32>
  %cc = tensor.cast %c : {res_t} to tensor<*xf32>
  call @printMemrefF32(%ca) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%cb) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%cc) : (tensor<*xf32>) -> ()
  return
}}
}}
"""
        path = os.path.join(tmp, f"case{i}.mlir")
        got, err = lower_and_run(prog, path, mlir_opt, runner, lower_path, libs)
        if err:
            failures.append(f"{name}: {err}")
            continue
        compared_random += is_random
        if len(got) != 3:
            failures.append(f"{name}: unexpected runner output: {len(got)} printed memrefs")
            continue
        results = {"mlir-runner untiled": got[0], "mlir-runner tessel-tiled": got[1],
                   "mlir-runner upstream-tiled": got[2], "tessel engine untiled": engine[0],
                   "tessel engine tiled": engine[1]}
        for what, vals in results.items():
            if vals != expected:
                diff = [k for k, (a, b) in enumerate(zip(expected, vals)) if a != b][:10]
                failures.append(f"{name}: {what} differs from the reference at flat indices {diff}"
                                f"{' (length ' + str(len(vals)) + ')' if len(vals) != len(expected) else ''}")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    failed = len({f.split(":")[0] for f in failures})
    print(f"mlir-runner: {len(CONFIGS)} fixed and {compared_random} random configurations compared, "
          f"{failed} failed")
    worse = sum(1 for f in failures if "worse than upstream" in f)
    print(f"tiled code: {identical} identical to mlir-opt 22's tiling (after canonicalize and cse), "
          f"{better} with fewer (dynamic) temporaries or cut-outs, {worse} worse")
    if compared_random < args.random:
        print(f"mlir-runner: only {compared_random} of {args.random} random configurations could be compared",
              file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
