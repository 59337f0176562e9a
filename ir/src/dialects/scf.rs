//! The `scf` dialect subset: `for`, `if`, `yield`, `forall`, `forall.in_parallel`.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Context, OpId, Type};

crate::op! {
    /// `scf.for`
    pub struct ForOp => FOR = "scf.for";
    operands { lower_bound: One, upper_bound: One, step: One, init_args: Variadic }
    attributes { unsigned_cmp: UnitAttr = "unsignedCmp" }
    results { results: Variadic }
    regions { body }
    format { parse_for, print_for }
    patterns [super::patterns::scf::merge_equivalent_iter_args, super::patterns::scf::inline_single_iteration, super::patterns::scf_while::forward_single_iter_values, super::patterns::scf::drop_dead_iter_args, super::patterns::scf::drop_invariant_iter_args]
    def {
        verify: Some(verify_for),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("scf.yield"),
    }
}

crate::op! {
    /// `scf.if`
    pub struct IfOp => IF = "scf.if";
    operands { condition: One }
    attributes { }
    results { results: Variadic }
    regions { then_region, else_region }
    format { parse_if, print_if }
    patterns [
        super::patterns::scf::if_negated_condition,
        super::patterns::scf::combine_ifs,
        super::patterns::scf::combine_nested_ifs,
        super::patterns::scf::if_condition_propagation,
        super::patterns::scf::if_to_select,
        super::patterns::scf::if_empty_else,
        super::patterns::scf::if_static_condition,
        super::patterns::scf::forward_common_yields,
        super::patterns::scf::if_unused_results,
        super::patterns::scf::if_yield_condition_or_value,
    ]
    def {
        verify: Some(verify_if),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("scf.yield"),
    }
}

crate::op! {
    /// `scf.yield`
    pub struct YieldOp => YIELD = "scf.yield";
    operands { values: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_yield, print_yield }
    def {
        verify: Some(verify_yield),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `scf.forall`
    pub struct ForallOp => FORALL = "scf.forall";
    operands segmented { dynamic_lower_bound: Variadic, dynamic_upper_bound: Variadic, dynamic_step: Variadic, outputs: Variadic }
    attributes { static_lower_bound: I64Array = "staticLowerBound", static_upper_bound: I64Array = "staticUpperBound", static_step: I64Array = "staticStep", mapping: AnyAttr = "mapping" }
    results { results: Variadic }
    regions { body }
    format { parse_forall, print_forall }
    patterns [super::patterns::scf::fold_single_or_zero_iteration_dims, super::patterns::scf::drop_unused_shared_outs]
    def {
        verify: Some(verify_forall),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("scf.forall.in_parallel"),
    }
}

crate::op! {
    /// `scf.forall.in_parallel`
    pub struct InParallelOp => IN_PARALLEL = "scf.forall.in_parallel";
    operands { }
    attributes { }
    results { }
    regions { body }
    format { parse_in_parallel, print_in_parallel }
    def {
        verify: Some(verify_in_parallel),
        traits: traits::TERMINATOR | traits::NO_TERMINATOR | traits::SINGLE_BLOCK,
    }
}

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    r.add(&FOR);
    r.add(&IF);
    r.add(&YIELD);
    r.add(&FORALL);
    r.add(&IN_PARALLEL);
    super::scf_more::register(r);
    super::scf_parallel::register(r);
}

