"""tessel.Module: parse, verify, passes, printing and running on NumPy arrays."""

import pytest

np = pytest.importorskip("numpy")

import tessel
from tessel import MlirError, Module, RunError

PACK = """
func.func @pack(%a: tensor<6x10xf32>) -> tensor<2x3x4x4xf32> {
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %pad = arith.constant -1.0 : f32
  %p = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4]
      into %e : tensor<6x10xf32> -> tensor<2x3x4x4xf32>
  return %p : tensor<2x3x4x4xf32>
}
func.func @unpack(%p: tensor<2x3x4x4xf32>) -> tensor<6x10xf32> {
  %e = tensor.empty() : tensor<6x10xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e
      : tensor<2x3x4x4xf32> -> tensor<6x10xf32>
  return %u : tensor<6x10xf32>
}
"""


def reference_pack(a, tile=(4, 4), pad=-1.0):
    rows = -(-a.shape[0] // tile[0]) * tile[0]
    cols = -(-a.shape[1] // tile[1]) * tile[1]
    padded = np.full((rows, cols), pad, dtype=a.dtype)
    padded[: a.shape[0], : a.shape[1]] = a
    return padded.reshape(rows // tile[0], tile[0], cols // tile[1], tile[1]).transpose(0, 2, 1, 3)


def test_parse_print_and_functions():
    m = Module.parse(PACK)
    assert isinstance(m, Module) and m.functions == ["pack", "unpack"]
    assert m.signature("pack") == ["tensor<6x10xf32>"]
    text = str(m)
    assert "linalg.pack %arg0 padding_value(%cst : f32)" in text
    # What tessel prints, tessel parses again to the same text.
    assert str(Module.parse(text)) == text
    assert "tensor.pack" in m.to_text(pack_spelling="tensor")
    assert '"linalg.pack"' in m.to_text(pack_spelling="linalg", generic=True)
    with pytest.raises(ValueError, match="pack_spelling"):
        m.to_text(pack_spelling="numpy")
    assert Module(PACK).functions == ["pack", "unpack"]
    assert "pack" in repr(m)


def test_bad_ir_raises_with_file_line_col():
    with pytest.raises(MlirError, match=r"^bad\.mlir:3:19: error: use of undeclared SSA value name"):
        Module.parse("func.func @f() {\n  %c = arith.constant 1 : i32\n  %0 = arith.addi %x, %c : i32\n  return\n}", "bad.mlir")
    # Parses, but does not verify: upstream's message.
    bad_pack = PACK.replace("inner_tiles = [4, 4]\n      into %e", "inner_tiles = [4, 8]\n      into %e")
    with pytest.raises(MlirError, match=r"^<string>:5:8: error: mismatch in inner tile sizes"):
        Module.parse(bad_pack)
    assert issubclass(MlirError, ValueError)


def test_run_matches_numpy():
    m = Module.parse(PACK)
    a = np.random.default_rng(0).standard_normal((6, 10)).astype(np.float32)
    (packed,) = m.run("pack", a)
    assert packed.dtype == np.float32 and packed.shape == (2, 3, 4, 4)
    np.testing.assert_array_equal(packed, reference_pack(a))
    (back,) = m.run("unpack", packed)
    np.testing.assert_array_equal(back, a)


def test_run_passes_keeps_the_values():
    m = Module.parse(PACK)
    a = np.arange(60, dtype=np.float32).reshape(6, 10)
    (before,) = m.run("pack", a)
    same = m.run_passes("tile-pack-unpack{tile-sizes=1,2},canonicalize,cse")
    assert same is m
    assert "scf.for" in str(m)
    (after,) = m.run("pack", a)
    np.testing.assert_array_equal(before, after)
    m.run_passes("builtin.module(func.func(lower-pack-unpack))")
    (lowered,) = m.run("pack", a)
    np.testing.assert_array_equal(before, lowered)


def test_pipeline_errors():
    m = Module.parse(PACK)
    with pytest.raises(MlirError, match="does not refer to a registered pass"):
        m.run_passes("no-such-pass")
    with pytest.raises(MlirError, match="tile-sizes"):
        m.run_passes("tile-pack-unpack{tile-sizes=x}")


def test_argument_errors_name_the_argument():
    m = Module.parse(PACK)
    a = np.zeros((6, 10), np.float32)
    with pytest.raises(ValueError, match=r"argument 0 \(tensor<6x10xf32>\): dtype <f8 does not hold f32"):
        m.run("pack", a.astype(np.float64))
    with pytest.raises(ValueError, match=r"argument 0 .*shape \[6, 9\] of the array does not fit"):
        m.run("pack", a[:, :9])
    with pytest.raises(ValueError, match=r"@pack takes 1 argument, got 2"):
        m.run("pack", a, a)
    with pytest.raises(ValueError, match="no function @nope"):
        m.run("nope", a)
    with pytest.raises(TypeError, match="argument 0 is str"):
        m.run("pack", "iota")
    with pytest.raises(TypeError, match="argument 0"):
        m.run("pack", [object()])


SCALARS = """
func.func @axpy(%x: tensor<?xf32>, %a: f32, %n: index, %flag: i1) -> (tensor<?xf32>, index, i1) {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %a : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r, %n, %flag : tensor<?xf32>, index, i1
}
"""


def test_scalars_dynamic_shapes_and_exact_dtypes():
    m = Module.parse(SCALARS)
    x = np.array([1.0, -2.0, 0.5], np.float32)
    r, n, flag = m.run("axpy", x, 2.5, 3, True)
    np.testing.assert_array_equal(r, x * np.float32(2.5))
    assert n == 3 and n.dtype == np.int64 and flag == True and flag.dtype == np.bool_  # noqa: E712
    # NumPy scalars of the exact type work too.
    r2, _, _ = m.run("axpy", x, np.float32(2.5), np.int64(3), np.bool_(False))
    np.testing.assert_array_equal(r, r2)
    with pytest.raises(ValueError, match=r"argument 2 \(index\): 1.5 is not a value of type index"):
        m.run("axpy", x, 2.5, 1.5, True)
    with pytest.raises(ValueError, match=r"argument 1 \(f32\): the argument is a scalar f32"):
        m.run("axpy", x, x, 3, True)


FILL = """
func.func @fill(%m: memref<4xf32>, %i: index) -> f32 {
  %c = arith.constant 2.5 : f32
  linalg.fill ins(%c : f32) outs(%m : memref<4xf32>)
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}
"""


def test_memrefs_are_written_back_and_faults_raise_run_error():
    m = Module.parse(FILL, "fill.mlir")
    buf = np.zeros(4, np.float32)
    (v,) = m.run("fill", buf, 1)
    assert v == np.float32(2.5) and isinstance(v, np.float32)
    np.testing.assert_array_equal(buf, np.full(4, 2.5, np.float32))
    with pytest.raises(RunError, match=r"^fill\.mlir:5:8: error: memref index 7 is outside \[0, 4\)"):
        m.run("fill", buf, 7)
    assert issubclass(RunError, RuntimeError)


BF16 = """
func.func @pack(%a: tensor<16x4xbf16>) -> tensor<8x4x2xbf16> {
  %e = tensor.empty() : tensor<8x4x2xbf16>
  %p = linalg.pack %a inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<16x4xbf16> -> tensor<8x4x2xbf16>
  return %p : tensor<8x4x2xbf16>
}
"""


def test_bf16_through_ml_dtypes_and_as_raw_bits(monkeypatch):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    m = Module.parse(BF16)
    a = (np.arange(64, dtype=np.float32) / 7).astype(ml_dtypes.bfloat16).reshape(16, 4)
    (p,) = m.run("pack", a)
    assert p.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(p.view(np.uint16), a.view(np.uint16).reshape(8, 2, 4).transpose(0, 2, 1))
    # Without ml_dtypes, bf16 goes in and comes out as its raw bits.
    monkeypatch.setattr(tessel, "_bfloat16", lambda: None)
    (bits,) = m.run("pack", a.view(np.uint16))
    assert bits.dtype == np.uint16
    np.testing.assert_array_equal(bits, p.view(np.uint16))


COMPLEX = """
func.func @f(%a: complex<f32>, %b: complex<f64>) -> (complex<f32>, f32, complex<f64>) {
  %k = complex.constant [1.5 : f32, -2.0 : f32] : complex<f32>
  %m = complex.mul %a, %k : complex<f32>
  %r = complex.abs %a : complex<f32>
  %d = complex.div %b, %b : complex<f64>
  return %m, %r, %d : complex<f32>, f32, complex<f64>
}
"""


def test_run_takes_and_gives_complex_numbers():
    m = Module.parse(COMPLEX)
    mul, absolute, div = m.run("f", 3 + 4j, np.complex128(2 - 1j))
    assert isinstance(mul, np.complex64) and mul == np.complex64((3 + 4j) * (1.5 - 2j))
    assert isinstance(absolute, np.float32) and absolute == 5.0
    assert isinstance(div, np.complex128) and div == 1 + 0j
