//! The transform ops that pack structured ops, as MLIR 22 spells them:
//! `transform.structured.pack`, `transform.structured.pack_greedily`,
//! `transform.structured.pack_transpose` and the handle navigation they
//! are used with, `transform.get_producer_of_operand`. The interpreter
//! runs them with `tessel_passes::packing`.

use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry, VerifyError};
use crate::{Context, OpId};

use super::transform::print_functional_type;

crate::op! {
    /// `transform.structured.pack %op packed_sizes = [..]`: the packed
    /// generic's handle.
    pub struct PackOp => PACK = "transform.structured.pack";
    operands { target: One }
    attributes { static_packed_sizes: I64Array = "static_packed_sizes" }
    results { packed_op: One }
    regions { }
    format { parse_pack, print_pack }
    def {
        verify: None,
    }
}

crate::op! {
    /// `transform.structured.pack_greedily %op matmul_packed_sizes = [m, n, k]
    /// (matmul_padded_sizes_next_multiple_of = [..])? (matmul_inner_dims_order = [..])?`
    pub struct PackGreedilyOp => PACK_GREEDILY = "transform.structured.pack_greedily";
    operands { target: One }
    attributes {
        static_matmul_packed_sizes: I64Array = "static_matmul_packed_sizes",
        matmul_padded_sizes_next_multiple_of: AnyAttr = "matmul_padded_sizes_next_multiple_of",
        matmul_inner_dims_order: AnyAttr = "matmul_inner_dims_order"
    }
    results { packed_op: One }
    regions { }
    format { parse_pack_greedily, print_pack_greedily }
    def {
        verify: Some(verify_pack_greedily),
        default_properties: &[("matmul_inner_dims_order", "array<i64: 0, 1, 2>"), ("matmul_padded_sizes_next_multiple_of", "array<i64>")],
    }
}

crate::op! {
    /// `transform.structured.pack_transpose %pack with_compute_op(%op)
    /// (outer_perm = [..])? (inner_perm = [..])?`: the packed op, pack and
    /// unpack handles.
    pub struct PackTransposeOp => PACK_TRANSPOSE = "transform.structured.pack_transpose";
    operands { target_pack_or_un_pack_op: One, target_linalg_op: One }
    attributes { outer_perm: AnyAttr = "outer_perm", inner_perm: AnyAttr = "inner_perm" }
    results { packed_op: One, pack_op: One, un_pack_op: One }
    regions { }
    format { parse_pack_transpose, print_pack_transpose }
    def {
        verify: Some(verify_pack_transpose),
        result_groups: Some(|_, _| vec![("packed_op", 1), ("pack_op", 1), ("un_pack_op", 1)]),
    }
}

