//! The rewrites MLIR 22 applies around packs and unpacks outside
//! canonicalize, as patterns for the greedy driver:
//!
//! - `populateFoldIntoPackAndUnpackPatterns`
//!   (`-test-linalg-transform-patterns=test-fold-into-pack-and-unpack`,
//!   `transform.apply_patterns.linalg.fold_into_pack_and_unpack`): a
//!   `tensor.pad` into the pack it feeds, a zero-offset unit-stride
//!   `tensor.extract_slice` of an unpack into the unpack, and a transpose
//!   (`linalg.transpose`, or a `linalg.generic` that only permutes) on
//!   either side of a pack or unpack into its permutations;
//! - `populateSimplifyPackAndUnpackPatterns`
//!   (`test-simplify-pack-unpack-patterns`): a pack that moves no element
//!   is a `tensor.expand_shape`, such an unpack a `tensor.collapse_shape`.
//!
//! Where tessel differs from MLIR 22, each time to stay correct:
//! - a pad folds into a pack only when the folded pack is valid: every
//!   untiled dim unpadded and every tiled dim keeping its outer tile count
//!   (`ceil(size / tile)` of the unpadded size). MLIR 22 checks the tile
//!   count against the pad of the wrong dim (it pairs the i-th tiled dim
//!   with the i-th dim's padding, not with the padding of the dim it
//!   tiles) and never looks at untiled dims, so it builds packs its own
//!   verifier rejects (`expected 'tensor<9x3x4xf32>' for the packed domain
//!   value, got 'tensor<9x4x4xf32>'`) and the pass fails;
//! - a `linalg.generic` is a transpose only when its body yields its input
//!   element; MLIR 22 accepts any one-op body (a generic yielding its init
//!   element, or a constant, would be folded as if it moved its input);
//! - the simplifications need static shapes and a trailing group of unit
//!   dims, never a dynamic one.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::builder::Ofr;
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::linalg::{TransposeOp, YieldOp as LinalgYieldOp};
use tessel_ir::dialects::pack::{constant_int, PackInfo, PackOp, Tile, UnPackOp};
use tessel_ir::dialects::patterns::tensor::{no_artificial_padding, slice_of_unpack_folds};
use tessel_ir::dialects::structured::{structured, GenericOp, IteratorKind};
use tessel_ir::dialects::tensor::{slice_view, CollapseShapeOp, EmptyOp, ExpandShapeOp, ExtractSliceOp, PadOp};
use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Value};

use crate::materialize_layouts::reassociation_attr;

/// The fold-into-pack-and-unpack patterns for `op`, by its kind.
pub fn fold_into_pack_and_unpack(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PackOp::isa(ctx, op) {
        named_patterns![fold_pad_into_pack, fold_transpose_into_pack]
    } else if UnPackOp::isa(ctx, op) {
        named_patterns![fold_transpose_into_unpack]
    } else if ExtractSliceOp::isa(ctx, op) {
        named_patterns![fold_slice_into_unpack]
    } else if TransposeOp::isa(ctx, op) || GenericOp::isa(ctx, op) {
        named_patterns![fold_pack_into_transpose, fold_unpack_into_transpose]
    } else {
        &[]
    }
}

/// The fold-pack-unpack-into-empty patterns for `op` (MLIR's
/// `populateFoldPackUnpackIntoTensorEmptyPatterns`).
pub fn fold_pack_unpack_into_empty(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PackOp::isa(ctx, op) || UnPackOp::isa(ctx, op) {
        named_patterns![fold_of_empty]
    } else {
        &[]
    }
}

/// A pack (without padding value) or unpack of a `tensor.empty` reads
/// nothing: it is its dest.
pub fn fold_of_empty(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let of_empty = ctx.defining_op(info.source).is_some_and(|d| EmptyOp::isa(ctx, d));
    if !of_empty || info.padding_value.is_some() {
        return false;
    }
    rw.replace_op(op, &[info.dest]);
    true
}

/// The simplify-pack-and-unpack patterns for `op`.
pub fn simplify_pack_and_unpack(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PackOp::isa(ctx, op) {
        named_patterns![pack_to_expand_shape]
    } else if UnPackOp::isa(ctx, op) {
        named_patterns![unpack_to_collapse_shape]
    } else {
        &[]
    }
}

/// The static shape of a ranked tensor value (with [`DYNAMIC`] entries).
pub(crate) fn shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    ctx.value_type_kind(v).shape().map(<[i64]>::to_vec)
}

