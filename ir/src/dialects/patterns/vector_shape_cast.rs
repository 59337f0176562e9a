//! MLIR 22's `vector.shape_cast` lowering
//! (`populateVectorShapeCastLoweringPatterns`,
//! `transform.apply_patterns.vector.lower_shape_cast`).
//!
//! Source and result share a suffix of equal dims; the dims before it are
//! moved in "atomic" pieces of `gcd(source dim, result dim) x suffix`:
//!
//! - only leading unit dims differ: one `vector.extract` / `vector.insert`
//!   pair;
//! - the gcd is 1: each suffix is extracted from the source and inserted
//!   into a `ub.poison` result;
//! - otherwise: source suffixes are extracted, cut into atomic pieces with
//!   `vector.extract_strided_slice`, gathered into result suffixes with
//!   `vector.insert_strided_slice` and inserted into the result.
//!
//! Scalable vectors go to `vector_shape_cast_scalable.rs` (a single
//! trailing scalable dim, as MLIR lowers it; any other stays).

use crate::dialects::ub::{poison_attr, PoisonOp};
use crate::dialects::vector::{
    int_array_attr, vector_shape, vector_type, ExtractOp, ExtractStridedSliceOp, InsertOp, InsertStridedSliceOp,
    ShapeCastOp,
};
use crate::rewriter::Rewriter;
use crate::{OpId, Value};

/// Adds `amount` to the mixed-radix number `digits` (most significant
/// first) of radices `base` (MLIR's `inplaceAdd`).
fn add_mixed_radix(mut amount: i64, base: &[i64], digits: &mut [i64]) {
    for d in (0..digits.len()).rev() {
        let sum = digits[d] + amount;
        amount = sum / base[d];
        digits[d] = sum % base[d];
        if amount == 0 {
            break;
        }
    }
}

/// `ShapeCastOpRewritePattern`.
pub fn lower_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let src = ShapeCastOp(op).source(ctx);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let (Some(s), Some(r)) = (vector_shape(ctx, ctx.value_type(src)), vector_shape(ctx, result_ty)) else {
        return false;
    };
    if s.is_scalable() || r.is_scalable() {
        return false;
    }
    let (src_shape, res_shape, elem) = (s.shape.to_vec(), r.shape.to_vec(), s.elem);
    let num_elements = s.num_elements();
    // The last dims (from the back) where the shapes differ.
    let (mut src_dim, mut res_dim) = (src_shape.len() as i64 - 1, res_shape.len() as i64 - 1);
    while src_dim >= 0 && res_dim >= 0 && src_shape[src_dim as usize] == res_shape[res_dim as usize] {
        src_dim -= 1;
        res_dim -= 1;
    }
    rw.set_insertion_point_before(op);
    let poison = |rw: &mut Rewriter<'_>, ty| {
        let a = poison_attr(rw.ctx);
        PoisonOp::create(rw, Some(a), &[ty], vec![]).result(rw.ctx)
    };
    let extract = |rw: &mut Rewriter<'_>, from: Value, pos: &[i64], shape: &[i64]| {
        let ty = if pos.len() == shape.len() { elem } else { vector_type(rw.ctx, shape[pos.len()..].to_vec(), elem) };
        ExtractOp::create(rw, from, &[], pos, &[ty], vec![]).result(rw.ctx)
    };
    let insert = |rw: &mut Rewriter<'_>, piece: Value, into: Value, pos: &[i64]| {
        let ty = rw.ctx.value_type(into);
        InsertOp::create(rw, piece, into, &[], pos, &[ty], vec![]).result(rw.ctx)
    };
    if src_dim < 0 || res_dim < 0 {
        // Only leading unit dims differ.
        let delta = src_shape.len() as i64 - res_shape.len() as i64;
        let empty = poison(rw, result_ty);
        let extracted = extract(rw, src, &vec![0; delta.max(0) as usize], &src_shape);
        let result = insert(rw, extracted, empty, &vec![0; (-delta).max(0) as usize]);
        rw.replace_op(op, &[result]);
        return true;
    }
    let (src_dim, res_dim) = (src_dim as usize, res_dim as usize);
    let gcd = num_integer_gcd(src_shape[src_dim], res_shape[res_dim]);
    let mut atomic_shape = src_shape[src_dim..].to_vec();
    atomic_shape[0] = gcd;
    let atomic_slices = num_elements / atomic_shape.iter().product::<i64>();
    let mut result = poison(rw, result_ty);
    if gcd == 1 {
        let (mut at_src, mut at_res) = (vec![0; src_dim + 1], vec![0; res_dim + 1]);
        for _ in 0..atomic_slices {
            let piece = extract(rw, src, &at_src, &src_shape);
            result = insert(rw, piece, result, &at_res);
            add_mixed_radix(1, &src_shape[..=src_dim], &mut at_src);
            add_mixed_radix(1, &res_shape[..=res_dim], &mut at_res);
        }
        rw.replace_op(op, &[result]);
        return true;
    }
    let strided_rank = src_shape.len() - src_dim;
    let extract_period = src_shape[src_dim] / gcd;
    let insert_period = res_shape[res_dim] / gcd;
    let part_ty = vector_type(rw.ctx, res_shape[res_dim..].to_vec(), elem);
    let atomic_ty = vector_type(rw.ctx, atomic_shape.clone(), elem);
    let part_empty = poison(rw, part_ty);
    let (mut at_src, mut at_res) = (vec![0; src_dim], vec![0; res_dim]);
    let mut offsets = vec![0; strided_rank];
    let ones = vec![1; strided_rank];
    let (mut extracted, mut part) = (src, part_empty);
    for i in 0..atomic_slices {
        let (extract_phase, insert_phase) = (i % extract_period, i % insert_period);
        if extract_phase == 0 {
            extracted = extract(rw, src, &at_src, &src_shape);
            add_mixed_radix(1, &src_shape[..src_dim], &mut at_src);
        }
        offsets[0] = extract_phase * gcd;
        let (o, sz, st) =
            (int_array_attr(rw.ctx, &offsets), int_array_attr(rw.ctx, &atomic_shape), int_array_attr(rw.ctx, &ones));
        let piece = ExtractStridedSliceOp::create(rw, extracted, Some(o), Some(sz), Some(st), &[atomic_ty], vec![])
            .result(rw.ctx);
        if insert_phase == 0 {
            part = part_empty;
        }
        offsets[0] = insert_phase * gcd;
        let (o, st) = (int_array_attr(rw.ctx, &offsets), int_array_attr(rw.ctx, &ones));
        part = InsertStridedSliceOp::create(rw, piece, part, Some(o), Some(st), &[part_ty], vec![]).result(rw.ctx);
        if insert_phase + 1 == insert_period {
            result = insert(rw, part, result, &at_res);
            add_mixed_radix(1, &res_shape[..res_dim], &mut at_res);
        }
    }
    rw.replace_op(op, &[result]);
    true
}

fn num_integer_gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}
