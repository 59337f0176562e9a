//! `convert-linalg-to-loops`: mlir-opt 22's pass of the same name. Every
//! structured op on buffers (`linalg.generic`, the named ops, `map`,
//! `reduce`, `transpose`, `fill`, `copy`, convolutions, ...) becomes a nest
//! of `scf.for` loops, one per loop of the op (parallel and reduction
//! alike), from 0 to the extent of the first operand dim its maps read it
//! from (`memref.dim` when dynamic), step 1. The innermost body loads each
//! input and init at its indexing map of the induction variables
//! (`affine.apply` where the map is not a plain dim), runs the op's body
//! (`linalg.index` reads the induction variables) and stores each yielded
//! value into its init. As upstream, this is a pattern applied by the
//! greedy driver with `memref.dim` and `affine.apply` folds, which erase
//! the loads and dims nothing reads.

use tessel_ir::builder::{InsertPoint, Ofr};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::memref::{DimOp, LoadOp, StoreOp};
use tessel_ir::dialects::scf::{ForOp, YieldOp};
use tessel_ir::dialects::structured::{index_dim, structured, IndexOp};
use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "convert-linalg-to-loops",
    description: "Lower the operations from the linalg dialect into loops",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(LinalgToLoops))
    },
};

struct LinalgToLoops;

impl Pass for LinalgToLoops {
    fn name(&self) -> &'static str {
        "convert-linalg-to-loops"
    }

    fn class_name(&self) -> &'static str {
        "LinalgLowerToLoopsPass"
    }

    /// Upstream applies the lowering as a pattern of the greedy driver,
    /// whose first iteration takes over the constants there, folds and
    /// lowers every op (the ops nothing reads go), and whose second
    /// uniques and hoists the new constants in program order: here the
    /// driver runs, then the lowering over every op, then the driver
    /// again.
    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let sources: [PatternSource; 1] = [folds];
        // The driver's first iteration takes over the constants already
        // there before the lowering makes new ones after them.
        apply_patterns_greedily(ctx, root, PatternSet::patterns(&sources));
        let mut ops = Vec::new();
        ctx.walk_preorder(root, &mut |op| {
            if structured(ctx, op).is_some() {
                ops.push(op);
            }
        });
        let mut created = Created(Vec::new());
        for op in ops {
            let loc = ctx.op_loc(op);
            let mut rw = Rewriter::new(ctx, InsertPoint::Before(op), loc, &mut created);
            to_loops(&mut rw, op);
        }
        for op in created.0.into_iter().rev() {
            let unread = !ctx.is_erased(op) && ctx.results(op).iter().all(|r| ctx.uses(*r).is_empty());
            let reads_only = ctx.def_of(op).is_some_and(|d| d.has(tessel_ir::registry::traits::PURE))
                || LoadOp::isa(ctx, op)
                || DimOp::isa(ctx, op);
            if unread && reads_only && !ctx.results(op).is_empty() {
                ctx.erase_op(op);
            }
        }
        apply_patterns_greedily(ctx, root, PatternSet::patterns(&sources));
        Ok(())
    }
}

/// Records the ops a lowering creates.
struct Created(Vec<OpId>);

impl tessel_ir::builder::Listener for Created {
    fn op_inserted(&mut self, _ctx: &Context, op: OpId) {
        self.0.push(op);
    }
}

/// The `memref.dim` and `affine.apply` canonicalizations upstream adds to
/// the lowering.
fn folds(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::patterns::{affine, memref};
    if DimOp::isa(ctx, op) {
        named_patterns![memref::fold_dim]
    } else if tessel_ir::dialects::affine::ApplyOp::isa(ctx, op) {
        named_patterns![affine::fold_affine]
    } else {
        &[]
    }
}

fn is_memref(ctx: &Context, v: Value) -> bool {
    matches!(ctx.value_type_kind(v), TypeKind::MemRef { .. })
}

