//! What is known to divide an index value: followed through constants,
//! loop induction variables and arithmetic, with the facts registered per
//! op in a table (a new op joins with one entry).

use crate::affine::{AffineBinOp, AffineExpr};
use crate::builder::Ofr;
use crate::context::ValueDef;
use crate::dialects::{affine, arith, scf};
use crate::registry::OpDef;
use crate::types::DYNAMIC;
use crate::{Context, OpId, Value};

/// The divisor of an operand, as the walk knows it.
type OperandDivisor<'a> = &'a dyn Fn(Value) -> u64;

/// The divisor of argument `index` of an op's body block.
type BlockArgDivisor = fn(&Context, OpId, u32, OperandDivisor<'_>) -> u64;

/// What an op knows about the divisors of its results and of its blocks'
/// arguments, given its operands' divisors.
struct DivisorModel {
    def: &'static OpDef,
    /// The divisor of the op's results.
    result: Option<fn(&Context, OpId, OperandDivisor<'_>) -> u64>,
    /// The divisor of argument `index` of the op's body block.
    block_arg: Option<BlockArgDivisor>,
}

static DIVISOR_MODELS: &[DivisorModel] = &[
    DivisorModel { def: &affine::APPLY, result: Some(affine_result), block_arg: None },
    DivisorModel { def: &affine::MIN, result: Some(affine_result), block_arg: None },
    DivisorModel { def: &affine::MAX, result: Some(affine_result), block_arg: None },
    DivisorModel { def: &arith::MULI, result: Some(|ctx, op, div| product(ctx, op, div)), block_arg: None },
    DivisorModel { def: &arith::ADDI, result: Some(|ctx, op, div| common(ctx, op, div)), block_arg: None },
    DivisorModel { def: &arith::SUBI, result: Some(|ctx, op, div| common(ctx, op, div)), block_arg: None },
    DivisorModel { def: &scf::FOR, result: None, block_arg: Some(for_induction_var) },
    DivisorModel { def: &scf::FORALL, result: None, block_arg: Some(forall_induction_var) },
];

fn model(ctx: &Context, op: OpId) -> Option<&'static DivisorModel> {
    let def = ctx.def_of(op)?;
    DIVISOR_MODELS.iter().find(|m| std::ptr::eq(m.def, def))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The largest integer known to divide the value (0 when it is known to
/// be 0). Follows constants, loop induction variables (`lb + k * step`)
/// and affine ops; anything else is 1.
pub fn known_divisor(ctx: &Context, o: Ofr) -> u64 {
    match o {
        Ofr::Const(c) => c.unsigned_abs(),
        Ofr::Val(v) => value_divisor(ctx, v, 0),
    }
}

/// Whether `o` is known to be a multiple of `t`.
pub fn is_multiple_of(ctx: &Context, o: Ofr, t: i64) -> bool {
    if t == 0 {
        return false;
    }
    let d = known_divisor(ctx, o);
    d == 0 || d.is_multiple_of(t.unsigned_abs())
}

fn value_divisor(ctx: &Context, v: Value, depth: usize) -> u64 {
    if depth > 16 {
        return 1;
    }
    if let Some(c) = crate::dialects::pack::constant_int(ctx, v) {
        return c.unsigned_abs();
    }
    let operand = |x: Value| value_divisor(ctx, x, depth + 1);
    match ctx.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            let Some(parent) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return 1 };
            match model(ctx, parent).and_then(|m| m.block_arg) {
                Some(f) => f(ctx, parent, index, &operand),
                None => 1,
            }
        }
        ValueDef::Result { op, .. } => match model(ctx, op).and_then(|m| m.result) {
            Some(f) => f(ctx, op, &operand),
            None => 1,
        },
        ValueDef::Detached => 1,
    }
}

