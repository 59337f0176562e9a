//! `transform.loop.peel` and
//! `transform.apply_patterns.scf.for_loop_canonicalization`, as MLIR 22
//! spells and checks them; the interpreter runs them with
//! `tessel_passes::loop_peel` and the loop canonicalization patterns.

use crate::attrs::AttrKind;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId};

use super::transform::print_functional_type;

crate::op! {
    /// `transform.loop.peel %for {peel_front = B, fail_if_already_divisible = B}
    /// : (!transform.op<"scf.for">) -> (T, T)`: the loop and the peeled
    /// iteration (the last, or with `peel_front` the first).
    pub struct LoopPeelOp => LOOP_PEEL = "transform.loop.peel";
    operands { target: One }
    attributes { peel_front: AnyAttr = "peel_front", fail_if_already_divisible: AnyAttr = "fail_if_already_divisible" }
    results { peeled_loop: One, remainder_loop: One }
    regions { }
    format { parse_peel, print_peel }
    def {
        verify: Some(verify_peel),
        default_properties: &[("fail_if_already_divisible", "false"), ("peel_front", "false")],
        result_groups: Some(|_, _| vec![("peeled_loop", 1), ("remainder_loop", 1)]),
    }
}

crate::op! {
    /// `transform.apply_patterns.scf.for_loop_canonicalization`: the
    /// patterns of `-scf-for-loop-canonicalization`.
    pub struct ApplyForLoopCanonicalizationOp => APPLY_FOR_LOOP_CANONICALIZATION = "transform.apply_patterns.scf.for_loop_canonicalization";
    operands { }
    attributes { }
    results { }
    regions { }
    format { super::transform::parse_descriptor, super::transform::print_descriptor }
    def { }
}

/// Registers the ops (under `transform`).
pub fn register(r: &mut Registry) {
    r.add(&LOOP_PEEL);
    r.add(&APPLY_FOR_LOOP_CANONICALIZATION);
}

/// Whether boolean attribute `name` of `op` is set to true.
pub fn flag(ctx: &Context, op: OpId, name: &str) -> bool {
    matches!(ctx.get_attr(op, name).map(|a| ctx.attr_kind(a)), Some(AttrKind::Bool(true)))
}

fn parse_peel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_peel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    // Flags at their default (false) are not printed, as in 22.
    let defaults: Vec<&str> = ["peel_front", "fail_if_already_divisible"]
        .into_iter()
        .filter(|n| matches!(ctx.get_attr(op, n).map(|a| ctx.attr_kind(a)), Some(AttrKind::Bool(false))))
        .collect();
    p.print_optional_attr_dict(op, &defaults);
    print_functional_type(p, op);
}

fn verify_peel(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    for name in ["peel_front", "fail_if_already_divisible"] {
        if let Some(a) = ctx.get_attr(op, name) {
            if !matches!(ctx.attr_kind(a), AttrKind::Bool(_)) {
                return Err(format!("attribute '{name}' failed to satisfy constraint: bool attribute").into());
            }
        }
    }
    let t = ctx.value_type(ctx.operands(op)[0]);
    let is_for_handle = matches!(ctx.type_kind(t), TypeKind::Opaque { dialect, text }
        if ctx.str(*dialect) == "transform" && text.replace(' ', "") == "op<\"scf.for\">");
    if !is_for_handle {
        return Err(format!(
            "operand #0 must be Transform IR handle to scf.for operations, but got '{}'",
            crate::printer::type_to_string(ctx, t)
        )
        .into());
    }
    Ok(())
}
