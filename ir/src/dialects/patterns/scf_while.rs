//! `scf.while`'s canonicalization patterns, as MLIR 22's
//! `WhileOp::getCanonicalizationPatterns` (in its order):
//!
//! - a `before` argument that the loop yields back unchanged (directly, or
//!   through the `after` block) is its initial value;
//! - a value `scf.condition` forwards from outside the `before` block is
//!   used directly (in the `after` block and for the result);
//! - in the `after` block, the forwarded condition is `true`, and a
//!   comparison that repeats (or inverts) the condition's is a constant;
//! - results unused in and after the loop go, duplicated forwarded values
//!   are forwarded once, unused `before` arguments go, and forwarded
//!   `before` arguments are put back in their order.

use crate::attrs::AttrKind;
use crate::dialects::arith::{CmpIOp, ConstantOp};
use crate::dialects::scf::YieldOp;
use crate::dialects::scf_more::{ConditionOp, WhileOp};
use crate::rewriter::Rewriter;
use crate::{BlockId, Context, OpId, Type, Value};

/// The parts of an `scf.while` the patterns look at.
struct Loop {
    before: BlockId,
    after: BlockId,
    condition_op: OpId,
    yield_op: OpId,
}

impl Loop {
    fn of(ctx: &Context, op: OpId) -> Option<Loop> {
        if !WhileOp::isa(ctx, op) {
            return None;
        }
        let w = WhileOp(op);
        let before = *ctx.blocks(w.before(ctx)).first()?;
        let after = *ctx.blocks(w.after(ctx)).first()?;
        let condition_op = ctx.last_op(before).filter(|t| ConditionOp::isa(ctx, *t))?;
        let yield_op = ctx.last_op(after).filter(|t| YieldOp::isa(ctx, *t))?;
        Some(Loop { before, after, condition_op, yield_op })
    }

    fn condition(&self, ctx: &Context) -> Value {
        ctx.operands(self.condition_op)[0]
    }

    fn forwarded(&self, ctx: &Context) -> Vec<Value> {
        ctx.operands(self.condition_op)[1..].to_vec()
    }

    fn yielded(&self, ctx: &Context) -> Vec<Value> {
        ctx.operands(self.yield_op).to_vec()
    }
}

/// Replaces `scf.condition` by one forwarding `args`.
fn set_condition_args(rw: &mut Rewriter<'_>, l: &Loop, args: &[Value]) {
    let cond = l.condition(rw.ctx);
    rw.set_insertion_point_before(l.condition_op);
    ConditionOp::create(rw, cond, args, &[], vec![]);
    rw.erase_op(l.condition_op);
}

/// Replaces the `after` block's `scf.yield` by one yielding `values`.
fn set_yield(rw: &mut Rewriter<'_>, l: &Loop, values: &[Value]) {
    rw.set_insertion_point_before(l.yield_op);
    YieldOp::create(rw, values, &[], vec![]);
    rw.erase_op(l.yield_op);
}

/// What an old block argument or result becomes: the new one at an index,
/// or a value.
#[derive(Clone, Copy)]
enum Becomes {
    New(usize),
    Value(Value),
    /// Unused: nothing replaces it.
    Nothing,
}

/// A new `scf.while` of `inits` (its `before` block takes their types) and
/// `result_types` (its `after` block's too), before `op`, with the old
/// blocks' ops moved in (their arguments replaced as `before` / `after`
/// say), the old results replaced as their `after` arguments, and `op`
/// erased.
fn rebuild(
    rw: &mut Rewriter<'_>,
    op: OpId,
    l: &Loop,
    inits: &[Value],
    result_types: &[Type],
    before: &[Becomes],
    after: &[Becomes],
) {
    rw.set_insertion_point_before(op);
    let init_types: Vec<Type> = inits.iter().map(|v| rw.ctx.value_type(*v)).collect();
    let (before_region, new_before, before_args) = rw.region_with_block(&init_types);
    let (after_region, new_after, after_args) = rw.region_with_block(result_types);
    let new = WhileOp::create(rw, inits, result_types, vec![before_region, after_region]).op();
    let new_results = rw.ctx.results(new).to_vec();
    let pick = |b: &Becomes, new_values: &[Value]| match b {
        Becomes::New(i) => Some(new_values[*i]),
        Becomes::Value(v) => Some(*v),
        Becomes::Nothing => None,
    };
    let old_before: Vec<Value> = rw.ctx.block_args(l.before).to_vec();
    let old_after: Vec<Value> = rw.ctx.block_args(l.after).to_vec();
    let before_with: Vec<Value> =
        before.iter().zip(&old_before).map(|(b, old)| pick(b, &before_args).unwrap_or(*old)).collect();
    let after_with: Vec<Value> =
        after.iter().zip(&old_after).map(|(b, old)| pick(b, &after_args).unwrap_or(*old)).collect();
    rw.merge_blocks(l.before, new_before, &before_with);
    rw.merge_blocks(l.after, new_after, &after_with);
    for (r, b) in rw.ctx.results(op).to_vec().into_iter().zip(after) {
        if let Some(v) = pick(b, &new_results) {
            rw.replace_all_uses_with(r, v);
        }
    }
    rw.erase_op(op);
}

