//! Kernels of the vector dialect. A vector is held like a tensor (dense,
//! row-major, exact bits); transfers read and write tensors element by
//! element with MLIR's semantics: out-of-bounds and masked-off lanes of a
//! read take the padding (or the `vector.mask` passthru), those of a write
//! are dropped. A lane declared `in_bounds` that runs out of bounds, a
//! scalable vector, or a memref is a runtime error, never a guess.

use tessel_ir::dialects::vector::{combining_kind, int_array, vector_shape, TransferView, TransferWriteOp};
use tessel_ir::dialects::{arith, vector as v};
use tessel_ir::registry::OpDef;
use tessel_ir::{OpId, Type, Value};

use crate::copy::{contiguous_strides, Axis};
use crate::elem::{ElemType, Scalar};
use crate::kernels::{elem_of, scalar_fn, Kernel, ScalarArgs};
use crate::{Flow, Interpreter, RtValue, RunError, RunResult, Tensor};

/// The kernel of each vector op the engine runs.
pub(crate) fn kernels() -> [(&'static OpDef, Kernel); 31] {
    [
        (&v::PRINT, crate::print::print),
        (&v::TRANSFER_READ, transfer_read),
        (&v::TRANSFER_WRITE, transfer_write),
        (&v::MASK, mask),
        (&v::YIELD, crate::kernels::yield_operands),
        (&v::CREATE_MASK, create_mask),
        (&v::CONSTANT_MASK, constant_mask),
        (&v::BROADCAST, broadcast),
        (&v::SHAPE_CAST, shape_cast),
        (&v::BITCAST, bitcast),
        (&v::TRANSPOSE, transpose),
        (&v::EXTRACT, extract),
        (&v::INSERT, insert),
        (&v::EXTRACT_STRIDED_SLICE, extract_strided_slice),
        (&v::INSERT_STRIDED_SLICE, insert_strided_slice),
        (&v::FROM_ELEMENTS, from_elements),
        (&v::STEP, step),
        (&v::FMA, fma),
        (&v::REDUCTION, reduction),
        (&v::MULTI_REDUCTION, multi_reduction),
        (&v::SHUFFLE, shuffle),
        (&v::LOAD, load),
        (&v::STORE, store),
        (&v::MASKED_LOAD, masked_load),
        (&v::MASKED_STORE, masked_store),
        (&v::INTERLEAVE, interleave),
        (&v::DEINTERLEAVE, deinterleave),
        (&v::CONTRACT, contract),
        (&v::OUTER_PRODUCT, outer_product),
        (&v::GATHER, gather),
        (&v::SCATTER, scatter),
    ]
}

/// The static shape of a vector type (scalable vectors have no size here).
pub(crate) fn static_shape(i: &Interpreter<'_>, t: Type) -> RunResult<Vec<usize>> {
    let ctx = i.ctx;
    let vs = vector_shape(ctx, t).ok_or("expected a vector type")?;
    if vs.is_scalable() {
        let ty = tessel_ir::printer::type_to_string(ctx, t);
        return Err(RunError::new(format!("the engine runs fixed-size vectors only, not {ty}")));
    }
    Ok(vs.shape.iter().map(|d| *d as usize).collect())
}

/// Calls `f` with every multi-index of `shape`, in row-major order, and
/// the element's row-major position.
fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize], usize) -> RunResult<()>) -> RunResult<()> {
    let n: usize = shape.iter().product();
    let mut idx = vec![0usize; shape.len()];
    for k in 0..n {
        f(&idx, k)?;
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(())
}

fn position(idx: &[usize], strides: &[usize]) -> usize {
    idx.iter().zip(strides).map(|(a, b)| a * b).sum()
}

fn tensor_operand(i: &Interpreter<'_>, v: Value) -> RunResult<Tensor> {
    match i.get(v)? {
        RtValue::Tensor(t) => Ok(t),
        RtValue::Scalar(_) => Err("expected a vector or tensor, got a scalar".into()),
        RtValue::MemRef(_) => Err("expected a vector or tensor, got a memref".into()),
        RtValue::Complex(_) => Err("expected a vector or tensor, got a complex number".into()),
    }
}

/// What a transfer reads from or writes to.
enum Base {
    Tensor(Tensor),
    /// A memref view: read and written in place.
    MemRef(crate::MemRef),
}

impl Base {
    fn shape(&self) -> &[usize] {
        match self {
            Base::Tensor(t) => &t.shape,
            Base::MemRef(m) => &m.shape,
        }
    }

    fn elem(&self) -> ElemType {
        match self {
            Base::Tensor(t) => t.elem,
            Base::MemRef(m) => m.elem,
        }
    }

    fn read(&self, at: &[usize]) -> RunResult<Scalar> {
        match self {
            Base::Tensor(t) => Ok(t.get(position(at, &t.strides()))),
            Base::MemRef(m) => m.load(&at.iter().map(|x| *x as i64).collect::<Vec<_>>()),
        }
    }
}

fn base_value(i: &Interpreter<'_>, view: &TransferView) -> RunResult<Base> {
    match i.get(view.base)? {
        RtValue::MemRef(m) => Ok(Base::MemRef(m)),
        RtValue::Tensor(t) => {
            if let Some(e) = t.first_uninit().filter(|_| i.check_uninit) {
                return Err(RunError::new(format!("a transfer reads element {e} of a tensor.empty nobody wrote")));
            }
            Ok(Base::Tensor(t))
        }
        RtValue::Scalar(_) | RtValue::Complex(_) => Err("a transfer from a scalar".into()),
    }
}

/// Where lane `lane` of a transfer lands in its base; `None` when a
/// transferred dim runs out of bounds (an error when declared in bounds).
fn base_index(
    view: &TransferView,
    starts: &[i64],
    base_shape: &[usize],
    lane: &[usize],
) -> RunResult<Option<Vec<usize>>> {
    let mut at: Vec<i64> = starts.to_vec();
    let mut walked = vec![false; starts.len()];
    for (k, d) in view.dims.iter().enumerate() {
        if let Some(d) = d {
            at[*d] += lane[k] as i64;
            walked[*d] = true;
        }
    }
    let mut out = Vec::with_capacity(at.len());
    for (j, x) in at.iter().enumerate() {
        if *x >= 0 && (*x as usize) < base_shape[j] {
            out.push(*x as usize);
            continue;
        }
        let vector_dim = view.dims.iter().position(|d| *d == Some(j));
        match vector_dim {
            Some(k) if walked[j] && !view.in_bounds[k] => return Ok(None),
            Some(k) => {
                return Err(RunError::new(format!(
                    "transfer dim {k} is declared in bounds but index {x} is outside [0, {}) of dim {j}",
                    base_shape[j]
                )))
            }
            None => {
                return Err(RunError::new(format!(
                    "transfer index {x} of dim {j} is outside [0, {}) (a dim the vector does not walk)",
                    base_shape[j]
                )))
            }
        }
    }
    Ok(Some(out))
}

/// Whether lane `lane` is on in `mask` (a mask in the base's dim order, as
/// MLIR infers it; broadcast dims dropped).
fn mask_on(view: &TransferView, mask: &Tensor, lane: &[usize]) -> bool {
    let mut used: Vec<(usize, usize)> = view.dims.iter().zip(lane).filter_map(|(d, l)| d.map(|d| (d, *l))).collect();
    used.sort_by_key(|(d, _)| *d);
    let idx: Vec<usize> = if used.is_empty() { vec![0] } else { used.into_iter().map(|(_, l)| l).collect() };
    mask.at(&idx).bits != 0
}

fn indices(i: &Interpreter<'_>, vals: &[Value]) -> RunResult<Vec<i64>> {
    vals.iter().map(|v| i.get(*v)?.int()).collect()
}

/// A transfer_read with an optional mask and, for masked-off lanes, an
/// optional passthru vector (from `vector.mask`).
fn read(i: &Interpreter<'_>, op: OpId, mask: Option<&Tensor>, passthru: Option<&Tensor>) -> RunResult<Tensor> {
    let ctx = i.ctx;
    let view = TransferView::of(ctx, op).ok_or("malformed vector.transfer_read")?;
    let base = base_value(i, &view)?;
    let starts = indices(i, &view.indices)?;
    let pad = i.get(view.padding.ok_or("transfer_read without padding")?)?.scalar()?;
    let own_mask = view.mask.map(|m| tensor_operand(i, m)).transpose()?;
    let mask = mask.or(own_mask.as_ref());
    let shape = static_shape(i, view.vector_type)?;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    if elem != base.elem() {
        return Err("a transfer between different element types".into());
    }
    let mut out = Tensor::try_zeros(shape.clone(), elem)?;
    for_each_index(&shape, |lane, k| {
        let on = mask.is_none_or(|m| mask_on(&view, m, lane));
        let at = if on { base_index(&view, &starts, base.shape(), lane)? } else { None };
        let v = match at {
            Some(at) => base.read(&at)?,
            None if !on => passthru.map_or(pad, |p| p.get(k)),
            None => pad,
        };
        out.set(k, v)?;
        Ok(())
    })?;
    Ok(out)
}

/// A transfer_write with an optional mask: the base with the vector's
/// in-bounds, unmasked lanes written (a tensor base: the new tensor; a
/// memref: written in place, `None`).
fn write(i: &mut Interpreter<'_>, op: OpId, mask: Option<&Tensor>) -> RunResult<Option<Tensor>> {
    let ctx = i.ctx;
    let view = TransferView::of(ctx, op).ok_or("malformed vector.transfer_write")?;
    let value = tensor_operand(i, TransferWriteOp(op).value_to_store(ctx))?;
    let starts = indices(i, &view.indices)?;
    let own_mask = view.mask.map(|m| tensor_operand(i, m)).transpose()?;
    let mask = mask.or(own_mask.as_ref());
    let mut base = match i.take_or_get(view.base, op)? {
        RtValue::Tensor(t) => Base::Tensor(t),
        RtValue::MemRef(m) => Base::MemRef(m),
        RtValue::Scalar(_) | RtValue::Complex(_) => return Err("transfer_write into a scalar".into()),
    };
    if base.elem() != value.elem {
        return Err("a transfer between different element types".into());
    }
    let shape = value.shape.clone();
    let base_shape = base.shape().to_vec();
    let base_strides = crate::copy::contiguous_strides(&base_shape);
    for_each_index(&shape, |lane, k| {
        if mask.is_some_and(|m| !mask_on(&view, m, lane)) {
            return Ok(());
        }
        if let Some(at) = base_index(&view, &starts, &base_shape, lane)? {
            match &mut base {
                Base::Tensor(t) => t.set(position(&at, &base_strides), value.get(k))?,
                Base::MemRef(m) => m.store(&at.iter().map(|x| *x as i64).collect::<Vec<_>>(), value.get(k))?,
            }
        }
        Ok(())
    })?;
    Ok(match base {
        Base::Tensor(t) => Some(t),
        Base::MemRef(_) => None,
    })
}

fn transfer_read(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let out = read(i, op, None, None)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn transfer_write(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let out = write(i, op, None)?;
    if let (Some(out), false) = (out, i.ctx.results(op).is_empty()) {
        i.set(op, 0, RtValue::Tensor(out));
    }
    Ok(Flow::Next)
}

/// `vector.mask`: runs the masked transfer with the mask; an empty mask
/// yields its operands.
fn mask(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let m = v::MaskOp(op);
    let block = *ctx.blocks(m.mask_region(ctx)).first().ok_or("empty vector.mask")?;
    let first = ctx.block_ops(block).next().ok_or("empty vector.mask")?;
    if v::YieldOp::isa(ctx, first) {
        for (k, val) in ctx.operands(first).iter().enumerate() {
            let x = i.get(*val)?;
            i.set(op, k, x);
        }
        return Ok(Flow::Next);
    }
    let mask = tensor_operand(i, m.mask(ctx))?;
    let passthru = m.passthru(ctx).map(|p| tensor_operand(i, p)).transpose()?;
    let out = if v::TransferReadOp::isa(ctx, first) {
        read(i, first, Some(&mask), passthru.as_ref())?
    } else if v::TransferWriteOp::isa(ctx, first) {
        match write(i, first, Some(&mask))? {
            Some(t) => t,
            // Written into a memref in place: nothing to yield.
            None => return Ok(Flow::Next),
        }
    } else if v::MultiReductionOp::isa(ctx, first) {
        let value = multi_reduce(i, first, Some(&mask))?;
        i.set(op, 0, value);
        return Ok(Flow::Next);
    } else if v::ReductionOp::isa(ctx, first) {
        let value = reduce(i, first, Some(&mask))?;
        i.set(op, 0, value);
        return Ok(Flow::Next);
    } else if v::ContractOp::isa(ctx, first) {
        let value = contract_value(i, first, Some(&mask))?;
        i.set(op, 0, value);
        return Ok(Flow::Next);
    } else if v::OuterProductOp::isa(ctx, first) {
        outer_product_value(i, first, Some(&mask))?
    } else if v::GatherOp::isa(ctx, first) {
        gather_value(i, first, Some(&mask), passthru.as_ref())?
    } else {
        return Err(RunError::new(format!("the engine does not run a masked '{}'", ctx.op_name(first))));
    };
    if !ctx.results(op).is_empty() {
        i.set(op, 0, RtValue::Tensor(out));
    }
    Ok(Flow::Next)
}

fn mask_from_bounds(i: &Interpreter<'_>, op: OpId, bounds: &[i64]) -> RunResult<Tensor> {
    let shape = static_shape(i, i.ctx.value_type(i.ctx.result(op, 0)))?;
    let shape = if shape.is_empty() { vec![] } else { shape };
    let mut out = Tensor::try_zeros(shape.clone(), ElemType::I1)?;
    let on = Scalar::int(ElemType::I1, 1);
    // A 0-d mask is set when its one bound is above 0 (below: for every
    // lane of the dims).
    for_each_index(&shape, |lane, k| {
        if !lane.is_empty() && lane.iter().zip(bounds).all(|(l, b)| (*l as i64) < *b) {
            out.set(k, on)?;
        }
        Ok(())
    })?;
    if shape.is_empty() && bounds.first().is_some_and(|b| *b > 0) {
        out.set(0, on)?;
    }
    Ok(out)
}

fn create_mask(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let bounds = indices(i, i.ctx.operands(op))?;
    let out = mask_from_bounds(i, op, &bounds)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn constant_mask(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let bounds = v::ConstantMaskOp(op).mask_dim_sizes(i.ctx).to_vec();
    let out = mask_from_bounds(i, op, &bounds)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn broadcast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let out = match i.operand(op, 0)? {
        RtValue::MemRef(_) | RtValue::Complex(_) => return Err("vector.broadcast of a memref or complex number".into()),
        RtValue::Scalar(s) => Tensor::try_filled(shape, s)?,
        RtValue::Tensor(src) => {
            let lead = shape.len() - src.shape.len();
            let ss = src.strides();
            let mut out = Tensor::try_zeros(shape.clone(), src.elem)?;
            for_each_index(&shape, |idx, k| {
                let at: usize =
                    (0..src.shape.len()).map(|d| if src.shape[d] == 1 { 0 } else { idx[lead + d] * ss[d] }).sum();
                out.set(k, src.get(at))?;
                Ok(())
            })?;
            out
        }
    };
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn shape_cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let mut t = tensor_operand(i, ctx.operands(op)[0])?;
    t.shape = shape;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

/// `vector.bitcast`: each minor 1-D vector's bits, read again as the
/// result's elements (little-endian lanes, as LLVM's bitcast of vectors).
fn bitcast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    let src = tensor_operand(i, ctx.operands(op)[0])?;
    let (sw, dw) = (src.elem.bit_width() as usize, elem.bit_width() as usize);
    let mut bits: Vec<bool> = Vec::with_capacity(src.len() * sw);
    for s in src.scalars() {
        bits.extend((0..sw).map(|b| (s.bits >> b) & 1 == 1));
    }
    let mut out = Tensor::try_zeros(shape, elem)?;
    for (k, chunk) in bits.chunks(dw).enumerate().take(out.len()) {
        let v = chunk.iter().enumerate().fold(0u64, |acc, (b, on)| acc | ((*on as u64) << b));
        out.set(k, Scalar::from_bits(elem, v))?;
    }
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn transpose(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = tensor_operand(i, ctx.operands(op)[0])?;
    let perm = v::TransposeOp(op).permutation(ctx);
    let shape: Vec<usize> = perm.iter().map(|p| src.shape[*p as usize]).collect();
    let (ss, ds) = (src.strides(), contiguous_strides(&shape));
    let axes: Vec<Axis> = perm.iter().enumerate().map(|(j, p)| Axis::new(shape[j], ss[*p as usize], ds[j])).collect();
    let mut out = Tensor::try_zeros(shape, src.elem)?;
    out.copy_strided_from(0, &src, 0, &axes, &[])?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// The static and dynamic positions of an extract or insert, resolved;
/// `None` for a poison (-1) position.
fn positions(i: &Interpreter<'_>, stat: &[i64], dyns: &[Value], shape: &[usize]) -> RunResult<Option<Vec<usize>>> {
    let pos = i.resolve(stat, dyns)?;
    let mut out = Vec::with_capacity(pos.len());
    for (d, p) in pos.iter().enumerate() {
        if *p == -1 {
            return Ok(None);
        }
        if *p < 0 || *p as usize >= shape[d] {
            return Err(RunError::new(format!("position {p} is outside [0, {}) of dim {d}", shape[d])));
        }
        out.push(*p as usize);
    }
    Ok(Some(out))
}

fn extract(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let e = v::ExtractOp(op);
    let src = tensor_operand(i, e.source(ctx))?;
    let pos = positions(i, e.static_position(ctx), e.dynamic_position(ctx), &src.shape)?;
    let rest = &src.shape[e.static_position(ctx).len()..];
    let chunk: usize = rest.iter().product();
    // A poison position gives a poison value: zeros, as `ub.poison` runs.
    let start = pos.map(|p| position(&p, &src.strides()[..p.len()]));
    let value = if rest.is_empty() {
        RtValue::Scalar(start.map_or(Scalar::int(src.elem, 0), |s| src.get(s)))
    } else {
        let mut out = Tensor::try_zeros(rest.to_vec(), src.elem)?;
        if let Some(s) = start {
            for k in 0..chunk {
                out.set(k, src.get(s + k))?;
            }
        }
        RtValue::Tensor(out)
    };
    i.set(op, 0, value);
    Ok(Flow::Next)
}

fn insert(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ins = v::InsertOp(op);
    let value = i.get(ins.value_to_store(ctx))?;
    let mut dest = match i.take_or_get(ins.dest(ctx), op)? {
        RtValue::Tensor(t) => t,
        RtValue::Scalar(_) | RtValue::MemRef(_) | RtValue::Complex(_) => {
            return Err("vector.insert into a scalar or memref".into())
        }
    };
    let stat = ins.static_position(ctx).to_vec();
    if let Some(pos) = positions(i, &stat, ins.dynamic_position(ctx), &dest.shape)? {
        let start = position(&pos, &dest.strides()[..pos.len()]);
        match value {
            RtValue::MemRef(_) | RtValue::Complex(_) => {
                return Err("vector.insert of a memref or complex number".into())
            }
            RtValue::Scalar(s) => dest.set(start, s)?,
            RtValue::Tensor(t) => {
                for k in 0..t.len() {
                    dest.set(start + k, t.get(k))?;
                }
            }
        }
    }
    i.set(op, 0, RtValue::Tensor(dest));
    Ok(Flow::Next)
}

fn strided_attr(i: &Interpreter<'_>, op: OpId, name: &str) -> RunResult<Vec<usize>> {
    let vals = int_array(i.ctx, i.ctx.get_attr(op, name)).ok_or_else(|| RunError::new(format!("missing {name}")))?;
    Ok(vals.into_iter().map(|x| x.max(0) as usize).collect())
}

fn extract_strided_slice(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = tensor_operand(i, ctx.operands(op)[0])?;
    let (offsets, strides) = (strided_attr(i, op, "offsets")?, strided_attr(i, op, "strides")?);
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let ss = src.strides();
    let mut out = Tensor::try_zeros(shape.clone(), src.elem)?;
    for_each_index(&shape, |idx, k| {
        let at: usize = (0..shape.len())
            .map(|d| {
                let (o, s) = (offsets.get(d).copied().unwrap_or(0), strides.get(d).copied().unwrap_or(1));
                (o + idx[d] * s) * ss[d]
            })
            .sum();
        out.set(k, src.get(at))?;
        Ok(())
    })?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn insert_strided_slice(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = tensor_operand(i, ctx.operands(op)[0])?;
    let mut dest = match i.take_or_get(ctx.operands(op)[1], op)? {
        RtValue::Tensor(t) => t,
        RtValue::Scalar(_) | RtValue::MemRef(_) | RtValue::Complex(_) => {
            return Err("vector.insert_strided_slice into a scalar or memref".into())
        }
    };
    let (offsets, strides) = (strided_attr(i, op, "offsets")?, strided_attr(i, op, "strides")?);
    let lead = dest.shape.len() - src.shape.len();
    let ds = dest.strides();
    for_each_index(&src.shape.clone(), |idx, k| {
        let mut at: usize = (0..lead).map(|d| offsets[d] * ds[d]).sum();
        for d in 0..idx.len() {
            at += (offsets[lead + d] + idx[d] * strides.get(d).copied().unwrap_or(1)) * ds[lead + d];
        }
        dest.set(at, src.get(k))?;
        Ok(())
    })?;
    i.set(op, 0, RtValue::Tensor(dest));
    Ok(Flow::Next)
}

/// `vector.shuffle`: slices of the leading dim of `v1` then `v2`, picked
/// by the mask (a -1 is poison: zeros, as `ub.poison` runs).
fn shuffle(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let (a, b) = (tensor_operand(i, ops[0])?, tensor_operand(i, ops[1])?);
    let rest: usize = a.shape.get(1..).map_or(1, |s| s.iter().product());
    let leading = a.shape.first().copied().unwrap_or(1);
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let mut out = Tensor::try_zeros(shape, elem_of(ctx, ctx.result(op, 0))?)?;
    for (k, m) in v::ShuffleOp(op).mask(ctx).iter().enumerate() {
        let Ok(m) = usize::try_from(*m) else { continue };
        let (src, j) = if m < leading { (&a, m) } else { (&b, m - leading) };
        for e in 0..rest {
            out.set(k * rest + e, src.get(j * rest + e))?;
        }
    }
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// The memref positions of the lanes of a `vector.load` / `store` of a
/// `shape` vector at `start`: the vector spans the memref's trailing dims.
pub(crate) fn lane_positions(start: &[i64], shape: &[usize]) -> RunResult<Vec<Vec<i64>>> {
    if shape.len() > start.len() {
        return Err(RunError::new(format!(
            "a rank-{} vector moved to or from a rank-{} memref",
            shape.len(),
            start.len()
        )));
    }
    let base = start.len() - shape.len();
    let mut out = Vec::with_capacity(shape.iter().product());
    for_each_index(shape, |lane, _| {
        let mut at = start.to_vec();
        for (d, l) in lane.iter().enumerate() {
            at[base + d] += *l as i64;
        }
        out.push(at);
        Ok(())
    })?;
    Ok(out)
}

/// An error when the `alignment` a `vector.load` / `store` promises does
/// not hold for the address of its first lane (an aligned non-temporal
/// store to such an address faults on x86).
fn check_alignment(i: &Interpreter<'_>, op: OpId, m: &crate::MemRef, start: &[i64]) -> RunResult<()> {
    let Some(align) = i.ctx.get_attr(op, "alignment").and_then(|a| match i.ctx.attr_kind(a) {
        tessel_ir::attrs::AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }) else {
        return Ok(());
    };
    let element = m.element(start)?;
    let address = m.buffer.borrow().bytes.as_ptr() as usize + element * m.elem.size();
    if align <= 0 || !address.is_multiple_of(align as usize) {
        return Err(RunError::new(format!(
            "{} promises alignment {align}, but its address is {} bytes past a multiple of it",
            i.ctx.op_name(op),
            if align > 0 { address % align as usize } else { 0 }
        )));
    }
    Ok(())
}

/// `vector.load`: the lanes read from the memref (an index outside the
/// view is an error, as it is undefined behaviour in MLIR).
fn load(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let m = i.get(ops[0])?.memref()?.clone();
    let start = indices(i, &ops[1..])?;
    check_alignment(i, op, &m, &start)?;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let mut out = Tensor::try_zeros(shape.clone(), m.elem)?;
    for (k, at) in lane_positions(&start, &shape)?.iter().enumerate() {
        out.set(k, m.load(at)?)?;
    }
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// `vector.store`: the lanes written into the memref in place.
fn store(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let value = tensor_operand(i, ops[0])?;
    let m = i.get(ops[1])?.memref()?.clone();
    let start = indices(i, &ops[2..])?;
    check_alignment(i, op, &m, &start)?;
    for (k, at) in lane_positions(&start, &value.shape)?.iter().enumerate() {
        m.store(at, value.get(k))?;
    }
    Ok(Flow::Next)
}

/// `vector.maskedload`: the lanes the mask sets read from the memref, the
/// others from the pass-through vector (and not accessed).
fn masked_load(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let n = ops.len();
    let m = i.get(ops[0])?.memref()?.clone();
    let start = indices(i, &ops[1..n - 2])?;
    let (mask, mut out) = (tensor_operand(i, ops[n - 2])?, tensor_operand(i, ops[n - 1])?);
    for (k, at) in lane_positions(&start, &out.shape.clone())?.iter().enumerate() {
        if mask.get(k).as_i64() != 0 {
            out.set(k, m.load(at)?)?;
        }
    }
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// `vector.maskedstore`: the lanes the mask sets written into the memref
/// in place (the others not accessed).
fn masked_store(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let n = ops.len();
    let m = i.get(ops[0])?.memref()?.clone();
    let start = indices(i, &ops[1..n - 2])?;
    let (mask, value) = (tensor_operand(i, ops[n - 2])?, tensor_operand(i, ops[n - 1])?);
    for (k, at) in lane_positions(&start, &value.shape)?.iter().enumerate() {
        if mask.get(k).as_i64() != 0 {
            m.store(at, value.get(k))?;
        }
    }
    Ok(Flow::Next)
}

fn from_elements(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    let values: Vec<Scalar> = ctx.operands(op).iter().map(|x| i.get(*x)?.scalar()).collect::<RunResult<_>>()?;
    let out = Tensor::try_from_scalars(shape, elem, values)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn step(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let shape = static_shape(i, i.ctx.value_type(i.ctx.result(op, 0)))?;
    let out = Tensor::try_iota(shape, ElemType::Index)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// `vector.fma`: fused in f32 and f64; f16 and bf16 are fused in f32 and
/// rounded once more, as LLVM promotes them on targets without native
/// half arithmetic.
fn fma(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let out = elem_of(ctx, ctx.result(op, 0))?;
    let args: Vec<RtValue> = ctx.operands(op).iter().map(|x| i.get(*x)).collect::<RunResult<_>>()?;
    let f: crate::kernels::ScalarFn = |a: &ScalarArgs<'_>| {
        Ok(Scalar::float_op(a.out, a.args, |v| v[0].mul_add(v[1], v[2]), |v| v[0].mul_add(v[1], v[2])))
    };
    let value = crate::kernels::elementwise(&args, out, 0, f, i.check_uninit)?;
    i.set(op, 0, value);
    Ok(Flow::Next)
}

/// `vector.outerproduct`: lane `[i, j]` (or `[i]` with a scalar rhs) is
/// `lhs[i] * rhs[j]` combined with the accumulator's lane by the kind; a
/// float `add` with an accumulator is fused, as its lowering's
/// `vector.fma` is.
fn outer_product(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let out = outer_product_value(i, op, None)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// An outer product's value; lanes a mask turns off keep the accumulator
/// (the product, without one).
fn outer_product_value(i: &Interpreter<'_>, op: OpId, mask: Option<&Tensor>) -> RunResult<Tensor> {
    let ctx = i.ctx;
    let o = v::OuterProductOp(op);
    let lhs = tensor_operand(i, o.lhs(ctx))?;
    let rhs: Vec<Scalar> = match i.get(o.rhs(ctx))? {
        RtValue::Scalar(s) => vec![s],
        _ => tensor_operand(i, o.rhs(ctx))?.scalars().collect(),
    };
    let axpy = vector_shape(ctx, ctx.value_type(o.rhs(ctx))).is_none();
    let acc = match o.acc(ctx) {
        Some(a) => Some(tensor_operand(i, a)?),
        None => None,
    };
    let elem = lhs.elem;
    let kind = combining_kind(ctx, op).unwrap_or("add").to_string();
    let mul = combiner("mul", elem)?;
    let comb = combiner(&kind, elem)?;
    let fused = elem.is_float() && kind == "add";
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let n = if axpy { 1 } else { rhs.len() };
    let mut out = Tensor::try_zeros(shape, elem)?;
    for (a_i, a) in lhs.scalars().enumerate() {
        for j in 0..n {
            let k = a_i * n + j;
            let b = if axpy { rhs[0] } else { rhs[j] };
            let value = match &acc {
                Some(c) if mask.is_some_and(|m| m.get(k).bits == 0) => c.get(k),
                Some(c) if fused => {
                    let args = [a, b, c.get(k)];
                    Scalar::float_op(elem, &args, |v| v[0].mul_add(v[1], v[2]), |v| v[0].mul_add(v[1], v[2]))
                }
                Some(c) => combine(comb, elem, combine(mul, elem, a, b)?, c.get(k))?,
                None => combine(mul, elem, a, b)?,
            };
            out.set(k, value)?;
        }
    }
    Ok(out)
}

/// The scalar function combining two values of a reduction kind.
fn combiner(kind: &str, elem: ElemType) -> RunResult<crate::kernels::ScalarFn> {
    let float = elem.is_float();
    let def: &OpDef = match (kind, float) {
        ("add", false) => &arith::ADDI,
        ("add", true) => &arith::ADDF,
        ("mul", false) => &arith::MULI,
        ("mul", true) => &arith::MULF,
        ("minui", false) => &arith::MINUI,
        ("minsi", false) => &arith::MINSI,
        ("maxui", false) => &arith::MAXUI,
        ("maxsi", false) => &arith::MAXSI,
        ("and", false) => &arith::ANDI,
        ("or", false) => &arith::ORI,
        ("xor", false) => &arith::XORI,
        ("minnumf", true) => &arith::MINNUMF,
        ("maxnumf", true) => &arith::MAXNUMF,
        ("minimumf", true) => &arith::MINIMUMF,
        ("maximumf", true) => &arith::MAXIMUMF,
        _ => return Err(RunError::new(format!("no reduction <{kind}> over {}", elem.mlir_name()))),
    };
    scalar_fn(def).ok_or_else(|| RunError::new(format!("no kernel for <{kind}>")))
}

fn combine(f: crate::kernels::ScalarFn, elem: ElemType, a: Scalar, b: Scalar) -> RunResult<Scalar> {
    f(&ScalarArgs { args: &[a, b], out: elem, predicate: 0 }).map_err(RunError::new)
}

/// `vector.reduction`: folds the lanes in order, starting from the
/// accumulator when there is one (LLVM's ordered reductions).
fn reduction(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let value = reduce(i, op, None)?;
    i.set(op, 0, value);
    Ok(Flow::Next)
}

/// A reduction's value; lanes a mask turns off take no part.
fn reduce(i: &Interpreter<'_>, op: OpId, mask: Option<&Tensor>) -> RunResult<RtValue> {
    let ctx = i.ctx;
    let r = v::ReductionOp(op);
    let src = tensor_operand(i, r.vector(ctx))?;
    let f = combiner(combining_kind(ctx, op).unwrap_or(""), src.elem)?;
    let mut acc = match r.acc(ctx) {
        Some(a) => Some(i.get(a)?.scalar()?),
        None => None,
    };
    for (k, s) in src.scalars().enumerate() {
        if mask.is_some_and(|m| m.get(k).bits == 0) {
            continue;
        }
        acc = Some(match acc {
            Some(a) => combine(f, src.elem, a, s)?,
            None => s,
        });
    }
    let value = acc.ok_or("a reduction of no lanes without an accumulator")?;
    Ok(RtValue::Scalar(value))
}

/// `vector.multi_reduction`: each result lane is its accumulator combined
/// with the reduced lanes in row-major order.
fn multi_reduction(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let value = multi_reduce(i, op, None)?;
    i.set(op, 0, value);
    Ok(Flow::Next)
}

/// A multi-reduction's value; lanes a mask turns off take no part.
fn multi_reduce(i: &Interpreter<'_>, op: OpId, mask: Option<&Tensor>) -> RunResult<RtValue> {
    let ctx = i.ctx;
    let m = v::MultiReductionOp(op);
    let src = tensor_operand(i, m.source(ctx))?;
    let f = combiner(combining_kind(ctx, op).unwrap_or(""), src.elem)?;
    let dims = m.reduction_dims(ctx);
    let reduced: Vec<bool> = (0..src.shape.len()).map(|d| dims.contains(&(d as i64))).collect();
    let acc = i.get(m.acc(ctx))?;
    let mut out: Vec<Scalar> = match &acc {
        RtValue::MemRef(_) | RtValue::Complex(_) => {
            return Err("vector.multi_reduction with a memref or complex accumulator".into())
        }
        RtValue::Scalar(s) => vec![*s],
        RtValue::Tensor(t) => t.scalars().collect(),
    };
    let kept: Vec<usize> = src.shape.iter().zip(&reduced).filter(|(_, r)| !**r).map(|(d, _)| *d).collect();
    let ks = contiguous_strides(&kept);
    for_each_index(&src.shape, |idx, k| {
        if mask.is_some_and(|m| m.get(k).bits == 0) {
            return Ok(());
        }
        let kept_idx: Vec<usize> = idx.iter().zip(&reduced).filter(|(_, r)| !**r).map(|(x, _)| *x).collect();
        let o = position(&kept_idx, &ks);
        out[o] = combine(f, src.elem, out[o], src.get(k))?;
        Ok(())
    })?;
    Ok(match acc {
        RtValue::Scalar(_) | RtValue::MemRef(_) | RtValue::Complex(_) => RtValue::Scalar(out[0]),
        RtValue::Tensor(t) => RtValue::Tensor(Tensor::try_from_scalars(t.shape.clone(), t.elem, out)?),
    })
}

fn interleave(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let (a, b) = (tensor_operand(i, ctx.operands(op)[0])?, tensor_operand(i, ctx.operands(op)[1])?);
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    let values = (0..a.len()).flat_map(|k| [a.get(k), b.get(k)]);
    let out = Tensor::try_from_scalars(shape, a.elem, values)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

fn deinterleave(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = tensor_operand(i, ctx.operands(op)[0])?;
    let shape = static_shape(i, ctx.value_type(ctx.result(op, 0)))?;
    for (r, parity) in [(0usize, 0usize), (1, 1)] {
        let values = (0..src.len()).filter(|k| k % 2 == parity).map(|k| src.get(k));
        let out = Tensor::try_from_scalars(shape.clone(), src.elem, values)?;
        i.set(op, r, RtValue::Tensor(out));
    }
    Ok(Flow::Next)
}

/// `vector.contract`: each result element is its accumulator combined, in
/// the order of the reduction loops, with the products of the operands'
/// elements (rounded, as the lowering through a multiply then a
/// reduction computes them).
fn contract(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let value = contract_value(i, op, None)?;
    i.set(op, 0, value);
    Ok(Flow::Next)
}

/// A contraction's value; iteration points a mask (over the iteration
/// space) turns off take no part.
fn contract_value(i: &Interpreter<'_>, op: OpId, mask: Option<&Tensor>) -> RunResult<RtValue> {
    use tessel_ir::affine::AffineExpr;
    let ctx = i.ctx;
    let maps = tessel_ir::dialects::vector::contract_maps(ctx, op).ok_or("malformed vector.contract")?;
    let n = maps[0].num_dims as usize;
    let (lhs, rhs) = (tensor_operand(i, ctx.operands(op)[0])?, tensor_operand(i, ctx.operands(op)[1])?);
    let acc = i.get(ctx.operands(op)[2])?;
    // Operands of a narrower element type than the accumulator are
    // promoted first (sign-extended, or extended floats), as MLIR's
    // contraction semantics say.
    let elem = crate::kernels::elem_of(ctx, ctx.operands(op)[2])?;
    let promote: Option<crate::kernels::ScalarFn> = if lhs.elem != elem || rhs.elem != elem {
        Some(scalar_fn(if elem.is_float() { &arith::EXTF } else { &arith::EXTSI }).ok_or("no extension kernel")?)
    } else {
        None
    };
    let mul: crate::kernels::ScalarFn =
        scalar_fn(if elem.is_float() { &arith::MULF } else { &arith::MULI }).ok_or("no multiply kernel")?;
    let f = combiner(combining_kind(ctx, op).unwrap_or(""), elem)?;
    let dims_of = |m: &tessel_ir::affine::AffineMap| -> Vec<usize> {
        m.results.iter().map(|e| if let AffineExpr::Dim(d) = e { *d as usize } else { 0 }).collect()
    };
    let (da, db, dc) = (dims_of(&maps[0]), dims_of(&maps[1]), dims_of(&maps[2]));
    let mut sizes = vec![1usize; n];
    for (d, s) in da.iter().zip(&lhs.shape).chain(db.iter().zip(&rhs.shape)) {
        sizes[*d] = *s;
    }
    let mut out: Vec<Scalar> = match &acc {
        RtValue::MemRef(_) | RtValue::Complex(_) => {
            return Err("vector.multi_reduction with a memref or complex accumulator".into())
        }
        RtValue::Scalar(s) => vec![*s],
        RtValue::Tensor(t) => t.scalars().collect(),
    };
    let out_shape: Vec<usize> = dc.iter().map(|d| sizes[*d]).collect();
    let (sa, sb, sc) = (lhs.strides(), rhs.strides(), contiguous_strides(&out_shape));
    for_each_index(&sizes, |pt, k| {
        if mask.is_some_and(|m| m.get(k).bits == 0) {
            return Ok(());
        }
        let at = |dims: &[usize], strides: &[usize]| dims.iter().zip(strides).map(|(d, s)| pt[*d] * s).sum::<usize>();
        let (mut a, mut b) = (lhs.get(at(&da, &sa)), rhs.get(at(&db, &sb)));
        if let Some(ext) = promote {
            if lhs.elem != elem {
                a = ext(&ScalarArgs { args: &[a], out: elem, predicate: 0 }).map_err(RunError::new)?;
            }
            if rhs.elem != elem {
                b = ext(&ScalarArgs { args: &[b], out: elem, predicate: 0 }).map_err(RunError::new)?;
            }
        }
        let product = mul(&ScalarArgs { args: &[a, b], out: elem, predicate: 0 }).map_err(RunError::new)?;
        let o = at(&dc, &sc);
        out[o] = combine(f, elem, out[o], product)?;
        Ok(())
    })?;
    let value = match acc {
        RtValue::MemRef(_) | RtValue::Complex(_) => return Err("vector.contract with a memref accumulator".into()),
        RtValue::Scalar(_) => RtValue::Scalar(out[0]),
        RtValue::Tensor(t) => RtValue::Tensor(Tensor::try_from_scalars(t.shape.clone(), t.elem, out)?),
    };
    Ok(value)
}

/// The base position of lane `k` of a gather or scatter: the offsets,
/// linearized row-major over the base's shape, plus the lane's index (the
/// element offset MLIR's lowering adds to the base pointer), back to a
/// multi-index; outside the base is an error at the op.
fn gather_position(shape: &[usize], offsets: &[i64], index: i64) -> RunResult<Vec<i64>> {
    let mut linear: i64 = 0;
    for (o, n) in offsets.iter().zip(shape) {
        linear = linear * (*n as i64) + o;
    }
    let linear = linear + index;
    let total: i64 = shape.iter().map(|n| *n as i64).product();
    if linear < 0 || linear >= total {
        return Err(RunError::new(format!("a gather or scatter lane reaches element {linear} of a base of {total}")));
    }
    let mut at = vec![0i64; shape.len()];
    let mut rest = linear;
    for d in (0..shape.len()).rev() {
        at[d] = rest % shape[d] as i64;
        rest /= shape[d] as i64;
    }
    Ok(at)
}

/// `vector.gather`: each unmasked lane reads the base at the offsets plus
/// its index; a masked-off lane takes the pass-through's.
fn gather(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let out = gather_value(i, op, None, None)?;
    i.set(op, 0, RtValue::Tensor(out));
    Ok(Flow::Next)
}

/// A gather under `vector.mask` (`outer`, with its pass-through): a lane
/// reads when both masks are set; one the outer mask clears takes the
/// outer pass-through when there is one, else the gather's.
fn gather_value(
    i: &mut Interpreter<'_>,
    op: OpId,
    outer: Option<&Tensor>,
    outer_pass: Option<&Tensor>,
) -> RunResult<Tensor> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let n = ops.len();
    let offsets = indices(i, &ops[1..n - 3])?;
    let (index_vec, mask, pass) =
        (tensor_operand(i, ops[n - 3])?, tensor_operand(i, ops[n - 2])?, tensor_operand(i, ops[n - 1])?);
    let base = match i.get(ops[0])? {
        RtValue::Tensor(t) => Base::Tensor(t),
        RtValue::MemRef(m) => Base::MemRef(m),
        RtValue::Scalar(_) | RtValue::Complex(_) => return Err("vector.gather from a scalar".into()),
    };
    let shape = base.shape().to_vec();
    let mut out = pass.clone();
    for k in 0..index_vec.len() {
        let outer_on = outer.is_none_or(|m| m.get(k).as_i64() & 1 != 0);
        if !outer_on {
            if let Some(p) = outer_pass {
                out.set(k, p.get(k))?;
            }
            continue;
        }
        if mask.get(k).as_i64() & 1 == 0 {
            continue;
        }
        let at = gather_position(&shape, &offsets, index_vec.get(k).as_i64())?;
        let at: Vec<usize> = at.iter().map(|x| *x as usize).collect();
        out.set(k, base.read(&at)?)?;
    }
    Ok(out)
}

/// `vector.scatter`: each unmasked lane writes its value at the offsets plus
/// its index, in lane order (into a copy of a tensor base, or the memref in
/// place).
fn scatter(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let n = ops.len();
    let offsets = indices(i, &ops[1..n - 3])?;
    let (index_vec, mask, value) =
        (tensor_operand(i, ops[n - 3])?, tensor_operand(i, ops[n - 2])?, tensor_operand(i, ops[n - 1])?);
    match i.get(ops[0])? {
        RtValue::Tensor(t) => {
            let mut out = t.clone();
            for k in 0..index_vec.len() {
                if mask.get(k).as_i64() & 1 == 0 {
                    continue;
                }
                let at = gather_position(&t.shape, &offsets, index_vec.get(k).as_i64())?;
                let at: Vec<usize> = at.iter().map(|x| *x as usize).collect();
                out.set(position(&at, &t.strides()), value.get(k))?;
            }
            i.set(op, 0, RtValue::Tensor(out));
        }
        RtValue::MemRef(m) => {
            for k in 0..index_vec.len() {
                if mask.get(k).as_i64() & 1 == 0 {
                    continue;
                }
                let at = gather_position(&m.shape, &offsets, index_vec.get(k).as_i64())?;
                m.store(&at, value.get(k))?;
            }
        }
        RtValue::Scalar(_) | RtValue::Complex(_) => return Err("vector.scatter into a scalar".into()),
    }
    Ok(Flow::Next)
}
