//! The interpreter's kernels, registered per op in a table keyed by the
//! op's definition: a new op joins with one entry.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects::pack::PackInfo;
use tessel_ir::dialects::{affine, arith, func, linalg, pack, scf, tensor};
use tessel_ir::registry::OpDef;
use tessel_ir::{Context, OpId};

use crate::{check_bounds, for_each_index, insert, Flow, Interpreter, RtValue, Tensor};

/// Runs one op.
pub(crate) type Kernel = fn(&mut Interpreter<'_>, OpId) -> Result<Flow, String>;
/// Computes an arith op on scalars.
pub(crate) type ScalarFn = fn(&[RtValue]) -> Result<RtValue, String>;

/// How the interpreter runs an op.
#[derive(Copy, Clone)]
pub(crate) enum Entry {
    /// Its own kernel.
    Kernel(Kernel),
    /// An arith op: its scalar computation, applied elementwise to tensors.
    Scalar(ScalarFn),
}

/// The kernel of each op the interpreter runs.
fn kernel_table() -> Vec<(&'static OpDef, Entry)> {
    let kernels: [(&'static OpDef, Kernel); 23] = [
        (&func::RETURN, yield_operands),
        (&scf::YIELD, yield_operands),
        (&tensor::YIELD, yield_operands),
        (&linalg::YIELD, yield_operands),
        (&arith::CONSTANT, constant),
        (&func::CALL, call),
        (&affine::APPLY, affine_op),
        (&affine::MIN, affine_op),
        (&affine::MAX, affine_op),
        (&tensor::EMPTY, empty),
        (&tensor::DIM, dim),
        (&tensor::CAST, cast),
        (&tensor::EXTRACT_SLICE, extract_slice),
        (&tensor::INSERT_SLICE, insert_slice),
        (&pack::PACK, pack_or_unpack),
        (&pack::UNPACK, pack_or_unpack),
        (&linalg::FILL, fill),
        (&linalg::TRANSPOSE, transpose),
        (&tensor::COLLAPSE_SHAPE, reshape),
        (&tensor::EXPAND_SHAPE, reshape),
        (&scf::FOR, for_loop),
        (&scf::IF, if_op),
        (&scf::FORALL, |i, op| i.forall(op).map(|_| Flow::Next)),
    ];
    let kernels = kernels.into_iter().map(|(def, k)| (def, Entry::Kernel(k)));
    kernels.chain(SCALAR_OPS.iter().map(|(def, f)| (*def, Entry::Scalar(*f)))).collect()
}

/// How to run `op`, from its definition.
pub(crate) fn kernel(ctx: &Context, op: OpId) -> Option<Entry> {
    static TABLE: OnceLock<FxHashMap<usize, Entry>> = OnceLock::new();
    let table =
        TABLE.get_or_init(|| kernel_table().into_iter().map(|(d, k)| (d as *const OpDef as usize, k)).collect());
    let def = ctx.op(op).def?;
    table.get(&(def as *const OpDef as usize)).copied()
}

fn yield_operands(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let vals = i.ctx.operands(op).iter().map(|v| i.get(*v)).collect::<Result<_, _>>()?;
    Ok(Flow::Yield(vals))
}

fn constant(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let v = i.constant(op)?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

fn call(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let ctx = i.ctx;
    let callee = match func::CallOp(op).callee(ctx).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
        _ => return Err("call without callee".into()),
    };
    let args = ctx.operands(op).iter().map(|v| i.get(*v)).collect::<Result<_, _>>()?;
    let res = i.call(&callee, args)?;
    for (k, v) in res.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn affine_op(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let ctx = i.ctx;
    let m = affine::op_map(ctx, op).ok_or("affine op without map")?;
    let vals: Vec<i64> = ctx.operands(op).iter().map(|v| i.get(*v)?.int()).collect::<Result<_, _>>()?;
    let nd = m.num_dims as usize;
    let res = m.eval(&vals[..nd], &vals[nd..]).ok_or("affine evaluation failed (division by zero)")?;
    let v = if affine::ApplyOp::isa(ctx, op) {
        res[0]
    } else if affine::MinOp::isa(ctx, op) {
        *res.iter().min().ok_or("empty map")?
    } else {
        *res.iter().max().ok_or("empty map")?
    };
    i.set(op, 0, RtValue::Int(v));
    Ok(Flow::Next)
}

/// Runs an arith op with its scalar computation `f`.
pub(crate) fn arith_op(i: &mut Interpreter<'_>, op: OpId, f: ScalarFn) -> Result<Flow, String> {
    let v = i.arith(op, f)?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

fn empty(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let t = i.new_tensor(i.ctx.result(op, 0), i.ctx.operands(op), f64::NAN)?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn dim(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let t = i.operand(op, 0)?;
    let d = i.operand(op, 1)?.int()? as usize;
    let s = *t.tensor()?.shape.get(d).ok_or("tensor.dim index out of range")?;
    i.set(op, 0, RtValue::Int(s as i64));
    Ok(Flow::Next)
}

fn cast(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let v = i.operand(op, 0)?;
    i.set(op, 0, v);
    Ok(Flow::Next)
}

fn extract_slice(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let src = i.operand(op, 0)?;
    let (offs, sizes, strides) = i.slice(op)?;
    let src = src.tensor()?;
    let mut out = Tensor::filled(sizes.clone(), 0.0);
    let mut k = 0;
    for_each_index(&sizes, |idx| {
        let s: Vec<usize> = idx.iter().enumerate().map(|(d, x)| offs[d] + x * strides[d]).collect();
        out.data[k] = src.get(&s);
        k += 1;
    });
    check_bounds(&src.shape, &offs, &sizes, &strides)?;
    out.shape = i.result_shape(i.ctx.result(op, 0), &sizes);
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn insert_slice(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let src = i.operand(op, 0)?;
    let dest = i.operand(op, 1)?;
    let (offs, sizes, strides) = i.slice(op)?;
    let out = insert(src.tensor()?, dest.tensor()?, &offs, &sizes, &strides)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn pack_or_unpack(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let info = PackInfo::read(i.ctx, op).ok_or("malformed pack or unpack")?;
    let out = if info.is_pack { i.pack(&info)? } else { i.unpack(&info)? };
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn fill(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let v = i.operand(op, 0)?.scalar()?;
    let dest = i.operand(op, 1)?;
    let t = Tensor::filled(dest.tensor()?.shape.clone(), v);
    if !i.ctx.results(op).is_empty() {
        i.set(op, 0, RtValue::Tensor(t));
    }
    Ok(Flow::Next)
}

fn transpose(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let src = i.operand(op, 0)?;
    let src = src.tensor()?;
    let perm = linalg::TransposeOp(op).permutation(i.ctx);
    if perm.len() != src.shape.len() {
        return Err("no permutation".into());
    }
    let shape: Vec<usize> = perm.iter().map(|p| src.shape[*p as usize]).collect();
    let mut out = Tensor::filled(shape.clone(), 0.0);
    let mut k = 0;
    for_each_index(&shape, |idx| {
        let mut s = vec![0; idx.len()];
        for (j, p) in perm.iter().enumerate() {
            s[*p as usize] = idx[j];
        }
        out.data[k] = src.get(&s);
        k += 1;
    });
    if !i.ctx.results(op).is_empty() {
        i.set(op, 0, RtValue::Tensor(out));
    }
    Ok(Flow::Next)
}

fn reshape(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let ctx = i.ctx;
    let src = i.operand(op, 0)?;
    let mut t = src.tensor()?.clone();
    let dyns = &ctx.operands(op)[1..];
    t.shape = i.new_tensor(ctx.result(op, 0), dyns, 0.0).map(|x| x.shape).unwrap_or_default();
    if tensor::CollapseShapeOp::isa(ctx, op) {
        let groups = tensor::reassociation(ctx, op).ok_or("no reassociation")?;
        let src_shape = src.tensor()?.shape.clone();
        t.shape = groups.iter().map(|g| g.iter().map(|d| src_shape[*d as usize]).product()).collect();
    }
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn for_loop(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let ctx = i.ctx;
    let f = scf::ForOp(op);
    let (lb, ub, step) =
        (i.get(f.lower_bound(ctx))?.int()?, i.get(f.upper_bound(ctx))?.int()?, i.get(f.step(ctx))?.int()?);
    if step <= 0 {
        return Err("scf.for with a non-positive step".into());
    }
    let mut carried: Vec<RtValue> = f.init_args(ctx).iter().map(|v| i.get(*v)).collect::<Result<_, _>>()?;
    let mut iv = lb;
    while iv < ub {
        let mut args = vec![RtValue::Int(iv)];
        args.extend(carried);
        carried = i.run_region(f.body(ctx), args)?;
        iv += step;
    }
    for (k, v) in carried.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn if_op(i: &mut Interpreter<'_>, op: OpId) -> Result<Flow, String> {
    let ctx = i.ctx;
    let cond = scf::IfOp(op);
    let c = i.get(cond.condition(ctx))?.int()?;
    let r = if c != 0 { cond.then_region(ctx) } else { cond.else_region(ctx) };
    let res = if ctx.blocks(r).is_empty() { vec![] } else { i.run_region(r, vec![])? };
    for (k, v) in res.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

fn int2(a: &[RtValue]) -> Result<(i64, i64), String> {
    Ok((a[0].int()?, a[1].int()?))
}

fn float2(a: &[RtValue]) -> Result<(f64, f64), String> {
    Ok((a[0].scalar()?, a[1].scalar()?))
}

fn nonzero(v: i64) -> Result<i64, String> {
    if v == 0 {
        Err("division by zero".to_string())
    } else {
        Ok(v)
    }
}

/// The scalar computation of each arith op the interpreter runs.
static SCALAR_OPS: &[(&OpDef, ScalarFn)] = &[
    (&arith::ADDI, |a| int2(a).map(|(x, y)| RtValue::Int(x.wrapping_add(y)))),
    (&arith::SUBI, |a| int2(a).map(|(x, y)| RtValue::Int(x.wrapping_sub(y)))),
    (&arith::MULI, |a| int2(a).map(|(x, y)| RtValue::Int(x.wrapping_mul(y)))),
    (&arith::DIVSI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(x / nonzero(y)?)))),
    (&arith::DIVUI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(x / nonzero(y)?)))),
    (&arith::REMSI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(x % nonzero(y)?)))),
    (&arith::REMUI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(x % nonzero(y)?)))),
    (&arith::CEILDIVSI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(tessel_ir::affine::ceil_div(x, nonzero(y)?))))),
    (&arith::CEILDIVUI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(tessel_ir::affine::ceil_div(x, nonzero(y)?))))),
    (&arith::FLOORDIVSI, |a| int2(a).and_then(|(x, y)| Ok(RtValue::Int(tessel_ir::affine::floor_div(x, nonzero(y)?))))),
    (&arith::MINSI, |a| int2(a).map(|(x, y)| RtValue::Int(x.min(y)))),
    (&arith::MINUI, |a| int2(a).map(|(x, y)| RtValue::Int(x.min(y)))),
    (&arith::MAXSI, |a| int2(a).map(|(x, y)| RtValue::Int(x.max(y)))),
    (&arith::MAXUI, |a| int2(a).map(|(x, y)| RtValue::Int(x.max(y)))),
    (&arith::ANDI, |a| int2(a).map(|(x, y)| RtValue::Int(x & y))),
    (&arith::ORI, |a| int2(a).map(|(x, y)| RtValue::Int(x | y))),
    (&arith::XORI, |a| int2(a).map(|(x, y)| RtValue::Int(x ^ y))),
    (&arith::ADDF, |a| float2(a).map(|(x, y)| RtValue::Float(x + y))),
    (&arith::SUBF, |a| float2(a).map(|(x, y)| RtValue::Float(x - y))),
    (&arith::MULF, |a| float2(a).map(|(x, y)| RtValue::Float(x * y))),
    (&arith::DIVF, |a| float2(a).map(|(x, y)| RtValue::Float(x / y))),
    (&arith::NEGF, |a| a[0].scalar().map(|x| RtValue::Float(-x))),
    (&arith::MAXIMUMF, |a| float2(a).map(|(x, y)| RtValue::Float(x.max(y)))),
    (&arith::MAXNUMF, |a| float2(a).map(|(x, y)| RtValue::Float(x.max(y)))),
    (&arith::MINIMUMF, |a| float2(a).map(|(x, y)| RtValue::Float(x.min(y)))),
    (&arith::MINNUMF, |a| float2(a).map(|(x, y)| RtValue::Float(x.min(y)))),
    (&arith::INDEX_CAST, |a| a[0].int().map(RtValue::Int)),
    (&arith::INDEX_CASTUI, |a| a[0].int().map(RtValue::Int)),
    (&arith::EXTSI, |a| a[0].int().map(RtValue::Int)),
    (&arith::EXTUI, |a| a[0].int().map(RtValue::Int)),
    (&arith::TRUNCI, |a| a[0].int().map(RtValue::Int)),
    (&arith::EXTF, |a| a[0].scalar().map(RtValue::Float)),
    (&arith::TRUNCF, |a| a[0].scalar().map(RtValue::Float)),
    (&arith::SITOFP, |a| a[0].int().map(|x| RtValue::Float(x as f64))),
    (&arith::UITOFP, |a| a[0].int().map(|x| RtValue::Float(x as f64))),
    (&arith::FPTOSI, |a| a[0].scalar().map(|x| RtValue::Int(x as i64))),
    (&arith::FPTOUI, |a| a[0].scalar().map(|x| RtValue::Int(x as i64))),
    (&arith::SELECT, |a| Ok(if a[0].int()? != 0 { a[1].clone() } else { a[2].clone() })),
];
