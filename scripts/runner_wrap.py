"""Runs a generated function @fK on fixed inputs in tessel's engine and,
after a lowering, through mlir-opt 22's LLVM pipeline and mlir-runner.

`wrapper` writes @w, which builds constant inputs (memrefs allocated and
filled), calls @fK and returns its results with every tensor result and
every memref argument read whole into vectors; and @main, which prints what
@w returns with vector.print (16-bit floats extended to f32, i1 to i8).
`numbers` reads the values out of the engine's printout and out of
mlir-runner's, so the two can be compared.
"""
import os
import random
import re
import subprocess
import sys

# What `check` returns when 22's LLVM pipeline leaves vector ops it
# cannot convert (the program is not run).
LEFT_BY_22 = "22's LLVM pipeline leaves vector ops"

# Largest index argument value.
MAX_INDEX = 2


def vec(shape, elem):
    return f"vector<{'x'.join(map(str, shape))}x{elem}>" if shape else f"vector<{elem}>"


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def parse_type(t):
    """('memref' | 'tensor' | 'vector', shape, element), ('index', [], '')
    or ('scalar', [], type)."""
    t = t.strip()
    m = re.fullmatch(r"(memref|tensor|vector)<(.*)>", t)
    if not m:
        return ("index", [], "") if t == "index" else ("scalar", [], t)
    parts = m.group(2).split("x")
    return (m.group(1), [int(p) for p in parts[:-1]], parts[-1])


