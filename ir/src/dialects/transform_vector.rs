//! The transform ops that vectorize, as MLIR 22 spells them:
//! `transform.structured.vectorize %target (vector_sizes [4, [8]])?
//! {vectorize_nd_extract}? : !transform.any_op`,
//! `transform.structured.vectorize_children_and_apply_patterns %f {..} :
//! (!transform.any_op) -> !transform.any_op`, and the pattern descriptors
//! of the vector dialect's cleanups (`transform.apply_patterns.vector.*`).
//! The interpreter runs them with `tessel_passes::vectorize`.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{Registry, VerifyError};
use crate::types::DYNAMIC;
use crate::{Context, OpId};

crate::op! {
    /// `transform.structured.vectorize %target vector_sizes [..]`
    pub struct VectorizeOp => VECTORIZE = "transform.structured.vectorize";
    operands { target: One, vector_sizes: Variadic }
    attributes {
        static_vector_sizes: OptI64Array = "static_vector_sizes",
        scalable_sizes: AnyAttr = "scalable_sizes",
        vectorize_nd_extract: UnitAttr = "vectorize_nd_extract",
        flatten_1d_depthwise_conv: UnitAttr = "flatten_1d_depthwise_conv",
        assume_dynamic_dims_match_vec_sizes: UnitAttr = "assume_dynamic_dims_match_vec_sizes",
        create_named_contraction: UnitAttr = "create_named_contraction"
    }
    results { }
    regions { }
    format { parse_vectorize, print_vectorize }
    def {
        verify: Some(verify_vectorize),
    }
}

crate::op! {
    /// `transform.structured.vectorize_children_and_apply_patterns %f
    /// {vectorize_padding, ..}`: vectorizes every op under the
    /// (isolated-from-above) target that can be, then applies the vector
    /// cleanups greedily.
    pub struct VectorizeChildrenOp => VECTORIZE_CHILDREN = "transform.structured.vectorize_children_and_apply_patterns";
    operands { target: One }
    attributes {
        vectorize_padding: UnitAttr = "vectorize_padding",
        vectorize_nd_extract: UnitAttr = "vectorize_nd_extract",
        flatten_1d_depthwise_conv: UnitAttr = "flatten_1d_depthwise_conv",
        disable_multi_reduction_to_contract_patterns: UnitAttr = "disable_multi_reduction_to_contract_patterns",
        disable_transfer_permutation_map_lowering_patterns: UnitAttr = "disable_transfer_permutation_map_lowering_patterns",
        fold_type_extensions_into_contract: UnitAttr = "fold_type_extensions_into_contract"
    }
    results { transformed: One }
    regions { }
    format { super::transform::parse_split_handle, super::transform::print_handle_op }
    def { }
}

