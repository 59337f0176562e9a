//! `-lower-data-movement` (tessel's): the ops that only move data between
//! memrefs (`linalg.transpose`, `linalg.copy`, `memref.copy`) and fill
//! them (`linalg.fill`) become loops of vector loads and stores, shaped so
//! that LLVM's code runs at memory speed.
//!
//! Both operands are seen as flat buffers (`memref.reinterpret_cast` to one
//! dim of stride 1): the copy is a walk over index space whose every dim
//! has a stride in the output and one in the input. Unit dims are dropped
//! and dims that are contiguous in both buffers merge (a pack into 8x128
//! tiles becomes rows of 128 elements). Then:
//!
//! - **rows**: the innermost dim has stride 1 on both sides: vector loads
//!   and stores of the host's vector width along it (a loop when the row is
//!   long, straight-line code when short, narrower vectors for the rest);
//! - **blocks**: the output's innermost dim is strided in the input, and
//!   another dim is contiguous in the input: square blocks of `W x W`
//!   elements are read as `W` input rows, transposed in registers
//!   (`vector.transpose`) and written as `W` output rows;
//! - anything else, scalar loads and stores.
//!
//! Loops walk the output in order (its writes are sequential). Shapes and
//! strides must be static; offsets may be dynamic. Other ops, and these
//! ops on dynamic shapes, are left as they are (mlir-opt's
//! `-convert-linalg-to-loops` lowers them). Elementwise generics and named
//! ops are lowered by [`super::elementwise`].

use tessel_ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects;
use tessel_ir::dialects::builtin::UnrealizedConversionCastOp;
use tessel_ir::dialects::linalg::{FillOp, TransposeOp};
use tessel_ir::dialects::memref::layout::{memref_parts, memref_type, strides_and_offset, Strided};
use tessel_ir::dialects::memref::{
    CopyOp as MemrefCopyOp, ExtractAlignedPointerOp, ExtractStridedMetadataOp, LoadOp as MemrefLoadOp,
    ReinterpretCastOp, StoreOp as MemrefStoreOp,
};
use tessel_ir::dialects::scf::{ForOp, IfOp, YieldOp};
use tessel_ir::dialects::structured::CopyOp as LinalgCopyOp;
use tessel_ir::dialects::structured::{structured, GenericOp, IteratorKind};
use tessel_ir::dialects::vector::{
    BitCastOp, BroadcastOp, LoadOp as VectorLoadOp, ShuffleOp, StoreOp as VectorStoreOp,
};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{BlockId, Context, OpId, Type, Value};

use super::Target;

/// One dim of the walk: its extent and its stride (in elements) in the
/// output and in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dim {
    size: i64,
    out_stride: i64,
    in_stride: i64,
}

/// What a data-movement op writes: a buffer's elements, or one value.
#[derive(Clone, Copy)]
enum Source {
    Buffer(Value),
    Splat(Value),
}

/// A data-movement op, read: the source, the output buffer, for each
/// output dim the input dim it reads (`None`: a unit dim read at index
/// 0), and the elementwise body applied to each element on its way (the
/// block of a unary `linalg.generic`).
struct Movement {
    source: Source,
    output: Value,
    perm: Vec<Option<usize>>,
    body: Option<BlockId>,
}

