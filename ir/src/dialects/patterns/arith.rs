//! Integer arithmetic on constants (wrapping at the type's width, as
//! MLIR's `APInt` folds do), `x + 0`, `x * 1`, `x * 0`, `x - x`, `(a - b) + b`
//! and the rest of MLIR's integer folds, constants moved right in
//! commutative ops, and MLIR's reassociation of integer constants.

use crate::dialects::arith::*;
use crate::dialects::pack::constant_int;
use crate::registry::OpDef;
use crate::rewriter::Rewriter;
use crate::types::TypeKind;
use crate::OpId;

/// How an integer binary op folds: on two constants (`eval` on the
/// operands' values at the type's width, see [`Width`]), and which constant
/// operand makes it the identity (`(rhs, lhs)`: `x op rhs == x`,
/// `lhs op x == x`).
struct IntFold {
    def: &'static OpDef,
    eval: fn(Width, i128, i128) -> Option<i128>,
    identity: (Option<i64>, Option<i64>),
}

/// The bit width of an integer or index type (index: 64 bits), for
/// folding as MLIR's `APInt` arithmetic does: results wrap, unsigned ops
/// read the bits as unsigned.
#[derive(Copy, Clone)]
struct Width(u32);

impl Width {
    /// `v` truncated to the width and sign-extended back (how MLIR prints
    /// an integer constant: `200 : i8` is `-56`).
    fn wrap(self, v: i128) -> i128 {
        let shift = 128 - self.0;
        (v << shift) >> shift
    }

    /// The width's bits of `v`, read as unsigned.
    fn unsigned(self, v: i128) -> i128 {
        v & ((1i128 << self.0) - 1)
    }

    /// `v` if it is a signed value of this width (an op whose exact result
    /// does not fit, `INT_MIN / -1`, is not folded, as in MLIR).
    fn exact(self, v: i128) -> Option<i128> {
        (self.wrap(v) == v).then_some(v)
    }
}

