//! Lowering pack and unpack to plain tensor ops, as MLIR 22's
//! `linalg::lowerPack` / `lowerUnPack` (`transform.structured.lower_pack` /
//! `lower_unpack`) build them, op for op:
//!
//! - pack: `tensor.pad` (high padding up to whole tiles, with the pack's
//!   padding value or a zero) -> `tensor.expand_shape` (each tiled dim
//!   becomes `[outer, tile]`) -> `linalg.transpose` into the pack's dest;
//!   a pad-like pack (inner dims `[0, k)`, every outer dim 1) is a pad and a
//!   `tensor.insert_slice` instead.
//! - unpack: `tensor.empty` of the expanded shape -> `linalg.transpose` ->
//!   `tensor.collapse_shape` -> `tensor.extract_slice` (the padding goes) ->
//!   `linalg.copy` into the dest; an unpad-like unpack is one
//!   `tensor.extract_slice`.
//!
//! Where tessel differs: MLIR 22 takes the unpad shortcut whenever the
//! unpack is unpad-like and then reads the wrong dims when a tile dim and
//! an untiled unit dim interleave (`tensor<1x1x1x5x4xf32>` with inner dims
//! [0, 1] into `tensor<1x4x1xf32>` becomes `extract_slice ... [1, 1, 1, 4,
//! 1]`, the 4 read along the 5-tile). tessel takes a shortcut only when the
//! slice is exactly the result (the result's dims are the slice's after
//! dropping unit dims); otherwise it lowers through the transpose.

use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::linalg::{self, TransposeOp};
use tessel_ir::dialects::pack::PackInfo;
use tessel_ir::dialects::structured::{named_body, CopyOp, NAMED};
use tessel_ir::dialects::tensor::{CollapseShapeOp, ExpandShapeOp, PadOp, YieldOp};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Context, OpId, Type, Value};

use crate::materialize_layouts::reassociation_attr;

/// What lowering a pack made: its pad, and the expand_shape and transpose
/// (or, pad-like, the insert_slice).
pub struct LoweredPack {
    pub pad: OpId,
    pub expand_shape: Option<OpId>,
    pub transpose: Option<OpId>,
    pub insert_slice: Option<OpId>,
}

/// What lowering an unpack made.
pub struct LoweredUnpack {
    pub empty: Option<OpId>,
    pub transpose: Option<OpId>,
    pub collapse_shape: Option<OpId>,
    pub extract_slice: OpId,
}

/// The shape ([`DYNAMIC`] for dynamic dims) and element type of a tensor.
fn shape_of(ctx: &Context, v: Value) -> Result<(Vec<i64>, Type), String> {
    match ctx.value_type_kind(v) {
        TypeKind::Tensor { shape, elem, .. } => Ok((shape.clone(), *elem)),
        _ => Err("expected a ranked tensor".into()),
    }
}

/// Per unpacked dim: its tile, if tiled (static tiles only).
fn tiles_by_dim(info: &PackInfo, rank: usize) -> Result<Vec<Option<i64>>, String> {
    let mut tiles = vec![None; rank];
    for (p, t) in info.inner_dims_pos.iter().zip(&info.static_inner_tiles) {
        if *t == DYNAMIC {
            return Err("tessel lowers packs and unpacks with static inner tiles only".into());
        }
        tiles[*p as usize] = Some(*t);
    }
    Ok(tiles)
}

fn outer_perm(info: &PackInfo, rank: usize) -> Vec<usize> {
    if info.outer_dims_perm.is_empty() {
        (0..rank).collect()
    } else {
        info.outer_dims_perm.iter().map(|d| *d as usize).collect()
    }
}

/// The reassociation of the expanded shape (a tiled dim is `[outer, tile]`)
/// and where each unpacked dim's outer and inner parts land in it.
fn expansion(tiles: &[Option<i64>]) -> (Vec<Vec<usize>>, Vec<usize>, Vec<Option<usize>>) {
    let mut groups = Vec::new();
    let mut outer_at = Vec::new();
    let mut inner_at = Vec::new();
    let mut k = 0;
    for t in tiles {
        if t.is_some() {
            groups.push(vec![k, k + 1]);
            outer_at.push(k);
            inner_at.push(Some(k + 1));
            k += 2;
        } else {
            groups.push(vec![k]);
            outer_at.push(k);
            inner_at.push(None);
            k += 1;
        }
    }
    (groups, outer_at, inner_at)
}