/// A `linalg.generic` on memrefs that reads one input through a
/// permutation of the loops (unit dims may be read at constant 0) and
/// writes the output with scalar arith and math ops applied to each
/// element (not reading the output), as one data movement.
fn read_generic_movement(ctx: &Context, op: OpId) -> Option<Movement> {
    if !GenericOp::isa(ctx, op) || ctx.regions(op).len() != 1 || !ctx.results(op).is_empty() {
        return None;
    }
    let s = structured(ctx, op)?;
    if s.inputs.len() != 1 || s.outputs.len() != 1 || s.iterators.iter().any(|k| *k != IteratorKind::Parallel) {
        return None;
    }
    let (input, output) = (s.inputs[0], s.outputs[0]);
    let elem = |v: Value| memref_parts(ctx, ctx.value_type(v)).map(|p| p.elem);
    if elem(input).is_none() || elem(input) != elem(output) {
        return None;
    }
    let block = ctx.blocks(ctx.regions(op)[0])[0];
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    let (terminator, body) = ops.split_last()?;
    let yielded = ctx.operands(*terminator);
    let args = ctx.block_args(block);
    let elementwise = super::elementwise::body_is_elementwise(ctx, body)
        && ctx.uses(args[1]).is_empty()
        && yielded.len() == 1
        && Some(ctx.value_type(yielded[0])) == elem(output);
    if !elementwise {
        return None;
    }
    // The loop each dim of an operand steps (None: constant 0).
    let loops_of = |map: &AffineMap| -> Option<Vec<Option<usize>>> {
        let mut seen = vec![false; s.num_loops()];
        map.results
            .iter()
            .map(|e| match e {
                AffineExpr::Dim(d) if !std::mem::replace(&mut seen[*d as usize], true) => Some(Some(*d as usize)),
                AffineExpr::Const(0) => Some(None),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .filter(|_| seen.iter().all(|x| *x))
    };
    let out_loops = loops_of(&s.maps[1])?;
    let in_loops = loops_of(&s.maps[0])?;
    let perm = out_loops.iter().map(|l| l.and_then(|l| in_loops.iter().position(|i| *i == Some(l)))).collect();
    // A body that yields what it reads moves elements only.
    let copies = body.is_empty() && yielded[0] == args[0];
    Some(Movement { source: Source::Buffer(input), output, perm, body: (!copies).then_some(block) })
}

fn read_movement(ctx: &Context, op: OpId) -> Option<Movement> {
    let ops = ctx.operands(op);
    let is_memref = |v: Value| matches!(ctx.value_type_kind(v), TypeKind::MemRef { .. });
    if ops.len() != 2
        || !ops.iter().all(|v| is_memref(*v) || !matches!(ctx.value_type_kind(*v), TypeKind::Tensor { .. }))
    {
        return None;
    }
    let rank = memref_parts(ctx, ctx.value_type(ops[1]))?.shape.len();
    let identity = (0..rank).map(Some).collect();
    if TransposeOp::isa(ctx, op) {
        let perm = TransposeOp(op).permutation(ctx).iter().map(|p| Some(*p as usize)).collect();
        (is_memref(ops[0]) && is_memref(ops[1])).then_some(Movement {
            source: Source::Buffer(ops[0]),
            output: ops[1],
            perm,
            body: None,
        })
    } else if LinalgCopyOp::isa(ctx, op) || MemrefCopyOp::isa(ctx, op) {
        (is_memref(ops[0]) && is_memref(ops[1])).then_some(Movement {
            source: Source::Buffer(ops[0]),
            output: ops[1],
            perm: identity,
            body: None,
        })
    } else if FillOp::isa(ctx, op) {
        is_memref(ops[1]).then_some(Movement {
            source: Source::Splat(ops[0]),
            output: ops[1],
            perm: identity,
            body: None,
        })
    } else {
        read_generic_movement(ctx, op)
    }
}

/// The static shape and strides of a memref type, and its offset (maybe
/// `DYNAMIC`); `None` when a size or stride is dynamic.
pub(super) fn static_layout(ctx: &Context, t: Type) -> Option<(Vec<i64>, Strided)> {
    let parts = memref_parts(ctx, t)?;
    let strided = strides_and_offset(ctx, t)?;
    let static_dims = parts.shape.iter().chain(&strided.strides).all(|s| *s != DYNAMIC && *s >= 0);
    static_dims.then_some((parts.shape, strided))
}

/// Bytes of one element of `t` in memory, for the element types LLVM
/// stores whole bytes of.
pub(super) fn elem_bytes(ctx: &Context, t: Type) -> Option<i64> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } if *width <= 64 => Some(i64::from(width.div_ceil(8).next_power_of_two())),
        TypeKind::Float(k) if k.width() >= 8 && k.width() <= 64 => Some(i64::from(k.width() / 8)),
        TypeKind::Index => Some(8),
        _ => None,
    }
}

/// The walk's dims in output order, unit dims dropped, neighbours that
/// are contiguous in both buffers merged.
fn coalesce(mut dims: Vec<Dim>) -> Vec<Dim> {
    dims.retain(|d| d.size != 1);
    dims.sort_by_key(|d| std::cmp::Reverse(d.out_stride));
    let mut out: Vec<Dim> = Vec::with_capacity(dims.len());
    for d in dims.into_iter().rev() {
        match out.last_mut() {
            Some(inner)
                if d.out_stride == inner.out_stride * inner.size && d.in_stride == inner.in_stride * inner.size =>
            {
                inner.size *= d.size;
            }
            _ => out.push(d),
        }
    }
    out.reverse();
    out
}

/// The order of the loops around the innermost dim (which stays last):
/// the dim that continues the innermost one in either buffer (stride equal
/// to its extent), the smallest such, goes right around it, so one buffer
/// is walked in runs that long and the other jumps among as few places as
/// possible; the others from outside in by the smaller of their two
/// strides, so an outer iteration touches a compact block of both buffers
/// (the output's order breaks ties). Measured with
/// benches/codegen_compare.py: walking the output in order loses up to
/// 0.3x of memcpy on unpacks and on packs with `outer_dims_perm`.
fn loop_order(mut dims: Vec<Dim>) -> Vec<Dim> {
    let Some(last) = dims.pop() else { return dims };
    let row = last.size;
    let around = dims
        .iter()
        .enumerate()
        .filter(|(_, d)| d.in_stride == row || d.out_stride == row)
        .min_by_key(|(_, d)| d.size)
        .map(|(k, _)| k);
    let around = around.map(|k| dims.remove(k));
    let key = |d: &Dim| (d.out_stride.min(d.in_stride), d.out_stride);
    dims.sort_by_key(|d| std::cmp::Reverse(key(d)));
    dims.extend(around);
    dims.push(last);
    dims
}

/// A short row (at most 8 bytes, more than one element) moved as one
/// wider element: the dims around it, in elements of the row's width
/// (`None` when a stride is not a multiple of it).
fn widen(dims: &[Dim], bytes: i64) -> Option<(Vec<Dim>, i64)> {
    let (last, outer) = dims.split_last()?;
    let group = last.size;
    let contiguous_row = last.out_stride == 1 && last.in_stride == 1;
    if !contiguous_row || group < 2 || group * bytes > 8 || !((group * bytes) as u64).is_power_of_two() {
        return None;
    }
    if outer.iter().any(|d| d.out_stride % group != 0 || d.in_stride % group != 0) {
        return None;
    }
    let wide = outer
        .iter()
        .map(|d| Dim { size: d.size, out_stride: d.out_stride / group, in_stride: d.in_stride / group })
        .collect();
    Some((wide, group))
}

