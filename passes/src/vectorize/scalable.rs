//! MLIR 22's `vectorizeScalableVectorPrecondition`: which scalable vector
//! sizes `transform.structured.vectorize` takes. Scalable dims must be
//! lowerable to LLVM, which has no scalable arrays of vectors, so only
//! these are accepted:
//!
//! 1. one scalable dim, the last non-unit parallel loop;
//! 2. two, the last two parallel loops before a trailing reduction (a
//!    matmul's `m` and `n`);
//! 3. one scalable reduction loop, the innermost (not of a `linalg.matmul`);
//!
//! and only for elementwise ops, reductions, `matmul`, `matvec`, `mmt4d`
//! and `depthwise_conv_1d_nwc_wc`. Anything else is "Attempted to
//! vectorize, but failed", as 22 says.

use tessel_ir::dialects::conv::DepthwiseConv1DNwcWcOp;
use tessel_ir::dialects::structured::{structured, IteratorKind, MatmulOp, MatvecOp, Mmt4dOp};
use tessel_ir::{Context, OpId};

use super::{VectorizeError, VectorizeOptions};

/// Whether every loop is parallel and every output map a permutation (the
/// part of MLIR's `isElementwise` that the body check does not cover:
/// tessel's vectorizer takes only elementwise bodies).
fn is_elementwise_op(ctx: &Context, op: OpId) -> bool {
    let Some(s) = structured(ctx, op) else { return false };
    let parallel = s.iterators.iter().all(|k| *k == IteratorKind::Parallel);
    let outputs = &s.maps[s.inputs.len()..];
    parallel && outputs.iter().all(is_permutation)
}

/// MLIR's `AffineMap::isPermutation`: every dim once, nothing else.
fn is_permutation(m: &tessel_ir::affine::AffineMap) -> bool {
    let mut seen = vec![false; m.num_dims as usize];
    m.num_syms == 0
        && m.results.len() == seen.len()
        && m.results.iter().all(|e| match e {
            tessel_ir::affine::AffineExpr::Dim(d) => !std::mem::replace(&mut seen[*d as usize], true),
            _ => false,
        })
}

/// `Ok` when the scalable flags are a configuration 22 vectorizes (or there
/// are none); pack, unpack and the other non-linalg ops check their own.
pub(super) fn check(ctx: &Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let scalable_count = opts.scalable.iter().filter(|s| **s).count();
    if scalable_count == 0 {
        return Ok(());
    }
    let Some(s) = structured(ctx, op) else { return Ok(()) };
    let fail = |why: &str| Err(VectorizeError::Unsupported(why.to_string()));
    if scalable_count > 2 || opts.scalable.len() != s.iterators.len() || opts.vector_sizes.len() != s.iterators.len() {
        return fail("more than two scalable dims");
    }
    let mut iterators = s.iterators.clone();
    let mut flags = opts.scalable.clone();
    let mut seen_non_unit_parallel = false;
    while flags.last() == Some(&false) {
        let idx = flags.len() - 1;
        seen_non_unit_parallel |= iterators[idx] == IteratorKind::Parallel && opts.vector_sizes[idx] != 1;
        iterators.pop();
        flags.pop();
    }
    match iterators.last() {
        Some(IteratorKind::Reduction) => {
            if iterators.len() != opts.vector_sizes.len() {
                return fail("a scalable reduction dim that is not the innermost");
            }
            if MatmulOp::isa(ctx, op) {
                return fail("a scalable reduction dim of a matmul");
            }
        }
        _ => {
            if seen_non_unit_parallel {
                return fail("a non-unit parallel dim inside the scalable one");
            }
        }
    }
    if scalable_count == 2 {
        if iterators.last() == Some(&IteratorKind::Reduction) {
            return fail("a scalable dim outside a scalable reduction dim");
        }
        iterators.pop();
        flags.pop();
        if flags.last() != Some(&true) || iterators.last() != Some(&IteratorKind::Parallel) {
            return fail("two scalable dims that are not the last two parallel ones");
        }
    }
    let has_reduction = s.iterators.contains(&IteratorKind::Reduction);
    let supported = is_elementwise_op(ctx, op)
        || MatmulOp::isa(ctx, op)
        || DepthwiseConv1DNwcWcOp::isa(ctx, op)
        || MatvecOp::isa(ctx, op)
        || Mmt4dOp::isa(ctx, op)
        || has_reduction;
    if supported {
        Ok(())
    } else {
        fail("scalable vectorization of this op")
    }
}
