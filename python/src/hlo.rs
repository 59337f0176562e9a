//! `tessel.hlo_report`: the memory report of an HLO text dump.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tessel_layout::hlo::{memory_space_name, padding_causes, report, Buffer, Report};
use tessel_layout::human_bytes;
use tessel_layout::suggest::best_fix;

use crate::layout::{esc, Layout};
use crate::HloError;

/// Every buffer of an HLO module (``jax.jit(f).lower(x).compile().as_text()``
/// or an XLA dump), sorted by padding waste, largest first: what
/// ``tessel-layout hlo`` prints. Iterate it for the rows.
#[pyclass(module = "tessel", name = "HloReport", frozen)]
pub struct HloReport {
    report: Report,
    rows: Vec<Py<HloBuffer>>,
}

/// One buffer of an :class:`HloReport`.
#[pyclass(module = "tessel", name = "HloBuffer", frozen, get_all)]
pub struct HloBuffer {
    /// The instruction's name (``{i}`` appended for a tuple leaf).
    name: String,
    /// The instruction's opcode.
    opcode: String,
    /// The computation it is in.
    computation: String,
    /// 1-based line in the dump.
    line: usize,
    /// The shape with its layout, as XLA prints it.
    shape: String,
    /// The shape as a :class:`Layout` (``None`` for an unbounded ``?`` dim).
    layout: Option<Layout>,
    /// Bytes with padding (``None`` for an unbounded dim).
    bytes: Option<i64>,
    /// Bytes of the data alone.
    unpadded_bytes: Option<i64>,
    /// The memory space number (``S(n)``).
    memory_space: i64,
    /// The memory space's name (``"device memory (HBM)"``, ...).
    memory_space_name: &'static str,
    /// Why it is padded (which dim the first tile pads, by how much), or ``None``.
    cause: Option<String>,
    /// The smallest layout of the same array among the common tilings, when
    /// smaller than this one, as text; ``None`` otherwise.
    fix: Option<String>,
    /// Bytes the fix would save (0 without one).
    fix_saves: i64,
}

#[pymethods]
impl HloBuffer {
    fn __repr__(&self) -> String {
        let bytes = self.bytes.map_or("None".to_string(), |b| b.to_string());
        format!("HloBuffer(name={:?}, shape={:?}, bytes={bytes})", self.name, self.shape)
    }
}

fn row(b: &Buffer) -> HloBuffer {
    let causes = padding_causes(&b.shape);
    let fix = if b.waste() > 0 { best_fix(&b.shape) } else { None };
    HloBuffer {
        name: b.name.clone(),
        opcode: b.opcode.clone(),
        computation: b.computation.clone(),
        line: b.line,
        shape: b.shape.to_string(),
        layout: Layout::from_shape(b.shape.clone()),
        bytes: b.bytes,
        unpadded_bytes: b.data_bytes,
        memory_space: b.memory_space,
        memory_space_name: memory_space_name(b.memory_space),
        cause: (!causes.is_empty()).then(|| causes.join("; ")),
        fix_saves: fix.as_ref().map_or(0, |f| b.bytes.unwrap_or(0) - f.size_bytes),
        fix: fix.map(|f| f.shape.to_string()),
    }
}

/// Reads an HLO text dump; raises ``HloError`` with the line and column
/// for text that is not HLO.
#[pyfunction]
pub fn hlo_report(py: Python<'_>, text: &str) -> PyResult<HloReport> {
    let r = report(text).map_err(|e| HloError::new_err(format!("{}:{}: {}", e.line, e.column, e.message)))?;
    let rows = r.buffers.iter().map(|b| Py::new(py, row(b))).collect::<PyResult<_>>()?;
    Ok(HloReport { report: r, rows })
}

#[pymethods]
impl HloReport {
    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Py<HloBuffer>> {
        let n = self.rows.len() as isize;
        let at = if i < 0 { i + n } else { i };
        if !(0..n).contains(&at) {
            return Err(PyIndexError::new_err(format!("row {i} of a report of {n} buffers")));
        }
        Ok(self.rows[at as usize].clone_ref(py))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let rows: Vec<Py<HloBuffer>> = self.rows.iter().map(|r| r.clone_ref(py)).collect();
        Ok(pyo3::types::PyList::new(py, rows)?.try_iter()?.into_any().unbind())
    }

