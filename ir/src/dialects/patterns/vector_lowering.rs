//! MLIR 22's transpose lowering
//! (`populateVectorTransposeLoweringPatterns`,
//! `transform.apply_patterns.vector.lower_transpose`):
//!
//! - a 2-D transpose with a unit dim is a `vector.shape_cast`;
//! - `eltwise` (the default): the transposed leading dims unrolled into
//!   `vector.extract` / `vector.insert` pairs into a `ub.poison`, the
//!   trailing dims the permutation keeps moved as whole vectors;
//! - `shuffle_1d`: a transpose of two non-unit dims is a `vector.shuffle`
//!   of the vector flattened by `vector.shape_cast`, cast back.

use crate::dialects::ub::{poison_attr, PoisonOp};
use crate::dialects::vector::{vector_shape, vector_type, ExtractOp, InsertOp, ShapeCastOp, ShuffleOp, TransposeOp};
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Type, Value};

fn is_scalable(ctx: &Context, t: Type) -> bool {
    vector_shape(ctx, t).is_some_and(|s| s.is_scalable())
}

/// `Transpose2DWithUnitDimToShapeCast`.
pub fn transpose_2d_unit_dim_to_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let t = TransposeOp(op);
    let src = t.vector(ctx);
    let Some(v) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    if v.rank() != 2 || (v.shape[0] != 1 && v.shape[1] != 1) || v.is_scalable() {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let c = ShapeCastOp::create(rw, src, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}

/// MLIR's `isTranspose2DSlice`: the two dims above 1, if the transpose
/// swaps them.
pub(super) fn transpose_2d_slice(shape: &[i64], perm: &[i64]) -> Option<(usize, usize)> {
    let big: Vec<usize> = (0..shape.len()).filter(|d| shape[*d] > 1).collect();
    let [d0, d1] = big[..] else { return None };
    for p in perm {
        if *p as usize == d0 {
            return None;
        }
        if *p as usize == d1 {
            return Some((d0, d1));
        }
    }
    None
}

/// The index of element `linear` of a row-major `shape`.
pub(super) fn delinearize(linear: i64, shape: &[i64]) -> Vec<i64> {
    let mut idx = vec![0i64; shape.len()];
    let mut rest = linear;
    for d in (0..shape.len()).rev() {
        idx[d] = rest % shape[d];
        rest /= shape[d];
    }
    idx
}

/// `TransposeOpLowering` with the `eltwise` strategy (`shuffle` says whether
/// 2-D slices are left to the shuffle lowering).
fn transpose_unrolled(rw: &mut Rewriter<'_>, op: OpId, shuffle: bool) -> bool {
    let ctx = &*rw.ctx;
    let t = TransposeOp(op);
    let src = t.vector(ctx);
    let Some(v) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    let perm = t.permutation(ctx).to_vec();
    if v.is_scalable() || (shuffle && transpose_2d_slice(v.shape, &perm).is_some()) {
        return false;
    }
    // The trailing dims the permutation keeps stay vectors.
    let mut kept = perm.len();
    while kept > 0 && perm[kept - 1] == kept as i64 - 1 {
        kept -= 1;
    }
    let pruned = &perm[..kept];
    let shape = v.shape[..kept].to_vec();
    let total: i64 = shape.iter().product();
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let elem = v.elem;
    let rest = v.shape[kept..].to_vec();
    let piece_ty = if rest.is_empty() { elem } else { vector_type(rw.ctx, rest, elem) };
    rw.set_insertion_point_before(op);
    let attr = poison_attr(rw.ctx);
    let mut result = PoisonOp::create(rw, Some(attr), &[result_ty], vec![]).result(rw.ctx);
    for linear in 0..total {
        let idx = delinearize(linear, &shape);
        let insert_at: Vec<i64> = pruned.iter().map(|p| idx[*p as usize]).collect();
        let piece = ExtractOp::create(rw, src, &[], &idx, &[piece_ty], vec![]).result(rw.ctx);
        result = InsertOp::create(rw, piece, result, &[], &insert_at, &[result_ty], vec![]).result(rw.ctx);
    }
    rw.replace_op(op, &[result]);
    true
}

/// `TransposeOpLowering`, `eltwise` strategy.
pub fn transpose_eltwise(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    transpose_unrolled(rw, op, false)
}

/// `TransposeOpLowering` under a shuffle strategy: everything but 2-D
/// slices, which `transpose_shuffle_1d` takes.
pub fn transpose_eltwise_but_2d(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    transpose_unrolled(rw, op, true)
}

/// `TransposeOp2DToShuffleLowering` with the `shuffle_1d` strategy.
pub fn transpose_shuffle_1d(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    transpose_2d_to_shuffles(rw, op, false)
}

/// `TransposeOp2DToShuffleLowering` with the `shuffle_16x16` strategy: a
/// 16x16 slice takes the AVX-512-style sequence of 64 two-source shuffles
/// of rows, any other slice one shuffle.
pub fn transpose_shuffle_16x16(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    transpose_2d_to_shuffles(rw, op, true)
}

fn transpose_2d_to_shuffles(rw: &mut Rewriter<'_>, op: OpId, blocks_16x16: bool) -> bool {
    let ctx = &*rw.ctx;
    let t = TransposeOp(op);
    let src = t.vector(ctx);
    let src_ty = ctx.value_type(src);
    if is_scalable(ctx, src_ty) {
        return false;
    }
    let Some(v) = vector_shape(ctx, src_ty) else { return false };
    let Some((d0, d1)) = transpose_2d_slice(v.shape, t.permutation(ctx)) else { return false };
    let (m, n, elem) = (v.shape[d0], v.shape[d1], v.elem);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let flat = vector_type(rw.ctx, vec![m * n], elem);
    let mut mask = Vec::with_capacity((m * n) as usize);
    for j in 0..n {
        for i in 0..m {
            mask.push(i * n + j);
        }
    }
    rw.set_insertion_point_before(op);
    let cast = ShapeCastOp::create(rw, src, &[flat], vec![]).result(rw.ctx);
    let shuffled = if blocks_16x16 && m == 16 && n == 16 {
        let square = vector_type(rw.ctx, vec![16, 16], elem);
        let square_src = ShapeCastOp::create(rw, cast, &[square], vec![]).result(rw.ctx);
        transpose_16x16(rw, square_src, elem)
    } else {
        ShuffleOp::create(rw, cast, cast, &mask, &[flat], vec![]).vector(rw.ctx)
    };
    let back = ShapeCastOp::create(rw, shuffled, &[result_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[back]);
    true
}

/// MLIR's `transposeToShuffle16x16`: the 16 rows interleaved by 32-bit
/// lanes, then 64-bit lanes (`unpacklo/hi`), then 128-bit lanes permuted
/// twice (`shuffle_i32x4`), each step a two-source `vector.shuffle` of
/// 16 elements; the rows go into a `ub.poison`.
fn transpose_16x16(rw: &mut Rewriter<'_>, src: Value, elem: Type) -> Value {
    let row_ty = vector_type(rw.ctx, vec![16], elem);
    let shuffle = |rw: &mut Rewriter<'_>, a: Value, b: Value, mask: &[i64]| -> Value {
        ShuffleOp::create(rw, a, b, mask, &[row_ty], vec![]).vector(rw.ctx)
    };
    // Per 128-bit lane of four elements, `pattern` offset by the lane.
    let per_lane =
        |pattern: [i64; 4]| -> Vec<i64> { (0..16).step_by(4).flat_map(|i| pattern.map(|v| v + i)).collect() };
    let unpack_lo_ps = per_lane([0, 16, 1, 17]);
    let unpack_hi_ps = per_lane([2, 18, 3, 19]);
    let unpack_lo_pd = per_lane([0, 1, 16, 17]);
    let unpack_hi_pd = per_lane([2, 3, 18, 19]);
    // `_mm512_shuffle_i32x4`: two lanes of `a` chosen by the low four
    // bits of `control`, two of `b` by the high four.
    let lanes = |control: u8| -> Vec<i64> {
        (0..4)
            .flat_map(|k| {
                let base = if k < 2 { 0 } else { 16 };
                let lane = ((control >> (2 * k)) & 3) as i64;
                (0..4).map(move |e| base + 4 * lane + e)
            })
            .collect()
    };
    let (lo_lanes, hi_lanes) = (lanes(0x88), lanes(0xdd));
    let rows: Vec<Value> = (0..16).map(|i| rw.vector_extract(src, &[i])).collect();
    let mut t = Vec::with_capacity(16);
    for pair in rows.chunks(2) {
        t.push(shuffle(rw, pair[0], pair[1], &unpack_lo_ps));
        t.push(shuffle(rw, pair[0], pair[1], &unpack_hi_ps));
    }
    let mut r = Vec::with_capacity(16);
    for quad in t.chunks(4) {
        r.push(shuffle(rw, quad[0], quad[2], &unpack_lo_pd));
        r.push(shuffle(rw, quad[0], quad[2], &unpack_hi_pd));
        r.push(shuffle(rw, quad[1], quad[3], &unpack_lo_pd));
        r.push(shuffle(rw, quad[1], quad[3], &unpack_hi_pd));
    }
    let mut u = Vec::with_capacity(16);
    for half in r.chunks(8) {
        for mask in [&lo_lanes, &hi_lanes] {
            for k in 0..4 {
                u.push(shuffle(rw, half[k], half[k + 4], mask));
            }
        }
    }
    let mut out = Vec::with_capacity(16);
    for mask in [&lo_lanes, &hi_lanes] {
        for k in 0..8 {
            out.push(shuffle(rw, u[k], u[k + 8], mask));
        }
    }
    let square = vector_type(rw.ctx, vec![16, 16], elem);
    let attr = poison_attr(rw.ctx);
    let mut result = PoisonOp::create(rw, Some(attr), &[square], vec![]).result(rw.ctx);
    for (i, row) in out.into_iter().enumerate() {
        result = rw.vector_insert(row, result, &[i as i64]);
    }
    result
}

/// MLIR 22's `BroadcastOpLowering`
/// (`transform.apply_patterns.vector.lower_broadcast`): a broadcast of a
/// vector becomes extracts, 1-D broadcasts of scalars and inserts into a
/// `ub.poison`, one dim at a time (a broadcast of a scalar stays).
pub fn lower_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::BroadcastOp;
    let ctx = &*rw.ctx;
    let b = BroadcastOp(op);
    let src = b.source(ctx);
    let dst_ty = ctx.value_type(ctx.result(op, 0));
    let Some(s) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    let Some(d) = vector_shape(ctx, dst_ty) else { return false };
    let (src_shape, dst_shape, elem) = (s.shape.to_vec(), d.shape.to_vec(), d.elem);
    let dst_scalable = d.scalable.to_vec();
    let (src_rank, dst_rank) = (src_shape.len(), dst_shape.len());
    rw.set_insertion_point_before(op);
    if src_rank <= 1 && dst_rank == 1 {
        let pos: Vec<i64> = if src_rank == 0 { vec![] } else { vec![0] };
        let ext = ExtractOp::create(rw, src, &[], &pos, &[elem], vec![]).result(rw.ctx);
        let r = BroadcastOp::create(rw, ext, &[dst_ty], vec![]).vector(rw.ctx);
        rw.replace_op(op, &[r]);
        return true;
    }
    let inner_ty = rw.ctx.ty(crate::types::TypeKind::Vector {
        shape: dst_shape[1..].to_vec(),
        scalable: dst_scalable[1..].to_vec(),
        elem,
    });
    let attr = poison_attr(rw.ctx);
    if src_rank < dst_rank {
        let bcst = BroadcastOp::create(rw, src, &[inner_ty], vec![]).vector(rw.ctx);
        let mut result = PoisonOp::create(rw, Some(attr), &[dst_ty], vec![]).result(rw.ctx);
        for i in 0..dst_shape[0] {
            result = InsertOp::create(rw, bcst, result, &[], &[i], &[dst_ty], vec![]).result(rw.ctx);
        }
        rw.replace_op(op, &[result]);
        return true;
    }
    let Some(m) = (0..dst_rank).find(|r| src_shape[*r] != dst_shape[*r]) else {
        rw.replace_op(op, &[src]);
        return true;
    };
    if m != 0 && dst_scalable[0] {
        return false;
    }
    let piece_ty = vector_type(rw.ctx, src_shape[1..].to_vec(), elem);
    let mut result = PoisonOp::create(rw, Some(attr), &[dst_ty], vec![]).result(rw.ctx);
    if m == 0 {
        let ext = ExtractOp::create(rw, src, &[], &[0], &[piece_ty], vec![]).result(rw.ctx);
        let bcst = BroadcastOp::create(rw, ext, &[inner_ty], vec![]).vector(rw.ctx);
        for i in 0..dst_shape[0] {
            result = InsertOp::create(rw, bcst, result, &[], &[i], &[dst_ty], vec![]).result(rw.ctx);
        }
    } else {
        for i in 0..dst_shape[0] {
            let ext = ExtractOp::create(rw, src, &[], &[i], &[piece_ty], vec![]).result(rw.ctx);
            let bcst = BroadcastOp::create(rw, ext, &[inner_ty], vec![]).vector(rw.ctx);
            result = InsertOp::create(rw, bcst, result, &[], &[i], &[dst_ty], vec![]).result(rw.ctx);
        }
    }
    rw.replace_op(op, &[result]);
    true
}

