"""tessel: XLA tiled layouts, HLO padding reports and tensor.pack / unpack
pipelines, from Python.

- :class:`Layout`: an XLA shape with its layout
  (``bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}``): element positions,
  sizes with and without padding, cheaper layouts, the pack chain as MLIR,
  and a picture in notebooks. :meth:`Layout.from_jax` reads a JAX layout.
- :func:`hlo_report`: every buffer of an HLO dump (``jax.jit(f).lower(x)
  .compile().as_text()``) by padding waste, with the cause and the fix.
- :class:`Module`: MLIR text, tessel-opt's passes
  (``"tile-pack-unpack{tile-sizes=4},canonicalize,cse"``), and the engine
  running a function on NumPy arrays.

The same code as the ``tessel-layout`` and ``tessel-opt`` command lines, so
both give the same answers.
"""

from typing import Any, Optional, Tuple

from . import _tessel
from ._tessel import (
    HloBuffer,
    HloError,
    HloReport,
    Layout,
    LayoutError,
    MlirError,
    RunError,
    __version__,
    hlo_report,
)

__all__ = [
    "Layout",
    "LayoutError",
    "HloReport",
    "HloBuffer",
    "HloError",
    "hlo_report",
    "Module",
    "MlirError",
    "RunError",
    "__version__",
]


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - numpy is in the test extras
        raise ImportError("Module.run needs NumPy: pip install numpy") from e
    return numpy


def _bfloat16() -> Optional[Any]:
    try:
        import ml_dtypes
    except ImportError:
        return None
    return ml_dtypes.bfloat16


def _dtype_of(elem: str) -> Any:
    """The NumPy dtype holding tessel element type ``elem``."""
    np = _numpy()
    if elem == "bf16":
        bf16 = _bfloat16()
        # Without ml_dtypes a bf16 value comes back as its raw bits.
        return np.dtype(bf16) if bf16 is not None else np.dtype(np.uint16)
    if elem.startswith("complex<"):
        wide = {"complex<f32>": np.complex64, "complex<f64>": np.complex128}.get(elem)
        if wide is None:
            raise TypeError(f"NumPy has no dtype for {elem}")
        return np.dtype(wide)
    return np.dtype(
        {
            "i1": np.bool_,
            "i8": np.int8,
            "i16": np.int16,
            "i32": np.int32,
            "i64": np.int64,
            "index": np.int64,
            "f16": np.float16,
            "f32": np.float32,
            "f64": np.float64,
        }[elem]
    )


def _argument(i: int, value: Any) -> Any:
    """One argument as the engine takes it: a literal, or an array's parts."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    np = _numpy()
    # A complex number (Python's, or a NumPy complex scalar) is written re,im.
    if isinstance(value, complex) or (isinstance(value, np.generic) and np.iscomplexobj(value)):
        return f"{float(value.real)!r},{float(value.imag)!r}"
    if isinstance(value, str) or value is None:
        raise TypeError(f"run(): argument {i} is {type(value).__name__}: pass a NumPy array or a number")
    a = np.asarray(value)
    if a.dtype == object:
        raise TypeError(f"run(): argument {i} ({type(value).__name__}) is not an array of numbers")
    order = a.dtype.byteorder
    if order in ("=", "|"):
        order = "<"
    data = np.ascontiguousarray(a).tobytes()
    return (a.dtype.kind, a.dtype.itemsize, order, tuple(int(d) for d in a.shape), data)


def _value(parts: Tuple[str, Tuple[int, ...], bytearray]) -> Any:
    """An engine value as a NumPy array (a NumPy scalar for rank 0)."""
    np = _numpy()
    elem, shape, data = parts
    a = np.frombuffer(data, dtype=_dtype_of(elem)).reshape(shape)
    return a[()] if a.ndim == 0 else a


class Module(_tessel.Module):
    """An MLIR module: parse it (:meth:`parse`), transform it with
    tessel-opt's passes (:meth:`run_passes`), print it (``str``) and run
    its functions on NumPy arrays (:meth:`run`)."""

    def run(self, func: str, *arrays: Any) -> Tuple[Any, ...]:
        """Runs ``@func`` in tessel's engine on ``arrays`` and returns its
        results as a tuple of NumPy arrays (NumPy scalars for scalar results).

        Each argument is a NumPy array (or anything ``numpy.asarray`` takes)
        whose dtype holds the parameter's element type exactly (``float32``
        for ``f32``, ``bool`` for ``i1``, ``int64`` for ``index``;
        ``ml_dtypes.bfloat16`` or raw ``uint16`` bits for ``bf16``) and whose
        shape fits the parameter's (dynamic dims take the array's), or a
        Python number, which fills a statically shaped parameter. A memref
        parameter gets a buffer of its own; what the function writes there
        is copied back into the array passed, when that is a writeable
        NumPy array. Wrong arguments raise ``ValueError`` / ``TypeError``
        naming the argument; faults while running raise ``RunError``.
        """
        parts = [_argument(i, a) for i, a in enumerate(arrays)]
        results, written = self._run(func, parts)
        np = _numpy()
        for index, value in written:
            target = arrays[index]
            if isinstance(target, np.ndarray) and target.flags.writeable:
                np.copyto(target, _value(value), casting="no")
        return tuple(_value(r) for r in results)

