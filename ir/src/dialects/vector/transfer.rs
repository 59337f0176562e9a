//! `vector.transfer_read` / `transfer_write`: custom form, verifier and a
//! read-only view the engine and the vectorizer share.
//!
//! The parser always stores `permutation_map` and `in_bounds`, as MLIR's
//! builders do (the generic form prints them); the custom form elides a
//! minor-identity map and an all-false `in_bounds`.

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{attr_to_string, type_to_string, OpPrinter};
use crate::registry::VerifyError;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

use super::{bool_array, bool_array_attr, vector_shape, TransferReadOp, TransferWriteOp};

/// The map MLIR gives a transfer without one: the last `vector_rank` dims
/// of the source (`(d0, d1, d2) -> (d1, d2)`).
pub fn minor_identity(source_rank: usize, vector_rank: usize) -> AffineMap {
    let skip = source_rank.saturating_sub(vector_rank);
    AffineMap {
        num_dims: source_rank as u32,
        num_syms: 0,
        results: (skip..source_rank).map(|d| AffineExpr::Dim(d as u32)).collect(),
    }
}

/// `in_bounds` when not written: every dim may run out of bounds.
pub fn default_in_bounds(vector_rank: usize) -> Vec<bool> {
    vec![false; vector_rank]
}

/// A transfer op read in place.
#[derive(Clone, Debug)]
pub struct TransferView {
    /// The tensor or memref read or written.
    pub base: Value,
    /// One index per dim of the base.
    pub indices: Vec<Value>,
    /// The padding (reads only).
    pub padding: Option<Value>,
    /// The mask operand, if any.
    pub mask: Option<Value>,
    /// The vector read or written.
    pub vector_type: Type,
    /// For each vector dim, the base dim it walks (`None`: a broadcast dim).
    pub dims: Vec<Option<usize>>,
    /// For each vector dim, whether it is known to stay in bounds.
    pub in_bounds: Vec<bool>,
}