fn affine_result(ctx: &Context, op: OpId, div: OperandDivisor<'_>) -> u64 {
    let Some(m) = affine::op_map(ctx, op) else { return 1 };
    let divs: Vec<u64> = ctx.operands(op).iter().map(|x| div(*x)).collect();
    let nd = (m.num_dims as usize).min(divs.len());
    m.results.iter().map(|e| expr_divisor(e, &divs[..nd], &divs[nd..])).fold(0, gcd)
}

fn product(ctx: &Context, op: OpId, div: OperandDivisor<'_>) -> u64 {
    let ops = ctx.operands(op);
    div(ops[0]).saturating_mul(div(ops[1]))
}

fn common(ctx: &Context, op: OpId, div: OperandDivisor<'_>) -> u64 {
    let ops = ctx.operands(op);
    gcd(div(ops[0]), div(ops[1]))
}

/// `lb + k * step`.
fn for_induction_var(ctx: &Context, op: OpId, index: u32, div: OperandDivisor<'_>) -> u64 {
    let f = scf::ForOp(op);
    if index != 0 {
        return 1;
    }
    gcd(div(f.lower_bound(ctx)), div(f.step(ctx)))
}

/// `lb_i + k * step_i` for induction variable `i`.
fn forall_induction_var(ctx: &Context, op: OpId, index: u32, div: OperandDivisor<'_>) -> u64 {
    let f = scf::ForallOp(op);
    let i = index as usize;
    let (lbs, steps) = (f.static_lower_bound(ctx), f.static_step(ctx));
    if i >= f.static_upper_bound(ctx).len() || i >= lbs.len() || i >= steps.len() {
        return 1;
    }
    let part = |ints: &[i64], vals: &[Value]| -> u64 {
        let before = ints[..i].iter().filter(|x| **x == DYNAMIC).count();
        match ints[i] {
            DYNAMIC => vals.get(before).map_or(1, |v| div(*v)),
            c => c.unsigned_abs(),
        }
    };
    gcd(part(lbs, f.dynamic_lower_bound(ctx)), part(steps, f.dynamic_step(ctx)))
}

fn expr_divisor(e: &AffineExpr, dims: &[u64], syms: &[u64]) -> u64 {
    match e {
        AffineExpr::Dim(i) => dims.get(*i as usize).copied().unwrap_or(1),
        AffineExpr::Sym(i) => syms.get(*i as usize).copied().unwrap_or(1),
        AffineExpr::Const(c) => c.unsigned_abs(),
        AffineExpr::Bin(AffineBinOp::Add, l, r) => gcd(expr_divisor(l, dims, syms), expr_divisor(r, dims, syms)),
        AffineExpr::Bin(AffineBinOp::Mul, l, r) => {
            expr_divisor(l, dims, syms).saturating_mul(expr_divisor(r, dims, syms))
        }
        AffineExpr::Bin(_, _, _) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::{parse_module, BufferStart};

    /// The divisors of the values the first `scf.yield` in `text` yields.
    fn yielded_divisors(text: &str) -> Vec<u64> {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parse").module;
        let y = ctx.nested_ops(m).into_iter().find(|o| scf::YieldOp::isa(&ctx, *o)).expect("yield");
        ctx.operands(y).iter().map(|v| known_divisor(&ctx, Ofr::Val(*v))).collect()
    }

    #[test]
    fn follows_loops_arith_and_affine() {
        let got = yielded_divisors(
            "func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c6 iter_args(%a = %c0) -> (index) {
    %m = arith.muli %i, %c4 : index
    %s = arith.addi %m, %c6 : index
    %x = affine.apply affine_map<(d0) -> (d0 * 3 + 9)>(%i)
    %y = arith.addi %i, %n : index
    %z = arith.subi %m, %c0 : index
    scf.yield %i, %m, %s, %x, %y, %z : index, index, index, index, index, index
  }
  return %r : index
}",
        );
        assert_eq!(got, vec![6, 24, 6, 9, 1, 24]);
    }
}
