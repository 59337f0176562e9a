//! Elementwise structured ops on memrefs (`linalg.generic` with parallel
//! loops and permutation or broadcast maps, and the named elementwise ops)
//! as loops of vector code: each operand is a flat view of its buffer, the
//! innermost loop walks rows that are contiguous in every output and
//! contiguous or broadcast in every input, and the body's arith and math
//! ops are applied to vectors of the host's width. Part of
//! `-lower-data-movement`; ops it cannot do this way are left as they are.

use tessel_ir::affine::AffineExpr;
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects;
use tessel_ir::dialects::memref::layout::memref_parts;
use tessel_ir::dialects::memref::LoadOp as MemrefLoadOp;
use tessel_ir::dialects::scf::{ForOp, YieldOp};
use tessel_ir::dialects::structured::{structured, IteratorKind, Structured};
use tessel_ir::dialects::vector::{BroadcastOp, LoadOp as VectorLoadOp, StoreOp as VectorStoreOp};
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, OpId, Type, Value};

use super::movement::{elem_bytes, flat_view, for_row_chunks, linear, plus, static_layout, vector_of};

/// One loop of the walk: its extent and the stride it moves each operand
/// by (inputs, then outputs; 0 for a broadcast operand).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Loop {
    size: i64,
    strides: Vec<i64>,
}

/// The loops, unit loops dropped, in the first output's order, with
/// neighbours contiguous in every operand merged.
fn coalesce(mut loops: Vec<Loop>, first_output: usize) -> Vec<Loop> {
    loops.retain(|l| l.size != 1);
    loops.sort_by_key(|l| std::cmp::Reverse(l.strides[first_output]));
    let mut out: Vec<Loop> = Vec::with_capacity(loops.len());
    for l in loops.into_iter().rev() {
        match out.last_mut() {
            Some(inner) if l.strides.iter().zip(&inner.strides).all(|(o, i)| *o == i * inner.size) => {
                inner.size *= l.size;
            }
            _ => out.push(l),
        }
    }
    out.reverse();
    out
}

/// Whether every op of the body maps elementwise onto vectors: arith and
/// math ops on scalars, no regions.
pub(super) fn body_is_elementwise(ctx: &Context, body: &[OpId]) -> bool {
    let scalar = |t: Type| matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index);
    body.iter().all(|op| {
        let name = ctx.op_name(*op);
        (name.starts_with("arith.") || name.starts_with("math."))
            && ctx.regions(*op).is_empty()
            && ctx.operands(*op).iter().all(|v| scalar(ctx.value_type(*v)))
            && ctx.results(*op).iter().all(|v| scalar(ctx.value_type(*v)))
    })
}

/// The op's loops, if it is an elementwise op on static memrefs whose
/// maps are permutations or broadcasts.
fn loops_of(ctx: &Context, s: &Structured) -> Option<Vec<Loop>> {
    if s.iterators.iter().any(|k| *k != IteratorKind::Parallel) || s.outputs.is_empty() {
        return None;
    }
    let operands: Vec<Value> = s.operands().collect();
    let mut loops: Vec<Loop> = (0..s.num_loops()).map(|_| Loop { size: 0, strides: vec![0; operands.len()] }).collect();
    for (k, (v, map)) in operands.iter().zip(&s.maps).enumerate() {
        let (shape, layout) = static_layout(ctx, ctx.value_type(*v))?;
        let mut seen = vec![false; loops.len()];
        for (r, e) in map.results.iter().enumerate() {
            let AffineExpr::Dim(d) = e else { return None };
            let d = *d as usize;
            if std::mem::replace(&mut seen[d], true) {
                return None;
            }
            loops[d].strides[k] = layout.strides[r];
            if loops[d].size == 0 {
                loops[d].size = shape[r];
            } else if loops[d].size != shape[r] {
                return None;
            }
        }
    }
    // Every loop must be walked by some output.
    let outputs = s.inputs.len()..operands.len();
    let covered = |d: usize| outputs.clone().any(|k| s.maps[k].results.contains(&AffineExpr::Dim(d as u32)));
    (0..loops.len()).all(covered).then_some(loops)
}

