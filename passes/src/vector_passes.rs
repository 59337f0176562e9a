//! mlir-opt 22's vector lowering passes, as the greedy driver applies
//! their patterns:
//!
//! - `lower-vector-multi-reduction{lowering-strategy=inner-parallel|inner-reduction}`
//!   (`vector.multi_reduction` to elementwise ops or `vector.reduction`s);
//! - `lower-vector-mask` (a `vector.mask` around a transfer or gather to
//!   the op's own mask operand, then the mask's folds);
//! - `convert-vector-to-scf{full-unroll target-rank lower-tensors}`
//!   (transfers above the target rank to loops, n-D prints to loops of
//!   scalar prints).

use tessel_ir::dialects::patterns::vector_multi_reduction as mr;
use tessel_ir::dialects::patterns::vector_to_scf::{self as v2s, TransferToScfOptions};
use tessel_ir::dialects::patterns::vector_to_scf_scalable as v2s_scalable;
use tessel_ir::dialects::vector::MultiReductionOp;
use tessel_ir::named_patterns;
use tessel_ir::rewriter::NamedPattern;
use tessel_ir::{Context, Diagnostic, OpId};

use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
use crate::manager::{Pass, PassInfo, PassOptions};

/// `populateVectorMultiReductionLoweringPatterns` with `InnerParallel`.
pub fn lower_multi_reduction_parallel(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if MultiReductionOp::isa(ctx, op) {
        named_patterns![
            mr::inner_outer_dims_parallel,
            mr::reduce_rank_parallel,
            mr::one_dim_to_two_dim,
            mr::two_dim_to_elementwise
        ]
    } else {
        &[]
    }
}

/// `populateVectorMultiReductionLoweringPatterns` with `InnerReduction`.
pub fn lower_multi_reduction_reduction(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if MultiReductionOp::isa(ctx, op) {
        named_patterns![
            mr::inner_outer_dims_reduction,
            mr::reduce_rank_reduction,
            mr::one_dim_to_two_dim,
            mr::two_dim_to_reduction
        ]
    } else {
        &[]
    }
}

pub(crate) const LOWER_MULTI_REDUCTION: PassInfo = PassInfo {
    name: "lower-vector-multi-reduction",
    description: "Lower 'vector.multi_reduction' operations {lowering-strategy=inner-parallel|inner-reduction}",
    build: |opts: &PassOptions| {
        crate::reject_unknown_options(opts, &["lowering-strategy"])?;
        let inner_reduction = match opts.get("lowering-strategy").map(String::as_str) {
            None | Some("inner-parallel") => false,
            Some("inner-reduction") => true,
            Some(other) => {
                return Err(format!(
                    "Invalid value '{other}' for lowering-strategy: expected inner-parallel or inner-reduction"
                ))
            }
        };
        Ok(Box::new(LowerMultiReduction { inner_reduction }))
    },
};

struct LowerMultiReduction {
    inner_reduction: bool,
}

impl Pass for LowerMultiReduction {
    fn name(&self) -> &'static str {
        "lower-vector-multi-reduction"
    }

    fn class_name(&self) -> &'static str {
        "LowerVectorMultiReductionPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let source: PatternSource =
            if self.inner_reduction { lower_multi_reduction_reduction } else { lower_multi_reduction_parallel };
        let sources = [source];
        apply_patterns_greedily(ctx, root, PatternSet { fold_in_place: true, ..PatternSet::patterns(&sources) });
        Ok(())
    }
}

/// `populateVectorMaskLoweringPatternsForSideEffectingOps` and
/// `MaskOp::getCanonicalizationPatterns`.
fn lower_mask(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::patterns::{vector, vector_mask_lowering};
    if tessel_ir::dialects::vector::MaskOp::isa(ctx, op) {
        named_patterns![vector_mask_lowering::lower_masked_transfer, vector::erase_unused, vector::fold_mask]
    } else {
        &[]
    }
}

pub(crate) const LOWER_MASK: PassInfo = PassInfo {
    name: "lower-vector-mask",
    description: "Lower 'vector.mask' operations around transfers and gathers to the ops' own masks",
    build: |opts: &PassOptions| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(LowerMask))
    },
};