/// Whether `v` is defined outside `op` (not in one of its regions).
fn defined_outside(ctx: &Context, v: Value, op: OpId) -> bool {
    let mut block = match ctx.value_def(v) {
        ValueDef::Result { op: def, .. } => ctx.op_block(def),
        ValueDef::BlockArg { block, .. } => Some(block),
        _ => None,
    };
    while let Some(b) = block {
        let Some(parent) = ctx.block_parent(b).and_then(|r| ctx.region_parent(r)) else { return true };
        if parent == op {
            return false;
        }
        block = ctx.op_block(parent);
    }
    true
}

/// MLIR's `PadOp::getConstantPaddingValue`: the value the pad's body
/// yields, when it is defined outside the pad.
pub(crate) fn constant_padding_value(ctx: &Context, pad: OpId) -> Option<Value> {
    let region = *ctx.regions(pad).first()?;
    let block = *ctx.blocks(region).first()?;
    let yield_op = ctx.last_op(block)?;
    let v = *ctx.operands(yield_op).first()?;
    defined_outside(ctx, v, pad).then_some(v)
}

/// MLIR's `isEqualConstantIntOrValue`: the same value, or integer
/// constants of the same value.
fn same_value_or_int(ctx: &Context, a: Value, b: Value) -> bool {
    a == b || matches!((constant_int(ctx, a), constant_int(ctx, b)), (Some(x), Some(y)) if x == y)
}

/// Replaces `op` with the pack or unpack `info` describes, built before
/// it at `op`'s location and spelled as `spelling`.
fn replace_with(rw: &mut Rewriter<'_>, op: OpId, info: &PackInfo, spelling: &str) {
    let loc = rw.ctx.op_loc(op);
    let spec = info.spec(rw.ctx, loc, spelling);
    let new = rw.insert(spec);
    let result = rw.ctx.result(new, 0);
    rw.replace_op(op, &[result]);
}

/// `pack(tensor.pad(x))` -> `pack(x)` with the pad's value as padding
/// value: the pad pads high only, with a value defined outside it, equal
/// to the pack's padding value if it has one, and the folded pack is
/// valid (no untiled dim padded, no tiled dim gaining a whole tile).
pub fn fold_pad_into_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some(pad) = ctx.defining_op(info.source).filter(|p| PadOp::isa(ctx, *p)) else { return false };
    let arr = |n: &str| ctx.get_attr(pad, n).and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
    let (Some(low), Some(high)) = (arr("static_low"), arr("static_high")) else { return false };
    if ctx.get_attr(pad, "nofold").is_some() || low.iter().any(|l| *l != 0) {
        return false;
    }
    let Some(value) = constant_padding_value(ctx, pad) else { return false };
    if info.padding_value.is_some_and(|p| !same_value_or_int(ctx, p, value)) {
        return false;
    }
    let unpadded = ctx.operands(pad)[0];
    let (Some(src), Some(packed)) = (shape(ctx, unpadded), shape(ctx, info.dest)) else { return false };
    let untiled_unpadded = high.iter().enumerate().all(|(d, h)| info.inner_dims_pos.contains(&(d as i64)) || *h == 0);
    if !untiled_unpadded || high.contains(&DYNAMIC) || !no_artificial_padding(&info, &src, &packed) {
        return false;
    }
    let folded = PackInfo { source: unpadded, padding_value: Some(value), ..info };
    let name = ctx.op_name(op).to_string();
    rw.set_insertion_point_before(op);
    replace_with(rw, op, &folded, &name);
    true
}

/// `tensor.extract_slice(unpack)` at offset 0 with unit strides (not rank
/// reducing) -> an unpack into a `tensor.empty` of the slice's sizes,
/// when that unpack is valid ([`slice_of_unpack_folds`]).
pub fn fold_slice_into_unpack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(view) = slice_view(ctx, op) else { return false };
    let source = ctx.operands(op)[0];
    let Some(unpack_op) = ctx.defining_op(source).filter(|u| UnPackOp::isa(ctx, *u)) else { return false };
    let Some(info) = PackInfo::read(ctx, unpack_op) else { return false };
    if !slice_of_unpack_folds(ctx, &info, source, op) {
        return false;
    }
    let sizes = Ofr::mixed(view.sizes.0, view.sizes.1);
    let result = ctx.result(op, 0);
    let Some(elem) = ctx.value_type_kind(result).element_type() else { return false };
    let name = ctx.op_name(unpack_op).to_string();
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let empty = rw.empty(&sizes, elem);
    let folded = PackInfo { dest: empty, ..info };
    replace_with(rw, op, &folded, &name);
    true
}

