//! tessel-interp: an execution engine for tessel IR on concrete data.
//!
//! - Exact element types ([`ElemType`]: i1 to i64, index, f16, bf16, f32,
//!   f64): tensors hold their elements' bytes, data movement keeps every
//!   bit (NaN payloads, -0.0), arithmetic wraps and rounds as MLIR's
//!   lowering does ([`elem`]).
//! - Data movement (pack, unpack, transpose, slices, reshapes, fill) runs
//!   as strided block copies over whole tensors ([`copy`]).
//! - Runtime faults (out-of-bounds slices, size mismatches, division by
//!   zero, two `scf.forall` iterations writing one element, reads of
//!   unwritten `tensor.empty` elements when asked to check) are
//!   [`RunError`]s at the op's location, never panics.
//! - [`npy`] reads and writes NumPy `.npy` files for the command line.

mod buffer;
mod bytes;
pub mod complex;
pub mod copy;
pub mod elem;
mod gather;
mod kernels;
pub mod memory;
mod memref;
pub mod npy;
pub mod pack;
pub mod print;
mod stream;
mod structured;
mod tensor;
mod transpose;
mod vector;

use std::rc::Rc;

use rustc_hash::FxHashMap;

pub use buffer::MemRef;
pub use elem::{ElemType, Scalar};
pub use memory::AllocError;
pub use tensor::Tensor;

use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects::func::FuncOp;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{BlockId, Context, Loc, OpId, RegionId, Type, Value};

/// A runtime fault: a message and, when an op caused it, its location.
#[derive(Clone, Debug, PartialEq)]
pub struct RunError {
    pub loc: Option<Loc>,
    pub message: String,
}

impl RunError {
    fn new(message: impl Into<String>) -> RunError {
        RunError { loc: None, message: message.into() }
    }
}

impl From<String> for RunError {
    fn from(message: String) -> RunError {
        RunError::new(message)
    }
}

impl From<&str> for RunError {
    fn from(message: &str) -> RunError {
        RunError::new(message)
    }
}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        e.message
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Result of running something.
pub type RunResult<T> = Result<T, RunError>;

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
pub enum RtValue {
    /// An integer, index or float scalar.
    Scalar(Scalar),
    /// A tensor.
    Tensor(Tensor),
    /// A memref: a view of a mutable buffer.
    MemRef(MemRef),
    /// A complex number (`complex<f32>`): two floats of one type.
    Complex(complex::Complex),
}

impl RtValue {
    /// An `index` value.
    pub fn index(v: i64) -> RtValue {
        RtValue::Scalar(Scalar::index(v))
    }

    /// The signed integer value of a scalar.
    pub fn int(&self) -> RunResult<i64> {
        match self {
            RtValue::Scalar(s) if !s.elem.is_float() => Ok(s.as_i64()),
            other => Err(RunError::new(format!("expected an integer, got {}", other.describe()))),
        }
    }

    /// The scalar.
    pub fn scalar(&self) -> RunResult<Scalar> {
        match self {
            RtValue::Scalar(s) => Ok(*s),
            other => Err(RunError::new(format!("expected a scalar, got {}", other.describe()))),
        }
    }

    /// The tensor.
    pub fn tensor(&self) -> RunResult<&Tensor> {
        match self {
            RtValue::Tensor(t) => Ok(t),
            other => Err(RunError::new(format!("expected a tensor, got {}", other.describe()))),
        }
    }

    /// The memref.
    pub fn memref(&self) -> RunResult<&MemRef> {
        match self {
            RtValue::MemRef(m) => Ok(m),
            other => Err(RunError::new(format!("expected a memref, got {}", other.describe()))),
        }
    }

    /// The MLIR type of the value, with its runtime shape (`tensor<2x3xf32>`).
    pub fn mlir_type(&self) -> String {
        match self {
            RtValue::Scalar(s) => s.elem.mlir_name().to_string(),
            RtValue::Tensor(t) => {
                let dims: String = t.shape.iter().map(|d| format!("{d}x")).collect();
                format!("tensor<{dims}{}>", t.elem.mlir_name())
            }
            RtValue::MemRef(m) => {
                let dims: String = m.shape.iter().map(|d| format!("{d}x")).collect();
                format!("memref<{dims}{}>", m.elem.mlir_name())
            }
            RtValue::Complex(c) => format!("complex<{}>", c.re.elem.mlir_name()),
        }
    }

