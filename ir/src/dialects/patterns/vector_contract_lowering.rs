//! MLIR 22's `vector.contract` lowering
//! (`populateVectorContractLoweringPatterns`,
//! `transform.apply_patterns.vector.lower_contraction lowering_strategy =
//! outerproduct|dot|llvmintr|parallelarith`), without the outer-product
//! lowering (the descriptor leaves `vector.outerproduct` ops alone):
//!
//! - `outerproduct` (the default): a matmul-, matvec- or tmatvec-shaped
//!   contraction in any layout becomes one `vector.outerproduct` per
//!   reduction step on rows of the (transposed) operands, masked per step
//!   (mixed element types are extended first);
//! - `dot`: a matmul or matvec becomes one `vector.reduction <add>` of a
//!   row product per result element, added to the accumulator;
//! - `parallelarith`: a contraction whose reduced dims are all 1 becomes
//!   elementwise arithmetic on broadcast and transposed operands;
//! - otherwise (and for `llvmintr`, whose intrinsic lowering belongs to
//!   the LLVM conversion) the generic unrolling: a batch or free dim is
//!   unrolled into contractions of one rank less, a reduction dim into a
//!   chain of contractions, and a 1-D contraction is a product and a
//!   `vector.reduction` with the accumulator.
//!
//! Only `add` contractions of one element type lower, except through the
//! outer products (any kind, any element types). A contraction under
//! `vector.mask` is rewritten in place of the mask, its mask transposed
//! and sliced along.
//!
//! As 22, the lowered ops do not carry the contraction's `fastmath` flags
//! (dropping them is always sound).
//!
//! One difference from 22 (docs/differences.md): an outer-product lowering
//! whose result is the transposed product (`(n, m)` from `(m, k)` and
//! `(k, n)`) slices its mask as `(k, n, m)`; 22 slices it as `(k, m, n)`,
//! masking the wrong lanes (or building invalid IR when `m != n`).

use super::vector_mask_lowering::{mask_op, root_and_mask};
use crate::affine::{AffineExpr, AffineMap};
use crate::dialects::arith::{ADDF, ADDI, EXTF, EXTSI, MULF, MULI};
use crate::dialects::vector::{
    combining_kind, contract_iterators, contract_maps, kind_attr, vector_shape, ContractOp, OuterProductOp, ReductionOp,
};
use crate::registry::OpDef;
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type, Value};

/// How `lower_contraction` lowers (upstream's `VectorContractLowering`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ContractLowering {
    Dot,
    LlvmIntr,
    OuterProduct,
    ParallelArith,
}

/// `lowering_strategy = dot`.
pub fn lower_contraction_dot(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    lower_contraction(rw, op, ContractLowering::Dot)
}

/// `lowering_strategy = llvmintr` (the generic unrolling: the intrinsic
/// lowering is the LLVM conversion's).
pub fn lower_contraction_llvmintr(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    lower_contraction(rw, op, ContractLowering::LlvmIntr)
}

/// `lowering_strategy = outerproduct`.
pub fn lower_contraction_outerproduct(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    lower_contraction(rw, op, ContractLowering::OuterProduct)
}

/// `lowering_strategy = parallelarith`.
pub fn lower_contraction_parallelarith(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    lower_contraction(rw, op, ContractLowering::ParallelArith)
}

/// A vector type, owned.
#[derive(Clone)]
struct VecTy {
    shape: Vec<i64>,
    scalable: Vec<bool>,
    elem: Type,
}

impl VecTy {
    fn of(ctx: &Context, t: Type) -> Option<VecTy> {
        let v = vector_shape(ctx, t)?;
        Some(VecTy { shape: v.shape.to_vec(), scalable: v.scalable.to_vec(), elem: v.elem })
    }

    fn drop_dim(&self, d: usize) -> VecTy {
        let mut t = self.clone();
        t.shape.remove(d);
        t.scalable.remove(d);
        t
    }

    fn get(&self, ctx: &mut Context) -> Type {
        if self.shape.is_empty() {
            return self.elem;
        }
        ctx.ty(TypeKind::Vector { shape: self.shape.clone(), scalable: self.scalable.clone(), elem: self.elem })
    }
}