/// A pattern descriptor with no options: `transform.apply_patterns.<name>`.
macro_rules! descriptor {
    ($(#[$doc:meta])* $handle:ident, $def:ident, $name:literal) => {
        crate::op! {
            $(#[$doc])*
            pub struct $handle => $def = $name;
            operands { }
            attributes { }
            results { }
            regions { }
            format { super::transform::parse_descriptor, super::transform::print_descriptor }
            def { }
        }
    };
}

descriptor!(
    /// `transform.apply_patterns.vector.fold_arith_extension`
    ApplyFoldArithExtensionOp, APPLY_FOLD_ARITH_EXTENSION, "transform.apply_patterns.vector.fold_arith_extension"
);

descriptor!(
    /// `transform.apply_patterns.vector.transfer_permutation_patterns`
    ApplyTransferPermutationPatternsOp, APPLY_TRANSFER_PERMUTATION_PATTERNS, "transform.apply_patterns.vector.transfer_permutation_patterns"
);

descriptor!(
    /// `transform.apply_patterns.vector.reduction_to_contract`
    ApplyReductionToContractOp, APPLY_REDUCTION_TO_CONTRACT, "transform.apply_patterns.vector.reduction_to_contract"
);

descriptor!(
    /// `transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers`
    ApplyFoldSubsetIntoTransfersOp, APPLY_FOLD_SUBSET_INTO_TRANSFERS, "transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers"
);

descriptor!(
    /// `transform.apply_patterns.vector.lower_broadcast`
    ApplyLowerBroadcastOp, APPLY_LOWER_BROADCAST, "transform.apply_patterns.vector.lower_broadcast"
);

descriptor!(
    /// `transform.apply_patterns.vector.lower_masks`
    ApplyLowerMasksOp, APPLY_LOWER_MASKS, "transform.apply_patterns.vector.lower_masks"
);

descriptor!(
    /// `transform.apply_patterns.vector.lower_masked_transfers`
    ApplyLowerMaskedTransfersOp, APPLY_LOWER_MASKED_TRANSFERS, "transform.apply_patterns.vector.lower_masked_transfers"
);

descriptor!(
    /// `transform.apply_patterns.vector.drop_unit_dims_with_shape_cast`
    ApplyDropUnitDimsWithShapeCastOp, APPLY_DROP_UNIT_DIMS_WITH_SHAPE_CAST, "transform.apply_patterns.vector.drop_unit_dims_with_shape_cast"
);

descriptor!(
    /// `transform.apply_patterns.vector.cast_away_vector_leading_one_dim`
    ApplyCastAwayLeadingOneDimOp, APPLY_CAST_AWAY_LEADING_ONE_DIM, "transform.apply_patterns.vector.cast_away_vector_leading_one_dim"
);

descriptor!(
    /// `transform.apply_patterns.vector.lower_outerproduct`
    ApplyLowerOuterProductOp, APPLY_LOWER_OUTER_PRODUCT, "transform.apply_patterns.vector.lower_outerproduct"
);

descriptor!(
    /// `transform.apply_patterns.vector.lower_shape_cast`
    ApplyLowerShapeCastOp, APPLY_LOWER_SHAPE_CAST, "transform.apply_patterns.vector.lower_shape_cast"
);

crate::op! {
    /// `transform.apply_patterns.vector.lower_transpose (lowering_strategy =
    /// eltwise|llvmintr|shuffle_1d|shuffle_16x16)? (avx2_lowering_strategy = B)?`
    pub struct ApplyLowerTransposeOp => APPLY_LOWER_TRANSPOSE = "transform.apply_patterns.vector.lower_transpose";
    operands { }
    attributes { lowering_strategy: AnyAttr = "lowering_strategy", avx2_lowering_strategy: AnyAttr = "avx2_lowering_strategy" }
    results { }
    regions { }
    format { parse_lower_transpose, print_lower_transpose }
    def {
        default_properties: &[("avx2_lowering_strategy", "false"), ("lowering_strategy", "0 : i32")],
    }
}

crate::op! {
    /// `transform.apply_patterns.vector.lower_transfer (max_transfer_rank = N)?`
    pub struct ApplyLowerTransferOp => APPLY_LOWER_TRANSFER = "transform.apply_patterns.vector.lower_transfer";
    operands { }
    attributes { max_transfer_rank: AnyAttr = "max_transfer_rank" }
    results { }
    regions { }
    format { parse_lower_transfer, print_lower_transfer }
    def {
        default_properties: &[("max_transfer_rank", "1 : i64")],
    }
}

/// The `max_transfer_rank` of a `lower_transfer` descriptor (default 1).
pub fn max_transfer_rank(ctx: &Context, op: OpId) -> i64 {
    match ctx.get_attr(op, "max_transfer_rank").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => i64::try_from(*value).unwrap_or(1),
        _ => 1,
    }
}

fn parse_lower_transfer(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let mut rank = 1;
    if p.optional_keyword("max_transfer_rank") {
        p.expect(Tok::Equal)?;
        rank = p.integer()?;
    }
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(rank as i128, i64t);
    p.set_attr("max_transfer_rank", a);
    p.optional_attr_dict()
}

fn print_lower_transfer(p: &mut OpPrinter<'_>, op: OpId) {
    let rank = max_transfer_rank(p.ctx(), op);
    if rank != 1 {
        p.write(&format!(" max_transfer_rank = {rank}"));
    }
    p.print_optional_attr_dict(op, &["max_transfer_rank"]);
}

crate::op! {
    /// `transform.apply_patterns.vector.lower_multi_reduction (lowering_strategy = innerparallel|innerreduction)?`
    pub struct ApplyLowerMultiReductionOp => APPLY_LOWER_MULTI_REDUCTION = "transform.apply_patterns.vector.lower_multi_reduction";
    operands { }
    attributes { lowering_strategy: AnyAttr = "lowering_strategy" }
    results { }
    regions { }
    format { parse_lower_multi_reduction, print_lower_multi_reduction }
    def {
        default_properties: &[("lowering_strategy", "0 : i32")],
    }
}

/// The multi-reduction lowering strategies, in the order of upstream's
/// enum (its stored value).
pub const MULTI_REDUCTION_STRATEGIES: [&str; 2] = ["innerparallel", "innerreduction"];

/// Whether a `lower_multi_reduction` descriptor asks for `innerreduction`.
pub fn inner_reduction_strategy(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.get_attr(op, "lowering_strategy").map(|a| ctx.attr_kind(a)), Some(AttrKind::Integer { value: 1, .. }))
}

