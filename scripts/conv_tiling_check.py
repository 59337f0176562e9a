#!/usr/bin/env python3
"""Every convolution and pooling op of MLIR 22, tiled at random by
`transform.structured.tile_using_for` (output dims and window dims alike):
tessel's engine gives the same values before and after tiling (integer
elements, so reassociating a tiled reduction changes nothing), and the
tiled, canonicalized IR equals mlir-opt 22's line for line (in constant
order too where `--strict` is given). Two known differences are allowed
otherwise (docs/differences.md): constants in another order, and a window's
size `s + 1` over one loop's tile size written with a dim where mlir-opt
writes a symbol or the other way round (`(d0) -> (d0 + 1)` /
`()[s0] -> (s0 + 1)`; upstream's choice follows from where its affine
composition folds, which tessel does not reproduce in every case).

The ops are restated here from upstream's OpDSL definitions (loops in
upstream's order, the input indexed by `out * stride + window * dilation`),
independently of tessel's table, to make the shapes of each instance.

Usage: scripts/conv_tiling_check.py --tessel T --mlir-opt M [--trials N] [--seed S]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

# name, loops, input, filter, output, zero points (the _q ops)
OPS = [
    ("conv_1d", "ow kw", "ow+kw", "kw", "ow", False, False),
    ("conv_2d", "oh ow kh kw", "oh+kh ow+kw", "kh kw", "oh ow", False, False),
    ("conv_3d", "od oh ow kd kh kw", "od+kd oh+kh ow+kw", "kd kh kw", "od oh ow", False, False),
    ("conv_1d_nwc_wcf", "n ow f kw c", "n ow+kw c", "kw c f", "n ow f", False, True),
    ("conv_1d_ncw_fcw", "n f ow c kw", "n c ow+kw", "f c kw", "n f ow", False, True),
    ("conv_2d_nhwc_hwcf", "n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", "n oh ow f", False, True),
    ("conv_2d_nhwc_fhwc", "n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", "n oh ow f", False, True),
    ("conv_2d_nhwc_hwcf_q", "n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", "n oh ow f", True, True),
    ("conv_2d_nhwc_fhwc_q", "n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", "n oh ow f", True, True),
    ("conv_2d_nchw_fchw", "n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", "n f oh ow", False, True),
    ("conv_2d_nchw_fchw_q", "n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", "n f oh ow", True, True),
    ("conv_2d_ngchw_fgchw", "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "fg g c kh kw", "n g fg oh ow", False, True),
    ("conv_2d_ngchw_gfchw", "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "g fg c kh kw", "n g fg oh ow", False, True),
    ("conv_2d_ngchw_gfchw_q", "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "g fg c kh kw", "n g fg oh ow", True, True),
    ("conv_2d_nhwgc_gfhwc", "n oh ow g fg kh kw c", "n oh+kh ow+kw g c", "g fg kh kw c", "n oh ow g fg", False, True),
    ("conv_2d_nhwgc_gfhwc_q", "n oh ow g fg kh kw c", "n oh+kh ow+kw g c", "g fg kh kw c", "n oh ow g fg", True, True),
    ("conv_3d_ndhwc_dhwcf", "n od oh ow f kd kh kw c", "n od+kd oh+kh ow+kw c", "kd kh kw c f", "n od oh ow f", False, True),
    ("conv_3d_ndhwc_dhwcf_q", "n od oh ow f kd kh kw c", "n od+kd oh+kh ow+kw c", "kd kh kw c f", "n od oh ow f", True, True),
    ("conv_3d_ncdhw_fcdhw", "n f od oh ow c kd kh kw", "n c od+kd oh+kh ow+kw", "f c kd kh kw", "n f od oh ow", False, True),
    ("depthwise_conv_1d_nwc_wc", "n ow ic kw", "n ow+kw ic", "kw ic", "n ow ic", False, True),
    ("depthwise_conv_1d_ncw_cw", "n ow ic kw", "n ic ow+kw", "ic kw", "n ic ow", False, True),
    ("depthwise_conv_1d_nwc_wcm", "n ow ic cm kw", "n ow+kw ic", "kw ic cm", "n ow ic cm", False, True),
    ("depthwise_conv_2d_nhwc_hwc", "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", "n oh ow ic", False, True),
    ("depthwise_conv_2d_nchw_chw", "n oh ow ic kh kw", "n ic oh+kh ow+kw", "ic kh kw", "n ic oh ow", False, True),
    ("depthwise_conv_2d_nhwc_hwc_q", "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", "n oh ow ic", True, True),
    ("depthwise_conv_2d_nhwc_hwcm", "n oh ow ic cm kh kw", "n oh+kh ow+kw ic", "kh kw ic cm", "n oh ow ic cm", False, True),
    ("depthwise_conv_2d_nhwc_hwcm_q", "n oh ow ic cm kh kw", "n oh+kh ow+kw ic", "kh kw ic cm", "n oh ow ic cm", True, True),
    ("depthwise_conv_3d_ndhwc_dhwc", "n od oh ow kd kh kw ic", "n od+kd oh+kh ow+kw ic", "kd kh kw ic", "n od oh ow ic", False, True),
    ("depthwise_conv_3d_ncdhw_cdhw", "n od oh ow kd kh kw ic", "n ic od+kd oh+kh ow+kw", "ic kd kh kw", "n ic od oh ow", False, True),
    ("depthwise_conv_3d_ndhwc_dhwcm", "n od oh ow cm kd kh kw ic", "n od+kd oh+kh ow+kw ic", "kd kh kw ic cm", "n od oh ow ic cm", False, True),
]
for layout, loops, inp, out in [
    ("nhwc", "n oh ow c kh kw", "n oh+kh ow+kw c", "n oh ow c"),
    ("nchw", "n c oh ow kh kw", "n c oh+kh ow+kw", "n c oh ow"),
    ("nwc", "n ow c kw", "n ow+kw c", "n ow c"),
    ("ncw", "n c ow kw", "n c ow+kw", "n c ow"),
    ("ndhwc", "n od oh ow c kd kh kw", "n od+kd oh+kh ow+kw c", "n od oh ow c"),
]:
    window = " ".join(l for l in loops.split() if l.startswith("k"))
    kinds = {"nhwc": ["sum", "max", "max_unsigned", "min", "min_unsigned"], "nchw": ["sum", "max"],
             "nwc": ["sum", "max", "max_unsigned", "min", "min_unsigned"], "ncw": ["sum", "max"],
             "ndhwc": ["sum", "max", "min"]}[layout]
    for kind in kinds:
        OPS.append((f"pooling_{layout}_{kind}", loops, inp, window, out, False, True))


def shapes(op, sizes, strides, dilations):
    name, loops, inp, fil, out, _, strided = op
    def shape(expr):
        dims, k = [], 0
        for term in expr.split():
            if "+" in term:
                a, b = term.split("+")
                s, d = (strides[k], dilations[k]) if strided else (1, 1)
                dims.append((sizes[a] - 1) * s + (sizes[b] - 1) * d + 1)
                k += 1
            else:
                dims.append(sizes[term])
        return dims
    return shape(inp), shape(fil), shape(out)


def instance(op, rng):
    name, loops, inp, fil, out, zero_points, strided = op
    sizes = {l: rng.choice([1, 2, 3, 4]) for l in loops.split()}
    nsp = inp.count("+")
    strides = [rng.choice([1, 2, 3]) for _ in range(nsp)]
    dilations = [rng.choice([1, 2]) for _ in range(nsp)]
    i, f, o = shapes(op, sizes, strides, dilations)
    t = lambda s: "tensor<" + "x".join(map(str, s)) + "xi32>"
    attrs = ""
    if strided:
        attrs = " {dilations = dense<[%s]> : tensor<%dxi64>, strides = dense<[%s]> : tensor<%dxi64>}" % (
            ", ".join(map(str, dilations)), nsp, ", ".join(map(str, strides)), nsp)
    args, ins, tys = f"%i: {t(i)}, %k: {t(f)}", "%i, %k", f"{t(i)}, {t(f)}"
    if zero_points:
        args, ins, tys = args + ", %zi: i32, %zk: i32", ins + ", %zi, %zk", tys + ", i32, i32"
    return (f"func.func @f({args}, %o: {t(o)}) -> {t(o)} {{\n"
            f"  %r = linalg.{name}{attrs} ins({ins} : {tys}) outs(%o : {t(o)}) -> {t(o)}\n"
            f"  return %r : {t(o)}\n}}\n"), 5 if zero_points else 3


def schedule(op, rng):
    name, loops = op[0], op[1].split()
    tiles = [rng.choice([0, 1, 2, 3]) for _ in loops]
    if not any(tiles):
        tiles[rng.randrange(len(tiles))] = 1
    n = sum(1 for x in tiles if x)
    handles = ", ".join(["!transform.any_op"] * n)
    loops_result = "%l" if n == 1 else f"%l:{n}"
    return f"""module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{
    %r = transform.structured.match ops{{["linalg.{name}"]}} in %root : (!transform.any_op) -> !transform.any_op
    %t, {loops_result} = transform.structured.tile_using_for %r tile_sizes {tiles} : (!transform.any_op) -> (!transform.any_op, {handles})
    transform.yield
  }}
}}
""", tiles


def normalized(text):
    """`text` with the known differences taken out: lines sorted (constant
    order), `()[s0] -> (s0 + 1)` applied to `[%v]` written with a dim."""
    text = re.sub(r"affine_map<\(\)\[s0\] -> \(s0 \+ 1\)>", "affine_map<(d0) -> (d0 + 1)>", text)
    text = re.sub(r"(affine\.apply #map\d*)\(\)\[(%\w+)\]", r"\1(\2)", text)
    return sorted(text.splitlines())


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessel", required=True)
    ap.add_argument("--mlir-opt", required=True)
    ap.add_argument("--trials", type=int, default=2, help="random tilings per op")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strict", action="store_true", help="constants in mlir-opt's order too")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures, identical, total = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "conv.mlir")
        for op in OPS:
            for _ in range(args.trials):
                body, n_inputs = instance(op, rng)
                script, tiles = schedule(op, rng)
                with open(path, "w") as f:
                    f.write(body + script)
                total += 1
                inputs = [f"--input=random:{k}" for k in range(1, n_inputs + 1)]
                before = run([args.tessel, path, "--run=f", *inputs])
                after = run([args.tessel, path, "-transform-interpreter", "--run=f", *inputs])
                what = f"{op[0]} tile_sizes {tiles}"
                if before.returncode or after.returncode or before.stdout != after.stdout:
                    failures.append(f"{what}: values differ after tiling\n{after.stderr[-500:]}")
                    continue
                cleanup = ["-transform-interpreter", "-canonicalize", "-cse"]
                ours, theirs = run([args.tessel, path, *cleanup]), run([args.mlir_opt, path, *cleanup])
                if ours.stdout == theirs.stdout:
                    identical += 1
                elif args.strict or normalized(ours.stdout) != normalized(theirs.stdout):
                    failures.append(f"{what}: tiled IR differs from mlir-opt 22's\n--- tessel\n{ours.stdout}{ours.stderr}--- mlir-opt\n{theirs.stdout}{theirs.stderr}")
    for f in failures[:5]:
        print(f)
    print(f"conv tiling: {total} tilings of {len(OPS)} ops, {total - len(failures)} ok "
          f"({identical} byte for byte, the rest up to the known differences), {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
