#!/usr/bin/env python3
"""tessel's output against mlir-opt 22's, byte for byte, on random tilings.

For each seeded random pack/unpack configuration (mlir_runner_check's
generator: rank 1-3, any inner dims in any order, outer permutations,
padding, tile sizes 0, 1, the inner tile, multiples, non-multiples and past
the dim; scf.for and scf.forall), the same input and the same transform
schedule (transform.structured.tile_using_for / tile_using_forall) go
through both tools:

    tessel-opt IN -transform-interpreter [-canonicalize -cse] --pack-spelling=linalg
    mlir-opt   IN -transform-interpreter [-canonicalize -cse]

and the outputs are compared as text. A difference is allowed only where
tessel differs by design (docs/differences.md):

  static-temporary  an unpack whose tiles straddle inner-tile rows: mlir-opt
                    allocates a dynamically sized temporary per iteration
                    (tensor.empty(%...)), tessel one of static size;
  no-temporary      an unpack tile that starts on a row: mlir-opt unpacks
                    into a temporary and cuts it, tessel straight into the
                    destination (fewer tensor.empty);
  tighter-temporary the same ops, but tessel's static temporary holds the
                    rows a tile needs where upstream's holds whole tiles
                    (only tensor shapes differ).

Every other difference fails, with a unified diff. The report counts
identical outputs, by-design ones and failures.

Usage: scripts/upstream_parity.py [--tessel PATH] [--mlir-opt PATH]
                                  [--random N] [--seed S] [--no-cleanup]
                                  [--show N] [--allow-failures [--min-identical K]]
                                  [--canonicalize-files F...] [--interpreter-files F...]
                                  [--pass-file FILE:PASS ...]
"""
import argparse
import difflib
import os
import random
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_runner_check import case_ir, random_configs, upstream_tiling  # noqa: E402


