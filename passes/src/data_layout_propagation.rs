//! Data-layout propagation: MLIR 22's `populateDataLayoutPropagationPatterns`
//! (`-test-linalg-data-layout-propagation`), as patterns for the greedy
//! driver. A pack moves up through the op that produces its source, an
//! unpack down through the op that consumes its result, until packs and
//! unpacks meet (and cancel) or reach the program's edges:
//!
//! - `pack(generic(a, b))` -> `generic'(pack(a), pack(b))`: the generic
//!   (all loops the pack tiles parallel, one result used once, no
//!   `linalg.index` or `tensor.extract` in its body) runs on the packed
//!   iteration space, each tiled loop split into an outer and a point loop;
//! - `generic(unpack(s), b)` -> `unpack(generic'(s, pack(b)))`;
//! - the same through `tensor.pad` (when no tiled dim is padded) and the
//!   reshapes (`tensor.collapse_shape` / `tensor.expand_shape`, when the
//!   tiled dims project onto whole, divisible dims).
//!
//! Every pack the rewrites create pads with `ub.poison`: its padded slots
//! are never read back (the unpack that ends the chain drops them), as in
//! MLIR 22. A pack that already has a padding value is not bubbled through
//! a generic (the generic would compute on the padding).
//!
//! Where tessel differs from MLIR 22:
//! - a padded pack of an `expand_shape` moves above it only when the tiled
//!   dim is whole tiles or alone in its group. MLIR 22 moves it whenever
//!   the shapes reassociate, and computes another layout: packing the
//!   `8` of `16 -> [2, 8]` by 3 pads each row of 8 to 9, packing the 16
//!   pads once at the end (a miscompile, shown by execution in
//!   `scripts/propagation_parity.py`);
//! - to keep the IR valid, a generic whose tiled loop is read twice by one
//!   operand (`(d0, d0)`) is left alone (MLIR builds a pack with one tile
//!   for two dims), and an unpack is pushed through a pad only into a
//!   static shape (MLIR builds a `tensor.empty` of a dynamic shape without
//!   sizes).

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{InsertPoint, Ofr};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects;
use tessel_ir::dialects::arith::DivSIOp;
use tessel_ir::dialects::pack::{constant_int, infer_packed_shape, PackInfo, PackOp, Tile, UnPackOp};
use tessel_ir::dialects::structured::{iterator_types_attr, structured, GenericOp, IteratorKind, Structured};
use tessel_ir::dialects::tensor::{CollapseShapeOp, EmptyOp, ExpandShapeOp, PadOp, YieldOp};
use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Attr, Context, OpId, Sym, Type, Value};

use crate::materialize_layouts::reassociation_attr;
use crate::pack_folds::{constant_padding_value, invert, pack_destination, set_tiles, shape};
use crate::packing::maps_attr;

/// The propagation patterns for `op`, by its kind (MLIR's pattern list:
/// through generics, pads and reshapes, both directions).
pub fn data_layout_propagation(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if PackOp::isa(ctx, op) {
        named_patterns![bubble_up_pack_through_generic, bubble_up_pack_through_pad, bubble_up_pack_through_reshape]
    } else if GenericOp::isa(ctx, op) {
        named_patterns![push_down_unpack_through_generic]
    } else if PadOp::isa(ctx, op) {
        named_patterns![push_down_unpack_through_pad]
    } else if UnPackOp::isa(ctx, op) {
        named_patterns![push_down_unpack_through_expand_shape]
    } else {
        &[]
    }
}

// ---- packing a generic's iteration space ---------------------------------------

/// How a pack (or unpack) of one operand tiles the generic's loops
/// (MLIR's `PackInfo`).
struct DomainTiling {
    /// The loops the pack tiles, in the order of its tiles.
    tiled_loops: Vec<u32>,
    /// Their tiles.
    tiles: Vec<Tile>,
    /// The permutation of the (outer) loops, or empty.
    outer_perm: Vec<i64>,
}

impl DomainTiling {
    /// The point loop of tiled loop `d`: after the original loops, in tile
    /// order.
    fn point_loop(&self, num_loops: u32, d: u32) -> Option<u32> {
        self.tiled_loops.iter().position(|&t| t == d).map(|i| num_loops + i as u32)
    }
}

/// How the pack/unpack `info` of operand `operand` tiles the loops of the
/// generic `s`; `None` when a tiled dim is not read by a parallel loop
/// alone, or the outer permutation moves a dim that is not a loop.
fn tiling_from_operand(s: &Structured, operand: usize, info: &PackInfo) -> Option<DomainTiling> {
    let map = s.maps.get(operand)?;
    let mut tiled_loops = Vec::with_capacity(info.inner_dims_pos.len());
    for &pos in &info.inner_dims_pos {
        let AffineExpr::Dim(d) = map.results.get(usize::try_from(pos).ok()?)? else { return None };
        if s.iterators.get(*d as usize) != Some(&IteratorKind::Parallel) || tiled_loops.contains(d) {
            return None;
        }
        tiled_loops.push(*d);
    }
    // A tiled loop appears in every map as a plain dim or not at all.
    let only_as_dims = |d: u32| {
        s.maps.iter().all(|m| m.results.iter().all(|e| matches!(e, AffineExpr::Dim(_)) || !e.is_function_of_dim(d)))
    };
    if !tiled_loops.iter().all(|&d| only_as_dims(d)) {
        return None;
    }
    let mut permuted = Vec::new();
    for (index, &dim) in info.outer_dims_perm.iter().enumerate() {
        match map.results.get(usize::try_from(dim).ok()?)? {
            AffineExpr::Dim(d) => permuted.push(*d as i64),
            _ if index as i64 != dim => return None,
            _ => {}
        }
    }
    let mut outer_perm = Vec::new();
    if !permuted.is_empty() {
        let mut next = permuted.iter();
        for i in 0..map.num_dims as i64 {
            outer_perm.push(if permuted.contains(&i) { *next.next()? } else { i });
        }
    }
    Some(DomainTiling { tiled_loops, tiles: info.mixed_tiles().to_vec(), outer_perm })
}

