//! `tensor.dim` of a static extent, a `tensor.empty` size, a slice's size
//! or a destination-style op's init, and slices that cover their whole
//! tensor.

use crate::dialects::pack::constant_int;
use crate::dialects::tensor::{slice_view, DimOp, EmptyOp, ExtractSliceOp, InsertSliceOp};
use crate::rewriter::Rewriter;
use crate::types::DYNAMIC;
use crate::OpId;

/// `tensor.dim` of a static extent is a constant; of a dynamic extent of a
/// `tensor.empty`, its size operand; of a (not rank-reducing)
/// `tensor.extract_slice`, its size; of a result of a destination-style op
/// (pack, unpack, structured ops), the dim of the init it is tied to.
pub fn fold_dim(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dim = DimOp(op);
    let (src, idx) = (dim.source(ctx), dim.index(ctx));
    let Some(d) = constant_int(ctx, idx) else { return false };
    let Some(shape) = ctx.value_type_kind(src).shape() else { return false };
    let Some(&extent) = usize::try_from(d).ok().and_then(|d| shape.get(d)) else { return false };
    if extent != DYNAMIC {
        rw.replace_op_with_constant(op, extent);
        return true;
    }
    if let Some(empty) = EmptyOp::defining(ctx, src) {
        let before = shape[..d as usize].iter().filter(|x| **x == DYNAMIC).count();
        let size = empty.dynamic_sizes(ctx)[before];
        rw.replace_op(op, &[size]);
        return true;
    }
    let Some(def) = ctx.defining_op(src) else { return false };
    if ExtractSliceOp::isa(ctx, def) {
        let Some(p) = slice_view(ctx, def) else { return false };
        if p.sizes.0.len() != shape.len() {
            return false;
        }
        let before = p.sizes.0[..d as usize].iter().filter(|x| **x == DYNAMIC).count();
        let size = p.sizes.1[before];
        rw.replace_op(op, &[size]);
        return true;
    }
    let Some(init) = tied_init(ctx, def, src) else { return false };
    let index_ty = rw.ctx.index_type();
    let new = DimOp::create(rw, init, idx, &[index_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[new]);
    true
}

/// What MLIR's `DimOp::fold` does (the folds every greedy run applies, as
/// opposed to canonicalize's patterns): `tensor.dim` of a static extent is
/// a constant, of a (not rank-reducing) `tensor.extract_slice` its size.
/// `tensor.empty` sizes and destination-style inits are canonicalize's
/// ([`fold_dim`]).
pub fn fold_dim_as_folder(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let dim = DimOp(op);
    let src = dim.source(ctx);
    let slice_source = ctx.defining_op(src).is_some_and(|d| ExtractSliceOp::isa(ctx, d));
    let static_extent = constant_int(ctx, dim.index(ctx)).is_some_and(|d| {
        ctx.value_type_kind(src)
            .shape()
            .and_then(|s| usize::try_from(d).ok().and_then(|d| s.get(d)))
            .is_some_and(|e| *e != DYNAMIC)
    });
    (static_extent || slice_source) && fold_dim(rw, op)
}

/// The init a result of a destination-style op is written into.
pub(crate) fn tied_init(ctx: &crate::Context, def: OpId, result: crate::Value) -> Option<crate::Value> {
    use crate::dialects::pack::{PackOp, UnPackOp};
    let r = ctx.results(def).iter().position(|v| *v == result)?;
    if PackOp::isa(ctx, def) || UnPackOp::isa(ctx, def) {
        return ctx.operands(def).get(1).copied();
    }
    crate::dialects::structured::structured(ctx, def)?.outputs.get(r).copied()
}

/// An extract or insert slice at offset 0 with unit strides covering a
/// whole static tensor is its source.
pub fn fold_noop_slice(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(p) = slice_view(ctx, op) else { return false };
    // The value that replaces the op, and the type it must have: an
    // extract's result type (a rank-reducing slice of a whole tensor is
    // not its source), an insert's dest type.
    let (src, full) = if let Some(e) = ExtractSliceOp::cast(ctx, op) {
        (e.source(ctx), ctx.value_type(ctx.result(op, 0)))
    } else {
        let i = InsertSliceOp(op);
        (i.source(ctx), ctx.value_type(i.dest(ctx)))
    };
    let Some(full_shape) = ctx.type_kind(full).shape() else { return false };
    let whole = p.offsets.0.iter().all(|o| *o == 0)
        && p.strides.0.iter().all(|s| *s == 1)
        && p.sizes.0 == full_shape
        && !full_shape.contains(&DYNAMIC)
        && ctx.value_type(src) == full;
    if !whole {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}

/// MLIR's `OpWithOffsetSizesAndStridesConstantArgumentFolder`, for what
/// does not change a type: a constant among the dynamic offsets or strides
/// of an extract, insert or parallel insert slice moves into the static
/// list (`%t[%c0]` becomes `%t[0]`). Sizes stay: making one static changes
/// a type, which upstream bridges with a `tensor.cast`.
pub fn fold_constant_offsets_and_strides(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::tensor::ParallelInsertSliceOp;
    use crate::Value;
    let ctx = &*rw.ctx;
    let Some(v) = slice_view(ctx, op) else { return false };
    let fold = |(ints, vals): (&[i64], &[Value])| -> Option<(Vec<i64>, Vec<Value>)> {
        let mut dyn_vals = vals.iter();
        let mut changed = false;
        let mut out_ints = Vec::with_capacity(ints.len());
        let mut out_vals = Vec::new();
        for &i in ints {
            if i != DYNAMIC {
                out_ints.push(i);
                continue;
            }
            let v = *dyn_vals.next()?;
            match constant_int(ctx, v) {
                Some(c) => {
                    out_ints.push(c);
                    changed = true;
                }
                None => {
                    out_ints.push(DYNAMIC);
                    out_vals.push(v);
                }
            }
        }
        Some((out_ints, out_vals)).filter(|_| changed)
    };
    let offsets = fold(v.offsets);
    let strides = fold(v.strides);
    if offsets.is_none() && strides.is_none() {
        return false;
    }
    let (o, s, st) = (
        offsets.unwrap_or_else(|| (v.offsets.0.to_vec(), v.offsets.1.to_vec())),
        (v.sizes.0.to_vec(), v.sizes.1.to_vec()),
        strides.unwrap_or_else(|| (v.strides.0.to_vec(), v.strides.1.to_vec())),
    );
    let operands = ctx.operands(op).to_vec();
    let result_types: Vec<crate::Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    let (extract, insert, parallel) =
        (ExtractSliceOp::isa(ctx, op), InsertSliceOp::isa(ctx, op), ParallelInsertSliceOp::isa(ctx, op));
    rw.set_insertion_point_before(op);
    let new = if extract {
        ExtractSliceOp::create(rw, operands[0], &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &result_types, vec![]).op()
    } else if insert {
        InsertSliceOp::create(rw, operands[0], operands[1], &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &result_types, vec![])
            .op()
    } else if parallel {
        ParallelInsertSliceOp::create(rw, operands[0], operands[1], &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[], vec![])
            .op()
    } else {
        return false;
    };
    let results = rw.ctx.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// MLIR's pack canonicalization: a padding value the pack never uses goes
/// (every tiled source dim is static and a multiple of its static tile, so
/// no tile is incomplete; `PackOp::requirePaddingValue` is false).
pub fn drop_unneeded_padding_value(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::pack::PackInfo;
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    if !info.is_pack || info.padding_value.is_none() {
        return false;
    }
    let Some(shape) = ctx.value_type_kind(info.source).shape().map(|s| s.to_vec()) else { return false };
    let whole_tiles = info.inner_dims_pos.iter().zip(&info.static_inner_tiles).all(|(&pos, &tile)| {
        let dim = shape.get(pos as usize).copied().unwrap_or(DYNAMIC);
        dim != DYNAMIC && tile != DYNAMIC && tile > 0 && dim % tile == 0
    });
    if !whole_tiles {
        return false;
    }
    let mut unpadded = info.clone();
    unpadded.padding_value = None;
    let name = ctx.op_name(op).to_string();
    let loc = ctx.op_loc(op);
    rw.set_insertion_point_before(op);
    let spec = unpadded.spec(rw.ctx, loc, &name);
    let new = rw.insert(spec);
    let result = rw.ctx.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// Whether two packs/unpacks tile the same way: the same inner dims, the
/// same tiles (constants, or the same SSA values) and the same outer
/// permutation (absent and identity alike).
fn same_tiling(a: &crate::dialects::pack::PackInfo, b: &crate::dialects::pack::PackInfo) -> bool {
    let perm = |p: &[i64], rank: usize| -> Vec<i64> {
        if p.is_empty() {
            (0..rank as i64).collect()
        } else {
            p.to_vec()
        }
    };
    let rank = a.outer_dims_perm.len().max(b.outer_dims_perm.len());
    a.inner_dims_pos == b.inner_dims_pos
        && a.static_inner_tiles == b.static_inner_tiles
        && a.dynamic_inner_tiles == b.dynamic_inner_tiles
        && perm(&a.outer_dims_perm, rank) == perm(&b.outer_dims_perm, rank)
}

/// The extent of dim `d` of tensor `v`, when its type or its defining
/// `tensor.empty` / `tensor.extract_slice` says it.
pub fn extent_of(ctx: &crate::Context, v: crate::Value, d: usize) -> Option<crate::builder::Ofr> {
    use crate::builder::Ofr;
    let shape = ctx.value_type_kind(v).shape()?;
    let n = *shape.get(d)?;
    if n != DYNAMIC {
        return Some(Ofr::Const(n));
    }
    let def = ctx.defining_op(v)?;
    if EmptyOp::isa(ctx, def) {
        let k = shape[..d].iter().filter(|x| **x == DYNAMIC).count();
        return ctx.operands(def).get(k).map(|x| Ofr::Val(*x));
    }
    if ExtractSliceOp::isa(ctx, def) {
        let view = slice_view(ctx, def)?;
        if view.sizes.0.len() != shape.len() {
            return None; // rank-reducing: which size is which is not plain
        }
        let k = view.sizes.0[..d].iter().filter(|x| **x == DYNAMIC).count();
        return match view.sizes.0[d] {
            DYNAMIC => view.sizes.1.get(k).map(|x| Ofr::Val(*x)),
            c => Some(Ofr::Const(c)),
        };
    }
    None
}

/// Whether two tensors of the same type are known to have the same extents:
/// static, or each dynamic extent the same value.
fn same_extents(ctx: &crate::Context, a: crate::Value, b: crate::Value) -> bool {
    if ctx.value_type(a) != ctx.value_type(b) {
        return false;
    }
    let rank = ctx.value_type_kind(a).shape().map_or(0, |s| s.len());
    (0..rank).all(|d| matches!((extent_of(ctx, a, d), extent_of(ctx, b, d)), (Some(x), Some(y)) if x == y))
}

/// `unpack(pack(x))` is `x` when both tile alike and the unpack restores
/// x's extents, as mlir-opt 22 folds it; tessel also folds it when the pack
/// pads (beyond upstream): the unpack drops exactly the padded slots. With
/// dynamic extents tessel asks that they be the same values, not only the
/// same type (`tensor<?xf32>` of 16 unpacked into one of 12 is not x).
pub fn fold_unpack_of_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::pack::{PackInfo, PackOp};
    let ctx = &*rw.ctx;
    let Some(unpack) = PackInfo::read(ctx, op) else { return false };
    let Some(producer) = ctx.defining_op(unpack.source).filter(|p| PackOp::isa(ctx, *p)) else { return false };
    let Some(pack) = PackInfo::read(ctx, producer) else { return false };
    let restores = same_extents(ctx, pack.source, unpack.dest);
    if unpack.is_pack || !same_tiling(&pack, &unpack) || !restores {
        return false;
    }
    rw.replace_op(op, &[pack.source]);
    true
}

/// An unpack into the result of a destination-style op (a fill, a
/// generic, a pack) unpacks into that op's init instead: it overwrites
/// every element, so what the op wrote is never read (MLIR's
/// `unpack(destinationStyleOp(x)) -> unpack(x)`).
pub fn unpack_into_init_of_dest(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::pack::PackInfo;
    let ctx = &*rw.ctx;
    let Some(unpack) = PackInfo::read(ctx, op).filter(|i| !i.is_pack) else { return false };
    let Some(def) = ctx.defining_op(unpack.dest) else { return false };
    let Some(init) = tied_init(ctx, def, unpack.dest) else { return false };
    rw.set_operand(op, 1, init);
    true
}

/// `pack(linalg.fill(v))` into an otherwise unused dest is a fill of the
/// dest with `v`, when the pack pads with `v` or not at all (MLIR's
/// `FoldFillWithPack`).
pub fn fold_fill_into_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::linalg::FillOp;
    use crate::dialects::pack::PackInfo;
    let ctx = &*rw.ctx;
    let Some(pack) = PackInfo::read(ctx, op).filter(|i| i.is_pack) else { return false };
    let Some(fill) = ctx.defining_op(pack.source).filter(|f| FillOp::isa(ctx, *f)) else { return false };
    let value = ctx.operands(fill)[0];
    let same_padding = pack.padding_value.is_none_or(|p| {
        p == value || matches!((constant_int(ctx, p), constant_int(ctx, value)), (Some(a), Some(b)) if a == b)
    });
    if !same_padding || ctx.uses(pack.dest).len() != 1 {
        return false;
    }
    let fill = crate::dialects::linalg::fill(rw, value, pack.dest);
    rw.replace_op(op, &[fill]);
    true
}

/// `pack(unpack(y))` is `y` when both tile alike, the pack rebuilds y's
/// extents and has no padding value (padding would overwrite y's padded
/// slots).
pub fn fold_pack_of_unpack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::pack::{PackInfo, UnPackOp};
    let ctx = &*rw.ctx;
    let Some(pack) = PackInfo::read(ctx, op) else { return false };
    let Some(producer) = ctx.defining_op(pack.source).filter(|p| UnPackOp::isa(ctx, *p)) else { return false };
    let Some(unpack) = PackInfo::read(ctx, producer) else { return false };
    let rebuilds = same_extents(ctx, unpack.source, pack.dest);
    if !pack.is_pack || pack.padding_value.is_some() || !same_tiling(&pack, &unpack) || !rebuilds {
        return false;
    }
    rw.replace_op(op, &[unpack.source]);
    true
}

/// Whether `size` is known to be dim `d` of each of `tensors` (all of the
/// same extent): the same constant, the same SSA value, or `tensor.dim` of
/// one of them at `d`.
fn same_extent(ctx: &crate::Context, size: crate::builder::Ofr, tensors: &[crate::Value], d: usize) -> bool {
    use crate::builder::Ofr;
    if tensors.iter().any(|t| extent_of(ctx, *t, d) == Some(size)) {
        return true;
    }
    let Ofr::Val(v) = size else { return false };
    ctx.defining_op(v)
        .and_then(|o| DimOp::cast(ctx, o))
        .is_some_and(|dim| tensors.contains(&dim.source(ctx)) && constant_int(ctx, dim.index(ctx)) == Some(d as i64))
}

/// The outer (tile-count) dims of a packed shape in unpacked dim order.
fn outer_dims_unpermuted(info: &crate::dialects::pack::PackInfo, packed: &[i64], rank: usize) -> Vec<i64> {
    let mut outer = packed[..rank].to_vec();
    if !info.outer_dims_perm.is_empty() {
        for (i, &p) in info.outer_dims_perm.iter().enumerate() {
            outer[p as usize] = packed[i];
        }
    }
    outer
}

/// Whether a pack/unpack with `info`'s tiles between the unpacked shape
/// `unpacked` and the packed shape `packed` has no artificial padding:
/// every tiled dim has exactly `ceil(size / tile)` outer tiles (all
/// static), as MLIR 22's verifier requires of packs.
pub fn no_artificial_padding(info: &crate::dialects::pack::PackInfo, unpacked: &[i64], packed: &[i64]) -> bool {
    let outer = outer_dims_unpermuted(info, packed, unpacked.len());
    info.inner_dims_pos.iter().zip(&info.static_inner_tiles).all(|(&pos, &tile)| {
        let (size, count) = (unpacked[pos as usize], outer[pos as usize]);
        size != DYNAMIC
            && count != DYNAMIC
            && tile != DYNAMIC
            && tile > 0
            && count == crate::affine::ceil_div(size, tile)
    })
}

/// Whether the unpack `info` (result `result`) can write the slice `slice`
/// of its result directly: the slice starts at 0 with unit strides, keeps
/// the rank, keeps every tiled dim's tile count (MLIR's
/// `UnPackOp::canFoldSliceOp`) and every untiled dim whole. MLIR 22 does not
/// check untiled dims: a slice cutting one folds into an unpack its
/// verifier rejects (`expected 'tensor<2x1x5xf32>' for the packed domain
/// value, got 'tensor<2x7x5xf32>'`), or, dynamic, one whose dest is shorter
/// than its source says.
pub fn slice_of_unpack_folds(
    ctx: &crate::Context,
    info: &crate::dialects::pack::PackInfo,
    result: crate::Value,
    slice: OpId,
) -> bool {
    use crate::builder::Ofr;
    let Some(view) = slice_view(ctx, slice) else { return false };
    let shape = |v| ctx.value_type_kind(v).shape().map(<[i64]>::to_vec);
    let (Some(sliced), Some(packed), Some(dest)) = (shape(ctx.result(slice, 0)), shape(info.source), shape(info.dest))
    else {
        return false;
    };
    let plain = view.offsets.0.iter().all(|o| *o == 0) && view.strides.0.iter().all(|s| *s == 1);
    if sliced.len() != dest.len() || !plain || !no_artificial_padding(info, &sliced, &packed) {
        return false;
    }
    let sizes = Ofr::mixed(view.sizes.0, view.sizes.1);
    (0..dest.len())
        .filter(|d| !info.inner_dims_pos.contains(&(*d as i64)))
        .all(|d| same_extent(ctx, sizes[d], &[info.dest, result], d))
}

/// MLIR's unpack canonicalization: an unpack whose only use is an
/// `extract_slice` that can fold ([`slice_of_unpack_folds`]) writes into
/// the same slice of its dest instead.
pub fn unpack_into_sliced_dest(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::pack::PackInfo;
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op).filter(|i| !i.is_pack) else { return false };
    let result = ctx.result(op, 0);
    let [only] = ctx.uses(result) else { return false };
    let slice = only.op;
    if !ExtractSliceOp::isa(ctx, slice)
        || ctx.operands(slice)[0] != result
        || !slice_of_unpack_folds(ctx, &info, result, slice)
    {
        return false;
    }
    let Some(view) = slice_view(ctx, slice).map(|v| v.to_params()) else { return false };
    let ty = ctx.value_type(ctx.result(slice, 0));
    let loc = ctx.op_loc(op);
    rw.set_insertion_point_before(op);
    rw.loc = loc;
    let (o, s, st) = (view.offsets, view.sizes, view.strides);
    let new_dest =
        ExtractSliceOp::create(rw, info.dest, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[ty], vec![]).result(rw.ctx);
    rw.set_operand(op, 1, new_dest);
    rw.ctx.set_value_type(result, ty);
    let slice_result = rw.ctx.result(slice, 0);
    rw.replace_all_uses_with(slice_result, result);
    rw.erase_op(slice);
    true
}

