//! Complex numbers: the `complex` dialect's ops on scalars.
//!
//! A value is two floats of its element type; `complex<f64>` computes in
//! `f64`, the narrower types in `f32` and round each part. The arithmetic
//! follows mlir-opt 22's `-convert-complex-to-standard` formulas where they
//! are plain IEEE operations (`add`, `sub`, `mul`, `neg`, `conj`, `eq`,
//! `neq`, `abs` scaled by the larger part, `div` by Smith's algorithm);
//! the transcendental ones (`exp`, `log`, `sqrt`, `sin`, `cos`, `tan`,
//! `tanh`, `pow`, ...) use the textbook identities on the host's `libm`.

use std::ops::{Add, Div, Mul, Neg, Sub};

use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects::complex as cx;
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, OpId, Type};

use crate::elem::{ElemType, Scalar};
use crate::kernels::Kernel;
use crate::{Flow, Interpreter, RtValue, RunError, RunResult};

/// A complex number: its real and imaginary parts, of one float type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Complex {
    pub re: Scalar,
    pub im: Scalar,
}

impl std::fmt::Display for Complex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.re, self.im)
    }
}

/// The float operations the formulas need, for `f32` and `f64`.
trait Real:
    Copy
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const HALF: Self;
    fn is_nan(self) -> bool;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn ln(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn atan2(self, x: Self) -> Self;
    fn copysign(self, sign: Self) -> Self;
}

macro_rules! real {
    ($t:ty) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const HALF: Self = 0.5;
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn exp(self) -> Self {
                <$t>::exp(self)
            }
            fn ln(self) -> Self {
                <$t>::ln(self)
            }
            fn sin(self) -> Self {
                <$t>::sin(self)
            }
            fn cos(self) -> Self {
                <$t>::cos(self)
            }
            fn sinh(self) -> Self {
                <$t>::sinh(self)
            }
            fn cosh(self) -> Self {
                <$t>::cosh(self)
            }
            fn atan2(self, x: Self) -> Self {
                <$t>::atan2(self, x)
            }
            fn copysign(self, sign: Self) -> Self {
                <$t>::copysign(self, sign)
            }
        }
    };
}
real!(f32);
real!(f64);

