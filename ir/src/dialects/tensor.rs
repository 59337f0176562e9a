//! The `tensor` dialect subset used by tiled code (pack/unpack live in
//! `pack.rs`).

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type, Value};

crate::op! {
    /// `tensor.empty`
    pub struct EmptyOp => EMPTY = "tensor.empty";
    operands { dynamic_sizes: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { parse_empty, print_empty }
    def {
        verify: Some(verify_empty),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `tensor.extract_slice`
    pub struct ExtractSliceOp => EXTRACT_SLICE = "tensor.extract_slice";
    operands segmented { source: One, offsets: Variadic, sizes: Variadic, strides: Variadic }
    attributes { static_offsets: I64Array = "static_offsets", static_sizes: I64Array = "static_sizes", static_strides: I64Array = "static_strides" }
    results { result: One }
    regions { }
    format { parse_extract_slice, print_extract_slice }
    patterns [super::patterns::tensor::fold_constant_offsets_and_strides, super::patterns::tensor::fold_noop_slice]
    def {
        verify: Some(verify_extract_slice),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("extracted_slice".into())),
    }
}

crate::op! {
    /// `tensor.insert_slice`
    pub struct InsertSliceOp => INSERT_SLICE = "tensor.insert_slice";
    operands segmented { source: One, dest: One, offsets: Variadic, sizes: Variadic, strides: Variadic }
    attributes { static_offsets: I64Array = "static_offsets", static_sizes: I64Array = "static_sizes", static_strides: I64Array = "static_strides" }
    results { result: One }
    regions { }
    format { parse_insert_slice, print_insert_slice }
    patterns [super::patterns::tensor::fold_constant_offsets_and_strides, super::patterns::tensor::fold_noop_slice]
    def {
        verify: Some(verify_insert_slice),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("inserted_slice".into())),
    }
}

crate::op! {
    /// `tensor.parallel_insert_slice`
    pub struct ParallelInsertSliceOp => PARALLEL_INSERT_SLICE = "tensor.parallel_insert_slice";
    operands segmented { source: One, dest: One, offsets: Variadic, sizes: Variadic, strides: Variadic }
    attributes { static_offsets: I64Array = "static_offsets", static_sizes: I64Array = "static_sizes", static_strides: I64Array = "static_strides" }
    results { }
    regions { }
    format { parse_insert_slice, print_insert_slice }
    patterns [super::patterns::tensor::fold_constant_offsets_and_strides]
    def {
        verify: Some(verify_insert_slice),
    }
}

crate::op! {
    /// `tensor.dim`
    pub struct DimOp => DIM = "tensor.dim";
    operands { source: One, index: One }
    attributes { }
    results { result: One }
    regions { }
    format { parse_dim, print_dim }
    patterns [super::patterns::tensor::fold_dim]
    def {
        verify: Some(verify_dim),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("dim".into())),
    }
}

crate::op! {
    /// `tensor.cast`
    pub struct CastOp => CAST = "tensor.cast";
    operands { source: One }
    attributes { }
    results { result: One }
    regions { }
    format { parse_cast, print_cast }
    def {
        verify: Some(verify_cast),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("cast".into())),
    }
}

crate::op! {
    /// `tensor.pad`
    pub struct PadOp => PAD = "tensor.pad";
    operands segmented { source: One, low: Variadic, high: Variadic }
    attributes { static_low: I64Array = "static_low", static_high: I64Array = "static_high", nofold: UnitAttr = "nofold" }
    results { result: One }
    regions { region }
    format { parse_pad, print_pad }
    patterns [super::patterns::tensor::fold_noop_pad]
    def {
        verify: Some(verify_pad),
        traits: traits::PURE | traits::SINGLE_BLOCK,
        result_name: Some(|_, _| Some("padded".into())),
    }
}

