//! `affine.linearize_index` and `affine.delinearize_index`: a multi-index
//! over a basis and its linear position, parsed, printed, verified and
//! folded as mlir-opt 22 does.
//!
//! The basis lists the extents from outermost to innermost; its first
//! element, the outer bound, may be left out (`by (3, 10)` with three
//! indices): it only bounds the outermost index and never scales one.
//! `linearize_index disjoint` promises every index lies within its bound.

use super::patterns::affine_index as pats;
use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Value};

crate::op! {
    /// `%l = affine.linearize_index disjoint [%i, %j] by (4, 8) : index`
    pub struct LinearizeIndexOp => LINEARIZE_INDEX = "affine.linearize_index";
    operands segmented { multi_index: Variadic, dynamic_basis: Variadic }
    attributes { static_basis: I64Array = "static_basis", disjoint_attr: AnyAttr = "disjoint" }
    results { linear_index: One }
    regions { }
    format { parse_linearize, print_linearize }
    patterns [
        pats::fold_linearize,
        pats::static_basis,
        pats::cancel_linearize_of_delinearize,
        pats::drop_linearize_leading_zero,
        pats::drop_linearize_unit_components,
    ]
    def {
        verify: Some(verify_linearize),
        traits: traits::PURE,
        default_properties: &[("disjoint", "false")],
        non_attribute_properties: &["disjoint"],
    }
}

crate::op! {
    /// `%m:2 = affine.delinearize_index %l into (4, 8) : index, index`
    pub struct DelinearizeIndexOp => DELINEARIZE_INDEX = "affine.delinearize_index";
    operands { linear_index: One, dynamic_basis: Variadic }
    attributes { static_basis: I64Array = "static_basis" }
    results { multi_index: Variadic }
    regions { }
    format { parse_delinearize, print_delinearize }
    patterns [
        pats::fold_delinearize,
        pats::static_basis,
        pats::cancel_delinearize_of_linearize,
        pats::drop_delinearize_unit_basis,
        pats::split_delinearize_spanning_last_linearize_arg,
    ]
    def {
        verify: Some(verify_delinearize),
        traits: traits::PURE,
    }
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&LINEARIZE_INDEX);
    r.add(&DELINEARIZE_INDEX);
}

/// Whether a `linearize_index` is `disjoint` (a unit attribute, or the
/// generic form's `disjoint = true`).
pub fn is_disjoint(ctx: &Context, op: OpId) -> bool {
    match ctx.get_attr(op, "disjoint").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Unit) => true,
        Some(AttrKind::Bool(b)) => *b,
        _ => false,
    }
}

/// The basis of a (de)linearize op: its static entries with the dynamic
/// ones as values, in order.
pub fn mixed_basis(ctx: &Context, op: OpId) -> Vec<crate::builder::Ofr> {
    let stat = ctx.get_attr(op, "static_basis").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    crate::builder::Ofr::mixed(stat, dynamic_basis(ctx, op))
}

/// The dynamic basis operands of a (de)linearize op.
pub fn dynamic_basis(ctx: &Context, op: OpId) -> &[Value] {
    if LinearizeIndexOp::isa(ctx, op) {
        let n = LinearizeIndexOp(op).multi_index(ctx).len();
        &ctx.operands(op)[n..]
    } else {
        &ctx.operands(op)[1..]
    }
}

/// Whether the basis includes the outer bound: as many entries as the
/// linearize op's indices or the delinearize op's results.
pub fn has_outer_bound(ctx: &Context, op: OpId) -> bool {
    let basis = ctx.get_attr(op, "static_basis").and_then(|a| ctx.as_i64_array(a)).map_or(0, |b| b.len());
    let indices = if LinearizeIndexOp::isa(ctx, op) {
        LinearizeIndexOp(op).multi_index(ctx).len()
    } else {
        ctx.results(op).len()
    };
    basis == indices
}

