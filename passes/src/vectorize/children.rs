//! `transform.structured.vectorize_children_and_apply_patterns`, as MLIR
//! 22's `VectorizeChildrenAndApplyPatternsOp`: every op under the target
//! that has a vectorizer is vectorized without vector sizes (what fails
//! stays as it is), with the vector cleanups in the same greedy
//! application: the transfer permutation lowering, reduction-to-contract,
//! the sink patterns and the `vector.step` lowering, the tensor subset
//! folds into transfers, `FoldWaw`, and the folds of every op.
//!
//! As in MLIR, the vectorization is one more pattern of that application
//! (the order in which ops are visited decides where folded constants
//! land). `vectorize_padding` adds the pad patterns (`pad_patterns.rs`),
//! `fold_type_extensions_into_contract` the fold of `arith.extf` /
//! `arith.extsi` operands into contractions. A `memref.copy` is vectorized
//! too (`copy.rs`).

use tessel_ir::dialects::pack::{PackOp, UnPackOp};
use tessel_ir::dialects::patterns::{vector_contract, vector_transfer};
use tessel_ir::dialects::vector::{ContractOp, MultiReductionOp, TransferReadOp, TransferWriteOp, TransposeOp};
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::{named_patterns, Context, OpId};

use super::VectorizeOptions;
use crate::canonicalize::{apply_patterns_greedily_within, PatternSet, PatternSource};

/// What the transform op asks for besides vectorizing.
#[derive(Clone, Debug, Default)]
pub struct ChildrenOptions {
    /// `disable_transfer_permutation_map_lowering_patterns`.
    pub no_transfer_permutation: bool,
    /// `disable_multi_reduction_to_contract_patterns`.
    pub no_reduction_to_contract: bool,
    /// `vectorize_padding`: the pad vectorization and decomposition
    /// patterns.
    pub vectorize_padding: bool,
    /// `fold_type_extensions_into_contract`: contractions of extended
    /// operands contract the sources.
    pub fold_type_extensions: bool,
}

/// `populateVectorTransferPermutationMapLoweringPatterns`.
pub fn transfer_permutation_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransferReadOp::isa(ctx, op) {
        named_patterns![vector_transfer::transfer_read_permutation_lowering, vector_transfer::transfer_read_reduce_rank]
    } else if TransferWriteOp::isa(ctx, op) {
        named_patterns![
            vector_transfer::transfer_write_permutation_lowering,
            vector_transfer::transfer_write_non_permutation_lowering
        ]
    } else {
        &[]
    }
}

/// `populateVectorReductionToContractPatterns`.
pub fn reduction_to_contract_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if MultiReductionOp::isa(ctx, op) {
        named_patterns![vector_contract::multi_reduce_to_contract]
    } else if ContractOp::isa(ctx, op) {
        named_patterns![vector_contract::combine_contract_broadcast, vector_contract::combine_contract_ab_transpose]
    } else if TransposeOp::isa(ctx, op) {
        named_patterns![vector_contract::combine_contract_result_transpose]
    } else {
        &[]
    }
}

/// `populateFoldTensorSubsetIntoVectorTransferPatterns`.
pub fn subset_into_transfer_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransferReadOp::isa(ctx, op) {
        named_patterns![vector_transfer::fold_read_of_extract_slice]
    } else if tessel_ir::dialects::tensor::InsertSliceOp::isa(ctx, op) {
        named_patterns![vector_transfer::fold_insert_of_transfer_write]
    } else {
        &[]
    }
}

/// `populateSinkVectorOpsPatterns` and `populateVectorStepLoweringPatterns`.
fn sink_and_step_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::patterns::vector_sink;
    if tessel_ir::dialects::vector::StepOp::isa(ctx, op) {
        return named_patterns![vector_sink::step_to_constant];
    }
    let name = ctx.op_name(op);
    if name.starts_with("arith.") || name.starts_with("math.") {
        named_patterns![
            vector_sink::reorder_elementwise_on_transpose,
            vector_sink::reorder_cast_on_broadcast,
            vector_sink::reorder_elementwise_on_broadcast
        ]
    } else {
        &[]
    }
}