/// MLIR's `createContractArithOp`: `x * y` combined with `acc` by `kind`
/// (a float `add` with a vector accumulator is one `vector.fma`); `None`
/// for a kind the element type does not have. Lanes `mask` turns off keep
/// the accumulator (`arith.select`).
fn contract_arith(
    rw: &mut Rewriter<'_>,
    x: Value,
    y: Value,
    acc: Option<Value>,
    kind: &str,
    mask: Option<Value>,
) -> Option<Value> {
    use crate::dialects::arith::{MULF, MULI};
    let ty = rw.ctx.value_type(x);
    let elem = vector_shape(rw.ctx, ty).map_or(ty, |v| v.elem);
    let float = rw.ctx.type_kind(elem).is_float();
    let combiner = super::vector::arith_combiner(kind, float)?;
    let keep_acc = |rw: &mut Rewriter<'_>, v: Value, acc: Value| match mask {
        Some(m) => crate::dialects::arith::SelectOp::create(rw, m, v, acc, &[ty], vec![]).result(rw.ctx),
        None => v,
    };
    if let Some(acc) = acc.filter(|a| float && kind == "add" && vector_shape(rw.ctx, rw.ctx.value_type(*a)).is_some()) {
        let fma = crate::dialects::vector::FmaOp::create(rw, x, y, acc, &[ty], vec![]).result(rw.ctx);
        return Some(keep_acc(rw, fma, acc));
    }
    let mul = rw.op(if float { MULF.name } else { MULI.name }, &[x, y], &[ty], &[]);
    let mul = rw.ctx.result(mul, 0);
    let Some(acc) = acc else { return Some(mul) };
    let combined = rw.op(combiner.name, &[mul, acc], &[ty], &[]);
    let combined = rw.ctx.result(combined, 0);
    Some(keep_acc(rw, combined, acc))
}