/// `RemoveLoopInvariantArgsFromBeforeBlock`: a `before` argument the loop
/// yields back as it is (the init itself, or the `after` argument the
/// condition forwarded it, or its init, to) is its init.
pub fn remove_loop_invariant_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let inits = WhileOp(op).inits(ctx).to_vec();
    let (before_args, after_args) = (ctx.block_args(l.before).to_vec(), ctx.block_args(l.after).to_vec());
    let (forwarded, yielded) = (l.forwarded(ctx), l.yielded(ctx));
    let invariant: Vec<bool> = inits
        .iter()
        .zip(&yielded)
        .enumerate()
        .map(|(i, (init, y))| {
            if y == init {
                return true;
            }
            match after_args.iter().position(|a| a == y) {
                Some(k) => forwarded.get(k).is_some_and(|c| *c == before_args[i] || c == init),
                None => false,
            }
        })
        .collect();
    if !invariant.contains(&true) {
        return false;
    }
    let kept: Vec<usize> = (0..inits.len()).filter(|i| !invariant[*i]).collect();
    let new_yields: Vec<Value> = kept.iter().map(|i| yielded[*i]).collect();
    let new_inits: Vec<Value> = kept.iter().map(|i| inits[*i]).collect();
    set_yield(rw, &l, &new_yields);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let mut next = 0;
    let before: Vec<Becomes> = (0..inits.len())
        .map(|i| {
            if invariant[i] {
                Becomes::Value(inits[i])
            } else {
                next += 1;
                Becomes::New(next - 1)
            }
        })
        .collect();
    let n = rw.ctx.results(op).len();
    let types: Vec<Type> = rw.ctx.results(op).iter().map(|r| rw.ctx.value_type(*r)).collect();
    let same: Vec<Becomes> = (0..n).map(Becomes::New).collect();
    rebuild(rw, op, &l, &new_inits, &types, &before, &same);
    true
}

/// `RemoveLoopInvariantValueYielded`: a value `scf.condition` forwards
/// from outside the `before` block replaces its `after` argument and its
/// result.
pub fn remove_loop_invariant_value_yielded(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let forwarded = l.forwarded(ctx);
    let outside = |v: &Value| ctx.value_block(*v) != Some(l.before);
    if !forwarded.iter().any(outside) {
        return false;
    }
    let invariant: Vec<bool> = forwarded.iter().map(outside).collect();
    let kept: Vec<Value> = forwarded.iter().zip(&invariant).filter(|(_, i)| !**i).map(|(v, _)| *v).collect();
    let kept_types: Vec<Type> = kept.iter().map(|v| ctx.value_type(*v)).collect();
    let inits = WhileOp(op).inits(ctx).to_vec();
    set_condition_args(rw, &l, &kept);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let mut next = 0;
    let mapping: Vec<Becomes> = forwarded
        .iter()
        .zip(&invariant)
        .map(|(v, inv)| {
            if *inv {
                Becomes::Value(*v)
            } else {
                next += 1;
                Becomes::New(next - 1)
            }
        })
        .collect();
    let before: Vec<Becomes> = (0..inits.len()).map(Becomes::New).collect();
    rebuild(rw, op, &l, &inits, &kept_types, &before, &mapping);
    true
}