def run(cmd, stdin):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def by_design(kind, upstream, ours):
    """Why a difference is by design, or None."""
    if kind != "unpack":
        return None
    if "tensor.empty(%" in upstream:
        return "static-temporary"
    if upstream.count("tensor.empty") > ours.count("tensor.empty"):
        # A tile that starts on a row unpacks straight into the destination.
        return "no-temporary"
    shapes = re.compile(r"tensor<[0-9x?]*f32>")
    if shapes.sub("T", upstream) == shapes.sub("T", ours) and "tensor.empty() : " in upstream:
        # The same ops; only the static temporary's extent (and the types
        # flowing from it) differ: tessel's is the rows a tile needs,
        # upstream's whole inner tiles.
        return "tighter-temporary"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--random", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-cleanup", action="store_true", help="compare without -canonicalize -cse only")
    ap.add_argument("--show", type=int, default=3, help="diffs printed for failures")
    ap.add_argument("--allow-failures", action="store_true", help="report, but exit 0")
    ap.add_argument("--min-identical", type=int, default=None,
                    help="with --allow-failures: still fail when fewer canonicalized outputs are identical "
                         "(a guard against regressions while the remaining differences are worked off)")
    ap.add_argument("--canonicalize-files", nargs="*", default=[],
                    help="files whose -canonicalize -split-input-file output must equal mlir-opt's exactly")
    ap.add_argument("--interpreter-files", nargs="*", default=[],
                    help="files whose -transform-interpreter output must equal mlir-opt's exactly")
    ap.add_argument("--pass-file", action="append", default=[], metavar="FILE:PASS",
                    help="a file whose -split-input-file PASS output (PASS: flags separated by spaces) must equal mlir-opt's exactly "
                         "(tensor.pack/unpack are read as linalg.pack/unpack by both tools)")
    a = ap.parse_args()
    file_failures = []
    jobs = [(f, [f, "-canonicalize", "-split-input-file"]) for f in a.canonicalize_files]
    jobs += [(f, [f, "-transform-interpreter"]) for f in a.interpreter_files]
    jobs += [(f, [f, "-split-input-file"] + shlex.split(p)) for f, p in (x.split(":", 1) for x in a.pass_file)]
    for f, cmd in jobs:
        # mlir-opt 22 knows only the linalg spelling; both read the same text.
        text = re.sub(r"\btensor\.(un)?pack\b", lambda m: "linalg." + (m.group(1) or "") + "pack", open(f).read())
        up = subprocess.run([a.mlir_opt, "-"] + cmd[1:], input=text, capture_output=True, text=True)
        ours = subprocess.run([a.tessel, "-"] + cmd[1:] + ["--pack-spelling=linalg"], input=text,
                              capture_output=True, text=True)
        if up.returncode != 0 or ours.returncode != 0 or up.stdout != ours.stdout:
            diff = "".join(difflib.unified_diff(
                up.stdout.splitlines(True), ours.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=2))
            file_failures.append(f"{f}: {cmd[-1]} output differs from mlir-opt 22's\n{diff}{ours.stderr}{up.stderr}")
    for f in file_failures:
        print(f)
    if jobs:
        print(f"files: {len(jobs) - len(file_failures)} of {len(jobs)} outputs identical to mlir-opt 22's")
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    configs = random_configs(a.random, seed)
    modes = [("tile", [])] if a.no_cleanup else [("tile", []), ("tile+canonicalize+cse", ["-canonicalize", "-cse"])]
    counts = {m: {"identical": 0, "by design": 0, "differ": 0, "skipped": 0} for m, _ in modes}
    shown = 0
    failures = []
    for i, (kind, shape, pos, tiles, perm, sizes, loop) in enumerate(configs):
        fn, _, _ = case_ir(kind, shape, pos, tiles, perm)
        text = fn + upstream_tiling(kind, sizes, loop)
        for mode, passes in modes:
            up = run([a.mlir_opt, "-", "-transform-interpreter"] + passes, text)
            if up.returncode != 0:
                # mlir-opt 22 fails on some inputs (e.g. crashes on some
                # forall tilings); nothing to compare against.
                counts[mode]["skipped"] += 1
                continue
            ours = run([a.tessel, "-", "-transform-interpreter", "--pack-spelling=linalg"] + passes, text)
            if ours.returncode != 0:
                counts[mode]["differ"] += 1
                failures.append((i, mode, f"tessel-opt failed:\n{ours.stderr}"))
                continue
            if ours.stdout == up.stdout:
                counts[mode]["identical"] += 1
                continue
            why = by_design(kind, up.stdout, ours.stdout)
            if why:
                counts[mode]["by design"] += 1
                continue
            counts[mode]["differ"] += 1
            diff = "".join(difflib.unified_diff(
                up.stdout.splitlines(True), ours.stdout.splitlines(True), "mlir-opt", "tessel-opt", n=2))
            failures.append((i, mode, f"{kind} shape={shape} pos={pos} tiles={tiles} perm={perm} "
                                      f"sizes={sizes} loop={loop}\n{diff}"))
    for i, mode, what in failures[: a.show]:
        print(f"--- config {i} ({mode}) differs: {what}")
    for mode, c in counts.items():
        compared = c["identical"] + c["by design"] + c["differ"]
        print(f"{mode}: {c['identical']} identical, {c['by design']} differ by design, {c['differ']} differ "
              f"(of {compared}; {c['skipped']} mlir-opt could not run)")
    ok = not failures
    print(f"upstream parity: seed {seed}, {a.random} configurations: " + ("ok" if ok else f"{len(failures)} differ"))
    canon = counts.get("tile+canonicalize+cse", {}).get("identical", 0)
    if a.min_identical is not None and not a.no_cleanup and canon < a.min_identical:
        print(f"regression: {canon} canonicalized outputs identical, expected at least {a.min_identical}")
        sys.exit(1)
    if file_failures:
        sys.exit(1)
    sys.exit(0 if ok or a.allow_failures else 1)


if __name__ == "__main__":
    main()