crate::op! {
    /// `tensor.yield`
    pub struct YieldOp => YIELD = "tensor.yield";
    operands { value: One }
    attributes { }
    results { }
    regions { }
    format { parse_yield, print_yield }
    def {
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `tensor.generate`: a tensor whose element at each index is what the
    /// body yields for it.
    pub struct GenerateOp => GENERATE = "tensor.generate";
    operands { dynamic_extents: Variadic }
    attributes { }
    results { result: One }
    regions { body }
    format { parse_generate, print_generate }
    def {
        verify: Some(verify_generate),
        traits: traits::PURE | traits::SINGLE_BLOCK,
        result_name: Some(|_, _| Some("generated".into())),
    }
}

crate::op! {
    /// `tensor.collapse_shape`
    pub struct CollapseShapeOp => COLLAPSE_SHAPE = "tensor.collapse_shape";
    operands { src: One }
    attributes { reassociation: AnyAttr = "reassociation" }
    results { result: One }
    regions { }
    format { parse_reshape, print_reshape }
    patterns [super::patterns::tensor::fold_inverse_reshapes]
    def {
        verify: Some(verify_reshape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("collapsed".into())),
    }
}

crate::op! {
    /// `tensor.expand_shape`
    pub struct ExpandShapeOp => EXPAND_SHAPE = "tensor.expand_shape";
    operands { src: One, output_shape: Variadic }
    attributes { reassociation: AnyAttr = "reassociation", static_output_shape: I64Array = "static_output_shape" }
    results { result: One }
    regions { }
    format { parse_reshape, print_reshape }
    patterns [super::patterns::tensor::fold_inverse_reshapes]
    def {
        verify: Some(verify_reshape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("expanded".into())),
    }
}

crate::op! {
    /// `%v = tensor.extract %t[%i, %j] : tensor<4x8xf32>`
    pub struct ExtractOp => EXTRACT = "tensor.extract";
    operands { tensor: One, indices: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { parse_extract, print_extract }
    patterns [super::patterns::tensor::fold_extract]
    def {
        verify: Some(verify_extract),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("extracted".into())),
    }
}

crate::op! {
    /// `%r = tensor.insert %v into %t[%i, %j] : tensor<4x8xf32>`
    pub struct InsertOp => INSERT = "tensor.insert";
    operands { scalar: One, dest: One, indices: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { parse_insert, print_insert }
    def {
        verify: Some(verify_insert),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("inserted".into())),
    }
}

crate::op! {
    /// `%t = tensor.from_elements %a, %b : tensor<2xf32>`
    pub struct FromElementsOp => FROM_ELEMENTS = "tensor.from_elements";
    operands { elements: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { parse_from_elements, print_from_elements }
    patterns [super::patterns::tensor::fold_constant_from_elements]
    def {
        verify: Some(verify_from_elements),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("from_elements".into())),
    }
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in [
        &EMPTY,
        &EXTRACT_SLICE,
        &INSERT_SLICE,
        &PARALLEL_INSERT_SLICE,
        &DIM,
        &CAST,
        &PAD,
        &GENERATE,
        &YIELD,
        &COLLAPSE_SHAPE,
        &EXPAND_SHAPE,
        &EXTRACT,
        &INSERT,
        &FROM_ELEMENTS,
    ] {
        r.add(d);
    }
    r.add(&super::pack::PACK);
    r.add(&super::pack::UNPACK);
    super::tensor_more::register(r);
    super::tensor_gather::register(r);
}

fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

fn expect_ranked(p: &mut OpParser<'_, '_>, t: Type, loc: crate::parser::SrcPos) -> PResult<()> {
    if ranked(p.ctx(), t).is_none() {
        let s = p.type_str(t);
        return p
            .custom_err_at(loc, format!("invalid kind of type specified: expected builtin.tensor, but found '{s}'"));
    }
    Ok(())
}

// ---- tensor.empty ---------------------------------------------------------

fn parse_empty(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let sizes = p.paren_operand_list()?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let t = p.colon_type()?;
    expect_ranked(p, t, loc)?;
    let index = p.index_type();
    p.push_operands_of(&sizes, index)?;
    p.result_types.push(t);
    Ok(())
}

fn print_empty(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_empty(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    let Some((shape, _)) = ranked(ctx, t) else {
        return Err("result #0 must be ranked tensor of any type values".into());
    };
    let expected = shape.iter().filter(|d| **d == DYNAMIC).count();
    let has = ctx.operands(op).len();
    if has != expected {
        return Err(format!("incorrect number of dynamic sizes, has {has}, expected {expected}").into());
    }
    Ok(())
}

// ---- slices -----------------------------------------------------------------

/// Offsets, sizes and strides of a slice op, static and dynamic.
#[derive(Clone, Debug)]
pub struct SliceParams {
    pub offsets: (Vec<i64>, Vec<Value>),
    pub sizes: (Vec<i64>, Vec<Value>),
    pub strides: (Vec<i64>, Vec<Value>),
}

/// The offsets/sizes/strides of a slice op, borrowed from the IR: static
/// values (with `DYNAMIC` placeholders) and the dynamic operands.
#[derive(Clone, Copy, Debug)]
pub struct SliceView<'a> {
    pub offsets: (&'a [i64], &'a [Value]),
    pub sizes: (&'a [i64], &'a [Value]),
    pub strides: (&'a [i64], &'a [Value]),
}

impl SliceView<'_> {
    /// An owned copy.
    pub fn to_params(&self) -> SliceParams {
        SliceParams {
            offsets: (self.offsets.0.to_vec(), self.offsets.1.to_vec()),
            sizes: (self.sizes.0.to_vec(), self.sizes.1.to_vec()),
            strides: (self.strides.0.to_vec(), self.strides.1.to_vec()),
        }
    }
}

