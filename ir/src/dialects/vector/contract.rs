//! `vector.contract`: custom form (`{indexing_maps, iterator_types, kind}`
//! first, iterator types as strings), generic form (`#vector.iterator_type`
//! attributes) and verifier, as mlir-opt 22.

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::VerifyError;
use crate::{Attr, Context, OpId};

use super::{kind_attr, vector_shape};

/// The iterator kinds of a contraction, `true` for a reduction.
pub fn contract_iterators(ctx: &Context, op: OpId) -> Option<Vec<bool>> {
    match ctx.attr_kind(ctx.get_attr(op, "iterator_types")?) {
        AttrKind::Array(items) => items
            .iter()
            .map(|a| match ctx.attr_kind(*a) {
                AttrKind::Opaque { text, .. } => match text.as_str() {
                    "iterator_type<parallel>" => Some(false),
                    "iterator_type<reduction>" => Some(true),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The three indexing maps of a contraction.
pub fn contract_maps(ctx: &Context, op: OpId) -> Option<Vec<AffineMap>> {
    match ctx.attr_kind(ctx.get_attr(op, "indexing_maps")?) {
        AttrKind::Array(items) => items
            .iter()
            .map(|a| match ctx.attr_kind(*a) {
                AttrKind::AffineMap(m) => Some(m.clone()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The `indexing_maps` and `iterator_types` attributes of a contraction
/// (`true`: a reduction loop).
pub fn contract_attrs(ctx: &mut Context, maps: &[AffineMap], reductions: &[bool]) -> (Attr, Attr) {
    let maps = maps.iter().map(|m| ctx.attr(AttrKind::AffineMap(m.clone()))).collect();
    let maps = ctx.attr(AttrKind::Array(maps));
    let iterators = reductions.iter().map(|r| iterator_attr(ctx, *r)).collect();
    let iterators = ctx.attr(AttrKind::Array(iterators));
    (maps, iterators)
}

fn iterator_attr(ctx: &mut Context, reduction: bool) -> Attr {
    let dialect = ctx.sym("vector");
    let text = if reduction { "iterator_type<reduction>" } else { "iterator_type<parallel>" };
    ctx.attr(AttrKind::Opaque { dialect, text: text.into() })
}

pub(super) fn parse_contract(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.cur_loc();
    p.optional_attr_dict()?;
    // Iterator types are written as strings.
    let it = p.ctx().sym("iterator_types");
    if let Some(a) = p.attrs.get(&it).copied() {
        let kinds: Option<Vec<bool>> = match p.ctx().attr_kind(a).clone() {
            AttrKind::Array(items) => items
                .iter()
                .map(|x| match p.ctx().attr_kind(*x) {
                    AttrKind::String { value, .. } if value == "parallel" => Some(false),
                    AttrKind::String { value, .. } if value == "reduction" => Some(true),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        let Some(kinds) = kinds else {
            return p.err_at(loc, "expected iterator_types to be an array of \"parallel\" or \"reduction\"");
        };
        let items = kinds.into_iter().map(|r| iterator_attr(p.ctx(), r)).collect();
        let arr = p.ctx().attr(AttrKind::Array(items));
        p.set_attr("iterator_types", arr);
    }
    let kind = p.ctx().sym("kind");
    if !p.attrs.contains_key(&kind) {
        let k = kind_attr(p.ctx(), "add");
        p.set_attr("kind", k);
    }
    let lhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let rhs = p.operand()?;
    p.expect(Tok::Comma)?;
    let acc = p.operand()?;
    p.optional_attr_dict()?;
    let lt = p.colon_type()?;
    p.expect(Tok::Comma)?;
    let rt = p.ty()?;
    p.keyword("into")?;
    let at = p.ty()?;
    p.push_operand(&lhs, lt)?;
    p.push_operand(&rhs, rt)?;
    p.push_operand(&acc, at)?;
    p.result_types.push(at);
    Ok(())
}

pub(super) fn print_contract(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" {indexing_maps = ");
    if let Some(a) = ctx.get_attr(op, "indexing_maps") {
        p.print_attr(a);
    }
    p.write(", iterator_types = [");
    for (i, r) in contract_iterators(ctx, op).unwrap_or_default().iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(if *r { "\"reduction\"" } else { "\"parallel\"" });
    }
    p.write("], kind = ");
    if let Some(a) = ctx.get_attr(op, "kind") {
        p.print_attr(a);
    }
    p.write("} ");
    let ops = ctx.operands(op);
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &["indexing_maps", "iterator_types", "kind"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[1]));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The shape an operand must have: its map applied to the loop sizes.
fn mapped_shape(map: &AffineMap, sizes: &[Option<i64>]) -> Option<Vec<i64>> {
    map.results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => sizes.get(*d as usize).copied().flatten(),
            _ => None,
        })
        .collect()
}

pub(super) fn verify_contract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let Some(maps) = contract_maps(ctx, op) else { return Err("requires attribute 'indexing_maps'".into()) };
    let Some(iterators) = contract_iterators(ctx, op) else {
        return Err("requires attribute 'iterator_types'".into());
    };
    if super::combining_kind(ctx, op).is_none() {
        return Err("requires attribute 'kind' to be a #vector.kind".into());
    }
    if maps.len() != 3 {
        return Err("expected an indexing map for each vector operand".into());
    }
    let n = iterators.len();
    let mut sizes: Vec<Option<i64>> = vec![None; n];
    for (k, (map, v)) in maps.iter().zip(ops).enumerate() {
        if map.num_dims as usize != n {
            return Err("expected indexing map 0 to be a permutation or projection".to_string().into());
        }
        let shape: Vec<i64> = match vector_shape(ctx, ctx.value_type(*v)) {
            Some(s) => s.shape.to_vec(),
            None if k == 2 => vec![],
            None => {
                return Err(format!(
                    "operand #{k} must be vector of any type values, but got '{}'",
                    type_to_string(ctx, ctx.value_type(*v))
                )
                .into())
            }
        };
        if map.results.len() != shape.len() {
            return Err(format!("expected indexing map {k} to have {} results", shape.len()).into());
        }
        for (e, d) in map.results.iter().zip(&shape) {
            let AffineExpr::Dim(l) = e else {
                return Err(format!("expected indexing map {k} to be a projected permutation of its inputs").into());
            };
            let slot = &mut sizes[*l as usize];
            if slot.is_some_and(|s| s != *d) {
                return Err("invalid contraction: the operands disagree on a loop's size".into());
            }
            *slot = Some(*d);
        }
    }
    // The result walks the parallel loops, and each loop is walked.
    let acc_dims: Vec<usize> = maps[2]
        .results
        .iter()
        .filter_map(|e| if let AffineExpr::Dim(d) = e { Some(*d as usize) } else { None })
        .collect();
    if acc_dims.iter().any(|d| iterators[*d]) {
        return Err("invalid accumulator/result vector shape".into());
    }
    if sizes.iter().any(|s| s.is_none()) {
        return Err("expected all dimensions to be either a LHS or a RHS dimension".into());
    }
    let expected = mapped_shape(&maps[2], &sizes).unwrap_or_default();
    let result_ty = ctx.value_type(ctx.result(op, 0));
    // Reducing every loop gives a scalar, not a 0-d vector.
    if expected.is_empty() && vector_shape(ctx, result_ty).is_some() {
        return Err("invalid accumulator/result vector shape".into());
    }
    if result_ty != ctx.value_type(ops[2]) {
        return Err("failed to verify that result type matches the accumulator type".into());
    }
    let got = vector_shape(ctx, result_ty).map(|s| s.shape.to_vec()).unwrap_or_default();
    if got != expected {
        return Err("invalid accumulator/result vector shape".into());
    }
    Ok(())
}