/// For each packed dim, the expanded dim it is: outer dims in
/// `outer_dims_perm` order, then the tiles in `inner_dims_pos` order.
fn packed_from_expanded(info: &PackInfo, rank: usize, outer_at: &[usize], inner_at: &[Option<usize>]) -> Vec<usize> {
    let mut perm: Vec<usize> = outer_perm(info, rank).iter().map(|&d| outer_at[d]).collect();
    perm.extend(info.inner_dims_pos.iter().map(|&p| inner_at[p as usize].expect("a tiled dim")));
    perm
}

/// MLIR's `isLikePadUnPad`: the inner dims are `[0, k)` in order and every
/// outer dim of the packed shape is 1.
fn like_pad(info: &PackInfo, packed: &[i64]) -> bool {
    let k = info.inner_dims_pos.len();
    info.inner_dims_pos.iter().enumerate().all(|(i, p)| *p == i as i64)
        && packed[..packed.len() - k].iter().all(|d| *d == 1)
}

/// Whether `small` is `big` with some unit dims dropped (a rank-reducing
/// slice of `big`'s sizes is exactly `small`).
fn drops_unit_dims(big: &[i64], small: &[i64]) -> bool {
    let mut j = 0;
    for &d in big {
        if j < small.len() && small[j] == d {
            j += 1;
        } else if d != 1 {
            return false;
        }
    }
    j == small.len()
}

fn tensor_type(ctx: &mut Context, shape: &[i64], elem: Type) -> Type {
    ctx.tensor_type(shape.to_vec(), elem)
}

/// The padding value: the pack's, or a zero of the element type made in
/// place (as MLIR's lowering makes it).
fn padding_value(b: &mut Builder<'_>, info: &PackInfo, elem: Type) -> Result<Value, String> {
    if let Some(v) = info.padding_value {
        return Ok(v);
    }
    let attr = match b.ctx.type_kind(elem) {
        TypeKind::Float(_) => b.ctx.attr(AttrKind::Float { bits: 0, ty: elem }),
        TypeKind::Integer { .. } | TypeKind::Index => b.ctx.int_attr(0, elem),
        _ => return Err("no zero padding value for this element type".into()),
    };
    Ok(ConstantOp::create(b, Some(attr), &[elem], vec![]).result(b.ctx))
}

/// `tensor.pad %src low[0...] high[high...] { tensor.yield %pad }`,
/// through a rewriter (for patterns).
pub(crate) fn emit_pad(
    rw: &mut tessel_ir::rewriter::Rewriter<'_>,
    src: Value,
    high: &[i64],
    padded: &[i64],
    value: Value,
) -> Value {
    let elem = rw.ctx.value_type_kind(src).element_type().expect("a tensor");
    let high: Vec<Ofr> = high.iter().map(|h| Ofr::Const(*h)).collect();
    let op = pad(rw, src, &high, padded, value, elem);
    rw.ctx.result(op, 0)
}

/// `tensor.pad %src low[0...] high[high...] { tensor.yield %pad }` into a
/// tensor of shape `padded` (with [`DYNAMIC`] dims).
fn pad(b: &mut Builder<'_>, src: Value, high: &[Ofr], padded: &[i64], value: Value, elem: Type) -> OpId {
    let rank = high.len();
    let region = b.ctx.create_region();
    let block = b.ctx.append_block(region);
    let index = b.ctx.index_type();
    for _ in 0..rank {
        b.ctx.add_block_arg_at(block, index, b.loc);
    }
    let ty = tensor_type(b.ctx, padded, elem);
    let low = vec![0i64; rank];
    let (high_static, high_values) = b.split(high);
    let op = PadOp::create(b, src, &[], &high_values, &low, &high_static, false, &[ty], vec![region]).op();
    let saved = b.ip;
    b.ip = InsertPoint::End(block);
    YieldOp::create(b, value, &[], vec![]);
    b.ip = saved;
    op
}

/// `linalg.transpose ins(%input) outs(%init) permutation = perm`.
fn transpose(b: &mut Builder<'_>, input: Value, init: Value, perm: &[usize], elem: Type) -> OpId {
    let ty = b.ctx.value_type(init);
    let arg_locs = linalg::operand_locs(b.ctx, [input, init]);
    let body = linalg::yield_first_arg_body(b.ctx, elem, elem, arg_locs, b.loc);
    let perm: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
    TransposeOp::create(b, input, init, &perm, &[ty], vec![body]).op()
}