/// MLIR 22's `OuterProductOpLowering`
/// (`transform.apply_patterns.vector.lower_outerproduct`): an AXPY is the
/// broadcast scalar times the vector (fused with the accumulator); a 2-D
/// outer product is, per row, the broadcast lhs lane times the rhs combined
/// with the accumulator's row, inserted into a zero vector. A masked one
/// replaces its `vector.mask`, keeping the accumulator where the mask (per
/// row) is off.
pub fn lower_outer_product(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::vector::{BroadcastOp, OuterProductOp};
    let ctx = &*rw.ctx;
    let o = OuterProductOp(op);
    let (lhs, rhs, acc) = (o.lhs(ctx), o.rhs(ctx), o.acc(ctx));
    let kind = crate::dialects::vector::combining_kind(ctx, op).unwrap_or("add").to_string();
    let (lhs_ty, rhs_ty) = (ctx.value_type(lhs), ctx.value_type(rhs));
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let Some(l) = vector_shape(ctx, lhs_ty) else { return false };
    let (rows, elem) = (l.shape[0], l.elem);
    if vector_shape(ctx, result_ty).is_some_and(|r| r.rank() >= 2 && r.scalable.iter().all(|s| *s)) {
        return false;
    }
    // Fail before building anything when the kind does not fit the type.
    if super::vector::arith_combiner(&kind, ctx.type_kind(elem).is_float()).is_none() {
        return false;
    }
    let (root, mask) = super::vector_mask_lowering::root_and_mask(rw, op);
    if vector_shape(rw.ctx, rhs_ty).is_none() {
        let b = BroadcastOp::create(rw, rhs, &[lhs_ty], vec![]).vector(rw.ctx);
        let Some(r) = contract_arith(rw, lhs, b, acc, &kind, mask) else { return false };
        rw.replace_op(root, &[r]);
        return true;
    }
    let mut result = crate::dialects::arith::zero_here(rw, result_ty);
    for d in 0..rows {
        let x = ExtractOp::create(rw, lhs, &[], &[d], &[elem], vec![]).result(rw.ctx);
        let row = BroadcastOp::create(rw, x, &[rhs_ty], vec![]).vector(rw.ctx);
        let acc_row = acc.map(|c| ExtractOp::create(rw, c, &[], &[d], &[rhs_ty], vec![]).result(rw.ctx));
        let row_mask = mask.map(|m| rw.vector_extract(m, &[d]));
        let Some(m) = contract_arith(rw, row, rhs, acc_row, &kind, row_mask) else { return false };
        result = InsertOp::create(rw, m, result, &[], &[d], &[result_ty], vec![]).result(rw.ctx);
    }
    rw.replace_op(root, &[result]);
    true
}
