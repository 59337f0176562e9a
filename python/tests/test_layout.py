"""tessel.Layout: parse, fields, indexing, sizes, suggestions, MLIR, pictures, JAX."""

import subprocess
from pathlib import Path

import pytest

import tessel
from tessel import Layout, LayoutError

ROOT = Path(__file__).resolve().parents[2]
BF16 = "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}"


def test_parse_gives_the_canonical_text_back():
    layout = Layout.parse(BF16)
    assert str(layout) == BF16
    # XLA's canonical form drops a default layout's braces only when printing without layout;
    # a layout written with spaces comes back canonical.
    assert str(Layout.parse("f32[3, 5]{1,0:T(8,128)}")) == "f32[3,5]{1,0:T(8,128)}"
    assert eval(repr(layout), {"Layout": Layout}) == layout
    assert hash(Layout.parse(BF16)) == hash(layout)


def test_fields():
    layout = Layout.parse(BF16)
    assert layout.shape == (8, 1, 1280, 16384)
    assert layout.dtype == "bf16"
    assert layout.minor_to_major == (3, 2, 0, 1)
    assert layout.tiles == ((8, 128), (2, 1))
    assert layout.memory_space == 1
    assert Layout.parse("f32[4,6,8]{2,1,0:T(2,128)(*,1)}").tiles == ((2, 128), ("*", 1))
    assert Layout.parse("s8[10]").memory_space == 0
    assert Layout.parse("f32[<=7,3]{1,0}").shape == (7, 3)


def test_malformed_layout_raises_with_the_column():
    with pytest.raises(LayoutError, match=r"column 21: expected ',' or '\)'"):
        Layout.parse("f32[3,5]{1,0:T(8,128")
    with pytest.raises(LayoutError, match="column 1"):
        Layout.parse("(f32[2], s8[3])")
    with pytest.raises(LayoutError):
        Layout.parse("f32[3,5]{0,0}")
    with pytest.raises(LayoutError, match="unbounded"):
        Layout.parse("f32[?,3]")
    assert issubclass(LayoutError, ValueError)


def cli(*args):
    exe = ROOT / "target" / "debug" / "tessel-layout"
    if not exe.exists():
        pytest.skip("tessel-layout is not built (cargo build)")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, check=True).stdout


def test_linear_index_and_element_are_inverse_and_match_the_cli():
    layout = Layout.parse("f32[5,300]{1,0:T(8,128)}")
    seen = set()
    for i in range(5):
        for j in range(0, 300, 37):
            pos = layout.linear_index([i, j])
            assert layout.element(pos) == (i, j)
            seen.add(pos)
    assert len(seen) == 5 * len(range(0, 300, 37))
    assert layout.linear_index([4, 299]) == int(cli("index", str(layout), "4,299"))
    # Row 5..7 of the first 8x128 tile is padding.
    assert layout.element(5 * 128) is None
    assert cli("element", str(layout), str(5 * 128)).strip() == "padding"


