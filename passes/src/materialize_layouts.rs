//! `materialize-layouts`: replaces `xla.to_layout` / `xla.from_layout` by
//! the ops that lay the data out (spec §6): `linalg.transpose` for the
//! physical order when no pack can permute, `tensor.expand_shape` for tiles
//! longer than the tensor, `tensor.collapse_shape` for `*`, one
//! `tensor.pack` per tile with a zero padding value where a tile does not
//! divide; `from_layout` gets the inverse chain (unpack, expand, collapse,
//! transpose back). Afterwards only ops mlir-opt 22 reads remain, and the
//! packs can be tiled by `tile-pack-unpack`.

use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::diag::Diagnostic;
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::linalg::{self, TransposeOp};
use tessel_ir::dialects::pack::{PackOp, UnPackOp};
use tessel_ir::dialects::tensor::{CollapseShapeOp, ExpandShapeOp};
use tessel_ir::dialects::xla;
use tessel_ir::types::TypeKind;
use tessel_ir::{Attr, Context, OpId, Type, Value};
use tessel_layout::{pack_chain, ChainOp, TiledLayout};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "materialize-layouts",
    description: "Replace xla.to_layout/from_layout by transpose, collapse/expand_shape and pack/unpack chains",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(MaterializeLayouts))
    },
};

struct MaterializeLayouts;

impl Pass for MaterializeLayouts {
    fn name(&self) -> &'static str {
        "materialize-layouts"
    }

    fn class_name(&self) -> &'static str {
        "MaterializeLayouts"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let targets: Vec<OpId> = ctx.nested_ops(op).into_iter().filter(|o| xla::is_layout_op(ctx, *o)).collect();
        for t in targets {
            materialize(ctx, t)?;
        }
        Ok(())
    }
}

/// Replaces one layout op by its chain.
pub fn materialize(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let layout = xla::tiled_layout(ctx, op).map_err(|m| Diagnostic::error(loc, m))?;
    let input = ctx.operands(op)[0];
    let elem = ctx.value_type_kind(input).element_type().expect("verified: a ranked tensor");
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let result = if xla::is_to_layout(b.ctx, op) {
        emit_to_layout(&mut b, input, &layout, elem).map_err(|m| Diagnostic::error(loc, m))?
    } else {
        emit_from_layout(&mut b, input, &layout, elem)
    };
    let old = ctx.result(op, 0);
    ctx.replace_all_uses(old, result);
    ctx.erase_op(op);
    Ok(())
}

/// The `reassociation` attribute of an expand/collapse_shape: one array of
/// dims per group.
pub(crate) fn reassociation_attr(ctx: &mut Context, groups: &[Vec<usize>]) -> Attr {
    let i64t = ctx.int_type(64);
    let arrays: Vec<Attr> = groups
        .iter()
        .map(|g| {
            let elems = g.iter().map(|&d| ctx.int_attr(d as i128, i64t)).collect();
            ctx.attr(AttrKind::Array(elems))
        })
        .collect();
    ctx.attr(AttrKind::Array(arrays))
}

fn as_i64(v: &[usize]) -> Vec<i64> {
    v.iter().map(|&x| x as i64).collect()
}

fn static_sizes(shape: &[i64]) -> Vec<Ofr> {
    shape.iter().map(|&d| Ofr::Const(d)).collect()
}

/// A zero of `elem` (the padding value); integers, index and floats only.
fn zero(b: &mut Builder<'_>, elem: Type) -> Result<Value, String> {
    match b.ctx.type_kind(elem) {
        TypeKind::Float(_) => {
            let a = b.ctx.attr(AttrKind::Float { bits: 0, ty: elem });
            Ok(ConstantOp::create(b, Some(a), &[elem], vec![]).result(b.ctx))
        }
        TypeKind::Integer { .. } | TypeKind::Index => Ok(b.int_const(0, elem)),
        _ => Err(format!(
            "the layout pads, and there is no zero padding value for elements of type {}",
            tessel_ir::printer::type_to_string(b.ctx, elem)
        )),
    }
}

