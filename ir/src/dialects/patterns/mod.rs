//! Canonicalization patterns, registered on their ops with `op!`'s
//! `patterns:` field and run by the `canonicalize` pass. Each pattern
//! mutates only through the [`Rewriter`](crate::rewriter::Rewriter) and
//! depends only on its op, the producers of its operands and its uses (the
//! driver relies on that to revisit only what changed).

pub mod affine;
pub mod affine_index;
pub mod affine_loop_facts;
pub mod arith;
pub mod arith_cast;
pub mod arith_float;
pub mod bufferization;
pub mod cf;
pub mod complex;
pub mod constants;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod reshape_slice;
pub mod scf;
pub mod scf_while;
pub mod tensor;
pub mod vector;
pub mod vector_constant;
pub mod vector_contract;
pub mod vector_contract_lowering;
pub mod vector_leading_unit_dims;
pub mod vector_lowering;
pub mod vector_mask_lowering;
pub mod vector_multi_reduction;
pub mod vector_shape_cast;
pub mod vector_shape_cast_scalable;
pub mod vector_sink;
pub mod vector_to_scf;
pub mod vector_to_scf_scalable;
pub mod vector_transfer;
pub mod vector_transfer_lowering;
pub mod vector_transpose_nd;
pub mod vector_unit_dims;
