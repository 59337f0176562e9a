//! The reads and writes vectorized code starts and ends with, as MLIR 22's
//! `vector::createReadOrMaskedRead` and `createWriteOrMaskedWrite` build
//! them: zero indices made in place, `in_bounds` from the shapes, and a
//! `vector.create_mask` of the tensor's sizes around the transfer when the
//! vector does not match it.

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::tensor::DimOp;
use tessel_ir::dialects::ub::{poison_attr, PoisonOp};
use tessel_ir::dialects::vector::{
    bool_array_attr, minor_identity, vector_type, CreateMaskOp, MaskOp, TransferReadOp, TransferWriteOp, YieldOp,
};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Type, Value};

/// A new `arith.constant N : index` at the insertion point (MLIR's
/// vectorizer makes its constants where it needs them, not uniqued).
pub(super) fn index_here(b: &mut Builder<'_>, v: i64) -> Value {
    let index = b.ctx.index_type();
    b.int_const_here(v as i128, index)
}

/// A new `ub.poison` of `ty` at the insertion point.
pub(super) fn poison_here(b: &mut Builder<'_>, ty: Type) -> Value {
    let attr = poison_attr(b.ctx);
    PoisonOp::create(b, Some(attr), &[ty], vec![]).result(b.ctx)
}

/// The static shape ([`DYNAMIC`] for `?`) of a ranked tensor.
pub(super) fn tensor_shape(b: &Builder<'_>, v: Value) -> Vec<i64> {
    match b.ctx.value_type_kind(v) {
        TypeKind::Tensor { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

/// MLIR's `tensor::getMixedSizes` then `CreateMaskOp::create`: a
/// `tensor.dim` (with its own index constant) per dynamic dim, in order,
/// then a constant per static dim, then the mask.
pub(super) fn mask_of_sizes(
    b: &mut Builder<'_>,
    tensor: Value,
    dims: std::ops::Range<usize>,
    mask_shape: &[i64],
) -> Value {
    let shape = tensor_shape(b, tensor);
    let index = b.ctx.index_type();
    let mut sizes: Vec<Option<Value>> = Vec::new();
    for (d, extent) in shape.iter().enumerate() {
        if *extent == DYNAMIC {
            let c = index_here(b, d as i64);
            let dim = DimOp::create(b, tensor, c, &[index], vec![]).result(b.ctx);
            sizes.push(Some(dim));
        } else {
            sizes.push(None);
        }
    }
    let operands: Vec<Value> = dims
        .map(|d| match sizes[d] {
            Some(v) => v,
            None => index_here(b, shape[d]),
        })
        .collect();
    let i1 = b.ctx.int_type(1);
    let mt = vector_type(b.ctx, mask_shape.to_vec(), i1);
    CreateMaskOp::create(b, &operands, &[mt], vec![]).result(b.ctx)
}

/// `vector.mask %mask { <make(b)> }`: the op `make` builds at the end of
/// the mask's block, yielded, with results of `result_ty`.
pub(super) fn masked(
    b: &mut Builder<'_>,
    mask: Value,
    result_ty: Type,
    make: impl FnOnce(&mut Builder<'_>) -> Value,
) -> Value {
    let (region, block, _) = b.region_with_block(&[]);
    let loc = b.loc;
    let m = MaskOp::create(b, mask, None, &[result_ty], vec![region]);
    let mut inner = Builder::new(b.ctx, InsertPoint::End(block), loc);
    let v = make(&mut inner);
    YieldOp::create(&mut inner, &[v], &[], vec![]);
    b.ctx.result(m.op(), 0)
}

/// MLIR's `createReadOrMaskedRead`: reads `read_shape` from `source` at
/// zero indices. With `in_bounds_instead_of_masking` a dim is in bounds
/// where the shapes agree (and is static); otherwise every dim is in
/// bounds and a mask of the source sizes guards a read of another shape.
/// `pad` makes the padding value after the zero index (MLIR's order).
pub(super) fn read_or_masked_read(
    b: &mut Builder<'_>,
    source: Value,
    read_shape: &[i64],
    pad: impl FnOnce(&mut Builder<'_>) -> Value,
    in_bounds_instead_of_masking: bool,
) -> Value {
    let src_shape = tensor_shape(b, source);
    let elem = b.ctx.value_type_kind(source).element_type().expect("a tensor");
    let zero = index_here(b, 0);
    let pad = pad(b);
    let rank = read_shape.len();
    let in_bounds: Vec<bool> = if in_bounds_instead_of_masking {
        (0..rank).map(|i| src_shape[i] == read_shape[i] && src_shape[i] != DYNAMIC).collect()
    } else {
        vec![true; rank]
    };
    let vt = vector_type(b.ctx, read_shape.to_vec(), elem);
    let indices = vec![zero; rank];
    let map = minor_identity(rank, rank);
    let read = |b: &mut Builder<'_>| {
        let ib = bool_array_attr(b.ctx, &in_bounds);
        TransferReadOp::create(b, source, &indices, Some(pad), None, &map, Some(ib), &[vt], vec![]).vector(b.ctx)
    };
    if src_shape == read_shape || in_bounds_instead_of_masking {
        return read(b);
    }
    let mask = mask_of_sizes(b, source, 0..rank, read_shape);
    masked(b, mask, vt, read)
}

/// MLIR's `isMaskTriviallyFoldable` for zero write indices: every mask
/// size is a constant at least the vector's.
fn mask_is_all_true(dest_shape: &[i64], vector_shape: &[i64]) -> bool {
    let lead = dest_shape.len() - vector_shape.len();
    vector_shape.iter().enumerate().all(|(i, v)| dest_shape[lead + i] != DYNAMIC && dest_shape[lead + i] >= *v)
}

/// MLIR's `createWriteOrMaskedWrite` at zero indices: writes `value` into
/// `dest`; with `in_bounds_instead_of_masking` a dim is in bounds where
/// the destination is static and at least as large, otherwise a mask of
/// the destination's sizes guards a vector of another shape.
pub(super) fn write_or_masked_write(
    b: &mut Builder<'_>,
    value: Value,
    dest: Value,
    in_bounds_instead_of_masking: bool,
) -> Value {
    let dest_shape = tensor_shape(b, dest);
    let dest_ty = b.ctx.value_type(dest);
    let vshape: Vec<i64> = match b.ctx.value_type_kind(value) {
        TypeKind::Vector { shape, .. } => shape.clone(),
        _ => Vec::new(),
    };
    let (rank, vrank) = (dest_shape.len(), vshape.len());
    let in_bounds: Vec<bool> = if in_bounds_instead_of_masking {
        (0..vrank)
            .map(|i| {
                let d = dest_shape[rank - vrank + i];
                d != DYNAMIC && d >= vshape[i]
            })
            .collect()
    } else {
        vec![true; vrank]
    };
    let zero = index_here(b, 0);
    let indices = vec![zero; rank];
    let map = minor_identity(rank, vrank);
    let write = |b: &mut Builder<'_>| {
        let ib = bool_array_attr(b.ctx, &in_bounds);
        let w = TransferWriteOp::create(b, value, dest, &indices, None, &map, Some(ib), &[dest_ty], vec![]);
        w.result(b.ctx).expect("a tensor write has a result")
    };
    if in_bounds_instead_of_masking
        || dest_shape[rank - vrank..] == vshape[..]
        || mask_is_all_true(&dest_shape, &vshape)
    {
        return write(b);
    }
    let mask = mask_of_sizes(b, dest, rank - vrank..rank, &vshape);
    masked(b, mask, dest_ty, write)
}
