#!/usr/bin/env python3
"""A structure-aware mutation fuzzer for tessel's three tools.

Every run takes an input (a lit test chunk, a shipped example, or a program
generated here), mutates it at the level of MLIR tokens, lines and
brackets (or XLA shapes, HLO lines, FileCheck directives), and runs one of:

  - tessel-opt under a flag set: parse only, generic/debuginfo printing,
    tile + canonicalize + cse (for and forall, fused), the transform
    interpreter, materialize-layouts, IR dumps and diffs,
    --split-input-file --verify-diagnostics, --view-op-graph, and --run with
    --run-memory-limit=256M;
  - tessel-layout: explain, index, element, table, svg, mlir, suggest on a
    mutated shape, and hlo on a mutated dump;
  - tessel-filecheck on a mutated check file against mutated input.

A run fails when the tool crashes (a panic, an abort, a signal, an exit
status the tool never gives for bad input) or hangs (10 s). The first
failure is printed with a reproducer (the command and its input, also kept
in --out) and the script exits 1. Everything is drawn from one seeded RNG,
so a seed reproduces its whole campaign.

Usage:
  scripts/fuzz.py [--bin-dir target/debug] [--runs N] [--seed S] [--jobs J]
                  [--timeout SECONDS] [--out DIR]

CI runs a fixed-seed batch; a longer campaign is the same command with a
new seed and more runs (see docs/robustness.md).
"""
import argparse
import concurrent.futures
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Exit statuses each tool gives for bad input; anything else is a crash.
ALLOWED = {"tessel-opt": {0, 1}, "tessel-layout": {0, 1, 2}, "tessel-filecheck": {0, 1, 2}}
CRASH_TEXT = ("panicked at", "overflowed its stack", "fatal runtime error", "memory allocation of")

INTERESTING_INTS = [
    "0", "1", "-1", "2", "3", "7", "8", "16", "127", "128", "255", "256", "1024", "65536",
    "2147483647", "-2147483648", "4294967296", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "99999999999999999999", "0x7fffffff", "0xffffffffffffffff",
]
INTERESTING_FLOATS = ["0.0", "-0.0", "1.0e308", "1.0e-320", "0x7FC00000", "0x7F800000", "3.4e38", "-1.5"]
ELEMENT_TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "index", "f8E4M3FN", "i0", "i65536"]
TOKEN_RE = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'          # strings
    r"|[%^#!@][\w$.\-]*"            # SSA values, blocks, aliases, symbols
    r"|0x[0-9a-fA-F]+"              # hex
    r"|-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?"  # numbers
    r"|[A-Za-z_][\w.$]*"            # identifiers and keywords
    r"|->|::|\S"                    # punctuation
)
OPEN_CLOSE = [("(", ")"), ("[", "]"), ("{", "}"), ("<", ">")]


# ----------------------------------------------------------------------------
# Corpora


def lit_files(sub=""):
    """(directory, file names) of the lit suite, without lit's Output/
    directories (what a fresh clone has, so a seed means the same runs)."""
    for dirpath, dirs, files in os.walk(os.path.join(ROOT, "lit", sub)):
        dirs[:] = sorted(d for d in dirs if d != "Output")
        yield dirpath, files


def lit_chunks():
    """The lit suite's MLIR inputs, split at `// -----`, RUN lines dropped."""
    chunks = []
    for dirpath, files in lit_files():
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            text = open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
            for chunk in text.split("// -----"):
                body = "\n".join(l for l in chunk.splitlines() if "RUN:" not in l)
                if body.strip():
                    chunks.append(body)
    chunks.append(open(os.path.join(ROOT, "examples", "pack_unpack.mlir")).read())
    return chunks


def check_files():
    """FileCheck directives from the lit suite (one file's worth each)."""
    out = []
    for dirpath, files in lit_files():
        for f in sorted(files):
            if f.endswith(".mlir"):
                lines = [l for l in open(os.path.join(dirpath, f), encoding="utf-8").read().splitlines() if "//" in l]
                if lines:
                    out.append("\n".join(lines) + "\n")
    return out


