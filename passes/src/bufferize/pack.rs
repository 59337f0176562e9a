//! `linalg.pack` and `linalg.unpack` bufferized directly, where MLIR 22
//! reports "op was not bufferized" (its memref forms came later), into
//! memref ops that mlir-opt 22 reads and lowers: views and
//! `linalg.transpose`s between them, no temporary.
//!
//! Each tiled dim of the unpacked buffer splits into its whole tiles
//! (`size floordiv tile` of them, `whole * tile` elements) and a tail
//! (`size mod tile` elements in `0` or `1` incomplete tile). A pack or
//! unpack is then a sum of pieces, one per choice of whole part or tail in
//! every tiled dim: the piece's subview of the unpacked buffer, expanded so
//! each tiled dim is `[tiles, tile]`, is transposed into (pack) or out of
//! (unpack) the matching subview of the packed buffer. A pack with a
//! padding value writes it only into the incomplete tiles, past the tail's
//! elements (`linalg.fill` of `[rest, tile)` in the tail tile of each dim).
//! Pieces that are statically empty are not built; dynamic sizes make
//! pieces that are empty at run time, whose views are in bounds.

use tessel_ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects;
use tessel_ir::dialects::linalg::{self, FillOp, TransposeOp};
use tessel_ir::dialects::memref::layout::{self, memref_parts};
use tessel_ir::dialects::memref::{DimOp, ExpandShapeOp, SubViewOp};
use tessel_ir::dialects::pack::{PackInfo, Tile};
use tessel_ir::dialects::scf::IfOp;
use tessel_ir::dialects::tensor as tensor_d;
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Diagnostic, Loc, OpId, Value};

use super::rewrite::{subview_result_type, Rewriter};
use crate::materialize_layouts::reassociation_attr;

/// How one dim of the unpacked buffer splits into tiles.
#[derive(Clone, Copy)]
struct Split {
    /// The dim's extent.
    size: Ofr,
    /// Its tile (`None`: the dim is not tiled).
    tile: Option<i64>,
    /// Whole tiles: `size floordiv tile`.
    whole: Ofr,
    /// Elements in whole tiles: `whole * tile`.
    whole_elems: Ofr,
    /// Elements past them: `size mod tile`.
    rest: Ofr,
    /// Incomplete tiles, 0 or 1: `size ceildiv tile - whole`.
    tail: Ofr,
    /// Padding slots in the incomplete tile: `tile - rest` (meaningful
    /// when `tail` is 1).
    padding: Ofr,
}

/// The part of a tiled dim a piece covers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Whole,
    Tail,
}

/// A view's offsets and sizes, one pair per dim.
type Window = Vec<(Ofr, Ofr)>;

