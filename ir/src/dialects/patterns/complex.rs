//! The `complex` dialect's folds and canonicalization patterns, as
//! mlir-opt 22's: the parts of a `complex.create` or `complex.constant`,
//! `create(re(z), im(z))` is `z`, `neg(neg(z))`, `conj(conj(z))`,
//! `log(exp(z))`, `exp(log(z))` are `z`, `(a - b) + b`, `b + (a - b)`,
//! `(a + b) - b` are `a`, adding or subtracting a constant zero and
//! multiplying or dividing by a constant one are the identity, a part of a
//! negated `create` is the negated part (`arith.negf`), a bitcast to its
//! own type is its operand and a bitcast of a bitcast is one cast.

use crate::attrs::AttrKind;
use crate::dialects::arith;
use crate::dialects::complex::{self, AddOp, BitcastOp, ConstantOp, CreateOp, DivOp, ImOp, MulOp, NegOp, ReOp, SubOp};
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Value};

/// The two parts of a `complex.constant` defining `v` (their attributes).
fn constant_parts(ctx: &Context, v: Value) -> Option<[crate::Attr; 2]> {
    let c = ctx.defining_op(v).filter(|d| ConstantOp::isa(ctx, *d))?;
    match ctx.attr_kind(ctx.get_attr(c, "value")?) {
        AttrKind::Array(items) if items.len() == 2 => Some([items[0], items[1]]),
        _ => None,
    }
}

/// The float value of a part.
fn float_part(ctx: &Context, a: crate::Attr) -> Option<f64> {
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
        _ => None,
    }
}

/// Whether `v` is a constant of the given real part and a zero imaginary
/// part (`[0.0, 0.0]` or `[1.0, 0.0]`; either sign of zero).
fn is_real_constant(ctx: &Context, v: Value, real: f64) -> bool {
    constant_parts(ctx, v)
        .and_then(|[re, im]| Some((float_part(ctx, re)?, float_part(ctx, im)?)))
        .is_some_and(|(re, im)| re == real && im == 0.0)
}

/// `complex.re` / `complex.im` of a constant (an `arith.constant` of the
/// part) or of a `complex.create` (its operand).
pub fn fold_part(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let index = usize::from(ImOp::isa(ctx, op));
    let z = ctx.operands(op)[0];
    if let Some(parts) = constant_parts(ctx, z) {
        let ty = ctx.value_type(ctx.result(op, 0));
        rw.set_insertion_point_before(op);
        let c = arith::ConstantOp::create(rw, Some(parts[index]), &[ty], vec![]).result(rw.ctx);
        rw.replace_op(op, &[c]);
        return true;
    }
    if let Some(create) = ctx.defining_op(z).filter(|d| CreateOp::isa(ctx, *d)) {
        let part = ctx.operands(create)[index];
        rw.replace_op(op, &[part]);
        return true;
    }
    false
}

/// `FoldComponentNeg`: `re(neg(create(a, b)))` is `arith.negf a` (`im`:
/// of `b`).
pub fn part_of_negated_create(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let index = usize::from(ImOp::isa(ctx, op));
    let Some(neg) = ctx.defining_op(ctx.operands(op)[0]).filter(|d| NegOp::isa(ctx, *d)) else { return false };
    let Some(create) = ctx.defining_op(ctx.operands(neg)[0]).filter(|d| CreateOp::isa(ctx, *d)) else {
        return false;
    };
    let part = ctx.operands(create)[index];
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let n = arith::NegFOp::create(rw, part, None, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[n]);
    true
}

/// `create(re(z), im(z))` is `z`.
pub fn fold_create_of_parts(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let [re, im] = ctx.operands(op) else { return false };
    let (Some(re), Some(im)) = (ctx.defining_op(*re), ctx.defining_op(*im)) else { return false };
    if !ReOp::isa(ctx, re) || !ImOp::isa(ctx, im) || ctx.operands(re)[0] != ctx.operands(im)[0] {
        return false;
    }
    let z = ctx.operands(re)[0];
    rw.replace_op(op, &[z]);
    true
}

/// The ops that undo each other: `neg(neg(z))`, `conj(conj(z))`,
/// `log(exp(z))` and `exp(log(z))` are `z` (the outer op, the inner op).
static CANCELLING_PAIRS: &[(&crate::registry::OpDef, &crate::registry::OpDef)] = &[
    (&complex::NEG, &complex::NEG),
    (&complex::CONJ, &complex::CONJ),
    (&complex::LOG, &complex::EXP),
    (&complex::EXP, &complex::LOG),
];