fn parse_for(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional_keyword("unsigned") {
        let u = p.ctx().attr(AttrKind::Unit);
        p.set_attr("unsignedCmp", u);
    }
    let iv = p.operand()?;
    p.expect(Tok::Equal)?;
    let lb = p.operand()?;
    p.keyword("to")?;
    let ub = p.operand()?;
    p.keyword("step")?;
    let step = p.operand()?;
    let mut iter_args: Vec<(UnresolvedOperand, UnresolvedOperand)> = Vec::new();
    let mut result_types = Vec::new();
    let mut iv_ty = p.index_type();
    if p.optional(Tok::Colon) {
        iv_ty = p.ty()?;
    }
    if p.optional_keyword("iter_args") {
        p.expect(Tok::LParen)?;
        if !p.optional(Tok::RParen) {
            loop {
                let a = p.operand()?;
                p.expect(Tok::Equal)?;
                let init = p.operand()?;
                iter_args.push((a, init));
                if !p.optional(Tok::Comma) {
                    break;
                }
            }
            p.expect(Tok::RParen)?;
        }
        result_types = p.arrow_type_list()?;
        if result_types.len() != iter_args.len() {
            return p.err("mismatch in number of loop-carried values and defined values");
        }
    }
    p.push_operand(&lb, iv_ty)?;
    p.push_operand(&ub, iv_ty)?;
    p.push_operand(&step, iv_ty)?;
    for ((_, init), t) in iter_args.iter().zip(&result_types) {
        p.push_operand(init, *t)?;
    }
    let mut args = vec![(iv, iv_ty)];
    args.extend(iter_args.iter().map(|(a, _)| *a).zip(result_types.iter().copied()));
    let r = p.region(&args)?;
    p.ensure_terminator(r, "scf.yield");
    p.optional_attr_dict()?;
    p.result_types = result_types.into();
    Ok(())
}

fn print_for(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    let r = ctx.regions(op)[0];
    let Some(&body) = ctx.blocks(r).first() else { return };
    let args = ctx.block_args(body);
    if ctx.get_attr(op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    p.print_operand(args[0]);
    p.write(" = ");
    p.print_operand(ops[0]);
    p.write(" to ");
    p.print_operand(ops[1]);
    p.write(" step ");
    p.print_operand(ops[2]);
    let iv_ty = ctx.value_type(args[0]);
    if !matches!(ctx.type_kind(iv_ty), TypeKind::Index) {
        // Upstream prints two spaces here.
        p.write("  : ");
        p.print_type(iv_ty);
    }
    let has_iter = ops.len() > 3;
    if has_iter {
        p.write(" iter_args(");
        for (i, (a, init)) in args[1..].iter().zip(&ops[3..]).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(*a);
            p.write(" = ");
            p.print_operand(*init);
        }
        p.write(") -> (");
        let tys: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
        p.print_types(&tys);
        p.write(")");
    }
    p.write(" ");
    p.print_region(r, false, has_iter);
    p.print_attr_dict(op);
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() < 3 {
        return Err("expected lower bound, upper bound and step operands".into());
    }
    let r = ctx.regions(op)[0];
    let Some(&body) = ctx.blocks(r).first() else {
        return Err("expects a non-empty block".into());
    };
    let args = ctx.block_args(body);
    let inits = &ops[3..];
    if args.len() != inits.len() + 1 {
        return Err("mismatch in number of basic block args and defined values".into());
    }
    let results = ctx.results(op);
    if results.len() != inits.len() {
        return Err("mismatch in number of loop-carried values and defined values".into());
    }
    for (i, ((init, res), arg)) in inits.iter().zip(results).zip(&args[1..]).enumerate() {
        let (it, rt, at) = (ctx.value_type(*init), ctx.value_type(*res), ctx.value_type(*arg));
        if it != rt {
            return Err(format!("types mismatch between {i}th iter operand and defined value").into());
        }
        if at != rt {
            return Err(format!("types mismatch between {i}th iter region arg and defined value").into());
        }
    }
    if let Some(AttrKind::Integer { value: 0, .. }) =
        crate::dialects::constant_attr_of(ctx, ops[2]).map(|a| ctx.attr_kind(a))
    {
        return Err("constant step operand must be positive".into());
    }
    if let Some(y) = region_yield(ctx, r) {
        let yielded = ctx.operands(y);
        for (i, (arg, v)) in args[1..].iter().zip(yielded).enumerate() {
            let (at, vt) = (ctx.value_type(*arg), ctx.value_type(*v));
            if at != vt {
                return Err(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                    type_to_string(ctx, at),
                    type_to_string(ctx, vt)
                )
                .into());
            }
        }
        let expected: smallvec::SmallVec<[Type; 4]> = args[1..].iter().map(|a| ctx.value_type(*a)).collect();
        check_yield_edge(ctx, y, &expected, "Region #0")?;
    }
    Ok(())
}

