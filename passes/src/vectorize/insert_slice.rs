//! `tensor.insert_slice` to vector code, as MLIR 22's
//! `vectorizeAsInsertSliceOp`: the source read whole (masked by its sizes
//! with vector sizes, else in bounds), written into the destination at the
//! slice's offsets.
//!
//! Where 22 writes the wrong elements tessel does otherwise (see
//! docs/differences.md): a rank-reducing slice whose dropped unit dims are
//! not the leading ones is written along the dims it keeps (22 writes along
//! the trailing ones), a read larger than a dynamic or smaller source is
//! written through a mask of the source's sizes (22 masks by the
//! destination's and writes the padding), and non-unit strides and dynamic
//! sources without vector sizes are not vectorized (22 ignores the strides
//! and writes padding past the source).

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::linalg::FillOp;
use tessel_ir::dialects::tensor::{slice_view, InsertSliceOp};
use tessel_ir::dialects::vector::{bool_array_attr, BroadcastOp, TransferWriteOp};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Value};

use super::pack::{no_scalable, too_small, unsupported};
use super::transfer::{index_here, mask_of_sizes, masked, read_or_masked_read, tensor_shape};
use super::{VectorizeError, VectorizeOptions};

/// MLIR's `getStaticPadVal` on the slice's destination: the value a
/// `linalg.fill` (or a broadcast written whole, or the destination of
/// another insert) fills it with.
fn static_pad_value(ctx: &Context, v: Value) -> Option<Value> {
    let op = ctx.defining_op(v)?;
    if let Some(b) = BroadcastOp::cast(ctx, op) {
        let s = b.source(ctx);
        return ctx.value_type_kind(s).shape().is_none().then_some(s);
    }
    if FillOp::isa(ctx, op) {
        return Some(ctx.operands(op)[0]);
    }
    if let Some(w) = TransferWriteOp::cast(ctx, op) {
        return static_pad_value(ctx, w.value_to_store(ctx));
    }
    if let Some(s) = InsertSliceOp::cast(ctx, op) {
        return static_pad_value(ctx, s.dest(ctx));
    }
    None
}

/// MLIR's `isMaskTriviallyFoldable` (with its indexing of the write
/// indices by mask dim, as 22 has it).
fn mask_trivially_foldable(ctx: &Context, mask_sizes: &[i64], indices: &[Value], dest: &[i64], shape: &[i64]) -> bool {
    if dest.contains(&DYNAMIC) || mask_sizes.contains(&DYNAMIC) {
        return false;
    }
    let Some(idx) =
        indices.iter().map(|v| tessel_ir::dialects::pack::constant_int(ctx, *v)).collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let lead = dest.len() - mask_sizes.len();
    mask_sizes
        .iter()
        .enumerate()
        .all(|(i, m)| shape[i] <= dest[lead + i] && dest[lead + i] >= (*m).clamp(0, shape[i]) + idx[i])
}

