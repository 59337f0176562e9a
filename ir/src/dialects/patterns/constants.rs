//! Packs, unpacks and transposes of `dense` constants, computed at compile
//! time. MLIR 22 folds packs and unpacks of splats only (`PackOp::fold`,
//! `UnPackOp::fold`); tessel also rearranges constants with distinct
//! elements, up to [`Rewriter::constant_fold_limit`] elements, and
//! transposes of constants (upstream declined it, llvm#93954; IREE needed
//! a const-eval pass for hundreds of packed weights, iree#11403).

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::dialects::arith::ConstantOp;
use crate::dialects::linalg::TransposeOp;
use crate::dialects::pack::PackInfo;
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::{Context, OpId, Type, Value};

/// The `dense` value and type of a constant tensor, if `v` is one.
pub(crate) fn dense_constant(ctx: &Context, v: Value) -> Option<(Type, &DenseData)> {
    let def = ctx.defining_op(v).filter(|d| ConstantOp::isa(ctx, *d))?;
    match ctx.attr_kind(ctx.get_attr(def, "value")?) {
        AttrKind::Dense { ty, data } if !matches!(data, DenseData::Hex(_)) => Some((*ty, data)),
        _ => None,
    }
}

/// A scalar constant as a dense element.
pub(crate) fn scalar_element(ctx: &Context, v: Value) -> Option<DenseElement> {
    let def = ctx.defining_op(v).filter(|d| ConstantOp::isa(ctx, *d))?;
    match ctx.attr_kind(ctx.get_attr(def, "value")?) {
        AttrKind::Float { bits, .. } => Some(DenseElement::Float(*bits)),
        AttrKind::Integer { value, .. } => Some(DenseElement::Int(*value)),
        AttrKind::Bool(b) => Some(DenseElement::Int(*b as i128)),
        _ => None,
    }
}

fn static_shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    ctx.value_type_kind(v).shape().filter(|s| !s.contains(&DYNAMIC)).map(<[i64]>::to_vec)
}

fn count(shape: &[i64]) -> usize {
    shape.iter().map(|d| *d as usize).product()
}

/// Row-major strides of `shape`.
fn strides(shape: &[i64]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1] as usize;
    }
    s
}

/// For each element of the packed shape, in row-major order, the
/// row-major index of the unpacked element it holds (`None`: padding).
fn packed_to_unpacked(info: &PackInfo, unpacked: &[i64], packed: &[i64]) -> Vec<Option<usize>> {
    let n = unpacked.len();
    let unpacked_strides = strides(unpacked);
    let tile_of: Vec<Option<(usize, i64)>> = (0..n)
        .map(|d| {
            let k = info.inner_dims_pos.iter().position(|p| *p as usize == d)?;
            Some((n + k, info.static_inner_tiles[k]))
        })
        .collect();
    let outer_pos: Vec<usize> = if info.outer_dims_perm.is_empty() {
        (0..n).collect()
    } else {
        // Packed outer dim i holds unpacked dim perm[i]: invert.
        let mut at = vec![0; n];
        for (i, p) in info.outer_dims_perm.iter().enumerate() {
            at[*p as usize] = i;
        }
        at
    };
    let mut index = vec![0i64; packed.len()];
    let mut out = Vec::with_capacity(count(packed));
    for _ in 0..count(packed) {
        let mut linear = Some(0usize);
        for d in 0..n {
            let outer = index[outer_pos[d]];
            let coord = match tile_of[d] {
                Some((inner_at, tile)) => outer * tile + index[inner_at],
                None => outer,
            };
            if coord >= unpacked[d] {
                linear = None;
                break;
            }
            linear = linear.map(|l| l + coord as usize * unpacked_strides[d]);
        }
        out.push(linear);
        // The next packed index, row-major.
        for d in (0..packed.len()).rev() {
            index[d] += 1;
            if index[d] < packed[d] {
                break;
            }
            index[d] = 0;
        }
    }
    out
}

/// `items` as dense data: a splat when they all agree (as MLIR stores it).
pub(crate) fn dense_data(items: Vec<DenseElement>) -> DenseData {
    match items.first() {
        Some(first) if items.iter().all(|e| e == first) => DenseData::Splat(*first),
        _ => DenseData::Elements(items),
    }
}

/// The elements of `data` (of `n` elements), expanded.
pub(crate) fn elements(data: &DenseData, n: usize) -> Option<Vec<DenseElement>> {
    match data {
        DenseData::Splat(e) => Some(vec![*e; n]),
        DenseData::Elements(es) if es.len() == n => Some(es.clone()),
        _ => None,
    }
}