fn transpose(b: &mut Builder<'_>, input: Value, perm: &[usize], result_shape: &[i64], elem: Type) -> Value {
    let init = b.empty(&static_sizes(result_shape), elem);
    let ty = b.ctx.value_type(init);
    let arg_locs = linalg::operand_locs(b.ctx, [input, init]);
    let body = linalg::yield_first_arg_body(b.ctx, elem, elem, arg_locs, b.loc);
    let op = TransposeOp::create(b, input, init, &as_i64(perm), &[ty], vec![body]);
    b.ctx.result(op.op(), 0)
}

fn reshape(
    b: &mut Builder<'_>,
    expand: bool,
    input: Value,
    groups: &[Vec<usize>],
    result: &[i64],
    elem: Type,
) -> Value {
    let ty = b.ctx.tensor_type(result.to_vec(), elem);
    let r = reassociation_attr(b.ctx, groups);
    if expand {
        ExpandShapeOp::create(b, input, &[], Some(r), result, &[ty], vec![]).result(b.ctx)
    } else {
        CollapseShapeOp::create(b, input, Some(r), &[ty], vec![]).result(b.ctx)
    }
}

fn pack_or_unpack(
    b: &mut Builder<'_>,
    is_pack: bool,
    source: Value,
    dest_shape: &[i64],
    (outer, inner_pos, tiles): (&Option<Vec<usize>>, &[usize], &[i64]),
    padding_value: Option<Value>,
    elem: Type,
) -> Value {
    let dest = b.empty(&static_sizes(dest_shape), elem);
    let ty = b.ctx.value_type(dest);
    let inner_pos = as_i64(inner_pos);
    let outer = outer.as_deref().map(as_i64).filter(|p| !p.is_empty());
    if is_pack {
        PackOp::create(b, source, dest, padding_value, &[], &inner_pos, outer.as_deref(), tiles, &[ty], vec![])
            .result(b.ctx)
    } else {
        UnPackOp::create(b, source, dest, &[], &inner_pos, outer.as_deref(), tiles, &[ty], vec![]).result(b.ctx)
    }
}

/// Emits the chain that lays `input` (the logical tensor) out.
pub fn emit_to_layout(b: &mut Builder<'_>, input: Value, layout: &TiledLayout, elem: Type) -> Result<Value, String> {
    let mut v = input;
    for step in pack_chain(layout) {
        v = match &step.op {
            ChainOp::Transpose { permutation } => transpose(b, v, permutation, &step.result_shape, elem),
            ChainOp::Expand { reassociation } => reshape(b, true, v, reassociation, &step.result_shape, elem),
            ChainOp::Collapse { reassociation } => reshape(b, false, v, reassociation, &step.result_shape, elem),
            ChainOp::Pack { outer_dims_perm, inner_dims_pos, inner_tiles, padding } => {
                let pad = if *padding { Some(zero(b, elem)?) } else { None };
                pack_or_unpack(
                    b,
                    true,
                    v,
                    &step.result_shape,
                    (outer_dims_perm, inner_dims_pos, inner_tiles),
                    pad,
                    elem,
                )
            }
        };
    }
    Ok(v)
}

/// Emits the inverse chain: from the laid-out tensor back to the logical one.
pub fn emit_from_layout(b: &mut Builder<'_>, packed: Value, layout: &TiledLayout, elem: Type) -> Value {
    let chain = pack_chain(layout);
    let mut v = packed;
    for (i, step) in chain.iter().enumerate().rev() {
        let input_shape = if i == 0 { layout.logical_dims.clone() } else { chain[i - 1].result_shape.clone() };
        v = match &step.op {
            ChainOp::Transpose { permutation } => {
                let mut inverse = vec![0; permutation.len()];
                for (i, &p) in permutation.iter().enumerate() {
                    inverse[p] = i;
                }
                transpose(b, v, &inverse, &input_shape, elem)
            }
            ChainOp::Expand { reassociation } => reshape(b, false, v, reassociation, &input_shape, elem),
            ChainOp::Collapse { reassociation } => reshape(b, true, v, reassociation, &input_shape, elem),
            ChainOp::Pack { outer_dims_perm, inner_dims_pos, inner_tiles, .. } => {
                pack_or_unpack(b, false, v, &input_shape, (outer_dims_perm, inner_dims_pos, inner_tiles), None, elem)
            }
        };
    }
    v
}
