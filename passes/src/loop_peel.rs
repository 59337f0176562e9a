//! Peeling an `scf.for`, as MLIR 22's `scf::peelForLoopAndSimplifyBounds`
//! and `scf::peelForLoopFirstIteration` (`transform.loop.peel`).
//!
//! Peeling the last iteration splits `for %i = lb to ub step s` at
//! `ub - (ub - lb) mod s`: the loop keeps the whole steps, a copy after it
//! runs the rest (at most one partial step) from the split on the loop's
//! results. Then every `affine.min` / `affine.max` in either loop that the
//! split decides is replaced by the result it always takes: in the main
//! loop `ub - %i >= s` holds, in the partial one `ub - %i < s`, so the
//! `min(s, ub - %i)` of a tiled loop is `s` in one and `ub - %i` in the
//! other. Peeling the first iteration puts a copy running from `lb` to
//! `lb + s` before the loop, which starts at `lb + s`; nothing is
//! simplified.
//!
//! The split is a constant when the bounds are, else MLIR's
//! `affine.apply affine_map<()[s0, s1, s2] -> (s1 - (s1 - s0) mod s2)>`
//! of `lb`, `ub`, `s`; a min/max is replaced by an `affine.apply` of the
//! result it takes (the known constants put in, operands canonical, nothing
//! folded: `affine.apply affine_map<() -> (4)>()`), as 22 leaves it for
//! canonicalization.

use tessel_ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::affine::{MaxOp, MinOp};
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::pack::constant_int;
use tessel_ir::dialects::patterns::affine_loop_facts::{always_taken_result, taken_result_map, Facts, Linear};
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, OpId, Value};

/// Why a loop was not peeled (the transform reports it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotPeeled {
    /// The step divides the trip, or is 1 or less (last-iteration
    /// peeling); the loop runs at most once (first-iteration peeling).
    NothingToPeel,
    /// Bounds of a type other than `index` that are not all constants: the
    /// split would be an `affine.apply`, which takes only `index` (22 builds
    /// an invalid one).
    NotIndex,
}

/// Peels the last, partial iteration of `for_op`: the loop now stops at
/// the split, and the returned loop (right after it) runs from there to
/// the old bound. min/max ops the split decides are simplified in both.
pub fn peel_last_iteration(ctx: &mut Context, for_op: OpId) -> Result<OpId, NotPeeled> {
    let [lb, ub, step] = bounds(ctx, for_op);
    let (lbc, ubc, stepc) = (constant_int(ctx, lb), constant_int(ctx, ub), constant_int(ctx, step));
    if stepc.is_some_and(|s| s <= 1) {
        return Err(NotPeeled::NothingToPeel);
    }
    if let (Some(l), Some(u), Some(s)) = (lbc, ubc, stepc) {
        if u.checked_sub(l).is_some_and(|d| d % s == 0) {
            return Err(NotPeeled::NothingToPeel);
        }
    }
    // `(ub - lb) mod step` composed with the bounds' producers: zero means
    // divisible whatever the values.
    let (s0, s1, s2) = (AffineExpr::Sym(0), AffineExpr::Sym(1), AffineExpr::Sym(2));
    let trip =
        AffineExpr::bin(AffineBinOp::Add, s1.clone(), AffineExpr::bin(AffineBinOp::Mul, s0, AffineExpr::Const(-1)));
    let rest = AffineExpr::modulo(trip, s2);
    let loc = ctx.op_loc(for_op);
    {
        let b = Builder::new(ctx, InsertPoint::Before(for_op), loc);
        let (e, _) = b.compose(&rest, 0, &[Ofr::Val(lb), Ofr::Val(ub), Ofr::Val(step)]);
        if e.as_const() == Some(0) {
            return Err(NotPeeled::NothingToPeel);
        }
    }
    let split_expr =
        AffineExpr::bin(AffineBinOp::Add, s1, AffineExpr::bin(AffineBinOp::Mul, rest, AffineExpr::Const(-1)));
    let split = match (lbc, ubc, stepc) {
        // An empty loop (ub < lb) splits at lb: both loops stay empty.
        (Some(l), Some(u), Some(s)) => {
            constant_before(ctx, for_op, (u - tessel_ir::affine::mod_pos(u - l, s)).max(l), lb)
        }
        _ => {
            if !is_index(ctx, lb) {
                return Err(NotPeeled::NotIndex);
            }
            let mut b = Builder::new(ctx, InsertPoint::Before(for_op), loc);
            if known_at_least(b.ctx, ub, lb, 0) {
                let map = AffineMap { num_dims: 0, num_syms: 3, results: vec![split_expr] };
                b.raw_affine_apply(map, &[lb, ub, step])
            } else {
                // Where ub may be below lb, 22's split lies below lb and
                // its partial loop runs an iteration the loop never ran;
                // max(lb, split) keeps both loops empty then.
                let map = AffineMap { num_dims: 0, num_syms: 3, results: vec![AffineExpr::Sym(0), split_expr] };
                b.raw_affine_min_max(false, map, &[lb, ub, step])
            }
        }
    };
    // The partial iteration: a copy after the loop, from the split on the
    // loop's results; the loop's users read the copy's.
    let mut map = IrMapping::default();
    let partial = ctx.clone_op(for_op, &mut map);
    ctx.insert_op_after(for_op, partial);
    for (old, new) in ctx.results(for_op).to_vec().into_iter().zip(ctx.results(partial).to_vec()) {
        ctx.replace_all_uses(old, new);
    }
    let results = ctx.results(for_op).to_vec();
    for (i, r) in results.into_iter().enumerate() {
        ctx.set_operand(partial, 3 + i, r);
    }
    ctx.set_operand(partial, 0, split);
    ctx.set_operand(for_op, 1, split);
    simplify_min_max_in(ctx, for_op, ub, step, true);
    simplify_min_max_in(ctx, partial, ub, step, false);
    Ok(partial)
}

