//! `linalg.map`: an elementwise op over inputs of one shape into an init of
//! that shape, parsed, printed and verified as mlir-opt 22 does. The short
//! form names the payload op (`linalg.map { arith.addf } ins(..) outs(..)`);
//! the long form writes the body with its arguments
//! (`(%in: f32, %init: f32) { ... linalg.yield %v : f32 }`). A map is a
//! structured op with identity maps and parallel loops, so tiling, the
//! engine and bufferization treat it like a `linalg.generic`.

use crate::affine::AffineMap;
use crate::attrs::AttrKind;
use crate::context::{AttrMap, OpSpec};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

use super::structured::{element_type, parse_operand_group, print_ins_outs, IteratorKind, Structured};

crate::op! {
    /// `%mapped = linalg.map { arith.addf } ins(%a, %b : ..) outs(%init : ..)`
    pub struct MapOp => MAP = "linalg.map";
    operands { inputs: Variadic, init: One }
    attributes { }
    results { result: Variadic }
    regions { mapper }
    format { parse_map, print_map }
    def {
        verify: Some(verify_map),
        traits: traits::SINGLE_BLOCK,
        block_arg_name: Some(in_init_names),
        result_name: Some(|_, _| Some("mapped".into())),
    }
}

fn in_init_names(ctx: &Context, op: OpId, index: usize) -> Option<&'static str> {
    Some(if index + 1 < ctx.operands(op).len() { "in" } else { "init" })
}

/// The structured view of a map: identity maps, parallel loops.
pub fn map_structured(ctx: &Context, op: OpId) -> Option<Structured> {
    let ops = ctx.operands(op);
    let (init, inputs) = ops.split_last()?;
    let rank = ctx.value_type_kind(*init).shape()?.len();
    let id = AffineMap::identity(rank as u32);
    Some(Structured {
        inputs: inputs.to_vec(),
        outputs: vec![*init],
        maps: vec![id; ops.len()],
        iterators: vec![IteratorKind::Parallel; rank],
    })
}

/// The short form's `{ payload.op {attrs} }`, if present; `op_name` names
/// the op in the error for an unregistered payload.
pub(crate) fn parse_short_form_payload(p: &mut OpParser<'_, '_>, op_name: &str) -> PResult<Option<ShortForm>> {
    if !p.optional(Tok::LBrace) {
        return Ok(None);
    }
    let name = p.any_keyword()?.to_string();
    let mut attrs = Vec::new();
    if p.at(Tok::LBrace) {
        let at = p.cur_loc();
        let a = p.attribute(None)?;
        match p.ctx().attr_kind(a) {
            AttrKind::Dict(entries) => attrs = entries.clone(),
            _ => return p.err_at(at, "expected an attribute dictionary"),
        }
    }
    p.expect(Tok::RBrace)?;
    if p.ctx().op_def(&name).is_none() {
        return p.err(format!("custom op '{op_name}' payload op '{name}' is not registered"));
    }
    Ok(Some((name, attrs)))
}

/// A short form's payload: the op name and its attributes.
pub(crate) type ShortForm = (String, Vec<(crate::Sym, crate::Attr)>);

/// The long form's `(%in: f32, %init: f32)` (each argument's location after
/// it, as mlir-opt prints them with debug info), then the region.
pub(crate) fn parse_region_with_args(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.expect(Tok::LParen)?;
    let mut args = Vec::new();
    let mut locs = Vec::new();
    if !p.optional(Tok::RParen) {
        loop {
            let a = p.operand()?;
            let t = p.colon_type()?;
            args.push((a, t));
            locs.push(if p.at_keyword("loc") { Some(p.location()?) } else { None });
            if p.optional(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma)?;
        }
    }
    p.region_with_arg_locs(&args, &locs)?;
    Ok(())
}

