//! `linalg.transpose`, `linalg.fill` and `linalg.yield`. Their bodies are
//! built implicitly, as upstream's builders do, so the generic form is
//! complete.

use crate::context::OpSpec;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Context, OpId, RegionId, Type, Value};

crate::op! {
    /// `linalg.transpose`
    pub struct TransposeOp => TRANSPOSE = "linalg.transpose";
    operands { input: One, init: One }
    attributes { permutation: I64Array = "permutation" }
    results { result: Optional }
    regions { body }
    format { parse_transpose, print_transpose }
    patterns [super::patterns::linalg::fold_identity_transpose, super::patterns::constants::fold_constant_transpose, super::patterns::linalg::fold_transpose_of_transpose]
    def {
        verify: Some(verify_transpose),
        traits: traits::SINGLE_BLOCK,
        result_name: Some(|_, _| Some("transposed".into())),
    }
}

crate::op! {
    /// `linalg.fill`
    pub struct FillOp => FILL = "linalg.fill";
    operands segmented { value: One, output: One }
    attributes { }
    results { result: Optional }
    regions { body }
    format { parse_fill, print_fill }
    def {
        verify: Some(verify_fill),
        traits: traits::SINGLE_BLOCK,
    }
}

crate::op! {
    /// `linalg.yield`
    pub struct YieldOp => YIELD = "linalg.yield";
    operands { values: Variadic }
    attributes { }
    results { }
    regions { }
    format { parse_yield, print_yield }
    def {
        verify: Some(super::structured::verify_yield_in),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

/// Registers the dialect (pack/unpack register under `tensor`, with their
/// `linalg.` spellings as aliases).
pub fn register(r: &mut Registry) {
    r.add(&TRANSPOSE);
    r.add(&FILL);
    r.add(&YIELD);
    super::structured::register(r);
}

fn elem(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// The locations MLIR gives the body arguments of an op built from
/// `operands`: where each operand is defined (`buildGenericRegion`).
pub fn operand_locs(ctx: &mut Context, operands: [Value; 2]) -> [crate::Loc; 2] {
    operands.map(|v| ctx.value_loc(v).unwrap_or_else(|| ctx.unknown_loc()))
}

/// Builds the `^bb0(%in, %out): linalg.yield %in` body: the arguments
/// at `arg_locs`, the yield at `loc`.
pub fn yield_first_arg_body(
    ctx: &mut Context,
    in_elem: Type,
    out_elem: Type,
    arg_locs: [crate::Loc; 2],
    loc: crate::Loc,
) -> RegionId {
    let r = ctx.create_region();
    let b = ctx.append_block(r);
    let a = ctx.add_block_arg_at(b, in_elem, arg_locs[0]);
    ctx.add_block_arg_at(b, out_elem, arg_locs[1]);
    let name = ctx.sym("linalg.yield");
    let y = ctx.create_op(OpSpec {
        name,
        operands: smallvec::smallvec![a],
        result_types: Default::default(),
        attrs: crate::context::AttrMap::default(),
        regions: vec![],
        successors: vec![],
        loc,
    });
    ctx.append_op(b, y);
    r
}

/// `linalg.fill ins(%value) outs(%init)` built where `b` stands (the body
/// at unknown locations, as MLIR builds a named op's); its result.
pub fn fill(b: &mut crate::builder::Builder<'_>, value: Value, init: Value) -> Value {
    let (vt, it) = (b.ctx.value_type(value), b.ctx.value_type(init));
    let (ea, eb) = (elem(b.ctx, vt), elem(b.ctx, it));
    let unknown = b.ctx.unknown_loc();
    let body = yield_first_arg_body(b.ctx, ea, eb, [unknown; 2], unknown);
    let op = FillOp::create(b, value, init, &[it], vec![body]).op();
    b.ctx.result(op, 0)
}

fn parse_ins_outs(p: &mut OpParser<'_, '_>) -> PResult<(Type, Type)> {
    p.keyword("ins")?;
    p.expect(Tok::LParen)?;
    let a = p.operand()?;
    let at = p.colon_type()?;
    p.expect(Tok::RParen)?;
    p.keyword("outs")?;
    p.expect(Tok::LParen)?;
    let b = p.operand()?;
    let bt = p.colon_type()?;
    p.expect(Tok::RParen)?;
    p.push_operand(&a, at)?;
    p.push_operand(&b, bt)?;
    Ok((at, bt))
}

fn print_ins_outs(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op);
    p.write(" ins(");
    p.print_operand(ops[0]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(") outs(");
    p.print_operand(ops[1]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[1]));
    p.write(")");
}

fn parse_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let (at, bt) = parse_ins_outs(p)?;
    p.keyword("permutation")?;
    p.expect(Tok::Equal)?;
    let perm = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&perm);
    p.set_attr("permutation", a);
    p.optional_attr_dict()?;
    let (ea, eb) = (elem(p.ctx(), at), elem(p.ctx(), bt));
    let loc = p.loc;
    let operands = [p.operands[0], p.operands[1]];
    let arg_locs = operand_locs(p.ctx(), operands);
    let r = yield_first_arg_body(p.ctx(), ea, eb, arg_locs, loc);
    p.regions.push(r);
    if matches!(p.ctx().type_kind(bt), TypeKind::Tensor { .. }) {
        p.result_types.push(bt);
    }
    Ok(())
}