    fn describe(&self) -> String {
        match self {
            RtValue::Scalar(s) => format!("{s} : {}", s.elem.mlir_name()),
            RtValue::Complex(c) => format!("{c} : {}", self.mlir_type()),
            RtValue::Tensor(_) | RtValue::MemRef(_) => format!("a {}", self.mlir_type()),
        }
    }
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its element type (`None` when the engine has no storage for it).
    pub elem: Option<ElemType>,
    /// The static shape of a tensor (`tessel_ir::types::DYNAMIC` for `?`);
    /// `None` for a scalar.
    pub shape: Option<Vec<i64>>,
    /// The type as written.
    pub ty: String,
    /// A memref whose layout is row-major with offset 0 (as the engine
    /// passes memrefs), or not a memref.
    pub row_major: bool,
}

impl Param {
    /// The parameter of type `ty`.
    pub fn of(ctx: &Context, ty: Type) -> Param {
        Param {
            elem: ElemType::of(ctx, ty),
            shape: ctx.type_kind(ty).shape().map(|s| s.to_vec()),
            ty: tessel_ir::printer::type_to_string(ctx, ty),
            row_major: match ctx.type_kind(ty) {
                TypeKind::MemRef { shape, layout: Some(_), .. } => {
                    tessel_ir::dialects::memref::strides_and_offset(ctx, ty).is_some_and(|l| {
                        let row = tessel_ir::dialects::memref::Strided::row_major(shape);
                        (l.offset == 0 || l.offset == DYNAMIC)
                            && l.strides.iter().zip(&row.strides).all(|(a, b)| *a == DYNAMIC || a == b)
                    })
                }
                _ => true,
            },
        }
    }
}

/// How a block ended.
enum Flow {
    Next,
    Yield(Vec<RtValue>),
    /// A `cf` branch: go on at the block with these arguments.
    Branch(BlockId, Vec<RtValue>),
}

/// The most ops one call executes unless told otherwise: a guard against
/// runaway loops (about a minute of scalar code).
pub const DEFAULT_MAX_STEPS: u64 = 50_000_000;

/// Executes the functions of one module. Tensor storage counts against
/// this thread's memory budget ([`memory::set_limit`]).
pub struct Interpreter<'c> {
    ctx: &'c Context,
    module: OpId,
    env: FxHashMap<Value, RtValue>,
    /// Ops executed (a guard against runaway loops).
    pub steps: u64,
    /// The most ops one call may execute (`--run-max-steps`).
    pub step_limit: u64,
    /// Track the writes into every `tensor.empty` and report a read of an
    /// element nobody wrote (`--run-check-uninit`).
    pub check_uninit: bool,
    /// Record every heap buffer (`memref.alloc`, `bufferization.clone`)
    /// so that [`Interpreter::take_leaks`] can find those never freed
    /// (`--run-check-leaks`).
    pub check_leaks: bool,
    /// The heap buffers made since the last [`Interpreter::take_leaks`],
    /// with the op that made each (only with `check_leaks`).
    heap: Vec<(buffer::BufferRef, OpId)>,
    /// The points of the structured ops whose bodies are running
    /// (`linalg.index` reads the innermost).
    points: Vec<Vec<i64>>,
    /// How many `func.call`s are running (a guard against runaway
    /// recursion, which would otherwise overflow the native stack).
    pub(crate) call_depth: usize,
    /// Per block (by index), computed on its first run: after which of its
    /// ops each tensor it defines is dead (see [`Interpreter::release_plan`]).
    plans: Vec<Option<Rc<[Vec<Value>]>>>,
    /// The buffer of each `memref.global` used so far (made on first use,
    /// kept across calls).
    globals: FxHashMap<OpId, MemRef>,
    /// While a destination-style op runs on memrefs: its memref operands
    /// (which it sees as tensors), where its results are written back.
    buffer_operands: Vec<(Value, MemRef)>,
    /// What `vector.print` ops wrote, in order (as MLIR's runtime prints
    /// it: `( 1, 2 )`, floats as C's `%g`).
    pub printed: String,
}

impl<'c> Interpreter<'c> {
    /// An engine over `module`.
    pub fn new(ctx: &'c Context, module: OpId) -> Self {
        Interpreter {
            ctx,
            module,
            env: FxHashMap::default(),
            steps: 0,
            step_limit: DEFAULT_MAX_STEPS,
            check_uninit: false,
            check_leaks: false,
            heap: Vec::new(),
            points: Vec::new(),
            call_depth: 0,
            plans: Vec::new(),
            globals: FxHashMap::default(),
            buffer_operands: Vec::new(),
            printed: String::new(),
        }
    }

    /// The function named `name`.
    pub fn find_func(&self, name: &str) -> Option<FuncOp> {
        let ctx = self.ctx;
        let body = ctx.blocks(*ctx.regions(self.module).first()?).first().copied()?;
        ctx.block_ops(body).filter_map(|o| FuncOp::cast(ctx, o)).find(|f| f.sym_name(ctx) == Some(name))
    }

