//! MLIR 22's `-convert-vector-to-scf` patterns
//! (`populateVectorToSCFConversionPatterns`): transfers of a rank above the
//! target rank become loops of transfers one rank lower, and n-D
//! `vector.print`s become loops of scalar prints.
//!
//! - **Progressive lowering** (the default): a transfer is *prepared* (its
//!   vector goes through a stack buffer, `memref.alloca() :
//!   memref<vector<4x8xf32>>`, at the top of the closest allocation scope,
//!   and it is labelled `__vector_to_scf_lowering__`); then each labelled
//!   transfer becomes an `scf.for` over its leading dim that moves rows
//!   between the buffer, viewed one dim deeper with `vector.type_cast`, and
//!   memory, one rank lower and labelled again while above the target rank.
//! - **Full unrolling** (`full-unroll=true`): no buffer; the leading dim is
//!   unrolled into transfers inserted into (or extracted from) the vector.
//! - **1-D transfers** that are not a contiguous access (a map that is not a
//!   minor identity, or a strided innermost memref dim) become a loop of
//!   scalar `memref.load`s / `memref.store`s (target rank 1).
//!
//! A leading dim that may run out of bounds is guarded by `scf.if` on
//! `memref.dim > index` (reads out of bounds take the padding); a 1-D mask
//! is checked lane by lane, an n-D mask travels along in its own buffer.

