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

/// Prints a float value of type `k` the way MLIR does: APFloat's
/// `toString(6, 0, false)` (`1.500000e+00`) when that reads back as the
/// same value, else its default `toString()` (`0.689999997`), else hex bits.
pub fn print_float(v: f64, k: FloatKind, out: &mut String) {
    if v.is_finite() {
        let s = apfloat_string(v, 6, 0, false);
        if let Ok(back) = s.parse::<f64>() {
            if encode_bits(back, k) == encode_bits(v, k) {
                out.push_str(&s);
                return;
            }
        }
        let s = apfloat_string(v, natural_precision(k), 3, true);
        if s.contains('.') {
            out.push_str(&s);
            return;
        }
    }
    let bits = encode_bits(v, k);
    out.push_str(&format!("0x{bits:X}"));
}

/// `m * 2^exp` as a decimal integer (`m * 5^-exp` for a negative `exp`, to
/// be read times `10^exp`), when it fits in 128 bits: the common case,
/// without allocating.
fn decimal_u128(m: u64, exp: i32) -> Option<u128> {
    let m = m as u128;
    if exp >= 0 {
        let e = exp as u32;
        return (e < m.leading_zeros()).then(|| m << e);
    }
    (0..-exp).try_fold(m, |x, _| x.checked_mul(5))
}

/// A non-negative integer of any size (little-endian 32-bit limbs), for
/// the exact decimal expansion of a float.
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        Big(vec![v as u32, (v >> 32) as u32])
    }

    fn mul_small(&mut self, f: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let x = *l as u64 * f as u64 + carry;
            *l = x as u32;
            carry = x >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let r = bits % 32;
        if r != 0 {
            let mut carry = 0u32;
            for l in self.0.iter_mut() {
                let x = *l;
                *l = (x << r) | carry;
                carry = x >> (32 - r);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
    }

    /// Divides in place; returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let x = (rem << 32) | *l as u64;
            *l = (x / d as u64) as u32;
            rem = x % d as u64;
        }
        rem as u32
    }

    fn bits(&self) -> u32 {
        match self.0.iter().rposition(|l| *l != 0) {
            Some(i) => i as u32 * 32 + (32 - self.0[i].leading_zeros()),
            None => 0,
        }
    }

    fn to_u128(&self) -> Option<u128> {
        if self.bits() > 128 {
            return None;
        }
        Some(self.0.iter().rev().fold(0u128, |acc, l| (acc << 32) | *l as u128))
    }
}