/// How the innermost part of the walk is done.
enum Kernel {
    /// Contiguous rows on both sides, `lanes` elements per vector.
    Rows { lanes: i64 },
    /// `lanes x lanes` blocks transposed in registers; `contiguous` is
    /// the dim contiguous in the input.
    Blocks { lanes: i64, contiguous: usize },
    /// The output's rows are a few (2, 4 or 8) elements strided in the
    /// input, and the dim `contiguous` (contiguous in the input) continues
    /// them in the output: that many input rows of `lanes` are interleaved
    /// into one contiguous run of the output (the `(2, 1)` zip of bf16
    /// layouts).
    Zip { lanes: i64, contiguous: usize },
    /// One element at a time.
    Scalars,
}

/// The kernel for `dims`, with vectors of `lanes` elements; blocks are
/// `line` elements wide where the dims allow it (a cache line, so that
/// their rows can stream), else `lanes`.
fn choose_kernel(dims: &[Dim], splat: bool, lanes: i64, line: i64) -> Kernel {
    let Some(last) = dims.last() else { return Kernel::Scalars };
    if last.out_stride == 1 && (splat || last.in_stride == 1) {
        return Kernel::Rows { lanes };
    }
    for edge in [line.max(lanes), lanes] {
        if !splat && last.out_stride == 1 && edge > 1 && last.size % edge == 0 {
            if let Some(c) = dims.iter().position(|d| d.in_stride == 1 && d.size % edge == 0) {
                return Kernel::Blocks { lanes: edge, contiguous: c };
            }
        }
    }
    let few = matches!(last.size, 2 | 4 | 8);
    if !splat && last.out_stride == 1 && few && lanes > 1 {
        let continues = |d: &Dim| d.in_stride == 1 && d.out_stride == last.size && d.size % lanes == 0;
        if let Some(c) = dims.iter().position(continues) {
            return Kernel::Zip { lanes, contiguous: c };
        }
    }
    Kernel::Scalars
}

/// Lowers every data-movement op under `root` whose shapes allow it;
/// returns how many were lowered.
pub fn lower_data_movement(ctx: &mut Context, root: OpId, target: &Target) -> usize {
    let mut ops = Vec::new();
    ctx.walk_preorder(root, &mut |op| ops.push(op));
    let mut lowered = 0;
    for op in ops {
        let done = read_movement(ctx, op).is_some_and(|m| lower_one(ctx, op, &m, target))
            || super::elementwise::lower_elementwise(ctx, op, target.vector_bytes);
        lowered += usize::from(done);
    }
    lowered
}

fn lower_one(ctx: &mut Context, op: OpId, m: &Movement, target: &Target) -> bool {
    let vector_bytes = target.vector_bytes;
    let out_ty = ctx.value_type(m.output);
    let Some((out_shape, out_layout)) = static_layout(ctx, out_ty) else { return false };
    let elem = memref_parts(ctx, out_ty).map(|p| p.elem).expect("a memref");
    let Some(bytes) = elem_bytes(ctx, elem) else { return false };
    let in_layout = match m.source {
        Source::Buffer(v) => {
            let in_ty = ctx.value_type(v);
            let Some((in_shape, in_layout)) = static_layout(ctx, in_ty) else { return false };
            let permuted: Vec<i64> = m.perm.iter().map(|p| p.map_or(1, |p| in_shape[p])).collect();
            let unread_units = (0..in_shape.len()).all(|d| in_shape[d] == 1 || m.perm.contains(&Some(d)));
            if permuted != out_shape || !unread_units || memref_parts(ctx, in_ty).map(|p| p.elem) != Some(elem) {
                return false;
            }
            Some(in_layout)
        }
        Source::Splat(_) => None,
    };
    let dims: Vec<Dim> = (0..out_shape.len())
        .map(|k| Dim {
            size: out_shape[k],
            out_stride: out_layout.strides[k],
            in_stride: match (&in_layout, m.perm[k]) {
                (Some(l), Some(p)) => l.strides[p],
                _ => 0,
            },
        })
        .collect();
    let loc = ctx.op_loc(op);
    if dims.iter().any(|d| d.size == 0) {
        ctx.erase_op(op);
        return true;
    }
    let dims = loop_order(coalesce(dims));
    let splat = matches!(m.source, Source::Splat(_));
    // A short row that would be copied a few bytes at a time is moved as
    // one wider element when that lets whole blocks be transposed.
    let widened = widen(&dims, bytes).filter(|_| !splat && m.body.is_none()).and_then(|(wide, group)| {
        let wide = loop_order(coalesce(wide));
        let lanes = (vector_bytes / (bytes * group)).max(1);
        match choose_kernel(&wide, false, lanes, CACHE_LINE_BYTES / (bytes * group)) {
            k @ Kernel::Blocks { .. } => Some((wide, group, k)),
            _ => None,
        }
    });
    let (walk_dims, group, kernel) = match widened {
        Some(w) => w,
        None => {
            let k = choose_kernel(&dims, splat, (vector_bytes / bytes).max(1), CACHE_LINE_BYTES / bytes);
            (dims.clone(), 1, k)
        }
    };
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let mut out_flat = flatten(&mut b, m.output, &dims, |d| d.out_stride);
    let mut source = match m.source {
        Source::Buffer(v) => Source::Buffer(flatten(&mut b, v, &dims, |d| d.in_stride)),
        s => s,
    };
    // Floats narrower than 32 bits that are only moved move as integers
    // of their width: LLVM 22 drops the non-temporal hint of bf16 and f16
    // vector stores on x86 (and on AVX2 moved their vectors one element at
    // a time).
    let mut elem = elem;
    if let (Source::Buffer(input), None, TypeKind::Float(k)) = (source, m.body, b.ctx.type_kind(elem)) {
        if k.width() < 32 {
            let bits = b.ctx.int_type(k.width());
            source = Source::Buffer(as_elements_of(&mut b, input, bits));
            out_flat = as_elements_of(&mut b, out_flat, bits);
            elem = bits;
        }
    }
    let wide = if group == 1 { elem } else { b.ctx.int_type((bytes * group * 8) as u32) };
    // Loops step through memory elements.
    let in_memory = |d: Dim| Dim { size: d.size, out_stride: d.out_stride * group, in_stride: d.in_stride * group };
    let dims: Vec<Dim> = walk_dims.iter().map(|d| in_memory(*d)).collect();
    // A tile's stores stream when the buffer it is a view of is large.
    let out_bytes = (bytes * dims.iter().map(|d| d.size).product::<i64>()).max(root_bytes(b.ctx, m.output));
    let offset = strides_and_offset(b.ctx, b.ctx.value_type(out_flat)).map_or(DYNAMIC, |l| l.offset);
    // Narrow floats with a body to apply keep plain stores (above).
    let narrow_float = matches!(b.ctx.type_kind(elem), TypeKind::Float(k) if k.width() < 32);
    // A dynamic offset is checked at run time with the pointer.
    let static_offset = if offset == DYNAMIC { 0 } else { offset };
    let streaming = target.nontemporal_bytes > 0
        && out_bytes >= target.nontemporal_bytes
        && !narrow_float
        && stores_aligned(&kernel, &dims, static_offset, bytes, bytes * group, vector_bytes);
    let mut walk = Walk { source, output: out_flat, elem, wide, group, nontemporal: None, body: m.body };
    if streaming {
        // Non-temporal stores need aligned addresses: the buffer's is known
        // only at run time.
        let (then_block, else_block) = if_aligned(&mut b, out_flat, (offset == DYNAMIC).then_some(bytes), vector_bytes);
        let saved = b.ip;
        b.ip = InsertPoint::Before(b.ctx.block_ops(then_block).last().expect("the yield"));
        walk.nontemporal = Some(vector_bytes);
        emit_kernel(&mut b, &walk, &kernel, &dims);
        b.ip = InsertPoint::Before(b.ctx.block_ops(else_block).last().expect("the yield"));
        walk.nontemporal = None;
        emit_kernel(&mut b, &walk, &kernel, &dims);
        b.ip = saved;
    } else {
        emit_kernel(&mut b, &walk, &kernel, &dims);
    }
    b.ctx.erase_op(op);
    true
}

