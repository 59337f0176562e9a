//! Structured ops (`linalg.generic`, the named elementwise ops,
//! `linalg.copy`, `linalg.fill`, `linalg.transpose`) to vector code, as
//! MLIR 22's `vectorizeAsLinalgGeneric` builds it:
//!
//! 1. one `index` constant (or `tensor.dim`) per loop of the iteration
//!    space, then a zero index;
//! 2. every shaped operand, inputs then outputs, read whole in the
//!    canonical vector shape (the loop ranges, or the vector sizes), with a
//!    permutation map that broadcasts the loops an input does not use;
//! 3. the body, op by op: elementwise ops on vectors (scalars broadcast, a
//!    constant folded into a splat), the combiner of a reduction as a
//!    `vector.multi_reduction`, `linalg.index` as `vector.step`, a
//!    `tensor.extract` as a gather, a contiguous or a broadcast read
//!    (`extract.rs`);
//! 4. each yielded value written to its output.
//!
//! With vector sizes larger than the iteration space (or dynamic shapes),
//! each transfer is masked by a `vector.create_mask` of the loop sizes
//! permuted by its operand's map, made once per map.

use rustc_hash::FxHashMap;
use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::attrs::{AttrKind, DenseData, DenseElement};
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::context::OpSpec;
use tessel_ir::dialects::affine::ApplyOp;
use tessel_ir::dialects::affine_expand::expand_affine_expr;
use tessel_ir::dialects::arith::{self, ConstantOp};
use tessel_ir::dialects::memref::DimOp as MemRefDimOp;
use tessel_ir::dialects::structured::{index_dim, structured, IndexOp, IteratorKind};
use tessel_ir::dialects::tensor::DimOp;
use tessel_ir::dialects::vector::{
    bool_array_attr, kind_attr, scalable_vector_type, vector_shape, BroadcastOp, CreateMaskOp, ExtractOp, MaskOp,
    MultiReductionOp, StepOp, TransferReadOp, TransferWriteOp, TransposeOp, YieldOp,
};
use tessel_ir::registry::OpDef;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Context, OpId, Type, Value};

use super::transfer::{index_here, poison_here};
use super::{VectorizeError, VectorizeOptions};

fn unsupported<T>(why: impl Into<String>) -> Result<T, VectorizeError> {
    Err(VectorizeError::Unsupported(why.into()))
}

/// The ops a body may hold: elementwise arith and math ops.
fn is_elementwise(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    (name.starts_with("arith.") || name.starts_with("math.")) && ctx.regions(op).is_empty()
}

/// The combiners of reductions and their kinds (`#vector.kind<..>`).
static COMBINERS: &[(&OpDef, &str)] = &[
    (&arith::ADDF, "add"),
    (&arith::ADDI, "add"),
    (&arith::MULF, "mul"),
    (&arith::MULI, "mul"),
    (&arith::MAXNUMF, "maxnumf"),
    (&arith::MINNUMF, "minnumf"),
    (&arith::MAXIMUMF, "maximumf"),
    (&arith::MINIMUMF, "minimumf"),
    (&arith::MAXSI, "maxsi"),
    (&arith::MINSI, "minsi"),
    (&arith::MAXUI, "maxui"),
    (&arith::MINUI, "minui"),
    (&arith::ANDI, "and"),
    (&arith::ORI, "or"),
    (&arith::XORI, "xor"),
];

/// The combining kind of a reduction's combiner op.
fn combining_kind(ctx: &Context, op: OpId) -> Option<&'static str> {
    let def = ctx.def_of(op)?;
    COMBINERS.iter().find(|(d, _)| std::ptr::eq(*d, def)).map(|(_, k)| *k)
}

/// The loop each result of an operand map reads (`None` for a `0`
/// result, an input broadcast from its first element), or `None` for a map
/// that is no projected permutation.
fn map_dims(m: &AffineMap) -> Option<Vec<Option<usize>>> {
    m.results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => Some(Some(*d as usize)),
            AffineExpr::Const(0) => Some(None),
            _ => None,
        })
        .collect()
}

/// The loops a map's results read, in result order (`0` results left out:
/// MLIR's `dropZeroResults` for masks).
fn used_loops(dims: &[Option<usize>]) -> Vec<usize> {
    dims.iter().flatten().copied().collect()
}