/// Reads the offsets/sizes/strides of an extract/insert/parallel_insert
/// slice without copying them.
pub fn slice_view(ctx: &Context, op: OpId) -> Option<SliceView<'_>> {
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a));
    let (o, s, st) = (arr("static_offsets")?, arr("static_sizes")?, arr("static_strides")?);
    let skip = if ExtractSliceOp::isa(ctx, op) { 1 } else { 2 };
    let ops = ctx.operands(op);
    let count = |v: &[i64]| v.iter().filter(|x| **x == DYNAMIC).count();
    let (no, ns, nst) = (count(o), count(s), count(st));
    if ops.len() != skip + no + ns + nst {
        return None;
    }
    let d = &ops[skip..];
    Some(SliceView { offsets: (o, &d[..no]), sizes: (s, &d[no..no + ns]), strides: (st, &d[no + ns..]) })
}

/// Reads the offsets/sizes/strides of an extract/insert/parallel_insert slice.
pub fn slice_params(ctx: &Context, op: OpId) -> Option<SliceParams> {
    slice_view(ctx, op).map(|v| v.to_params())
}

fn parse_slice_lists(p: &mut OpParser<'_, '_>) -> PResult<[(Vec<UnresolvedOperand>, Vec<i64>); 3]> {
    let o = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let s = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let st = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    Ok([o, s, st])
}

fn finish_slice(
    p: &mut OpParser<'_, '_>,
    lists: [(Vec<UnresolvedOperand>, Vec<i64>); 3],
    leading: usize,
) -> PResult<()> {
    let index = p.index_type();
    let mut seg = vec![1usize; leading];
    for ((dyns, ints), name) in lists.iter().zip(["static_offsets", "static_sizes", "static_strides"]) {
        p.push_operands_of(dyns, index)?;
        let a = p.ctx().i64_array_attr(ints);
        p.set_attr(name, a);
        seg.push(dyns.len());
    }
    p.set_operand_segments(&seg);
    Ok(())
}

fn parse_extract_slice(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    let lists = parse_slice_lists(p)?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let st = p.colon_type()?;
    expect_ranked(p, st, loc)?;
    p.keyword("to")?;
    let loc = p.cur_loc();
    let rt = p.ty()?;
    expect_ranked(p, rt, loc)?;
    p.push_operand(&src, st)?;
    finish_slice(p, lists, 1)?;
    p.result_types.push(rt);
    Ok(())
}

fn print_slice_lists(p: &mut OpPrinter<'_>, sp: &SliceView<'_>) {
    p.print_dynamic_index_list(sp.offsets.1, sp.offsets.0, '[', ']');
    p.write(" ");
    p.print_dynamic_index_list(sp.sizes.1, sp.sizes.0, '[', ']');
    p.write(" ");
    p.print_dynamic_index_list(sp.strides.1, sp.strides.0, '[', ']');
}