/// The bytes of the buffer `v` is a view of (through subviews, reshapes
/// and casts), when its shape is static; 0 otherwise.
fn root_bytes(ctx: &Context, mut v: Value) -> i64 {
    while let Some(def) = ctx.defining_op(v) {
        if !crate::bufferize::hoisting::is_view(ctx, def) {
            break;
        }
        v = ctx.operands(def)[0];
    }
    let Some(parts) = memref_parts(ctx, ctx.value_type(v)) else { return 0 };
    if parts.shape.iter().any(|d| *d < 0) {
        return 0;
    }
    elem_bytes(ctx, parts.elem).unwrap_or(0) * parts.shape.iter().product::<i64>()
}

/// For a kernel that moves `lanes` along the input's contiguous dim
/// `contiguous` per step: the output's innermost dim `a`, that dim `c`, and
/// the loops around the blocks (the other dims, then `c` stepped by
/// `lanes`).
fn block_loops(dims: &[Dim], contiguous: usize, lanes: i64) -> (Dim, Dim, Vec<Dim>) {
    let last = dims.len() - 1;
    let (a, c) = (dims[last], dims[contiguous]);
    let mut all: Vec<Dim> =
        dims.iter().enumerate().filter(|(k, _)| *k != contiguous && *k != last).map(|(_, d)| *d).collect();
    all.push(Dim { size: c.size / lanes, ..scaled(c, lanes) });
    (a, c, all)
}

/// The loops of `kernel` over `dims` (in memory elements).
fn emit_kernel(b: &mut Builder<'_>, walk: &Walk, kernel: &Kernel, dims: &[Dim]) {
    match *kernel {
        Kernel::Rows { lanes } => {
            let (outer, last) = dims.split_at(dims.len() - 1);
            let row = last[0];
            for_each(b, outer, &mut |b, at| walk.row(b, at, row.size, lanes));
        }
        Kernel::Blocks { lanes, contiguous } => {
            let (a, c, mut all) = block_loops(dims, contiguous, lanes);
            all.push(Dim { size: a.size / lanes, ..scaled(a, lanes) });
            for_each(b, &all, &mut |b, at| walk.block(b, at, a, c, lanes));
        }
        Kernel::Zip { lanes, contiguous } => {
            let (a, _, all) = block_loops(dims, contiguous, lanes);
            for_each(b, &all, &mut |b, at| walk.zip(b, at, a, lanes));
        }
        Kernel::Scalars => {
            for_each(b, dims, &mut |b, at| walk.scalar(b, at));
        }
    }
}

/// The widest square transposed by one shuffle, in elements.
const SUB_BLOCK: i64 = 8;

/// A cache line: non-temporal stores pay off only when they fill whole
/// lines one after the other (the write-combining buffers flush partial
/// lines, which is slower than plain stores).
const CACHE_LINE_BYTES: i64 = 64;