/// `WhileConditionTruth`: in the `after` block, the forwarded condition is
/// `true`.
pub fn condition_truth(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let cond = l.condition(ctx);
    let after_args = ctx.block_args(l.after).to_vec();
    let used: Vec<Value> = l
        .forwarded(ctx)
        .iter()
        .zip(&after_args)
        .filter(|(f, a)| **f == cond && !ctx.use_empty(**a))
        .map(|(_, a)| *a)
        .collect();
    if used.is_empty() {
        return false;
    }
    rw.set_insertion_point_before(op);
    let ty = rw.ctx.value_type(cond);
    let t = rw.ctx.attr(AttrKind::Bool(true));
    let c = ConstantOp::create(rw, Some(t), &[ty], vec![]).result(rw.ctx);
    for a in used {
        rw.replace_all_uses_with(a, c);
    }
    true
}

/// `arith::invertPredicate` on the predicate numbers (eq, ne, slt, sle,
/// sgt, sge, ult, ule, ugt, uge).
fn inverted_predicate(p: i128) -> Option<i128> {
    Some(match p {
        0 => 1,
        1 => 0,
        2 => 5,
        3 => 4,
        4 => 3,
        5 => 2,
        6 => 9,
        7 => 8,
        8 => 7,
        9 => 6,
        _ => return None,
    })
}