/// `floor(a / b)` on exact integers (`b != 0`).
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// The integer binary ops that fold, keyed by op.
static INT_FOLDS: &[IntFold] = &[
    IntFold { def: &ADDI, eval: |w, a, b| Some(w.wrap(a + b)), identity: (Some(0), Some(0)) },
    IntFold { def: &SUBI, eval: |w, a, b| Some(w.wrap(a - b)), identity: (Some(0), None) },
    IntFold { def: &MULI, eval: |w, a, b| Some(w.wrap(a * b)), identity: (Some(1), Some(1)) },
    IntFold { def: &DIVSI, eval: |w, a, b| if b == 0 { None } else { w.exact(a / b) }, identity: (Some(1), None) },
    IntFold {
        def: &DIVUI,
        eval: |w, a, b| (w.unsigned(b) != 0).then(|| w.wrap(w.unsigned(a) / w.unsigned(b))),
        identity: (Some(1), None),
    },
    IntFold { def: &REMSI, eval: |_, a, b| (b != 0).then(|| a % b), identity: (None, None) },
    IntFold {
        def: &REMUI,
        eval: |w, a, b| (w.unsigned(b) != 0).then(|| w.wrap(w.unsigned(a) % w.unsigned(b))),
        identity: (None, None),
    },
    IntFold { def: &MINSI, eval: |_, a, b| Some(a.min(b)), identity: (None, None) },
    IntFold {
        def: &MINUI,
        eval: |w, a, b| Some(if w.unsigned(a) <= w.unsigned(b) { a } else { b }),
        identity: (None, None),
    },
    IntFold { def: &MAXSI, eval: |_, a, b| Some(a.max(b)), identity: (None, None) },
    IntFold {
        def: &MAXUI,
        eval: |w, a, b| Some(if w.unsigned(a) >= w.unsigned(b) { a } else { b }),
        identity: (None, None),
    },
    IntFold {
        def: &CEILDIVSI,
        eval: |w, a, b| if b == 0 { None } else { w.exact(-floor_div(-a, b)) },
        identity: (None, None),
    },
    IntFold { def: &ANDI, eval: |_, a, b| Some(a & b), identity: (Some(-1), Some(-1)) },
    IntFold { def: &ORI, eval: |_, a, b| Some(a | b), identity: (Some(0), Some(0)) },
    IntFold { def: &XORI, eval: |_, a, b| Some(a ^ b), identity: (Some(0), Some(0)) },
    // A shift by the width or more is poison: not folded.
    IntFold {
        def: &SHLI,
        eval: |w, a, b| (0..i128::from(w.0)).contains(&w.unsigned(b)).then(|| w.wrap(a << w.unsigned(b))),
        identity: (Some(0), None),
    },
    IntFold {
        def: &SHRSI,
        eval: |w, a, b| (0..i128::from(w.0)).contains(&w.unsigned(b)).then(|| a >> w.unsigned(b)),
        identity: (Some(0), None),
    },
    IntFold {
        def: &SHRUI,
        eval: |w, a, b| (0..i128::from(w.0)).contains(&w.unsigned(b)).then(|| w.wrap(w.unsigned(a) >> w.unsigned(b))),
        identity: (Some(0), None),
    },
    IntFold {
        def: &FLOORDIVSI,
        eval: |w, a, b| if b == 0 { None } else { w.exact(floor_div(a, b)) },
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
    // A vector of integers folds too, without constants (equal operands,
    // cancellations); a constant result is a splat.
    let (width, vector) = match ctx.type_kind(ty) {
        TypeKind::Index => (Width(64), false),
        TypeKind::Integer { width, .. } => (Width(*width), false),
        TypeKind::Vector { elem, .. } => match ctx.type_kind(*elem) {
            TypeKind::Index => (Width(64), true),
            TypeKind::Integer { width, .. } => (Width(*width), true),
            _ => return false,
        },
        _ => return false,
    };
    let [lhs, rhs] = ctx.operands(op) else { return false };
    let (lhs, rhs) = (*lhs, *rhs);
    if vector {
        if let Some(folded) = fold_dense_int_operands(ctx, fold, width, lhs, rhs) {
            rw.set_insertion_point_before(op);
            let attr = rw.ctx.attr(crate::attrs::AttrKind::Dense { ty, data: folded });
            let v = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
            rw.replace_op(op, &[v]);
            return true;
        }
        // A splat constant on the right acts as its element.
        let splat = crate::dialects::arith::ConstantOp::defining(ctx, rhs).and_then(|c| c.value(ctx)).and_then(|a| {
            match ctx.attr_kind(a) {
                crate::attrs::AttrKind::Dense {
                    data: crate::attrs::DenseData::Splat(crate::attrs::DenseElement::Int(v)),
                    ..
                } => Some(width.wrap(*v)),
                _ => None,
            }
        });
        // A splat of the right identity (`x + 0`, `x ^ 0`, `x * 1`, ...).
        if splat.is_some() && splat == fold.identity.0.map(i128::from) {
            rw.replace_op(op, &[lhs]);
            return true;
        }
        match fold_int_without_constants(rw.ctx, fold.def, width, lhs, rhs, splat) {
            Some(Folded::Value(v)) => rw.replace_op(op, &[v]),
            Some(Folded::Constant(c)) => {
                rw.set_insertion_point_before(op);
                let data = crate::attrs::DenseData::Splat(crate::attrs::DenseElement::Int(c as i128));
                let attr = rw.ctx.attr(crate::attrs::AttrKind::Dense { ty, data });
                let v = crate::dialects::arith::ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
                rw.replace_op(op, &[v]);
            }
            None => return !is_shift(fold.def) && fold_poison_operand(rw, op),
        }
        return true;
    }
    // Wider integers than 64 bits are not read as constants here.
    let (a, b) = if (1..=64).contains(&width.0) {
        let read = |v| {
            constant_int(ctx, v)
                .or_else(|| constant_condition(ctx, v).map(i64::from))
                .map(|c| width.wrap(i128::from(c)))
        };
        (read(lhs), read(rhs))
    } else {
        (None, None)
    };
    // The right identity first, as 22's folds check it before folding
    // constants (`addi %c42, %c0` is `%c42` itself, not a new constant).
    // (`subi %x, %x` is a new zero first.)
    let same_subi = lhs == rhs && std::ptr::eq(fold.def, &SUBI);
    if b.is_some() && b == fold.identity.0.map(i128::from) && !same_subi {
        rw.replace_op(op, &[lhs]);
        return true;
    }
    // `x * 0` and `x & 0` are the zero on the right, that value itself.
    if b == Some(0) && (std::ptr::eq(fold.def, &MULI) || std::ptr::eq(fold.def, &ANDI)) {
        rw.replace_op(op, &[rhs]);
        return true;
    }
    if let (Some(a), Some(b)) = (a, b) {
        if let Some(v) = (fold.eval)(width, a, b).and_then(|v| i64::try_from(v).ok()) {
            rw.replace_op_with_constant(op, v);
            return true;
        }
    }
    if a.is_some() && a == fold.identity.1.map(i128::from) {
        rw.replace_op(op, &[rhs]);
        return true;
    }
    match fold_int_without_constants(rw.ctx, fold.def, width, lhs, rhs, b) {
        Some(Folded::Value(v)) => rw.replace_op(op, &[v]),
        Some(Folded::Constant(c)) => rw.replace_op_with_constant(op, c),
        None => return !is_shift(fold.def) && fold_poison_operand(rw, op),
    }
    true
}

/// The shifts, whose folds do not propagate poison (22 leaves
/// `shli %x, %poison` alone).
fn is_shift(def: &OpDef) -> bool {
    [&SHLI, &SHRSI, &SHRUI].iter().any(|d| std::ptr::eq(*d, def))
}

/// 22's `constFold*` helpers on a poison operand: the result is poison
/// (a `ub.poison` of the result type), whatever the other operands are.
pub fn fold_poison_operand(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use crate::dialects::ub::{poison_attr, PoisonOp};
    let ctx = &*rw.ctx;
    let poisoned = ctx.operands(op).iter().any(|v| ctx.defining_op(*v).is_some_and(|d| PoisonOp::isa(ctx, d)));
    let [result] = ctx.results(op) else { return false };
    if !poisoned {
        return false;
    }
    let ty = ctx.value_type(*result);
    rw.set_insertion_point_before(op);
    let attr = poison_attr(rw.ctx);
    let p = PoisonOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[p]);
    true
}

