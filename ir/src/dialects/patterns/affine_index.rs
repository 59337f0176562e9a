//! Folds and canonicalization patterns of `affine.linearize_index` and
//! `affine.delinearize_index`, as mlir-opt 22's: constant folding, constant
//! basis entries made static, unit extents dropped, a leading zero index
//! dropped, and a linearize and delinearize over the same basis cancelled.

use crate::builder::{Builder, Ofr};
use crate::dialects::affine_index::{has_outer_bound, is_disjoint, mixed_basis, DelinearizeIndexOp, LinearizeIndexOp};
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
    if indices.is_empty() || (indices.len() != basis.len() && indices.len() != basis.len() + 1) {
        return indices.is_empty().then_some(0);
    }
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
    if results == 0 || (results != basis.len() && results != basis.len() + 1) {
        return None;
    }
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
    let (is_linearize, disjoint, outer) =
        (LinearizeIndexOp::isa(ctx, op), is_disjoint(ctx, op), has_outer_bound(ctx, op));
    let operands =
        if is_linearize { LinearizeIndexOp(op).multi_index(ctx).to_vec() } else { ctx.operands(op)[..1].to_vec() };
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

/// The basis with one entry per index (linearize) or result
/// (delinearize): `None` first where the outer bound is left out
/// (upstream's `getPaddedBasis`).
fn padded_basis(ctx: &crate::Context, op: OpId) -> Vec<Option<Ofr>> {
    let mut basis: Vec<Option<Ofr>> = mixed_basis(ctx, op).into_iter().map(Some).collect();
    if !has_outer_bound(ctx, op) {
        basis.insert(0, None);
    }
    basis
}

/// Whether two basis entries are the same: equal constants, the same
/// value, or both left out.
fn same_entry(a: Option<Ofr>, b: Option<Ofr>) -> bool {
    match (a, b) {
        (Some(Ofr::Const(p)), Some(Ofr::Const(q))) => p == q,
        (Some(Ofr::Val(p)), Some(Ofr::Val(q))) => p == q,
        (None, None) => true,
        _ => false,
    }
}

/// The product of basis entries (upstream's `computeProduct`): a constant,
/// an `affine.apply` of the dynamic ones, or `None` when one is left out.
fn product(rw: &mut Rewriter<'_>, terms: &[Option<Ofr>]) -> Option<Ofr> {
    use crate::affine::{AffineExpr, AffineMap};
    let mut constant = 1i64;
    let mut values = Vec::new();
    for t in terms {
        match (*t)? {
            Ofr::Const(c) => constant = constant.saturating_mul(c),
            v => values.push(v),
        }
    }
    if values.is_empty() {
        return Some(Ofr::Const(constant));
    }
    let mut expr = AffineExpr::Const(constant);
    for k in 0..values.len() {
        expr = expr * AffineExpr::Sym(k as u32);
    }
    let map = AffineMap { num_dims: 0, num_syms: values.len() as u32, results: vec![expr] };
    Some(rw.affine_apply(&map, &values))
}

/// A linearize over a padded basis: a left-out first entry means no outer
/// bound.
fn linearize_padded(rw: &mut Rewriter<'_>, indices: &[Value], basis: &[Option<Ofr>], disjoint: bool) -> Value {
    let basis: Vec<Ofr> =
        basis.iter().skip_while(|b| b.is_none()).map(|b| b.expect("only the first entry is left out")).collect();
    build_linearize(rw, indices, &basis, disjoint)
}

/// A delinearize over a padded basis (one result per entry).
fn delinearize_padded(rw: &mut Rewriter<'_>, linear: Value, basis: &[Option<Ofr>]) -> Vec<Value> {
    let outer = basis.first().is_some_and(|b| b.is_some());
    let basis: Vec<Ofr> =
        basis.iter().skip_while(|b| b.is_none()).map(|b| b.expect("only the first entry is left out")).collect();
    build_delinearize(rw, linear, &basis, outer)
}

/// A run of a linearize's indices that are consecutive results of one
/// delinearize over the same basis entries.
struct Run {
    delinearize: OpId,
    lin_start: usize,
    delin_start: usize,
    len: usize,
}

