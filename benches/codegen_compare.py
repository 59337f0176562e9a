#!/usr/bin/env python3
"""Generated code at memory speed: packs and unpacks compiled by tessel's
-codegen-pipeline and by MLIR 22's two paths (lower_pack, and tile +
vectorize), each timed against memcpy of the same bytes in the same run.

Every kernel is written as MLIR users benchmark one: on memrefs, the input
read with `bufferization.to_tensor ... restrict`, the result built in a
`tensor.empty` and stored with `bufferization.materialize_in_destination`.

  tessel    tessel-opt --codegen-pipeline
  mlir22    mlir-opt 22: transform.structured.lower_pack / lower_unpack,
            -eliminate-empty-tensors, -one-shot-bufferize (function
            boundaries, identity layouts), -convert-linalg-to-loops
  mlir22_vec  mlir-opt 22: tile_using_for (one tile per iteration),
            transform.structured.vectorize (vector sizes where a pack
            pads), the same bufferization, -convert-vector-to-scf
            (lone packs and unpacks; chains have no such schedule)

All are lowered to LLVM by the same mlir-opt 22 conversions (LOWERING),
`opt -O3 -mtriple=<host> -mcpu=native` and `llc -O3 -mcpu=native`, and linked into one C harness per
kernel that checks the output bytes against a reference written in C
before timing, then times ROUNDS rounds, memcpy and the kernels taking
turns (buffers pre-faulted). The table gives min and median wall times,
the mean CPU time per call, GB/s of output bytes, the fraction of memcpy's
min time (higher is better), and the harness's peak RSS: its buffers
(input, reference, memcpy's two, one output per pipeline) plus what the
kernels allocate. MLIR 22's path allocates its temporary in every call and
never frees it (one-shot bufferization without a deallocation pipeline, as
the issue measured it), which shows there.

Usage: benches/codegen_compare.py [--mib 64[,256,...]] [--rounds 15] [--only NAME]
       benches/codegen_compare.py --check   (small sizes, bytes only: CI)
"""
import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
LLVM = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")

LOWERING = [
    "-convert-linalg-to-loops", "-expand-strided-metadata", "-lower-affine", "-convert-scf-to-cf",
    "-convert-vector-to-llvm", "-finalize-memref-to-llvm", "-convert-arith-to-llvm", "-convert-index-to-llvm",
    "-convert-ub-to-llvm", "-convert-cf-to-llvm", "-convert-func-to-llvm", "-reconcile-unrealized-casts",
]

ELEM = {"f32": (4, "float"), "bf16": (2, "uint16_t"), "i8": (1, "int8_t"), "f64": (8, "double"),
        "i32": (4, "int32_t")}
NPY_DESCR = {"f32": "<f4", "bf16": "<V2", "i8": "|i1", "f64": "<f8", "i32": "<i4"}