/// The permutation a transpose-like op applies (`result[i] =
/// input[perm[i]]`): a `linalg.transpose`'s, or that of an all-parallel
/// `linalg.generic` with one input and one init, both read through
/// (different) permutation maps, whose body yields the input element.
fn transpose_permutation(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    if TransposeOp::isa(ctx, op) {
        return ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
    }
    if !GenericOp::isa(ctx, op) {
        return None;
    }
    let s = structured(ctx, op)?;
    if s.inputs.len() != 1 || s.outputs.len() != 1 || s.iterators.iter().any(|k| *k != IteratorKind::Parallel) {
        return None;
    }
    let (in_map, out_map) = (&s.maps[0], &s.maps[1]);
    if !is_permutation(in_map) || !is_permutation(out_map) || in_map == out_map {
        return None;
    }
    let block = *ctx.blocks(*ctx.regions(op).first()?).first()?;
    let only = ctx.first_op(block)?;
    let yields_input = LinalgYieldOp::isa(ctx, only)
        && ctx.next_op(only).is_none()
        && ctx.operands(only).first() == ctx.block_args(block).first();
    if !yields_input {
        return None;
    }
    out_map.results.iter().map(|e| in_map.results.iter().position(|x| x == e).map(|p| p as i64)).collect()
}

fn is_permutation(map: &AffineMap) -> bool {
    let n = map.num_dims as usize;
    let mut seen = vec![false; n];
    map.results.len() == n
        && map.results.iter().all(|e| match e {
            AffineExpr::Dim(d) => (*d as usize) < n && !std::mem::replace(&mut seen[*d as usize], true),
            _ => false,
        })
}

pub(crate) fn invert(perm: &[i64]) -> Vec<i64> {
    let mut inv = vec![0; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p as usize] = i as i64;
    }
    inv
}

/// `tensor.empty` for packing `source` with these tiles and permutations
/// (MLIR's `PackOp::createDestinationTensor`): outer dims
/// `ceildiv(size, tile)`, permuted, then the tiles.
pub(crate) fn pack_destination(
    rw: &mut Rewriter<'_>,
    source: Value,
    tiles: &[Tile],
    inner: &[i64],
    outer_perm: &[i64],
) -> Value {
    let rank = shape(rw.ctx, source).map_or(0, |s| s.len());
    let mut sizes: Vec<Ofr> = (0..rank).map(|d| rw.dim(source, d)).collect();
    let ceil_div = || AffineMap {
        num_dims: 0,
        num_syms: 2,
        results: vec![AffineExpr::ceildiv(AffineExpr::Sym(0), AffineExpr::Sym(1))],
    };
    for (&pos, tile) in inner.iter().zip(tiles) {
        let t = match tile {
            Tile::Const(c) => Ofr::Const(*c),
            Tile::Value(v) => Ofr::Val(*v),
        };
        sizes[pos as usize] = match (sizes[pos as usize], t) {
            // What the folded apply gives, without building the map.
            (Ofr::Const(size), Ofr::Const(tile)) if tile > 0 => Ofr::Const(tessel_ir::affine::ceil_div(size, tile)),
            (size, t) => rw.affine_apply(&ceil_div(), &[size, t]),
        };
    }
    if !outer_perm.is_empty() {
        sizes = outer_perm.iter().map(|&p| sizes[p as usize]).collect();
    }
    sizes.extend(tiles.iter().map(|t| match t {
        Tile::Const(c) => Ofr::Const(*c),
        Tile::Value(v) => Ofr::Val(*v),
    }));
    let elem = rw.ctx.value_type_kind(source).element_type().expect("a tensor");
    rw.empty(&sizes, elem)
}

/// Splits mixed tiles into the static list and the SSA values.
pub(crate) fn set_tiles(info: &mut PackInfo, tiles: &[Tile]) {
    info.static_inner_tiles = tiles.iter().map(|t| if let Tile::Const(c) = t { *c } else { DYNAMIC }).collect();
    info.dynamic_inner_tiles =
        tiles.iter().filter_map(|t| if let Tile::Value(v) = t { Some(*v) } else { None }).collect();
}

/// MLIR's `checkAndPermute`: the first `rank` entries of `perm`, mapped
/// through `through` when it is given; `None` if one leaves `[0, rank)`
/// (a tile dim transposed with an outer dim).
fn permute_outer(perm: &[i64], through: &[i64], rank: usize) -> Option<Vec<i64>> {
    perm.get(..rank)?
        .iter()
        .map(|&p| {
            let p = usize::try_from(p).ok().filter(|p| *p < rank)?;
            Some(if through.is_empty() { p as i64 } else { through[p] })
        })
        .collect()
}

