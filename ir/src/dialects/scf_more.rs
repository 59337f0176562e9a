//! `scf.while` / `scf.condition`, `scf.execute_region` and
//! `scf.index_switch`: parsed, printed and verified as mlir-opt 22 does
//! (custom and generic forms, upstream's messages, the region-branch type
//! checks along every edge). Canonicalization: a single-block
//! `execute_region` is inlined, an `index_switch` on a constant becomes
//! its chosen region, one with unused results loses them (upstream's
//! `SingleBlockExecuteInliner`, `IndexSwitchOp::fold` and its
//! unused-results pattern).

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, RegionId, Type, Value};

use super::scf::YieldOp;

crate::op! {
    /// `scf.while (%a = %init) : (i32) -> i32 { ... scf.condition(%c) %a : i32 } do { ... }`
    pub struct WhileOp => WHILE = "scf.while";
    operands { inits: Variadic }
    attributes { }
    results { results: Variadic }
    regions { before, after }
    format { parse_while, print_while }
    patterns [super::patterns::scf_while::merge_equivalent_args, super::patterns::scf_while::forward_single_values, super::patterns::scf_while::remove_loop_invariant_args, super::patterns::scf_while::remove_loop_invariant_value_yielded, super::patterns::scf_while::condition_truth, super::patterns::scf_while::cmp_cond, super::patterns::scf_while::remove_duplicated_results, super::patterns::scf_while::unused_result, super::patterns::scf_while::remove_unused_args, super::patterns::scf_while::align_before_args]
    def {
        verify: Some(verify_while),
        traits: traits::RECURSIVE_EFFECTS,
    }
}

crate::op! {
    /// `scf.condition(%c) %a, %b : i32, f32`
    pub struct ConditionOp => CONDITION = "scf.condition";
    operands { condition: One, args: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_condition, print_condition }
    def {
        verify: Some(verify_condition),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `scf.execute_region -> i32 { ... scf.yield %v : i32 }`
    pub struct ExecuteRegionOp => EXECUTE_REGION = "scf.execute_region";
    operands { }
    attributes { no_inline: UnitAttr = "no_inline" }
    results { results: Variadic }
    regions { region }
    format { parse_execute_region, print_execute_region }
    patterns [inline_single_block_execute_region, forward_values_defined_above]
    def {
        verify: Some(verify_execute_region),
        traits: traits::RECURSIVE_EFFECTS,
    }
}

crate::op! {
    /// `scf.index_switch %i -> i32 case 2 { ... } default { ... }`; the
    /// default region is region 0, the cases follow.
    pub struct IndexSwitchOp => INDEX_SWITCH = "scf.index_switch";
    operands { arg: One }
    attributes { cases: I64Array = "cases" }
    results { results: Variadic }
    regions { default_region }
    format { parse_index_switch, print_index_switch }
    patterns [fold_constant_index_switch, super::patterns::scf::forward_common_yields, index_switch_unused_results]
    def {
        verify: Some(verify_index_switch),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("scf.yield"),
        variadic_regions: true,
    }
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&WHILE);
    r.add(&CONDITION);
    r.add(&EXECUTE_REGION);
    r.add(&INDEX_SWITCH);
}

// ---- scf.while --------------------------------------------------------------