/// What the lowerings read off a `vector.contract`.
struct Contraction {
    lhs: Value,
    rhs: Value,
    acc: Value,
    lhs_ty: VecTy,
    rhs_ty: VecTy,
    /// The result (= accumulator) type: a vector or a scalar.
    res_ty: Type,
    res_elem: Type,
    /// Each operand map's results as loop dims.
    maps: [Vec<usize>; 3],
    reductions: Vec<bool>,
    kind: String,
}

impl Contraction {
    fn of(ctx: &Context, op: OpId) -> Option<Contraction> {
        let c = ContractOp(op);
        let (lhs, rhs, acc) = (c.lhs(ctx), c.rhs(ctx), c.acc(ctx));
        let maps = contract_maps(ctx, op)?;
        let [l, r, a] = maps.as_slice() else { return None };
        let maps = [l.dim_positions()?, r.dim_positions()?, a.dim_positions()?];
        let res_ty = ctx.value_type(acc);
        let res_elem = vector_shape(ctx, res_ty).map_or(res_ty, |v| v.elem);
        Some(Contraction {
            lhs,
            rhs,
            acc,
            lhs_ty: VecTy::of(ctx, ctx.value_type(lhs))?,
            rhs_ty: VecTy::of(ctx, ctx.value_type(rhs))?,
            res_ty,
            res_elem,
            maps,
            reductions: contract_iterators(ctx, op)?,
            kind: combining_kind(ctx, op)?.to_string(),
        })
    }

    /// Whether the arithmetic is on integers (anything not a float).
    fn is_int(&self, ctx: &Context) -> bool {
        !ctx.type_kind(self.res_elem).is_float()
    }

    /// Whether the maps are exactly `layout` (operand dims as loop dims).
    fn layout(&self, layout: [&[usize]; 3]) -> bool {
        self.maps.iter().zip(layout).all(|(m, l)| m.as_slice() == l)
    }

    /// The contraction and the generic lowering handle `add` of one
    /// element type (`matchSupportedGenericContraction`).
    fn supported(&self) -> bool {
        self.kind == "add" && self.lhs_ty.elem == self.res_elem && self.rhs_ty.elem == self.res_elem
    }
}

/// `ContractionOpLowering` (tried first) and, for the outer-product
/// strategy, `ContractionOpToOuterProductOpLowering` (which also takes
/// other kinds and mixed element types).
fn lower_contraction(rw: &mut Rewriter<'_>, op: OpId, strategy: ContractLowering) -> bool {
    let Some(c) = Contraction::of(rw.ctx, op) else { return false };
    let (root, mask) = root_and_mask(rw, op);
    let outer = strategy == ContractLowering::OuterProduct;
    let mut result = if outer { outer_products(rw, &c, mask) } else { None };
    if result.is_none() && c.supported() {
        if strategy == ContractLowering::Dot && mask.is_none() {
            result = dot_products(rw, &c);
        }
        if result.is_none() && strategy == ContractLowering::ParallelArith && mask.is_none() {
            result = elementwise(rw, &c);
        }
        if result.is_none() {
            result = generic(rw, &c, mask);
        }
    }
    match result {
        Some(v) => {
            rw.replace_op(root, &[v]);
            true
        }
        None => false,
    }
}

/// Which operand a step of the outer-product lowering reads, and whether
/// transposed.
#[derive(Clone, Copy)]
enum Src {
    Lhs,
    Rhs,
    TLhs,
    TRhs,
}

