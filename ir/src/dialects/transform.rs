//! The subset of the transform dialect that upstream pack/unpack tiling
//! tests use: `named_sequence`, `yield`, `structured.match`,
//! `structured.tile_using_for`, `structured.tile_using_forall`,
//! `structured.fuse_into_containing_op`, `structured.fuse`,
//! `test.fuse_consumer`, `split_handle`, `cast`, `structured.lower_pack`,
//! `structured.lower_unpack`, `get_parent_op`, `apply_patterns` (with
//! `apply_patterns.tensor.fold_into_pack_and_unpack`,
//! `apply_patterns.linalg.fold_pack_unpack_into_empty`,
//! `apply_patterns.linalg.decompose_pack_unpack` and
//! `apply_patterns.canonicalization`). The
//! interpreter that runs them lives in tessel-passes.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId};

crate::op! {
    /// `transform.named_sequence`
    pub struct NamedSequenceOp => NAMED_SEQUENCE = "transform.named_sequence";
    operands { }
    attributes { sym_name: StrAttr = "sym_name", function_type: AnyAttr = "function_type", sym_visibility: StrAttr = "sym_visibility", arg_attrs: AnyAttr = "arg_attrs", res_attrs: AnyAttr = "res_attrs" }
    results { }
    regions { body }
    format { super::func::parse_func, super::func::print_func }
    def {
        verify: Some(super::func::verify_func),
        traits: traits::ISOLATED_FROM_ABOVE | traits::SYMBOL,
    }
}

crate::op! {
    /// `transform.yield`
    pub struct YieldOp => YIELD = "transform.yield";
    operands { operands: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_yield, print_yield }
    def {
        traits: traits::TERMINATOR,
    }
}