fn print_extract_slice(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(sp) = slice_view(ctx, op) else { return };
    let src = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(src);
    print_slice_lists(p, &sp);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn parse_insert_slice(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.keyword("into")?;
    let dest = p.operand()?;
    let lists = parse_slice_lists(p)?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let st = p.colon_type()?;
    expect_ranked(p, st, loc)?;
    p.keyword("into")?;
    let loc = p.cur_loc();
    let dt = p.ty()?;
    expect_ranked(p, dt, loc)?;
    p.push_operand(&src, st)?;
    p.push_operand(&dest, dt)?;
    finish_slice(p, lists, 2)?;
    if p.def.name == "tensor.insert_slice" {
        p.result_types.push(dt);
    }
    Ok(())
}

fn print_insert_slice(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(sp) = slice_view(ctx, op) else { return };
    let (src, dest) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    p.write(" ");
    p.print_operand(src);
    p.write(" into ");
    p.print_operand(dest);
    print_slice_lists(p, &sp);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(src));
    p.write(" into ");
    p.print_type(ctx.value_type(dest));
}

/// MLIR's rank-reduction check: `reduced` must equal `full` with some unit
/// dims dropped.
fn check_rank_reduced(ctx: &Context, full: &[i64], elem: Type, reduced_ty: Type) -> Result<(), VerifyError> {
    let full_str = || format!("tensor<{}{}>", dims_string(full), type_to_string(ctx, elem));
    let Some((reduced, relem)) = ranked(ctx, reduced_ty) else {
        return Err(VerifyError::bare("expected ranked tensor type"));
    };
    if reduced.len() > full.len() {
        return Err(VerifyError::bare("expected rank to be smaller or equal to the other rank. "));
    }
    let mut j = 0;
    for &d in full {
        if j < reduced.len() && reduced[j] == d {
            j += 1;
        } else if d != 1 {
            return Err(VerifyError::bare(format!(
                "expected type to be '{}' or a rank-reduced version. (size mismatch) ",
                full_str()
            )));
        }
    }
    if j != reduced.len() {
        return Err(VerifyError::bare(format!(
            "expected type to be '{}' or a rank-reduced version. (size mismatch) ",
            full_str()
        )));
    }
    if relem != elem {
        return Err(VerifyError::bare(format!("expected element type to be '{}'", type_to_string(ctx, elem))));
    }
    Ok(())
}

/// `4x?x` for a shape.
pub fn dims_string(shape: &[i64]) -> String {
    let mut s = String::new();
    for d in shape {
        if *d == DYNAMIC {
            s.push('?');
        } else {
            s.push_str(&d.to_string());
        }
        s.push('x');
    }
    s
}

pub(crate) fn check_slice_ranks(sp: &SliceView<'_>, source_rank: usize) -> Result<(), VerifyError> {
    let (no, ns, nst) = (sp.offsets.0.len(), sp.sizes.0.len(), sp.strides.0.len());
    if no != ns {
        return Err(VerifyError::bare(format!(
            "expected mixed offsets rank to match mixed sizes rank ({no} vs {ns}) so the rank of the result type is well-formed."
        )));
    }
    if ns != nst {
        return Err(VerifyError::bare(format!(
            "expected mixed sizes rank to match mixed strides rank ({ns} vs {nst}) so the rank of the result type is well-formed."
        )));
    }
    if no != source_rank {
        return Err(format!("expected {source_rank} offset values").into());
    }
    if let Some(o) = sp.offsets.0.iter().find(|o| **o < 0 && **o != DYNAMIC) {
        return Err(VerifyError::bare(format!("expected offsets to be non-negative, but got {o}")));
    }
    if let Some(s) = sp.sizes.0.iter().find(|s| **s < 0 && **s != DYNAMIC) {
        return Err(VerifyError::bare(format!("expected sizes to be non-negative, but got {s}")));
    }
    Ok(())
}

