//! `scf.parallel`, `scf.reduce` and `scf.reduce.return`: parsed, printed
//! and verified as mlir-opt 22 does (custom and generic forms, upstream's
//! messages). A parallel loop's body ends in `scf.reduce`, which hands one
//! value per result to a reduction region each (`^bb0(%lhs, %rhs)` ending
//! in `scf.reduce.return`).

use crate::context::{AttrMap, OpSpec};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

crate::op! {
    /// `scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> f32 { ... scf.reduce(...) }`
    pub struct ParallelOp => PARALLEL = "scf.parallel";
    operands segmented { lower_bound: Variadic, upper_bound: Variadic, step: Variadic, init_vals: Variadic }
    attributes { }
    results { results: Variadic }
    regions { body }
    format { parse_parallel, print_parallel }
    patterns [
        super::patterns::scf::parallel_single_or_zero_iteration_dims,
        super::patterns::scf::merge_nested_parallel,
    ]
    def {
        verify: Some(verify_parallel),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("scf.reduce"),
    }
}

crate::op! {
    /// `scf.reduce(%v : f32) { ^bb0(%a: f32, %b: f32): ... scf.reduce.return %r : f32 }`
    pub struct ReduceOp => REDUCE = "scf.reduce";
    operands { operands: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_reduce, print_reduce }
    def {
        verify: Some(verify_reduce),
        traits: traits::TERMINATOR | traits::RECURSIVE_EFFECTS,
        variadic_regions: true,
    }
}

crate::op! {
    /// `scf.reduce.return %r : f32`
    pub struct ReduceReturnOp => REDUCE_RETURN = "scf.reduce.return";
    operands { result: One }
    attributes { }
    results { }
    regions { }
    format { parse_reduce_return, print_reduce_return }
    def {
        verify: Some(verify_reduce_return),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

/// Registers the ops.
pub fn register(r: &mut Registry) {
    r.add(&PARALLEL);
    r.add(&REDUCE);
    r.add(&REDUCE_RETURN);
}

/// `( operands )` with their count checked against `n` (MLIR's "expected N
/// operands" at the list).
fn bound_list(p: &mut OpParser<'_, '_>, n: usize) -> PResult<Vec<UnresolvedOperand>> {
    let at = p.cur_loc();
    let v = p.paren_operand_list()?;
    if v.len() != n {
        return p.err_at(at, format!("custom op 'scf.parallel' expected {n} operands"));
    }
    Ok(v)
}

fn parse_parallel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ivs = p.paren_operand_list()?;
    p.expect(Tok::Equal)?;
    let lbs = bound_list(p, ivs.len())?;
    p.keyword("to")?;
    let ubs = bound_list(p, ivs.len())?;
    p.keyword("step")?;
    let steps = bound_list(p, ivs.len())?;
    let mut inits = Vec::new();
    let mut init_at = p.cur_loc();
    if p.optional_keyword("init") {
        init_at = p.cur_loc();
        inits = p.paren_operand_list()?;
    }
    let result_types: Vec<Type> = if p.at(Tok::Arrow) { p.arrow_type_list()? } else { Vec::new() };
    let index = p.index_type();
    for group in [&lbs, &ubs, &steps] {
        p.push_operands_of(group, index)?;
    }
    p.push_operands(&inits, &result_types, init_at)?;
    p.result_types = result_types.into();
    p.set_operand_segments(&[lbs.len(), ubs.len(), steps.len(), inits.len()]);
    let args: Vec<(UnresolvedOperand, Type)> = ivs.iter().map(|iv| (*iv, index)).collect();
    let r = p.region(&args)?;
    // The implicit terminator: an `scf.reduce` of nothing.
    let ctx = p.ctx();
    if ctx.blocks(r).is_empty() {
        ctx.append_block(r);
    }
    let body = ctx.blocks(r)[0];
    let ends = ctx.last_op(body).is_some_and(|o| ctx.def_of(o).is_some_and(|d| d.has(traits::TERMINATOR)));
    if !ends {
        let name = ctx.sym(REDUCE.name);
        let loc = ctx.unknown_loc();
        let op = ctx.create_op(OpSpec {
            name,
            operands: Default::default(),
            result_types: Default::default(),
            attrs: AttrMap::default(),
            regions: vec![],
            successors: vec![],
            loc,
        });
        ctx.append_op(body, op);
    }
    p.optional_attr_dict()
}

fn print_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let h = ParallelOp(op);
    let body = h.body(ctx);
    let ivs = ctx.blocks(body).first().map(|b| ctx.block_args(*b).to_vec()).unwrap_or_default();
    let list = |p: &mut OpPrinter<'_>, vals: &[crate::Value]| {
        p.write("(");
        for (i, v) in vals.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(*v);
        }
        p.write(")");
    };
    p.write(" ");
    list(p, &ivs);
    p.write(" = ");
    list(p, h.lower_bound(ctx));
    p.write(" to ");
    list(p, h.upper_bound(ctx));
    p.write(" step ");
    list(p, h.step(ctx));
    let inits = h.init_vals(ctx).to_vec();
    if !inits.is_empty() {
        p.write(" init ");
        list(p, &inits);
    }
    let results: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    if !results.is_empty() {
        p.write(" -> ");
        let wrap = results.len() != 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
        if wrap {
            p.write("(");
        }
        p.print_types(&results);
        if wrap {
            p.write(")");
        }
    }
    p.write(" ");
    p.print_region(body, false, true);
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
}

