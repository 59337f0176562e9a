//! Kernels of the memref and bufferization dialects. Memref values are
//! views of shared buffers ([`MemRef`]); destination-style ops (linalg,
//! fills, transposes) run on memrefs through [`with_buffers`]: their memref
//! operands are read as tensors and their results written back into the
//! memrefs they were given.

use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects::{bufferization as bz, memref as mr};
use tessel_ir::registry::OpDef;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{OpId, Value};

use crate::elem::{ElemType, Scalar};
use crate::kernels::{elem_of, Kernel};
use crate::{Flow, Interpreter, MemRef, RtValue, RunError, RunResult, Tensor};

/// The kernel of each memref and bufferization op the engine runs.
pub(crate) fn kernels() -> [(&'static OpDef, Kernel); 32] {
    [
        (&tessel_ir::dialects::vector::TYPE_CAST, type_cast),
        (&mr::RESHAPE, reshape),
        (&mr::ALLOC, alloc),
        (&mr::ALLOCA, alloc),
        (&mr::DEALLOC, dealloc),
        (&mr::LOAD, load),
        (&mr::STORE, store),
        (&mr::COPY, copy),
        (&mr::CAST, cast),
        (&mr::MEMORY_SPACE_CAST, cast),
        (&mr::ASSUME_ALIGNMENT, cast),
        (&mr::DIM, dim),
        (&mr::RANK, rank),
        (&mr::SUBVIEW, subview),
        (&mr::EXPAND_SHAPE, expand_shape),
        (&mr::COLLAPSE_SHAPE, collapse_shape),
        (&mr::TRANSPOSE, transpose),
        (&mr::GET_GLOBAL, get_global),
        (&mr::REINTERPRET_CAST, reinterpret_cast),
        (&mr::EXTRACT_STRIDED_METADATA, extract_strided_metadata),
        (&mr::EXTRACT_ALIGNED_POINTER, aligned_pointer),
        (&mr::VIEW, view),
        (&mr::ALLOCA_SCOPE, alloca_scope),
        (&mr::ALLOCA_SCOPE_RETURN, crate::kernels::yield_operands),
        (&bz::TO_TENSOR, to_tensor),
        (&bz::TO_BUFFER, to_buffer),
        (&bz::ALLOC_TENSOR, alloc_tensor),
        (&bz::MATERIALIZE_IN_DESTINATION, materialize),
        (&bz::DEALLOC_TENSOR, no_op),
        (&bz::CLONE, clone),
        (&bz::DEALLOC, bufferization_dealloc),
        (&tessel_ir::dialects::builtin::UNREALIZED_CONVERSION_CAST, unrealized_cast),
    ]
}

fn memref(i: &Interpreter<'_>, v: Value) -> RunResult<MemRef> {
    Ok(i.get(v)?.memref()?.clone())
}

fn ints(i: &Interpreter<'_>, vs: &[Value]) -> RunResult<Vec<i64>> {
    vs.iter().map(|v| i.get(*v)?.int()).collect()
}

/// A memref result's static extents, with `?` taken from `sizes` in order.
fn result_shape(i: &Interpreter<'_>, op: OpId, sizes: &[Value]) -> RunResult<Vec<usize>> {
    let ty = i.ctx.value_type_kind(i.ctx.result(op, 0)).shape().ok_or("expected a ranked memref result")?.to_vec();
    i.resolve_sizes(&ty, sizes, "size")
}

/// Checks a view against its static type: extents, and the strides and
/// offset the layout fixes.
fn check_against_type(i: &Interpreter<'_>, m: &MemRef, v: Value, what: &str) -> RunResult<()> {
    let ctx = i.ctx;
    let t = ctx.value_type(v);
    let Some(shape) = ctx.type_kind(t).shape() else { return Ok(()) };
    let fits = |s: i64, d: usize| s == DYNAMIC || s as usize == d;
    if shape.len() != m.shape.len() || shape.iter().zip(&m.shape).any(|(s, d)| !fits(*s, *d)) {
        return Err(RunError::new(format!(
            "{what}: the runtime shape {:?} does not match the type's {shape:?}",
            m.shape
        )));
    }
    if let Some(l) = mr::strides_and_offset(ctx, t) {
        let has_layout = matches!(ctx.type_kind(t), TypeKind::MemRef { layout: Some(_), .. });
        // An identity layout of a dynamic shape fixes row-major strides.
        let want = if has_layout { l.strides.clone() } else { row_major_i64(&m.shape) };
        let stride_ok =
            want.iter().zip(&m.strides).zip(&m.shape).all(|((w, s), d)| *w == DYNAMIC || *w as usize == *s || *d == 1);
        if !stride_ok || !fits(l.offset, m.offset) {
            return Err(RunError::new(format!(
                "{what}: the runtime strides {:?} and offset {} do not match the type {}",
                m.strides,
                m.offset,
                tessel_ir::printer::type_to_string(ctx, t)
            )));
        }
    }
    Ok(())
}

fn row_major_i64(shape: &[usize]) -> Vec<i64> {
    crate::copy::contiguous_strides(shape).into_iter().map(|s| s as i64).collect()
}

fn set_view(i: &mut Interpreter<'_>, op: OpId, m: MemRef, what: &str) -> RunResult<Flow> {
    check_against_type(i, &m, i.ctx.result(op, 0), what)?;
    i.set(op, 0, RtValue::MemRef(m));
    Ok(Flow::Next)
}

fn alloc(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let h = mr::AllocOp(op);
    let mut shape = result_shape(i, op, h.dynamic_sizes(ctx))?;
    shape.extend(vector_element_shape(i, ctx.result(op, 0))?.unwrap_or_default());
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    if !mr::layout::has_identity_layout(ctx, ctx.value_type(ctx.result(op, 0))) {
        return Err(RunError::new("the engine allocates memrefs with the identity layout only"));
    }
    let m = MemRef::alloc(shape, elem, i.check_uninit)?;
    if mr::AllocOp::isa(ctx, op) {
        i.track_heap(&m, op);
    }
    i.set(op, 0, RtValue::MemRef(m));
    Ok(Flow::Next)
}

fn dealloc(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    memref(i, i.ctx.operands(op)[0])?.free()?;
    Ok(Flow::Next)
}

/// The shape of a memref's vector elements (`memref<4xvector<8xf32>>`:
/// `[8]`), `None` for scalar elements. The engine stores such a memref as
/// one of its scalars with the vector dims innermost (`[4, 8]`), so
/// `vector.type_cast` views the same storage.
fn vector_element_shape(i: &Interpreter<'_>, m: Value) -> RunResult<Option<Vec<usize>>> {
    let ctx = i.ctx;
    match ctx.value_type_kind(m) {
        TypeKind::MemRef { elem, .. } if matches!(ctx.type_kind(*elem), TypeKind::Vector { .. }) => {
            crate::vector::static_shape(i, *elem).map(Some)
        }
        _ => Ok(None),
    }
}

fn load(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let m = memref(i, ops[0])?;
    let idx = ints(i, &ops[1..])?;
    let value = match vector_element_shape(i, ops[0])? {
        None => RtValue::Scalar(m.load(&idx)?),
        Some(lanes) => {
            let mut start = idx;
            start.extend(std::iter::repeat_n(0, lanes.len()));
            let mut out = Tensor::try_zeros(lanes.clone(), m.elem)?;
            for (k, at) in crate::vector::lane_positions(&start, &lanes)?.iter().enumerate() {
                out.set(k, m.load(at)?)?;
            }
            RtValue::Tensor(out)
        }
    };
    i.set(op, 0, value);
    Ok(Flow::Next)
}

/// `vector.type_cast`: the same storage (see [`vector_element_shape`]).
fn type_cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    i.set(op, 0, RtValue::MemRef(m));
    Ok(Flow::Next)
}