fn predicate(ctx: &Context, op: OpId) -> Option<i128> {
    match ctx.attr_kind(ctx.get_attr(op, "predicate")?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// `WhileCmpCond`: in the `after` block, an `arith.cmpi` of a forwarded
/// operand of the condition's `arith.cmpi` against the same other operand
/// is `true` (same predicate) or `false` (inverted).
pub fn cmp_cond(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let Some(cmp) = ctx.defining_op(l.condition(ctx)).filter(|d| CmpIOp::isa(ctx, *d)) else { return false };
    let Some(pred) = predicate(ctx, cmp) else { return false };
    let cmp_ops = ctx.operands(cmp).to_vec();
    let after_args = ctx.block_args(l.after).to_vec();
    let mut folds: Vec<(OpId, bool)> = Vec::new();
    for (f, a) in l.forwarded(ctx).iter().zip(&after_args) {
        for side in 0..2 {
            if *f != cmp_ops[side] {
                continue;
            }
            for u in ctx.uses(*a) {
                let user = u.op;
                if !CmpIOp::isa(ctx, user) || folds.iter().any(|(o, _)| *o == user) {
                    continue;
                }
                if ctx.operands(user)[1 - side] != cmp_ops[1 - side] {
                    continue;
                }
                let same = match predicate(ctx, user) {
                    Some(p) if p == pred => true,
                    Some(p) if Some(p) == inverted_predicate(pred) => false,
                    _ => continue,
                };
                folds.push((user, same));
            }
        }
    }
    if folds.is_empty() {
        return false;
    }
    for (user, value) in folds {
        rw.set_insertion_point_before(user);
        let ty = rw.ctx.value_type(rw.ctx.result(user, 0));
        let a = rw.ctx.attr(AttrKind::Bool(value));
        let c = ConstantOp::create(rw, Some(a), &[ty], vec![]).result(rw.ctx);
        rw.replace_op(user, &[c]);
    }
    true
}

/// `WhileUnusedResult`: a result unused after the loop whose `after`
/// argument is unused too goes.
pub fn unused_result(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let results = ctx.results(op).to_vec();
    let after_args = ctx.block_args(l.after).to_vec();
    let forwarded = l.forwarded(ctx);
    if results.len() != after_args.len() || forwarded.len() != results.len() {
        return false;
    }
    let dropped: Vec<bool> =
        results.iter().zip(&after_args).map(|(r, a)| ctx.use_empty(*r) && ctx.use_empty(*a)).collect();
    if !dropped.contains(&true) {
        return false;
    }
    let kept: Vec<usize> = (0..results.len()).filter(|i| !dropped[*i]).collect();
    let new_args: Vec<Value> = kept.iter().map(|i| forwarded[*i]).collect();
    let types: Vec<Type> = kept.iter().map(|i| ctx.value_type(results[*i])).collect();
    let inits = WhileOp(op).inits(ctx).to_vec();
    set_condition_args(rw, &l, &new_args);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let mut next = 0;
    let mapping: Vec<Becomes> = dropped
        .iter()
        .map(|d| {
            if *d {
                Becomes::Nothing
            } else {
                next += 1;
                Becomes::New(next - 1)
            }
        })
        .collect();
    let before: Vec<Becomes> = (0..inits.len()).map(Becomes::New).collect();
    rebuild(rw, op, &l, &inits, &types, &before, &mapping);
    true
}

/// `WhileRemoveDuplicatedResults`: a value the condition forwards twice is
/// forwarded once.
pub fn remove_duplicated_results(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let forwarded = l.forwarded(ctx);
    let mut unique: Vec<Value> = Vec::new();
    let mapping: Vec<Becomes> = forwarded
        .iter()
        .map(|v| match unique.iter().position(|u| u == v) {
            Some(i) => Becomes::New(i),
            None => {
                unique.push(*v);
                Becomes::New(unique.len() - 1)
            }
        })
        .collect();
    if unique.len() == forwarded.len() {
        return false;
    }
    let types: Vec<Type> = unique.iter().map(|v| ctx.value_type(*v)).collect();
    let inits = WhileOp(op).inits(ctx).to_vec();
    set_condition_args(rw, &l, &unique);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let before: Vec<Becomes> = (0..inits.len()).map(Becomes::New).collect();
    rebuild(rw, op, &l, &inits, &types, &before, &mapping);
    true
}

/// `WhileRemoveUnusedArgs`: an unused `before` argument goes, with its
/// init and yielded value.
pub fn remove_unused_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let before_args = ctx.block_args(l.before).to_vec();
    if !before_args.iter().any(|a| ctx.use_empty(*a)) {
        return false;
    }
    let (inits, yielded) = (WhileOp(op).inits(ctx).to_vec(), l.yielded(ctx));
    if inits.len() != before_args.len() || yielded.len() != before_args.len() {
        return false;
    }
    let kept: Vec<usize> = (0..before_args.len()).filter(|i| !ctx.use_empty(before_args[*i])).collect();
    let new_inits: Vec<Value> = kept.iter().map(|i| inits[*i]).collect();
    let new_yields: Vec<Value> = kept.iter().map(|i| yielded[*i]).collect();
    let types: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    set_yield(rw, &l, &new_yields);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let mut next = 0;
    let before: Vec<Becomes> = before_args
        .iter()
        .map(|a| {
            if rw.ctx.use_empty(*a) {
                Becomes::Nothing
            } else {
                next += 1;
                Becomes::New(next - 1)
            }
        })
        .collect();
    let same: Vec<Becomes> = (0..types.len()).map(Becomes::New).collect();
    rebuild(rw, op, &l, &new_inits, &types, &before, &same);
    true
}

/// `WhileOpAlignBeforeArgs`: when the condition forwards the `before`
/// arguments themselves in another order, it forwards them in theirs (the
/// `after` arguments and results follow).
pub fn align_before_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let before_args = ctx.block_args(l.before).to_vec();
    let forwarded = l.forwarded(ctx);
    if before_args == forwarded || before_args.len() != forwarded.len() {
        return false;
    }
    let has_duplicates = forwarded.iter().enumerate().any(|(i, v)| forwarded[..i].contains(v));
    if has_duplicates {
        return false;
    }
    // For each forwarded position, the before argument it is.
    let Some(position): Option<Vec<usize>> =
        forwarded.iter().map(|f| before_args.iter().position(|b| b == f)).collect()
    else {
        return false;
    };
    let results = ctx.results(op).to_vec();
    let mut types: Vec<Type> = vec![ctx.value_type(before_args[0]); before_args.len()];
    for (i, j) in position.iter().enumerate() {
        types[*j] = ctx.value_type(results[i]);
    }
    let inits = WhileOp(op).inits(ctx).to_vec();
    set_condition_args(rw, &l, &before_args);
    let l = Loop::of(rw.ctx, op).expect("still a loop");
    let mapping: Vec<Becomes> = position.iter().map(|j| Becomes::New(*j)).collect();
    let before: Vec<Becomes> = (0..inits.len()).map(Becomes::New).collect();
    rebuild(rw, op, &l, &inits, &types, &before, &mapping);
    true
}

/// Two `before` arguments that start from the same value and are yielded
/// the same value hold the same value on every iteration: the later one's
/// uses take the earlier one (mlir-opt 22 merges them; the unused argument
/// then goes).
pub fn merge_equivalent_args(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let before_args = ctx.block_args(l.before).to_vec();
    let (inits, yielded) = (WhileOp(op).inits(ctx).to_vec(), l.yielded(ctx));
    if inits.len() != before_args.len() || yielded.len() != before_args.len() {
        return false;
    }
    for j in 0..before_args.len() {
        if ctx.use_empty(before_args[j]) {
            continue;
        }
        if let Some(i) = (0..j).find(|i| inits[*i] == inits[j] && yielded[*i] == yielded[j]) {
            rw.replace_all_uses_with(before_args[j], before_args[i]);
            return true;
        }
    }
    false
}