    /// The parameters of function `name`, if it exists.
    pub fn signature(&self, name: &str) -> Option<Vec<Param>> {
        let ctx = self.ctx;
        let f = self.find_func(name)?;
        let entry = *ctx.blocks(f.body(ctx)).first()?;
        Some(ctx.block_args(entry).iter().map(|a| Param::of(ctx, ctx.value_type(*a))).collect())
    }

    /// The result types of function `name`, if it exists.
    pub fn result_signature(&self, name: &str) -> Option<Vec<Param>> {
        let ctx = self.ctx;
        let f = self.find_func(name)?;
        let Some(AttrKind::Type(fty)) = ctx.get_attr(f.0, "function_type").map(|a| ctx.attr_kind(a)) else {
            return None;
        };
        let TypeKind::Function { results, .. } = ctx.type_kind(*fty) else { return None };
        Some(results.iter().map(|t| Param::of(ctx, *t)).collect())
    }

    /// Calls function `name` with `args`.
    pub fn call(&mut self, name: &str, args: Vec<RtValue>) -> RunResult<Vec<RtValue>> {
        let f = self.find_func(name).ok_or_else(|| RunError::new(format!("no function @{name}")))?;
        let entry = *self.ctx.blocks(f.body(self.ctx)).first().ok_or("function has no body")?;
        let n = self.ctx.block_args(entry).len();
        if n != args.len() {
            return Err(RunError::new(format!("@{name} takes {n} arguments, got {}", args.len())));
        }
        let results = self.run_block(entry, args)?;
        if self.check_uninit {
            for (i, r) in results.iter().enumerate() {
                if let RtValue::Tensor(t) = r {
                    if let Some(e) = t.first_uninit() {
                        let loc = Some(self.ctx.op_loc(f.0));
                        let message = format!("result #{i} of @{name} holds an element never written (element {e})");
                        return Err(RunError { loc, message });
                    }
                }
            }
        }
        Ok(results)
    }

    /// The ops whose heap buffers, made since the last call of this, were
    /// neither freed nor returned in `results` (with `check_leaks`): the
    /// leaks of a top-level call.
    pub fn take_leaks(&mut self, results: &[RtValue]) -> Vec<OpId> {
        let heap = std::mem::take(&mut self.heap);
        heap.into_iter()
            .filter(|(b, _)| !b.borrow().freed)
            .filter(|(b, _)| !results.iter().any(|r| matches!(r, RtValue::MemRef(m) if Rc::ptr_eq(&m.buffer, b))))
            .map(|(_, op)| op)
            .collect()
    }

    /// Records a heap buffer `op` made, when leaks are checked.
    pub(crate) fn track_heap(&mut self, m: &MemRef, op: OpId) {
        if self.check_leaks {
            self.heap.push((m.buffer.clone(), op));
        }
    }

    /// Drops every value the calls so far computed (they stay alive after a
    /// call returns). Between top-level calls only: a nested `func.call`
    /// needs its caller's values.
    pub fn forget_values(&mut self) {
        self.env = FxHashMap::default();
    }

    fn get(&self, v: Value) -> RunResult<RtValue> {
        self.env.get(&v).cloned().ok_or_else(|| RunError::new("value used before it was computed"))
    }

    /// The value of `v`, moved out when `user` is its only use in the same
    /// block (so a tensor can be updated in place).
    fn take_or_get(&mut self, v: Value, user: OpId) -> RunResult<RtValue> {
        let ctx = self.ctx;
        let same_block = match ctx.value_def(v) {
            tessel_ir::context::ValueDef::Result { op, .. } => ctx.op_block(op) == ctx.op_block(user),
            tessel_ir::context::ValueDef::BlockArg { block, .. } => Some(block) == ctx.op_block(user),
            tessel_ir::context::ValueDef::Detached => false,
        };
        if same_block && ctx.uses(v).len() == 1 {
            if let Some(x) = self.env.remove(&v) {
                return Ok(x);
            }
        }
        self.get(v)
    }

    fn run_region(&mut self, r: RegionId, args: Vec<RtValue>) -> RunResult<Vec<RtValue>> {
        let b = *self.ctx.blocks(r).first().ok_or("empty region")?;
        self.run_block(b, args)
    }

    /// Runs block `b` and, where it branches, the blocks it branches to,
    /// until one yields (returns).
    fn run_block(&mut self, mut b: BlockId, mut args: Vec<RtValue>) -> RunResult<Vec<RtValue>> {
        loop {
            match self.run_one_block(b, args)? {
                Flow::Branch(next, next_args) => {
                    b = next;
                    args = next_args;
                }
                Flow::Yield(vals) => return Ok(vals),
                Flow::Next => return Ok(vec![]),
            }
        }
    }