/// IEEE `maximum` / `minimum` (`arith.maximumf`: NaN wins).
fn ieee_max<T: Real>(a: T, b: T, max: bool) -> T {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

type C<T> = (T, T);

fn add<T: Real>(a: C<T>, b: C<T>) -> C<T> {
    (a.0 + b.0, a.1 + b.1)
}

fn mul<T: Real>(a: C<T>, b: C<T>) -> C<T> {
    (a.0 * b.0 - a.1 * b.1, a.1 * b.0 + a.0 * b.1)
}

/// Smith's algorithm (22's default `improved` range for `complex.div`).
fn div<T: Real>(a: C<T>, b: C<T>) -> C<T> {
    let (c, d) = b;
    if c.abs() >= d.abs() {
        let r = d / c;
        let den = c + d * r;
        ((a.0 + a.1 * r) / den, (a.1 - a.0 * r) / den)
    } else {
        let r = c / d;
        let den = c * r + d;
        ((a.0 * r + a.1) / den, (a.1 * r - a.0) / den)
    }
}

/// `|z|` as 22 lowers it: the larger part times `sqrt(1 + (min/max)^2)`,
/// the smaller part when that is NaN (both zero).
fn abs<T: Real>(z: C<T>) -> T {
    let (x, y) = (z.0.abs(), z.1.abs());
    let (max, min) = (ieee_max(x, y, true), ieee_max(x, y, false));
    let ratio = min / max;
    let r = max * (ratio * ratio + T::ONE).sqrt();
    if r.is_nan() {
        min
    } else {
        r
    }
}

fn exp<T: Real>(z: C<T>) -> C<T> {
    let e = z.0.exp();
    (e * z.1.cos(), e * z.1.sin())
}

fn log<T: Real>(z: C<T>) -> C<T> {
    (abs(z).ln(), z.1.atan2(z.0))
}

/// The principal square root.
fn sqrt<T: Real>(z: C<T>) -> C<T> {
    let r = abs(z);
    let re = ((r + z.0) * T::HALF).sqrt();
    let im = ((r - z.0) * T::HALF).sqrt().copysign(z.1);
    (re, im)
}

fn sin<T: Real>(z: C<T>) -> C<T> {
    (z.0.sin() * z.1.cosh(), z.0.cos() * z.1.sinh())
}

fn cos<T: Real>(z: C<T>) -> C<T> {
    (z.0.cos() * z.1.cosh(), -(z.0.sin() * z.1.sinh()))
}

fn pow<T: Real>(a: C<T>, b: C<T>) -> C<T> {
    if a.0 == T::ZERO && a.1 == T::ZERO {
        return if b.0 == T::ZERO && b.1 == T::ZERO { (T::ONE, T::ZERO) } else { (T::ZERO, T::ZERO) };
    }
    exp(mul(b, log(a)))
}

fn powi<T: Real>(z: C<T>, n: i64) -> C<T> {
    let mut result = (T::ONE, T::ZERO);
    let mut base = z;
    let mut k = n.unsigned_abs();
    while k > 0 {
        if k & 1 == 1 {
            result = mul(result, base);
        }
        base = mul(base, base);
        k >>= 1;
    }
    if n < 0 {
        div((T::ONE, T::ZERO), result)
    } else {
        result
    }
}

/// The value of a unary or binary complex op on parts of type `T`.
fn compute<T: Real>(def: &tessel_ir::registry::OpDef, a: C<T>, b: C<T>) -> Option<C<T>> {
    let is = |d: &tessel_ir::registry::OpDef| std::ptr::eq(def, d);
    let one = (T::ONE, T::ZERO);
    Some(if is(&cx::ADD) {
        add(a, b)
    } else if is(&cx::SUB) {
        (a.0 - b.0, a.1 - b.1)
    } else if is(&cx::MUL) {
        mul(a, b)
    } else if is(&cx::DIV) {
        div(a, b)
    } else if is(&cx::POW) {
        pow(a, b)
    } else if is(&cx::ATAN2) {
        // -i * log((x + i y) / sqrt(x^2 + y^2)) of y = a, x = b.
        let num = add(b, mul((T::ZERO, T::ONE), a));
        let den = sqrt(add(mul(b, b), mul(a, a)));
        let l = log(div(num, den));
        (l.1, -l.0)
    } else if is(&cx::NEG) {
        (-a.0, -a.1)
    } else if is(&cx::CONJ) {
        (a.0, -a.1)
    } else if is(&cx::EXP) {
        exp(a)
    } else if is(&cx::EXPM1) {
        let e = exp(a);
        (e.0 - T::ONE, e.1)
    } else if is(&cx::LOG) {
        log(a)
    } else if is(&cx::LOG1P) {
        log(add(a, one))
    } else if is(&cx::SQRT) {
        sqrt(a)
    } else if is(&cx::RSQRT) {
        div(one, sqrt(a))
    } else if is(&cx::SIN) {
        sin(a)
    } else if is(&cx::COS) {
        cos(a)
    } else if is(&cx::TAN) {
        div(sin(a), cos(a))
    } else if is(&cx::TANH) {
        // tanh z = -i tan(i z).
        let iz = (-a.1, a.0);
        let t = div(sin(iz), cos(iz));
        (t.1, -t.0)
    } else if is(&cx::SIGN) {
        let r = abs(a);
        if r == T::ZERO {
            (T::ZERO, T::ZERO)
        } else {
            (a.0 / r, a.1 / r)
        }
    } else {
        return None;
    })
}

/// The parts of a complex value as `T`.
fn parts32(z: Complex) -> C<f32> {
    (z.re.as_f64() as f32, z.im.as_f64() as f32)
}

fn parts64(z: Complex) -> C<f64> {
    (z.re.as_f64(), z.im.as_f64())
}

/// The element type of a complex type.
fn part_type(ctx: &Context, t: Type) -> RunResult<ElemType> {
    match ctx.type_kind(t) {
        TypeKind::Complex { elem } => ElemType::of(ctx, *elem).filter(|e| e.is_float()).ok_or_else(|| {
            RunError::new(format!("the engine has no storage for {}", tessel_ir::printer::type_to_string(ctx, t)))
        }),
        _ => Err(RunError::new("expected a complex type")),
    }
}

fn complex_operand(i: &Interpreter<'_>, op: OpId, k: usize) -> RunResult<Complex> {
    match i.operand(op, k)? {
        RtValue::Complex(c) => Ok(c),
        other => Err(RunError::new(format!("expected a complex number, got {}", other.describe()))),
    }
}

fn make(elem: ElemType, re: f64, im: f64) -> Complex {
    Complex { re: Scalar::float(elem, re), im: Scalar::float(elem, im) }
}

/// `add`, `sub`, `mul`, `div`, `pow`, `atan2` and the unary functions.
fn arithmetic(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let def = ctx.def_of(op).ok_or("unregistered op")?;
    let elem = part_type(ctx, ctx.value_type(ctx.result(op, 0)))?;
    let a = complex_operand(i, op, 0)?;
    let b = if ctx.operands(op).len() > 1 { complex_operand(i, op, 1)? } else { a };
    let out = if elem == ElemType::F64 {
        compute(def, parts64(a), parts64(b)).map(|(re, im)| make(elem, re, im))
    } else {
        compute(def, parts32(a), parts32(b)).map(|(re, im)| make(elem, f64::from(re), f64::from(im)))
    };
    let out = out.ok_or_else(|| RunError::new(format!("the engine does not run '{}'", ctx.op_name(op))))?;
    i.set(op, 0, RtValue::Complex(out));
    Ok(Flow::Next)
}

/// `abs`, `angle`, `re`, `im`: a float.
fn to_float(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let z = complex_operand(i, op, 0)?;
    let elem = z.re.elem;
    let v = if cx::ReOp::isa(ctx, op) {
        z.re
    } else if cx::ImOp::isa(ctx, op) {
        z.im
    } else if cx::AbsOp::isa(ctx, op) {
        if elem == ElemType::F64 {
            Scalar::float(elem, abs(parts64(z)))
        } else {
            Scalar::float(elem, f64::from(abs(parts32(z))))
        }
    } else if elem == ElemType::F64 {
        Scalar::float(elem, z.im.as_f64().atan2(z.re.as_f64()))
    } else {
        Scalar::float(elem, f64::from((z.im.as_f64() as f32).atan2(z.re.as_f64() as f32)))
    };
    i.set(op, 0, RtValue::Scalar(v));
    Ok(Flow::Next)
}

fn create(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let (re, im) = (i.operand(op, 0)?.scalar()?, i.operand(op, 1)?.scalar()?);
    i.set(op, 0, RtValue::Complex(Complex { re, im }));
    Ok(Flow::Next)
}

fn constant(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let elem = part_type(ctx, ctx.value_type(ctx.result(op, 0)))?;
    let value = ctx.get_attr(op, "value").ok_or("complex.constant without value")?;
    let AttrKind::Array(items) = ctx.attr_kind(value) else { return Err("complex.constant without parts".into()) };
    let part = |a| match ctx.attr_kind(a) {
        AttrKind::Float { bits, .. } => Ok(Scalar::float(elem, f64::from_bits(*bits))),
        _ => Err(RunError::new("a complex constant of floats")),
    };
    let (re, im) = (part(items[0])?, part(items[1])?);
    i.set(op, 0, RtValue::Complex(Complex { re, im }));
    Ok(Flow::Next)
}

/// `eq` (both parts `oeq`) and `neq` (either part `une`).
fn compare(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let (a, b) = (complex_operand(i, op, 0)?, complex_operand(i, op, 1)?);
    let (re_eq, im_eq) = (a.re.as_f64() == b.re.as_f64(), a.im.as_f64() == b.im.as_f64());
    let v = if cx::EqualOp::isa(i.ctx, op) { re_eq && im_eq } else { !re_eq || !im_eq };
    i.set(op, 0, RtValue::Scalar(Scalar::int(ElemType::I1, i64::from(v))));
    Ok(Flow::Next)
}

fn powi_kernel(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let z = complex_operand(i, op, 0)?;
    let n = i.operand(op, 1)?.int()?;
    let elem = z.re.elem;
    let out = if elem == ElemType::F64 {
        let (re, im) = powi(parts64(z), n);
        make(elem, re, im)
    } else {
        let (re, im) = powi(parts32(z), n);
        make(elem, f64::from(re), f64::from(im))
    };
    i.set(op, 0, RtValue::Complex(out));
    Ok(Flow::Next)
}

/// `complex.bitcast`: the parts side by side (the real part in the low
/// bits, as the struct `{re, im}` is laid out), to or from an integer or
/// float of twice the width.
fn bitcast(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let to = ctx.value_type(ctx.result(op, 0));
    let v = match i.operand(op, 0)? {
        RtValue::Complex(z) => {
            let w = z.re.elem.bit_width();
            let elem = ElemType::of(ctx, to).ok_or("the engine has no storage for the bitcast's result")?;
            RtValue::Scalar(Scalar::from_bits(elem, z.re.bits | (z.im.bits << w)))
        }
        RtValue::Scalar(s) if matches!(ctx.type_kind(to), TypeKind::Complex { .. }) => {
            let elem = part_type(ctx, to)?;
            let w = elem.bit_width();
            let low = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            RtValue::Complex(Complex {
                re: Scalar::from_bits(elem, s.bits & low),
                im: Scalar::from_bits(elem, s.bits.checked_shr(w).unwrap_or(0) & low),
            })
        }
        same => same,
    };
    i.set(op, 0, v);
    Ok(Flow::Next)
}

/// The kernels of the dialect.
pub(crate) fn kernels() -> Vec<(&'static tessel_ir::registry::OpDef, Kernel)> {
    let mut out: Vec<(&'static tessel_ir::registry::OpDef, Kernel)> = vec![
        (&cx::CREATE, create),
        (&cx::CONSTANT, constant),
        (&cx::RE, to_float),
        (&cx::IM, to_float),
        (&cx::ABS, to_float),
        (&cx::ANGLE, to_float),
        (&cx::EQ, compare),
        (&cx::NEQ, compare),
        (&cx::POWI, powi_kernel),
        (&cx::BITCAST, bitcast),
    ];
    for d in [
        &cx::ADD,
        &cx::SUB,
        &cx::MUL,
        &cx::DIV,
        &cx::POW,
        &cx::ATAN2,
        &cx::NEG,
        &cx::CONJ,
        &cx::EXP,
        &cx::EXPM1,
        &cx::LOG,
        &cx::LOG1P,
        &cx::SQRT,
        &cx::RSQRT,
        &cx::SIN,
        &cx::COS,
        &cx::TAN,
        &cx::TANH,
        &cx::SIGN,
    ] {
        out.push((d, arithmetic));
    }
    out
}