/// `transpose(pack(x))` -> `pack(x)` with the transpose folded into its
/// outer permutation and tile order (when outer and tile dims do not
/// swap), into a new `tensor.empty`.
pub fn fold_pack_into_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&input) = ctx.operands(op).first() else { return false };
    let Some(pack_op) = ctx.defining_op(input).filter(|p| PackOp::isa(ctx, *p)) else { return false };
    let (Some(info), Some(perm)) = (PackInfo::read(ctx, pack_op), transpose_permutation(ctx, op)) else {
        return false;
    };
    let rank = shape(ctx, info.source).map_or(0, |s| s.len());
    let Some(outer) = permute_outer(&perm, &info.outer_dims_perm, rank) else { return false };
    let tiles = info.mixed_tiles();
    let moved: Vec<usize> = perm[rank..].iter().map(|&p| p as usize - rank).collect();
    let new_tiles: Vec<Tile> = moved.iter().map(|&i| tiles[i]).collect();
    let inner: Vec<i64> = moved.iter().map(|&i| info.inner_dims_pos[i]).collect();
    let name = ctx.op_name(pack_op).to_string();
    let result_ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let dest = pack_destination(rw, info.source, &new_tiles, &inner, &outer);
    if rw.ctx.value_type(dest) != result_ty {
        return erase_unused(rw, dest);
    }
    let mut folded = PackInfo { dest, inner_dims_pos: inner.into(), outer_dims_perm: outer.into(), ..info };
    set_tiles(&mut folded, &new_tiles);
    replace_with(rw, op, &folded, &name);
    true
}

/// Backs out of a rewrite whose destination turned out unusable: erases
/// the `tensor.empty` (and what it was computed from) just made.
fn erase_unused(rw: &mut Rewriter<'_>, v: Value) -> bool {
    let mut pending = vec![v];
    while let Some(v) = pending.pop() {
        let Some(def) = rw.ctx.defining_op(v) else { continue };
        if rw.ctx.results(def).iter().all(|r| rw.ctx.use_empty(*r)) {
            pending.extend(rw.ctx.operands(def).to_vec());
            rw.erase_op(def);
        }
    }
    false
}

/// `pack(transpose(x))` -> `pack(x)` with the transpose folded into the
/// outer permutation and inner dims.
pub fn fold_transpose_into_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some(t) = ctx.defining_op(info.source) else { return false };
    let Some(perm) = transpose_permutation(ctx, t) else { return false };
    let input = ctx.operands(t)[0];
    let outer: Vec<i64> = if info.outer_dims_perm.is_empty() {
        perm.clone()
    } else {
        info.outer_dims_perm.iter().map(|&o| perm[o as usize]).collect()
    };
    let inner: Vec<i64> = info.inner_dims_pos.iter().map(|&p| perm[p as usize]).collect();
    let tiles = info.mixed_tiles();
    let name = ctx.op_name(op).to_string();
    let result_ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let dest = pack_destination(rw, input, &tiles, &inner, &outer);
    if rw.ctx.value_type(dest) != result_ty {
        return erase_unused(rw, dest);
    }
    let folded = PackInfo { source: input, dest, inner_dims_pos: inner.into(), outer_dims_perm: outer.into(), ..info };
    replace_with(rw, op, &folded, &name);
    true
}

/// `transpose(unpack(y))` -> `unpack(y)` into the transpose's init, with
/// the transpose folded into the outer permutation and inner dims.
pub fn fold_unpack_into_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&input) = ctx.operands(op).first() else { return false };
    let Some(unpack_op) = ctx.defining_op(input).filter(|u| UnPackOp::isa(ctx, *u)) else { return false };
    let (Some(info), Some(perm)) = (PackInfo::read(ctx, unpack_op), transpose_permutation(ctx, op)) else {
        return false;
    };
    let Some(&init) = ctx.operands(op).get(1) else { return false };
    let inv = invert(&perm);
    let inner: Vec<i64> = info.inner_dims_pos.iter().map(|&p| inv[p as usize]).collect();
    let outer: Vec<i64> = if info.outer_dims_perm.is_empty() {
        inv
    } else {
        info.outer_dims_perm.iter().map(|&o| inv[o as usize]).collect()
    };
    if ctx.value_type(init) != ctx.value_type(ctx.result(op, 0)) {
        return false;
    }
    let name = ctx.op_name(unpack_op).to_string();
    let folded = PackInfo { dest: init, inner_dims_pos: inner.into(), outer_dims_perm: outer.into(), ..info };
    rw.set_insertion_point_before(op);
    replace_with(rw, op, &folded, &name);
    true
}

