//! `-compose-relayouts` (tessel's): a chain of ops that only move
//! elements (`linalg.pack` / `unpack` whose tiles divide their dims,
//! `linalg.transpose`, `tensor.expand_shape` / `collapse_shape`), with
//! unary elementwise `linalg.generic`s between them, becomes one
//! `linalg.generic` that reads the chain's input and writes its result
//! through reshaped views: one pass over memory where the chain made one
//! per op (the data-tiling chain unpack -> ReLU -> pack; the two packs of
//! an XLA layout).
//!
//! Each such op is a *relayout*: every dim of its input and of its output
//! is a mixed-radix number whose digits are the same on both sides, in
//! another order (a pack splits a tiled dim into outer and tile digits and
//! moves them; an unpack joins them). Two relayouts compose when, on each
//! dim between them, the digits of one side refine those of the other
//! (their sizes divide each other from the least significant digit up:
//! tiles of 8 then 16 rows do, 8 then 12 do not). The composed relayout is
//! a permutation of digits: `tensor.expand_shape` of the input into its
//! digits, a `linalg.generic` whose maps permute them (applying the
//! chain's elementwise bodies in order), `tensor.collapse_shape` back to
//! the result's shape. Unit digits are left out and read at index 0.

use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::builder::{tensor_shape, Builder, InsertPoint};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::linalg::{TransposeOp, YieldOp as LinalgYieldOp};
use tessel_ir::dialects::pack::PackInfo;
use tessel_ir::dialects::structured::{iterator_types_attr, structured, GenericOp, IteratorKind};
use tessel_ir::dialects::tensor::{reassociation, CollapseShapeOp, EmptyOp, ExpandShapeOp};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Value};

use crate::manager::{Pass, PassInfo};

/// A permutation of digits: the digits (ids into `sizes`, most significant
/// first, unit digits left out) of each input dim and of each output dim.
/// Every digit appears once on each side.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Relayout {
    sizes: Vec<i64>,
    src: Vec<Vec<usize>>,
    dst: Vec<Vec<usize>>,
}

impl Relayout {
    fn new() -> Relayout {
        Relayout { sizes: Vec::new(), src: Vec::new(), dst: Vec::new() }
    }

    /// A new digit of `size`, or `None` for a unit digit.
    fn digit(&mut self, size: i64) -> Option<usize> {
        (size != 1).then(|| {
            self.sizes.push(size);
            self.sizes.len() - 1
        })
    }

    /// The relayout that moves nothing: each dim one digit.
    fn identity(shape: &[i64]) -> Relayout {
        let mut r = Relayout::new();
        for &s in shape {
            let d: Vec<usize> = r.digit(s).into_iter().collect();
            r.src.push(d.clone());
            r.dst.push(d);
        }
        r
    }

    /// `linalg.transpose`: output dim `i` is input dim `perm[i]`.
    fn transpose(shape: &[i64], perm: &[usize]) -> Relayout {
        let id = Relayout::identity(shape);
        let dst = perm.iter().map(|p| id.src[*p].clone()).collect();
        Relayout { dst, ..id }
    }