fn parse_while(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let mut assignments: Vec<(UnresolvedOperand, UnresolvedOperand)> = Vec::new();
    if p.optional(Tok::LParen) && !p.optional(Tok::RParen) {
        loop {
            let arg = p.operand()?;
            p.expect(Tok::Equal)?;
            let init = p.operand()?;
            assignments.push((arg, init));
            if !p.optional(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RParen)?;
    }
    let type_loc = p.cur_loc();
    p.expect(Tok::Colon)?;
    let ft = p.ty()?;
    let TypeKind::Function { inputs, results } = p.ctx().type_kind(ft).clone() else {
        return p.custom_err_at(type_loc, "invalid kind of type specified");
    };
    if inputs.len() != assignments.len() {
        return p.err_at(
            type_loc,
            format!(
                "custom op 'scf.while' expected as many input types as operands (expected {} got {})",
                assignments.len(),
                inputs.len()
            ),
        );
    }
    p.result_types = results.into();
    for ((_, init), t) in assignments.iter().zip(&inputs) {
        p.push_operand(init, *t)?;
    }
    let args: Vec<(UnresolvedOperand, Type)> = assignments.iter().map(|(a, _)| *a).zip(inputs).collect();
    p.region(&args)?;
    p.keyword("do")?;
    p.region(&[])?;
    p.optional_attr_dict_with_keyword()
}

/// `(i32, f32) -> (i32, f32)`, `(i32) -> i32`, `() -> ()`: MLIR's
/// `printFunctionalType`.
fn print_functional_type(p: &mut OpPrinter<'_>, inputs: &[Type], results: &[Type]) {
    p.write("(");
    p.print_types(inputs);
    p.write(") -> ");
    let ctx = p.ctx();
    let wrap = results.len() != 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
    if wrap {
        p.write("(");
    }
    p.print_types(results);
    if wrap {
        p.write(")");
    }
}

fn print_while(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let w = WhileOp(op);
    let inits = w.inits(ctx).to_vec();
    let before = w.before(ctx);
    let args = ctx.blocks(before).first().map(|b| ctx.block_args(*b).to_vec()).unwrap_or_default();
    if !inits.is_empty() {
        p.write(" (");
        for (i, (a, v)) in args.iter().zip(&inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(*a);
            p.write(" = ");
            p.print_operand(*v);
        }
        p.write(")");
    }
    p.write(" : ");
    let ins: Vec<Type> = inits.iter().map(|v| ctx.value_type(*v)).collect();
    let outs: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    print_functional_type(p, &ins, &outs);
    p.write(" ");
    p.print_region(before, false, true);
    p.write(" do ");
    p.print_region(w.after(ctx), true, true);
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

/// The terminator ending the first block of `region`, if `is_it` accepts
/// it; otherwise upstream's `verifyAndGetTerminator` error (with a note at
/// the wrong terminator).
fn terminator(
    ctx: &Context,
    region: RegionId,
    is_it: fn(&Context, OpId) -> bool,
    message: &str,
) -> Result<OpId, VerifyError> {
    let last = ctx.blocks(region).first().and_then(|b| ctx.last_op(*b));
    match last {
        Some(t) if is_it(ctx, t) => Ok(t),
        Some(t) => Err(VerifyError::from(message.to_string()).with_note(ctx.op_loc(t), "terminator here")),
        None => Err(message.to_string().into()),
    }
}

/// MLIR's region-branch check of one edge: `operands` of the branch point
/// `from` (an op's name, or `parent operands`) against the `inputs` of
/// `to` (`Region #N` or `parent`).
fn check_edge(
    ctx: &Context,
    point: Option<OpId>,
    operands: &[Type],
    to: &str,
    inputs: &[Type],
) -> Result<(), VerifyError> {
    let from = match point {
        Some(op) => format!("Operation {}", ctx.op_name(op)),
        None => "parent operands".to_string(),
    };
    let note = |e: VerifyError| match point {
        Some(op) => e.with_note(ctx.op_loc(op), "region branch point"),
        None => e,
    };
    let edge = format!("along control flow edge from {from} to {to}: ");
    if operands.len() != inputs.len() {
        return Err(note(
            format!(
                "{edge}region branch point has {} operands, but region successor needs {} inputs",
                operands.len(),
                inputs.len()
            )
            .into(),
        ));
    }
    for (i, (a, b)) in operands.iter().zip(inputs).enumerate() {
        if a != b {
            return Err(note(
                format!(
                    "{edge}successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                    type_to_string(ctx, *a),
                    type_to_string(ctx, *b)
                )
                .into(),
            ));
        }
    }
    Ok(())
}

fn types(ctx: &Context, vals: &[Value]) -> Vec<Type> {
    vals.iter().map(|v| ctx.value_type(*v)).collect()
}

fn region_arg_types(ctx: &Context, r: RegionId) -> Vec<Type> {
    ctx.blocks(r).first().map(|b| types(ctx, ctx.block_args(*b))).unwrap_or_default()
}

fn verify_while(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let w = WhileOp(op);
    let (before, after) = (w.before(ctx), w.after(ctx));
    let cond =
        terminator(ctx, before, ConditionOp::isa, "expects the 'before' region to terminate with 'scf.condition'")?;
    let y = terminator(ctx, after, YieldOp::isa, "expects the 'after' region to terminate with 'scf.yield'")?;
    let results = types(ctx, ctx.results(op));
    let cond_args = types(ctx, &ctx.operands(cond)[1..]);
    // The edges in upstream's order: into the before region, out of the
    // condition (to the results, then to the after region), and back.
    check_edge(ctx, None, &types(ctx, w.inits(ctx)), "Region #0", &region_arg_types(ctx, before))?;
    check_edge(ctx, Some(cond), &cond_args, "parent", &results)?;
    check_edge(ctx, Some(cond), &cond_args, "Region #1", &region_arg_types(ctx, after))?;
    check_edge(ctx, Some(y), &types(ctx, ctx.operands(y)), "Region #0", &region_arg_types(ctx, before))
}

fn parse_condition(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect(Tok::LParen)?;
    let c = p.operand()?;
    p.expect(Tok::RParen)?;
    let i1 = p.ctx().int_type(1);
    p.push_operand(&c, i1)?;
    let args = p.operand_list()?;
    p.optional_attr_dict()?;
    p.optional_colon_typed(&args)
}

fn print_condition(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    p.write("(");
    p.print_operand(ops[0]);
    p.write(")");
    p.print_attr_dict(op);
    p.print_colon_typed(&ops[1..]);
}

fn verify_condition(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    match ctx.parent_op(op) {
        Some(parent) if WhileOp::isa(ctx, parent) => Ok(()),
        _ => Err("expects parent op 'scf.while'".into()),
    }
}

// ---- scf.execute_region ----------------------------------------------------

fn parse_execute_region(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.at(Tok::Arrow) {
        p.result_types = p.arrow_type_list()?.into();
    }
    // `no_inline` is a keyword of the custom form in MLIR 22.
    if p.optional_keyword("no_inline") {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr("no_inline", u);
    }
    p.region(&[])?;
    p.optional_attr_dict()
}

fn print_execute_region(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let results = types(ctx, ctx.results(op));
    if !results.is_empty() {
        p.write(" -> ");
        let wrap = results.len() > 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
        if wrap {
            p.write("(");
        }
        p.print_types(&results);
        if wrap {
            p.write(")");
        }
    }
    if ctx.get_attr(op, "no_inline").is_some() {
        p.write(" no_inline");
    }
    p.write(" ");
    p.print_region(ctx.regions(op)[0], false, true);
    p.print_optional_attr_dict(op, &["no_inline"]);
}

fn verify_execute_region(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let r = ctx.regions(op)[0];
    let Some(&entry) = ctx.blocks(r).first() else {
        return Err("region needs to have at least one block".into());
    };
    if !ctx.block_args(entry).is_empty() {
        return Err("region cannot have any arguments".into());
    }
    let results = types(ctx, ctx.results(op));
    for b in ctx.blocks(r) {
        if let Some(y) = ctx.last_op(*b).filter(|t| YieldOp::isa(ctx, *t)) {
            check_edge(ctx, Some(y), &types(ctx, ctx.operands(y)), "parent", &results)?;
        }
    }
    Ok(())
}

/// Upstream's `SingleBlockExecuteInliner`: the ops of a one-block region
/// move before the op, which the yielded values replace (not with
/// `no_inline`).
fn inline_single_block_execute_region(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if ExecuteRegionOp(op).no_inline(ctx) {
        return false;
    }
    let r = ctx.regions(op)[0];
    let [b] = ctx.blocks(r) else { return false };
    let b = *b;
    let Some(term) = ctx.last_op(b).filter(|t| YieldOp::isa(ctx, *t)) else { return false };
    inline_block_before(rw, op, b, term);
    true
}

/// A result whose yielded value is defined outside the region is that
/// value (as mlir-opt 22 canonicalizes a `no_inline` region).
fn forward_values_defined_above(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let r = ctx.regions(op)[0];
    let [b] = ctx.blocks(r) else { return false };
    let Some(term) = ctx.last_op(*b).filter(|t| YieldOp::isa(ctx, *t)) else { return false };
    let forwarded: Vec<(Value, Value)> = ctx
        .results(op)
        .iter()
        .zip(ctx.operands(term))
        .filter(|(res, v)| !ctx.use_empty(**res) && !defined_inside(ctx, **v, op))
        .map(|(res, v)| (*res, *v))
        .collect();
    if forwarded.is_empty() {
        return false;
    }
    for (res, v) in forwarded {
        rw.replace_all_uses_with(res, v);
    }
    true
}

/// Whether `v` is defined in a region of `op` (at any depth).
fn defined_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    let mut block = match ctx.value_def(v) {
        crate::context::ValueDef::Result { op: def, .. } => ctx.op_block(def),
        crate::context::ValueDef::BlockArg { block, .. } => Some(block),
        crate::context::ValueDef::Detached => None,
    };
    while let Some(b) = block {
        let Some(parent) = ctx.block_parent(b).and_then(|r| ctx.region_parent(r)) else { return false };
        if parent == op {
            return true;
        }
        block = ctx.op_block(parent);
    }
    false
}

/// Moves the ops of block `b` but its terminator `term` before `op` and
/// replaces `op` with what `term` yields.
fn inline_block_before(rw: &mut Rewriter<'_>, op: OpId, b: crate::BlockId, term: OpId) {
    let yielded = rw.ctx.operands(term).to_vec();
    for o in rw.ctx.block_op_list(b) {
        if o == term {
            break;
        }
        rw.move_op_before(o, op);
    }
    rw.replace_op(op, &yielded);
}

// ---- scf.index_switch ------------------------------------------------------

fn parse_index_switch(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let arg = p.operand()?;
    let index = p.index_type();
    p.push_operand(&arg, index)?;
    p.optional_attr_dict()?;
    // `type($results)`: a bare comma-separated list.
    if p.optional(Tok::Arrow) {
        p.result_types = p.type_list()?.into();
    }
    let mut cases = Vec::new();
    let mut case_regions = Vec::new();
    while p.optional_keyword("case") {
        cases.push(p.integer()?);
        case_regions.push(p.region(&[])?);
    }
    let a = p.ctx().i64_array_attr(&cases);
    p.set_attr("cases", a);
    p.keyword("default")?;
    let default = p.region(&[])?;
    p.ensure_terminator(default, "scf.yield");
    // The default region is region 0 (the cases were parsed first).
    p.regions.retain(|r| *r != default);
    p.regions.insert(0, default);
    Ok(())
}

fn print_index_switch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.print_optional_attr_dict(op, &["cases"]);
    let results = types(ctx, ctx.results(op));
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(&results);
    }
    // Upstream's format puts a space before each newline.
    p.write(" ");
    let cases = IndexSwitchOp(op).cases(ctx).to_vec();
    let regions = ctx.regions(op).to_vec();
    for (value, r) in cases.iter().zip(&regions[1..]) {
        p.print_newline();
        p.write(&format!("case {value} "));
        p.print_region(*r, false, true);
    }
    p.print_newline();
    p.write("default ");
    // The default region hides an operand-less yield, as ODS prints a
    // region with an implicit terminator.
    let default = regions[0];
    let elide = ctx
        .blocks(default)
        .first()
        .and_then(|b| ctx.last_op(*b))
        .is_some_and(|t| YieldOp::isa(ctx, t) && ctx.operands(t).is_empty() && ctx.op(t).attrs.is_empty());
    p.print_region(default, true, !elide);
}

