//! The `ub` dialect: `ub.poison`, a value of any type that stands for
//! "no particular value". Data-layout propagation pads the packs it
//! creates with it (their padded slots are dropped by the final unpack);
//! the engine reads it as zero bits. `ub.unreachable` ends a block control
//! never reaches.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::{Attr, Context, OpId};

crate::op! {
    /// `ub.poison`
    pub struct PoisonOp => POISON = "ub.poison";
    operands { }
    attributes { value: AnyAttr = "value" }
    results { result: One }
    regions { }
    format { parse_poison, print_poison }
    def {
        verify: Some(verify_poison),
        traits: traits::PURE | traits::CONSTANT_LIKE,
        default_properties: &[("value", "#ub.poison")],
    }
}

crate::op! {
    /// `ub.unreachable`: control never gets here (a terminator
    /// `--remove-dead-values` puts in place of a branch of dead code).
    pub struct UnreachableOp => UNREACHABLE = "ub.unreachable";
    operands { }
    attributes { }
    results { }
    regions { }
    format { parse_unreachable, print_unreachable }
    def {
        traits: traits::TERMINATOR,
    }
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    r.add(&POISON);
    r.add(&UNREACHABLE);
}

/// `ub.unreachable attr-dict`.
fn parse_unreachable(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()
}

fn print_unreachable(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
}

/// `#ub.poison`, the default (and usual) value of a `ub.poison`.
pub fn poison_attr(ctx: &mut Context) -> Attr {
    let ub = ctx.sym("ub");
    ctx.attr(AttrKind::Opaque { dialect: ub, text: "poison".into() })
}

/// Whether `a` is `#ub.poison`.
fn is_default(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Opaque { dialect, text } if ctx.str(*dialect) == "ub" && text == "poison")
}

/// `ub.poison attr-dict (< $value >)? : type`.
fn parse_poison(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let value = if p.optional(Tok::Less) {
        let a = p.attribute(None)?;
        p.expect(Tok::Greater)?;
        a
    } else {
        poison_attr(p.ctx())
    };
    p.set_attr("value", value);
    let t = p.colon_type()?;
    p.result_types.push(t);
    Ok(())
}

fn print_poison(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(v) = ctx.get_attr_sym(op, crate::context::known_names::VALUE).filter(|v| !is_default(ctx, *v)) {
        p.write(" <");
        p.print_attr(v);
        p.write(">");
    }
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_poison(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    match ctx.get_attr_sym(op, crate::context::known_names::VALUE) {
        None => Ok(()),
        Some(a) if is_default(ctx, a) => Ok(()),
        Some(_) => Err("expects '#ub.poison' as its value (no other poison attribute is known)".into()),
    }
}
