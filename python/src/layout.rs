//! `tessel.Layout`: one XLA array shape with its tiled layout.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use tessel::layout_cli::{explain_json, explain_text, read_shape};
use tessel_layout::picture::svg_or_window;
use tessel_layout::suggest::suggest;
use tessel_layout::{ArrayShape, Dim, PrimitiveType, Shape, TileDim, TiledLayout};

use crate::LayoutError;

/// An XLA array shape with its layout, e.g.
/// ``bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}``: where each element
/// lives, how many bytes the padding of the tiles costs, and the pack chain
/// that builds it.
#[pyclass(module = "tessel", name = "Layout", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: ArrayShape,
}

impl Layout {
    /// The layout of `shape`, or why it has none (a token, an unbounded dim, a bad tile).
    fn new(shape: ArrayShape) -> PyResult<Layout> {
        TiledLayout::new(&shape).map_err(|m| LayoutError::new_err(format!("{shape}: {m}")))?;
        Ok(Layout { shape })
    }

    /// The layout of `shape` when it has one.
    pub(crate) fn from_shape(shape: ArrayShape) -> Option<Layout> {
        TiledLayout::new(&shape).ok().map(|_| Layout { shape })
    }

    fn tiled(&self) -> TiledLayout {
        TiledLayout::new(&self.shape).expect("checked when the layout was made")
    }
}

