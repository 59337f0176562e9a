//! `xla.to_layout` / `xla.from_layout`: a tensor carrying an XLA layout.
//!
//! ```mlir
//! %p = xla.to_layout %x "{1,0:T(2,2)}" : tensor<3x5xf32> -> tensor<2x3x2x2xf32>
//! %y = xla.from_layout %p "{1,0:T(2,2)}" : tensor<2x3x2x2xf32> -> tensor<3x5xf32>
//! ```
//!
//! The layout is the `{...}` part of XLA's shape notation, for the logical
//! tensor's dims; the packed type is the shape after every tile (row-major
//! position = XLA linear index). `--materialize-layouts` replaces the ops by
//! the transpose / collapse / expand / pack chain (or its inverse).

use tessel_layout::{parse_shape, ArrayShape, Dim, PrimitiveType, Shape, TiledLayout};

use crate::attrs::AttrKind;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type};

/// `xla.to_layout` and `xla.from_layout`: one tensor in, one out, a layout
/// string; they differ in direction only.
macro_rules! layout_ops {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands { source: One }
                attributes { layout: StrAttr = "layout" }
                results { result: One }
                regions {}
                format { parse_layout_op, print_layout_op }
                def {
                    verify: Some(verify_layout_op),
                    traits: traits::PURE,
                }
            }
        )*
    };
}

layout_ops! {
    ToLayoutOp, TO_LAYOUT = "xla.to_layout";
    FromLayoutOp, FROM_LAYOUT = "xla.from_layout";
}

/// Registers the two ops.
pub fn register(r: &mut Registry) {
    r.add(&TO_LAYOUT);
    r.add(&FROM_LAYOUT);
}

/// True for `xla.to_layout`.
pub fn is_to_layout(ctx: &Context, op: OpId) -> bool {
    ToLayoutOp::isa(ctx, op)
}

/// True for either op.
pub fn is_layout_op(ctx: &Context, op: OpId) -> bool {
    ToLayoutOp::isa(ctx, op) || FromLayoutOp::isa(ctx, op)
}

fn parse_layout_op(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.operand()?;
    if !p.at(crate::parser::lexer::Tok::String) {
        return p.err("expected the layout as a string, like \"{1,0:T(8,128)}\"");
    }
    let text = p.string_literal()?;
    let a = p.ctx().string_attr(&text);
    p.set_attr("layout", a);
    p.optional_attr_dict()?;
    let from = p.colon_type()?;
    p.expect_what(crate::parser::lexer::Tok::Arrow, "'->'")?;
    let to = p.ty()?;
    p.push_operand(&src, from)?;
    p.result_types.push(to);
    Ok(())
}

fn print_layout_op(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    if let Some(a) = ctx.get_attr(op, "layout") {
        p.write(" ");
        p.print_attr(a);
    }
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operands(op)[0]));
    p.write(" -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The layout text of an op.
pub fn layout_text(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr_kind(ctx.get_attr(op, "layout")?) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// The XLA shape a static tensor shape with a layout stands for. The
/// element type does not change where elements go; `f32` stands in for it.
pub fn xla_shape(dims: &[i64], layout: &str) -> Result<ArrayShape, String> {
    let prefix = format!("f32[{}]", dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(","));
    let text = format!("{prefix}{layout}");
    match parse_shape(&text) {
        // (A scalar's `{}` parses as no layout: the default.)
        Ok(Shape::Array(a)) => Ok(ArrayShape {
            element_type: PrimitiveType::F32,
            dims: dims.iter().map(|&d| Dim::Static(d)).collect(),
            layout: a.layout,
        }),
        Ok(Shape::Tuple(_)) => Err("expected a layout such as \"{1,0:T(8,128)}\"".into()),
        Err(e) => {
            let col = e.column(&text).saturating_sub(prefix.chars().count());
            Err(format!("column {col} of the layout: {}", e.message))
        }
    }
}

/// The logical (unpacked) tensor type of a layout op.
pub fn logical_type(ctx: &Context, op: OpId) -> Type {
    if is_to_layout(ctx, op) {
        ctx.value_type(ctx.operands(op)[0])
    } else {
        ctx.value_type(ctx.result(op, 0))
    }
}

/// The index math of an op's layout over its logical tensor.
pub fn tiled_layout(ctx: &Context, op: OpId) -> Result<TiledLayout, String> {
    let layout = layout_text(ctx, op).ok_or("requires a string attribute 'layout'")?;
    let TypeKind::Tensor { shape, .. } = ctx.type_kind(logical_type(ctx, op)) else {
        return Err("the logical operand must be a ranked tensor".into());
    };
    if shape.contains(&DYNAMIC) {
        return Err("the logical tensor must have a static shape".into());
    }
    let a = xla_shape(shape, layout)?;
    TiledLayout::new(&a).map_err(|e| format!("layout {layout}: {e}"))
}

fn verify_layout_op(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = tiled_layout(ctx, op).map_err(VerifyError::from)?;
    let (logical, packed) = if is_to_layout(ctx, op) {
        (ctx.value_type(ctx.operands(op)[0]), ctx.value_type(ctx.result(op, 0)))
    } else {
        (ctx.value_type(ctx.result(op, 0)), ctx.value_type(ctx.operands(op)[0]))
    };
    let (TypeKind::Tensor { elem: le, .. }, TypeKind::Tensor { shape: ps, elem: pe, .. }) =
        (ctx.type_kind(logical), ctx.type_kind(packed))
    else {
        return Err("expects ranked tensors".into());
    };
    if le != pe {
        return Err("the logical and laid-out tensors must have the same element type".into());
    }
    if ps.as_slice() != t.expanded_shape() {
        let dims: Vec<String> = t.expanded_shape().iter().map(|d| d.to_string()).collect();
        return Err(format!(
            "laid-out type {} does not match the layout's shape [{}]",
            crate::printer::type_to_string(ctx, packed),
            dims.join(", ")
        )
        .into());
    }
    Ok(())
}
