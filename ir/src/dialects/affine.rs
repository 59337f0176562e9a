//! `affine.apply`, `affine.min`, `affine.max`.

use super::patterns::affine::{fold_affine, merge_min_max_producers, sort_min_max_results};
use crate::affine::AffineMap;
use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId};

/// `affine.apply`, `affine.min` and `affine.max`: a map over index
/// operands, one index result; they differ in name and patterns.
macro_rules! map_ops {
    ($($handle:ident, $id:ident = $name:literal, patterns: [$($pat:path),*];)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { operands: Variadic }
                attributes { map: MapAttr = "map" }
                results { result: One }
                regions {}
                format { parse_map_op, print_map_op }
                patterns [$($pat),*]
                def {
                    verify: Some(verify_map_op),
                    traits: traits::PURE,
                }
            }
        )*
    };
}

map_ops! {
    ApplyOp, APPLY = "affine.apply", patterns: [fold_affine];
    MinOp, MIN = "affine.min", patterns: [fold_affine, merge_min_max_producers, sort_min_max_results];
    MaxOp, MAX = "affine.max", patterns: [fold_affine, merge_min_max_producers, sort_min_max_results];
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    r.add(&APPLY);
    r.add(&MIN);
    r.add(&MAX);
}

/// The affine map of an `affine.apply/min/max`.
pub fn op_map(ctx: &Context, op: OpId) -> Option<&AffineMap> {
    match ctx.attr_kind(ctx.get_attr(op, "map")?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn parse_map_op(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.cur_loc();
    let map = p.affine_map_attr()?;
    let (nd, ns) = match p.ctx().attr_kind(map) {
        AttrKind::AffineMap(m) => (m.num_dims as usize, m.num_syms as usize),
        _ => return p.err_at(loc, "expected affine map"),
    };
    p.set_attr("map", map);
    let dims = p.paren_operand_list()?;
    let syms = if p.optional(Tok::LSquare) {
        let s = p.operand_list()?;
        p.expect(Tok::RSquare)?;
        s
    } else {
        vec![]
    };
    if dims.len() != nd || syms.len() != ns {
        let name = p.def.name;
        let op_loc = p.loc;
        let _ = loc;
        return p.err_at(op_loc, format!("custom op '{name}' dimension or symbol index mismatch"));
    }
    p.optional_attr_dict()?;
    let index = p.index_type();
    p.push_operands_of(&dims, index)?;
    p.push_operands_of(&syms, index)?;
    p.result_types.push(index);
    Ok(())
}

fn print_map_op(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(map_attr) = ctx.get_attr(op, "map") else { return };
    let nd = op_map(ctx, op).map(|m| m.num_dims as usize).unwrap_or(0);
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_attr(map_attr);
    p.write("(");
    p.print_operands(&ops[..nd.min(ops.len())]);
    p.write(")");
    if ops.len() > nd {
        p.write("[");
        p.print_operands(&ops[nd..]);
        p.write("]");
    }
    p.print_attr_dict(op);
}

fn verify_map_op(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(m) = op_map(ctx, op) else {
        return Err("requires attribute 'map'".into());
    };
    let n = ctx.operands(op).len();
    if n != (m.num_dims + m.num_syms) as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if ApplyOp::isa(ctx, op) && m.results.len() != 1 {
        return Err("mapping must produce one value".into());
    }
    if m.results.is_empty() {
        return Err("expects non-empty map".into());
    }
    for v in ctx.operands(op) {
        if !matches!(ctx.value_type_kind(*v), TypeKind::Index) {
            return Err("operands must be of type 'index'".into());
        }
    }
    Ok(())
}