fn parse_if(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let c = p.operand()?;
    let i1 = p.ctx().int_type(1);
    p.push_operand(&c, i1)?;
    if p.at(Tok::Arrow) {
        p.result_types = p.arrow_type_list()?.into();
    }
    let then = p.region(&[])?;
    p.ensure_terminator(then, "scf.yield");
    if p.optional_keyword("else") {
        let e = p.region(&[])?;
        p.ensure_terminator(e, "scf.yield");
    } else {
        let e = p.ctx().create_region();
        p.regions.push(e);
    }
    p.optional_attr_dict()?;
    Ok(())
}

fn print_if(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    let results = ctx.results(op);
    if !results.is_empty() {
        p.write(" -> (");
        let tys: Vec<Type> = results.iter().map(|v| ctx.value_type(*v)).collect();
        p.print_types(&tys);
        p.write(")");
    }
    let regions = ctx.regions(op);
    let print_terms = !results.is_empty();
    p.write(" ");
    p.print_region(regions[0], false, print_terms);
    if regions.len() > 1 && !ctx.blocks(regions[1]).is_empty() {
        p.write(" else ");
        p.print_region(regions[1], false, print_terms);
    }
    p.print_attr_dict(op);
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let regions = ctx.regions(op);
    if regions.len() != 2 {
        return Err("requires two regions".into());
    }
    if !ctx.results(op).is_empty() && ctx.blocks(regions[1]).is_empty() {
        return Err("must have an else block if defining values".into());
    }
    let expected: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    for &r in regions {
        if let Some(y) = region_yield(ctx, r) {
            check_yield_edge(ctx, y, &expected, "parent")?;
        }
    }
    Ok(())
}

fn parse_yield(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ops = p.operand_list()?;
    p.optional_attr_dict()?;
    p.optional_colon_typed(&ops)
}

fn print_yield(p: &mut OpPrinter<'_>, op: OpId) {
    p.print_attr_dict(op);
    p.print_colon_typed(p.ctx().operands(op));
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ctx.parent_op(op) else { return Ok(()) };
    if !matches!(ctx.op_name(parent), "scf.for" | "scf.if" | "scf.while" | "scf.execute_region" | "scf.index_switch") {
        return Err(
            "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'".into(),
        );
    }
    Ok(())
}

/// The `scf.yield` ending the single block of `region`, if any.
fn region_yield(ctx: &Context, region: crate::RegionId) -> Option<OpId> {
    let b = *ctx.blocks(region).first()?;
    ctx.last_op(b).filter(|t| YieldOp::isa(ctx, *t))
}

/// MLIR's RegionBranchOpInterface check of a yield against what it feeds
/// (`target` names the successor: "parent" or "Region #0").
fn check_yield_edge(ctx: &Context, y: OpId, expected: &[Type], target: &str) -> Result<(), VerifyError> {
    let ops = ctx.operands(y);
    // Built only for a diagnostic: verification runs after every pass.
    let edge = || format!("along control flow edge from Operation scf.yield to {target}: ");
    if ops.len() != expected.len() {
        return Err(VerifyError::from(format!(
            "{}region branch point has {} operands, but region successor needs {} inputs",
            edge(),
            ops.len(),
            expected.len()
        ))
        .with_note(ctx.op_loc(y), "region branch point"));
    }
    for (i, (v, t)) in ops.iter().zip(expected).enumerate() {
        if ctx.value_type(*v) != *t {
            return Err(VerifyError::from(format!(
                "{}successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                edge(),
                type_to_string(ctx, ctx.value_type(*v)),
                type_to_string(ctx, *t)
            ))
            .with_note(ctx.op_loc(y), "region branch point"));
        }
    }
    Ok(())
}