/// `keyword = name` (or `"name"`), if present: the position of `name`
/// among `names` (an upstream enum's stored value); 0 when the keyword is
/// absent. Other names get 22's diagnostic.
fn parse_enum_option(p: &mut OpParser<'_, '_>, keyword: &str, names: &[&str]) -> PResult<usize> {
    if !p.optional_keyword(keyword) {
        return Ok(0);
    }
    p.expect(Tok::Equal)?;
    let loc = p.cur_loc();
    let name = if p.at(Tok::String) {
        Some(p.string_literal()?)
    } else {
        p.peek_keyword().map(str::to_string).filter(|_| p.any_keyword().is_ok())
    };
    match name.and_then(|name| names.iter().position(|s| *s == name)) {
        Some(i) => Ok(i),
        None => {
            p.err_at(
                loc,
                format!(
                    "custom op '{}' expected string or keyword containing one of the following enum values for attribute '{keyword}' [{}]",
                    p.def.name,
                    names.join(", ")
                ),
            )
        }
    }
}

fn parse_lower_multi_reduction(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let strategy = parse_enum_option(p, "lowering_strategy", &MULTI_REDUCTION_STRATEGIES)?;
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().int_attr(strategy as i128, i32t);
    p.set_attr("lowering_strategy", a);
    p.optional_attr_dict()
}

fn print_lower_multi_reduction(p: &mut OpPrinter<'_>, op: OpId) {
    if inner_reduction_strategy(p.ctx(), op) {
        p.write(" lowering_strategy = innerreduction");
    }
    p.print_optional_attr_dict(op, &["lowering_strategy"]);
}

crate::op! {
    /// `transform.apply_patterns.vector.lower_contraction (lowering_strategy = dot|llvmintr|outerproduct|parallelarith)?`
    pub struct ApplyLowerContractionOp => APPLY_LOWER_CONTRACTION = "transform.apply_patterns.vector.lower_contraction";
    operands { }
    attributes { lowering_strategy: AnyAttr = "lowering_strategy" }
    results { }
    regions { }
    format { parse_lower_contraction, print_lower_contraction }
    def {
        default_properties: &[("lowering_strategy", "2 : i32")],
    }
}

/// The contraction lowering strategies, in the order of upstream's enum
/// (its stored value); `outerproduct` is the default.
pub const CONTRACTION_STRATEGIES: [&str; 4] = ["dot", "llvmintr", "outerproduct", "parallelarith"];
const DEFAULT_CONTRACTION_STRATEGY: usize = 2;