/// One layout the outer-product lowering knows: the three maps, the lhs
/// dim that is the reduction, the outer product's two operands and the
/// mask permutation that puts the reduction dim first (`None`: as is).
struct OuterLayout {
    maps: [&'static [usize]; 3],
    reduction_dim: usize,
    a: Src,
    b: Src,
    mask_perm: Option<&'static [i64]>,
}

const fn ol(
    maps: [&'static [usize]; 3],
    reduction_dim: usize,
    a: Src,
    b: Src,
    mask_perm: Option<&'static [i64]>,
) -> OuterLayout {
    OuterLayout { maps, reduction_dim, a, b, mask_perm }
}

// Loop dims: matmat (m, n, k) = (0, 1, 2); matvec (m, k) = (0, 1);
// tmatvec (k, m) = (0, 1).
const MNK: Option<&[i64]> = Some(&[2, 0, 1]);
/// The transposed-output layouts slice the mask as `(k, n, m)`.
const NMK: Option<&[i64]> = Some(&[2, 1, 0]);
const T: Option<&[i64]> = Some(&[1, 0]);
const MATMAT: &[OuterLayout] = &[
    ol([&[0, 2], &[2, 1], &[0, 1]], 1, Src::TLhs, Src::Rhs, MNK),
    ol([&[0, 2], &[1, 2], &[0, 1]], 1, Src::TLhs, Src::TRhs, MNK),
    ol([&[2, 0], &[2, 1], &[0, 1]], 0, Src::Lhs, Src::Rhs, MNK),
    ol([&[2, 0], &[1, 2], &[0, 1]], 0, Src::Lhs, Src::TRhs, MNK),
    ol([&[0, 2], &[2, 1], &[1, 0]], 1, Src::Rhs, Src::TLhs, NMK),
    ol([&[0, 2], &[1, 2], &[1, 0]], 1, Src::TRhs, Src::TLhs, NMK),
    ol([&[2, 0], &[2, 1], &[1, 0]], 0, Src::Rhs, Src::Lhs, NMK),
    ol([&[2, 0], &[1, 2], &[1, 0]], 0, Src::TRhs, Src::Lhs, NMK),
];
const MATVEC: &[OuterLayout] = &[
    ol([&[0, 1], &[1], &[0]], 1, Src::TLhs, Src::Rhs, T),
    ol([&[1, 0], &[1], &[0]], 0, Src::Lhs, Src::Rhs, T),
    ol([&[1], &[0, 1], &[0]], 0, Src::TRhs, Src::Lhs, T),
    ol([&[1], &[1, 0], &[0]], 0, Src::Rhs, Src::Lhs, T),
];
const TMATVEC: &[OuterLayout] = &[
    ol([&[1, 0], &[0], &[1]], 1, Src::TLhs, Src::Rhs, None),
    ol([&[0, 1], &[0], &[1]], 0, Src::Lhs, Src::Rhs, None),
    ol([&[0], &[1, 0], &[1]], 0, Src::TRhs, Src::Lhs, None),
    ol([&[0], &[0, 1], &[1]], 0, Src::Rhs, Src::Lhs, None),
];

/// `UnrolledOuterProductGenerator`: `matmat`, then `matvec`, then
/// `tmatvec`.
fn outer_products(rw: &mut Rewriter<'_>, c: &Contraction, mask: Option<Value>) -> Option<Value> {
    let layouts = match c.reductions.as_slice() {
        [false, false, true] => MATMAT,
        [false, true] => MATVEC,
        [true, false] => TMATVEC,
        _ => return None,
    };
    let layout = layouts.iter().find(|l| c.layout(l.maps))?;
    if c.lhs_ty.scalable[layout.reduction_dim] {
        return None;
    }
    let steps = c.lhs_ty.shape[layout.reduction_dim];
    let operand = |rw: &mut Rewriter<'_>, s: Src| match s {
        Src::Lhs => c.lhs,
        Src::Rhs => c.rhs,
        Src::TLhs => rw.vector_transpose(c.lhs, &[1, 0]),
        Src::TRhs => rw.vector_transpose(c.rhs, &[1, 0]),
    };
    let a = operand(rw, layout.a);
    let b = operand(rw, layout.b);
    let mask = match (mask, layout.mask_perm) {
        (Some(m), Some(perm)) => Some(rw.vector_transpose(m, perm)),
        (m, _) => m,
    };
    let kind = kind_attr(rw.ctx, &c.kind);
    let mut res = c.acc;
    for k in 0..steps {
        let x = rw.vector_extract(a, &[k]);
        let y = rw.vector_extract(b, &[k]);
        let x = promote(rw, x, c.res_elem);
        let y = promote(rw, y, c.res_elem);
        let step_mask = mask.map(|m| rw.vector_extract(m, &[k]));
        let o = OuterProductOp::create(rw, x, y, Some(res), Some(kind), &[c.res_ty], vec![]).0;
        res = mask_op(rw, o, step_mask);
    }
    Some(res)
}

/// `v` extended to the element type `elem` (`arith.extf` / `extsi`).
fn promote(rw: &mut Rewriter<'_>, v: Value, elem: Type) -> Value {
    let ty = rw.ctx.value_type(v);
    let from = VecTy::of(rw.ctx, ty);
    if from.as_ref().map_or(ty, |t| t.elem) == elem {
        return v;
    }
    let to = match from {
        Some(t) => VecTy { elem, ..t }.get(rw.ctx),
        None => elem,
    };
    let ext = if rw.ctx.type_kind(elem).is_float() { &EXTF } else { &EXTSI };
    let o = rw.op(ext.name, &[v], &[to], &[]);
    rw.ctx.result(o, 0)
}

/// `x * y` (`arith.mulf` or `arith.muli`).
fn mul(rw: &mut Rewriter<'_>, c: &Contraction, x: Value, y: Value) -> Value {
    binary(rw, c, x, y, [&MULI, &MULF])
}

/// `x + y`, as [`mul`].
fn add(rw: &mut Rewriter<'_>, c: &Contraction, x: Value, y: Value) -> Value {
    binary(rw, c, x, y, [&ADDI, &ADDF])
}

/// The integer or float op of `[int, float]` on `x` and `y`.
fn binary(rw: &mut Rewriter<'_>, c: &Contraction, x: Value, y: Value, [int, float]: [&OpDef; 2]) -> Value {
    let ty = rw.ctx.value_type(x);
    let name = if c.is_int(rw.ctx) { int.name } else { float.name };
    let o = rw.op(name, &[x, y], &[ty], &[]);
    rw.ctx.result(o, 0)
}

/// `vector.reduction <add>, %v[, %acc]`.
fn reduce_add(rw: &mut Rewriter<'_>, c: &Contraction, v: Value, acc: Option<Value>) -> OpId {
    let kind = kind_attr(rw.ctx, "add");
    ReductionOp::create(rw, v, acc, Some(kind), None, &[c.res_elem], vec![]).0
}

/// `ContractionOpToDotLowering`: the reduction made innermost on both
/// operands, one `vector.reduction` of a row product per result element.
fn dot_products(rw: &mut Rewriter<'_>, c: &Contraction) -> Option<Value> {
    let res = VecTy::of(rw.ctx, c.res_ty)?;
    if res.scalable.iter().any(|s| *s) {
        return None;
    }
    // (transpose lhs, transpose rhs, swap) to reach (m, k) x (n, k).
    let plan = match c.reductions.as_slice() {
        [false, false, true] => {
            [
                ([&[0, 2][..], &[2, 1], &[0, 1]], (false, true, false)),
                ([&[0, 2], &[1, 2], &[0, 1]], (false, false, false)),
                ([&[2, 0], &[2, 1], &[0, 1]], (true, true, false)),
                ([&[2, 0], &[1, 2], &[0, 1]], (true, false, false)),
                ([&[0, 2], &[2, 1], &[1, 0]], (false, true, true)),
                ([&[0, 2], &[1, 2], &[1, 0]], (false, false, true)),
                ([&[2, 0], &[2, 1], &[1, 0]], (true, true, true)),
                ([&[2, 0], &[1, 2], &[1, 0]], (true, false, true)),
            ]
            .into_iter()
            .find(|(l, _)| c.layout(*l))?
            .1
        }
        [false, true] => {
            [
                ([&[0, 1][..], &[1], &[0]], (false, false, false)),
                ([&[1, 0], &[1], &[0]], (true, false, false)),
                ([&[1], &[0, 1], &[0]], (false, false, true)),
                ([&[1], &[1, 0], &[0]], (false, true, true)),
            ]
            .into_iter()
            .find(|(l, _)| c.layout(*l))?
            .1
        }
        _ => return None,
    };
    let (lhs, rhs) = dot_operands(rw, c, plan);
    let rows = res.shape[0];
    let columns = res.shape.get(1).copied();
    let mut result = crate::dialects::arith::zero_here(rw, c.res_ty);
    let mut cols: Vec<Value> = Vec::new();
    for r in 0..rows {
        let row = rw.vector_extract(lhs, &[r]);
        for col in 0..columns.unwrap_or(1) {
            if r == 0 {
                let v = if columns.is_some() { rw.vector_extract(rhs, &[col]) } else { rhs };
                cols.push(v);
            }
            let product = mul(rw, c, row, cols[col as usize]);
            let sum = reduce_add(rw, c, product, None);
            let sum = rw.ctx.result(sum, 0);
            let pos: Vec<i64> = if columns.is_some() { vec![r, col] } else { vec![r] };
            result = rw.vector_insert(sum, result, &pos);
        }
    }
    Some(add(rw, c, result, c.acc))
}

/// The dot lowering's operands: `(t_lhs, t_rhs, swap)` says which
/// operand is transposed and whether they trade places, in 22's order of
/// creation (a swapped pair transposes the other side's operand first).
fn dot_operands(rw: &mut Rewriter<'_>, c: &Contraction, (t_lhs, t_rhs, swap): (bool, bool, bool)) -> (Value, Value) {
    let t = |rw: &mut Rewriter<'_>, v: Value, yes: bool| if yes { rw.vector_transpose(v, &[1, 0]) } else { v };
    if !swap {
        let l = t(rw, c.lhs, t_lhs);
        let r = t(rw, c.rhs, t_rhs);
        return (l, r);
    }
    // Swapped: the new lhs is the old rhs (transposed when the old rhs was
    // to be), made first.
    let new_lhs = t(rw, c.rhs, t_rhs);
    let new_rhs = t(rw, c.lhs, t_lhs);
    (new_lhs, new_rhs)
}

/// `ContractOpToElementwise`: with every reduced dim 1, the operands are
/// broadcast to the parallel dims they lack, transposed to (reduced,
/// parallel) order, stripped of the reduced dims and multiplied and
/// combined with the accumulator elementwise.
fn elementwise(rw: &mut Rewriter<'_>, c: &Contraction) -> Option<Value> {
    let reduced = |map: &[usize]| -> Vec<usize> { (0..map.len()).filter(|i| c.reductions[map[*i]]).collect() };
    let (lhs_red, rhs_red) = (reduced(&c.maps[0]), reduced(&c.maps[1]));
    if lhs_red.iter().any(|d| c.lhs_ty.shape[*d] != 1) || rhs_red.iter().any(|d| c.rhs_ty.shape[*d] != 1) {
        return None;
    }
    let res = VecTy::of(rw.ctx, c.res_ty);
    // For each side: the result dims it lacks (broadcast in front of it)
    // and the permutation to (reduced, result) order.
    let plan = |map: &[usize], red: &[usize]| -> Option<(Vec<i64>, Vec<i64>)> {
        let to_broadcast = c.maps[2].len().checked_sub(map.len() - red.len())?;
        let mut sizes = Vec::new();
        let mut perm: Vec<i64> = red.iter().map(|d| (to_broadcast + d) as i64).collect();
        for (i, loop_dim) in c.maps[2].iter().enumerate() {
            match map.iter().position(|d| d == loop_dim) {
                Some(p) => perm.push((to_broadcast + p) as i64),
                None => {
                    sizes.push(*res.as_ref()?.shape.get(i)?);
                    perm.push(sizes.len() as i64 - 1);
                }
            }
        }
        Some((sizes, perm))
    };
    let (lhs_sizes, lhs_perm) = plan(&c.maps[0], &lhs_red)?;
    let (rhs_sizes, rhs_perm) = plan(&c.maps[1], &rhs_red)?;
    let expand = |rw: &mut Rewriter<'_>, v: Value, ty: &VecTy, mut sizes: Vec<i64>| -> Value {
        if sizes.is_empty() {
            return v;
        }
        sizes.extend(&ty.shape);
        let wide = VecTy { scalable: vec![false; sizes.len()], shape: sizes, elem: ty.elem }.get(rw.ctx);
        rw.vector_broadcast(v, wide)
    };
    let lhs = expand(rw, c.lhs, &c.lhs_ty, lhs_sizes);
    let rhs = expand(rw, c.rhs, &c.rhs_ty, rhs_sizes);
    let lhs = rw.vector_transpose(lhs, &lhs_perm);
    let rhs = rw.vector_transpose(rhs, &rhs_perm);
    let lhs = rw.vector_extract(lhs, &vec![0; lhs_red.len()]);
    let rhs = rw.vector_extract(rhs, &vec![0; rhs_red.len()]);
    Some(contract_arith(rw, c, lhs, rhs))
}