fn store(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let m = memref(i, ops[1])?;
    let idx = ints(i, &ops[2..])?;
    match vector_element_shape(i, ops[1])? {
        None => m.store(&idx, i.get(ops[0])?.scalar()?)?,
        Some(lanes) => {
            let value = i.get(ops[0])?.tensor()?.clone();
            let mut start = idx;
            start.extend(std::iter::repeat_n(0, lanes.len()));
            for (k, at) in crate::vector::lane_positions(&start, &lanes)?.iter().enumerate() {
                m.store(at, value.get(k))?;
            }
        }
    }
    Ok(Flow::Next)
}

fn copy(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let (src, dst) = (memref(i, ops[0])?, memref(i, ops[1])?);
    if src.shape != dst.shape {
        return Err(RunError::new(format!("memref.copy from shape {:?} into {:?}", src.shape, dst.shape)));
    }
    dst.copy_from(&src)?;
    Ok(Flow::Next)
}

/// `memref.reshape`: the same (row-major, contiguous) buffer viewed in the
/// shape the shape operand holds.
fn reshape(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let shape_m = memref(i, i.ctx.operands(op)[1])?;
    let dims: Vec<i64> = shape_m.gather(false, "memref.reshape")?.scalars().map(|s| s.as_i64()).collect();
    let total = dims.iter().try_fold(1usize, |acc, d| usize::try_from(*d).ok().and_then(|d| acc.checked_mul(d)));
    if total != Some(m.len()) {
        return Err(RunError::new(format!(
            "memref.reshape: the shape {dims:?} does not hold the source's {} elements",
            m.len()
        )));
    }
    let shape: Vec<usize> = dims.iter().map(|d| *d as usize).collect();
    let mut strides = vec![1usize; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * shape[k + 1];
    }
    let view = MemRef { buffer: m.buffer.clone(), elem: m.elem, offset: m.offset, shape, strides };
    set_view(i, op, view, "memref.reshape")
}