class Kernel:
    """A pack (or an unpack, its inverse) of an array of `shape`."""

    def __init__(self, name, kind, shape, elem, pos, tiles, perm=None, pad=None):
        self.name, self.kind, self.shape, self.elem = name, kind, list(shape), elem
        self.pos, self.tiles, self.perm, self.pad = list(pos), list(tiles), perm, pad

    def packed_shape(self):
        outer = list(self.shape)
        for p, t in zip(self.pos, self.tiles):
            outer[p] = -(-outer[p] // t)
        perm = self.perm or list(range(len(self.shape)))
        return [outer[d] for d in perm] + list(self.tiles)

    def scaled(self, factor):
        """The kernel with its first dim (in whole tiles) scaled down."""
        shape = list(self.shape)
        tile0 = dict(zip(self.pos, self.tiles)).get(0, 1)
        shape[0] = max(tile0, (shape[0] // factor) // tile0 * tile0 + (shape[0] % tile0))
        return Kernel(self.name, self.kind, shape, self.elem, self.pos, self.tiles, self.perm, self.pad)

    def types(self):
        t = lambda s: "x".join(map(str, s)) + "x" + self.elem  # noqa: E731
        unpacked, packed = t(self.shape), t(self.packed_shape())
        return (unpacked, packed) if self.kind == "pack" else (packed, unpacked)

    def op_text(self, src, dest, src_t, dest_t):
        attrs = ""
        if self.pad is not None and self.kind == "pack":
            attrs += f" padding_value(%pad : {self.elem})"
        if self.perm:
            attrs += f" outer_dims_perm = {self.perm}"
        attrs += f" inner_dims_pos = {self.pos} inner_tiles = {self.tiles}"
        return f"linalg.{self.kind} {src}{attrs} into {dest} : tensor<{src_t}> -> tensor<{dest_t}>"

    def pad_line(self):
        """The padding value's constant, for a pack that has one."""
        if self.pad is None or self.kind != "pack":
            return ""
        lit = f"{float(self.pad)}" if self.elem.startswith(("f", "bf")) else f"{int(self.pad)}"
        return f"  %pad = arith.constant {lit} : {self.elem}\n"

    def mlir(self):
        src_t, dest_t = self.types()
        pad = self.pad_line()
        return (f"func.func @kernel(%src: memref<{src_t}>, %dst: memref<{dest_t}>) {{\n"
                f"{pad}"
                f"  %t = bufferization.to_tensor %src restrict : memref<{src_t}> to tensor<{src_t}>\n"
                f"  %e = tensor.empty() : tensor<{dest_t}>\n"
                f"  %r = {self.op_text('%t', '%e', src_t, dest_t)}\n"
                f"  bufferization.materialize_in_destination %r in restrict writable %dst"
                f" : (tensor<{dest_t}>, memref<{dest_t}>) -> ()\n"
                f"  return\n}}\n")

    def engine_mlir(self):
        """The kernel on tensors, for tessel's engine."""
        src_t, dest_t = self.types()
        pad = self.pad_line()
        return (f"func.func @engine(%t: tensor<{src_t}>) -> tensor<{dest_t}> {{\n{pad}"
                f"  %e = tensor.empty() : tensor<{dest_t}>\n"
                f"  %r = {self.op_text('%t', '%e', src_t, dest_t)}\n"
                f"  return %r : tensor<{dest_t}>\n}}\n")

    def src_shape(self):
        return self.shape if self.kind == "pack" else self.packed_shape()

    def dst_shape(self):
        return self.packed_shape() if self.kind == "pack" else self.shape

    def out_bytes(self):
        return prod(self.dst_shape()) * ELEM[self.elem][0]

    def finite_input(self):
        return False


class Chain:
    """Two packs or unpacks in a row, `first` then `then`, with a ReLU
    between them when `relu` (f32): the data-tiling chain (unpack, ReLU,
    pack), or the two packs `tessel-layout mlir` emits for an XLA layout
    with two tilings."""

    def __init__(self, name, first, then, relu=True):
        self.name, self.first, self.then, self.elem, self.relu = name, first, then, first.elem, relu

    def src_shape(self):
        return self.first.src_shape()

    def dst_shape(self):
        return self.then.dst_shape()

    def out_bytes(self):
        return prod(self.dst_shape()) * ELEM[self.elem][0]

    def finite_input(self):
        return self.relu

    def body(self, src, result):
        u_src, u_dst = self.first.types()
        p_src, p_dst = self.then.types()
        text = (f"  %u0 = tensor.empty() : tensor<{u_dst}>\n"
                f"  %u = {self.first.op_text(src, '%u0', u_src, u_dst)}\n")
        mid = "%u"
        if self.relu:
            text += (f"  %zero = arith.constant 0.0 : f32\n"
                     f"  %relu = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, "
                     f"affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} "
                     f"ins(%u : tensor<{u_dst}>) outs(%u0 : tensor<{u_dst}>) {{\n"
                     f"  ^bb0(%v: f32, %o: f32):\n    %r = arith.maximumf %v, %zero : f32\n"
                     f"    linalg.yield %r : f32\n  }} -> tensor<{u_dst}>\n")
            mid = "%relu"
        return (text + self.first.pad_line() + self.then.pad_line() +
                f"  %p0 = tensor.empty() : tensor<{p_dst}>\n"
                f"  %{result} = {self.then.op_text(mid, '%p0', p_src, p_dst)}\n")

    def mlir(self):
        src_t, dst_t = self.first.types()[0], self.then.types()[1]
        return (f"func.func @kernel(%src: memref<{src_t}>, %dst: memref<{dst_t}>) {{\n"
                f"  %t = bufferization.to_tensor %src restrict : memref<{src_t}> to tensor<{src_t}>\n"
                + self.body("%t", "r") +
                f"  bufferization.materialize_in_destination %r in restrict writable %dst"
                f" : (tensor<{dst_t}>, memref<{dst_t}>) -> ()\n  return\n}}\n")

    def engine_mlir(self):
        src_t, dst_t = self.first.types()[0], self.then.types()[1]
        return (f"func.func @engine(%t: tensor<{src_t}>) -> tensor<{dst_t}> {{\n" + self.body("%t", "r")
                + f"  return %r : tensor<{dst_t}>\n}}\n")


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def suite(mib):
    """The kernels, sized so the output is about `mib` MiB."""
    side = int((mib * 2**20 / 4) ** 0.5)  # f32 square
    side -= side % 128
    n = side
    rows = max(16, int(mib * 2**20 / 2) // (8 * 2 * n) // 16 * 16)
    ks = [
        Kernel("pack 8x128", "pack", [n, n], "f32", [0, 1], [8, 128]),
        Kernel("pack 8x128 outer_dims_perm=[1,0]", "pack", [n, n], "f32", [0, 1], [8, 128], perm=[1, 0]),
        Kernel("transposing pack 16x16 [1,0]", "pack", [n, n], "f32", [1, 0], [16, 16]),
        Kernel("unpack 8x128", "unpack", [n, n], "f32", [0, 1], [8, 128]),
        Kernel("padded pack 8x128", "pack", [n - 1, n - 96], "f32", [0, 1], [8, 128], pad=0.0),
        Kernel("bf16 pack 8x128", "pack", [n, 2 * n], "bf16", [0, 1], [8, 128]),
        Kernel("i8 pack 32x4", "pack", [2 * n, 2 * n], "i8", [0, 1], [32, 4]),
        Kernel("3-d pack 8x16", "pack", [16, n // 4, n // 4], "f32", [1, 2], [8, 16]),
        Kernel("4-d pack 8x128", "pack", [2, 2, n // 4, n], "f32", [2, 3], [8, 128], perm=[0, 1, 3, 2]),
        Chain("unpack 8x128, relu, pack 16x16", Kernel("", "unpack", [n, n], "f32", [0, 1], [8, 128]),
              Kernel("", "pack", [n, n], "f32", [0, 1], [16, 16])),
        # `tessel-layout mlir` for XLA layouts, at this size:
        # f32[n,n-24]{1,0:T(8,128)} is one padded pack;
        Kernel(f"XLA f32[{n},{n - 24}]{{1,0:T(8,128)}}", "pack", [n, n - 24], "f32", [0, 1], [8, 128], pad=0.0),
        # bf16[8,1,R,C]{3,2,0,1:T(8,128)(2,1)} two packs, the second a zip
        # of row pairs.
        Chain(f"XLA bf16[8,1,{rows},{2 * n}]{{3,2,0,1:T(8,128)(2,1)}}",
              Kernel("", "pack", [8, 1, rows, 2 * n], "bf16", [2, 3], [8, 128], perm=[1, 0, 2, 3]),
              Kernel("", "pack", [1, 8, rows // 8, 2 * n // 128, 8, 128], "bf16", [4, 5], [2, 1]), relu=False),
    ]
    return ks


def schedule(kernel):
    """MLIR 22's lower_pack / lower_unpack transform script for the packs
    and unpacks of the kernel."""
    kinds = {k.kind for k in ([kernel.first, kernel.then] if isinstance(kernel, Chain) else [kernel])}
    lines = []
    for i, kind in enumerate(sorted(kinds)):
        if kind == "pack":
            op, lower = "linalg.pack", "lower_pack"
            res = '(!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)'
        else:
            op, lower = "linalg.unpack", "lower_unpack"
            res = ('(!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, '
                   '!transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)')
        lines.append(f'    %p{i} = transform.structured.match ops{{["{op}"]}} in %root : (!transform.any_op) -> '
                     f'!transform.op<"{op}">\n'
                     f'    transform.structured.{lower} %p{i} : (!transform.op<"{op}">) -> {res}\n')
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
            + "".join(lines) + "    transform.yield\n  }\n}\n")


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed:\n{r.stderr[-3000:]}")
    return r.stdout


# --check streams every output (nontemporal-bytes=1) so that small sizes
# run the non-temporal path too.
TESSEL_OPTIONS = {"nontemporal-bytes": None}


def compile_tessel(tessel, kernel, work):
    opts = " ".join(f"{k}={v}" for k, v in TESSEL_OPTIONS.items() if v is not None)
    flag = f"--codegen-pipeline={opts}" if opts else "--codegen-pipeline"
    return run([tessel, "-", flag, "--pack-spelling=linalg"], kernel.mlir())


def compile_mlir22(tessel, kernel, work):
    text = kernel.mlir() + schedule(kernel)
    return run([f"{LLVM}/mlir-opt", "-", "-transform-interpreter", "-test-transform-dialect-erase-schedule",
                "-canonicalize", "-eliminate-empty-tensors",
                "-one-shot-bufferize=bufferize-function-boundaries "
                "function-boundary-type-conversion=identity-layout-map",
                "-canonicalize", "-convert-linalg-to-loops"], text)


def vectorize_schedule(kernel):
    """MLIR 22's tile-and-vectorize transform script for a lone pack or
    unpack: tiled so that each iteration moves one tile (outer dims by 1
    for a pack, the tiles' extents for an unpack), then
    `transform.structured.vectorize` (with vector sizes of the whole
    destination tile where the pack pads, which masks every tile). None
    for chains: 22 has no schedule that vectorizes them without one per op."""
    if isinstance(kernel, Chain):
        return None
    rank = len(kernel.shape)
    if kernel.kind == "pack":
        tiles = [1] * rank
        sizes = "" if kernel.pad is None else f" vector_sizes {[1] * rank + kernel.tiles}"
    else:
        by_dim = dict(zip(kernel.pos, kernel.tiles))
        tiles = [by_dim.get(d, 1) for d in range(rank)]
        sizes = ""
    handles = ", ".join(["!transform.any_op"] * (rank + 1))
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
            f'    %p = transform.structured.match ops{{["linalg.{kernel.kind}"]}} in %root : '
            "(!transform.any_op) -> !transform.any_op\n"
            f"    %t, %l:{rank} = transform.structured.tile_using_for %p tile_sizes {tiles} : "
            f"(!transform.any_op) -> ({handles})\n"
            f"    transform.structured.vectorize %t{sizes} : !transform.any_op\n"
            "    transform.yield\n  }\n}\n")


def compile_mlir22_vec(tessel, kernel, work):
    sched = vectorize_schedule(kernel)
    if sched is None:
        raise RuntimeError("no tile-and-vectorize schedule for a chain")
    return run([f"{LLVM}/mlir-opt", "-", "-transform-interpreter", "-test-transform-dialect-erase-schedule",
                "-canonicalize", "-eliminate-empty-tensors",
                "-one-shot-bufferize=bufferize-function-boundaries "
                "function-boundary-type-conversion=identity-layout-map",
                "-cse", "-canonicalize", "-lower-vector-mask", "-convert-vector-to-scf=full-unroll=true",
                "-canonicalize"], kernel.mlir() + sched)


PIPELINES = [("tessel", compile_tessel), ("mlir22", compile_mlir22), ("mlir22_vec", compile_mlir22_vec)]


def host_triple():
    """The host's target triple, for `opt`: mlir-translate's module has
    none, and without one `opt` turns fill loops into `llvm.memset`s that
    `llc` then expands into loops of single-byte stores."""
    return run([f"{LLVM}/llvm-config", "--host-target"]).strip()


def to_object(mlir_text, obj, work):
    ll = run([f"{LLVM}/mlir-opt", "-"] + LOWERING, mlir_text)
    ll = run([f"{LLVM}/mlir-translate", "--mlir-to-llvmir"], ll)
    opt = run([f"{LLVM}/opt", "-O3", f"-mtriple={host_triple()}", "-mcpu=native", "-S"], ll)
    path = os.path.join(work, "k.ll")
    with open(path, "w") as f:
        f.write(opt)
    run([f"{LLVM}/llc", "-O3", "-mcpu=native", "-filetype=obj", path, "-o", obj])


def write_input(kernel, path, seed=1):
    """Random bytes for the kernel's input, raw (for the harness) and as
    .npy (for tessel's engine; bf16 as `<V2`, as the engine reads it)."""
    shape = kernel.src_shape()
    rng = random.Random(seed)
    if kernel.finite_input():
        data = struct.pack(f"<{prod(shape)}f", *(rng.uniform(-1, 1) for _ in range(prod(shape))))
    else:
        n = prod(shape) * ELEM[kernel.elem][0]
        data = b"".join(rng.randbytes(min(1 << 26, n - i)) for i in range(0, n, 1 << 26))
    with open(path, "wb") as f:
        f.write(data)
    header = f"{{'descr': '{NPY_DESCR[kernel.elem]}', 'fortran_order': False, 'shape': ({', '.join(map(str, shape))},), }}"
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path + ".npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


def npy_data(path):
    with open(path, "rb") as f:
        raw = f.read()
    (n,) = struct.unpack("<H", raw[8:10])
    return raw[10 + n:]


def engine_agrees(tessel, kernel, work, compiled_out):
    """Whether tessel's engine, running the kernel on tensors, gives the
    compiled code's bytes."""
    out = os.path.join(work, "engine.npy")
    run([tessel, "-", "--run=engine", f"--input={os.path.join(work, 'input.bin.npy')}", f"--output={out}"],
        kernel.engine_mlir())
    with open(compiled_out, "rb") as f:
        return npy_data(out) == f.read()


def memref_args(name, shape):
    strides = [prod(shape[i + 1:]) for i in range(len(shape))]
    return [name, name, "0"] + [str(s) for s in shape] + [str(s) for s in strides]


HARNESS = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#define MAXRANK 8
typedef %(ctype)s T;
%(protos)s
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
/* The reference: walk the packed array; each element comes from (pack) or
   goes to (unpack) the unpacked element its index names, or is padding. */
static void reference(const T *src, T *dst, T pad, int rank, const int64_t *shape, int ntiles, const int64_t *pos,
                      const int64_t *tiles, const int64_t *perm, int is_pack) {
  int64_t outer[MAXRANK], pshape[2 * MAXRANK], idx[2 * MAXRANK] = {0}, strides[MAXRANK], n = 1;
  for (int d = 0; d < rank; d++) outer[d] = shape[d];
  for (int j = 0; j < ntiles; j++) outer[pos[j]] = (outer[pos[j]] + tiles[j] - 1) / tiles[j];
  for (int d = 0; d < rank; d++) pshape[d] = outer[perm[d]];
  for (int j = 0; j < ntiles; j++) pshape[rank + j] = tiles[j];
  for (int d = rank - 1, s = 1; d >= 0; d--) { strides[d] = s; s *= shape[d]; }
  for (int d = 0; d < rank + ntiles; d++) n *= pshape[d];
  for (int64_t k = 0; k < n; k++) {
    int64_t at[MAXRANK], lin = 0, inside = 1;
    for (int d = 0; d < rank; d++) at[perm[d]] = idx[d];
    for (int d = 0; d < rank; d++) {
      int64_t x = at[d];
      for (int j = 0; j < ntiles; j++) if (pos[j] == d) x = x * tiles[j] + idx[rank + j];
      if (x >= shape[d]) inside = 0;
      lin += x * strides[d];
    }
    if (is_pack) dst[k] = inside ? src[lin] : pad;
    else if (inside) dst[lin] = src[k];
    for (int d = rank + ntiles - 1; d >= 0; d--) { if (++idx[d] < pshape[d]) break; idx[d] = 0; }
  }
}
int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: harness ROUNDS INPUT [OUTPUT]\n"); return 2; }
  int rounds = atoi(argv[1]);
  /* Calls per timed sample: at least 64 MiB of output (the clock's
     resolution), each sample divided by them. */
  const int reps = %(reps)d;
  size_t in_n = %(in_n)s, out_n = %(out_n)s, out_bytes = out_n * sizeof(T);
  T *src = aligned_alloc(64, (in_n * sizeof(T) + 63) / 64 * 64), *ref = aligned_alloc(64, (out_bytes + 63) / 64 * 64);
  T *mc = aligned_alloc(64, (out_bytes + 63) / 64 * 64), *mc_src = aligned_alloc(64, (out_bytes + 63) / 64 * 64);
  T *dst[%(npipes)d];
  FILE *f = fopen(argv[2], "rb");
  if (!f || fread(src, sizeof(T), in_n, f) != in_n) { printf("{\"error\": \"cannot read the input\"}\n"); return 2; }
  fclose(f);
  memset(ref, 0, out_bytes); memset(mc, 1, out_bytes); memset(mc_src, 2, out_bytes);
  T pad; memset(&pad, 0, sizeof pad);
%(reference)s
  for (int p = 0; p < %(npipes)d; p++) {
    dst[p] = aligned_alloc(64, (out_bytes + 63) / 64 * 64);
    memset(dst[p], 0xAB, out_bytes);
  }
%(first_calls)s
  for (int p = 0; p < %(npipes)d; p++)
    if (memcmp(dst[p], ref, out_bytes) != 0) { printf("{\"mismatch\": %%d}\n", p); return 1; }
  if (argc > 3) {
    FILE *o = fopen(argv[3], "wb");
    if (!o || fwrite(dst[0], 1, out_bytes, o) != out_bytes) { printf("{\"error\": \"cannot write the output\"}\n"); return 2; }
    fclose(o);
  }
  if (rounds == 0) { printf("{\"ok\": 1}\n"); return 0; }
  double *t = calloc((size_t)rounds * (%(npipes)d + 1), sizeof(double));
  double cpu_time[%(npipes)d + 1] = {0};
  for (int r = 0; r < rounds; r++) {
    double s = now(), c = cpu(); for (int q = 0; q < reps; q++) memcpy(mc, mc_src, out_bytes); t[r] = (now() - s) / reps;
    cpu_time[0] += (cpu() - c) / reps;
%(timed_calls)s
  }
  struct rusage usage; getrusage(RUSAGE_SELF, &usage);
  printf("{\"bytes\": %%zu, \"peak_rss_kib\": %%ld", out_bytes, usage.ru_maxrss);
  for (int p = 0; p <= %(npipes)d; p++) printf(", \"cpu%%d\": %%.9e", p, cpu_time[p] / rounds);
  for (int p = 0; p <= %(npipes)d; p++) {
    qsort(t + (size_t)p * rounds, rounds, sizeof(double), cmp);
    printf(", \"min%%d\": %%.9e, \"med%%d\": %%.9e", p, t[(size_t)p * rounds], p, t[(size_t)p * rounds + rounds / 2]);
  }
  printf("}\n");
  return 0;
}
"""


def reference_call(k, src, dst):
    """A C call of the reference for pack or unpack `k`."""
    arr = lambda xs: "(const int64_t[]){" + ", ".join(map(str, xs)) + "}"  # noqa: E731
    perm = k.perm or list(range(len(k.shape)))
    return (f"reference({src}, {dst}, pad, {len(k.shape)}, {arr(k.shape)}, {len(k.tiles)}, {arr(k.pos)}, "
            f"{arr(k.tiles)}, {arr(perm)}, {int(k.kind == 'pack')});")


def reference_code(kernel):
    if not isinstance(kernel, Chain):
        return "  " + reference_call(kernel, "src", "ref")
    mid = prod(kernel.first.dst_shape())
    relu = f"  for (size_t i = 0; i < {mid}; i++) mid[i] = mid[i] > 0 ? mid[i] : 0;\n" if kernel.relu else ""
    return (f"  T *mid = malloc({mid} * sizeof(T));\n"
            f"  {reference_call(kernel.first, 'src', 'mid')}\n{relu}"
            f"  {reference_call(kernel.then, 'mid', 'ref')}\n  free(mid);")


def harness(kernel, names):
    src_shape = kernel.src_shape()
    dst_shape = kernel.dst_shape()
    ctype = ELEM[kernel.elem][1]
    proto_args = ", ".join(["T *, T *, int64_t" + ", int64_t" * (2 * len(s)) for s in (src_shape, dst_shape)])
    protos = "\n".join(f"void {n}({proto_args});" for n in names)
    calls = [f"{n}({', '.join(memref_args('src', src_shape) + memref_args(f'dst[{p}]', dst_shape))});"
             for p, n in enumerate(names)]
    timed = "\n".join(f"    s = now(); c = cpu(); for (int q = 0; q < reps; q++) {{ {c} }} "
                      f"t[(size_t){p + 1} * rounds + r] = (now() - s) / reps; cpu_time[{p + 1}] += (cpu() - c) / reps;"
                      for p, c in enumerate(calls))
    return HARNESS % dict(
        ctype=ctype, protos=protos, reference=reference_code(kernel), in_n=prod(src_shape), out_n=prod(dst_shape),
        reps=max(1, (64 << 20) // kernel.out_bytes()),
        npipes=len(names), first_calls="\n".join("  " + c for c in calls), timed_calls=timed)


def build(tessel, kernel, work, pipelines):
    """Compiles the kernel with each pipeline; returns the harness binary
    and the pipelines that compiled (a failure is reported, not fatal)."""
    objs, names, failed = [], [], {}
    for name, compile_fn in pipelines:
        try:
            text = compile_fn(tessel, kernel, work).replace("@kernel", f"@{name}_kernel")
            obj = os.path.join(work, f"{name}.o")
            to_object(text, obj, work)
        except RuntimeError as e:
            failed[name] = str(e).splitlines()[-1][:160] if str(e).strip() else "failed"
            continue
        objs.append(obj)
        names.append(name)
    c = os.path.join(work, "harness.c")
    with open(c, "w") as f:
        f.write(harness(kernel, [f"{n}_kernel" for n in names]))
    exe = os.path.join(work, "harness")
    run(["gcc", "-O2", "-o", exe, c] + objs + [f"-L{LLVM}/../lib", "-lmlir_c_runner_utils", f"-Wl,-rpath,{LLVM}/../lib"])
    return exe, names, failed


def run_harness(exe, names, kernel, work, rounds, out_path=None):
    """Writes the kernel's input and runs its harness (`rounds` 0: the
    bytes only); the harness's JSON, or None after saying whose output
    differs from the reference."""
    inp = os.path.join(work, "input.bin")
    write_input(kernel, inp)
    r = subprocess.run([exe, str(rounds), inp] + ([out_path] if out_path else []), capture_output=True, text=True)
    out = json.loads(r.stdout.strip() or "{}")
    if r.returncode != 0 or "mismatch" in out:
        who = names[out["mismatch"]] if "mismatch" in out else "harness"
        print(f"{kernel.name}: {who}'s output differs from the reference")
        return None
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default=os.path.join(ROOT, "target", "release", "tessel-opt"))
    ap.add_argument("--mib", help="output sizes of the kernels in MiB, about, comma-separated (default 64; with "
                                   "--check 0.25), e.g. 0.0625,1,64,256: a sample of a small size times "
                                   "enough calls for 64 MiB")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--only", help="run the kernels whose name contains this")
    ap.add_argument("--check", action="store_true", help="small sizes, bytes checked, no timing (CI)")
    ap.add_argument("--vector-bytes", type=int, help="tessel's vector-bytes option (default: the host's)")
    args = ap.parse_args()
    if not shutil.which("gcc"):
        sys.exit("gcc is needed for the harness")
    sizes = [float(m) for m in (args.mib or ("0.25" if args.check else "64")).split(",")]
    kernels = [(mib, k) for mib in sizes for k in suite(mib)]
    if args.only:
        kernels = [(mib, k) for mib, k in kernels if args.only in k.name]
    pipelines = PIPELINES[:1] if args.check else PIPELINES
    if args.check:
        TESSEL_OPTIONS["nontemporal-bytes"] = 1
    if args.vector_bytes:
        TESSEL_OPTIONS["vector-bytes"] = args.vector_bytes
    rows, bad = [], 0
    with tempfile.TemporaryDirectory() as work:
        for mib, k in kernels:
            rounds = args.rounds
            exe, names, failed = build(args.tessel, k, work, pipelines)
            if "tessel" in failed:
                print(f"{k.name}: tessel's pipeline failed: {failed['tessel']}")
                bad += 1
                continue
            compiled_out = os.path.join(work, "output.bin")
            out = run_harness(exe, names, k, work, 0 if args.check else rounds, compiled_out)
            if out is None:
                bad += 1
                continue
            if args.check:
                if not engine_agrees(args.tessel, k, work, compiled_out):
                    print(f"{k.name}: tessel's engine gives other bytes than the compiled code")
                    bad += 1
                    continue
                print(f"{k.name}: compiled code, C reference and tessel's engine agree ({k.out_bytes()} bytes)")
                continue
            rows.append((k, names, failed, out))
            report_row(rows[-1])
    if args.check:
        sys.exit(1 if bad else 0)
    sys.exit(1 if bad else 0)


def report_row(row):
    k, names, failed, out = row
    mc = out["min0"]
    gbs = lambda t: out["bytes"] / t / 1e9  # noqa: E731
    ms = lambda t: f"{t * 1e3:.3g}"  # noqa: E731
    cells = [f"memcpy {ms(mc)} ms ({gbs(mc):.1f} GB/s)"]
    for p, n in enumerate(names):
        t, med = out[f"min{p + 1}"], out[f"med{p + 1}"]
        cpu = out[f"cpu{p + 1}"]
        cells.append(f"{n} {ms(t)}/{ms(med)} ms (CPU {ms(cpu)} ms) {gbs(t):.1f} GB/s {mc / t:.2f}x")
    for n, why in failed.items():
        cells.append(f"{n} failed ({why})")
    size = out["bytes"] / 2**20
    rss = out["peak_rss_kib"] / 1024
    print(f"| {k.name} | {size:.3g} MiB | " + " | ".join(cells) + f" | harness peak RSS {rss:.0f} MiB |", flush=True)


if __name__ == "__main__":
    main()
