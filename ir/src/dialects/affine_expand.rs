//! MLIR's `affine::expandAffineExpr` (its `AffineApplyExpander`): an
//! affine expression as `arith` ops on `index` values, op for op as MLIR
//! builds them (what `-lower-affine` makes of an `affine.apply`, and what
//! the vectorizer makes of one in a `linalg.generic` body).
//!
//! - `a + b` is `arith.addi`, `a * b` is `arith.muli ... overflow<nsw>`;
//! - `a mod c` is `remsi`, then `rem < 0 ? rem + c : rem`;
//! - `a floordiv c` divides `a < 0 ? -1 - a : a` and maps the quotient `q`
//!   back to `-1 - q` for negative `a`;
//! - `a ceildiv c` divides `a <= 0 ? -a : a - 1` and gives `-q` or `q + 1`;
//!
//! with `c` a positive constant (anything else is not expanded, as MLIR
//! refuses it).

use crate::affine::{AffineBinOp, AffineExpr};
use crate::attrs::AttrKind;
use crate::builder::Builder;
use crate::dialects::arith::{AddIOp, CmpIOp, DivSIOp, MulIOp, RemSIOp, SelectOp, SubIOp};
use crate::{Type, Value};

/// `arith.cmpi` predicates.
const SLT: i128 = 2;
const SLE: i128 = 3;

fn constant(b: &mut Builder<'_>, v: i64) -> Value {
    let index = b.ctx.index_type();
    b.int_const_here(v as i128, index)
}

fn cmpi(b: &mut Builder<'_>, predicate: i128, lhs: Value, rhs: Value) -> Value {
    let (i1, i64t) = (b.ctx.int_type(1), b.ctx.int_type(64));
    let p = b.ctx.int_attr(predicate, i64t);
    CmpIOp::create(b, lhs, rhs, Some(p), &[i1], vec![]).result(b.ctx)
}

fn select(b: &mut Builder<'_>, cond: Value, t: Value, f: Value, ty: Type) -> Value {
    SelectOp::create(b, cond, t, f, &[ty], vec![]).result(b.ctx)
}

/// Expands `expr` over `dims` and `syms` at the builder's insertion point;
/// `None` for a `mod` / `floordiv` / `ceildiv` by anything but a positive
/// constant.
pub fn expand_affine_expr(b: &mut Builder<'_>, expr: &AffineExpr, dims: &[Value], syms: &[Value]) -> Option<Value> {
    let index = b.ctx.index_type();
    match expr {
        AffineExpr::Dim(d) => dims.get(*d as usize).copied(),
        AffineExpr::Sym(s) => syms.get(*s as usize).copied(),
        AffineExpr::Const(c) => Some(constant(b, *c)),
        AffineExpr::Bin(op, l, r) => {
            let positive_rhs = matches!(**r, AffineExpr::Const(c) if c > 0);
            if matches!(op, AffineBinOp::Mod | AffineBinOp::FloorDiv | AffineBinOp::CeilDiv) && !positive_rhs {
                return None;
            }
            let lhs = expand_affine_expr(b, l, dims, syms)?;
            let rhs = expand_affine_expr(b, r, dims, syms)?;
            Some(match op {
                AffineBinOp::Add => AddIOp::create(b, lhs, rhs, None, None, &[index], vec![]).result(b.ctx),
                AffineBinOp::Mul => {
                    let arith = b.ctx.sym("arith");
                    let nsw = b.ctx.attr(AttrKind::Opaque { dialect: arith, text: "overflow<nsw>".to_string() });
                    MulIOp::create(b, lhs, rhs, Some(nsw), None, &[index], vec![]).result(b.ctx)
                }
                AffineBinOp::Mod => {
                    let rem = RemSIOp::create(b, lhs, rhs, None, None, &[index], vec![]).result(b.ctx);
                    let zero = constant(b, 0);
                    let negative = cmpi(b, SLT, rem, zero);
                    let corrected = AddIOp::create(b, rem, rhs, None, None, &[index], vec![]).result(b.ctx);
                    select(b, negative, corrected, rem, index)
                }
                AffineBinOp::FloorDiv => {
                    let zero = constant(b, 0);
                    let minus_one = constant(b, -1);
                    let negative = cmpi(b, SLT, lhs, zero);
                    let flipped = SubIOp::create(b, minus_one, lhs, None, None, &[index], vec![]).result(b.ctx);
                    let dividend = select(b, negative, flipped, lhs, index);
                    let q = DivSIOp::create(b, dividend, rhs, None, None, &[index], vec![]).result(b.ctx);
                    let back = SubIOp::create(b, minus_one, q, None, None, &[index], vec![]).result(b.ctx);
                    select(b, negative, back, q, index)
                }
                AffineBinOp::CeilDiv => {
                    let zero = constant(b, 0);
                    let one = constant(b, 1);
                    let non_positive = cmpi(b, SLE, lhs, zero);
                    let negated = SubIOp::create(b, zero, lhs, None, None, &[index], vec![]).result(b.ctx);
                    let decremented = SubIOp::create(b, lhs, one, None, None, &[index], vec![]).result(b.ctx);
                    let dividend = select(b, non_positive, negated, decremented, index);
                    let q = DivSIOp::create(b, dividend, rhs, None, None, &[index], vec![]).result(b.ctx);
                    let neg_q = SubIOp::create(b, zero, q, None, None, &[index], vec![]).result(b.ctx);
                    let inc_q = AddIOp::create(b, q, one, None, None, &[index], vec![]).result(b.ctx);
                    select(b, non_positive, neg_q, inc_q, index)
                }
            })
        }
    }
}