/// `cast`, `memory_space_cast`, `assume_alignment`: the same view, checked
/// against the new type.
fn cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let what = i.ctx.op_name(op).to_string();
    set_view(i, op, m, &what)
}

/// `builtin.unrealized_conversion_cast` of one memref to another of the
/// same shape and layout whose elements have the same size (bf16 as i16):
/// a view of the same bytes. Other casts have no meaning to run.
fn unrealized_cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let refuse = || {
        RunError::new("builtin.unrealized_conversion_cast runs only between memrefs whose elements have the same size")
    };
    if ctx.operands(op).len() != 1 || ctx.results(op).len() != 1 {
        return Err(refuse());
    }
    let m = i.get(ctx.operands(op)[0])?.memref().map_err(|_| refuse())?.clone();
    let result = ctx.result(op, 0);
    if !matches!(ctx.value_type_kind(result), TypeKind::MemRef { .. }) {
        return Err(refuse());
    }
    let elem = elem_of(ctx, result)?;
    if elem.size() != m.elem.size() {
        return Err(refuse());
    }
    set_view(i, op, MemRef { elem, ..m }, "builtin.unrealized_conversion_cast")
}

/// `memref.extract_aligned_pointer_as_index`: the address of the buffer's
/// storage (64-byte aligned, as the engine allocates it).
fn aligned_pointer(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let address = m.buffer.borrow().bytes.as_ptr() as i64;
    i.set(op, 0, RtValue::index(address));
    Ok(Flow::Next)
}

fn dim(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let d = i.operand(op, 1)?.int()?;
    let s = usize::try_from(d)
        .ok()
        .and_then(|d| m.shape.get(d))
        .ok_or_else(|| RunError::new(format!("memref.dim index {d} out of range for rank {}", m.shape.len())))?;
    i.set(op, 0, RtValue::index(*s as i64));
    Ok(Flow::Next)
}

fn rank(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let source = i.ctx.operands(op)[0];
    let m = memref(i, source)?;
    let lanes = vector_element_shape(i, source)?.map_or(0, |l| l.len());
    i.set(op, 0, RtValue::index((m.shape.len() - lanes) as i64));
    Ok(Flow::Next)
}