fn verify_index_switch(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let cases = IndexSwitchOp(op).cases(ctx).to_vec();
    let regions = ctx.regions(op);
    if regions.is_empty() {
        return Err("requires a default region".into());
    }
    if cases.len() != regions.len() - 1 {
        return Err(format!("has {} case regions but {} case values", regions.len() - 1, cases.len()).into());
    }
    for (k, r) in regions.iter().enumerate().skip(1) {
        if ctx.blocks(*r).len() != 1 {
            return Err(format!("region #{k} ('caseRegions') failed to verify constraint: region with 1 blocks").into());
        }
    }
    let mut seen = std::collections::HashSet::new();
    for v in &cases {
        if !seen.insert(*v) {
            return Err(format!("has duplicate case value: {v}").into());
        }
    }
    let results = types(ctx, ctx.results(op));
    for (k, r) in regions.iter().enumerate() {
        let name = if k == 0 { "default region".to_string() } else { format!("case region #{}", k - 1) };
        let Some(last) = ctx.blocks(*r).first().and_then(|b| ctx.last_op(*b)) else { continue };
        if !YieldOp::isa(ctx, last) {
            return Err(format!("expected region to end with scf.yield, but got {}", ctx.op_name(last)).into());
        }
        let got = types(ctx, ctx.operands(last));
        if got.len() != results.len() {
            return Err(VerifyError::from(format!(
                "expected each region to return {} values, but {name} returns {}",
                results.len(),
                got.len()
            ))
            .with_note(ctx.op_loc(last), "see yield operation here"));
        }
        for (i, (want, have)) in results.iter().zip(&got).enumerate() {
            if want != have {
                return Err(VerifyError::from(format!(
                    "expected result #{i} of each region to be '{}'",
                    type_to_string(ctx, *want)
                ))
                .with_note(ctx.op_loc(last), format!("{name} returns '{}' here", type_to_string(ctx, *have))));
            }
        }
    }
    Ok(())
}