/// Whether `kernel` may stream its stores past the caches: rows of whole
/// cache lines, or blocks whose rows are each a whole line (a narrower
/// block writes a line in pieces, rows apart), every store a whole vector
/// (no narrower tail) at a multiple of `vector_bytes` from the buffer's
/// start when the buffer is so aligned. `dims` and `offset` count
/// elements of `bytes`; a lane holds `lane_bytes` (a short row moved as
/// one wider element).
fn stores_aligned(kernel: &Kernel, dims: &[Dim], offset: i64, bytes: i64, lane_bytes: i64, vector_bytes: i64) -> bool {
    let aligned = |elems: i64| (elems * bytes) % vector_bytes == 0;
    let Some((last, outer)) = dims.split_last() else { return false };
    match *kernel {
        Kernel::Rows { lanes } => {
            aligned(offset)
                && lanes * bytes == vector_bytes
                && last.size % lanes == 0
                && (last.size * bytes) % CACHE_LINE_BYTES == 0
                && outer.iter().all(|d| aligned(d.out_stride))
        }
        // A block's rows, and a zip's vectors, are whole lines (of one or
        // more vectors). A block writes a row per step of `c`; a zip writes
        // one contiguous run per `lanes` steps of it.
        Kernel::Blocks { lanes, contiguous } | Kernel::Zip { lanes, contiguous } => {
            let zip = matches!(kernel, Kernel::Zip { .. });
            aligned(offset)
                && (lanes * lane_bytes) % CACHE_LINE_BYTES == 0
                && (lanes * lane_bytes) % vector_bytes == 0
                && outer.iter().enumerate().all(|(k, d)| (zip && k == contiguous) || aligned(d.out_stride))
        }
        Kernel::Scalars => false,
    }
}

/// `scf.if` on whether `buffer`'s aligned pointer (plus its dynamic
/// offset, in elements of `offset_elem_bytes`, when given) is a multiple
/// of `alignment`; returns the then and else blocks (each ending in its
/// yield).
fn if_aligned(
    b: &mut Builder<'_>,
    buffer: Value,
    offset_elem_bytes: Option<i64>,
    alignment: i64,
) -> (tessel_ir::BlockId, tessel_ir::BlockId) {
    let index = b.ctx.index_type();
    let i1 = b.ctx.int_type(1);
    let i64t = b.ctx.int_type(64);
    let mut pointer = ExtractAlignedPointerOp::create(b, buffer, &[index], vec![]).result(b.ctx);
    if let Some(elem_bytes) = offset_elem_bytes {
        let parts = memref_parts(b.ctx, b.ctx.value_type(buffer)).expect("a memref");
        let base = memref_type(b.ctx, vec![], parts.elem, None, parts.memory_space);
        let types = [base, index, index, index];
        let meta = ExtractStridedMetadataOp::create(b, buffer, &types, vec![]);
        let offset = b.ctx.result(meta.op(), 1);
        let scale = b.index_const(elem_bytes);
        let offset_bytes = b.op(dialects::arith::MulIOp::NAME, &[offset, scale], &[index], &[]);
        let offset_bytes = b.ctx.result(offset_bytes, 0);
        let address = b.op(dialects::arith::AddIOp::NAME, &[pointer, offset_bytes], &[index], &[]);
        pointer = b.ctx.result(address, 0);
    }
    let align = b.index_const(alignment);
    let rem = b.op(dialects::arith::RemUIOp::NAME, &[pointer, align], &[index], &[]);
    let rem = b.ctx.result(rem, 0);
    let zero = b.index_const(0);
    let eq = b.ctx.int_attr(0, i64t);
    let cond = b.op(dialects::arith::CmpIOp::NAME, &[rem, zero], &[i1], &[("predicate", eq)]);
    let cond = b.ctx.result(cond, 0);
    let (then_region, then_block, _) = b.region_with_block(&[]);
    let (else_region, else_block, _) = b.region_with_block(&[]);
    IfOp::create(b, cond, &[], vec![then_region, else_region]);
    let saved = b.ip;
    for block in [then_block, else_block] {
        b.ip = InsertPoint::End(block);
        YieldOp::build(b, &[]);
    }
    b.ip = saved;
    (then_block, else_block)
}

/// A dim walked in steps of `lanes`: its strides scaled.
fn scaled(d: Dim, lanes: i64) -> Dim {
    Dim { size: d.size, out_stride: d.out_stride * lanes, in_stride: d.in_stride * lanes }
}

/// `v` as a flat buffer of stride 1 that spans the walk: a
/// `memref.reinterpret_cast` at `v`'s offset (read with
/// `memref.extract_strided_metadata` when dynamic).
fn flatten(b: &mut Builder<'_>, v: Value, dims: &[Dim], stride: impl Fn(&Dim) -> i64) -> Value {
    let span = 1 + dims.iter().map(|d| (d.size - 1) * stride(d)).sum::<i64>();
    flat_view(b, v, span)
}

/// The flat buffer `v` seen as elements of `elem`, of the same size
/// (`builtin.unrealized_conversion_cast`, which the LLVM conversions
/// reconcile: both memref types lower to the same descriptor).
fn as_elements_of(b: &mut Builder<'_>, v: Value, elem: Type) -> Value {
    let t = b.ctx.value_type(v);
    let parts = memref_parts(b.ctx, t).expect("a memref");
    let layout = strides_and_offset(b.ctx, t).filter(|l| l.offset != 0);
    let ty = memref_type(b.ctx, parts.shape, elem, layout.as_ref(), parts.memory_space);
    let cast = UnrealizedConversionCastOp::create(b, &[v], &[ty], vec![]).op();
    b.ctx.result(cast, 0)
}