impl TransferView {
    /// The view of a `transfer_read` or `transfer_write`; `None` when the op
    /// is neither or malformed.
    pub fn of(ctx: &Context, op: OpId) -> Option<TransferView> {
        crate::ods::check_segments(ctx, op, ctx.def_of(op)?).ok()?;
        let (base, indices, padding, mask, vector_type, map) = if let Some(r) = TransferReadOp::cast(ctx, op) {
            let map = r.permutation_map(ctx)?;
            (r.base(ctx), r.indices(ctx).to_vec(), r.padding(ctx), r.mask(ctx), ctx.value_type(r.vector(ctx)), map)
        } else {
            let w = TransferWriteOp::cast(ctx, op)?;
            let map = w.permutation_map(ctx)?;
            (w.base(ctx), w.indices(ctx).to_vec(), None, w.mask(ctx), ctx.value_type(w.value_to_store(ctx)), map)
        };
        let dims = map
            .results
            .iter()
            .map(|e| match e {
                AffineExpr::Dim(d) => Some(Some(*d as usize)),
                AffineExpr::Const(0) => Some(None),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let rank = dims.len();
        let in_bounds = bool_array(ctx, ctx.get_attr(op, "in_bounds")).unwrap_or_else(|| default_in_bounds(rank));
        Some(TransferView { base, indices, padding, mask, vector_type, dims, in_bounds })
    }
}

/// The mask type MLIR infers for a transfer: the vector's shape in the
/// base's dim order, broadcast dims dropped (`vector<1xi1>` for none).
pub fn inferred_mask_shape(vector_shape: &[i64], dims: &[Option<usize>]) -> Vec<i64> {
    let scalable = vec![false; vector_shape.len()];
    inferred_mask_dims(vector_shape, &scalable, dims).into_iter().map(|(n, _)| n).collect()
}

/// [`inferred_mask_shape`] with each dim's scalable flag (a scalable
/// vector dim gives a scalable mask dim).
pub fn inferred_mask_dims(vector_shape: &[i64], scalable: &[bool], dims: &[Option<usize>]) -> Vec<(i64, bool)> {
    let mut used: Vec<(usize, (i64, bool))> =
        dims.iter().zip(vector_shape.iter().zip(scalable)).filter_map(|(d, (n, s))| d.map(|d| (d, (*n, *s)))).collect();
    used.sort_by_key(|(d, _)| *d);
    let shape: Vec<(i64, bool)> = used.into_iter().map(|(_, n)| n).collect();
    if shape.is_empty() {
        vec![(1, false)]
    } else {
        shape
    }
}

/// `vector<4x[8]xi1>`'s text for the inferred mask dims.
fn mask_text(dims: &[(i64, bool)]) -> String {
    let shape: String = dims.iter().map(|(n, s)| if *s { format!("[{n}]x") } else { format!("{n}x") }).collect();
    format!("vector<{shape}i1>")
}

fn base_rank(ctx: &Context, t: Type) -> Option<usize> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// The type of the mask of a transfer on `base_ty` with `vector_ty` and
/// `map`: MLIR's `inferTransferOpMaskType`.
fn mask_type(ctx: &mut Context, vector_ty: Type, map: &AffineMap) -> Type {
    let (shape, scalable) =
        vector_shape(ctx, vector_ty).map(|v| (v.shape.to_vec(), v.scalable.to_vec())).unwrap_or_default();
    let dims: Vec<Option<usize>> =
        map.results.iter().map(|e| if let AffineExpr::Dim(d) = e { Some(*d as usize) } else { None }).collect();
    let (mask_shape, mask_scalable): (Vec<i64>, Vec<bool>) =
        inferred_mask_dims(&shape, &scalable, &dims).into_iter().unzip();
    let i1 = ctx.int_type(1);
    super::scalable_vector_type(ctx, mask_shape, mask_scalable, i1)
}

/// `%base[%i, ...]` then the types: shared by read and write.
struct TransferText {
    base: UnresolvedOperand,
    indices: Vec<UnresolvedOperand>,
    padding: Option<UnresolvedOperand>,
    mask: Option<UnresolvedOperand>,
    value: Option<UnresolvedOperand>,
}

fn parse_types(p: &mut OpParser<'_, '_>, read: bool) -> PResult<(Type, Type)> {
    p.optional_attr_dict()?;
    p.expect_what(Tok::Colon, "':'")?;
    let loc = p.cur_loc();
    let first = p.ty()?;
    p.expect(Tok::Comma)?;
    let second = p.ty()?;
    let (base_ty, vector_ty) = if read { (first, second) } else { (second, first) };
    if base_rank(p.ctx(), base_ty).is_none() {
        return p.err_at(loc, "requires memref or ranked tensor type");
    }
    if vector_shape(p.ctx(), vector_ty).is_none() {
        return p.err_at(loc, "requires vector type");
    }
    Ok((base_ty, vector_ty))
}

/// Stores the map and `in_bounds` defaults; returns the map.
fn set_defaults(p: &mut OpParser<'_, '_>, base_ty: Type, vector_ty: Type) -> AffineMap {
    let ctx = p.ctx();
    let rank = base_rank(ctx, base_ty).unwrap_or(0);
    let vrank = vector_shape(ctx, vector_ty).map(|v| v.rank()).unwrap_or(0);
    let map_sym = ctx.sym("permutation_map");
    let written = p.attrs.get(&map_sym).copied();
    let map = match written.map(|a| p.ctx().attr_kind(a).clone()) {
        Some(AttrKind::AffineMap(m)) => m,
        _ => {
            let m = minor_identity(rank, vrank);
            let a = p.ctx().attr(AttrKind::AffineMap(m.clone()));
            p.set_attr("permutation_map", a);
            m
        }
    };
    let ib = p.ctx().sym("in_bounds");
    if !p.attrs.contains_key(&ib) {
        let a = bool_array_attr(p.ctx(), &default_in_bounds(map.results.len()));
        p.set_attr("in_bounds", a);
    }
    map
}

fn finish(p: &mut OpParser<'_, '_>, t: TransferText, base_ty: Type, vector_ty: Type) -> PResult<()> {
    let map = set_defaults(p, base_ty, vector_ty);
    let mut segments = Vec::new();
    if let Some(v) = &t.value {
        p.push_operand(v, vector_ty)?;
        segments.push(1);
    }
    p.push_operand(&t.base, base_ty)?;
    segments.push(1);
    let index = p.index_type();
    p.push_operands_of(&t.indices, index)?;
    segments.push(t.indices.len());
    if t.value.is_none() {
        let elem = p.ctx().type_kind(base_ty).element_type().unwrap_or(base_ty);
        if let Some(pad) = &t.padding {
            p.push_operand(pad, elem)?;
        }
        segments.push(t.padding.is_some() as usize);
    }
    if let Some(m) = &t.mask {
        if map.results.len() != vector_shape(p.ctx(), vector_ty).map_or(0, |v| v.rank()) {
            return p.err("expected the same rank for the vector and the results of the permutation map");
        }
        let mt = mask_type(p.ctx(), vector_ty, &map);
        p.push_operand(m, mt)?;
    }
    segments.push(t.mask.is_some() as usize);
    p.set_operand_segments(&segments);
    Ok(())
}

pub(super) fn parse_transfer_read(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let base = p.operand()?;
    let indices = p.square_operand_list()?;
    p.expect(Tok::Comma)?;
    let padding = Some(p.operand()?);
    let mask = if p.optional(Tok::Comma) { Some(p.operand()?) } else { None };
    let (base_ty, vector_ty) = parse_types(p, true)?;
    let t = TransferText { base, indices, padding, mask, value: None };
    finish(p, t, base_ty, vector_ty)?;
    p.result_types.push(vector_ty);
    Ok(())
}

pub(super) fn parse_transfer_write(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let value = Some(p.operand()?);
    p.expect(Tok::Comma)?;
    let base = p.operand()?;
    let indices = p.square_operand_list()?;
    let mask = if p.optional(Tok::Comma) { Some(p.operand()?) } else { None };
    let (base_ty, vector_ty) = parse_types(p, false)?;
    let t = TransferText { base, indices, padding: None, mask, value };
    finish(p, t, base_ty, vector_ty)?;
    if matches!(p.ctx().type_kind(base_ty), TypeKind::Tensor { .. }) {
        p.result_types.push(base_ty);
    }
    Ok(())
}

/// The attribute names the custom form leaves out of the dictionary: the
/// segments, a minor-identity map and an all-false `in_bounds`.
fn elided_attrs(ctx: &Context, op: OpId, base: Value, vector_ty: Type) -> Vec<&'static str> {
    let mut elided = vec!["operandSegmentSizes"];
    let rank = base_rank(ctx, ctx.value_type(base)).unwrap_or(0);
    let vrank = vector_shape(ctx, vector_ty).map(|v| v.rank()).unwrap_or(0);
    let map = ctx.get_attr(op, "permutation_map").map(|a| ctx.attr_kind(a));
    if matches!(map, Some(AttrKind::AffineMap(m)) if *m == minor_identity(rank, vrank)) {
        elided.push("permutation_map");
    }
    if bool_array(ctx, ctx.get_attr(op, "in_bounds")).is_some_and(|b| b.iter().all(|x| !x)) {
        elided.push("in_bounds");
    }
    elided
}

pub(super) fn print_transfer_read(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let r = TransferReadOp(op);
    let (base, vt) = (r.base(ctx), ctx.value_type(r.vector(ctx)));
    p.write(" ");
    p.print_operand(base);
    p.write("[");
    p.print_operands(r.indices(ctx));
    p.write("]");
    for v in r.padding(ctx).into_iter().chain(r.mask(ctx)) {
        p.write(", ");
        p.print_operand(v);
    }
    let elided = elided_attrs(ctx, op, base, vt);
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ctx.value_type(base));
    p.write(", ");
    p.print_type(vt);
}