use crate::affine::{AffineBinOp, AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::builder::{InsertPoint, Ofr};
use crate::dialects::arith::{AddIOp, AndIOp, CmpIOp, ExtSIOp, ExtUIOp, MulIOp, SubIOp};
use crate::dialects::memref::layout::strides_and_offset;
use crate::dialects::memref::{AllocaOp, LoadOp, StoreOp};
use crate::dialects::scf::{ForOp, IfOp, YieldOp};
use crate::dialects::vector::{
    bool_array_attr, vector_shape, BitCastOp, BroadcastOp, ExtractOp, InsertOp, PrintOp, ShapeCastOp, TransferReadOp,
    TransferView, TransferWriteOp, TypeCastOp, VScaleOp,
};
use crate::rewriter::Rewriter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{BlockId, Context, OpId, Type, Value};

/// The attribute marking a transfer the progressive lowering owns.
pub const PASS_LABEL: &str = "__vector_to_scf_lowering__";

pub use crate::rewriter::TransferToScfOptions;

/// `arith.cmpi` predicates used here.
const SGT: i128 = 4;
const ULT: i128 = 6;

/// A transfer op read in place, with what the patterns need of it.
pub(super) struct Xfer {
    pub(super) op: OpId,
    is_read: bool,
    pub(super) view: TransferView,
    pub(super) map: AffineMap,
    /// The vector's shape, scalable flags and element type.
    pub(super) shape: Vec<i64>,
    pub(super) scalable: Vec<bool>,
    pub(super) elem: Type,
}

impl Xfer {
    pub(super) fn of(ctx: &Context, op: OpId) -> Option<Xfer> {
        let is_read = TransferReadOp::isa(ctx, op);
        if !is_read && !TransferWriteOp::isa(ctx, op) {
            return None;
        }
        let view = TransferView::of(ctx, op)?;
        let map = match ctx.attr_kind(ctx.get_attr(op, "permutation_map")?) {
            AttrKind::AffineMap(m) => m.clone(),
            _ => return None,
        };
        let v = vector_shape(ctx, view.vector_type)?;
        let (shape, scalable, elem) = (v.shape.to_vec(), v.scalable.to_vec(), v.elem);
        Some(Xfer { op, is_read, view, map, shape, scalable, elem })
    }

    fn rank(&self) -> usize {
        self.shape.len()
    }

    pub(super) fn on_tensor(&self, ctx: &Context) -> bool {
        matches!(ctx.value_type_kind(self.view.base), TypeKind::Tensor { .. })
    }

    fn base_elem(&self, ctx: &Context) -> Option<Type> {
        match ctx.value_type_kind(self.view.base) {
            TypeKind::Tensor { elem, .. } | TypeKind::MemRef { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// The base dim the leading vector dim walks (`None`: a broadcast).
    fn unpacked_dim(&self) -> Option<usize> {
        self.view.dims.first().copied().flatten()
    }

    fn leading_in_bounds(&self) -> bool {
        self.unpacked_dim().is_none() || self.view.in_bounds.first().copied().unwrap_or(false)
    }

    /// The map without its first result (`unpackedPermutationMap`).
    fn inner_map(&self) -> AffineMap {
        AffineMap { num_dims: self.map.num_dims, num_syms: 0, results: self.map.results[1..].to_vec() }
    }

    fn inner_in_bounds(&self, rw: &mut Rewriter<'_>) -> Option<crate::Attr> {
        rw.ctx.get_attr(self.op, "in_bounds")?;
        Some(bool_array_attr(rw.ctx, self.view.in_bounds.get(1..).unwrap_or(&[])))
    }

    /// The vector type one rank lower (the leading dim dropped).
    fn inner_vector_type(&self, rw: &mut Rewriter<'_>) -> Type {
        let (shape, scalable) = (self.shape[1..].to_vec(), self.scalable[1..].to_vec());
        rw.ctx.ty(TypeKind::Vector { shape, scalable, elem: self.elem })
    }

    /// Whether a mask's dims (in the base's dim order) are not in the
    /// vector's order: a masked transposing transfer. MLIR 22 unpacks such a
    /// mask as if its dims were the vector's, reading other lanes (and past
    /// the mask's buffer); tessel leaves these transfers alone.
    fn mask_transposed(&self) -> bool {
        let walked: Vec<usize> = self.view.dims.iter().flatten().copied().collect();
        self.view.mask.is_some() && walked.windows(2).any(|w| w[0] > w[1])
    }

    fn mask_rank(&self, ctx: &Context) -> Option<usize> {
        self.view.mask.and_then(|m| vector_shape(ctx, ctx.value_type(m))).map(|s| s.rank())
    }
}

/// The checks of `checkPrepareXferOp` / the unrolling patterns shared by
/// every n-D lowering: above the target rank, a fixed leading dim, tensors
/// only when asked, and no element type change.
fn lowerable(rw: &Rewriter<'_>, x: &Xfer) -> bool {
    let ctx = &*rw.ctx;
    let opts = rw.transfer_to_scf;
    x.rank() > opts.target_rank
        && !x.scalable[0]
        && !x.mask_transposed()
        && (opts.lower_tensors || !x.on_tensor(ctx))
        && x.base_elem(ctx) == Some(x.elem)
}

pub(super) fn index_const(rw: &mut Rewriter<'_>, v: i64) -> Value {
    let index = rw.ctx.index_type();
    rw.int_const_here(v as i128, index)
}

/// `makeComposedAffineApply(d0 + d1, {offset, iv})`.
fn offset_plus(rw: &mut Rewriter<'_>, offset: Value, iv: Value) -> Value {
    let sum = AffineMap {
        num_dims: 2,
        num_syms: 0,
        results: vec![AffineExpr::bin(AffineBinOp::Add, AffineExpr::Dim(0), AffineExpr::Dim(1))],
    };
    match rw.affine_apply(&sum, &[Ofr::Val(offset), Ofr::Val(iv)]) {
        Ofr::Val(v) => v,
        Ofr::Const(c) => index_const(rw, c),
    }
}

/// The transfer's indices with the unpacked dim advanced by `iv`
/// (`getXferIndices`).
pub(super) fn xfer_indices(rw: &mut Rewriter<'_>, x: &Xfer, iv: Value) -> Vec<Value> {
    let mut indices = x.view.indices.clone();
    if let Some(d) = x.unpacked_dim() {
        indices[d] = offset_plus(rw, indices[d], iv);
    }
    indices
}

/// `vector::createOrFoldDimOp`: the size of `base`'s dim `d`, a constant
/// when static.
fn dim_size(rw: &mut Rewriter<'_>, base: Value, d: usize) -> Value {
    let index = rw.ctx.index_type();
    let at = index_const(rw, d as i64);
    let size = match rw.ctx.value_type_kind(base) {
        TypeKind::MemRef { shape, .. } | TypeKind::Tensor { shape, .. } => shape.get(d).copied(),
        _ => None,
    };
    match size {
        Some(n) if n != DYNAMIC => index_const(rw, n),
        _ if matches!(rw.ctx.value_type_kind(base), TypeKind::Tensor { .. }) => {
            crate::dialects::tensor::DimOp::create(rw, base, at, &[index], vec![]).result(rw.ctx)
        }
        _ => crate::dialects::memref::DimOp::create(rw, base, at, &[index], vec![]).result(rw.ctx),
    }
}

fn cmpi(rw: &mut Rewriter<'_>, predicate: i128, lhs: Value, rhs: Value) -> Value {
    let (i1, i64t) = (rw.ctx.int_type(1), rw.ctx.int_type(64));
    let p = rw.ctx.int_attr(predicate, i64t);
    CmpIOp::create(rw, lhs, rhs, Some(p), &[i1], vec![]).result(rw.ctx)
}

/// Runs `build` with the insertion point at the end of `block`, then puts
/// it back.
pub(super) fn build_in<R>(rw: &mut Rewriter<'_>, block: BlockId, build: impl FnOnce(&mut Rewriter<'_>) -> R) -> R {
    let saved = rw.ip;
    rw.ip = InsertPoint::End(block);
    let r = build(rw);
    rw.ip = saved;
    r
}

/// `scf.yield` of `value`, if any.
pub(super) fn yield_maybe(rw: &mut Rewriter<'_>, value: Option<Value>) {
    let values: Vec<Value> = value.into_iter().collect();
    YieldOp::build(rw, &values);
}

type Case<'a> = &'a mut dyn FnMut(&mut Rewriter<'_>) -> Option<Value>;

/// `generateInBoundsCheck`: `in_bounds` guarded by `scf.if` when the
/// leading dim may leave the base (`dim > offset + iv`) or a 1-D mask may
/// clear the lane; `out_of_bounds` in the else branch. Returns the if's
/// result (or the in-bounds case's, unguarded) when `result` is a type.
fn in_bounds_check(
    rw: &mut Rewriter<'_>,
    x: &Xfer,
    iv: Value,
    result: Option<Type>,
    in_bounds: Case<'_>,
    out_of_bounds: Case<'_>,
) -> Option<Value> {
    let mut cond = None;
    if let (false, Some(d)) = (x.leading_in_bounds(), x.unpacked_dim()) {
        let size = dim_size(rw, x.view.base, d);
        let at = offset_plus(rw, x.view.indices[d], iv);
        cond = Some(cmpi(rw, SGT, size, at));
    }
    if let (Some(mask), Some(1), Some(_)) = (x.view.mask, x.mask_rank(rw.ctx), x.unpacked_dim()) {
        let i1 = rw.ctx.int_type(1);
        let lane = ExtractOp::create(rw, mask, &[iv], &[DYNAMIC], &[i1], vec![]).result(rw.ctx);
        cond = Some(match cond {
            Some(c) => AndIOp::create(rw, c, lane, None, None, &[i1], vec![]).result(rw.ctx),
            None => lane,
        });
    }
    let Some(cond) = cond else { return in_bounds(rw) };
    let (then_region, then_block, _) = rw.region_with_block(&[]);
    let v = build_in(rw, then_block, |rw| in_bounds(rw));
    build_in(rw, then_block, |rw| yield_maybe(rw, result.and(v)));
    let (else_region, else_block, _) = rw.region_with_block(&[]);
    let v = build_in(rw, else_block, |rw| out_of_bounds(rw));
    build_in(rw, else_block, |rw| yield_maybe(rw, result.and(v)));
    let types: Vec<Type> = result.into_iter().collect();
    let guard = IfOp::create(rw, cond, &types, vec![then_region, else_region]);
    result.map(|_| rw.ctx.result(guard.op(), 0))
}

/// An `scf.for %iv = 0 to n step 1` (carrying what `init` makes after
/// the bounds, if anything) whose body `body` builds, returning the value
/// to yield.
fn counted_loop(
    rw: &mut Rewriter<'_>,
    n: i64,
    scalable: bool,
    init: impl FnOnce(&mut Rewriter<'_>) -> Option<Value>,
    body: impl FnOnce(&mut Rewriter<'_>, Value, Option<Value>) -> Option<Value>,
) -> ForOp {
    let lb = index_const(rw, 0);
    let mut ub = index_const(rw, n);
    if scalable {
        ub = times_vscale(rw, ub);
    }
    let step = index_const(rw, 1);
    let init = init(rw);
    let inits: Vec<Value> = init.into_iter().collect();
    let for_op = ForOp::build(rw, lb, ub, step, &inits);
    let block = for_op.body_block(rw.ctx);
    let iv = for_op.induction_var(rw.ctx);
    let carried = for_op.region_iter_args(rw.ctx).first().copied();
    build_in(rw, block, |rw| {
        let v = body(rw, iv, carried);
        yield_maybe(rw, v);
    });
    for_op
}

/// `n * vector.vscale` (a scalable dim's runtime size).
fn times_vscale(rw: &mut Rewriter<'_>, n: Value) -> Value {
    let index = rw.ctx.index_type();
    let vscale = VScaleOp::create(rw, &[index], vec![]).result(rw.ctx);
    MulIOp::create(rw, n, vscale, None, None, &[index], vec![]).result(rw.ctx)
}

// ---- progressive lowering (lowering_n_d) -----------------------------------------

/// The closest ancestor that is an automatic allocation scope (a function,
/// a loop, `memref.alloca_scope`): where the buffers go.
fn allocation_scope(ctx: &Context, op: OpId) -> Option<OpId> {
    use crate::dialects::{func, memref, scf, scf_parallel};
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if func::FuncOp::isa(ctx, p)
            || scf::ForOp::isa(ctx, p)
            || scf::ForallOp::isa(ctx, p)
            || scf_parallel::ParallelOp::isa(ctx, p)
            || memref::AllocaScopeOp::isa(ctx, p)
        {
            return Some(p);
        }
        cur = ctx.parent_op(p);
    }
    None
}

fn memref_of(rw: &mut Rewriter<'_>, shape: Vec<i64>, elem: Type) -> Type {
    rw.ctx.ty(TypeKind::MemRef { shape, elem, layout: None, memory_space: None })
}

/// `allocBuffers`: a rank-0 buffer for the vector (and one for the mask,
/// which is stored right away and loaded back) at the top of the scope.
/// Returns the data buffer and the reloaded mask.
fn alloc_buffers(rw: &mut Rewriter<'_>, x: &Xfer, scope: OpId) -> (Value, Option<Value>) {
    let region = rw.ctx.regions(scope)[0];
    let block = rw.ctx.blocks(region)[0];
    let saved = rw.ip;
    rw.ip = match rw.ctx.first_op(block) {
        Some(first) => InsertPoint::Before(first),
        None => InsertPoint::End(block),
    };
    let data_ty = memref_of(rw, vec![], x.view.vector_type);
    let data = AllocaOp::create(rw, &[], &[], None, &[data_ty], vec![]).memref(rw.ctx);
    let mask = x.view.mask.map(|mask| {
        let mask_ty = rw.ctx.value_type(mask);
        let buf_ty = memref_of(rw, vec![], mask_ty);
        let buf = AllocaOp::create(rw, &[], &[], None, &[buf_ty], vec![]).memref(rw.ctx);
        rw.set_insertion_point_before(x.op);
        StoreOp::create(rw, mask, buf, &[], None, None, &[], vec![]);
        LoadOp::create(rw, buf, &[], None, None, &[mask_ty], vec![]).result(rw.ctx)
    });
    rw.ip = saved;
    (data, mask)
}

fn preparable(rw: &Rewriter<'_>, x: &Xfer) -> Option<OpId> {
    if rw.ctx.get_attr(x.op, PASS_LABEL).is_some() || !lowerable(rw, x) {
        return None;
    }
    allocation_scope(rw.ctx, x.op)
}

/// `PrepareTransferReadConversion`: the read, labelled, stores into a
/// buffer its users now load from.
pub fn prepare_transfer_read(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(x) = Xfer::of(rw.ctx, op).filter(|x| x.is_read) else { return false };
    let Some(scope) = preparable(rw, &x) else { return false };
    rw.set_insertion_point_before(op);
    let (data, mask) = alloc_buffers(rw, &x, scope);
    let mut map = crate::context::clone::IrMapping::default();
    let clone = rw.ctx.clone_op(op, &mut map);
    rw.insert_detached(clone);
    let unit = rw.ctx.attr(AttrKind::Unit);
    rw.set_attr(clone, PASS_LABEL, unit);
    if let Some(m) = mask {
        let n = rw.ctx.operands(clone).len();
        rw.set_operand(clone, n - 1, m);
    }
    let read = rw.ctx.result(clone, 0);
    StoreOp::create(rw, read, data, &[], None, None, &[], vec![]);
    let loaded = LoadOp::create(rw, data, &[], None, None, &[x.view.vector_type], vec![]).result(rw.ctx);
    rw.replace_op(op, &[loaded]);
    true
}

/// `PrepareTransferWriteConversion`: the vector goes through a buffer the
/// labelled write loads it from.
pub fn prepare_transfer_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(x) = Xfer::of(rw.ctx, op).filter(|x| !x.is_read) else { return false };
    let Some(scope) = preparable(rw, &x) else { return false };
    rw.set_insertion_point_before(op);
    let (data, mask) = alloc_buffers(rw, &x, scope);
    let value = TransferWriteOp(op).value_to_store(rw.ctx);
    StoreOp::create(rw, value, data, &[], None, None, &[], vec![]);
    let loaded = LoadOp::create(rw, data, &[], None, None, &[x.view.vector_type], vec![]).result(rw.ctx);
    rw.set_operand(op, 0, loaded);
    let unit = rw.ctx.attr(AttrKind::Unit);
    rw.set_attr(op, PASS_LABEL, unit);
    if let Some(m) = mask {
        let n = rw.ctx.operands(op).len();
        rw.set_operand(op, n - 1, m);
    }
    true
}

/// `memref<S x vector<V0 x V..>>` to `memref<S x V0 x vector<V..>>`
/// (`unpackOneDim`); `None` for a scalable leading vector dim.
fn unpack_one_dim(rw: &mut Rewriter<'_>, memref: Type) -> Option<Type> {
    let TypeKind::MemRef { shape, elem, .. } = rw.ctx.type_kind(memref).clone() else { return None };
    let v = vector_shape(rw.ctx, elem)?;
    if v.rank() == 0 || v.scalable[0] {
        return None;
    }
    let (lead, inner_shape, inner_scalable, scalar) =
        (v.shape[0], v.shape[1..].to_vec(), v.scalable[1..].to_vec(), v.elem);
    let inner = rw.ctx.ty(TypeKind::Vector { shape: inner_shape, scalable: inner_scalable, elem: scalar });
    let mut shape = shape;
    shape.push(lead);
    Some(memref_of(rw, shape, inner))
}

/// The `memref.load` defining `v` (its buffer and indices).
fn defining_load(ctx: &Context, v: Value) -> Option<(Value, Vec<Value>)> {
    let load = ctx.defining_op(v).filter(|d| LoadOp::isa(ctx, *d))?;
    let ops = ctx.operands(load);
    Some((ops[0], ops[1..].to_vec()))
}

/// `TransferOpConversion`: a labelled transfer becomes a loop over its
/// leading dim moving rows between the buffer (cast one dim deeper) and
/// memory.
pub fn transfer_op_conversion(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(x) = Xfer::of(rw.ctx, op) else { return false };
    if rw.ctx.get_attr(op, PASS_LABEL).is_none() {
        return false;
    }
    let ctx = &*rw.ctx;
    // Where the vector lives: the buffer a read stores into, the buffer a
    // write's vector was loaded from.
    let (store_op, buffer, buffer_indices) = if x.is_read {
        let result = ctx.result(op, 0);
        let [u] = ctx.uses(result) else { return false };
        if !StoreOp::isa(ctx, u.op) || u.operand != 0 {
            return false;
        }
        let ops = ctx.operands(u.op);
        (Some(u.op), ops[1], ops[2..].to_vec())
    } else {
        let Some((b, idx)) = defining_load(ctx, TransferWriteOp(op).value_to_store(ctx)) else { return false };
        (None, b, idx)
    };
    let mask_load = match x.view.mask {
        Some(m) => match defining_load(ctx, m) {
            Some(l) => Some(l),
            None => return false,
        },
        None => None,
    };
    let buffer_ty = ctx.value_type(buffer);
    let Some(cast_ty) = unpack_one_dim(rw, buffer_ty) else { return false };
    rw.set_insertion_point_before(op);
    let cast = TypeCastOp::create(rw, buffer, &[cast_ty], vec![]).result(rw.ctx);
    let broadcast_lead = x.unpacked_dim().is_none();
    let mask_rank = x.mask_rank(rw.ctx);
    let cast_mask = match &mask_load {
        Some((mbuf, _)) if broadcast_lead || mask_rank == Some(1) => Some(*mbuf),
        Some((mbuf, _)) => {
            let mty = rw.ctx.value_type(*mbuf);
            let Some(t) = unpack_one_dim(rw, mty) else { return false };
            Some(TypeCastOp::create(rw, *mbuf, &[t], vec![]).result(rw.ctx))
        }
        None => None,
    };
    let TypeKind::MemRef { shape: cast_shape, elem: row_ty, .. } = rw.ctx.type_kind(cast_ty).clone() else {
        return false;
    };
    let trip = *cast_shape.last().expect("unpacked dim");
    let tensor_write = !x.is_read && x.on_tensor(rw.ctx);
    let init = tensor_write.then_some(x.view.base);
    let state_ty = init.map(|v| rw.ctx.value_type(v));
    let label = rw.ctx.get_attr(op, PASS_LABEL);
    let relabel = x.rank() - 1 > rw.transfer_to_scf.target_rank;
    let padding = x.view.padding;
    let for_op = counted_loop(
        rw,
        trip,
        false,
        |_| init,
        |rw, iv, carried| {
            let mut row_indices = buffer_indices.clone();
            row_indices.push(iv);
            let mut in_bounds = |rw: &mut Rewriter<'_>| {
                let indices = xfer_indices(rw, &x, iv);
                // The write's row is loaded before its mask (MLIR inserts the
                // mask load right before the new transfer).
                let row = (!x.is_read)
                    .then(|| LoadOp::create(rw, cast, &row_indices, None, None, &[row_ty], vec![]).result(rw.ctx));
                let mask = match (&mask_load, cast_mask) {
                    (Some((_, prev)), Some(cm)) if broadcast_lead || mask_rank.is_some_and(|r| r > 1) => {
                        let mut idx = prev.clone();
                        if !broadcast_lead {
                            idx.push(iv);
                        }
                        let mty = match rw.ctx.value_type_kind(cm) {
                            TypeKind::MemRef { elem, .. } => *elem,
                            _ => return None,
                        };
                        Some(LoadOp::create(rw, cm, &idx, None, None, &[mty], vec![]).result(rw.ctx))
                    }
                    _ => None,
                };
                let map = x.inner_map();
                let ib = x.inner_in_bounds(rw);
                let new = if x.is_read {
                    let r =
                        TransferReadOp::create(rw, x.view.base, &indices, padding, mask, &map, ib, &[row_ty], vec![]);
                    let v = r.vector(rw.ctx);
                    StoreOp::create(rw, v, cast, &row_indices, None, None, &[], vec![]);
                    r.op()
                } else {
                    let dest = carried.unwrap_or(x.view.base);
                    let types: Vec<Type> = state_ty.into_iter().collect();
                    let row = row.expect("a write loads its row");
                    TransferWriteOp::create(rw, row, dest, &indices, mask, &map, ib, &types, vec![]).op()
                };
                if relabel {
                    if let Some(l) = label {
                        rw.set_attr(new, PASS_LABEL, l);
                    }
                }
                tensor_write.then(|| rw.ctx.result(new, 0))
            };
            let mut out_of_bounds = |rw: &mut Rewriter<'_>| {
                if x.is_read {
                    let pad = padding?;
                    let fill = BroadcastOp::create(rw, pad, &[row_ty], vec![]).vector(rw.ctx);
                    StoreOp::create(rw, fill, cast, &row_indices, None, None, &[], vec![]);
                    None
                } else {
                    carried
                }
            };
            in_bounds_check(rw, &x, iv, state_ty, &mut in_bounds, &mut out_of_bounds)
        },
    );
    if let Some(s) = store_op {
        rw.erase_op(s);
    }
    if tensor_write {
        let r = rw.ctx.result(for_op.op(), 0);
        rw.replace_op(op, &[r]);
    } else {
        rw.erase_op(op);
    }
    true
}

// ---- full unrolling (lowering_n_d_unrolled) -------------------------------------

/// The mask of the `i`-th unrolled transfer (`maybeAssignMask`): the same
/// mask under a broadcast leading dim, row `i` of an n-D mask, none for a
/// 1-D mask (checked lane by lane).
fn unrolled_mask(rw: &mut Rewriter<'_>, x: &Xfer, i: i64) -> Option<Value> {
    let mask = x.view.mask?;
    if x.unpacked_dim().is_none() {
        return Some(mask);
    }
    (x.mask_rank(rw.ctx)? > 1).then(|| rw.vector_extract(mask, &[i]))
}

/// `UnrollTransferReadConversion`: the leading dim unrolled into reads one
/// rank lower inserted into the padding (or into the vector a single
/// `vector.insert` user puts the read into).
pub fn unroll_transfer_read(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(x) = Xfer::of(rw.ctx, op).filter(|x| x.is_read) else { return false };
    if !lowerable(rw, &x) {
        return false;
    }
    let ctx = &*rw.ctx;
    let result = ctx.result(op, 0);
    let insert = match ctx.uses(result) {
        [u] if InsertOp::isa(ctx, u.op) && u.operand == 0 => Some(u.op),
        _ => None,
    };
    let (insert_dyn, insert_static): (Vec<Value>, Vec<i64>) = match insert {
        Some(ins) => {
            let i = InsertOp(ins);
            (i.dynamic_position(ctx).to_vec(), i.static_position(ctx).to_vec())
        }
        None => (Vec::new(), Vec::new()),
    };
    rw.set_insertion_point_before(op);
    let Some(padding) = x.view.padding else { return false };
    let mut vec = match insert {
        Some(ins) => InsertOp(ins).dest(rw.ctx),
        None => BroadcastOp::create(rw, padding, &[x.view.vector_type], vec![]).vector(rw.ctx),
    };
    let vec_ty = rw.ctx.value_type(vec);
    let row_ty = x.inner_vector_type(rw);
    for i in 0..x.shape[0] {
        let iv = index_const(rw, i);
        let current = vec;
        let mut in_bounds = |rw: &mut Rewriter<'_>| {
            let indices = xfer_indices(rw, &x, iv);
            let map = x.inner_map();
            let ib = x.inner_in_bounds(rw);
            let mask = unrolled_mask(rw, &x, i);
            let mut row =
                TransferReadOp::create(rw, x.view.base, &indices, Some(padding), mask, &map, ib, &[row_ty], vec![])
                    .vector(rw.ctx);
            if x.rank() == 1 {
                row = rw.vector_extract(row, &[]);
            }
            let mut statics = insert_static.clone();
            statics.push(i);
            Some(InsertOp::create(rw, row, current, &insert_dyn, &statics, &[vec_ty], vec![]).result(rw.ctx))
        };
        let mut out_of_bounds = |_: &mut Rewriter<'_>| Some(current);
        vec = in_bounds_check(rw, &x, iv, Some(vec_ty), &mut in_bounds, &mut out_of_bounds).expect("a vector");
    }
    match insert {
        Some(ins) => {
            rw.replace_op(ins, &[vec]);
            rw.erase_op(op);
        }
        None => rw.replace_op(op, &[vec]),
    }
    true
}

/// `UnrollTransferWriteConversion`: the leading dim unrolled into writes
/// one rank lower of rows extracted from the vector (from the source of a
/// `vector.extract` that produced it).
pub fn unroll_transfer_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(x) = Xfer::of(rw.ctx, op).filter(|x| !x.is_read) else { return false };
    if !lowerable(rw, &x) {
        return false;
    }
    let ctx = &*rw.ctx;
    let value = TransferWriteOp(op).value_to_store(ctx);
    let extract = ctx.defining_op(value).filter(|d| ExtractOp::isa(ctx, *d));
    let (vec, extract_dyn, extract_static) = match extract {
        Some(e) => {
            let e = ExtractOp(e);
            (e.source(ctx), e.dynamic_position(ctx).to_vec(), e.static_position(ctx).to_vec())
        }
        None => (value, Vec::new(), Vec::new()),
    };
    let tensor = x.on_tensor(ctx);
    let source_ty = tensor.then(|| ctx.value_type(x.view.base));
    rw.set_insertion_point_before(op);
    let mut source = x.view.base;
    for i in 0..x.shape[0] {
        let iv = index_const(rw, i);
        let current = source;
        let mut in_bounds = |rw: &mut Rewriter<'_>| {
            let indices = xfer_indices(rw, &x, iv);
            let mut statics = extract_static.clone();
            statics.push(i);
            let row_ty = if x.rank() == 1 { x.elem } else { x.inner_vector_type(rw) };
            let mut row = ExtractOp::create(rw, vec, &extract_dyn, &statics, &[row_ty], vec![]).result(rw.ctx);
            if x.rank() == 1 {
                let zero_d = rw.ctx.ty(TypeKind::Vector { shape: vec![], scalable: vec![], elem: x.elem });
                row = rw.vector_broadcast(row, zero_d);
            }
            let map = x.inner_map();
            let ib = x.inner_in_bounds(rw);
            let mask = unrolled_mask(rw, &x, i);
            let types: Vec<Type> = source_ty.into_iter().collect();
            let w = TransferWriteOp::create(rw, row, current, &indices, mask, &map, ib, &types, vec![]);
            tensor.then(|| rw.ctx.result(w.op(), 0))
        };
        let mut out_of_bounds = |_: &mut Rewriter<'_>| tensor.then_some(current);
        if let Some(updated) = in_bounds_check(rw, &x, iv, source_ty, &mut in_bounds, &mut out_of_bounds) {
            source = updated;
        }
    }
    if tensor {
        rw.replace_op(op, &[source]);
    } else {
        rw.erase_op(op);
    }
    true
}