fn parse_linearize(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional_keyword("disjoint") {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr("disjoint", u);
    }
    let indices = p.square_operand_list()?;
    p.keyword("by")?;
    let (dyns, ints) = p.dynamic_index_list(Tok::LParen, Tok::RParen)?;
    p.optional_attr_dict()?;
    let ty = p.colon_type()?;
    let index = p.index_type();
    p.push_operands_of(&indices, index)?;
    p.push_operands_of(&dyns, index)?;
    p.set_operand_segments(&[indices.len(), dyns.len()]);
    let a = p.ctx().i64_array_attr(&ints);
    p.set_attr("static_basis", a);
    p.result_types.push(ty);
    Ok(())
}

fn print_linearize(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if is_disjoint(ctx, op) {
        p.write(" disjoint");
    }
    p.write(" [");
    p.print_operands(LinearizeIndexOp(op).multi_index(ctx));
    p.write("] by ");
    print_basis(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn print_basis(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let stat = ctx.get_attr(op, "static_basis").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
    p.print_dynamic_index_list(dynamic_basis(ctx, op), &stat, '(', ')');
}

fn parse_delinearize(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let linear = p.operand()?;
    p.keyword("into")?;
    let (dyns, ints) = p.dynamic_index_list(Tok::LParen, Tok::RParen)?;
    p.optional_attr_dict()?;
    p.expect(Tok::Colon)?;
    let types = p.type_list()?;
    let index = p.index_type();
    p.push_operand(&linear, index)?;
    p.push_operands_of(&dyns, index)?;
    let a = p.ctx().i64_array_attr(&ints);
    p.set_attr("static_basis", a);
    p.result_types.extend(types);
    Ok(())
}

fn print_delinearize(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(" into ");
    print_basis(p, op);
    p.print_attr_dict(op);
    p.write(" : ");
    let types: Vec<_> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    p.print_types(&types);
}

/// The checks both ops share: index operands and results, one dynamic
/// basis operand per dynamic entry.
fn verify_common(ctx: &Context, op: OpId, what: &str) -> Result<(), VerifyError> {
    let groups: [(&str, &[Value]); 2] = if LinearizeIndexOp::isa(ctx, op) {
        let l = LinearizeIndexOp(op);
        [("operand #0", l.multi_index(ctx)), ("operand #1", l.dynamic_basis(ctx))]
    } else {
        [("operand #0", &ctx.operands(op)[..1]), ("operand #1", &ctx.operands(op)[1..])]
    };
    for (i, (name, vals)) in groups.iter().enumerate() {
        let variadic = if i == 0 && what == "delinearize" { "" } else { "variadic of " };
        for v in vals.iter() {
            if !matches!(ctx.value_type_kind(*v), TypeKind::Index) {
                let t = crate::printer::type_to_string(ctx, ctx.value_type(*v));
                return Err(format!("{name} must be {variadic}index, but got '{t}'").into());
            }
        }
    }
    for (i, r) in ctx.results(op).iter().enumerate() {
        if !matches!(ctx.value_type_kind(*r), TypeKind::Index) {
            let t = crate::printer::type_to_string(ctx, ctx.value_type(*r));
            let variadic = if what == "delinearize" { "variadic of " } else { "" };
            return Err(format!("result #{i} must be {variadic}index, but got '{t}'").into());
        }
    }
    let stat = ctx.get_attr(op, "static_basis").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    let dynamic = stat.iter().filter(|b| **b == DYNAMIC).count();
    if dynamic != dynamic_basis(ctx, op).len() {
        return Err("mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis \
                    entry) -- this can only happen due to an incorrect fold/rewrite"
            .into());
    }
    Ok(())
}

fn verify_linearize(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_common(ctx, op, "linearize")?;
    let n = LinearizeIndexOp(op).multi_index(ctx).len();
    let basis = LinearizeIndexOp(op).static_basis(ctx).len();
    if basis != n && basis + 1 != n {
        return Err("should be passed a basis element for each index except possibly the first".into());
    }
    Ok(())
}

fn verify_delinearize(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_common(ctx, op, "delinearize")?;
    let results = ctx.results(op).len();
    let basis = DelinearizeIndexOp(op).static_basis(ctx);
    if basis.len() != results && basis.len() + 1 != results {
        return Err("should return an index for each basis element and up to one extra index".into());
    }
    if basis.iter().any(|b| *b != DYNAMIC && *b <= 0) {
        return Err("no basis element may be statically non-positive".into());
    }
    Ok(())
}