pub(super) fn print_transfer_write(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let w = TransferWriteOp(op);
    let (value, base) = (w.value_to_store(ctx), w.base(ctx));
    let vt = ctx.value_type(value);
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    p.print_operand(base);
    p.write("[");
    p.print_operands(w.indices(ctx));
    p.write("]");
    if let Some(m) = w.mask(ctx) {
        p.write(", ");
        p.print_operand(m);
    }
    let elided = elided_attrs(ctx, op, base, vt);
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(vt);
    p.write(", ");
    p.print_type(ctx.value_type(base));
}

/// MLIR's `verifyTransferOp` and `verifyPermutationMap`, for both ops.
fn verify_transfer(ctx: &Context, op: OpId, read: bool) -> Result<(), VerifyError> {
    let def = if read { &super::TRANSFER_READ } else { &super::TRANSFER_WRITE };
    crate::ods::check_segments(ctx, op, def)?;
    if !read {
        let t = ctx.value_type(ctx.operands(op)[0]);
        if vector_shape(ctx, t).is_none() {
            return Err(
                format!("operand #0 must be vector of any type values, but got '{}'", type_to_string(ctx, t)).into()
            );
        }
    }
    let (base, indices, vector_ty, mask, map) = if read {
        let r = TransferReadOp(op);
        (r.base(ctx), r.indices(ctx), ctx.value_type(r.vector(ctx)), r.mask(ctx), r.permutation_map(ctx))
    } else {
        let w = TransferWriteOp(op);
        (w.base(ctx), w.indices(ctx), ctx.value_type(w.value_to_store(ctx)), w.mask(ctx), w.permutation_map(ctx))
    };
    let base_ty = ctx.value_type(base);
    let Some(rank) = base_rank(ctx, base_ty) else {
        return Err("requires source to be a memref or ranked tensor type".into());
    };
    let Some(vector) = vector_shape(ctx, vector_ty) else { return Err("requires vector type".into()) };
    if indices.len() != rank {
        return Err(format!("requires {rank} indices").into());
    }
    let Some(map) = map else { return Err("requires attribute 'permutation_map'".into()) };
    let base_elem = ctx.type_kind(base_ty).element_type().unwrap_or(base_ty);
    let bits = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width as i64),
        TypeKind::Float(k) => Some(k.width() as i64),
        TypeKind::Index => Some(64),
        _ => None,
    };
    let minor = if vector.rank() == 0 { 1 } else { *vector.shape.last().unwrap_or(&1) };
    if let (Some(vb), Some(sb)) = (bits(vector.elem), bits(base_elem)) {
        // In 128 bits: a huge vector dim must not overflow (a diagnostic, not a panic).
        if sb == 0 || (i128::from(vb) * i128::from(minor)) % i128::from(sb) != 0 {
            return Err("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type".into());
        }
    }
    if map.results.len() != vector.rank() {
        return Err("requires a permutation_map with result dims of the same rank as the vector type".into());
    }
    if map.num_syms != 0 {
        return Err("requires permutation_map without symbols".into());
    }
    if map.num_dims as usize != rank {
        return Err("requires a permutation_map with input dims of the same rank as the source type".into());
    }
    let mut seen = vec![false; rank];
    for e in &map.results {
        match e {
            AffineExpr::Dim(d) => {
                let d = *d as usize;
                if d < rank && seen[d] {
                    return Err(
                        "requires a permutation_map that is a permutation (found one dim used more than once)".into()
                    );
                }
                if d < rank {
                    seen[d] = true;
                }
            }
            AffineExpr::Const(0) => {
                if !read {
                    return Err("should not have broadcast dimensions".into());
                }
            }
            _ => {
                return Err("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)".into());
            }
        }
    }
    if let Some(m) = mask {
        let dims: Vec<Option<usize>> =
            map.results.iter().map(|e| if let AffineExpr::Dim(d) = e { Some(*d as usize) } else { None }).collect();
        let inferred = inferred_mask_dims(vector.shape, vector.scalable, &dims);
        let mt = ctx.value_type(m);
        let ok = vector_shape(ctx, mt).is_some_and(|v| {
            v.shape.iter().copied().zip(v.scalable.iter().copied()).eq(inferred.iter().copied())
                && matches!(ctx.type_kind(v.elem), TypeKind::Integer { width: 1, .. })
        });
        if !ok {
            return Err(format!(
                "inferred mask type ({}) and mask operand type ({}) don't match",
                mask_text(&inferred),
                type_to_string(ctx, mt)
            )
            .into());
        }
    }
    let in_bounds = bool_array(ctx, ctx.get_attr(op, "in_bounds"));
    let Some(in_bounds) = in_bounds else { return Err("expects an in_bounds attribute of booleans".into()) };
    if in_bounds.len() != map.results.len() {
        let map_text = ctx.get_attr(op, "permutation_map").map(|a| attr_to_string(ctx, a)).unwrap_or_default();
        return Err(format!(
            "expects the in_bounds attr of same rank as permutation_map results: {map_text} vs inBounds of size: {}",
            in_bounds.len()
        )
        .into());
    }
    Ok(())
}

pub(super) fn verify_transfer_read(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_transfer(ctx, op, true)?;
    let r = TransferReadOp(op);
    let base_ty = ctx.value_type(r.base(ctx));
    let elem = ctx.type_kind(base_ty).element_type().unwrap_or(base_ty);
    match r.padding(ctx) {
        None => Err("requires a padding value".into()),
        Some(p) if ctx.value_type(p) != elem => {
            Err("requires formal padding and source of the same elemental type".into())
        }
        Some(_) => Ok(()),
    }
}

pub(super) fn verify_transfer_write(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    verify_transfer(ctx, op, false)?;
    let w = TransferWriteOp(op);
    let base_ty = ctx.value_type(w.base(ctx));
    let is_tensor = matches!(ctx.type_kind(base_ty), TypeKind::Tensor { .. });
    match w.result(ctx) {
        Some(r) if !is_tensor => {
            let _ = r;
            Err("expected no result for a memref destination".into())
        }
        Some(r) if ctx.value_type(r) != base_ty => Err(format!(
            "expected the result type '{}' to match the destination's",
            type_to_string(ctx, ctx.value_type(r))
        )
        .into()),
        None if is_tensor => Err("expected a result for a tensor destination".into()),
        _ => Ok(()),
    }
}
