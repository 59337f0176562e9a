//! `--run=FUNC`: runs a function of the (transformed) module on the
//! `--input`s and prints its results or writes them to `--output` `.npy`
//! files.
//!
//! Input specs, one per argument in order:
//! - `PATH.npy`: a NumPy array; its dtype and shape must match the
//!   argument type (dynamic dims take the file's);
//! - `iota`: 0, 1, 2, ... in row-major order (static shapes);
//! - `random:SEED`: reproducible values, floats in [-1, 1), integers in
//!   [-8, 8) (i1: 0 or 1) (static shapes);
//! - a literal (`3`, `-2.5`, `nan`, `true`): a scalar, or every element of
//!   a statically shaped tensor.

use std::time::{Duration, Instant};

use tessel_interp::npy::Header;
use tessel_interp::{ElemType, Interpreter, MemRef, Param, RtValue, RunError, Scalar, Tensor};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, Diagnostic, OpId};

/// Which engine executes `--run`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum RunEngine {
    /// tessel's interpreter (`tessel-interp`): checked, no LLVM needed.
    #[default]
    Interp,
    /// Lowered by MLIR 22 and run by its ExecutionEngine (the `mlir`
    /// feature).
    Mlir,
}

/// What to run and with what.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub func: String,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    /// Runs (the fastest is reported by `--mlir-timing`).
    pub repeat: usize,
    pub check_uninit: bool,
    /// Report heap buffers a call neither freed nor returned.
    pub check_leaks: bool,
    /// Bytes of tensors the interpreter may hold at once (`None`: what the
    /// system reports as available; no limit if it does not say).
    pub memory_limit: Option<u64>,
    /// Ops one call may execute (0: the engine's default).
    pub max_steps: u64,
    pub engine: RunEngine,
    /// `--allow-unregistered-dialect`, for MLIR's parser too.
    pub allow_unregistered: bool,
}

/// Why a run failed: a mistake in the command line (no location), a
/// runtime fault (at an op), or MLIR's diagnostics (lowering for
/// `--run-engine=mlir`).
pub enum RunFailure {
    Usage(String),
    Fault(RunError),
    Diagnostics(Vec<Diagnostic>),
}

/// What a run printed and how long it took.
pub struct RunReport {
    /// The printed results (empty when every result went to a file).
    pub printed: String,
    /// The fastest of the runs.
    pub fastest: Duration,
    /// `--run-engine=mlir`: MLIR's lowering and compilation, before the runs.
    pub compile: Option<Duration>,
}

/// Runs the function.
pub fn run(ctx: &mut Context, module: OpId, opts: &RunOptions) -> Result<RunReport, RunFailure> {
    let params = signature(ctx, module, &opts.func, "--run")?;
    check_arity(&opts.func, params.len(), opts.inputs.len())
        .map_err(|m| RunFailure::Usage(format!("--run: {m} --input")))?;
    within_budget(opts, || run_inputs(ctx, module, opts, &params))
}