#[pymethods]
impl Layout {
    /// Parses XLA's notation (``f32[1000,1000]{1,0:T(8,128)}``); raises
    /// ``LayoutError`` with the column for bad text, a tuple or a shape
    /// without an array layout.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Layout> {
        match read_shape(text).map_err(LayoutError::new_err)? {
            Shape::Array(a) => Layout::new(a),
            Shape::Tuple(_) => Err(LayoutError::new_err(format!(
                "column 1: a tuple shape: Layout.parse takes one array (hlo_report reads tuples)\n  {text}\n  ^"
            ))),
        }
    }

    /// A layout from JAX's pieces: the logical ``shape``, a NumPy, ml_dtypes
    /// or JAX dtype (or its name: ``"bfloat16"``, ``"float32"``, XLA's
    /// ``"bf16"``) and a JAX layout object, read by attribute:
    /// ``major_to_minor`` and ``_tiling`` (a ``DeviceLocalLayout``; a
    /// ``Format`` or ``Layout`` holding one as ``device_local_layout`` or
    /// ``layout`` is unwrapped). ``layout=None`` gives XLA's default
    /// (row-major, untiled).
    #[staticmethod]
    #[pyo3(signature = (shape, dtype, layout=None))]
    fn from_jax(shape: Vec<i64>, dtype: &Bound<'_, PyAny>, layout: Option<&Bound<'_, PyAny>>) -> PyResult<Layout> {
        let name = dtype_name(dtype)?;
        let elem = PrimitiveType::from_numpy_name(&name)
            .ok_or_else(|| LayoutError::new_err(format!("dtype '{name}' has no XLA element type")))?;
        let (major_to_minor, tiling) = match layout {
            Some(l) if !l.is_none() => jax_layout_fields(l)?,
            _ => ((0..shape.len() as i64).collect(), Vec::new()),
        };
        let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
        let m2m: Vec<String> = major_to_minor.iter().rev().map(i64::to_string).collect();
        let tiles: String = tiling
            .iter()
            .map(|t| format!("({})", t.iter().map(i64::to_string).collect::<Vec<_>>().join(",")))
            .collect();
        let tiles = if tiles.is_empty() { tiles } else { format!(":T{tiles}") };
        Layout::parse(&format!("{}[{}]{{{}{tiles}}}", elem.name(), dims.join(","), m2m.join(",")))
    }

    /// The canonical text, as XLA prints it.
    fn __str__(&self) -> String {
        self.shape.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Layout.parse('{}')", self.shape)
    }

    /// The logical dims (a bounded dim ``<=N`` gives its bound).
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let dims = self.shape.dims.iter().map(|d| match d {
            Dim::Static(n) | Dim::Bounded(n) => *n,
            Dim::Unbounded => unreachable!("an unbounded dim has no layout"),
        });
        PyTuple::new(py, dims)
    }

    /// XLA's element type name (``"bf16"``, ``"f32"``, ``"s8"``, ``"pred"``).
    #[getter]
    fn dtype(&self) -> &'static str {
        self.shape.element_type.name()
    }

    /// Logical dims from the most minor (fastest varying) to the most major.
    #[getter]
    fn minor_to_major<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.shape.layout_or_default().minor_to_major)
    }

    /// The tiles, outermost first, each a tuple of sizes (``"*"`` for a
    /// combined dim): ``T(8,128)(2,1)`` is ``((8, 128), (2, 1))``.
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let tiles = self
            .shape
            .layout_or_default()
            .tiles
            .iter()
            .map(|t| {
                let dims = t.dims.iter().map(|d| match d {
                    TileDim::Size(n) => n.into_pyobject(py).expect("an int converts").into_any(),
                    TileDim::Combine => PyString::new(py, "*").into_any(),
                });
                PyTuple::new(py, dims)
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, tiles)
    }

    /// The memory space (``S(n)``; 0 is device memory, 1 TPU VMEM, ...).
    #[getter]
    fn memory_space(&self) -> i64 {
        self.shape.memory_space()
    }

    /// The position (in elements, padding slots counted) of the element at
    /// logical ``index``; ``IndexError`` outside the array.
    fn linear_index(&self, index: Vec<i64>) -> PyResult<i64> {
        self.tiled().linear_index(&index).map_err(PyIndexError::new_err)
    }

    /// The logical index stored at position ``linear``, or ``None`` for a
    /// padding slot; ``IndexError`` past the end.
    fn element<'py>(&self, py: Python<'py>, linear: i64) -> PyResult<Option<Bound<'py, PyTuple>>> {
        match self.tiled().element_at(linear).map_err(PyIndexError::new_err)? {
            Some(idx) => Ok(Some(PyTuple::new(py, idx)?)),
            None => Ok(None),
        }
    }

    /// Bytes the array takes in memory, padding included.
    #[getter]
    fn size_bytes(&self) -> i64 {
        self.tiled().size_bytes()
    }

    /// Bytes of the elements alone.
    #[getter]
    fn unpadded_bytes(&self) -> i64 {
        self.tiled().data_bytes()
    }

    /// ``size_bytes / unpadded_bytes`` (1.0 without padding; ``None`` for an empty array).
    #[getter]
    fn padding_ratio(&self) -> Option<f64> {
        self.tiled().padding_overhead()
    }

    /// Cheaper layouts for the same array (the common TPU tilings on every
    /// choice of the two most minor dims, as ``tessel-layout suggest``),
    /// smallest first; only those smaller than this one.
    fn suggest(&self) -> PyResult<Vec<Layout>> {
        let all = suggest(&self.shape).map_err(LayoutError::new_err)?;
        let current = self.tiled().size_bytes();
        Ok(all
            .into_iter()
            .filter(|s| !s.is_current && s.size_bytes < current)
            .map(|s| Layout { shape: s.shape })
            .collect())
    }

    /// The pack chain as MLIR for mlir-opt 22: ``@to_layout`` and its
    /// inverse ``@from_layout`` (what ``tessel-layout mlir`` prints).
    fn to_mlir(&self) -> PyResult<String> {
        tessel::layout_mlir::layout_functions(&self.shape).map_err(LayoutError::new_err)
    }

    /// The facts ``tessel-layout explain --json`` prints, as a dict.
    fn explain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let facts = explain_json(&self.shape).map_err(LayoutError::new_err)?;
        py.import("json")?.call_method1("loads", (facts.to_string(),))
    }

    /// The picture ``tessel-layout svg`` draws: the logical array numbered
    /// by position beside memory with its padding slots; an array too large
    /// to draw is drawn as a window of it.
    fn _repr_svg_(&self) -> PyResult<String> {
        svg_or_window(&self.shape).map(|(svg, _)| svg).map_err(LayoutError::new_err)
    }

    /// ``explain``'s facts as a table beside the picture.
    fn _repr_html_(&self) -> PyResult<String> {
        let text = explain_text(&self.shape).map_err(LayoutError::new_err)?;
        let (svg, window) = svg_or_window(&self.shape).map_err(LayoutError::new_err)?;
        let caption = match window {
            Some(w) => format!("<p>picture of a window: <code>{}</code></p>", esc(&w.to_string())),
            None => String::new(),
        };
        Ok(format!(
            "<div style=\"display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap\">{}\
             <div style=\"max-width:100%;overflow:auto\">{caption}{svg}</div></div>",
            facts_table(&text)
        ))
    }
}

