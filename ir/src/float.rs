//! Float formats: rounding an `f64` to a narrower type, bit encodings, and
//! MLIR's printed form of float values.

use crate::types::FloatKind;

/// (exponent bits, mantissa bits) of the IEEE-like formats handled exactly.
fn layout(k: FloatKind) -> Option<(u32, u32)> {
    match k {
        FloatKind::F16 => Some((5, 10)),
        FloatKind::BF16 => Some((8, 7)),
        FloatKind::F32 => Some((8, 23)),
        FloatKind::F64 => Some((11, 52)),
        FloatKind::TF32 => Some((8, 10)),
        FloatKind::F8E5M2 => Some((5, 2)),
        FloatKind::F8E4M3 => Some((4, 3)),
        FloatKind::F8E3M4 => Some((3, 4)),
        _ => None,
    }
}

/// Encodes `v` into the bit pattern of `k`, rounding to nearest even.
/// Formats without an IEEE layout are encoded as f32 bits.
pub fn encode_bits(v: f64, k: FloatKind) -> u128 {
    let Some((eb, mb)) = layout(k) else {
        return (v as f32).to_bits() as u128;
    };
    if k == FloatKind::F64 {
        return v.to_bits() as u128;
    }
    if k == FloatKind::F32 {
        return (v as f32).to_bits() as u128;
    }
    let sign = (v.is_sign_negative() as u128) << (eb + mb);
    let bias = (1i64 << (eb - 1)) - 1;
    let max_exp = (1u128 << eb) - 1;
    if v.is_nan() {
        return sign | (max_exp << mb) | (1u128 << (mb - 1));
    }
    let a = v.abs();
    if a.is_infinite() {
        return sign | (max_exp << mb);
    }
    if a == 0.0 {
        return sign;
    }
    let bits = a.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    // Value = m * 2^(e - 52). Target: normal if e >= 1 - bias.
    let min_normal = 1 - bias;
    let (mut exp_field, shift) =
        if e >= min_normal { (e + bias, 52 - mb as i64) } else { (0, 52 - mb as i64 + (min_normal - e)) };
    let mant = if shift >= 64 {
        0u64
    } else {
        let q = m >> shift;
        let rem = m & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rem > half || (rem == half && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    let mut mant = mant as u128;
    if exp_field == 0 {
        if mant >> mb != 0 {
            exp_field = 1;
            mant &= (1u128 << mb) - 1;
        }
    } else {
        if mant >> (mb + 1) != 0 {
            mant >>= 1;
            exp_field += 1;
        }
        mant &= (1u128 << mb) - 1;
    }
    if exp_field as u128 >= max_exp {
        return sign | (max_exp << mb);
    }
    sign | ((exp_field as u128) << mb) | mant
}

/// Decodes a bit pattern of `k` to `f64`; `None` when it does not fit the width.
pub fn decode_bits(bits: u128, k: FloatKind) -> Option<f64> {
    let width = k.width();
    if width < 128 && bits >> width != 0 {
        return None;
    }
    match k {
        FloatKind::F64 => return Some(f64::from_bits(bits as u64)),
        FloatKind::F32 => return Some(f32::from_bits(bits as u32) as f64),
        _ => {}
    }
    let Some((eb, mb)) = layout(k) else {
        return Some(f32::from_bits(bits as u32) as f64);
    };
    let sign = if (bits >> (eb + mb)) & 1 == 1 { -1.0 } else { 1.0 };
    let exp = ((bits >> mb) & ((1 << eb) - 1)) as i64;
    let mant = (bits & ((1 << mb) - 1)) as f64;
    let bias = (1i64 << (eb - 1)) - 1;
    let max_exp = (1i64 << eb) - 1;
    let v = if exp == max_exp {
        if mant == 0.0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if exp == 0 {
        mant * 2f64.powi((1 - bias - mb as i64) as i32)
    } else {
        (1.0 + mant / (1u64 << mb) as f64) * 2f64.powi((exp - bias) as i32)
    };
    Some(sign * v)
}

/// Rounds `v` to the nearest value representable in `k`.
pub fn round_to_type(v: f64, k: FloatKind) -> f64 {
    match k {
        FloatKind::F64 => v,
        FloatKind::F32 => v as f32 as f64,
        _ => decode_bits(encode_bits(v, k), k).unwrap_or(v),
    }
}

/// Significant decimal digits APFloat prints for a format.
fn natural_precision(k: FloatKind) -> usize {
    let p = match layout(k) {
        Some((_, mb)) => mb + 1,
        None => 24,
    };
    2 + (p as usize * 59) / 196
}

/// Prints a float value of type `k` the way MLIR does: `%e` with six digits
/// when that round-trips, else the shortest faithful decimal, else hex bits.
pub fn print_float(v: f64, k: FloatKind, out: &mut String) {
    if v.is_finite() {
        let mut buf = Exp6::default();
        let s = match exp6_digits(v) {
            Some((digits, exp10)) => buf.write(v.is_sign_negative(), digits, exp10),
            None => {
                buf.slow = format_exp6(v);
                &buf.slow
            }
        };
        if let Ok(back) = s.parse::<f64>() {
            if encode_bits(back, k) == encode_bits(v, k) {
                out.push_str(s);
                return;
            }
        }
        let s = format_natural(v, natural_precision(k));
        if s.contains('.') {
            out.push_str(&s);
            return;
        }
    }
    let bits = encode_bits(v, k);
    out.push_str(&format!("0x{bits:X}"));
}

/// `|v|` rounded to seven significant decimal digits, half to even, as
/// `format!("{v:.6e}")` rounds it: `(digits, exp10)` with `digits` in
/// `1_000_000..10_000_000` (0 for zero) and `|v| ≈ digits · 10^(exp10 - 6)`.
/// Exact: `|v| = m · 2^q` is scaled by `10^(6 - exp10)` as a ratio of
/// 128-bit integers. `None` when those overflow (magnitudes far from 1 with
/// long mantissas); the caller then formats with `core::fmt`, whose exact
/// mode (Grisu with a Dragon fallback, which most short values take) is
/// several times slower.
fn exp6_digits(v: f64) -> Option<(u64, i32)> {
    let a = v.abs();
    if a == 0.0 {
        return Some((0, 0));
    }
    let bits = a.to_bits();
    let (biased, frac) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (mut m, mut q) = if biased == 0 { (frac, -1074) } else { (frac | 1 << 52, biased - 1075) };
    let tz = m.trailing_zeros();
    m >>= tz;
    q += tz as i32;
    let mut exp10 = a.log10().floor() as i32;
    // log10 may land one off near a power of ten: correct it by the digits.
    for _ in 0..3 {
        let (num, den) = scaled(m, q, 6 - exp10)?;
        let digits = num / den;
        if digits < 1_000_000 {
            exp10 -= 1;
            continue;
        }
        if digits >= 10_000_000 {
            exp10 += 1;
            continue;
        }
        let rem = num % den;
        let up = rem > den - rem || (rem == den - rem && digits % 2 == 1);
        let digits = digits as u64 + up as u64;
        return Some(if digits == 10_000_000 { (1_000_000, exp10 + 1) } else { (digits, exp10) });
    }
    None
}

/// `m · 2^q · 10^s` as a ratio `(num, den)` of 128-bit integers, or `None`
/// when either overflows.
fn scaled(m: u64, q: i32, s: i32) -> Option<(u128, u128)> {
    let two = (q.unsigned_abs() < 127).then(|| 1u128 << q.unsigned_abs())?;
    let ten = 10u128.checked_pow(s.unsigned_abs())?;
    let (mut num, mut den) = (m as u128, 1u128);
    if q >= 0 {
        num = num.checked_mul(two)?;
    } else {
        den = two;
    }
    if s >= 0 {
        num = num.checked_mul(ten)?;
    } else {
        den = den.checked_mul(ten)?;
    }
    Some((num, den))
}

/// The text of `%e` with six digits, built on the stack (`slow` holds the
/// `core::fmt` form when the digits could not be found exactly).
#[derive(Default)]
struct Exp6 {
    buf: [u8; 16],
    slow: String,
}

impl Exp6 {
    /// `[-]d.dddddde±XX` from seven digits and a decimal exponent.
    fn write(&mut self, neg: bool, digits: u64, exp10: i32) -> &str {
        let b = &mut self.buf;
        let mut n = 0;
        if neg {
            b[0] = b'-';
            n = 1;
        }
        let mut ds = [b'0'; 7];
        let mut d = digits;
        for slot in ds.iter_mut().rev() {
            *slot = b'0' + (d % 10) as u8;
            d /= 10;
        }
        b[n] = ds[0];
        b[n + 1] = b'.';
        b[n + 2..n + 8].copy_from_slice(&ds[1..]);
        n += 8;
        b[n] = b'e';
        b[n + 1] = if exp10 < 0 { b'-' } else { b'+' };
        n += 2;
        let e = exp10.unsigned_abs();
        if e >= 100 {
            b[n] = b'0' + (e / 100) as u8;
            n += 1;
        }
        b[n] = b'0' + (e / 10 % 10) as u8;
        b[n + 1] = b'0' + (e % 10) as u8;
        n += 2;
        std::str::from_utf8(&b[..n]).expect("every byte written is ASCII")
    }
}

/// `1.500000e+00`
fn format_exp6(v: f64) -> String {
    let s = format!("{v:.6e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

/// APFloat::toString with its default arguments: `precision` significant
/// digits, trailing zeros dropped, scientific only past 3 padding zeros.
fn format_natural(v: f64, precision: usize) -> String {
    let neg = v.is_sign_negative();
    let s = format!("{:.*e}", precision - 1, v.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp10: i64 = exp.parse().unwrap_or(0);
    let mut digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    let nd = digits.len() as i64;
    // value = digits * 10^(exp10 - (nd - 1))
    let e = exp10 - (nd - 1);
    let scientific = if e >= 0 { e > 3 || nd + e > precision as i64 } else { exp10 < 0 && -exp10 > 3 };
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if scientific {
        out.push_str(&digits[..1]);
        out.push('.');
        if nd > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        out.push('E');
        out.push(if exp10 < 0 { '-' } else { '+' });
        out.push_str(&exp10.abs().to_string());
    } else if e >= 0 {
        out.push_str(&digits);
        for _ in 0..e {
            out.push('0');
        }
    } else if exp10 >= 0 {
        let int_len = (exp10 + 1) as usize;
        out.push_str(&digits[..int_len]);
        out.push('.');
        out.push_str(&digits[int_len..]);
    } else {
        out.push_str("0.");
        for _ in 0..(-exp10 - 1) {
            out.push('0');
        }
        out.push_str(&digits);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: f64, k: FloatKind) -> String {
        let mut s = String::new();
        print_float(v, k, &mut s);
        s
    }

    #[test]
    fn prints_like_mlir() {
        assert_eq!(p(0.0, FloatKind::F32), "0.000000e+00");
        assert_eq!(p(1.5, FloatKind::F32), "1.500000e+00");
        assert_eq!(p(1.0e10, FloatKind::F64), "1.000000e+10");
        assert_eq!(p(round_to_type(0.1, FloatKind::F32), FloatKind::F32), "1.000000e-01");
        assert_eq!(p(round_to_type(1.0 / 3.0, FloatKind::F32), FloatKind::F32), "0.333333343");
        assert_eq!(p(f64::NAN, FloatKind::F32), "0x7FC00000");
        assert_eq!(p(f64::NEG_INFINITY, FloatKind::F32), "0xFF800000");
    }

    /// The exact seven digits agree with `core::fmt`'s `{:.6e}` on ties
    /// (half to even), powers of ten, subnormals, extremes and a million
    /// random f32 and f64 values.
    #[test]
    fn exp6_digits_match_core_fmt() {
        let mut checked = 0;
        let mut check = |v: f64| {
            let mut buf = Exp6::default();
            if let Some((digits, exp10)) = exp6_digits(v) {
                assert_eq!(buf.write(v.is_sign_negative(), digits, exp10), format_exp6(v), "{v:e}");
                checked += 1;
            }
        };
        for v in [0.0, -0.0, 1.0, 0.25, 1234567.5, 1234568.5, 9999999.5, 9999998.5, 0.1, 1e-7, 1e22, 1e23, 123.0] {
            check(v);
            check(-v);
        }
        for e in -40..40 {
            check(10f64.powi(e));
            check(10f64.powi(e) * (1.0 - f64::EPSILON));
            check(10f64.powi(e) * (1.0 + f64::EPSILON));
        }
        for v in [f64::MIN_POSITIVE, f64::MAX, 5e-324, f32::MIN_POSITIVE as f64, f32::MAX as f64, 1e-45] {
            check(v);
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = if i % 2 == 0 { f32::from_bits(x as u32) as f64 } else { f64::from_bits(x) };
            if v.is_finite() {
                check(v);
            }
            // Halves: n + 0.5 ties at the seventh digit for 7-digit n.
            check((1_000_000 + x % 9_000_000) as f64 + 0.5);
        }
        assert!(checked > 1_400_000, "only {checked} values had exact digits");
    }

    #[test]
    fn half_formats_round_trip() {
        for v in [1.0, -2.5, 65504.0, 6.103515625e-5, 5.960464477539063e-8] {
            assert_eq!(decode_bits(encode_bits(v, FloatKind::F16), FloatKind::F16), Some(v));
        }
        assert_eq!(encode_bits(1.0, FloatKind::BF16), 0x3F80);
        assert_eq!(encode_bits(f64::INFINITY, FloatKind::F16), 0x7C00);
    }
}