/// Upstream's `IndexSwitchOp::fold`: a switch on a constant is the region
/// it picks, its ops moved before the switch.
/// Results nobody reads go, with what every case yields for them.
fn index_switch_unused_results(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let results = ctx.results(op).to_vec();
    let used: Vec<usize> = (0..results.len()).filter(|&i| !ctx.use_empty(results[i])).collect();
    if used.len() == results.len() {
        return false;
    }
    let types: Vec<Type> = used.iter().map(|&i| ctx.value_type(results[i])).collect();
    let (name, operands, attrs, loc) =
        (ctx.op(op).name, ctx.operands(op).to_vec(), ctx.op(op).attrs.clone(), ctx.op_loc(op));
    let regions = rw.ctx.take_regions(op);
    rw.set_insertion_point_before(op);
    let new = rw.insert(crate::context::OpSpec {
        name,
        operands: operands.into_iter().collect(),
        result_types: types.into_iter().collect(),
        attrs,
        regions,
        successors: vec![],
        loc,
    });
    for region in rw.ctx.regions(new).to_vec() {
        let Some(&block) = rw.ctx.blocks(region).first() else { continue };
        let Some(term) = rw.ctx.last_op(block) else { continue };
        let values = rw.ctx.operands(term).to_vec();
        let kept: Vec<Value> = used.iter().map(|&i| values[i]).collect();
        rw.set_insertion_point_before(term);
        YieldOp::create(rw, &kept, &[], vec![]);
        rw.erase_op(term);
    }
    let new_results = rw.ctx.results(new).to_vec();
    for (k, &i) in used.iter().enumerate() {
        rw.replace_all_uses_with(results[i], new_results[k]);
    }
    rw.erase_op(op);
    true
}

fn fold_constant_index_switch(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(v) = super::pack::constant_int(ctx, ctx.operands(op)[0]) else { return false };
    let cases = IndexSwitchOp(op).cases(ctx);
    let regions = ctx.regions(op);
    let r = cases.iter().position(|c| *c == v).map_or(regions[0], |k| regions[k + 1]);
    let Some(&b) = ctx.blocks(r).first() else { return false };
    let Some(term) = ctx.last_op(b) else { return false };
    inline_block_before(rw, op, b, term);
    true
}