    /// A pack from `unpacked` (every tiled dim divisible by its tile) or,
    /// reversed, an unpack to it (whose dims are exactly the tiles'
    /// multiples).
    fn pack(info: &PackInfo, unpacked: &[i64]) -> Option<Relayout> {
        let tiles = &info.static_inner_tiles;
        if unpacked.contains(&DYNAMIC) || tiles.iter().any(|t| *t <= 0) {
            return None;
        }
        let mut r = Relayout::new();
        let mut outer = Vec::with_capacity(unpacked.len());
        let mut inner = vec![None; tiles.len()];
        for (d, &size) in unpacked.iter().enumerate() {
            let tiled: Vec<usize> = (0..tiles.len()).filter(|k| info.inner_dims_pos[*k] as usize == d).collect();
            let tile: i64 = tiled.iter().map(|k| tiles[*k]).product();
            if size % tile != 0 || tiled.len() > 1 {
                return None;
            }
            let o = r.digit(size / tile);
            outer.push(o);
            let mut digits: Vec<usize> = o.into_iter().collect();
            if let Some(&k) = tiled.first() {
                inner[k] = r.digit(tiles[k]);
                digits.extend(inner[k]);
            }
            r.src.push(digits);
        }
        let perm: Vec<usize> = if info.outer_dims_perm.is_empty() {
            (0..unpacked.len()).collect()
        } else {
            info.outer_dims_perm.iter().map(|p| *p as usize).collect()
        };
        r.dst = perm
            .iter()
            .map(|p| outer[*p].into_iter().collect())
            .chain(inner.iter().map(|i| i.iter().copied().collect()))
            .collect();
        if !info.is_pack {
            std::mem::swap(&mut r.src, &mut r.dst);
        }
        Some(r)
    }

    /// `tensor.expand_shape` (or, reversed, `collapse_shape`) of `wide`
    /// into `narrow` by `groups`.
    fn reshape(groups: &[Vec<i64>], narrow: &[i64], expand: bool) -> Option<Relayout> {
        if narrow.contains(&DYNAMIC) {
            return None;
        }
        let mut r = Relayout::new();
        for g in groups {
            let mut whole = Vec::new();
            for &d in g {
                let digit: Vec<usize> = r.digit(*narrow.get(d as usize)?).into_iter().collect();
                whole.extend(digit.iter().copied());
                r.dst.push(digit);
            }
            r.src.push(whole);
        }
        if !expand {
            std::mem::swap(&mut r.src, &mut r.dst);
        }
        Some(r)
    }

    /// `self` then `next`: `None` when, on some dim between them, neither
    /// side's digits refine the other's.
    fn then(&self, next: &Relayout) -> Option<Relayout> {
        if self.dst.len() != next.src.len() {
            return None;
        }
        let mut out = Relayout::new();
        let mut first: Vec<Vec<usize>> = vec![Vec::new(); self.sizes.len()];
        let mut second: Vec<Vec<usize>> = vec![Vec::new(); next.sizes.len()];
        for (a, b) in self.dst.iter().zip(&next.src) {
            let a_sizes: Vec<i64> = a.iter().map(|d| self.sizes[*d]).collect();
            let b_sizes: Vec<i64> = b.iter().map(|d| next.sizes[*d]).collect();
            let (sizes, of_a, of_b) = refine(&a_sizes, &b_sizes)?;
            let base = out.sizes.len();
            out.sizes.extend(sizes);
            for (d, digits) in a.iter().zip(of_a) {
                first[*d] = digits.into_iter().map(|k| base + k).collect();
            }
            for (d, digits) in b.iter().zip(of_b) {
                second[*d] = digits.into_iter().map(|k| base + k).collect();
            }
        }
        let expand = |dims: &[Vec<usize>], by: &[Vec<usize>]| -> Vec<Vec<usize>> {
            dims.iter().map(|ds| ds.iter().flat_map(|d| by[*d].iter().copied()).collect()).collect()
        };
        out.src = expand(&self.src, &first);
        out.dst = expand(&next.dst, &second);
        Some(out)
    }
}