fn parse_reduce(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional(Tok::LParen) {
        let at = p.cur_loc();
        let operands = p.operand_list()?;
        p.expect(Tok::Colon)?;
        let types = p.type_list()?;
        p.expect(Tok::RParen)?;
        p.push_operands(&operands, &types, at)?;
    }
    if p.at(Tok::LBrace) {
        loop {
            p.region(&[])?;
            if !p.optional(Tok::Comma) {
                break;
            }
        }
    }
    p.optional_attr_dict()
}

fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let operands = ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.write("(");
        p.print_operands(&operands);
        p.write(" : ");
        let tys: Vec<Type> = operands.iter().map(|v| ctx.value_type(*v)).collect();
        p.print_types(&tys);
        p.write(")");
    }
    // Upstream's format puts a space before the regions, even when there
    // are none.
    p.write(" ");
    let regions = ctx.regions(op).to_vec();
    for (i, r) in regions.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(*r, true, true);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn parse_reduce_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.operand()?;
    p.expect(Tok::Colon)?;
    let t = p.ty()?;
    p.push_operand(&v, t)?;
    p.optional_attr_dict()
}

fn print_reduce_return(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let v = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(v);
    p.write(" : ");
    p.print_type(ctx.value_type(v));
    p.print_optional_attr_dict(op, &[]);
}

fn ts(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let h = ParallelOp(op);
    let steps = h.step(ctx);
    if steps.is_empty() {
        return Err("needs at least one tuple element for lowerBound, upperBound and step".into());
    }
    if h.lower_bound(ctx).len() != steps.len() || h.upper_bound(ctx).len() != steps.len() {
        return Err("expects the same number of lower bounds, upper bounds and steps".into());
    }
    if steps.iter().any(|s| crate::dialects::pack::constant_int(ctx, *s).is_some_and(|c| c <= 0)) {
        return Err("constant step operand must be positive".into());
    }
    let body = h.body(ctx);
    let Some(&block) = ctx.blocks(body).first() else { return Err("expects a non-empty body".into()) };
    let args = ctx.block_args(block);
    if args.len() != steps.len() {
        return Err(format!(
            "expects the same number of induction variables: {} as bound and step values: {}",
            args.len(),
            steps.len()
        )
        .into());
    }
    if args.iter().any(|a| !matches!(ctx.value_type_kind(*a), TypeKind::Index)) {
        return Err("expects arguments for the induction variable to be of index type".into());
    }
    let reduce = match ctx.last_op(block) {
        Some(t) if ReduceOp::isa(ctx, t) => t,
        Some(t) => {
            return Err(VerifyError::from("expects body to terminate with 'scf.reduce'".to_string())
                .with_note(ctx.op_loc(t), "terminator here"))
        }
        None => return Err("expects body to terminate with 'scf.reduce'".into()),
    };
    let (results, reductions, inits) = (ctx.results(op).len(), ctx.regions(reduce).len(), h.init_vals(ctx).len());
    if results != reductions {
        return Err(format!(
            "expects number of results: {results} to be the same as number of reductions: {reductions}"
        )
        .into());
    }
    if results != inits {
        return Err(format!(
            "expects number of results: {results} to be the same as number of initial values: {inits}"
        )
        .into());
    }
    Ok(())
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parallel) = ctx.parent_op(op).filter(|p| ParallelOp::isa(ctx, *p)) else {
        return Err("expects parent op 'scf.parallel'".into());
    };
    let operands = ctx.operands(op);
    // The parallel loop's check of its reductions' types (reported at the
    // reduce, as upstream's).
    if ctx.results(parallel).len() == operands.len() {
        for (i, (r, v)) in ctx.results(parallel).iter().zip(operands).enumerate() {
            let (rt, vt) = (ctx.value_type(*r), ctx.value_type(*v));
            if rt != vt {
                return Err(format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    ts(ctx, vt),
                    ts(ctx, rt)
                )
                .into());
            }
        }
    }
    if operands.len() != ctx.regions(op).len() {
        return Err(format!(
            "expects as many reduction regions as operands: {} regions, {} operands",
            ctx.regions(op).len(),
            operands.len()
        )
        .into());
    }
    for (i, (v, r)) in operands.iter().zip(ctx.regions(op)).enumerate() {
        let ty = ctx.value_type(*v);
        let Some(&block) = ctx.blocks(*r).first() else {
            return Err(format!("{i}-th reduction has an empty body").into());
        };
        if ctx.first_op(block).is_none() {
            return Err(format!("{i}-th reduction has an empty body").into());
        }
        let args = ctx.block_args(block);
        if args.len() != 2 || args.iter().any(|a| ctx.value_type(*a) != ty) {
            return Err(format!(
                "expected two block arguments with type '{}' in the {i}-th reduction region",
                ts(ctx, ty)
            )
            .into());
        }
        if !ctx.last_op(block).is_some_and(|t| ReduceReturnOp::isa(ctx, t)) {
            return Err("reduction bodies must be terminated with an 'scf.reduce.return' op".into());
        }
    }
    Ok(())
}

fn verify_reduce_return(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if !ctx.parent_op(op).is_some_and(|p| ReduceOp::isa(ctx, p)) {
        return Err("expects parent op 'scf.reduce'".into());
    }
    let block = ctx.op_block(op).expect("an op in a block");
    let Some(&first) = ctx.block_args(block).first() else { return Ok(()) };
    let (expected, got) = (ctx.value_type(first), ctx.value_type(ctx.operands(op)[0]));
    if expected != got {
        return Err(format!("must have type '{}' (the type of the reduction inputs)", ts(ctx, expected)).into());
    }
    Ok(())
}