fn print_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    print_ins_outs(p, op);
    let perm = ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
    // Upstream prints a space after the list even when nothing follows.
    p.write(" permutation = ");
    p.print_i64_list(&perm);
    p.write(" ");
    p.print_attr_dict(op);
}

fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::structured::verify_pure_semantics(ctx, op)?;
    let ops = ctx.operands(op);
    let perm = ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[]).to_vec();
    let (Some(ins), Some(outs)) = (ctx.value_type_kind(ops[0]).shape(), ctx.value_type_kind(ops[1]).shape()) else {
        return Err("expected shaped operands".into());
    };
    if ins.len() != perm.len() {
        return Err(format!("input rank {} does not match permutation size {}", ins.len(), perm.len()).into());
    }
    if outs.len() != perm.len() {
        return Err(format!("init rank {} does not match permutation size {}", outs.len(), perm.len()).into());
    }
    let mut seen = vec![false; perm.len()];
    for &d in &perm {
        if d < 0 || d as usize >= perm.len() || seen[d as usize] {
            return Err("permutation is not valid".into());
        }
        seen[d as usize] = true;
    }
    for (i, &d) in perm.iter().enumerate() {
        let (a, b) = (ins[d as usize], outs[i]);
        // MLIR 22 compares the extents as written: a static extent against
        // a dynamic one is a mismatch too.
        if a != b {
            return Err(format!("dim(result, {i}) = {b} doesn't match dim(input, permutation[{i}]) = {a}").into());
        }
    }
    Ok(())
}

fn parse_fill(p: &mut OpParser<'_, '_>) -> PResult<()> {
    p.optional_attr_dict()?;
    let (at, bt) = parse_ins_outs(p)?;
    if p.at(Tok::Arrow) {
        p.result_types = p.arrow_type_list()?.into();
    }
    p.set_operand_segments(&[1, 1]);
    let (ea, eb) = (elem(p.ctx(), at), elem(p.ctx(), bt));
    // A named structured op: MLIR builds its body at unknown locations.
    let unknown = p.ctx().unknown_loc();
    let r = yield_first_arg_body(p.ctx(), ea, eb, [unknown; 2], unknown);
    p.regions.push(r);
    Ok(())
}

fn print_fill(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_attr_dict(op);
    print_ins_outs(p, op);
    let results = ctx.results(op);
    if !results.is_empty() {
        p.write(" -> ");
        let tys: Vec<_> = results.iter().map(|v| ctx.value_type(*v)).collect();
        p.print_types(&tys);
    }
}

fn verify_fill(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::structured::verify_pure_semantics(ctx, op)?;
    let ops = ctx.operands(op);
    let (value, out) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]));
    let out_is_tensor = matches!(ctx.type_kind(out), TypeKind::Tensor { .. });
    let results = ctx.results(op);
    if results.len() != out_is_tensor as usize {
        return Err(VerifyError::bare(format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
            results.len(),
            out_is_tensor as usize
        )));
    }
    if let Some(&r) = results.first() {
        if ctx.value_type(r) != out {
            return Err(format!(
                "expected type of operand #1 ('{}') to match type of corresponding result ('{}')",
                crate::printer::type_to_string(ctx, out),
                crate::printer::type_to_string(ctx, ctx.value_type(r))
            )
            .into());
        }
    }
    if ctx.type_kind(value).shape().is_some() {
        return Err("expected op with scalar input".into());
    }
    let out_elem = elem(ctx, out);
    if value != out_elem {
        return Err(format!(
            "expected fill value type ('{}') to match output element type ('{}')",
            crate::printer::type_to_string(ctx, value),
            crate::printer::type_to_string(ctx, out_elem)
        )
        .into());
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
