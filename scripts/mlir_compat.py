#!/usr/bin/env python3
"""Upstream compatibility check of the lit suite against mlir-opt 22.

For every lit input x:
  * if its RUN lines verify diagnostics: mlir-opt --verify-diagnostics must
    accept x with pack/unpack respelled linalg.* (so upstream emits exactly
    the diagnostics the test expects of tessel);
  * otherwise: A = tessel-opt x --pack-spelling=linalg must parse and verify
    in mlir-opt, mlir-opt's re-print B must equal A (tessel prints what
    mlir-opt prints), tessel must parse B and print A again, and tessel must
    read mlir-opt's generic form of A back into A;
  * every RUN line that runs passes (tiling, canonicalize, ...) and succeeds:
    its output, printed with --pack-spelling=linalg, must verify in mlir-opt.
Files containing `COMPAT: tessel-only` are skipped (documented extensions).

Usage: scripts/mlir_compat.py [--tessel PATH] [--mlir-opt PATH] [lit dir]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def to_linalg(text):
    return re.sub(r"\btensor\.(un)?pack\b", lambda m: "linalg." + (m.group(1) or "") + "pack", text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("lit_dir", nargs="?", default="lit")
    args = ap.parse_args()

    files = []
    for root, dirs, names in os.walk(args.lit_dir):
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir")]

    failures, checked, skipped = [], 0, 0
    for f in files:
        text = open(f).read()
        if "COMPAT: tessel-only" in text or "REQUIRES: mlir" in text:
            # tessel's extensions, and the tests of the in-process MLIR flags.
            skipped += 1
            continue
        if "COMPAT: input-tessel-only" in text:
            # The input uses tessel's own ops (xla.*); only outputs are checked.
            skipped += 1
            continue
        runs = [l.split("RUN:", 1)[1] for l in text.splitlines() if "RUN:" in l]
        if not any(re.search(r"\btessel-opt\b", r) for r in runs):
            skipped += 1
            continue
        split = ["--split-input-file"] if any("split-input-file" in r for r in runs) else []
        unreg = ["--allow-unregistered-dialect"] if any("allow-unregistered-dialect" in r for r in runs) else []
        checked += 1
        if any("verify-diagnostics" in r for r in runs):
            with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as t:
                t.write(to_linalg(text))
            # Diagnostics of the transform interpreter are upstream's too.
            interp = ["-transform-interpreter"] if any("transform-interpreter" in r for r in runs) else []
            # So are one-shot-bufferize's (its options as the RUN line gives them).
            for r in runs:
                m = re.search(r'(-one-shot-bufferize)(?:=("[^"]*"|\S+))?', r)
                if m:
                    interp.append(m.group(1) + ("=" + m.group(2).strip('"') if m.group(2) else ""))
                    break
            r = run([args.mlir_opt, t.name, "--verify-diagnostics"] + interp + split + unreg)
            os.unlink(t.name)
            if r.returncode != 0:
                failures.append(f"{f}: mlir-opt disagrees with the expected diagnostics:\n{r.stderr}")
            continue
        a = run([args.tessel, f, "--pack-spelling=linalg"] + split + unreg)
        if a.returncode != 0:
            failures.append(f"{f}: tessel-opt failed:\n{a.stderr}")
            continue
        b = run([args.mlir_opt, "-"] + split + unreg, stdin=a.stdout)
        if b.returncode != 0:
            failures.append(f"{f}: mlir-opt rejects tessel's output:\n{b.stderr}")
            continue
        if b.stdout != a.stdout:
            failures.append(f"{f}: mlir-opt prints differently:\n--- tessel\n{a.stdout}\n--- mlir-opt\n{b.stdout}")
            continue
        c = run([args.tessel, "-", "--pack-spelling=linalg"] + split + unreg, stdin=b.stdout)
        if c.returncode != 0 or c.stdout != a.stdout:
            failures.append(f"{f}: tessel does not reproduce its output from mlir-opt's:\n{c.stderr}")
            continue
        g = run([args.mlir_opt, "-", "--mlir-print-op-generic"] + split + unreg, stdin=a.stdout)
        h = run([args.tessel, "-", "--pack-spelling=linalg"] + split + unreg, stdin=g.stdout)
        if g.returncode != 0 or h.returncode != 0 or h.stdout != a.stdout:
            failures.append(f"{f}: mlir-opt's generic form does not read back:\n{g.stderr}{h.stderr}")
    # Transformed outputs (tiling etc.) must verify upstream too.
    pass_words = ("--pass-pipeline", "--tile-pack-unpack", "--canonicalize", "--cse", "--materialize-layouts")
    transformed = 0
    for f in files:
        text = open(f).read()
        if "COMPAT: tessel-only" in text or "REQUIRES: mlir" in text:
            continue
        for line in text.splitlines():
            if "RUN:" not in line:
                continue
            cmd = line.split("RUN:", 1)[1].split("|")[0].strip()
            if not cmd.startswith("tessel-opt") or not any(w in cmd for w in pass_words):
                continue
            if "--run=" in cmd:
                continue  # prints computed values, not IR
            if "%t" in cmd:
                continue  # writes a file of its own (a report, a tree of dumps); its output is not IR
            cmd = cmd.replace("%s", f).replace("%S", os.path.dirname(f)).replace("%p", os.path.dirname(f))
            cmd = cmd.replace("tessel-opt", args.tessel, 1)
            cmd = re.sub(r"\s2>&1\s*$", "", cmd)
            cmd = re.sub(r"\s>\s*\S+", "", cmd)  # the output is checked here, not written to a file
            r = subprocess.run(["bash", "-c", cmd + " --pack-spelling=linalg"], capture_output=True, text=True)
            if r.returncode != 0:
                failures.append(f"{f}: tessel-opt failed on RUN line: {cmd}\n{r.stderr}")
                continue
            split = ["--split-input-file"] if "split-input-file" in cmd else []
            split += ["--allow-unregistered-dialect"] if "allow-unregistered-dialect" in cmd else []
            v = run([args.mlir_opt, "-"] + split, stdin=r.stdout)
            transformed += 1
            if v.returncode != 0:
                failures.append(f"{f}: mlir-opt rejects the output of `{cmd}`:\n{v.stderr}")
    checked += transformed
    for fl in failures:
        print("FAIL:", fl, file=sys.stderr)
    print(f"mlir-compat: {checked - len(failures)} passed, {len(failures)} failed, {skipped} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