/// MLIR's `computeOuterDims`: the outer permutation of an operand whose
/// map results are `exprs`, from the permutation of the loops.
fn outer_dims_of(perm: &[i64], exprs: &[AffineExpr]) -> Vec<i64> {
    if exprs.len() == 1 {
        return Vec::new();
    }
    let mut position: rustc_hash::FxHashMap<i64, i64> = Default::default();
    for (pos, e) in exprs.iter().enumerate() {
        let key = if let AffineExpr::Dim(d) = e { *d as i64 } else { pos as i64 };
        position.insert(key, pos as i64);
    }
    perm.iter().filter_map(|l| position.get(l).copied()).collect()
}

/// How one operand is packed: its pack (if it needs one) and its map on
/// the packed iteration space (MLIR's `PackedOperandDetails`).
struct PackedOperand {
    inner_dims_pos: Vec<i64>,
    tiles: Vec<Tile>,
    outer_perm: Vec<i64>,
    map: AffineMap,
}

impl PackedOperand {
    fn needs_pack(&self) -> bool {
        !self.inner_dims_pos.is_empty() || !self.outer_perm.is_empty()
    }
}

/// The packing of operand `operand` of `s` under `tiling`.
fn packed_operand(ctx: &Context, s: &Structured, operand: usize, tiling: &DomainTiling) -> PackedOperand {
    let orig = &s.maps[operand];
    let num_loops = s.num_loops() as u32 + tiling.tiled_loops.len() as u32;
    let tiled = tiling.tiled_loops.len();
    let mut exprs = Vec::with_capacity(orig.results.len() + tiled);
    exprs.extend_from_slice(&orig.results);
    let value = s.operands().nth(operand).expect("an operand");
    let scalar = ctx.value_type_kind(value).shape().is_none();
    let mut packed = PackedOperand {
        inner_dims_pos: Vec::with_capacity(tiled),
        tiles: Vec::with_capacity(tiled),
        outer_perm: Vec::new(),
        map: AffineMap { num_dims: num_loops, num_syms: 0, results: Vec::new() },
    };
    if scalar || exprs.is_empty() {
        packed.map.results = exprs;
        return packed;
    }
    // The operand dim each loop is read by (the last one, as MLIR's map).
    let operand_dim_of = |d: u32| orig.results.iter().rposition(|e| *e == AffineExpr::Dim(d));
    for (i, &d) in tiling.tiled_loops.iter().enumerate() {
        if let Some(index) = operand_dim_of(d) {
            packed.tiles.push(tiling.tiles[i]);
            packed.inner_dims_pos.push(index as i64);
            exprs.push(AffineExpr::Dim(tiling.point_loop(s.num_loops() as u32, d).expect("a tiled loop")));
        }
    }
    if !tiling.outer_perm.is_empty() {
        packed.outer_perm = outer_dims_of(&tiling.outer_perm, &exprs);
        let inverse = invert(&tiling.outer_perm);
        for e in exprs.iter_mut().take(orig.results.len()) {
            if let AffineExpr::Dim(d) = e {
                *e = AffineExpr::Dim(inverse[*d as usize] as u32);
            }
        }
        if !packed.outer_perm.is_empty() {
            let permuted: Vec<AffineExpr> = packed.outer_perm.iter().map(|&p| exprs[p as usize].clone()).collect();
            for (i, e) in permuted.into_iter().enumerate() {
                exprs[i] = e;
            }
        }
    }
    packed.map.results = exprs;
    packed
}

/// `value` packed as `p` (into a new `tensor.empty`, padded with
/// `ub.poison`), or `value` itself when `p` moves nothing.
fn pack_operand(rw: &mut Rewriter<'_>, value: Value, p: &PackedOperand, pack_name: &str) -> Value {
    if !p.needs_pack() {
        return value;
    }
    let dest = pack_destination(rw, value, &p.tiles, &p.inner_dims_pos, &p.outer_perm);
    let elem = rw.ctx.value_type_kind(value).element_type().expect("a tensor");
    let poison = rw.poison(elem);
    let info = pack_info(true, value, dest, Some(poison), &p.inner_dims_pos, &p.tiles, &p.outer_perm);
    build(rw, &info, pack_name)
}

fn pack_info(
    is_pack: bool,
    source: Value,
    dest: Value,
    padding_value: Option<Value>,
    inner: &[i64],
    tiles: &[Tile],
    outer: &[i64],
) -> PackInfo {
    let mut info = PackInfo {
        is_pack,
        source,
        dest,
        padding_value,
        inner_dims_pos: inner.into(),
        outer_dims_perm: outer.into(),
        static_inner_tiles: Default::default(),
        dynamic_inner_tiles: Default::default(),
    };
    set_tiles(&mut info, tiles);
    info
}

/// Inserts the pack or unpack `info` as `name`; its result.
fn build(rw: &mut Rewriter<'_>, info: &PackInfo, name: &str) -> Value {
    let loc = rw.loc;
    let spec = info.spec(rw.ctx, loc, name);
    let op = rw.insert(spec);
    rw.ctx.result(op, 0)
}

/// The pack and unpack spellings that go with `name` (`tensor.` or
/// `linalg.`).
fn spellings(name: &str) -> (&'static str, &'static str) {
    if name.starts_with("tensor.") {
        (PackOp::NAME, UnPackOp::NAME)
    } else {
        (PackOp::LINALG_NAME, UnPackOp::LINALG_NAME)
    }
}

/// Whether a pack and an unpack tile alike (MLIR's `hasEquivalentTiles`).
fn same_tiling(pack: &PackInfo, unpack: &PackInfo) -> bool {
    pack.outer_dims_perm == unpack.outer_dims_perm
        && pack.inner_dims_pos == unpack.inner_dims_pos
        && pack.mixed_tiles() == unpack.mixed_tiles()
}

