//! `-eliminate-empty-tensors`, as MLIR 22's: a `tensor.empty` whose
//! contents end up inserted into a destination (`tensor.insert_slice`,
//! `tensor.parallel_insert_slice`, `bufferization.materialize_in_destination`,
//! through ops whose result is the same buffer as the empty, e.g. a
//! `linalg.fill`, `generic` or `vector.transfer_write` writing it) is
//! replaced, at that use, by a `tensor.extract_slice` of the destination
//! at the inserted place (the whole destination for a materialize: the
//! tensor, or a `bufferization.to_tensor restrict` of the memref, which
//! takes over the op's `restrict`): bufferized, the op then writes straight
//! into the destination and no buffer is allocated for the empty.
//!
//! As 22: one-shot analysis first (function boundaries on, for a module);
//! only inserts whose source bufferizes in place; the use-def chain is
//! followed through equivalent values of the same type only; the slice goes
//! before the empty when the destination and the slice's offsets and sizes
//! are defined there, else right after the last of them (or at the top of
//! the block of an argument) when that still comes before the use; the
//! empty itself is left for canonicalization to erase.

use rustc_hash::FxHashSet;
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects;
use tessel_ir::dialects::bufferization::ToTensorOp;
use tessel_ir::dialects::tensor::{self as tensor_d, CastOp, EmptyOp, ExtractSliceOp};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use super::analysis::{analyze, AnalysisOptions};
use super::model::{Kind, Model, Use};
use crate::manager::{Pass, PassInfo};

/// Eliminates the empty tensors of every function in `module`; returns how
/// many uses were replaced, or the diagnostic of an input one-shot
/// analysis does not take (a `to_tensor` without `restrict`).
pub fn eliminate_empty_tensors(ctx: &mut Context, module: OpId) -> Result<usize, Diagnostic> {
    let funcs: Vec<OpId> = ctx
        .regions(module)
        .iter()
        .flat_map(|r| ctx.blocks(*r).to_vec())
        .flat_map(|b| ctx.block_op_list(b))
        .filter(|o| dialects::func::FuncOp::isa(ctx, *o) && !ctx.regions(*o).is_empty())
        .collect();
    let opts = AnalysisOptions { function_boundaries: true, copy_before_write: false, calls: None };
    let mut replaced = 0;
    for f in funcs {
        if ctx.blocks(ctx.regions(f)[0]).is_empty() {
            continue;
        }
        let mut ops = Vec::new();
        ctx.walk_preorder(f, &mut |o| ops.push(o));
        ops.retain(|o| *o != f);
        super::check_to_tensors_restrict(ctx, &ops)?;
        let analysis = analyze(ctx, &ops, &opts);
        for op in ops {
            let model = Model { ctx, function_boundaries: true, calls: None };
            let kind = model.kind(op);
            if !matches!(kind, Some(Kind::InsertSlice | Kind::ParallelInsertSlice | Kind::Materialize)) {
                continue;
            }
            let source = (op, 0);
            let in_place = analysis.in_place.contains(&source) || model.aliasing_results(source).is_empty();
            if !in_place {
                continue;
            }
            let (empties, visited) = empties_behind(&model, source);
            for e in empties {
                let Some(user) = visited.iter().copied().find(|u| ctx.operands(u.0)[u.1] == e) else { continue };
                let replacement = if kind == Some(Kind::Materialize) {
                    whole_destination(ctx, op, e, user.0)
                } else {
                    slice_of_destination(ctx, op, e, user.0)
                };
                if let Some(r) = replacement {
                    ctx.set_operand(user.0, user.1, r);
                    replaced += 1;
                }
            }
        }
    }
    Ok(replaced)
}

/// The `tensor.empty` results on `start`'s reverse use-def chain through
/// equivalent values of one type, and the operands visited on the way.
fn empties_behind(model: &Model<'_>, start: Use) -> (Vec<Value>, Vec<Use>) {
    let ctx = model.ctx;
    let mut found = Vec::new();
    let mut visited = vec![start];
    let mut work = vec![ctx.operands(start.0)[start.1]];
    let mut seen = FxHashSet::default();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        if ctx.defining_op(v).is_some_and(|d| EmptyOp::isa(ctx, d)) {
            found.push(v);
            continue;
        }
        let is_cast = ctx.defining_op(v).is_some_and(|d| CastOp::isa(ctx, d));
        for u in model.aliasing_operands(v) {
            let equivalent = model.aliasing_results(u).iter().any(|(r, eq)| *r == v && *eq);
            let operand = ctx.operands(u.0)[u.1];
            if !equivalent || (ctx.value_type(operand) != ctx.value_type(v) && !is_cast) {
                continue;
            }
            visited.push(u);
            work.push(operand);
        }
    }
    (found, visited)
}