crate::op! {
    /// `transform.structured.match`
    pub struct MatchOp => MATCH = "transform.structured.match";
    operands { target: One }
    attributes { ops: AnyAttr = "ops", interface: AnyAttr = "interface" }
    results { results: One }
    regions { }
    format { parse_match, print_match }
    def {
        verify: Some(verify_match),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `transform.structured.tile_using_for`
    pub struct TileUsingForOp => TILE_USING_FOR = "transform.structured.tile_using_for";
    operands { target: One }
    attributes { static_sizes: I64Array = "static_sizes", interchange: OptI64Array = "interchange", scalable_sizes: AnyAttr = "scalable_sizes", operand_segment_sizes: AnyAttr = "operandSegmentSizes" }
    results { tiled_linalg_op: One, loops: Variadic }
    regions { }
    format { parse_tile, print_tile }
    def {
        verify: Some(verify_tile),
        result_groups: Some(|ctx, op| vec![("tiled_linalg_op", 1), ("loops", ctx.results(op).len() - 1)]),
    }
}

crate::op! {
    /// `transform.structured.tile_using_forall`
    pub struct TileUsingForallOp => TILE_USING_FORALL = "transform.structured.tile_using_forall";
    operands { target: One }
    attributes { static_tile_sizes: I64Array = "static_tile_sizes", mapping: AnyAttr = "mapping", operand_segment_sizes: AnyAttr = "operandSegmentSizes" }
    results { tiled_op: One, forall_op: One }
    regions { }
    format { parse_tile, print_tile }
    def {
        verify: Some(verify_tile),
        result_groups: Some(|_, _| vec![("tiled_op", 1), ("forall_op", 1)]),
        // target, num_threads, tile_sizes, packed_num_threads,
        // packed_tile_sizes: tessel takes static sizes only.
        default_properties: &[("operandSegmentSizes", "array<i32: 1, 0, 0, 0, 0>")],
    }
}

crate::op! {
    /// `transform.structured.fuse_into_containing_op`
    pub struct FuseIntoContainingOp => FUSE_INTO_CONTAINING_OP = "transform.structured.fuse_into_containing_op";
    operands { producer_op: One, containing_op: One }
    attributes { }
    results { fused_op: One, new_containing_op: One }
    regions { }
    format { parse_fuse_into, print_fuse_into }
    def {
        result_groups: Some(|_, _| vec![("fused_op", 1), ("new_containing_op", 1)]),
    }
}

crate::op! {
    /// `transform.structured.fuse`: tile the target and fuse its producers
    /// greedily.
    pub struct FuseOp => FUSE = "transform.structured.fuse";
    operands { target: One }
    attributes { static_tile_sizes: I64Array = "static_tile_sizes", static_tile_interchange: OptI64Array = "static_tile_interchange", apply_cleanup: AnyAttr = "apply_cleanup", use_forall: AnyAttr = "use_forall", operand_segment_sizes: AnyAttr = "operandSegmentSizes" }
    results { transformed: One, loops: Variadic }
    regions { }
    format { parse_fuse, print_fuse }
    def {
        verify: Some(verify_fuse),
        result_groups: Some(|ctx, op| vec![("transformed", 1), ("loops", ctx.results(op).len() - 1)]),
        // target, tile_sizes, tile_interchange: tessel takes static ones.
        default_properties: &[("operandSegmentSizes", "array<i32: 1, 0, 0>")],
    }
}

crate::op! {
    /// `transform.test.fuse_consumer %consumer into (%innermost, ..., %outermost)`:
    /// fuse a consumer of a loop nest's results into the nest.
    pub struct FuseConsumerOp => FUSE_CONSUMER = "transform.test.fuse_consumer";
    operands { consumer: One, loops: Variadic }
    attributes { }
    results { fused_consumer: One, result_loops: Variadic }
    regions { }
    format { parse_fuse_consumer, print_fuse_consumer }
    def {
        verify: Some(verify_fuse_consumer),
        result_groups: Some(|ctx, op| vec![("fused_consumer", 1), ("result_loops", ctx.results(op).len() - 1)]),
    }
}

crate::op! {
    /// `transform.split_handle %h : (type) -> (types)`: one payload op per
    /// result.
    pub struct SplitHandleOp => SPLIT_HANDLE = "transform.split_handle";
    operands { handle: One }
    attributes { pass_through_empty_handle: AnyAttr = "pass_through_empty_handle", fail_on_payload_too_small: AnyAttr = "fail_on_payload_too_small", overflow_result: AnyAttr = "overflow_result" }
    results { results: Variadic }
    regions { }
    format { parse_split_handle, print_handle_op }
    def {
        default_properties: &[("fail_on_payload_too_small", "true"), ("pass_through_empty_handle", "true")],
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `transform.cast %h : !transform.any_op to !transform.op<"linalg.pack">`:
    /// the same payload under another handle type (checked when it runs).
    pub struct CastOp => CAST = "transform.cast";
    operands { input: One }
    attributes { }
    results { output: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    def {
        verify: Some(verify_cast),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let from = ctx.value_type(ctx.operands(op)[0]);
    let to = ctx.value_type(ctx.result(op, 0));
    if !is_transform_type(ctx, from) || !is_transform_type(ctx, to) {
        return Err("cast between incompatible types: expects transform handle types".to_string().into());
    }
    Ok(())
}

/// The op name a handle type `!transform.op<"name">` requires of its
/// payload, if it requires one.
pub fn handle_op_name(ctx: &Context, t: crate::Type) -> Option<String> {
    match ctx.type_kind(t) {
        TypeKind::Opaque { dialect, text } if ctx.str(*dialect) == "transform" => {
            let inner = text.strip_prefix("op<")?.strip_suffix('>')?.trim();
            Some(inner.strip_prefix('"')?.strip_suffix('"')?.to_string())
        }
        _ => None,
    }
}

crate::op! {
    /// `transform.structured.lower_pack %packs {lowerPadLikeWithInsertSlice = b}`:
    /// pad, expand_shape and transpose handles.
    pub struct LowerPackOp => LOWER_PACK = "transform.structured.lower_pack";
    operands { target: One }
    attributes { lower_pad_like_with_insert_slice: AnyAttr = "lowerPadLikeWithInsertSlice" }
    results { pad_op: One, expand_shape_op: One, transpose_op: One }
    regions { }
    format { parse_split_handle, print_handle_op }
    def {
        verify: Some(verify_lower_pack),
        default_properties: &[("lowerPadLikeWithInsertSlice", "true")],
        result_groups: Some(|_, _| vec![("pad_op", 1), ("expand_shape_op", 1), ("transpose_op", 1)]),
    }
}

crate::op! {
    /// `transform.structured.lower_unpack %unpacks {lowerUnpadLikeWithExtractSlice = b}`:
    /// empty, transpose, collapse_shape and extract_slice handles.
    pub struct LowerUnPackOp => LOWER_UNPACK = "transform.structured.lower_unpack";
    operands { target: One }
    attributes { lower_unpad_like_with_extract_slice: AnyAttr = "lowerUnpadLikeWithExtractSlice" }
    results { empty_op: One, transpose_op: One, collapse_shape_op: One, extract_slice_op: One }
    regions { }
    format { parse_split_handle, print_handle_op }
    def {
        verify: Some(verify_lower_unpack),
        default_properties: &[("lowerUnpadLikeWithExtractSlice", "true")],
        result_groups: Some(|_, _| {
            vec![("empty_op", 1), ("transpose_op", 1), ("collapse_shape_op", 1), ("extract_slice_op", 1)]
        }),
    }
}

crate::op! {
    /// `transform.apply_patterns to %h { descriptors } : !transform.any_op`:
    /// the patterns its descriptor ops name, applied greedily to each
    /// payload op (`{apply_cse}` runs cse after).
    pub struct ApplyPatternsOp => APPLY_PATTERNS = "transform.apply_patterns";
    operands { target: One }
    attributes { apply_cse: UnitAttr = "apply_cse", max_iterations: AnyAttr = "max_iterations", max_num_rewrites: AnyAttr = "max_num_rewrites" }
    results { }
    regions { patterns }
    format { parse_apply_patterns, print_apply_patterns }
    def {
        default_properties: &[("max_iterations", "-1 : i64"), ("max_num_rewrites", "-1 : i64")],
        traits: traits::NO_TERMINATOR | traits::SINGLE_BLOCK,
    }
}

crate::op! {
    /// `transform.apply_patterns.tensor.fold_into_pack_and_unpack` (so
    /// spelled in mlir-opt 22, though the patterns live in linalg)
    pub struct ApplyFoldIntoPackAndUnpackOp => APPLY_FOLD_INTO_PACK_AND_UNPACK = "transform.apply_patterns.tensor.fold_into_pack_and_unpack";
    operands { }
    attributes { }
    results { }
    regions { }
    format { parse_descriptor, print_descriptor }
    def { }
}

crate::op! {
    /// `transform.apply_patterns.linalg.fold_pack_unpack_into_empty`
    pub struct ApplyFoldPackUnpackIntoEmptyOp => APPLY_FOLD_PACK_UNPACK_INTO_EMPTY = "transform.apply_patterns.linalg.fold_pack_unpack_into_empty";
    operands { }
    attributes { fold_single_use_only: AnyAttr = "fold_single_use_only" }
    results { }
    regions { }
    format { parse_descriptor, print_descriptor }
    def {
        default_properties: &[("fold_single_use_only", "false")],
    }
}

crate::op! {
    /// `transform.apply_patterns.canonicalization`
    pub struct ApplyCanonicalizationOp => APPLY_CANONICALIZATION = "transform.apply_patterns.canonicalization";
    operands { }
    attributes { }
    results { }
    regions { }
    format { parse_descriptor, print_descriptor }
    def { }
}

crate::op! {
    /// `transform.apply_patterns.linalg.decompose_pack_unpack`
    pub struct ApplyDecomposePackUnpackOp => APPLY_DECOMPOSE_PACK_UNPACK = "transform.apply_patterns.linalg.decompose_pack_unpack";
    operands { }
    attributes { }
    results { }
    regions { }
    format { parse_descriptor, print_descriptor }
    def { }
}

crate::op! {
    /// `transform.apply_patterns.tensor.bubble_up_extract_slice`: a slice of
    /// an `expand_shape` / `collapse_shape` moves before the reshape.
    pub struct ApplyBubbleUpExtractSliceOp => APPLY_BUBBLE_UP_EXTRACT_SLICE = "transform.apply_patterns.tensor.bubble_up_extract_slice";
    operands { }
    attributes { }
    results { }
    regions { }
    format { parse_descriptor, print_descriptor }
    def { }
}

crate::op! {
    /// `transform.get_parent_op %h {isolated_from_above, op_name = "..",
    /// deduplicate, nth_parent = n}`: the enclosing op of each payload op.
    pub struct GetParentOp => GET_PARENT_OP = "transform.get_parent_op";
    operands { target: One }
    attributes { isolated_from_above: UnitAttr = "isolated_from_above", op_name: AnyAttr = "op_name", deduplicate: UnitAttr = "deduplicate", allow_empty_results: UnitAttr = "allow_empty_results", nth_parent: AnyAttr = "nth_parent" }
    results { parent: One }
    regions { }
    format { parse_split_handle, print_handle_op }
    def {
        default_properties: &[("nth_parent", "1 : i64")],
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

fn parse_apply_patterns(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.keyword("to")?;
    let target = p.operand()?;
    p.region(&[])?;
    p.optional_attr_dict()?;
    let ty = p.colon_type()?;
    p.push_operand(&target, ty)?;
    Ok(())
}

fn print_apply_patterns(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let target = ctx.operands(op)[0];
    p.write(" to ");
    p.print_operand(target);
    p.write(" ");
    p.print_region(ctx.regions(op)[0], false, true);
    // Properties go in the attr-dict (`{apply_cse}`), unless at their default.
    p.print_optional_attr_dict(op, &at_default(ctx, op));
    p.write(" : ");
    p.print_type(ctx.value_type(target));
}

pub(crate) fn parse_descriptor(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()
}

pub(crate) fn print_descriptor(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, &at_default(ctx, op));
}

/// MLIR's typed-handle constraints: operand #0 and each result must be a
/// handle to the named op (either pack spelling accepted for the operand).
fn verify_typed_handles(ctx: &Context, op: OpId, operand: &[&str], results: &[&str]) -> Result<(), VerifyError> {
    let names = |t: crate::Type| handle_op_name(ctx, t);
    let ty_text = |t: crate::Type| crate::printer::type_to_string(ctx, t);
    let t = ctx.value_type(ctx.operands(op)[0]);
    if !names(t).is_some_and(|n| operand.contains(&n.as_str())) {
        return Err(format!(
            "operand #0 must be Transform IR handle to {} operations, but got '{}'",
            operand[operand.len() - 1],
            ty_text(t)
        )
        .into());
    }
    for (k, (r, want)) in ctx.results(op).iter().zip(results).enumerate() {
        let t = ctx.value_type(*r);
        if names(t).as_deref() != Some(*want) {
            return Err(format!(
                "result #{k} must be Transform IR handle to {want} operations, but got '{}'",
                ty_text(t)
            )
            .into());
        }
    }
    Ok(())
}

fn verify_lower_pack(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_typed_handles(
        ctx,
        op,
        &["tensor.pack", "linalg.pack"],
        &["tensor.pad", "tensor.expand_shape", "linalg.transpose"],
    )
}

fn verify_lower_unpack(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_typed_handles(
        ctx,
        op,
        &["tensor.unpack", "linalg.unpack"],
        &["tensor.empty", "linalg.transpose", "tensor.collapse_shape", "tensor.extract_slice"],
    )
}

/// Whether the boolean option `name` of a transform op is on (absent:
/// `default`).
pub fn bool_option(ctx: &Context, op: OpId, name: &str, default: bool) -> bool {
    match ctx.get_attr(op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Bool(b)) => *b,
        _ => default,
    }
}

/// ` %handle {attrs} : (type) -> (types)`: the custom form of split_handle,
/// lower_pack and lower_unpack. A property at its default (the op's
/// `default_properties`) is not printed, as upstream elides it.
pub(crate) fn print_handle_op(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.print_optional_attr_dict(op, &at_default(ctx, op));
    print_functional_type(p, op);
}

/// The op's properties that hold their default value (its
/// `default_properties`, compared as printed): upstream's custom forms
/// leave them out.
fn at_default(ctx: &Context, op: OpId) -> Vec<&'static str> {
    let props = ctx.def_of(op).map(|d| d.default_properties).unwrap_or(&[]);
    props
        .iter()
        .filter(|(n, text)| ctx.get_attr(op, n).is_some_and(|a| crate::printer::attr_to_string(ctx, a) == *text))
        .map(|(n, _)| *n)
        .collect()
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in [
        &NAMED_SEQUENCE,
        &YIELD,
        &MATCH,
        &TILE_USING_FOR,
        &TILE_USING_FORALL,
        &FUSE_INTO_CONTAINING_OP,
        &FUSE,
        &FUSE_CONSUMER,
        &SPLIT_HANDLE,
        &CAST,
        &LOWER_PACK,
        &LOWER_UNPACK,
        &APPLY_PATTERNS,
        &APPLY_FOLD_INTO_PACK_AND_UNPACK,
        &APPLY_FOLD_PACK_UNPACK_INTO_EMPTY,
        &APPLY_CANONICALIZATION,
        &APPLY_DECOMPOSE_PACK_UNPACK,
        &APPLY_BUBBLE_UP_EXTRACT_SLICE,
        &GET_PARENT_OP,
    ] {
        r.add(d);
    }
    super::transform_pack::register(r);
    super::transform_param::register(r);
    super::transform_loop::register(r);
    super::transform_vector::register(r);
}

fn is_transform_type(ctx: &Context, t: crate::Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, .. } if matches!(ctx.str(*dialect), "transform" | "pdl"))
}

fn parse_yield(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let ops = p.operand_list()?;
    p.optional_colon_typed(&ops)
}

fn print_yield(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    let ops = p.ctx().operands(op);
    if ops.is_empty() {
        // Upstream's format leaves a space even without operands.
        p.write(" ");
    }
    p.print_colon_typed(ops);
}

/// The op names a `transform.structured.match` selects.
pub fn match_names(ctx: &Context, op: OpId) -> Vec<String> {
    match ctx.get_attr(op, "ops").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .filter_map(|a| match ctx.attr_kind(*a) {
                AttrKind::String { value, .. } => Some(value.clone()),
                _ => None,
            })
            .collect(),
        _ => vec![],
    }
}

