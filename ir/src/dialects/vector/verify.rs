//! Verifiers of the vector ops other than the transfers, with mlir-opt
//! 22's messages.

use crate::printer::type_to_string;
use crate::registry::VerifyError;
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

use super::transfer::{inferred_mask_shape, TransferView};
use super::{combining_kind, int_array, vector_shape, VectorShape};

fn ty(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

fn operand_type(ctx: &Context, op: OpId, i: usize) -> Type {
    ctx.value_type(ctx.operands(op)[i])
}

fn vector_or<'c>(ctx: &'c Context, t: Type, what: &str) -> Result<VectorShape<'c>, VerifyError> {
    vector_shape(ctx, t)
        .ok_or_else(|| format!("{what} must be vector of any type values, but got '{}'", ty(ctx, t)).into())
}

fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { width: 1, .. })
}

/// The element type of `t` (itself for a scalar).
fn elem_of(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

pub(super) fn verify_mask(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let mask_ty = ctx.value_type(ctx.operands(op)[0]);
    if !vector_shape(ctx, mask_ty).is_some_and(|v| is_i1(ctx, v.elem)) {
        return Err(format!(
            "operand #0 must be vector of 1-bit signless integer values, but got '{}'",
            ty(ctx, mask_ty)
        )
        .into());
    }
    let region = ctx.regions(op)[0];
    let Some(block) = ctx.blocks(region).first().copied() else { return Ok(()) };
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    let Some(&terminator) = ops.last() else { return Err("expects a terminator within the mask region".into()) };
    if !super::YieldOp::isa(ctx, terminator) {
        return Err("expects a terminator within the mask region".into());
    }
    if ops.len() > 2 {
        return Err("expects only one operation to mask".into());
    }
    let results: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    if ops.len() == 1 {
        // An empty mask: it yields its results.
        let yielded: Vec<Type> = ctx.operands(terminator).iter().map(|v| ctx.value_type(*v)).collect();
        if yielded != results {
            return Err("expects result type to match maskable operation result type".into());
        }
        return Ok(());
    }
    let masked = ops[0];
    let Some(expected) = expected_mask_shape(ctx, masked) else {
        let name = ctx.op_name(masked);
        return Err(format!("expects a MaskableOpInterface within the mask region, got '{name}'").into());
    };
    let mask_ty = ctx.value_type(ctx.operands(op)[0]);
    let ok = vector_shape(ctx, mask_ty).is_some_and(|v| v.shape == expected.as_slice() && is_i1(ctx, v.elem));
    if !ok {
        let shape: String = expected.iter().map(|d| format!("{d}x")).collect();
        return Err(format!("expects a 'vector<{shape}i1>' mask for the maskable operation").into());
    }
    let masked_results: Vec<Type> = ctx.results(masked).iter().map(|r| ctx.value_type(*r)).collect();
    if masked_results.len() != results.len() {
        return Err("expects number of results to match maskable operation number of results".into());
    }
    if masked_results != results {
        return Err("expects result type to match maskable operation result type".into());
    }
    if let Some(pt) = super::MaskOp(op).passthru(ctx) {
        if results.first() != Some(&ctx.value_type(pt)) {
            return Err("expects passthru type to match result type".into());
        }
    }
    Ok(())
}

/// The mask shape a maskable op expects: a transfer's inferred mask, a
/// reduction's source shape, a contraction's iteration space, an outer
/// product's result shape, a gather's or scatter's vector shape; `None`
/// for an op that cannot be masked.
pub fn expected_mask_shape(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    if super::ContractOp::isa(ctx, op) {
        return contract_iteration_bounds(ctx, op);
    }
    if super::OuterProductOp::isa(ctx, op) {
        return vector_shape(ctx, ctx.value_type(ctx.result(op, 0))).map(|v| v.shape.to_vec());
    }
    if let Some(view) = TransferView::of(ctx, op) {
        let vshape = vector_shape(ctx, view.vector_type).map(|v| v.shape.to_vec()).unwrap_or_default();
        return Some(inferred_mask_shape(&vshape, &view.dims));
    }
    // A gather's mask has the shape of what it gathers, a scatter's of
    // what it stores (its last operand).
    if super::GatherOp::isa(ctx, op) {
        return vector_shape(ctx, ctx.value_type(ctx.result(op, 0))).map(|v| v.shape.to_vec());
    }
    if super::ScatterOp::isa(ctx, op) {
        let value = *ctx.operands(op).last()?;
        return vector_shape(ctx, ctx.value_type(value)).map(|v| v.shape.to_vec());
    }
    if super::MultiReductionOp::isa(ctx, op) || super::ReductionOp::isa(ctx, op) {
        let source = ctx.value_type(ctx.operands(op)[0]);
        return vector_shape(ctx, source).map(|v| v.shape.to_vec());
    }
    None
}

pub(super) fn verify_yield(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    match ctx.parent_op(op) {
        Some(p) if super::MaskOp::isa(ctx, p) => Ok(()),
        Some(_) => Err("expects parent op 'vector.mask'".into()),
        None => Ok(()),
    }
}

pub(super) fn verify_create_mask(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let v = vector_or(ctx, result_type(ctx, op), "result #0")?;
    if !is_i1(ctx, v.elem) {
        return Err(format!(
            "result #0 must be vector of 1-bit signless integer values, but got '{}'",
            ty(ctx, result_type(ctx, op))
        )
        .into());
    }
    let expected = if v.rank() == 0 { 1 } else { v.rank() };
    if ctx.operands(op).len() != expected {
        return Err("must specify an operand for each result vector dimension".into());
    }
    Ok(())
}

pub(super) fn verify_constant_mask(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let v = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let sizes = super::ConstantMaskOp(op).mask_dim_sizes(ctx);
    let rank = if v.rank() == 0 { 1 } else { v.rank() };
    if sizes.len() != rank {
        return Err("must specify array attr of size equal vector result rank".into());
    }
    for (i, s) in sizes.iter().enumerate() {
        let dim = if v.rank() == 0 { 1 } else { v.shape[i] };
        if *s < 0 || *s > dim {
            return Err("array attr of size out of bounds of vector result dimension size".into());
        }
        if v.rank() > 0 && v.scalable[i] && *s != 0 && *s != dim {
            return Err("only supports 'none set' or 'all set' scalable dimensions".into());
        }
    }
    let any_zero = sizes.contains(&0);
    if any_zero && sizes.iter().any(|s| *s != 0) {
        return Err("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim".into());
    }
    Ok(())
}

pub(super) fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (st, rt) = (operand_type(ctx, op, 0), result_type(ctx, op));
    let r = vector_or(ctx, rt, "result #0")?;
    if elem_of(ctx, st) != r.elem {
        return Err("failed to verify that source operand and result have same element type".into());
    }
    let Some(s) = vector_shape(ctx, st) else { return Ok(()) };
    if s.rank() > r.rank() {
        return Err("source rank higher than destination rank".into());
    }
    let lead = r.rank() - s.rank();
    for i in 0..s.rank() {
        let (sd, rd) = (s.shape[i], r.shape[lead + i]);
        if sd != 1 && sd != rd {
            return Err(format!("dimension mismatch ({sd} vs. {rd})").into());
        }
        if sd != 1 && s.scalable[i] != r.scalable[lead + i] {
            return Err(format!("dimension mismatch ({sd} vs. {rd})").into());
        }
    }
    Ok(())
}