/// `v` as a flat buffer of `span` elements of stride 1 from its offset.
pub(super) fn flat_view(b: &mut Builder<'_>, v: Value, span: i64) -> Value {
    let t = b.ctx.value_type(v);
    let parts = memref_parts(b.ctx, t).expect("a memref");
    let offset = strides_and_offset(b.ctx, t).expect("a strided memref").offset;
    // At offset 0 the flat view has the identity layout.
    let layout = (offset != 0).then_some(Strided { strides: vec![1], offset });
    let flat_ty = memref_type(b.ctx, vec![span], parts.elem, layout.as_ref(), parts.memory_space);
    let dynamic_offset: Vec<Value> = if offset == DYNAMIC {
        let rank = parts.shape.len();
        let index = b.ctx.index_type();
        let base = memref_type(b.ctx, vec![], parts.elem, None, parts.memory_space);
        let mut types = vec![base, index];
        types.extend(std::iter::repeat_n(index, 2 * rank));
        let meta = ExtractStridedMetadataOp::create(b, v, &types, vec![]);
        vec![b.ctx.result(meta.op(), 1)]
    } else {
        vec![]
    };
    ReinterpretCastOp::create(b, v, &dynamic_offset, &[], &[], &[offset], &[span], &[1], &[flat_ty], vec![])
        .result(b.ctx)
}

/// The linear positions of one point of the walk in the input and the
/// output.
#[derive(Clone)]
struct At {
    input: Ofr,
    output: Ofr,
}

/// Loops over `dims` (outermost first), calling `body` at each point.
fn for_each(b: &mut Builder<'_>, dims: &[Dim], body: &mut dyn FnMut(&mut Builder<'_>, At)) {
    let mut ivs: Vec<Value> = Vec::with_capacity(dims.len());
    let saved = b.ip;
    for d in dims {
        let zero = b.index_const(0);
        let ub = b.index_const(d.size);
        let one = b.index_const(1);
        let for_op = ForOp::build(b, zero, ub, one, &[]);
        let body_block = for_op.body_block(b.ctx);
        ivs.push(for_op.induction_var(b.ctx));
        b.ip = InsertPoint::End(body_block);
        YieldOp::build(b, &[]);
        let yield_op = b.ctx.block_ops(body_block).last().expect("the yield");
        b.ip = InsertPoint::Before(yield_op);
    }
    let operands: Vec<Ofr> = ivs.iter().map(|v| Ofr::Val(*v)).collect();
    let in_strides: Vec<i64> = dims.iter().map(|d| d.in_stride).collect();
    let out_strides: Vec<i64> = dims.iter().map(|d| d.out_stride).collect();
    let input = linear(b, &in_strides, &operands);
    let output = linear(b, &out_strides, &operands);
    body(b, At { input, output });
    b.ip = saved;
}

/// `sum(iv_k * strides[k])` as one `affine.apply`.
pub(super) fn linear(b: &mut Builder<'_>, strides: &[i64], ivs: &[Ofr]) -> Ofr {
    let mut expr = AffineExpr::constant(0);
    for (k, s) in strides.iter().enumerate() {
        let term = AffineExpr::bin(AffineBinOp::Mul, AffineExpr::Dim(k as u32), AffineExpr::constant(*s));
        expr = AffineExpr::bin(AffineBinOp::Add, expr, term);
    }
    b.affine_apply(&AffineMap { num_dims: strides.len() as u32, num_syms: 0, results: vec![expr] }, ivs)
}

/// `at + c`
pub(super) fn plus(b: &mut Builder<'_>, at: Ofr, c: i64) -> Value {
    let map = AffineMap {
        num_dims: 1,
        num_syms: 0,
        results: vec![AffineExpr::bin(AffineBinOp::Add, AffineExpr::Dim(0), AffineExpr::constant(c))],
    };
    let r = b.affine_apply(&map, &[at]);
    b.value(r)
}

pub(super) fn vector_of(b: &mut Builder<'_>, shape: Vec<i64>, elem: Type) -> Type {
    let scalable = vec![false; shape.len()];
    b.ctx.ty(TypeKind::Vector { shape, scalable, elem })
}

/// What [`for_row_chunks`] does with one vector: `(builder, offsets, c, width)`.
pub(super) type RowChunk<'a> = dyn FnMut(&mut Builder<'_>, &[Ofr], i64, i64) + 'a;