/// What a loop's block argument or result can hold, as far as the values
/// flowing into it tell: nothing yet, one value defined outside the loop,
/// or more than one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    Nothing,
    One(Value),
    Many,
}

impl Holds {
    fn meet(self, other: Holds) -> Holds {
        match (self, other) {
            (Holds::Nothing, x) | (x, Holds::Nothing) => x,
            (Holds::One(a), Holds::One(b)) if a == b => Holds::One(a),
            _ => Holds::Many,
        }
    }
}

/// The loop's values (`nodes`) that only ever hold one value defined
/// outside `op`, given, for each node, the values flowing into it (the
/// generic region-branch canonicalization of 22, by fixpoint: a node fed
/// only by that value and by nodes like it holds it).
fn single_outside_values(ctx: &Context, op: OpId, nodes: &[Value], inputs: &[Vec<Value>]) -> Vec<(Value, Value)> {
    let mut holds = vec![Holds::Nothing; nodes.len()];
    let inside = |v: Value| ctx.value_block(v).is_none_or(|b| super::scf::block_within(ctx, b, op));
    loop {
        let mut changed = false;
        for (n, ins) in inputs.iter().enumerate() {
            let mut h = Holds::Nothing;
            for v in ins {
                let hv = match nodes.iter().position(|x| x == v) {
                    Some(m) => holds[m],
                    None if inside(*v) => Holds::Many,
                    None => Holds::One(*v),
                };
                h = h.meet(hv);
            }
            if h != holds[n] {
                holds[n] = h;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    nodes
        .iter()
        .zip(&holds)
        .filter_map(|(n, h)| match h {
            Holds::One(v) if !ctx.use_empty(*n) => Some((*n, *v)),
            _ => None,
        })
        .collect()
}

/// Replaces each node by the one outside value it holds; false if none is
/// used.
fn replace_single_values(rw: &mut Rewriter<'_>, found: Vec<(Value, Value)>) -> bool {
    if found.is_empty() {
        return false;
    }
    for (n, v) in found {
        rw.replace_all_uses_with(n, v);
    }
    true
}

/// An `scf.while` argument or result that only ever holds one value from
/// outside the loop (its init, and values yielded or forwarded that are
/// that value or such arguments) is that value.
pub fn forward_single_values(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(l) = Loop::of(ctx, op) else { return false };
    let (before_args, after_args) = (ctx.block_args(l.before).to_vec(), ctx.block_args(l.after).to_vec());
    let results = ctx.results(op).to_vec();
    let (inits, yielded, forwarded) = (WhileOp(op).inits(ctx).to_vec(), l.yielded(ctx), l.forwarded(ctx));
    if inits.len() != before_args.len()
        || yielded.len() != before_args.len()
        || forwarded.len() != after_args.len()
        || results.len() != after_args.len()
    {
        return false;
    }
    let mut nodes = before_args.clone();
    let mut inputs: Vec<Vec<Value>> = inits.iter().zip(&yielded).map(|(i, y)| vec![*i, *y]).collect();
    for (a, f) in after_args.iter().zip(&forwarded) {
        nodes.push(*a);
        inputs.push(vec![*f]);
    }
    for (r, f) in results.iter().zip(&forwarded) {
        nodes.push(*r);
        inputs.push(vec![*f]);
    }
    let found = single_outside_values(ctx, op, &nodes, &inputs);
    replace_single_values(rw, found)
}

/// The same for an `scf.for`: an iteration argument (and its result) fed
/// only by one outside value and by arguments like it is that value.
pub fn forward_single_iter_values(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(super::scf::IterArgs { inits, args, yielded, results, .. }) = super::scf::IterArgs::of(ctx, op) else {
        return false;
    };
    let mut nodes = args.clone();
    let mut inputs: Vec<Vec<Value>> = inits.iter().zip(&yielded).map(|(i, y)| vec![*i, *y]).collect();
    for (k, r) in results.iter().enumerate() {
        nodes.push(*r);
        inputs.push(vec![inits[k], yielded[k]]);
    }
    let found = single_outside_values(ctx, op, &nodes, &inputs);
    replace_single_values(rw, found)
}