/// `unpack(transpose(y))` -> `unpack(y)` into a new `tensor.empty` of the
/// unpack's shape, with the transpose folded into the outer permutation
/// and the tile order (when outer and tile dims do not swap).
pub fn fold_transpose_into_unpack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some(t) = ctx.defining_op(info.source) else { return false };
    let Some(perm) = transpose_permutation(ctx, t) else { return false };
    let input = ctx.operands(t)[0];
    let inv = invert(&perm);
    let rank = shape(ctx, info.dest).map_or(0, |s| s.len());
    let Some(outer) = permute_outer(&inv, &info.outer_dims_perm, rank) else { return false };
    let tiles = info.mixed_tiles();
    let moved: Vec<usize> = inv[rank..].iter().map(|&p| p as usize - rank).collect();
    let new_tiles: Vec<Tile> = moved.iter().map(|&i| tiles[i]).collect();
    let inner: Vec<i64> = moved.iter().map(|&i| info.inner_dims_pos[i]).collect();
    let name = ctx.op_name(op).to_string();
    let Some(elem) = ctx.value_type_kind(info.dest).element_type() else { return false };
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let sizes: Vec<Ofr> = (0..rank).map(|d| rw.dim(info.dest, d)).collect();
    let dest = rw.empty(&sizes, elem);
    let mut folded =
        PackInfo { source: input, dest, inner_dims_pos: inner.into(), outer_dims_perm: outer.into(), ..info };
    set_tiles(&mut folded, &new_tiles);
    replace_with(rw, op, &folded, &name);
    true
}

/// MLIR's `getReassociationIndicesForCollapse` for static shapes: groups
/// of `big`'s dims whose products are `small`'s dims, trailing unit dims
/// joining the last group.
pub fn collapse_groups(big: &[i64], small: &[i64]) -> Option<Vec<Vec<usize>>> {
    if big.len() <= small.len() || big.contains(&DYNAMIC) || small.contains(&DYNAMIC) {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = Vec::with_capacity(small.len());
    let mut d = 0;
    for &target in small {
        let mut group = Vec::new();
        let mut product = 1i64;
        while d + 1 < big.len() && product.checked_mul(big[d])? < target {
            product *= big[d];
            group.push(d);
            d += 1;
        }
        if d >= big.len() || product.checked_mul(big[d])? != target {
            return None;
        }
        group.push(d);
        d += 1;
        groups.push(group);
    }
    for (rest, &size) in big.iter().enumerate().skip(d) {
        if size != 1 {
            return None;
        }
        groups.last_mut()?.push(rest);
    }
    Some(groups)
}

/// Whether the outer permutation is absent or the identity.
fn identity_outer(info: &PackInfo) -> bool {
    info.outer_dims_perm.iter().enumerate().all(|(i, p)| *p == i as i64)
}

/// MLIR's `isPackOn1D`: at most one unpacked dim and one tile that is not 1.
fn packs_one_dim(unpacked: &[i64], tiles: &[i64]) -> bool {
    let non_unit = |s: &[i64]| s.iter().filter(|d| **d == DYNAMIC || **d > 1).count();
    non_unit(unpacked) <= 1 && non_unit(tiles) <= 1
}

/// MLIR's `isLikePadUnPad`: inner dims `[0, k)` in order and every outer
/// dim of the packed shape 1.
pub(crate) fn like_pad(info: &PackInfo, packed: &[i64]) -> bool {
    let k = info.inner_dims_pos.len();
    info.inner_dims_pos.iter().enumerate().all(|(i, p)| *p == i as i64)
        && packed[..packed.len() - k].iter().all(|d| *d == 1)
}

/// Whether a pack/unpack moves no element (MLIR's conditions for
/// `SimplifyPackToExpandShape` / `SimplifyUnPackToCollapseShape`): one
/// tile on the innermost dim and no outer permutation, or one dim that is
/// not 1, or pad-like.
fn moves_nothing(info: &PackInfo, unpacked: &[i64], packed: &[i64]) -> bool {
    let innermost =
        identity_outer(info) && info.inner_dims_pos.len() == 1 && info.inner_dims_pos[0] + 1 == unpacked.len() as i64;
    innermost || packs_one_dim(unpacked, &info.static_inner_tiles) || like_pad(info, packed)
}

/// A pack without padding value that moves no element -> `tensor.expand_shape`.
pub fn pack_to_expand_shape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let (Some(src), Some(packed)) = (shape(ctx, info.source), shape(ctx, info.dest)) else { return false };
    if info.padding_value.is_some() || !moves_nothing(&info, &src, &packed) {
        return false;
    }
    let Some(groups) = collapse_groups(&packed, &src) else { return false };
    let ty = ctx.value_type(info.dest);
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let r = reassociation_attr(rw.ctx, &groups);
    let expanded = ExpandShapeOp::create(rw, info.source, &[], Some(r), &packed, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[expanded]);
    true
}

/// An unpack that moves no element -> `tensor.collapse_shape`.
pub fn unpack_to_collapse_shape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let (Some(dest), Some(packed)) = (shape(ctx, info.dest), shape(ctx, info.source)) else { return false };
    if !moves_nothing(&info, &dest, &packed) {
        return false;
    }
    let Some(groups) = collapse_groups(&packed, &dest) else { return false };
    let ty = ctx.value_type(info.dest);
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(op);
    let r = reassociation_attr(rw.ctx, &groups);
    let collapsed = CollapseShapeOp::create(rw, info.source, Some(r), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[collapsed]);
    true
}

