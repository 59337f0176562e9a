//! Folding `affine.apply/min/max` and MLIR's canonical order of min/max
//! results.

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::builder::Ofr;
use crate::dialects::affine::{op_map, ApplyOp, MaxOp, MinOp};
use crate::dialects::arith::ConstantOp;
use crate::dialects::pack::constant_int;
use crate::rewriter::Rewriter;
use crate::OpId;

/// Composes constants and producing `affine.apply` ops into the map and
/// folds; a result that is a constant or an operand replaces the op.
pub fn fold_affine(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    // A map that is one of its operands (upstream's fold of a dim or
    // symbol result) is that operand.
    if let Some(m) = op_map(ctx, op) {
        let picked = match m.results.as_slice() {
            [AffineExpr::Dim(d)] => Some(*d as usize),
            [AffineExpr::Sym(s)] => Some(m.num_dims as usize + *s as usize),
            _ => None,
        };
        if let Some(&v) = picked.and_then(|i| ctx.operands(op).get(i)) {
            rw.replace_op(op, &[v]);
            return true;
        }
    }
    let is_apply = ApplyOp::isa(ctx, op);
    // Only constants, producing affine.apply ops and an operand given
    // twice (MLIR's canonicalizeMapAndOperands merges them) can change the
    // map.
    let operands = ctx.operands(op);
    let repeated = operands.iter().enumerate().any(|(i, v)| operands[..i].contains(v));
    // A map of constants alone (`affine_map<() -> (4)>`) folds too.
    let foldable = repeated
        || operands.is_empty()
        || operands.iter().any(|v| ConstantOp::defining(ctx, *v).is_some() || ApplyOp::defining(ctx, *v).is_some());
    if !foldable {
        return false;
    }
    let Some(map) = op_map(ctx, op).cloned() else { return false };
    let operands: Vec<Ofr> =
        ctx.operands(op).iter().map(|v| constant_int(ctx, *v).map(Ofr::Const).unwrap_or(Ofr::Val(*v))).collect();
    rw.set_insertion_point_before(op);
    let first_new = rw.created.len();
    // Rebuild through the folding builder; keep the op if nothing changes.
    let folded = if is_apply && repeated {
        rw.affine_apply_simplified(&map, &operands)
    } else if is_apply {
        rw.affine_apply(&map, &operands)
    } else if MinOp::isa(rw.ctx, op) {
        rw.affine_min(&map, &operands)
    } else {
        rw.affine_max(&map, &operands)
    };
    let created = rw.created[first_new..].to_vec();
    match folded {
        Ofr::Const(c) => {
            for o in created {
                rw.erase_op(o);
            }
            rw.replace_op_with_constant(op, c);
            true
        }
        Ofr::Val(v) => {
            let ctx = &*rw.ctx;
            let same = created.len() == 1
                && ctx.def_of(created[0]).map(|d| d.name) == ctx.def_of(op).map(|d| d.name)
                && ctx.operands(created[0]) == ctx.operands(op)
                && ctx.get_attr(created[0], "map") == ctx.get_attr(op, "map");
            if same || v == ctx.result(op, 0) {
                for o in created {
                    rw.erase_op(o);
                }
                return false;
            }
            rw.replace_op(op, &[v]);
            true
        }
    }
}

/// MLIR's canonical result order for `affine.min/max`: results that are
/// pure affine (no floordiv/mod/ceildiv, no dim-by-symbol products) are
/// sorted by their coefficient vectors `[dims.., syms.., const]`.
pub fn sort_min_max_results(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    debug_assert!(MinOp::isa(rw.ctx, op) || MaxOp::isa(rw.ctx, op));
    // Decided on the borrowed map: most maps are already in order, and
    // cloning one costs a heap allocation per expression node.
    let sorted = {
        let Some(map) = op_map(rw.ctx, op) else { return false };
        let width = (map.num_dims + map.num_syms) as usize + 1;
        let mut flat: smallvec::SmallVec<[smallvec::SmallVec<[i64; 8]>; 4]> = smallvec::SmallVec::new();
        for e in &map.results {
            let mut coeffs = smallvec::smallvec![0i64; width];
            if !crate::affine::flatten_linear(e, map.num_dims as usize, 1, &mut coeffs) {
                return false;
            }
            flat.push(coeffs);
        }
        if flat.windows(2).all(|w| w[0] <= w[1]) {
            return false;
        }
        let mut order: Vec<usize> = (0..map.results.len()).collect();
        order.sort_by(|a, b| flat[*a].cmp(&flat[*b]));
        let results = order.iter().map(|i| map.results[*i].clone()).collect();
        AffineMap { results, ..*map }
    };
    let a = rw.ctx.attr(AttrKind::AffineMap(sorted));
    rw.set_attr(op, "map", a);
    true
}

/// MLIR's `MergeAffineMinOrMaxOp`: an `affine.min` one of whose results is
/// just an operand produced by another `affine.min` (max into max alike)
/// takes that producer's results in its place: `min(min(a, b), c)` is
/// `min(a, b, c)`. The merged map is then folded and ordered like any other
/// (duplicate results go), so a min that only repeats its operand's bound
/// becomes that operand's min, which cse then merges.
pub fn merge_min_max_producers(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let is_min = MinOp::isa(ctx, op);
    let Some(map) = op_map(ctx, op).cloned() else { return false };
    let operands = ctx.operands(op).to_vec();
    let nd = map.num_dims as usize;
    let same_kind = |o: OpId| if is_min { MinOp::isa(ctx, o) } else { MaxOp::isa(ctx, o) };
    // The first result that is a dim whose operand another min (max) makes,
    // of dims only (its operands become dims of the merged map).
    let found = map.results.iter().enumerate().find_map(|(k, e)| {
        let AffineExpr::Dim(j) = e else { return None };
        let producer = ctx.defining_op(*operands.get(*j as usize)?)?;
        let pmap = op_map(ctx, producer)?;
        (same_kind(producer) && pmap.num_syms == 0 && producer != op).then(|| (k, producer, pmap.clone()))
    });
    let Some((k, producer, pmap)) = found else { return false };
    let pnd = pmap.num_dims as usize;
    // Dims: the op's, then the producer's; symbols after them, unchanged.
    let shift: Vec<AffineExpr> = (0..pnd).map(|d| AffineExpr::Dim((nd + d) as u32)).collect();
    let mut results: Vec<AffineExpr> =
        map.results.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, e)| e.clone()).collect();
    results.extend(pmap.results.iter().map(|e| e.replace(&shift, &[])));
    let merged = AffineMap { num_dims: (nd + pnd) as u32, num_syms: map.num_syms, results };
    let mut new_operands: Vec<Ofr> = operands[..nd].iter().map(|v| Ofr::Val(*v)).collect();
    new_operands.extend(ctx.operands(producer).iter().map(|v| Ofr::Val(*v)));
    new_operands.extend(operands[nd..].iter().map(|v| Ofr::Val(*v)));
    rw.set_insertion_point_before(op);
    let folded = if is_min { rw.affine_min(&merged, &new_operands) } else { rw.affine_max(&merged, &new_operands) };
    match folded {
        Ofr::Const(c) => rw.replace_op_with_constant(op, c),
        Ofr::Val(v) => rw.replace_op(op, &[v]),
    }
    true
}
