#!/usr/bin/env python3
"""Every tessel command the README and docs/ show, run as written.

The fenced code blocks of README.md and docs/*.md are scanned for command
lines of tessel's tools (`tessel-opt`, `tessel-layout`, `tessel-filecheck`,
and `cargo run ... --` standing for them; `\\` continuations joined,
trailing `# comments` dropped). Each runs from a scratch directory that
sees the repository's `examples/` and `lit/`, with the built binaries first
on PATH, and must exit 0; what it prints must not be empty (unless it
writes to a file or /dev/null), and every file it names as its output
(`-o F`, `--output=F`, `--ir-report=F`, `--html F`, `> F`) must exist and
not be empty. A command whose input file does not exist (a placeholder
such as `f.mlir` in prose) is reported and counted as a failure unless it
is listed in PLACEHOLDERS with the reason.

Usage: scripts/docs_commands.py [--bin-dir DIR]
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TOOLS = ("tessel-opt", "tessel-layout", "tessel-filecheck", "cargo run")
# Commands shown with the user's own files: their shape is what matters.
PLACEHOLDERS = {
    "prog.mlir": "docs/execution.md's example of a user's program and data files",
}


def commands(path):
    text = open(path).read()
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.split("\n"):
            line = line.strip()
            if not line.startswith(TOOLS):
                continue
            line = re.sub(r"\s+#\s.*$", "", line)
            if is_command(line):
                yield line


LAYOUT_VERBS = ("explain", "index", "element", "table", "svg", "mlir", "hlo", "suggest")


def is_command(line):
    """A command line, not prose in a code block (a file tree's notes)."""
    words = line.split()
    if len(words) < 2:
        return False
    if words[0] == "tessel-layout":
        return words[1] in LAYOUT_VERBS
    if words[0] == "cargo":
        return words[1] == "run"
    return words[1].startswith("-") or "/" in words[1] or words[1].endswith(".mlir")


def normalize(cmd):
    cmd = re.sub(r"^cargo run --release --bin (\S+) --", r"\1", cmd)
    cmd = re.sub(r"^cargo run --bin (\S+) --", r"\1", cmd)
    cmd = re.sub(r"^cargo run --release --", "tessel-opt", cmd)
    cmd = re.sub(r"^cargo run --", "tessel-opt", cmd)
    return cmd


def outputs(cmd):
    found = re.findall(r"(?:\s-o\s+|--output=|--ir-report=|--html\s+|\s>\s*)(\S+)", cmd)
    return [f for f in found if f != "/dev/null"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", default="target/debug")
    a = ap.parse_args()
    bin_dir = os.path.abspath(a.bin_dir)
    work = tempfile.mkdtemp(prefix="tessel-docs-")
    for d in ("examples", "lit"):
        os.symlink(os.path.abspath(os.path.join(ROOT, d)), os.path.join(work, d))
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    ran, skipped, failures = 0, 0, []
    for page in pages:
        name = os.path.relpath(page, ROOT)
        for raw in commands(page):
            cmd = normalize(raw)
            inputs = [w for w in re.findall(r"[\w./-]+\.(?:mlir|hlo|npy)\b", cmd)
                      if w not in outputs(cmd) and not w.startswith("--")]
            missing = [i for i in inputs if not os.path.exists(os.path.join(work, i))
                       and not re.search(rf"(-o\s+|--output=|>\s*){re.escape(i)}", cmd)]
            if missing:
                why = next((PLACEHOLDERS[m] for m in missing if m in PLACEHOLDERS), None)
                if why:
                    skipped += 1
                    continue
                failures.append(f"{name}: `{raw}` names {missing}, which do not exist")
                continue
            if "| dot" in cmd and not shutil.which("dot"):
                skipped += 1
                continue
            r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=work, env=env,
                               capture_output=True, text=True, timeout=600)
            ran += 1
            if r.returncode != 0:
                failures.append(f"{name}: `{raw}` exited {r.returncode}:\n{r.stderr[-2000:]}")
                continue
            writes = outputs(cmd)
            if not writes and "/dev/null" not in cmd and not r.stdout.strip():
                failures.append(f"{name}: `{raw}` printed nothing")
            for out in writes:
                p = os.path.join(work, out)
                if not os.path.exists(p) or os.path.getsize(p) == 0:
                    failures.append(f"{name}: `{raw}` did not write {out}")
    for f in failures:
        print("FAIL:", f)
    print(f"docs commands: {ran} run, {skipped} skipped (placeholders, or no Graphviz), {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
