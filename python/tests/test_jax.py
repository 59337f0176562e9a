"""Against real JAX (CPU): its layout objects and its compiled HLO text."""

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import tessel


def test_from_jax_reads_real_layout_objects():
    x = jnp.zeros((8, 128), jnp.bfloat16)
    fmt = getattr(x, "format", None) or x.layout
    assert str(tessel.Layout.from_jax(x.shape, x.dtype, fmt)) == "bf16[8,128]{1,0}"
    from jax.experimental.layout import Layout as JaxLayout

    tiled = JaxLayout(major_to_minor=(0, 1, 2), tiling=((8, 128), (2, 1)))
    layout = tessel.Layout.from_jax((3, 5, 200), jnp.bfloat16, tiled)
    assert str(layout) == "bf16[3,5,200]{2,1,0:T(8,128)(2,1)}"
    assert layout.padding_ratio == pytest.approx(8 * 256 / (5 * 200))
    transposed = JaxLayout(major_to_minor=(1, 0))
    assert tessel.Layout.from_jax((4, 6), jnp.float32, transposed).minor_to_major == (0, 1)


def test_hlo_report_reads_compiled_jax_text():
    x = jnp.zeros((3, 5), jnp.float32)

    def f(a, b):
        return jnp.tanh(a) @ b.T, a.sum()

    text = jax.jit(f).lower(x, x).compile().as_text()
    report = tessel.hlo_report(text)
    shapes = {row.shape for row in report}
    assert "f32[3,3]{1,0}" in shapes and "f32[3,5]{1,0}" in shapes
    for row in report:
        # CPU layouts are untiled: nothing is padded, nothing to fix.
        assert row.bytes == row.unpadded_bytes and row.cause is None and row.fix is None
        assert row.layout is not None and row.layout.size_bytes == row.bytes