/// The interfaces `transform.structured.match interface{..}` names, in
/// the order of upstream's `MatchInterfaceEnum` (its stored value).
pub const MATCH_INTERFACES: [&str; 3] = ["LinalgOp", "TilingInterface", "LoopLikeInterface"];

/// The interface a `transform.structured.match` selects by, if any.
pub fn match_interface(ctx: &Context, op: OpId) -> Option<&'static str> {
    match ctx.attr_kind(ctx.get_attr(op, "interface")?) {
        AttrKind::Integer { value, .. } => usize::try_from(*value).ok().and_then(|i| MATCH_INTERFACES.get(i).copied()),
        _ => None,
    }
}

fn parse_match(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional_keyword("ops") {
        p.expect(Tok::LBrace)?;
        let a = p.attribute(None)?;
        p.expect(Tok::RBrace)?;
        p.set_attr("ops", a);
    }
    if p.optional_keyword("interface") {
        p.expect(Tok::LBrace)?;
        let loc = p.cur_loc();
        let name = p.any_keyword()?.to_string();
        let Some(i) = MATCH_INTERFACES.iter().position(|n| *n == name) else {
            return p.err_at(loc, format!("expected one of [{}]", MATCH_INTERFACES.join(", ")));
        };
        p.expect(Tok::RBrace)?;
        let i32t = p.ctx().int_type(32);
        let a = p.ctx().int_attr(i as i128, i32t);
        p.set_attr("interface", a);
    }
    p.optional_attr_dict()?;
    p.keyword("in")?;
    let target = p.operand()?;
    p.functional_type_operands(&[target])
}

