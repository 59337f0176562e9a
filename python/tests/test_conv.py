"""Convolution and pooling ops run by tessel's engine against NumPy written
from their definitions (strides, dilations, zero points, unsigned pooling)."""

import pytest

np = pytest.importorskip("numpy")

from tessel import Module


def t(shape, dtype):
    return f"tensor<{'x'.join(map(str, shape))}x{dtype}>"


def run_op(op, attrs, inputs, out_shape, out_dtype, mlir_types):
    args = ", ".join(f"%a{i}: {ty}" for i, ty in enumerate(mlir_types))
    names = ", ".join(f"%a{i}" for i in range(len(inputs)))
    tys = ", ".join(mlir_types)
    out = t(out_shape, out_dtype)
    text = f"""
func.func @f({args}, %o: {out}) -> {out} {{
  %r = linalg.{op} {attrs} ins({names} : {tys}) outs(%o : {out}) -> {out}
  return %r : {out}
}}"""
    np_out = {"f32": np.float32, "i32": np.int32}[out_dtype]
    (r,) = Module.parse(text).run("f", *inputs, np.zeros(out_shape, np_out))
    return r


def windows(x, axis, out_len, k, stride, dilation):
    """x's slices along `axis` read by window position k: x[k*d + o*s] for each o."""
    index = [slice(None)] * x.ndim
    start = k * dilation
    index[axis] = slice(start, start + (out_len - 1) * stride + 1, stride)
    return x[tuple(index)]


def test_conv_2d_nhwc_hwcf_strided_dilated():
    rng = np.random.default_rng(0)
    s, d, k, o = (2, 3), (3, 1), (2, 3), (3, 2)
    h = [(o[i] - 1) * s[i] + (k[i] - 1) * d[i] + 1 for i in range(2)]
    x = rng.standard_normal((2, h[0], h[1], 3)).astype(np.float32)
    w = rng.standard_normal((k[0], k[1], 3, 4)).astype(np.float32)
    attrs = "{dilations = dense<[3, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}"
    got = run_op("conv_2d_nhwc_hwcf", attrs, [x, w], (2, o[0], o[1], 4), "f32", [t(x.shape, "f32"), t(w.shape, "f32")])
    want = np.zeros((2, o[0], o[1], 4), np.float32)
    for kh in range(k[0]):
        for kw in range(k[1]):
            patch = windows(windows(x, 1, o[0], kh, s[0], d[0]), 2, o[1], kw, s[1], d[1])
            want += np.einsum("nhwc,cf->nhwf", patch, w[kh, kw])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_depthwise_conv_2d_nchw_chw():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((1, 3, 7, 6)).astype(np.float32)
    w = rng.standard_normal((3, 3, 2)).astype(np.float32)
    attrs = "{dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}"
    got = run_op("depthwise_conv_2d_nchw_chw", attrs, [x, w], (1, 3, 3, 5), "f32", [t(x.shape, "f32"), t(w.shape, "f32")])
    want = np.zeros((1, 3, 3, 5), np.float32)
    for kh in range(3):
        for kw in range(2):
            patch = windows(windows(x, 2, 3, kh, 2, 1), 3, 5, kw, 1, 1)
            want += patch * w[:, kh, kw][None, :, None, None]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_quantized_conv_subtracts_zero_points():
    rng = np.random.default_rng(2)
    x = rng.integers(-128, 128, (1, 4, 4, 2), dtype=np.int8)
    w = rng.integers(-128, 128, (2, 2, 2, 3), dtype=np.int8)
    izp, kzp = np.int32(5), np.int32(-3)
    got = run_op(
        "conv_2d_nhwc_hwcf_q",
        "",
        [x, w, izp, kzp],
        (1, 3, 3, 3),
        "i32",
        [t(x.shape, "i8"), t(w.shape, "i8"), "i32", "i32"],
    )
    xs, ws = x.astype(np.int32) - izp, w.astype(np.int32) - kzp
    want = np.zeros((1, 3, 3, 3), np.int32)
    for kh in range(2):
        for kw in range(2):
            want += np.einsum("nhwc,cf->nhwf", xs[:, kh : kh + 3, kw : kw + 3, :], ws[kh, kw])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("kind", ["max", "sum"])
def test_pooling_nchw(kind):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 3, 9, 8)).astype(np.float32)
    window = np.zeros((2, 3), np.float32)
    attrs = "{dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[3, 2]> : tensor<2xi64>}"
    out_shape = (2, 3, 3, 3)
    init = np.full(out_shape, -np.inf if kind == "max" else 0, np.float32)
    text = f"""
func.func @f(%x: {t(x.shape, "f32")}, %k: {t(window.shape, "f32")}, %o: {t(out_shape, "f32")}) -> {t(out_shape, "f32")} {{
  %r = linalg.pooling_nchw_{kind} {attrs} ins(%x, %k : {t(x.shape, "f32")}, {t(window.shape, "f32")}) outs(%o : {t(out_shape, "f32")}) -> {t(out_shape, "f32")}
  return %r : {t(out_shape, "f32")}
}}"""
    (got,) = Module.parse(text).run("f", x, window, init)
    patches = [windows(windows(x, 2, 3, kh, 3, 2), 3, 3, kw, 2, 1) for kh in range(2) for kw in range(3)]
    want = np.max(patches, axis=0) if kind == "max" else np.sum(patches, axis=0)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_unsigned_max_pooling_reads_bytes_as_unsigned():
    x = np.array([[[[-1], [3]], [[5], [-128]]]], dtype=np.int8)  # 255, 3, 5, 128 unsigned
    window = np.zeros((2, 2), np.int8)
    got = run_op(
        "pooling_nhwc_max_unsigned",
        "",
        [x, window],
        (1, 1, 1, 1),
        "i32",
        [t(x.shape, "i8"), t(window.shape, "i8")],
    )
    assert got.item() == 255
