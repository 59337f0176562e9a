//! The `bufferization` dialect: the ops that cross between tensors and
//! memrefs (`to_tensor`, `to_buffer`, `materialize_in_destination`), the
//! tensor allocation bufferization makes (`alloc_tensor`,
//! `dealloc_tensor`) and the ownership ops of deallocation (`clone`,
//! `dealloc`), as mlir-opt 22 parses, prints and verifies them.

use crate::attrs::AttrKind;
use crate::dialects::memref::layout::{is_memref, memory_space};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type};

crate::op! {
    /// `%t = bufferization.to_tensor %m restrict writable : memref<..> to tensor<..>`
    pub struct ToTensorOp => TO_TENSOR = "bufferization.to_tensor";
    operands { buffer: One }
    attributes { restrict: UnitAttr = "restrict", writable: UnitAttr = "writable" }
    results { result: One }
    regions { }
    format { parse_to_tensor, print_to_tensor }
    def {
        verify: Some(verify_to_tensor),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `%m = bufferization.to_buffer %t read_only : tensor<..> to memref<..>`
    pub struct ToBufferOp => TO_BUFFER = "bufferization.to_buffer";
    operands { tensor: One }
    attributes { read_only: UnitAttr = "read_only" }
    results { memref: One }
    regions { }
    format { parse_to_buffer, print_to_buffer }
    def {
        verify: Some(verify_to_buffer),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `%t = bufferization.alloc_tensor(%d) copy(%c) size_hint=%h : tensor<?xf32>`
    pub struct AllocTensorOp => ALLOC_TENSOR = "bufferization.alloc_tensor";
    operands segmented { dynamic_sizes: Variadic, copy: Optional, size_hint: Optional }
    attributes { memory_space: AnyAttr = "memory_space" }
    results { result: One }
    regions { }
    format { parse_alloc_tensor, print_alloc_tensor }
    def {
        verify: Some(verify_alloc_tensor),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `bufferization.materialize_in_destination %t in restrict writable %m : (tensor<..>, memref<..>) -> ()`
    pub struct MaterializeInDestinationOp => MATERIALIZE_IN_DESTINATION = "bufferization.materialize_in_destination";
    operands { source: One, dest: One }
    attributes { restrict: UnitAttr = "restrict", writable: UnitAttr = "writable" }
    results { result: Optional }
    regions { }
    format { parse_materialize, print_materialize }
    def {
        verify: Some(verify_materialize),
    }
}

crate::op! {
    /// `bufferization.dealloc_tensor %t : tensor<..>`
    pub struct DeallocTensorOp => DEALLOC_TENSOR = "bufferization.dealloc_tensor";
    operands { tensor: One }
    attributes { }
    results { }
    regions { }
    format { super::memref::format::parse_operand_colon_type, super::memref::format::print_operand_colon_type }
    def {
        verify: Some(verify_dealloc_tensor),
    }
}

crate::op! {
    /// `%c = bufferization.clone %m : memref<..> to memref<..>`
    pub struct CloneOp => CLONE = "bufferization.clone";
    operands { input: One }
    attributes { }
    results { output: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    patterns [super::patterns::memref::fold_cast_operands]
    def {
        verify: Some(verify_clone),
    }
}

crate::op! {
    /// `%r:2 = bufferization.dealloc (%a, %b : memref<..>, memref<..>) if (%c0, %c1) retain (%r : memref<..>)`
    pub struct DeallocOp => DEALLOC = "bufferization.dealloc";
    operands segmented { memrefs: Variadic, conditions: Variadic, retained: Variadic }
    attributes { }
    results { updated_conditions: Variadic }
    regions { }
    format { parse_dealloc, print_dealloc }
    patterns [
        super::patterns::bufferization::dealloc_remove_duplicate_memrefs,
        super::patterns::bufferization::dealloc_remove_duplicate_retained,
        super::patterns::bufferization::erase_empty_dealloc,
        super::patterns::bufferization::erase_always_false_dealloc,
        super::patterns::bufferization::skip_extract_metadata_of_alloc,
        super::patterns::bufferization::remove_alloc_dealloc_pair,
    ]
    def {
        verify: Some(verify_dealloc),
    }
}

static OPS: &[&OpDef] =
    &[&TO_TENSOR, &TO_BUFFER, &ALLOC_TENSOR, &MATERIALIZE_IN_DESTINATION, &DEALLOC_TENSOR, &CLONE, &DEALLOC];

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in OPS {
        r.add(d);
    }
}

type VResult = Result<(), VerifyError>;

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn unit(p: &mut OpParser<'_, '_>, kw: &str) {
    if p.optional_keyword(kw) {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr(kw, u);
    }
}

fn print_unit(p: &mut OpPrinter<'_>, op: OpId, name: &str) {
    if p.ctx().get_attr(op, name).is_some() {
        p.write(" ");
        p.write(name);
    }
}

/// The tensor type a memref type stands for (shape and element type).
fn tensor_like(ctx: &Context, t: Type) -> Option<(Option<&[i64]>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } | TypeKind::MemRef { shape, elem, .. } => Some((Some(shape), *elem)),
        TypeKind::UnrankedTensor { elem } | TypeKind::UnrankedMemRef { elem, .. } => Some((None, *elem)),
        _ => None,
    }
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. })
}

