//! `vectorize_children_and_apply_patterns {vectorize_padding}`: MLIR 22's
//! `populatePadOpVectorizationPatterns` (a `tensor.pad` with a constant
//! padding value and no low padding, read by a `vector.transfer_read`,
//! inserted by a `tensor.insert_slice` or written by a
//! `vector.transfer_write` whose result is trimmed back, becomes a
//! transfer of the pad's source) and `populateDecomposePadPatterns` (any
//! other pad of a static shape becomes a `linalg.fill` of a `tensor.empty`
//! and a `tensor.insert_slice` of the source, which the vectorization
//! pattern then vectorizes).

use tessel_ir::builder::Ofr;
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::tensor::{ExtractSliceOp, GenerateOp, InsertSliceOp, PadOp};
use tessel_ir::dialects::vector::{bool_array_attr, minor_identity, vector_type, TransferReadOp, TransferWriteOp};
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{named_patterns, Context, OpId, Value};

use super::transfer::index_here;

/// The patterns `vectorize_padding` adds, for a pad (the users' rewrites
/// first: upstream gives them the higher benefit).
pub fn pad_vectorization_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PadOp::isa(ctx, op) {
        named_patterns![pad_into_transfer_read, pad_into_insert_slice, pad_into_transfer_write, decompose_pad]
    } else {
        &[]
    }
}

/// A pad all of whose low padding is a static zero.
fn zero_low_pad(ctx: &Context, pad: OpId) -> bool {
    let p = PadOp(pad);
    p.low(ctx).is_empty() && p.static_low(ctx).iter().all(|l| *l == 0)
}

/// MLIR's `PadOp::getConstantPaddingValue`: the yielded value, if it is a
/// constant or defined outside the pad.
fn constant_padding_value(ctx: &Context, pad: OpId) -> Option<Value> {
    let region = *ctx.regions(pad).first()?;
    let block = *ctx.blocks(region).first()?;
    let v = *ctx.operands(ctx.last_op(block)?).first()?;
    let inside =
        ctx.defining_op(v).is_some_and(|d| ctx.op_block(d) == Some(block)) || ctx.block_args(block).contains(&v);
    let constant = ctx.defining_op(v).is_some_and(|d| ConstantOp::isa(ctx, d));
    (constant || !inside).then_some(v)
}

/// The padding value usable outside the pad: a constant defined in its
/// body is moved before it (as upstream's decomposition moves it).
fn padding_value_outside(rw: &mut Rewriter<'_>, pad: OpId) -> Option<Value> {
    let v = constant_padding_value(rw.ctx, pad)?;
    if let Some(d) = rw.ctx.defining_op(v) {
        let pad_block = rw.ctx.regions(pad).first().and_then(|r| rw.ctx.blocks(*r).first().copied());
        if rw.ctx.op_block(d) == pad_block {
            rw.move_op_before(d, pad);
        }
    }
    Some(v)
}