/// Lowers `op` if it is an elementwise op this can do; whether it did.
pub(super) fn lower_elementwise(ctx: &mut Context, op: OpId, vector_bytes: i64) -> bool {
    let Some(s) = structured(ctx, op) else { return false };
    if ctx.regions(op).len() != 1 {
        return false;
    }
    let Some(loops) = loops_of(ctx, &s) else { return false };
    let body_block = ctx.blocks(ctx.regions(op)[0])[0];
    let body_ops: Vec<OpId> = ctx.block_ops(body_block).collect();
    let Some((terminator, body)) = body_ops.split_last() else { return false };
    if !body_is_elementwise(ctx, body) {
        return false;
    }
    let operands: Vec<Value> = s.operands().collect();
    let elems: Vec<Type> =
        operands.iter().map(|v| memref_parts(ctx, ctx.value_type(*v)).map(|p| p.elem)).collect::<Option<_>>().unwrap();
    let Some(widest) =
        elems.iter().map(|t| elem_bytes(ctx, *t)).collect::<Option<Vec<i64>>>().map(|b| b.into_iter().max())
    else {
        return false;
    };
    let first_output = s.inputs.len();
    let loc = ctx.op_loc(op);
    if loops.iter().any(|l| l.size == 0) {
        ctx.erase_op(op);
        return true;
    }
    let loops = coalesce(loops, first_output);
    let Some(row) = loops.last().cloned() else { return false };
    let row_ok = row.strides.iter().enumerate().all(|(k, st)| *st == 1 || (k < first_output && *st == 0));
    if !row_ok {
        return false;
    }
    let lanes = (vector_bytes / widest.unwrap_or(1)).max(1);
    let block_args = ctx.block_args(body_block).to_vec();
    let yielded = ctx.operands(*terminator).to_vec();
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let flats: Vec<Value> = operands
        .iter()
        .enumerate()
        .map(|(k, v)| {
            let span = 1 + loops.iter().map(|l| (l.size - 1) * l.strides[k]).sum::<i64>();
            flat_view(&mut b, *v, span)
        })
        .collect();
    let rows =
        Rows { flats, elems, row_strides: row.strides.clone(), block_args, body: body.to_vec(), yielded, first_output };
    let (outer, _) = loops.split_at(loops.len() - 1);
    let saved = b.ip;
    let mut ivs = Vec::new();
    for l in outer {
        let zero = b.index_const(0);
        let ub = b.index_const(l.size);
        let one = b.index_const(1);
        let f = ForOp::build(&mut b, zero, ub, one, &[]);
        ivs.push(Ofr::Val(f.induction_var(b.ctx)));
        let body = f.body_block(b.ctx);
        b.ip = InsertPoint::End(body);
        YieldOp::build(&mut b, &[]);
        let y = b.ctx.block_ops(body).last().expect("the yield");
        b.ip = InsertPoint::Before(y);
    }
    let starts: Vec<Ofr> = (0..operands.len())
        .map(|k| {
            let strides: Vec<i64> = outer.iter().map(|l| l.strides[k]).collect();
            linear(&mut b, &strides, &ivs)
        })
        .collect();
    rows.row(&mut b, &starts, row.size, lanes);
    b.ip = saved;
    b.ctx.erase_op(op);
    true
}

/// What one row of the walk needs: the operands' flat views and element
/// types, their strides along the row (1, or 0 for a broadcast input), and
/// the body to apply.
struct Rows {
    flats: Vec<Value>,
    elems: Vec<Type>,
    row_strides: Vec<i64>,
    block_args: Vec<Value>,
    body: Vec<OpId>,
    yielded: Vec<Value>,
    first_output: usize,
}

