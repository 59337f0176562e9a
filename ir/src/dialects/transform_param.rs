//! Transform parameters: `transform.param.constant 4 : i64 ->
//! !transform.param<i64>`, a value (an attribute, not a payload op) that
//! transform ops such as `transform.structured.vectorize` read where they
//! take a size.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{attr_to_string, type_to_string, OpPrinter};
use crate::registry::{Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

crate::op! {
    /// `transform.param.constant <attr> -> !transform.param<T>` (or
    /// `!transform.any_param`): the attribute as a parameter.
    pub struct ParamConstantOp => PARAM_CONSTANT = "transform.param.constant";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { param: One }
    regions { }
    format { parse_param_constant, print_param_constant }
    def {
        verify: Some(verify_param_constant),
        traits: crate::registry::traits::DEAD_WHEN_UNUSED,
    }
}

/// The element type `T` of `!transform.param<T>`, as written; `None` for
/// any other type (`!transform.any_param` takes any attribute).
pub fn param_element_text(ctx: &Context, t: Type) -> Option<String> {
    match ctx.type_kind(t) {
        TypeKind::Opaque { dialect, text } if ctx.str(*dialect) == "transform" => {
            Some(text.strip_prefix("param<")?.strip_suffix('>')?.trim().to_string())
        }
        _ => None,
    }
}

/// Whether `t` is a parameter type (`!transform.param<T>` or
/// `!transform.any_param`) rather than an op handle.
pub fn is_param_type(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, text }
        if ctx.str(*dialect) == "transform" && (text == "any_param" || text.starts_with("param<")))
}

fn verify_param_constant(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ty = ctx.value_type(ctx.result(op, 0));
    if !is_param_type(ctx, ty) {
        return Err("result #0 must be TransformParamTypeInterface instance".to_string().into());
    }
    Ok(())
}

/// The check of `!transform.param<T>` on the value, as MLIR's
/// `ParamType::checkPayload` words it (run when the op binds the value).
pub fn check_param_value(ctx: &Context, op: OpId) -> Result<(), String> {
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(want) = param_element_text(ctx, ty) else { return Ok(()) };
    let Some(value) = ctx.get_attr(op, "value") else { return Ok(()) };
    match ctx.attr_kind(value) {
        AttrKind::Integer { ty, .. } => {
            let have = type_to_string(ctx, *ty);
            if have == want {
                return Ok(());
            }
            Err(format!(
                "expected the type of the parameter attribute ('{have}') to match the parameter type ('{want}')"
            ))
        }
        _ => Err(format!("expected parameter to be an integer attribute, got {}", attr_to_string(ctx, value))),
    }
}

fn parse_param_constant(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = p.attribute(None)?;
    p.set_attr("value", value);
    p.optional_attr_dict()?;
    if !p.at(Tok::Arrow) {
        return p.err("expected '->'");
    }
    let tys = p.arrow_type_list()?;
    p.result_types = tys.into();
    Ok(())
}

fn print_param_constant(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(v) = ctx.get_attr(op, "value") {
        p.print_attr(v);
    }
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" -> ");
    let ty = ctx.value_type(ctx.result(op, 0));
    p.print_type(ty);
}

/// Registers the op.
pub fn register(r: &mut Registry) {
    r.add(&PARAM_CONSTANT);
}