/// Applies `rewrite` to each user of the pad's result that `is_user` picks;
/// whether any was rewritten (`VectorizePadOpUserPattern`).
fn rewrite_users(
    rw: &mut Rewriter<'_>,
    pad: OpId,
    is_user: fn(&Context, OpId) -> bool,
    rewrite: fn(&mut Rewriter<'_>, OpId, OpId) -> bool,
) -> bool {
    let result = rw.ctx.result(pad, 0);
    let mut users: Vec<OpId> = rw.ctx.uses(result).iter().map(|u| u.op).collect();
    users.dedup();
    let mut changed = false;
    for user in users {
        if !rw.ctx.is_erased(user) && is_user(rw.ctx, user) {
            changed |= rewrite(rw, pad, user);
        }
    }
    changed
}

/// `PadOpVectorizationWithTransferReadPattern`: an in-bounds, unmasked
/// read of the pad reads its source, out of bounds, padded with the pad's
/// value.
pub fn pad_into_transfer_read(rw: &mut Rewriter<'_>, pad: OpId) -> bool {
    rewrite_users(rw, pad, TransferReadOp::isa, |rw, pad, read| {
        let ctx = &*rw.ctx;
        let r = TransferReadOp(read);
        if !zero_low_pad(ctx, pad) || r.base(ctx) != ctx.result(pad, 0) || r.mask(ctx).is_some() {
            return false;
        }
        let in_bounds = tessel_ir::dialects::vector::bool_array(ctx, r.in_bounds(ctx));
        let rank =
            tessel_ir::dialects::vector::vector_shape(ctx, ctx.value_type(ctx.result(read, 0))).map_or(0, |v| v.rank());
        if in_bounds.as_ref().is_none_or(|b| b.len() != rank || b.iter().any(|x| !x)) {
            return false;
        }
        let Some(value) = constant_padding_value(ctx, pad) else { return false };
        if ctx.defining_op(value).is_some_and(|d| ctx.op_block(d) != ctx.op_block(pad))
            && !defined_before(ctx, value, read)
        {
            return false;
        }
        let source = PadOp(pad).source(ctx);
        let all_out = bool_array_attr(rw.ctx, &vec![false; rank]);
        rw.set_attr(read, "in_bounds", all_out);
        rw.set_operand(read, 0, source);
        let padding_at = 1 + r.indices(rw.ctx).len();
        rw.set_operand(read, padding_at, value);
        true
    })
}

/// Whether `v` is usable at `op` (a value of an enclosing block, or
/// defined before it in its block).
fn defined_before(ctx: &Context, v: Value, op: OpId) -> bool {
    let Some(d) = ctx.defining_op(v) else { return true };
    match (ctx.op_block(d), ctx.op_block(op)) {
        (Some(a), Some(b)) if a == b => {
            ctx.block_op_list(a).iter().position(|o| *o == d) < ctx.block_op_list(a).iter().position(|o| *o == op)
        }
        _ => true,
    }
}

/// `PadOpVectorizationWithInsertSlicePattern`: a static pad inserted whole
/// (unit strides, into the innermost dims) is a read of its source padded
/// to the pad's shape, written at the insert's offsets.
pub fn pad_into_insert_slice(rw: &mut Rewriter<'_>, pad: OpId) -> bool {
    rewrite_users(rw, pad, InsertSliceOp::isa, |rw, pad, insert| {
        let ctx = &*rw.ctx;
        let ins = InsertSliceOp(insert);
        let pad_result = ctx.result(pad, 0);
        if !zero_low_pad(ctx, pad) || ins.dest(ctx) == pad_result || ins.source(ctx) != pad_result {
            return false;
        }
        if !ins.strides(ctx).is_empty() || ins.static_strides(ctx).iter().any(|s| *s != 1) {
            return false;
        }
        let Some(value) = constant_padding_value(ctx, pad) else { return false };
        let shape = match ctx.value_type_kind(pad_result).shape() {
            Some(s) if !s.contains(&DYNAMIC) => s.to_vec(),
            _ => return false,
        };
        let dest_rank = ctx.value_type_kind(ins.dest(ctx)).shape().map_or(0, |s| s.len());
        let mut expected = vec![1i64; dest_rank.saturating_sub(shape.len())];
        expected.extend(&shape);
        if !ins.sizes(ctx).is_empty() || ins.static_sizes(ctx) != expected.as_slice() {
            return false;
        }
        let elem = ctx.value_type_kind(pad_result).element_type().expect("a tensor");
        let (source, dest) = (PadOp(pad).source(ctx), ins.dest(ctx));
        let offsets: Vec<Ofr> = {
            let (dynamic, statics) = (ins.offsets(ctx).to_vec(), ins.static_offsets(ctx).to_vec());
            let mut dynamic = dynamic.into_iter();
            statics
                .iter()
                .map(|o| if *o == DYNAMIC { Ofr::Val(dynamic.next().expect("an offset")) } else { Ofr::Const(*o) })
                .collect()
        };
        let dest_ty = ctx.value_type(dest);
        rw.set_insertion_point_before(insert);
        let vt = vector_type(rw.ctx, shape.clone(), elem);
        let rank = shape.len();
        let zero = index_here(rw, 0);
        let src_rank = rw.ctx.value_type_kind(source).shape().map_or(0, |s| s.len());
        let read_in_bounds = bool_array_attr(rw.ctx, &vec![false; rank]);
        let read = TransferReadOp::create(
            rw,
            source,
            &vec![zero; src_rank],
            Some(value),
            None,
            &minor_identity(src_rank, rank),
            Some(read_in_bounds),
            &[vt],
            vec![],
        )
        .vector(rw.ctx);
        let indices: Vec<Value> = offsets
            .iter()
            .map(|o| match o {
                Ofr::Val(v) => *v,
                Ofr::Const(c) => index_here(rw, *c),
            })
            .collect();
        let write_in_bounds = bool_array_attr(rw.ctx, &vec![true; rank]);
        let map = minor_identity(dest_rank, rank);
        let w =
            TransferWriteOp::create(rw, read, dest, &indices, None, &map, Some(write_in_bounds), &[dest_ty], vec![]);
        let written = rw.ctx.result(w.op(), 0);
        rw.replace_op(insert, &[written]);
        true
    })
}

/// `PadOpVectorizationWithTransferWritePattern`: a write into the pad whose
/// result is only trimmed back to the source's (static) shape at zero
/// offsets writes into the source, out of bounds.
pub fn pad_into_transfer_write(rw: &mut Rewriter<'_>, pad: OpId) -> bool {
    rewrite_users(rw, pad, TransferWriteOp::isa, |rw, pad, write| {
        let ctx = &*rw.ctx;
        let w = TransferWriteOp(write);
        let pad_result = ctx.result(pad, 0);
        if !zero_low_pad(ctx, pad) || w.base(ctx) != pad_result || constant_padding_value(ctx, pad).is_none() {
            return false;
        }
        let Some(&result) = ctx.results(write).first() else { return false };
        let vrank = tessel_ir::dialects::vector::vector_shape(ctx, ctx.value_type(w.value_to_store(ctx)))
            .map_or(0, |v| v.rank());
        if vrank == 0 {
            return false;
        }
        let [u] = ctx.uses(result) else { return false };
        let trim = u.op;
        if !ExtractSliceOp::isa(ctx, trim) {
            return false;
        }
        let s = ExtractSliceOp(trim);
        let source = PadOp(pad).source(ctx);
        let source_ty = ctx.value_type(source);
        let static_source = ctx.value_type_kind(source).shape().is_some_and(|sh| !sh.contains(&DYNAMIC));
        if !s.offsets(ctx).is_empty()
            || s.static_offsets(ctx).iter().any(|o| *o != 0)
            || !static_source
            || ctx.value_type(ctx.result(trim, 0)) != source_ty
        {
            return false;
        }
        let (vector, indices, mask) = (w.value_to_store(ctx), w.indices(ctx).to_vec(), w.mask(ctx));
        let Some(map) = w.permutation_map(ctx).cloned() else { return false };
        rw.set_insertion_point_before(write);
        let out_of_bounds = bool_array_attr(rw.ctx, &vec![false; vrank]);
        let new = TransferWriteOp::create(
            rw,
            vector,
            source,
            &indices,
            mask,
            &map,
            Some(out_of_bounds),
            &[source_ty],
            vec![],
        );
        let v = rw.ctx.result(new.op(), 0);
        rw.replace_op(trim, &[v]);
        rw.erase_op(write);
        true
    })
}

/// `DecomposePadOpPattern`: a `linalg.fill` of a `tensor.empty` with the
/// constant padding value (a `tensor.generate` with the pad's body when the
/// value is not constant), dynamic sizes the source's plus the padding, and
/// the source inserted at the low padding.
pub fn decompose_pad(rw: &mut Rewriter<'_>, pad: OpId) -> bool {
    let ctx = &*rw.ctx;
    let p = PadOp(pad);
    let result = ctx.result(pad, 0);
    let Some(shape) = ctx.value_type_kind(result).shape().map(<[i64]>::to_vec) else { return false };
    let elem = ctx.value_type_kind(result).element_type().expect("a tensor");
    let result_ty = ctx.value_type(result);
    let source = p.source(ctx);
    let mixed = |dynamic: &[Value], statics: &[i64]| -> Vec<Ofr> {
        let mut dynamic = dynamic.iter();
        statics
            .iter()
            .map(|l| if *l == DYNAMIC { Ofr::Val(*dynamic.next().expect("a pad size")) } else { Ofr::Const(*l) })
            .collect()
    };
    let low = mixed(p.low(ctx), p.static_low(ctx));
    let high = mixed(p.high(ctx), p.static_high(ctx));
    let constant = constant_padding_value(ctx, pad).is_some();
    rw.set_insertion_point_before(pad);
    let mut dyn_sizes = Vec::new();
    for d in 0..shape.len() {
        if shape[d] == DYNAMIC {
            let src = mixed_size(rw, source, d);
            let plus_low = add_index(rw, src, low[d]);
            let size = add_index(rw, plus_low, high[d]);
            dyn_sizes.push(rw.value(size));
        }
    }
    let init = if constant {
        let mut dynamic = dyn_sizes.iter();
        let sizes: Vec<Ofr> = shape
            .iter()
            .map(|s| if *s == DYNAMIC { Ofr::Val(*dynamic.next().expect("a size")) } else { Ofr::Const(*s) })
            .collect();
        let empty = rw.empty(&sizes, elem);
        let Some(value) = padding_value_outside(rw, pad) else { return false };
        rw.set_insertion_point_before(pad);
        tessel_ir::dialects::linalg::fill(rw, value, empty)
    } else {
        let region = rw.ctx.regions(pad)[0];
        let mut map = tessel_ir::context::clone::IrMapping::default();
        let body = rw.ctx.clone_region(region, &mut map);
        GenerateOp::create(rw, &dyn_sizes, &[result_ty], vec![body]).result(rw.ctx)
    };
    let src_sizes: Vec<Ofr> = (0..shape.len()).map(|d| mixed_size(rw, source, d)).collect();
    let inserted = rw.insert_slice(source, init, &low, &src_sizes);
    rw.replace_op(pad, &[inserted]);
    true
}

/// `tensor::getMixedSize`: a static extent, or a `tensor.dim` with its own
/// index constant made in place.
fn mixed_size(rw: &mut Rewriter<'_>, v: Value, d: usize) -> Ofr {
    let extent = rw.ctx.value_type_kind(v).shape().and_then(|s| s.get(d).copied()).unwrap_or(DYNAMIC);
    if extent != DYNAMIC {
        return Ofr::Const(extent);
    }
    let c = index_here(rw, d as i64);
    let index = rw.ctx.index_type();
    Ofr::Val(tessel_ir::dialects::tensor::DimOp::create(rw, v, c, &[index], vec![]).result(rw.ctx))
}

/// `a + b` on index values, folded when either is a constant zero or both
/// are constants (`createOrFold<arith::AddIOp>`).
fn add_index(rw: &mut Rewriter<'_>, a: Ofr, b: Ofr) -> Ofr {
    match (a, b) {
        (Ofr::Const(x), Ofr::Const(y)) => Ofr::Const(x + y),
        (x, Ofr::Const(0)) | (Ofr::Const(0), x) => x,
        (x, y) => {
            let (x, y) = (rw.value(x), rw.value(y));
            let index = rw.ctx.index_type();
            let o = rw.op(tessel_ir::dialects::arith::ADDI.name, &[x, y], &[index], &[]);
            Ofr::Val(rw.ctx.result(o, 0))
        }
    }
}
