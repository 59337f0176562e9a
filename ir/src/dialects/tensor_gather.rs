//! `tensor.gather` and `tensor.scatter`, parsed, printed and verified as
//! mlir-opt 22 does (`gather_dims([0]) unique : (source, indices) ->
//! result`; upstream's verifier messages).
//!
//! The indices tensor holds, for each point of its leading (batch) dims,
//! the coordinates along `gather_dims` (its last dim). A gather's result is
//! the batch shape followed by the source's shape with the gathered dims
//! made 1 (or dropped: the rank-reduced form); a scatter writes such slices
//! of its source into its destination (its result is the destination's
//! type: tessel requires it, mlir-opt 22 does not check).

use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

crate::op! {
    /// `%g = tensor.gather %src[%idx] gather_dims([0]) (unique)? : (S, I) -> R`
    pub struct GatherOp => GATHER = "tensor.gather";
    operands { source: One, indices: One }
    attributes { gather_dims: I64Array = "gather_dims", unique: UnitAttr = "unique" }
    results { result: One }
    regions { }
    format { parse_gather, print_gather }
    def {
        verify: Some(verify_gather),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("gather".into())),
    }
}

crate::op! {
    /// `%s = tensor.scatter %src into %dest[%idx] scatter_dims([0]) unique : (S, D, I) -> D`
    pub struct ScatterOp => SCATTER = "tensor.scatter";
    operands { source: One, dest: One, indices: One }
    attributes { scatter_dims: I64Array = "scatter_dims", unique: UnitAttr = "unique" }
    results { result: One }
    regions { }
    format { parse_scatter, print_scatter }
    def {
        verify: Some(verify_scatter),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("scatter".into())),
    }
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&GATHER);
    r.add(&SCATTER);
}

/// `keyword([a, b])`, stored as a dense i64 array named `name`.
fn parse_dims(p: &mut OpParser<'_, '_>, keyword: &str, name: &str) -> PResult<()> {
    p.keyword(keyword)?;
    p.expect(Tok::LParen)?;
    p.expect(Tok::LSquare)?;
    let mut dims = Vec::new();
    if !p.optional(Tok::RSquare) {
        loop {
            dims.push(p.integer()?);
            if !p.optional(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RSquare)?;
    }
    p.expect(Tok::RParen)?;
    let a = p.ctx().i64_array_attr(&dims);
    p.set_attr(name, a);
    if p.optional_keyword("unique") {
        let u = p.ctx().attr(crate::attrs::AttrKind::Unit);
        p.set_attr("unique", u);
    }
    Ok(())
}

fn print_dims(p: &mut OpPrinter<'_>, op: OpId, keyword: &str, name: &str) {
    let ctx = p.ctx();
    let dims = ctx.get_attr(op, name).and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    p.write(&format!(" {keyword}([{}])", list.join(", ")));
    if ctx.get_attr(op, "unique").is_some() {
        p.write(" unique");
    }
    p.print_optional_attr_dict(op, &[name, "unique"]);
    p.write(" : (");
    let tys: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    p.write(") -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn parse_gather(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.expect(Tok::LSquare)?;
    let idx = p.operand()?;
    p.expect(Tok::RSquare)?;
    parse_dims(p, "gather_dims", "gather_dims")?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[src, idx])
}

fn print_gather(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operand(ops[1]);
    p.write("]");
    print_dims(p, op, "gather_dims", "gather_dims");
}

fn parse_scatter(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    p.keyword("into")?;
    let dest = p.operand()?;
    p.expect(Tok::LSquare)?;
    let idx = p.operand()?;
    p.expect(Tok::RSquare)?;
    parse_dims(p, "scatter_dims", "scatter_dims")?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[src, dest, idx])
}

fn print_scatter(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(" into ");
    p.print_operand(ops[1]);
    p.write("[");
    p.print_operand(ops[2]);
    p.write("]");
    print_dims(p, op, "scatter_dims", "scatter_dims");
}