fn print_match(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(a) = ctx.get_attr(op, "ops") {
        p.write(" ops{");
        match ctx.attr_kind(a) {
            // Op names, respelled with --pack-spelling like the ops they match.
            AttrKind::Array(items) if items.iter().all(|i| matches!(ctx.attr_kind(*i), AttrKind::String { .. })) => {
                let names: Vec<String> = match_names(ctx, op)
                    .iter()
                    .map(|n| {
                        let mut quoted = String::from("\"");
                        crate::printer::escape(p.respell_pack(n), &mut quoted);
                        quoted.push('"');
                        quoted
                    })
                    .collect();
                p.write(&format!("[{}]", names.join(", ")));
            }
            _ => p.print_attr(a),
        }
        p.write("}");
    }
    if let Some(name) = match_interface(ctx, op) {
        p.write(&format!(" interface{{{name}}}"));
    }
    p.print_attr_dict(op);
    p.write(" in ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(" : (");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(") -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_match(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if !is_transform_type(ctx, ctx.value_type(ctx.operands(op)[0])) {
        return Err("operand #0 must be TransformHandleTypeInterface instance".into());
    }
    Ok(())
}

fn sizes_attr(name: &str) -> &'static str {
    if name == "transform.structured.tile_using_for" {
        "static_sizes"
    } else {
        "static_tile_sizes"
    }
}

fn parse_tile(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    // LLVM 17-19 wrote the sizes without the keyword: `tile_using_for %op [2, 4]`.
    if !p.at(Tok::LSquare) {
        p.keyword("tile_sizes")?;
    }
    let loc = p.cur_loc();
    let (dyns, sizes) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    if !dyns.is_empty() {
        return p.err_at(loc, "tessel supports only static tile sizes in transform.structured tiling ops");
    }
    let a = p.ctx().i64_array_attr(&sizes);
    let attr = sizes_attr(p.def.name);
    p.set_attr(attr, a);
    if p.def.name == "transform.structured.tile_using_for" {
        // As MLIR's parser: one scalable flag per size (tessel's are static).
        let i1 = p.ctx().int_type(1);
        let flags = p.ctx().attr(AttrKind::DenseArray { elem: i1, values: vec![0; sizes.len()] });
        p.set_attr("scalable_sizes", flags);
    }
    if p.optional_keyword("interchange") {
        p.expect(Tok::Equal)?;
        let v = p.i64_list()?;
        let a = p.ctx().i64_array_attr(&v);
        p.set_attr("interchange", a);
    }
    if p.at(Tok::LParen) {
        // `(mapping = [...])` of tile_using_forall.
        p.expect(Tok::LParen)?;
        p.keyword("mapping")?;
        p.expect(Tok::Equal)?;
        let m = p.attribute(None)?;
        p.expect(Tok::RParen)?;
        p.set_attr("mapping", m);
    }
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_tile(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let name = ctx.op_name(op);
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(" tile_sizes ");
    let sizes = ctx.get_attr(op, sizes_attr(name)).and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
    p.print_i64_list(&sizes);
    if let Some(i) = ctx.get_attr(op, "interchange").and_then(|a| ctx.as_i64_array(a)) {
        if !i.is_empty() {
            let i = i.to_vec();
            p.write(" interchange = ");
            p.print_i64_list(&i);
        }
    }
    if let Some(m) = ctx.get_attr(op, "mapping") {
        p.write(" (mapping = ");
        p.print_attr(m);
        p.write(")");
    }
    p.print_optional_attr_dict(
        op,
        &["static_sizes", "static_tile_sizes", "interchange", "mapping", "scalable_sizes", "operandSegmentSizes"],
    );
    print_functional_type(p, op);
}

/// The static tile sizes of a tiling transform op.
pub fn tile_sizes(ctx: &Context, op: OpId) -> Vec<i64> {
    ctx.get_attr(op, sizes_attr(ctx.op_name(op))).and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec()
}

fn verify_tile(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let sizes = tile_sizes(ctx, op);
    if TileUsingForOp::isa(ctx, op) {
        let scalable = ctx.get_attr(op, "scalable_sizes").and_then(|a| ctx.as_i64_array(a)).map_or(0, |v| v.len());
        if scalable != sizes.len() {
            return Err(
                format!("expected same number of sizes ({}) and scalable sizes ({scalable})", sizes.len()).into()
            );
        }
        let loops = sizes.iter().filter(|s| **s != 0).count();
        if ctx.results(op).len() != loops + 1 {
            return Err(format!(
                "expected {} result(s): the tiled op and one loop per non-zero tile size, found {}",
                loops + 1,
                ctx.results(op).len()
            )
            .into());
        }
    }
    if sizes.iter().any(|s| *s < 0) {
        return Err("expects non-negative tile sizes".into());
    }
    Ok(())
}

/// `%producer into %containing : (types) -> (types)`
fn parse_fuse_into(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let producer = p.operand()?;
    p.keyword("into")?;
    let containing = p.operand()?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[producer, containing])
}

fn print_fuse_into(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" into ");
    p.print_operand(ops[1]);
    p.print_attr_dict(op);
    print_functional_type(p, op);
}

