//! Folds and canonicalization patterns of `affine.linearize_index` and
//! `affine.delinearize_index`, as mlir-opt 22's: constant folding, constant
//! basis entries made static, unit extents dropped, a leading zero index
//! dropped, and a linearize and delinearize over the same basis cancelled.

use crate::builder::{Builder, Ofr};
use crate::dialects::affine_index::{
    has_outer_bound, is_disjoint, mixed_basis, DelinearizeIndexOp, LinearizeIndexOp,
};
use crate::dialects::pack::constant_int;
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::{Attr, OpId, Value};

/// Builds `affine.linearize_index` of `indices` over `basis`.
pub fn build_linearize(b: &mut Builder<'_>, indices: &[Value], basis: &[Ofr], disjoint: bool) -> Value {
    let (stat, dyns) = b.split(basis);
    let unit: Option<Attr> = disjoint.then(|| b.ctx.attr(crate::attrs::AttrKind::Unit));
    let index = b.ctx.index_type();
    LinearizeIndexOp::create(b, indices, &dyns, &stat, unit, &[index], vec![]).linear_index(b.ctx)
}

/// Builds `affine.delinearize_index` of `linear` over `basis`, with an
/// extra leading result unless `outer_bound`.
pub fn build_delinearize(b: &mut Builder<'_>, linear: Value, basis: &[Ofr], outer_bound: bool) -> Vec<Value> {
    let (stat, dyns) = b.split(basis);
    let index = b.ctx.index_type();
    let n = basis.len() + usize::from(!outer_bound);
    let op = DelinearizeIndexOp::create(b, linear, &dyns, &stat, &vec![index; n], vec![]);
    b.ctx.results(op.op()).to_vec()
}

/// The linear position of constant `indices` over the static `basis`
/// (outer bound possibly left out).
pub fn linearize_constants(indices: &[i64], basis: &[i64]) -> Option<i64> {
    let inner = &basis[basis.len() + 1 - indices.len().max(1)..];
    let mut stride = 1i64;
    let mut total = 0i64;
    for (i, &x) in indices.iter().enumerate().rev() {
        total = total.checked_add(x.checked_mul(stride)?)?;
        if i > 0 {
            stride = stride.checked_mul(inner[i - 1])?;
        }
    }
    Some(total)
}

/// The multi-index of constant `linear` over the static `basis`; `results`
/// entries (one more than the basis without the outer bound). The outermost
/// is not reduced modulo its bound, as upstream's fold.
pub fn delinearize_constant(linear: i64, basis: &[i64], results: usize) -> Option<Vec<i64>> {
    let inner = &basis[basis.len() + 1 - results..];
    let mut out = vec![0; results];
    let mut high = linear;
    for (k, &m) in inner.iter().enumerate().rev() {
        if m <= 0 {
            return None;
        }
        out[k + 1] = high.rem_euclid(m);
        high = high.div_euclid(m);
    }
    out[0] = high;
    Some(out)
}

/// No indices linearize to 0, one to itself; constant indices over a
/// static basis to their position.
pub fn fold_linearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let indices = LinearizeIndexOp(op).multi_index(ctx).to_vec();
    match indices.len() {
        0 => {
            rw.replace_op_with_constant(op, 0);
            return true;
        }
        1 => {
            rw.replace_op(op, &[indices[0]]);
            return true;
        }
        _ => {}
    }
    if !LinearizeIndexOp(op).dynamic_basis(ctx).is_empty() {
        return false;
    }
    let Some(consts) = indices.iter().map(|v| constant_int(ctx, *v)).collect::<Option<Vec<_>>>() else {
        return false;
    };
    let Some(value) = linearize_constants(&consts, LinearizeIndexOp(op).static_basis(ctx)) else { return false };
    rw.replace_op_with_constant(op, value);
    true
}

/// One result is the linear index itself; a constant over a static basis
/// delinearizes to constants.
pub fn fold_delinearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let results = ctx.results(op).len();
    let linear = ctx.operands(op)[0];
    if results == 1 {
        rw.replace_op(op, &[linear]);
        return true;
    }
    if !DelinearizeIndexOp(op).dynamic_basis(ctx).is_empty() {
        return false;
    }
    let Some(x) = constant_int(ctx, linear) else { return false };
    let Some(values) = delinearize_constant(x, DelinearizeIndexOp(op).static_basis(ctx), results) else {
        return false;
    };
    rw.set_insertion_point_before(op);
    let index = rw.ctx.index_type();
    let consts: Vec<Value> = values.iter().map(|v| rw.int_const_here(*v as i128, index)).collect();
    rw.replace_op(op, &consts);
    true
}

/// A constant among the dynamic basis entries becomes static.
pub fn static_basis(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let basis = mixed_basis(ctx, op);
    if !basis.iter().any(|b| matches!(b, Ofr::Val(v) if constant_int(ctx, *v).is_some())) {
        return false;
    }
    let folded: Vec<Ofr> = basis
        .iter()
        .map(|b| match b {
            Ofr::Val(v) => constant_int(ctx, *v).map(Ofr::Const).unwrap_or(*b),
            c => *c,
        })
        .collect();
    let (is_linearize, disjoint, outer) = (LinearizeIndexOp::isa(ctx, op), is_disjoint(ctx, op), has_outer_bound(ctx, op));
    let operands = if is_linearize { LinearizeIndexOp(op).multi_index(ctx).to_vec() } else { ctx.operands(op)[..1].to_vec() };
    rw.set_insertion_point_before(op);
    let results = if is_linearize {
        vec![build_linearize(rw, &operands, &folded, disjoint)]
    } else {
        build_delinearize(rw, operands[0], &folded, outer)
    };
    rw.replace_op(op, &results);
    true
}