pub(super) fn verify_shape_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    if s.elem != r.elem {
        return Err("has different source and result element types".into());
    }
    let (sn, rn) = (s.num_elements(), r.num_elements());
    if sn != rn {
        return Err(format!("has different number of elements at source ({sn}) and result ({rn})").into());
    }
    let (ss, rs) = (s.scalable.iter().filter(|x| **x).count(), r.scalable.iter().filter(|x| **x).count());
    if ss != rs {
        return Err(format!("has different number of scalable dims at source ({ss}) and result ({rs})").into());
    }
    Ok(())
}

fn bit_width(ctx: &Context, t: Type) -> Option<i64> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width as i64),
        TypeKind::Float(k) => Some(k.width() as i64),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

pub(super) fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    if s.rank() != r.rank() {
        return Err("failed to verify that all of {source, result} have same rank".into());
    }
    if s.rank() > 1 && s.shape[..s.rank() - 1] != r.shape[..r.rank() - 1] {
        return Err("dimension size mismatch".into());
    }
    let minor = |v: &VectorShape<'_>| if v.rank() == 0 { 1 } else { v.shape[v.rank() - 1] };
    let (sb, rb) = (bit_width(ctx, s.elem).unwrap_or(0), bit_width(ctx, r.elem).unwrap_or(0));
    if sb * minor(&s) != rb * minor(&r) {
        return Err("source/result bitwidth of the minor 1-D vectors must be equal".into());
    }
    Ok(())
}

