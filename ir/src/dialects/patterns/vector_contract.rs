//! MLIR 22's reduction-to-contract patterns
//! (`populateVectorReductionToContractPatterns`,
//! `transform.apply_patterns.vector.reduction_to_contract`): what the
//! vectorizer makes of a matmul-like generic (a `vector.multi_reduction
//! <add>` of a product of broadcast and transposed reads) becomes one
//! `vector.contract` whose indexing maps absorb the broadcasts and
//! transposes.
//!
//! One difference from 22: the contractions these patterns rebuild keep
//! their combining kind (22 resets it to `add`, which changes what a
//! `<mul>` or `<maxnumf>` contraction computes; listed in
//! docs/differences.md).

use crate::affine::{AffineExpr, AffineMap};
use crate::dialects::vector::{
    combining_kind, contract_attrs, contract_iterators, contract_maps, kind_attr, vector_shape, BroadcastOp,
    ContractOp, MaskOp, MultiReductionOp, TransposeOp,
};
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Value};

fn is_masked(ctx: &Context, op: OpId) -> bool {
    ctx.parent_op(op).is_some_and(|p| MaskOp::isa(ctx, p))
}

/// A new `vector.contract` of `lhs`, `rhs`, `acc` under `maps` and
/// `reductions` (`true`: a reduction loop), of combining kind `kind`, at
/// the insertion point.
pub(crate) fn build_contract(
    rw: &mut Rewriter<'_>,
    operands: [Value; 3],
    maps: &[AffineMap],
    reductions: &[bool],
    kind: &str,
) -> OpId {
    let result_ty = rw.ctx.value_type(operands[2]);
    let (maps, iterators) = contract_attrs(rw.ctx, maps, reductions);
    let kind = kind_attr(rw.ctx, kind);
    let (lhs, rhs, acc) = (operands[0], operands[1], operands[2]);
    ContractOp::create(rw, lhs, rhs, acc, Some(maps), Some(iterators), Some(kind), &[result_ty], vec![]).0
}

/// Replaces `op` with a contraction of `lhs`, `rhs`, `acc` under `maps`
/// and `reductions`, of combining kind `kind`.
fn replace_with_contract(
    rw: &mut Rewriter<'_>,
    op: OpId,
    operands: [Value; 3],
    maps: &[AffineMap],
    reductions: &[bool],
    kind: &str,
) {
    rw.set_insertion_point_before(op);
    let c = build_contract(rw, operands, maps, reductions, kind);
    let c = rw.ctx.result(c, 0);
    rw.replace_op(op, &[c]);
}

/// `MultiReduceToContract`: `multi_reduction <add>` of `mulf` / `muli` is
/// a contraction of the product's operands.
pub fn multi_reduce_to_contract(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if combining_kind(ctx, op) != Some("add") || is_masked(ctx, op) {
        return false;
    }
    let m = MultiReductionOp(op);
    let (src, acc) = (m.source(ctx), m.acc(ctx));
    let Some(mul) = ctx.defining_op(src) else { return false };
    use crate::dialects::arith::{MulFOp, MulIOp};
    if !MulFOp::isa(ctx, mul) && !MulIOp::isa(ctx, mul) {
        return false;
    }
    let Some(v) = vector_shape(ctx, ctx.value_type(src)) else { return false };
    let rank = v.rank();
    let mut reductions = vec![false; rank];
    for d in m.reduction_dims(ctx) {
        if let Some(r) = reductions.get_mut(*d as usize) {
            *r = true;
        }
    }
    let src_map = AffineMap::identity(rank as u32);
    let dst = AffineMap {
        num_dims: rank as u32,
        num_syms: 0,
        results: (0..rank).filter(|d| !reductions[*d]).map(|d| AffineExpr::Dim(d as u32)).collect(),
    };
    let (lhs, rhs) = (ctx.operands(mul)[0], ctx.operands(mul)[1]);
    replace_with_contract(rw, op, [lhs, rhs, acc], &[src_map.clone(), src_map, dst], &reductions, "add");
    true
}

/// A contraction's parts.
struct Contract {
    operands: [Value; 3],
    maps: Vec<AffineMap>,
    reductions: Vec<bool>,
    kind: String,
}

fn contract_parts(ctx: &Context, op: OpId) -> Option<Contract> {
    if !ContractOp::isa(ctx, op) || is_masked(ctx, op) {
        return None;
    }
    let ops = ctx.operands(op);
    Some(Contract {
        operands: [ops[0], ops[1], ops[2]],
        maps: contract_maps(ctx, op)?,
        reductions: contract_iterators(ctx, op)?,
        kind: combining_kind(ctx, op)?.to_string(),
    })
}

/// `CombineContractABTranspose`: a transposed lhs or rhs is read through
/// the contraction's map instead.
pub fn combine_contract_ab_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(mut c) = contract_parts(ctx, op) else { return false };
    let mut changed = false;
    for k in 0..2 {
        let Some(t) = TransposeOp::defining(ctx, c.operands[k]) else { continue };
        let perm: Vec<usize> = t.permutation(ctx).iter().map(|p| *p as usize).collect();
        let Some(inverse) = AffineMap::permutation(&perm).inverse_permutation() else { continue };
        c.maps[k] = inverse.compose(&c.maps[k]);
        c.operands[k] = t.vector(ctx);
        changed = true;
    }
    if changed {
        replace_with_contract(rw, op, c.operands, &c.maps, &c.reductions, &c.kind);
    }
    changed
}

