//! `-scf-for-loop-canonicalization` and
//! `transform.apply_patterns.scf.for_loop_canonicalization`: MLIR 22's
//! loop canonicalization patterns, applied greedily with folding.
//!
//! - An `affine.min` / `affine.max` one of whose results it always takes,
//!   given what the loops say about the induction variables among its
//!   operands (`lb <= %i <= lb + step * ((ub - lb - 1) floordiv step)` for
//!   an `scf.for` or `scf.forall` of constant step), becomes an
//!   `affine.apply` of that result (22's `canonicalizeMinMaxOpInLoop`);
//!   the greedy driver folds it to a constant where it is one. A loop whose
//!   bounds are not both constants decides nothing (22's constraints then
//!   hold a `floordiv` of unknowns and its simplification gives up).
//! - `tensor.dim` / `memref.dim` of a loop's iteration argument or result
//!   reads the loop's init when every iteration yields a tensor of the
//!   same shape (a chain of `tensor.insert_slice` destinations or nested
//!   loops back to the argument).

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::affine::{op_map, ApplyOp, MaxOp, MinOp};
use tessel_ir::dialects::pack::constant_int;
use tessel_ir::dialects::patterns::affine_loop_facts::{always_taken_result, taken_result_map, Facts, Linear};
use tessel_ir::dialects::scf::{forall_bounds, ForOp, ForallOp};
use tessel_ir::dialects::tensor::InsertSliceOp;
use tessel_ir::dialects::{memref, tensor};
use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::canonicalize::{apply_patterns_greedily, PatternSet};
use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "scf-for-loop-canonicalization",
    description: "Canonicalize operations within scf.for loop bodies (min/max the loop bounds decide, dims of loop-carried tensors)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(ForLoopCanonicalization))
    },
};

struct ForLoopCanonicalization;

impl Pass for ForLoopCanonicalization {
    fn name(&self) -> &'static str {
        "scf-for-loop-canonicalization"
    }

    fn class_name(&self) -> &'static str {
        "SCFForLoopCanonicalization"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        apply_patterns_greedily(ctx, op, PatternSet::patterns(&[patterns]));
        Ok(())
    }
}

/// The patterns (a [`crate::canonicalize::PatternSource`]).
pub(crate) fn patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if MinOp::isa(ctx, op) || MaxOp::isa(ctx, op) {
        named_patterns![min_max_in_loop, fold_affine_constant]
    } else if ApplyOp::isa(ctx, op) {
        named_patterns![fold_affine_constant]
    } else if tensor::DimOp::isa(ctx, op) || memref::DimOp::isa(ctx, op) {
        named_patterns![dim_of_iter_arg, dim_of_loop_result]
    } else {
        &[]
    }
}

/// The loop facts about `iv`, if it is the induction variable of an
/// `scf.for` or `scf.forall` (`Err` for a step or bounds that are not
/// constants: 22 gives up on the whole op then).
fn add_loop_facts(ctx: &Context, iv: Value, facts: &mut Facts) -> Result<bool, ()> {
    let ValueDef::BlockArg { block, index } = ctx.value_def(iv) else { return Ok(false) };
    let Some(owner) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return Ok(false) };
    let bound = |ints: &(Vec<i64>, Vec<Value>), i: usize| -> Option<Result<i64, Value>> {
        if ints.0[i] != DYNAMIC {
            return Some(Ok(ints.0[i]));
        }
        let k = ints.0[..i].iter().filter(|x| **x == DYNAMIC).count();
        let v = *ints.1.get(k)?;
        Some(constant_int(ctx, v).ok_or(v))
    };
    let (lb, ub, step) = if ForOp::isa(ctx, owner) && index == 0 {
        let ops = ctx.operands(owner);
        let of = |v: Value| constant_int(ctx, v).ok_or(v);
        // Constant bounds are known values wherever the op uses them too
        // (22 binds them to their constants in the constraint system).
        for v in [ops[0], ops[1]] {
            if let Some(c) = constant_int(ctx, v) {
                facts.set_constant(v, c);
            }
        }
        (of(ops[0]), of(ops[1]), of(ops[2]))
    } else if ForallOp::isa(ctx, owner) {
        let Some(b) = forall_bounds(ctx, owner) else { return Ok(false) };
        let i = index as usize;
        match (bound(&b.lbs, i), bound(&b.ubs, i), bound(&b.steps, i)) {
            (Some(l), Some(u), Some(s)) => (l, u, s),
            _ => return Ok(false),
        }
    } else {
        return Ok(false);
    };
    let Ok(step) = step else { return Err(()) };
    let linear = |b: Result<i64, Value>| match b {
        Ok(c) => Linear::constant(c),
        Err(v) => Linear::of(v, 1, 0),
    };
    facts.set_lower(iv, linear(lb));
    let upper = match (lb, ub) {
        (Ok(l), Ok(u)) if l.checked_add(step).is_some_and(|x| x >= u) => Linear::constant(l),
        (Ok(l), Ok(u)) if step > 0 => Linear::constant(l + step * tessel_ir::affine::floor_div(u - l - 1, step)),
        // The last value of an induction variable between bounds that are
        // not constants is `lb + step * ((ub - lb - 1) floordiv step)`; 22
        // proves nothing once that floordiv is in its constraints, and
        // neither does this.
        _ => return Err(()),
    };
    facts.set_upper(iv, upper);
    Ok(true)
}