/// What a `bufferization.materialize_in_destination` writes into, as a
/// tensor that can replace `empty` in `user` (22's `buildSubsetExtraction`):
/// a tensor destination itself; for a memref destination, a new
/// `bufferization.to_tensor restrict` of it (`writable` as the op is),
/// which takes over the op's `restrict` (only an op that has it qualifies:
/// no other `restrict` view of the memref may exist). `None` when the
/// destination is not in scope before `user`, or its type does not cast to
/// the empty's.
fn whole_destination(ctx: &mut Context, materialize: OpId, empty: Value, user: OpId) -> Option<Value> {
    let dest = ctx.operands(materialize)[1];
    let empty_op = ctx.defining_op(empty)?;
    let at = insertion_point(ctx, empty_op, &[dest], user)?;
    let empty_ty = ctx.value_type(empty);
    let (shape, elem) = match ctx.value_type_kind(dest) {
        TypeKind::Tensor { shape, elem, .. } | TypeKind::MemRef { shape, elem, .. } => (shape.clone(), *elem),
        _ => return None,
    };
    let (empty_shape, empty_elem) = match ctx.type_kind(empty_ty) {
        TypeKind::Tensor { shape, elem, .. } => (shape.clone(), *elem),
        _ => return None,
    };
    if elem != empty_elem || !castable(&shape, &empty_shape) {
        return None;
    }
    let loc = ctx.op_loc(empty_op);
    let whole = if matches!(ctx.value_type_kind(dest), TypeKind::Tensor { .. }) {
        dest
    } else {
        ctx.remove_attr(materialize, "restrict")?;
        let writable = ctx.get_attr(materialize, "writable").is_some();
        let ty = ctx.tensor_type(shape.clone(), elem);
        let mut b = Builder::new(ctx, InsertPoint::Before(at), loc);
        ToTensorOp::create(&mut b, dest, true, writable, &[ty], vec![]).result(b.ctx)
    };
    if ctx.value_type(whole) == empty_ty {
        return Some(whole);
    }
    let next = match ctx.value_def(whole) {
        ValueDef::Result { op, .. } => ctx.next_op(op)?,
        _ => at,
    };
    let mut b = Builder::new(ctx, InsertPoint::Before(next), loc);
    Some(CastOp::create(&mut b, whole, &[empty_ty], vec![]).result(b.ctx))
}

/// Whether a tensor of `a`'s shape casts to one of `b`'s (same rank, equal
/// static extents).
fn castable(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| *x == DYNAMIC || *y == DYNAMIC || x == y)
}

/// Where values computed from `needed` may replace `empty` in `user`: at
/// the empty, or right after the definition of a needed value, whichever
/// comes first in that order and has every needed value in scope before
/// `user` (22's `findValidInsertionPoint`).
fn insertion_point(ctx: &Context, empty_op: OpId, needed: &[Value], user: OpId) -> Option<OpId> {
    let mut candidates = vec![empty_op];
    for v in needed {
        match ctx.value_def(*v) {
            ValueDef::BlockArg { block, .. } => candidates.extend(ctx.first_op(block)),
            ValueDef::Result { op, .. } => candidates.extend(ctx.next_op(op)),
            ValueDef::Detached => {}
        }
    }
    candidates.into_iter().find(|c| needed.iter().all(|v| defined_before(ctx, *v, *c)) && dominates(ctx, *c, user))
}

/// A `tensor.extract_slice` of `insert`'s destination at the inserted
/// place, made where it can replace `empty` in `user` (cast to the empty's
/// type where the shapes differ in static extents); `None` when no place
/// works.
fn slice_of_destination(ctx: &mut Context, insert: OpId, empty: Value, user: OpId) -> Option<Value> {
    let sv = tensor_d::slice_view(ctx, insert)?;
    let (offsets, sizes, strides) = (
        (sv.offsets.0.to_vec(), sv.offsets.1.to_vec()),
        (sv.sizes.0.to_vec(), sv.sizes.1.to_vec()),
        (sv.strides.0.to_vec(), sv.strides.1.to_vec()),
    );
    let dest = ctx.operands(insert)[1];
    let mut needed = vec![dest];
    needed.extend(offsets.1.iter().chain(&sizes.1).chain(&strides.1));
    let empty_op = ctx.defining_op(empty)?;
    let found = insertion_point(ctx, empty_op, &needed, user);
    // None: move the needed values' definitions before the use (22's
    // moveValueDefinitions) and make the slice there.
    let at = match found {
        Some(at) => at,
        None => {
            move_definitions_before(ctx, &needed, user)?;
            user
        }
    };
    // The slice has the inserted source's type (rank-reduced as the insert
    // is), as 22's `buildSubsetExtraction` makes it.
    let ty = ctx.value_type(ctx.operands(insert)[0]);
    let (Some(slice_shape), Some(empty_shape)) =
        (ctx.type_kind(ty).shape().map(<[i64]>::to_vec), ctx.value_type_kind(empty).shape().map(<[i64]>::to_vec))
    else {
        return None;
    };
    if !castable(&slice_shape, &empty_shape) {
        return None; // no cast between them
    }
    let loc = ctx.op_loc(empty_op);
    let mut b = Builder::new(ctx, InsertPoint::Before(at), loc);
    let slice = ExtractSliceOp::create(
        &mut b,
        dest,
        &offsets.1,
        &sizes.1,
        &strides.1,
        &offsets.0,
        &sizes.0,
        &strides.0,
        &[ty],
        vec![],
    )
    .result(b.ctx);
    if slice_shape == empty_shape {
        return Some(slice);
    }
    let empty_ty = ctx.value_type(empty);
    let next = ctx.next_op(ctx.defining_op(slice)?)?;
    let mut b = Builder::new(ctx, InsertPoint::Before(next), loc);
    Some(CastOp::create(&mut b, slice, &[empty_ty], vec![]).result(b.ctx))
}