/// The decompose-pack-unpack patterns for `op` (MLIR's
/// `populateDecomposePackUnpackPatterns`).
pub fn decompose_pack_unpack(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PackOp::isa(ctx, op) {
        named_patterns![decompose_unit_outer_pack]
    } else if UnPackOp::isa(ctx, op) {
        named_patterns![decompose_unit_outer_unpack]
    } else {
        &[]
    }
}

/// Static shapes and tiles of a pack/unpack: (unpacked, packed).
fn static_shapes(ctx: &Context, info: &PackInfo) -> Option<(Vec<i64>, Vec<i64>)> {
    let (u, p) = (shape(ctx, info.unpacked())?, shape(ctx, info.packed())?);
    let all_static = !u.contains(&DYNAMIC) && !p.contains(&DYNAMIC) && !info.static_inner_tiles.contains(&DYNAMIC);
    all_static.then_some((u, p))
}

/// Whether every tiled dim has one outer tile.
fn tiled_outer_dims_are_one(info: &PackInfo, packed: &[i64], rank: usize) -> bool {
    let outer = outer_dims_unpermuted_of(info, packed, rank);
    info.inner_dims_pos.iter().all(|&p| outer[p as usize] == 1)
}

/// The outer dims of `packed` in unpacked dim order.
fn outer_dims_unpermuted_of(info: &PackInfo, packed: &[i64], rank: usize) -> Vec<i64> {
    let mut outer = packed[..rank].to_vec();
    for (i, &p) in info.outer_dims_perm.iter().enumerate() {
        outer[p as usize] = packed[i];
    }
    outer
}

/// `linalg.transpose ins(input) outs(tensor.empty)` by `perm`.
fn emit_transpose(rw: &mut Rewriter<'_>, input: Value, out_shape: &[i64], perm: &[i64]) -> Value {
    use tessel_ir::dialects::linalg::{operand_locs, yield_first_arg_body};
    let elem = rw.ctx.value_type_kind(input).element_type().expect("a tensor");
    let sizes: Vec<Ofr> = out_shape.iter().map(|d| Ofr::Const(*d)).collect();
    let empty = rw.empty(&sizes, elem);
    let ty = rw.ctx.value_type(empty);
    let locs = operand_locs(rw.ctx, [input, empty]);
    let loc = rw.loc;
    let body = yield_first_arg_body(rw.ctx, elem, elem, locs, loc);
    let t = TransposeOp::create(rw, input, empty, perm, &[ty], vec![body]).op();
    rw.ctx.result(t, 0)
}

/// MLIR's `DecomposeOuterUnitDimsPackOpPattern` (static shapes): a pack
/// whose tiled dims have one outer tile each is a `tensor.pad` (with a
/// padding value: up to whole tiles), a `linalg.transpose` of the tiled
/// dims behind the others, and a rank-expanding `tensor.insert_slice` into
/// the dest.
pub fn decompose_unit_outer_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op).filter(|i| i.is_pack) else { return false };
    let Some((src, packed)) = static_shapes(ctx, &info) else { return false };
    let rank = src.len();
    if !tiled_outer_dims_are_one(&info, &packed, rank) {
        return false;
    }
    // A non-unit untiled dim that the outer permutation moves cannot be
    // expressed (MLIR refuses it too).
    let mut prev = 0usize;
    for &d in &info.outer_dims_perm {
        let d = d as usize;
        if info.inner_dims_pos.contains(&(d as i64)) {
            continue;
        }
        if d < prev && (packed[prev] != 1 || packed[d] != 1) {
            return false;
        }
        prev = d;
    }
    let tile_of =
        |d: usize| info.inner_dims_pos.iter().position(|p| *p as usize == d).map(|k| info.static_inner_tiles[k]);
    rw.set_insertion_point_before(op);
    let mut input = info.source;
    if let Some(value) = info.padding_value {
        let padded: Vec<i64> = (0..rank).map(|d| tile_of(d).unwrap_or(src[d])).collect();
        let high: Vec<i64> = padded.iter().zip(&src).map(|(p, s)| p - s).collect();
        if high.iter().any(|h| *h < 0) {
            return false;
        }
        input = crate::lower_pack::emit_pad(rw, info.source, &high, &padded, value);
    }
    let perm: Vec<i64> = (0..rank as i64)
        .filter(|d| !info.inner_dims_pos.contains(d))
        .chain(info.inner_dims_pos.iter().copied())
        .collect();
    let in_shape = shape(rw.ctx, input).unwrap_or_default();
    let out_shape: Vec<i64> = perm.iter().map(|&p| in_shape[p as usize]).collect();
    let transposed = emit_transpose(rw, input, &out_shape, &perm);
    let sizes: Vec<Ofr> = packed.iter().map(|d| Ofr::Const(*d)).collect();
    let zeros = vec![Ofr::Const(0); packed.len()];
    let inserted = insert_slice_always(rw, transposed, info.dest, &zeros, &sizes);
    rw.replace_op(op, &[inserted]);
    true
}