/// MLIR's `createContractArithOp` for an `add` contraction with an
/// accumulator: a float vector is one `vector.fma`, otherwise the product
/// added to the accumulator.
fn contract_arith(rw: &mut Rewriter<'_>, c: &Contraction, x: Value, y: Value) -> Value {
    if !c.is_int(rw.ctx) && VecTy::of(rw.ctx, c.res_ty).is_some() {
        let ty = rw.ctx.value_type(x);
        return crate::dialects::vector::FmaOp::create(rw, x, y, c.acc, &[ty], vec![]).result(rw.ctx);
    }
    let product = mul(rw, c, x, y);
    add(rw, c, product, c.acc)
}

/// `lowerGenericContraction`: the first batch dim, else the first free
/// lhs dim, else the first free rhs dim is unrolled; else the first
/// reduction dim.
fn generic(rw: &mut Rewriter<'_>, c: &Contraction, mask: Option<Value>) -> Option<Value> {
    let position = |map: &[usize], d: usize| map.iter().position(|x| *x == d);
    let both = |reduction: bool| -> Vec<(usize, usize)> {
        (0..c.reductions.len())
            .filter(|d| c.reductions[*d] == reduction)
            .filter_map(|d| Some((position(&c.maps[0], d)?, position(&c.maps[1], d)?)))
            .collect()
    };
    if let Some((l, r)) = both(false).first() {
        return unroll_parallel(rw, c, Some(*l), Some(*r), mask);
    }
    let contracting = both(true);
    if let Some(l) = (0..c.lhs_ty.shape.len()).find(|i| !contracting.iter().any(|(x, _)| x == i)) {
        return unroll_parallel(rw, c, Some(l), None, mask);
    }
    if let Some(r) = (0..c.rhs_ty.shape.len()).find(|i| !contracting.iter().any(|(_, y)| y == i)) {
        return unroll_parallel(rw, c, None, Some(r), mask);
    }
    if contracting.is_empty() {
        return None;
    }
    unroll_reduction(rw, c, mask)
}