/// MLIR's `verifyInBoundsSlice`: static offsets inside static dims, and
/// the last element a static size and stride reach too. (MLIR reports it
/// without the op's name.)
pub(crate) fn check_in_bounds(sp: &SliceView<'_>, shape: &[i64]) -> Result<(), VerifyError> {
    for (i, &dim) in shape.iter().enumerate() {
        let (offset, size, stride) = (sp.offsets.0[i], sp.sizes.0[i], sp.strides.0[i]);
        if dim == DYNAMIC || offset == DYNAMIC {
            continue;
        }
        if offset >= dim {
            return Err(VerifyError::bare(format!("offset {i} is out-of-bounds: {offset} >= {dim}")));
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        let last = offset + (size - 1) * stride;
        if last >= dim {
            return Err(VerifyError::bare(format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}")));
        }
    }
    Ok(())
}

fn verify_extract_slice(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(sp) = slice_view(ctx, op) else {
        return Err("operand count does not match the static offsets, sizes and strides".into());
    };
    let src_ty = ctx.value_type(ctx.operands(op)[0]);
    let Some((src_shape, elem)) = ranked(ctx, src_ty) else {
        return Err("expected ranked tensor source".into());
    };
    check_slice_ranks(&sp, src_shape.len())?;
    check_rank_reduced(ctx, sp.sizes.0, elem, ctx.value_type(ctx.result(op, 0)))?;
    check_in_bounds(&sp, src_shape)
}

fn verify_insert_slice(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(sp) = slice_view(ctx, op) else {
        return Err("operand count does not match the static offsets, sizes and strides".into());
    };
    let (src, dest) = (ctx.operands(op)[0], ctx.operands(op)[1]);
    let Some((dest_shape, elem)) = ranked(ctx, ctx.value_type(dest)) else {
        return Err("expected ranked tensor destination".into());
    };
    check_slice_ranks(&sp, dest_shape.len())?;
    if let Some(&r) = ctx.results(op).first() {
        if ctx.value_type(r) != ctx.value_type(dest) {
            return Err("failed to verify that result type matches type of dest".into());
        }
    }
    if ParallelInsertSliceOp::isa(ctx, op) {
        if let Some(parent) = ctx.parent_op(op) {
            if !crate::dialects::scf::InParallelOp::isa(ctx, parent) {
                return Err("expected ParallelCombiningOpInterface parent, got:".into());
            }
        }
    }
    check_rank_reduced(ctx, sp.sizes.0, elem, ctx.value_type(src))?;
    check_in_bounds(&sp, dest_shape)
}

// ---- dim, cast ----------------------------------------------------------------

/// `attr-dict $source, $index : type($source)` (tensor.dim and memref.dim:
/// the attributes come first, as in MLIR's assembly format).
pub(crate) fn parse_dim(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let src = p.operand()?;
    p.expect(Tok::Comma)?;
    let idx = p.operand()?;
    let t = p.colon_type()?;
    p.push_operand(&src, t)?;
    let index = p.index_type();
    p.push_operand(&idx, index)?;
    p.result_types.push(index);
    Ok(())
}

pub(crate) fn print_dim(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_attr_dict(op);
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[0]);
    if !matches!(ctx.type_kind(t), TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. }) {
        return Err("operand #0 must be non-0-ranked or unranked tensor".into());
    }
    if let (Some((shape, _)), Some(i)) = (ranked(ctx, t), super::pack::constant_int(ctx, ctx.operands(op)[1])) {
        if i < 0 || i as usize >= shape.len() {
            return Err("index is out of range".into());
        }
    }
    Ok(())
}

pub(crate) fn parse_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.optional_attr_dict()?;
    let from = p.colon_type()?;
    p.keyword("to")?;
    let to = p.ty()?;
    p.push_operand(&src, from)?;
    p.result_types.push(to);
    Ok(())
}

pub(crate) fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let from = ctx.value_type(ctx.operands(op)[0]);
    let to = ctx.value_type(ctx.result(op, 0));
    let compatible = match (ctx.type_kind(from), ctx.type_kind(to)) {
        (TypeKind::Tensor { shape: a, elem: ea, .. }, TypeKind::Tensor { shape: b, elem: eb, .. }) => {
            ea == eb && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC)
        }
        (TypeKind::UnrankedTensor { elem: ea }, TypeKind::Tensor { elem: eb, .. })
        | (TypeKind::Tensor { elem: ea, .. }, TypeKind::UnrankedTensor { elem: eb }) => ea == eb,
        _ => false,
    };
    if !compatible {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(ctx, from),
            type_to_string(ctx, to)
        )
        .into());
    }
    Ok(())
}

// ---- pad ----------------------------------------------------------------------

