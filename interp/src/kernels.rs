//! The engine's kernels, registered per op in a table keyed by the op's
//! definition: a new op joins with one entry. Data movement goes through
//! [`crate::copy::strided_copy`]; arith ops are scalar functions applied
//! elementwise.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use tessel_ir::attrs::{AttrKind, DenseData, DenseElement};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::pack::{PackInfo, Tile};
use tessel_ir::dialects::patterns::math::libm;
use tessel_ir::dialects::tensor::slice_params;
use tessel_ir::dialects::{
    affine, affine_index, arith, cf, func, index, linalg, math, pack, scf, scf_more, scf_parallel, structured, tensor,
    tensor_more, ub,
};
use tessel_ir::registry::OpDef;
use tessel_ir::{Context, OpId, Value};

use crate::bytes::AlignedBytes;
use crate::copy::{contiguous_strides, Axis};
use crate::elem::{ElemType, Scalar};
use crate::memory::AllocError;
use crate::pack::PackSpec;
use crate::{Flow, Interpreter, RtValue, RunError, RunResult, Tensor};

/// Runs one op.
pub(crate) type Kernel = fn(&mut Interpreter<'_>, OpId) -> RunResult<Flow>;

/// The operands of one scalar computation.
pub(crate) struct ScalarArgs<'a> {
    pub args: &'a [Scalar],
    /// The result's element type.
    pub out: ElemType,
    /// The comparison predicate (cmpi, cmpf), else 0.
    pub predicate: i64,
}

