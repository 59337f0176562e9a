#!/usr/bin/env python3
"""Generates large MLIR inputs for speed comparisons (linalg spelling, so
mlir-opt 22 reads them too).

  gen_large.py arith N   one function with N arith ops (constants, addi,
                         muli, cmpi, select, index_cast) on index values
  gen_large.py pack N    one function with N pack/unpack ops over varying
                         shapes, tiles and permutations
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


if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write({"arith": arith, "pack": pack}[kind](n))