/// Lowers the pack `op` (replacing its result); `pad_like_with_insert_slice`
/// is MLIR's `lowerPadLikeWithInsertSlice`.
pub fn lower_pack(ctx: &mut Context, op: OpId, pad_like_with_insert_slice: bool) -> Result<LoweredPack, String> {
    let info = PackInfo::read(ctx, op).filter(|i| i.is_pack).ok_or("not a pack")?;
    let (src_shape, elem) = shape_of(ctx, info.source)?;
    let (packed, _) = shape_of(ctx, info.dest)?;
    let rank = src_shape.len();
    let tiles = tiles_by_dim(&info, rank)?;
    // Where each unpacked dim's outer extent sits in the packed shape.
    let mut outer_pos = vec![0usize; rank];
    for (j, &d) in outer_perm(&info, rank).iter().enumerate() {
        outer_pos[d] = j;
    }
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let value = padding_value(&mut b, &info, elem)?;
    // High padding up to whole tiles: outer extent * tile - size, static
    // when both are (as MLIR's lowering computes it, from the dest).
    let mut high = Vec::with_capacity(rank);
    let mut padded = Vec::with_capacity(rank);
    for d in 0..rank {
        let (size, outer) = (src_shape[d], packed[outer_pos[d]]);
        match tiles[d] {
            None => {
                high.push(Ofr::Const(0));
                padded.push(size);
            }
            Some(t) if size != DYNAMIC && outer != DYNAMIC => {
                let p = tessel_ir::affine::ceil_div(size, t) * t;
                high.push(Ofr::Const(p - size));
                padded.push(p);
            }
            Some(t) => {
                // The size first, then the outer extent (MLIR's order). The
                // padded extent is the dest's (outer * tile): static when
                // the outer extent is, as MLIR types the pad from the dest,
                // so the transpose into the dest stays valid.
                let size_v = b.dim(info.source, d);
                let outer_v = b.dim(info.dest, outer_pos[d]);
                high.push(b.affine_apply(&outer_times_tile_minus_size(t), &[outer_v, size_v]));
                padded.push(if outer == DYNAMIC { DYNAMIC } else { outer * t });
            }
        }
    }
    let pad_op = pad(&mut b, info.source, &high, &padded, value, elem);
    let padded_v = b.ctx.result(pad_op, 0);
    let all_static = !padded.contains(&DYNAMIC) && !packed.contains(&DYNAMIC);
    let sizes: Vec<i64> = packed[..packed.len() - tiles.iter().flatten().count()]
        .iter()
        .map(|_| 1)
        .chain(tiles.iter().flatten().copied())
        .collect();
    let shortcut =
        all_static && pad_like_with_insert_slice && like_pad(&info, &packed) && drops_unit_dims(&sizes, &padded);
    let (expand_shape, transpose_op, insert_slice, result) = if shortcut {
        let zeros = vec![Ofr::Const(0); packed.len()];
        let sizes: Vec<Ofr> = packed.iter().map(|d| Ofr::Const(*d)).collect();
        let inserted = b.insert_slice(padded_v, info.dest, &zeros, &sizes);
        let ins_op = b.ctx.defining_op(inserted);
        (None, None, ins_op, inserted)
    } else {
        let (groups, outer_at, inner_at) = expansion(&tiles);
        // Each tiled dim becomes [extent / tile, tile]; a dynamic extent is
        // read from the padded tensor and divided (arith.divsi, as MLIR).
        let mut expanded: Vec<Ofr> = Vec::new();
        for d in 0..rank {
            let extent = if padded[d] == DYNAMIC { b.dim(padded_v, d) } else { Ofr::Const(padded[d]) };
            match (tiles[d], extent) {
                (Some(t), Ofr::Const(p)) => expanded.extend([Ofr::Const(p / t), Ofr::Const(t)]),
                (Some(t), Ofr::Val(v)) => {
                    let tile = b.index_const(t);
                    let index = b.ctx.index_type();
                    let q = tessel_ir::dialects::arith::DivSIOp::create(&mut b, v, tile, None, None, &[index], vec![]);
                    expanded.extend([Ofr::Val(q.result(b.ctx)), Ofr::Const(t)]);
                }
                (None, e) => expanded.push(e),
            }
        }
        let (static_shape, dynamic_sizes) = b.split(&expanded);
        let ty = tensor_type(b.ctx, &static_shape, elem);
        let r = reassociation_attr(b.ctx, &groups);
        let exp = ExpandShapeOp::create(&mut b, padded_v, &dynamic_sizes, Some(r), &static_shape, &[ty], vec![]).op();
        let perm = packed_from_expanded(&info, rank, &outer_at, &inner_at);
        let exp_v = b.ctx.result(exp, 0);
        let t = transpose(&mut b, exp_v, info.dest, &perm, elem);
        (Some(exp), Some(t), None, b.ctx.result(t, 0))
    };
    let old = ctx.result(op, 0);
    ctx.replace_all_uses(old, result);
    ctx.erase_op(op);
    Ok(LoweredPack { pad: pad_op, expand_shape, transpose: transpose_op, insert_slice })
}