/// A `collapse_shape` of an `expand_shape`, or an expand of a collapse
/// (tensor or memref), with the same reassociation and back at the first
/// one's type, is its input (the exact-inverse case of MLIR's
/// `ComposeReassociativeReshapeOps` for tensors, of the memref ops'
/// `foldReshapeOp`).
pub fn fold_inverse_reshapes(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::memref::{CollapseShapeOp as MemrefCollapse, ExpandShapeOp as MemrefExpand};
    use crate::dialects::tensor::{reassociation, CollapseShapeOp, ExpandShapeOp};
    let ctx = &*rw.ctx;
    let is_collapse = CollapseShapeOp::isa(ctx, op) || MemrefCollapse::isa(ctx, op);
    let Some(&src) = ctx.operands(op).first() else { return false };
    let Some(producer) = ctx.defining_op(src) else { return false };
    let inverse = match (is_collapse, CollapseShapeOp::isa(ctx, op) || ExpandShapeOp::isa(ctx, op)) {
        (true, true) => ExpandShapeOp::isa(ctx, producer),
        (false, true) => CollapseShapeOp::isa(ctx, producer),
        (true, false) => MemrefExpand::isa(ctx, producer),
        (false, false) => MemrefCollapse::isa(ctx, producer),
    };
    let Some(&input) = ctx.operands(producer).first() else { return false };
    let result = ctx.result(op, 0);
    let same_groups = reassociation(ctx, op).is_some_and(|r| Some(r) == reassociation(ctx, producer));
    let static_type = ctx.value_type_kind(result).shape().is_some_and(|s| !s.contains(&DYNAMIC));
    if !inverse || !same_groups || !static_type || ctx.value_type(input) != ctx.value_type(result) {
        return false;
    }
    rw.replace_op(op, &[input]);
    true
}