pub(super) fn vectorize_insert_slice(
    ctx: &mut Context,
    op: OpId,
    opts: &VectorizeOptions,
) -> Result<(), VectorizeError> {
    let s = InsertSliceOp(op);
    let (source, dest) = (s.source(ctx), s.dest(ctx));
    let Some(view) = slice_view(ctx, op) else { return unsupported("malformed tensor.insert_slice") };
    if !view.strides.1.is_empty() || view.strides.0.iter().any(|x| *x != 1) {
        return unsupported("an insert_slice of non-unit strides (mlir-opt 22 ignores them)");
    }
    let offsets = tessel_ir::builder::Ofr::mixed(view.offsets.0, view.offsets.1);
    let slice_sizes = view.sizes.0.to_vec();
    let (src_shape, dest_shape) = {
        let b = Builder::new(ctx, InsertPoint::Before(op), ctx.op_loc(op));
        (tensor_shape(&b, source), tensor_shape(&b, dest))
    };
    let with_sizes = !opts.vector_sizes.is_empty();
    if with_sizes {
        no_scalable(opts, InsertSliceOp::NAME)?;
        if opts.vector_sizes.len() != src_shape.len() {
            return Err(VectorizeError::BadSizes(format!(
                "expected {} vector sizes for the rank-{} source of a tensor.insert_slice, got {}",
                src_shape.len(),
                src_shape.len(),
                opts.vector_sizes.len()
            )));
        }
        too_small(&opts.vector_sizes, &src_shape, "source")?;
    } else if src_shape.contains(&DYNAMIC) {
        return unsupported("a dynamic source without vector sizes (mlir-opt 22 writes padding past it)");
    }
    let vec_shape = if with_sizes { opts.vector_sizes.clone() } else { src_shape.clone() };
    // The destination dims the source's dims land on.
    let Some(dropped) = tessel_ir::dialects::patterns::vector_transfer::dropped_dims(&slice_sizes, &src_shape) else {
        return unsupported("the slice's sizes do not reduce to the source's shape");
    };
    let kept: Vec<usize> = (0..dropped.len()).filter(|d| !dropped[*d]).collect();
    let trailing = kept.iter().enumerate().all(|(i, d)| *d == dest_shape.len() - kept.len() + i);
    let exact = vec_shape == src_shape;
    let elem = ctx.value_type_kind(source).element_type().expect("a tensor");
    let pad = static_pad_value(ctx, dest);
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let pad = match pad {
        Some(v) => v,
        None => tessel_ir::dialects::arith::zero_here(&mut b, elem),
    };
    // MLIR makes the read's zero indices here too, and leaves them unused.
    index_here(&mut b, 0);
    let read = read_or_masked_read(&mut b, source, &vec_shape, |_| pad, !with_sizes);
    let indices: Vec<Value> = offsets
        .iter()
        .map(|o| match o {
            tessel_ir::builder::Ofr::Const(c) => index_here(&mut b, *c),
            tessel_ir::builder::Ofr::Val(v) => *v,
        })
        .collect();
    let rank = vec_shape.len();
    let map = AffineMap {
        num_dims: dest_shape.len() as u32,
        num_syms: 0,
        results: kept.iter().map(|d| AffineExpr::Dim(*d as u32)).collect(),
    };
    let in_bounds: Vec<bool> = if with_sizes {
        vec![true; rank]
    } else {
        (0..rank).map(|i| dest_shape[kept[i]] != DYNAMIC && dest_shape[kept[i]] >= vec_shape[i]).collect()
    };
    let dest_ty = b.ctx.value_type(dest);
    let write = |b: &mut Builder<'_>| {
        let ib = bool_array_attr(b.ctx, &in_bounds);
        let w = TransferWriteOp::create(b, read, dest, &indices, None, &map, Some(ib), &[dest_ty], vec![]);
        w.result(b.ctx).expect("a tensor write has a result")
    };
    let written = if !with_sizes {
        write(&mut b)
    } else if exact && trailing {
        // 22's mask of the destination's sizes, where it is right.
        let dest_tail = &dest_shape[dest_shape.len() - rank..];
        if dest_tail == vec_shape.as_slice()
            || mask_trivially_foldable(b.ctx, dest_tail, &indices, &dest_shape, &vec_shape)
        {
            write(&mut b)
        } else {
            let mask = mask_of_sizes(&mut b, dest, dest_shape.len() - rank..dest_shape.len(), &vec_shape);
            masked(&mut b, mask, dest_ty, write)
        }
    } else if exact {
        write(&mut b)
    } else {
        // The lanes past the source's sizes are not written.
        let mask = mask_of_sizes(&mut b, source, 0..rank, &vec_shape);
        masked(&mut b, mask, dest_ty, write)
    };
    let result = ctx.result(op, 0);
    ctx.replace_all_uses(result, written);
    ctx.erase_op(op);
    Ok(())
}