/// `tensor.insert_slice` even when it covers the dest (the builder's
/// `insert_slice` returns the source then; MLIR's pattern creates the op
/// and lets its fold remove it).
fn insert_slice_always(rw: &mut Rewriter<'_>, src: Value, dest: Value, offsets: &[Ofr], sizes: &[Ofr]) -> Value {
    use tessel_ir::dialects::tensor::InsertSliceOp;
    let ones = vec![Ofr::Const(1); sizes.len()];
    let (o, s, st) = (rw.split(offsets), rw.split(sizes), rw.split(&ones));
    let ty = rw.ctx.value_type(dest);
    InsertSliceOp::create(rw, src, dest, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[ty], vec![]).result(rw.ctx)
}

/// MLIR's `getPackUnpackNormalizedPerm`: `perm`'s values renumbered
/// densely, in the same order.
fn normalized_perm(rank: usize, perm: &[i64]) -> Vec<i64> {
    let mut at = vec![-1i64; rank];
    for (index, &value) in perm.iter().enumerate() {
        at[value as usize] = index as i64;
    }
    let normalized: Vec<i64> = at.into_iter().filter(|v| *v != -1).collect();
    invert(&normalized)
}

/// `v[perm[i]]` for each i (MLIR's `applyPermutationToVector`).
fn permuted<T: Copy>(v: &[T], perm: &[i64]) -> Vec<T> {
    perm.iter().map(|&p| v[p as usize]).collect()
}

/// MLIR's `getPackUnpackRankReducedPerm`: the permutation of the
/// rank-reduced tile (unit untiled outer dims dropped).
fn rank_reduced_perm(outer_shape: &[i64], inner_dims_pos: &[i64], outer_dims_perm: &[i64]) -> Vec<i64> {
    let rank = outer_shape.len();
    let (mut outer_dims, mut inner_dims, mut reduced_outer_perm) = (Vec::new(), Vec::new(), Vec::new());
    let mut dim = 0i64;
    for i in 0..rank {
        if inner_dims_pos.contains(&(i as i64)) {
            inner_dims.push(dim);
            dim += 1;
            continue;
        }
        if outer_shape[i] == 1 {
            continue;
        }
        outer_dims.push(dim);
        dim += 1;
        if !outer_dims_perm.is_empty() {
            reduced_outer_perm.push(outer_dims_perm[i]);
        }
    }
    let inner = permuted(&inner_dims, &normalized_perm(rank, inner_dims_pos));
    let reduced = normalized_perm(rank, &reduced_outer_perm);
    let mut perm = if reduced.is_empty() { outer_dims } else { permuted(&outer_dims, &reduced) };
    perm.extend(inner);
    perm
}