/// MLIR's `PadOp::fold`: a `tensor.pad` (not `nofold`) whose static result
/// type is its source's pads nothing: it is its source.
pub fn fold_noop_pad(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&src) = ctx.operands(op).first() else { return false };
    let result = ctx.result(op, 0);
    let static_type = ctx.value_type_kind(result).shape().is_some_and(|s| !s.contains(&DYNAMIC));
    if !static_type || ctx.value_type(src) != ctx.value_type(result) || ctx.get_attr(op, "nofold").is_some() {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}

/// Upstream's `FromElementsOp::fold`: elements that are all constants are
/// a dense constant (a splat when they are all equal).
pub fn fold_constant_from_elements(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::attrs::{AttrKind, DenseData, DenseElement};
    let ctx = &*rw.ctx;
    let mut elems = Vec::new();
    for v in ctx.operands(op) {
        let Some(c) = crate::dialects::arith::ConstantOp::defining(ctx, *v) else { return false };
        let Some(a) = c.value(ctx) else { return false };
        elems.push(match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => DenseElement::Int(*value),
            AttrKind::Bool(b) => DenseElement::Int(i128::from(*b)),
            AttrKind::Float { bits, .. } => DenseElement::Float(*bits),
            _ => return false,
        });
    }
    if elems.is_empty() {
        return false;
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    let data =
        if elems.iter().all(|e| *e == elems[0]) { DenseData::Splat(elems[0]) } else { DenseData::Elements(elems) };
    rw.set_insertion_point_before(op);
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data });
    let c = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[c]);
    true
}