pub(super) fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let perm = super::TransposeOp(op).permutation(ctx);
    if s.rank() != r.rank() {
        return Err("vector result rank mismatch: ".to_string().into());
    }
    if perm.len() != s.rank() {
        return Err(format!("transposition length mismatch: {}", perm.len()).into());
    }
    let mut seen = vec![false; perm.len()];
    for (i, p) in perm.iter().enumerate() {
        if *p < 0 || *p as usize >= perm.len() || seen[*p as usize] {
            return Err(format!("duplicate position index: {p}").into());
        }
        seen[*p as usize] = true;
        if r.shape[i] != s.shape[*p as usize] {
            return Err(format!("dimension size mismatch at: {p}").into());
        }
    }
    if s.elem != r.elem {
        return Err("failed to verify that all of {vector, result} have same element type".into());
    }
    Ok(())
}

/// The type an extract at `npos` positions of `v` gives.
fn extracted_type(v: &VectorShape<'_>, npos: usize) -> Option<(Vec<i64>, Vec<bool>)> {
    (npos <= v.rank()).then(|| (v.shape[npos..].to_vec(), v.scalable[npos..].to_vec()))
}

fn matches_sub_vector(ctx: &Context, t: Type, v: &VectorShape<'_>, npos: usize) -> bool {
    let Some((shape, scalable)) = extracted_type(v, npos) else { return false };
    if shape.is_empty() {
        return t == v.elem;
    }
    vector_shape(ctx, t)
        .is_some_and(|r| r.shape == shape.as_slice() && r.scalable == scalable.as_slice() && r.elem == v.elem)
}

fn sub_vector_text(ctx: &Context, v: &VectorShape<'_>, npos: usize) -> String {
    let Some((shape, scalable)) = extracted_type(v, npos) else { return String::new() };
    if shape.is_empty() {
        return ty(ctx, v.elem);
    }
    let dims: String =
        shape.iter().zip(&scalable).map(|(d, s)| if *s { format!("[{d}]x") } else { format!("{d}x") }).collect();
    format!("vector<{dims}{}>", ty(ctx, v.elem))
}

pub(super) fn verify_extract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let e = super::ExtractOp(op);
    let v = vector_or(ctx, ctx.value_type(e.source(ctx)), "operand #0")?;
    let pos = e.static_position(ctx);
    let dynamic = pos.iter().filter(|p| super::format::is_dynamic_position(**p)).count();
    if dynamic != e.dynamic_position(ctx).len() {
        return Err("expected the number of dynamic positions to match the position list".into());
    }
    if pos.len() > v.rank() {
        return Err("expected position attribute of rank no greater than vector rank".into());
    }
    for (i, p) in pos.iter().enumerate() {
        if !super::format::is_dynamic_position(*p) && *p != -1 && (*p < 0 || *p >= v.shape[i]) {
            return Err(format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)",
                i + 1
            )
            .into());
        }
    }
    let rt = result_type(ctx, op);
    if !matches_sub_vector(ctx, rt, &v, pos.len()) {
        return Err(format!(
            "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
            sub_vector_text(ctx, &v, pos.len()),
            ty(ctx, rt)
        )
        .into());
    }
    Ok(())
}

pub(super) fn verify_insert(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let i = super::InsertOp(op);
    let v = vector_or(ctx, ctx.value_type(i.dest(ctx)), "operand #1")?;
    let pos = i.static_position(ctx);
    let dynamic = pos.iter().filter(|p| super::format::is_dynamic_position(**p)).count();
    if dynamic != i.dynamic_position(ctx).len() {
        return Err("expected the number of dynamic positions to match the position list".into());
    }
    let value_ty = ctx.value_type(i.value_to_store(ctx));
    if pos.len() > v.rank() {
        return Err("expected position attribute of rank no greater than dest vector rank".into());
    }
    match vector_shape(ctx, value_ty) {
        Some(s) if s.rank() + pos.len() != v.rank() => {
            return Err("expected position attribute rank + source rank to match dest vector rank".into());
        }
        None if pos.len() != v.rank() => {
            return Err("expected position attribute rank to match the dest vector rank".into());
        }
        _ => {}
    }
    for (k, p) in pos.iter().enumerate() {
        if !super::format::is_dynamic_position(*p) && *p != -1 && (*p < 0 || *p >= v.shape[k]) {
            return Err(format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding dest vector dimension",
                k + 1
            )
            .into());
        }
    }
    if !matches_sub_vector(ctx, value_ty, &v, pos.len()) {
        return Err("expected the value to store to be the dest vector's type at the position".into());
    }
    Ok(())
}