fn subview(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = memref(i, ctx.operands(op)[0])?;
    let l = mr::mixed_lists(ctx, op).ok_or("malformed memref.subview")?;
    let offsets = i.resolve_sizes(l.offsets.0, l.offsets.1, "offset")?;
    let sizes = i.resolve_sizes(l.sizes.0, l.sizes.1, "size")?;
    let strides = i.resolve_sizes(l.strides.0, l.strides.1, "stride")?;
    let mut offset = src.offset;
    for (k, ((o, s), d)) in offsets.iter().zip(&sizes).zip(&src.shape).enumerate() {
        let last = if *s == 0 { *o } else { o + (s - 1) * strides[k] };
        if (*s > 0 && last >= *d) || *o > *d {
            return Err(RunError::new(format!(
                "memref.subview dim {k}: offset {o}, size {s}, stride {} run past the source's {d}",
                strides[k]
            )));
        }
        offset += o * src.strides[k];
    }
    // Rank reduction drops the unit dims MLIR's `getDroppedDims` names.
    let dropped = mr::subview_dropped_dims(ctx, op).ok_or("memref.subview: no rank reduction fits its types")?;
    let kept: Vec<usize> = (0..sizes.len()).filter(|k| !dropped[*k]).collect();
    if dropped.iter().zip(&sizes).any(|(d, s)| *d && *s != 1) {
        return Err(RunError::new("memref.subview drops a dim whose size is not 1"));
    }
    let m = MemRef {
        buffer: src.buffer.clone(),
        elem: src.elem,
        offset,
        shape: kept.iter().map(|k| sizes[*k]).collect(),
        strides: kept.iter().map(|k| src.strides[*k] * strides[*k]).collect(),
    };
    set_view(i, op, m, "memref.subview")
}

fn expand_shape(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = memref(i, ctx.operands(op)[0])?;
    let groups = tessel_ir::dialects::tensor::reassociation(ctx, op).ok_or("malformed memref.expand_shape")?;
    let stat = ctx.get_attr(op, "static_output_shape").and_then(|a| ctx.as_i64_array(a)).ok_or("no output shape")?;
    let shape = i.resolve_sizes(stat, &ctx.operands(op)[1..], "size")?;
    let mut strides = vec![0usize; shape.len()];
    for (g, (d, s)) in groups.iter().zip(src.shape.iter().zip(&src.strides)) {
        let prod: usize = g.iter().map(|k| shape[*k as usize]).product();
        if prod != *d {
            return Err(RunError::new(format!(
                "memref.expand_shape: group {g:?} of {shape:?} does not hold {d} elements"
            )));
        }
        let mut running = *s;
        for k in g.iter().rev() {
            strides[*k as usize] = running;
            running *= shape[*k as usize];
        }
    }
    let m = MemRef { buffer: src.buffer.clone(), elem: src.elem, offset: src.offset, shape, strides };
    set_view(i, op, m, "memref.expand_shape")
}

fn collapse_shape(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = memref(i, ctx.operands(op)[0])?;
    let groups = tessel_ir::dialects::tensor::reassociation(ctx, op).ok_or("malformed memref.collapse_shape")?;
    let mut shape = Vec::new();
    let mut strides = Vec::new();
    for g in &groups {
        let dims: Vec<usize> = g.iter().map(|k| *k as usize).collect();
        shape.push(dims.iter().map(|k| src.shape[*k]).product());
        // Contiguity: each dim's stride is the next one's times its extent
        // (unit dims excepted).
        let inner = dims.iter().rev().find(|k| src.shape[**k] != 1).copied().unwrap_or(*dims.last().unwrap_or(&0));
        for w in dims.windows(2) {
            if src.shape[w[0]] != 1 && src.strides[w[0]] != src.strides[w[1]] * src.shape[w[1]] && src.shape[w[1]] != 1
            {
                return Err(RunError::new(format!("memref.collapse_shape collapses non-contiguous dims {g:?}")));
            }
        }
        strides.push(if dims.is_empty() { 1 } else { src.strides[inner] });
    }
    let m = MemRef { buffer: src.buffer.clone(), elem: src.elem, offset: src.offset, shape, strides };
    set_view(i, op, m, "memref.collapse_shape")
}

fn transpose(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = memref(i, ctx.operands(op)[0])?;
    let Some(AttrKind::AffineMap(map)) = ctx.get_attr(op, "permutation").map(|a| ctx.attr_kind(a)) else {
        return Err("memref.transpose without permutation".into());
    };
    let perm: Vec<usize> = map
        .results
        .iter()
        .map(|e| match e {
            tessel_ir::affine::AffineExpr::Dim(d) => Ok(*d as usize),
            _ => Err(RunError::new("memref.transpose with a map that is not a permutation")),
        })
        .collect::<RunResult<_>>()?;
    let m = MemRef {
        buffer: src.buffer.clone(),
        elem: src.elem,
        offset: src.offset,
        shape: perm.iter().map(|p| src.shape[*p]).collect(),
        strides: perm.iter().map(|p| src.strides[*p]).collect(),
    };
    set_view(i, op, m, "memref.transpose")
}