fn ranked(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

/// Upstream's `verifyGatherOrScatterDims`.
fn verify_dims(dims: &[i64], indices: &[i64], source_rank: usize, name: &str) -> Result<(), VerifyError> {
    if dims.is_empty() {
        return Err(format!("{name}_dims must be non-empty").into());
    }
    if indices.last() != Some(&(dims.len() as i64)) {
        return Err(format!("{name}_dims length must match the size of last dimension of indices").into());
    }
    for d in dims {
        if *d < 0 {
            return Err(format!("{name}_dims value must be non-negative").into());
        }
        if *d as usize >= source_rank {
            return Err(format!("{name}_dims value must be smaller than source rank").into());
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("{name}_dims values must be strictly increasing").into());
    }
    Ok(())
}

/// The shape a gather produces (or a scatter reads): the batch dims of the
/// indices, then the tensor's shape with `dims` made 1 (or dropped).
pub fn gathered_shape(indices: &[i64], full: &[i64], dims: &[i64], rank_reduced: bool) -> Vec<i64> {
    let mut shape = indices[..indices.len().saturating_sub(1)].to_vec();
    for (i, d) in full.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !rank_reduced {
                shape.push(1);
            }
        } else {
            shape.push(*d);
        }
    }
    shape
}

/// Checks `got` against the gathered type of `full` (or its rank-reduced
/// variant); `what` names it in the message.
fn check_gathered(
    ctx: &Context,
    got: Type,
    indices: &[i64],
    full: (&[i64], Type),
    dims: &[i64],
    what: &str,
) -> Result<(), VerifyError> {
    let tensor = |shape: Vec<i64>| {
        let dims: Vec<String> =
            shape.iter().map(|d| if *d == crate::types::DYNAMIC { "?".into() } else { d.to_string() }).collect();
        let mut s = String::from("tensor<");
        for d in dims {
            s.push_str(&d);
            s.push('x');
        }
        s.push_str(&type_to_string(ctx, full.1));
        s.push('>');
        s
    };
    let expected = gathered_shape(indices, full.0, dims, false);
    let reduced = gathered_shape(indices, full.0, dims, true);
    let ok = ranked(ctx, got).is_some_and(|(s, e)| e == full.1 && (s == expected || s == reduced));
    if ok {
        return Ok(());
    }
    Err(format!(
        "{what} type mismatch: expected '{}' or its rank-reduced variant '{}' (got: '{}')",
        tensor(expected),
        tensor(reduced),
        type_to_string(ctx, got)
    )
    .into())
}

fn verify_gather(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let g = GatherOp(op);
    let (Some(src), Some((indices, _))) =
        (ranked(ctx, ctx.value_type(g.source(ctx))), ranked(ctx, ctx.value_type(g.indices(ctx))))
    else {
        return Err("expects ranked tensor operands".into());
    };
    let dims = g.gather_dims(ctx);
    verify_dims(dims, &indices, src.0.len(), "gather")?;
    check_gathered(ctx, ctx.value_type(ctx.result(op, 0)), &indices, (&src.0, src.1), dims, "result")
}

fn verify_scatter(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = ScatterOp(op);
    let (Some(dest), Some((indices, _))) =
        (ranked(ctx, ctx.value_type(s.dest(ctx))), ranked(ctx, ctx.value_type(s.indices(ctx))))
    else {
        return Err("expects ranked tensor operands".into());
    };
    let dims = s.scatter_dims(ctx);
    verify_dims(dims, &indices, dest.0.len(), "scatter")?;
    if ctx.get_attr(op, "unique").is_none() {
        return Err("requires 'unique' attribute to be set".into());
    }
    check_gathered(ctx, ctx.value_type(s.source(ctx)), &indices, (&dest.0, dest.1), dims, "source")?;
    if ctx.value_type(ctx.result(op, 0)) != ctx.value_type(s.dest(ctx)) {
        return Err("requires the result to have the destination's type".into());
    }
    Ok(())
}