/// Walks a contiguous row of `len` elements from `starts` (one offset per
/// buffer; a buffer whose `moves` entry is false stays put along the row,
/// a broadcast): `chunk(b, offsets, c, width)` for each vector of `width`
/// elements at element `c` of the row: `lanes` wide (in a loop when there
/// are more than 8 such vectors, where `offsets` already hold the loop's
/// position and `c` is 0), then narrower vectors for the rest.
pub(super) fn for_row_chunks(
    b: &mut Builder<'_>,
    starts: &[Ofr],
    moves: &[bool],
    len: i64,
    lanes: i64,
    chunk: &mut RowChunk<'_>,
) {
    const UNROLLED_VECTORS: i64 = 8;
    let whole = len / lanes;
    if whole > UNROLLED_VECTORS {
        let zero = b.index_const(0);
        let ub = b.index_const(whole * lanes);
        let step = b.index_const(lanes);
        let for_op = ForOp::build(b, zero, ub, step, &[]);
        let iv = Ofr::Val(for_op.induction_var(b.ctx));
        let saved = b.ip;
        b.ip = InsertPoint::End(for_op.body_block(b.ctx));
        let add = AffineMap {
            num_dims: 2,
            num_syms: 0,
            results: vec![AffineExpr::bin(AffineBinOp::Add, AffineExpr::Dim(0), AffineExpr::Dim(1))],
        };
        let inner: Vec<Ofr> =
            starts.iter().zip(moves).map(|(s, m)| if *m { b.affine_apply(&add, &[*s, iv]) } else { *s }).collect();
        chunk(b, &inner, 0, lanes);
        YieldOp::build(b, &[]);
        b.ip = saved;
    } else {
        for q in 0..whole {
            chunk(b, starts, q * lanes, lanes);
        }
    }
    let mut done = whole * lanes;
    let mut w = lanes / 2;
    while done < len && w >= 1 {
        if len - done >= w {
            chunk(b, starts, done, w);
            done += w;
        }
        w /= 2;
    }
}

/// The flat buffers of one lowering and what they hold.
struct Walk {
    source: Source,
    output: Value,
    /// The buffers' element type.
    elem: Type,
    /// The element moved: `group` buffer elements as one integer (or
    /// `elem` when `group` is 1).
    wide: Type,
    group: i64,
    /// Stores are non-temporal, aligned to this many bytes.
    nontemporal: Option<i64>,
    /// The elementwise body applied to what is read (a generic's block).
    body: Option<BlockId>,
}

impl Walk {
    /// A vector of moved elements.
    fn vector_type(&self, b: &mut Builder<'_>, shape: Vec<i64>) -> Type {
        vector_of(b, shape, self.wide)
    }

    /// `lanes` moved elements read at `input + c` (or the fill value),
    /// with the body applied.
    fn read(&self, b: &mut Builder<'_>, at: &At, c: i64, lanes: i64) -> Value {
        let vt = self.vector_type(b, vec![lanes]);
        let v = match self.source {
            Source::Buffer(buf) => {
                let i = plus(b, at.input, c);
                let memory_ty = vector_of(b, vec![lanes * self.group], self.elem);
                let v = VectorLoadOp::create(b, buf, &[i], None, None, &[memory_ty], vec![]).result(b.ctx);
                if self.group == 1 {
                    v
                } else {
                    BitCastOp::create(b, v, &[vt], vec![]).result(b.ctx)
                }
            }
            Source::Splat(v) => BroadcastOp::create(b, v, &[vt], vec![]).vector(b.ctx),
        };
        self.apply(b, v, &[lanes])
    }

    /// The body applied to `v` (vectors of `shape`, or a scalar).
    fn apply(&self, b: &mut Builder<'_>, v: Value, shape: &[i64]) -> Value {
        let Some(block) = self.body else { return v };
        let ops: Vec<OpId> = b.ctx.block_ops(block).collect();
        let (terminator, body) = ops.split_last().expect("a yield");
        let args = b.ctx.block_args(block).to_vec();
        let mut map = IrMapping::default();
        map.map(args[0], v);
        super::elementwise::apply_body(b, body, &args, &mut map, shape);
        map.lookup(b.ctx.operands(*terminator)[0])
    }

    fn write(&self, b: &mut Builder<'_>, at: &At, c: i64, value: Value) {
        let i = plus(b, at.output, c);
        let value = if self.group == 1 {
            value
        } else {
            let lanes = b.ctx.value_type_kind(value).shape().map_or(1, |s| s[0]);
            let memory_ty = vector_of(b, vec![lanes * self.group], self.elem);
            BitCastOp::create(b, value, &[memory_ty], vec![]).result(b.ctx)
        };
        let (nontemporal, alignment) = match self.nontemporal {
            Some(align) => {
                let i64t = b.ctx.int_type(64);
                (Some(b.ctx.attr(AttrKind::Bool(true))), Some(b.ctx.int_attr(i128::from(align), i64t)))
            }
            None => (None, None),
        };
        VectorStoreOp::create(b, value, self.output, &[i], nontemporal, alignment, &[], vec![]);
    }

    /// A contiguous row of `len` elements: vectors of `lanes`, in a loop
    /// when there are more than 8 of them, then narrower vectors for the
    /// rest.
    fn row(&self, b: &mut Builder<'_>, at: At, len: i64, lanes: i64) {
        for_row_chunks(b, &[at.input, at.output], &[true, true], len, lanes, &mut |b, offsets, c, width| {
            let at = At { input: offsets[0], output: offsets[1] };
            let v = self.read(b, &at, c, width);
            self.write(b, &at, c, v);
        });
    }