/// The common refinement of two factorizations of one number (most
/// significant first): the refined digits' sizes and, for each factor of
/// `a` and of `b`, the refined digits it spans; `None` when there is none
/// (a factor of one straddles a boundary of the other).
#[allow(clippy::type_complexity)]
fn refine(a: &[i64], b: &[i64]) -> Option<(Vec<i64>, Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    if a.iter().product::<i64>() != b.iter().product::<i64>() {
        return None;
    }
    // Least significant first, then reversed.
    let mut sizes = Vec::new();
    let mut of_a: Vec<Vec<usize>> = vec![Vec::new(); a.len()];
    let mut of_b: Vec<Vec<usize>> = vec![Vec::new(); b.len()];
    let (mut i, mut j) = (a.len(), b.len());
    let (mut ra, mut rb) = (0, 0);
    loop {
        if ra == 0 {
            if i == 0 {
                break;
            }
            i -= 1;
            ra = a[i];
        }
        if rb == 0 {
            if j == 0 {
                return None;
            }
            j -= 1;
            rb = b[j];
        }
        let (small, large) = (ra.min(rb), ra.max(rb));
        if large % small != 0 {
            return None;
        }
        of_a[i].push(sizes.len());
        of_b[j].push(sizes.len());
        sizes.push(small);
        ra = if ra == small { 0 } else { ra / small };
        rb = if rb == small { 0 } else { rb / small };
    }
    if rb != 0 || j != 0 {
        return None;
    }
    let n = sizes.len();
    sizes.reverse();
    let flip = |lists: Vec<Vec<usize>>| -> Vec<Vec<usize>> {
        lists.into_iter().map(|l| l.into_iter().rev().map(|k| n - 1 - k).collect()).collect()
    };
    Some((sizes, flip(of_a), flip(of_b)))
}

/// One op of a chain: what it does to positions, or the elementwise body
/// it applies (a unary `linalg.generic`).
enum Link {
    Move { relayout: Relayout, reorders: bool },
    Elementwise,
}

fn static_shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    tensor_shape(ctx, ctx.value_type(v)).map(|(s, _)| s).filter(|s| !s.contains(&DYNAMIC))
}

/// Whether `op` is a `linalg.generic` on tensors that applies scalar arith
/// or math ops to one input, element by element, into an init of the same
/// type it does not read.
fn unary_elementwise(ctx: &Context, op: OpId) -> bool {
    if !GenericOp::isa(ctx, op) {
        return false;
    }
    let Some(s) = structured(ctx, op) else { return false };
    let identity = |m: &AffineMap| m.num_dims as usize == m.results.len() && m.is_identity();
    if s.inputs.len() != 1
        || s.outputs.len() != 1
        || ctx.results(op).len() != 1
        || s.iterators.iter().any(|k| *k != IteratorKind::Parallel)
        || !s.maps.iter().all(identity)
        || ctx.value_type(s.inputs[0]) != ctx.value_type(s.outputs[0])
        || static_shape(ctx, s.inputs[0]).is_none()
    {
        return false;
    }
    let block = ctx.blocks(ctx.regions(op)[0])[0];
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    let Some((_, body)) = ops.split_last() else { return false };
    let out_arg = ctx.block_args(block)[1];
    super::elementwise::body_is_elementwise(ctx, body) && ctx.uses(out_arg).is_empty()
}

/// `op` as a link of a chain, with the value it reads.
fn link(ctx: &Context, op: OpId) -> Option<(Link, Value)> {
    if ctx.results(op).len() != 1 {
        return None;
    }
    let result = ctx.result(op, 0);
    let out_shape = static_shape(ctx, result)?;
    if unary_elementwise(ctx, op) {
        return Some((Link::Elementwise, ctx.operands(op)[0]));
    }
    let input = *ctx.operands(op).first()?;
    let in_shape = static_shape(ctx, input)?;
    if let Some(info) = PackInfo::read(ctx, op) {
        if !info.dynamic_inner_tiles.is_empty() {
            return None;
        }
        let unpacked = if info.is_pack { &in_shape } else { &out_shape };
        let relayout = Relayout::pack(&info, unpacked)?;
        // An unpack's result must be every element of the tiles (no
        // truncation) and a pack's the packed shape.
        let packed = if info.is_pack { &out_shape } else { &in_shape };
        let tiles = &info.static_inner_tiles;
        let expected =
            tessel_ir::dialects::pack::infer_packed_shape(unpacked, tiles, &info.inner_dims_pos, &info.outer_dims_perm);
        return (expected.as_slice() == packed.as_slice()).then_some((Link::Move { relayout, reorders: true }, input));
    }
    if TransposeOp::isa(ctx, op) {
        let perm: Vec<usize> = TransposeOp(op).permutation(ctx).iter().map(|p| *p as usize).collect();
        return Some((Link::Move { relayout: Relayout::transpose(&in_shape, &perm), reorders: true }, input));
    }
    let expand = ExpandShapeOp::isa(ctx, op);
    if expand || CollapseShapeOp::isa(ctx, op) {
        let groups = reassociation(ctx, op)?;
        let narrow = if expand { &out_shape } else { &in_shape };
        return Some((Link::Move { relayout: Relayout::reshape(&groups, narrow, expand)?, reorders: false }, input));
    }
    None
}