/// Peels the first iteration of `for_op`: the returned copy, right before
/// it, runs from `lb` to `lb + step`; the loop starts there, on the copy's
/// results.
pub fn peel_first_iteration(ctx: &mut Context, for_op: OpId) -> Result<OpId, NotPeeled> {
    let [lb, ub, step] = bounds(ctx, for_op);
    let (lbc, ubc, stepc) = (constant_int(ctx, lb), constant_int(ctx, ub), constant_int(ctx, step));
    if let (Some(l), Some(u), Some(s)) = (lbc, ubc, stepc) {
        // ceil((ub - lb) / step) <= 1, as 22 computes it.
        if ((u as f64 - l as f64) / s as f64).ceil() <= 1.0 {
            return Err(NotPeeled::NothingToPeel);
        }
    }
    let loc = ctx.op_loc(for_op);
    let sum = AffineExpr::bin(AffineBinOp::Add, AffineExpr::Sym(0), AffineExpr::Sym(1));
    let full_step = stepc.is_some_and(|s| known_at_least(ctx, ub, lb, s));
    let split = match (lbc, stepc) {
        (Some(l), Some(s)) if ubc.is_some() || full_step => constant_before(ctx, for_op, l + s, ub),
        _ => {
            if !is_index(ctx, ub) {
                return Err(NotPeeled::NotIndex);
            }
            let mut b = Builder::new(ctx, InsertPoint::Before(for_op), loc);
            if full_step {
                let map = AffineMap { num_dims: 0, num_syms: 2, results: vec![sum] };
                b.raw_affine_apply(map, &[lb, step])
            } else {
                // Where the loop may run less than one step (or not at
                // all), 22's copy still runs `lb` once; min(lb + step, ub)
                // runs it only if the loop did.
                let map = AffineMap { num_dims: 0, num_syms: 3, results: vec![sum, AffineExpr::Sym(2)] };
                b.raw_affine_min_max(true, map, &[lb, step, ub])
            }
        }
    };
    // Only the copy's bound changes: its body still reads the old upper
    // bound where it did (as 22's copy does).
    let mut map = IrMapping::default();
    let first = ctx.clone_op(for_op, &mut map);
    ctx.insert_op_before(for_op, first);
    ctx.set_operand(first, 1, split);
    let results = ctx.results(first).to_vec();
    for (i, r) in results.into_iter().enumerate() {
        ctx.set_operand(for_op, 3 + i, r);
    }
    ctx.set_operand(for_op, 0, split);
    Ok(first)
}