fn strided_lists(ctx: &Context, op: OpId, names: &[&str]) -> Result<Vec<Vec<i64>>, VerifyError> {
    names
        .iter()
        .map(|n| int_array(ctx, ctx.get_attr(op, n)).ok_or_else(|| format!("requires attribute '{n}'").into()))
        .collect()
}

pub(super) fn verify_extract_strided_slice(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let lists = strided_lists(ctx, op, &["offsets", "sizes", "strides"])?;
    let (offsets, sizes, strides) = (&lists[0], &lists[1], &lists[2]);
    for (name, l) in [("offsets", offsets), ("sizes", sizes), ("strides", strides)] {
        if l.len() > s.rank() {
            return Err(format!("expected {name} attribute of rank no greater than vector rank").into());
        }
    }
    if offsets.len() != sizes.len() || offsets.len() != strides.len() {
        return Err("expected offsets, sizes and strides attributes of same size".into());
    }
    for (i, o) in offsets.iter().enumerate() {
        if *o < 0 || *o >= s.shape[i] {
            return Err(format!("expected offsets dimension {i} to be confined to [0, {})", s.shape[i]).into());
        }
    }
    for (i, z) in sizes.iter().enumerate() {
        if *z < 1 || *z > s.shape[i] {
            return Err(format!("expected sizes dimension {i} to be confined to [1, {})", s.shape[i] + 1).into());
        }
    }
    for st in strides {
        if *st != 1 {
            return Err("expected strides to be confined to [1, 2)".into());
        }
    }
    for i in 0..offsets.len() {
        if offsets[i] + sizes[i] > s.shape[i] {
            return Err(format!(
                "expected sum(offsets, sizes) dimension {i} to be confined to [1, {})",
                s.shape[i] + 1
            )
            .into());
        }
    }
    let mut shape = sizes.clone();
    shape.extend_from_slice(&s.shape[sizes.len()..]);
    if r.shape != shape.as_slice() || r.elem != s.elem {
        return Err("expected result type to be the source's shape with the sliced sizes".into());
    }
    Ok(())
}

pub(super) fn verify_insert_strided_slice(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let d = vector_or(ctx, operand_type(ctx, op, 1), "operand #1")?;
    let lists = strided_lists(ctx, op, &["offsets", "strides"])?;
    let (offsets, strides) = (&lists[0], &lists[1]);
    if offsets.len() != d.rank() {
        return Err("expected offsets of same size as destination vector rank".into());
    }
    if strides.len() != s.rank() {
        return Err("expected strides of same size as source vector rank".into());
    }
    if s.rank() > d.rank() {
        return Err("expected source rank to be no greater than destination rank".into());
    }
    for (i, o) in offsets.iter().enumerate() {
        if *o < 0 || *o >= d.shape[i] {
            return Err(format!("expected offsets dimension {i} to be confined to [0, {})", d.shape[i]).into());
        }
    }
    for st in strides {
        if *st != 1 {
            return Err("expected strides to be confined to [1, 2)".into());
        }
    }
    let lead = d.rank() - s.rank();
    for i in 0..s.rank() {
        if offsets[lead + i] + s.shape[i] > d.shape[lead + i] {
            return Err(format!(
                "expected sum(offsets, source vector shape) dimension {} to be confined to [1, {})",
                lead + i,
                d.shape[lead + i] + 1
            )
            .into());
        }
    }
    if s.elem != d.elem {
        return Err("failed to verify that all of {valueToStore, dest} have same element type".into());
    }
    Ok(())
}

pub(super) fn verify_from_elements(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let n = ctx.operands(op).len() as i64;
    if n != r.num_elements() {
        return Err(format!("expected {} operands, got {n}", r.num_elements()).into());
    }
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != r.elem) {
        return Err("operand types must match the result's element type".into());
    }
    Ok(())
}