/// The chains under `root`, each in program order: every op but the last
/// is used once, by the next, in the same block.
fn chains(ctx: &Context, root: OpId) -> Vec<Vec<OpId>> {
    let mut ends = Vec::new();
    ctx.walk_preorder(root, &mut |op| {
        if link(ctx, op).is_some() {
            let result = ctx.result(op, 0);
            let uses = ctx.uses(result);
            let feeds_a_link = uses.len() == 1
                && ctx.op_block(uses[0].op) == ctx.op_block(op)
                && uses[0].operand == 0
                && link(ctx, uses[0].op).is_some();
            if !feeds_a_link {
                ends.push(op);
            }
        }
    });
    ends.into_iter()
        .map(|end| {
            let mut chain = vec![end];
            let mut op = end;
            while let Some((_, input)) = link(ctx, op) {
                let Some(p) = ctx.defining_op(input) else { break };
                if ctx.uses(input).len() != 1 || ctx.op_block(p) != ctx.op_block(op) || link(ctx, p).is_none() {
                    break;
                }
                chain.push(p);
                op = p;
            }
            chain.reverse();
            chain
        })
        .collect()
}

/// Composes every chain under `root` that is worth it (two ops or more, one
/// of them reordering elements); returns how many chains became one op.
pub fn compose_relayouts(ctx: &mut Context, root: OpId) -> usize {
    let mut done = 0;
    for chain in chains(ctx, root) {
        // Maximal runs whose relayouts compose.
        let mut run: Vec<OpId> = Vec::new();
        let mut composed: Option<Relayout> = None;
        for op in chain {
            let (l, input) = link(ctx, op).expect("a link");
            let shape = static_shape(ctx, input).expect("static");
            let step = match l {
                Link::Move { relayout, .. } => relayout,
                Link::Elementwise => Relayout::identity(&shape),
            };
            let next = match &composed {
                None => Some(step.clone()),
                Some(c) => c.then(&step),
            };
            match next {
                Some(n) => {
                    composed = Some(n);
                    run.push(op);
                }
                None => {
                    done += usize::from(emit_if_worth(ctx, &run, composed.as_ref()));
                    composed = Some(step);
                    run = vec![op];
                }
            }
        }
        done += usize::from(emit_if_worth(ctx, &run, composed.as_ref()));
    }
    done
}

fn emit_if_worth(ctx: &mut Context, run: &[OpId], relayout: Option<&Relayout>) -> bool {
    let Some(relayout) = relayout else { return false };
    let reorders = run.iter().any(|op| matches!(link(ctx, *op), Some((Link::Move { reorders: true, .. }, _))));
    if run.len() < 2 || !reorders || relayout.sizes.is_empty() {
        return false;
    }
    emit(ctx, run, relayout);
    true
}

