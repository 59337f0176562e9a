#!/usr/bin/env python3
"""Re-runs every tessel-opt RUN line of the lit suite that prints IR, with
`--mlir-verify` added: MLIR 22's own parser and verifier, in-process, must
accept every output. Needs tessel-opt built with `--features mlir`.

Usage: scripts/mlir_verify_lit.py --tessel target/debug/tessel-opt lit
Skipped: RUN lines expected to fail (`not`), `--run=` (prints values),
`--verify-diagnostics`, tessel-layout lines, files marked
`COMPAT: tessel-only` (tessel's own xla.* ops, which MLIR does not have),
and transform-interpreter runs whose schedule (kept in the output) uses
MLIR's test transform ops (`transform.test.*`, registered only by mlir-opt).
"""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", required=True)
    ap.add_argument("lit_dir")
    args = ap.parse_args()
    version = subprocess.run([args.tessel, "--version"], capture_output=True, text=True).stdout
    if "linked in-process" not in version:
        sys.exit(f"{args.tessel} was built without the mlir feature: {version.strip()}")
    failures, checked = [], 0
    for root, dirs, names in os.walk(args.lit_dir):
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        for name in sorted(n for n in names if n.endswith(".mlir")):
            f = os.path.join(root, name)
            text = open(f).read()
            if "COMPAT: tessel-only" in text:
                continue
            for line in text.splitlines():
                if "RUN:" not in line:
                    continue
                cmd = line.split("RUN:", 1)[1].split("|")[0].strip()
                if not cmd.startswith("tessel-opt") or "--run=" in cmd or "verify-diagnostics" in cmd:
                    continue
                if re.search(r"\s(>|2>)", cmd) or "mlir-print-ir" in cmd or "view-op-graph" in cmd or "%t" in cmd:
                    continue  # dumps and files, not one module on stdout
                if "transform-interpreter" in cmd and "transform.test." in text:
                    # The schedule stays in the output (as in mlir-opt), and
                    # MLIR's test transform ops exist only in mlir-opt, not
                    # in the libraries linked in-process.
                    continue
                cmd = cmd.replace("%s", f).replace("%S", os.path.dirname(f)).replace("%p", os.path.dirname(f)).replace("tessel-opt", args.tessel, 1)
                r = subprocess.run(["bash", "-c", cmd + " --mlir-verify"], capture_output=True, text=True)
                checked += 1
                if r.returncode != 0:
                    failures.append(f"{f}: MLIR rejects the output of `{cmd}`:\n{r.stderr}")
    for fl in failures:
        print(fl)
    print(f"mlir-verify: {checked - len(failures)} of {checked} lit outputs verified by MLIR 22 in-process")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