impl Rewriter<'_> {
    /// Bufferizes the pack or unpack `op` into its destination's buffer.
    pub(super) fn pack_or_unpack(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let info = PackInfo::read(self.ctx, op).ok_or_else(|| Diagnostic::error(loc, "a malformed pack or unpack"))?;
        let source = self.buffer(info.source);
        let dest = self.operand_buffer((op, 1));
        let (unpacked, packed) = if info.is_pack { (source, dest) } else { (dest, source) };
        let here = InsertPoint::Before(op);
        let known_unpacked = self.reified_sizes(info.unpacked());
        let known_packed = self.reified_sizes(if info.is_pack { info.dest } else { info.source });
        let mut b = self.builder(here, loc);
        let unpacked_extents = extents(&mut b, unpacked, known_unpacked);
        let packed_extents = extents(&mut b, packed, known_packed);
        let rank = unpacked_extents.len();
        let mut tiles: Vec<Option<i64>> = vec![None; rank];
        for (p, t) in info.inner_dims_pos.iter().zip(info.mixed_tiles()) {
            tiles[*p as usize] = Some(match t {
                Tile::Const(c) => c,
                Tile::Value(_) => {
                    return Err(Diagnostic::error(
                        loc,
                        "tessel bufferizes packs and unpacks with static inner tiles only (a dynamic tile needs \
                         views that MLIR 22's -expand-strided-metadata cannot lower)",
                    ))
                }
            });
        }
        let splits: Vec<Split> = (0..rank).map(|d| split(&mut b, unpacked_extents[d], tiles[d])).collect();
        let outer_perm: Vec<usize> = if info.outer_dims_perm.is_empty() {
            (0..rank).collect()
        } else {
            info.outer_dims_perm.iter().map(|d| *d as usize).collect()
        };
        let inner_pos: Vec<usize> = info.inner_dims_pos.iter().map(|d| *d as usize).collect();
        // A pack without a padding value promises whole tiles.
        let tails_exist = !info.is_pack || info.padding_value.is_some();
        let choices: Vec<Vec<Part>> = splits
            .iter()
            .map(|s| {
                let mut c = Vec::new();
                if s.whole != Ofr::Const(0) {
                    c.push(Part::Whole);
                }
                if s.tile.is_some() && tails_exist && s.tail != Ofr::Const(0) {
                    c.push(Part::Tail);
                }
                c
            })
            .collect();
        // The padding first: the slots past the rest in each incomplete tile.
        if let Some(value) = info.padding_value.filter(|_| info.is_pack) {
            for (d, s) in splits.iter().enumerate() {
                if !choices[d].contains(&Part::Tail) {
                    continue;
                }
                let mut window: Window = packed_extents.iter().map(|e| (Ofr::Const(0), *e)).collect();
                window[position(&outer_perm, d)] = (s.whole, s.tail);
                window[rank + position(&inner_pos, d)] = (s.rest, s.padding);
                let view = subview(&mut b, packed, &packed_extents, &window, loc)?;
                let body = linalg::yield_first_arg_body(b.ctx, elem_of(&b, value), elem_of(&b, view), [loc; 2], loc);
                FillOp::create(&mut b, value, view, &[], vec![body]);
            }
        }
        for piece in pieces(&choices, &splits) {
            // A tail whose tile count is known only at run time (0 or 1) is
            // built under `scf.if` on that count, where it is 1: an
            // expand_shape group then has one dynamic size (MLIR 22's
            // -expand-strided-metadata crashes on two).
            let guarded: Vec<usize> =
                (0..rank).filter(|d| piece[*d] == Some(Part::Tail) && matches!(splits[*d].tail, Ofr::Val(_))).collect();
            let mut splits = splits.clone();
            let saved_ip = b.ip;
            if !guarded.is_empty() {
                let counts: Vec<Ofr> = guarded.iter().map(|d| splits[*d].tail).collect();
                b.ip = InsertPoint::Before(if_nonzero(&mut b, &counts));
                for d in &guarded {
                    splits[*d].tail = Ofr::Const(1);
                }
            }
            let unpacked_window: Window = piece
                .iter()
                .zip(&splits)
                .map(|(p, s)| match p {
                    None => (Ofr::Const(0), s.size),
                    Some(Part::Whole) => (Ofr::Const(0), s.whole_elems),
                    Some(Part::Tail) => (s.whole_elems, s.rest),
                })
                .collect();
            let mut packed_window: Window = outer_perm
                .iter()
                .map(|&d| match piece[d] {
                    None => (Ofr::Const(0), splits[d].size),
                    Some(Part::Whole) => (Ofr::Const(0), splits[d].whole),
                    Some(Part::Tail) => (splits[d].whole, splits[d].tail),
                })
                .collect();
            packed_window.extend(inner_pos.iter().map(|&d| match piece[d] {
                Some(Part::Tail) => (Ofr::Const(0), splits[d].rest),
                _ => (Ofr::Const(0), Ofr::Const(splits[d].tile.expect("a tiled dim"))),
            }));
            let u_view = subview(&mut b, unpacked, &unpacked_extents, &unpacked_window, loc)?;
            let (e_view, perm) = expand(&mut b, u_view, &piece, &splits, &outer_perm, &inner_pos, loc)?;
            let p_view = subview(&mut b, packed, &packed_extents, &packed_window, loc)?;
            if info.is_pack {
                transpose(&mut b, e_view, p_view, &perm, loc);
            } else {
                let mut inverse = vec![0; perm.len()];
                for (j, e) in perm.iter().enumerate() {
                    inverse[*e] = j;
                }
                transpose(&mut b, p_view, e_view, &inverse, loc);
            }
            b.ip = saved_ip;
        }
        // Extents read for windows that turned out not to need them.
        for e in unpacked_extents.iter().chain(&packed_extents) {
            if let Ofr::Val(v) = e {
                if let Some(d) = self.ctx.defining_op(*v).filter(|d| DimOp::isa(self.ctx, *d)) {
                    if self.ctx.use_empty(*v) {
                        self.ctx.erase_op(d);
                    }
                }
            }
        }
        self.replace(op, &[dest]);
        Ok(())
    }
}

/// The extents of memref `buf`: constants, the dynamic sizes its tensor
/// was made with (`known`, MLIR's `reifyResultShapes`: a slice's or an
/// empty tensor's size operands), else `memref.dim`.
fn extents(b: &mut Builder<'_>, buf: Value, known: Option<Vec<Value>>) -> Vec<Ofr> {
    let shape = memref_parts(b.ctx, b.ctx.value_type(buf)).map(|p| p.shape).unwrap_or_default();
    let index = b.ctx.index_type();
    let mut known = known.filter(|k| k.len() == shape.iter().filter(|s| **s == DYNAMIC).count()).map(Vec::into_iter);
    let mut out = Vec::with_capacity(shape.len());
    for (d, s) in shape.iter().enumerate() {
        if *s == DYNAMIC {
            if let Some(v) = known.as_mut().and_then(Iterator::next) {
                out.push(Ofr::Val(v));
                continue;
            }
            let c = b.index_const(d as i64);
            out.push(Ofr::Val(DimOp::create(b, buf, c, &[index], vec![]).result(b.ctx)));
        } else {
            out.push(Ofr::Const(*s));
        }
    }
    out
}