fn same_shape_and_elem(ctx: &Context, a: Type, b: Type) -> bool {
    tensor_like(ctx, a) == tensor_like(ctx, b)
}

// ---- to_tensor / to_buffer ----------------------------------------------------------------

fn parse_to_tensor(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.operand()?;
    unit(p, "restrict");
    unit(p, "writable");
    p.optional_attr_dict()?;
    let mt = p.colon_type()?;
    p.keyword("to")?;
    let tt = p.ty()?;
    p.push_operand(&m, mt)?;
    p.result_types.push(tt);
    Ok(())
}

fn print_to_tensor(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let m = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(m);
    print_unit(p, op, "restrict");
    print_unit(p, op, "writable");
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(m));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_to_tensor(ctx: &Context, op: OpId) -> VResult {
    let m = ctx.value_type(ctx.operands(op)[0]);
    let t = ctx.value_type(ctx.result(op, 0));
    if !is_memref(ctx, m) {
        return Err(format!(
            "operand #0 must be ranked or unranked memref of any type values, but got '{}'",
            ts(ctx, m)
        )
        .into());
    }
    if !is_tensor(ctx, t) || !same_shape_and_elem(ctx, m, t) {
        return Err("failed to verify that specified tensor and buffer types match".into());
    }
    Ok(())
}

fn parse_to_buffer(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let t = p.operand()?;
    unit(p, "read_only");
    p.optional_attr_dict()?;
    let tt = p.colon_type()?;
    p.keyword("to")?;
    let mt = p.ty()?;
    p.push_operand(&t, tt)?;
    p.result_types.push(mt);
    Ok(())
}

fn print_to_buffer(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let t = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(t);
    print_unit(p, op, "read_only");
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(t));
    p.write(" to ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_to_buffer(ctx: &Context, op: OpId) -> VResult {
    let t = ctx.value_type(ctx.operands(op)[0]);
    let m = ctx.value_type(ctx.result(op, 0));
    if !is_tensor(ctx, t) {
        return Err(format!("operand #0 must be tensor of any type values, but got '{}'", ts(ctx, t)).into());
    }
    if !is_memref(ctx, m) || !same_shape_and_elem(ctx, m, t) {
        return Err("failed to verify that specified tensor and buffer types match".into());
    }
    Ok(())
}

// ---- alloc_tensor --------------------------------------------------------------------------

fn parse_alloc_tensor(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let sizes = p.paren_operand_list()?;
    let copy = if p.optional_keyword("copy") {
        p.expect(Tok::LParen)?;
        let c = p.operand()?;
        p.expect(Tok::RParen)?;
        Some(c)
    } else {
        None
    };
    let hint = if p.optional_keyword("size_hint") {
        p.expect(Tok::Equal)?;
        Some(p.operand()?)
    } else {
        None
    };
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    let index = p.index_type();
    p.push_operands_of(&sizes, index)?;
    if let Some(c) = &copy {
        p.push_operand(c, t)?;
    }
    if let Some(h) = &hint {
        p.push_operand(h, index)?;
    }
    p.set_operand_segments(&[sizes.len(), copy.is_some() as usize, hint.is_some() as usize]);
    p.result_types.push(t);
    Ok(())
}