/// The transfer ops' canonicalization patterns MLIR adds
/// (`TransferWriteOp::getCanonicalizationPatterns`: `FoldWaw`).
fn transfer_canonicalization_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if TransferWriteOp::isa(ctx, op) {
        named_patterns![tessel_ir::dialects::patterns::vector::fold_write_after_write]
    } else {
        &[]
    }
}

/// Whether MLIR's `VectorizationPattern` tries `op`: structured ops but
/// convolutions, packs and unpacks, pads (which fail without vector sizes),
/// insert_slices.
fn is_candidate(ctx: &Context, op: OpId) -> bool {
    PackOp::isa(ctx, op)
        || UnPackOp::isa(ctx, op)
        || tessel_ir::dialects::tensor::PadOp::isa(ctx, op)
        || tessel_ir::dialects::tensor::InsertSliceOp::isa(ctx, op)
        || (tessel_ir::dialects::structured::structured(ctx, op).is_some()
            && tessel_ir::dialects::conv::conv_maps(ctx, op).is_none())
}

/// MLIR's `VectorizationPattern`: vectorizes `op` without vector sizes,
/// telling the driver what changed (the new ops, the users of the old
/// results, the values the op no longer uses).
fn vectorize_child(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !is_candidate(ctx, op) {
        return false;
    }
    let Some(block) = ctx.op_block(op) else { return false };
    let before: Vec<OpId> = ctx.block_op_list(block);
    let at = before.iter().position(|o| *o == op).unwrap_or(0);
    let operands = ctx.operands(op).to_vec();
    let users: Vec<OpId> = ctx.results(op).iter().flat_map(|r| ctx.uses(*r).iter().map(|u| u.op)).collect();
    let next = before.get(at + 1).copied();
    if super::vectorize(rw.ctx, op, &VectorizeOptions::default()).is_err() {
        return false;
    }
    let ctx = &*rw.ctx;
    let after = ctx.block_op_list(block);
    let start = if at == 0 { 0 } else { after.iter().position(|o| *o == before[at - 1]).map_or(0, |p| p + 1) };
    let end = next.and_then(|n| after.iter().position(|o| *o == n)).unwrap_or(after.len());
    let mut created = Vec::new();
    for &o in &after[start..end] {
        ctx.walk_preorder(o, &mut |x| created.push(x));
    }
    rw.notify(|l, ctx| {
        for v in &operands {
            l.value_lost_use(ctx, *v);
        }
        for o in &created {
            l.op_inserted(ctx, *o);
        }
        for u in &users {
            if !ctx.is_erased(*u) {
                l.op_modified(ctx, *u);
            }
        }
    });
    true
}

/// The vectorization pattern's source.
fn vectorization_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if is_candidate(ctx, op) {
        named_patterns![vectorize_child]
    } else if tessel_ir::dialects::memref::CopyOp::isa(ctx, op) {
        named_patterns![super::copy::vectorize_memref_copy]
    } else {
        &[]
    }
}

/// Vectorizes the ops under `target` and applies the cleanups, greedily
/// as one pattern set.
pub fn vectorize_children(ctx: &mut Context, target: OpId, opts: &ChildrenOptions) {
    let mut sources: Vec<PatternSource> = vec![vectorization_patterns];
    if !opts.no_transfer_permutation {
        sources.push(transfer_permutation_patterns);
    }
    if !opts.no_reduction_to_contract {
        sources.push(reduction_to_contract_patterns);
    }
    sources.push(sink_and_step_patterns);
    sources.push(subset_into_transfer_patterns);
    sources.push(transfer_canonicalization_patterns);
    if opts.fold_type_extensions {
        sources.push(super::lowerings::fold_arith_extension_patterns);
    }
    if opts.vectorize_padding {
        sources.push(super::pad_patterns::pad_vectorization_patterns);
    }
    // MLIR runs at most two iterations and does not mind not converging.
    let set = PatternSet { top_down: true, fold_in_place: true, ..PatternSet::patterns(&sources) };
    apply_patterns_greedily_within(ctx, target, set, 2);
}