/// 22's `canonicalizeMinMaxOpInLoop`: a min/max that the bounds of the
/// loops of its induction-variable operands decide.
fn min_max_in_loop(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let mut facts = Facts::default();
    let mut any = false;
    let mut seen: Vec<Value> = Vec::new();
    for &v in ctx.operands(op) {
        if seen.contains(&v) {
            continue;
        }
        seen.push(v);
        match add_loop_facts(ctx, v, &mut facts) {
            Ok(found) => any |= found,
            Err(()) => return false,
        }
    }
    if !any {
        return false;
    }
    let Some(k) = always_taken_result(ctx, op, &facts) else { return false };
    let Some(map) = taken_result_map(ctx, op, k, &facts) else { return false };
    let operands = ctx.operands(op).to_vec();
    let expr = over_operands(&map);
    rw.set_insertion_point_before(op);
    let v = rw.canonical_affine_apply(expr, &operands);
    rw.replace_op(op, &[v]);
    true
}

/// The one result of `map` with its symbols renumbered as dims after the
/// map's dims (one dim per operand).
fn over_operands(map: &AffineMap) -> AffineExpr {
    let nd = map.num_dims;
    let dims: Vec<AffineExpr> = (0..nd).map(AffineExpr::Dim).collect();
    let syms: Vec<AffineExpr> = (0..map.num_syms).map(|i| AffineExpr::Dim(nd + i)).collect();
    map.results[0].replace(&dims, &syms)
}

/// The ops' `fold`: an apply of a lone dim or symbol is that operand; an
/// apply, min or max whose results are constants given the constant
/// operands is the constant (the smallest, the largest); a min or max
/// takes the constants its operands are into its map.
fn fold_affine_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(map) = op_map(ctx, op) else { return false };
    let operands = ctx.operands(op).to_vec();
    let nd = map.num_dims as usize;
    let is_apply = ApplyOp::isa(ctx, op);
    if is_apply {
        let lone = match map.results.as_slice() {
            [AffineExpr::Dim(d)] => Some(*d as usize),
            [AffineExpr::Sym(s)] => Some(nd + *s as usize),
            _ => None,
        };
        if let Some(&v) = lone.and_then(|i| operands.get(i)) {
            rw.replace_op(op, &[v]);
            return true;
        }
    }
    let known = |i: usize, own: AffineExpr| constant_int(ctx, operands[i]).map_or(own, AffineExpr::Const);
    let dims: Vec<AffineExpr> = (0..nd).map(|i| known(i, AffineExpr::Dim(i as u32))).collect();
    let syms: Vec<AffineExpr> = (0..map.num_syms as usize).map(|i| known(nd + i, AffineExpr::Sym(i as u32))).collect();
    // 22's `partialConstantFold`: a result that the constants make a
    // constant becomes one; the others stay as they are.
    let results: Vec<AffineExpr> = map
        .results
        .iter()
        .map(|e| match e.replace(&dims, &syms).as_const() {
            Some(c) => AffineExpr::Const(c),
            None => e.clone(),
        })
        .collect();
    let values: Option<Vec<i64>> = results.iter().map(AffineExpr::as_const).collect();
    let Some(values) = values else {
        // A min/max takes them into its map in place (operands stay).
        if is_apply || results == map.results {
            return false;
        }
        let folded = AffineMap { num_dims: map.num_dims, num_syms: map.num_syms, results };
        let a = rw.ctx.attr(tessel_ir::attrs::AttrKind::AffineMap(folded));
        rw.set_attr(op, "map", a);
        return true;
    };
    let folded = if is_apply || values.len() == 1 {
        values.first().copied()
    } else if MinOp::isa(ctx, op) {
        values.iter().min().copied()
    } else {
        values.iter().max().copied()
    };
    let Some(c) = folded else { return false };
    rw.replace_op_with_constant(op, c);
    true
}

/// 22's `isShapePreserving`: every iteration of `for_op` yields, for its
/// iteration argument `arg`, a tensor of the argument's shape.
fn is_shape_preserving(ctx: &Context, for_op: OpId, arg: usize) -> bool {
    let body = ctx.blocks(ctx.regions(for_op)[0])[0];
    let Some(yield_op) = ctx.block_ops(body).last() else { return false };
    let Some(&start) = ctx.operands(yield_op).get(arg) else { return false };
    let iter_arg = ctx.block_args(body)[1 + arg];
    let mut value = start;
    for _ in 0..1024 {
        if value == iter_arg {
            return true;
        }
        let ValueDef::Result { op, index } = ctx.value_def(value) else { return false };
        value = if InsertSliceOp::isa(ctx, op) {
            ctx.operands(op)[1]
        } else if ForOp::isa(ctx, op) && is_shape_preserving(ctx, op, index as usize) {
            ctx.operands(op)[3 + index as usize]
        } else {
            return false;
        };
    }
    false
}

/// `dim` of an iteration argument of a shape-preserving loop: of its init.
fn dim_of_iter_arg(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let source = ctx.operands(op)[0];
    let ValueDef::BlockArg { block, index } = ctx.value_def(source) else { return false };
    let Some(owner) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return false };
    if !ForOp::isa(ctx, owner) || index == 0 || !is_shape_preserving(ctx, owner, index as usize - 1) {
        return false;
    }
    let init = ctx.operands(owner)[3 + index as usize - 1];
    rw.set_operand(op, 0, init);
    true
}

/// `dim` of a result of a shape-preserving loop: of its init.
fn dim_of_loop_result(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let source = ctx.operands(op)[0];
    let ValueDef::Result { op: owner, index } = ctx.value_def(source) else { return false };
    if !ForOp::isa(ctx, owner) || !is_shape_preserving(ctx, owner, index as usize) {
        return false;
    }
    let init = ctx.operands(owner)[3 + index as usize];
    rw.set_operand(op, 0, init);
    true
}