/// Parses `(a, %b, 4)` of a forall bound list.
fn bound_list(p: &mut OpParser<'_, '_>) -> PResult<(Vec<UnresolvedOperand>, Vec<i64>)> {
    p.dynamic_index_list(Tok::LParen, Tok::RParen)
}

fn parse_forall(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ivs = p.paren_operand_list()?;
    let n = ivs.len();
    let (lbs, ubs, steps);
    if p.optional_keyword("in") {
        ubs = bound_list(p)?;
        lbs = (vec![], vec![0; n]);
        steps = (vec![], vec![1; n]);
    } else {
        p.expect(Tok::Equal)?;
        lbs = bound_list(p)?;
        p.keyword("to")?;
        ubs = bound_list(p)?;
        p.keyword("step")?;
        steps = bound_list(p)?;
    }
    for (l, what) in [(&lbs.1, "lower bound"), (&ubs.1, "upper bound"), (&steps.1, "step")] {
        if l.len() != n {
            return p.err(format!("mismatch between the number of loop variables and the number of {what} values"));
        }
    }
    let mut outs: Vec<(UnresolvedOperand, UnresolvedOperand)> = Vec::new();
    let mut out_types = Vec::new();
    if p.optional_keyword("shared_outs") {
        p.expect(Tok::LParen)?;
        if !p.optional(Tok::RParen) {
            loop {
                let a = p.operand()?;
                p.expect(Tok::Equal)?;
                let init = p.operand()?;
                outs.push((a, init));
                if !p.optional(Tok::Comma) {
                    break;
                }
            }
            p.expect(Tok::RParen)?;
        }
        out_types = p.arrow_type_list()?;
        if out_types.len() != outs.len() {
            return p.err("mismatch between out operands and types");
        }
    }
    let index = p.index_type();
    for l in [&lbs.0, &ubs.0, &steps.0] {
        p.push_operands_of(l, index)?;
    }
    for ((_, init), t) in outs.iter().zip(&out_types) {
        p.push_operand(init, *t)?;
    }
    let mut args: Vec<(UnresolvedOperand, Type)> = ivs.into_iter().map(|u| (u, index)).collect();
    args.extend(outs.iter().map(|(a, _)| *a).zip(out_types.iter().copied()));
    let r = p.region(&args)?;
    p.ensure_terminator(r, "scf.forall.in_parallel");
    p.optional_attr_dict()?;
    for (name, v) in [("staticLowerBound", &lbs.1), ("staticUpperBound", &ubs.1), ("staticStep", &steps.1)] {
        let a = p.ctx().i64_array_attr(v);
        p.set_attr(name, a);
    }
    p.set_operand_segments(&[lbs.0.len(), ubs.0.len(), steps.0.len(), outs.len()]);
    p.result_types = out_types.into();
    Ok(())
}

/// The static/dynamic bounds of a forall, as (lbs, ubs, steps) each
/// (static ints with DYNAMIC, dynamic values), and the outputs.
pub struct ForallBounds {
    pub lbs: (Vec<i64>, Vec<crate::Value>),
    pub ubs: (Vec<i64>, Vec<crate::Value>),
    pub steps: (Vec<i64>, Vec<crate::Value>),
    pub outputs: Vec<crate::Value>,
}

/// Reads a forall's bounds.
pub fn forall_bounds(ctx: &Context, op: OpId) -> Option<ForallBounds> {
    let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(|v| v.to_vec());
    let (l, u, s) = (arr("staticLowerBound")?, arr("staticUpperBound")?, arr("staticStep")?);
    let ops = ctx.operands(op);
    let count = |v: &[i64]| v.iter().filter(|x| **x == DYNAMIC).count();
    let (nl, nu, ns) = (count(&l), count(&u), count(&s));
    if ops.len() < nl + nu + ns {
        return None;
    }
    Some(ForallBounds {
        lbs: (l, ops[..nl].to_vec()),
        ubs: (u, ops[nl..nl + nu].to_vec()),
        steps: (s, ops[nl + nu..nl + nu + ns].to_vec()),
        outputs: ops[nl + nu + ns..].to_vec(),
    })
}