fn print_alloc_tensor(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let h = AllocTensorOp(op);
    p.write("(");
    p.print_operands(h.dynamic_sizes(ctx));
    p.write(")");
    if let Some(c) = h.copy(ctx) {
        p.write(" copy(");
        p.print_operand(c);
        p.write(")");
    }
    if let Some(s) = h.size_hint(ctx) {
        p.write(" size_hint=");
        p.print_operand(s);
    }
    // `memory_space` is a property the custom form leaves in the dictionary.
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_alloc_tensor(ctx: &Context, op: OpId) -> VResult {
    let h = AllocTensorOp(op);
    let t = ctx.value_type(ctx.result(op, 0));
    let TypeKind::Tensor { shape, .. } = ctx.type_kind(t) else {
        return Err(format!("result #0 must be ranked tensor of any type values, but got '{}'", ts(ctx, t)).into());
    };
    if h.copy(ctx).is_some() && !h.dynamic_sizes(ctx).is_empty() {
        return Err(VerifyError::bare("dynamic sizes not needed when copying a tensor"));
    }
    let dynamic = shape.iter().filter(|d| **d == DYNAMIC).count();
    let has = h.dynamic_sizes(ctx).len();
    if h.copy(ctx).is_none() && has != dynamic {
        return Err(format!("incorrect number of dynamic sizes, has {has}, expected {dynamic}").into());
    }
    if let Some(c) = h.copy(ctx) {
        if ctx.value_type(c) != t {
            return Err("expected that `copy` and return type match".into());
        }
    }
    Ok(())
}

// ---- materialize_in_destination ------------------------------------------------------------

fn parse_materialize(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.keyword("in")?;
    unit(p, "restrict");
    unit(p, "writable");
    let dest = p.operand()?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[src, dest])
}

fn print_materialize(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" in");
    print_unit(p, op, "restrict");
    print_unit(p, op, "writable");
    p.write(" ");
    p.print_operand(ops[1]);
    p.print_attr_dict(op);
    p.write(" : (");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[1]));
    p.write(") -> ");
    let results: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    p.print_arrow_types(&results);
}

fn verify_materialize(ctx: &Context, op: OpId) -> VResult {
    let src = ctx.value_type(ctx.operands(op)[0]);
    let dest = ctx.value_type(ctx.operands(op)[1]);
    let has_result = !ctx.results(op).is_empty();
    let dest_is_tensor = is_tensor(ctx, dest);
    if !is_tensor(ctx, src) {
        return Err(format!("operand #0 must be tensor of any type values, but got '{}'", ts(ctx, src)).into());
    }
    if !dest_is_tensor && !is_memref(ctx, dest) {
        return Err("'dest' must be a tensor or a memref".into());
    }
    if let (Some((Some(a), _)), Some((Some(b), _))) = (tensor_like(ctx, src), tensor_like(ctx, dest)) {
        let fits = a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC);
        if !fits {
            return Err("source/destination shapes are incompatible".into());
        }
    }
    if dest_is_tensor {
        if ctx.get_attr(op, "writable").is_some() {
            return Err("'writable' must be specified if and only if the destination is of memref type".into());
        }
        if ctx.get_attr(op, "restrict").is_some() {
            return Err("'restrict' is valid only for memref destinations".into());
        }
        if !has_result {
            return Err("tensor destination requires exactly one result".into());
        }
        if ctx.value_type(ctx.result(op, 0)) != dest {
            return Err("type of result and type of destination must match".into());
        }
    } else {
        if ctx.get_attr(op, "writable").is_none() {
            return Err("'writable' must be specified if and only if the destination is of memref type".into());
        }
        if has_result {
            return Err("memref destination requires exactly zero results".into());
        }
    }
    Ok(())
}

// ---- dealloc_tensor, clone ------------------------------------------------------------------