def split_types(text):
    """Top-level comma-separated types."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "<([" and 1 or 0
        depth -= ch in ">)]" and 1 or 0
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def signature(text, name):
    """The arguments (name, type) and result types of @name in `text`."""
    m = re.search(r"func\.func @" + re.escape(name) + r"\((.*?)\)(?: -> (\(.*?\)|[^{]+?))? \{", text, re.S)
    args = [tuple(a.split(":", 1)) for a in split_types(m.group(1))]
    args = [(n.strip(), t.strip()) for n, t in args]
    res = (m.group(2) or "").strip()
    if res.startswith("("):
        res = res[1:-1]
    return args, split_types(res)


def literal(shape, elem, rng):
    """A dense literal of small values (exact in every element type)."""
    def one():
        if elem == "i1":
            return rng.choice(["true", "false"])
        v = rng.randint(-6, 9)
        return f"{v}.0" if elem in ("f32", "f16", "bf16", "f64") else str(v)

    def nest(dims):
        if not dims:
            return one()
        return "[" + ", ".join(nest(dims[1:]) for _ in range(dims[0])) + "]"
    return nest(shape)


def wrapper(name, args, results, rng):
    """@w (constant inputs, the call, results as vectors) and @main (the
    prints), as text."""
    lines, call_args, outs, out_types = ["  %wz = arith.constant 0 : index"], [], [], []
    pads = {}

    def pad(elem):
        if elem not in pads:
            zero = "false" if elem == "i1" else ("0.0" if elem.startswith(("f", "bf")) else "0")
            pads[elem] = f"%wp{len(pads)}"
            lines.append(f"  {pads[elem]} = arith.constant {zero} : {elem}")
        return pads[elem]

    def whole(v, kind, shape, elem):
        idx = ", ".join(["%wz"] * len(shape))
        ib = ", ".join(["true"] * len(shape))
        out = f"%whole{len(outs)}"
        attr = f" {{in_bounds = [{ib}]}}" if shape else ""
        lines.append(f"  {out} = vector.transfer_read {v}[{idx}], {pad(elem)}{attr} : "
                     f"{kind}<{'x'.join(map(str, shape + [elem]))}>, {vec(shape, elem)}")
        outs.append(out)
        out_types.append(vec(shape, elem))

    memrefs = []
    for j, (_, ty) in enumerate(args):
        kind, shape, elem = parse_type(ty)
        a = f"%a{j}"
        if kind == "index":
            lines.append(f"  {a} = arith.constant {rng.randint(0, MAX_INDEX)} : index")
        elif kind == "scalar":
            lines.append(f"  {a} = arith.constant {literal([], ty, rng)} : {ty}")
        elif kind == "memref":
            lines.append(f"  {a} = memref.alloc() : {ty}")
            lines.append(f"  %init{j} = arith.constant dense<{literal(shape, elem, rng)}> : {vec(shape, elem)}")
            idx = ", ".join(["%wz"] * len(shape))
            attr = f" {{in_bounds = [{', '.join(['true'] * len(shape))}]}}" if shape else ""
            lines.append(f"  vector.transfer_write %init{j}, {a}[{idx}]{attr} : {vec(shape, elem)}, {ty}")
            memrefs.append((a, shape, elem))
        else:
            lines.append(f"  {a} = arith.constant dense<{literal(shape, elem, rng)}> : {ty}")
        call_args.append(a)
    names = [f"%res{j}" for j in range(len(results))]
    arg_types = ", ".join(t for _, t in args)
    call = f"call @{name}({', '.join(call_args)}) : ({arg_types}) -> ({', '.join(results)})"
    lines.append(f"  {', '.join(names)} = {call}" if results else f"  {call}")
    for n, t in zip(names, results):
        kind, shape, elem = parse_type(t)
        if kind == "tensor":
            whole(n, "tensor", shape, elem)
        else:
            outs.append(n)
            out_types.append(t)
    for a, shape, elem in memrefs:
        whole(a, "memref", shape, elem)
    w = (f"func.func @w() -> ({', '.join(out_types)}) {{\n" + "\n".join(lines) +
         f"\n  return {', '.join(outs)} : {', '.join(out_types)}\n}}\n")
    prints = []
    for j, t in enumerate(out_types):
        kind, shape, elem = parse_type(t)
        v = f"%o{j}"
        like = (lambda e: e) if kind == "scalar" else (lambda e: vec(shape, e))
        if elem in ("bf16", "f16"):
            prints.append(f"  %x{j} = arith.extf {v} : {t} to {like('f32')}")
            v, t = f"%x{j}", like("f32")
        elif elem == "i1":
            prints.append(f"  %x{j} = arith.extui {v} : {t} to {like('i8')}")
            v, t = f"%x{j}", like("i8")
        prints.append(f"  vector.print {v} : {t}")
    outs_names = ", ".join(f"%o{j}" for j in range(len(out_types)))
    head = f"  {outs_names} = call @w() : () -> ({', '.join(out_types)})\n" if out_types else "  call @w() : () -> ()\n"
    main = "func.func @main() {\n" + head + "\n".join(prints) + "\n  return\n}\n"
    return w, main


def numbers(text):
    """The numbers of an engine printout or of vector.print output (the
    engine's `// result #k: type` lines left out; true/false as 1/0)."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("//"))
    body = body.replace("true", "1").replace("false", "0")
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|-?inf|nan", body)]


def same_ops(a, b):
    """Whether two printed modules hold the same lines up to order and SSA
    names (the greedy driver's constant hoisting orders the entry constants
    differently)."""
    norm = lambda t: sorted(re.sub(r"%[\w#]+", "%x", line).strip() for line in t.splitlines())  # noqa: E731
    return norm(a) == norm(b)


def runner_libs(llvm_bin):
    libdir = os.path.join(os.path.dirname(llvm_bin.rstrip("/")), "lib")
    return f"{libdir}/libmlir_c_runner_utils.so,{libdir}/libmlir_runner_utils.so"


def check(tessel, llvm_bin, tmp, tag, text, name, lower, seed, tolerant=False):
    """Runs @name of `text` on fixed inputs in the engine, and tessel's
    lowering (`lower`: its flags) of the same module through mlir-opt 22's
    LLVM pipeline and mlir-runner. None when both print the same values,
    else why not."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from vectorize_parity import VECTOR_PIPELINE
    args, results = signature(text, name)
    w, main = wrapper(name, args, results, random.Random(seed))
    path = os.path.join(tmp, f"w{tag}.mlir")
    with open(path, "w") as fh:
        fh.write(text + "\n" + w)
    engine = run([tessel, path, "--run=w"])
    if engine.returncode != 0:
        return f"the engine failed on the wrapper:\n{engine.stderr[:600]}"
    ours = run([tessel, path] + lower)
    if ours.returncode != 0:
        return f"tessel failed on the wrapper:\n{ours.stderr[:600]}"
    full = os.path.join(tmp, f"r{tag}.mlir")
    module = ours.stdout.rstrip()
    # Into the module, before its closing brace.
    with open(full, "w") as fh:
        fh.write(module[:module.rstrip().rfind("}")] + main + "}\n")
    # Bufferized by tessel (22 drops the copy a masked or out-of-bounds
    # transfer_write into a tensor needs; docs/differences.md) with its
    # poisons frozen (none may reach the LLVM conversion; 22's own
    # -convert-vector-to-llvm makes new ones where it unrolls n-D ops, for
    # its -convert-ub-to-llvm), then taken to LLVM by 22.
    buffers = run([tessel, full, "-one-shot-bufferize=bufferize-function-boundaries", "-freeze-poison"])
    if buffers.returncode != 0:
        return f"tessel could not bufferize its output:\n{buffers.stderr[:800]}"
    if "ub.poison" in buffers.stdout:
        return f"tessel left a ub.poison for the LLVM conversion:\n{buffers.stdout[:800]}"
    pipeline = [p for p in VECTOR_PIPELINE if not p.startswith("-one-shot-bufferize")]
    low = run([os.path.join(llvm_bin, "mlir-opt"), "-"] + pipeline, stdin=buffers.stdout)
    if low.returncode != 0:
        return f"mlir-opt 22 could not take tessel's output to LLVM:\n{low.stderr[:800]}"
    r = run([os.path.join(llvm_bin, "mlir-runner"), "-", "-e", "main", "-entry-point-result=void",
             f"-shared-libs={runner_libs(llvm_bin)}"], stdin=low.stdout)
    if r.returncode != 0 and "Dialect `vector' not found" in r.stderr:
        # 22's conversions leave n-D vector.load / store and masked
        # contractions (nothing in its LLVM pipeline unrolls them).
        return LEFT_BY_22
    if r.returncode != 0:
        return f"mlir-runner failed:\n{r.stderr[:800]}"
    xs, ys = numbers(engine.stdout), numbers(r.stdout)
    # vector.print writes floats with six significant digits.
    same = len(xs) == len(ys) and all(x == y or abs(x - y) <= 1e-5 * max(abs(x), abs(y), 1e-3) or
                                      (tolerant and abs(x - y) <= 1e-4 * max(abs(x), abs(y), 1e-3))
                                      for x, y in zip(xs, ys))
    if not same:
        return f"mlir-runner prints other values:\nengine {engine.stdout[:600]}\nrunner {r.stdout[:600]}"
    return None