/// `()[s0, s1] -> (s0 * tile - s1)`: the high padding of a tiled dim from
/// its outer extent and its size.
fn outer_times_tile_minus_size(tile: i64) -> tessel_ir::affine::AffineMap {
    use tessel_ir::affine::{AffineBinOp, AffineExpr, AffineMap};
    let times = AffineExpr::bin(AffineBinOp::Mul, AffineExpr::Sym(0), AffineExpr::Const(tile));
    let minus = AffineExpr::bin(AffineBinOp::Mul, AffineExpr::Sym(1), AffineExpr::Const(-1));
    AffineMap { num_dims: 0, num_syms: 2, results: vec![AffineExpr::bin(AffineBinOp::Add, times, minus)] }
}

/// Lowers the unpack `op` (replacing its result);
/// `unpad_like_with_extract_slice` is MLIR's
/// `lowerUnpadLikeWithExtractSlice`.
pub fn lower_unpack(ctx: &mut Context, op: OpId, unpad_like_with_extract_slice: bool) -> Result<LoweredUnpack, String> {
    let info = PackInfo::read(ctx, op).filter(|i| !i.is_pack).ok_or("not an unpack")?;
    let (packed, elem) = shape_of(ctx, info.source)?;
    let (dest_shape, _) = shape_of(ctx, info.dest)?;
    let all_static = !packed.contains(&DYNAMIC) && !dest_shape.contains(&DYNAMIC);
    let rank = dest_shape.len();
    let tiles = tiles_by_dim(&info, rank)?;
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let k = tiles.iter().flatten().count();
    // The slice of the source an unpad-like unpack is: outer dims 1, the
    // tiles cut to the dest's extents (in inner_dims_pos order).
    let slice_sizes: Vec<i64> =
        (0..packed.len() - k).map(|_| 1).chain(info.inner_dims_pos.iter().map(|&p| dest_shape[p as usize])).collect();
    if all_static
        && unpad_like_with_extract_slice
        && like_pad(&info, &packed)
        && drops_unit_dims(&slice_sizes, &dest_shape)
    {
        let ty = b.ctx.value_type(info.dest);
        let slice = tessel_ir::dialects::tensor::ExtractSliceOp::create(
            &mut b,
            info.source,
            &[],
            &[],
            &[],
            &vec![0; packed.len()],
            &slice_sizes,
            &vec![1; packed.len()],
            &[ty],
            vec![],
        )
        .op();
        let v = b.ctx.result(slice, 0);
        let old = ctx.result(op, 0);
        ctx.replace_all_uses(old, v);
        ctx.erase_op(op);
        return Ok(LoweredUnpack { empty: None, transpose: None, collapse_shape: None, extract_slice: slice });
    }
    let (groups, outer_at, inner_at) = expansion(&tiles);
    // The outer extents come from the packed source (they may hold more
    // than the dest needs: the padding the slice drops); dynamic ones are
    // read from it.
    let perm_outer = outer_perm(&info, rank);
    let mut outer_extent = vec![Ofr::Const(0); rank];
    for (j, &d) in perm_outer.iter().enumerate() {
        outer_extent[d] = if packed[j] == DYNAMIC { b.dim(info.source, j) } else { Ofr::Const(packed[j]) };
    }
    let expanded: Vec<Ofr> = (0..rank)
        .flat_map(|d| match tiles[d] {
            Some(t) => vec![outer_extent[d], Ofr::Const(t)],
            None => vec![outer_extent[d]],
        })
        .collect();
    let init = b.empty(&expanded, elem);
    let empty = b.ctx.defining_op(init);
    // packed dim j is expanded dim packed_from_expanded[j]; the transpose
    // takes the packed source to the expanded order: its inverse.
    let forward = packed_from_expanded(&info, rank, &outer_at, &inner_at);
    let mut perm = vec![0usize; forward.len()];
    for (j, &e) in forward.iter().enumerate() {
        perm[e] = j;
    }
    let t = transpose(&mut b, info.source, init, &perm, elem);
    let t_v = b.ctx.result(t, 0);
    let expanded_static: Vec<i64> = expanded.iter().map(|e| e.static_or_dynamic()).collect();
    let collapsed_shape: Vec<i64> = groups
        .iter()
        .map(|g| {
            let dims = g.iter().map(|&e| expanded_static[e]);
            if dims.clone().any(|d| d == DYNAMIC) {
                DYNAMIC
            } else {
                dims.product()
            }
        })
        .collect();
    let ty = tensor_type(b.ctx, &collapsed_shape, elem);
    let r = reassociation_attr(b.ctx, &groups);
    let collapse = CollapseShapeOp::create(&mut b, t_v, Some(r), &[ty], vec![]).op();
    let c_v = b.ctx.result(collapse, 0);
    let dest_ty = b.ctx.value_type(info.dest);
    // The dest's extents (read from it when dynamic): the padding goes.
    let sizes: Vec<Ofr> = (0..rank)
        .map(|d| if dest_shape[d] == DYNAMIC { b.dim(info.dest, d) } else { Ofr::Const(dest_shape[d]) })
        .collect();
    let (static_sizes, dynamic_sizes) = b.split(&sizes);
    let slice = tessel_ir::dialects::tensor::ExtractSliceOp::create(
        &mut b,
        c_v,
        &[],
        &dynamic_sizes,
        &[],
        &vec![0; rank],
        &static_sizes,
        &vec![1; rank],
        &[dest_ty],
        vec![],
    )
    .op();
    let s_v = b.ctx.result(slice, 0);
    let copy_named = NAMED.iter().find(|n| std::ptr::eq(n.def, &tessel_ir::dialects::structured::COPY)).expect("copy");
    let unknown = b.ctx.unknown_loc();
    let body = named_body(b.ctx, copy_named, &[elem], elem, false, unknown)?;
    let copy = CopyOp::create(&mut b, &[s_v], &[info.dest], None, None, &[dest_ty], vec![body]).op();
    let result = b.ctx.result(copy, 0);
    let old = ctx.result(op, 0);
    ctx.replace_all_uses(old, result);
    ctx.erase_op(op);
    Ok(LoweredUnpack { empty, transpose: Some(t), collapse_shape: Some(collapse), extract_slice: slice })
}