def test_index_errors():
    layout = Layout.parse("f32[5,300]{1,0:T(8,128)}")
    with pytest.raises(IndexError):
        layout.linear_index([5, 0])
    with pytest.raises(IndexError):
        layout.linear_index([1])
    with pytest.raises(IndexError):
        layout.element(layout.size_bytes // 4)
    with pytest.raises(IndexError):
        layout.element(-1)


def test_sizes():
    layout = Layout.parse("f32[3,5]{1,0:T(8,128)}")
    assert layout.size_bytes == 8 * 128 * 4
    assert layout.unpadded_bytes == 15 * 4
    assert layout.padding_ratio == pytest.approx(4096 / 60)
    big = Layout.parse(BF16)
    assert big.size_bytes == big.unpadded_bytes == 8 * 1280 * 16384 * 2
    assert big.padding_ratio == 1.0
    assert Layout.parse("f32[0,4]").padding_ratio is None
    facts = layout.explain()
    assert facts["size_bytes"] == layout.size_bytes and facts["data_bytes"] == layout.unpadded_bytes


def test_suggest_is_cheaper_and_sorted():
    layout = Layout.parse("f32[3,5]{1,0:T(8,128)}")
    better = layout.suggest()
    assert better, "a 3x5 array in 8x128 tiles has cheaper layouts"
    sizes = [b.size_bytes for b in better]
    assert sizes == sorted(sizes) and sizes[-1] < layout.size_bytes
    assert all(isinstance(b, Layout) and b.shape == (3, 5) and b.dtype == "f32" for b in better)
    assert Layout.parse("f32[1024,1024]{1,0:T(8,128)}").suggest() == []


def test_to_mlir_is_what_the_cli_prints():
    layout = Layout.parse("bf16[16,256]{1,0:T(8,128)(2,1)}")
    text = layout.to_mlir()
    assert "func.func @to_layout" in text and "linalg.pack" in text and "func.func @from_layout" in text
    assert text == cli("mlir", str(layout))
    with pytest.raises(LayoutError):
        Layout.parse("f32[<=8]").to_mlir()


def test_pictures():
    small = Layout.parse("f32[3,5]{1,0:T(2,4)}")
    svg = small._repr_svg_()
    assert svg.startswith("<svg") and svg == cli("svg", str(small))
    # Too large for `svg`: drawn as a window, never refused.
    big = Layout.parse(BF16)
    window = big._repr_svg_()
    assert window.startswith("<svg") and "a window of bf16[8,1,1280,16384]" in window
    assert window == cli("svg", "--window", str(big))
    html = big._repr_html_()
    assert "<table" in html and "picture of a window" in html and "<svg" in html
    assert ">canonical</th>" in html and ">size</th>" in html and ">after tile 1</th>" in html


class DeviceLocalLayout:
    """What JAX's layout object looks like to tessel: attributes only."""

    def __init__(self, major_to_minor, tiling=()):
        self.major_to_minor = major_to_minor
        self._tiling = tiling


class Format:
    def __init__(self, dll):
        self.device_local_layout = dll


def test_from_jax():
    dll = DeviceLocalLayout((0, 1, 2), ((8, 128), (2, 1)))
    layout = Layout.from_jax((4, 16, 256), "bfloat16", dll)
    assert str(layout) == "bf16[4,16,256]{2,1,0:T(8,128)(2,1)}"
    assert Layout.from_jax((4, 16, 256), "bfloat16", Format(dll)) == layout
    transposed = Layout.from_jax([3, 5], "float32", DeviceLocalLayout((1, 0)))
    assert transposed.minor_to_major == (0, 1)
    assert str(Layout.from_jax((2,), "int8")) == "s8[2]{0}"
    np = pytest.importorskip("numpy")
    assert Layout.from_jax((2, 3), np.float32, None).dtype == "f32"
    assert Layout.from_jax((2, 3), np.dtype("bool")).dtype == "pred"
    ml_dtypes = pytest.importorskip("ml_dtypes")
    assert Layout.from_jax((2, 3), ml_dtypes.bfloat16).dtype == "bf16"
    assert Layout.from_jax((2, 3), np.dtype(ml_dtypes.float8_e4m3fn)).dtype == "f8e4m3fn"


def test_from_jax_errors():
    with pytest.raises(LayoutError, match="no XLA element type"):
        Layout.from_jax((2,), "object")
    with pytest.raises(LayoutError, match="major_to_minor"):
        Layout.from_jax((2,), "float32", object())
    with pytest.raises(LayoutError, match="_tiling"):
        Layout.from_jax((2,), "float32", DeviceLocalLayout((0,), "8x128"))
    with pytest.raises(LayoutError):
        Layout.from_jax((2, 3), "float32", DeviceLocalLayout((0,)))


def test_version():
    assert tessel.__version__.count(".") == 2