crate::op! {
    /// `transform.get_producer_of_operand %op[N]`: the op defining operand N
    /// of each payload op.
    pub struct GetProducerOfOperandOp => GET_PRODUCER_OF_OPERAND = "transform.get_producer_of_operand";
    operands { target: One }
    attributes { operand_number: AnyAttr = "operand_number" }
    results { producer: One }
    regions { }
    format { parse_get_producer, print_get_producer }
    def {
        verify: None,
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

/// Registers the ops (under `transform`).
pub fn register(r: &mut Registry) {
    for d in [&PACK, &PACK_GREEDILY, &PACK_TRANSPOSE, &GET_PRODUCER_OF_OPERAND] {
        r.add(d);
    }
}

/// The i64 array attribute `name` of `op` (a dense array), if set.
pub fn i64_array(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    ctx.get_attr(op, name).and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec)
}

/// `name = [..]` with static entries only (an SSA size is refused with
/// the reason).
fn static_list(p: &mut OpParser<'_, '_>, name: &str) -> PResult<Vec<i64>> {
    p.expect(Tok::Equal)?;
    let at = p.cur_loc();
    let (dyns, ints) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    if !dyns.is_empty() {
        return p.err_at(at, format!("{name} given as handles or values are not supported by tessel; give integers"));
    }
    Ok(ints)
}

fn set_list(p: &mut OpParser<'_, '_>, name: &str, v: &[i64]) {
    let a = p.ctx().i64_array_attr(v);
    p.set_attr(name, a);
}

fn parse_pack(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    let mut sizes = Vec::new();
    if p.optional_keyword("packed_sizes") {
        sizes = static_list(p, "packed_sizes")?;
    }
    set_list(p, "static_packed_sizes", &sizes);
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_pack(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    let sizes = i64_array(ctx, op, "static_packed_sizes").unwrap_or_default();
    if !sizes.is_empty() {
        p.write(" packed_sizes = ");
        p.print_i64_list(&sizes);
    }
    p.print_optional_attr_dict(op, &["static_packed_sizes"]);
    print_functional_type(p, op);
}

const GREEDY_LISTS: [&str; 3] =
    ["matmul_packed_sizes", "matmul_padded_sizes_next_multiple_of", "matmul_inner_dims_order"];

fn parse_pack_greedily(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    let mut seen = [false; 3];
    while let Some(k) = GREEDY_LISTS.iter().position(|n| p.at_keyword(n)) {
        if std::mem::replace(&mut seen[k], true) {
            return p.err(format!("'{}' given twice", GREEDY_LISTS[k]));
        }
        p.keyword(GREEDY_LISTS[k])?;
        let v = if k == 0 {
            static_list(p, "matmul_packed_sizes")?
        } else {
            p.expect(Tok::Equal)?;
            p.i64_list()?
        };
        let name = if k == 0 { "static_matmul_packed_sizes" } else { GREEDY_LISTS[k] };
        set_list(p, name, &v);
    }
    if !seen[0] {
        set_list(p, "static_matmul_packed_sizes", &[]);
    }
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_pack_greedily(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    for (k, n) in GREEDY_LISTS.iter().enumerate() {
        let attr = if k == 0 { "static_matmul_packed_sizes" } else { n };
        let Some(v) = i64_array(ctx, op, attr) else { continue };
        // oilist clauses print when set; an empty list is unset.
        if v.is_empty() {
            continue;
        }
        p.write(&format!(" {n} = "));
        p.print_i64_list(&v);
    }
    p.print_optional_attr_dict(op, &["static_matmul_packed_sizes", GREEDY_LISTS[1], GREEDY_LISTS[2]]);
    print_functional_type(p, op);
}

fn verify_pack_greedily(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let sizes = i64_array(ctx, op, "static_matmul_packed_sizes").unwrap_or_default();
    if sizes.len() != 3 {
        return Err(format!("requires exactly 3 matmul_packed_sizes, got {}", sizes.len()).into());
    }
    let order = i64_array(ctx, op, "matmul_inner_dims_order").unwrap_or_else(|| vec![0, 1, 2]);
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != [0, 1, 2] {
        return Err("expects matmul_inner_dims_order to be a permutation of [0, 1, 2]".into());
    }
    let padded = i64_array(ctx, op, "matmul_padded_sizes_next_multiple_of").unwrap_or_default();
    if !padded.is_empty() && padded.len() != 3 {
        return Err("expects matmul_padded_sizes_next_multiple_of to be empty or of size 3".into());
    }
    Ok(())
}

fn parse_pack_transpose(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let pack = p.operand()?;
    p.keyword("with_compute_op")?;
    p.expect(Tok::LParen)?;
    let compute = p.operand()?;
    p.expect(Tok::RParen)?;
    for name in ["outer_perm", "inner_perm"] {
        if p.optional_keyword(name) {
            p.expect(Tok::Equal)?;
            let v = p.i64_list()?;
            set_list(p, name, &v);
        }
    }
    p.optional_attr_dict()?;
    p.functional_type_operands(&[pack, compute])
}

fn print_pack_transpose(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(" with_compute_op(");
    p.print_operand(ctx.operands(op)[1]);
    p.write(")");
    for name in ["outer_perm", "inner_perm"] {
        if let Some(v) = i64_array(ctx, op, name).filter(|v| !v.is_empty()) {
            p.write(&format!(" {name} = "));
            p.print_i64_list(&v);
        }
    }
    p.print_optional_attr_dict(op, &["outer_perm", "inner_perm"]);
    print_functional_type(p, op);
}

fn is_permutation(v: &[i64]) -> bool {
    let mut sorted = v.to_vec();
    sorted.sort_unstable();
    sorted.iter().enumerate().all(|(i, x)| *x == i as i64)
}

fn verify_pack_transpose(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    for name in ["outer_perm", "inner_perm"] {
        let v = i64_array(ctx, op, name).unwrap_or_default();
        if !is_permutation(&v) {
            return Err(format!("'{name}' is not a valid permutation").into());
        }
    }
    Ok(())
}

fn parse_get_producer(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let target = p.operand()?;
    p.expect(Tok::LSquare)?;
    let n = p.integer()?;
    p.expect(Tok::RSquare)?;
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(n as i128, i64t);
    p.set_attr("operand_number", a);
    p.optional_attr_dict()?;
    p.functional_type_operands(&[target])
}

fn print_get_producer(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_operand(ctx.operands(op)[0]);
    p.write(&format!("[{}]", operand_number(ctx, op).unwrap_or(0)));
    p.print_optional_attr_dict(op, &["operand_number"]);
    print_functional_type(p, op);
}

/// The operand a `get_producer_of_operand` follows.
pub fn operand_number(ctx: &Context, op: OpId) -> Option<i64> {
    match ctx.get_attr(op, "operand_number").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => i64::try_from(*value).ok(),
        _ => None,
    }
}