fn print_forall(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(b) = forall_bounds(ctx, op) else { return };
    let r = ctx.regions(op)[0];
    let Some(&body) = ctx.blocks(r).first() else { return };
    let args = ctx.block_args(body);
    let n = b.ubs.0.len();
    p.write(" (");
    p.print_operands(&args[..n]);
    p.write(")");
    let normalized = b.lbs.0.iter().all(|x| *x == 0) && b.steps.0.iter().all(|x| *x == 1);
    if normalized {
        p.write(" in ");
        p.print_dynamic_index_list(&b.ubs.1, &b.ubs.0, '(', ')');
    } else {
        p.write(" = ");
        p.print_dynamic_index_list(&b.lbs.1, &b.lbs.0, '(', ')');
        p.write(" to ");
        p.print_dynamic_index_list(&b.ubs.1, &b.ubs.0, '(', ')');
        p.write(" step ");
        p.print_dynamic_index_list(&b.steps.1, &b.steps.0, '(', ')');
    }
    if !b.outputs.is_empty() {
        p.write(" shared_outs(");
        for (i, (a, init)) in args[n..].iter().zip(&b.outputs).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(*a);
            p.write(" = ");
            p.print_operand(*init);
        }
        p.write(")");
    }
    // As MLIR: the result types only when there are shared outputs.
    if !b.outputs.is_empty() {
        p.write(" -> (");
        let tys: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
        p.print_types(&tys);
        p.write(")");
    }
    p.write(" ");
    p.print_region(r, false, !ctx.results(op).is_empty());
    p.print_optional_attr_dict(op, &["staticLowerBound", "staticUpperBound", "staticStep", "operandSegmentSizes"]);
}

fn verify_forall(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(b) = forall_bounds(ctx, op) else {
        return Err("requires attributes 'staticLowerBound', 'staticUpperBound' and 'staticStep'".into());
    };
    let n = b.ubs.0.len();
    if b.lbs.0.len() != n || b.steps.0.len() != n {
        return Err("lower bound, upper bound and step must have the same rank".into());
    }
    if b.steps.0.iter().any(|s| *s <= 0 && *s != DYNAMIC) {
        return Err("expected positive step".into());
    }
    let r = ctx.regions(op)[0];
    let Some(&body) = ctx.blocks(r).first() else {
        return Err("expects a non-empty body".into());
    };
    let args = ctx.block_args(body);
    if args.len() != n + b.outputs.len() {
        return Err("region expects ".to_string().into());
    }
    if ctx.results(op).len() != b.outputs.len() {
        return Err("must have as many results as shared_outs".into());
    }
    for (i, (o, res)) in b.outputs.iter().zip(ctx.results(op)).enumerate() {
        if ctx.value_type(*o) != ctx.value_type(*res) {
            return Err(format!("type mismatch between {i}th output and corresponding result").into());
        }
    }
    Ok(())
}

fn parse_in_parallel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let r = p.region(&[])?;
    if p.ctx().blocks(r).is_empty() {
        p.ctx().append_block(r);
    }
    p.optional_attr_dict()?;
    Ok(())
}

fn print_in_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_region(ctx.regions(op)[0], false, false);
    p.print_attr_dict(op);
}

fn verify_in_parallel(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if let Some(parent) = ctx.parent_op(op) {
        if !ForallOp::isa(ctx, parent) {
            return Err("expects parent op 'scf.forall'".into());
        }
    }
    for &b in ctx.blocks(ctx.regions(op)[0]) {
        for o in ctx.block_ops(b) {
            if !crate::dialects::tensor::ParallelInsertSliceOp::isa(ctx, o) {
                return Err("expected only tensor.parallel_insert_slice ops".into());
            }
        }
    }
    Ok(())
}