// ---- 1-D transfers (lowering_1_d) ------------------------------------------------

/// `TransferOp1dConversion`: a 1-D transfer that is not a contiguous
/// access (map not a minor identity, or a strided innermost dim) becomes a
/// loop of scalar loads inserted into the padding, or of extracted lanes
/// stored.
pub fn transfer_1d_conversion(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    // Only with the default target rank (MLIR adds the pattern for 1 only).
    if rw.transfer_to_scf.target_rank != 1 {
        return false;
    }
    let Some(x) = Xfer::of(rw.ctx, op) else { return false };
    let ctx = &*rw.ctx;
    if !matches!(ctx.value_type_kind(x.view.base), TypeKind::MemRef { .. }) || x.rank() != 1 {
        return false;
    }
    let n = x.map.num_dims;
    let minor_identity = n > 0 && x.map.results == [AffineExpr::Dim(n - 1)];
    let unit_stride = strides_and_offset(ctx, ctx.value_type(x.view.base))
        .is_some_and(|s| s.strides.last().is_none_or(|last| *last == 1));
    if minor_identity && unit_stride {
        return false;
    }
    rw.set_insertion_point_before(op);
    if x.is_read && x.view.padding.is_none() {
        return false;
    }
    let vector_ty = x.view.vector_type;
    // A read starts from the padding everywhere.
    let init = |rw: &mut Rewriter<'_>| {
        let pad = x.view.padding?;
        Some(BroadcastOp::create(rw, pad, &[vector_ty], vec![]).vector(rw.ctx))
    };
    let for_op = counted_loop(rw, x.shape[0], x.scalable[0], init, |rw, iv, carried| {
        let mut indices = x.view.indices.clone();
        if let Some(d) = x.unpacked_dim() {
            indices[d] = offset_plus(rw, indices[d], iv);
        }
        if x.is_read {
            let vec = carried.expect("a read carries its vector");
            let mut in_bounds = |rw: &mut Rewriter<'_>| {
                let scalar = LoadOp::create(rw, x.view.base, &indices, None, None, &[x.elem], vec![]).result(rw.ctx);
                Some(InsertOp::create(rw, scalar, vec, &[iv], &[DYNAMIC], &[vector_ty], vec![]).result(rw.ctx))
            };
            let mut out_of_bounds = |_: &mut Rewriter<'_>| Some(vec);
            in_bounds_check(rw, &x, iv, Some(vector_ty), &mut in_bounds, &mut out_of_bounds)
        } else {
            let value = TransferWriteOp(x.op).value_to_store(rw.ctx);
            let mut in_bounds = |rw: &mut Rewriter<'_>| {
                let lane = ExtractOp::create(rw, value, &[iv], &[DYNAMIC], &[x.elem], vec![]).result(rw.ctx);
                StoreOp::create(rw, lane, x.view.base, &indices, None, None, &[], vec![]);
                None
            };
            let mut out_of_bounds = |_: &mut Rewriter<'_>| None;
            in_bounds_check(rw, &x, iv, None, &mut in_bounds, &mut out_of_bounds);
            None
        }
    });
    let results = rw.ctx.results(for_op.op()).to_vec();
    if x.is_read {
        rw.replace_op(op, &results);
    } else {
        rw.erase_op(op);
    }
    true
}

