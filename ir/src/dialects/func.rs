//! `builtin.module` and the `func` dialect.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{write_symbol, OpPrinter};
use crate::registry::{traits, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId};

crate::op! {
    /// `builtin.module`
    pub struct ModuleOp => MODULE = "builtin.module";
    operands { }
    attributes { sym_name: StrAttr = "sym_name", sym_visibility: StrAttr = "sym_visibility" }
    results { }
    regions { body }
    format { parse_module, print_module }
    def {
        verify: Some(verify_module),
        traits: traits::ISOLATED_FROM_ABOVE | traits::NO_TERMINATOR | traits::SINGLE_BLOCK,
    }
}

crate::op! {
    /// `func.func`
    pub struct FuncOp => FUNC = "func.func";
    operands { }
    attributes { sym_name: StrAttr = "sym_name", function_type: AnyAttr = "function_type", sym_visibility: StrAttr = "sym_visibility", arg_attrs: AnyAttr = "arg_attrs", res_attrs: AnyAttr = "res_attrs" }
    results { }
    regions { body }
    format { parse_func, print_func }
    def {
        verify: Some(verify_func),
        traits: traits::ISOLATED_FROM_ABOVE | traits::SYMBOL,
        default_dialect: Some("func"),
    }
}

crate::op! {
    /// `func.return`
    pub struct ReturnOp => RETURN = "func.return";
    operands { operands: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_return, print_return }
    def {
        verify: Some(verify_return),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `func.call`
    pub struct CallOp => CALL = "func.call";
    operands { operands: Variadic }
    attributes { callee: AnyAttr = "callee", arg_attrs: AnyAttr = "arg_attrs", res_attrs: AnyAttr = "res_attrs", no_inline: UnitAttr = "no_inline" }
    results { results: Variadic }
    regions { }
    format { parse_call, print_call }
    def {}
}

/// Registers the `func` ops.
pub fn register(r: &mut crate::registry::Registry) {
    r.add(&FUNC);
    r.add(&RETURN);
    r.add(&CALL);
}

fn parse_module(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.at(Tok::AtId) {
        let name = p.symbol_name()?;
        let s = p.ctx().str(name).to_string();
        let a = p.ctx().string_attr(&s);
        p.set_attr("sym_name", a);
    }
    p.optional_attr_dict_with_keyword()?;
    let r = p.region(&[])?;
    if p.ctx().blocks(r).is_empty() {
        p.ctx().append_block(r);
    }
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(AttrKind::String { value, .. }) = ctx.get_attr(op, "sym_name").map(|a| ctx.attr_kind(a)) {
        p.write(" ");
        let mut s = String::new();
        write_symbol(value, &mut s);
        p.write(&s);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    p.print_region(ctx.regions(op)[0], false, false);
}

fn verify_module(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let regions = ctx.regions(op);
    if regions.len() != 1 || ctx.blocks(regions[0]).len() != 1 {
        return Err("expects region #0 to have 0 or 1 blocks".into());
    }
    if !ctx.block_args(ctx.blocks(regions[0])[0]).is_empty() {
        return Err("expects region #0 to have no arguments".into());
    }
    Ok(())
}

pub(crate) fn parse_func(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if let Some(vis) = p.peek_keyword() {
        if matches!(vis, "private" | "public" | "nested") {
            p.any_keyword()?;
            let a = p.ctx().string_attr(vis);
            p.set_attr("sym_visibility", a);
        }
    }
    let name = p.symbol_name()?;
    let s = p.ctx().str(name).to_string();
    let a = p.ctx().string_attr(&s);
    p.set_attr("sym_name", a);
    // Arguments: `(%a: t {attrs}, ...)` or, for declarations, `(t, ...)`.
    p.expect(Tok::LParen)?;
    let mut args: Vec<(UnresolvedOperand, crate::Type)> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    let mut arg_locs = Vec::new();
    let mut any_arg_attr = false;
    if !p.optional(Tok::RParen) {
        loop {
            if let Some(u) = p.optional_operand()? {
                let t = p.colon_type()?;
                args.push((u, t));
                inputs.push(t);
            } else {
                if !args.is_empty() {
                    return p.err("expected SSA identifier");
                }
                inputs.push(p.ty()?);
            }
            arg_attrs.push(parse_optional_dict_attr(p, &mut any_arg_attr)?);
            // Argument locations, as mlir-opt prints them with debug info.
            arg_locs.push(if p.at_keyword("loc") { Some(p.location()?) } else { None });
            if !p.optional(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RParen)?;
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    let mut any_res_attr = false;
    if p.optional(Tok::Arrow) {
        if p.optional(Tok::LParen) {
            if !p.optional(Tok::RParen) {
                loop {
                    results.push(p.ty()?);
                    res_attrs.push(parse_optional_dict_attr(p, &mut any_res_attr)?);
                    if !p.optional(Tok::Comma) {
                        break;
                    }
                }
                p.expect(Tok::RParen)?;
            }
        } else {
            results.push(p.ty()?);
            res_attrs.push(p.ctx().attr(AttrKind::Dict(vec![])));
        }
    }
    let fty = p.ctx().ty(TypeKind::Function { inputs, results });
    let a = p.ctx().type_attr(fty);
    p.set_attr("function_type", a);
    if any_arg_attr {
        let a = p.ctx().attr(AttrKind::Array(arg_attrs));
        p.set_attr("arg_attrs", a);
    }
    if any_res_attr {
        let a = p.ctx().attr(AttrKind::Array(res_attrs));
        p.set_attr("res_attrs", a);
    }
    p.optional_attr_dict_with_keyword()?;
    if p.at(Tok::LBrace) {
        if args.len() != p.ctx().type_kind(fty).clone_inputs_len() {
            return p.err("expected arguments to be named in a function definition");
        }
        p.region_with_arg_locs(&args, &arg_locs)?;
    } else {
        let r = p.ctx().create_region();
        p.regions.push(r);
    }
    Ok(())
}

fn parse_optional_dict_attr(p: &mut OpParser<'_, '_>, any: &mut bool) -> PResult<crate::Attr> {
    if p.at(Tok::LBrace) {
        *any = true;
        p.attribute(None)
    } else {
        Ok(p.ctx().attr(AttrKind::Dict(vec![])))
    }
}

trait InputsLen {
    fn clone_inputs_len(&self) -> usize;
}

impl InputsLen for TypeKind {
    fn clone_inputs_len(&self) -> usize {
        match self {
            TypeKind::Function { inputs, .. } => inputs.len(),
            _ => 0,
        }
    }
}

pub(crate) fn print_func(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let get = |n: &str| ctx.get_attr(op, n).map(|a| ctx.attr_kind(a));
    if let Some(AttrKind::String { value, .. }) = get("sym_visibility") {
        p.write(" ");
        p.write(value);
    }
    p.write(" ");
    if let Some(AttrKind::String { value, .. }) = get("sym_name") {
        let mut s = String::new();
        write_symbol(value, &mut s);
        p.write(&s);
    }
    let (inputs, results) = match get("function_type") {
        Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => (vec![], vec![]),
        },
        _ => (vec![], vec![]),
    };
    let arg_attrs = match get("arg_attrs") {
        Some(AttrKind::Array(a)) => a.clone(),
        _ => vec![],
    };
    let res_attrs = match get("res_attrs") {
        Some(AttrKind::Array(a)) => a.clone(),
        _ => vec![],
    };
    let region = ctx.regions(op).first().copied();
    let entry = region.and_then(|r| ctx.blocks(r).first().copied());
    p.write("(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(b) = entry {
            if let Some(a) = ctx.block_args(b).get(i) {
                p.print_operand(*a);
                p.write(": ");
            }
        }
        p.print_type(*t);
        print_arg_dict(p, arg_attrs.get(i).copied());
        if let Some(a) = entry.and_then(|b| ctx.block_args(b).get(i).copied()) {
            p.print_block_arg_loc(a);
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let wrap = results.len() > 1
            || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
            || res_attrs.iter().any(|a| !matches!(ctx.attr_kind(*a), AttrKind::Dict(d) if d.is_empty()));
        if wrap {
            p.write("(");
        }
        for (i, t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(*t);
            print_arg_dict(p, res_attrs.get(i).copied());
        }
        if wrap {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        op,
        &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"],
    );
    if let Some(r) = region {
        if !ctx.blocks(r).is_empty() {
            p.write(" ");
            p.print_region(r, false, true);
        }
    }
}

fn print_arg_dict(p: &mut OpPrinter<'_>, a: Option<crate::Attr>) {
    if let Some(a) = a {
        if !matches!(p.ctx().attr_kind(a), AttrKind::Dict(d) if d.is_empty()) {
            p.write(" ");
            p.print_attr(a);
        }
    }
}

/// `func.func`'s verifier (symbol names are checked by the verifier for
/// every op with the SYMBOL trait).
pub(crate) fn verify_func(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let fty = match ctx.get_attr(op, "function_type").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => *t,
        _ => return Err("requires attribute 'function_type'".into()),
    };
    let TypeKind::Function { inputs, .. } = ctx.type_kind(fty) else {
        return Err("attribute 'function_type' failed to satisfy constraint: type attribute of function type".into());
    };
    if ctx.get_attr(op, "sym_name").is_none() {
        return Err("requires attribute 'sym_name'".into());
    }
    let r = ctx.regions(op)[0];
    if let Some(&entry) = ctx.blocks(r).first() {
        let args = ctx.block_args(entry);
        if args.len() != inputs.len() {
            return Err(format!("entry block must have {} arguments to match function signature", inputs.len()).into());
        }
        for (i, (a, t)) in args.iter().zip(inputs).enumerate() {
            if ctx.value_type(*a) != *t {
                return Err(format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    crate::printer::type_to_string(ctx, ctx.value_type(*a)),
                    crate::printer::type_to_string(ctx, *t)
                )
                .into());
            }
        }
    }
    Ok(())
}

fn parse_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    p.optional_colon_typed(&ops)
}

fn print_return(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    p.print_colon_typed(p.ctx().operands(op));
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(func) = ctx.parent_op(op) else { return Ok(()) };
    if !FuncOp::isa(ctx, func) {
        return Err("expects parent op 'func.func'".into());
    }
    let Some(AttrKind::Type(fty)) = ctx.get_attr(func, "function_type").map(|a| ctx.attr_kind(a)) else {
        return Ok(());
    };
    let TypeKind::Function { results, .. } = ctx.type_kind(*fty) else { return Ok(()) };
    let ops = ctx.operands(op);
    if ops.len() != results.len() {
        return Err(format!(
            "has {} operands, but enclosing function (@{}) returns {}",
            ops.len(),
            func_name(ctx, func),
            results.len()
        )
        .into());
    }
    for (i, (v, t)) in ops.iter().zip(results).enumerate() {
        if ctx.value_type(*v) != *t {
            return Err(VerifyError::bare(format!(
                "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{}",
                crate::printer::type_to_string(ctx, ctx.value_type(*v)),
                crate::printer::type_to_string(ctx, *t),
                func_name(ctx, func)
            )));
        }
    }
    Ok(())
}

fn func_name(ctx: &Context, func: OpId) -> String {
    match ctx.get_attr(func, "sym_name").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => value.clone(),
        _ => String::new(),
    }
}

fn parse_call(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let callee = p.attribute(None)?;
    p.set_attr("callee", callee);
    let args = p.paren_operand_list()?;
    p.optional_attr_dict()?;
    p.functional_type_operands(&args)
}

fn print_call(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(c) = ctx.get_attr(op, "callee") {
        p.print_attr(c);
    }
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : (");
    let ins: Vec<_> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&ins);
    p.write(") -> ");
    let outs: Vec<_> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    p.print_arrow_types(&outs);
}
