#!/usr/bin/env python3
"""Generates large MLIR inputs for speed comparisons (linalg spelling, so
mlir-opt 22 reads them too).

  gen_large.py arith N   one function with N arith ops (constants, addi,
                         muli, cmpi, select, index_cast) on index values
  gen_large.py pack N    one function with N pack/unpack ops over varying
                         shapes, tiles and permutations

The plain inputs a new user would write first (issue 11's representative
set; each is about N ops, counted as mlir-opt counts them, terminators
included):

  addf N    one function: a chain %vN = arith.addf %vN-1, %b : f32
  funcs N   many small functions (4 ops each) calling nothing
  wide N    rank-4 tensor ops: extract_slice / insert_slice / tensor.empty
  nest N    scf.for nests 6 deep, an addi in the innermost body
  attrs N   arith ops carrying discardable attribute dictionaries
  dense N   arith.constant dense<...> of 16 floats each
  complex N complex-dialect ops: constants, arithmetic, parts, functions
"""
import sys


def arith(n):
    out = ["func.func @arith(%a: index, %b: index) -> index {"]
    live = ["%a", "%b"]
    emitted = 0
    i = 0
    while emitted < n:
        x, y = live[-1], live[-2]
        kind = i % 6
        if kind == 0:
            out.append(f"  %c{i} = arith.constant {i % 97} : index")
            live.append(f"%c{i}")
        elif kind == 1:
            out.append(f"  %v{i} = arith.addi {x}, {y} : index")
            live.append(f"%v{i}")
        elif kind == 2:
            out.append(f"  %v{i} = arith.muli {x}, {y} : index")
            live.append(f"%v{i}")
        elif kind == 3:
            out.append(f"  %p{i} = arith.cmpi slt, {x}, {y} : index")
            out.append(f"  %v{i} = arith.select %p{i}, {x}, {y} : index")
            live.append(f"%v{i}")
            emitted += 1
        elif kind == 4:
            out.append(f"  %w{i} = arith.index_cast {x} : index to i64")
            out.append(f"  %v{i} = arith.index_cast %w{i} : i64 to index")
            live.append(f"%v{i}")
            emitted += 1
        else:
            out.append(f"  %v{i} = arith.subi {x}, {y} : index")
            live.append(f"%v{i}")
        emitted += 1
        i += 1
        if len(live) > 64:
            live = live[-8:]
    out.append(f"  return {live[-1]} : index")
    out.append("}")
    return "\n".join(out) + "\n"