/// An op of [`CANCELLING_PAIRS`] of its inner op is the inner op's operand.
pub fn fold_cancelling_pair(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(inner) = ctx.defining_op(ctx.operands(op)[0]) else { return false };
    let (Some(outer_def), Some(inner_def)) = (ctx.def_of(op), ctx.def_of(inner)) else { return false };
    if !CANCELLING_PAIRS.iter().any(|(o, i)| std::ptr::eq(*o, outer_def) && std::ptr::eq(*i, inner_def)) {
        return false;
    }
    let z = ctx.operands(inner)[0];
    rw.replace_op(op, &[z]);
    true
}

/// `(a - b) + b`, `b + (a - b)` and `a + 0` are `a`.
pub fn fold_add(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let [lhs, rhs] = ctx.operands(op) else { return false };
    let (lhs, rhs) = (*lhs, *rhs);
    let sub_of = |v: Value| ctx.defining_op(v).filter(|d| SubOp::isa(ctx, *d)).map(|d| ctx.operands(d).to_vec());
    let folded = match (sub_of(lhs), sub_of(rhs)) {
        (Some(s), _) if s[1] == rhs => Some(s[0]),
        (_, Some(s)) if s[1] == lhs => Some(s[0]),
        _ => is_real_constant(ctx, rhs, 0.0).then_some(lhs),
    };
    let Some(v) = folded else { return false };
    rw.replace_op(op, &[v]);
    true
}

/// `(a + b) - b` and `a - 0` are `a`.
pub fn fold_sub(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let [lhs, rhs] = ctx.operands(op) else { return false };
    let (lhs, rhs) = (*lhs, *rhs);
    let add = ctx.defining_op(lhs).filter(|d| AddOp::isa(ctx, *d)).map(|d| ctx.operands(d).to_vec());
    let folded = match add {
        Some(a) if a[1] == rhs => Some(a[0]),
        _ => is_real_constant(ctx, rhs, 0.0).then_some(lhs),
    };
    let Some(v) = folded else { return false };
    rw.replace_op(op, &[v]);
    true
}

/// `a * 1` and `a / 1` (a constant `[1.0, 0.0]`) are `a`.
pub fn fold_by_one(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !MulOp::isa(ctx, op) && !DivOp::isa(ctx, op) {
        return false;
    }
    let [lhs, rhs] = ctx.operands(op) else { return false };
    if !is_real_constant(ctx, *rhs, 1.0) {
        return false;
    }
    let v = *lhs;
    rw.replace_op(op, &[v]);
    true
}

/// A `complex.bitcast` to its operand's type is the operand.
pub fn fold_bitcast_to_own_type(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let z = ctx.operands(op)[0];
    if ctx.value_type(z) != ctx.value_type(ctx.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[z]);
    true
}

/// `MergeComplexBitcast`: a `complex.bitcast` of a `complex.bitcast` or of
/// an `arith.bitcast` is one cast of the first operand (an
/// `arith.bitcast` when neither end is complex).
pub fn merge_bitcasts(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(inner) = ctx.defining_op(ctx.operands(op)[0]) else { return false };
    let complex_inner = BitcastOp::isa(ctx, inner);
    if !complex_inner && !arith::BitcastOp::isa(ctx, inner) {
        return false;
    }
    let src = ctx.operands(inner)[0];
    let ty = ctx.value_type(ctx.result(op, 0));
    let complex = |t| crate::dialects::complex::complex_element(ctx, t).is_some();
    let arith_cast = complex_inner && !complex(ty) && !complex(ctx.value_type(src));
    rw.set_insertion_point_before(op);
    let v = if arith_cast {
        arith::BitcastOp::create(rw, src, None, None, None, &[ty], vec![]).result(rw.ctx)
    } else {
        BitcastOp::create(rw, src, &[ty], vec![]).result(rw.ctx)
    };
    rw.replace_op(op, &[v]);
    true
}

/// `MergeArithBitcast` (a pattern of `arith.bitcast` the complex dialect
/// adds): an `arith.bitcast` of a `complex.bitcast` is one
/// `complex.bitcast`.
pub fn merge_arith_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !arith::BitcastOp::isa(ctx, op) {
        return false;
    }
    let Some(inner) = ctx.defining_op(ctx.operands(op)[0]).filter(|d| BitcastOp::isa(ctx, *d)) else {
        return false;
    };
    let src = ctx.operands(inner)[0];
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let v = BitcastOp::create(rw, src, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}