/// Moves the pure ops in `op`'s block that `values` are computed from (and
/// that do not already come before `op`) to just before `op`, operands
/// first; `None` (and nothing moved) when a value is a block argument not
/// in scope, is defined in another block, or depends on an op with side
/// effects.
fn move_definitions_before(ctx: &mut Context, values: &[Value], op: OpId) -> Option<()> {
    let block = ctx.op_block(op)?;
    let mut slice: Vec<OpId> = Vec::new();
    let mut seen = FxHashSet::default();
    // Depth first, operands before users: a topological order.
    fn visit(ctx: &Context, o: OpId, at: OpId, slice: &mut Vec<OpId>, seen: &mut FxHashSet<OpId>) -> Option<()> {
        if !seen.insert(o) || dominates(ctx, o, at) && o != at {
            return Some(());
        }
        if o == at || !ctx.def_of(o).is_some_and(|d| d.has(tessel_ir::registry::traits::PURE)) {
            return None;
        }
        for v in ctx.operands(o).to_vec() {
            if let Some(d) = ctx.defining_op(v) {
                if ctx.op_block(d) == ctx.op_block(o) {
                    visit(ctx, d, at, slice, seen)?;
                }
            }
        }
        slice.push(o);
        Some(())
    }
    for v in values {
        if defined_before(ctx, *v, op) {
            continue;
        }
        let d = ctx.defining_op(*v)?;
        if ctx.op_block(d) != Some(block) {
            return None;
        }
        visit(ctx, d, op, &mut slice, &mut seen)?;
    }
    for o in slice {
        ctx.unlink_op(o);
        ctx.insert_op_before(op, o);
    }
    Some(())
}

/// Whether `v` is defined before `op` (in `op`'s block or an enclosing
/// one), so `op` may use it.
fn defined_before(ctx: &Context, v: Value, op: OpId) -> bool {
    match ctx.value_def(v) {
        ValueDef::Result { op: d, .. } => d != op && dominates(ctx, d, op),
        ValueDef::BlockArg { block, .. } => {
            let mut cur = Some(op);
            while let Some(c) = cur {
                if ctx.op_block(c) == Some(block) {
                    return true;
                }
                cur = ctx.parent_op(c);
            }
            false
        }
        ValueDef::Detached => false,
    }
}

/// Whether op `a` dominates op `b`: `a` is `b`, or comes before an
/// ancestor of `b` in `a`'s block.
fn dominates(ctx: &Context, a: OpId, b: OpId) -> bool {
    let Some(block) = ctx.op_block(a) else { return false };
    let mut anc = Some(b);
    while let Some(x) = anc {
        if ctx.op_block(x) == Some(block) {
            let mut cur = Some(a);
            while let Some(c) = cur {
                if c == x {
                    return true;
                }
                cur = ctx.next_op(c);
            }
            return false;
        }
        anc = ctx.parent_op(x);
    }
    false
}

/// The `-eliminate-empty-tensors` pass.
pub struct EliminateEmptyTensors;

impl Pass for EliminateEmptyTensors {
    fn name(&self) -> &'static str {
        "eliminate-empty-tensors"
    }
    fn class_name(&self) -> &'static str {
        "EmptyTensorElimination"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        eliminate_empty_tensors(ctx, op).map(|_| ())
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "eliminate-empty-tensors",
    description: "Replace a tensor.empty whose contents are inserted into a destination by a slice of that destination (before one-shot-bufferize)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(EliminateEmptyTensors))
    },
};