    /// A `lanes x lanes` block: rows of the input along `c` at successive
    /// `a`, transposed, written as rows of the output along `a`. Each
    /// square of at most [`SUB_BLOCK`] x [`SUB_BLOCK`] elements is
    /// transposed by one `vector.shuffle` of its rows concatenated (MLIR
    /// 22's `shuffle1d` transpose lowering, written out so that any
    /// lowering of the vector dialect keeps it a shuffle network; its
    /// default lowering moves elements one at a time); a wider block is
    /// made of such squares, its output rows joined from theirs, so that
    /// each row is one whole vector (a whole cache line with 64-byte
    /// vectors) while LLVM shuffles no more than 64 elements at once (a
    /// 16x16 shuffle of f32 ran at half the speed of four 8x8 ones in
    /// cache).
    fn block(&self, b: &mut Builder<'_>, at: At, a: Dim, c: Dim, lanes: i64) {
        let t = lanes.min(SUB_BLOCK);
        let n = lanes / t;
        let square = self.vector_type(b, vec![t * t]);
        let piece_ty = self.vector_type(b, vec![t]);
        let transpose: Vec<i64> = (0..t * t).map(|k| (k % t) * t + k / t).collect();
        // The pieces of each output row, in order along `a`.
        let mut rows: Vec<Vec<Value>> = vec![Vec::with_capacity(n as usize); lanes as usize];
        for g in 0..n {
            for p in 0..n {
                let parts: Vec<Value> =
                    (0..t).map(|k| self.read(b, &at, (g * t + k) * a.in_stride + p * t * c.in_stride, t)).collect();
                let all = self.concat(b, parts, t);
                let tr = ShuffleOp::create(b, all, all, &transpose, &[square], vec![]).vector(b.ctx);
                for k in 0..t {
                    let mask: Vec<i64> = (k * t..(k + 1) * t).collect();
                    let piece = ShuffleOp::create(b, tr, tr, &mask, &[piece_ty], vec![]).vector(b.ctx);
                    rows[(p * t + k) as usize].push(piece);
                }
            }
        }
        for (r, pieces) in rows.into_iter().enumerate() {
            let row = self.concat(b, pieces, t);
            self.write(b, &at, r as i64 * c.out_stride, row);
        }
    }

    /// Vectors of `lanes` (a power of two of them) concatenated, by
    /// `vector.shuffle`s of pairs.
    fn concat(&self, b: &mut Builder<'_>, mut parts: Vec<Value>, lanes: i64) -> Value {
        let mut width = lanes;
        while parts.len() > 1 {
            let wide = self.vector_type(b, vec![2 * width]);
            let mask: Vec<i64> = (0..2 * width).collect();
            parts = parts
                .chunks(2)
                .map(|pair| ShuffleOp::create(b, pair[0], pair[1], &mask, &[wide], vec![]).vector(b.ctx))
                .collect();
            width *= 2;
        }
        parts[0]
    }

    /// `a.size` input rows of `lanes` (along the dim contiguous in the
    /// input) interleaved into `a.size * lanes` contiguous output
    /// elements, written as `a.size` vectors: the rows concatenated, then
    /// one `vector.shuffle` (element `r` of output group `j` is element `j`
    /// of row `r`).
    fn zip(&self, b: &mut Builder<'_>, at: At, a: Dim, lanes: i64) {
        let rows = a.size;
        let parts: Vec<Value> = (0..rows).map(|r| self.read(b, &at, r * a.in_stride, lanes)).collect();
        let all = self.concat(b, parts, lanes);
        let zipped_ty = self.vector_type(b, vec![rows * lanes]);
        let zip: Vec<i64> = (0..rows * lanes).map(|k| (k % rows) * lanes + k / rows).collect();
        let z = ShuffleOp::create(b, all, all, &zip, &[zipped_ty], vec![]).vector(b.ctx);
        let part_ty = self.vector_type(b, vec![lanes]);
        for q in 0..rows {
            let mask: Vec<i64> = (q * lanes..(q + 1) * lanes).collect();
            let part = ShuffleOp::create(b, z, z, &mask, &[part_ty], vec![]).vector(b.ctx);
            self.write(b, &at, q * lanes, part);
        }
    }

    fn scalar(&self, b: &mut Builder<'_>, at: At) {
        let value = match self.source {
            Source::Buffer(buf) => {
                let i = b.value(at.input);
                MemrefLoadOp::create(b, buf, &[i], None, None, &[self.elem], vec![]).result(b.ctx)
            }
            Source::Splat(v) => v,
        };
        let value = self.apply(b, value, &[]);
        let o = b.value(at.output);
        MemrefStoreOp::create(b, value, self.output, &[o], None, None, &[], vec![]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dim(size: i64, out_stride: i64, in_stride: i64) -> Dim {
        Dim { size, out_stride, in_stride }
    }

    #[test]
    fn a_pack_into_row_tiles_walks_rows_of_the_tile_width() {
        // 4096x4096 into 8x128 tiles, in output order.
        let dims = vec![dim(512, 32768, 32768), dim(32, 1024, 128), dim(8, 128, 4096), dim(128, 1, 1)];
        assert_eq!(coalesce(dims.clone()), dims);
    }

    #[test]
    fn contiguous_dims_merge_and_unit_dims_go() {
        let dims = vec![dim(4, 64, 64), dim(1, 64, 7), dim(4, 16, 16), dim(16, 1, 1)];
        assert_eq!(coalesce(dims), vec![dim(256, 1, 1)]);
    }

    #[test]
    fn a_transposed_innermost_dim_takes_blocks() {
        let dims = vec![dim(64, 1, 64), dim(64, 64, 1)];
        let dims = coalesce(dims);
        assert!(matches!(choose_kernel(&dims, false, 8, 8), Kernel::Blocks { lanes: 8, contiguous: 0 }));
        // Blocks of a cache line (16 f32) where the dims allow it.
        assert!(matches!(choose_kernel(&dims, false, 8, 16), Kernel::Blocks { lanes: 16, contiguous: 0 }));
        assert!(matches!(choose_kernel(&dims, false, 128, 128), Kernel::Scalars));
    }
}