fn run_inputs(ctx: &mut Context, module: OpId, opts: &RunOptions, params: &[Param]) -> Result<RunReport, RunFailure> {
    let args = params
        .iter()
        .zip(&opts.inputs)
        .enumerate()
        .map(|(i, (p, spec))| {
            input_value(p, spec).map_err(|e| RunFailure::Usage(format!("--input #{i} ('{spec}'): {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let memref_args: Vec<usize> = (0..args.len()).filter(|k| matches!(args[*k], RtValue::MemRef(_))).collect();
    let ran = run_within_budget(ctx, module, opts, args)?;
    let results = &ran.results;
    if !opts.outputs.is_empty() && opts.outputs.len() != results.len() {
        return Err(RunFailure::Usage(format!(
            "--run: @{} returns {} result{}, got {} --output",
            opts.func,
            results.len(),
            if results.len() == 1 { "" } else { "s" },
            opts.outputs.len()
        )));
    }
    // A vector result is named by its declared type (the engine holds it
    // like a tensor); a tensor by its runtime shape.
    let declared = Interpreter::new(ctx, module).result_signature(&opts.func).unwrap_or_default();
    // What the function's vector.prints wrote comes first, as it would.
    let mut printed = ran.vector_printed.clone();
    for (i, r) in results.iter().enumerate() {
        match opts.outputs.get(i) {
            Some(path) => write_output(r, path).map_err(RunFailure::Usage)?,
            None => {
                let ty = match declared.get(i) {
                    Some(p) if p.ty.starts_with("vector<") => p.ty.clone(),
                    _ => r.mlir_type(),
                };
                printed.push_str(&format!("// result #{i}: {ty}\n"));
                printed.push_str(&format_value(r));
                printed.push('\n');
            }
        }
    }
    // A function that writes into memrefs it was given: their contents after the call.
    for k in memref_args {
        if let Some(a) = ran.final_args.get(k) {
            printed.push_str(&format!("// argument #{k} after the call: {}\n", a.mlir_type()));
            printed.push_str(&format_value(a));
            printed.push('\n');
        }
    }
    Ok(RunReport { printed, fastest: ran.fastest, compile: ran.compile })
}

/// The parameters of `@func`; `what` names the caller in the error.
pub fn signature(ctx: &Context, module: OpId, func: &str, what: &str) -> Result<Vec<Param>, RunFailure> {
    Interpreter::new(ctx, module)
        .signature(func)
        .ok_or_else(|| RunFailure::Usage(format!("{what}: no function @{func} in the module")))
}

/// An error unless `@func`'s `params` parameters get `given` arguments.
pub fn check_arity(func: &str, params: usize, given: usize) -> Result<(), String> {
    if params == given {
        return Ok(());
    }
    Err(format!("@{func} takes {params} argument{}, got {given}", if params == 1 { "" } else { "s" }))
}

/// Runs `f` with the engine's memory budget set from `opts`: the budget
/// covers the inputs as well as what the program makes.
fn within_budget<T>(opts: &RunOptions, f: impl FnOnce() -> T) -> T {
    let limit = opts.memory_limit.or_else(tessel_interp::memory::system_available).unwrap_or(u64::MAX);
    let previous = tessel_interp::memory::set_limit(limit);
    let outcome = f();
    tessel_interp::memory::set_limit(previous);
    outcome
}

/// What running a function on values gives.
pub struct RunValues {
    /// The last run's results.
    pub results: Vec<RtValue>,
    /// The last run's arguments: its memrefs hold what the function wrote.
    pub final_args: Vec<RtValue>,
    /// What the last run's `vector.print`s wrote (the interpreter; MLIR's
    /// compiled code prints to the process's stdout itself).
    pub vector_printed: String,
    /// The fastest of the runs.
    pub fastest: Duration,
    /// `--run-engine=mlir`: MLIR's lowering and compilation, before the runs.
    pub compile: Option<Duration>,
}

/// Runs `opts.func` on argument values (the `inputs` of `opts` are not
/// read) within the engine's memory budget.
pub fn run_values(
    ctx: &mut Context,
    module: OpId,
    opts: &RunOptions,
    args: Vec<RtValue>,
) -> Result<RunValues, RunFailure> {
    within_budget(opts, || run_within_budget(ctx, module, opts, args))
}

fn run_within_budget(
    ctx: &mut Context,
    module: OpId,
    opts: &RunOptions,
    args: Vec<RtValue>,
) -> Result<RunValues, RunFailure> {
    let ((results, fastest), compile, final_args, vector_printed) = match opts.engine {
        RunEngine::Interp => {
            let (out, final_args, printed) = run_interp(ctx, module, opts, args)?;
            (out, None, final_args, printed)
        }
        RunEngine::Mlir => {
            let start = Instant::now();
            let call = mlir_engine(ctx, module, opts)?;
            let compiled = start.elapsed();
            (
                repeat(opts.repeat, || call(&args))
                    .map_err(|e| RunFailure::Usage(format!("--run-engine=mlir: {e}")))?,
                Some(compiled),
                args.clone(),
                String::new(),
            )
        }
    };
    Ok(RunValues { results, final_args, vector_printed, fastest, compile })
}

/// Runs `opts.repeat` times; returns the last results and the fastest time.
fn repeat<E>(times: usize, mut call: impl FnMut() -> Result<Vec<RtValue>, E>) -> Result<(Vec<RtValue>, Duration), E> {
    let mut fastest = Duration::MAX;
    let mut results = Vec::new();
    for _ in 0..times.max(1) {
        // The last run's results go before the next run allocates its own,
        // so repeating does not double the peak memory.
        drop(std::mem::take(&mut results));
        let start = Instant::now();
        results = call()?;
        fastest = fastest.min(start.elapsed());
    }
    Ok((results, fastest))
}

/// What the interpreter's runs give: the last results and the fastest time,
/// the last run's arguments (its memrefs hold what the function wrote) and
/// what its `vector.print`s wrote.
type InterpRuns = ((Vec<RtValue>, Duration), Vec<RtValue>, String);

/// Runs the interpreter `opts.repeat` times.
fn run_interp(ctx: &Context, module: OpId, opts: &RunOptions, args: Vec<RtValue>) -> Result<InterpRuns, RunFailure> {
    let mut engine = Interpreter::new(ctx, module);
    engine.check_uninit = opts.check_uninit;
    engine.check_leaks = opts.check_leaks;
    if opts.max_steps > 0 {
        engine.step_limit = opts.max_steps;
    }
    let mut last_args = Vec::new();
    let out = repeat(opts.repeat, || {
        // The last run's intermediate values go before this one makes its own.
        engine.forget_values();
        engine.printed.clear();
        // Each run writes into memrefs of its own, holding the inputs.
        last_args = fresh_args(&args)?;
        let r = engine.call(&opts.func, last_args.clone());
        engine.steps = 0;
        let results = r?;
        if let Some(&op) = engine.take_leaks(&results).first() {
            let message = "this buffer is never freed: the call neither deallocates nor returns it (a leak)";
            return Err(RunError { loc: Some(ctx.op_loc(op)), message: message.into() });
        }
        Ok(results)
    })
    .map_err(RunFailure::Fault)?;
    Ok((out, last_args, std::mem::take(&mut engine.printed)))
}

/// `args` with every memref copied into a new buffer.
fn fresh_args(args: &[RtValue]) -> Result<Vec<RtValue>, RunError> {
    args.iter()
        .map(|a| match a {
            RtValue::MemRef(m) => Ok(RtValue::MemRef(MemRef::from_tensor(&m.gather(false, "--input")?)?)),
            other => Ok(other.clone()),
        })
        .collect()
}

/// The function lowered and compiled by MLIR, as a callable.
type CompiledFn = Box<dyn Fn(&[RtValue]) -> Result<Vec<RtValue>, String>>;

/// MLIR lowers and compiles the module, once.
#[cfg(feature = "mlir")]
fn mlir_engine(ctx: &mut Context, module: OpId, opts: &RunOptions) -> Result<CompiledFn, RunFailure> {
    if opts.check_uninit || opts.check_leaks {
        let flag = if opts.check_uninit { "--run-check-uninit" } else { "--run-check-leaks" };
        return Err(RunFailure::Usage(format!("{flag} needs the interpreter (--run-engine=interp)")));
    }
    let jit =
        crate::with_mlir::jit(ctx, module, &opts.func, opts.allow_unregistered).map_err(RunFailure::Diagnostics)?;
    Ok(Box::new(move |args| jit.call(args)))
}

#[cfg(not(feature = "mlir"))]
fn mlir_engine(_: &mut Context, _: OpId, _: &RunOptions) -> Result<CompiledFn, RunFailure> {
    Err(RunFailure::Usage(NEEDS_MLIR.into()))
}

/// What a build without the `mlir` feature says to `--run-engine=mlir`.
#[cfg(not(feature = "mlir"))]
const NEEDS_MLIR: &str = "--run-engine=mlir needs real MLIR in the process: rebuild with `cargo build --features mlir`";

fn write_output(v: &RtValue, path: &str) -> Result<(), String> {
    let t = value_tensor(v, "--output")?;
    let file = std::fs::File::create(path).map_err(|e| format!("--output: cannot write '{path}': {e}"))?;
    tessel_interp::npy::write_to(&t, &mut std::io::BufWriter::new(file))
        .map_err(|e| format!("--output: cannot write '{path}': {e}"))
}

/// Numpy's summarization: more than this many elements print the first and
/// last [`EDGE`] entries of every dim.
const THRESHOLD: usize = 1000;
const EDGE: usize = 3;

/// A value printed like numpy prints arrays.
pub fn format_value(v: &RtValue) -> String {
    match v {
        RtValue::Scalar(s) => s.to_string(),
        RtValue::Complex(c) => c.to_string(),
        RtValue::Tensor(t) => format_tensor(t),
        RtValue::MemRef(m) => match m.gather(false, "printing") {
            Ok(t) => format_tensor(&t),
            Err(e) => format!("<{e}>"),
        },
    }
}

fn format_tensor(t: &Tensor) -> String {
    let summarize = t.len() > THRESHOLD;
    let mut out = String::new();
    format_dims(t, 0, 0, summarize, &mut out);
    out
}

fn format_dims(t: &Tensor, dim: usize, base: usize, summarize: bool, out: &mut String) {
    if dim == t.shape.len() {
        out.push_str(&t.get(base).to_string());
        return;
    }
    let n = t.shape[dim];
    let stride: usize = t.shape[dim + 1..].iter().product();
    out.push('[');
    let shown: Vec<Option<usize>> = if summarize && n > 2 * EDGE {
        (0..EDGE).map(Some).chain([None]).chain((n - EDGE..n).map(Some)).collect()
    } else {
        (0..n).map(Some).collect()
    };
    let inner_rank = t.shape.len() - dim - 1;
    for (k, entry) in shown.iter().enumerate() {
        if k > 0 {
            out.push(',');
            if inner_rank == 0 {
                out.push(' ');
            } else {
                out.push_str(&"\n".repeat(inner_rank));
                out.push_str(&" ".repeat(dim + 1));
            }
        }
        match entry {
            Some(i) => format_dims(t, dim + 1, base + i * stride, summarize, out),
            None => out.push_str("..."),
        }
    }
    out.push(']');
}

/// The argument value an input spec gives for parameter `p`: a memref
/// parameter gets a buffer of its own holding the values.
fn input_value(p: &Param, spec: &str) -> Result<RtValue, String> {
    argument_value(p, tensor_input_value(p, spec)?)
}

/// The argument for parameter `p` of an array given by its dtype and shape
/// (`h`) and data (`body`): a `.npy` file's parts, or an array the Python
/// package hands over. Its dtype must hold `p`'s element type and its shape
/// fit `p`'s (dynamic dims take the array's).
pub fn array_argument(p: &Param, h: &Header, body: &[u8]) -> Result<RtValue, String> {
    argument_value(p, array_value(p, h, body, "the array")?)
}

/// The argument for parameter `p` of a literal (`3`, `-2.5`, `nan`,
/// `true`): a scalar, or every element of a statically shaped tensor.
pub fn literal_argument(p: &Param, text: &str) -> Result<RtValue, String> {
    if let Some(v) = complex_input_value(p, text) {
        return v;
    }
    let elem = p.elem.ok_or_else(|| format!("the engine cannot pass a value of type {}", p.ty))?;
    let v = literal(elem, text).map_err(|e| {
        if e.starts_with("not an input") {
            format!("{text} is not a value of type {}", elem.mlir_name())
        } else {
            e
        }
    })?;
    argument_value(p, literal_value(p, v)?)
}

/// `v` as parameter `p` takes it: a memref parameter gets a buffer of its
/// own holding the values.
fn argument_value(p: &Param, v: RtValue) -> Result<RtValue, String> {
    if !p.ty.starts_with("memref<") {
        return Ok(v);
    }
    if !p.row_major {
        return Err(format!("the engine passes memrefs of row-major layout only, not {}", p.ty));
    }
    match v {
        RtValue::Tensor(t) => Ok(RtValue::MemRef(MemRef::from_tensor(&t)?)),
        RtValue::Scalar(s) => {
            Ok(RtValue::MemRef(MemRef::from_tensor(&Tensor::try_from_scalars(vec![], s.elem, [s])?)?))
        }
        other => Ok(other),
    }
}

/// `what` names the array in errors (`the file`, `the array`).
fn array_value(p: &Param, h: &Header, body: &[u8], what: &str) -> Result<RtValue, String> {
    let elem = p.elem.ok_or_else(|| format!("the engine cannot pass a value of type {}", p.ty))?;
    let t = tessel_interp::npy::from_parts(h, body, elem)?;
    match &p.shape {
        None if t.shape.is_empty() => Ok(RtValue::Scalar(t.get(0))),
        None => Err(format!("the argument is a scalar {}, {what} holds shape {:?}", p.ty, t.shape)),
        Some(shape) => {
            let fits = shape.len() == t.shape.len()
                && shape.iter().zip(&t.shape).all(|(s, f)| *s == DYNAMIC || *s as usize == *f);
            if fits {
                Ok(RtValue::Tensor(t))
            } else {
                Err(format!("shape {:?} of {what} does not fit the argument type {}", t.shape, p.ty))
            }
        }
    }
}

/// The value of a result or argument as a tensor (a memref's elements
/// gathered, a scalar as rank 0); `what` names it in a fault.
pub fn value_tensor(v: &RtValue, what: &str) -> Result<Tensor, String> {
    match v {
        RtValue::Tensor(t) => Ok(t.clone()),
        RtValue::MemRef(m) => Ok(m.gather(false, what)?),
        RtValue::Scalar(s) => Ok(Tensor::try_from_scalars(vec![], s.elem, [*s])?),
        RtValue::Complex(_) => Err(format!("{what} is a complex number: it has no array form")),
    }
}

/// A `complex<..>` argument written `re,im` (`--input=1.5,-2`).
fn complex_input_value(p: &Param, spec: &str) -> Option<Result<RtValue, String>> {
    let part = p.ty.strip_prefix("complex<")?.strip_suffix('>')?;
    let elem = tessel_interp::elem::ElemType::ALL.iter().find(|e| e.mlir_name() == part && e.is_float())?;
    let Some((re, im)) = spec.split_once(',') else {
        return Some(Err(format!("a {} argument is written re,im (such as 1.5,-2), not '{spec}'", p.ty)));
    };
    Some((|| {
        let (re, im) = (literal(*elem, re.trim())?, literal(*elem, im.trim())?);
        Ok(RtValue::Complex(tessel_interp::complex::Complex { re, im }))
    })())
}

fn tensor_input_value(p: &Param, spec: &str) -> Result<RtValue, String> {
    if let Some(v) = complex_input_value(p, spec) {
        return v;
    }
    let elem = p.elem.ok_or_else(|| format!("the engine cannot pass a value of type {}", p.ty))?;
    if spec.ends_with(".npy") {
        let bytes = std::fs::read(spec).map_err(|e| format!("cannot read: {e}"))?;
        let (h, start) = tessel_interp::npy::read_header(&bytes)?;
        return array_value(p, &h, &bytes[start..], "the file");
    }
    let static_shape = || -> Result<Vec<usize>, String> {
        let shape = p.shape.as_ref().map(|s| s.to_vec()).unwrap_or_default();
        if shape.contains(&DYNAMIC) {
            return Err(format!("{} has dynamic dims: pass a .npy file", p.ty));
        }
        Ok(shape.iter().map(|d| *d as usize).collect())
    };
    let tensor_or_scalar = |t: Tensor| match p.shape {
        Some(_) => RtValue::Tensor(t),
        None => RtValue::Scalar(t.get(0)),
    };
    if spec == "iota" {
        return Ok(tensor_or_scalar(Tensor::try_iota(static_shape()?, elem)?));
    }
    if let Some(seed) = spec.strip_prefix("random:") {
        let seed: u64 = seed.parse().map_err(|_| format!("'{seed}' is not a seed (an unsigned integer)"))?;
        let shape = static_shape()?;
        // Overflow leaves n at 0: the allocation is refused before any value is drawn.
        let n = shape.iter().try_fold(1usize, |a, d| a.checked_mul(*d)).unwrap_or(0);
        let mut rng = SplitMix64(seed);
        let values = (0..n).map(|_| random_scalar(elem, &mut rng));
        return Ok(tensor_or_scalar(Tensor::try_from_scalars(shape, elem, values)?));
    }
    literal_value(p, literal(elem, spec)?)
}

/// A literal's value for parameter `p`: the scalar, or a statically shaped
/// tensor filled with it.
fn literal_value(p: &Param, v: Scalar) -> Result<RtValue, String> {
    Ok(match &p.shape {
        Some(shape) if shape.contains(&DYNAMIC) => {
            return Err(format!("{} has dynamic dims: pass a .npy file (an array from Python)", p.ty))
        }
        Some(shape) => RtValue::Tensor(Tensor::try_filled(shape.iter().map(|d| *d as usize).collect(), v)?),
        None => RtValue::Scalar(v),
    })
}

/// A scalar literal of `elem`.
fn literal(elem: ElemType, s: &str) -> Result<Scalar, String> {
    let not_input =
        || format!("not an input: expected a .npy path, iota, random:SEED or a {} literal", elem.mlir_name());
    match s {
        "true" => return Ok(Scalar::int(elem, 1)),
        "false" => return Ok(Scalar::int(elem, 0)),
        _ => {}
    }
    if elem.is_float() {
        let v: f64 = match s {
            "nan" => f64::NAN,
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            _ => s.parse().map_err(|_| not_input())?,
        };
        return Ok(Scalar::float(elem, v));
    }
    let v: i64 = s.parse().map_err(|_| not_input())?;
    let fits = match elem.bit_width() {
        64 => true,
        1 => v == 0 || v == 1,
        w => v >= -(1i64 << (w - 1)) && v < (1i64 << w),
    };
    if !fits {
        return Err(format!("{v} does not fit in {}", elem.mlir_name()));
    }
    Ok(Scalar::int(elem, v))
}

/// A small, well-mixed generator (SplitMix64), so `random:SEED` is the
/// same on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn random_scalar(elem: ElemType, rng: &mut SplitMix64) -> Scalar {
    let r = rng.next();
    match elem {
        ElemType::I1 => Scalar::int(elem, (r & 1) as i64),
        e if e.is_float() => Scalar::float(e, (r >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0),
        e => Scalar::int(e, (r % 16) as i64 - 8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_tensors_print_abbreviated_like_numpy() {
        let t = Tensor::iota(vec![40, 40], ElemType::I32);
        let s = format_value(&RtValue::Tensor(t));
        assert!(s.starts_with("[[0, 1, 2, ..., 37, 38, 39],\n [40, 41, 42, ..., 77, 78, 79],"), "{s}");
        assert!(s.contains("\n ...,\n [1480,"), "{s}");
        let small = format_value(&RtValue::Tensor(Tensor::iota(vec![2, 2], ElemType::F32)));
        assert_eq!(small, "[[0.0, 1.0],\n [2.0, 3.0]]");
    }

    #[test]
    fn literals_are_checked_against_the_type() {
        assert_eq!(literal(ElemType::I8, "-128").unwrap().as_i64(), -128);
        assert!(literal(ElemType::I8, "300").unwrap_err().contains("does not fit in i8"));
        assert!(literal(ElemType::F32, "x").unwrap_err().contains("not an input"));
        assert!(literal(ElemType::F32, "nan").unwrap().as_f64().is_nan());
    }
}