fn parse_pad(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    if p.optional_keyword("nofold") {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr("nofold", u);
    }
    p.keyword("low")?;
    let low = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    p.keyword("high")?;
    let high = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let r = p.region(&[])?;
    p.optional_attr_dict()?;
    let st = p.colon_type()?;
    p.keyword("to")?;
    let rt = p.ty()?;
    p.push_operand(&src, st)?;
    let index = p.index_type();
    p.push_operands_of(&low.0, index)?;
    p.push_operands_of(&high.0, index)?;
    let a = p.ctx().i64_array_attr(&low.1);
    p.set_attr("static_low", a);
    let a = p.ctx().i64_array_attr(&high.1);
    p.set_attr("static_high", a);
    p.set_operand_segments(&[1, low.0.len(), high.0.len()]);
    let _ = r;
    p.result_types.push(rt);
    Ok(())
}

fn print_pad(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(|v| v.to_vec()).unwrap_or_default();
    let (low, high) = (arr("static_low"), arr("static_high"));
    let ops = ctx.operands(op);
    let nl = low.iter().filter(|x| **x == DYNAMIC).count();
    p.write(" ");
    p.print_operand(ops[0]);
    if ctx.get_attr(op, "nofold").is_some() {
        p.write(" nofold");
    }
    p.write(" low");
    p.print_dynamic_index_list(&ops[1..1 + nl], &low, '[', ']');
    p.write(" high");
    p.print_dynamic_index_list(&ops[1 + nl..], &high, '[', ']');
    p.write(" ");
    p.print_region(ctx.regions(op)[0], true, true);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_pad(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(|v| v.to_vec()).unwrap_or_default();
    let (low, high) = (arr("static_low"), arr("static_high"));
    let src = ctx.value_type(ctx.operands(op)[0]);
    let Some((shape, elem)) = ranked(ctx, src) else {
        return Err("expected ranked tensor source".into());
    };
    if low.len() != shape.len() || high.len() != shape.len() {
        return Err(format!("expected {} low and high padding values", shape.len()).into());
    }
    let expected: Vec<i64> = shape
        .iter()
        .zip(low.iter().zip(&high))
        .map(|(d, (l, h))| if *d == DYNAMIC || *l == DYNAMIC || *h == DYNAMIC { DYNAMIC } else { d + l + h })
        .collect();
    let rt = ctx.value_type(ctx.result(op, 0));
    if let Some((rs, re)) = ranked(ctx, rt) {
        let ok =
            re == elem && rs.len() == expected.len() && rs.iter().zip(&expected).all(|(a, b)| *b == DYNAMIC || a == b);
        if !ok {
            return Err(format!(
                "specified type '{}' does not match the inferred type 'tensor<{}{}>'",
                type_to_string(ctx, rt),
                dims_string(&expected),
                type_to_string(ctx, elem)
            )
            .into());
        }
    }
    let r = ctx.regions(op)[0];
    if let Some(&b) = ctx.blocks(r).first() {
        let args = ctx.block_args(b);
        if args.len() != shape.len() || args.iter().any(|a| !matches!(ctx.value_type_kind(*a), TypeKind::Index)) {
            return Err(format!("expected the block to have {} arguments", shape.len()).into());
        }
    }
    Ok(())
}

// ---- generate ------------------------------------------------------------------

fn parse_generate(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let extents = p.operand_list()?;
    p.region(&[])?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    let index = p.index_type();
    p.push_operands_of(&extents, index)?;
    p.result_types.push(t);
    Ok(())
}

fn print_generate(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    // As 22: a space before the (maybe empty) extents and one after.
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.write(" ");
    p.print_region(ctx.regions(op)[0], true, true);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_generate(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let rt = ctx.value_type(ctx.result(op, 0));
    let Some((shape, elem)) = ranked(ctx, rt) else {
        return Err("result #0 must be statically shaped tensor of any type values".into());
    };
    let dynamic = shape.iter().filter(|d| **d == DYNAMIC).count();
    if ctx.operands(op).len() != dynamic {
        return Err(
            format!("incorrect number of dynamic sizes, has {}, expected {dynamic}", ctx.operands(op).len()).into()
        );
    }
    let Some(&body) = ctx.blocks(ctx.regions(op)[0]).first() else { return Ok(()) };
    let args = ctx.block_args(body);
    if args.iter().any(|a| !matches!(ctx.value_type_kind(*a), TypeKind::Index)) {
        return Err(VerifyError::bare("all body arguments must be index"));
    }
    if args.len() != shape.len() {
        return Err(VerifyError::bare("must have one body argument per input dimension"));
    }
    if let Some(y) = ctx.last_op(body).filter(|y| YieldOp::isa(ctx, *y)) {
        if ctx.operands(y).first().map(|v| ctx.value_type(*v)) != Some(elem) {
            return Err("body must be terminated with a `yield` operation of the tensor element type".into());
        }
    }
    Ok(())
}

fn parse_yield(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.operand()?;
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.push_operand(&v, t)?;
    Ok(())
}

fn print_yield(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
}

// ---- collapse / expand ----------------------------------------------------------

/// `%src [[0, 1], [2]] (output_shape [..])? attr-dict : t into t`, for the
/// tensor and memref reshapes.
pub(crate) fn parse_reshape(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    let groups = p.reassociation()?;
    let is_expand = p.def.name.ends_with(".expand_shape");
    let mut dyn_shape = (vec![], vec![]);
    if is_expand {
        p.keyword("output_shape")?;
        dyn_shape = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    }
    p.optional_attr_dict()?;
    let st = p.colon_type()?;
    p.keyword("into")?;
    let rt = p.ty()?;
    p.push_operand(&src, st)?;
    let index = p.index_type();
    p.push_operands_of(&dyn_shape.0, index)?;
    let i64t = p.ctx().int_type(64);
    let arrays: Vec<_> = groups
        .iter()
        .map(|g| {
            let elems: Vec<_> = g.iter().map(|d| p.ctx().int_attr(*d as i128, i64t)).collect();
            p.ctx().attr(AttrKind::Array(elems))
        })
        .collect();
    let a = p.ctx().attr(AttrKind::Array(arrays));
    p.set_attr("reassociation", a);
    if is_expand {
        let a = p.ctx().i64_array_attr(&dyn_shape.1);
        p.set_attr("static_output_shape", a);
    }
    p.result_types.push(rt);
    Ok(())
}

/// The reassociation groups of a collapse/expand op.
pub fn reassociation(ctx: &Context, op: OpId) -> Option<Vec<Vec<i64>>> {
    let AttrKind::Array(groups) = ctx.attr_kind(ctx.get_attr(op, "reassociation")?) else { return None };
    groups
        .iter()
        .map(|g| match ctx.attr_kind(*g) {
            AttrKind::Array(es) => es
                .iter()
                .map(|e| match ctx.attr_kind(*e) {
                    AttrKind::Integer { value, .. } => Some(*value as i64),
                    _ => None,
                })
                .collect(),
            _ => None,
        })
        .collect()
}

pub(crate) fn print_reshape(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" [");
    for (i, g) in reassociation(ctx, op).unwrap_or_default().iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_i64_list(g);
    }
    p.write("]");
    if ctx.op_name(op).ends_with(".expand_shape") {
        let shape = ctx.get_attr(op, "static_output_shape").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
        p.write(" output_shape ");
        p.print_dynamic_index_list(&ops[1..], &shape, '[', ']');
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(groups) = reassociation(ctx, op) else {
        return Err("requires attribute 'reassociation'".into());
    };
    let src = ctx.value_type(ctx.operands(op)[0]);
    let res = ctx.value_type(ctx.result(op, 0));
    let (Some((ss, se)), Some((rs, re))) = (ranked(ctx, src), ranked(ctx, res)) else {
        return Err("expected ranked tensor types".into());
    };
    if se != re {
        return Err("expected source and result element types to match".into());
    }
    let is_expand = ExpandShapeOp::isa(ctx, op);
    let (big, small) = if is_expand { (rs, ss) } else { (ss, rs) };
    if groups.len() != small.len() {
        return Err(format!(
            "expected rank of the collapsed type({}) to be the number of reassociation maps({})",
            small.len(),
            groups.len()
        )
        .into());
    }
    // A rank-0 collapsed type has no groups; the other side must be all ones.
    if small.is_empty() {
        if big.iter().any(|d| *d != 1) {
            return Err(
                "invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref".into()
            );
        }
        return Ok(());
    }
    let flat: Vec<i64> = groups.iter().flatten().copied().collect();
    if flat.len() != big.len() || flat.iter().enumerate().any(|(i, d)| *d != i as i64) {
        return Err("expected reassociation map #0 to be valid and contiguous".into());
    }
    for (gi, g) in groups.iter().enumerate() {
        let dims: Vec<i64> = g.iter().map(|d| big[*d as usize]).collect();
        let collapsed = small[gi];
        if dims.contains(&DYNAMIC) {
            continue;
        }
        // Wider than i64: a product of huge static dims must not overflow.
        let prod: i128 = dims.iter().map(|d| *d as i128).try_fold(1i128, |a, d| a.checked_mul(d)).unwrap_or(i128::MAX);
        if collapsed != DYNAMIC && prod != collapsed as i128 {
            return Err(format!("expected dimension {gi} of collapsed type to be static value of {prod}").into());
        }
    }
    Ok(())
}

// ---- extract, insert, from_elements -------------------------------------------

fn parse_extract(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let t = p.operand()?;
    let indices = p.square_operand_list()?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let ty = p.colon_type()?;
    expect_ranked(p, ty, loc)?;
    let elem = ranked(p.ctx(), ty).map(|(_, e)| e).expect("checked ranked");
    p.push_operand(&t, ty)?;
    let index = p.index_type();
    p.push_operands_of(&indices, index)?;
    p.result_types.push(elem);
    Ok(())
}

fn print_indices(p: &mut OpPrinter<'_>, t: Value, indices: &[Value]) {
    p.print_operand(t);
    p.write("[");
    p.print_operands(indices);
    p.write("]");
}

fn print_extract(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    print_indices(p, ops[0], &ops[1..]);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

fn verify_extract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[0]);
    let Some((shape, elem)) = ranked(ctx, t) else {
        return Err(format!(
            "operand #0 must be ranked tensor of any type values, but got '{}'",
            type_to_string(ctx, t)
        )
        .into());
    };
    if ctx.value_type(ctx.result(op, 0)) != elem {
        return Err("failed to verify that result type matches element type of tensor".into());
    }
    if ctx.operands(op).len() - 1 != shape.len() {
        return Err("incorrect number of indices for extract_element".into());
    }
    Ok(())
}

