//! `-convert-vector-to-scf=lower-scalable`: MLIR 22's
//! `ScalableTransposeTransferWriteConversion`. An in-bounds write of
//! `vector.transpose %v, [1, 0] : vector<Mx[N]xT> to vector<[N]xMxT>`
//! becomes a loop over the scalable dim (`N * vscale` iterations, or the
//! mask's leading size) that gathers lane `i` of each of the `M` rows of
//! `%v` into a `vector<MxT>` (`vector.from_elements`) and writes it at
//! row `index + i`, masked by the rest of the mask.

use super::vector_to_scf::{build_in, index_const, xfer_indices, yield_maybe, Xfer};
use crate::attrs::AttrKind;
use crate::dialects::arith::MulIOp;
use crate::dialects::scf::ForOp;
use crate::dialects::vector::{
    bool_array_attr, vector_shape, ConstantMaskOp, CreateMaskOp, FromElementsOp, TransferWriteOp, TransposeOp, VScaleOp,
};
use crate::rewriter::Rewriter;
use crate::types::{TypeKind, DYNAMIC};
use crate::{OpId, Value};

/// A mask dim's size: a value, or a constant not yet made.
enum Size {
    Value(Value),
    Const(i64),
}

/// 22's `getMaskDimSizes`: a `create_mask`'s operands, a `constant_mask`'s
/// sizes (a scalable one times `vscale`); `None` for any other mask.
fn mask_dim_sizes(rw: &mut Rewriter<'_>, mask: Option<Value>, vscale: &mut Option<Value>) -> Option<Vec<Size>> {
    let Some(mask) = mask else { return Some(Vec::new()) };
    let def = rw.ctx.defining_op(mask)?;
    if CreateMaskOp::isa(rw.ctx, def) {
        return Some(rw.ctx.operands(def).iter().map(|v| Size::Value(*v)).collect());
    }
    if !ConstantMaskOp::isa(rw.ctx, def) {
        return None;
    }
    let sizes: Vec<i64> = match rw.ctx.get_attr(def, "mask_dim_sizes").map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => return None,
    };
    let scalable = vector_shape(rw.ctx, rw.ctx.value_type(mask))?.scalable.to_vec();
    Some(
        sizes
            .into_iter()
            .zip(scalable)
            .map(|(n, s)| if s { Size::Value(vscale_multiple(rw, vscale, n)) } else { Size::Const(n) })
            .collect(),
    )
}

/// 22's `makeVscaleConstantBuilder`: `vector.vscale` (made once) times `n`.
fn vscale_multiple(rw: &mut Rewriter<'_>, vscale: &mut Option<Value>, n: i64) -> Value {
    let index = rw.ctx.index_type();
    let v = *vscale.get_or_insert_with(|| VScaleOp::create(rw, &[index], vec![]).result(rw.ctx));
    let c = index_const(rw, n);
    MulIOp::create(rw, v, c, None, None, &[index], vec![]).result(rw.ctx)
}

fn size_value(rw: &mut Rewriter<'_>, s: &Size) -> Value {
    match s {
        Size::Value(v) => *v,
        Size::Const(c) => index_const(rw, *c),
    }
}

/// `ScalableTransposeTransferWriteConversion`.
pub fn scalable_transpose_transfer_write(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let opts = rw.transfer_to_scf;
    if !opts.lower_scalable || !TransferWriteOp::isa(rw.ctx, op) {
        return false;
    }
    let Some(x) = Xfer::of(rw.ctx, op) else { return false };
    let on_tensor = x.on_tensor(rw.ctx);
    let identity = x.map.results.len() == x.map.num_dims as usize
        && x.map.results.iter().enumerate().all(|(i, e)| *e == crate::affine::AffineExpr::Dim(i as u32));
    if (on_tensor && !opts.lower_tensors) || x.scalable != [true, false] || !identity || !x.view.in_bounds[0] {
        return false;
    }
    let vector = rw.ctx.operands(op)[0];
    let Some(transpose) = rw.ctx.defining_op(vector).filter(|d| TransposeOp::isa(rw.ctx, *d)) else { return false };
    if TransposeOp(transpose).permutation(rw.ctx) != [1, 0] {
        return false;
    }
    let source = TransposeOp(transpose).vector(rw.ctx);
    rw.set_insertion_point_before(op);
    let mut vscale = None;
    let Some(mask_dims) = mask_dim_sizes(rw, x.view.mask, &mut vscale) else { return false };
    let fixed = x.shape[1];
    let rows: Vec<Value> = (0..fixed).map(|r| rw.vector_extract(source, &[r])).collect();
    let lb = index_const(rw, 0);
    let ub = match mask_dims.first() {
        Some(s) => size_value(rw, s),
        None => vscale_multiple(rw, &mut vscale, x.shape[0]),
    };
    let step = index_const(rw, 1);
    let slice_ty = rw.ctx.ty(TypeKind::Vector { shape: vec![fixed], scalable: vec![false], elem: x.elem });
    let slice_mask = (!mask_dims.is_empty()).then(|| {
        let bounds: Vec<Value> = mask_dims[1..].iter().map(|s| size_value(rw, s)).collect();
        let i1 = rw.ctx.int_type(1);
        let mask_ty = rw.ctx.ty(TypeKind::Vector { shape: vec![fixed], scalable: vec![false], elem: i1 });
        CreateMaskOp::create(rw, &bounds, &[mask_ty], vec![]).result(rw.ctx)
    });
    let inits: Vec<Value> = if on_tensor { vec![x.view.base] } else { vec![] };
    let for_op = ForOp::build(rw, lb, ub, step, &inits);
    let (block, iv) = (for_op.body_block(rw.ctx), for_op.induction_var(rw.ctx));
    let carried = for_op.region_iter_args(rw.ctx).first().copied();
    let in_bounds = x.view.in_bounds[1..].to_vec();
    let dest_ty = rw.ctx.value_type(x.view.base);
    build_in(rw, block, |rw| {
        let indices = xfer_indices(rw, &x, iv);
        let elem = x.elem;
        let lanes: Vec<Value> = rows
            .iter()
            .map(|row| {
                crate::dialects::vector::ExtractOp::create(rw, *row, &[iv], &[DYNAMIC], &[elem], vec![]).result(rw.ctx)
            })
            .collect();
        let slice = FromElementsOp::create(rw, &lanes, &[slice_ty], vec![]).result(rw.ctx);
        let dest = carried.unwrap_or(x.view.base);
        let map = crate::dialects::vector::minor_identity(indices.len(), 1);
        let ib = bool_array_attr(rw.ctx, &in_bounds);
        let results: &[crate::Type] = if on_tensor { std::slice::from_ref(&dest_ty) } else { &[] };
        let w = TransferWriteOp::create(rw, slice, dest, &indices, slice_mask, &map, Some(ib), results, vec![]);
        yield_maybe(rw, w.result(rw.ctx));
    });
    if on_tensor {
        let r = rw.ctx.result(for_op.op(), 0);
        rw.replace_op(op, &[r]);
    } else {
        rw.erase_op(op);
    }
    true
}