fn get_global(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let name = ctx.get_attr(op, "name").and_then(|a| mr::symbol_ref_name(ctx, a)).ok_or("get_global without name")?;
    let g = mr::lookup_global(ctx, op, name).ok_or_else(|| RunError::new(format!("no memref.global @{name}")))?;
    if let Some(m) = i.globals.get(&g) {
        let m = m.clone();
        i.set(op, 0, RtValue::MemRef(m));
        return Ok(Flow::Next);
    }
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    let shape = result_shape(i, op, &[])?;
    let m = match ctx.get_attr(g, "initial_value") {
        Some(a) if !matches!(ctx.attr_kind(a), AttrKind::Unit) => {
            let t = crate::kernels::attr_value(ctx, a, elem)?;
            MemRef::from_tensor(t.tensor()?)?
        }
        // `uninitialized` or external: no known contents.
        _ => MemRef::alloc(shape, elem, i.check_uninit)?,
    };
    i.globals.insert(g, m.clone());
    i.set(op, 0, RtValue::MemRef(m));
    Ok(Flow::Next)
}

fn reinterpret_cast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let src = memref(i, ctx.operands(op)[0])?;
    let l = mr::mixed_lists(ctx, op).ok_or("malformed memref.reinterpret_cast")?;
    let offset = i.resolve_sizes(l.offsets.0, l.offsets.1, "offset")?;
    let shape = i.resolve_sizes(l.sizes.0, l.sizes.1, "size")?;
    let strides = i.resolve_sizes(l.strides.0, l.strides.1, "stride")?;
    // The offset is from the buffer's base, not the source view's.
    let m = MemRef { buffer: src.buffer.clone(), elem: src.elem, offset: offset[0], shape, strides };
    set_view(i, op, m, "memref.reinterpret_cast")
}

fn extract_strided_metadata(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let src = memref(i, i.ctx.operands(op)[0])?;
    let base = MemRef { buffer: src.buffer.clone(), elem: src.elem, offset: 0, shape: vec![], strides: vec![] };
    i.set(op, 0, RtValue::MemRef(base));
    i.set(op, 1, RtValue::index(src.offset as i64));
    let rank = src.shape.len();
    for k in 0..rank {
        i.set(op, 2 + k, RtValue::index(src.shape[k] as i64));
        i.set(op, 2 + rank + k, RtValue::index(src.strides[k] as i64));
    }
    Ok(Flow::Next)
}

fn view(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let ops = ctx.operands(op);
    let src = memref(i, ops[0])?;
    let shift = usize::try_from(i.get(ops[1])?.int()?).map_err(|_| RunError::new("negative memref.view byte shift"))?;
    let shape = result_shape(i, op, &ops[2..])?;
    let elem = elem_of(ctx, ctx.result(op, 0))?;
    let byte = src.offset + shift;
    if byte % elem.size() != 0 {
        return Err(RunError::new(format!(
            "memref.view at byte {byte}, not a multiple of the {}-byte element",
            elem.size()
        )));
    }
    let strides = crate::copy::contiguous_strides(&shape);
    let m = MemRef { buffer: src.buffer.clone(), elem, offset: byte / elem.size(), shape, strides };
    set_view(i, op, m, "memref.view")
}

fn alloca_scope(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let r = i.ctx.regions(op)[0];
    let vals = i.run_region(r, vec![])?;
    for (k, v) in vals.into_iter().enumerate() {
        i.set(op, k, v);
    }
    Ok(Flow::Next)
}

// ---- bufferization -------------------------------------------------------------------