/// A pack or unpack of a `dense` constant is a constant: a splat of the
/// result type when the source is a splat (and a pack's padding value, if
/// any, is the same value; MLIR's folds), otherwise the rearranged
/// elements, up to the rewriter's limit.
pub fn fold_constant_pack_or_unpack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The source (operand 0 of both ops) must be a constant: checked before
    // the op's attributes are read, as almost no pack's source is one.
    if ctx.operands(op).first().is_none_or(|&v| dense_constant(ctx, v).is_none()) {
        return false;
    }
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some((_, data)) = dense_constant(ctx, info.source) else { return false };
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let (Some(unpacked), Some(packed)) = (static_shape(ctx, info.unpacked()), static_shape(ctx, info.packed())) else {
        return false;
    };
    let pad = info.padding_value.map(|v| scalar_element(ctx, v));
    if let DenseData::Splat(e) = data {
        let e = *e;
        if pad.is_none() || pad == Some(Some(e)) {
            let splat = rw.ctx.attr(AttrKind::Dense { ty: result_ty, data: DenseData::Splat(e) });
            replace_with_constant(rw, op, splat);
            return true;
        }
    }
    let result_count = count(if info.is_pack { &packed } else { &unpacked });
    if info.static_inner_tiles.contains(&DYNAMIC) || result_count > rw.constant_fold_limit {
        return false;
    }
    let source_count = count(if info.is_pack { &unpacked } else { &packed });
    let Some(src) = elements(data, source_count) else { return false };
    let map = packed_to_unpacked(&info, &unpacked, &packed);
    let values: Vec<DenseElement> = if info.is_pack {
        let pad = match (map.iter().any(Option::is_none), pad) {
            (false, _) => DenseElement::Int(0), // never used
            (true, Some(Some(e))) => e,
            // Padding needed, and no padding value or not a constant one.
            (true, _) => return false,
        };
        map.iter().map(|m| m.map_or(pad, |i| src[i])).collect()
    } else {
        let mut out = vec![DenseElement::Int(0); result_count];
        for (j, m) in map.iter().enumerate() {
            if let Some(i) = m {
                out[*i] = src[j];
            }
        }
        out
    };
    let attr = ctx_dense(rw, result_ty, values);
    replace_with_constant(rw, op, attr);
    true
}

/// Replaces `op` with a new `arith.constant` holding `value` (of `op`'s
/// result type), made at the front of the function's entry block as
/// MLIR's folder makes it.
pub(crate) fn replace_with_constant(rw: &mut Rewriter<'_>, op: OpId, value: crate::Attr) {
    use crate::builder::{constant_block_of, InsertPoint};
    let block = rw.ctx.op_block(op).map(|b| constant_block_of(rw.ctx, b));
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    rw.ip = match block.and_then(|b| rw.ctx.first_op(b)) {
        Some(first) if !rw.fold_in_place => InsertPoint::Before(first),
        _ => InsertPoint::Before(op),
    };
    rw.loc = rw.ctx.op_loc(op);
    let c = ConstantOp::create(rw, Some(value), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
}

/// A `dense` attribute of `ty` with `values` (a splat when they agree, as
/// MLIR stores them).
pub(crate) fn ctx_dense(rw: &mut Rewriter<'_>, ty: Type, values: Vec<DenseElement>) -> crate::Attr {
    let data = match values.first() {
        Some(first) if values.iter().all(|v| v == first) => DenseData::Splat(*first),
        _ => DenseData::Elements(values),
    };
    rw.ctx.attr(AttrKind::Dense { ty, data })
}

/// A `linalg.transpose` of a `dense` constant is the transposed constant
/// (beyond MLIR 22, which keeps it), up to the rewriter's limit.
pub fn fold_constant_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(t) = TransposeOp::cast(ctx, op) else { return false };
    let input = t.input(ctx);
    let Some((_, data)) = dense_constant(ctx, input) else { return false };
    let Some(&result) = ctx.results(op).first() else { return false };
    let Some(perm) = ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec) else {
        return false;
    };
    let (Some(in_shape), Some(out_shape)) = (static_shape(ctx, input), static_shape(ctx, result)) else { return false };
    let n = count(&out_shape);
    let result_ty = ctx.value_type(result);
    if let DenseData::Splat(e) = data {
        let e = *e;
        let splat = rw.ctx.attr(AttrKind::Dense { ty: result_ty, data: DenseData::Splat(e) });
        replace_with_constant(rw, op, splat);
        return true;
    }
    if n > rw.constant_fold_limit || perm.len() != in_shape.len() {
        return false;
    }
    let Some(src) = elements(data, count(&in_shape)) else { return false };
    let in_strides = strides(&in_shape);
    let mut index = vec![0i64; out_shape.len()];
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        // out[i] = in[perm[i]]: output dim i walks input dim perm[i].
        let linear: usize = perm.iter().zip(&index).map(|(p, i)| *i as usize * in_strides[*p as usize]).sum();
        values.push(src[linear]);
        for d in (0..out_shape.len()).rev() {
            index[d] += 1;
            if index[d] < out_shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    let attr = ctx_dense(rw, result_ty, values);
    replace_with_constant(rw, op, attr);
    true
}
