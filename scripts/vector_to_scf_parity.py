#!/usr/bin/env python3
"""tessel's -convert-vector-to-scf against mlir-opt 22's.

Generates seeded random functions of vector.transfer_read and
vector.transfer_write ops on memrefs (ranks 1-3, static or dynamic dims) and
tensors: vectors of ranks 1-3, transposing and broadcasting permutation
maps, random in_bounds flags (true only where the access stays in bounds),
n-D and 1-D masks, indices that are constants or arguments, f32 / i32 / i8,
and lowers them with -convert-vector-to-scf under random options
(full-unroll, target-rank 0-2, lower-tensors), in tessel and in mlir-opt 22.
For each program:

  1. the two outputs are the same text, or the same ops with the entry
     constants in another order (the greedy driver's constant hoisting,
     counted apart), or tessel left a masked transfer alone whose mask dims
     are not in the vector's order, which 22 miscompiles
     (docs/differences.md);
  2. tessel's engine computes the same values (results and memrefs after
     the call) before and after lowering, when every memref is static;
  3. with --llvm-bin, those programs called with fixed inputs from a
     wrapper, lowered by tessel and then taken to LLVM by mlir-opt 22 and run
     by mlir-runner, print the values the engine computes for the original.

Usage: scripts/vector_to_scf_parity.py [--tessel PATH] [--mlir-opt PATH]
                                       [--llvm-bin DIR] [--count N] [--seed S]
                                       [--show N]
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner_wrap  # noqa: E402

OPTIONS = ["", "", "full-unroll=1", "target-rank=2", "target-rank=0", "lower-tensors=1",
           "full-unroll=1 lower-tensors=1", "full-unroll=1 target-rank=0"]
# Largest index argument value the engine run passes.
MAX_INDEX = 2


def vec(shape, elem):
    return f"vector<{'x'.join(map(str, shape))}x{elem}>" if shape else f"vector<{elem}>"


def shaped(kind, dims, elem):
    return f"{kind}<{'x'.join('?' if d is None else str(d) for d in dims)}x{elem}>"


def random_access(rng, rank, allow_broadcast):
    """A permutation map over `rank` memref dims: the memref dims each
    vector dim walks (None: a broadcast), in vector order."""
    vrank = rng.randint(1, min(rank, 3))
    dims = sorted(rng.sample(range(rank), vrank))
    if rng.random() < 0.3:
        rng.shuffle(dims)
    walked = list(dims)
    if allow_broadcast and rng.random() < 0.2:
        walked[rng.randrange(vrank)] = None
    return walked


def transfer(rng, j, base, dims, elem, is_tensor, lines, args, results, state):
    rank = len(dims)
    is_read = rng.random() < 0.5
    walked = random_access(rng, rank, is_read)
    shape = [rng.randint(1, 5) for _ in walked]
    # Indices: a constant 0 or 1, or an index argument (0..MAX_INDEX).
    indices, high = [], []
    for d in range(rank):
        choice = rng.random()
        # A dim the vector does not walk must be indexed in bounds.
        if d not in walked and (dims[d] is None or dims[d] <= MAX_INDEX):
            choice = rng.random() * 0.6
        if choice < 0.4:
            indices.append("%c0")
            high.append(0)
        elif choice < 0.6:
            indices.append("%c1")
            high.append(1)
        else:
            indices.append("%i")
            high.append(MAX_INDEX)
    in_bounds = []
    for w, n in zip(walked, shape):
        if w is None:
            in_bounds.append(True)
        else:
            fits = dims[w] is not None and high[w] + n <= dims[w]
            in_bounds.append(fits and rng.random() < 0.6)
    attrs = []
    if any(in_bounds):
        attrs.append(f"in_bounds = [{', '.join('true' if b else 'false' for b in in_bounds)}]")
    identity = walked == list(range(rank - len(walked), rank))
    if not identity:
        results_expr = ", ".join("0" if w is None else f"d{w}" for w in walked)
        attrs.append(f"permutation_map = affine_map<({', '.join(f'd{d}' for d in range(rank))}) -> ({results_expr})>")
    mask = ""
    mask_dims = sorted(w for w in walked if w is not None)
    if mask_dims and rng.random() < 0.3:
        mshape = [shape[walked.index(d)] for d in mask_dims]
        args.append(f"%mk{j}: {vec(mshape, 'i1')}")
        mask = f", %mk{j}"
    attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
    vty = vec(shape, elem)
    bty = shaped("tensor" if is_tensor else "memref", dims, elem)
    if is_read:
        lines.append(f"  %r{j} = vector.transfer_read {base}[{', '.join(indices)}], %p{mask}{attr_text} : {bty}, {vty}")
        results.append((f"%r{j}", vty))
    else:
        args.append(f"%v{j}: {vty}")
        if is_tensor:
            lines.append(f"  %t{j} = vector.transfer_write %v{j}, {state[0]}[{', '.join(indices)}]{mask}{attr_text} : "
                         f"{vty}, {bty}")
            state[0] = f"%t{j}"
        else:
            lines.append(f"  vector.transfer_write %v{j}, {base}[{', '.join(indices)}]{mask}{attr_text} : {vty}, {bty}")


def program(rng, k):
    elem = rng.choice(["f32", "i32", "i8"])
    zero = "0.0" if elem == "f32" else "0"
    is_tensor = rng.random() < 0.25
    rank = rng.randint(1, 3)
    dims = [rng.randint(2, 6) for _ in range(rank)]
    if rng.random() < 0.2:
        dims[rng.randrange(rank)] = None
    bty = shaped("tensor" if is_tensor else "memref", dims, elem)
    args = [f"%m: {bty}", "%i: index"]
    lines = [f"  %p = arith.constant {zero} : {elem}", "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index"]
    results = []
    state = ["%m"]
    for j in range(rng.randint(1, 3)):
        transfer(rng, j, "%m", dims, elem, is_tensor, lines, args, results, state)
    if is_tensor and state[0] != "%m":
        results.append((state[0], bty))
    if not results:
        ret, sig = "  return", ""
    else:
        names = ", ".join(r[0] for r in results)
        types = ", ".join(r[1] for r in results)
        ret, sig = f"  return {names} : {types}", f" -> ({types})"
    text = f"func.func @f{k}({', '.join(args)}){sig} {{\n" + "\n".join(lines) + f"\n{ret}\n}}\n"
    return text, rng.choice(OPTIONS), None not in dims


def input_specs(text, k):
    """One --input per argument: index arguments get 0..MAX_INDEX, the
    others random values."""
    import re
    sig = re.search(r"func\.func @f\d+\((.*?)\)", text).group(1)
    rng = random.Random(k)
    specs = []
    for arg in filter(None, [a.strip() for a in sig.split(",") if ":" in a]):
        ty = arg.split(":", 1)[1].strip()
        specs.append(f"--input={rng.randint(0, MAX_INDEX)}" if ty == "index" else "--input=random:5")
    return specs


def masked_transfer_left(text):
    """Whether a masked transfer of rank 2 or more is still in `text`."""
    import re
    return any(re.search(r"vector\.transfer_(read|write) .*\], [^,{]+, %\w+.*vector<\d+x", line)
               for line in text.splitlines())


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessel", default="target/debug/tessel-opt")
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--llvm-bin", default=None, help="run tessel's lowering through 22's LLVM pipeline and mlir-runner")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="tessel-v2s-")
    failures, identical, same_values, ran, where_22_fails = [], 0, 0, 0, 0
    runner_ran, runner_left = 0, 0
    constant_order, left_masked = 0, 0
    for k in range(args.count):
        text, options, static = program(rng, k)
        path = os.path.join(tmp, f"p{k}.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        flag = f"--convert-vector-to-scf={options}" if options else "--convert-vector-to-scf"
        up = run([args.mlir_opt, path, flag])
        ours = run([args.tessel, path, flag])
        # 22 builds IR its verifier rejects for masked transposing writes
        # (docs/differences.md): tessel's output must still run the same.
        fails_in_22 = up.returncode != 0 and ours.returncode == 0 and "inferred mask type" in up.stderr
        if (up.returncode != 0 or ours.returncode != 0) and not fails_in_22:
            failures.append(f"#{k} ({flag}): a tool failed:\n{up.stderr[:600]}{ours.stderr[:600]}\n{text}")
            continue
        if fails_in_22:
            where_22_fails += 1
        elif up.stdout != ours.stdout and runner_wrap.same_ops(up.stdout, ours.stdout):
            constant_order += 1
        elif up.stdout != ours.stdout and "%mk" in text and masked_transfer_left(ours.stdout):
            left_masked += 1
        elif up.stdout != ours.stdout:
            diff = "".join(difflib.unified_diff(up.stdout.splitlines(True), ours.stdout.splitlines(True),
                                                "mlir-opt", "tessel-opt", n=1))
            failures.append(f"#{k} ({flag}): the lowering differs from mlir-opt 22:\n{text}{diff[:2500]}")
            continue
        else:
            identical += 1
        if not static:
            continue
        ran += 1
        lowered = os.path.join(tmp, f"l{k}.mlir")
        with open(lowered, "w") as fh:
            fh.write(ours.stdout)
        inputs = input_specs(text, k)
        before = run([args.tessel, path, f"--run=f{k}"] + inputs)
        after = run([args.tessel, lowered, f"--run=f{k}"] + inputs)
        if before.returncode != 0 or after.returncode != 0 or before.stdout != after.stdout:
            failures.append(f"#{k} ({flag}): the engine computes other values after lowering:\n{text}"
                            f"{before.stderr[:300]}{after.stderr[:300]}")
        else:
            same_values += 1
        if args.llvm_bin and "target-rank=0" in options:
            # 22's LLVM lowering pads vector<5xi8> rows to 8 bytes while a
            # vector.type_cast to 0-D vectors packs them (docs/differences.md).
            runner_left += 1
        elif args.llvm_bin:
            why = runner_wrap.check(args.tessel, args.llvm_bin, tmp, str(k), text, f"f{k}", [flag], k)
            if why == runner_wrap.LEFT_BY_22:
                runner_left += 1
            elif why:
                failures.append(f"#{k} ({flag}): {why}\n{text}")
            else:
                runner_ran += 1
    print(f"seed {seed}: {args.count} transfer programs lowered with -convert-vector-to-scf: {identical} identical "
          f"to mlir-opt 22, {constant_order} the same ops with the constants in another order, {left_masked} with a "
          f"masked transposing transfer left alone, {where_22_fails} where 22 builds invalid IR; {ran} with static memrefs run, {same_values} with the same values in the engine "
          f"before and after, {runner_ran} run by mlir-runner after 22's LLVM lowering with the "
          f"engine's values, {runner_left} that 22's LLVM lowering cannot take (target rank 0, n-D "
          f"loads)")
    for f in failures[:args.show]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
