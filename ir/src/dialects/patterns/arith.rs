//! Integer arithmetic on constants, and `x + 0`, `x * 1`, `x - 0`, `x / 1`.

use crate::dialects::arith::*;
use crate::dialects::pack::constant_int;
use crate::registry::OpDef;
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::{Context, OpId, Type};

/// How an integer binary op folds: on two constants, and which constant
/// operand makes it the identity (`(rhs, lhs)`: `x op rhs == x`,
/// `lhs op x == x`).
struct IntFold {
    def: &'static OpDef,
    eval: fn(i64, i64) -> Option<i64>,
    identity: (Option<i64>, Option<i64>),
}

/// The integer binary ops that fold, keyed by op.
static INT_FOLDS: &[IntFold] = &[
    IntFold { def: &ADDI, eval: i64::checked_add, identity: (Some(0), Some(0)) },
    IntFold { def: &SUBI, eval: i64::checked_sub, identity: (Some(0), None) },
    IntFold { def: &MULI, eval: i64::checked_mul, identity: (Some(1), Some(1)) },
    IntFold { def: &DIVSI, eval: i64::checked_div, identity: (Some(1), None) },
    IntFold { def: &DIVUI, eval: i64::checked_div, identity: (Some(1), None) },
    IntFold { def: &REMSI, eval: i64::checked_rem, identity: (None, None) },
    IntFold { def: &REMUI, eval: i64::checked_rem, identity: (None, None) },
    IntFold { def: &MINSI, eval: |a, b| Some(a.min(b)), identity: (None, None) },
    IntFold { def: &MINUI, eval: |a, b| Some(a.min(b)), identity: (None, None) },
    IntFold { def: &MAXSI, eval: |a, b| Some(a.max(b)), identity: (None, None) },
    IntFold { def: &MAXUI, eval: |a, b| Some(a.max(b)), identity: (None, None) },
    IntFold {
        def: &CEILDIVSI,
        eval: |a, b| (b != 0 && !crate::affine::div_overflows(a, b)).then(|| crate::affine::ceil_div(a, b)),
        identity: (None, None),
    },
    IntFold {
        def: &FLOORDIVSI,
        eval: |a, b| (b != 0 && !crate::affine::div_overflows(a, b)).then(|| crate::affine::floor_div(a, b)),
        identity: (None, None),
    },
];

/// Folds an integer binary op listed in `INT_FOLDS`.
pub fn fold_int_binary(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(fold) = ctx.def_of(op).and_then(|d| INT_FOLDS.iter().find(|f| std::ptr::eq(f.def, d))) else {
        return false;
    };
    let ty = match ctx.results(op).first() {
        Some(r) => ctx.value_type(*r),
        None => return false,
    };
    if !matches!(ctx.type_kind(ty), TypeKind::Index | TypeKind::Integer { .. }) {
        return false;
    }
    let [lhs, rhs] = ctx.operands(op) else { return false };
    let (lhs, rhs) = (*lhs, *rhs);
    let (a, b) = (constant_int(ctx, lhs), constant_int(ctx, rhs));
    if let (Some(a), Some(b)) = (a, b) {
        if let Some(v) = (fold.eval)(a, b) {
            if matches!(ctx.type_kind(ty), TypeKind::Index) || fits(ctx, ty, v) {
                rw.replace_op_with_constant(op, v);
                return true;
            }
        }
    }
    let same = if b.is_some() && b == fold.identity.0 {
        Some(lhs)
    } else if a.is_some() && a == fold.identity.1 {
        Some(rhs)
    } else {
        None
    };
    if let Some(v) = same {
        rw.replace_op(op, &[v]);
        return true;
    }
    false
}

fn fits(ctx: &Context, ty: Type, v: i64) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } if *width < 64 => {
            let w = *width;
            v >= -(1i64 << (w - 1)) && v < (1i64 << w)
        }
        _ => true,
    }
}