fn to_tensor(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let t = m.to_tensor(i.check_uninit)?;
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn to_buffer(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let t = i.operand(op, 0)?;
    let m = MemRef::from_tensor(t.tensor()?)?;
    i.set(op, 0, RtValue::MemRef(m));
    Ok(Flow::Next)
}

fn alloc_tensor(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let h = bz::AllocTensorOp(op);
    if let Some(c) = h.copy(ctx) {
        let v = i.get(c)?;
        i.set(op, 0, v);
        return Ok(Flow::Next);
    }
    let shape = result_shape(i, op, h.dynamic_sizes(ctx))?;
    let mut t = Tensor::try_zeros(shape, elem_of(ctx, ctx.result(op, 0))?)?;
    if i.check_uninit {
        t.mark_uninit()?;
    }
    i.set(op, 0, RtValue::Tensor(t));
    Ok(Flow::Next)
}

fn materialize(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ops = i.ctx.operands(op);
    let src = i.get(ops[0])?;
    match i.get(ops[1])? {
        RtValue::MemRef(m) => m.scatter(src.tensor()?)?,
        RtValue::Tensor(d) => {
            if d.shape != src.tensor()?.shape {
                return Err(RunError::new("materialize_in_destination between tensors of different shapes"));
            }
            i.set(op, 0, src);
        }
        RtValue::Scalar(_) | RtValue::Complex(_) => return Err("materialize_in_destination into a scalar".into()),
    }
    Ok(Flow::Next)
}

fn no_op(_: &mut Interpreter<'_>, _: OpId) -> RunResult<Flow> {
    Ok(Flow::Next)
}

fn clone(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let m = memref(i, i.ctx.operands(op)[0])?;
    let t = m.gather(i.check_uninit, "bufferization.clone")?;
    let c = MemRef::from_tensor(&t)?;
    i.track_heap(&c, op);
    set_view(i, op, c, "bufferization.clone")
}

/// `bufferization.dealloc`: frees each memref whose condition holds and
/// that no retained memref aliases; each result says whether a retained
/// memref aliases a memref whose condition held (its ownership moves on).
fn bufferization_dealloc(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let h = bz::DeallocOp(op);
    let memrefs: Vec<MemRef> = h.memrefs(ctx).iter().map(|v| memref(i, *v)).collect::<RunResult<_>>()?;
    let conds: Vec<bool> = h.conditions(ctx).iter().map(|v| Ok(i.get(*v)?.int()? != 0)).collect::<RunResult<_>>()?;
    let retained: Vec<MemRef> = h.retained(ctx).iter().map(|v| memref(i, *v)).collect::<RunResult<_>>()?;
    let mut freed: Vec<&MemRef> = Vec::new();
    for (m, c) in memrefs.iter().zip(&conds) {
        if *c && !retained.iter().any(|r| r.aliases(m)) && !freed.iter().any(|f| f.aliases(m)) {
            m.free()?;
            freed.push(m);
        }
    }
    for (k, r) in retained.iter().enumerate() {
        let owned = memrefs.iter().zip(&conds).any(|(m, c)| *c && m.aliases(r));
        i.set(op, k, RtValue::Scalar(Scalar::int(ElemType::I1, owned as i64)));
    }
    Ok(Flow::Next)
}

// ---- destination-style ops on memrefs -----------------------------------------------------

/// Runs a destination-style tensor kernel on an op whose operands may be
/// memrefs: each memref operand is read as a tensor; the kernel hands its
/// results to [`deliver`], which writes them into the memref inits.
pub(crate) fn with_buffers(i: &mut Interpreter<'_>, op: OpId, kernel: Kernel) -> RunResult<Flow> {
    let ctx = i.ctx;
    let mut saved: Vec<(Value, MemRef)> = Vec::new();
    for v in ctx.operands(op) {
        if let Some(RtValue::MemRef(m)) = i.env.get(v) {
            if !saved.iter().any(|(s, _)| s == v) {
                saved.push((*v, m.clone()));
            }
        }
    }
    if saved.is_empty() {
        return kernel(i, op);
    }
    for (v, m) in &saved {
        let t = m.to_tensor(i.check_uninit)?;
        i.env.insert(*v, RtValue::Tensor(t));
    }
    let outer = std::mem::replace(&mut i.buffer_operands, saved.clone());
    let r = kernel(i, op);
    i.buffer_operands = outer;
    for (v, m) in saved {
        i.env.insert(v, RtValue::MemRef(m));
    }
    r
}

/// Hands result `k` of a destination-style op, whose init is `init`, to
/// where it goes: the op's result, or the memref the init is.
pub(crate) fn deliver(i: &mut Interpreter<'_>, op: OpId, k: usize, init: Value, t: Tensor) -> RunResult<()> {
    if k < i.ctx.results(op).len() {
        i.set(op, k, RtValue::Tensor(t));
        return Ok(());
    }
    match i.buffer_operands.iter().find(|(v, _)| *v == init) {
        Some((_, m)) => m.scatter(&t),
        None => Ok(()),
    }
}
