//! `tessel.Module`: MLIR text parsed into tessel's IR, transformed by
//! tessel-opt's passes and run by its engine.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyTuple, PyType};
use tessel::run::{array_argument, check_arity, literal_argument, run_values, signature, value_tensor, RunFailure};
use tessel::run::{RunEngine, RunOptions};
use tessel_interp::npy::Header;
use tessel_interp::RtValue;
use tessel_ir::diag::render;
use tessel_ir::dialects::func::FuncOp;
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PackSpelling, PrintOptions};
use tessel_ir::verifier::verify;
use tessel_ir::{Context, Diagnostic, OpId};
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};

use crate::{MlirError, RunError};

/// An MLIR module (``builtin.module``; implicit when the text has none).
#[pyclass(module = "tessel", name = "Module", unsendable, subclass)]
pub struct Module {
    ctx: Context,
    op: OpId,
    /// The name locations carry (``file:line:col`` in errors).
    filename: String,
    /// The text parsed, for the source lines diagnostics quote.
    source: String,
}

impl Module {
    fn error(&self, diags: &[Diagnostic]) -> PyErr {
        let text: String = diags.iter().map(|d| render(&self.ctx, d, Some((&self.filename, &self.source)))).collect();
        MlirError::new_err(text.trim_end().to_string())
    }
}

/// What `_run` hands back: the results, and the memref arguments by index
/// with what the function left in them.
type RunParts<'py> = (Vec<Bound<'py, PyTuple>>, Vec<(usize, Bound<'py, PyTuple>)>);

/// A value handed back to Python: (element type, shape, bytes).
fn value_parts<'py>(py: Python<'py>, v: &RtValue, what: &str) -> PyResult<Bound<'py, PyTuple>> {
    // A complex number: `complex<f32>`, no dims, the real part's bytes then
    // the imaginary part's (NumPy's complex64 / complex128 layout).
    if let RtValue::Complex(c) = v {
        let mut data = c.re.to_le_bytes();
        data.extend(c.im.to_le_bytes());
        let elem = format!("complex<{}>", c.re.elem.mlir_name());
        let shape: [usize; 0] = [];
        return PyTuple::new(
            py,
            [
                elem.into_pyobject(py)?.into_any(),
                PyTuple::new(py, shape)?.into_any(),
                PyByteArray::new(py, &data).into_any(),
            ],
        );
    }
    let t = value_tensor(v, what).map_err(RunError::new_err)?;
    let bytes = PyByteArray::new(py, &t.data[..]);
    PyTuple::new(
        py,
        [t.elem.mlir_name().into_pyobject(py)?.into_any(), PyTuple::new(py, &t.shape)?.into_any(), bytes.into_any()],
    )
}