/// Where `d` is in `order`.
fn position(order: &[usize], d: usize) -> usize {
    order.iter().position(|x| *x == d).expect("a dim of the permutation")
}

fn elem_of(b: &Builder<'_>, v: Value) -> tessel_ir::Type {
    let t = b.ctx.value_type(v);
    b.ctx.type_kind(t).element_type().unwrap_or(t)
}

/// How a dim of extent `size` splits into tiles of `tile`: affine maps of
/// the size (folded when it is static).
fn split(b: &mut Builder<'_>, size: Ofr, tile: Option<i64>) -> Split {
    let zero = Ofr::Const(0);
    let Some(t) = tile else {
        return Split { size, tile, whole: size, whole_elems: size, rest: zero, tail: zero, padding: zero };
    };
    if let Ofr::Val(v) = size {
        if let Some((x, k)) = multiple_of(b.ctx, v, t) {
            // `x * (k * t)`: whole tiles only.
            let map = AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::Dim(0) * AffineExpr::Const(k)] };
            let whole = if k == 1 { Ofr::Val(x) } else { b.affine_apply(&map, &[Ofr::Val(x)]) };
            return Split { size, tile, whole, whole_elems: size, rest: zero, tail: zero, padding: zero };
        }
    }
    let d0 = AffineExpr::Dim(0);
    let c = AffineExpr::Const(t);
    let floor = AffineExpr::bin(AffineBinOp::FloorDiv, d0.clone(), c.clone());
    let ceil = AffineExpr::bin(AffineBinOp::CeilDiv, d0.clone(), c.clone());
    let rest = AffineExpr::bin(AffineBinOp::Mod, d0, c.clone());
    let mut apply = |e: AffineExpr| b.affine_apply(&AffineMap { num_dims: 1, num_syms: 0, results: vec![e] }, &[size]);
    Split {
        size,
        tile,
        whole: apply(floor.clone()),
        whole_elems: apply(floor.clone() * c.clone()),
        rest: apply(rest.clone()),
        tail: apply(ceil - floor),
        padding: apply(c - rest),
    }
}

/// `(x, k)` when `v` is `arith.muli` of `x` and a constant `k * tile`
/// (the size of a tile loop's slice of whole tiles: affine producers fold
/// through the composed maps, this one would not).
fn multiple_of(ctx: &tessel_ir::Context, v: Value, tile: i64) -> Option<(Value, i64)> {
    let op = ctx.defining_op(v)?;
    if !dialects::arith::MulIOp::isa(ctx, op) || tile <= 0 {
        return None;
    }
    let ops = ctx.operands(op);
    let konst = |x: Value| tessel_ir::dialects::pack::constant_int(ctx, x);
    let (x, c) = match (konst(ops[0]), konst(ops[1])) {
        (_, Some(c)) => (ops[0], c),
        (Some(c), None) => (ops[1], c),
        _ => return None,
    };
    (c > 0 && c % tile == 0).then_some((x, c / tile))
}

/// `scf.if` (no results) on every count in `counts` being nonzero; the
/// terminator of its then-block, where the guarded ops go.
fn if_nonzero(b: &mut Builder<'_>, counts: &[Ofr]) -> OpId {
    let i1 = b.ctx.int_type(1);
    let i64t = b.ctx.int_type(64);
    let zero = b.index_const(0);
    let ne = b.ctx.int_attr(1, i64t);
    let mut cond: Option<Value> = None;
    for c in counts {
        let v = b.value(*c);
        let cmp = b.op(dialects::arith::CmpIOp::NAME, &[v, zero], &[i1], &[("predicate", ne)]);
        let r = b.ctx.result(cmp, 0);
        cond = Some(match cond {
            None => r,
            Some(prev) => {
                let and = b.op(dialects::arith::AndIOp::NAME, &[prev, r], &[i1], &[]);
                b.ctx.result(and, 0)
            }
        });
    }
    let (then_region, then_block, _) = b.region_with_block(&[]);
    let else_region = b.ctx.create_region();
    IfOp::create(b, cond.expect("a count"), &[], vec![then_region, else_region]);
    let saved = b.ip;
    b.ip = InsertPoint::End(then_block);
    let y = b.op(dialects::scf::YieldOp::NAME, &[], &[], &[]);
    b.ip = saved;
    y
}