impl Rows {
    /// A row of `len` elements: `lanes` at a time (in a loop when there
    /// are more than 8 such vectors), then narrower vectors for the rest.
    fn row(&self, b: &mut Builder<'_>, starts: &[Ofr], len: i64, lanes: i64) {
        let moves: Vec<bool> = self.row_strides.iter().map(|s| *s != 0).collect();
        for_row_chunks(b, starts, &moves, len, lanes, &mut |b, offsets, c, width| self.chunk(b, offsets, c, width));
    }

    /// `width` elements of the row from element `c` on: operands read
    /// (a broadcast input loaded once and broadcast), the body applied to
    /// vectors, the yielded vectors stored.
    fn chunk(&self, b: &mut Builder<'_>, starts: &[Ofr], c: i64, width: i64) {
        let mut map = IrMapping::default();
        for (k, arg) in self.block_args.iter().enumerate() {
            // Outputs are read only when the body reads them.
            if k >= self.first_output && b.ctx.uses(*arg).is_empty() {
                continue;
            }
            let vt = vector_of(b, vec![width], self.elems[k]);
            let v = if self.row_strides[k] == 0 {
                let i = b.value(starts[k]);
                let x =
                    MemrefLoadOp::create(b, self.flats[k], &[i], None, None, &[self.elems[k]], vec![]).result(b.ctx);
                BroadcastOp::create(b, x, &[vt], vec![]).vector(b.ctx)
            } else {
                let i = plus(b, starts[k], c);
                VectorLoadOp::create(b, self.flats[k], &[i], None, None, &[vt], vec![]).result(b.ctx)
            };
            map.map(*arg, v);
        }
        apply_body(b, &self.body, &self.block_args, &mut map, &[width]);
        for (j, y) in self.yielded.iter().enumerate() {
            let k = self.first_output + j;
            let mut v = map.lookup(*y);
            if v == *y {
                // A value from outside (or an input passed through as is
                // would have been mapped): broadcast it.
                let vt = vector_of(b, vec![width], self.elems[k]);
                v = BroadcastOp::create(b, v, &[vt], vec![]).vector(b.ctx);
            }
            let i = plus(b, starts[k], c);
            VectorStoreOp::create(b, v, self.flats[k], &[i], None, None, &[], vec![]);
        }
    }
}

/// Clones the elementwise `body` (whose block arguments `block_args` that
/// are read are mapped in `map`) onto vectors of `shape`, or onto scalars
/// when `shape` is empty: constants of the body and values from outside
/// it are broadcast. The clones' results are mapped in `map`.
pub(super) fn apply_body(b: &mut Builder<'_>, body: &[OpId], block_args: &[Value], map: &mut IrMapping, shape: &[i64]) {
    let vectors = !shape.is_empty();
    for op in body {
        if vectors && dialects::arith::ConstantOp::isa(b.ctx, *op) {
            let copy = b.ctx.clone_op(*op, &mut IrMapping::default());
            b.insert_detached(copy);
            let scalar = b.ctx.result(copy, 0);
            let vt = vector_of(b, shape.to_vec(), b.ctx.value_type(scalar));
            let splat = BroadcastOp::create(b, scalar, &[vt], vec![]).vector(b.ctx);
            map.map(b.ctx.result(*op, 0), splat);
            continue;
        }
        // Values from outside the body are broadcast.
        for v in b.ctx.operands(*op).to_vec() {
            let defined_inside = b.ctx.defining_op(v).is_some_and(|d| body.contains(&d));
            if vectors && !defined_inside && !block_args.contains(&v) && map.lookup(v) == v {
                let vt = vector_of(b, shape.to_vec(), b.ctx.value_type(v));
                let splat = BroadcastOp::create(b, v, &[vt], vec![]).vector(b.ctx);
                map.map(v, splat);
            }
        }
        let copy = b.ctx.clone_op(*op, map);
        if vectors {
            for r in b.ctx.results(copy).to_vec() {
                let vt = vector_of(b, shape.to_vec(), b.ctx.value_type(r));
                b.ctx.set_value_type(r, vt);
            }
        }
        b.insert_detached(copy);
    }
}
