"""What the seeded parity scripts share: the command line (tools, count,
seed, inputs, how many differences to show), running a tool, comparing
split outputs with mlir-opt 22's, and running each program in tessel's
engine before and after a pass."""
import argparse
import difflib
import os
import subprocess


def arguments(doc, count, min_identical=None):
    """The parser of a parity script: --tessel, --mlir-opt, --count (default
    `count`), --seed, --inputs, --show, and --min-identical when given a
    default."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=count)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--inputs", type=int, default=2)
    if min_identical is not None:
        ap.add_argument("--min-identical", type=float, default=min_identical)
    ap.add_argument("--show", type=int, default=2)
    return ap


def tool(path, *args):
    """(exit code, stdout, stderr) of one run."""
    p = subprocess.run([path, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def compare_split(ours, theirs, programs, label, show):
    """How many `// -----` chunks of `ours` equal `theirs`; prints the first
    `show` differences with their programs."""
    identical = shown = 0
    for k, (t, m) in enumerate(zip(ours.split("// -----"), theirs.split("// -----"))):
        if t == m:
            identical += 1
        elif shown < show:
            shown += 1
            print(f"{label} differs on program {k}:\n{programs[k]}")
            print("".join(difflib.unified_diff(m.splitlines(True), t.splitlines(True), "mlir-opt", "tessel")))
    return identical


def engine_before_after(tessel, tmp, programs, func, passes, input_sets):
    """Runs `func` of each program (`func(k)` names it) in tessel's engine on
    each argument list `input_sets()` gives, before and after `passes`.
    Returns (runs the same, runs, failures); prints each failure."""
    one = os.path.join(tmp, "one.mlir")
    same = ran = failures = 0
    for k, text in enumerate(programs):
        with open(one, "w") as f:
            f.write(text)
        for inputs in input_sets():
            args = [f"--input={v}" for v in inputs]
            rb, before, eb = tool(tessel, one, f"--run={func(k)}", *args)
            ra, after, ea = tool(tessel, one, *passes, f"--run={func(k)}", *args)
            ran += 1
            if rb == 0 and ra == 0 and before == after:
                same += 1
            else:
                failures += 1
                print(f"FAIL program {k} inputs {inputs}:\n{text}before:\n{before}{eb}after:\n{after}{ea}")
    return same, ran, failures