/// The pack or unpack defining `v`, read.
fn defining(ctx: &Context, v: Value, pack: bool) -> Option<PackInfo> {
    let op = ctx.defining_op(v)?;
    let is = if pack { PackOp::isa(ctx, op) } else { UnPackOp::isa(ctx, op) };
    if is {
        PackInfo::read(ctx, op)
    } else {
        None
    }
}

/// A `linalg.index` or `tensor.extract` in the body: the generic reads by
/// position, which packing would change.
fn has_gather_semantics(ctx: &Context, op: OpId) -> bool {
    let mut found = false;
    ctx.walk_preorder(op, &mut |o| {
        found |= dialects::structured::IndexOp::isa(ctx, o) || dialects::tensor::ExtractOp::isa(ctx, o)
    });
    found
}

/// Whether no init of the generic is read by its body.
fn outs_unused(ctx: &Context, op: OpId, s: &Structured) -> bool {
    let Some(&region) = ctx.regions(op).first() else { return false };
    let Some(&block) = ctx.blocks(region).first() else { return false };
    ctx.block_args(block).iter().skip(s.inputs.len()).all(|a| ctx.use_empty(*a))
}

/// The generic `op` rebuilt on the packed iteration space (MLIR's
/// `packGenericOp`): inputs packed (or, with `fold_unpack_pack`, read from
/// the unpack they came from when the pack would undo it), init `dest`
/// read through `out_map`.
#[allow(clippy::too_many_arguments)]
fn pack_generic(
    rw: &mut Rewriter<'_>,
    op: OpId,
    s: &Structured,
    mut dest: Value,
    out_map: AffineMap,
    tiling: &DomainTiling,
    fold_unpack_pack: bool,
    pack_name: &str,
) -> OpId {
    let mut inputs = Vec::with_capacity(s.inputs.len());
    let mut maps = Vec::with_capacity(s.maps.len());
    for (i, &input) in s.inputs.iter().enumerate() {
        let p = packed_operand(rw.ctx, s, i, tiling);
        let packed = pack_operand(rw, input, &p, pack_name);
        let source_of_unpack = match (defining(rw.ctx, packed, true), defining(rw.ctx, input, false)) {
            (Some(pack), Some(unpack)) if fold_unpack_pack && same_tiling(&pack, &unpack) => Some(unpack.source),
            _ => None,
        };
        inputs.push(source_of_unpack.unwrap_or(packed));
        maps.push(p.map);
    }
    if fold_unpack_pack {
        if let Some(pack) = defining(rw.ctx, dest, true) {
            if let Some(unpack) = defining(rw.ctx, pack.source, false).filter(|u| same_tiling(&pack, u)) {
                dest = unpack.source;
            }
        }
    }
    maps.push(out_map);
    let mut iterators = s.iterators.clone();
    iterators.extend(std::iter::repeat_n(IteratorKind::Parallel, tiling.tiled_loops.len()));
    let maps_attr = maps_attr(rw.ctx, maps);
    let iterators_attr = iterator_types_attr(rw.ctx, &iterators);
    let region = rw.ctx.regions(op)[0];
    let body = rw.ctx.clone_region(region, &mut IrMapping::default());
    let ty = rw.ctx.value_type(dest);
    let new =
        GenericOp::create(rw, &inputs, &[dest], Some(maps_attr), Some(iterators_attr), None, None, &[ty], vec![body]);
    for (name, value) in pruned_attrs(rw.ctx, op) {
        rw.ctx.set_attr_sym(new.op(), name, value);
    }
    new.op()
}

/// The attributes of a generic that are not its structure (MLIR's
/// `getPrunedAttributeList`).
fn pruned_attrs(ctx: &Context, op: OpId) -> Vec<(Sym, Attr)> {
    const STRUCTURE: &[&str] = &[
        "indexing_maps",
        "iterator_types",
        "doc",
        "library_call",
        "operandSegmentSizes",
        "linalg.memoized_indexing_maps",
    ];
    ctx.op(op).attrs.iter().filter(|(k, _)| !STRUCTURE.contains(&ctx.str(**k))).map(|(k, v)| (*k, *v)).collect()
}

/// Whether `v` has exactly one use (MLIR's `hasOneUse`).
fn has_one_use(ctx: &Context, v: Value) -> bool {
    ctx.uses(v).len() == 1
}

/// The structured view of a `linalg.generic` on tensors with one result.
fn single_result_generic(ctx: &Context, op: OpId) -> Option<Structured> {
    if !GenericOp::isa(ctx, op) || ctx.results(op).len() != 1 || has_gather_semantics(ctx, op) {
        return None;
    }
    let s = structured(ctx, op)?;
    (s.outputs.len() == 1).then_some(s)
}

/// Whether `v` is available right before `op`: a block argument or result
/// of an op in a block that encloses `op`, defined before it there.
fn available_before(ctx: &Context, v: Value, op: OpId) -> bool {
    use tessel_ir::context::ValueDef;
    let (def_block, def_op) = match ctx.value_def(v) {
        ValueDef::Result { op: d, .. } => (ctx.op_block(d), Some(d)),
        ValueDef::BlockArg { block, .. } => (Some(block), None),
        _ => return false,
    };
    let Some(def_block) = def_block else { return false };
    // Walk up from `op` to the op of `def_block` that contains it.
    let mut cur = op;
    loop {
        let Some(b) = ctx.op_block(cur) else { return false };
        if b == def_block {
            break;
        }
        let Some(parent) = ctx.block_parent(b).and_then(|r| ctx.region_parent(r)) else { return false };
        cur = parent;
    }
    match def_op {
        None => true,
        Some(d) => {
            // The op that uses the value comes after its definition.
            let mut p = ctx.prev_op(cur);
            while let Some(o) = p {
                if o == d {
                    return true;
                }
                p = ctx.prev_op(o);
            }
            false
        }
    }
}