/// Upstream's `CancelLinearizeOfDelinearizePortion`: a run of linearize
/// indices that are consecutive results of a delinearize over the same
/// basis becomes one index, the delinearize's result over the run's
/// product (the delinearize is split so its other users keep their
/// values); a run over all its results is the delinearized index itself.
pub fn cancel_linearize_of_delinearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let disjoint = is_disjoint(ctx, op);
    let lin_basis = padded_basis(ctx, op);
    let indices = LinearizeIndexOp(op).multi_index(ctx).to_vec();
    let mut runs: Vec<Run> = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let Some(delin) = DelinearizeIndexOp::defining(ctx, indices[i]) else {
            i += 1;
            continue;
        };
        let results = ctx.results(delin.op());
        let d = results.iter().position(|r| *r == indices[i]).expect("a result of its op");
        let delin_basis = padded_basis(ctx, delin.op());
        let bounds_match = same_entry(delin_basis[d], lin_basis[i]);
        let both_at_front = i == 0 && d == 0;
        let known_by_disjoint = disjoint && d == 0 && delin_basis[0].is_none();
        if !bounds_match && !both_at_front && !known_by_disjoint {
            i += 1;
            continue;
        }
        let mut len = 1;
        while i + len < indices.len()
            && d + len < results.len()
            && indices[i + len] == results[d + len]
            && same_entry(lin_basis[i + len], delin_basis[d + len])
        {
            len += 1;
        }
        if len <= 1 || runs.iter().any(|r| r.delinearize == delin.op()) {
            i += 1;
            continue;
        }
        runs.push(Run { delinearize: delin.op(), lin_start: i, delin_start: d, len });
        i += len;
    }
    if runs.is_empty() {
        return false;
    }
    let mut new_indices = Vec::with_capacity(indices.len());
    let mut new_basis = Vec::with_capacity(indices.len());
    let mut replacements: Vec<Option<Vec<Value>>> = Vec::with_capacity(runs.len());
    let mut prev_end = 0;
    for run in &runs {
        new_indices.extend_from_slice(&indices[prev_end..run.lin_start]);
        new_basis.extend_from_slice(&lin_basis[prev_end..run.lin_start]);
        prev_end = run.lin_start + run.len;
        rw.set_insertion_point_before(run.delinearize);
        let merged = &lin_basis[run.lin_start..prev_end];
        let size = product(rw, merged);
        let linear = rw.ctx.operands(run.delinearize)[0];
        if run.len == rw.ctx.results(run.delinearize).len() {
            new_indices.push(linear);
            new_basis.push(size);
            replacements.push(None);
            continue;
        }
        let mut delin_basis = padded_basis(rw.ctx, run.delinearize);
        delin_basis.splice(run.delin_start..run.delin_start + run.len, [size]);
        let outer = delinearize_padded(rw, linear, &delin_basis);
        let combined = outer[run.delin_start];
        let residual = delinearize_padded(rw, combined, merged);
        let mut values = outer[..run.delin_start].to_vec();
        values.extend(residual);
        values.extend_from_slice(&outer[run.delin_start + 1..]);
        replacements.push(Some(values));
        new_indices.push(combined);
        new_basis.push(size);
    }
    new_indices.extend_from_slice(&indices[prev_end..]);
    new_basis.extend_from_slice(&lin_basis[prev_end..]);
    rw.set_insertion_point_before(op);
    let v = linearize_padded(rw, &new_indices, &new_basis, disjoint);
    rw.replace_op(op, &[v]);
    for (run, values) in runs.iter().zip(replacements) {
        if let Some(values) = values {
            rw.replace_op(run.delinearize, &values);
        }
    }
    true
}

/// The `linearize_index disjoint` a delinearize takes apart, if any.
fn disjoint_linearize_input(ctx: &crate::Context, op: OpId) -> Option<LinearizeIndexOp> {
    LinearizeIndexOp::defining(ctx, ctx.operands(op)[0]).filter(|lin| is_disjoint(ctx, lin.op()))
}

/// Upstream's `CancelDelinearizeOfLinearizeDisjointExactTail`: where the
/// innermost basis entries of a delinearize and the disjoint linearize
/// feeding it agree, those results are the linearize's indices; the rest
/// delinearize the linearization of the remaining indices.
pub fn cancel_delinearize_of_linearize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(lin) = disjoint_linearize_input(ctx, op) else { return false };
    let indices = lin.multi_index(ctx).to_vec();
    let lin_basis = mixed_basis(ctx, lin.op());
    let delin_basis = mixed_basis(ctx, op);
    let matches = lin_basis
        .iter()
        .rev()
        .zip(delin_basis.iter().rev())
        .take_while(|(a, b)| same_entry(Some(**a), Some(**b)))
        .count();
    if matches == 0 {
        return false;
    }
    if matches == lin_basis.len() && matches == delin_basis.len() && indices.len() == ctx.results(op).len() {
        rw.replace_op(op, &indices);
        return true;
    }
    let outer = has_outer_bound(ctx, op);
    let kept = indices.len() - matches;
    rw.set_insertion_point_before(op);
    let rest = build_linearize(rw, &indices[..kept], &lin_basis[..lin_basis.len() - matches], true);
    let mut values = build_delinearize(rw, rest, &delin_basis[..delin_basis.len() - matches], outer);
    values.extend_from_slice(&indices[kept..]);
    rw.replace_op(op, &values);
    true
}

/// Upstream's `SplitDelinearizeSpanningLastLinearizeArg`: innermost static
/// basis entries of a delinearize whose product is the last static bound
/// of the disjoint linearize feeding it delinearize that last index alone.
pub fn split_delinearize_spanning_last_linearize_arg(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(lin) = disjoint_linearize_input(ctx, op) else { return false };
    let Some(&target) = lin.static_basis(ctx).last() else { return false };
    if target == DYNAMIC {
        return false;
    }
    let basis = DelinearizeIndexOp(op).static_basis(ctx).to_vec();
    let mut size = 1i64;
    let mut split = 0usize;
    for &b in basis.iter().rev() {
        if b == DYNAMIC {
            return false;
        }
        size = size.saturating_mul(b);
        split += 1;
        if size > target {
            return false;
        }
        if size == target {
            break;
        }
    }
    if size < target || split < 2 {
        return false;
    }
    let indices = lin.multi_index(ctx).to_vec();
    let lin_basis = mixed_basis(ctx, lin.op());
    let delin_basis = mixed_basis(ctx, op);
    let outer = has_outer_bound(ctx, op);
    rw.set_insertion_point_before(op);
    let (last, front) = indices.split_last().expect("a linearize with a basis has indices");
    let rest = build_linearize(rw, front, &lin_basis[..lin_basis.len() - 1], true);
    let mut values = build_delinearize(rw, rest, &delin_basis[..delin_basis.len() - split], outer);
    values.extend(build_delinearize(rw, *last, &delin_basis[delin_basis.len() - split..], true));
    rw.replace_op(op, &values);
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
