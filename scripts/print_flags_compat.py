#!/usr/bin/env python3
"""mlir-opt 22's IR-inspection flags, byte for byte (issue 10, item 5).

Every lit input that tessel-opt prints (split at `// -----`, pack spelled
`linalg.`) is printed again by tessel-opt and by mlir-opt with each
printer flag below, and its IR dumps are produced by both around a
`func.func(cse)` pipeline (stderr dumps, --mlir-print-ir-module-scope and
the file tree of --mlir-print-ir-tree-dir); the outputs must be identical
byte for byte. Inputs mlir-opt cannot read are skipped (counted).

Random pack/unpack configurations tiled by tessel-opt (--generated N,
--seed S) join the lit inputs: IR nobody wrote for this check.

Usage: scripts/print_flags_compat.py [--tessel PATH] [--mlir-opt PATH]
                                     [--generated N] [--seed S] [DIR]
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

PRINT_FLAGS = [
    ["--mlir-print-op-generic"],
    ["--mlir-print-debuginfo"],
    ["--mlir-print-debuginfo", "--mlir-print-op-generic"],
    ["--mlir-print-debuginfo", "--mlir-pretty-debuginfo"],
    ["--mlir-print-debuginfo", "--mlir-print-local-scope"],
    ["--mlir-print-local-scope"],
    ["--mlir-use-nameloc-as-prefix"],
    ["--mlir-use-nameloc-as-prefix", "--mlir-print-debuginfo", "--mlir-print-op-generic"],
    ["--mlir-elide-elementsattrs-if-larger=2"],
    ["--mlir-elide-resource-strings-if-larger=20"],
    ["--mlir-print-skip-regions"],
    ["--mlir-print-unique-ssa-ids"],
    ["--mlir-print-value-users"],
    ["--mlir-print-value-users", "--mlir-print-unique-ssa-ids"],
    ["--mlir-print-local-scope", "--mlir-print-value-users"],
]

PIPELINE = "--pass-pipeline=builtin.module(func.func(cse))"
DUMP_FLAGS = [
    ["--mlir-print-ir-after-all", "--mlir-print-ir-before-all"],
    ["--mlir-print-ir-after-all", "--mlir-print-ir-module-scope"],
    ["--mlir-print-ir-after-all", "--mlir-print-local-scope"],
]


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def chunks(path):
    with open(path) as fh:
        text = fh.read()
    return [c for c in text.split("\n// -----\n") if "func.func" in c or "module" in c]


def trees_equal(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(trees_equal(os.path.join(a, d), os.path.join(b, d)) for d in cmp.common_dirs)


def generated_chunks(tessel, n, seed):
    """`n` random pack/unpack configurations (mlir_runner_check's), tiled
    by tessel-opt: IR nobody wrote by hand, full of loops, slices and maps."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from mlir_runner_check import case_ir, random_configs  # noqa: E402
    out = []
    for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(random_configs(n, seed)):
        fn, _, _ = case_ir(kind, shape, pos, tiles, perm)
        sz = ",".join(str(s) for s in sizes)
        t = run([tessel, "-", f"--tile-pack-unpack=tile-sizes={sz} loop={loop}", "--canonicalize", "--cse"],
                stdin=fn)
        if t.returncode == 0:
            out.append((f"generated #{i} ({kind} {shape} tiles {sizes} {loop})", t.stdout))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--generated", type=int, default=30, help="random tiled inputs added to the lit inputs")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("dir", nargs="?", default="lit")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tessel-print-flags-")
    inputs = []
    for root, dirs, files in os.walk(args.dir):
        # Not lit's scratch files (Output/, present after a lit run).
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        for f in sorted(files):
            if f.endswith(".mlir") and "diagnostics" not in f and "invalid" not in f:
                inputs.append(os.path.join(root, f))
    named_chunks = [(f"{path} (chunk {k})", chunk) for path in sorted(inputs) for k, chunk in enumerate(chunks(path))]
    generated = generated_chunks(args.tessel, args.generated, args.seed)
    named_chunks += generated
    compared, skipped, failures = 0, 0, []
    for name, chunk in named_chunks:
        t = run([args.tessel, "-", "--pack-spelling=linalg"], stdin=chunk)
        if t.returncode != 0:
            skipped += 1
            continue
        text = t.stdout
        if run([args.mlir_opt, "-"], stdin=text).returncode != 0:
            skipped += 1
            continue
        src = os.path.join(tmp, "in.mlir")
        with open(src, "w") as fh:
            fh.write(text)
        for flags in PRINT_FLAGS:
            a = run([args.tessel, src, "--pack-spelling=linalg"] + flags)
            b = run([args.mlir_opt, src] + flags)
            compared += 1
            if (a.returncode, a.stdout) != (b.returncode, b.stdout):
                failures.append(f"{name} {' '.join(flags)}")
        # Dumps only where the pipeline's result is mlir-opt's.
        a = run([args.tessel, src, PIPELINE, "--pack-spelling=linalg"])
        b = run([args.mlir_opt, src, PIPELINE])
        if a.returncode or b.returncode or a.stdout != b.stdout:
            skipped += 1
            continue
        for flags in DUMP_FLAGS:
            a = run([args.tessel, src, PIPELINE, "--pack-spelling=linalg", "-o", os.devnull] + flags)
            b = run([args.mlir_opt, src, PIPELINE, "--mlir-disable-threading", "-o", os.devnull] + flags)
            compared += 1
            if a.stderr != b.stderr:
                failures.append(f"{name} {' '.join(flags)}")
        ta, tb = os.path.join(tmp, "tree_t"), os.path.join(tmp, "tree_m")
        for d in (ta, tb):
            shutil.rmtree(d, ignore_errors=True)
        run([args.tessel, src, PIPELINE, "--pack-spelling=linalg", "-o", os.devnull,
             "--mlir-print-ir-after-all", "--mlir-print-ir-before-all", f"--mlir-print-ir-tree-dir={ta}"])
        run([args.mlir_opt, src, PIPELINE, "-o", os.devnull,
             "--mlir-print-ir-after-all", "--mlir-print-ir-before-all", f"--mlir-print-ir-tree-dir={tb}"])
        compared += 1
        same = (os.path.isdir(ta) == os.path.isdir(tb)) and (not os.path.isdir(ta) or trees_equal(ta, tb))
        if not same:
            failures.append(f"{name} --mlir-print-ir-tree-dir")
    shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("DIFFERS:", f, file=sys.stderr)
    print(f"print flags: {compared} outputs compared with mlir-opt 22 ({len(generated)} generated inputs among "
          f"the inputs), {len(failures)} differ, "
          f"{skipped} inputs or dumps skipped (mlir-opt cannot read the input, or the pipeline's result differs)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