/// `pack(generic(a, b))` -> `generic'(pack(a), pack(b))` (MLIR's
/// `BubbleUpPackOpThroughGenericOpPattern`).
pub fn bubble_up_pack_through_generic(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The cheap test first: is the source a generic's result?
    if !ctx.operands(op).first().and_then(|s| ctx.defining_op(*s)).is_some_and(|g| GenericOp::isa(ctx, g)) {
        return false;
    }
    let Some(pack) = PackInfo::read(ctx, op) else { return false };
    let Some(generic) = ctx.defining_op(pack.source).filter(|g| GenericOp::isa(ctx, *g)) else { return false };
    if !has_one_use(ctx, pack.source) || pack.padding_value.is_some() {
        return false;
    }
    let Some(s) = single_result_generic(ctx, generic) else { return false };
    let out = s.inputs.len();
    let Some(tiling) = tiling_from_operand(&s, out, &pack) else { return false };
    if !has_one_use(ctx, pack.dest) {
        return false;
    }
    let dest_empty = ctx.defining_op(pack.dest).filter(|d| EmptyOp::isa(ctx, *d));
    if dest_empty.is_none() && !available_before(ctx, pack.dest, generic) {
        return false;
    }
    let init = s.outputs[0];
    let p = packed_operand(ctx, &s, out, &tiling);
    let init_is_empty = ctx.defining_op(init).is_some_and(|d| EmptyOp::isa(ctx, d));
    let forward_dest = init_is_empty || outs_unused(ctx, generic, &s);
    let (pack_name, _) = spellings(ctx.op_name(op));
    let pack_name = pack_name.to_string();
    rw.set_insertion_point_before(generic);
    let pack_dest = match dest_empty {
        Some(empty) => {
            let sizes = empty_sizes(rw.ctx, empty);
            let elem = rw.ctx.value_type_kind(pack.dest).element_type().expect("a tensor");
            rw.empty(&sizes, elem)
        }
        None => pack.dest,
    };
    // A forwarded dest: MLIR packs the init anyway and erases the dead
    // pack; tessel does not make it.
    let dest = if forward_dest { pack_dest } else { pack_operand(rw, init, &p, &pack_name) };
    let new = pack_generic(rw, generic, &s, dest, p.map, &tiling, false, &pack_name);
    let result = rw.ctx.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// The sizes of a `tensor.empty` (static, or its operands).
fn empty_sizes(ctx: &Context, empty: OpId) -> Vec<Ofr> {
    let ty = ctx.value_type_kind(ctx.result(empty, 0)).shape().map(<[i64]>::to_vec).unwrap_or_default();
    let mut dynamic = ctx.operands(empty).iter();
    ty.iter().map(|&d| if d == DYNAMIC { Ofr::Val(*dynamic.next().expect("a size")) } else { Ofr::Const(d) }).collect()
}

/// `generic(unpack(s), b)` -> `unpack(generic'(s, pack(b)))` (MLIR's
/// `PushDownUnPackOpThroughGenericOp`): exactly one operand comes from an
/// unpack.
pub fn push_down_unpack_through_generic(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The cheap test first: exactly one operand comes from an unpack.
    let from_unpack = |v: &Value| ctx.defining_op(*v).is_some_and(|d| UnPackOp::isa(ctx, d));
    if ctx.operands(op).iter().filter(|v| from_unpack(v)).count() != 1 {
        return false;
    }
    let Some(s) = single_result_generic(ctx, op) else { return false };
    let mut unpacked = s.operands().enumerate().filter(|(_, v)| defining(ctx, *v, false).is_some());
    let (Some((operand, value)), None) = (unpacked.next(), unpacked.next()) else { return false };
    let unpack = defining(ctx, value, false).expect("an unpack");
    let Some(tiling) = tiling_from_operand(&s, operand, &unpack) else { return false };
    let out = s.inputs.len();
    let init = s.outputs[0];
    let p = packed_operand(ctx, &s, out, &tiling);
    let init_is_empty = ctx.defining_op(init).is_some_and(|d| EmptyOp::isa(ctx, d));
    let forward_dest = init_is_empty || outs_unused(ctx, op, &s);
    let (pack_name, unpack_name) = spellings(ctx.op_name(ctx.defining_op(value).expect("an unpack")));
    rw.set_insertion_point_before(op);
    // A forwarded dest is the empty the init's pack would write into (MLIR
    // makes the pack and erases it dead; tessel makes only the empty).
    let dest = match (p.needs_pack(), forward_dest) {
        (false, _) => init,
        (true, true) => pack_destination(rw, init, &p.tiles, &p.inner_dims_pos, &p.outer_perm),
        (true, false) => pack_operand(rw, init, &p, pack_name),
    };
    let new = pack_generic(rw, op, &s, dest, p.map.clone(), &tiling, true, pack_name);
    let result = rw.ctx.result(new, 0);
    let replacement = if p.needs_pack() {
        let info = pack_info(false, result, init, None, &p.inner_dims_pos, &p.tiles, &p.outer_perm);
        build(rw, &info, unpack_name)
    } else {
        result
    };
    rw.replace_op(op, &[replacement]);
    true
}

// ---- pads ----------------------------------------------------------------------

/// Low and high padding of a pad, static or SSA.
fn pad_amounts(ctx: &Context, pad: OpId) -> Option<(Vec<Ofr>, Vec<Ofr>)> {
    let arr = |n: &str| ctx.get_attr(pad, n).and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
    let (low, high) = (arr("static_low")?, arr("static_high")?);
    let operands = ctx.operands(pad);
    let mut values = operands.iter().skip(1);
    let mut mixed = |list: &[i64]| -> Option<Vec<Ofr>> {
        list.iter()
            .map(|&x| if x == DYNAMIC { values.next().map(|v| Ofr::Val(*v)) } else { Some(Ofr::Const(x)) })
            .collect()
    };
    let low = mixed(&low)?;
    let high = mixed(&high)?;
    Some((low, high))
}

/// Whether a pad amount may be non-zero.
fn padded(ctx: &Context, o: &Ofr) -> bool {
    match o {
        Ofr::Const(c) => *c != 0,
        Ofr::Val(v) => constant_int(ctx, *v) != Some(0),
    }
}

/// `tensor.pad %src low[..] high[..] { tensor.yield %value }` with the
/// type those amounts give.
fn build_pad(rw: &mut Rewriter<'_>, src: Value, low: &[Ofr], high: &[Ofr], value: Value, nofold: bool) -> Value {
    let src_shape = shape(rw.ctx, src).unwrap_or_default();
    let result: Vec<i64> = src_shape
        .iter()
        .zip(low.iter().zip(high))
        .map(|(&d, (l, h))| match (d, l, h) {
            (d, Ofr::Const(l), Ofr::Const(h)) if d != DYNAMIC => d + l + h,
            _ => DYNAMIC,
        })
        .collect();
    let elem = rw.ctx.value_type_kind(src).element_type().expect("a tensor");
    let ty = rw.ctx.tensor_type(result, elem);
    let region = rw.ctx.create_region();
    let block = rw.ctx.append_block(region);
    let index = rw.ctx.index_type();
    let loc = rw.loc;
    for _ in 0..src_shape.len() {
        rw.ctx.add_block_arg_at(block, index, loc);
    }
    let (static_low, low_values) = rw.split(low);
    let (static_high, high_values) = rw.split(high);
    let pad =
        PadOp::create(rw, src, &low_values, &high_values, &static_low, &static_high, nofold, &[ty], vec![region]).op();
    let saved = rw.ip;
    rw.ip = InsertPoint::End(block);
    YieldOp::create(rw, value, &[], vec![]);
    rw.ip = saved;
    rw.ctx.result(pad, 0)
}

/// `list` permuted by `perm` (`result[i] = list[perm[i]]`), if any.
fn permuted<T: Clone>(list: &[T], perm: &[i64]) -> Vec<T> {
    if perm.is_empty() {
        list.to_vec()
    } else {
        perm.iter().map(|&p| list[p as usize].clone()).collect()
    }
}

/// The pad's amounts in the packed layout: permuted as the outer dims,
/// zero for the tile dims; `None` when a tiled dim is padded.
fn packed_pad_amounts(ctx: &Context, pad: OpId, info: &PackInfo) -> Option<(Vec<Ofr>, Vec<Ofr>)> {
    let (low, high) = pad_amounts(ctx, pad)?;
    let tiled_padded =
        info.inner_dims_pos.iter().any(|&d| padded(ctx, &low[d as usize]) || padded(ctx, &high[d as usize]));
    if tiled_padded {
        return None;
    }
    let mut low = permuted(&low, &info.outer_dims_perm);
    let mut high = permuted(&high, &info.outer_dims_perm);
    low.extend(std::iter::repeat_n(Ofr::Const(0), info.inner_dims_pos.len()));
    high.extend(std::iter::repeat_n(Ofr::Const(0), info.inner_dims_pos.len()));
    Some((low, high))
}

/// `pack(tensor.pad(x))` -> `tensor.pad(pack(x))` when no tiled dim is
/// padded (MLIR's `BubbleUpPackThroughPadOp`); other users of the pad read
/// it back through an unpack.
pub fn bubble_up_pack_through_pad(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The cheap test first: most packs' sources are not pads.
    if !ctx.operands(op).first().and_then(|s| ctx.defining_op(*s)).is_some_and(|p| PadOp::isa(ctx, p)) {
        return false;
    }
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some(pad) = ctx.defining_op(info.source).filter(|p| PadOp::isa(ctx, *p)) else { return false };
    if info.padding_value.is_some() || !ctx.defining_op(info.dest).is_some_and(|d| EmptyOp::isa(ctx, d)) {
        return false;
    }
    let Some(value) = constant_padding_value(ctx, pad) else { return false };
    let Some((low, high)) = packed_pad_amounts(ctx, pad, &info) else { return false };
    let nofold = ctx.get_attr(pad, "nofold").is_some();
    let source = ctx.operands(pad)[0];
    let tiles = info.mixed_tiles();
    let (pack_name, unpack_name) = spellings(ctx.op_name(op));
    let pad_result = ctx.result(pad, 0);
    let more_users = !has_one_use(ctx, pad_result);
    rw.set_insertion_point_before(pad);
    let empty = pack_destination(rw, source, &tiles, &info.inner_dims_pos, &info.outer_dims_perm);
    let source_pack = pack_info(true, source, empty, None, &info.inner_dims_pos, &tiles, &info.outer_dims_perm);
    let source_pack = build(rw, &source_pack, pack_name);
    let new_pad = build_pad(rw, source_pack, &low, &high, value, nofold);
    if more_users {
        let empty = unpack_destination(rw, new_pad, &tiles, &info.inner_dims_pos, &info.outer_dims_perm);
        let unpack = pack_info(false, new_pad, empty, None, &info.inner_dims_pos, &tiles, &info.outer_dims_perm);
        let unpacked = build(rw, &unpack, unpack_name);
        rw.replace_all_uses_with(pad_result, unpacked);
    }
    rw.replace_op(op, &[new_pad]);
    true
}

/// `tensor.empty` for unpacking `packed` (MLIR's
/// `UnPackOp::createDestinationTensor`): outer sizes un-permuted, tiled
/// dims `outer * tile`.
fn unpack_destination(
    rw: &mut Rewriter<'_>,
    packed: Value,
    tiles: &[Tile],
    inner: &[i64],
    outer_perm: &[i64],
) -> Value {
    let rank = shape(rw.ctx, packed).map_or(0, |s| s.len()) - tiles.len();
    let mut sizes: Vec<Ofr> = (0..rank).map(|d| rw.dim(packed, d)).collect();
    if !outer_perm.is_empty() {
        sizes = permuted(&sizes, &invert(outer_perm));
    }
    let mul = AffineMap { num_dims: 0, num_syms: 2, results: vec![AffineExpr::Sym(0) * AffineExpr::Sym(1)] };
    for (&pos, tile) in inner.iter().zip(tiles) {
        let t = match tile {
            Tile::Const(c) => Ofr::Const(*c),
            Tile::Value(v) => Ofr::Val(*v),
        };
        sizes[pos as usize] = rw.affine_apply(&mul, &[sizes[pos as usize], t]);
    }
    let elem = rw.ctx.value_type_kind(packed).element_type().expect("a tensor");
    rw.empty(&sizes, elem)
}

/// `tensor.pad(unpack(y))` -> `unpack(tensor.pad(y))` when no tiled dim
/// is padded (MLIR's `PushDownUnPackThroughPadOp`), into a static shape.
pub fn push_down_unpack_through_pad(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&source) = ctx.operands(op).first() else { return false };
    let Some(info) = defining(ctx, source, false) else { return false };
    let Some((low, high)) = packed_pad_amounts(ctx, op, &info) else { return false };
    let Some(value) = constant_padding_value(ctx, op) else { return false };
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let Some(result_shape) = ctx.type_kind(result_ty).shape().map(<[i64]>::to_vec) else { return false };
    if result_shape.contains(&DYNAMIC) {
        return false;
    }
    let nofold = ctx.get_attr(op, "nofold").is_some();
    let tiles = info.mixed_tiles();
    let (_, unpack_name) = spellings(ctx.op_name(ctx.defining_op(source).expect("an unpack")));
    rw.set_insertion_point_before(op);
    let new_pad = build_pad(rw, info.source, &low, &high, value, nofold);
    let sizes: Vec<Ofr> = result_shape.iter().map(|&d| Ofr::Const(d)).collect();
    let elem = rw.ctx.value_type_kind(source).element_type().expect("a tensor");
    let empty = rw.empty(&sizes, elem);
    let unpack = pack_info(false, new_pad, empty, None, &info.inner_dims_pos, &tiles, &info.outer_dims_perm);
    let unpacked = build(rw, &unpack, unpack_name);
    rw.replace_op(op, &[unpacked]);
    true
}