/// MLIR's `inverseAndBroadcastProjectedPermutation`: from the operand's
/// dims to the loops, `0` for a loop the operand does not use.
fn input_read_map(dims: &[Option<usize>], num_loops: usize) -> AffineMap {
    let results = (0..num_loops)
        .map(|l| match dims.iter().position(|d| *d == Some(l)) {
            Some(j) => AffineExpr::Dim(j as u32),
            None => AffineExpr::Const(0),
        })
        .collect();
    AffineMap { num_dims: dims.len() as u32, num_syms: 0, results }
}

/// MLIR's `inversePermutation(reindexIndexingMap(map))` for an output:
/// the operand's dims in increasing loop order, and those loops.
fn output_map(dims: &[usize]) -> (AffineMap, Vec<usize>) {
    let mut loops = dims.to_vec();
    loops.sort_unstable();
    let results = loops.iter().map(|l| AffineExpr::Dim(dims.iter().position(|d| d == l).unwrap_or(0) as u32)).collect();
    (AffineMap { num_dims: dims.len() as u32, num_syms: 0, results }, loops)
}

fn shaped(ctx: &Context, v: Value) -> Option<(Vec<i64>, Type)> {
    match ctx.value_type_kind(v) {
        TypeKind::Tensor { shape, elem, .. } | TypeKind::MemRef { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

/// The vectorization state of one op: its view, the canonical vector
/// shape, the loop sizes as values and the masks made so far.
pub(super) struct State {
    pub(super) canonical: Vec<i64>,
    pub(super) scalable: Vec<bool>,
    pub(super) static_sizes: Vec<i64>,
    sizes: Vec<Value>,
    masks: FxHashMap<Vec<usize>, Option<Value>>,
}

impl State {
    /// The vector of `elem` over `loops` (their sizes and scalable flags).
    pub(super) fn vector_over(&self, ctx: &mut Context, loops: &[usize], elem: Type) -> Type {
        let shape = loops.iter().map(|l| self.canonical[*l]).collect();
        let scalable = loops.iter().map(|l| self.scalable[*l]).collect();
        scalable_vector_type(ctx, shape, scalable, elem)
    }

    /// The mask for a transfer whose map uses `loops`, made on first use;
    /// `None` when the loop sizes equal the vector's.
    pub(super) fn mask_for(&mut self, b: &mut Builder<'_>, loops: &[usize]) -> Option<Value> {
        if let Some(m) = self.masks.get(loops) {
            return *m;
        }
        let shape: Vec<i64> = loops.iter().map(|l| self.canonical[*l]).collect();
        let bounds: Vec<i64> = loops.iter().map(|l| self.static_sizes[*l]).collect();
        let mask = if shape == bounds {
            None
        } else {
            let upper: Vec<Value> = loops.iter().map(|l| self.sizes[*l]).collect();
            let i1 = b.ctx.int_type(1);
            let mt = self.vector_over(b.ctx, loops, i1);
            Some(CreateMaskOp::create(b, &upper, &[mt], vec![]).result(b.ctx))
        };
        self.masks.insert(loops.to_vec(), mask);
        mask
    }
}

/// Wraps the last op `b` made (a transfer or a reduction, with one result)
/// in `vector.mask %mask`.
pub(super) fn mask_last(b: &mut Builder<'_>, op: OpId, mask: Value) -> Value {
    let m = mask_op_of(b, op, mask);
    b.ctx.result(m, 0)
}

/// Wraps `op` (the last op `b` made) in `vector.mask %mask` and returns
/// the mask op, whose results are `op`'s (none for a write into a memref).
fn mask_op_of(b: &mut Builder<'_>, op: OpId, mask: Value) -> OpId {
    let ctx = &mut *b.ctx;
    let result_types: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    let (region, block, _) = b.region_with_block(&[]);
    let m = MaskOp::create(b, mask, None, &result_types, vec![region]);
    b.ctx.unlink_op(op);
    b.ctx.append_op(block, op);
    let results: Vec<Value> = b.ctx.results(op).to_vec();
    let loc = b.loc;
    let mut inner = Builder::new(b.ctx, InsertPoint::End(block), loc);
    YieldOp::create(&mut inner, &results, &[], vec![]);
    m.op()
}

/// Sets `in_bounds` of a masked transfer to all true, as MLIR does.
fn all_in_bounds(ctx: &mut Context, op: OpId, rank: usize) {
    let a = bool_array_attr(ctx, &vec![true; rank]);
    ctx.set_attr(op, "in_bounds", a);
}

/// MLIR's `broadcastIfNeeded` with `createOrFold`: a value of another
/// type becomes `vector.broadcast`, a scalar constant a splat constant.
pub(super) fn broadcast_if_needed(b: &mut Builder<'_>, v: Value, to: Type) -> Value {
    if b.ctx.value_type(v) == to || vector_shape(b.ctx, to).is_none_or(|s| s.rank() == 0) {
        return v;
    }
    let from_rank = vector_shape(b.ctx, b.ctx.value_type(v)).map(|s| s.rank());
    let to_rank = vector_shape(b.ctx, to).map_or(0, |s| s.rank());
    if from_rank.is_some_and(|r| r > to_rank) {
        return v;
    }
    if let Some(c) = ConstantOp::defining(b.ctx, v) {
        let element = match c.value(b.ctx).map(|a| b.ctx.attr_kind(a).clone()) {
            Some(AttrKind::Integer { value, .. }) => Some(DenseElement::Int(value)),
            Some(AttrKind::Float { bits, .. }) => Some(DenseElement::Float(bits)),
            Some(AttrKind::Bool(x)) => Some(DenseElement::Int(x as i128)),
            _ => None,
        };
        if let Some(e) = element {
            let attr = b.ctx.attr(AttrKind::Dense { ty: to, data: DenseData::Splat(e) });
            return ConstantOp::create(b, Some(attr), &[to], vec![]).result(b.ctx);
        }
    }
    BroadcastOp::create(b, v, &[to], vec![]).vector(b.ctx)
}

/// MLIR's `vectorizeLinalgIndex`: `vector.step` along the loop; a loop
/// other than the innermost is broadcast with it swapped innermost and
/// transposed back.
fn vectorize_index(b: &mut Builder<'_>, state: &State, dim: usize) -> Value {
    let index = b.ctx.index_type();
    let step_ty = state.vector_over(b.ctx, &[dim], index);
    let step = StepOp::create(b, &[step_ty], vec![]).result(b.ctx);
    let n = state.canonical.len();
    if dim + 1 == n {
        return step;
    }
    let mut perm: Vec<usize> = (0..n).collect();
    perm.swap(dim, n - 1);
    let wide = state.vector_over(b.ctx, &perm, index);
    let broadcast = BroadcastOp::create(b, step, &[wide], vec![]).vector(b.ctx);
    let perm: Vec<i64> = perm.iter().map(|p| *p as i64).collect();
    let all: Vec<usize> = (0..n).collect();
    let result_ty = state.vector_over(b.ctx, &all, index);
    TransposeOp::create(b, broadcast, &perm, &[result_ty], vec![]).result(b.ctx)
}

/// An `affine.apply` of one result that [`expand_affine_expr`] can expand.
fn expandable_apply(ctx: &Context, op: OpId) -> bool {
    fn ok(e: &AffineExpr) -> bool {
        match e {
            AffineExpr::Bin(tessel_ir::affine::AffineBinOp::Add | tessel_ir::affine::AffineBinOp::Mul, l, r) => {
                ok(l) && ok(r)
            }
            AffineExpr::Bin(_, l, r) => ok(l) && matches!(**r, AffineExpr::Const(c) if c > 0),
            _ => true,
        }
    }
    ApplyOp::isa(ctx, op) && ApplyOp(op).map(ctx).is_some_and(|m| m.results.len() == 1 && ok(&m.results[0]))
}

/// Replaces each `affine.apply` among `ops` by its expansion into `arith`.
fn expand_applies(ctx: &mut Context, ops: &[OpId]) {
    for &o in ops {
        if !ApplyOp::isa(ctx, o) {
            continue;
        }
        let Some(map) = ApplyOp(o).map(ctx).cloned() else { continue };
        let operands = ctx.operands(o).to_vec();
        let (dims, syms) = operands.split_at(map.num_dims as usize);
        let loc = ctx.op_loc(o);
        let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
        let Some(v) = expand_affine_expr(&mut b, &map.results[0], dims, syms) else { continue };
        ctx.replace_all_uses(ctx.result(o, 0), v);
        ctx.erase_op(o);
    }
}

pub(super) fn vectorize_linalg(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let Some(view) = structured(ctx, op) else { return unsupported("not a structured op") };
    let num_loops = view.num_loops();
    let num_inputs = view.inputs.len();
    let dims: Vec<Vec<Option<usize>>> = match view.maps.iter().map(map_dims).collect::<Option<Vec<_>>>() {
        Some(d) => d,
        None => return unsupported("an indexing map is not a projected permutation"),
    };
    // Static loop ranges: the first operand dim walking each loop.
    let sources = tessel_ir::dialects::structured::loop_sources(&view)
        .ok_or_else(|| VectorizeError::Unsupported("a loop no operand walks".into()))?;
    let operands: Vec<Value> = view.operands().collect();
    let static_sizes: Vec<i64> =
        sources.iter().map(|(k, j)| shaped(ctx, operands[*k]).map_or(DYNAMIC, |(s, _)| s[*j])).collect();
    if static_sizes.contains(&0) {
        return unsupported("a tensor with a zero dim");
    }
    if dims[num_inputs..].iter().any(|d| d.contains(&None)) {
        return unsupported("an output map with a constant result");
    }
    let canonical = if opts.vector_sizes.is_empty() {
        if static_sizes.contains(&DYNAMIC) {
            return unsupported("without vector sizes a structured op needs static shapes");
        }
        static_sizes.clone()
    } else {
        if opts.vector_sizes.len() != num_loops {
            return Err(VectorizeError::BadSizes(format!(
                "expected {num_loops} vector sizes, one per loop of '{}', got {}",
                ctx.op_name(op),
                opts.vector_sizes.len()
            )));
        }
        for (i, (v, s)) in opts.vector_sizes.iter().zip(&static_sizes).enumerate() {
            if *v <= 0 || (*s != DYNAMIC && v < s) {
                return Err(VectorizeError::BadSizes(format!(
                    "vector size {v} of loop {i} does not cover the loop (size {})",
                    if *s == DYNAMIC { "?".to_string() } else { s.to_string() }
                )));
            }
        }
        opts.vector_sizes.clone()
    };
    let reductions: Vec<usize> =
        view.iterators.iter().enumerate().filter(|(_, k)| **k == IteratorKind::Reduction).map(|(i, _)| i).collect();
    let body = ctx.regions(op).first().and_then(|r| ctx.blocks(*r).first().copied());
    let Some(body) = body else { return unsupported("no body") };
    let mut body_ops: Vec<OpId> = ctx.block_ops(body).collect();
    let Some((_, inner)) = body_ops.split_last() else { return unsupported("empty body") };
    let nd_extract = opts.vectorize_nd_extract;
    if let Some(bad) = inner.iter().find(|o| {
        !is_elementwise(ctx, **o)
            && !IndexOp::isa(ctx, **o)
            && !super::extract::vectorizable(ctx, **o, nd_extract)
            && !expandable_apply(ctx, **o)
    }) {
        return unsupported(format!("'{}' in the body", ctx.op_name(*bad)));
    }
    // A dynamic loop size is read from the first operand whose map is a
    // projected permutation without `0` results (MLIR's
    // `mapIterationSpaceDimToOperandDim`).
    let dynamic_sources: Vec<Option<(usize, usize)>> = (0..num_loops)
        .map(|l| {
            dims.iter().enumerate().find_map(|(k, d)| {
                if d.contains(&None) {
                    return None;
                }
                d.iter().position(|x| *x == Some(l)).map(|j| (k, j))
            })
        })
        .collect();
    if static_sizes.iter().zip(&dynamic_sources).any(|(s, src)| *s == DYNAMIC && src.is_none()) {
        return unsupported("no operand gives a dynamic loop's size");
    }
    // MLIR's `convertAffineApply`: the body's affine.apply ops become arith.
    if body_ops.iter().any(|o| ApplyOp::isa(ctx, *o)) {
        expand_applies(ctx, &body_ops);
        body_ops = ctx.block_ops(body).collect();
    }
    let Some((&yield_op, inner)) = body_ops.split_last() else { return unsupported("empty body") };
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    // 1. The loop sizes, then the zero index.
    let mut sizes: Vec<Value> = Vec::with_capacity(num_loops);
    for (s, src) in static_sizes.iter().zip(&dynamic_sources) {
        match src {
            Some((k, j)) if *s == DYNAMIC => {
                let c = index_here(&mut b, *j as i64);
                let index = b.ctx.index_type();
                let dim = if matches!(b.ctx.value_type_kind(operands[*k]), TypeKind::MemRef { .. }) {
                    MemRefDimOp::create(&mut b, operands[*k], c, &[index], vec![]).result(b.ctx)
                } else {
                    DimOp::create(&mut b, operands[*k], c, &[index], vec![]).result(b.ctx)
                };
                sizes.push(dim);
            }
            _ => sizes.push(index_here(&mut b, *s)),
        }
    }
    let scalable = if opts.scalable.len() == num_loops { opts.scalable.clone() } else { vec![false; num_loops] };
    let mut state = State { canonical, scalable, static_sizes, sizes, masks: FxHashMap::default() };
    let zero = index_here(&mut b, 0);
    // 2. Every shaped operand, read whole.
    let mut mapped: FxHashMap<Value, Value> = FxHashMap::default();
    let args: Vec<Value> = b.ctx.block_args(body).to_vec();
    for (k, operand) in operands.iter().enumerate() {
        let Some((shape, elem)) = shaped(b.ctx, *operand) else {
            mapped.insert(args[k], *operand);
            continue;
        };
        let (map, loops) = if k < num_inputs {
            (input_read_map(&dims[k], num_loops), (0..num_loops).collect())
        } else {
            output_map(&used_loops(&dims[k]))
        };
        let vshape: Vec<i64> = loops.iter().map(|l| state.canonical[*l]).collect();
        let pad = poison_here(&mut b, elem);
        let vt = state.vector_over(b.ctx, &loops, elem);
        let indices = vec![zero; shape.len()];
        let ib = bool_array_attr(b.ctx, &vec![false; vshape.len()]);
        let read = TransferReadOp::create(&mut b, *operand, &indices, Some(pad), None, &map, Some(ib), &[vt], vec![]);
        let mut value = read.vector(b.ctx);
        if let Some(mask) = state.mask_for(&mut b, &used_loops(&dims[k])) {
            all_in_bounds(b.ctx, read.op(), vshape.len());
            value = mask_last(&mut b, read.op(), mask);
        }
        // A 0-d read (an output every loop reduces) is used as its scalar.
        if vshape.is_empty() {
            let t = b.ctx.value_type(*operand);
            let elem = b.ctx.type_kind(t).element_type().unwrap_or(t);
            value = ExtractOp::create(&mut b, value, &[], &[], &[elem], vec![]).result(b.ctx);
        }
        mapped.insert(args[k], value);
    }
    // 3. The body.
    for &inner_op in inner {
        if IndexOp::isa(b.ctx, inner_op) {
            let dim = index_dim(b.ctx, inner_op).unwrap_or(0) as usize;
            let v = vectorize_index(&mut b, &state, dim);
            mapped.insert(b.ctx.result(inner_op, 0), v);
            continue;
        }
        if tessel_ir::dialects::tensor::ExtractOp::isa(b.ctx, inner_op) {
            let lookup = |v: Value| mapped.get(&v).copied().unwrap_or(v);
            let v = super::extract::vectorize(&mut b, &mut state, inner_op, body, &lookup);
            mapped.insert(b.ctx.result(inner_op, 0), v);
            continue;
        }
        let name = b.ctx.op_name(inner_op).to_string();
        let old_operands: Vec<Value> = b.ctx.operands(inner_op).to_vec();
        let lookup = |v: &Value| mapped.get(v).copied().unwrap_or(*v);
        // A reduction: the combiner of an output's block argument.
        let reduced = old_operands.iter().position(|v| args[num_inputs..].contains(v));
        if let (Some(pos), Some(kind), false) = (reduced, combining_kind(b.ctx, inner_op), reductions.is_empty()) {
            let acc = lookup(&old_operands[pos]);
            let other = lookup(&old_operands[1 - pos.min(1)]);
            let same = b.ctx.value_type(other) == b.ctx.value_type(acc);
            if old_operands.len() == 2 && !same && vector_shape(b.ctx, b.ctx.value_type(other)).is_some() {
                // A value narrower than the loops (an index along the
                // innermost loop only) is broadcast to all of them first;
                // mlir-opt 22 reduces it as it is and builds an invalid
                // multi_reduction.
                let all: Vec<usize> = (0..num_loops).collect();
                let elem = b.ctx.type_kind(b.ctx.value_type(other)).element_type().unwrap_or(b.ctx.value_type(other));
                let full = state.vector_over(b.ctx, &all, elem);
                let other = broadcast_if_needed(&mut b, other, full);
                let kind_a = kind_attr(b.ctx, kind);
                let dims_a: Vec<i64> = reductions.iter().map(|d| *d as i64).collect();
                let acc_ty = b.ctx.value_type(acc);
                let red = MultiReductionOp::create(&mut b, other, acc, Some(kind_a), &dims_a, &[acc_ty], vec![]);
                let mut value = red.dest(b.ctx);
                let all: Vec<usize> = (0..num_loops).collect();
                if let Some(mask) = state.mask_for(&mut b, &all) {
                    value = mask_last(&mut b, red.op(), mask);
                }
                mapped.insert(b.ctx.result(inner_op, 0), value);
                continue;
            }
        }
        let new_operands: Vec<Value> = old_operands.iter().map(lookup).collect();
        let widest = new_operands
            .iter()
            .filter_map(|v| vector_shape(b.ctx, b.ctx.value_type(*v)).map(|s| (s.shape.to_vec(), s.scalable.to_vec())))
            .max_by_key(|s| s.0.len());
        let Some(widest) = widest.filter(|_| !ConstantOp::isa(b.ctx, inner_op)) else {
            // No vector operand: the op stays scalar (cloned out of the body).
            let mut m = tessel_ir::context::clone::IrMapping::default();
            for (o, n) in old_operands.iter().zip(&new_operands) {
                m.map(*o, *n);
            }
            let clone = b.ctx.clone_op(inner_op, &mut m);
            b.insert_detached(clone);
            for (r, c) in b.ctx.results(inner_op).to_vec().into_iter().zip(b.ctx.results(clone).to_vec()) {
                mapped.insert(r, c);
            }
            continue;
        };
        let operands_now: Vec<Value> = new_operands
            .iter()
            .map(|v| {
                let elem = b.ctx.type_kind(b.ctx.value_type(*v)).element_type().unwrap_or(b.ctx.value_type(*v));
                let t = scalable_vector_type(b.ctx, widest.0.clone(), widest.1.clone(), elem);
                broadcast_if_needed(&mut b, *v, t)
            })
            .collect();
        let result_types: Vec<Type> = b
            .ctx
            .results(inner_op)
            .to_vec()
            .iter()
            .map(|r| {
                let t = b.ctx.value_type(*r);
                scalable_vector_type(b.ctx, widest.0.clone(), widest.1.clone(), t)
            })
            .collect();
        let attrs = b.ctx.op(inner_op).attrs.clone();
        let name_sym = b.ctx.sym(&name);
        let new_op = b.insert(OpSpec {
            name: name_sym,
            operands: operands_now.into_iter().collect(),
            result_types: result_types.into_iter().collect(),
            attrs,
            regions: vec![],
            successors: vec![],
            loc,
        });
        for (r, n) in b.ctx.results(inner_op).to_vec().into_iter().zip(b.ctx.results(new_op).to_vec()) {
            mapped.insert(r, n);
        }
    }
    // 4. The writes.
    let yielded: Vec<Value> = b.ctx.operands(yield_op).to_vec();
    let mut results = Vec::new();
    for (i, y) in yielded.iter().enumerate() {
        let k = num_inputs + i;
        let out = operands[k];
        let (shape, elem) = shaped(b.ctx, out).expect("a shaped output");
        let (map, loops) = output_map(&used_loops(&dims[k]));
        let vshape: Vec<i64> = loops.iter().map(|l| state.canonical[*l]).collect();
        let vt = state.vector_over(b.ctx, &loops, elem);
        let z = index_here(&mut b, 0);
        let v = mapped.get(y).copied().unwrap_or(*y);
        // A 0-d write takes the scalar broadcast (never folded, as MLIR).
        let v = if vshape.is_empty() && vector_shape(b.ctx, b.ctx.value_type(v)).is_none() {
            BroadcastOp::create(&mut b, v, &[vt], vec![]).vector(b.ctx)
        } else {
            broadcast_if_needed(&mut b, v, vt)
        };
        let indices = vec![z; shape.len()];
        let ib = bool_array_attr(b.ctx, &vec![false; vshape.len()]);
        // A write into a tensor returns it; into a memref, nothing.
        let out_ty = b.ctx.value_type(out);
        let result_types: &[Type] = if matches!(b.ctx.value_type_kind(out), TypeKind::Tensor { .. }) {
            std::slice::from_ref(&out_ty)
        } else {
            &[]
        };
        let w = TransferWriteOp::create(&mut b, v, out, &indices, None, &map, Some(ib), result_types, vec![]);
        let mut result = w.result(b.ctx);
        if let Some(mask) = state.mask_for(&mut b, &used_loops(&dims[k])) {
            all_in_bounds(b.ctx, w.op(), vshape.len());
            let masked = mask_op_of(&mut b, w.op(), mask);
            result = b.ctx.results(masked).first().copied();
        }
        results.extend(result);
    }
    drop(b);
    for (r, n) in ctx.results(op).to_vec().into_iter().zip(results) {
        ctx.replace_all_uses(r, n);
    }
    ctx.erase_op(op);
    Ok(())
}