def layout_shapes():
    """Shapes quoted in the layout lit tests, plus a few of every kind."""
    shapes = set()
    for dirpath, files in lit_files("layout"):
        for f in files:
            if f.endswith(".mlir"):
                shapes.update(re.findall(r"'([a-z0-9]+\[[^']*)'", open(os.path.join(dirpath, f)).read()))
    shapes.update([
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}", "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
        "f32[3,5]{1,0:T(2,2)}", "f32[]{:T(256)}", "(f32[3], (s8[4,4]{1,0:T(4,128)(4,1)}, token[]))",
        "f32[<=4,?]", "pred[7,9]{0,1:T(8,128)(4,1)L(1024)E(1)}", "u4[256,256]{1,0:T(2,128)(2,1)*(s32)#(s16)}",
        "f32[6,10]{1,0:T(2,*)}", "c64[4,4]{0,1:T(8,128)SC(0:1,2)M(8)}", "opaque[]",
    ])
    return sorted(shapes)


def hlo_dumps():
    paths = [os.path.join(ROOT, "examples", "tpu_dump.hlo"), os.path.join(ROOT, "lit", "layout", "Inputs", "reduce_while.hlo")]
    return [open(p).read() for p in paths if os.path.exists(p)]


# ----------------------------------------------------------------------------
# Generated programs


