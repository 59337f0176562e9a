//! Structured ops (`linalg.generic`, the named elementwise ops, matmul,
//! copy): the body runs once per point of the iteration domain, reading
//! each operand where its indexing map sends the point. Bodies that are one
//! arith/math op on the inputs with identity maps (the named elementwise
//! ops) take the elementwise fast path instead.

use tessel_ir::dialects::structured::{index_dim, loop_sources, structured, Structured};
use tessel_ir::{Context, OpId};

use crate::elem::Scalar;
use crate::kernels::{self, Entry};
use crate::{Flow, Interpreter, RtValue, RunError, RunResult, Tensor};

/// Runs a structured op.
pub(crate) fn structured_op(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let s = structured(ctx, op).ok_or("malformed structured op")?;
    let ins: Vec<RtValue> = s.inputs.iter().map(|v| i.get(*v)).collect::<RunResult<_>>()?;
    let mut outs: Vec<Tensor> = Vec::with_capacity(s.outputs.len());
    for v in &s.outputs {
        outs.push(i.take_or_get(*v, op)?.tensor()?.clone());
    }
    let ranges = loop_ranges(&s, &ins, &outs)?;
    if i.check_uninit {
        for (k, v) in ins.iter().enumerate() {
            if let RtValue::Tensor(t) = v {
                if let Some(e) = t.first_uninit() {
                    return Err(RunError::new(format!("input #{k} holds element {e} of a tensor.empty nobody wrote")));
                }
            }
        }
    }
    let results = match elementwise_body(ctx, op, &s) {
        Some(f) => {
            let out = outs[0].elem;
            let v = kernels::elementwise(&ins, out, 0, f, false)?;
            vec![v.tensor()?.clone()]
        }
        None => run_points(i, op, &s, &ins, outs, &ranges)?,
    };
    for (k, t) in results.into_iter().enumerate() {
        if let Some(init) = s.outputs.get(k) {
            crate::memref::deliver(i, op, k, *init, t)?;
        }
    }
    Ok(Flow::Next)
}

fn shape_of(v: &RtValue) -> Vec<usize> {
    match v {
        RtValue::Tensor(t) => t.shape.clone(),
        RtValue::MemRef(m) => m.shape.clone(),
        RtValue::Scalar(_) | RtValue::Complex(_) => vec![],
    }
}

/// Each loop's extent, read from the operand dim it indexes first; every
/// operand dim indexed by a plain loop must agree with it.
fn loop_ranges(s: &Structured, ins: &[RtValue], outs: &[Tensor]) -> RunResult<Vec<usize>> {
    let shapes: Vec<Vec<usize>> = ins.iter().map(shape_of).chain(outs.iter().map(|t| t.shape.clone())).collect();
    let sources = loop_sources(s).ok_or("a loop indexes no operand")?;
    let ranges: Vec<usize> = sources.iter().map(|&(k, j)| shapes[k][j]).collect();
    for (k, m) in s.maps.iter().enumerate() {
        for (j, e) in m.results.iter().enumerate() {
            if let tessel_ir::affine::AffineExpr::Dim(d) = e {
                if shapes[k][j] != ranges[*d as usize] {
                    return Err(RunError::new(format!(
                        "operand #{k} has {} elements along dim {j}, but loop d{d} runs over {}",
                        shapes[k][j], ranges[*d as usize]
                    )));
                }
            }
        }
    }
    Ok(ranges)
}

/// The scalar function of a body that is `%r = op %in0, %in1, ...;
/// linalg.yield %r` with every map the identity.
fn elementwise_body(ctx: &Context, op: OpId, s: &Structured) -> Option<kernels::ScalarFn> {
    if s.outputs.len() != 1 || s.maps.iter().any(|m| !m.is_identity()) {
        return None;
    }
    let block = *ctx.blocks(*ctx.regions(op).first()?).first()?;
    let ops = ctx.block_op_list(block);
    let [body_op, _yield] = ops.as_slice() else { return None };
    let args = ctx.block_args(block);
    if ctx.operands(*body_op) != &args[..s.inputs.len()] || ctx.operands(*_yield) != ctx.results(*body_op) {
        return None;
    }
    if ctx.get_attr(*body_op, "predicate").is_some() {
        return None;
    }
    match kernels::kernel(ctx, *body_op) {
        Some(Entry::Scalar(f)) => Some(f),
        _ => None,
    }
}