/// Two `dense` integer vector constants combined element by element
/// (`constFoldBinaryOp`): a splat when every result is the same, nothing
/// when one element does not fold (a division by zero).
fn fold_dense_int_operands(
    ctx: &crate::Context,
    fold: &IntFold,
    width: Width,
    lhs: crate::Value,
    rhs: crate::Value,
) -> Option<crate::attrs::DenseData> {
    use super::vector_constant::dense_of;
    use crate::attrs::DenseElement;
    let ((ty, a), (_, b)) = (dense_of(ctx, lhs)?, dense_of(ctx, rhs)?);
    let n = ctx.type_kind(ty).shape().map(|s| s.iter().product::<i64>())? as usize;
    let (a, b) = (super::constants::elements(&a, n)?, super::constants::elements(&b, n)?);
    let values = a
        .iter()
        .zip(&b)
        .map(|(x, y)| match (x, y) {
            (DenseElement::Int(x), DenseElement::Int(y)) => {
                (fold.eval)(width, width.wrap(*x), width.wrap(*y)).map(|v| DenseElement::Int(width.wrap(v)))
            }
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(super::constants::dense_data(values))
}

/// What an op folds to: one of the values there, or a new constant.
enum Folded {
    Value(crate::Value),
    Constant(i64),
}

/// The folds of MLIR's integer ops that need at most one constant
/// operand: an absorbing constant (`x * 0`, `x & 0`, `x | -1`, `x % 1`,
/// `minsi(x, INT_MIN)`, ...), equal operands (`x - x`, `x ^ x`, `x & x`,
/// `minsi(x, x)`, ...), cancellations (`(a - b) + b`, `(a + b) - b`) and
/// `and(a, and(a, b))`.
fn fold_int_without_constants(
    ctx: &crate::Context,
    def: &OpDef,
    w: Width,
    lhs: crate::Value,
    rhs: crate::Value,
    b: Option<i128>,
) -> Option<Folded> {
    let is = |d: &OpDef| std::ptr::eq(def, d);
    let (min, max, umax) = (w.wrap(1 << (w.0 - 1)), w.wrap((1 << (w.0 - 1)) - 1), -1);
    // An absorbing constant on the right (the commutative ops have their
    // constants there once folded).
    if let Some(c) = b {
        let absorbs = ((is(&MULI) || is(&ANDI)) && c == 0)
            || (is(&ORI) && c == umax)
            || (is(&MINUI) && c == 0)
            || (is(&MAXUI) && c == umax)
            || (is(&MINSI) && c == min)
            || (is(&MAXSI) && c == max);
        if absorbs {
            return Some(Folded::Value(rhs));
        }
        let neutral =
            (is(&MINUI) && c == umax) || (is(&MAXUI) && c == 0) || (is(&MINSI) && c == max) || (is(&MAXSI) && c == min);
        if neutral {
            return Some(Folded::Value(lhs));
        }
        if (is(&REMSI) || is(&REMUI)) && c == 1 {
            return Some(Folded::Constant(0));
        }
    }
    if lhs == rhs {
        if is(&SUBI) || is(&XORI) {
            return Some(Folded::Constant(0));
        }
        if is(&ANDI) || is(&ORI) || is(&MINSI) || is(&MAXSI) || is(&MINUI) || is(&MAXUI) {
            return Some(Folded::Value(lhs));
        }
    }
    let defined_by = |v: crate::Value, d: &OpDef| {
        ctx.defining_op(v).filter(|o| ctx.def_of(*o).is_some_and(|x| std::ptr::eq(x, d))).map(|o| {
            let ops = ctx.operands(o);
            (ops[0], ops[1])
        })
    };
    if is(&ADDI) {
        // (a - b) + b -> a; b + (a - b) -> a.
        if let Some((x, y)) = defined_by(lhs, &SUBI) {
            if y == rhs {
                return Some(Folded::Value(x));
            }
        }
        if let Some((x, y)) = defined_by(rhs, &SUBI) {
            if y == lhs {
                return Some(Folded::Value(x));
            }
        }
    }
    if is(&ANDI) {
        // and(a, and(a, b)) -> and(a, b), either way round.
        for (outer, other) in [(lhs, rhs), (rhs, lhs)] {
            if let Some((x, y)) = defined_by(other, &ANDI) {
                if x == outer || y == outer {
                    return Some(Folded::Value(other));
                }
            }
        }
    }
    if is(&XORI) {
        // xor(xor(x, a), a) -> x and its mirrors.
        if let Some((x, y)) = defined_by(lhs, &XORI) {
            if y == rhs {
                return Some(Folded::Value(x));
            }
            if x == rhs {
                return Some(Folded::Value(y));
            }
        }
        if let Some((x, y)) = defined_by(rhs, &XORI) {
            if y == lhs {
                return Some(Folded::Value(x));
            }
            if x == lhs {
                return Some(Folded::Value(y));
            }
        }
    }
    if is(&SUBI) {
        // (a + b) - b -> a; (a + b) - a -> b.
        if let Some((x, y)) = defined_by(lhs, &ADDI) {
            if y == rhs {
                return Some(Folded::Value(x));
            }
            if x == rhs {
                return Some(Folded::Value(y));
            }
        }
    }
    None
}

/// The commutative arith ops (MLIR's `Commutative` trait).
static COMMUTATIVE: &[&OpDef] = &[
    &ADDI, &MULI, &ANDI, &ORI, &XORI, &MAXSI, &MAXUI, &MINSI, &MINUI, &ADDF, &MULF, &MAXIMUMF, &MINIMUMF, &MAXNUMF,
    &MINNUMF,
];

/// Whether `v` is the result of a constant-like op.
fn is_constant(ctx: &crate::Context, v: crate::Value) -> bool {
    ctx.defining_op(v).and_then(|o| ctx.def_of(o)).is_some_and(|d| d.has(crate::registry::traits::CONSTANT_LIKE))
}

/// MLIR's fold of a commutative op (`OpTrait::impl::foldCommutative`): a
/// constant left operand moves to the right, in place.
pub fn fold_commutative(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !ctx.def_of(op).is_some_and(|d| COMMUTATIVE.iter().any(|c| std::ptr::eq(*c, d))) {
        return false;
    }
    let &[lhs, rhs] = ctx.operands(op) else { return false };
    if !is_constant(ctx, lhs) || is_constant(ctx, rhs) {
        return false;
    }
    rw.set_operand(op, 0, rhs);
    rw.set_operand(op, 1, lhs);
    true
}

/// Integer add, sub and mul, for [`reassociate_constants`].
#[derive(Copy, Clone, PartialEq, Eq)]
enum IntOp {
    Add,
    Sub,
    Mul,
}

/// An `arith.addi`/`subi`/`muli` read for reassociation: kind, operands and
/// overflow flags (`nsw`, `nuw`).
struct IntBinary {
    kind: IntOp,
    lhs: crate::Value,
    rhs: crate::Value,
    flags: (bool, bool),
}

fn int_binary(ctx: &crate::Context, op: OpId) -> Option<IntBinary> {
    let def = ctx.def_of(op)?;
    let kind = [(&ADDI, IntOp::Add), (&SUBI, IntOp::Sub), (&MULI, IntOp::Mul)]
        .into_iter()
        .find(|(d, _)| std::ptr::eq(*d, def))?
        .1;
    let &[lhs, rhs] = ctx.operands(op) else { return None };
    let flags = match ctx.get_attr(op, "overflowFlags").map(|a| ctx.attr_kind(a)) {
        Some(crate::attrs::AttrKind::Opaque { text, .. }) => (text.contains("nsw"), text.contains("nuw")),
        _ => (false, false),
    };
    Some(IntBinary { kind, lhs, rhs, flags })
}

/// What [`reassociate_constants`] makes: `kind(x, constant)`, or
/// `kind(constant, x)` when `constant_first`, with overflow `flags`.
struct Reassociated {
    constant: i128,
    kind: IntOp,
    constant_first: bool,
    x: crate::Value,
    flags: (bool, bool),
}

impl Reassociated {
    /// `kind(x, constant)`.
    fn right(kind: IntOp, x: crate::Value, constant: i128, flags: (bool, bool)) -> Option<Self> {
        Some(Reassociated { constant, kind, constant_first: false, x, flags })
    }

    /// `kind(constant, x)`.
    fn left(kind: IntOp, constant: i128, x: crate::Value, flags: (bool, bool)) -> Option<Self> {
        Some(Reassociated { constant, kind, constant_first: true, x, flags })
    }
}

/// MLIR's arith reassociation canonicalizations (`ArithCanonicalization.td`)
/// for a scalar integer or index `addi`, `subi` or `muli` with constants:
///
/// | op | becomes | overflow flags |
/// | --- | --- | --- |
/// | `addi(addi(x, c0), c1)` | `addi(x, c0 + c1)` | both ops' in common |
/// | `addi(subi(x, c0), c1)` | `addi(x, c1 - c0)` | both ops' in common |
/// | `addi(subi(c0, x), c1)` | `subi(c0 + c1, x)` | both ops' in common |
/// | `addi(x, muli(y, -1))`, `addi(muli(y, -1), x)` | `subi(x, y)` | none |
/// | `muli(muli(x, c0), c1)` | `muli(x, c0 * c1)` | both ops' in common |
/// | `subi(addi(x, c0), c1)` | `addi(x, c0 - c1)` | none |
/// | `subi(c1, addi(x, c0))` | `subi(c1 - c0, x)` | both ops' in common |
/// | `subi(subi(x, c0), c1)` | `subi(x, c0 + c1)` | both ops' in common |
/// | `subi(subi(c0, x), c1)` | `subi(c0 - c1, x)` | both ops' in common |
/// | `subi(c1, subi(x, c0))` | `subi(c0 + c1, x)` | both ops' in common |
/// | `subi(c1, subi(c0, x))` | `addi(x, c1 - c0)` | both ops' in common |
/// | `subi(subi(a, b), a)` | `subi(0, b)` | both ops' in common |
///
/// The inner op stays when it has other uses. Constants wrap at the type's
/// width; the new constant is made right before the op, as the pattern
/// rewriter makes it.
pub fn reassociate_constants(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(root) = int_binary(ctx, op) else { return false };
    let ty = ctx.value_type(ctx.result(op, 0));
    let width = match ctx.type_kind(ty) {
        TypeKind::Index => Width(64),
        TypeKind::Integer { width, .. } if (1..=64).contains(width) => Width(*width),
        _ => return false,
    };
    let constant = |v| constant_int(ctx, v).map(|c| width.wrap(i128::from(c)));
    let inner = |v| ctx.defining_op(v).and_then(|o| int_binary(ctx, o));
    let merged = |a: (bool, bool), b: (bool, bool)| (a.0 && b.0, a.1 && b.1);
    let rewrite: Option<Reassociated> = match root.kind {
        IntOp::Add => {
            if let (Some(c1), Some(i)) = (constant(root.rhs), inner(root.lhs)) {
                let flags = merged(i.flags, root.flags);
                match (i.kind, constant(i.lhs), constant(i.rhs)) {
                    (IntOp::Add, _, Some(c0)) => Reassociated::right(IntOp::Add, i.lhs, c0 + c1, flags),
                    (IntOp::Sub, _, Some(c0)) => Reassociated::right(IntOp::Add, i.lhs, c1 - c0, flags),
                    (IntOp::Sub, Some(c0), None) => Reassociated::left(IntOp::Sub, c0 + c1, i.rhs, flags),
                    _ => None,
                }
            } else {
                None
            }
        }
        IntOp::Mul => match (constant(root.rhs), inner(root.lhs)) {
            (Some(c1), Some(i)) if i.kind == IntOp::Mul => constant(i.rhs)
                .and_then(|c0| Reassociated::right(IntOp::Mul, i.lhs, c0 * c1, merged(i.flags, root.flags))),
            _ => None,
        },
        IntOp::Sub => {
            let merged_with = |i: &IntBinary| merged(i.flags, root.flags);
            match (constant(root.lhs), constant(root.rhs)) {
                (None, Some(c1)) => inner(root.lhs).and_then(|i| match (i.kind, constant(i.lhs), constant(i.rhs)) {
                    (IntOp::Add, _, Some(c0)) => Reassociated::right(IntOp::Add, i.lhs, c0 - c1, (false, false)),
                    (IntOp::Sub, _, Some(c0)) => Reassociated::right(IntOp::Sub, i.lhs, c0 + c1, merged_with(&i)),
                    (IntOp::Sub, Some(c0), None) => Reassociated::left(IntOp::Sub, c0 - c1, i.rhs, merged_with(&i)),
                    _ => None,
                }),
                (Some(c1), None) => inner(root.rhs).and_then(|i| match (i.kind, constant(i.lhs), constant(i.rhs)) {
                    (IntOp::Add, _, Some(c0)) => Reassociated::left(IntOp::Sub, c1 - c0, i.lhs, merged_with(&i)),
                    (IntOp::Sub, _, Some(c0)) => Reassociated::left(IntOp::Sub, c0 + c1, i.lhs, merged_with(&i)),
                    (IntOp::Sub, Some(c0), None) => Reassociated::right(IntOp::Add, i.rhs, c1 - c0, merged_with(&i)),
                    _ => None,
                }),
                (None, None) => inner(root.lhs)
                    .filter(|i| i.kind == IntOp::Sub && i.lhs == root.rhs)
                    .and_then(|i| Reassociated::left(IntOp::Sub, 0, i.rhs, merged_with(&i))),
                _ => None,
            }
        }
    };
    if let Some(r) = rewrite {
        let Ok(c) = i64::try_from(width.wrap(r.constant)) else { return false };
        rw.set_insertion_point_before(op);
        let c = rw.int_const_here(i128::from(c), ty);
        let (lhs, rhs) = if r.constant_first { (c, r.x) } else { (r.x, c) };
        replace_with_binary(rw, op, r.kind, lhs, rhs, r.flags);
        return true;
    }
    // addi(x, muli(y, -1)) and addi(muli(y, -1), x) -> subi(x, y).
    if root.kind == IntOp::Add {
        let negated = |v| inner(v).filter(|i| i.kind == IntOp::Mul && constant(i.rhs) == Some(-1)).map(|i| i.lhs);
        let found = match (negated(root.rhs), negated(root.lhs)) {
            (Some(y), _) => Some((root.lhs, y)),
            (None, Some(y)) => Some((root.rhs, y)),
            _ => None,
        };
        if let Some((x, y)) = found {
            rw.set_insertion_point_before(op);
            replace_with_binary(rw, op, IntOp::Sub, x, y, (false, false));
            return true;
        }
    }
    false
}

/// Replaces `op` with a new `kind` op on `lhs` and `rhs` with `flags`.
fn replace_with_binary(
    rw: &mut Rewriter<'_>,
    op: OpId,
    kind: IntOp,
    lhs: crate::Value,
    rhs: crate::Value,
    (nsw, nuw): (bool, bool),
) {
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let words: Vec<&str> = [(nsw, "nsw"), (nuw, "nuw")].into_iter().filter(|f| f.0).map(|f| f.1).collect();
    let flags = (!words.is_empty()).then(|| {
        let arith = rw.ctx.sym("arith");
        rw.ctx.attr(crate::attrs::AttrKind::Opaque { dialect: arith, text: format!("overflow<{}>", words.join(", ")) })
    });
    let new = match kind {
        IntOp::Add => AddIOp::create(rw, lhs, rhs, flags, None, &[ty], vec![]).op(),
        IntOp::Sub => SubIOp::create(rw, lhs, rhs, flags, None, &[ty], vec![]).op(),
        IntOp::Mul => MulIOp::create(rw, lhs, rhs, flags, None, &[ty], vec![]).op(),
    };
    let result = rw.ctx.result(new, 0);
    rw.replace_op(op, &[result]);
}

/// The value of an `i1` (or other integer) constant as a condition:
/// `arith.constant true` / `false`, or any integer constant (non-zero is
/// true).
pub fn constant_condition(ctx: &crate::Context, v: crate::Value) -> Option<bool> {
    let op = ctx.defining_op(v)?;
    if !ConstantOp::isa(ctx, op) {
        return None;
    }
    match ctx.attr_kind(ConstantOp(op).value(ctx)?) {
        crate::attrs::AttrKind::Bool(b) => Some(*b),
        crate::attrs::AttrKind::Integer { value, .. } => Some(*value != 0),
        _ => None,
    }
}

/// Upstream's `SelectOp::fold`, for scalar conditions: a constant
/// condition picks its side, equal sides are that value, and
/// `select %c, true, false` of `i1` is `%c`.
pub fn fold_select(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !SelectOp::isa(ctx, op) {
        return false;
    }
    let s = SelectOp(op);
    let (c, t, f) = (s.condition(ctx), s.true_value(ctx), s.false_value(ctx));
    let scalar_condition = matches!(ctx.value_type_kind(c), TypeKind::Integer { .. });
    let poison = |v| ctx.defining_op(v).is_some_and(|d| crate::dialects::ub::PoisonOp::isa(ctx, d));
    let splat_condition = if scalar_condition { None } else { splat_bool(ctx, c) };
    let picked = if t == f {
        Some(t)
    } else if let (true, Some(b)) = (scalar_condition, constant_condition(ctx, c)) {
        Some(if b { t } else { f })
    } else if let Some(b) = splat_condition {
        Some(if b { t } else { f })
    } else if poison(t) {
        Some(f)
    } else if poison(f) {
        Some(t)
    } else if ctx.value_type(c) == ctx.value_type(t)
        && constant_condition(ctx, t) == Some(true)
        && constant_condition(ctx, f) == Some(false)
    {
        Some(c)
    } else {
        select_of_equality(ctx, c, t, f)
    };
    if let Some(v) = picked {
        rw.replace_op(op, &[v]);
        return true;
    }
    // A constant condition over constant sides picks lane by lane.
    let (Some(cs), Some(ts), Some(fs)) = (dense_elements(ctx, c), dense_elements(ctx, t), dense_elements(ctx, f))
    else {
        return false;
    };
    use crate::attrs::DenseElement;
    let items: Vec<DenseElement> =
        cs.iter().zip(ts.iter().zip(&fs)).map(|(c, (t, f))| if *c == DenseElement::Int(0) { *f } else { *t }).collect();
    replace_with_dense_constant(rw, op, items);
    true
}

/// Replaces `op` by an `arith.constant` of its result type holding `items`
/// (a splat when they agree, as MLIR stores it).
fn replace_with_dense_constant(rw: &mut Rewriter<'_>, op: OpId, items: Vec<crate::attrs::DenseElement>) {
    let ty = rw.ctx.value_type(rw.ctx.result(op, 0));
    let data = super::constants::dense_data(items);
    let attr = rw.ctx.attr(crate::attrs::AttrKind::Dense { ty, data });
    rw.set_insertion_point_before(op);
    let v = ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[v]);
}

/// The value of a splat `i1` vector constant.
fn splat_bool(ctx: &crate::Context, v: crate::Value) -> Option<bool> {
    use crate::attrs::{DenseData, DenseElement};
    match super::vector_constant::dense_of(ctx, v)? {
        (_, DenseData::Splat(DenseElement::Int(x))) => Some(x != 0),
        _ => None,
    }
}

/// `select(a == b, a, b)` is `b`, `select(a != b, a, b)` is `a` (either
/// order of the comparison's operands; 22's `SelectOp::fold`).
fn select_of_equality(ctx: &crate::Context, c: crate::Value, t: crate::Value, f: crate::Value) -> Option<crate::Value> {
    let cmp = CmpIOp(ctx.defining_op(c).filter(|d| CmpIOp::isa(ctx, *d))?);
    let (l, r) = (cmp.lhs(ctx), cmp.rhs(ctx));
    if !((l == t && r == f) || (r == t && l == f)) {
        return None;
    }
    match cmp.predicate(ctx).map(|a| ctx.attr_kind(a)) {
        Some(crate::attrs::AttrKind::Integer { value: 0, .. }) => Some(f),
        Some(crate::attrs::AttrKind::Integer { value: 1, .. }) => Some(t),
        _ => None,
    }
}

/// Upstream's `CmpIOp::fold` for scalars: equal operands decide by the
/// predicate alone (`eq`, `sle`, `sge`, `ule`, `uge` hold), constant ones
/// are compared at their width.
pub fn fold_cmpi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !CmpIOp::isa(ctx, op) {
        return false;
    }
    let c = CmpIOp(op);
    let (lhs, rhs) = (c.lhs(ctx), c.rhs(ctx));
    if let TypeKind::Vector { .. } = ctx.value_type_kind(lhs) {
        return fold_vector_cmpi(rw, op);
    }
    let width = match ctx.value_type_kind(lhs) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Index => 64,
        _ => return false,
    };
    let Some(crate::attrs::AttrKind::Integer { value: pred, .. }) = c.predicate(ctx).map(|a| ctx.attr_kind(a)) else {
        return false;
    };
    let pred = *pred;
    if constant_int(ctx, lhs).is_some() && constant_int(ctx, rhs).is_none() && lhs != rhs {
        move_constant_right(rw, op, pred);
        return true;
    }
    let holds = if lhs == rhs {
        matches!(pred, 0 | 3 | 5 | 7 | 9)
    } else {
        let (Some(a), Some(b)) = (constant_int(ctx, lhs), constant_int(ctx, rhs)) else { return false };
        let Some(holds) = compare(pred, width, a as i128, b as i128) else { return false };
        holds
    };
    let i1 = rw.ctx.int_type(1);
    rw.set_insertion_point_before(op);
    let attr = rw.ctx.attr(crate::attrs::AttrKind::Bool(holds));
    let v = ConstantOp::create(rw, Some(attr), &[i1], vec![]).result(rw.ctx);
    rw.replace_op(op, &[v]);
    true
}