// ---- reshapes ------------------------------------------------------------------

/// The reassociation groups of an expand/collapse_shape.
fn reassociation(ctx: &Context, op: OpId) -> Option<Vec<Vec<usize>>> {
    match ctx.attr_kind(ctx.get_attr(op, "reassociation")?) {
        AttrKind::Array(groups) => groups
            .iter()
            .map(|g| match ctx.attr_kind(*g) {
                AttrKind::Array(items) => items
                    .iter()
                    .map(|i| match ctx.attr_kind(*i) {
                        AttrKind::Integer { value, .. } => usize::try_from(*value).ok(),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// Each dim of `dims` moved to the innermost dim of its group that is not
/// 1 (the innermost if all are); MLIR's `projectToInnerMostNonUnitDimsPos`.
fn innermost_non_unit(dims: &[i64], groups: &[Vec<usize>], shape: &[i64]) -> Option<Vec<i64>> {
    dims.iter()
        .map(|&d| {
            let group = groups.get(usize::try_from(d).ok()?)?;
            let pick = group.iter().rev().find(|&&i| shape[i] > 1 || shape[i] == DYNAMIC).or(group.last())?;
            Some(*pick as i64)
        })
        .collect()
}

fn divisible(dims: &[i64], shape: &[i64], tiles: &[i64]) -> bool {
    dims.iter().zip(tiles).all(|(&d, &t)| {
        let size = shape[d as usize];
        size != DYNAMIC && t > 0 && size % t == 0
    })
}

/// `groups` permuted by `perm` and renumbered in order, then one group per
/// tile dim (MLIR's `applyPermutationAndReindexReassoc` plus the tiles).
fn packed_groups(groups: &[Vec<usize>], perm: &[i64], num_tiles: usize) -> Vec<Vec<usize>> {
    let mut groups = permuted(groups, perm);
    let mut next = 0;
    for g in groups.iter_mut() {
        for i in g.iter_mut() {
            *i = next;
            next += 1;
        }
    }
    groups.extend((0..num_tiles).map(|i| vec![next + i]));
    groups
}

/// The static tiles of `info`, if all are static.
fn static_tiles(info: &PackInfo) -> Option<Vec<i64>> {
    (!info.static_inner_tiles.contains(&DYNAMIC)).then(|| info.static_inner_tiles.to_vec())
}

/// `pack(collapse_shape(x))` -> `collapse_shape(pack(x))` and
/// `pack(expand_shape(x))` -> `expand_shape(pack(x))` (MLIR's
/// `BubbleUpPackOpThroughReshapeOp`): the reshape has the pack as its only
/// user and the tiles are static.
pub fn bubble_up_pack_through_reshape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The cheap test first: most packs' sources are not reshapes.
    let is_reshape = |r: OpId| CollapseShapeOp::isa(ctx, r) || ExpandShapeOp::isa(ctx, r);
    if !ctx.operands(op).first().and_then(|s| ctx.defining_op(*s)).is_some_and(is_reshape) {
        return false;
    }
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let Some(reshape) = ctx.defining_op(info.source) else { return false };
    if ctx.results(reshape).len() != 1 || !has_one_use(ctx, info.source) {
        return false;
    }
    let Some(tiles) = static_tiles(&info) else { return false };
    if CollapseShapeOp::isa(ctx, reshape) {
        bubble_up_through_collapse(rw, op, reshape, info, &tiles)
    } else if ExpandShapeOp::isa(ctx, reshape) {
        bubble_up_through_expand(rw, op, reshape, info, &tiles)
    } else {
        false
    }
}

fn bubble_up_through_collapse(rw: &mut Rewriter<'_>, op: OpId, collapse: OpId, info: PackInfo, tiles: &[i64]) -> bool {
    let ctx = &*rw.ctx;
    let src = ctx.operands(collapse)[0];
    let (Some(src_shape), Some(groups)) = (shape(ctx, src), reassociation(ctx, collapse)) else { return false };
    let Some(inner) = innermost_non_unit(&info.inner_dims_pos, &groups, &src_shape) else { return false };
    if !divisible(&inner, &src_shape, tiles) {
        return false;
    }
    let outer: Vec<i64> =
        info.outer_dims_perm.iter().flat_map(|&o| groups[o as usize].iter().map(|&d| d as i64)).collect();
    let new_groups = packed_groups(&groups, &info.outer_dims_perm, tiles.len());
    let mixed = info.mixed_tiles();
    let (pack_name, _) = spellings(ctx.op_name(op));
    let result_ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let empty = pack_destination(rw, src, &mixed, &inner, &outer);
    let new_pack = pack_info(true, src, empty, info.padding_value, &inner, &mixed, &outer);
    let packed = build(rw, &new_pack, pack_name);
    let r = reassociation_attr(rw.ctx, &new_groups);
    let collapsed = CollapseShapeOp::create(rw, packed, Some(r), &[result_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[collapsed]);
    true
}

fn bubble_up_through_expand(rw: &mut Rewriter<'_>, op: OpId, expand: OpId, info: PackInfo, tiles: &[i64]) -> bool {
    let ctx = &*rw.ctx;
    if info.outer_dims_perm.iter().enumerate().any(|(i, &p)| p != i as i64) {
        return false;
    }
    let src = ctx.operands(expand)[0];
    let (Some(src_shape), Some(groups)) = (shape(ctx, src), reassociation(ctx, expand)) else { return false };
    for group in &groups {
        let packed: Vec<usize> = group.iter().copied().filter(|d| info.inner_dims_pos.contains(&(*d as i64))).collect();
        if packed.len() > 1 || packed.first().is_some_and(|d| Some(d) != group.last()) {
            return false;
        }
    }
    // A tiled dim that shares its group must be whole tiles: padding it
    // pads each of its rows, not the group's end (MLIR 22 does not check,
    // and bubbles a padded pack into a different layout).
    let expanded = ctx.value_type_kind(info.source).shape().map(<[i64]>::to_vec).unwrap_or_default();
    let rows_padded = info.inner_dims_pos.iter().zip(tiles).any(|(&d, &tile)| {
        let shares_group = groups.iter().any(|g| g.len() > 1 && g.contains(&(d as usize)));
        let size = expanded.get(d as usize).copied().unwrap_or(DYNAMIC);
        shares_group && (size == DYNAMIC || size % tile != 0)
    });
    if rows_padded {
        return false;
    }
    let inner: Vec<i64> = info
        .inner_dims_pos
        .iter()
        .map(|&d| groups.iter().position(|g| g.contains(&(d as usize))).map_or(-1, |p| p as i64))
        .collect();
    if inner.contains(&-1) {
        return false;
    }
    let new_shape = infer_packed_shape(&src_shape, tiles, &inner, &[]);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let Some(result_shape) = ctx.type_kind(result_ty).shape().map(<[i64]>::to_vec) else { return false };
    let Some(new_groups) = reassociation_for_reshape(&new_shape, &result_shape) else { return false };
    let mixed = info.mixed_tiles();
    let (pack_name, _) = spellings(ctx.op_name(op));
    rw.set_insertion_point_before(op);
    let empty = pack_destination(rw, src, &mixed, &inner, &[]);
    let new_pack = pack_info(true, src, empty, info.padding_value, &inner, &mixed, &[]);
    let packed = build(rw, &new_pack, pack_name);
    let output_shape = expanded_output_shape(rw, packed, &new_groups, &result_shape);
    let (static_shape, dynamic_sizes) = rw.split(&output_shape);
    let r = reassociation_attr(rw.ctx, &new_groups);
    let expanded =
        ExpandShapeOp::create(rw, packed, &dynamic_sizes, Some(r), &static_shape, &[result_ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[expanded]);
    true
}

/// The sizes of an `expand_shape` of `src` into `shape` by `groups`
/// (MLIR's `inferExpandShapeOutputShape`): static dims as they are, the
/// dynamic dim of a group the source dim over the group's static product.
fn expanded_output_shape(rw: &mut Rewriter<'_>, src: Value, groups: &[Vec<usize>], shape: &[i64]) -> Vec<Ofr> {
    let mut out: Vec<Ofr> = shape.iter().map(|&d| Ofr::Const(d)).collect();
    for (g, group) in groups.iter().enumerate() {
        let Some(&dynamic) = group.iter().find(|&&d| shape[d] == DYNAMIC) else { continue };
        let product: i64 = group.iter().filter(|&&d| shape[d] != DYNAMIC).map(|&d| shape[d]).product();
        let size = rw.dim(src, g);
        out[dynamic] = match size {
            Ofr::Const(c) => Ofr::Const(c / product),
            Ofr::Val(v) if product == 1 => Ofr::Val(v),
            Ofr::Val(v) => {
                // MLIR divides with `arith.divsi`.
                let c = rw.index_const(product);
                let index = rw.ctx.index_type();
                Ofr::Val(DivSIOp::create(rw, v, c, None, None, &[index], vec![]).result(rw.ctx))
            }
        };
    }
    out
}

/// The groups that reshape `from` into `to` (either may be the collapsed
/// one): MLIR's `getReassociationIndicesForReshape`. The collapsed shape's
/// dims each take the next expanded dims whose product they are (a
/// dynamic dim takes one dynamic dim, after unit dims); trailing unit dims
/// join the last group.
fn reassociation_for_reshape(from: &[i64], to: &[i64]) -> Option<Vec<Vec<usize>>> {
    let (collapsed, expanded) = if from.len() <= to.len() { (from, to) } else { (to, from) };
    if collapsed.is_empty() {
        return expanded.iter().all(|&d| d == 1).then(Vec::new);
    }
    let mut groups = Vec::with_capacity(collapsed.len());
    let mut next = 0;
    for &size in collapsed {
        let mut group = Vec::new();
        if size == DYNAMIC {
            while next < expanded.len() && expanded[next] == 1 {
                group.push(next);
                next += 1;
            }
            if expanded.get(next) != Some(&DYNAMIC) {
                return None;
            }
            group.push(next);
            next += 1;
            groups.push(group);
            continue;
        }
        let mut product = 1i64;
        while next < expanded.len() && (group.is_empty() || product < size) {
            if expanded[next] == DYNAMIC {
                return None;
            }
            product = product.checked_mul(expanded[next])?;
            group.push(next);
            next += 1;
        }
        if product != size {
            return None;
        }
        groups.push(group);
    }
    while next < expanded.len() && expanded[next] == 1 {
        groups.last_mut()?.push(next);
        next += 1;
    }
    (next == expanded.len()).then_some(groups)
}

/// `expand_shape(unpack(y))` -> `unpack(expand_shape(y))` (MLIR's
/// `PushDownUnPackOpThroughReshapeOp`): the unpack's only user is the
/// expand_shape, tiles are static, and the tiled dims project onto
/// divisible expanded dims.
pub fn push_down_unpack_through_expand_shape(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // The cheap test first: most unpacks do not feed an expand_shape.
    let feeds_expand = |r: &Value| ctx.uses(*r).first().is_some_and(|u| ExpandShapeOp::isa(ctx, u.op));
    if !ctx.results(op).first().is_some_and(feeds_expand) {
        return false;
    }
    let Some(info) = PackInfo::read(ctx, op) else { return false };
    let result = ctx.result(op, 0);
    if !has_one_use(ctx, result) {
        return false;
    }
    let Some(tiles) = static_tiles(&info) else { return false };
    let Some(expand) = ctx.uses(result).first().map(|u| u.op).filter(|u| ExpandShapeOp::isa(ctx, *u)) else {
        return false;
    };
    let expand_ty = ctx.value_type(ctx.result(expand, 0));
    let (Some(dst_shape), Some(groups)) =
        (ctx.type_kind(expand_ty).shape().map(<[i64]>::to_vec), reassociation(ctx, expand))
    else {
        return false;
    };
    let Some(inner) = innermost_non_unit(&info.inner_dims_pos, &groups, &dst_shape) else { return false };
    if !divisible(&inner, &dst_shape, &tiles) {
        return false;
    }
    let outer: Vec<i64> =
        info.outer_dims_perm.iter().flat_map(|&o| groups[o as usize].iter().map(|&d| d as i64)).collect();
    let new_groups = packed_groups(&groups, &info.outer_dims_perm, tiles.len());
    let packed_shape = infer_packed_shape(&dst_shape, &tiles, &inner, &outer).to_vec();
    let elem: Type = ctx.value_type_kind(result).element_type().expect("a tensor");
    let mixed = info.mixed_tiles();
    let (_, unpack_name) = spellings(ctx.op_name(op));
    rw.set_insertion_point_before(op);
    rw.loc = rw.ctx.op_loc(expand);
    let packed_ty = rw.ctx.tensor_type(packed_shape.clone(), elem);
    let r = reassociation_attr(rw.ctx, &new_groups);
    let output_shape = expanded_output_shape(rw, info.source, &new_groups, &packed_shape);
    let (static_shape, dynamic_sizes) = rw.split(&output_shape);
    let expanded = ExpandShapeOp::create(rw, info.source, &dynamic_sizes, Some(r), &static_shape, &[packed_ty], vec![])
        .result(rw.ctx);
    rw.loc = rw.ctx.op_loc(op);
    let empty = unpack_destination(rw, expanded, &mixed, &inner, &outer);
    let unpack = pack_info(false, expanded, empty, None, &inner, &mixed, &outer);
    let unpacked = build(rw, &unpack, unpack_name);
    rw.replace_op(expand, &[unpacked]);
    true
}

// ---- tessel's pass ---------------------------------------------------------------

/// The patterns of tessel's `data-layout-propagation` pass: MLIR's, and a
/// named elementwise op (`linalg.add`, `linalg.exp`, ...) next to a pack
/// or unpack becomes the `linalg.generic` it stands for, so the layout
/// moves through it too (MLIR's patterns see generics only; upstream
/// pipelines generalize every named op first).
pub fn data_layout_propagation_with_named(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if is_named_elementwise(ctx, op) {
        named_patterns![generalize_next_to_relayout]
    } else {
        data_layout_propagation(ctx, op)
    }
}

fn is_named_elementwise(ctx: &Context, op: OpId) -> bool {
    use tessel_ir::dialects::structured::{named, NamedBody};
    named(ctx, op).is_some_and(|n| !matches!(n.body, NamedBody::Matmul))
        && structured(ctx, op).is_some_and(|s| s.iterators.iter().all(|k| *k == IteratorKind::Parallel))
}

/// A named elementwise op that reads an unpack, or whose one result feeds
/// only a pack, rewritten as its generic.
pub fn generalize_next_to_relayout(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(s) = structured(ctx, op) else { return false };
    let reads_unpack = s.operands().any(|v| defining(ctx, v, false).is_some());
    let results = ctx.results(op);
    let feeds_pack = results.len() == 1
        && has_one_use(ctx, results[0])
        && ctx.uses(results[0]).first().is_some_and(|u| PackOp::isa(ctx, u.op) && u.operand == 0);
    if !reads_unpack && !feeds_pack {
        return false;
    }
    rw.set_insertion_point_before(op);
    let maps = maps_attr(rw.ctx, s.maps.clone());
    let iterators = iterator_types_attr(rw.ctx, &s.iterators);
    let region = rw.ctx.regions(op)[0];
    let body = rw.ctx.clone_region(region, &mut IrMapping::default());
    let types: Vec<Type> = s.outputs.iter().map(|v| rw.ctx.value_type(*v)).collect();
    let generic =
        GenericOp::create(rw, &s.inputs, &s.outputs, Some(maps), Some(iterators), None, None, &types, vec![body]).op();
    let new_results = rw.ctx.results(generic).to_vec();
    rw.replace_op(op, &new_results);
    true
}