/// Computes an arith op on scalars.
pub(crate) type ScalarFn = fn(&ScalarArgs<'_>) -> Result<Scalar, String>;

/// How the engine runs an op.
#[derive(Copy, Clone)]
pub(crate) enum Entry {
    /// Its own kernel.
    Kernel(Kernel),
    /// An arith op: its scalar computation, applied elementwise to tensors.
    Scalar(ScalarFn),
}

/// The kernel of each op the engine runs.
fn kernel_table() -> Vec<(&'static OpDef, Entry)> {
    let kernels: [(&'static OpDef, Kernel); 41] = [
        (&func::RETURN, yield_operands),
        (&scf::YIELD, yield_operands),
        (&tensor::YIELD, yield_operands),
        (&linalg::YIELD, yield_operands),
        (&arith::CONSTANT, constant),
        (&ub::POISON, poison),
        (&func::CALL, call),
        (&affine::APPLY, affine_op),
        (&affine::MIN, affine_op),
        (&affine::MAX, affine_op),
        (&tensor::EMPTY, empty),
        (&tensor::DIM, dim),
        (&tensor::CAST, cast),
        (&tensor_more::RESHAPE, tensor_reshape),
        (&tensor_more::BITCAST, bitcast),
        (&tensor::EXTRACT_SLICE, extract_slice),
        (&tensor::INSERT_SLICE, insert_slice),
        (&tensor::PAD, pad),
        (&pack::PACK, pack_op),
        (&pack::UNPACK, unpack_op),
        (&linalg::FILL, |i, op| crate::memref::with_buffers(i, op, fill)),
        (&linalg::TRANSPOSE, |i, op| crate::memref::with_buffers(i, op, transpose)),
        (&tensor::COLLAPSE_SHAPE, reshape),
        (&tensor::EXPAND_SHAPE, reshape),
        (&scf::FOR, for_loop),
        (&scf::IF, if_op),
        (&scf::FORALL, forall),
        (&scf_more::WHILE, while_loop),
        (&scf_more::CONDITION, yield_operands),
        (&scf_more::EXECUTE_REGION, execute_region),
        (&scf_more::INDEX_SWITCH, index_switch),
        (&scf_parallel::PARALLEL, parallel_loop),
        (&index::CONSTANT, index_constant),
        (&index::BOOL_CONSTANT, index_constant),
        (&index::CMP, index_cmp),
        (&index::CASTS, index_cast),
        (&index::CASTU, index_cast),
        (&index::SIZEOF, index_sizeof),
        (&scf_parallel::REDUCE, yield_operands),
        (&scf_parallel::REDUCE_RETURN, yield_operands),
        (&arith::SELECT, select),
    ];
    let on_buffers: Kernel = |i, op| crate::memref::with_buffers(i, op, crate::structured::structured_op);
    let structured_ops = structured::all_named().map(move |n| (n.def, on_buffers));
    let structured_ops = structured_ops.chain([
        (&structured::GENERIC, on_buffers),
        (&tessel_ir::dialects::linalg_map::MAP, on_buffers),
        (&tessel_ir::dialects::linalg_reduce::REDUCE, on_buffers),
        (&tessel_ir::dialects::linalg_reduce::BROADCAST, on_buffers),
        (&structured::INDEX, crate::structured::index as Kernel),
    ]);
    let kernels = kernels
        .into_iter()
        .chain(structured_ops)
        .chain(crate::vector::kernels())
        .chain(crate::gather::kernels())
        .chain(crate::memref::kernels())
        .chain(crate::complex::kernels())
        .chain(index::BINARY.iter().map(|d| (*d, index_binary as Kernel)))
        .chain([
            (&tensor::EXTRACT, extract_element as Kernel),
            (&tensor::INSERT, insert_element as Kernel),
            (&tensor::FROM_ELEMENTS, from_elements as Kernel),
            (&tensor::GENERATE, generate as Kernel),
            (&tensor_more::SPLAT, splat as Kernel),
            (&tensor_more::RANK, rank as Kernel),
            (&tensor_more::CONCAT, concat as Kernel),
            (&affine_index::LINEARIZE_INDEX, linearize_index as Kernel),
            (&cf::BR, branch as Kernel),
            (&cf::COND_BR, cond_branch as Kernel),
            (&cf::SWITCH, switch as Kernel),
            (&cf::ASSERT, assert as Kernel),
            (&affine_index::DELINEARIZE_INDEX, delinearize_index as Kernel),
        ])
        .map(|(def, k)| (def, Entry::Kernel(k)));
    kernels.chain(SCALAR_OPS.iter().map(|(def, f)| (*def, Entry::Scalar(*f)))).collect()
}

/// The scalar computation of an arith op (reductions combine with them).
pub(crate) fn scalar_fn(def: &OpDef) -> Option<ScalarFn> {
    SCALAR_OPS.iter().find(|(d, _)| std::ptr::eq(*d, def)).map(|(_, f)| *f)
}

/// How to run `op`, from its definition.
pub(crate) fn kernel(ctx: &Context, op: OpId) -> Option<Entry> {
    static TABLE: OnceLock<FxHashMap<usize, Entry>> = OnceLock::new();
    let table =
        TABLE.get_or_init(|| kernel_table().into_iter().map(|(d, k)| (d as *const OpDef as usize, k)).collect());
    let def = ctx.def_of(op)?;
    table.get(&(def as *const OpDef as usize)).copied()
}

pub(crate) fn elem_of(ctx: &Context, v: Value) -> RunResult<ElemType> {
    ElemType::of(ctx, ctx.value_type(v)).ok_or_else(|| {
        let ty = tessel_ir::printer::type_to_string(ctx, ctx.value_type(v));
        RunError::new(format!("the engine has no storage for {ty}"))
    })
}

pub(crate) fn yield_operands(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let vals = i.ctx.operands(op).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    Ok(Flow::Yield(vals))
}

fn constant(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    let a = arith::ConstantOp(op).value(ctx).ok_or("constant without value")?;
    let v = attr_value(ctx, a, elem)?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

/// The value of a constant attribute: a scalar, or a tensor for `dense`.
pub(crate) fn attr_value(ctx: &Context, a: tessel_ir::Attr, elem: ElemType) -> RunResult<RtValue> {
    let scalar = |e: &DenseElement| match e {
        DenseElement::Int(v) => Scalar::int(elem, *v as i64),
        DenseElement::Float(b) => Scalar::float(elem, f64::from_bits(*b)),
    };
    Ok(match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => RtValue::Scalar(Scalar::int(elem, *value as i64)),
        AttrKind::Bool(b) => RtValue::Scalar(Scalar::int(elem, *b as i64)),
        AttrKind::Float { bits, .. } => RtValue::Scalar(Scalar::float(elem, f64::from_bits(*bits))),
        AttrKind::Dense { ty, data } => {
            let shape: Vec<usize> = ctx.type_kind(*ty).shape().unwrap_or(&[]).iter().map(|d| *d as usize).collect();
            match data {
                DenseData::Splat(e) => RtValue::Tensor(Tensor::try_filled(shape, scalar(e))?),
                DenseData::Elements(es) => {
                    RtValue::Tensor(Tensor::try_from_scalars(shape, elem, es.iter().map(scalar))?)
                }
                DenseData::ComplexSplat(..) | DenseData::ComplexElements(_) => {
                    return Err("the engine has no storage for tensors of complex numbers".into())
                }
                DenseData::Hex(h) => {
                    let (n, elem_ty) =
                        (shape.iter().product::<usize>(), ctx.type_kind(*ty).element_type().unwrap_or(*ty));
                    match tessel_ir::dense_hex::decode(ctx, elem_ty, h, n) {
                        Some(DenseData::Splat(e)) => RtValue::Tensor(Tensor::try_filled(shape, scalar(&e))?),
                        Some(DenseData::Elements(es)) => {
                            RtValue::Tensor(Tensor::try_from_scalars(shape, elem, es.iter().map(scalar))?)
                        }
                        _ => return Err("this hex dense constant's element type is not supported".into()),
                    }
                }
            }
        }
        AttrKind::DenseResource { ty, handle } => {
            let shape: Vec<usize> = ctx.type_kind(*ty).shape().unwrap_or(&[]).iter().map(|d| *d as usize).collect();
            let elem_ty = ctx.type_kind(*ty).element_type().unwrap_or(*ty);
            let blob = ctx.resources.get(handle).ok_or_else(|| {
                RunError::new(format!("dense_resource<{handle}> has no blob in the file's dialect_resources"))
            })?;
            let es = tessel_ir::dense_hex::decode_resource(ctx, elem_ty, &blob.data, shape.iter().product())
                .ok_or_else(|| {
                    RunError::new(format!("dense_resource<{handle}>: its blob does not hold the elements of its type"))
                })?;
            RtValue::Tensor(Tensor::try_from_scalars(shape, elem, es.iter().map(scalar))?)
        }
        _ => return Err("unsupported constant".into()),
    })
}

/// `ub.poison`: no particular value; the engine reads zero bits (a
/// scalar, or a tensor of zeros for a static tensor type), so a program
/// that reads poison computes the same bits on every run.
fn poison(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let result = ctx.result(op, 0);
    let elem = elem_of(ctx, result)?;
    let v = match ctx.value_type_kind(result).shape() {
        None => RtValue::Scalar(Scalar::int(elem, 0)),
        Some(shape) if shape.iter().all(|d| *d >= 0) => {
            RtValue::Tensor(Tensor::try_zeros(shape.iter().map(|d| *d as usize).collect(), elem)?)
        }
        Some(_) => return Err("a dynamically shaped ub.poison has no size".into()),
    };
    i.set(op, 0, v);
    Ok(Flow::Next)
}

fn call(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let callee = match func::CallOp(op).callee(ctx).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
        _ => return Err("call without callee".into()),
    };
    let args = ctx.operands(op).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    // Each call runs on the native stack: a runaway recursion is an error.
    const MAX_CALL_DEPTH: usize = 256;
    if i.call_depth >= MAX_CALL_DEPTH {
        return Err(RunError::new(format!("calls nested more than {MAX_CALL_DEPTH} deep (runaway recursion?)")));
    }
    i.call_depth += 1;
    let res = i.call(&callee, args);
    i.call_depth -= 1;
    let res = res?;
    for (k, v) in res.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn values_of(i: &Interpreter<'_>, vals: &[Value]) -> RunResult<Vec<RtValue>> {
    vals.iter().map(|v| i.get(*v)).collect()
}

/// `cf.br`: on at its destination.
fn branch(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    Ok(Flow::Branch(ctx.op(op).successors()[0], values_of(i, ctx.operands(op))?))
}

/// `cf.cond_br`: on at the true or the false destination.
fn cond_branch(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let c = cf::CondBranchOp(op);
    let taken = i.get(c.condition(ctx))?.scalar()?.bits != 0;
    let succ = ctx.op(op).successors();
    let (dest, vals) = if taken { (succ[0], c.true_dest_operands(ctx)) } else { (succ[1], c.false_dest_operands(ctx)) };
    Ok(Flow::Branch(dest, values_of(i, vals)?))
}

/// `cf.switch`: on at the case the flag equals (compared at the flag's
/// width), else at the default.
fn switch(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let flag = cf::SwitchOp(op).flag(ctx);
    let width = match ctx.value_type_kind(flag) {
        tessel_ir::types::TypeKind::Integer { width, .. } => *width,
        _ => 64,
    };
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    let value = i.get(flag)?.int()? as u64 & mask;
    let k = cf::case_values(ctx, op).iter().position(|c| *c as u64 & mask == value).map_or(0, |k| k + 1);
    let operands = cf::switch_successor_operands(ctx, op);
    Ok(Flow::Branch(ctx.op(op).successors()[k], values_of(i, operands[k])?))
}

/// `cf.assert`: an error with its message when the condition is false.
fn assert(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    if i.get(ctx.operands(op)[0])?.scalar()?.bits == 0 {
        let msg = cf::AssertOp(op).msg(ctx).unwrap_or("");
        return Err(format!("cf.assert failed: {msg}").into());
    }
    Ok(Flow::Next)
}

/// The basis of a (de)linearize op with its dynamic entries' values.
fn runtime_basis(i: &Interpreter<'_>, op: OpId) -> RunResult<Vec<i64>> {
    affine_index::mixed_basis(i.ctx, op)
        .into_iter()
        .map(|b| match b {
            tessel_ir::builder::Ofr::Const(c) => Ok(c),
            tessel_ir::builder::Ofr::Val(v) => i.get(v)?.int(),
        })
        .collect()
}

/// `affine.linearize_index`; a `disjoint` one whose index lies outside its
/// bound is an error (upstream's result is poison).
fn linearize_index(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let indices: Vec<i64> = affine_index::LinearizeIndexOp(op)
        .multi_index(ctx)
        .iter()
        .map(|v| i.get(*v)?.int())
        .collect::<RunResult<_>>()?;
    let basis = runtime_basis(i, op)?;
    if affine_index::is_disjoint(ctx, op) {
        let skip = indices.len() - basis.len();
        for (x, b) in indices[skip..].iter().zip(&basis) {
            if *x < 0 || x >= b {
                return Err(format!("affine.linearize_index disjoint: index {x} is outside its bound {b}").into());
            }
        }
    }
    let v = match indices.len() {
        0 => 0,
        1 => indices[0],
        _ => tessel_ir::dialects::patterns::affine_index::linearize_constants(&indices, &basis)
            .ok_or("affine.linearize_index overflows")?,
    };
    i.set(op, 0, RtValue::index(v));
    Ok(Flow::Next)
}

/// `affine.delinearize_index`; a basis entry that is not positive, or a
/// linear index past the basis' product when it has its outer bound, is an
/// error (upstream's result is undefined).
fn delinearize_index(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let linear = i.get(ctx.operands(op)[0])?.int()?;
    let basis = runtime_basis(i, op)?;
    if let Some(b) = basis.iter().find(|b| **b <= 0) {
        return Err(format!("affine.delinearize_index: basis entry {b} is not positive").into());
    }
    let n = ctx.results(op).len();
    if affine_index::has_outer_bound(ctx, op) && !basis.is_empty() {
        // The outer bound is a promise analyses and canonicalization rely on.
        let product =
            basis.iter().try_fold(1i64, |p, b| p.checked_mul(*b)).ok_or("affine.delinearize_index overflows")?;
        if linear < 0 || linear >= product {
            return Err(format!(
                "affine.delinearize_index: linear index {linear} is outside its basis (0 to {product}, outer bound included)"
            )
            .into());
        }
    }
    let values = tessel_ir::dialects::patterns::affine_index::delinearize_constant(linear, &basis, n)
        .ok_or("affine.delinearize_index: bad basis")?;
    for (k, v) in values.into_iter().enumerate() {
        i.set(op, k, RtValue::index(v));
    }
    Ok(Flow::Next)
}

fn affine_op(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let m = affine::op_map(ctx, op).ok_or("affine op without map")?;
    let vals: Vec<i64> = ctx.operands(op).iter().map(|v| i.get(*v)?.int()).collect::<RunResult<_>>()?;
    let nd = m.num_dims as usize;
    let res = m.eval(&vals[..nd], &vals[nd..]).ok_or("affine map evaluation divides by zero")?;
    let v = if affine::ApplyOp::isa(ctx, op) {
        res[0]
    } else if affine::MinOp::isa(ctx, op) {
        *res.iter().min().ok_or("empty map")?
    } else {
        *res.iter().max().ok_or("empty map")?
    };
    i.set(op, 0, RtValue::index(v));
    Ok(Flow::Next)
}

/// Runs an arith op with its scalar computation `f`, elementwise when an
/// operand is a tensor (scalar operands apply to every element).
pub(crate) fn arith_op(i: &mut Interpreter<'_>, op: OpId, f: ScalarFn) -> RunResult<Flow> {
    let ctx = i.ctx;
    let out = elem_of(ctx, ctx.result(op, 0))?;
    let predicate = match ctx.get_attr(op, "predicate").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value as i64,
        _ => 0,
    };
    let args: Vec<RtValue> = ctx.operands(op).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let v = elementwise(&args, out, predicate, f, i.check_uninit)?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

pub(crate) fn elementwise(
    args: &[RtValue],
    out: ElemType,
    predicate: i64,
    f: ScalarFn,
    check_uninit: bool,
) -> RunResult<RtValue> {
    if args.iter().any(|a| matches!(a, RtValue::MemRef(_))) {
        return Err("an elementwise op on a memref".into());
    }
    let Some(shape) = args.iter().find_map(|a| match a {
        RtValue::Tensor(t) => Some(t.shape.clone()),
        RtValue::Scalar(_) | RtValue::MemRef(_) | RtValue::Complex(_) => None,
    }) else {
        let scalars: Vec<Scalar> = args.iter().map(|a| a.scalar()).collect::<RunResult<_>>()?;
        return Ok(RtValue::Scalar(f(&ScalarArgs { args: &scalars, out, predicate })?));
    };
    for a in args {
        if let RtValue::Tensor(t) = a {
            if t.shape != shape {
                return Err(RunError::new(format!("operand shapes differ: {:?} and {:?}", shape, t.shape)));
            }
            if check_uninit {
                if let Some(e) = t.first_uninit() {
                    return Err(RunError::new(format!("reads element {e} of a tensor.empty nobody wrote")));
                }
            }
        }
    }
    // The result is allocated (and checked against the budget) first and
    // written in place: no list of scalars as large as the tensor.
    let mut result = Tensor::try_zeros(shape, out)?;
    let size = out.size();
    let mut scalars = vec![Scalar::index(0); args.len()];
    for (k, slot) in result.bytes_mut()?.chunks_exact_mut(size).enumerate() {
        for (s, a) in scalars.iter_mut().zip(args) {
            *s = match a {
                RtValue::Tensor(t) => t.get(k),
                RtValue::Scalar(x) => *x,
                RtValue::MemRef(_) => unreachable!("memref operands are refused above"),
                RtValue::Complex(_) => return Err("an elementwise op of complex numbers".into()),
            };
        }
        let v = f(&ScalarArgs { args: &scalars, out, predicate })?;
        slot.copy_from_slice(&v.bits.to_le_bytes()[..size]);
    }
    Ok(RtValue::Tensor(result))
}

fn empty(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let result = ctx.result(op, 0);
    let shape = result_shape(i, result, ctx.operands(op))?;
    let mut t = Tensor::try_zeros(shape, elem_of(ctx, result)?)?;
    if i.check_uninit {
        t.mark_uninit()?;
    }
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// The shape of a tensor result whose dynamic extents are `dyn_sizes`.
fn result_shape(i: &Interpreter<'_>, result: Value, dyn_sizes: &[Value]) -> RunResult<Vec<usize>> {
    let ty_shape = i.ctx.value_type_kind(result).shape().map(|s| s.to_vec()).unwrap_or_default();
    i.resolve_sizes(&ty_shape, dyn_sizes, "size")
}

/// The row-major position of `idx` in `shape`, bounds-checked.
fn element_position(shape: &[usize], idx: &[i64], what: &str) -> RunResult<usize> {
    if idx.len() != shape.len() {
        return Err(RunError::new(format!("{what}: {} indices for a rank-{} tensor", idx.len(), shape.len())));
    }
    let mut pos = 0usize;
    for (k, (i, d)) in idx.iter().zip(shape).enumerate() {
        if *i < 0 || *i as usize >= *d {
            return Err(RunError::new(format!("{what}: index {i} is outside [0, {d}) of dim {k}")));
        }
        pos = pos * d + *i as usize;
    }
    Ok(pos)
}

fn extract_element(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let t = i.get(ops[0])?;
    let t = t.tensor()?;
    let idx = ops[1..].iter().map(|v| i.get(*v)?.int()).collect::<RunResult<Vec<_>>>()?;
    let pos = element_position(&t.shape, &idx, "tensor.extract")?;
    if i.check_uninit && t.init.as_ref().is_some_and(|m| m[pos] == 0) {
        return Err(RunError::new(format!("tensor.extract reads element {pos} of a tensor.empty nobody wrote")));
    }
    let v = t.get(pos);
    i.set(op, 0, RtValue::Scalar(v));
    Ok(Flow::Next)
}

fn insert_element(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let v = i.get(ops[0])?.scalar()?;
    let idx = ops[2..].iter().map(|x| i.get(*x)?.int()).collect::<RunResult<Vec<_>>>()?;
    let mut t = i.take_or_get(ops[1], op)?.tensor()?.clone();
    let pos = element_position(&t.shape, &idx, "tensor.insert")?;
    t.set(pos, v)?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn from_elements(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let result = ctx.result(op, 0);
    let shape = result_shape(i, result, &[])?;
    let elem = elem_of(ctx, result)?;
    let vals = ctx.operands(op).iter().map(|v| i.get(*v)?.scalar()).collect::<RunResult<Vec<_>>>()?;
    let t = Tensor::try_from_scalars(shape, elem, vals)?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// `tensor.splat`: the value everywhere, dynamic sizes from its operands.
fn splat(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let result = ctx.result(op, 0);
    let shape = result_shape(i, result, &ctx.operands(op)[1..])?;
    let v = i.get(ctx.operands(op)[0])?.scalar()?;
    i.set(op, 0, RtValue::Tensor(Tensor::try_filled(shape, v)?));
    Ok(Flow::Next)
}

/// `tensor.rank`: the operand's rank.
fn rank(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let t = i.get(i.ctx.operands(op)[0])?;
    let rank = t.tensor()?.shape.len() as i64;
    i.set(op, 0, RtValue::index(rank));
    Ok(Flow::Next)
}

/// `tensor.concat`: the inputs one after another along `dim`.
fn concat(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let dim = match ctx.get_attr(op, "dim").map(|a| ctx.attr_kind(a)) {
        Some(tessel_ir::attrs::AttrKind::Integer { value, .. }) => *value as usize,
        _ => return Err("tensor.concat without an integer dim".into()),
    };
    let inputs: Vec<Tensor> =
        ctx.operands(op).iter().map(|v| i.get(*v).and_then(|t| Ok(t.tensor()?.clone()))).collect::<RunResult<_>>()?;
    let first = inputs.first().ok_or("tensor.concat without inputs")?;
    let mut shape = first.shape.clone();
    shape[dim] = inputs.iter().map(|t| t.shape[dim]).sum();
    let elem = first.elem;
    let outer: usize = shape[..dim].iter().product();
    let mut values = Vec::with_capacity(shape.iter().product());
    for o in 0..outer {
        for t in &inputs {
            let chunk: usize = t.shape[dim..].iter().product();
            values.extend((o * chunk..(o + 1) * chunk).map(|k| t.get(k)));
        }
    }
    i.set(op, 0, RtValue::Tensor(Tensor::try_from_scalars(shape, elem, values)?));
    Ok(Flow::Next)
}

/// `tensor.generate`: the body run at every index, row-major.
fn generate(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let result = ctx.result(op, 0);
    let shape = result_shape(i, result, ctx.operands(op))?;
    let elem = elem_of(ctx, result)?;
    let body = *ctx.regions(op).first().ok_or("tensor.generate without a body")?;
    let t = generated(i, body, shape, elem, "tensor.generate")?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// A tensor of `shape` whose elements `body` yields, run with each
/// element's indices in row-major order (`tensor.generate`, a pad's body).
fn generated(
    i: &mut Interpreter<'_>,
    body: tessel_ir::RegionId,
    shape: Vec<usize>,
    elem: ElemType,
    what: &str,
) -> RunResult<Tensor> {
    let total: usize = shape.iter().product();
    let mut vals = Vec::with_capacity(total);
    let mut idx = vec![0usize; shape.len()];
    for _ in 0..total {
        let args = idx.iter().map(|k| RtValue::index(*k as i64)).collect();
        let yielded = i.run_region(body, args)?;
        let first = yielded.first().ok_or_else(|| RunError::new(format!("{what}: the body yields nothing")))?;
        vals.push(first.scalar()?);
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(Tensor::try_from_scalars(shape, elem, vals)?)
}

fn dim(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let t = i.operand(op, 0)?;
    let d = i.operand(op, 1)?.int()?;
    let shape = &t.tensor()?.shape;
    let s = usize::try_from(d)
        .ok()
        .and_then(|d| shape.get(d))
        .ok_or_else(|| RunError::new(format!("tensor.dim index {d} out of range for rank {}", shape.len())))?;
    i.set(op, 0, RtValue::index(*s as i64));
    Ok(Flow::Next)
}

fn cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let v = i.operand(op, 0)?;
    let t = v.tensor()?;
    let ty = i.ctx.value_type_kind(i.ctx.result(op, 0)).shape().map(|s| s.to_vec()).unwrap_or_default();
    check_static_shape(&ty, &t.shape, "tensor.cast")?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

/// `index.constant`, `index.bool.constant`.
fn index_constant(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let v = match ctx.get_attr(op, "value").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value as i64,
        Some(AttrKind::Bool(b)) => i64::from(*b),
        _ => return Err(RunError::new("a constant without a value")),
    };
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    i.set(op, 0, RtValue::Scalar(Scalar::int(elem, v)));
    Ok(Flow::Next)
}

/// The binary `index` ops, at 64 bits (the engine's index width).
fn index_binary(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let (a, b) = (i.get(ctx.operands(op)[0])?.int()?, i.get(ctx.operands(op)[1])?.int()?);
    let name = ctx.op_name(op);
    let v = index::calculate(name, a, b, 64).ok_or_else(|| {
        RunError::new(format!(
            "{name} of {a} and {b} is undefined (a division by zero, an overflow or a shift past 64 bits)"
        ))
    })?;
    i.set(op, 0, RtValue::index(v));
    Ok(Flow::Next)
}

fn index_cmp(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let (a, b) = (i.get(ctx.operands(op)[0])?.int()?, i.get(ctx.operands(op)[1])?.int()?);
    let pred = index::predicate(ctx, op).ok_or_else(|| RunError::new("index.cmp without a predicate"))?;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    i.set(op, 0, RtValue::Scalar(Scalar::int(elem, i64::from(index::compare(pred, a, b, 64)))));
    Ok(Flow::Next)
}

/// `index.casts` (sign-extending) and `index.castu` (zero-extending), or
/// truncating to a narrower integer.
fn index_cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let input = ctx.operands(op)[0];
    let s = i.get(input)?.scalar()?;
    let from_width = match ctx.value_type_kind(input) {
        tessel_ir::types::TypeKind::Integer { width, .. } => *width,
        _ => 64,
    };
    let v = if index::CASTU.name == ctx.op_name(op) && from_width < 64 {
        (s.bits & ((1u64 << from_width) - 1)) as i64
    } else {
        s.as_i64()
    };
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    i.set(op, 0, RtValue::Scalar(Scalar::int(elem, v)));
    Ok(Flow::Next)
}

/// `index.sizeof`: the engine's index is 64 bits wide.
fn index_sizeof(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    i.set(op, 0, RtValue::index(64));
    Ok(Flow::Next)
}

/// `tensor.reshape`: the same elements in the shape the shape operand
/// holds.
fn tensor_reshape(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let mut t = i.operand(op, 0)?.tensor()?.clone();
    let dims: Vec<i64> = i.operand(op, 1)?.tensor()?.scalars().map(|s| s.as_i64()).collect();
    let total = dims.iter().try_fold(1usize, |acc, d| usize::try_from(*d).ok().and_then(|d| acc.checked_mul(d)));
    if total != Some(t.len()) {
        return Err(RunError::new(format!(
            "tensor.reshape: the shape {dims:?} does not hold the source's {} elements",
            t.len()
        )));
    }
    t.shape = dims.iter().map(|d| *d as usize).collect();
    if let Some(ty) = i.ctx.value_type_kind(i.ctx.result(op, 0)).shape() {
        check_static_shape(ty, &t.shape, "tensor.reshape")?;
    }
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// `tensor.bitcast`: the same bits read as the result's element type.
fn bitcast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let mut t = i.operand(op, 0)?.tensor()?.clone();
    let ctx = i.ctx;
    let elem = match ctx.value_type_kind(ctx.result(op, 0)) {
        tessel_ir::types::TypeKind::Tensor { elem, .. } | tessel_ir::types::TypeKind::UnrankedTensor { elem } => *elem,
        _ => return Err(RunError::new("tensor.bitcast to a non-tensor type")),
    };
    t.elem = ElemType::of(ctx, elem).ok_or_else(|| RunError::new("the engine has no storage for that element type"))?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// A runtime shape must agree with the static extents of its type.
fn check_static_shape(ty: &[i64], shape: &[usize], what: &str) -> RunResult<()> {
    let ok = ty.len() == shape.len()
        && ty.iter().zip(shape).all(|(t, s)| *t == tessel_ir::types::DYNAMIC || *t as usize == *s);
    if ok {
        Ok(())
    } else {
        Err(RunError::new(format!("{what}: the runtime shape {shape:?} does not match the type's {ty:?}")))
    }
}

/// Offsets, sizes and strides of a slice op, resolved.
type SliceBox = (Vec<usize>, Vec<usize>, Vec<usize>);

fn slice(i: &Interpreter<'_>, op: OpId) -> RunResult<SliceBox> {
    let p = slice_params(i.ctx, op).ok_or("malformed slice")?;
    Ok((
        i.resolve_sizes(&p.offsets.0, &p.offsets.1, "offset")?,
        i.resolve_sizes(&p.sizes.0, &p.sizes.1, "size")?,
        i.resolve_sizes(&p.strides.0, &p.strides.1, "stride")?,
    ))
}

/// Fails unless the slice lies inside `shape`.
fn check_slice(shape: &[usize], (offs, sizes, strides): &SliceBox, what: &str) -> RunResult<()> {
    if offs.len() != shape.len() || sizes.len() != shape.len() || strides.len() != shape.len() {
        return Err(RunError::new(format!(
            "{what}: slice of rank {} on a tensor of rank {}",
            sizes.len(),
            shape.len()
        )));
    }
    for d in 0..shape.len() {
        let end = if sizes[d] == 0 { offs[d] } else { offs[d] + (sizes[d] - 1) * strides[d] + 1 };
        if end > shape[d] {
            return Err(RunError::new(format!(
                "{what} out of bounds: dim {d} reads [{}, {end}) of a dimension of size {}",
                offs[d], shape[d]
            )));
        }
    }
    Ok(())
}

/// The axes of a slice: the slice side strided (`tensor_shape` with slice
/// strides), the other side contiguous over `sizes`. Returns the axes
/// (slice side as `src` when `slice_is_src`) and the slice's start offset.
fn slice_axes(tensor_shape: &[usize], (offs, sizes, strides): &SliceBox, slice_is_src: bool) -> (Vec<Axis>, usize) {
    let ts = contiguous_strides(tensor_shape);
    let cs = contiguous_strides(sizes);
    let start = offs.iter().zip(&ts).map(|(o, s)| o * s).sum();
    let axes = (0..sizes.len())
        .map(|d| {
            let strided = ts[d] * strides[d];
            if slice_is_src {
                Axis::new(sizes[d], strided, cs[d])
            } else {
                Axis::new(sizes[d], cs[d], strided)
            }
        })
        .collect();
    (axes, start)
}

/// Fails when `t` (read whole by an op) holds an element nobody wrote.
fn check_read(i: &Interpreter<'_>, t: &Tensor, what: &str) -> RunResult<()> {
    match i.check_uninit.then(|| t.first_uninit()).flatten() {
        Some(e) => Err(RunError::new(format!("{what} reads element {e} of a tensor.empty nobody wrote"))),
        None => Ok(()),
    }
}

fn extract_slice(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let src = i.operand(op, 0)?;
    let src = src.tensor()?;
    let b = slice(i, op)?;
    check_slice(&src.shape, &b, "tensor.extract_slice")?;
    let (axes, start) = slice_axes(&src.shape, &b, true);
    let mut out = Tensor::try_zeros(b.1.clone(), src.elem)?;
    out.copy_strided_from(0, src, start, &axes, &[])?;
    out.shape = rank_reduced(i, i.ctx.result(op, 0), &b.1);
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// The shape of a possibly rank-reduced slice result: unit sizes the
/// result type does not have are dropped, left to right.
fn rank_reduced(i: &Interpreter<'_>, v: Value, sizes: &[usize]) -> Vec<usize> {
    let ty = i.ctx.value_type_kind(v).shape().map(|s| s.to_vec()).unwrap_or_default();
    if ty.len() == sizes.len() {
        return sizes.to_vec();
    }
    let mut out = Vec::new();
    let mut extra = sizes.len() - ty.len().min(sizes.len());
    for s in sizes {
        if *s == 1 && extra > 0 && (out.len() >= ty.len() || ty[out.len()] != 1) {
            extra -= 1;
        } else {
            out.push(*s);
        }
    }
    out
}

/// Writes `src` into the slice `b` of `dest` (in place when `dest` is not
/// shared).
fn insert(dest: &mut Tensor, src: &Tensor, b: &SliceBox, what: &str) -> RunResult<()> {
    check_slice(&dest.shape, b, what)?;
    let n: usize = b.1.iter().product();
    if src.len() != n {
        return Err(RunError::new(format!("{what}: source of {} elements for a slice of sizes {:?}", src.len(), b.1)));
    }
    let (axes, start) = slice_axes(&dest.shape, b, false);
    Ok(dest.copy_strided_from(start, src, 0, &axes, &[])?)
}

fn insert_slice(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let src = i.operand(op, 0)?;
    let src = src.tensor()?;
    check_read(i, src, "tensor.insert_slice")?;
    let b = slice(i, op)?;
    let dest_v = i.ctx.operands(op)[1];
    let mut dest = match i.take_or_get(dest_v, op)? {
        RtValue::Tensor(t) => t,
        _ => return Err("tensor.insert_slice into a scalar".into()),
    };
    insert(&mut dest, src, &b, "tensor.insert_slice")?;
    i.set(op, 0, RtValue::Tensor(dest));
    Ok(Flow::Next)
}

/// `tensor.pad`: the source inside a tensor of the padding value, what the
/// body yields (run per element when it depends on the position).
fn pad(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = i.operand(op, 0)?;
    let src = src.tensor()?;
    check_read(i, src, "tensor.pad")?;
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(|v| v.to_vec()).unwrap_or_default();
    let (low_s, high_s) = (arr("static_low"), arr("static_high"));
    let ops = ctx.operands(op);
    let nl = low_s.iter().filter(|x| **x == tessel_ir::types::DYNAMIC).count();
    let low = i.resolve_sizes(&low_s, &ops[1..1 + nl], "low padding")?;
    let high = i.resolve_sizes(&high_s, &ops[1 + nl..], "high padding")?;
    let body = *ctx.blocks(*ctx.regions(op).first().ok_or("tensor.pad without a body")?).first().ok_or("empty body")?;
    let term = ctx.last_op(body).ok_or("tensor.pad without a yield")?;
    let yielded = ctx.operands(term).first().copied().ok_or("tensor.pad yields nothing")?;
    let inside = |v: Value| match ctx.value_def(v) {
        ValueDef::BlockArg { block, .. } => block == body,
        ValueDef::Result { op, .. } => ctx.op_block(op) == Some(body),
        ValueDef::Detached => false,
    };
    let shape: Vec<usize> = (0..src.shape.len()).map(|d| low[d] + src.shape[d] + high[d]).collect();
    let mut out = if inside(yielded) {
        // The value depends on the position: the body runs for each
        // element (those the source covers are overwritten below).
        let region = *ctx.regions(op).first().ok_or("tensor.pad without a body")?;
        generated(i, region, shape, src.elem, "tensor.pad")?
    } else {
        let value = i.get(yielded)?.scalar()?;
        Tensor::try_filled(shape, value)?
    };
    let b: SliceBox = (low, src.shape.clone(), vec![1; src.shape.len()]);
    insert(&mut out, src, &b, "tensor.pad")?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// The inner tiles of a pack or unpack, resolved (positive).
fn tiles(i: &Interpreter<'_>, info: &PackInfo) -> RunResult<Vec<usize>> {
    info.mixed_tiles()
        .iter()
        .map(|t| {
            let v = match t {
                Tile::Const(c) => *c,
                Tile::Value(v) => i.get(*v)?.int()?,
            };
            usize::try_from(v)
                .ok()
                .filter(|v| *v > 0)
                .ok_or_else(|| RunError::new(format!("inner tile size {v} is not positive")))
        })
        .collect()
}

/// The engine-level description of a pack/unpack op.
fn pack_spec(i: &Interpreter<'_>, info: &PackInfo) -> RunResult<PackSpec> {
    Ok(PackSpec {
        inner_dims_pos: info.inner_dims_pos.iter().map(|p| *p as usize).collect(),
        inner_tiles: tiles(i, info)?,
        outer_dims_perm: info.outer_dims_perm.iter().map(|p| *p as usize).collect(),
    })
}

/// The tensor an op that writes every element of its destination `dest`
/// (pack, unpack) writes into: `dest`'s own storage when `op` is its last
/// user and nothing else holds it (no copy, no new allocation: a
/// `tensor.empty` becomes the result), else a new tensor of its shape.
fn overwritten_dest(i: &mut Interpreter<'_>, dest: Value, op: OpId, elem: ElemType) -> RunResult<Tensor> {
    match i.take_or_get(dest, op)? {
        RtValue::Tensor(mut t) if t.elem == elem && std::sync::Arc::strong_count(&t.data) == 1 => {
            // Every element is about to be written.
            t.init = None;
            Ok(t)
        }
        other => Ok(Tensor::try_zeros(other.tensor()?.shape.clone(), elem)?),
    }
}

fn pack_op(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let info = PackInfo::read(i.ctx, op).ok_or("malformed pack")?;
    let src = i.get(info.source)?;
    let src = src.tensor()?;
    check_read(i, src, "pack")?;
    let spec = pack_spec(i, &info)?;
    let pad = info.padding_value.map(|v| i.get(v)?.scalar()).transpose()?;
    let mut out = overwritten_dest(i, info.dest, op, src.elem)?;
    crate::pack::pack_into(src, &spec, pad, &mut out)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn unpack_op(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let info = PackInfo::read(i.ctx, op).ok_or("malformed unpack")?;
    let src = i.get(info.source)?;
    let src = src.tensor()?;
    let spec = pack_spec(i, &info)?;
    let mut out = overwritten_dest(i, info.dest, op, src.elem)?;
    crate::pack::unpack_into(src, &spec, &mut out)?;
    check_read(i, &out, "unpack")?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn fill(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let v = i.operand(op, 0)?.scalar()?;
    let dest = i.operand(op, 1)?;
    let dest = dest.tensor()?;
    let v = if v.elem == dest.elem { v } else { return Err("fill value of another element type".into()) };
    let t = Tensor::try_filled(dest.shape.clone(), v)?;
    crate::memref::deliver(i, op, 0, ctx.operands(op)[1], t)?;
    Ok(Flow::Next)
}

fn transpose(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let src = i.operand(op, 0)?;
    let src = src.tensor()?;
    check_read(i, src, "linalg.transpose")?;
    let perm = linalg::TransposeOp(op).permutation(i.ctx);
    if perm.len() != src.shape.len() {
        return Err("transpose permutation of another rank".into());
    }
    let shape: Vec<usize> = perm.iter().map(|p| src.shape[*p as usize]).collect();
    let ss = src.strides();
    let ds = contiguous_strides(&shape);
    let axes: Vec<Axis> = perm.iter().enumerate().map(|(j, p)| Axis::new(shape[j], ss[*p as usize], ds[j])).collect();
    let mut out = Tensor::try_zeros(shape, src.elem)?;
    out.copy_strided_from(0, src, 0, &axes, &[])?;
    crate::memref::deliver(i, op, 0, i.ctx.operands(op)[1], out)?;
    Ok(Flow::Next)
}

fn reshape(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = i.operand(op, 0)?;
    let mut t = src.tensor()?.clone();
    let groups = tensor::reassociation(ctx, op).ok_or("no reassociation")?;
    let shape = if tensor::CollapseShapeOp::isa(ctx, op) {
        groups.iter().map(|g| g.iter().map(|d| t.shape.get(*d as usize).copied().unwrap_or(0)).product()).collect()
    } else {
        result_shape(i, ctx.result(op, 0), &ctx.operands(op)[1..])?
    };
    if shape.iter().try_fold(1usize, |a, d| a.checked_mul(*d)) != Some(t.len()) {
        return Err(RunError::new(format!("reshape of {:?} into {shape:?} changes the element count", t.shape)));
    }
    t.shape = shape;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn for_loop(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let f = scf::ForOp(op);
    let (lb, ub, step) =
        (i.get(f.lower_bound(ctx))?.int()?, i.get(f.upper_bound(ctx))?.int()?, i.get(f.step(ctx))?.int()?);
    if step <= 0 {
        return Err(RunError::new(format!("scf.for with step {step}")));
    }
    let iv_elem = elem_of(ctx, f.lower_bound(ctx))?;
    let mut carried: Vec<RtValue> = f.init_args(ctx).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let mut iv = lb;
    while iv < ub {
        let mut args = vec![RtValue::Scalar(Scalar::int(iv_elem, iv))];
        args.extend(carried);
        carried = i.run_region(f.body(ctx), args)?;
        iv += step;
    }
    for (k, v) in carried.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

/// `scf.parallel`: the iterations in order (the last dim fastest), as
/// MLIR's lowering to nested `scf.for` loops runs them; each reduction
/// combines the value so far (`lhs`) with the iteration's (`rhs`) in its
/// region.
fn parallel_loop(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let h = scf_parallel::ParallelOp(op);
    let ints = |i: &Interpreter<'_>, vs: &[Value]| vs.iter().map(|v| i.get(*v)?.int()).collect::<RunResult<Vec<i64>>>();
    let (lbs, ubs, steps) = (ints(i, h.lower_bound(ctx))?, ints(i, h.upper_bound(ctx))?, ints(i, h.step(ctx))?);
    if let Some(s) = steps.iter().find(|s| **s <= 0) {
        return Err(RunError::new(format!("scf.parallel with step {s}")));
    }
    let mut acc: Vec<RtValue> = h.init_vals(ctx).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let body = h.body(ctx);
    let reduce = ctx.blocks(body).first().and_then(|b| ctx.last_op(*b)).ok_or("scf.parallel without a body")?;
    let reductions = ctx.regions(reduce).to_vec();
    let index = elem_of(ctx, h.lower_bound(ctx)[0])?;
    if lbs.iter().zip(&ubs).all(|(l, u)| l < u) {
        let mut iv = lbs.clone();
        'points: loop {
            let args = iv.iter().map(|x| RtValue::Scalar(Scalar::int(index, *x))).collect();
            let values = i.run_region(body, args)?;
            for ((a, v), r) in acc.iter_mut().zip(values).zip(&reductions) {
                let mut out = i.run_region(*r, vec![a.clone(), v])?;
                *a = out.pop().ok_or("scf.reduce.return without a value")?;
            }
            // The next point, the last dim fastest.
            let mut d = iv.len();
            loop {
                if d == 0 {
                    break 'points;
                }
                d -= 1;
                iv[d] += steps[d];
                if iv[d] < ubs[d] {
                    break;
                }
                iv[d] = lbs[d];
            }
        }
    }
    for (k, v) in acc.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

/// `scf.while`: the before region (ending in `scf.condition`) decides,
/// the after region carries the values around (the step limit guards
/// against a loop that never ends).
fn while_loop(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let w = scf_more::WhileOp(op);
    let mut args: Vec<RtValue> = w.inits(ctx).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let results = loop {
        let mut out = i.run_region(w.before(ctx), args)?;
        if out.is_empty() {
            return Err("scf.while: the before region did not end in scf.condition".into());
        }
        let rest = out.split_off(1);
        if out[0].scalar()?.bits == 0 {
            break rest;
        }
        args = i.run_region(w.after(ctx), rest)?;
    };
    for (k, v) in results.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

/// `scf.execute_region` of one block (a region of several needs `cf`
/// branches, which the engine does not run).
fn execute_region(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let r = i.ctx.regions(op)[0];
    if i.ctx.blocks(r).len() != 1 {
        return Err("scf.execute_region with several blocks: the engine runs one-block regions".into());
    }
    for (k, v) in i.run_region(r, vec![])?.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

/// `scf.index_switch`: the case whose value is the argument, or the default.
fn index_switch(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let s = scf_more::IndexSwitchOp(op);
    let v = i.get(s.arg(ctx))?.int()?;
    let regions = ctx.regions(op);
    let r = s.cases(ctx).iter().position(|c| *c == v).map_or(regions[0], |k| regions[k + 1]);
    for (k, v) in i.run_region(r, vec![])?.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn if_op(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let cond = scf::IfOp(op);
    let c = i.get(cond.condition(ctx))?.scalar()?;
    let r = if c.bits != 0 { cond.then_region(ctx) } else { cond.else_region(ctx) };
    let res = if ctx.blocks(r).is_empty() { vec![] } else { i.run_region(r, vec![])? };
    for (k, v) in res.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn select(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let args: Vec<RtValue> = ctx.operands(op).iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let v = match &args[0] {
        RtValue::MemRef(_) | RtValue::Complex(_) => return Err("arith.select with a memref condition".into()),
        // A scalar condition picks a whole value.
        RtValue::Scalar(c) => {
            if c.bits != 0 {
                args[1].clone()
            } else {
                args[2].clone()
            }
        }
        RtValue::Tensor(_) => {
            let out = elem_of(ctx, ctx.result(op, 0))?;
            elementwise(&args, out, 0, |a| Ok(if a.args[0].bits != 0 { a.args[1] } else { a.args[2] }), i.check_uninit)?
        }
    };
    i.set(op, 0, v);
    Ok(Flow::Next)
}

fn forall(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let b = scf::forall_bounds(ctx, op).ok_or("malformed scf.forall")?;
    let lbs = i.resolve(&b.lbs.0, &b.lbs.1)?;
    let ubs = i.resolve(&b.ubs.0, &b.ubs.1)?;
    let steps = i.resolve(&b.steps.0, &b.steps.1)?;
    if let Some(s) = steps.iter().find(|s| **s <= 0) {
        return Err(RunError::new(format!("scf.forall with step {s}")));
    }
    let entry: Vec<RtValue> = b.outputs.iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let mut outs: Vec<Tensor> = entry.iter().map(|v| v.tensor().cloned()).collect::<RunResult<_>>()?;
    // Which elements of each shared output some iteration wrote.
    // From the budget: a byte per element of each shared output.
    let mut written: Vec<AlignedBytes> = outs
        .iter()
        .map(|t| {
            AlignedBytes::try_zeroed(t.len()).map_err(|refused| AllocError {
                shape: t.shape.clone(),
                elem: ElemType::I8,
                refused,
            })
        })
        .collect::<Result<_, _>>()?;
    // In i128: bounds near the ends of i64 must not overflow the count.
    let counts: Vec<usize> = (0..lbs.len())
        .map(|d| {
            let (lb, ub, step) = (lbs[d] as i128, ubs[d] as i128, steps[d] as i128);
            if ub > lb {
                usize::try_from((ub - lb + step - 1) / step).unwrap_or(usize::MAX)
            } else {
                0
            }
        })
        .collect();
    let body = ctx.blocks(ctx.regions(op)[0])[0];
    let Some(total) = counts.iter().try_fold(1usize, |a, c| a.checked_mul(*c)) else {
        return Err(RunError::new(format!("scf.forall of {counts:?} iterations: more than fit in 64 bits")));
    };
    let mut point = vec![0usize; counts.len()];
    for _ in 0..total {
        let mut args: Vec<RtValue> =
            point.iter().enumerate().map(|(d, k)| RtValue::index(lbs[d] + *k as i64 * steps[d])).collect();
        // Each iteration sees the shared outputs as they were on entry.
        args.extend(entry.iter().cloned());
        for (a, v) in ctx.block_args(body).iter().zip(args) {
            i.env.insert(*a, v);
        }
        for o in ctx.block_ops(body) {
            if scf::InParallelOp::isa(ctx, o) {
                for &pb in ctx.blocks(ctx.regions(o)[0]) {
                    for ins in ctx.block_ops(pb) {
                        parallel_insert(i, ins, lbs.len(), &mut outs, &mut written).map_err(|mut e| {
                            e.loc.get_or_insert(ctx.op_loc(ins));
                            e
                        })?;
                    }
                }
            } else if let Flow::Yield(_) = i.exec(o).map_err(|mut e| {
                e.loc.get_or_insert(ctx.op_loc(o));
                e
            })? {
                break;
            }
        }
        // Next point, row-major.
        for d in (0..point.len()).rev() {
            point[d] += 1;
            if point[d] < counts[d] {
                break;
            }
            point[d] = 0;
        }
    }
    for (k, t) in outs.into_iter().enumerate() {
        i.set(op, k, RtValue::Tensor(t));
    }
    Ok(Flow::Next)
}

/// One `tensor.parallel_insert_slice` of a forall iteration: writes its
/// slice of the shared output, refusing elements another iteration wrote.
fn parallel_insert(
    i: &Interpreter<'_>,
    ins: OpId,
    num_ivs: usize,
    outs: &mut [Tensor],
    written: &mut [AlignedBytes],
) -> RunResult<()> {
    let ctx = i.ctx;
    let src = i.operand(ins, 0)?;
    let src = src.tensor()?;
    check_read(i, src, "tensor.parallel_insert_slice")?;
    let ValueDef::BlockArg { index, .. } = ctx.value_def(ctx.operands(ins)[1]) else {
        return Err("tensor.parallel_insert_slice must write a shared_outs argument".into());
    };
    let which = (index as usize).checked_sub(num_ivs).filter(|w| *w < outs.len()).ok_or("not a shared output")?;
    let b = slice(i, ins)?;
    insert(&mut outs[which], src, &b, "tensor.parallel_insert_slice")?;
    let (axes, start) = slice_axes(&outs[which].shape, &b, false);
    if let Some(e) = crate::copy::mark_once(&mut written[which], start, &axes) {
        return Err(RunError::new(format!("scf.forall: two iterations write element {e} of shared output #{which}")));
    }
    Ok(())
}

// ---- scalar computations --------------------------------------------------

fn int2(a: &ScalarArgs<'_>) -> (i64, i64) {
    (a.args[0].as_i64(), a.args[1].as_i64())
}

fn uint2(a: &ScalarArgs<'_>) -> (u64, u64) {
    (a.args[0].as_u64(), a.args[1].as_u64())
}

fn nonzero<T: PartialEq + Default>(v: T) -> Result<T, String> {
    if v == T::default() {
        Err("division by zero".to_string())
    } else {
        Ok(v)
    }
}

fn int(a: &ScalarArgs<'_>, v: i64) -> Scalar {
    Scalar::int(a.out, v)
}

fn uint(a: &ScalarArgs<'_>, v: u64) -> Scalar {
    Scalar::from_bits(a.out, v)
}

fn float(a: &ScalarArgs<'_>, op32: fn(&[f32]) -> f32, op64: fn(&[f64]) -> f64) -> Scalar {
    Scalar::float_op(a.out, a.args, op32, op64)
}

/// IEEE 754 maximum / minimum: NaN wins, -0 < +0 (`arith.maximumf`).
fn maximum<T: num_like::Float>(x: T, y: T, max: bool) -> T {
    if x.is_nan() || y.is_nan() {
        return if x.is_nan() { x } else { y };
    }
    if x == y {
        // Equal values differ only in the sign of zero.
        return if x.is_sign_negative() == max { y } else { x };
    }
    if (x > y) == max {
        x
    } else {
        y
    }
}

/// The float operations [`maximum`] needs, for f32 and f64.
mod num_like {
    pub trait Float: Copy + PartialOrd {
        fn is_nan(self) -> bool;
        fn is_sign_negative(self) -> bool;
    }
    impl Float for f32 {
        fn is_nan(self) -> bool {
            f32::is_nan(self)
        }
        fn is_sign_negative(self) -> bool {
            f32::is_sign_negative(self)
        }
    }
    impl Float for f64 {
        fn is_nan(self) -> bool {
            f64::is_nan(self)
        }
        fn is_sign_negative(self) -> bool {
            f64::is_sign_negative(self)
        }
    }
}

fn cmpi(a: &ScalarArgs<'_>) -> Result<Scalar, String> {
    let (x, y) = int2(a);
    let (ux, uy) = uint2(a);
    let r = match a.predicate {
        0 => x == y,
        1 => x != y,
        2 => x < y,
        3 => x <= y,
        4 => x > y,
        5 => x >= y,
        6 => ux < uy,
        7 => ux <= uy,
        8 => ux > uy,
        9 => ux >= uy,
        p => return Err(format!("unknown cmpi predicate {p}")),
    };
    Ok(Scalar::int(ElemType::I1, r as i64))
}

fn cmpf(a: &ScalarArgs<'_>) -> Result<Scalar, String> {
    let (x, y) = (a.args[0].as_f64(), a.args[1].as_f64());
    let unordered = x.is_nan() || y.is_nan();
    let ordered = |r: bool| !unordered && r;
    let unord = |r: bool| unordered || r;
    let r = match a.predicate {
        0 => false,
        1 => ordered(x == y),
        2 => ordered(x > y),
        3 => ordered(x >= y),
        4 => ordered(x < y),
        5 => ordered(x <= y),
        6 => ordered(x != y),
        7 => !unordered,
        8 => unord(x == y),
        9 => unord(x > y),
        10 => unord(x >= y),
        11 => unord(x < y),
        12 => unord(x <= y),
        13 => unord(x != y),
        14 => unordered,
        15 => true,
        p => return Err(format!("unknown cmpf predicate {p}")),
    };
    Ok(Scalar::int(ElemType::I1, r as i64))
}

/// `x` as a float of `out`: f32 and narrower round once from the exact
/// value (through f64, exact below 2^53).
fn int_to_float(out: ElemType, x: f64) -> Scalar {
    Scalar::float(out, x)
}

/// The scalar computation of each arith op the engine runs.
static SCALAR_OPS: &[(&OpDef, ScalarFn)] = &[
    (&arith::ADDI, |a| Ok(int(a, int2(a).0.wrapping_add(int2(a).1)))),
    (&arith::SUBI, |a| Ok(int(a, int2(a).0.wrapping_sub(int2(a).1)))),
    (&arith::MULI, |a| Ok(int(a, int2(a).0.wrapping_mul(int2(a).1)))),
    (&arith::DIVSI, |a| Ok(int(a, int2(a).0.wrapping_div(nonzero(int2(a).1)?)))),
    (&arith::DIVUI, |a| Ok(uint(a, uint2(a).0 / nonzero(uint2(a).1)?))),
    (&arith::REMSI, |a| Ok(int(a, int2(a).0.wrapping_rem(nonzero(int2(a).1)?)))),
    (&arith::REMUI, |a| Ok(uint(a, uint2(a).0 % nonzero(uint2(a).1)?))),
    (&arith::CEILDIVSI, |a| Ok(int(a, tessel_ir::affine::ceil_div(int2(a).0, nonzero(int2(a).1)?)))),
    (&arith::CEILDIVUI, |a| Ok(uint(a, uint2(a).0.div_ceil(nonzero(uint2(a).1)?)))),
    (&arith::FLOORDIVSI, |a| Ok(int(a, tessel_ir::affine::floor_div(int2(a).0, nonzero(int2(a).1)?)))),
    (&arith::MINSI, |a| Ok(int(a, int2(a).0.min(int2(a).1)))),
    (&arith::MINUI, |a| Ok(uint(a, uint2(a).0.min(uint2(a).1)))),
    (&arith::MAXSI, |a| Ok(int(a, int2(a).0.max(int2(a).1)))),
    (&arith::MAXUI, |a| Ok(uint(a, uint2(a).0.max(uint2(a).1)))),
    (&arith::ANDI, |a| Ok(uint(a, uint2(a).0 & uint2(a).1))),
    (&arith::ORI, |a| Ok(uint(a, uint2(a).0 | uint2(a).1))),
    (&arith::XORI, |a| Ok(uint(a, uint2(a).0 ^ uint2(a).1))),
    (&arith::CMPI, cmpi),
    (&arith::CMPF, cmpf),
    (&arith::ADDF, |a| Ok(float(a, |v| v[0] + v[1], |v| v[0] + v[1]))),
    (&arith::SUBF, |a| Ok(float(a, |v| v[0] - v[1], |v| v[0] - v[1]))),
    (&arith::MULF, |a| Ok(float(a, |v| v[0] * v[1], |v| v[0] * v[1]))),
    (&arith::DIVF, |a| Ok(float(a, |v| v[0] / v[1], |v| v[0] / v[1]))),
    // Negation flips the sign bit only (NaN payloads kept).
    (&arith::NEGF, |a| Ok(Scalar::from_bits(a.out, a.args[0].bits ^ (1u64 << (a.out.bit_width() - 1))))),
    (&arith::MAXIMUMF, |a| Ok(float(a, |v| maximum(v[0], v[1], true), |v| maximum(v[0], v[1], true)))),
    (&arith::MINIMUMF, |a| Ok(float(a, |v| maximum(v[0], v[1], false), |v| maximum(v[0], v[1], false)))),
    (&arith::MAXNUMF, |a| Ok(float(a, |v| v[0].max(v[1]), |v| v[0].max(v[1])))),
    (&arith::MINNUMF, |a| Ok(float(a, |v| v[0].min(v[1]), |v| v[0].min(v[1])))),
    (&arith::INDEX_CAST, |a| Ok(int(a, a.args[0].as_i64()))),
    (&arith::INDEX_CASTUI, |a| Ok(uint(a, a.args[0].as_u64()))),
    (&arith::EXTSI, |a| Ok(int(a, a.args[0].as_i64()))),
    (&arith::EXTUI, |a| Ok(uint(a, a.args[0].as_u64()))),
    (&arith::TRUNCI, |a| Ok(uint(a, a.args[0].as_u64()))),
    // Same width, same bits, another type.
    (&arith::BITCAST, |a| Ok(Scalar::from_bits(a.out, a.args[0].bits))),
    (&arith::EXTF, |a| Ok(Scalar::float(a.out, a.args[0].as_f64()))),
    (&arith::TRUNCF, |a| Ok(Scalar::float(a.out, a.args[0].as_f64()))),
    (&arith::SITOFP, |a| Ok(int_to_float(a.out, a.args[0].as_i64() as f64))),
    (&arith::UITOFP, |a| Ok(int_to_float(a.out, a.args[0].as_u64() as f64))),
    (&arith::FPTOSI, |a| Ok(int(a, a.args[0].as_f64() as i64))),
    (&arith::FPTOUI, |a| Ok(uint(a, a.args[0].as_f64() as u64))),
    (&math::EXP, |a| Ok(float(a, |v| v[0].exp(), |v| v[0].exp()))),
    (&math::LOG, |a| Ok(float(a, |v| v[0].ln(), |v| v[0].ln()))),
    (&math::SQRT, |a| Ok(float(a, |v| v[0].sqrt(), |v| v[0].sqrt()))),
    // The absolute value clears the sign bit only (NaN payloads kept).
    (&math::ABSF, |a| Ok(Scalar::from_bits(a.out, a.args[0].bits & !(1u64 << (a.out.bit_width() - 1))))),
    (&math::CEIL, |a| Ok(float(a, |v| v[0].ceil(), |v| v[0].ceil()))),
    (&math::FLOOR, |a| Ok(float(a, |v| v[0].floor(), |v| v[0].floor()))),
    // Halfway cases away from zero (`math.round`), to even (`math.roundeven`).
    (&math::ROUND, |a| Ok(float(a, |v| v[0].round(), |v| v[0].round()))),
    (&math::ROUNDEVEN, |a| Ok(float(a, |v| v[0].round_ties_even(), |v| v[0].round_ties_even()))),
    (&math::TRUNC, |a| Ok(float(a, |v| v[0].trunc(), |v| v[0].trunc()))),
    // MLIR's LLVM lowering divides one by the square root: two roundings.
    (&math::RSQRT, |a| Ok(float(a, |v| 1.0 / v[0].sqrt(), |v| 1.0 / v[0].sqrt()))),
    // The transcendental functions are the C library's, as MLIR's libm
    // lowering calls them.
    (&math::TANH, |a| Ok(float(a, |v| v[0].tanh(), |v| v[0].tanh()))),
    (&math::ERF, |a| Ok(float(a, |v| libm::erf32(v[0]), |v| libm::erf64(v[0])))),
    (&math::SIN, |a| Ok(float(a, |v| v[0].sin(), |v| v[0].sin()))),
    (&math::COS, |a| Ok(float(a, |v| v[0].cos(), |v| v[0].cos()))),
    (&math::TAN, |a| Ok(float(a, |v| v[0].tan(), |v| v[0].tan()))),
    (&math::ATAN, |a| Ok(float(a, |v| v[0].atan(), |v| v[0].atan()))),
    (&math::LOG2, |a| Ok(float(a, |v| v[0].log2(), |v| v[0].log2()))),
    (&math::LOG10, |a| Ok(float(a, |v| v[0].log10(), |v| v[0].log10()))),
    (&math::LOG1P, |a| Ok(float(a, |v| v[0].ln_1p(), |v| v[0].ln_1p()))),
    (&math::EXP2, |a| Ok(float(a, |v| v[0].exp2(), |v| v[0].exp2()))),
    (&math::EXPM1, |a| Ok(float(a, |v| v[0].exp_m1(), |v| v[0].exp_m1()))),
    (&math::CBRT, |a| Ok(float(a, |v| v[0].cbrt(), |v| v[0].cbrt()))),
    (&math::POWF, |a| Ok(float(a, |v| v[0].powf(v[1]), |v| v[0].powf(v[1])))),
    (&math::SINH, |a| Ok(float(a, |v| v[0].sinh(), |v| v[0].sinh()))),
    (&math::COSH, |a| Ok(float(a, |v| v[0].cosh(), |v| v[0].cosh()))),
    (&math::ASIN, |a| Ok(float(a, |v| v[0].asin(), |v| v[0].asin()))),
    (&math::ACOS, |a| Ok(float(a, |v| v[0].acos(), |v| v[0].acos()))),
    (&math::ASINH, |a| Ok(float(a, |v| libm::asinh32(v[0]), |v| libm::asinh64(v[0])))),
    (&math::ACOSH, |a| Ok(float(a, |v| libm::acosh32(v[0]), |v| libm::acosh64(v[0])))),
    (&math::ATANH, |a| Ok(float(a, |v| libm::atanh32(v[0]), |v| libm::atanh64(v[0])))),
    (&math::ERFC, |a| Ok(float(a, |v| libm::erfc32(v[0]), |v| libm::erfc64(v[0])))),
    (&math::ATAN2, |a| Ok(float(a, |v| v[0].atan2(v[1]), |v| v[0].atan2(v[1])))),
    (&math::COPYSIGN, |a| Ok(float(a, |v| v[0].copysign(v[1]), |v| v[0].copysign(v[1])))),
    // One rounding, as `llvm.fma`.
    (&math::FMA, |a| Ok(float(a, |v| v[0].mul_add(v[1], v[2]), |v| v[0].mul_add(v[1], v[2])))),
    (&math::FPOWI, fpowi),
    (&math::ABSI, |a| Ok(int(a, a.args[0].as_i64().wrapping_abs()))),
    (&math::CTLZ, |a| Ok(int(a, count_bits(a.args[0], BitCount::LeadingZeros)))),
    (&math::CTTZ, |a| Ok(int(a, count_bits(a.args[0], BitCount::TrailingZeros)))),
    (&math::CTPOP, |a| Ok(int(a, count_bits(a.args[0], BitCount::Ones)))),
    (&math::IPOWI, ipowi),
    (&math::ISNAN, |a| Ok(int(a, classify(a.args[0]).nan as i64))),
    (&math::ISINF, |a| Ok(int(a, classify(a.args[0]).inf as i64))),
    (&math::ISFINITE, |a| Ok(int(a, !(classify(a.args[0]).nan || classify(a.args[0]).inf) as i64))),
    (&math::ISNORMAL, |a| Ok(int(a, classify(a.args[0]).normal as i64))),
];

/// What a float's bits are, in its own format.
struct FloatClass {
    nan: bool,
    inf: bool,
    /// Not zero, subnormal, infinite or NaN.
    normal: bool,
}

fn classify(x: Scalar) -> FloatClass {
    let (exp_bits, man_bits) = match x.elem {
        ElemType::F16 => (5, 10),
        ElemType::BF16 => (8, 7),
        ElemType::F32 => (8, 23),
        _ => (11, 52),
    };
    let exp = (x.bits >> man_bits) & ((1u64 << exp_bits) - 1);
    let man = x.bits & ((1u64 << man_bits) - 1);
    let all_ones = (1u64 << exp_bits) - 1;
    FloatClass {
        nan: exp == all_ones && man != 0,
        inf: exp == all_ones && man == 0,
        normal: exp != 0 && exp != all_ones,
    }
}

enum BitCount {
    LeadingZeros,
    TrailingZeros,
    Ones,
}

/// `math.ctlz` / `cttz` / `ctpop` at the integer's own width.
fn count_bits(x: Scalar, what: BitCount) -> i64 {
    let w = x.elem.bit_width();
    let bits = if w == 64 { x.bits } else { x.bits & ((1u64 << w) - 1) };
    i64::from(match what {
        BitCount::LeadingZeros => (bits.leading_zeros() - (64 - w)).min(w),
        BitCount::TrailingZeros => bits.trailing_zeros().min(w),
        BitCount::Ones => bits.count_ones(),
    })
}

/// `math.ipowi`, as MLIR folds it: a negative power is 0 unless the base is
/// 1 or -1; zero to a negative power is a fault.
fn ipowi(a: &ScalarArgs<'_>) -> Result<Scalar, String> {
    let (base, power) = (a.args[0].as_i64(), a.args[1].as_i64());
    if power < 0 {
        return match base {
            0 => Err("math.ipowi: zero to a negative power".into()),
            1 => Ok(int(a, 1)),
            -1 => Ok(int(a, if power & 1 == 1 { -1 } else { 1 })),
            _ => Ok(int(a, 0)),
        };
    }
    let (mut result, mut b, mut p) = (1i64, base, power as u64);
    while p > 0 {
        if p & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        p >>= 1;
    }
    Ok(int(a, result))
}

/// `math.fpowi`: a float to an integer power, by repeated products as
/// `llvm.powi`.
fn fpowi(a: &ScalarArgs<'_>) -> Result<Scalar, String> {
    let n =
        i32::try_from(a.args[1].as_i64()).map_err(|_| "math.fpowi: the power does not fit in 32 bits".to_string())?;
    let x = a.args[0];
    Ok(match a.out {
        ElemType::F64 => Scalar::float(a.out, x.as_f64().powi(n)),
        _ => Scalar::float(a.out, f64::from((x.as_f64() as f32).powi(n))),
    })
}
