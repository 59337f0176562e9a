//! `linalg.reduce` and `linalg.broadcast`, the siblings of `linalg.map`,
//! parsed, printed and verified as mlir-opt 22 does.
//!
//! - `linalg.reduce { arith.addf } ins(%in : ..) outs(%init : ..)
//!   dimensions = [1]` combines the input's `dimensions` into the init; the
//!   long form writes the combiner with its arguments
//!   (`(%in: f32, %init: f32) { ... linalg.yield %v : f32 }`). The short
//!   form's payload takes the init first (`arith.addf %init, %in`), as
//!   upstream builds and recognizes it.
//! - `linalg.broadcast ins(%in : ..) outs(%init : ..) dimensions = [0]`
//!   copies the input along the init's added `dimensions`; its body
//!   (`linalg.yield %in`) is implicit, as a transpose's.
//!
//! Both are structured ops ([`reduce_structured`], [`broadcast_structured`]),
//! so the engine, tiling and bufferization treat them like a `linalg.generic`.

use crate::affine::{AffineExpr, AffineMap};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

use super::linalg_map::{
    parse_region_with_args, parse_short_form_payload, print_region_with_args, print_short_form, short_form_body,
};
use super::structured::{element_type, print_operand_group as print_group, IteratorKind, Structured};

crate::op! {
    /// `%reduced = linalg.reduce { arith.addf } ins(..) outs(..) dimensions = [1]`
    pub struct ReduceOp => REDUCE = "linalg.reduce";
    operands { operands: Variadic }
    attributes { dimensions: I64Array = "dimensions" }
    results { result: Variadic }
    regions { combiner }
    format { parse_reduce, print_reduce }
    def {
        verify: Some(verify_reduce),
        traits: traits::SINGLE_BLOCK,
        block_arg_name: Some(in_init_names),
        result_name: Some(|_, _| Some("reduced".into())),
    }
}

crate::op! {
    /// `%broadcasted = linalg.broadcast ins(..) outs(..) dimensions = [0]`
    pub struct BroadcastOp => BROADCAST = "linalg.broadcast";
    operands { input: One, init: One }
    attributes { dimensions: I64Array = "dimensions" }
    results { result: Optional }
    regions { body }
    format { parse_broadcast, print_broadcast }
    def {
        verify: Some(verify_broadcast),
        traits: traits::SINGLE_BLOCK,
        result_name: Some(|_, _| Some("broadcasted".into())),
    }
}

/// A reduce's inputs and inits: its operands in two halves
/// (upstream's `SameVariadicOperandSize`).
pub fn reduce_operands(ctx: &Context, op: OpId) -> (&[Value], &[Value]) {
    let ops = ctx.operands(op);
    ops.split_at(ops.len() / 2)
}

fn in_init_names(ctx: &Context, op: OpId, index: usize) -> Option<&'static str> {
    Some(if index < ctx.operands(op).len() / 2 { "in" } else { "init" })
}

fn dimensions(ctx: &Context, op: OpId) -> Vec<i64> {
    ctx.get_attr(op, "dimensions").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec()
}

/// The identity map of `rank` loops without the results at `dropped`.
fn identity_without(rank: usize, dropped: &[i64]) -> AffineMap {
    let results =
        (0..rank as u32).filter(|d| !dropped.contains(&i64::from(*d))).map(AffineExpr::Dim).collect::<Vec<_>>();
    AffineMap { num_dims: rank as u32, num_syms: 0, results }
}

/// The structured view of a reduce: a loop per input dim, the `dimensions`
/// reductions; inputs indexed by all loops, inits by the others.
pub fn reduce_structured(ctx: &Context, op: OpId) -> Option<Structured> {
    let (inputs, inits) = reduce_operands(ctx, op);
    let rank = ctx.value_type_kind(*inputs.first()?).shape()?.len();
    let dims = dimensions(ctx, op);
    if dims.iter().any(|d| *d < 0 || *d as usize >= rank) || inits.is_empty() {
        return None;
    }
    let mut maps = vec![AffineMap::identity(rank as u32); inputs.len()];
    maps.extend(std::iter::repeat_n(identity_without(rank, &dims), inits.len()));
    let iterators = (0..rank)
        .map(|d| if dims.contains(&(d as i64)) { IteratorKind::Reduction } else { IteratorKind::Parallel })
        .collect();
    Some(Structured { inputs: inputs.to_vec(), outputs: inits.to_vec(), maps, iterators })
}