/// `FoldArithExtIntoContractionOp` (`populateFoldArithExtensionPatterns`):
/// a contraction of two `arith.extf` (or two `arith.extsi`) of one element
/// type contracts their sources (the contraction extends its operands
/// itself). Unlike 22, the kind stays (22 resets it to `add`) and sources
/// of two element types are left alone (22 builds a contraction its
/// verifier rejects).
pub fn fold_arith_ext_into_contract(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::arith::{ExtFOp, ExtSIOp};
    let ctx = &*rw.ctx;
    let c = ContractOp(op);
    let (lhs, rhs) = (c.lhs(ctx), c.rhs(ctx));
    let source = |v: Value| -> Option<(Value, bool)> {
        let d = ctx.defining_op(v)?;
        let float = if ExtFOp::isa(ctx, d) {
            true
        } else if ExtSIOp::isa(ctx, d) {
            false
        } else {
            return None;
        };
        Some((ctx.operands(d)[0], float))
    };
    let (Some((a, fa)), Some((b, fb))) = (source(lhs), source(rhs)) else { return false };
    let elem = |v: Value| vector_shape(ctx, ctx.value_type(v)).map(|s| s.elem);
    if fa != fb || elem(a) != elem(b) {
        return false;
    }
    rw.set_operand(op, 0, a);
    rw.set_operand(op, 1, b);
    true
}

/// `CombineContractBroadcastMask` (unmasked): a lhs or rhs broadcast along
/// leading dims is read through the contraction's map instead; loops no
/// map walks any more go.
pub fn combine_contract_broadcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(mut c) = contract_parts(ctx, op) else { return false };
    let mut changed = false;
    for k in 0..2 {
        let Some(b) = BroadcastOp::defining(ctx, c.operands[k]) else { continue };
        let source = b.source(ctx);
        let Some(src) = vector_shape(ctx, ctx.value_type(source)) else { continue };
        let Some(dst) = vector_shape(ctx, ctx.value_type(c.operands[k])) else { continue };
        if src.rank() == dst.rank() {
            continue;
        }
        let diff = dst.rank() - src.rank();
        if src.shape.iter().enumerate().any(|(i, s)| *s != dst.shape[diff + i]) {
            continue;
        }
        let reduced_wide = (0..diff).any(|i| {
            dst.shape[i] != 1
                && match c.maps[k].results.get(i) {
                    Some(AffineExpr::Dim(d)) => c.reductions[*d as usize],
                    _ => false,
                }
        });
        if reduced_wide {
            continue;
        }
        let broadcast_map = AffineMap {
            num_dims: dst.rank() as u32,
            num_syms: 0,
            results: (diff..dst.rank()).map(|d| AffineExpr::Dim(d as u32)).collect(),
        };
        c.maps[k] = broadcast_map.compose(&c.maps[k]);
        c.operands[k] = source;
        changed = true;
    }
    if !changed {
        return false;
    }
    let n = c.reductions.len();
    let unused: Vec<bool> =
        (0..n).map(|d| c.maps.iter().all(|m| !m.results.iter().any(|e| e.is_function_of_dim(d as u32)))).collect();
    let maps: Vec<AffineMap> = c.maps.iter().map(|m| m.compress_dims(&unused)).collect();
    let reductions: Vec<bool> = (0..n).filter(|d| !unused[*d]).map(|d| c.reductions[d]).collect();
    let uses = |m: &AffineMap, d: usize| m.results.iter().any(|e| e.is_function_of_dim(d as u32));
    let paired_reduction = reductions.iter().enumerate().any(|(d, r)| *r && uses(&maps[0], d) && uses(&maps[1], d));
    if !paired_reduction {
        return false;
    }
    if (0..reductions.len()).any(|d| !uses(&maps[0], d) && !uses(&maps[1], d)) {
        return false;
    }
    replace_with_contract(rw, op, c.operands, &maps, &reductions, &c.kind);
    true
}

/// `CombineContractResultTranspose`: a transpose of a contraction (used
/// once) whose accumulator is the inverse transpose is one contraction of
/// the untransposed accumulator.
pub fn combine_contract_result_transpose(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let result_t = TransposeOp(op);
    let Some(contract) = ctx.defining_op(result_t.vector(ctx)) else { return false };
    if ctx.uses(ctx.result(contract, 0)).len() != 1 {
        return false;
    }
    let Some(mut c) = contract_parts(ctx, contract) else { return false };
    let Some(acc_t) = TransposeOp::defining(ctx, c.operands[2]) else { return false };
    let to_usize = |p: &[i64]| p.iter().map(|x| *x as usize).collect::<Vec<_>>();
    let acc_map = AffineMap::permutation(&to_usize(acc_t.permutation(ctx)));
    let res_map = AffineMap::permutation(&to_usize(result_t.permutation(ctx)));
    if acc_map.inverse_permutation().as_ref() != Some(&res_map) {
        return false;
    }
    let last = c.maps.len() - 1;
    c.maps[last] = res_map.compose(&c.maps[last]);
    c.operands[2] = acc_t.vector(ctx);
    replace_with_contract(rw, op, c.operands, &c.maps, &c.reductions, &c.kind);
    true
}