/// `%target [tile_sizes [..]] [interchange [..]] attr-dict : (types) -> (types)`
fn parse_fuse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    for (kw, attr) in [("tile_sizes", "static_tile_sizes"), ("interchange", "static_tile_interchange")] {
        if p.optional_keyword(kw) {
            let loc = p.cur_loc();
            let (dyns, v) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
            if !dyns.is_empty() {
                return p.err_at(
                    loc,
                    "tessel supports only static tile sizes and interchanges in transform.structured.fuse",
                );
            }
            let a = p.ctx().i64_array_attr(&v);
            p.set_attr(attr, a);
        }
    }
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_fuse(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    for (kw, attr) in [("tile_sizes", "static_tile_sizes"), ("interchange", "static_tile_interchange")] {
        if let Some(v) = ctx.get_attr(op, attr).and_then(|a| ctx.as_i64_array(a)) {
            if !v.is_empty() {
                let v = v.to_vec();
                p.write(&format!(" {kw} "));
                p.print_i64_list(&v);
            }
        }
    }
    p.print_optional_attr_dict(op, &["static_tile_sizes", "static_tile_interchange", "operandSegmentSizes"]);
    print_functional_type(p, op);
}

/// The static tile sizes and interchange of a `transform.structured.fuse`.
pub fn fuse_sizes(ctx: &Context, op: OpId) -> (Vec<i64>, Vec<i64>) {
    let get = |name| ctx.get_attr(op, name).and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
    (get("static_tile_sizes"), get("static_tile_interchange"))
}

