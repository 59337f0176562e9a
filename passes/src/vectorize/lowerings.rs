//! The vector lowerings users apply after vectorizing, as MLIR 22's
//! `transform.apply_patterns.vector.*` descriptors name them: each
//! descriptor's pattern source, and the table the transform interpreter
//! looks descriptors up in.

use tessel_ir::dialects::patterns::{
    vector_contract_lowering, vector_leading_unit_dims as leading, vector_lowering, vector_mask_lowering,
    vector_shape_cast, vector_shape_cast_scalable, vector_transfer_lowering, vector_transpose_nd, vector_unit_dims,
};
use tessel_ir::dialects::transform_vector as tv;
use tessel_ir::dialects::vector::{BroadcastOp, ConstantMaskOp, CreateMaskOp, MaskOp, ShapeCastOp, TransposeOp};
use tessel_ir::registry::OpDef;
use tessel_ir::rewriter::NamedPattern;
use tessel_ir::{named_patterns, Context, OpId};

use crate::canonicalize::PatternSource;

/// The descriptors with no options and the patterns each adds
/// (`lower_transpose`, which has a strategy, is looked up apart).
pub const DESCRIPTORS: &[(&OpDef, PatternSource)] = &[
    (&tv::APPLY_TRANSFER_PERMUTATION_PATTERNS, super::transfer_permutation_patterns),
    (&tv::APPLY_REDUCTION_TO_CONTRACT, super::reduction_to_contract_patterns),
    (&tv::APPLY_FOLD_ARITH_EXTENSION, fold_arith_extension_patterns),
    (&tv::APPLY_FOLD_SUBSET_INTO_TRANSFERS, super::subset_into_transfer_patterns),
    (&tv::APPLY_LOWER_BROADCAST, lower_broadcast_patterns),
    (&tv::APPLY_LOWER_SHAPE_CAST, lower_shape_cast_patterns),
    (&tv::APPLY_LOWER_MASKS, lower_masks_patterns),
    (&tv::APPLY_LOWER_MASKED_TRANSFERS, lower_masked_transfers_patterns),
    (&tv::APPLY_DROP_UNIT_DIMS_WITH_SHAPE_CAST, drop_unit_dims_patterns),
    (&tv::APPLY_CAST_AWAY_LEADING_ONE_DIM, cast_away_leading_one_dim_patterns),
    (&tv::APPLY_LOWER_OUTER_PRODUCT, lower_outer_product_patterns),
];

/// The pattern source of the option-less descriptor `op`, if it is one.
pub fn descriptor_patterns(ctx: &Context, op: OpId) -> Option<PatternSource> {
    let name = ctx.op_name(op);
    DESCRIPTORS.iter().find(|(def, _)| def.name == name).map(|(_, source)| *source)
}

/// `populateFoldArithExtensionPatterns`.
pub fn fold_arith_extension_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    contraction_only(
        ctx,
        op,
        named_patterns![tessel_ir::dialects::patterns::vector_contract::fold_arith_ext_into_contract],
    )
}

/// `populateVectorMaskOpLoweringPatterns`.
pub fn lower_masks_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if CreateMaskOp::isa(ctx, op) {
        named_patterns![vector_mask_lowering::lower_create_mask]
    } else if ConstantMaskOp::isa(ctx, op) {
        named_patterns![vector_mask_lowering::lower_constant_mask]
    } else {
        &[]
    }
}

/// `populateVectorMaskLoweringPatternsForSideEffectingOps`.
pub fn lower_masked_transfers_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if MaskOp::isa(ctx, op) {
        named_patterns![vector_mask_lowering::lower_masked_transfer]
    } else {
        &[]
    }
}

/// `populateVectorTransferLoweringPatterns` (the rank limit is the
/// pattern set's `max_transfer_rank`).
pub fn lower_transfer_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::vector::{TransferReadOp, TransferWriteOp};
    if TransferReadOp::isa(ctx, op) {
        named_patterns![vector_transfer_lowering::transfer_read_to_load]
    } else if TransferWriteOp::isa(ctx, op) {
        named_patterns![vector_transfer_lowering::transfer_write_to_store]
    } else {
        &[]
    }
}

/// `populateDropUnitDimWithShapeCastPatterns`.
pub fn drop_unit_dims_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    let name = ctx.op_name(op);
    if TransposeOp::isa(ctx, op) {
        named_patterns![vector_unit_dims::drop_unit_dims_from_transpose]
    } else if tessel_ir::dialects::scf::ForOp::isa(ctx, op) {
        named_patterns![vector_unit_dims::drop_unit_dims_from_for]
    } else if name.starts_with("arith.") || name.starts_with("math.") || name.starts_with("vector.") {
        named_patterns![vector_unit_dims::drop_unit_dims_from_elementwise]
    } else {
        &[]
    }
}

