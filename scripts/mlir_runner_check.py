#!/usr/bin/env python3
"""Numerical proof of tessel's tiling with real MLIR as the executor.

For each configuration (pack and unpack; complete and incomplete tiles;
padding; permutations; for and forall loops) this script
  1. writes an untiled function @f (linalg spelling, static shapes);
  2. tiles it with tessel-opt (tile-pack-unpack, canonicalize, cse) and
     renames the result @f_tiled;
  3. lowers both with mlir-opt 22 (transform lower_pack / lower_unpack,
     one-shot-bufferize, LLVM conversions) and runs them with mlir-runner;
  4. requires both printed results to equal each other and the reference
     computed here in Python, element for element.

Usage: scripts/mlir_runner_check.py [--tessel PATH] [--llvm-bin DIR]
"""
import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile

LOWER = """module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %packs : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpacks : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
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
    "-reconcile-unrealized-casts",
]


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    args = ap.parse_args()
    mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
    runner = os.path.join(args.llvm_bin, "mlir-runner")
    libdir = os.path.join(os.path.dirname(args.llvm_bin.rstrip("/")), "lib")
    libs = f"{libdir}/libmlir_c_runner_utils.so,{libdir}/libmlir_runner_utils.so"
    tmp = tempfile.mkdtemp(prefix="tessel-runner-")
    lower_path = os.path.join(tmp, "lower.mlir")
    with open(lower_path, "w") as fh:
        fh.write(LOWER)
    failures = []
    for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(CONFIGS):
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
        # Merge: aliases stay at the top, functions go in one module.
        aliases = "\n".join(l for l in tiled.splitlines() if l.startswith("#"))
        tiled_body = tiled[tiled.index("module {") + len("module {"):tiled.rindex("}")]
        res_t = f"tensor<{dims(res_shape)}xf32>"
        src_t = f"tensor<{dims(src_shape)}xf32>"
        prog = f"""{aliases}
module {{
{fn}
{tiled_body}
func.func private @printMemrefF32(%ptr : tensor<*xf32>)
func.func @main() {{
  %src = arith.constant dense<{dense(src_shape, src)}> : {src_t}
  %a = call @f(%src) : ({src_t}) -> {res_t}
  %b = call @f_tiled(%src) : ({src_t}) -> {res_t}
  %ca = tensor.cast %a : {res_t} to tensor<*xf32>
  %cb = tensor.cast %b : {res_t} to tensor<*xf32>
  call @printMemrefF32(%ca) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%cb) : (tensor<*xf32>) -> ()
  return
}}
}}
"""
        path = os.path.join(tmp, f"case{i}.mlir")
        got, err = lower_and_run(prog, path, mlir_opt, runner, lower_path, libs)
        if err:
            failures.append(f"{name}: {err}")
            continue
        if len(got) != 2:
            failures.append(f"{name}: unexpected runner output: {len(got)} printed memrefs")
            continue
        untiled, tiled_vals = got
        if untiled != expected:
            failures.append(f"{name}: untiled result differs from the reference")
        elif tiled_vals != untiled:
            diff = [k for k, (a, b) in enumerate(zip(untiled, tiled_vals)) if a != b][:10]
            failures.append(f"{name}: tiled result differs at flat indices {diff}")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    ok = len(CONFIGS) - len(failures)
    print(f"mlir-runner: {ok} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