/// The strategy a `lower_contraction` descriptor names.
pub fn contraction_strategy(ctx: &Context, op: OpId) -> &'static str {
    let stored = match ctx.get_attr(op, "lowering_strategy").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => usize::try_from(*value).ok(),
        _ => None,
    };
    CONTRACTION_STRATEGIES[stored.filter(|i| *i < CONTRACTION_STRATEGIES.len()).unwrap_or(DEFAULT_CONTRACTION_STRATEGY)]
}

fn parse_lower_contraction(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let strategy = if p.at_keyword("lowering_strategy") {
        parse_enum_option(p, "lowering_strategy", &CONTRACTION_STRATEGIES)?
    } else {
        DEFAULT_CONTRACTION_STRATEGY
    };
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().int_attr(strategy as i128, i32t);
    p.set_attr("lowering_strategy", a);
    p.optional_attr_dict()
}

fn print_lower_contraction(p: &mut OpPrinter<'_>, op: OpId) {
    let strategy = contraction_strategy(p.ctx(), op);
    if strategy != CONTRACTION_STRATEGIES[DEFAULT_CONTRACTION_STRATEGY] {
        p.write(&format!(" lowering_strategy = {strategy}"));
    }
    p.print_optional_attr_dict(op, &["lowering_strategy"]);
}

/// The transpose lowering strategies, in the order of upstream's enum
/// (its stored value).
pub const TRANSPOSE_STRATEGIES: [&str; 4] = ["eltwise", "llvmintr", "shuffle_1d", "shuffle_16x16"];

/// The strategy a `lower_transpose` descriptor names.
pub fn transpose_strategy(ctx: &Context, op: OpId) -> &'static str {
    match ctx.get_attr(op, "lowering_strategy").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => {
            usize::try_from(*value).ok().and_then(|i| TRANSPOSE_STRATEGIES.get(i)).copied().unwrap_or("eltwise")
        }
        _ => "eltwise",
    }
}

fn parse_lower_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let strategy = parse_enum_option(p, "lowering_strategy", &TRANSPOSE_STRATEGIES)?;
    let mut avx2 = false;
    if p.optional_keyword("avx2_lowering_strategy") {
        p.expect(Tok::Equal)?;
        avx2 = if p.optional_keyword("true") {
            true
        } else {
            p.keyword("false")?;
            false
        };
    }
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().int_attr(strategy as i128, i32t);
    p.set_attr("lowering_strategy", a);
    let b = p.ctx().attr(AttrKind::Bool(avx2));
    p.set_attr("avx2_lowering_strategy", b);
    p.optional_attr_dict()
}

fn print_lower_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let strategy = transpose_strategy(ctx, op);
    if strategy != "eltwise" {
        p.write(&format!(" lowering_strategy = {strategy}"));
    }
    let avx2 =
        matches!(ctx.get_attr(op, "avx2_lowering_strategy").map(|a| ctx.attr_kind(a)), Some(AttrKind::Bool(true)));
    if avx2 {
        p.write(" avx2_lowering_strategy = true");
    }
    p.print_optional_attr_dict(op, &["lowering_strategy", "avx2_lowering_strategy"]);
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&VECTORIZE);
    r.add(&VECTORIZE_CHILDREN);
    r.add(&APPLY_TRANSFER_PERMUTATION_PATTERNS);
    r.add(&APPLY_REDUCTION_TO_CONTRACT);
    r.add(&APPLY_FOLD_ARITH_EXTENSION);
    r.add(&APPLY_FOLD_SUBSET_INTO_TRANSFERS);
    r.add(&APPLY_LOWER_TRANSPOSE);
    r.add(&APPLY_LOWER_BROADCAST);
    r.add(&APPLY_LOWER_SHAPE_CAST);
    r.add(&APPLY_LOWER_MASKS);
    r.add(&APPLY_LOWER_MASKED_TRANSFERS);
    r.add(&APPLY_LOWER_TRANSFER);
    r.add(&APPLY_LOWER_MULTI_REDUCTION);
    r.add(&APPLY_LOWER_CONTRACTION);
    r.add(&APPLY_DROP_UNIT_DIMS_WITH_SHAPE_CAST);
    r.add(&APPLY_CAST_AWAY_LEADING_ONE_DIM);
    r.add(&APPLY_LOWER_OUTER_PRODUCT);
}