/// APFloat's `toString(FormatPrecision, FormatMaxPadding, TruncateZero)`
/// of a finite `v`, digit for digit, quirks included: the exact decimal
/// expansion is first cut down by whole powers of ten to about
/// `precision` digits *without rounding* (its `AdjustToPrecision` on the
/// APInt), then rounded half up to `precision` digits. So `0.69f32`
/// prints `6.899990e-01` at precision 6 (which does not read back as the
/// same f32) and `0.689999997` at 9.
fn apfloat_string(v: f64, precision: usize, max_padding: usize, truncate_zero: bool) -> String {
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    if v == 0.0 {
        if max_padding != 0 {
            out.push('0');
        } else if truncate_zero {
            out.push_str("0.0E+0");
        } else {
            out.push_str("0.0");
            out.push_str(&"0".repeat(precision.saturating_sub(1)));
            out.push_str("e+00");
        }
        return out;
    }
    let bits = v.abs().to_bits();
    let (biased, frac) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (m, q) = if biased == 0 { (frac, -1074) } else { (frac | 1 << 52, biased - 1075) };
    let tz = m.trailing_zeros();
    let (m, mut exp) = (m >> tz, q + tz as i32);
    // The value as a decimal integer times 10^exp; then whole decimal
    // digits dropped (truncating) down to the bits `precision` needs.
    // 196/59 slightly overestimates log2(10), as APFloat has it.
    let required = (precision * 196).div_ceil(59) as u32;
    let mut n = match decimal_u128(m, exp) {
        Some(d) => {
            let active = 128 - d.leading_zeros();
            let tens = if active > required { (active - required) * 59 / 196 } else { 0 };
            exp = exp.min(0) + tens as i32;
            d / 10u128.pow(tens)
        }
        None => {
            let mut d = Big::from_u64(m);
            if exp > 0 {
                d.shl(exp as u32);
                exp = 0;
            } else {
                // m * 2^-t == m * 5^t * 10^-t
                let mut t = -exp;
                while t > 0 {
                    let k = t.min(13);
                    d.mul_small(5u32.pow(k as u32));
                    t -= k;
                }
            }
            let active = d.bits();
            if active > required {
                let mut tens = (active - required) * 59 / 196;
                exp += tens as i32;
                while tens > 0 {
                    let k = tens.min(9);
                    d.div_small(10u32.pow(k));
                    tens -= k;
                }
            }
            d.to_u128().expect("at most `precision` digits and a few bits remain")
        }
    };
    // Decimal digits, least significant first, trailing zeros dropped.
    let mut buffer: Vec<u8> = Vec::with_capacity(40);
    let mut in_trail = true;
    while n != 0 {
        let digit = (n % 10) as u8;
        n /= 10;
        if in_trail && digit == 0 {
            exp += 1;
        } else {
            buffer.push(b'0' + digit);
            in_trail = false;
        }
    }
    round_digits(&mut buffer, &mut exp, precision);
    let nd = buffer.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as usize > max_padding || nd + exp as usize > precision
    } else {
        let msd = exp + nd as i32 - 1;
        msd < 0 && (-msd) as usize > max_padding
    };
    let digit = |i: usize| buffer[nd - 1 - i] as char;
    if scientific {
        let e10 = exp + nd as i32 - 1;
        out.push(digit(0));
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            (1..nd).for_each(|i| out.push(digit(i)));
        }
        if !truncate_zero && precision > nd - 1 {
            out.push_str(&"0".repeat(precision - nd + 1));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if e10 >= 0 { '+' } else { '-' });
        let e = e10.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
        return out;
    }
    if exp >= 0 {
        (0..nd).for_each(|i| out.push(digit(i)));
        out.push_str(&"0".repeat(exp as usize));
        return out;
    }
    let whole = exp + nd as i32;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat((-whole) as usize));
    }
    (i..nd).for_each(|i| out.push(digit(i)));
    out
}

/// APFloat's `AdjustToPrecision` on the digit buffer (least significant
/// first): keep `precision` digits, rounding half up with carry.
fn round_digits(buffer: &mut Vec<u8>, exp: &mut i32, precision: usize) {
    let n = buffer.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if buffer[first - 1] < b'5' {
        while first < n && buffer[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        buffer.drain(..first);
        return;
    }
    let mut i = first;
    while i != n {
        if buffer[i] == b'9' {
            first += 1;
            i += 1;
        } else {
            buffer[i] += 1;
            break;
        }
    }
    if first == n {
        *exp += first as i32;
        buffer.clear();
        buffer.push(b'1');
        return;
    }
    *exp += first as i32;
    buffer.drain(..first);
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

    /// Values mlir-opt 22 prints in the natural form because APFloat's
    /// six-digit string drops a digit without rounding (and its nine-digit
    /// one too: `0.689999997`, not `0.689999998`).
    #[test]
    fn apfloat_truncation_quirks_match_mlir() {
        let f = |v: f64| round_to_type(v, FloatKind::F32);
        assert_eq!(p(f(0.69), FloatKind::F32), "0.689999997");
        assert_eq!(p(f(0.7), FloatKind::F32), "0.699999988");
        assert_eq!(p(f(0.01), FloatKind::F32), "0.00999999977");
        assert_eq!(p(f(0.13), FloatKind::F32), "1.300000e-01");
        assert_eq!(p(f(9.23), FloatKind::F32), "9.22999954");
        assert_eq!(p(78446.9375, FloatKind::F32), "78446.9375");
        assert_eq!(p(f(-926736.84), FloatKind::F32), "-926736.812");
        assert_eq!(p(f(-88669.797), FloatKind::F32), "-88669.7968");
        assert_eq!(p(1e300, FloatKind::F64), "1.000000e+300");
        assert_eq!(p(5e-324, FloatKind::F64), "4.940660e-324");
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
