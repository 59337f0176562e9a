#!/usr/bin/env python3
"""Proof by execution of the engine's memref semantics, with real MLIR as
the executor.

Each seeded random program takes three buffers (in: 12x12, mid and out:
10x10, f32) and moves data in->mid->out through chains of views of each
(`memref.subview` with offsets and strides, static or dynamic,
`memref.transpose`, `memref.collapse_shape` + `memref.expand_shape`), with
`memref.copy`, `linalg.generic` (out = 2 * in + out), `linalg.transpose`,
`vector.transfer_read` / `transfer_write` and `memref.load` / `store`
loops. The program runs
  1. in tessel's engine (`tessel-opt --run`, which prints every memref
     argument as the call left it), and
  2. lowered by mlir-opt 22 to LLVM and run by mlir-runner (a main that
     fills the buffers and prints them with printMemrefF32);
and the two must print the same numbers. Every program must also
round-trip through tessel-opt byte for byte with mlir-opt 22's printing.

Usage: scripts/memref_runner_check.py [--tessel PATH] [--llvm-bin DIR]
                                      [--count N] [--seed S]
"""
import argparse
import random
import re
import subprocess
import sys
import tempfile

LOWER = [
    "-convert-linalg-to-loops", "-convert-vector-to-scf", "-expand-strided-metadata",
    "-lower-affine", "-convert-scf-to-cf", "-convert-vector-to-llvm", "-convert-to-llvm",
    "-reconcile-unrealized-casts",
]


class View:
    """A memref value: its SSA name, shape, strides, offset (None: dynamic in
    the type) and whether its type carries a layout."""

    def __init__(self, name, shape, strides, offset, layout):
        self.name, self.shape, self.strides, self.offset, self.layout = name, shape, strides, offset, layout

    def ty(self):
        dims = "x".join(str(d) for d in self.shape) + "x" if self.shape else ""
        if not self.layout:
            return f"memref<{dims}f32>"
        st = ", ".join(str(s) for s in self.strides)
        off = "" if self.offset == 0 else f", offset: {'?' if self.offset is None else self.offset}"
        return f"memref<{dims}f32, strided<[{st}]{off}>>"