pub(super) fn verify_step(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = result_type(ctx, op);
    let ok = vector_shape(ctx, t).is_some_and(|v| v.rank() == 1 && matches!(ctx.type_kind(v.elem), TypeKind::Index));
    if !ok {
        return Err(format!("result #0 must be vector of index values of ranks 1, but got '{}'", ty(ctx, t)).into());
    }
    Ok(())
}

pub(super) fn verify_fma(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let t = result_type(ctx, op);
    let v = vector_or(ctx, t, "result #0")?;
    if !ctx.type_kind(v.elem).is_float() {
        return Err(format!("operand #0 must be vector of floating-point values, but got '{}'", ty(ctx, t)).into());
    }
    if ctx.operands(op).iter().any(|x| ctx.value_type(*x) != t) {
        return Err("failed to verify that all of {lhs, rhs, acc, result} have same type".into());
    }
    Ok(())
}

/// MLIR's `isSupportedCombiningKind`.
fn kind_supports(kind: &str, ctx: &Context, elem: Type) -> bool {
    let k = ctx.type_kind(elem);
    let int = k.is_signless_int_or_index() || k.is_integer();
    match kind {
        "add" | "mul" => int || k.is_float(),
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => int,
        "minnumf" | "maxnumf" | "minimumf" | "maximumf" => k.is_float(),
        _ => false,
    }
}

pub(super) fn verify_reduction(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let v = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    if combining_kind(ctx, op).is_none() {
        return Err("requires attribute 'kind' to be a #vector.kind".into());
    }
    let rt = result_type(ctx, op);
    if v.elem != rt {
        return Err("failed to verify that source operand and result have same element type".into());
    }
    if v.rank() > 1 {
        return Err(format!("unsupported reduction rank: {}", v.rank()).into());
    }
    let kind = combining_kind(ctx, op).unwrap_or("");
    if !kind_supports(kind, ctx, rt) {
        return Err(format!("unsupported reduction type ''{}'' for kind '{kind}'", ty(ctx, rt)).into());
    }
    if let Some(acc) = super::ReductionOp(op).acc(ctx) {
        if ctx.value_type(acc) != rt {
            return Err("failed to verify that all of {acc, dest} have same type".into());
        }
    }
    Ok(())
}

pub(super) fn verify_multi_reduction(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let m = super::MultiReductionOp(op);
    let st = ctx.value_type(m.source(ctx));
    let s = vector_or(ctx, st, "operand #0")?;
    if combining_kind(ctx, op).is_none() {
        return Err("requires attribute 'kind' to be a #vector.kind".into());
    }
    let dims = m.reduction_dims(ctx);
    let mut reduced = vec![false; s.rank()];
    for d in dims {
        if *d < 0 || *d as usize >= s.rank() {
            return Err(format!("reduction dimension {d} is out of range for a rank {} source", s.rank()).into());
        }
        reduced[*d as usize] = true;
    }
    let kept: Vec<i64> = s.shape.iter().zip(&reduced).filter(|(_, r)| !**r).map(|(d, _)| *d).collect();
    let dt = result_type(ctx, op);
    let ok = if kept.is_empty() {
        dt == s.elem
    } else {
        vector_shape(ctx, dt).is_some_and(|r| r.shape == kept.as_slice() && r.elem == s.elem)
    };
    if !ok {
        return Err(
            format!("destination type '{}' is incompatible with source type '{}'", ty(ctx, dt), ty(ctx, st)).into()
        );
    }
    if ctx.value_type(m.acc(ctx)) != dt {
        return Err("failed to verify that all of {dest, acc} have same type".into());
    }
    let kind = combining_kind(ctx, op).unwrap_or("");
    if !kind_supports(kind, ctx, s.elem) {
        return Err(format!("unsupported reduction type '{}' for kind '{kind}'", ty(ctx, s.elem)).into());
    }
    Ok(())
}