fn parse_insert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.operand()?;
    p.keyword("into")?;
    let t = p.operand()?;
    let indices = p.square_operand_list()?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let ty = p.colon_type()?;
    expect_ranked(p, ty, loc)?;
    let elem = ranked(p.ctx(), ty).map(|(_, e)| e).expect("checked ranked");
    p.push_operand(&v, elem)?;
    p.push_operand(&t, ty)?;
    let index = p.index_type();
    p.push_operands_of(&indices, index)?;
    p.result_types.push(ty);
    Ok(())
}

fn print_insert(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" into ");
    print_indices(p, ops[1], &ops[2..]);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[1]));
}

fn verify_insert(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.operands(op)[1]);
    let Some((shape, elem)) = ranked(ctx, t) else {
        return Err(format!(
            "operand #1 must be ranked tensor of any type values, but got '{}'",
            type_to_string(ctx, t)
        )
        .into());
    };
    if ctx.value_type(ctx.operands(op)[0]) != elem {
        return Err("failed to verify that scalar type matches element type of dest".into());
    }
    if ctx.value_type(ctx.result(op, 0)) != t {
        return Err("failed to verify that result type matches type of dest".into());
    }
    if ctx.operands(op).len() - 2 != shape.len() {
        return Err("incorrect number of indices".into());
    }
    Ok(())
}

fn parse_from_elements(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let elems = p.operand_list()?;
    p.optional_attr_dict()?;
    let loc = p.cur_loc();
    let ty = p.colon_type()?;
    expect_ranked(p, ty, loc)?;
    let elem = ranked(p.ctx(), ty).map(|(_, e)| e).expect("checked ranked");
    p.push_operands_of(&elems, elem)?;
    p.result_types.push(ty);
    Ok(())
}

fn print_from_elements(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_from_elements(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = ctx.value_type(ctx.result(op, 0));
    let Some((shape, elem)) = ranked(ctx, t).filter(|(s, _)| !s.contains(&DYNAMIC)) else {
        return Err(format!(
            "result #0 must be statically shaped tensor of any type values, but got '{}'",
            type_to_string(ctx, t)
        )
        .into());
    };
    let n: i64 = shape.iter().product();
    let ops = ctx.operands(op);
    if ops.len() as i64 != n || ops.iter().any(|v| ctx.value_type(*v) != elem) {
        return Err("failed to verify that operand types match result element type".into());
    }
    Ok(())
}