    /// Instructions left out because they are inside fused computations.
    #[getter]
    fn fused_instructions(&self) -> usize {
        self.report.fused_instructions
    }

    /// Instructions left out because their computation is applied per element.
    #[getter]
    fn applied_instructions(&self) -> usize {
        self.report.applied_instructions
    }

    /// Alias instructions left out (tuple, get-tuple-element, bitcast, callee parameters).
    #[getter]
    fn aliases(&self) -> usize {
        self.report.aliases
    }

    /// The page ``tessel-layout hlo --html`` writes: every buffer, and each
    /// padded one with its cause, fix and a picture. ``title`` names the dump.
    #[pyo3(signature = (title="HLO module"))]
    fn to_html(&self, title: &str) -> String {
        tessel::hlo_html::page(title, &self.report)
    }

    fn __repr__(&self) -> String {
        format!("<HloReport: {} buffers>", self.rows.len())
    }

    /// The rows as a ``pandas.DataFrame`` (one column per field of
    /// :class:`HloBuffer`, the layout as text); needs pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas").map_err(|e| {
            pyo3::exceptions::PyImportError::new_err(format!(
                "HloReport.to_pandas() needs pandas (pip install pandas): {e}"
            ))
        })?;
        let records = PyList::empty(py);
        for r in &self.rows {
            let b = r.get();
            let d = PyDict::new(py);
            d.set_item("name", &b.name)?;
            d.set_item("opcode", &b.opcode)?;
            d.set_item("computation", &b.computation)?;
            d.set_item("line", b.line)?;
            d.set_item("shape", &b.shape)?;
            d.set_item("bytes", b.bytes)?;
            d.set_item("unpadded_bytes", b.unpadded_bytes)?;
            d.set_item("memory_space", b.memory_space)?;
            d.set_item("memory_space_name", b.memory_space_name)?;
            d.set_item("cause", &b.cause)?;
            d.set_item("fix", &b.fix)?;
            d.set_item("fix_saves", b.fix_saves)?;
            records.append(d)?;
        }
        pandas.getattr("DataFrame")?.call_method1("from_records", (records,))
    }

    /// The report as a table for notebooks: sizes, overhead, cause and fix.
    fn _repr_html_(&self) -> String {
        let r = &self.report;
        let mut s = format!(
            "<p>{} buffers, largest padding waste first (not counted: {} instructions inside fused computations, \
             {} in computations applied per element, {} aliases)</p>",
            r.buffers.len(),
            r.fused_instructions,
            r.applied_instructions,
            r.aliases
        );
        s.push_str(
            "<table><tr><th>buffer</th><th>bytes</th><th>data</th><th>overhead</th><th>space</th>\
             <th>shape</th><th>cause</th><th>fix</th></tr>",
        );
        let fmt = |v: Option<i64>| v.map_or("?".to_string(), human_bytes);
        for row in &self.rows {
            let b = row.get();
            let overhead = match (b.bytes, b.unpadded_bytes) {
                (Some(x), Some(d)) if d > 0 => format!("{:.1}x", x as f64 / d as f64),
                _ => "-".into(),
            };
            s.push_str(&format!(
                "<tr><td>{}</td><td style=\"white-space:nowrap\">{}</td><td style=\"white-space:nowrap\">{}</td>\
                 <td>{overhead}</td><td>S({})</td><td><code>{}</code></td><td>{}</td><td><code>{}</code></td></tr>",
                esc(&b.name),
                fmt(b.bytes),
                fmt(b.unpadded_bytes),
                b.memory_space,
                esc(&b.shape),
                esc(b.cause.as_deref().unwrap_or("")),
                esc(b.fix.as_deref().unwrap_or("")),
            ));
        }
        s.push_str("</table>");
        s
    }
}