pub(super) fn verify_shuffle(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let fixed = |i: usize| -> Result<VectorShape<'_>, VerifyError> {
        let t = operand_type(ctx, op, i);
        match vector_shape(ctx, t) {
            Some(v) if !v.is_scalable() => Ok(v),
            _ => {
                Err(format!("operand #{i} must be fixed-length vector of any type values, but got '{}'", ty(ctx, t))
                    .into())
            }
        }
    };
    let (v1, v2) = (fixed(0)?, fixed(1)?);
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    if v1.elem != r.elem {
        return Err("failed to verify that first operand v1 and result have same element type".into());
    }
    if v2.elem != r.elem {
        return Err("failed to verify that second operand v2 and result have same element type".into());
    }
    let well_formed_0d = v1.rank() == 0 && v2.rank() == 0 && r.rank() == 1;
    if !well_formed_0d && (v1.rank() != r.rank() || v2.rank() != r.rank()) {
        return Err("rank mismatch".into());
    }
    for d in 1..v1.rank() {
        if r.shape[d] != v1.shape[d] || v1.shape[d] != v2.shape[d] {
            return Err("dimension mismatch".into());
        }
    }
    let mask = super::ShuffleOp(op).mask(ctx);
    if mask.is_empty() {
        return Err("invalid mask length".into());
    }
    if mask.len() as i64 != r.shape[0] {
        return Err("mask length mismatch".into());
    }
    let leading = |v: &VectorShape<'_>| v.shape.first().copied().unwrap_or(1);
    let size = leading(&v1) + leading(&v2);
    if let Some(k) = mask.iter().position(|m| *m != -1 && !(0..size).contains(m)) {
        return Err(format!("mask index #{} out of range", k + 1).into());
    }
    Ok(())
}

pub(super) fn verify_interleave(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let mut shape = s.shape.to_vec();
    match shape.last_mut() {
        Some(d) => *d *= 2,
        None => shape.push(2),
    }
    if r.shape != shape.as_slice() || r.elem != s.elem {
        return Err("failed to verify that type of 'result' is double the width of the inputs".into());
    }
    Ok(())
}

pub(super) fn verify_deinterleave(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let s = vector_or(ctx, operand_type(ctx, op, 0), "operand #0")?;
    let r = vector_or(ctx, result_type(ctx, op), "result #0")?;
    let mut shape = s.shape.to_vec();
    let even = shape.last().is_some_and(|d| d % 2 == 0);
    if let Some(d) = shape.last_mut() {
        *d /= 2;
    }
    if !even || r.shape != shape.as_slice() || r.elem != s.elem {
        return Err("failed to verify that the trailing dimension of the results is half the width of source trailing dimension".into());
    }
    Ok(())
}

/// `OuterProductOp::verify`.
pub(super) fn verify_outer_product(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let (lhs_t, rhs_t) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]));
    let res_t = result_type(ctx, op);
    let lhs = vector_or(ctx, lhs_t, "operand #0")?;
    if lhs.rank() != 1 {
        return Err("expected 1-d vector for operand #1".into());
    }
    let res = vector_or(ctx, res_t, "result #0")?;
    match vector_shape(ctx, rhs_t) {
        Some(rhs) => {
            if rhs.rank() != 1 {
                return Err("expected 1-d vector for operand #2".into());
            }
            if res.rank() != 2 {
                return Err("expected 2-d vector result".into());
            }
            if lhs.shape[0] != res.shape[0] {
                return Err("expected #1 operand dim to match result dim #1".into());
            }
            if rhs.shape[0] != res.shape[1] {
                return Err("expected #2 operand dim to match result dim #2".into());
            }
        }
        None => {
            if res.rank() != 1 {
                return Err("expected 1-d vector result".into());
            }
            if lhs.shape[0] != res.shape[0] {
                return Err("expected #1 operand dim to match result dim #1".into());
            }
        }
    }
    if let Some(acc) = ops.get(2) {
        if ctx.value_type(*acc) != res_t {
            return Err("expected operand #3 of same type as result type".into());
        }
    }
    let kind = super::combining_kind(ctx, op).unwrap_or("add");
    if !kind_supports(kind, ctx, res.elem) {
        return Err("unsupported outerproduct type".into());
    }
    Ok(())
}

/// A contraction's loop sizes, read off its operands through their maps.
pub fn contract_iteration_bounds(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    let maps = super::contract_maps(ctx, op)?;
    let mut sizes = vec![None; maps.first()?.num_dims as usize];
    for (map, operand) in maps.iter().zip(ctx.operands(op)) {
        let Some(v) = vector_shape(ctx, ctx.value_type(*operand)) else { continue };
        for (d, size) in map.dim_positions()?.into_iter().zip(v.shape) {
            *sizes.get_mut(d)? = Some(*size);
        }
    }
    sizes.into_iter().collect()
}