#[pymethods]
impl Module {
    /// Parses and verifies MLIR text (what tessel-opt reads: the tensor,
    /// linalg, scf, arith, vector, memref, ... dialects). Raises
    /// ``MlirError`` with ``file:line:col`` (``filename`` names the text).
    #[classmethod]
    #[pyo3(signature = (text, filename="<string>"))]
    fn parse<'py>(cls: &Bound<'py, PyType>, text: &str, filename: &str) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((text, filename))
    }

    /// ``Module(text)`` is ``Module.parse(text)``.
    #[new]
    #[pyo3(signature = (text, filename="<string>"))]
    fn new(text: &str, filename: &str) -> PyResult<Module> {
        let mut ctx = Context::new();
        let parsed = parse_module(&mut ctx, text, filename, BufferStart::default());
        let (filename, source) = (filename.to_string(), text.to_string());
        match parsed {
            Ok(p) => {
                let m = Module { ctx, op: p.module, filename, source };
                m.verify()?;
                Ok(m)
            }
            Err(d) => Err(MlirError::new_err(render(&ctx, &d, Some((&filename, &source))).trim_end().to_string())),
        }
    }

    /// Verifies the module; raises ``MlirError`` with upstream's messages.
    fn verify(&self) -> PyResult<()> {
        verify(&self.ctx, self.op, Default::default()).map_err(|d| self.error(&d))
    }

    /// Runs a pass pipeline, with tessel-opt's pass names and options:
    /// ``"tile-pack-unpack{tile-sizes=4},canonicalize,cse"`` or
    /// ``"builtin.module(func.func(...))"``; each pass is verified after it
    /// runs. Changes the module in place and returns it.
    fn run_passes<'py>(mut slf: PyRefMut<'py, Self>, pipeline: &str) -> PyResult<PyRefMut<'py, Self>> {
        let registry = PassRegistry::default();
        let mut passes = parse_pipeline(pipeline, &registry)
            .map_err(|e| MlirError::new_err(format!("pipeline '{pipeline}': {e}")))?;
        let inst = Instrumentation { verify_each: true, ..Default::default() };
        let m = &mut *slf;
        if let Err(d) = run_pipeline(&mut m.ctx, m.op, &mut passes, &inst, &mut NoHooks) {
            return Err(m.error(&d));
        }
        Ok(slf)
    }

    /// The module as tessel-opt prints it.
    fn __str__(&self) -> String {
        print_op_top(&self.ctx, self.op, PrintOptions::default())
    }

    /// The module as text; ``pack_spelling="linalg"`` spells packs
    /// ``linalg.pack`` / ``linalg.unpack`` as mlir-opt 22 reads them,
    /// ``"tensor"`` as older MLIR, ``"as-parsed"`` as written.
    #[pyo3(signature = (pack_spelling="as-parsed", generic=false))]
    fn to_text(&self, pack_spelling: &str, generic: bool) -> PyResult<String> {
        let pack_spelling = match pack_spelling {
            "as-parsed" => PackSpelling::AsParsed,
            "linalg" => PackSpelling::Linalg,
            "tensor" => PackSpelling::Tensor,
            other => {
                return Err(PyValueError::new_err(format!(
                    "pack_spelling '{other}': expected 'as-parsed', 'linalg' or 'tensor'"
                )))
            }
        };
        Ok(print_op_top(&self.ctx, self.op, PrintOptions { pack_spelling, generic, ..Default::default() }))
    }

    fn __repr__(&self) -> String {
        format!("<tessel.Module {} with functions {:?}>", self.filename, self.functions())
    }

    /// The names of the module's functions, in order.
    #[getter]
    fn functions(&self) -> Vec<String> {
        let Some(body) = self.ctx.regions(self.op).first().and_then(|r| self.ctx.blocks(*r).first().copied()) else {
            return Vec::new();
        };
        self.ctx
            .block_ops(body)
            .filter_map(|o| FuncOp::cast(&self.ctx, o))
            .filter_map(|f| f.sym_name(&self.ctx).map(str::to_string))
            .collect()
    }

    /// The argument types of ``@func``, as written.
    fn signature(&self, func: &str) -> PyResult<Vec<String>> {
        let params = signature(&self.ctx, self.op, func, "signature()").map_err(|e| failure(self, e))?;
        Ok(params.into_iter().map(|p| p.ty).collect())
    }

    /// The engine's half of ``run``: ``args`` holds, per argument, a
    /// literal (``str``) or an array as ``(kind, itemsize, byteorder,
    /// shape, data)``. Returns the results and, for each memref argument,
    /// ``(index, contents after the call)``, each value as ``(element type,
    /// shape, bytearray)``.
    fn _run<'py>(&mut self, py: Python<'py>, func: &str, args: Vec<Bound<'py, PyAny>>) -> PyResult<RunParts<'py>> {
        let params = signature(&self.ctx, self.op, func, "run()").map_err(|e| failure(self, e))?;
        check_arity(func, params.len(), args.len()).map_err(|m| PyValueError::new_err(format!("run(): {m}")))?;
        let opts = RunOptions { func: func.to_string(), repeat: 1, engine: RunEngine::Interp, ..Default::default() };
        let mut values = Vec::with_capacity(args.len());
        for (i, (p, a)) in params.iter().zip(&args).enumerate() {
            let v = if let Ok(text) = a.extract::<String>() {
                literal_argument(p, &text)
            } else {
                let (kind, size, order, shape, data): (char, usize, char, Vec<usize>, Bound<'py, PyBytes>) =
                    a.extract()?;
                let h = Header { byte_order: order, kind, size, fortran_order: false, shape };
                array_argument(p, &h, data.as_bytes())
            };
            values.push(v.map_err(|e| PyValueError::new_err(format!("run(): argument {i} ({}): {e}", p.ty)))?);
        }
        let memref_args: Vec<usize> = (0..values.len()).filter(|k| matches!(values[*k], RtValue::MemRef(_))).collect();
        let ran = run_values(&mut self.ctx, self.op, &opts, values).map_err(|e| failure(self, e))?;
        let results = ran.results.iter().map(|r| value_parts(py, r, "a result")).collect::<PyResult<_>>()?;
        let written = memref_args
            .into_iter()
            .map(|k| Ok((k, value_parts(py, &ran.final_args[k], "an argument")?)))
            .collect::<PyResult<_>>()?;
        Ok((results, written))
    }
}

/// A run's failure as the Python exception for it.
fn failure(m: &Module, f: RunFailure) -> PyErr {
    match f {
        RunFailure::Usage(msg) => PyValueError::new_err(msg),
        RunFailure::Fault(e) => {
            let loc = e.loc.unwrap_or_else(|| m.ctx.op_loc(m.op));
            let text = render(&m.ctx, &Diagnostic::error(loc, e.message), Some((&m.filename, &m.source)));
            RunError::new_err(text.trim_end().to_string())
        }
        RunFailure::Diagnostics(d) => m.error(&d),
    }
}
