//! Constant bounds of index values: the part of MLIR's
//! `ValueBoundsOpInterface` that asks for a constant lower and upper bound
//! (`[lo, hi]`, both included). Known: constants, `scf.for` / `scf.forall`
//! induction variables, `affine.apply` / `min` / `max` (by interval
//! arithmetic over their maps), `arith.addi` / `subi` / `muli`, and `dim`
//! of a static extent. Anything else has no bound.

use crate::affine::{ceil_div, floor_div, AffineBinOp, AffineExpr};
use crate::context::ValueDef;
use crate::dialects::affine::op_map;
use crate::dialects::pack::constant_int;
use crate::dialects::scf::{forall_bounds, ForOp, ForallOp};
use crate::types::DYNAMIC;
use crate::{Context, Value};

/// How deep the use-def chain is followed.
const MAX_DEPTH: usize = 32;

/// Bounds of an index value, both included; `None` for an end that is
/// not known.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lo: Option<i64>,
    pub hi: Option<i64>,
}

const UNKNOWN: Bounds = Bounds { lo: None, hi: None };

impl Bounds {
    fn exact(c: i64) -> Bounds {
        Bounds { lo: Some(c), hi: Some(c) }
    }

    fn constant(self) -> Option<i64> {
        (self.lo == self.hi).then_some(self.lo).flatten()
    }
}

/// Constant bounds of `v` (each end `None` when not known).
pub fn index_bounds(ctx: &Context, v: Value) -> Bounds {
    bounds(ctx, v, 0)
}

/// A constant upper bound of `v`, if one is known.
pub fn upper_bound(ctx: &Context, v: Value) -> Option<i64> {
    index_bounds(ctx, v).hi
}

fn both(a: Option<i64>, b: Option<i64>, f: impl Fn(i64, i64) -> Option<i64>) -> Option<i64> {
    f(a?, b?)
}

fn bounds(ctx: &Context, v: Value, depth: usize) -> Bounds {
    if depth > MAX_DEPTH {
        return UNKNOWN;
    }
    if let Some(c) = constant_int(ctx, v) {
        return Bounds::exact(c);
    }
    match ctx.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            let Some(op) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else { return UNKNOWN };
            let (lb, ub) = if ForOp::isa(ctx, op) && index == 0 {
                let ops = ctx.operands(op);
                (bounds(ctx, ops[0], depth + 1), bounds(ctx, ops[1], depth + 1))
            } else if ForallOp::isa(ctx, op) {
                let Some(b) = forall_bounds(ctx, op) else { return UNKNOWN };
                let i = index as usize;
                if i >= b.ubs.0.len() {
                    return UNKNOWN;
                }
                let one = |list: &(Vec<i64>, Vec<Value>)| -> Bounds {
                    if list.0[i] != DYNAMIC {
                        return Bounds::exact(list.0[i]);
                    }
                    let k = list.0[..i].iter().filter(|x| **x == DYNAMIC).count();
                    list.1.get(k).map_or(UNKNOWN, |v| bounds(ctx, *v, depth + 1))
                };
                (one(&b.lbs), one(&b.ubs))
            } else {
                return UNKNOWN;
            };
            // The induction variable stays below the upper bound.
            Bounds { lo: lb.lo, hi: ub.hi.and_then(|h| h.checked_sub(1)) }
        }
        ValueDef::Result { op, index } => {
            use crate::dialects::{affine, arith, memref, tensor};
            let operands = ctx.operands(op);
            let (apply, min) = (affine::ApplyOp::isa(ctx, op), affine::MinOp::isa(ctx, op));
            if apply || min || affine::MaxOp::isa(ctx, op) {
                let Some(map) = op_map(ctx, op) else { return UNKNOWN };
                let args: Vec<Bounds> = operands.iter().map(|o| bounds(ctx, *o, depth + 1)).collect();
                let nd = (map.num_dims as usize).min(args.len());
                let results: Vec<Bounds> =
                    map.results.iter().map(|e| expr_bounds(e, &args[..nd], &args[nd..])).collect();
                let known = |f: fn(&Bounds) -> Option<i64>| results.iter().filter_map(f);
                let all = |f: fn(&Bounds) -> Option<i64>| results.iter().map(f).collect::<Option<Vec<i64>>>();
                return if apply {
                    results.get(index as usize).copied().unwrap_or(UNKNOWN)
                } else if min {
                    // min <= each result: any known upper bound bounds it.
                    Bounds { lo: all(|b| b.lo).and_then(|v| v.into_iter().min()), hi: known(|b| b.hi).min() }
                } else {
                    Bounds { lo: known(|b| b.lo).max(), hi: all(|b| b.hi).and_then(|v| v.into_iter().max()) }
                };
            }
            let (add_op, sub_op) = (arith::AddIOp::isa(ctx, op), arith::SubIOp::isa(ctx, op));
            if add_op || sub_op || arith::MulIOp::isa(ctx, op) {
                let (a, b) = (bounds(ctx, operands[0], depth + 1), bounds(ctx, operands[1], depth + 1));
                return if add_op {
                    add(a, b)
                } else if sub_op {
                    Bounds { lo: both(a.lo, b.hi, i64::checked_sub), hi: both(a.hi, b.lo, i64::checked_sub) }
                } else {
                    mul(a, b)
                };
            }
            if memref::DimOp::isa(ctx, op) || tensor::DimOp::isa(ctx, op) {
                let Some(d) = constant_int(ctx, operands[1]) else { return UNKNOWN };
                let s = ctx
                    .value_type_kind(operands[0])
                    .shape()
                    .and_then(|shape| shape.get(usize::try_from(d).ok()?).copied());
                return match s {
                    Some(s) if s != DYNAMIC => Bounds::exact(s),
                    _ => Bounds { lo: Some(0), hi: None },
                };
            }
            UNKNOWN
        }
        ValueDef::Detached => UNKNOWN,
    }
}