def gen_pack_program(rng):
    """A random function around a pack or unpack (static shapes), with the
    number of arguments --run needs."""
    rank = rng.randint(1, 3)
    dims = [rng.choice([1, 2, 3, 5, 8, 13, 16, 32]) for _ in range(rank)]
    k = rng.randint(1, rank)
    inner = rng.sample(range(rank), k)
    tiles = [rng.choice([1, 2, 3, 4, 8, 16]) for _ in inner]
    perm = list(range(rank))
    if rng.random() < 0.4:
        rng.shuffle(perm)
    elem = rng.choice(["f32", "bf16", "i8", "i32", "f64"])
    tile_of = {d: t for d, t in zip(inner, tiles)}
    outer = [-(-dims[d] // tile_of.get(d, 1)) for d in perm]
    packed = outer + tiles
    src_t = "tensor<{}x{}>".format("x".join(map(str, dims)), elem)
    dst_t = "tensor<{}x{}>".format("x".join(map(str, packed)), elem)
    padded = any(dims[d] % t for d, t in tile_of.items())
    perm_attr = f"outer_dims_perm = {perm} " if perm != list(range(rank)) else ""
    zero = "0.0" if elem.startswith(("f", "b")) else "0"
    if rng.random() < 0.5:
        pad = f"padding_value(%p : {elem}) " if padded or rng.random() < 0.3 else ""
        body = (
            f"  %p = arith.constant {zero} : {elem}\n"
            f"  %e = tensor.empty() : {dst_t}\n"
            f"  %r = linalg.pack %a {pad}{perm_attr}inner_dims_pos = {inner} inner_tiles = {tiles} into %e : {src_t} -> {dst_t}\n"
        )
        return f"func.func @f(%a: {src_t}) -> {dst_t} {{\n{body}  return %r : {dst_t}\n}}\n", 1
    body = (
        f"  %e = tensor.empty() : {src_t}\n"
        f"  %r = linalg.unpack %a {perm_attr}inner_dims_pos = {inner} inner_tiles = {tiles} into %e : {dst_t} -> {src_t}\n"
    )
    return f"func.func @f(%a: {dst_t}) -> {src_t} {{\n{body}  return %r : {src_t}\n}}\n", 1


def gen_scalar_program(rng):
    """Scalar arithmetic and loops (the engine's step and value paths)."""
    n = rng.choice(["0", "1", "7", "100", "-3", "9223372036854775807"])
    op = rng.choice(["addi", "muli", "divsi", "remsi", "divui", "subi", "shli", "maxsi"])
    return (
        "func.func @f(%x: index) -> index {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        f"  %n = arith.constant {n} : index\n"
        "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (index) {\n"
        f"    %b = arith.{op} %a, %i : index\n    scf.yield %b : index\n  }}\n"
        "  return %r : index\n}\n",
        1,
    )


# ----------------------------------------------------------------------------
# Mutations


def mutate_tokens(rng, text, vocab):
    toks = [(m.start(), m.end()) for m in TOKEN_RE.finditer(text)]
    if not toks:
        return text + rng.choice(vocab)
    i = rng.randrange(len(toks))
    s, e = toks[i]
    tok = text[s:e]
    choice = rng.random()
    if re.fullmatch(r"-?\d+", tok) or choice < 0.15:
        new = rng.choice(INTERESTING_INTS) if not re.fullmatch(r"-?\d+\.\d*.*", tok) else rng.choice(INTERESTING_FLOATS)
    elif tok in ELEMENT_TYPES or choice < 0.25:
        new = rng.choice(ELEMENT_TYPES + vocab[:50])
    elif choice < 0.45:
        new = ""  # delete
    elif choice < 0.6:
        new = tok + " " + tok  # duplicate
    elif choice < 0.75:
        new = rng.choice(vocab)  # replace with a token seen elsewhere
    elif choice < 0.85:
        j = rng.randrange(len(toks))
        s2, e2 = toks[j]
        new = text[s2:e2]  # copy another token here
    else:
        o, c = rng.choice(OPEN_CLOSE)
        depth = rng.choice([1, 2, 300, 5000])
        new = o * depth + tok + c * (depth if rng.random() < 0.7 else 0)
    return text[:s] + new + text[e:]


DIM_RE = re.compile(r"(?<=[<x])(\d+|\?)(?=x)")
NEST_OPENERS = ["(", "[", "{a = ", "tensor<", "tuple<", "vector<4x", "memref<", "dense<[", "affine_map<(d0) -> (", "loc(fused["]


def mutate_dims(rng, text):
    """A dim of a shaped type (`tensor<8x16xf32>`'s 8 or 16) becomes an
    interesting size, or dynamic."""
    dims = list(DIM_RE.finditer(text))
    if not dims:
        return None
    m = rng.choice(dims)
    new = rng.choice(["0", "1", "?", "65536", "100000", "4294967296", "9223372036854775807", "-1"])
    return text[: m.start()] + new + text[m.end() :]


def mutate_nesting(rng, text):
    """Something opened thousands deep at a random place (closed or not)."""
    at = rng.randrange(len(text) + 1)
    opener = rng.choice(NEST_OPENERS)
    depth = rng.choice([300, 5000, 30000, 100000])
    closer = {"(": ")", "[": "]", "{a = ": "}", "dense<[": "]>", "affine_map<(d0) -> (": ")>", "loc(fused[": "])"}.get(opener, ">")
    inner = rng.choice(["f32", "1", "d0", "%x", ""])
    tail = closer * depth if rng.random() < 0.6 else ""
    return text[:at] + opener * depth + inner + tail + text[at:]


def mutate_lines(rng, text, others):
    lines = text.splitlines()
    if not lines:
        return text
    r = rng.random()
    i = rng.randrange(len(lines))
    if r < 0.3:
        del lines[i]
    elif r < 0.5:
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    elif r < 0.7:
        other = rng.choice(others).splitlines() or [""]
        lines.insert(i, rng.choice(other))
    elif r < 0.85:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        cut = rng.randrange(len(text) + 1)
        return text[:cut]  # truncated input
    return "\n".join(lines) + "\n"


def mutate(rng, text, vocab, others, rounds=None):
    for _ in range(rounds or rng.choice([1, 1, 2, 3, 5])):
        r = rng.random()
        if r < 0.15:
            text = mutate_dims(rng, text) or mutate_tokens(rng, text, vocab)
        elif r < 0.2:
            text = mutate_nesting(rng, text)
        elif r < 0.75:
            text = mutate_tokens(rng, text, vocab)
        else:
            text = mutate_lines(rng, text, others)
    return text


# ----------------------------------------------------------------------------
# Runs


class Case:
    """One run: a tool, its arguments, and files to write first."""

    def __init__(self, tool, args, files, stdin=None):
        self.tool, self.args, self.files, self.stdin = tool, args, files, stdin

    def command(self, bin_dir, workdir):
        args = [a.replace("@DIR@", workdir) for a in self.args]
        return [os.path.join(bin_dir, self.tool)] + args

    def reproducer(self, bin_dir, workdir):
        lines = ["$ " + " ".join(self.command(bin_dir, workdir))]
        for name, text in self.files.items():
            shown = text if len(text) <= 1500 else text[:1500] + f"\n... ({len(text)} characters; whole file in the reproducer directory)"
            lines.append(f"--- {name} ---\n{shown}")
        return "\n".join(lines)


def tile_flags(rng):
    sizes = ",".join(rng.choice(["0", "1", "2", "3", "5", "8", "16"]) for _ in range(rng.randint(1, 4)))
    extra = rng.choice(["", " loop=forall", " fuse=true", " loop=forall fuse=true", " interchange=1,0"])
    return [f"--tile-pack-unpack=tile-sizes={sizes}{extra}", "--canonicalize", "--cse"]


def bufferize_flags(rng):
    """Tiling (or not), then bufferization and buffer placement with random
    options."""
    opts = rng.choice(["", "bufferize-function-boundaries", "bufferize-function-boundaries test-analysis-only print-conflicts",
                       "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
                       "copy-before-write", "allow-unknown-ops"])
    flags = tile_flags(rng) if rng.random() < 0.5 else []
    if rng.random() < 0.3:
        flags.append("--eliminate-empty-tensors")
    flags.append(f"--one-shot-bufferize={opts}")
    flags += [f for f in ["--bound-allocations", "--buffer-hoisting", "--buffer-loop-hoisting",
                          "--promote-buffers-to-stack", "--drop-equivalent-buffer-results"] if rng.random() < 0.5]
    return flags


OPT_FLAG_SETS = [
    lambda rng: [],
    lambda rng: ["--mlir-print-op-generic"],
    lambda rng: ["--mlir-print-debuginfo", "--mlir-print-local-scope"],
    lambda rng: ["--mlir-print-value-users", "--mlir-use-nameloc-as-prefix", "--mlir-elide-elementsattrs-if-larger=2"],
    tile_flags,
    tile_flags,
    lambda rng: ["--transform-interpreter", "--canonicalize", "--cse"],
    lambda rng: ["--materialize-layouts", "--canonicalize", "--cse"],
    lambda rng: ["--cse", "--mlir-print-ir-after-all", "--mlir-print-ir-diff", "--mlir-print-ir-module-scope"],
    lambda rng: ["--split-input-file", "--verify-diagnostics"],
    lambda rng: ["--view-op-graph", "-o", "/dev/null"],
    lambda rng: ["--pack-spelling=linalg", "--strip-debuginfo", "--mlir-timing"],
    bufferize_flags,
]


def run_args(rng, text, nargs):
    m = re.search(r"func\.func\s+@([\w$.]+)", text)
    func = m.group(1) if m else "f"
    inputs = [f"--input={rng.choice(['0', '1', 'iota', 'random:7', '-1', 'nan'])}" for _ in range(nargs)]
    return [f"--run={func}", "--run-memory-limit=256M", "--run-max-steps=2000000"] + inputs


def count_args(text):
    m = re.search(r"func\.func\s+@[\w$.]+\(([^)]*)\)", text)
    return len(re.findall(r"%[\w$.]+\s*:", m.group(1))) if m else 0


def make_case(rng, corpora):
    chunks, vocab, checks, shapes, hlos = corpora
    kind = rng.random()
    if kind < 0.62:
        r = rng.random()
        if r < 0.6:
            base = rng.choice(chunks)
            nargs = count_args(base)
        elif r < 0.85:
            base, nargs = gen_pack_program(rng)
        else:
            base, nargs = gen_scalar_program(rng)
        text = mutate(rng, base, vocab, chunks) if rng.random() < 0.9 else base
        if rng.random() < 0.2:
            args = run_args(rng, text, nargs)
            if rng.random() < 0.5:
                args = tile_flags(rng) + args
        else:
            args = rng.choice(OPT_FLAG_SETS)(rng)
        if "--split-input-file" not in args and rng.random() < 0.05:
            args = ["--split-input-file"] + args
        return Case("tessel-opt", ["@DIR@/in.mlir"] + args + ["--allow-unregistered-dialect"] * (rng.random() < 0.2), {"in.mlir": text})
    if kind < 0.82:
        shape = rng.choice(shapes)
        if rng.random() < 0.85:
            shape = mutate(rng, shape, ["(", ")", "{", "}", ":", "T", "*", ",", "<=", "?", "S(1)", "L(8)", "E(4)", "[", "]"] + INTERESTING_INTS, shapes, 1)
        # One argument may hold at most 128 KiB (Linux's MAX_ARG_STRLEN).
        shape = shape[:100_000]
        verb = rng.choice(["explain", "explain", "index", "element", "table", "svg", "mlir", "suggest"])
        args = [verb, shape]
        if verb == "explain" and rng.random() < 0.3:
            args.append("--json")
        if verb == "index":
            args.append(",".join(rng.choice(["0", "1", "3", "-1", "99999999999"]) for _ in range(rng.randint(0, 5))))
        if verb == "element":
            args.append(rng.choice(["0", "5", "-1", "18446744073709551615", "x"]))
        if verb == "svg":
            args += ["-o", "@DIR@/out.svg"]
        if rng.random() < 0.1:
            return Case("tessel-layout", ["hlo", "@DIR@/in.hlo"], {"in.hlo": mutate(rng, rng.choice(hlos), vocab, hlos)})
        return Case("tessel-layout", args, {})
    check = mutate(rng, rng.choice(checks), vocab + ["[[#", "]]", "{{", "}}", "CHECK-NEXT:", "CHECK-DAG:", "[[X:", "@LINE"], checks)
    inp = mutate(rng, rng.choice(chunks), vocab, chunks) if rng.random() < 0.7 else rng.choice(chunks)
    # The prefixes the check file uses, so its directives are read.
    used = sorted(set(re.findall(r"//\s*([A-Z][A-Z0-9_]*)(?:-[A-Z]+)?:", check))) or ["CHECK"]
    prefixes = [f"--check-prefixes={','.join(used[:4])}"]
    prefixes += rng.choice([[], ["--match-full-lines"], ["--strict-whitespace", "--dump-input=always"], ["--implicit-check-not=error"]])
    return Case("tessel-filecheck", ["@DIR@/check.txt", "--input-file=@DIR@/input.txt"] + prefixes, {"check.txt": check, "input.txt": inp})


def limit_memory():
    # A safety net for the machine: a run that tries to allocate more than
    # this aborts (and is reported as a crash) instead of swapping.
    cap = 4 << 30
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def execute(case, bin_dir, timeout):
    """(failure text or None, seconds)."""
    with tempfile.TemporaryDirectory(prefix="tessel-fuzz-") as d:
        for name, text in case.files.items():
            with open(os.path.join(d, name), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
        cmd = case.command(bin_dir, d)
        start = time.monotonic()
        try:
            p = subprocess.run(cmd, input=case.stdin, capture_output=True, timeout=timeout, cwd=d, preexec_fn=limit_memory)
        except subprocess.TimeoutExpired:
            return f"hang: no exit within {timeout} s", timeout
        elapsed = time.monotonic() - start
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode < 0:
            return f"killed by signal {-p.returncode}\n{err[-2000:]}", elapsed
        if p.returncode not in ALLOWED[case.tool] or any(t in err for t in CRASH_TEXT):
            return f"exit status {p.returncode}\n{err[-2000:]}", elapsed
        return None, elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin-dir", default=os.path.join(ROOT, "target", "debug"))
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=None, help="default: a fresh one (printed)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", default=None, help="directory for the reproducer of a failure")
    a = ap.parse_args()
    a.bin_dir = os.path.abspath(a.bin_dir)
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    chunks = lit_chunks()
    vocab = sorted({m.group(0) for c in chunks for m in TOKEN_RE.finditer(c)})
    corpora = (chunks, vocab, check_files(), layout_shapes(), hlo_dumps())
    # Cases are drawn up front from the one RNG, so the seed alone fixes them
    # whatever order the workers finish in.
    cases = [make_case(rng, corpora) for _ in range(a.runs)]
    print(f"fuzz: seed {seed}, {a.runs} runs, {len(chunks)} corpus chunks, {a.jobs} jobs, timeout {a.timeout} s", flush=True)
    start = time.monotonic()
    by_tool = {}
    slowest = (0.0, None)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(execute, c, a.bin_dir, a.timeout): (i, c) for i, c in enumerate(cases)}
        for fut in concurrent.futures.as_completed(futures):
            i, case = futures[fut]
            failure, secs = fut.result()
            by_tool[case.tool] = by_tool.get(case.tool, 0) + 1
            if secs > slowest[0]:
                slowest = (secs, i)
            if failure:
                for f in futures:
                    f.cancel()
                out = a.out or tempfile.mkdtemp(prefix="tessel-fuzz-crash-")
                os.makedirs(out, exist_ok=True)
                for name, text in case.files.items():
                    with open(os.path.join(out, name), "w", encoding="utf-8", errors="surrogateescape") as f:
                        f.write(text)
                repro = case.reproducer(a.bin_dir, out)
                print(f"FAIL: run {i} of seed {seed}: {failure}\nreproducer (files in {out}):\n{repro}", flush=True)
                sys.exit(1)
    wall = time.monotonic() - start
    tools = ", ".join(f"{t} {n}" for t, n in sorted(by_tool.items()))
    print(f"fuzz: {a.runs} runs ({tools}) in {wall:.1f} s, slowest {slowest[0]:.2f} s (run {slowest[1]}); no crash, abort or hang")
    print(f"{a.runs} passed, 0 failed")


if __name__ == "__main__":
    main()