/// `CmpIOp::fold`'s canonical order: the constant on the left goes right,
/// the predicate mirrored (`sgt` becomes `slt`, `eq` stays).
fn move_constant_right(rw: &mut Rewriter<'_>, op: OpId, pred: i128) {
    let (lhs, rhs) = (rw.ctx.operands(op)[0], rw.ctx.operands(op)[1]);
    let swapped: i128 = [0, 1, 4, 5, 2, 3, 8, 9, 6, 7][pred as usize % 10];
    let i64t = rw.ctx.int_type(64);
    let a = rw.ctx.int_attr(swapped, i64t);
    rw.set_operand(op, 0, rhs);
    rw.set_operand(op, 1, lhs);
    rw.set_attr(op, "predicate", a);
}

/// `a <pred> b` at `width` bits (`arith.cmpi`'s predicates 0-9).
fn compare(pred: i128, width: u32, a: i128, b: i128) -> Option<bool> {
    let shift = 128 - width.min(64);
    let (sa, sb) = ((a << shift) >> shift, (b << shift) >> shift);
    let mask = if width >= 64 { u64::MAX as u128 } else { (1u128 << width) - 1 };
    let (ua, ub) = (a as u64 as u128 & mask, b as u64 as u128 & mask);
    Some(match pred {
        0 => ua == ub,
        1 => ua != ub,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

/// A dense constant's elements, as many as its type holds.
fn dense_elements(ctx: &crate::Context, v: crate::Value) -> Option<Vec<crate::attrs::DenseElement>> {
    let (ty, data) = super::vector_constant::dense_of(ctx, v)?;
    let n = ctx.type_kind(ty).shape().map(|s| s.iter().product::<i64>())? as usize;
    super::constants::elements(&data, n)
}

/// `CmpIOp::fold` on vectors: a constant goes to the right, equal operands
/// give a splat, two constants compare lane by lane.
fn fold_vector_cmpi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let c = CmpIOp(op);
    let (lhs, rhs) = (c.lhs(ctx), c.rhs(ctx));
    let width = match ctx.value_type_kind(lhs).element_type().map(|e| ctx.type_kind(e)) {
        Some(TypeKind::Integer { width, .. }) => *width,
        Some(TypeKind::Index) => 64,
        _ => return false,
    };
    let Some(crate::attrs::AttrKind::Integer { value: pred, .. }) = c.predicate(ctx).map(|a| ctx.attr_kind(a)) else {
        return false;
    };
    let pred = *pred;
    let n = ctx.value_type_kind(lhs).shape().map_or(0, |s| s.iter().product::<i64>()) as usize;
    let (a, b) = (dense_elements(ctx, lhs), dense_elements(ctx, rhs));
    if a.is_some() && b.is_none() && lhs != rhs {
        move_constant_right(rw, op, pred);
        return true;
    }
    let values: Vec<bool> = if lhs == rhs {
        vec![matches!(pred, 0 | 3 | 5 | 7 | 9); n]
    } else {
        let (Some(a), Some(b)) = (a, b) else { return false };
        let lanes = a.iter().zip(&b).map(|(x, y)| match (x, y) {
            (crate::attrs::DenseElement::Int(x), crate::attrs::DenseElement::Int(y)) => compare(pred, width, *x, *y),
            _ => None,
        });
        let Some(values) = lanes.collect::<Option<Vec<bool>>>() else { return false };
        values
    };
    let items = values.iter().map(|b| crate::attrs::DenseElement::Int(i128::from(*b))).collect();
    replace_with_dense_constant(rw, op, items);
    true
}

/// The `%p` of `%x = arith.xori %p, %true` (an `i1` negation, the form
/// canonicalization leaves with the constant on the right).
pub fn negated_condition(ctx: &crate::Context, v: crate::Value) -> Option<crate::Value> {
    let op = ctx.defining_op(v).filter(|o| XOrIOp::isa(ctx, *o))?;
    let [p, one] = [ctx.operands(op)[0], ctx.operands(op)[1]];
    let is_i1 = matches!(ctx.value_type_kind(v), TypeKind::Integer { width: 1, .. });
    (is_i1 && constant_condition(ctx, one) == Some(true)).then_some(p)
}

/// Upstream's `SelectI1ToNot`: `select %p, false, true` on `i1` is
/// `xori %p, true`.
pub fn select_i1_to_not(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let s = SelectOp(op);
    let (c, t, f) = (s.condition(ctx), s.true_value(ctx), s.false_value(ctx));
    let ty = ctx.value_type(ctx.result(op, 0));
    if !matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. })
        || constant_condition(ctx, t) != Some(false)
        || constant_condition(ctx, f) != Some(true)
    {
        return false;
    }
    rw.set_insertion_point_before(op);
    let attr = rw.ctx.int_attr(1, ty);
    let one = ConstantOp::create(rw, Some(attr), &[ty], vec![]).result(rw.ctx);
    let x = rw.op(XOrIOp::NAME, &[c, one], &[ty], &[]);
    let x = rw.ctx.result(x, 0);
    rw.replace_op(op, &[x]);
    true
}

