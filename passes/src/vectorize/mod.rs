//! Vectorization of tensor ops (`linalg.pack` / `unpack` in `pack`,
//! `tensor.pad` in `pad`, structured ops in `linalg`), as MLIR 22's
//! `linalg::vectorize`
//! (`transform.structured.vectorize`) builds it, op for op: a per-op hook
//! (`Vectorization.cpp`'s dispatch) and shared builders for the masked or
//! in-bounds reads and writes every hook ends with.
//!
//! Where MLIR 22 builds invalid IR or crashes on vector sizes of the wrong
//! rank, tessel answers with a diagnostic at the transform op
//! ([`VectorizeError::BadSizes`]).

mod children;
mod contraction;
mod copy;
mod extract;
mod insert_slice;
mod linalg;
mod lowerings;
mod pack;
mod pack_peel;
mod pad;
mod pad_patterns;
mod scalable;
mod transfer;

pub use children::{
    reduction_to_contract_patterns, subset_into_transfer_patterns, transfer_permutation_patterns, vectorize_children,
    ChildrenOptions,
};
pub use lowerings::{
    descriptor_patterns, lower_contraction_patterns, lower_transfer_patterns, lower_transpose_eltwise_patterns,
    lower_transpose_shuffle_16x16_patterns, lower_transpose_shuffle_patterns, DESCRIPTORS,
};
use tessel_ir::dialects::pack::{PackOp, UnPackOp};
use tessel_ir::{Context, OpId};

/// What `transform.structured.vectorize` asks for.
#[derive(Clone, Debug, Default)]
pub struct VectorizeOptions {
    /// The vector sizes (`vector_sizes`); empty: the op's static shape.
    pub vector_sizes: Vec<i64>,
    /// Which of them are scalable.
    pub scalable: Vec<bool>,
    /// `vectorize_nd_extract`.
    pub vectorize_nd_extract: bool,
    /// `create_named_contraction`: a named contraction becomes one
    /// `vector.contract` at once.
    pub create_named_contraction: bool,
}

/// Why an op was not vectorized.
#[derive(Clone, Debug, PartialEq)]
pub enum VectorizeError {
    /// The op cannot be vectorized as it is (MLIR's "Attempted to
    /// vectorize, but failed" at the op); the reason is for `--debug`.
    Unsupported(String),
    /// The vector sizes do not fit the op: a diagnostic at the transform op.
    BadSizes(String),
}

/// Vectorizes `op` in place: its results are replaced by the vector code's
/// and the op is erased.
pub fn vectorize(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    // MLIR's `VectorType::isValidElementType` on every shaped operand.
    let bad_element = ctx
        .operands(op)
        .iter()
        .any(|v| ctx.value_type_kind(*v).element_type().is_some_and(|e| !is_vector_element(ctx, e)));
    if bad_element {
        return Err(VectorizeError::Unsupported("an element type vectors cannot hold".into()));
    }
    scalable::check(ctx, op, opts)?;
    if PackOp::isa(ctx, op) {
        return pack::vectorize_pack(ctx, op, opts);
    }
    if UnPackOp::isa(ctx, op) {
        return pack::vectorize_unpack(ctx, op, opts);
    }
    if tessel_ir::dialects::tensor::PadOp::isa(ctx, op) {
        return pad::vectorize_pad(ctx, op, opts);
    }
    if tessel_ir::dialects::tensor::InsertSliceOp::isa(ctx, op) {
        return insert_slice::vectorize_insert_slice(ctx, op, opts);
    }
    if opts.create_named_contraction && contraction::is_named_contraction(ctx, op) {
        return contraction::vectorize_contraction(ctx, op, opts);
    }
    if tessel_ir::dialects::structured::structured(ctx, op).is_some() {
        return linalg::vectorize_linalg(ctx, op, opts);
    }
    Err(VectorizeError::Unsupported(format!("tessel does not vectorize '{}' yet", ctx.op_name(op))))
}

/// Whether a vector can hold elements of `t` (integers, index, floats).
pub(crate) fn is_vector_element(ctx: &Context, t: tessel_ir::Type) -> bool {
    use tessel_ir::types::TypeKind;
    matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_))
}