/// Every piece: for each dim, `None` when untiled, else the part it covers.
fn pieces(choices: &[Vec<Part>], splits: &[Split]) -> Vec<Vec<Option<Part>>> {
    let mut out: Vec<Vec<Option<Part>>> = vec![vec![]];
    for (c, s) in choices.iter().zip(splits) {
        out = if s.tile.is_none() {
            out.into_iter()
                .map(|mut p| {
                    p.push(None);
                    p
                })
                .collect()
        } else {
            out.iter()
                .flat_map(|p| {
                    c.iter().map(move |part| {
                        let mut q = p.clone();
                        q.push(Some(*part));
                        q
                    })
                })
                .collect()
        };
    }
    out
}

/// A unit-stride `memref.subview` of `buf` over `window`, or `buf` itself
/// when the window is all of it.
fn subview(b: &mut Builder<'_>, buf: Value, extents: &[Ofr], window: &Window, loc: Loc) -> Result<Value, Diagnostic> {
    if window.iter().zip(extents).all(|((o, s), e)| *o == Ofr::Const(0) && s == e) {
        return Ok(buf);
    }
    let offsets: Vec<Ofr> = window.iter().map(|w| w.0).collect();
    let sizes: Vec<Ofr> = window.iter().map(|w| w.1).collect();
    let sv = tensor_d::SliceParams {
        offsets: b.split(&offsets),
        sizes: b.split(&sizes),
        strides: (vec![1; window.len()], vec![]),
    };
    let ty = b.ctx.value_type(buf);
    let want = sv.sizes.0.clone();
    let view_ty = subview_result_type(b.ctx, ty, &sv, &want)
        .ok_or_else(|| Diagnostic::error(loc, "could not infer the layout of a pack's subview"))?;
    let (o, s, st) = (&sv.offsets, &sv.sizes, &sv.strides);
    Ok(SubViewOp::create(b, buf, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[view_ty], vec![]).result(b.ctx))
}

/// `view` expanded so that each tiled dim is `[tiles, tile]` (`[tail,
/// rest]` for a tail), and the permutation from that expanded order to the
/// packed order (outer dims in `outer_perm` order, then the tiles).
fn expand(
    b: &mut Builder<'_>,
    view: Value,
    piece: &[Option<Part>],
    splits: &[Split],
    outer_perm: &[usize],
    inner_pos: &[usize],
    loc: Loc,
) -> Result<(Value, Vec<usize>), Diagnostic> {
    let mut groups = Vec::new();
    let mut shape = Vec::new();
    let (mut outer_at, mut inner_at) = (Vec::new(), Vec::new());
    for (p, s) in piece.iter().zip(splits) {
        let k = shape.len();
        outer_at.push(k);
        match p {
            None => {
                groups.push(vec![k]);
                shape.push(s.size);
                inner_at.push(None);
            }
            Some(part) => {
                groups.push(vec![k, k + 1]);
                let (outer, inner) = match part {
                    Part::Whole => (s.whole, Ofr::Const(s.tile.expect("a tiled dim"))),
                    Part::Tail => (s.tail, s.rest),
                };
                shape.extend([outer, inner]);
                inner_at.push(Some(k + 1));
            }
        }
    }
    let mut perm: Vec<usize> = outer_perm.iter().map(|&d| outer_at[d]).collect();
    perm.extend(inner_pos.iter().map(|&d| inner_at[d].expect("a tiled dim")));
    if shape.len() == piece.len() {
        return Ok((view, perm));
    }
    let (static_shape, dynamic) = b.split(&shape);
    let groups_i64: Vec<Vec<i64>> = groups.iter().map(|g| g.iter().map(|x| *x as i64).collect()).collect();
    let view_ty = b.ctx.value_type(view);
    let ty = layout::expanded_type(b.ctx, view_ty, &static_shape, &groups_i64)
        .ok_or_else(|| Diagnostic::error(loc, "could not infer the layout of a pack's expanded view"))?;
    let r = reassociation_attr(b.ctx, &groups);
    let e = ExpandShapeOp::create(b, view, &dynamic, Some(r), &static_shape, &[ty], vec![]).result(b.ctx);
    Ok((e, perm))
}

/// `linalg.transpose ins(input) outs(init) permutation = perm` on memrefs.
fn transpose(b: &mut Builder<'_>, input: Value, init: Value, perm: &[usize], loc: Loc) {
    let (ei, eo) = (elem_of(b, input), elem_of(b, init));
    let arg_locs = linalg::operand_locs(b.ctx, [input, init]);
    let body = linalg::yield_first_arg_body(b.ctx, ei, eo, arg_locs, loc);
    let perm: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
    TransposeOp::create(b, input, init, &perm, &[], vec![body]);
}
