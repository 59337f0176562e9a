#!/usr/bin/env python3
"""tessel's affine.linearize_index / delinearize_index canonicalization
against mlir-opt 22's, and against itself by execution.

Generates seeded random functions chaining linearize and delinearize ops
(disjoint or not, outer bound given or left out, static, constant and
dynamic basis entries, constant and unit indices, and chains that feed one
op's results into the next over the same basis, so the cancellation
patterns meet), then:

- runs `-canonicalize` in both tools and compares the outputs as text; the
  same lines with constants in another order count as identical. A run
  fails when fewer than --min-identical percent are identical (the rest
  are chains whose disjoint or outer-bound promise lets tessel's driver,
  which meets ops in another order, apply another of upstream's patterns
  first: docs/differences.md);
- runs each function in tessel's engine on --inputs random argument sets,
  before and after tessel's canonicalize; a set where the original breaks
  a promise (the engine reports it) is skipped, every other one must give
  the same numbers. Any mismatch fails the run.

Usage: scripts/index_ops_parity.py [--tessel PATH] [--mlir-opt PATH] [--count N] [--seed S]
                                   [--inputs K] [--min-identical PCT] [--show N]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile

ARGS = ["%a", "%b", "%c"]


class Chain:
    """One random function: its ops, the values it returns, the constants it uses."""

    def __init__(self, rng, k):
        self.rng = rng
        self.name = f"f{k}"
        self.consts = set()
        self.body = []
        self.results = []  # per op: a value name, or a list of result names
        self.prev_basis = None
        for step in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                self.linearize(step)
            else:
                self.delinearize(step)

    def index(self):
        if self.rng.random() < 0.35:
            c = self.rng.choice([0, 0, 1, 2, 3, 5])
            self.consts.add(c)
            return f"%c{c}"
        return self.rng.choice(ARGS)

    def basis(self, n):
        out = []
        for _ in range(n):
            x = self.rng.random()
            if x < 0.15:
                out.append("%n")
            elif x < 0.22:
                self.consts.add(3)
                out.append("%c3")
            else:
                out.append(str(self.rng.choice([1, 1, 2, 3, 4, 8])))
        return out

    def linearize(self, step):
        rng = self.rng
        last = self.results[-1] if self.results else None
        if isinstance(last, list) and rng.random() < 0.5:
            indices = list(last)
            if self.prev_basis is not None and rng.random() < 0.5:
                basis = list(self.prev_basis)
            else:
                basis = self.basis(len(indices) if rng.random() < 0.6 else len(indices) - 1)
        else:
            indices = [self.index() for _ in range(rng.randint(0, 4))]
            outer = rng.random() < 0.6 or not indices
            basis = self.basis(len(indices) if outer else len(indices) - 1)
        disjoint = "disjoint " if rng.random() < 0.5 else ""
        self.body.append(
            f"  %v{step} = affine.linearize_index {disjoint}[{', '.join(indices)}] by ({', '.join(basis)}) : index"
        )
        self.results.append(f"%v{step}")
        self.prev_basis = basis

    def delinearize(self, step):
        rng = self.rng
        last = self.results[-1] if self.results else None
        src = last if isinstance(last, str) and rng.random() < 0.7 else self.index()
        if isinstance(last, str) and self.prev_basis is not None and rng.random() < 0.5:
            basis = list(self.prev_basis)
            n = len(basis) if basis and rng.random() < 0.5 else len(basis) + 1
        else:
            n = rng.randint(1, 4)
            basis = self.basis(n if rng.random() < 0.6 else n - 1)
        names = [f"%v{step}#{i}" for i in range(n)] if n > 1 else [f"%v{step}"]
        count = f":{n}" if n > 1 else ""
        types = ", ".join(["index"] * n)
        self.body.append(f"  %v{step}{count} = affine.delinearize_index {src} into ({', '.join(basis)}) : {types}")
        self.results.append(names)
        self.prev_basis = basis

    def text(self):
        outs = []
        for r in self.results:
            outs.extend(r if isinstance(r, list) else [r])
        types = ", ".join(["index"] * len(outs))
        consts = [f"  %c{c} = arith.constant {c} : index" for c in sorted(self.consts)]
        header = f"func.func @{self.name}(%a: index, %b: index, %c: index, %n: index) -> ({types}) {{"
        return "\n".join([header] + consts + self.body + [f"  return {', '.join(outs)} : {types}", "}"]) + "\n"


def canonicalize(tool, path):
    p = subprocess.run([tool, path, "-split-input-file", "-canonicalize"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{tool} failed on {path}:\n{p.stderr[:2000]}")
    return p.stdout.split("// -----")


def run(tessel, path, name, inputs, passes):
    args = [f"--input={x}" for x in inputs]
    p = subprocess.run([tessel, path, *passes, f"--run={name}", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--inputs", type=int, default=2, help="random argument sets run per function")
    ap.add_argument("--min-identical", type=float, default=98.0, help="percent of outputs identical to mlir-opt's")
    ap.add_argument("--show", type=int, default=2)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    chains = [Chain(rng, k) for k in range(a.count)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chains.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(c.text() for c in chains))
        ours, theirs = canonicalize(a.tessel, path), canonicalize(a.mlir_opt, path)
        if len(ours) != len(theirs):
            sys.exit(f"{len(ours)} outputs from tessel, {len(theirs)} from mlir-opt")
        identical = reordered = 0
        shown = 0
        for chain, t, m in zip(chains, ours, theirs):
            if t == m:
                identical += 1
            elif sorted(t.splitlines()) == sorted(m.splitlines()):
                reordered += 1
            elif shown < a.show:
                shown += 1
                print(f"differs: @{chain.name}\n{chain.text()}")
                print("".join(difflib.unified_diff(m.splitlines(True), t.splitlines(True), "mlir-opt", "tessel")))
        same, skipped, failed = 0, 0, 0
        one = os.path.join(tmp, "one.mlir")
        for chain in chains:
            with open(one, "w") as f:
                f.write(chain.text())
            for _ in range(a.inputs):
                inputs = [rng.randint(0, 12), rng.randint(0, 3), rng.randint(0, 7), rng.randint(1, 5)]
                rc, before, _ = run(a.tessel, one, chain.name, inputs, [])
                if rc != 0:
                    skipped += 1
                    continue
                rc, after, err = run(a.tessel, one, chain.name, inputs, ["-canonicalize"])
                if rc == 0 and after == before:
                    same += 1
                    continue
                failed += 1
                print(f"FAIL @{chain.name} inputs {inputs}:\n{chain.text()}before:\n{before}after:\n{after}{err}")
    n = len(chains)
    pct = 100.0 * (identical + reordered) / n
    print(
        f"index ops: {n} chains, {identical} identical to mlir-opt 22's after canonicalize, "
        f"{reordered} up to constant order, {n - identical - reordered} other ({pct:.1f}% identical); "
        f"engine: {same} runs the same before and after, {skipped} skipped (a broken promise), {failed} failed"
    )
    if failed or pct < a.min_identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