fn parse_map(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let short = parse_short_form_payload(p, "linalg.map")?;
    let in_loc = p.cur_loc();
    let (ins, in_tys) = parse_operand_group(p, "ins")?;
    let out_loc = p.cur_loc();
    let (outs, out_tys) = parse_operand_group(p, "outs")?;
    if outs.len() != 1 {
        return p.err_at(out_loc, "custom op 'linalg.map' expects one init in outs(...)");
    }
    p.push_operands(&ins, &in_tys, in_loc)?;
    p.push_operands(&outs, &out_tys, out_loc)?;
    p.optional_attr_dict()?;
    let init_t = out_tys[0];
    if matches!(p.ctx().type_kind(init_t), TypeKind::Tensor { .. }) {
        p.result_types.push(init_t);
    }
    match short {
        Some((name, attrs)) => {
            let elems: Vec<Type> = in_tys.iter().chain([&init_t]).map(|t| element_type(p.ctx(), *t)).collect();
            let op_loc = p.loc;
            let r = short_form_body(p.ctx(), &name, attrs, &elems, false, op_loc);
            p.regions.push(r);
        }
        None => parse_region_with_args(p)?,
    }
    Ok(())
}

/// The body of the short form: the payload over the elements, yielded. A
/// map's payload takes the inputs; with `init_first` (a reduce's) the init
/// and then the inputs. As upstream's parser makes it, the arguments (one
/// per element type in `elems`, the init's last) are at an unknown
/// location and the payload and the yield at the op's.
pub(crate) fn short_form_body(
    ctx: &mut Context,
    name: &str,
    attrs: Vec<(crate::Sym, crate::Attr)>,
    elems: &[Type],
    init_first: bool,
    op_loc: crate::Loc,
) -> crate::RegionId {
    let loc = ctx.unknown_loc();
    let region = ctx.create_region();
    let block = ctx.append_block(region);
    let args: Vec<Value> = elems.iter().map(|t| ctx.add_block_arg_at(block, *t, loc)).collect();
    let (init_t, inputs) = (elems[elems.len() - 1], &args[..args.len() - 1]);
    let operands: smallvec::SmallVec<[Value; 4]> = if init_first {
        args.last().into_iter().chain(inputs).copied().collect()
    } else {
        inputs.iter().copied().collect()
    };
    let mut map = AttrMap::default();
    for (k, v) in attrs {
        map.insert(k, v);
    }
    let payload_name = ctx.sym(name);
    let payload = ctx.create_op(OpSpec {
        name: payload_name,
        operands,
        result_types: [init_t].into_iter().collect(),
        attrs: map,
        regions: vec![],
        successors: vec![],
        loc: op_loc,
    });
    ctx.append_op(block, payload);
    let v = ctx.result(payload, 0);
    let yield_name = ctx.sym("linalg.yield");
    let y = ctx.create_op(OpSpec {
        name: yield_name,
        operands: [v].into_iter().collect(),
        result_types: Default::default(),
        attrs: AttrMap::default(),
        regions: vec![],
        successors: vec![],
        loc: op_loc,
    });
    ctx.append_op(block, y);
    region
}

/// MLIR's `findPayloadOp`: a body of one op over the inputs' arguments, in
/// order, whose one result is yielded, prints as the short form.
fn short_form_payload(ctx: &Context, op: OpId) -> Option<OpId> {
    let (payload, args) = single_op_body(ctx, op)?;
    let n_inputs = ctx.operands(op).len() - 1;
    let operands = ctx.operands(payload);
    (operands.len() == n_inputs && operands.iter().zip(args).all(|(o, a)| o == a)).then_some(payload)
}

/// The op of a body that is one region-less op and a `linalg.yield` of its
/// one result, with the body's arguments: what a short form may print
/// (each op then checks the order the op reads the arguments in).
pub(crate) fn single_op_body(ctx: &Context, op: OpId) -> Option<(OpId, &[Value])> {
    let r = *ctx.regions(op).first()?;
    let b = *ctx.blocks(r).first()?;
    let ops = ctx.block_op_list(b);
    let [payload, y] = ops.as_slice() else { return None };
    if !super::linalg::YieldOp::isa(ctx, *y) || !ctx.regions(*payload).is_empty() {
        return None;
    }
    let res = ctx.results(*payload);
    if res.len() != 1 || ctx.operands(*y) != res {
        return None;
    }
    Some((*payload, ctx.block_args(b)))
}