/// `map` without loop dim `d` (those after it renumbered), as an affine map
/// of one dim less.
fn drop_loop_dim(map: &[usize], d: usize, num_loops: usize) -> AffineMap {
    let results = map.iter().filter(|x| **x != d).map(|x| AffineExpr::Dim((if *x > d { x - 1 } else { *x }) as u32));
    AffineMap { num_dims: num_loops as u32 - 1, num_syms: 0, results: results.collect() }
}

/// A contraction of `c`'s kind without loop dim `d`.
fn lower_contract(rw: &mut Rewriter<'_>, c: &Contraction, d: usize, operands: [Value; 3]) -> OpId {
    let n = c.reductions.len();
    let maps: Vec<AffineMap> = c.maps.iter().map(|m| drop_loop_dim(m, d, n)).collect();
    let reductions: Vec<bool> = c.reductions.iter().enumerate().filter(|(i, _)| *i != d).map(|(_, r)| *r).collect();
    super::vector_contract::build_contract(rw, operands, &maps, &reductions, &c.kind)
}

/// `lowerParallel`: the loop dim at lhs position `l` / rhs position `r`
/// unrolled into contractions of one dim less, their results inserted
/// into a zero vector (a unit reduction dim on one side only is tolerated).
fn unroll_parallel(
    rw: &mut Rewriter<'_>,
    c: &Contraction,
    l: Option<usize>,
    r: Option<usize>,
    mask: Option<Value>,
) -> Option<Value> {
    let (loop_dim, size) = match (l, r) {
        (Some(l), r) => {
            let d = c.maps[0][l];
            if r.is_some_and(|r| c.maps[1][r] != d) || c.lhs_ty.scalable[l] {
                return None;
            }
            (d, c.lhs_ty.shape[l])
        }
        (None, Some(r)) => {
            if c.rhs_ty.scalable[r] {
                return None;
            }
            (c.maps[1][r], c.rhs_ty.shape[r])
        }
        (None, None) => return None,
    };
    let res = VecTy::of(rw.ctx, c.res_ty)?;
    let res_index = c.maps[2].iter().position(|x| *x == loop_dim);
    if res_index.is_none() && size != 1 {
        return None;
    }
    let mask_ty = match mask {
        Some(m) => Some(VecTy::of(rw.ctx, rw.ctx.value_type(m))?),
        None => None,
    };
    let mut result = crate::dialects::arith::zero_here(rw, c.res_ty);
    for d in 0..size {
        let lhs = reshape_load(rw, c.lhs, &c.lhs_ty, l, d);
        let rhs = reshape_load(rw, c.rhs, &c.rhs_ty, r, d);
        let acc = reshape_load(rw, c.acc, &res, res_index, d);
        let low_mask = mask.zip(mask_ty.as_ref()).map(|(m, t)| reshape_load(rw, m, t, Some(loop_dim), d));
        let o = lower_contract(rw, c, loop_dim, [lhs, rhs, acc]);
        let v = mask_op(rw, o, low_mask);
        result = reshape_store(rw, v, result, &res, res_index, d);
    }
    Some(result)
}

