#!/usr/bin/env python3
"""--view-op-graph against mlir-opt 22, byte for byte.

For every lit input mlir-opt reads as a whole (no --split-input-file, no
expected diagnostics, no tessel-only ops), `tessel-opt --view-op-graph=
"max-label-len=20 ..."` must write exactly the DOT text `mlir-opt
--view-op-graph` writes (mlir-opt's default label length is 20), with
attributes and result types on and off. tessel's default (whole labels,
unique ports per operand, a legend) is its own form and not compared.

Usage: scripts/view_op_graph_compat.py [--tessel PATH] [--mlir-opt PATH] [lit dir]
"""
import argparse
import os
import re
import subprocess
import sys

OPTIONS = ["", "print-attrs=false", "print-result-types=false"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("lit_dir", nargs="?", default="lit")
    a = ap.parse_args()
    files = []
    for root, dirs, names in os.walk(a.lit_dir):
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir")]
    compared, failures = 0, []
    for f in files:
        text = open(f).read()
        if re.search(r"split-input-file|expected-(error|warning|remark|note)|\bxla\.|COMPAT: tessel-only", text):
            continue
        text = re.sub(r"\btensor\.(un)?pack\b", lambda m: "linalg." + (m.group(1) or "") + "pack", text)
        if subprocess.run([a.tessel, "-", "-o", os.devnull], input=text, capture_output=True, text=True).returncode:
            continue  # tessel does not read it (ops of mlir-opt's test dialect)
        for opt in OPTIONS:
            up = subprocess.run([a.mlir_opt, "-", f"--view-op-graph={opt}".rstrip("="), "-o", os.devnull],
                                input=text, capture_output=True, text=True)
            if up.returncode != 0:
                break  # an input mlir-opt does not read
            ours = subprocess.run([a.tessel, "-", f"--view-op-graph=max-label-len=20 {opt}".strip(), "-o", os.devnull],
                                  input=text, capture_output=True, text=True)
            compared += 1
            if ours.returncode != 0 or ours.stderr != up.stderr:
                failures.append(f"{f} ({opt or 'defaults'})")
    for f in failures:
        print(f"DIFFERS: {f}")
    print(f"view-op-graph: {compared - len(failures)} of {compared} pictures identical to mlir-opt 22's")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