/// Upstream's `DropLinearizeUnitComponentsIfDisjointOrZero`: an index over
/// a basis entry of 1 goes when the op is disjoint or the index is 0.
pub fn drop_linearize_unit_components(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let mut indices: &[Value] = LinearizeIndexOp(op).multi_index(ctx);
    let total = indices.len();
    let disjoint = is_disjoint(ctx, op);
    let mut new_indices = Vec::with_capacity(total);
    if !has_outer_bound(ctx, op) {
        let Some((first, rest)) = indices.split_first() else { return false };
        new_indices.push(*first);
        indices = rest;
    }
    let basis = mixed_basis(ctx, op);
    let mut new_basis = Vec::with_capacity(basis.len());
    for (&index, &b) in indices.iter().zip(&basis) {
        let unit = b.as_const() == Some(1);
        if unit && (disjoint || constant_int(ctx, index) == Some(0)) {
            continue;
        }
        new_indices.push(index);
        new_basis.push(b);
    }
    if new_indices.len() == total {
        return false;
    }
    if new_indices.is_empty() {
        rw.replace_op_with_constant(op, 0);
        return true;
    }
    rw.set_insertion_point_before(op);
    let v = build_linearize(rw, &new_indices, &new_basis, disjoint);
    rw.replace_op(op, &[v]);
    true
}

/// Upstream's `DropLinearizeLeadingZero`: a leading constant-0 index goes
/// with its outer bound.
pub fn drop_linearize_leading_zero(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let indices = LinearizeIndexOp(op).multi_index(ctx).to_vec();
    let Some(&first) = indices.first() else { return false };
    if constant_int(ctx, first) != Some(0) {
        return false;
    }
    if indices.len() == 1 {
        rw.replace_op(op, &[first]);
        return true;
    }
    let mut basis = mixed_basis(ctx, op);
    if has_outer_bound(ctx, op) {
        basis.remove(0);
    }
    let disjoint = is_disjoint(ctx, op);
    rw.set_insertion_point_before(op);
    let v = build_linearize(rw, &indices[1..], &basis, disjoint);
    rw.replace_op(op, &[v]);
    true
}

/// The basis entries that scale an index (all but the outer bound).
fn inner_basis(ctx: &crate::Context, op: OpId) -> Vec<Ofr> {
    let mut basis = mixed_basis(ctx, op);
    if has_outer_bound(ctx, op) && !basis.is_empty() {
        basis.remove(0);
    }
    basis
}

fn same_ofrs(a: &[Ofr], b: &[Ofr]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (Ofr::Const(p), Ofr::Const(q)) => p == q && *p != DYNAMIC,
            (Ofr::Val(p), Ofr::Val(q)) => p == q,
            _ => false,
        })
}

/// A linearize of every result of a delinearize, in order and over the
/// same inner basis, is the delinearized index (the exact case of
/// upstream's `CancelLinearizeOfDelinearizePortion`).
pub fn cancel_linearize_of_delinearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let indices = LinearizeIndexOp(op).multi_index(ctx);
    let Some(&first) = indices.first() else { return false };
    let Some(delin) = DelinearizeIndexOp::defining(ctx, first) else { return false };
    if ctx.results(delin.op()) != indices || !same_ofrs(&inner_basis(ctx, op), &inner_basis(ctx, delin.op())) {
        return false;
    }
    let linear = ctx.operands(delin.op())[0];
    rw.replace_op(op, &[linear]);
    true
}

/// A delinearize of a disjoint linearize over the same inner basis, with
/// one result per index, is those indices (the exact case of upstream's
/// `CancelDelinearizeOfLinearizeDisjointExactTail`).
pub fn cancel_delinearize_of_linearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(lin) = LinearizeIndexOp::defining(ctx, ctx.operands(op)[0]) else { return false };
    let indices = lin.multi_index(ctx).to_vec();
    if !is_disjoint(ctx, lin.op())
        || indices.len() != ctx.results(op).len()
        || !same_ofrs(&inner_basis(ctx, op), &inner_basis(ctx, lin.op()))
    {
        return false;
    }
    rw.replace_op(op, &indices);
    true
}

/// Upstream's `DropUnitExtentBasis`: a result over a basis entry of 1 is 0;
/// the rest delinearize over the remaining entries.
pub fn drop_delinearize_unit_basis(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let basis = mixed_basis(ctx, op);
    if !basis.iter().any(|b| b.as_const() == Some(1)) {
        return false;
    }
    let outer = has_outer_bound(ctx, op);
    let linear = ctx.operands(op)[0];
    let results = ctx.results(op).len();
    let skip = usize::from(!outer);
    rw.set_insertion_point_before(op);
    let index = rw.ctx.index_type();
    let zero = rw.int_const_here(0, index);
    let mut replacements: Vec<Option<Value>> = vec![None; results];
    let mut kept = Vec::new();
    for (k, b) in basis.iter().enumerate() {
        if b.as_const() == Some(1) {
            replacements[k + skip] = Some(zero);
        } else {
            kept.push(*b);
        }
    }
    let fresh = if kept.is_empty() {
        if outer {
            Vec::new()
        } else {
            vec![linear]
        }
    } else {
        build_delinearize(rw, linear, &kept, outer)
    };
    let mut fresh = fresh.into_iter();
    let values: Vec<Value> = replacements.into_iter().map(|r| r.or_else(|| fresh.next()).unwrap_or(zero)).collect();
    rw.replace_op(op, &values);
    true
}