/// The reassociation of a reshape between `shape` and its digits, and the
/// digits' shape; `None` when each dim is one digit (no reshape needed).
fn digit_groups(dims: &[Vec<usize>], sizes: &[i64]) -> (Vec<Vec<usize>>, Vec<i64>, bool) {
    let mut groups = Vec::new();
    let mut shape = Vec::new();
    for ds in dims {
        let start = shape.len();
        if ds.is_empty() {
            shape.push(1);
        } else {
            shape.extend(ds.iter().map(|d| sizes[*d]));
        }
        groups.push((start..shape.len()).collect());
    }
    let needed = shape.len() != dims.len();
    (groups, shape, needed)
}

/// The map from the loops (one per digit, `loop_of`) to a digit-shaped
/// operand: a unit placeholder reads index 0.
fn digit_map(dims: &[Vec<usize>], loop_of: &[usize], num_loops: usize) -> AffineMap {
    let results = dims
        .iter()
        .flat_map(|ds| {
            if ds.is_empty() {
                vec![AffineExpr::constant(0)]
            } else {
                ds.iter().map(|d| AffineExpr::Dim(loop_of[*d] as u32)).collect()
            }
        })
        .collect();
    AffineMap { num_dims: num_loops as u32, num_syms: 0, results }
}

/// Replaces the run of ops by reshapes around one generic.
fn emit(ctx: &mut Context, run: &[OpId], r: &Relayout) {
    let first = run[0];
    let last = *run.last().expect("a run");
    let input = ctx.operands(first)[0];
    let result = ctx.result(last, 0);
    let result_ty = ctx.value_type(result);
    let (_, elem) = tensor_shape(ctx, result_ty).expect("a tensor");
    let loc = ctx.op_loc(last);
    // Loops in the result's digit order.
    let order: Vec<usize> = r.dst.iter().flatten().copied().collect();
    let mut loop_of = vec![0; r.sizes.len()];
    for (l, d) in order.iter().enumerate() {
        loop_of[*d] = l;
    }
    let (src_groups, src_shape, src_reshaped) = digit_groups(&r.src, &r.sizes);
    let (dst_groups, dst_shape, dst_reshaped) = digit_groups(&r.dst, &r.sizes);
    // The init the last op writes into, if it has one.
    let init = match link(ctx, last) {
        Some((Link::Elementwise, _)) => Some(ctx.operands(last)[1]),
        _ if PackInfo::read(ctx, last).is_some() || TransposeOp::isa(ctx, last) => Some(ctx.operands(last)[1]),
        _ => None,
    };
    let mut b = Builder::new(ctx, InsertPoint::Before(last), loc);
    let reshape_to_digits = |b: &mut Builder<'_>, v: Value, groups: &[Vec<usize>], shape: &[i64]| {
        let ty = b.ctx.tensor_type(shape.to_vec(), elem);
        let attr = crate::materialize_layouts::reassociation_attr(b.ctx, groups);
        ExpandShapeOp::create(b, v, &[], Some(attr), shape, &[ty], vec![]).result(b.ctx)
    };
    let src = if src_reshaped { reshape_to_digits(&mut b, input, &src_groups, &src_shape) } else { input };
    let dst_init = match init {
        Some(v) if dst_reshaped => reshape_to_digits(&mut b, v, &dst_groups, &dst_shape),
        Some(v) => v,
        None => {
            let ty = b.ctx.tensor_type(dst_shape.clone(), elem);
            EmptyOp::create(&mut b, &[], &[ty], vec![]).result(b.ctx)
        }
    };
    let num_loops = order.len();
    let maps = vec![digit_map(&r.src, &loop_of, num_loops), digit_map(&r.dst, &loop_of, num_loops)];
    let maps = crate::packing::maps_attr(b.ctx, maps);
    let iterators = iterator_types_attr(b.ctx, &vec![IteratorKind::Parallel; num_loops]);
    let (region, block, args) = b.region_with_block(&[elem, elem]);
    // The elementwise bodies of the run, in order, on the element read.
    let saved = b.ip;
    b.ip = InsertPoint::End(block);
    let mut value = args[0];
    for op in run {
        if !matches!(link(b.ctx, *op), Some((Link::Elementwise, _))) {
            continue;
        }
        let body_block = b.ctx.blocks(b.ctx.regions(*op)[0])[0];
        let ops: Vec<OpId> = b.ctx.block_ops(body_block).collect();
        let (terminator, body) = ops.split_last().expect("a terminator");
        let mut map = IrMapping::default();
        map.map(b.ctx.block_args(body_block)[0], value);
        for o in body {
            let copy = b.ctx.clone_op(*o, &mut map);
            b.insert_detached(copy);
        }
        value = map.lookup(b.ctx.operands(*terminator)[0]);
    }
    LinalgYieldOp::create(&mut b, &[value], &[], vec![]);
    b.ip = saved;
    let digits_ty = b.ctx.value_type(dst_init);
    let generic = GenericOp::create(
        &mut b,
        &[src],
        &[dst_init],
        Some(maps),
        Some(iterators),
        None,
        None,
        &[digits_ty],
        vec![region],
    );
    let mut out = b.ctx.result(generic.op(), 0);
    if dst_reshaped {
        let attr = crate::materialize_layouts::reassociation_attr(b.ctx, &dst_groups);
        out = CollapseShapeOp::create(&mut b, out, Some(attr), &[result_ty], vec![]).result(b.ctx);
    }
    ctx.replace_all_uses(result, out);
    for op in run.iter().rev() {
        ctx.erase_op(*op);
    }
}