/// Row-major strides of a shape.
fn strides(shape: &[usize]) -> Vec<usize> {
    crate::copy::contiguous_strides(shape)
}

/// The flat position the map sends `point` to in an operand of `shape`.
fn position(m: &tessel_ir::affine::AffineMap, point: &[i64], shape: &[usize], strides: &[usize]) -> RunResult<usize> {
    let idx = m.eval(point, &[]).ok_or("indexing map could not be evaluated")?;
    let mut flat = 0usize;
    for ((x, n), st) in idx.iter().zip(shape).zip(strides) {
        if *x < 0 || *x as usize >= *n {
            return Err(RunError::new(format!("indexing map reads index {x} of a dim of {n} elements")));
        }
        flat += *x as usize * st;
    }
    Ok(flat)
}

/// Runs the body at every point of the domain, in row-major order.
fn run_points(
    i: &mut Interpreter<'_>,
    op: OpId,
    s: &Structured,
    ins: &[RtValue],
    mut outs: Vec<Tensor>,
    ranges: &[usize],
) -> RunResult<Vec<Tensor>> {
    let ctx = i.ctx;
    let region = *ctx.regions(op).first().ok_or("structured op without a body")?;
    let block = *ctx.blocks(region).first().ok_or("structured op without a body")?;
    let in_shapes: Vec<Vec<usize>> = ins.iter().map(shape_of).collect();
    let in_strides: Vec<Vec<usize>> = in_shapes.iter().map(|sh| strides(sh)).collect();
    let out_shapes: Vec<Vec<usize>> = outs.iter().map(|t| t.shape.clone()).collect();
    let out_strides: Vec<Vec<usize>> = out_shapes.iter().map(|sh| strides(sh)).collect();
    let n_in = ins.len();
    if ranges.contains(&0) {
        return Ok(outs);
    }
    let mut point = vec![0i64; ranges.len()];
    loop {
        let mut args = Vec::with_capacity(n_in + outs.len());
        for (k, v) in ins.iter().enumerate() {
            args.push(match v {
                RtValue::MemRef(_) => return Err("a structured op reads a memref its kernel was not given".into()),
                RtValue::Scalar(x) => RtValue::Scalar(*x),
                RtValue::Complex(c) => RtValue::Complex(*c),
                RtValue::Tensor(t) => {
                    RtValue::Scalar(t.get(position(&s.maps[k], &point, &in_shapes[k], &in_strides[k])?))
                }
            });
        }
        let mut out_pos = Vec::with_capacity(outs.len());
        for (k, t) in outs.iter().enumerate() {
            let p = position(&s.maps[n_in + k], &point, &out_shapes[k], &out_strides[k])?;
            out_pos.push(p);
            args.push(RtValue::Scalar(t.get(p)));
        }
        i.points.push(point.clone());
        let yielded = i.run_block(block, args);
        i.points.pop();
        let yielded = yielded?;
        if yielded.len() != outs.len() {
            return Err(RunError::new("the body yields a value per output"));
        }
        for ((t, p), v) in outs.iter_mut().zip(&out_pos).zip(yielded) {
            let v: Scalar = v.scalar()?;
            t.set(*p, v)?;
        }
        // Next point, last loop fastest.
        let mut d = ranges.len();
        loop {
            if d == 0 {
                return Ok(outs);
            }
            d -= 1;
            point[d] += 1;
            if (point[d] as usize) < ranges[d] {
                break;
            }
            point[d] = 0;
        }
    }
}

/// `linalg.index`: the current point's coordinate along one loop.
pub(crate) fn index(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let d = index_dim(i.ctx, op).ok_or("linalg.index without dim")?;
    let point = i.points.last().ok_or("linalg.index outside a structured op")?;
    let v = *point.get(d as usize).ok_or("linalg.index past the loops")?;
    i.set(op, 0, RtValue::Scalar(Scalar::index(v)));
    Ok(Flow::Next)
}