/// Whether `a >= b + gap` is known from constant bounds of the values.
fn known_at_least(ctx: &Context, a: Value, b: Value, gap: i64) -> bool {
    use tessel_ir::interfaces::value_bounds::index_bounds;
    match (index_bounds(ctx, a).lo, index_bounds(ctx, b).hi) {
        (Some(lo), Some(hi)) => hi.checked_add(gap).is_some_and(|h| lo >= h),
        _ => false,
    }
}

fn bounds(ctx: &Context, for_op: OpId) -> [Value; 3] {
    let ops = ctx.operands(for_op);
    [ops[0], ops[1], ops[2]]
}

fn is_index(ctx: &Context, v: Value) -> bool {
    matches!(ctx.value_type_kind(v), TypeKind::Index)
}

/// A new constant `c` of `like`'s type right before `op` (where MLIR's
/// `createOrFold` materializes a folded bound). For a loop over integers
/// 22 folds the `affine.apply` to an `index` constant first and then casts
/// it, which leaves that constant behind unused; so does this.
fn constant_before(ctx: &mut Context, op: OpId, c: i64, like: Value) -> Value {
    let ty = ctx.value_type(like);
    let index = ctx.index_type();
    let loc = ctx.op_loc(op);
    let make = |ctx: &mut Context, t| {
        let a = ctx.int_attr(c as i128, t);
        let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
        ConstantOp::create(&mut b, Some(a), &[t], vec![]).result(b.ctx)
    };
    if ty != index {
        make(ctx, index);
    }
    make(ctx, ty)
}

/// Replaces each min/max in `loop_op` that the peeling invariant decides
/// (`ub - iv >= step` inside the main loop, `< step` in the partial one).
fn simplify_min_max_in(ctx: &mut Context, loop_op: OpId, ub: Value, step: Value, main: bool) {
    let iv = ctx.block_args(ctx.blocks(ctx.regions(loop_op)[0])[0])[0];
    let mut facts = Facts::default();
    for v in [ub, step] {
        if let Some(c) = constant_int(ctx, v) {
            facts.set_constant(v, c);
        }
    }
    if main {
        facts.set_upper(iv, Linear::of(ub, 1, 0).plus(&Linear::of(step, 1, 0), -1).expect("no overflow"));
    } else {
        facts.set_lower(iv, Linear::of(ub, 1, 1).plus(&Linear::of(step, 1, 0), -1).expect("no overflow"));
    }
    let mut ops = Vec::new();
    ctx.walk_preorder(loop_op, &mut |o| {
        if MinOp::isa(ctx, o) || MaxOp::isa(ctx, o) {
            ops.push(o);
        }
    });
    for op in ops {
        replace_by_taken_result(ctx, op, &facts);
    }
}

/// Replaces min/max `op` by the result `facts` prove it always takes;
/// whether it did.
pub fn replace_by_taken_result(ctx: &mut Context, op: OpId, facts: &Facts) -> bool {
    let Some(k) = always_taken_result(ctx, op, facts) else { return false };
    let Some(map) = taken_result_map(ctx, op, k, facts) else { return false };
    // Over the operands as dims, symbols after the dims.
    let nd = map.num_dims;
    let syms: Vec<AffineExpr> = (0..map.num_syms).map(|i| AffineExpr::Dim(nd + i)).collect();
    let dims: Vec<AffineExpr> = (0..nd).map(AffineExpr::Dim).collect();
    let expr = map.results[0].replace(&dims, &syms);
    let operands = ctx.operands(op).to_vec();
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let v = b.canonical_affine_apply(expr, &operands);
    let old = ctx.result(op, 0);
    ctx.replace_all_uses(old, v);
    ctx.erase_op(op);
    true
}
