//! Affine expressions, maps and integer sets with MLIR's construction-time
//! simplifications and MLIR's printed form.

use std::fmt::{self, Write};
use std::sync::Arc;

/// Kinds of binary affine operations.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineBinOp {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

/// An affine expression over dims `d_i` and symbols `s_i`.
///
/// Operands of a binary node are shared, not owned: cloning an expression
/// (which simplification and substitution do constantly) copies one node
/// and bumps two reference counts instead of copying the whole tree.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Bin(AffineBinOp, Arc<AffineExpr>, Arc<AffineExpr>),
}

/// Whether `a / b` overflows i64 (the one case: `i64::MIN / -1`); the
/// folders refuse it rather than fold a wrapped value.
pub fn div_overflows(a: i64, b: i64) -> bool {
    a == i64::MIN && b == -1
}

/// `floor(a / b)` for `b > 0` (and for negative b, the mathematical floor);
/// wraps where [`div_overflows`].
pub fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)`; wraps where [`div_overflows`].
pub fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Euclidean-style modulo with a non-negative result for positive `b`.
pub fn mod_pos(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r < 0 {
        r.wrapping_add(b.wrapping_abs())
    } else {
        r
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Adds `scale * e` into `coeffs` (dims, then symbols, then the constant);
/// false when `e` is not a sum of scaled dims, symbols and a constant.
pub fn flatten_linear(e: &AffineExpr, num_dims: usize, scale: i64, coeffs: &mut [i64]) -> bool {
    let last = coeffs.len() - 1;
    match e {
        AffineExpr::Dim(i) => coeffs[*i as usize] += scale,
        AffineExpr::Sym(i) => coeffs[num_dims + *i as usize] += scale,
        AffineExpr::Const(c) => coeffs[last] += scale * c,
        AffineExpr::Bin(AffineBinOp::Add, l, r) => {
            return flatten_linear(l, num_dims, scale, coeffs) && flatten_linear(r, num_dims, scale, coeffs);
        }
        AffineExpr::Bin(AffineBinOp::Mul, l, r) => match (l.as_const(), r.as_const()) {
            (_, Some(c)) => return flatten_linear(l, num_dims, scale * c, coeffs),
            (Some(c), _) => return flatten_linear(r, num_dims, scale * c, coeffs),
            _ => return false,
        },
        AffineExpr::Bin(..) => return false,
    }
    true
}

impl AffineExpr {
    /// A constant.
    pub fn constant(c: i64) -> Self {
        AffineExpr::Const(c)
    }

    /// MLIR's `simplifyAffineExpr` for a sum of scaled dims, symbols and a
    /// constant: the terms rebuilt in canonical order (dims, symbols, the
    /// constant), cancelled ones gone. `None` for other expressions.
    pub fn linear_simplified(&self, num_dims: u32, num_syms: u32) -> Option<AffineExpr> {
        let n = (num_dims + num_syms) as usize;
        let mut coeffs = vec![0i64; n + 1];
        if !flatten_linear(self, num_dims as usize, 1, &mut coeffs) {
            return None;
        }
        let mut expr = AffineExpr::Const(0);
        for (j, c) in coeffs[..n].iter().enumerate() {
            if *c == 0 {
                continue;
            }
            let id = if j < num_dims as usize {
                AffineExpr::Dim(j as u32)
            } else {
                AffineExpr::Sym((j - num_dims as usize) as u32)
            };
            let term = AffineExpr::bin(AffineBinOp::Mul, id, AffineExpr::Const(*c));
            expr = AffineExpr::bin(AffineBinOp::Add, expr, term);
        }
        if coeffs[n] != 0 {
            expr = AffineExpr::bin(AffineBinOp::Add, expr, AffineExpr::Const(coeffs[n]));
        }
        Some(expr)
    }

    /// The constant value, if this is a constant.
    pub fn as_const(&self) -> Option<i64> {
        match self {
            AffineExpr::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// Whether the expression mentions dim `d` (MLIR's `isFunctionOfDim`).
    pub fn is_function_of_dim(&self, d: u32) -> bool {
        match self {
            AffineExpr::Dim(x) => *x == d,
            AffineExpr::Sym(_) | AffineExpr::Const(_) => false,
            AffineExpr::Bin(_, l, r) => l.is_function_of_dim(d) || r.is_function_of_dim(d),
        }
    }

    /// Whether the expression mentions no dims.
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Sym(_) | AffineExpr::Const(_) => true,
            AffineExpr::Bin(_, l, r) => l.is_symbolic_or_constant() && r.is_symbolic_or_constant(),
        }
    }

    /// Whether the expression is pure affine (mul by constant, div/mod by constant).
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Sym(_) | AffineExpr::Const(_) => true,
            AffineExpr::Bin(AffineBinOp::Add, l, r) => l.is_pure_affine() && r.is_pure_affine(),
            AffineExpr::Bin(AffineBinOp::Mul, l, r) => {
                l.is_pure_affine() && r.is_pure_affine() && (l.as_const().is_some() || r.as_const().is_some())
            }
            AffineExpr::Bin(_, l, r) => l.is_pure_affine() && r.as_const().is_some(),
        }
    }

    /// The largest integer known to divide the expression's value.
    pub fn largest_known_divisor(&self) -> u64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Sym(_) => 1,
            AffineExpr::Const(c) => c.unsigned_abs(),
            AffineExpr::Bin(AffineBinOp::Mul, l, r) => {
                l.largest_known_divisor().saturating_mul(r.largest_known_divisor())
            }
            AffineExpr::Bin(AffineBinOp::Add, l, r) => gcd(l.largest_known_divisor(), r.largest_known_divisor()),
            AffineExpr::Bin(AffineBinOp::Mod, l, r) => gcd(l.largest_known_divisor(), r.largest_known_divisor()),
            AffineExpr::Bin(_, _, _) => 1,
        }
    }

    /// Whether the value is known to be a multiple of `factor`.
    pub fn is_multiple_of(&self, factor: i64) -> bool {
        if factor == 0 {
            return false;
        }
        let f = factor.unsigned_abs();
        match self {
            AffineExpr::Const(c) => c % factor == 0,
            _ => {
                let d = self.largest_known_divisor();
                d != 0 && d.is_multiple_of(f)
            }
        }
    }

    /// Builds `self op rhs`, simplifying like MLIR's AffineExpr operators.
    pub fn bin(op: AffineBinOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match op {
            AffineBinOp::Add => lhs + rhs,
            AffineBinOp::Mul => lhs * rhs,
            AffineBinOp::Mod => Self::modulo(lhs, rhs),
            AffineBinOp::FloorDiv => Self::floordiv(lhs, rhs),
            AffineBinOp::CeilDiv => Self::ceildiv(lhs, rhs),
        }
    }

    fn raw(op: AffineBinOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::Bin(op, Arc::new(lhs), Arc::new(rhs))
    }

    fn add_impl(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let (Some(a), Some(b)) = (lhs.as_const(), rhs.as_const()) {
            if let Some(s) = a.checked_add(b) {
                return AffineExpr::Const(s);
            }
        }
        if lhs.as_const().is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
            return Self::add_impl(rhs, lhs);
        }
        if rhs.as_const() == Some(0) {
            return lhs;
        }
        // (e + c1) + c2 -> e + (c1 + c2)
        if let (AffineExpr::Bin(AffineBinOp::Add, ll, lr), Some(c2)) = (&lhs, rhs.as_const()) {
            if let Some(c1) = lr.as_const() {
                if let Some(s) = c1.checked_add(c2) {
                    return Self::add_impl((**ll).clone(), AffineExpr::Const(s));
                }
            }
        }
        // c1 * e + c2 * e -> (c1 + c2) * e
        let (c1, e1) = split_const_factor(&lhs);
        let (c2, e2) = split_const_factor(&rhs);
        if e1 == e2 {
            if let Some(s) = c1.checked_add(c2) {
                return Self::mul_impl(e1.clone(), AffineExpr::Const(s));
            }
        }
        // (e1 + c) + e2 -> (e1 + e2) + c
        if let AffineExpr::Bin(AffineBinOp::Add, ll, lr) = &lhs {
            if let Some(c) = lr.as_const() {
                return Self::add_impl(Self::add_impl((**ll).clone(), rhs), AffineExpr::Const(c));
            }
        }
        // e - (e floordiv c) * c -> e mod c
        if let AffineExpr::Bin(AffineBinOp::Mul, rl, rr) = &rhs {
            if let (Some(neg_c), AffineExpr::Bin(AffineBinOp::FloorDiv, fl, fr)) = (rr.as_const(), &**rl) {
                if let Some(c) = fr.as_const() {
                    if neg_c == -c && **fl == lhs {
                        return Self::modulo(lhs, AffineExpr::Const(c));
                    }
                }
            }
        }
        Self::raw(AffineBinOp::Add, lhs, rhs)
    }

    fn mul_impl(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let (Some(a), Some(b)) = (lhs.as_const(), rhs.as_const()) {
            if let Some(p) = a.checked_mul(b) {
                return AffineExpr::Const(p);
            }
        }
        if lhs.as_const().is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
            return Self::mul_impl(rhs, lhs);
        }
        if let Some(c) = rhs.as_const() {
            if c == 1 {
                return lhs;
            }
            if c == 0 {
                return rhs;
            }
        }
        if let AffineExpr::Bin(AffineBinOp::Mul, ll, lr) = &lhs {
            if let Some(c1) = lr.as_const() {
                if let Some(c2) = rhs.as_const() {
                    if let Some(p) = c1.checked_mul(c2) {
                        return Self::mul_impl((**ll).clone(), AffineExpr::Const(p));
                    }
                }
                return Self::mul_impl(Self::mul_impl((**ll).clone(), rhs), AffineExpr::Const(c1));
            }
        }
        Self::raw(AffineBinOp::Mul, lhs, rhs)
    }

    /// `lhs floordiv rhs`
    pub fn floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        let Some(c) = rhs.as_const() else {
            return Self::raw(AffineBinOp::FloorDiv, lhs, rhs);
        };
        if c == 0 {
            return Self::raw(AffineBinOp::FloorDiv, lhs, rhs);
        }
        if let Some(a) = lhs.as_const().filter(|a| !div_overflows(*a, c)) {
            return AffineExpr::Const(floor_div(a, c));
        }
        if c == 1 {
            return lhs;
        }
        if c < 1 {
            return Self::raw(AffineBinOp::FloorDiv, lhs, rhs);
        }
        if let AffineExpr::Bin(AffineBinOp::Mul, ll, lr) = &lhs {
            if let Some(m) = lr.as_const() {
                if m % c == 0 {
                    return Self::mul_impl((**ll).clone(), AffineExpr::Const(m / c));
                }
            }
        }
        if let AffineExpr::Bin(AffineBinOp::Add, ll, lr) = &lhs {
            if ll.is_multiple_of(c) {
                return Self::add_impl(
                    Self::floordiv((**ll).clone(), rhs.clone()),
                    Self::floordiv((**lr).clone(), rhs),
                );
            }
            if lr.is_multiple_of(c) {
                return Self::add_impl(
                    Self::floordiv((**lr).clone(), rhs.clone()),
                    Self::floordiv((**ll).clone(), rhs),
                );
            }
        }
        Self::raw(AffineBinOp::FloorDiv, lhs, rhs)
    }

    /// `lhs ceildiv rhs`
    pub fn ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        let Some(c) = rhs.as_const() else {
            return Self::raw(AffineBinOp::CeilDiv, lhs, rhs);
        };
        if c == 0 {
            return Self::raw(AffineBinOp::CeilDiv, lhs, rhs);
        }
        if let Some(a) = lhs.as_const().filter(|a| !div_overflows(*a, c)) {
            return AffineExpr::Const(ceil_div(a, c));
        }
        if c == 1 {
            return lhs;
        }
        if c < 1 {
            return Self::raw(AffineBinOp::CeilDiv, lhs, rhs);
        }
        if let AffineExpr::Bin(AffineBinOp::Mul, ll, lr) = &lhs {
            if let Some(m) = lr.as_const() {
                if m % c == 0 {
                    return Self::mul_impl((**ll).clone(), AffineExpr::Const(m / c));
                }
            }
        }
        Self::raw(AffineBinOp::CeilDiv, lhs, rhs)
    }

    /// `lhs mod rhs`
    pub fn modulo(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        let Some(c) = rhs.as_const() else {
            return Self::raw(AffineBinOp::Mod, lhs, rhs);
        };
        if c < 1 {
            return Self::raw(AffineBinOp::Mod, lhs, rhs);
        }
        if let Some(a) = lhs.as_const() {
            return AffineExpr::Const(mod_pos(a, c));
        }
        if c == 1 || lhs.is_multiple_of(c) {
            return AffineExpr::Const(0);
        }
        if let AffineExpr::Bin(AffineBinOp::Add, ll, lr) = &lhs {
            if ll.is_multiple_of(c) {
                return Self::modulo((**lr).clone(), rhs);
            }
            if lr.is_multiple_of(c) {
                return Self::modulo((**ll).clone(), rhs);
            }
        }
        if let AffineExpr::Bin(AffineBinOp::Mod, ll, lr) = &lhs {
            if let Some(c1) = lr.as_const() {
                if c1 % c == 0 {
                    return Self::modulo((**ll).clone(), rhs);
                }
            }
        }
        Self::raw(AffineBinOp::Mod, lhs, rhs)
    }

    /// Substitutes dims and symbols, re-simplifying on the way up.
    pub fn replace(&self, dims: &[AffineExpr], syms: &[AffineExpr]) -> AffineExpr {
        self.replace_changed(dims, syms).unwrap_or_else(|| self.clone())
    }

    /// [`Self::replace`], or `None` when nothing under `self` changes: like
    /// MLIR's `replaceDimsAndSymbols`, an unchanged subtree is kept as it is
    /// (shared, not rebuilt; built by the simplifying constructors, it is
    /// already in simplified form).
    fn replace_changed(&self, dims: &[AffineExpr], syms: &[AffineExpr]) -> Option<AffineExpr> {
        match self {
            AffineExpr::Dim(i) => dims.get(*i as usize).filter(|e| *e != self).cloned(),
            AffineExpr::Sym(i) => syms.get(*i as usize).filter(|e| *e != self).cloned(),
            AffineExpr::Const(_) => None,
            AffineExpr::Bin(op, l, r) => {
                let (nl, nr) = (l.replace_changed(dims, syms), r.replace_changed(dims, syms));
                if nl.is_none() && nr.is_none() {
                    return None;
                }
                Some(Self::bin(*op, nl.unwrap_or_else(|| (**l).clone()), nr.unwrap_or_else(|| (**r).clone())))
            }
        }
    }

    /// Evaluates with concrete dim and symbol values; `None` on division by
    /// zero or overflow.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> Option<i64> {
        Some(match self {
            AffineExpr::Dim(i) => *dims.get(*i as usize)?,
            AffineExpr::Sym(i) => *syms.get(*i as usize)?,
            AffineExpr::Const(c) => *c,
            AffineExpr::Bin(op, l, r) => {
                let a = l.eval(dims, syms)?;
                let b = r.eval(dims, syms)?;
                match op {
                    AffineBinOp::Add => a.checked_add(b)?,
                    AffineBinOp::Mul => a.checked_mul(b)?,
                    AffineBinOp::Mod => {
                        if b == 0 {
                            return None;
                        }
                        mod_pos(a, b)
                    }
                    AffineBinOp::FloorDiv => {
                        if b == 0 || div_overflows(a, b) {
                            return None;
                        }
                        floor_div(a, b)
                    }
                    AffineBinOp::CeilDiv => {
                        if b == 0 || div_overflows(a, b) {
                            return None;
                        }
                        ceil_div(a, b)
                    }
                }
            }
        })
    }

    /// Prints in MLIR's form.
    pub fn print(&self, out: &mut String) {
        self.print_inner(out, false);
    }

    fn print_inner(&self, out: &mut String, strong: bool) {
        let (op, lhs, rhs) = match self {
            AffineExpr::Dim(i) => {
                let _ = write!(out, "d{i}");
                return;
            }
            AffineExpr::Sym(i) => {
                let _ = write!(out, "s{i}");
                return;
            }
            AffineExpr::Const(c) => {
                let _ = write!(out, "{c}");
                return;
            }
            AffineExpr::Bin(op, l, r) => (*op, &**l, &**r),
        };
        if strong {
            out.push('(');
        }
        if op != AffineBinOp::Add {
            if op == AffineBinOp::Mul && rhs.as_const() == Some(-1) {
                out.push('-');
                lhs.print_inner(out, true);
            } else {
                lhs.print_inner(out, true);
                out.push_str(match op {
                    AffineBinOp::Mul => " * ",
                    AffineBinOp::Mod => " mod ",
                    AffineBinOp::FloorDiv => " floordiv ",
                    AffineBinOp::CeilDiv => " ceildiv ",
                    AffineBinOp::Add => unreachable!(),
                });
                rhs.print_inner(out, true);
            }
        } else if let Some((rl, c)) = match rhs {
            AffineExpr::Bin(AffineBinOp::Mul, rl, rr) => rr.as_const().filter(|c| *c <= -1).map(|c| (&**rl, c)),
            _ => None,
        } {
            lhs.print_inner(out, false);
            out.push_str(" - ");
            if c == -1 {
                let strong_inner = matches!(rl, AffineExpr::Bin(AffineBinOp::Add, ..));
                rl.print_inner(out, strong_inner);
            } else {
                rl.print_inner(out, true);
                let _ = write!(out, " * {}", -(c as i128));
            }
        } else if let Some(c) = rhs.as_const().filter(|c| *c < 0) {
            lhs.print_inner(out, false);
            let _ = write!(out, " - {}", -(c as i128));
        } else {
            lhs.print_inner(out, false);
            out.push_str(" + ");
            rhs.print_inner(out, false);
        }
        if strong {
            out.push(')');
        }
    }
}

impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;
    /// `lhs + rhs`, simplified like MLIR's `AffineExpr::operator+`.
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::add_impl(self, rhs)
    }
}

impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;
    /// `lhs - rhs`, i.e. `lhs + rhs * -1`.
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::add_impl(self, AffineExpr::mul_impl(rhs, AffineExpr::Const(-1)))
    }
}

impl std::ops::Mul for AffineExpr {
    type Output = AffineExpr;
    /// `lhs * rhs`, simplified like MLIR's `AffineExpr::operator*`.
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::mul_impl(self, rhs)
    }
}

fn split_const_factor(e: &AffineExpr) -> (i64, &AffineExpr) {
    if let AffineExpr::Bin(AffineBinOp::Mul, l, r) = e {
        if let Some(c) = r.as_const() {
            return (c, l);
        }
    }
    (1, e)
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.print(&mut s);
        f.write_str(&s)
    }
}

/// `(d0, ..)[s0, ..] -> (results)`
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_syms: u32,
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// The identity map of the given rank.
    pub fn identity(rank: u32) -> Self {
        AffineMap { num_dims: rank, num_syms: 0, results: (0..rank).map(AffineExpr::Dim).collect() }
    }

    /// Whether this is an identity map.
    pub fn is_identity(&self) -> bool {
        self.num_syms == 0
            && self.results.len() == self.num_dims as usize
            && self.results.iter().enumerate().all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }

    /// `(d0, ..) -> (d_perm[0], d_perm[1], ..)` (MLIR's
    /// `AffineMap::getPermutationMap`).
    pub fn permutation(perm: &[usize]) -> Self {
        AffineMap {
            num_dims: perm.len() as u32,
            num_syms: 0,
            results: perm.iter().map(|p| AffineExpr::Dim(*p as u32)).collect(),
        }
    }

    /// `self ∘ other`: `self`'s results with its dims replaced by
    /// `other`'s results (MLIR's `compose`; `self` takes as many dims as
    /// `other` has results).
    pub fn compose(&self, other: &AffineMap) -> AffineMap {
        let results = self.results.iter().map(|e| e.replace(&other.results, &[])).collect();
        AffineMap { num_dims: other.num_dims, num_syms: other.num_syms, results }
    }

    /// The position of each result that is a plain dim.
    pub fn dim_positions(&self) -> Option<Vec<usize>> {
        self.results
            .iter()
            .map(|e| match e {
                AffineExpr::Dim(d) => Some(*d as usize),
                _ => None,
            })
            .collect()
    }

    /// MLIR's `inversePermutation`: for a map whose dim results cover
    /// every dim (constant results are skipped; the first result naming a
    /// dim wins), the map from results back to dims; `None` otherwise.
    pub fn inverse_permutation(&self) -> Option<AffineMap> {
        let mut exprs: Vec<Option<AffineExpr>> = vec![None; self.num_dims as usize];
        for (i, e) in self.results.iter().enumerate() {
            if let AffineExpr::Dim(d) = e {
                let slot = exprs.get_mut(*d as usize)?;
                if slot.is_none() {
                    *slot = Some(AffineExpr::Dim(i as u32));
                }
            }
        }
        let results = exprs.into_iter().collect::<Option<Vec<_>>>()?;
        Some(AffineMap { num_dims: self.results.len() as u32, num_syms: 0, results })
    }

    /// Which dims no result uses.
    pub fn unused_dims(&self) -> Vec<bool> {
        (0..self.num_dims).map(|d| !self.results.iter().any(|e| e.is_function_of_dim(d))).collect()
    }

    /// MLIR's `compressDims`: the map without the dims marked in `drop`
    /// (those after them renumbered).
    pub fn compress_dims(&self, drop: &[bool]) -> AffineMap {
        let mut next = 0u32;
        let renumber: Vec<AffineExpr> = drop
            .iter()
            .map(|d| {
                if *d {
                    AffineExpr::Const(0)
                } else {
                    next += 1;
                    AffineExpr::Dim(next - 1)
                }
            })
            .collect();
        let results = self.results.iter().map(|e| e.replace(&renumber, &[])).collect();
        AffineMap { num_dims: next, num_syms: self.num_syms, results }
    }

    /// Evaluates every result.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> Option<Vec<i64>> {
        self.results.iter().map(|e| e.eval(dims, syms)).collect()
    }

    /// Prints the map body (without `affine_map<>`).
    pub fn print(&self, out: &mut String) {
        print_dims_syms(out, self.num_dims, self.num_syms);
        out.push_str(" -> (");
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            e.print(out);
        }
        out.push(')');
    }
}

fn print_dims_syms(out: &mut String, num_dims: u32, num_syms: u32) {
    out.push('(');
    for i in 0..num_dims {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "d{i}");
    }
    out.push(')');
    if num_syms > 0 {
        out.push('[');
        for i in 0..num_syms {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "s{i}");
        }
        out.push(']');
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.print(&mut s);
        f.write_str(&s)
    }
}

/// `(d0)[s0] : (d0 - 1 >= 0, s0 == 0)`
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_syms: u32,
    /// Each constraint with `true` for `== 0`, `false` for `>= 0`.
    pub constraints: Vec<(AffineExpr, bool)>,
}

impl IntegerSet {
    /// Prints the set body (without `affine_set<>`).
    pub fn print(&self, out: &mut String) {
        print_dims_syms(out, self.num_dims, self.num_syms);
        out.push_str(" : (");
        if self.constraints.is_empty() {
            out.push_str("1 == 0");
        }
        for (i, (e, eq)) in self.constraints.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            e.print(out);
            out.push_str(if *eq { " == 0" } else { " >= 0" });
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::Dim(i)
    }
    fn c(v: i64) -> AffineExpr {
        AffineExpr::Const(v)
    }

    #[test]
    fn canonical_forms_print_like_mlir() {
        assert_eq!((c(32) - d(0)).to_string(), "-d0 + 32");
        assert_eq!((c(2) * d(0)).to_string(), "d0 * 2");
        let e = d(0) * c(2) + AffineExpr::floordiv(AffineExpr::Sym(0), c(4));
        assert_eq!(e.to_string(), "d0 * 2 + s0 floordiv 4");
        assert_eq!((d(0) - d(1) * c(8)).to_string(), "d0 - d1 * 8");
        assert_eq!((d(0) + c(-3)).to_string(), "d0 - 3");
        let nested = d(0) - (d(1) + d(2));
        assert_eq!(nested.to_string(), "d0 - (d1 + d2)");
    }

    #[test]
    fn simplifications_fold() {
        assert_eq!(AffineExpr::floordiv(d(0) * c(8), c(8)), d(0));
        assert_eq!(AffineExpr::modulo(d(0) * c(8), c(4)), c(0));
        assert_eq!(((d(0) + c(2)) + c(3)).to_string(), "d0 + 5");
        assert_eq!((d(0) + d(0)).to_string(), "d0 * 2");
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(ceil_div(7, 2), 4);
        // i64::MIN / -1 overflows: never folded, never a panic.
        assert!(div_overflows(i64::MIN, -1));
        let min = AffineExpr::Const(i64::MIN);
        assert!(matches!(AffineExpr::ceildiv(min.clone(), AffineExpr::Const(-1)), AffineExpr::Bin(..)));
        assert!(matches!(AffineExpr::floordiv(min.clone(), AffineExpr::Const(-1)), AffineExpr::Bin(..)));
        let e = AffineExpr::floordiv(AffineExpr::Dim(0), AffineExpr::Const(-1));
        assert_eq!(e.eval(&[i64::MIN], &[]), None);
        assert_eq!(mod_pos(i64::MIN, -1), 0);
        assert_eq!(mod_pos(-7, 8), 1);
    }
}