/// The structured view of a broadcast: a parallel loop per init dim; the
/// input indexed by those not in `dimensions`.
pub fn broadcast_structured(ctx: &Context, op: OpId) -> Option<Structured> {
    let ops = ctx.operands(op);
    let (input, init) = (*ops.first()?, *ops.get(1)?);
    let rank = ctx.value_type_kind(init).shape()?.len();
    let dims = dimensions(ctx, op);
    if dims.iter().any(|d| *d < 0 || *d as usize >= rank) {
        return None;
    }
    Some(Structured {
        inputs: vec![input],
        outputs: vec![init],
        maps: vec![identity_without(rank, &dims), AffineMap::identity(rank as u32)],
        iterators: vec![IteratorKind::Parallel; rank],
    })
}

/// ` dimensions = [1, 2]` (upstream's `parseDenseI64ArrayAttr`).
fn parse_dimensions(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.keyword("dimensions")?;
    p.expect(Tok::Equal)?;
    let dims = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&dims);
    p.set_attr("dimensions", a);
    Ok(())
}

/// ` dimensions = [1] ` with upstream's trailing space, then the other attributes.
fn print_dimensions(p: &mut OpPrinter<'_>, op: OpId) {
    let dims = dimensions(p.ctx(), op);
    p.write(" dimensions = ");
    p.print_i64_list(&dims);
    p.write(" ");
    p.print_optional_attr_dict(op, &["dimensions"]);
}

/// ` ins(..) outs(..)`: pushes the operands; the tensor inits are the results.
/// The operands (no segments: the ops tell ins from inits by count) and a
/// result per tensor init.
fn parse_ins_outs(p: &mut OpParser<'_, '_>) -> PResult<(Vec<Type>, Vec<Type>)> {
    let (in_tys, out_tys) = super::structured::parse_ins_outs_operands(p)?;
    for t in &out_tys {
        if matches!(p.ctx().type_kind(*t), TypeKind::Tensor { .. }) {
            p.result_types.push(*t);
        }
    }
    Ok((in_tys, out_tys))
}

fn parse_reduce(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let short = parse_short_form_payload(p, "linalg.reduce")?;
    let (in_tys, out_tys) = parse_ins_outs(p)?;
    if in_tys.len() != out_tys.len() {
        // Upstream resolves the operands of its two groups as halves.
        let loc = p.loc;
        return p.err_at(loc, "'linalg.reduce' op expects as many inits as inputs");
    }
    parse_dimensions(p)?;
    p.optional_attr_dict()?;
    match short {
        Some((name, attrs)) => {
            let elems: Vec<Type> = in_tys.iter().chain(&out_tys).map(|t| element_type(p.ctx(), *t)).collect();
            let op_loc = p.loc;
            let r = short_form_body(p.ctx(), &name, attrs, &elems, true, op_loc);
            p.regions.push(r);
        }
        None => parse_region_with_args(p)?,
    }
    Ok(())
}

/// MLIR's `findPayloadOp(body, /*initFirst=*/true)`: one op over the init
/// argument and then the inputs, its result yielded.
fn reduce_payload(ctx: &Context, op: OpId) -> Option<OpId> {
    let (payload, args) = super::linalg_map::single_op_body(ctx, op)?;
    let operands = ctx.operands(payload);
    if operands.is_empty() || operands.len() != args.len() || operands.last() != args.first() {
        return None;
    }
    operands.iter().zip(&args[1..]).all(|(o, a)| o == a).then_some(payload)
}

fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let payload = reduce_payload(ctx, op);
    if let Some(pl) = payload {
        print_short_form(p, pl);
    }
    let (ins, inits) = reduce_operands(ctx, op);
    print_group(p, "ins", ins);
    print_group(p, "outs", inits);
    print_dimensions(p, op);
    if payload.is_none() {
        print_region_with_args(p, op);
    }
}

