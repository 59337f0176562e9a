//! `transform.structured.vectorize {create_named_contraction}` on the named
//! contractions (matmul, batch_matmul, batch_reduce_matmul, matvec, vecmat,
//! dot, mmt4d, batch_mmt4d), as MLIR 22's `vectorizeAsLinalgContraction`
//! builds it: one `index` constant per loop, then each operand read whole
//! in its own shape (a zero padding constant made first, then a zero
//! index), one `vector.contract` with the op's indexing maps, and a write
//! of its result. Without the flag (and for generics) the product and sum
//! are vectorized as elementwise ops and a `vector.multi_reduction`, which
//! `reduction_to_contract` turns into the same contraction.

use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::structured::{contraction_maps, structured, IteratorKind};
use tessel_ir::dialects::vector::{contract_attrs, kind_attr, BroadcastOp, ContractOp, ExtractOp};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Type, Value};

use super::transfer::{index_here, read_or_masked_read, write_or_masked_write};
use super::{VectorizeError, VectorizeOptions};

/// Whether `op` is one of the named contractions.
pub(super) fn is_named_contraction(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| contraction_maps(d).is_some())
}

/// A new zero constant of `elem` at the insertion point (MLIR's
/// `arith::getZeroConstant`).
fn zero_here(b: &mut Builder<'_>, elem: Type) -> Value {
    let attr = if b.ctx.type_kind(elem).is_float() {
        b.ctx.attr(AttrKind::Float { bits: 0f64.to_bits(), ty: elem })
    } else {
        b.ctx.int_attr(0, elem)
    };
    ConstantOp::create(b, Some(attr), &[elem], vec![]).result(b.ctx)
}

pub(super) fn vectorize_contraction(
    ctx: &mut Context,
    op: OpId,
    opts: &VectorizeOptions,
) -> Result<(), VectorizeError> {
    let unsupported = |why: &str| Err(VectorizeError::Unsupported(why.into()));
    let Some(view) = structured(ctx, op) else { return unsupported("not a structured op") };
    if !opts.vector_sizes.is_empty() {
        return Err(VectorizeError::BadSizes(
            "tessel vectorizes a named contraction with create_named_contraction from its static shapes only (no vector_sizes)"
                .into(),
        ));
    }
    let operands: Vec<Value> = view.operands().collect();
    if operands.len() != 3 {
        return unsupported("a contraction of other than two inputs and one output");
    }
    let sources = tessel_ir::dialects::structured::loop_sources(&view)
        .ok_or_else(|| VectorizeError::Unsupported("a loop no operand walks".into()))?;
    let shapes: Vec<Vec<i64>> = operands
        .iter()
        .map(|v| match ctx.value_type_kind(*v) {
            tessel_ir::types::TypeKind::Tensor { shape, .. } => Some(shape.clone()),
            _ => None,
        })
        .collect::<Option<_>>()
        .ok_or_else(|| VectorizeError::Unsupported("an operand that is not a ranked tensor".into()))?;
    let sizes: Vec<i64> = sources.iter().map(|(k, j)| shapes[*k][*j]).collect();
    if sizes.contains(&DYNAMIC) || shapes.iter().flatten().any(|d| *d == DYNAMIC) {
        return unsupported("without vector sizes a structured op needs static shapes");
    }
    if sizes.contains(&0) {
        return unsupported("a tensor with a zero dim");
    }
    let maps = view.maps.clone();
    let reductions: Vec<bool> = view.iterators.iter().map(|k| *k == IteratorKind::Reduction).collect();
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    for s in &sizes {
        index_here(&mut b, *s);
    }
    let mut reads = Vec::with_capacity(3);
    for (v, shape) in operands.iter().zip(&shapes) {
        let elem = b.ctx.value_type_kind(*v).element_type().expect("a tensor");
        let pad = zero_here(&mut b, elem);
        reads.push(read_or_masked_read(&mut b, *v, shape, |_| pad, false));
    }
    // A rank-0 output is contracted as a scalar and written back as a 0-d
    // vector (mlir-opt 22 contracts into the 0-d vector, which its
    // verifier rejects).
    let scalar_out = shapes[2].is_empty();
    if scalar_out {
        let elem = b.ctx.value_type_kind(operands[2]).element_type().expect("a tensor");
        reads[2] = ExtractOp::create(&mut b, reads[2], &[], &[], &[elem], vec![]).result(b.ctx);
    }
    let (maps_a, iterators_a) = contract_attrs(b.ctx, &maps, &reductions);
    let kind = kind_attr(b.ctx, "add");
    let acc_ty = b.ctx.value_type(reads[2]);
    let c = ContractOp::create(
        &mut b,
        reads[0],
        reads[1],
        reads[2],
        Some(maps_a),
        Some(iterators_a),
        Some(kind),
        &[acc_ty],
        vec![],
    )
    .result(b.ctx);
    let out = operands[2];
    let c = if scalar_out {
        let vt = tessel_ir::dialects::vector::vector_type(b.ctx, vec![], acc_ty);
        BroadcastOp::create(&mut b, c, &[vt], vec![]).vector(b.ctx)
    } else {
        c
    };
    let result = write_or_masked_write(&mut b, c, out, false);
    drop(b);
    let old = ctx.result(op, 0);
    ctx.replace_all_uses(old, result);
    ctx.erase_op(op);
    Ok(())
}
