//! `affine.min` / `affine.max` simplified by what loops promise about their
//! induction variables: MLIR's `simplifyConstrainedMinMaxOp` as loop
//! peeling (`rewritePeeledMinMaxOp`) and `-scf-for-loop-canonicalization`
//! (`canonicalizeMinMaxOpInLoop`) use it.
//!
//! A min whose result `e_k` is provably at most every other result under
//! the facts is `e_k` (a max alike, at least). Facts are bounds of values
//! (an induction variable below `ub - step` in a peeled loop, inside
//! `[lb, last]` in a loop of constant bounds), each bound a linear form
//! over other values; the op's other operands are unknowns, as in MLIR
//! (an operand is not looked through). A difference `e_k - e_j` is proved
//! non-positive by replacing each bounded value by the bound its sign
//! asks for until only a constant is left. That is exact for the facts
//! loops give (each value bounded by others independently) and refuses
//! what it cannot see: non-linear results (`mod`, `floordiv`) and values
//! without the needed bound.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::affine::{flatten_linear, AffineExpr, AffineMap};
use crate::dialects::affine::{op_map, MaxOp, MinOp};
use crate::{Context, OpId, Value};

/// `sum(coeff * value) + constant`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    terms: SmallVec<[(Value, i64); 4]>,
    constant: i64,
}

impl Linear {
    /// The constant `c`.
    pub fn constant(c: i64) -> Linear {
        Linear { terms: SmallVec::new(), constant: c }
    }

    /// `scale * v + c`.
    pub fn of(v: Value, scale: i64, c: i64) -> Linear {
        let mut l = Linear::constant(c);
        l.add_term(v, scale);
        l
    }

    fn add_term(&mut self, v: Value, c: i64) {
        match self.terms.iter_mut().find(|(x, _)| *x == v) {
            Some(t) => t.1 += c,
            None => self.terms.push((v, c)),
        }
        self.terms.retain(|(_, c)| *c != 0);
    }

    /// `self + scale * other`, `None` on overflow.
    pub fn plus(&self, other: &Linear, scale: i64) -> Option<Linear> {
        let mut out = self.clone();
        out.constant = out.constant.checked_add(other.constant.checked_mul(scale)?)?;
        for (v, c) in &other.terms {
            out.add_term(*v, c.checked_mul(scale)?);
        }
        Some(out)
    }
}

/// What is known: constant values, and bounds (both included) of values.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    constants: FxHashMap<Value, i64>,
    lower: FxHashMap<Value, Linear>,
    upper: FxHashMap<Value, Linear>,
}

impl Facts {
    /// `v == c`.
    pub fn set_constant(&mut self, v: Value, c: i64) {
        self.constants.insert(v, c);
    }

    /// `v >= bound`.
    pub fn set_lower(&mut self, v: Value, bound: Linear) {
        self.lower.insert(v, bound);
    }

    /// `v <= bound`.
    pub fn set_upper(&mut self, v: Value, bound: Linear) {
        self.upper.insert(v, bound);
    }

    /// `v` as a linear form: its constant when known.
    fn value(&self, v: Value) -> Linear {
        match self.constants.get(&v) {
            Some(c) => Linear::constant(*c),
            None => Linear::of(v, 1, 0),
        }
    }

    /// Whether `d <= 0` follows from the facts.
    pub fn proves_non_positive(&self, d: &Linear) -> bool {
        let mut d = d.clone();
        // Each step replaces one bounded value; bounds refer to other
        // values, so a handful of steps suffices (the cap guards cycles).
        for _ in 0..32 {
            let pick = d.terms.iter().find_map(|(v, c)| {
                let bound = if *c > 0 { self.upper.get(v) } else { self.lower.get(v) };
                bound.map(|b| (*v, *c, b))
            });
            let Some((v, c, bound)) = pick else { break };
            let Some(next) = Linear::of(v, -c, 0).plus(&d, 1).and_then(|x| x.plus(&self.constant_folded(bound), c))
            else {
                return false;
            };
            d = next;
        }
        d.terms.is_empty() && d.constant <= 0
    }

    fn constant_folded(&self, l: &Linear) -> Linear {
        let mut out = Linear::constant(l.constant);
        for (v, c) in &l.terms {
            match self.constants.get(v) {
                Some(k) => out.constant = out.constant.saturating_add(c.saturating_mul(*k)),
                None => out.add_term(*v, *c),
            }
        }
        out
    }

    /// Whether the facts contradict themselves where that is visible (a
    /// value whose constant bounds cross): nothing is proved from them then.
    pub fn is_empty(&self) -> bool {
        self.lower.iter().any(|(v, lo)| {
            let (lo, hi) = (self.constant_folded(lo), self.upper.get(v).map(|h| self.constant_folded(h)));
            matches!(hi, Some(hi) if lo.terms.is_empty() && hi.terms.is_empty() && lo.constant > hi.constant)
        })
    }
}

/// Result `i` of `map` over `operands` as a linear form, `None` when it is
/// not a sum of scaled operands and a constant.
fn result_linear(map: &AffineMap, i: usize, operands: &[Value], facts: &Facts) -> Option<Linear> {
    let n = (map.num_dims + map.num_syms) as usize;
    if operands.len() != n {
        return None;
    }
    let mut coeffs = vec![0i64; n + 1];
    if !flatten_linear(&map.results[i], map.num_dims as usize, 1, &mut coeffs) {
        return None;
    }
    let mut l = Linear::constant(coeffs[n]);
    for (v, c) in operands.iter().zip(&coeffs[..n]) {
        if *c != 0 {
            l = l.plus(&facts.value(*v), *c)?;
        }
    }
    Some(l)
}

/// The index of the result an `affine.min` (`affine.max`) always takes
/// under `facts`, if one provably does (the first such).
pub fn always_taken_result(ctx: &Context, op: OpId, facts: &Facts) -> Option<usize> {
    let is_min = MinOp::isa(ctx, op);
    if !is_min && !MaxOp::isa(ctx, op) || facts.is_empty() {
        return None;
    }
    let map = op_map(ctx, op)?;
    let operands = ctx.operands(op);
    let results: Vec<Linear> =
        (0..map.results.len()).map(|i| result_linear(map, i, operands, facts)).collect::<Option<_>>()?;
    (0..results.len()).find(|&k| {
        results.iter().enumerate().all(|(j, r)| {
            if j == k {
                return true;
            }
            let d = if is_min { results[k].plus(r, -1) } else { r.plus(&results[k], -1) };
            d.is_some_and(|d| facts.proves_non_positive(&d))
        })
    })
}

/// Result `k` of the op's map alone, with the constants `facts` knows put
/// in for their operands: the map of the `affine.apply` that replaces the
/// op (its operands are the op's).
pub fn taken_result_map(ctx: &Context, op: OpId, k: usize, facts: &Facts) -> Option<AffineMap> {
    let map = op_map(ctx, op)?;
    let nd = map.num_dims as usize;
    let operands = ctx.operands(op);
    let sub = |i: usize, own: AffineExpr| match facts.constants.get(&operands[i]) {
        Some(c) => AffineExpr::Const(*c),
        None => own,
    };
    let dims: Vec<AffineExpr> = (0..nd).map(|i| sub(i, AffineExpr::Dim(i as u32))).collect();
    let syms: Vec<AffineExpr> = (0..map.num_syms as usize).map(|i| sub(nd + i, AffineExpr::Sym(i as u32))).collect();
    Some(AffineMap {
        num_dims: map.num_dims,
        num_syms: map.num_syms,
        results: vec![map.results[k].replace(&dims, &syms)],
    })
}