/// `explain`'s lines as table rows: a 16-column key and its value; the
/// tile steps (`after tile N ...`) and the indented op lines kept whole.
fn facts_table(text: &str) -> String {
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(op) = line.strip_prefix("  ") {
            if let Some(last) = rows.last_mut() {
                if !last.1.is_empty() {
                    last.1.push_str("<br>");
                }
                last.1.push_str(&esc(op.trim()));
            }
        } else if let Some(rest) = line.strip_prefix("after tile ") {
            let (n, value) = rest.split_once(' ').unwrap_or((rest, ""));
            rows.push((format!("after tile {n}"), esc(value.trim())));
        } else {
            let split = line.char_indices().nth(16).map_or(line.len(), |(i, _)| i);
            rows.push((line[..split].trim().to_string(), esc(line[split..].trim())));
        }
    }
    let mut s = String::from("<table style=\"border-collapse:collapse;font-size:12px\">");
    for (key, value) in rows {
        s.push_str(&format!(
            "<tr><th style=\"text-align:left;padding:2px 8px;vertical-align:top\">{}</th>\
             <td style=\"text-align:left;padding:2px 8px;font-family:monospace\">{value}</td></tr>",
            esc(&key)
        ));
    }
    s.push_str("</table>");
    s
}

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A dtype's name: a string as given; a NumPy dtype's or scalar type's
/// ``name`` / ``__name__`` (``np.float32``, ``ml_dtypes.bfloat16``,
/// ``jnp.bfloat16``, ``np.dtype("int8")``).
fn dtype_name(dtype: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = dtype.extract::<String>() {
        return Ok(s);
    }
    // A JAX scalar type wraps its NumPy type as `dtype`.
    for attr in ["name", "__name__"] {
        if let Ok(v) = dtype.getattr(attr) {
            if let Ok(s) = v.extract::<String>() {
                return Ok(s);
            }
        }
    }
    if let Ok(inner) = dtype.getattr("dtype") {
        if let Ok(v) = inner.getattr("name") {
            return v.extract::<String>();
        }
    }
    Err(LayoutError::new_err(format!("{}: not a dtype or dtype name", dtype.repr()?)))
}

/// `major_to_minor` and `_tiling` of a JAX layout object, unwrapping a
/// `Format` / `Layout` that holds one.
fn jax_layout_fields(layout: &Bound<'_, PyAny>) -> PyResult<(Vec<i64>, Vec<Vec<i64>>)> {
    let mut l = layout.clone();
    for _ in 0..3 {
        if l.hasattr("major_to_minor")? {
            break;
        }
        let inner = ["device_local_layout", "layout"].iter().find_map(|a| l.getattr(*a).ok().filter(|v| !v.is_none()));
        match inner {
            Some(v) => l = v,
            None => break,
        }
    }
    let Ok(major_to_minor) = l.getattr("major_to_minor").and_then(|v| v.extract::<Vec<i64>>()) else {
        return Err(LayoutError::new_err(format!(
            "{}: no major_to_minor sequence of ints (a JAX layout object)",
            layout.repr()?
        )));
    };
    let tiling: Vec<Vec<i64>> = match l.getattr("_tiling").or_else(|_| l.getattr("tiling")) {
        Ok(t) if !t.is_none() => match t.extract() {
            Ok(tiles) => tiles,
            Err(_) => {
                return Err(LayoutError::new_err(format!("_tiling {}: not a sequence of tiles of ints", t.repr()?)))
            }
        },
        _ => Vec::new(),
    };
    Ok((major_to_minor, tiling))
}