/// `lowerReduction`: loop dim 0 (a reduction on both sides) unrolled into
/// a chain of contractions through the accumulator; a 1-D contraction is
/// the product reduced into the accumulator.
fn unroll_reduction(rw: &mut Rewriter<'_>, c: &Contraction, mask: Option<Value>) -> Option<Value> {
    if VecTy::of(rw.ctx, c.res_ty).is_some() {
        return None;
    }
    let l = c.maps[0].iter().position(|x| *x == 0)?;
    let r = c.maps[1].iter().position(|x| *x == 0)?;
    let size = c.lhs_ty.shape[l];
    if size != c.rhs_ty.shape[r] {
        return None;
    }
    if c.lhs_ty.shape.len() == 1 {
        if c.rhs_ty.shape.len() != 1 {
            return None;
        }
        let product = mul(rw, c, c.lhs, c.rhs);
        let o = reduce_add(rw, c, product, Some(c.acc));
        return Some(mask_op(rw, o, mask));
    }
    if c.lhs_ty.scalable[l] || c.rhs_ty.scalable[r] {
        return None;
    }
    let mask_ty = match mask {
        Some(m) => Some(VecTy::of(rw.ctx, rw.ctx.value_type(m))?),
        None => None,
    };
    let mut result = c.acc;
    for d in 0..size {
        let lhs = reshape_load(rw, c.lhs, &c.lhs_ty, Some(l), d);
        let rhs = reshape_load(rw, c.rhs, &c.rhs_ty, Some(r), d);
        let step_mask = mask.zip(mask_ty.as_ref()).map(|(m, t)| reshape_load(rw, m, t, Some(0), d));
        let o = lower_contract(rw, c, 0, [lhs, rhs, result]);
        result = mask_op(rw, o, step_mask);
    }
    Some(result)
}