/// The `-compose-relayouts` pass.
pub struct ComposeRelayouts;

impl Pass for ComposeRelayouts {
    fn name(&self) -> &'static str {
        "compose-relayouts"
    }
    fn class_name(&self) -> &'static str {
        "ComposeRelayoutsPass"
    }
    fn run(&mut self, ctx: &mut Context, op: tessel_ir::OpId) -> Result<(), tessel_ir::Diagnostic> {
        compose_relayouts(ctx, op);
        Ok(())
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "compose-relayouts",
    description: "Compose chains of packs, unpacks, transposes and reshapes (with unary elementwise generics between them) whose tiles divide each other into one linalg.generic on reshaped views: one pass over memory (tessel's)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(ComposeRelayouts))
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_refine_from_the_least_significant_up() {
        // 64 rows: tiles of 8 (8 x 8) against tiles of 16 (4 x 16).
        let (sizes, a, b) = refine(&[8, 8], &[4, 16]).unwrap();
        assert_eq!(sizes, vec![4, 2, 8]);
        assert_eq!(a, vec![vec![0, 1], vec![2]]);
        assert_eq!(b, vec![vec![0], vec![1, 2]]);
        // Tiles of 8 and 12 straddle each other.
        assert!(refine(&[12, 8], &[8, 12]).is_none());
        assert!(refine(&[4], &[8]).is_none());
    }

    #[test]
    fn an_unpack_then_a_pack_is_a_permutation_of_digits() {
        // 64x256: unpack from 8x128 tiles, pack into 16x16 tiles.
        let unpack = Relayout {
            sizes: vec![8, 2, 8, 128],
            src: vec![vec![0], vec![1], vec![2], vec![3]],
            dst: vec![vec![0, 2], vec![1, 3]],
        };
        let pack = Relayout {
            sizes: vec![4, 16, 16, 16],
            src: vec![vec![0, 1], vec![2, 3]],
            dst: vec![vec![0], vec![2], vec![1], vec![3]],
        };
        let c = unpack.then(&pack).unwrap();
        // Rows 64 = 4 x 2 x 8, columns 256 = 2 x 8 x 16.
        assert_eq!(c.sizes, vec![4, 2, 8, 2, 8, 16]);
        assert_eq!(c.src, vec![vec![0, 1], vec![3], vec![2], vec![4, 5]]);
        assert_eq!(c.dst, vec![vec![0], vec![3, 4], vec![1, 2], vec![5]]);
    }
}