/// `populateCastAwayVectorLeadingOneDimPatterns`.
pub fn cast_away_leading_one_dim_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::vector::{
        ContractOp, ExtractStridedSliceOp, InsertOp, InsertStridedSliceOp, TransferReadOp, TransferWriteOp,
    };
    let name = ctx.op_name(op);
    if ExtractStridedSliceOp::isa(ctx, op) {
        named_patterns![leading::extract_strided_slice]
    } else if InsertStridedSliceOp::isa(ctx, op) {
        named_patterns![leading::insert_strided_slice]
    } else if InsertOp::isa(ctx, op) {
        named_patterns![leading::insert]
    } else if TransferReadOp::isa(ctx, op) || TransferWriteOp::isa(ctx, op) {
        named_patterns![leading::transfer]
    } else if ContractOp::isa(ctx, op) {
        named_patterns![leading::contraction]
    } else if ConstantMaskOp::isa(ctx, op) {
        named_patterns![leading::constant_mask]
    } else if name.starts_with("arith.") || name.starts_with("math.") || name.starts_with("vector.") {
        named_patterns![leading::elementwise]
    } else {
        &[]
    }
}

/// `populateVectorOuterProductLoweringPatterns`.
pub fn lower_outer_product_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if tessel_ir::dialects::vector::OuterProductOp::isa(ctx, op) {
        named_patterns![vector_lowering::lower_outer_product]
    } else {
        &[]
    }
}

/// `populateVectorShapeCastLoweringPatterns`.
pub fn lower_shape_cast_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if ShapeCastOp::isa(ctx, op) {
        named_patterns![vector_shape_cast::lower_shape_cast, vector_shape_cast_scalable::lower_scalable_shape_cast]
    } else {
        &[]
    }
}

/// `populateVectorBroadcastLoweringPatterns`.
pub fn lower_broadcast_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if BroadcastOp::isa(ctx, op) {
        named_patterns![vector_lowering::lower_broadcast]
    } else {
        &[]
    }
}

/// `populateVectorTransposeLoweringPatterns` with the `eltwise` strategy.
pub fn lower_transpose_eltwise_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransposeOp::isa(ctx, op) {
        named_patterns![vector_lowering::transpose_2d_unit_dim_to_shape_cast, vector_lowering::transpose_eltwise]
    } else {
        &[]
    }
}

/// `populateVectorTransposeLoweringPatterns` with the `shuffle_16x16`
/// strategy.
pub fn lower_transpose_shuffle_16x16_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransposeOp::isa(ctx, op) {
        named_patterns![
            vector_lowering::transpose_2d_unit_dim_to_shape_cast,
            vector_transpose_nd::transpose_nd_unroll_fixed_leading,
            vector_transpose_nd::transpose_nd_through_2d,
            vector_lowering::transpose_eltwise_but_2d,
            vector_lowering::transpose_shuffle_16x16
        ]
    } else {
        &[]
    }
}

/// `populateVectorTransposeLoweringPatterns` with the `shuffle_1d` strategy.
pub fn lower_transpose_shuffle_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransposeOp::isa(ctx, op) {
        named_patterns![
            vector_lowering::transpose_2d_unit_dim_to_shape_cast,
            vector_transpose_nd::transpose_nd_unroll_fixed_leading,
            vector_transpose_nd::transpose_nd_through_2d,
            vector_lowering::transpose_eltwise_but_2d,
            vector_lowering::transpose_shuffle_1d
        ]
    } else {
        &[]
    }
}

/// `populateVectorContractLoweringPatterns` under `strategy` (without the
/// outer-product lowering, as the transform descriptor asks).
pub fn lower_contraction_patterns(strategy: &str) -> PatternSource {
    fn dot(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
        contraction_only(ctx, op, named_patterns![vector_contract_lowering::lower_contraction_dot])
    }
    fn llvmintr(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
        contraction_only(ctx, op, named_patterns![vector_contract_lowering::lower_contraction_llvmintr])
    }
    fn outerproduct(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
        contraction_only(ctx, op, named_patterns![vector_contract_lowering::lower_contraction_outerproduct])
    }
    fn parallelarith(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
        contraction_only(ctx, op, named_patterns![vector_contract_lowering::lower_contraction_parallelarith])
    }
    match strategy {
        "dot" => dot,
        "llvmintr" => llvmintr,
        "parallelarith" => parallelarith,
        _ => outerproduct,
    }
}

fn contraction_only(ctx: &Context, op: OpId, patterns: &'static [NamedPattern]) -> &'static [NamedPattern] {
    if tessel_ir::dialects::vector::ContractOp::isa(ctx, op) {
        patterns
    } else {
        &[]
    }
}
