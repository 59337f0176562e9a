//! Kernels of `tensor.gather` and `tensor.scatter`: for each point of the
//! indices' batch dims, the coordinates it holds pick one slice of the
//! source (gather) or of the destination (scatter) along the gathered dims.
//! A coordinate outside the tensor is a runtime error at the op (in
//! compiled code it would read or write outside the buffer).

use tessel_ir::dialects::tensor_gather::{GatherOp, ScatterOp, GATHER, SCATTER};
use tessel_ir::registry::OpDef;
use tessel_ir::OpId;

use crate::kernels::Kernel;
use crate::{Flow, Interpreter, RtValue, RunResult, Tensor};

/// The kernel of each op here.
pub(crate) fn kernels() -> [(&'static OpDef, Kernel); 2] {
    [(&GATHER, gather), (&SCATTER, scatter)]
}

/// Row-major strides of `shape`.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

/// Calls `f(batch, slice, full)` for each element of each gathered slice:
/// its linear position among the batch points, its linear position in the
/// (non-rank-reduced) slice, and its linear position in the full tensor.
fn for_each_slice_element(
    indices: &Tensor,
    full: &[usize],
    dims: &[usize],
    mut f: impl FnMut(usize, usize, usize) -> RunResult<()>,
) -> RunResult<()> {
    let k = dims.len();
    let batch: usize = indices.shape[..indices.shape.len() - 1].iter().product();
    let slice_shape: Vec<usize> =
        full.iter().enumerate().map(|(i, d)| if dims.contains(&i) { 1 } else { *d }).collect();
    let slice_len: usize = slice_shape.iter().product();
    let (full_strides, slice_strides) = (strides(full), strides(&slice_shape));
    for b in 0..batch {
        let mut base = vec![0usize; full.len()];
        for (j, d) in dims.iter().enumerate() {
            let c = indices.get(b * k + j).as_i64();
            if c < 0 || c as usize >= full[*d] {
                return Err(format!("index {c} out of bounds for dim {d} of size {}", full[*d]).into());
            }
            base[*d] = c as usize;
        }
        for s in 0..slice_len {
            let mut at = 0;
            for (d, st) in slice_strides.iter().enumerate() {
                let digit = (s / st) % slice_shape[d];
                at += (base[d] + digit) * full_strides[d];
            }
            f(b, s, at)?;
        }
    }
    Ok(())
}

fn dims_of(attr: &[i64]) -> Vec<usize> {
    attr.iter().map(|d| *d as usize).collect()
}

fn gather(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let g = GatherOp(op);
    let source = i.get(g.source(ctx))?.tensor()?.clone();
    let indices = i.get(g.indices(ctx))?.tensor()?.clone();
    let dims = dims_of(g.gather_dims(ctx));
    let result_rank = match ctx.value_type_kind(ctx.result(op, 0)) {
        tessel_ir::types::TypeKind::Tensor { shape, .. } => shape.len(),
        _ => return Err("tensor.gather of a non-tensor result".into()),
    };
    let batch = &indices.shape[..indices.shape.len() - 1];
    let reduced = result_rank + dims.len() == batch.len() + source.shape.len();
    let mut result_shape = batch.to_vec();
    for (d, n) in source.shape.iter().enumerate() {
        match (dims.contains(&d), reduced) {
            (true, true) => {}
            (true, false) => result_shape.push(1),
            (false, _) => result_shape.push(*n),
        }
    }
    let mut values = Vec::with_capacity(result_shape.iter().product());
    for_each_slice_element(&indices, &source.shape, &dims, |_, _, at| {
        values.push(source.get(at));
        Ok(())
    })?;
    i.set(op, 0, RtValue::Tensor(Tensor::try_from_scalars(result_shape, source.elem, values)?));
    Ok(Flow::Next)
}

fn scatter(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let s = ScatterOp(op);
    let source = i.get(s.source(ctx))?.tensor()?.clone();
    let dest = i.get(s.dest(ctx))?.tensor()?.clone();
    let indices = i.get(s.indices(ctx))?.tensor()?.clone();
    let dims = dims_of(s.scatter_dims(ctx));
    let mut values: Vec<_> = dest.scalars().collect();
    let mut next = 0;
    for_each_slice_element(&indices, &dest.shape, &dims, |_, _, at| {
        values[at] = source.get(next);
        next += 1;
        Ok(())
    })?;
    i.set(op, 0, RtValue::Tensor(Tensor::try_from_scalars(dest.shape.clone(), dest.elem, values)?));
    Ok(Flow::Next)
}