fn verify_fuse(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (sizes, interchange) = fuse_sizes(ctx, op);
    let mut seen = std::collections::HashSet::new();
    for i in &interchange {
        if !seen.insert(*i) {
            return Err(format!("found duplicate interchange value: {i}").into());
        }
    }
    let tiled = sizes.iter().filter(|s| **s != 0).count();
    let loops = if ctx.get_attr(op, "use_forall").is_some() { tiled.min(1) } else { tiled };
    if ctx.results(op).len() != loops + 1 {
        return Err(format!("expects {loops} loop results").into());
    }
    if sizes.iter().any(|s| *s < 0) {
        return Err("expects non-negative tile sizes".into());
    }
    Ok(())
}

/// `%consumer into (%loop, ...) attr-dict : (types) -> (types)`
fn parse_fuse_consumer(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let consumer = p.operand()?;
    p.keyword("into")?;
    p.expect(Tok::LParen)?;
    let mut ops = vec![consumer];
    if !p.at(Tok::RParen) {
        ops.extend(p.operand_list()?);
    }
    p.expect(Tok::RParen)?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&ops)
}

fn print_fuse_consumer(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" into(");
    for (i, v) in ops[1..].iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(*v);
    }
    p.write(")");
    p.print_attr_dict(op);
    print_functional_type(p, op);
}

fn verify_fuse_consumer(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let loops = ctx.operands(op).len() - 1;
    if loops == 0 {
        return Err("expects at least one loop".into());
    }
    if ctx.results(op).len() != loops + 1 {
        return Err(format!("expects {} results: the fused consumer and one per loop", loops + 1).into());
    }
    Ok(())
}

pub(crate) fn parse_split_handle(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let h = p.operand()?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[h])
}

/// ` : (operand types) -> result types`, the trailer of the transform ops.
pub(crate) fn print_functional_type(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" : (");
    let tys: Vec<_> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    p.write(") -> ");
    let tys: Vec<_> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    p.print_arrow_types(&tys);
}