    fn run_one_block(&mut self, b: BlockId, args: Vec<RtValue>) -> RunResult<Flow> {
        let ctx = self.ctx;
        for (a, v) in ctx.block_args(b).iter().zip(args) {
            self.env.insert(*a, v);
        }
        let plan = self.release_plan(b);
        for (k, op) in ctx.block_ops(b).enumerate() {
            self.steps += 1;
            if self.steps > self.step_limit {
                let message = format!(
                    "step limit exceeded: this call has executed {} ops (--run-max-steps=N raises the limit)",
                    self.step_limit
                );
                return Err(RunError { loc: Some(ctx.op_loc(op)), message });
            }
            let flow = self.exec(op).map_err(|mut e| {
                e.loc.get_or_insert(ctx.op_loc(op));
                e
            })?;
            for v in &plan[k] {
                self.env.remove(v);
            }
            if !matches!(flow, Flow::Next) {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }

    /// For each op of block `b` (by position), the tensors defined in `b`
    /// (its arguments and its ops' results) whose last use is that op or
    /// inside its regions: the engine drops them once it has run, so a
    /// program's peak memory is what is live, not every tensor it made. A
    /// tensor without uses goes after the op that made it (arguments:
    /// after the first op). Scalars stay (they are small, and the bodies
    /// run per element would pay for the bookkeeping); so does a tensor
    /// used outside the ops of `b` and their regions.
    fn release_plan(&mut self, b: BlockId) -> Rc<[Vec<Value>]> {
        if let Some(Some(plan)) = self.plans.get(b.index()) {
            return plan.clone();
        }
        let ctx = self.ctx;
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        let position: FxHashMap<OpId, usize> = ops.iter().enumerate().map(|(k, o)| (*o, k)).collect();
        // The position in `b` of the op that holds `user`, if one does.
        let holder = |mut user: OpId| loop {
            if ctx.op_block(user) == Some(b) {
                return position.get(&user).copied();
            }
            user = ctx.parent_op(user)?;
        };
        let mut plan = vec![Vec::new(); ops.len()];
        let defined = ctx
            .block_args(b)
            .iter()
            .map(|a| (*a, 0))
            .chain(ops.iter().enumerate().flat_map(|(k, o)| ctx.results(*o).iter().map(move |r| (*r, k))));
        for (v, def) in defined {
            if !matches!(ctx.value_type_kind(v), TypeKind::Tensor { .. }) || ops.is_empty() {
                continue;
            }
            let last = ctx.uses(v).iter().try_fold(def, |last, u| holder(u.op).map(|k| last.max(k)));
            if let Some(last) = last {
                plan[last].push(v);
            }
        }
        let plan: Rc<[Vec<Value>]> = plan.into();
        if self.plans.len() <= b.index() {
            self.plans.resize(b.index() + 1, None);
        }
        self.plans[b.index()] = Some(plan.clone());
        plan
    }

    fn set(&mut self, op: OpId, i: usize, v: RtValue) {
        self.env.insert(self.ctx.result(op, i), v);
    }

    fn operand(&self, op: OpId, i: usize) -> RunResult<RtValue> {
        self.get(self.ctx.operands(op)[i])
    }

    /// Runs one op with the kernel registered for it.
    fn exec(&mut self, op: OpId) -> RunResult<Flow> {
        match kernels::kernel(self.ctx, op) {
            Some(kernels::Entry::Kernel(kernel)) => kernel(self, op),
            Some(kernels::Entry::Scalar(f)) => kernels::arith_op(self, op, f),
            None => Err(RunError::new(format!("the engine does not run '{}'", self.ctx.op_name(op)))),
        }
    }

    /// Static entries resolved: `DYNAMIC` ones take the next value of `vals`.
    fn resolve(&self, ints: &[i64], vals: &[Value]) -> RunResult<Vec<i64>> {
        let mut it = vals.iter();
        ints.iter()
            .map(|x| if *x == DYNAMIC { self.get(*it.next().ok_or("missing dynamic value")?)?.int() } else { Ok(*x) })
            .collect()
    }

    /// Like [`Self::resolve`], for sizes and offsets (which must not be negative).
    fn resolve_sizes(&self, ints: &[i64], vals: &[Value], what: &str) -> RunResult<Vec<usize>> {
        self.resolve(ints, vals)?
            .into_iter()
            .map(|v| usize::try_from(v).map_err(|_| RunError::new(format!("negative {what} {v}"))))
            .collect()
    }
}