/// ` { payload.op {attrs} }`, a `fastmath` of `none` left out (upstream's
/// `printShortForm`).
pub(crate) fn print_short_form(p: &mut OpPrinter<'_>, payload: OpId) {
    let ctx = p.ctx();
    p.write(" { ");
    p.write(ctx.op_name(payload));
    let elided: Vec<&str> = ctx
        .op(payload)
        .attrs
        .iter()
        .filter(|(_, a)| matches!(ctx.attr_kind(**a), AttrKind::Opaque { text, .. } if text == "fastmath<none>"))
        .map(|(k, _)| ctx.str(*k))
        .take(1)
        .collect();
    p.print_optional_attr_dict(payload, &elided);
    p.write(" }");
}

/// The long form's body: on a new line, `(%in: f32, ...) ` and the region
/// without its entry block's header.
pub(crate) fn print_region_with_args(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let r = ctx.regions(op)[0];
    let b = ctx.blocks(r)[0];
    p.increase_indent();
    p.print_newline();
    p.write("(");
    for (i, a) in ctx.block_args(b).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(*a);
        p.write(": ");
        p.print_type(ctx.value_type(*a));
        p.print_block_arg_loc(*a);
    }
    p.write(") ");
    p.print_region(r, false, true);
    p.decrease_indent();
}

fn print_map(p: &mut OpPrinter<'_>, op: OpId) {
    let payload = short_form_payload(p.ctx(), op);
    if let Some(pl) = payload {
        print_short_form(p, pl);
    }
    print_ins_outs(p, op);
    p.print_optional_attr_dict(op, &[]);
    if payload.is_none() {
        print_region_with_args(p, op);
    }
}

fn shape_text(s: &[i64]) -> String {
    s.iter()
        .map(|d| if *d == crate::types::DYNAMIC { "?".to_string() } else { d.to_string() })
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify_map(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::structured::verify_pure_semantics(ctx, op)?;
    let ops = ctx.operands(op);
    let (init, inputs) = ops.split_last().ok_or("expected an init")?;
    let r = ctx.regions(op)[0];
    let b = *ctx.blocks(r).first().ok_or("expects a non-empty mapper")?;
    let args = ctx.block_args(b);
    if args.len() != ops.len() {
        return Err(format!(
            "expects number of operands to match the arity of mapper, but got: {} and {}",
            ops.len(),
            args.len()
        )
        .into());
    }
    let init_shape = ctx.value_type_kind(*init).shape().ok_or("expected a shaped init")?.to_vec();
    for (v, a) in inputs.iter().zip(args) {
        let t = ctx.value_type(*v);
        let elem = element_type(ctx, t);
        if elem != ctx.value_type(*a) {
            return Err(format!(
                "expected element type of input '{}' to match bbArg type '{}'",
                crate::printer::type_to_string(ctx, elem),
                crate::printer::type_to_string(ctx, ctx.value_type(*a))
            )
            .into());
        }
        let shape = ctx.value_type_kind(*v).shape().ok_or("expected shaped inputs")?;
        if shape != init_shape.as_slice() {
            return Err(format!(
                "expected shape of input ({}) to match shape of output ({})",
                shape_text(shape),
                shape_text(&init_shape)
            )
            .into());
        }
    }
    let results = ctx.results(op);
    let tensor_init = matches!(ctx.value_type_kind(*init), TypeKind::Tensor { .. });
    if results.len() != usize::from(tensor_init) || (tensor_init && ctx.value_type(results[0]) != ctx.value_type(*init))
    {
        return Err("expected one result of the init's type for a tensor init, none for a buffer".into());
    }
    Ok(())
}