/// `reshapeLoad`: the slice of `v` at `pos` along dim `index` (`v` itself
/// when `None`), made of extracts and inserts when the dim is not the
/// leading one.
fn reshape_load(rw: &mut Rewriter<'_>, v: Value, ty: &VecTy, index: Option<usize>, pos: i64) -> Value {
    match index {
        None => v,
        Some(0) => rw.vector_extract(v, &[pos]),
        Some(i) => {
            let inner = ty.drop_dim(0);
            let res = ty.drop_dim(i);
            let res_ty = res.get(rw.ctx);
            let mut result = crate::dialects::arith::zero_here(rw, res_ty);
            for d in 0..res.shape[0] {
                let row = rw.vector_extract(v, &[d]);
                let piece = reshape_load(rw, row, &inner, Some(i - 1), pos);
                result = rw.vector_insert(piece, result, &[d]);
            }
            result
        }
    }
}

/// `reshapeStore`: `v` stored into `result` at `pos` along dim `index`
/// (`v` itself when `None`).
fn reshape_store(
    rw: &mut Rewriter<'_>,
    v: Value,
    mut result: Value,
    ty: &VecTy,
    index: Option<usize>,
    pos: i64,
) -> Value {
    match index {
        None => v,
        Some(0) => rw.vector_insert(v, result, &[pos]),
        Some(i) => {
            let inner = ty.drop_dim(0);
            for d in 0..ty.shape[0] {
                let dest = rw.vector_extract(result, &[d]);
                let piece = rw.vector_extract(v, &[d]);
                let stored = reshape_store(rw, piece, dest, &inner, Some(i - 1), pos);
                result = rw.vector_insert(stored, result, &[d]);
            }
            result
        }
    }
}