struct LowerMask;

impl Pass for LowerMask {
    fn name(&self) -> &'static str {
        "lower-vector-mask"
    }

    fn class_name(&self) -> &'static str {
        "LowerVectorMaskPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let sources: [PatternSource; 1] = [lower_mask];
        apply_patterns_greedily(ctx, root, PatternSet { fold_in_place: true, ..PatternSet::patterns(&sources) });
        Ok(())
    }
}

/// A boolean pass option as LLVM's command line reads one.
fn bool_option(opts: &PassOptions, name: &str) -> Result<bool, String> {
    match opts.get(name).map(String::as_str) {
        None => Ok(false),
        Some("" | "true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(v) => Err(format!("for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

pub(crate) const CONVERT_VECTOR_TO_SCF: PassInfo = PassInfo {
    name: "convert-vector-to-scf",
    description: "Lower the operations from the vector dialect into the SCF dialect \
                  {full-unroll, target-rank=1, lower-tensors, lower-scalable}",
    build: |opts: &PassOptions| {
        crate::reject_unknown_options(opts, &["full-unroll", "target-rank", "lower-tensors", "lower-scalable"])?;
        let target_rank = match opts.get("target-rank") {
            None => 1,
            Some(v) => v
                .parse::<u32>()
                .map_err(|_| format!("for the --target-rank option: '{v}' value invalid for uint argument!"))?
                as usize,
        };
        Ok(Box::new(ConvertVectorToScf {
            unroll: bool_option(opts, "full-unroll")?,
            options: TransferToScfOptions {
                target_rank,
                lower_tensors: bool_option(opts, "lower-tensors")?,
                lower_scalable: bool_option(opts, "lower-scalable")?,
            },
        }))
    },
};

/// `-convert-vector-to-scf`: the transfer permutation lowerings, then the
/// transfer-to-loop patterns (`ir::dialects::patterns::vector_to_scf`).
struct ConvertVectorToScf {
    unroll: bool,
    options: TransferToScfOptions,
}

fn vector_to_scf_progressive(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::vector::{PrintOp, TransferReadOp, TransferWriteOp};
    if TransferReadOp::isa(ctx, op) {
        named_patterns![v2s::prepare_transfer_read, v2s::transfer_op_conversion, v2s::transfer_1d_conversion]
    } else if TransferWriteOp::isa(ctx, op) {
        named_patterns![
            v2s_scalable::scalable_transpose_transfer_write,
            v2s::prepare_transfer_write,
            v2s::transfer_op_conversion,
            v2s::transfer_1d_conversion
        ]
    } else if PrintOp::isa(ctx, op) {
        named_patterns![v2s::decompose_print]
    } else {
        &[]
    }
}

fn vector_to_scf_unrolled(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::vector::{PrintOp, TransferReadOp, TransferWriteOp};
    if TransferReadOp::isa(ctx, op) {
        named_patterns![v2s::unroll_transfer_read, v2s::transfer_1d_conversion]
    } else if TransferWriteOp::isa(ctx, op) {
        named_patterns![
            v2s_scalable::scalable_transpose_transfer_write,
            v2s::unroll_transfer_write,
            v2s::transfer_1d_conversion
        ]
    } else if PrintOp::isa(ctx, op) {
        named_patterns![v2s::decompose_print]
    } else {
        &[]
    }
}

impl Pass for ConvertVectorToScf {
    fn name(&self) -> &'static str {
        "convert-vector-to-scf"
    }

    fn class_name(&self) -> &'static str {
        "ConvertVectorToSCF"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let permutations: [PatternSource; 1] = [crate::vectorize::transfer_permutation_patterns];
        apply_patterns_greedily(ctx, root, PatternSet { fold_in_place: true, ..PatternSet::patterns(&permutations) });
        let lowering: [PatternSource; 1] =
            [if self.unroll { vector_to_scf_unrolled } else { vector_to_scf_progressive }];
        apply_patterns_greedily(
            ctx,
            root,
            PatternSet { fold_in_place: true, transfer_to_scf: self.options, ..PatternSet::patterns(&lowering) },
        );
        Ok(())
    }
}