/// `lower-pack-unpack{pad-like-with-insert-slice=true
/// unpad-like-with-extract-slice=true}`: lowers every pack and unpack nested
/// in the op it runs on, as the transform ops do (for pipelines).
pub(crate) const INFO: crate::manager::PassInfo = crate::manager::PassInfo {
    name: "lower-pack-unpack",
    description: "Lower tensor.pack/unpack to pad/expand_shape/transpose and transpose/collapse_shape/extract_slice/copy {pad-like-with-insert-slice=B unpad-like-with-extract-slice=B}",
    build: |opts| {
        crate::reject_unknown_options(opts, &["pad-like-with-insert-slice", "unpad-like-with-extract-slice"])?;
        let flag = |name: &str| match opts.get(name).map(String::as_str) {
            None | Some("true") | Some("") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(format!("option '{name}' must be 'true' or 'false', got '{other}'")),
        };
        Ok(Box::new(LowerPackUnpack {
            pad_like: flag("pad-like-with-insert-slice")?,
            unpad_like: flag("unpad-like-with-extract-slice")?,
        }))
    },
};

struct LowerPackUnpack {
    pad_like: bool,
    unpad_like: bool,
}

impl crate::manager::Pass for LowerPackUnpack {
    fn name(&self) -> &'static str {
        "lower-pack-unpack"
    }

    fn class_name(&self) -> &'static str {
        "LowerPackUnpack"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), tessel_ir::Diagnostic> {
        use tessel_ir::dialects::pack::{PackOp, UnPackOp};
        let targets: Vec<OpId> =
            ctx.nested_ops(root).into_iter().filter(|o| PackOp::isa(ctx, *o) || UnPackOp::isa(ctx, *o)).collect();
        for op in targets {
            let loc = ctx.op_loc(op);
            let lowered = if PackOp::isa(ctx, op) {
                lower_pack(ctx, op, self.pad_like).map(|_| ())
            } else {
                lower_unpack(ctx, op, self.unpad_like).map(|_| ())
            };
            lowered.map_err(|m| tessel_ir::Diagnostic::error(loc, m))?;
        }
        Ok(())
    }
}
