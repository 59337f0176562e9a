//! `tensor.pad` to vector code, as MLIR 22's `vectorizeAsTensorPadOp`: a
//! read of the source masked by its sizes, padded with the pad's constant,
//! written whole into a `tensor.empty` of the result.

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::tensor::{EmptyOp, PadOp};
use tessel_ir::{Context, OpId, Value};

use super::pack::{is_static, no_scalable, too_small, unsupported};
use super::transfer::{read_or_masked_read, write_or_masked_write};
use super::{VectorizeError, VectorizeOptions};

/// `tensor.pad` to a masked read of the source with the padding value and
/// a write into a `tensor.empty` of the result, as MLIR 22's
/// `vectorizeAsTensorPadOp`: vector sizes are required (one per dim,
/// covering the result), the padding must be a constant and the low
/// padding zero.
pub(super) fn vectorize_pad(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let pad = PadOp(op);
    let source = pad.source(ctx);
    let result = ctx.result(op, 0);
    let result_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(result)).map(|s| s.0).unwrap_or_default();
    if opts.vector_sizes.is_empty() {
        return unsupported("tensor.pad is vectorized with vector sizes only");
    }
    no_scalable(opts, "tensor.pad")?;
    if opts.vector_sizes.len() != result_shape.len() {
        return Err(VectorizeError::BadSizes(format!(
            "expected {} vector sizes for a rank-{} tensor.pad, got {}",
            result_shape.len(),
            result_shape.len(),
            opts.vector_sizes.len()
        )));
    }
    too_small(&opts.vector_sizes, &result_shape, "result")?;
    if !pad.low(ctx).is_empty() || pad.static_low(ctx).iter().any(|l| *l != 0) {
        return unsupported("low padding is not zero");
    }
    if !is_static(&result_shape) {
        return unsupported("tessel vectorizes a tensor.pad with a static result shape only");
    }
    let Some(value) = constant_padding(ctx, op) else { return unsupported("the padding value is not a constant") };
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let read = read_or_masked_read(&mut b, source, &opts.vector_sizes, |_| value, false);
    let result_ty = b.ctx.value_type(result);
    let empty = EmptyOp::create(&mut b, &[], &[result_ty], vec![]).result(b.ctx);
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
