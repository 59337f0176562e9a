//! Where packs come from: MLIR 22's packing of structured ops
//! (`linalg::pack`, `packTranspose`, `packMatmulGreedily`,
//! `blockPackMatmul`).
//!
//! - [`pack`]: each loop with a non-zero packed size is split into an
//!   outer loop and a new innermost point loop; every operand that reads
//!   the loop is packed along it (`linalg.pack`, padded with zero when the
//!   size does not divide), the op becomes a `linalg.generic` over the
//!   packed iteration space, and each packed result is unpacked;
//! - [`pack_transpose`]: permutes the outer and the tile dims of one pack
//!   that feeds a packed op, and the op's map for it (and the unpack of its
//!   result, for an init);
//! - [`pack_matmul_greedily`]: finds a matmul's m, n and k loops, moves
//!   them innermost in `mnk_order`, and packs them;
//! - [`block_pack_matmul`]: the `linalg-block-pack-matmul` pass's rewrite,
//!   packing and then transposing the LHS and RHS blocks as asked.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::Ofr;
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::pack::{PackInfo, PackOp, Tile, UnPackOp};
use tessel_ir::dialects::structured::{
    iterator_types_attr, loop_sources, structured, GenericOp, IteratorKind, Structured,
};
use tessel_ir::rewriter::Rewriter;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Attr, Context, OpId, Value};

use crate::pack_folds::{invert, pack_destination, set_tiles, shape};

/// What packing made: the packs of the operands, the packed op, the
/// unpacks of its results (MLIR's `PackResult`).
#[derive(Debug, Clone)]
pub struct PackResult {
    pub packs: Vec<OpId>,
    pub packed_op: OpId,
    pub unpacks: Vec<OpId>,
}

/// A packed size: a constant or an index value.
pub type Size = Ofr;

fn is_zero(s: &Size) -> bool {
    matches!(s, Ofr::Const(0))
}

fn tile(s: Size) -> Tile {
    match s {
        Ofr::Const(c) => Tile::Const(c),
        Ofr::Val(v) => Tile::Value(v),
    }
}

/// The maps and iterators of `s` with loop `dim` split: a new point loop
/// (of `dim`'s kind) is appended, and the first result of each map that
/// reads `dim` gets a trailing result reading the point loop. Returns, per
/// operand, the dim packed (MLIR's `packLinalgMetadataOnce`); `None` when
/// a map reads `dim` other than as a plain dim.
fn pack_metadata_once(
    maps: &mut [AffineMap],
    iterators: &mut Vec<IteratorKind>,
    dim: usize,
) -> Option<Vec<Option<usize>>> {
    let new_dim = iterators.len() as u32;
    iterators.push(iterators[dim]);
    let mut packed = vec![None; maps.len()];
    for (k, map) in maps.iter_mut().enumerate() {
        map.num_dims += 1;
        let Some(index) = map.results.iter().position(|e| e.is_function_of_dim(dim as u32)) else { continue };
        if map.results[index] != AffineExpr::Dim(dim as u32) {
            return None;
        }
        map.results.push(AffineExpr::Dim(new_dim));
        packed[k] = Some(index);
    }
    Some(packed)
}

/// The operands of a structured op, inputs then inits.
fn operands(s: &Structured) -> Vec<Value> {
    s.operands().collect()
}