/// A shape as upstream streams an `ArrayRef<int64_t>`: dynamic extents as
/// the sentinel's value.
fn dims_text(s: &[i64]) -> String {
    s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

fn shape_of(ctx: &Context, v: Value) -> Result<Vec<i64>, VerifyError> {
    ctx.value_type_kind(v).shape().map(<[i64]>::to_vec).ok_or_else(|| "expected shaped operands".into())
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::structured::verify_pure_semantics(ctx, op)?;
    let ops = ctx.operands(op);
    if !ops.len().is_multiple_of(2) || ops.is_empty() {
        return Err(format!("expected an even number of operands (inputs and as many inits), got {}", ops.len()).into());
    }
    let (inputs, inits) = reduce_operands(ctx, op);
    let in0 = shape_of(ctx, inputs[0])?;
    for (i, v) in inputs.iter().enumerate().skip(1) {
        if shape_of(ctx, *v)? != in0 {
            return Err(format!(
                "expects all inputs to have the same shapes. Shape at input-index {i} is not equal to the shape at input-index 0."
            )
            .into());
        }
    }
    let init0 = shape_of(ctx, inits[0])?;
    for (i, v) in inits.iter().enumerate().skip(1) {
        if shape_of(ctx, *v)? != init0 {
            return Err(format!(
                "expects all outputs to have the same shapes. Shape at output-index {i} is not equal to the shape at output-index 0."
            )
            .into());
        }
    }
    let dims = dimensions(ctx, op);
    for d in &dims {
        if *d < 0 || *d >= in0.len() as i64 {
            return Err(
                format!("dimensions for reduction should be in the range [0, {}].", in0.len() as i64 - 1).into()
            );
        }
    }
    let kept: Vec<i64> =
        in0.iter().enumerate().filter(|(i, _)| !dims.contains(&(*i as i64))).map(|(_, d)| *d).collect();
    if kept.len() != init0.len() {
        return Err(format!(
            "number of dimensions after reduction {} doesn't match the init rank {}",
            kept.len(),
            init0.len()
        )
        .into());
    }
    if kept != init0 {
        return Err(format!(
            "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
            dims_text(&init0),
            dims_text(&kept)
        )
        .into());
    }
    let r = ctx.regions(op)[0];
    let b = *ctx.blocks(r).first().ok_or("expects a non-empty combiner")?;
    let args = ctx.block_args(b);
    if args.len() != ops.len() {
        return Err("mismatching number of operands and block arguments".into());
    }
    for (v, a) in inputs.iter().zip(args) {
        let (elem, arg) = (element_type(ctx, ctx.value_type(*v)), ctx.value_type(*a));
        if elem != arg {
            return Err(format!(
                "input element type '{}' does not match corresponding block argument type '{}'",
                type_to_string(ctx, elem),
                type_to_string(ctx, arg)
            )
            .into());
        }
    }
    for (v, a) in inits.iter().zip(&args[args.len() - inits.len()..]) {
        let (elem, arg) = (element_type(ctx, ctx.value_type(*v)), ctx.value_type(*a));
        if elem != arg {
            return Err(format!(
                "output element type '{}' does not match corresponding block argument type '{}'",
                type_to_string(ctx, elem),
                type_to_string(ctx, arg)
            )
            .into());
        }
    }
    check_results(ctx, op, inits)
}

/// A result per tensor init, of its type; none for a buffer.
fn check_results(ctx: &Context, op: OpId, inits: &[Value]) -> Result<(), VerifyError> {
    let tensors: Vec<Type> = inits
        .iter()
        .map(|v| ctx.value_type(*v))
        .filter(|t| matches!(ctx.type_kind(*t), TypeKind::Tensor { .. }))
        .collect();
    let results: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    if results != tensors {
        return Err("expected one result of its type per tensor init, none for a buffer".into());
    }
    Ok(())
}

fn parse_broadcast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (in_tys, out_tys) = parse_ins_outs(p)?;
    if in_tys.len() != 1 || out_tys.len() != 1 {
        let loc = p.loc;
        return p.err_at(loc, "'linalg.broadcast' op expects one input and one init");
    }
    parse_dimensions(p)?;
    p.optional_attr_dict()?;
    let (ea, eb) = (element_type(p.ctx(), in_tys[0]), element_type(p.ctx(), out_tys[0]));
    let loc = p.loc;
    let operands = [p.operands[0], p.operands[1]];
    let arg_locs = super::linalg::operand_locs(p.ctx(), operands);
    let r = super::linalg::yield_first_arg_body(p.ctx(), ea, eb, arg_locs, loc);
    p.regions.push(r);
    Ok(())
}

fn print_broadcast(p: &mut OpPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    print_group(p, "ins", &ops[..1]);
    print_group(p, "outs", &ops[1..]);
    print_dimensions(p, op);
}

fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::structured::verify_pure_semantics(ctx, op)?;
    let ops = ctx.operands(op);
    let (input, init) = (shape_of(ctx, ops[0])?, shape_of(ctx, ops[1])?);
    let dims = dimensions(ctx, op);
    if input.len() + dims.len() != init.len() {
        return Err(format!(
            "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
            input.len(),
            dims.len(),
            init.len()
        )
        .into());
    }
    for (i, d) in dims.iter().enumerate() {
        if *d < 0 || *d >= init.len() as i64 {
            return Err(format!(
                "dimension {i} is out of range. expected range: [0, {}], got: {d}",
                init.len() as i64 - 1
            )
            .into());
        }
    }
    let kept = (0..init.len()).filter(|d| !dims.contains(&(*d as i64)));
    for (input_dim, init_dim) in kept.enumerate() {
        if input[input_dim] != init[init_dim] {
            return Err(format!(
                "input dim {input_dim} should match init dim {init_dim}. input: {}, init: {}",
                input[input_dim], init[init_dim]
            )
            .into());
        }
    }
    check_results(ctx, op, &ops[1..])
}