/// Replaces the structured op `op` on buffers by its loop nest.
fn to_loops(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(s) = structured(ctx, op) else { return false };
    let buffers = ctx.results(op).is_empty()
        && s.outputs.iter().all(|v| is_memref(ctx, *v))
        && s.inputs.iter().all(|v| is_memref(ctx, *v) || ctx.value_type_kind(*v).shape().is_none());
    let Some(&region) = ctx.regions(op).first() else { return false };
    if !buffers || ctx.blocks(region).len() != 1 {
        return false;
    }
    let block = ctx.blocks(region)[0];
    let bad_index = ctx
        .block_ops(block)
        .any(|o| IndexOp::isa(ctx, o) && index_dim(ctx, o).is_none_or(|d| d < 0 || d as usize >= s.num_loops()));
    if bad_index {
        return false;
    }
    let operands: Vec<Value> = s.operands().collect();
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    // Every dim of every shaped operand, in order (MLIR's
    // createFlatListOfOperandDims): static extents as constants, dynamic
    // ones as `memref.dim`.
    let mut view_sizes: Vec<Ofr> = Vec::new();
    for v in &operands {
        let shape = rw.ctx.value_type_kind(*v).shape().map(<[i64]>::to_vec).unwrap_or_default();
        for (d, size) in shape.iter().enumerate() {
            if *size == DYNAMIC {
                let index = raw_index_const(rw, d as i64);
                let ty = rw.ctx.index_type();
                view_sizes.push(Ofr::Val(DimOp::create(rw, *v, index, &[ty], vec![]).result(rw.ctx)));
            } else {
                view_sizes.push(Ofr::Const(*size));
            }
        }
    }
    // Each loop's extent: the first operand dim its maps read it from.
    let mut extents: Vec<Option<Ofr>> = vec![None; s.num_loops()];
    let mut k = 0;
    for (v, map) in operands.iter().zip(&s.maps) {
        let rank = rw.ctx.value_type_kind(*v).shape().map_or(0, <[i64]>::len);
        for (r, e) in map.results.iter().enumerate().take(rank) {
            if let tessel_ir::affine::AffineExpr::Dim(d) = e {
                extents[*d as usize].get_or_insert(view_sizes[k + r]);
            }
        }
        k += rank;
    }
    // (A loop no operand dim gives the extent of has no lowering; the
    // verifier rejects such ops.)
    let Some(extents) = extents.into_iter().collect::<Option<Vec<Ofr>>>() else { return false };
    // The bounds of every loop, then the loop nest, outermost first (as
    // upstream creates them: the greedy driver then hoists and uniques the
    // constants in that order).
    let bounds: Vec<[Value; 3]> = extents
        .iter()
        .map(|extent| {
            let lb = raw_index_const(rw, 0);
            let ub = match extent {
                Ofr::Val(v) => *v,
                Ofr::Const(c) => raw_index_const(rw, *c),
            };
            [lb, ub, raw_index_const(rw, 1)]
        })
        .collect();
    let mut ivs: Vec<Value> = Vec::new();
    for [lb, ub, step] in bounds {
        let for_op = ForOp::build(rw, lb, ub, step, &[]);
        ivs.push(for_op.induction_var(rw.ctx));
        let body = for_op.body_block(rw.ctx);
        rw.ip = InsertPoint::End(body);
        YieldOp::build(rw, &[]);
        let y = rw.ctx.block_ops(body).last().expect("the yield");
        rw.ip = InsertPoint::Before(y);
    }
    let iv_ofrs: Vec<Ofr> = ivs.iter().map(|v| Ofr::Val(*v)).collect();
    // Loads of the inputs (scalars are read as they are) and inits.
    let mut indexed: Vec<Value> = Vec::with_capacity(operands.len());
    for (v, map) in operands.iter().zip(&s.maps) {
        if !is_memref(rw.ctx, *v) {
            indexed.push(*v);
            continue;
        }
        let indices = indices_at(rw, map, &iv_ofrs);
        let elem =
            tessel_ir::dialects::memref::layout::memref_parts(rw.ctx, rw.ctx.value_type(*v)).expect("a memref").elem;
        indexed.push(LoadOp::create(rw, *v, &indices, None, None, &[elem], vec![]).result(rw.ctx));
    }
    let first_output = s.inputs.len();
    let store_indices: Vec<Vec<Value>> =
        (first_output..operands.len()).map(|k| indices_at(rw, &s.maps[k], &iv_ofrs)).collect();
    // The body, its block arguments read from the loads.
    let block = rw.ctx.blocks(region)[0];
    let body_ops: Vec<OpId> = rw.ctx.block_ops(block).collect();
    let Some((terminator, body)) = body_ops.split_last() else { return false };
    let mut map = IrMapping::default();
    for (arg, v) in rw.ctx.block_args(block).to_vec().into_iter().zip(&indexed) {
        map.map(arg, *v);
    }
    for o in body {
        if IndexOp::isa(rw.ctx, *o) {
            let d = index_dim(rw.ctx, *o).expect("checked above") as usize;
            map.map(rw.ctx.result(*o, 0), ivs[d]);
            continue;
        }
        let copy = rw.ctx.clone_op(*o, &mut map);
        rw.insert_detached(copy);
    }
    let yielded: Vec<Value> = rw.ctx.operands(*terminator).to_vec();
    for (j, y) in yielded.iter().enumerate() {
        let value = map.lookup(*y);
        StoreOp::create(rw, value, operands[first_output + j], &store_indices[j], None, None, &[], vec![]);
    }
    rw.erase_op(op);
    true
}

/// The indices `map` gives at `ivs`, one per result.
fn indices_at(rw: &mut Rewriter<'_>, map: &tessel_ir::affine::AffineMap, ivs: &[Ofr]) -> Vec<Value> {
    map.results
        .iter()
        .map(|e| {
            let one = tessel_ir::affine::AffineMap { num_dims: map.num_dims, num_syms: 0, results: vec![e.clone()] };
            let r = rw.affine_apply(&one, ivs);
            rw.value(r)
        })
        .collect()
}

/// An `arith.constant` of index type at the insertion point, not uniqued:
/// the greedy driver uniques and hoists it as MLIR's folder does.
fn raw_index_const(rw: &mut Rewriter<'_>, v: i64) -> Value {
    let ty = rw.ctx.index_type();
    let attr = rw.ctx.int_attr(i128::from(v), ty);
    tessel_ir::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx)
}