// ---- typed builders and accessors -----------------------------------

use crate::builder::{Builder, Ofr};
use crate::{BlockId, Value};

impl ForOp {
    /// `scf.for %iv = lb to ub step step iter_args(inits)` with an empty
    /// body block (arguments: the induction variable, then one per init);
    /// the results have the inits' types. Add the body with the builder at
    /// [`ForOp::body_block`] and end it with [`YieldOp::build`].
    pub fn build(b: &mut Builder<'_>, lb: Value, ub: Value, step: Value, inits: &[Value]) -> ForOp {
        let iv_ty = b.ctx.value_type(lb);
        let init_types: Vec<Type> = inits.iter().map(|v| b.ctx.value_type(*v)).collect();
        let mut arg_types = vec![iv_ty];
        arg_types.extend(&init_types);
        let (region, _, _) = b.region_with_block(&arg_types);
        ForOp::create(b, lb, ub, step, inits, false, &init_types, vec![region])
    }

    /// The body's block.
    pub fn body_block(self, ctx: &Context) -> BlockId {
        ctx.blocks(self.body(ctx))[0]
    }

    /// The induction variable.
    pub fn induction_var(self, ctx: &Context) -> Value {
        ctx.block_args(self.body_block(ctx))[0]
    }

    /// The loop-carried block arguments.
    pub fn region_iter_args(self, ctx: &Context) -> &[Value] {
        &ctx.block_args(self.body_block(ctx))[1..]
    }
}

impl ForallOp {
    /// `scf.forall (ivs) = lbs to ubs step steps shared_outs(outputs)` with
    /// an empty body block (arguments: one induction variable per loop,
    /// then one per output); end it with [`InParallelOp::build`].
    pub fn build(b: &mut Builder<'_>, lbs: &[Ofr], ubs: &[Ofr], steps: &[Ofr], outputs: &[Value]) -> ForallOp {
        let index = b.ctx.index_type();
        let out_types: Vec<Type> = outputs.iter().map(|v| b.ctx.value_type(*v)).collect();
        let mut arg_types = vec![index; ubs.len()];
        arg_types.extend(&out_types);
        let (region, _, _) = b.region_with_block(&arg_types);
        let (l, lv) = b.split(lbs);
        let (u, uv) = b.split(ubs);
        let (s, sv) = b.split(steps);
        ForallOp::create(b, &lv, &uv, &sv, outputs, &l, &u, &s, None, &out_types, vec![region])
    }

    /// The body's block.
    pub fn body_block(self, ctx: &Context) -> BlockId {
        ctx.blocks(self.body(ctx))[0]
    }

    /// One induction variable per loop.
    pub fn induction_vars(self, ctx: &Context) -> &[Value] {
        let n = self.static_upper_bound(ctx).len();
        &ctx.block_args(self.body_block(ctx))[..n]
    }

    /// The block arguments standing for the shared outputs.
    pub fn region_out_args(self, ctx: &Context) -> &[Value] {
        let n = self.static_upper_bound(ctx).len();
        &ctx.block_args(self.body_block(ctx))[n..]
    }
}

impl YieldOp {
    /// `scf.yield values` at the builder's insertion point.
    pub fn build(b: &mut Builder<'_>, values: &[Value]) -> YieldOp {
        YieldOp::create(b, values, &[], vec![])
    }
}

impl InParallelOp {
    /// `scf.forall.in_parallel {}` at the builder's insertion point; returns
    /// the op and its block (where `tensor.parallel_insert_slice` ops go).
    pub fn build(b: &mut Builder<'_>) -> (InParallelOp, BlockId) {
        let (region, block, _) = b.region_with_block(&[]);
        (InParallelOp::create(b, &[], vec![region]), block)
    }
}