/// Upstream's `SelectToExtUI`: an integer (not `i1`) `select %c, 1, 0` is
/// `extui %c`, and `select %c, 0, 1` is `extui (xori %c, true)`.
pub fn select_to_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let s = SelectOp(op);
    let (c, t, f) = (s.condition(ctx), s.true_value(ctx), s.false_value(ctx));
    let ty = ctx.value_type(ctx.result(op, 0));
    let cond_ty = ctx.value_type(c);
    if !matches!(ctx.type_kind(ty), TypeKind::Integer { width, .. } if *width != 1)
        || !matches!(ctx.type_kind(cond_ty), TypeKind::Integer { width: 1, .. })
    {
        return false;
    }
    let (tv, fv) = (constant_int(ctx, t), constant_int(ctx, f));
    let negate = match (tv, fv) {
        (Some(1), Some(0)) => false,
        (Some(0), Some(1)) => true,
        _ => return false,
    };
    rw.set_insertion_point_before(op);
    let mut bit = c;
    if negate {
        let attr = rw.ctx.int_attr(1, cond_ty);
        let one = ConstantOp::create(rw, Some(attr), &[cond_ty], vec![]).result(rw.ctx);
        let x = rw.op(XOrIOp::NAME, &[c, one], &[cond_ty], &[]);
        bit = rw.ctx.result(x, 0);
    }
    let e = rw.op(crate::dialects::arith::ExtUIOp::NAME, &[bit], &[ty], &[]);
    let e = rw.ctx.result(e, 0);
    rw.replace_op(op, &[e]);
    true
}