/// MLIR's `DecomposeOuterUnitDimsUnPackOpPattern` (a static packed
/// source; the dest may be dynamic, as a tiled unpack's partial tile is):
/// an unpack whose tiled dims have one outer tile each is a rank-reducing
/// `tensor.extract_slice` of the tile, a `linalg.transpose` into the dest's
/// dim order, an `extract_slice` of the part the dest holds (its sizes
/// `tensor.dim`s of the dest where dynamic) and an `insert_slice` into the
/// dest.
pub fn decompose_unit_outer_unpack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use tessel_ir::dialects::tensor::ExtractSliceOp;
    let ctx = &*rw.ctx;
    let Some(info) = PackInfo::read(ctx, op).filter(|i| !i.is_pack) else { return false };
    let (Some(dest), Some(src)) = (shape(ctx, info.unpacked()), shape(ctx, info.packed())) else { return false };
    if src.contains(&DYNAMIC) || info.static_inner_tiles.contains(&DYNAMIC) {
        return false;
    }
    let rank = dest.len();
    if !tiled_outer_dims_are_one(&info, &src, rank) {
        return false;
    }
    let tiled = |i: usize| info.inner_dims_pos.contains(&(i as i64));
    let mut read_sizes = Vec::new();
    let (mut read_shape, mut empty_shape) = (Vec::new(), Vec::new());
    // MLIR reads the packed outer dims by unpacked position (all tiled
    // ones are 1, untiled non-unit ones are not permuted).
    for (i, &size) in src[..rank].iter().enumerate() {
        if tiled(i) {
            read_sizes.push(1);
            continue;
        }
        read_sizes.push(size);
        if size != 1 {
            empty_shape.push(size);
            read_shape.push(size);
        }
    }
    read_sizes.extend(&info.static_inner_tiles);
    empty_shape.extend(&info.static_inner_tiles);
    read_shape.extend(&src[rank..]);
    let elem = ctx.value_type_kind(info.source).element_type().expect("a tensor");
    rw.set_insertion_point_before(op);
    let read_ty = rw.ctx.tensor_type(read_shape, elem);
    let n = read_sizes.len();
    let zeros = vec![0i64; n];
    let ones = vec![1i64; n];
    let tile = ExtractSliceOp::create(rw, info.source, &[], &[], &[], &zeros, &read_sizes, &ones, &[read_ty], vec![])
        .result(rw.ctx);
    let perm = invert(&rank_reduced_perm(&src[..rank], &info.inner_dims_pos, &info.outer_dims_perm));
    let out_shape = permuted(&empty_shape, &perm);
    let transposed = emit_transpose(rw, tile, &out_shape, &perm);
    let kept: Vec<usize> = (0..rank).filter(|&i| tiled(i) || dest[i] != 1).collect();
    // The dest's sizes, `tensor.dim`s where dynamic (MLIR's getMixedSize).
    let part_sizes: Vec<Ofr> = kept.iter().map(|&i| rw.dim(info.dest, i)).collect();
    let part_shape: Vec<i64> = kept.iter().map(|&i| dest[i]).collect();
    let k = part_shape.len();
    let part_ty = rw.ctx.tensor_type(part_shape.clone(), elem);
    let (static_sizes, dynamic_sizes) = rw.split(&part_sizes);
    let part = ExtractSliceOp::create(
        rw,
        transposed,
        &[],
        &dynamic_sizes,
        &[],
        &vec![0; k],
        &static_sizes,
        &vec![1; k],
        &[part_ty],
        vec![],
    )
    .result(rw.ctx);
    let mut kept_sizes = part_sizes.into_iter();
    let write: Vec<Ofr> = (0..rank)
        .map(|i| if kept.contains(&i) { kept_sizes.next().expect("one per kept dim") } else { Ofr::Const(1) })
        .collect();
    let zeros = vec![Ofr::Const(0); rank];
    let inserted = insert_slice_always(rw, part, info.dest, &zeros, &write);
    rw.replace_op(op, &[inserted]);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapse_groups_follow_products_and_keep_trailing_units() {
        assert_eq!(collapse_groups(&[5, 8, 32], &[5, 256]), Some(vec![vec![0], vec![1, 2]]));
        assert_eq!(collapse_groups(&[1, 12, 8, 1], &[96, 1]), Some(vec![vec![0, 1, 2], vec![3]]));
        assert_eq!(collapse_groups(&[4, 16, 1, 1], &[64]), Some(vec![vec![0, 1, 2, 3]]));
        // Products that do not line up, dynamic dims, equal ranks: none.
        assert_eq!(collapse_groups(&[4, 5, 16], &[5, 64]), None);
        assert_eq!(collapse_groups(&[DYNAMIC, 32], &[DYNAMIC]), None);
        assert_eq!(collapse_groups(&[8, 32], &[256, 1]), None);
        assert_eq!(collapse_groups(&[4, 16, 3], &[64]), None);
    }

    #[test]
    fn outer_permutation_refuses_tile_dims() {
        assert_eq!(permute_outer(&[1, 0, 3, 2], &[], 2), Some(vec![1, 0]));
        assert_eq!(permute_outer(&[1, 0, 3, 2], &[1, 0], 2), Some(vec![0, 1]));
        assert_eq!(permute_outer(&[0, 2, 1, 3], &[], 2), None);
        assert_eq!(invert(&[2, 0, 1]), vec![1, 2, 0]);
    }

    #[test]
    fn a_generic_is_a_transpose_only_when_it_yields_its_input() {
        let text = |yielded: &str| {
            format!(
                "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {{
  %0 = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = [\"parallel\", \"parallel\"]}} ins(%a : tensor<2x3xf32>) outs(%b : tensor<3x2xf32>) {{
  ^bb0(%x: f32, %y: f32):
    linalg.yield {yielded} : f32
  }} -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}}"
            )
        };
        for (yielded, want) in [("%x", Some(vec![1, 0])), ("%y", None)] {
            let mut ctx = Context::new();
            let m = tessel_ir::parser::parse_module(&mut ctx, &text(yielded), "t.mlir", Default::default())
                .expect("parses")
                .module;
            let generic = ctx.nested_ops(m).into_iter().find(|o| GenericOp::isa(&ctx, *o)).expect("a generic");
            assert_eq!(transpose_permutation(&ctx, generic), want, "yielding {yielded}");
        }
    }
}