def pack(n):
    out = ["func.func @packs(%pad: f32) {"]
    shapes = [(128, 256, 8, 16), (130, 250, 8, 32), (64, 64, 16, 16), (100, 7, 32, 4)]
    for i in range(n // 2):
        h, w, t0, t1 = shapes[i % len(shapes)]
        perm = (i // len(shapes)) % 2 == 1
        o0, o1 = -(-h // t0), -(-w // t1)
        packed = f"{o1}x{o0}x{t0}x{t1}" if perm else f"{o0}x{o1}x{t0}x{t1}"
        perm_txt = "outer_dims_perm = [1, 0] " if perm else ""
        out.append(f"  %s{i} = tensor.empty() : tensor<{h}x{w}xf32>")
        out.append(f"  %d{i} = tensor.empty() : tensor<{packed}xf32>")
        out.append(
            f"  %p{i} = linalg.pack %s{i} padding_value(%pad : f32) {perm_txt}inner_dims_pos = [0, 1] "
            f"inner_tiles = [{t0}, {t1}] into %d{i} : tensor<{h}x{w}xf32> -> tensor<{packed}xf32>"
        )
        out.append(
            f"  %u{i} = linalg.unpack %p{i} {perm_txt}inner_dims_pos = [0, 1] inner_tiles = [{t0}, {t1}] "
            f"into %s{i} : tensor<{packed}xf32> -> tensor<{h}x{w}xf32>"
        )
    out.append("  return")
    out.append("}")
    return "\n".join(out) + "\n"


def addf(n):
    out = ["func.func @chain(%a: f32, %b: f32) -> f32 {", "  %v0 = arith.addf %a, %b : f32"]
    out += [f"  %v{i} = arith.addf %v{i - 1}, %b : f32" for i in range(1, n - 1)]
    out += [f"  return %v{max(n - 2, 0)} : f32", "}"]
    return "\n".join(out) + "\n"


def funcs(n):
    out = []
    for i in range(max(n // 5, 1)):
        out.append(f"func.func @f{i}(%a: i32, %b: i32) -> i32 {{")
        out.append("  %0 = arith.addi %a, %b : i32")
        out.append("  %1 = arith.muli %0, %b : i32")
        out.append("  %2 = arith.subi %1, %a : i32")
        out.append("  return %2 : i32")
        out.append("}")
    return "\n".join(out) + "\n"


def wide(n):
    out = ["func.func @wide(%t: tensor<16x32x64x128xf32>, %i: index) -> tensor<16x32x64x128xf32> {"]
    cur = "%t"
    for i in range(max(n // 3, 1)):
        out.append(f"  %s{i} = tensor.extract_slice {cur}[0, %i, 8, 16] [8, 4, 32, 64] [1, 1, 1, 1] : "
                   "tensor<16x32x64x128xf32> to tensor<8x4x32x64xf32>")
        out.append(f"  %e{i} = tensor.empty() : tensor<8x4x32x64xf32>")
        out.append(f"  %r{i} = tensor.insert_slice %s{i} into {cur}[%i, 0, 0, %i] [8, 4, 32, 64] [1, 1, 1, 1] : "
                   "tensor<8x4x32x64xf32> into tensor<16x32x64x128xf32>")
        cur = f"%r{i}"
    out += [f"  return {cur} : tensor<16x32x64x128xf32>", "}"]
    return "\n".join(out) + "\n"


def nest(n):
    depth = 6
    # Per nest: a constant per level, the loops, their yields, one addi.
    per = 3 * depth + 1
    out = ["func.func @nest(%lb: index, %ub: index, %x: index) -> index {", "  %c1 = arith.constant 1 : index"]
    cur = "%x"
    for k in range(max(n // per, 1)):
        ind = "  "
        res = f"%n{k}"
        for d in range(depth):
            out.append(f"{ind}%r{k}_{d} = scf.for %i{k}_{d} = %lb to %ub step %c1 "
                       f"iter_args(%acc{k}_{d} = {cur if d == 0 else f'%acc{k}_{d - 1}'}) -> (index) {{")
            ind += "  "
        out.append(f"{ind}%y{k} = arith.addi %acc{k}_{depth - 1}, %i{k}_{depth - 1} : index")
        out.append(f"{ind}scf.yield %y{k} : index")
        for d in reversed(range(depth)):
            ind = ind[:-2]
            out.append(f"{ind}}}")
            if d > 0:
                out.append(f"{ind}scf.yield %r{k}_{d} : index")
        cur = f"%r{k}_0"
        _ = res
    out += [f"  return {cur} : index", "}"]
    return "\n".join(out) + "\n"


def attrs(n):
    out = ["func.func @attrs(%a: i64, %b: i64) -> i64 {"]
    cur = "%a"
    for i in range(n - 2):
        out.append(f'  %v{i} = arith.addi {cur}, %b {{name = "op{i}", level = {i % 7} : i64, '
                   f'weights = [1, 2, 3, {i % 11}], scale = 2.5e-01 : f32, hot, kind = "binary"}} : i64')
        cur = f"%v{i}"
    out += [f"  return {cur} : i64", "}"]
    return "\n".join(out) + "\n"


def dense(n):
    out = ["func.func @dense() -> tensor<16xf32> {"]
    for i in range(n - 2):
        vals = ", ".join(f"{(i * 16 + k) % 1000 * 0.25:.2f}" for k in range(16))
        out.append(f"  %c{i} = arith.constant dense<[{vals}]> : tensor<16xf32>")
    out += [f"  return %c{max(n - 3, 0)} : tensor<16xf32>", "}"]
    return "\n".join(out) + "\n"


def complex_ops(n):
    """A chain of complex-dialect ops: constants, arithmetic with fast-math
    flags, the parts and `create`, unary functions, comparisons."""
    out = ["func.func @complex(%z: complex<f32>, %w: complex<f32>) -> complex<f32> {"]
    cur = "%z"
    for i in range((n - 2) // 5):
        out.append(f"  %k{i} = complex.constant [{i % 13}.5 : f32, -{i % 7}.25 : f32] : complex<f32>")
        op = ["add", "mul", "sub", "div"][i % 4]
        flags = " fastmath<nnan,contract>" if i % 3 == 0 else ""
        out.append(f"  %a{i} = complex.{op} {cur}, %k{i}{flags} : complex<f32>")
        out.append(f"  %r{i} = complex.re %a{i} : complex<f32>")
        out.append(f"  %c{i} = complex.create %r{i}, %r{i} : complex<f32>")
        out.append(f"  %e{i} = complex.{['exp', 'conj', 'neg', 'sqrt'][i % 4]} %c{i} : complex<f32>")
        cur = f"%e{i}"
    out += [f"  return {cur} : complex<f32>", "}"]
    return "\n".join(out) + "\n"


KINDS = {"arith": arith, "pack": pack, "addf": addf, "funcs": funcs, "wide": wide, "nest": nest, "attrs": attrs,
         "dense": dense, "complex": complex_ops}

if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write(KINDS[kind](n))