fn verify_dealloc_tensor(ctx: &Context, op: OpId) -> VResult {
    let t = ctx.value_type(ctx.operands(op)[0]);
    if !is_tensor(ctx, t) {
        return Err(format!("operand #0 must be tensor of any type values, but got '{}'", ts(ctx, t)).into());
    }
    Ok(())
}

fn verify_clone(ctx: &Context, op: OpId) -> VResult {
    let a = ctx.value_type(ctx.operands(op)[0]);
    let b = ctx.value_type(ctx.result(op, 0));
    if !is_memref(ctx, a) {
        return Err(format!(
            "operand #0 must be ranked or unranked memref of any type values, but got '{}'",
            ts(ctx, a)
        )
        .into());
    }
    if !is_memref(ctx, b) || !crate::dialects::memref::cast_compatible(ctx, a, b) && a != b {
        return Err(format!(
            "result #0 must be ranked or unranked memref of any type values, but got '{}'",
            ts(ctx, b)
        )
        .into());
    }
    let _ = memory_space;
    Ok(())
}

// ---- dealloc ----------------------------------------------------------------------------------

fn parse_dealloc(p: &mut OpParser<'_, '_>) -> PResult<()> {
    // `(%a, %b : t, t)` then `if (%c, %d)` then `retain (%r : t)`, each optional.
    let mut memrefs = (vec![], vec![]);
    if p.optional(Tok::LParen) && !p.optional(Tok::RParen) {
        memrefs.0 = p.operand_list()?;
        p.expect(Tok::Colon)?;
        memrefs.1 = p.type_list()?;
        p.expect(Tok::RParen)?;
    }
    let mut conditions = vec![];
    if p.optional_keyword("if") {
        p.expect(Tok::LParen)?;
        conditions = p.operand_list()?;
        p.expect(Tok::RParen)?;
    }
    let mut retained = (vec![], vec![]);
    if p.optional_keyword("retain") {
        p.expect(Tok::LParen)?;
        if !p.optional(Tok::RParen) {
            retained.0 = p.operand_list()?;
            p.expect(Tok::Colon)?;
            retained.1 = p.type_list()?;
            p.expect(Tok::RParen)?;
        }
    }
    p.optional_attr_dict()?;
    let at = p.cur_loc();
    p.push_operands(&memrefs.0, &memrefs.1, at)?;
    let i1 = p.ctx().int_type(1);
    p.push_operands_of(&conditions, i1)?;
    p.push_operands(&retained.0, &retained.1, at)?;
    p.set_operand_segments(&[memrefs.0.len(), conditions.len(), retained.0.len()]);
    for _ in 0..retained.0.len() {
        p.result_types.push(i1);
    }
    Ok(())
}

fn print_typed_group(p: &mut OpPrinter<'_>, vs: &[crate::Value]) {
    let ctx = p.ctx();
    p.write("(");
    p.print_operands(vs);
    p.write(" : ");
    let ts: Vec<Type> = vs.iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&ts);
    p.write(")");
}

fn print_dealloc(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let h = DeallocOp(op);
    let (memrefs, conditions, retained) = (h.memrefs(ctx), h.conditions(ctx), h.retained(ctx));
    if !memrefs.is_empty() {
        p.write(" ");
        print_typed_group(p, memrefs);
        p.write(" if (");
        p.print_operands(conditions);
        p.write(")");
    }
    if !retained.is_empty() {
        p.write(" retain ");
        print_typed_group(p, retained);
    }
    p.print_attr_dict(op);
}

fn verify_dealloc(ctx: &Context, op: OpId) -> VResult {
    let h = DeallocOp(op);
    if h.memrefs(ctx).len() != h.conditions(ctx).len() {
        return Err("must have the same number of conditions as memrefs to deallocate".into());
    }
    if ctx.results(op).len() != h.retained(ctx).len() {
        return Err(format!(
            "must have the same number of updated conditions (results) as retained operands, but got {} results and {} retained",
            ctx.results(op).len(),
            h.retained(ctx).len()
        )
        .into());
    }
    Ok(())
}