// ---- vector.print (DecomposePrintOpConversion) ------------------------------------

fn punctuation(rw: &mut Rewriter<'_>, word: &str) -> crate::Attr {
    let d = rw.ctx.sym("vector");
    rw.ctx.attr(AttrKind::Opaque { dialect: d, text: format!("punctuation<{word}>") })
}

fn print_punctuation(rw: &mut Rewriter<'_>, word: &str) -> OpId {
    let p = punctuation(rw, word);
    PrintOp::create(rw, None, Some(p), None, &[], vec![]).op()
}

/// `DecomposePrintOpConversion`: an n-D (or 0-D) `vector.print` becomes
/// nested loops printing `( a, b ), ( c, d )` element by element, integers
/// widened to at least `i8` (a power of two).
pub fn decompose_print(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !PrintOp::isa(ctx, op) {
        return false;
    }
    let Some(&source) = ctx.operands(op).first() else { return false };
    let ty = ctx.value_type(source);
    let Some(v) = vector_shape(ctx, ty) else { return false };
    if v.rank() > 1 && v.is_scalable() {
        // n-D scalable vectors have no LLVM form to print (as 22).
        return false;
    }
    let scalable = v.scalable.to_vec();
    let (shape, elem) = (v.shape.to_vec(), v.elem);
    let keep = ctx.get_attr(op, "punctuation");
    rw.set_insertion_point_before(op);
    let mut value = source;
    let mut elem_ty = elem;
    if let TypeKind::Integer { width, signedness } = rw.ctx.type_kind(elem).clone() {
        // LLVM's `NextPowerOf2(max(8, width) - 1)`.
        let legal = width.max(8).next_power_of_two();
        let vec_of = |rw: &mut Rewriter<'_>, width: u32, signed: bool| {
            let e = if signed { rw.ctx.ty(TypeKind::Integer { width, signedness }) } else { rw.ctx.int_type(width) };
            rw.ctx.ty(TypeKind::Vector { shape: shape.clone(), scalable: scalable.clone(), elem: e })
        };
        let (signless_src, signless_dst, target) =
            (vec_of(rw, width, false), vec_of(rw, legal, false), vec_of(rw, legal, true));
        value = BitCastOp::create(rw, value, &[signless_src], vec![]).result(rw.ctx);
        if signless_src != signless_dst {
            let unsigned = width == 1 || matches!(signedness, crate::types::Signedness::Unsigned);
            value = if unsigned {
                ExtUIOp::create(rw, value, None, None, None, &[signless_dst], vec![]).result(rw.ctx)
            } else {
                ExtSIOp::create(rw, value, None, None, None, &[signless_dst], vec![]).result(rw.ctx)
            };
        }
        value = BitCastOp::create(rw, value, &[target], vec![]).result(rw.ctx);
        elem_ty = vector_shape(rw.ctx, target).map(|t| t.elem).unwrap_or(elem);
    }
    let dims: Vec<i64> = if shape.is_empty() { vec![1] } else { shape.clone() };
    // A 0-D vector is printed as one element read with no position (what
    // 22's output shows once its folds ran).
    if shape.len() > 1 {
        let flat =
            rw.ctx.ty(TypeKind::Vector { shape: vec![dims.iter().product()], scalable: vec![false], elem: elem_ty });
        value = ShapeCastOp::create(rw, value, &[flat], vec![]).result(rw.ctx);
    }
    let mut first_close = None;
    let mut ivs = Vec::new();
    for (d, &n) in dims.iter().enumerate() {
        let lb = index_const(rw, 0);
        let mut ub = index_const(rw, n);
        let step = index_const(rw, 1);
        if scalable.get(d).copied().unwrap_or(false) {
            ub = times_vscale(rw, ub);
        }
        let index = rw.ctx.index_type();
        let last = SubIOp::create(rw, ub, step, None, None, &[index], vec![]).result(rw.ctx);
        print_punctuation(rw, "open");
        let for_op = ForOp::build(rw, lb, ub, step, &[]);
        let close = print_punctuation(rw, "close");
        first_close.get_or_insert(close);
        let block = for_op.body_block(rw.ctx);
        let iv = for_op.induction_var(rw.ctx);
        ivs.push(iv);
        build_in(rw, block, |rw| {
            let not_last = cmpi(rw, ULT, iv, last);
            let (then_region, then_block, _) = rw.region_with_block(&[]);
            build_in(rw, then_block, |rw| {
                print_punctuation(rw, "comma");
                YieldOp::build(rw, &[]);
            });
            let else_region = rw.ctx.create_region();
            IfOp::create(rw, not_last, &[], vec![then_region, else_region]);
            YieldOp::build(rw, &[]);
        });
        let first = rw.ctx.first_op(block).expect("the loop body");
        rw.set_insertion_point_before(first);
    }
    let index = rw.ctx.index_type();
    let mut flat: Option<Value> = None;
    let mut stride = 1i64;
    for d in (0..dims.len()).rev() {
        let s = index_const(rw, stride);
        let term = MulIOp::create(rw, s, ivs[d], None, None, &[index], vec![]).result(rw.ctx);
        flat = Some(match flat {
            Some(f) => AddIOp::create(rw, f, term, None, None, &[index], vec![]).result(rw.ctx),
            None => term,
        });
        stride *= dims[d];
    }
    let at = flat.expect("one dim at least");
    let element = if shape.is_empty() {
        ExtractOp::create(rw, value, &[], &[], &[elem_ty], vec![]).result(rw.ctx)
    } else {
        ExtractOp::create(rw, value, &[at], &[DYNAMIC], &[elem_ty], vec![]).result(rw.ctx)
    };
    let none = punctuation(rw, "no_punctuation");
    PrintOp::create(rw, Some(element), Some(none), None, &[], vec![]);
    let close = first_close.expect("one loop at least");
    match rw.ctx.next_op(close) {
        Some(next) => rw.set_insertion_point_before(next),
        None => {
            let b = rw.ctx.op_block(close).expect("in a block");
            rw.ip = InsertPoint::End(b);
        }
    }
    PrintOp::create(rw, None, keep, None, &[], vec![]);
    rw.erase_op(op);
    true
}