/// The static vector sizes and which are scalable (empty: none given).
pub fn vector_sizes(ctx: &Context, op: OpId) -> (Vec<i64>, Vec<bool>) {
    let v = VectorizeOp(op);
    let sizes = v.static_vector_sizes(ctx).to_vec();
    let scalable = match v.scalable_sizes(ctx).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|b| *b != 0).collect(),
        _ => vec![false; sizes.len()],
    };
    (sizes, scalable)
}

fn parse_vectorize(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    let mut dyns = Vec::new();
    if p.optional_keyword("vector_sizes") {
        p.expect(Tok::LSquare)?;
        let (mut ints, mut scalable) = (Vec::new(), Vec::new());
        if !p.optional(Tok::RSquare) {
            loop {
                let bracket = p.optional(Tok::LSquare);
                if let Some(d) = p.optional_operand()? {
                    dyns.push(d);
                    ints.push(DYNAMIC);
                } else {
                    ints.push(p.integer()?);
                }
                if bracket {
                    p.expect(Tok::RSquare)?;
                }
                scalable.push(bracket as i64);
                if !p.optional(Tok::Comma) {
                    break;
                }
            }
            p.expect(Tok::RSquare)?;
        }
        let a = p.ctx().i64_array_attr(&ints);
        p.set_attr("static_vector_sizes", a);
        let i1 = p.ctx().int_type(1);
        let a = p.ctx().attr(AttrKind::DenseArray { elem: i1, values: scalable });
        p.set_attr("scalable_sizes", a);
    }
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&target, t)?;
    if !dyns.is_empty() {
        p.expect(Tok::Comma)?;
        let loc = p.cur_loc();
        let tys = p.type_list()?;
        p.push_operands(&dyns, &tys, loc)?;
    }
    Ok(())
}

fn print_vectorize(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let v = VectorizeOp(op);
    p.write(" ");
    p.print_operand(v.target(ctx));
    if ctx.get_attr(op, "static_vector_sizes").is_some() {
        let (sizes, scalable) = vector_sizes(ctx, op);
        let mut dyns = v.vector_sizes(ctx).iter();
        p.write(" vector_sizes [");
        for (i, s) in sizes.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            let sc = scalable.get(i).copied().unwrap_or(false);
            if sc {
                p.write("[");
            }
            match (*s == DYNAMIC).then(|| dyns.next()).flatten() {
                Some(d) => p.print_operand(*d),
                None => p.write(&s.to_string()),
            }
            if sc {
                p.write("]");
            }
        }
        p.write("]");
    }
    // The flags are inherent but printed in the dictionary, as MLIR does.
    p.print_optional_attr_dict(op, &["static_vector_sizes", "scalable_sizes"]);
    p.write(" : ");
    p.print_type(ctx.value_type(v.target(ctx)));
    let dyns = v.vector_sizes(ctx);
    if !dyns.is_empty() {
        p.write(", ");
        let tys: Vec<crate::Type> = dyns.iter().map(|d| ctx.value_type(*d)).collect();
        p.print_types(&tys);
    }
}

fn verify_vectorize(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (sizes, scalable) = vector_sizes(ctx, op);
    let dynamic = sizes.iter().filter(|s| **s == DYNAMIC).count();
    if dynamic != VectorizeOp(op).vector_sizes(ctx).len() {
        return Err("expected as many dynamic vector sizes as `?` entries".into());
    }
    if scalable.len() != sizes.len() {
        return Err("expected same number of vector sizes and scalable flags".into());
    }
    Ok(())
}