class Gen:
    def __init__(self, rng):
        self.rng, self.lines, self.n = rng, [], 0
        self.consts = {}

    def fresh(self, base):
        self.n += 1
        return f"%{base}{self.n}"

    def const(self, v):
        if v not in self.consts:
            self.consts[v] = f"%c{v}"
        return self.consts[v]

    def subview(self, v, want=None):
        """A strided window of `v`; `want` fixes the result shape."""
        rng = self.rng
        offs, sizes, steps = [], [], []
        for k, d in enumerate(v.shape):
            n = want[k] if want else None
            step = rng.choice([1, 1, 2]) if (n is None or (n - 1) * 2 < d) else 1
            if n is None:
                n = rng.randint(1, (d - 1) // step + 1)
            o = rng.randint(0, d - 1 - (n - 1) * step)
            offs.append(o), sizes.append(n), steps.append(step)
        dynamic = rng.random() < 0.3
        off_text = ", ".join(self.const(o) if dynamic else str(o) for o in offs)
        offset = None if (dynamic or v.offset is None) else v.offset + sum(o * s for o, s in zip(offs, v.strides))
        strides = [s * t for s, t in zip(v.strides, steps)]
        r = View(self.fresh("sv"), sizes, strides, offset, True)
        self.lines.append(
            f"  {r.name} = memref.subview {v.name}[{off_text}] [{', '.join(map(str, sizes))}] "
            f"[{', '.join(map(str, steps))}] : {v.ty()} to {r.ty()}")
        return r

    def transpose(self, v):
        r = View(self.fresh("tr"), v.shape[::-1], v.strides[::-1], v.offset, True)
        self.lines.append(f"  {r.name} = memref.transpose {v.name} (d0, d1) -> (d1, d0) : {v.ty()} to {r.ty()}")
        return r

    def collapse_expand(self, v):
        """Collapse a contiguous 2-d view and expand it to another factoring."""
        (a, b), (s0, s1) = v.shape, v.strides
        if not (s0 == s1 * b or a == 1 or b == 1):
            return v
        # MLIR keeps the stride of the group's innermost non-unit dim.
        r = s0 if b == 1 else s1
        n = a * b
        c = self.rng.choice([f for f in range(1, n + 1) if n % f == 0])
        flat = View(self.fresh("cl"), [n], [r], v.offset, v.layout)
        self.lines.append(f"  {flat.name} = memref.collapse_shape {v.name} [[0, 1]] : {v.ty()} into {flat.ty()}")
        layout = v.layout and not (r == 1 and v.offset == 0)  # strided<[1]> is the identity
        e = View(self.fresh("ex"), [c, n // c], [r * (n // c), r], v.offset, layout)
        self.lines.append(
            f"  {e.name} = memref.expand_shape {flat.name} [[0, 1]] output_shape [{c}, {n // c}] : "
            f"{flat.ty()} into {e.ty()}")
        return e

    def view_of(self, base, want=None):
        v = self.subview(base, want)
        if want is None and self.rng.random() < 0.3:
            v = self.transpose(v)
        if want is None and self.rng.random() < 0.3:
            v = self.collapse_expand(v)
        return v

    def move(self, src_base, dst_base):
        """One data movement from a view of src_base into a view of dst_base."""
        rng = self.rng
        while True:
            # A view whose shape also fits in the source buffer, either way round.
            mark = len(self.lines)
            dst = self.view_of(dst_base)
            if max(dst.shape) <= min(src_base.shape):
                break
            del self.lines[mark:]
        kind = rng.choice(["copy", "generic", "transpose", "vector", "loop"])
        if kind == "transpose":
            src = self.subview(src_base, dst.shape[::-1])
        else:
            src = self.subview(src_base, dst.shape)
            if rng.random() < 0.3 and dst.shape[0] == dst.shape[1]:
                src = self.transpose(src)
        m, n = dst.shape
        if kind == "copy":
            self.lines.append(f"  memref.copy {src.name}, {dst.name} : {src.ty()} to {dst.ty()}")
        elif kind == "generic":
            self.lines += [
                "  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], "
                f"iterator_types = [\"parallel\", \"parallel\"]}} ins({src.name} : {src.ty()}) outs({dst.name} : {dst.ty()}) {{",
                "  ^bb0(%x: f32, %y: f32):",
                "    %x2 = arith.mulf %x, %two : f32",
                "    %z = arith.addf %x2, %y : f32",
                "    linalg.yield %z : f32",
                "  }"]
        elif kind == "transpose":
            self.lines.append(
                f"  linalg.transpose ins({src.name} : {src.ty()}) outs({dst.name} : {dst.ty()}) permutation = [1, 0]")
        elif kind == "vector":
            vec = self.fresh("v")
            self.lines.append(
                f"  {vec} = vector.transfer_read {src.name}[%c0, %c0], %pad {{in_bounds = [true, true]}} : {src.ty()}, vector<{m}x{n}xf32>")
            self.lines.append(
                f"  vector.transfer_write {vec}, {dst.name}[%c0, %c0] {{in_bounds = [true, true]}} : vector<{m}x{n}xf32>, {dst.ty()}")
        else:
            i, j, x = self.fresh("i"), self.fresh("j"), self.fresh("x")
            self.lines += [
                f"  scf.for {i} = %c0 to {self.const(m)} step %c1 {{",
                f"    scf.for {j} = %c0 to {self.const(n)} step %c1 {{",
                f"      {x} = memref.load {src.name}[{i}, {j}] : {src.ty()}",
                f"      memref.store {x}, {dst.name}[{i}, {j}] : {dst.ty()}",
                "    }",
                "  }"]

    def program(self):
        buf_in = View("%in", [12, 12], [12, 1], 0, False)
        buf_mid = View("%mid", [10, 10], [10, 1], 0, False)
        buf_out = View("%out", [10, 10], [10, 1], 0, False)
        for _ in range(self.rng.randint(1, 2)):
            self.move(buf_in, buf_mid)
        for _ in range(self.rng.randint(1, 2)):
            self.move(buf_mid, buf_out)
        self.const(0), self.const(1)
        head = [f"  {name} = arith.constant {v} : index" for v, name in sorted(self.consts.items())]
        head += ["  %two = arith.constant 2.0 : f32", "  %pad = arith.constant 0.0 : f32"]
        body = head + self.lines + ["  return"]
        return ("func.func @k(%in: memref<12x12xf32>, %mid: memref<10x10xf32>, %out: memref<10x10xf32>) {\n"
                + "\n".join(body) + "\n}\n")


MAIN = """func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %in = memref.alloc() : memref<12x12xf32>
  %mid = memref.alloc() : memref<10x10xf32>
  %out = memref.alloc() : memref<10x10xf32>
  %m1 = arith.constant -1.0 : f32
  linalg.fill ins(%m1 : f32) outs(%mid : memref<10x10xf32>)
  linalg.fill ins(%m1 : f32) outs(%out : memref<10x10xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c0 to %c12 step %c1 {
    scf.for %j = %c0 to %c12 step %c1 {
      %k = arith.muli %i, %c12 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i64
      %f = arith.sitofp %li : i64 to f32
      memref.store %f, %in[%i, %j] : memref<12x12xf32>
    }
  }
  call @k(%in, %mid, %out) : (memref<12x12xf32>, memref<10x10xf32>, memref<10x10xf32>) -> ()
  %um = memref.cast %mid : memref<10x10xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  %uo = memref.cast %out : memref<10x10xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  return
}
"""

NUM = re.compile(r"-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|nan|inf)")


def numbers(text):
    return [float(x) for x in NUM.findall(text)]


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    mlir_opt, runner = f"{a.llvm_bin}/mlir-opt", f"{a.llvm_bin}/mlir-runner"
    libs = "/usr/lib/llvm-22/lib/libmlir_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(a.count):
            prog = Gen(random.Random(a.seed * 100003 + case)).program()
            path = f"{tmp}/k{case}.mlir"
            open(path, "w").write(prog)
            ours = run([a.tessel, path])
            theirs = run([mlir_opt, path])
            if ours.returncode or theirs.returncode or ours.stdout != theirs.stdout:
                failures += 1
                print(f"case {case}: printing differs from mlir-opt 22\n{prog}\n{ours.stderr}{theirs.stderr}")
                continue
            engine = run([a.tessel, path, "--run=k", "--input=iota", "--input=-1", "--input=-1"])
            if engine.returncode:
                failures += 1
                print(f"case {case}: the engine failed\n{prog}\n{engine.stderr}")
                continue
            lowered = run([mlir_opt, *LOWER], stdin=prog + MAIN)
            if lowered.returncode:
                failures += 1
                print(f"case {case}: mlir-opt 22 cannot lower it\n{prog}\n{lowered.stderr}")
                continue
            ran = run([runner, "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"], stdin=lowered.stdout)
            if ran.returncode:
                failures += 1
                print(f"case {case}: mlir-runner failed\n{ran.stderr}")
                continue
            expect = []
            for block in ran.stdout.split("Unranked Memref")[1:]:
                expect += numbers(block.split("data =", 1)[1])
            got = []
            for block in engine.stdout.split("after the call:")[2:]:
                got += numbers(block.split("\n", 1)[1].split("// argument")[0])
            if got != expect:
                failures += 1
                print(f"case {case}: the engine's buffers differ from mlir-runner's\n{prog}\nengine: {got}\nmlir:   {expect}")
    print(f"memref-runner: {a.count - failures} of {a.count} programs agree with mlir-runner")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