/// Upstream's `SelectNotCond`: `select (xori %p, true), %a, %b` is
/// `select %p, %b, %a`.
pub fn select_not_condition(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let s = SelectOp(op);
    let Some(p) = negated_condition(ctx, s.condition(ctx)) else { return false };
    let (t, f) = (s.true_value(ctx), s.false_value(ctx));
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let new = SelectOp::create(rw, p, f, t, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[new]);
    true
}

/// Upstream's `XOrINotCmpI`: `xori (cmpi pred, a, b), true` is
/// `cmpi !pred, a, b`.
pub fn xori_not_cmpi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    if !XOrIOp::isa(ctx, op) {
        return false;
    }
    let [x, one] = [ctx.operands(op)[0], ctx.operands(op)[1]];
    let Some(cmp) = ctx.defining_op(x).filter(|d| CmpIOp::isa(ctx, *d)) else { return false };
    if !matches!(ctx.value_type_kind(x), TypeKind::Integer { width: 1, .. })
        || constant_condition(ctx, one) != Some(true)
    {
        return false;
    }
    let Some(crate::attrs::AttrKind::Integer { value: pred, ty }) =
        CmpIOp(cmp).predicate(ctx).map(|a| ctx.attr_kind(a).clone())
    else {
        return false;
    };
    // eq/ne, slt/sge, sle/sgt, ult/uge, ule/ugt.
    let inverse = match pred {
        0 => 1,
        1 => 0,
        2 => 5,
        5 => 2,
        3 => 4,
        4 => 3,
        6 => 9,
        9 => 6,
        7 => 8,
        8 => 7,
        _ => return false,
    };
    let (a, b) = (ctx.operands(cmp)[0], ctx.operands(cmp)[1]);
    let i1 = ctx.value_type(x);
    rw.set_insertion_point_before(op);
    let p = rw.ctx.int_attr(inverse, ty);
    let new = rw.op(CmpIOp::NAME, &[a, b], &[i1], &[("predicate", p)]);
    let new = rw.ctx.result(new, 0);
    rw.replace_op(op, &[new]);
    true
}

/// Upstream's `RedundantSelectTrue` / `RedundantSelectFalse`: a select
/// whose true (false) value is a select on the same condition takes that
/// select's true (false) value.
pub fn redundant_select(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let s = SelectOp(op);
    let (c, t, f) = (s.condition(ctx), s.true_value(ctx), s.false_value(ctx));
    let inner = |v: crate::Value| {
        ctx.defining_op(v).filter(|d| SelectOp::isa(ctx, *d) && SelectOp(*d).condition(ctx) == c).map(SelectOp)
    };
    let (nt, nf) = if let Some(i) = inner(t) {
        (i.true_value(ctx), f)
    } else if let Some(i) = inner(f) {
        (t, i.false_value(ctx))
    } else {
        return false;
    };
    let ty = ctx.value_type(ctx.result(op, 0));
    rw.set_insertion_point_before(op);
    let new = SelectOp::create(rw, c, nt, nf, &[ty], vec![]).result(rw.ctx);
    rw.replace_op(op, &[new]);
    true
}
