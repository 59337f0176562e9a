//! `tessel._tessel`: the native half of the `tessel` Python package.
//!
//! It wraps the library crates and the driver's own functions, so Python
//! sees what `tessel-layout` and `tessel-opt` compute, nothing else:
//! [`layout::Layout`] (XLA tiled layouts), [`hlo::HloReport`] (the memory
//! report of an HLO dump) and [`module::Module`] (MLIR text, tessel-opt's
//! pipelines, the engine). The pure-Python half (`python/tessel/`) adds
//! NumPy conversions, pandas and notebook display around them.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

mod hlo;
mod layout;
mod module;

create_exception!(
    tessel,
    LayoutError,
    PyValueError,
    "A malformed or unsupported XLA shape or layout; the message has the column."
);
create_exception!(
    tessel,
    HloError,
    PyValueError,
    "An HLO dump tessel cannot read; the message has the line and column."
);
create_exception!(
    tessel,
    MlirError,
    PyValueError,
    "MLIR that does not parse or verify, a bad pipeline or a failing pass; the message has file:line:col."
);
create_exception!(
    tessel,
    RunError,
    PyRuntimeError,
    "A fault while the engine runs a function (an out-of-bounds access, a memory budget exceeded, ...)."
);

#[pymodule]
fn _tessel(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("LayoutError", py.get_type::<LayoutError>())?;
    m.add("HloError", py.get_type::<HloError>())?;
    m.add("MlirError", py.get_type::<MlirError>())?;
    m.add("RunError", py.get_type::<RunError>())?;
    m.add_class::<layout::Layout>()?;
    m.add_class::<hlo::HloReport>()?;
    m.add_class::<hlo::HloBuffer>()?;
    m.add_class::<module::Module>()?;
    m.add_function(wrap_pyfunction!(hlo::hlo_report, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
