//! The `cf` dialect: unstructured control flow between the blocks of a
//! region (`cf.br`, `cf.cond_br`, `cf.switch`) and `cf.assert`, parsed,
//! printed and verified as mlir-opt 22 does.
//!
//! A branch passes operands to its successor's block arguments: `cf.br
//! ^bb3(%x : index)`. The operands of every successor are checked against
//! the arguments of its block ([`verify_successor_operands`]).

use super::patterns::cf as pats;
use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

crate::op! {
    /// `cf.br ^bb3(%x : index)`
    pub struct BranchOp => BR = "cf.br";
    operands { dest_operands: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_br, print_br }
    patterns [pats::merge_into_single_predecessor, pats::skip_pass_through_br]
    def {
        verify: Some(verify_br),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `cf.cond_br %c weights([60, 40]), ^bb1(%a : index), ^bb2`
    pub struct CondBranchOp => COND_BR = "cf.cond_br";
    operands segmented { condition: One, true_dest_operands: Variadic, false_dest_operands: Variadic }
    attributes { branch_weights: AnyAttr = "branch_weights" }
    results { }
    regions { }
    format { parse_cond_br, print_cond_br }
    patterns [pats::constant_condition, pats::identical_successors, pats::skip_pass_through_cond_br, pats::same_condition_as_predecessor, pats::truth_propagation]
    def {
        verify: Some(verify_cond_br),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `cf.switch %flag : i32, [default: ^bb1, 42: ^bb2(%a : index)]`
    pub struct SwitchOp => SWITCH = "cf.switch";
    operands segmented { flag: One, default_operands: Variadic, case_operands: Variadic }
    attributes {
        case_values: AnyAttr = "case_values",
        case_operand_segments: AnyAttr = "case_operand_segments",
        branch_weights: AnyAttr = "branch_weights",
    }
    results { }
    regions { }
    format { parse_switch, print_switch }
    patterns [pats::only_default, pats::drop_cases_matching_default, pats::constant_flag, pats::skip_pass_through_switch, pats::switch_same_flag_as_predecessor, pats::switch_default_of_same_flag]
    def {
        verify: Some(verify_switch),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `cf.assert %cond, "message"`: stops the program with the message
    /// when `%cond` is false.
    pub struct AssertOp => ASSERT = "cf.assert";
    operands { arg: One }
    attributes { msg: StrAttr = "msg" }
    results { }
    regions { }
    format { parse_assert, print_assert }
    patterns [pats::erase_true_assert]
    def {
        verify: Some(verify_assert),
    }
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    r.add(&BR);
    r.add(&COND_BR);
    r.add(&SWITCH);
    r.add(&ASSERT);
}

// ---- parsing and printing -------------------------------------------------------

fn push_successor_operands(p: &mut OpParser<'_, '_>, ops: &[UnresolvedOperand], tys: &[Type]) -> PResult<()> {
    let loc = p.cur_loc();
    p.push_operands(ops, tys, loc)
}

fn parse_br(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (ops, tys) = p.successor_with_operands()?;
    push_successor_operands(p, &ops, &tys)?;
    p.optional_attr_dict()
}

fn print_br(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_successor_with_operands(ctx.op(op).successors()[0], ctx.operands(op));
    p.print_attr_dict(op);
}

/// `weights([60, 40])`, as `cf.cond_br` and `cf.switch` write them.
fn parse_weights(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if !p.optional_keyword("weights") {
        return Ok(());
    }
    p.expect(Tok::LParen)?;
    let weights = p.i64_list()?;
    p.expect(Tok::RParen)?;
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().attr(AttrKind::DenseArray { elem: i32t, values: weights });
    p.set_attr("branch_weights", a);
    Ok(())
}

fn print_weights(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(w) = ctx.get_attr(op, "branch_weights").and_then(|a| ctx.as_i64_array(a)) {
        let w = w.to_vec();
        p.write(" weights(");
        p.print_i64_list(&w);
        p.write(")");
    }
}

fn parse_cond_br(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let cond = p.operand()?;
    parse_weights(p)?;
    p.expect(Tok::Comma)?;
    let (t_ops, t_tys) = p.successor_with_operands()?;
    p.expect(Tok::Comma)?;
    let (f_ops, f_tys) = p.successor_with_operands()?;
    p.optional_attr_dict()?;
    let i1 = p.ctx().int_type(1);
    p.push_operand(&cond, i1)?;
    push_successor_operands(p, &t_ops, &t_tys)?;
    push_successor_operands(p, &f_ops, &f_tys)?;
    p.set_operand_segments(&[1, t_ops.len(), f_ops.len()]);
    Ok(())
}

fn print_cond_br(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let c = CondBranchOp(op);
    let succ = ctx.op(op).successors().to_vec();
    p.write(" ");
    p.print_operand(c.condition(ctx));
    print_weights(p, op);
    p.write(", ");
    p.print_successor_with_operands(succ[0], c.true_dest_operands(ctx));
    p.write(", ");
    p.print_successor_with_operands(succ[1], c.false_dest_operands(ctx));
    p.print_attr_dict(op);
}

fn parse_switch(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let flag = p.operand()?;
    p.expect(Tok::Colon)?;
    let flag_ty = p.ty()?;
    parse_weights(p)?;
    p.expect(Tok::Comma)?;
    p.expect(Tok::LSquare)?;
    p.keyword("default")?;
    p.expect(Tok::Colon)?;
    let (d_ops, d_tys) = p.successor_with_operands()?;
    let mut values = Vec::new();
    let mut case_ops: Vec<(Vec<UnresolvedOperand>, Vec<Type>)> = Vec::new();
    while p.optional(Tok::Comma) {
        values.push(p.integer()?);
        p.expect(Tok::Colon)?;
        case_ops.push(p.successor_with_operands()?);
    }
    p.expect(Tok::RSquare)?;
    p.optional_attr_dict()?;
    p.push_operand(&flag, flag_ty)?;
    push_successor_operands(p, &d_ops, &d_tys)?;
    for (ops, tys) in &case_ops {
        push_successor_operands(p, ops, tys)?;
    }
    let case_total: usize = case_ops.iter().map(|(o, _)| o.len()).sum();
    p.set_operand_segments(&[1, d_ops.len(), case_total]);
    let i32t = p.ctx().int_type(32);
    let segments = case_ops.iter().map(|(o, _)| o.len() as i64).collect();
    let a = p.ctx().attr(AttrKind::DenseArray { elem: i32t, values: segments });
    p.set_attr("case_operand_segments", a);
    if !values.is_empty() {
        let a = case_values_attr(p.ctx(), flag_ty, &values);
        p.set_attr("case_values", a);
    }
    Ok(())
}

/// `dense<[...]> : vector<Nx(flag type)>` (a splat when all are equal, as
/// MLIR's dense attributes are).
pub fn case_values_attr(ctx: &mut Context, flag_ty: Type, values: &[i64]) -> crate::Attr {
    // As an APInt of the flag's width: `4294967295` of an i32 is -1.
    let width = match ctx.type_kind(flag_ty) {
        TypeKind::Integer { width, .. } => (*width).clamp(1, 64),
        _ => 64,
    };
    let shift = 64 - width;
    let values: Vec<i64> = values.iter().map(|v| (v << shift) >> shift).collect();
    let values = values.as_slice();
    let ty = ctx.ty(TypeKind::Vector { shape: vec![values.len() as i64], scalable: vec![false], elem: flag_ty });
    let data = if values.iter().all(|v| *v == values[0]) {
        DenseData::Splat(DenseElement::Int(values[0] as i128))
    } else {
        DenseData::Elements(values.iter().map(|v| DenseElement::Int(*v as i128)).collect())
    };
    ctx.attr(AttrKind::Dense { ty, data })
}

/// The case values of a `cf.switch` (empty without cases).
pub fn case_values(ctx: &Context, op: OpId) -> Vec<i64> {
    let Some(a) = ctx.get_attr(op, "case_values") else { return Vec::new() };
    let AttrKind::Dense { ty, data } = ctx.attr_kind(a) else { return Vec::new() };
    let n = ctx.type_kind(*ty).shape().and_then(|s| s.first().copied()).unwrap_or(0).max(0) as usize;
    match data {
        DenseData::Splat(DenseElement::Int(v)) => vec![*v as i64; n],
        DenseData::Elements(es) => es
            .iter()
            .map(|e| match e {
                DenseElement::Int(v) => *v as i64,
                DenseElement::Float(_) => 0,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The operands a `cf.switch` passes to each of its successors: the
/// default's, then each case's.
pub fn switch_successor_operands(ctx: &Context, op: OpId) -> Vec<&[Value]> {
    let s = SwitchOp(op);
    let mut out = vec![s.default_operands(ctx)];
    let mut rest = s.case_operands(ctx);
    let segments = ctx.get_attr(op, "case_operand_segments").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    for &n in segments {
        let n = (n.max(0) as usize).min(rest.len());
        let (head, tail) = rest.split_at(n);
        out.push(head);
        rest = tail;
    }
    out
}

fn print_switch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let s = SwitchOp(op);
    let succ = ctx.op(op).successors().to_vec();
    let flag = s.flag(ctx);
    let values = case_values(ctx, op);
    let operands = switch_successor_operands(ctx, op);
    p.write(" ");
    p.print_operand(flag);
    p.write(" : ");
    p.print_type(ctx.value_type(flag));
    print_weights(p, op);
    p.write(", [");
    p.increase_indent();
    p.print_newline();
    p.write("default: ");
    p.print_successor_with_operands(succ[0], operands[0]);
    if values.is_empty() {
        // mlir-opt closes a switch without cases on the default's line.
        p.decrease_indent();
        p.write("]");
        p.print_attr_dict(op);
        return;
    }
    // Case values print unsigned at the flag's width, as mlir-opt's.
    let width = match ctx.value_type_kind(flag) {
        TypeKind::Integer { width, .. } => *width,
        _ => 64,
    };
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    for (k, v) in values.iter().enumerate() {
        p.write(",");
        p.print_newline();
        p.write(&format!("{}: ", *v as u64 & mask));
        let ops = operands.get(k + 1).copied().unwrap_or(&[]);
        if let Some(&b) = succ.get(k + 1) {
            p.print_successor_with_operands(b, ops);
        }
    }
    p.decrease_indent();
    p.print_newline();
    p.write("]");
    p.print_attr_dict(op);
}

fn parse_assert(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let arg = p.operand()?;
    p.expect(Tok::Comma)?;
    let msg = p.string_literal()?;
    p.optional_attr_dict()?;
    let i1 = p.ctx().int_type(1);
    p.push_operand(&arg, i1)?;
    let a = p.ctx().string_attr(&msg);
    p.set_attr("msg", a);
    Ok(())
}

fn print_assert(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(", ");
    if let Some(msg) = ctx.get_attr(op, "msg") {
        p.print_attr(msg);
    }
    p.print_attr_dict(op);
}

// ---- verification ---------------------------------------------------------------

/// MLIR's branch-op check: each successor gets as many operands as its
/// block has arguments, of the same types.
pub fn verify_successor_operands(ctx: &Context, op: OpId, per_successor: &[&[Value]]) -> Result<(), VerifyError> {
    for (i, (&block, operands)) in ctx.op(op).successors().iter().zip(per_successor).enumerate() {
        let args = ctx.block_args(block);
        if args.len() != operands.len() {
            return Err(VerifyError::bare(format!(
                "branch has {} operands for successor #{i}, but target block has {}",
                operands.len(),
                args.len()
            )));
        }
        for (j, (a, v)) in args.iter().zip(operands.iter()).enumerate() {
            if ctx.value_type(*a) != ctx.value_type(*v) {
                return Err(VerifyError::bare(format!("type mismatch for bb argument #{j} of successor #{i}")));
            }
        }
    }
    Ok(())
}

fn expect_successors(ctx: &Context, op: OpId, n: usize) -> Result<(), VerifyError> {
    let found = ctx.op(op).successors().len();
    if found != n {
        return Err(format!("requires {n} successors but found {found}").into());
    }
    Ok(())
}

fn expect_i1(ctx: &Context, v: Value) -> Result<(), VerifyError> {
    if !matches!(ctx.value_type_kind(v), TypeKind::Integer { width: 1, signedness: crate::types::Signedness::Signless })
    {
        let t = crate::printer::type_to_string(ctx, ctx.value_type(v));
        return Err(format!("operand #0 must be 1-bit signless integer, but got '{t}'").into());
    }
    Ok(())
}

fn verify_br(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    expect_successors(ctx, op, 1)?;
    verify_successor_operands(ctx, op, &[ctx.operands(op)])
}

fn verify_cond_br(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    expect_successors(ctx, op, 2)?;
    let c = CondBranchOp(op);
    expect_i1(ctx, c.condition(ctx))?;
    verify_successor_operands(ctx, op, &[c.true_dest_operands(ctx), c.false_dest_operands(ctx)])
}

fn verify_switch(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let flag = SwitchOp(op).flag(ctx);
    let flag_ty = ctx.value_type(flag);
    if !matches!(ctx.type_kind(flag_ty), TypeKind::Integer { .. }) {
        let t = crate::printer::type_to_string(ctx, flag_ty);
        return Err(format!("operand #0 must be integer, but got '{t}'").into());
    }
    let values = case_values(ctx, op);
    if let Some(a) = ctx.get_attr(op, "case_values") {
        if let AttrKind::Dense { ty, .. } = ctx.attr_kind(a) {
            let elem = ctx.type_kind(*ty).element_type();
            if elem != Some(flag_ty) {
                let (f, c) = (
                    crate::printer::type_to_string(ctx, flag_ty),
                    elem.map(|e| crate::printer::type_to_string(ctx, e)).unwrap_or_default(),
                );
                return Err(format!("'flag' type ('{f}') should match case value type ('{c}')").into());
            }
        }
    }
    let cases = ctx.op(op).successors().len().saturating_sub(1);
    if values.len() != cases {
        return Err(format!(
            "number of case values ({}) should match number of case destinations ({cases})",
            values.len()
        )
        .into());
    }
    let segments = ctx.get_attr(op, "case_operand_segments").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]);
    if segments.len() != cases {
        return Err(format!(
            "number of case destinations ({cases}) should match number of case destination operand lists ({})",
            segments.len()
        )
        .into());
    }
    verify_successor_operands(ctx, op, &switch_successor_operands(ctx, op))
}

fn verify_assert(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    expect_i1(ctx, ctx.operands(op)[0])
}