/// A scalar constant attribute of type `ty` holding dense element `e`.
fn scalar_attr(ctx: &mut crate::Context, e: crate::attrs::DenseElement, ty: crate::Type) -> crate::Attr {
    use crate::attrs::{AttrKind, DenseElement};
    match e {
        DenseElement::Int(value) => ctx.attr(AttrKind::Integer { value, ty }),
        DenseElement::Float(bits) => ctx.attr(AttrKind::Float { bits, ty }),
    }
}

/// 22's `ExtractOp::fold`: an extract of a splat constant is its value;
/// with constant indices, an extract of a `tensor.from_elements` is that
/// element, of a `dense` constant the element there (when in bounds), and
/// of a `tensor.insert` at the same indices the inserted value.
pub fn fold_extract(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::tensor::{ExtractOp, FromElementsOp, InsertOp};
    let ctx = &*rw.ctx;
    let e = ExtractOp(op);
    let (src, indices) = (e.tensor(ctx), e.indices(ctx).to_vec());
    let ty = ctx.value_type(ctx.result(op, 0));
    let dense = super::constants::dense_constant(ctx, src).map(|(t, d)| (t, d.clone()));
    if let Some((_, crate::attrs::DenseData::Splat(s))) = dense {
        rw.set_insertion_point_before(op);
        let attr = scalar_attr(rw.ctx, s, ty);
        let c = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
        rw.replace_op(op, &[c]);
        return true;
    }
    let Some(at) = indices.iter().map(|v| constant_int(ctx, *v)).collect::<Option<Vec<i64>>>() else {
        return false;
    };
    let shape = ctx.value_type_kind(src).shape().map(<[i64]>::to_vec).unwrap_or_default();
    let flat = at.iter().zip(&shape).try_fold(0i64, |acc, (i, d)| acc.checked_mul(*d)?.checked_add(*i));
    if let Some(f) = FromElementsOp::defining(ctx, src) {
        let elements = f.elements(ctx);
        let Some(v) = flat.filter(|i| (0..elements.len() as i64).contains(i)).map(|i| elements[i as usize]) else {
            return false;
        };
        rw.replace_op(op, &[v]);
        return true;
    }
    if let Some((t, data)) = dense {
        let in_bounds = at.len() == shape.len() && at.iter().zip(&shape).all(|(i, d)| (0..*d).contains(i));
        let n = shape.iter().product::<i64>().max(0) as usize;
        let Some(elems) = super::constants::elements(&data, n).filter(|_| in_bounds && !shape.contains(&DYNAMIC))
        else {
            return false;
        };
        let _ = t;
        let e = elems[flat.unwrap_or(0) as usize];
        rw.set_insertion_point_before(op);
        let attr = scalar_attr(rw.ctx, e, ty);
        let c = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
        rw.replace_op(op, &[c]);
        return true;
    }
    if let Some(ins) = InsertOp::defining(ctx, src) {
        let same = |a: crate::Value, b: crate::Value| {
            a == b || constant_int(ctx, a).is_some_and(|x| Some(x) == constant_int(ctx, b))
        };
        let ins_indices = ins.indices(ctx);
        if ctx.value_type(ins.scalar(ctx)) == ty
            && ins_indices.len() == indices.len()
            && ins_indices.iter().zip(&indices).all(|(a, b)| same(*a, *b))
        {
            let v = ins.scalar(ctx);
            rw.replace_op(op, &[v]);
            return true;
        }
    }
    false
}

/// 22's `SplatOp::fold`: a splat of an integer or float constant to a
/// static shape is a `dense` splat constant.
pub fn fold_splat_of_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::attrs::{AttrKind, DenseData, DenseElement};
    let ctx = &*rw.ctx;
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.type_kind(ty).shape().is_none_or(|s| s.contains(&DYNAMIC)) {
        return false;
    }
    let Some(c) = crate::dialects::arith::ConstantOp::defining(ctx, ctx.operands(op)[0]).and_then(|c| c.value(ctx))
    else {
        return false;
    };
    let e = match ctx.attr_kind(c) {
        AttrKind::Integer { value, .. } => DenseElement::Int(*value),
        AttrKind::Float { bits, .. } => DenseElement::Float(*bits),
        _ => return false,
    };
    rw.set_insertion_point_before(op);
    let attr = rw.ctx.attr(AttrKind::Dense { ty, data: DenseData::Splat(e) });
    let v = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}