/// Packs the structured op `op` by `sizes` (one per loop, 0 to leave a
/// loop alone); MLIR's `linalg::pack`. The new ops go before `op`, which
/// is replaced.
pub fn pack(rw: &mut Rewriter<'_>, op: OpId, sizes: &[Size]) -> Result<PackResult, String> {
    let ctx = &*rw.ctx;
    let s = structured(ctx, op).ok_or("the target is not a structured op")?;
    if sizes.len() != s.num_loops() {
        return Err(format!("incorrect number of pack sizes: {} for {} loops", sizes.len(), s.num_loops()));
    }
    if s.operands().any(|v| {
        !matches!(
            ctx.value_type_kind(v),
            TypeKind::Tensor { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::Integer { .. }
        )
    }) {
        return Err("packing needs tensor semantics".into());
    }
    let mut maps = s.maps.clone();
    let mut iterators = s.iterators.clone();
    // Per packed loop: its size and the dim of each operand it packs.
    let mut packed: Vec<(Size, Vec<Option<usize>>)> = Vec::new();
    for (i, size) in sizes.iter().enumerate() {
        if is_zero(size) {
            continue;
        }
        let dims =
            pack_metadata_once(&mut maps, &mut iterators, i).ok_or("cannot pack a loop read as an expression")?;
        packed.push((*size, dims));
    }
    let values = operands(&s);
    let num_inputs = s.inputs.len();
    let mut packs = Vec::new();
    let mut new_operands = Vec::with_capacity(values.len());
    rw.set_insertion_point_before(op);
    for (k, &v) in values.iter().enumerate() {
        let inner: Vec<i64> = packed.iter().filter_map(|(_, d)| d[k].map(|x| x as i64)).collect();
        let tiles: Vec<Tile> = packed.iter().filter(|(_, d)| d[k].is_some()).map(|(s, _)| tile(*s)).collect();
        if inner.is_empty() {
            new_operands.push(v);
            continue;
        }
        let dest = pack_destination(rw, v, &tiles, &inner, &[]);
        let src_shape = shape(rw.ctx, v).unwrap_or_default();
        let exact = !src_shape.contains(&DYNAMIC)
            && inner.iter().zip(&tiles).all(|(&p, t)| matches!(t, Tile::Const(c) if src_shape[p as usize] % c == 0));
        let padding = if exact { None } else { Some(zero_in_place(rw, v)?) };
        let mut info = PackInfo {
            is_pack: true,
            source: v,
            dest,
            padding_value: padding,
            inner_dims_pos: inner.as_slice().into(),
            outer_dims_perm: Default::default(),
            static_inner_tiles: Default::default(),
            dynamic_inner_tiles: Default::default(),
        };
        set_tiles(&mut info, &tiles);
        let p = insert_pack_like(rw, &info, PackOp::LINALG_NAME);
        packs.push(p);
        new_operands.push(rw.ctx.result(p, 0));
    }
    let new = build_generic(rw, op, &new_operands, num_inputs, maps, &iterators);
    let mut unpacks = Vec::new();
    let mut results = Vec::new();
    for (r, &init) in new_operands[num_inputs..].iter().enumerate() {
        let result = rw.ctx.result(new, r);
        let Some(pack_op) = rw.ctx.defining_op(init).filter(|d| packs.contains(d)) else {
            results.push(result);
            continue;
        };
        let info = PackInfo::read(rw.ctx, pack_op).ok_or("a malformed pack")?;
        let unpack = PackInfo {
            is_pack: false,
            source: result,
            dest: info.source,
            padding_value: None,
            outer_dims_perm: Default::default(),
            ..info
        };
        let u = insert_pack_like(rw, &unpack, UnPackOp::LINALG_NAME);
        unpacks.push(u);
        results.push(rw.ctx.result(u, 0));
    }
    rw.replace_op(op, &results);
    Ok(PackResult { packs, packed_op: new, unpacks })
}

/// `arith.constant 0` of `v`'s element type, made where the rewriter
/// stands (as MLIR's packing makes it, not hoisted).
fn zero_in_place(rw: &mut Rewriter<'_>, v: Value) -> Result<Value, String> {
    let elem = rw.ctx.value_type_kind(v).element_type().ok_or("not a tensor")?;
    let attr = match rw.ctx.type_kind(elem) {
        TypeKind::Float(_) => rw.ctx.attr(AttrKind::Float { bits: 0, ty: elem }),
        TypeKind::Integer { .. } | TypeKind::Index => rw.ctx.int_attr(0, elem),
        _ => return Err("no zero padding value for this element type".into()),
    };
    Ok(ConstantOp::create(rw, Some(attr), &[elem], vec![]).result(rw.ctx))
}

fn insert_pack_like(rw: &mut Rewriter<'_>, info: &PackInfo, name: &str) -> OpId {
    let loc = rw.loc;
    let spec = info.spec(rw.ctx, loc, name);
    rw.insert(spec)
}

/// A `linalg.generic` with `operands` (the first `num_inputs` inputs),
/// `maps`, `iterators` and a copy of `op`'s body; result types are the
/// inits'.
fn build_generic(
    rw: &mut Rewriter<'_>,
    op: OpId,
    operands: &[Value],
    num_inputs: usize,
    maps: Vec<AffineMap>,
    iterators: &[IteratorKind],
) -> OpId {
    let maps_attr = maps_attr(rw.ctx, maps);
    let iterators_attr = iterator_types_attr(rw.ctx, iterators);
    let region = rw.ctx.regions(op)[0];
    let body = rw.ctx.clone_region(region, &mut IrMapping::default());
    let (inputs, inits) = operands.split_at(num_inputs);
    let types: Vec<_> = inits.iter().map(|v| rw.ctx.value_type(*v)).collect();
    GenericOp::create(rw, inputs, inits, Some(maps_attr), Some(iterators_attr), None, None, &types, vec![body]).op()
}

pub(crate) fn maps_attr(ctx: &mut Context, maps: Vec<AffineMap>) -> Attr {
    let items = maps.into_iter().map(|m| ctx.attr(AttrKind::AffineMap(m))).collect();
    ctx.attr(AttrKind::Array(items))
}

/// `list` permuted: `result[i] = list[perm[i]]`.
fn permuted<T: Clone>(list: &[T], perm: &[i64]) -> Vec<T> {
    perm.iter().map(|&p| list[p as usize].clone()).collect()
}

fn is_permutation(perm: &[i64]) -> bool {
    let mut seen = vec![false; perm.len()];
    perm.iter().all(|&p| {
        usize::try_from(p).ok().filter(|p| *p < perm.len()).is_some_and(|p| !std::mem::replace(&mut seen[p], true))
    })
}

/// The pack or unpack `info` with its tiles permuted by `inner_perm` and
/// its outer dims by `outer_perm` (MLIR's
/// `commonPermutationOfPackAndUnPackOp`): an empty outer permutation is
/// the identity, made explicit when permuted.
fn permute_pack(info: &PackInfo, inner_perm: &[i64], outer_perm: &[i64], num_outer: usize) -> PackInfo {
    let mut inner: Vec<i64> = info.inner_dims_pos.to_vec();
    let mut tiles: Vec<Tile> = info.mixed_tiles().to_vec();
    if !inner_perm.is_empty() {
        inner = permuted(&inner, inner_perm);
        tiles = permuted(&tiles, inner_perm);
    }
    let mut outer: Vec<i64> = info.outer_dims_perm.to_vec();
    if !outer_perm.is_empty() {
        if outer.is_empty() {
            outer = (0..num_outer as i64).collect();
        }
        outer = permuted(&outer, outer_perm);
    }
    let mut out =
        PackInfo { inner_dims_pos: inner.as_slice().into(), outer_dims_perm: outer.as_slice().into(), ..info.clone() };
    set_tiles(&mut out, &tiles);
    out
}

/// What [`pack_transpose`] made.
#[derive(Debug, Clone)]
pub struct PackTransposeResult {
    pub pack: OpId,
    pub packed_op: OpId,
    pub unpack: Option<OpId>,
}

/// Permutes the pack `pack_op` that feeds the structured op `op` (its only
/// user), and `op`'s map of it; with `unpack_op` (which must unpack the
/// result tied to that init), the unpack too. MLIR's `packTranspose`.
pub fn pack_transpose(
    rw: &mut Rewriter<'_>,
    pack_op: OpId,
    op: OpId,
    unpack_op: Option<OpId>,
    outer_perm: &[i64],
    inner_perm: &[i64],
) -> Result<PackTransposeResult, String> {
    let ctx = &*rw.ctx;
    let info = PackInfo::read(ctx, pack_op).filter(|i| i.is_pack).ok_or("not a pack")?;
    let packed = ctx.result(pack_op, 0);
    let uses = ctx.uses(packed);
    if uses.len() != 1 {
        return Err("expect single pack use".into());
    }
    if uses[0].op != op {
        return Err("not a single use by the LinalgOp target".into());
    }
    let operand_number = uses[0].operand as usize;
    let s = structured(ctx, op).ok_or("the target is not a structured op")?;
    let num_inputs = s.inputs.len();
    if let Some(u) = unpack_op {
        let tied = operand_number.checked_sub(num_inputs).map(|r| ctx.result(op, r));
        if tied.is_none() || ctx.operands(u).first().copied() != tied {
            return Err("not produced by the LinalgOp target".into());
        }
    }
    let num_leading = shape(ctx, info.source).map_or(0, |s| s.len());
    let num_trailing = info.inner_dims_pos.len();
    if (!outer_perm.is_empty() && (outer_perm.len() != num_leading || !is_permutation(outer_perm)))
        || (!inner_perm.is_empty() && (inner_perm.len() != num_trailing || !is_permutation(inner_perm)))
    {
        return Err("invalid permutation".into());
    }
    let mut permutation: Vec<i64> =
        if outer_perm.is_empty() { (0..num_leading as i64).collect() } else { outer_perm.to_vec() };
    if inner_perm.is_empty() {
        permutation.extend(num_leading as i64..(num_leading + num_trailing) as i64);
    } else {
        permutation.extend(inner_perm.iter().map(|p| num_leading as i64 + p));
    }
    // The transposed pack, before the pack.
    let transposed = permute_pack(&info, inner_perm, outer_perm, num_leading);
    rw.set_insertion_point_before(pack_op);
    let tiles = transposed.mixed_tiles();
    let dest = pack_destination(rw, info.source, &tiles, &transposed.inner_dims_pos, &transposed.outer_dims_perm);
    let new_pack_info = PackInfo { dest, ..transposed };
    let name = rw.ctx.op_name(pack_op).to_string();
    let new_pack = insert_pack_like(rw, &new_pack_info, &name);
    // The op, with the operand and its map permuted.
    let mut maps = s.maps.clone();
    maps[operand_number].results = permuted(&maps[operand_number].results, &permutation);
    let mut values = operands(&s);
    values[operand_number] = rw.ctx.result(new_pack, 0);
    rw.set_insertion_point_before(op);
    let new_op = build_generic(rw, op, &values, num_inputs, maps, &s.iterators);
    let new_results = rw.ctx.results(new_op).to_vec();
    rw.replace_op(op, &new_results);
    let mut new_unpack = None;
    if let Some(u) = unpack_op {
        let uinfo = PackInfo::read(rw.ctx, u).ok_or("a malformed unpack")?;
        let num_outer = shape(rw.ctx, uinfo.dest).map_or(0, |s| s.len());
        let source = rw.ctx.result(new_op, operand_number - num_inputs);
        let permuted_unpack = PackInfo { source, ..permute_pack(&uinfo, inner_perm, outer_perm, num_outer) };
        rw.set_insertion_point_before(u);
        let uname = rw.ctx.op_name(u).to_string();
        let nu = insert_pack_like(rw, &permuted_unpack, &uname);
        let r = rw.ctx.result(nu, 0);
        rw.replace_op(u, &[r]);
        new_unpack = Some(nu);
    }
    let r = rw.ctx.result(new_pack, 0);
    rw.replace_op(pack_op, &[r]);
    Ok(PackTransposeResult { pack: new_pack, packed_op: new_op, unpack: new_unpack })
}

/// The batch, m, n and k loops of a contraction: two inputs and one init,
/// each loop read as a plain dim (MLIR's `inferContractionDims`), each
/// list sorted.
#[derive(Debug, Clone, Default)]
pub struct ContractionDims {
    pub batch: Vec<u32>,
    pub m: Vec<u32>,
    pub n: Vec<u32>,
    pub k: Vec<u32>,
}

/// [`ContractionDims`] of `s`, if it has two inputs and one init.
pub fn contraction_dims(s: &Structured) -> Option<ContractionDims> {
    if s.inputs.len() != 2 || s.outputs.len() != 1 {
        return None;
    }
    let reads = |m: &AffineMap, kind: IteratorKind| -> Vec<u32> {
        let mut v: Vec<u32> = m
            .results
            .iter()
            .filter_map(|e| if let AffineExpr::Dim(d) = e { Some(*d) } else { None })
            .filter(|d| s.iterators.get(*d as usize) == Some(&kind))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (a, b, c) = (
        reads(&s.maps[0], IteratorKind::Parallel),
        reads(&s.maps[1], IteratorKind::Parallel),
        reads(&s.maps[2], IteratorKind::Parallel),
    );
    let (ra, rb) = (reads(&s.maps[0], IteratorKind::Reduction), reads(&s.maps[1], IteratorKind::Reduction));
    Some(ContractionDims {
        batch: a.iter().copied().filter(|d| b.contains(d) && c.contains(d)).collect(),
        m: a.iter().copied().filter(|d| c.contains(d) && !b.contains(d)).collect(),
        n: b.iter().copied().filter(|d| c.contains(d) && !a.contains(d)).collect(),
        k: ra.iter().copied().filter(|d| rb.contains(d)).collect(),
    })
}

/// The loop sizes of `s` (static, or `tensor.dim` values).
fn loop_sizes(rw: &mut Rewriter<'_>, s: &Structured) -> Option<Vec<Ofr>> {
    let sources = loop_sources(s)?;
    let values = operands(s);
    Some(sources.into_iter().map(|(k, d)| rw.dim(values[k], d)).collect())
}

/// MLIR's `computePermutationVector`: a permutation of `size` with
/// `positions[i]` at `desired[i]`, the rest in order.
fn permutation_placing(size: usize, positions: &[i64], desired: &[i64]) -> Vec<i64> {
    let mut res = vec![-1i64; size];
    for (&p, &d) in positions.iter().zip(desired) {
        res[d as usize] = p;
    }
    let mut next = 0;
    for entry in res.iter_mut() {
        if *entry != -1 {
            continue;
        }
        while positions.contains(&next) {
            next += 1;
        }
        *entry = next;
        next += 1;
    }
    res
}

/// Packs a matmul-like op: its (innermost) m, n and k loops become the
/// three innermost, in `mnk_order`, and are packed by `mnk_sizes` (each
/// rounded up to a multiple of `padded_multiples` when given). MLIR's
/// `packMatmulGreedily`.
pub fn pack_matmul_greedily(
    rw: &mut Rewriter<'_>,
    op: OpId,
    mnk_sizes: &[Size],
    padded_multiples: &[i64],
    mnk_order: &[i64],
) -> Result<PackResult, String> {
    let ctx = &*rw.ctx;
    let s = structured(ctx, op).ok_or("the target is not a structured op")?;
    let num_loops = s.num_loops();
    if num_loops <= 2 {
        return Err("need 3+ loops to find a matmul to pack".into());
    }
    if mnk_sizes.len() != 3 || mnk_order.len() != 3 || !is_permutation(mnk_order) {
        return Err("expected 3 packed sizes and a permutation of [0, 1, 2]".into());
    }
    if !padded_multiples.is_empty() && padded_multiples.len() != 3 {
        return Err("expected 3 padded multiples".into());
    }
    let dims = contraction_dims(&s).ok_or("couldn't infer matmul iterators")?;
    let (Some(&m), Some(&n), Some(&k)) = (dims.m.last(), dims.n.last(), dims.k.last()) else {
        return Err("couldn't infer matmul iterators".into());
    };
    let base = (num_loops - 3) as i64;
    let targets: Vec<i64> = mnk_order.iter().map(|o| base + o).collect();
    let mut sizes = [Ofr::Const(0); 3];
    let mut multiples = [0i64; 3];
    for i in 0..3 {
        sizes[mnk_order[i] as usize] = mnk_sizes[i];
        multiples[mnk_order[i] as usize] = padded_multiples.get(i).copied().unwrap_or(0);
    }
    // Interchange: new loop j is old loop perm[j].
    let perm = permutation_placing(num_loops, &[m as i64, n as i64, k as i64], &targets);
    let inv = invert(&perm);
    let maps: Vec<AffineMap> = s
        .maps
        .iter()
        .map(|map| AffineMap {
            num_dims: map.num_dims,
            num_syms: map.num_syms,
            results: map
                .results
                .iter()
                .map(|e| {
                    let dims: Vec<AffineExpr> = (0..num_loops).map(|d| AffineExpr::Dim(inv[d] as u32)).collect();
                    e.replace(&dims, &[])
                })
                .collect(),
        })
        .collect();
    let iterators: Vec<IteratorKind> = perm.iter().map(|&p| s.iterators[p as usize]).collect();
    rw.set_insertion_point_before(op);
    let values = operands(&s);
    let generic = build_generic(rw, op, &values, s.inputs.len(), maps, &iterators);
    let results = rw.ctx.results(generic).to_vec();
    rw.replace_op(op, &results);
    let gs = structured(rw.ctx, generic).ok_or("the generic")?;
    let mut packed_sizes = vec![Ofr::Const(0); num_loops - 3];
    let ranges = if multiples.iter().any(|m| *m != 0) { loop_sizes(rw, &gs) } else { None };
    for i in 0..3 {
        if multiples[i] == 0 {
            packed_sizes.push(sizes[i]);
            continue;
        }
        let range = ranges.as_ref().ok_or("a loop reads no operand dim")?[num_loops - 3 + i];
        let round_up = AffineMap {
            num_dims: 1,
            num_syms: 1,
            results: vec![AffineExpr::ceildiv(AffineExpr::Dim(0), AffineExpr::Sym(0)) * AffineExpr::Sym(0)],
        };
        packed_sizes.push(rw.affine_apply(&round_up, &[range, Ofr::Const(multiples[i])]));
    }
    pack(rw, generic, &packed_sizes)
}

/// The options of `linalg-block-pack-matmul` (MLIR's
/// `BlockPackMatmulOptions`).
#[derive(Debug, Clone)]
pub struct BlockPackOptions {
    pub block_factors: Vec<i64>,
    pub allow_padding: bool,
    pub mnk_padded_multiples: Vec<i64>,
    pub mnk_order: Vec<i64>,
    pub lhs_transpose_outer_blocks: bool,
    pub lhs_transpose_inner_blocks: bool,
    pub rhs_transpose_outer_blocks: bool,
    pub rhs_transpose_inner_blocks: bool,
}

impl Default for BlockPackOptions {
    fn default() -> Self {
        BlockPackOptions {
            block_factors: Vec::new(),
            allow_padding: true,
            mnk_padded_multiples: Vec::new(),
            mnk_order: vec![0, 1, 2],
            lhs_transpose_outer_blocks: false,
            lhs_transpose_inner_blocks: false,
            rhs_transpose_outer_blocks: true,
            rhs_transpose_inner_blocks: true,
        }
    }
}

/// Whether a matmul the pass may pack: `linalg.matmul`, `linalg.batch_matmul`,
/// or a generic with
/// two inputs and one init read as `(m, k) (k, n) -> (m, n)`, `(k, m)
/// (k, n)` or `(m, k) (n, k)`.
pub fn is_block_packable(ctx: &Context, op: OpId) -> bool {
    use tessel_ir::dialects::structured::{BatchMatmulOp, MatmulOp};
    if MatmulOp::isa(ctx, op) || BatchMatmulOp::isa(ctx, op) {
        return true;
    }
    if !GenericOp::isa(ctx, op) {
        return false;
    }
    let Some(s) = structured(ctx, op) else { return false };
    if s.inputs.len() != 2 || s.outputs.len() != 1 || s.num_loops() != 3 || !has_mul_add_body(ctx, op) {
        return false;
    }
    let m =
        |r: &[u32]| AffineMap { num_dims: 3, num_syms: 0, results: r.iter().map(|d| AffineExpr::Dim(*d)).collect() };
    let (i, j, k) = (0, 1, 2);
    let forms = [
        [m(&[i, k]), m(&[k, j]), m(&[i, j])],
        [m(&[k, i]), m(&[k, j]), m(&[i, j])],
        [m(&[i, k]), m(&[j, k]), m(&[i, j])],
    ];
    forms.iter().any(|f| s.maps.as_slice() == f.as_slice())
}

/// A body that multiplies the inputs and adds to the init (MLIR's
/// contraction interface check, for the forms above).
fn has_mul_add_body(ctx: &Context, op: OpId) -> bool {
    let Some(&region) = ctx.regions(op).first() else { return false };
    let Some(&block) = ctx.blocks(region).first() else { return false };
    let ops = ctx.block_op_list(block);
    let [mul, add, yielded] = ops.as_slice() else { return false };
    // Any multiplication and addition (`arith.mulf` / `muli`, ...).
    ctx.op_name(*mul).starts_with("arith.mul")
        && ctx.op_name(*add).starts_with("arith.add")
        && tessel_ir::dialects::linalg::YieldOp::isa(ctx, *yielded)
}

/// The dims of the iteration space of `op` as static sizes, if all are.
fn static_loop_sizes(ctx: &Context, s: &Structured) -> Option<Vec<i64>> {
    let sources = loop_sources(s)?;
    let values = operands(s);
    sources
        .into_iter()
        .map(|(k, d)| shape(ctx, values[k]).and_then(|sh| sh.get(d).copied()).filter(|x| *x != DYNAMIC))
        .collect()
}

/// Packs a matmul into blocks and transposes the LHS and RHS blocks as
/// `options` ask (MLIR's `blockPackMatmul`).
pub fn block_pack_matmul(rw: &mut Rewriter<'_>, op: OpId, options: &BlockPackOptions) -> Result<PackResult, String> {
    let ctx = &*rw.ctx;
    if options.block_factors.len() != 3 {
        return Err("require 3 tile factors".into());
    }
    let s = structured(ctx, op).ok_or("the target is not a structured op")?;
    if !options.allow_padding {
        let dims = contraction_dims(&s).ok_or("couldn't infer matmul iterators")?;
        let sizes = static_loop_sizes(ctx, &s).ok_or("expect packing full tiles only")?;
        let offset = dims.batch.len() as i64;
        let full = options
            .mnk_order
            .iter()
            .zip(&options.block_factors)
            .all(|(&d, &f)| sizes.get((d + offset) as usize).is_some_and(|size| f > 0 && size % f == 0));
        if !full {
            return Err("expect packing full tiles only".into());
        }
    }
    let factors: Vec<Ofr> = options.block_factors.iter().map(|f| Ofr::Const(*f)).collect();
    let mut result = pack_matmul_greedily(rw, op, &factors, &options.mnk_padded_multiples, &options.mnk_order)?;
    if result.packs.len() != 3 || result.unpacks.len() != 1 {
        return Err("invalid number of pack ops after matmul packing".into());
    }
    let gs = structured(rw.ctx, result.packed_op).ok_or("the packed op")?;
    let dims = contraction_dims(&gs).ok_or("couldn't infer matmul iterators")?;
    let maps = gs.maps.clone();
    let lhs = transpose_packed_operand(
        rw,
        &result,
        0,
        &maps[0],
        &dims.m,
        options.lhs_transpose_outer_blocks,
        options.lhs_transpose_inner_blocks,
    )?;
    result.packs[0] = lhs.pack;
    result.packed_op = lhs.packed_op;
    let rhs = transpose_packed_operand(
        rw,
        &result,
        1,
        &maps[1],
        &dims.k,
        options.rhs_transpose_outer_blocks,
        options.rhs_transpose_inner_blocks,
    )?;
    result.packs[1] = rhs.pack;
    result.packed_op = rhs.packed_op;
    Ok(result)
}

/// MLIR's `transposePackedMatmul`: the blocks of pack `which` laid out as
/// asked, `blocks` being the (outer, inner) loops they should start with.
fn transpose_packed_operand(
    rw: &mut Rewriter<'_>,
    result: &PackResult,
    which: usize,
    map: &AffineMap,
    blocks: &[u32],
    transpose_outer: bool,
    transpose_inner: bool,
) -> Result<PackTransposeResult, String> {
    let n = map.results.len();
    if n < 4 || blocks.len() < 2 {
        return Err("expected at least 4D prepacked matmul".into());
    }
    let (outer_pos, inner_pos) = (n - 4, n - 2);
    let dim_at = |i: usize| if let AffineExpr::Dim(d) = map.results[i] { Some(d) } else { None };
    let outer_transposed = dim_at(outer_pos) != Some(blocks[blocks.len() - 2]);
    let inner_transposed = dim_at(inner_pos) != Some(blocks[blocks.len() - 1]);
    let inner_perm: Vec<i64> = if inner_transposed != transpose_inner { vec![1, 0] } else { vec![0, 1] };
    let swap = outer_transposed != transpose_outer;
    let mut outer_perm: Vec<i64> = (0..outer_pos as i64).collect();
    outer_perm.extend(if swap { [1, 0] } else { [0, 1] }.iter().map(|p| p + outer_pos as i64));
    pack_transpose(rw, result.packs[which], result.packed_op, None, &outer_perm, &inner_perm)
}