fn add(a: Bounds, b: Bounds) -> Bounds {
    Bounds { lo: both(a.lo, b.lo, i64::checked_add), hi: both(a.hi, b.hi, i64::checked_add) }
}

fn mul(a: Bounds, b: Bounds) -> Bounds {
    let scale = |x: Bounds, c: i64| {
        let (l, h) = (x.lo.and_then(|v| v.checked_mul(c)), x.hi.and_then(|v| v.checked_mul(c)));
        if c >= 0 {
            Bounds { lo: l, hi: h }
        } else {
            Bounds { lo: h, hi: l }
        }
    };
    if let Some(c) = b.constant() {
        return scale(a, c);
    }
    if let Some(c) = a.constant() {
        return scale(b, c);
    }
    let (Some(a0), Some(a1), Some(b0), Some(b1)) = (a.lo, a.hi, b.lo, b.hi) else { return UNKNOWN };
    let products = [a0.checked_mul(b0), a0.checked_mul(b1), a1.checked_mul(b0), a1.checked_mul(b1)];
    let Some(products) = products.into_iter().collect::<Option<Vec<i64>>>() else { return UNKNOWN };
    Bounds { lo: products.iter().min().copied(), hi: products.iter().max().copied() }
}

/// The bounds of an affine expression over dims and symbols of the given
/// bounds.
fn expr_bounds(e: &AffineExpr, dims: &[Bounds], syms: &[Bounds]) -> Bounds {
    match e {
        AffineExpr::Const(c) => Bounds::exact(*c),
        AffineExpr::Dim(i) => dims.get(*i as usize).copied().unwrap_or(UNKNOWN),
        AffineExpr::Sym(i) => syms.get(*i as usize).copied().unwrap_or(UNKNOWN),
        AffineExpr::Bin(op, l, r) => {
            let a = expr_bounds(l, dims, syms);
            let b = expr_bounds(r, dims, syms);
            match op {
                AffineBinOp::Add => add(a, b),
                AffineBinOp::Mul => mul(a, b),
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod => {
                    // Affine maps divide by positive constants.
                    let Some(c) = b.constant().filter(|c| *c > 0) else { return UNKNOWN };
                    match op {
                        AffineBinOp::FloorDiv => {
                            Bounds { lo: a.lo.map(|v| floor_div(v, c)), hi: a.hi.map(|v| floor_div(v, c)) }
                        }
                        AffineBinOp::CeilDiv => {
                            Bounds { lo: a.lo.map(|v| ceil_div(v, c)), hi: a.hi.map(|v| ceil_div(v, c)) }
                        }
                        _ => match (a.lo, a.hi) {
                            (Some(l), Some(h)) if l >= 0 && h < c => a,
                            _ => Bounds { lo: Some(0), hi: Some(c - 1) },
                        },
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn affine_min_of_a_loop_tile_is_bounded_by_the_step() {
        use crate::parser::{parse_module, BufferStart};
        let src = "func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c4 = arith.constant 4 : index
  %r:3 = scf.for %i = %c0 to %c10 step %c4 iter_args(%a = %c0, %b = %c0, %c = %c0) -> (index, index, index) {
    %m = affine.min affine_map<(d0) -> (-d0 + 10, 4)>(%i)
    %t = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%m)
    %u = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%m)[%n]
    scf.yield %m, %t, %u : index, index, index
  }
  return
}";
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, src, "t.mlir", BufferStart::default()).expect("parse").module;
        let y = ctx.nested_ops(m).into_iter().find(|o| crate::dialects::scf::YieldOp::isa(&ctx, *o)).expect("yield");
        let vals = ctx.operands(y).to_vec();
        let b = |v| index_bounds(&ctx, v);
        assert_eq!(b(vals[0]), Bounds { lo: Some(1), hi: Some(4) });
        assert_eq!(b(vals[1]), Bounds { lo: Some(3), hi: Some(9) });
        // min(%m, %n) with %n unknown: still at most 4, no lower bound.
        assert_eq!(b(vals[2]), Bounds { lo: None, hi: Some(4) });
    }
}
