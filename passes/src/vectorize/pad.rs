//! `tensor.pad` to vector code, as MLIR 22's `vectorizeAsTensorPadOp`: a
//! read of the source masked by its sizes, padded with the pad's constant,
//! written whole into a `tensor.empty` of the result.

use tessel_ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::tensor::{DimOp, EmptyOp, PadOp};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Value};

use super::pack::{no_scalable, too_small, unsupported};
use super::transfer::{index_here, read_or_masked_read, write_or_masked_write};
use super::{VectorizeError, VectorizeOptions};

/// `tensor.pad` to a masked read of the source with the padding value and
/// a write into a `tensor.empty` of the result, as MLIR 22's
/// `vectorizeAsTensorPadOp`: vector sizes are required (one per dim,
/// covering the result), the padding must be a constant and the low
/// padding zero but on unit result dims; a dynamic result shape is
/// reified (source dim + low + high) before the read.
pub(super) fn vectorize_pad(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let pad = PadOp(op);
    let source = pad.source(ctx);
    let result = ctx.result(op, 0);
    let result_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(result)).map(|s| s.0).unwrap_or_default();
    if opts.vector_sizes.is_empty() {
        return unsupported("tensor.pad is vectorized with vector sizes only");
    }
    no_scalable(opts, PadOp::NAME)?;
    if opts.vector_sizes.len() != result_shape.len() {
        return Err(VectorizeError::BadSizes(format!(
            "expected {} vector sizes for a rank-{} tensor.pad, got {}",
            result_shape.len(),
            result_shape.len(),
            opts.vector_sizes.len()
        )));
    }
    too_small(&opts.vector_sizes, &result_shape, "result")?;
    let low = Ofr::mixed(pad.static_low(ctx), pad.low(ctx));
    let high = Ofr::mixed(pad.static_high(ctx), pad.high(ctx));
    // Low padding only where the result dim is 1 (the source dim is then
    // 0 wherever the low padding is not, and the mask reads nothing).
    let is_zero = |l: &Ofr| match l {
        Ofr::Const(c) => *c == 0,
        Ofr::Val(v) => tessel_ir::dialects::pack::constant_int(ctx, *v) == Some(0),
    };
    if low.iter().zip(&result_shape).any(|(l, d)| !is_zero(l) && *d != 1) {
        return unsupported("low padding on a result dim other than 1");
    }
    let Some(value) = constant_padding(ctx, op) else { return unsupported("the padding value is not a constant") };
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    // The result's dynamic sizes first (MLIR's `reifyResultShapes`):
    // source dim + low + high, composed and folded.
    let sum = AffineMap {
        num_dims: 3,
        num_syms: 0,
        results: vec![AffineExpr::bin(
            AffineBinOp::Add,
            AffineExpr::bin(AffineBinOp::Add, AffineExpr::Dim(0), AffineExpr::Dim(1)),
            AffineExpr::Dim(2),
        )],
    };
    let mut dynamic_sizes = Vec::new();
    for (i, d) in result_shape.iter().enumerate() {
        if *d != DYNAMIC {
            continue;
        }
        let c = index_here(&mut b, i as i64);
        let index = b.ctx.index_type();
        let dim = DimOp::create(&mut b, source, c, &[index], vec![]).result(b.ctx);
        let size = b.affine_apply(&sum, &[Ofr::Val(dim), low[i], high[i]]);
        dynamic_sizes.push(b.value(size));
    }
    let read = read_or_masked_read(&mut b, source, &opts.vector_sizes, |_| value, false);
    let result_ty = b.ctx.value_type(result);
    let empty = EmptyOp::create(&mut b, &dynamic_sizes, &[result_ty], vec![]).result(b.ctx);
    let written = write_or_masked_write(&mut b, read, empty, false);
    ctx.replace_all_uses(result, written);
    ctx.erase_op(op);
    Ok(())
}

/// MLIR's `PadOp::getConstantPaddingValue`: the yielded value when it is
/// defined outside the pad's region (a constant or an argument).
fn constant_padding(ctx: &Context, op: OpId) -> Option<Value> {
    let region = ctx.regions(op)[0];
    let block = *ctx.blocks(region).first()?;
    let y = ctx.last_op(block)?;
    let v = *ctx.operands(y).first()?;
    let inside = match ctx.value_def(v) {
        tessel_ir::context::ValueDef::Result { op: d, .. } => ctx.op_block(d) == Some(block),
        tessel_ir::context::ValueDef::BlockArg { block: bb, .. } => bb == block,
        tessel_ir::context::ValueDef::Detached => true,
    };
    (!inside).then_some(v)
}
