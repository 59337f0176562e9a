//! The hex form of `dense` data (`dense<"0x0000803F..."> : vector<...>`):
//! MLIR's raw little-endian storage, which mlir-opt prints for constants of
//! more than [`HEX_THRESHOLD`] elements that are not splats, and which
//! parses back to the same elements.
//!
//! Storage is one bit per `i1` element (least significant bit first),
//! otherwise each element's width rounded up to whole bytes (`index`: 8).
//! Element types without an exact encoding here (complex, the narrow and
//! extended float formats) are left to the element-list form.

use crate::attrs::{DenseData, DenseElement};
use crate::float::{decode_bits, encode_bits};
use crate::types::{FloatKind, TypeKind};
use crate::{Context, Type};

/// mlir-opt prints non-splat elements in hex above this many elements
/// (`shouldPrintElementsAttrWithHex`).
pub const HEX_THRESHOLD: usize = 100;

/// How an element type is stored: `None` for `i1` (bit-packed), else the
/// bytes per element, and whether it is a float of that kind.
enum Storage {
    Bits,
    Int(usize),
    Float(usize, FloatKind),
}

fn storage(ctx: &Context, elem: Type) -> Option<Storage> {
    match ctx.type_kind(elem) {
        TypeKind::Integer { width: 1, .. } => Some(Storage::Bits),
        TypeKind::Integer { width, .. } if *width <= 128 => Some(Storage::Int((*width as usize).div_ceil(8))),
        TypeKind::Index => Some(Storage::Int(8)),
        TypeKind::Float(k @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)) => {
            Some(Storage::Float(k.width() as usize / 8, *k))
        }
        _ => None,
    }
}

/// `"0x..."` (with the quotes) for `elems` of type `elem`, or `None` when
/// the type has no exact encoding here.
pub fn encode(ctx: &Context, elem: Type, elems: &[DenseElement]) -> Option<String> {
    let mut bytes: Vec<u8> = Vec::new();
    match storage(ctx, elem)? {
        Storage::Bits => {
            bytes.resize(elems.len().div_ceil(8), 0);
            for (i, e) in elems.iter().enumerate() {
                if matches!(e, DenseElement::Int(v) if *v & 1 == 1) {
                    bytes[i / 8] |= 1 << (i % 8);
                }
            }
        }
        Storage::Int(n) => {
            for e in elems {
                let DenseElement::Int(v) = e else { return None };
                bytes.extend_from_slice(&v.to_le_bytes()[..n]);
            }
        }
        Storage::Float(n, k) => {
            for e in elems {
                let DenseElement::Float(b) = e else { return None };
                bytes.extend_from_slice(&encode_bits(f64::from_bits(*b), k).to_le_bytes()[..n]);
            }
        }
    }
    let mut out = String::with_capacity(bytes.len() * 2 + 4);
    out.push_str("\"0x");
    for b in bytes {
        out.push_str(&format!("{b:02X}"));
    }
    out.push('"');
    Some(out)
}

/// The elements `hex` (`"0x..."`, quotes included) holds for `count`
/// elements of `elem`: a splat when it holds one element, as MLIR reads a
/// one-element buffer. `None` when the type has no encoding here or the
/// length does not fit.
pub fn decode(ctx: &Context, elem: Type, hex: &str, count: usize) -> Option<DenseData> {
    let digits = hex.trim_matches('"').strip_prefix("0x")?;
    if digits.len() % 2 != 0 {
        return None;
    }
    let bytes: Vec<u8> =
        (0..digits.len() / 2).map(|i| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).ok()).collect::<Option<_>>()?;
    let (width, unsigned) = match ctx.type_kind(elem) {
        TypeKind::Integer { width, signedness } => (*width, *signedness == crate::types::Signedness::Unsigned),
        _ => (64, false),
    };
    let signed_int = |raw: &[u8], width: u32| {
        let mut buf = [0u8; 16];
        buf[..raw.len()].copy_from_slice(raw);
        let v = u128::from_le_bytes(buf);
        // Sign-extend from the type's width, as tessel stores integers
        // (unsigned types zero-extended).
        let shift = 128 - width.clamp(1, 128);
        if unsigned {
            ((v << shift) >> shift) as i128
        } else {
            ((v << shift) as i128) >> shift
        }
    };
    let element = |i: usize| -> Option<DenseElement> {
        Some(match storage(ctx, elem)? {
            Storage::Bits => DenseElement::Int(((bytes.get(i / 8)? >> (i % 8)) & 1) as i128),
            Storage::Int(n) => DenseElement::Int(signed_int(bytes.get(i * n..(i + 1) * n)?, width)),
            Storage::Float(n, k) => {
                let mut buf = [0u8; 16];
                buf[..n].copy_from_slice(bytes.get(i * n..(i + 1) * n)?);
                DenseElement::Float(decode_bits(u128::from_le_bytes(buf), k)?.to_bits())
            }
        })
    };
    let per_element_bytes = match storage(ctx, elem)? {
        Storage::Bits => 0,
        Storage::Int(n) | Storage::Float(n, _) => n,
    };
    let one_element = if per_element_bytes == 0 { bytes.len() == 1 } else { bytes.len() == per_element_bytes };
    if one_element && count != 1 {
        return Some(DenseData::Splat(element(0)?));
    }
    let expected = if per_element_bytes == 0 { count.div_ceil(8) } else { count * per_element_bytes };
    if bytes.len() != expected {
        return None;
    }
    Some(DenseData::Elements((0..count).map(element).collect::<Option<_>>()?))
}

/// The `count` elements of type `elem` a `dense_resource` blob's `data`
/// holds (little-endian, `i1` one byte each); `None` when the size does
/// not fit or the type has no encoding here.
pub fn decode_resource(ctx: &Context, elem: Type, data: &[u8], count: usize) -> Option<Vec<DenseElement>> {
    let per_element = match storage(ctx, elem)? {
        Storage::Bits => {
            return (data.len() == count).then(|| data.iter().map(|b| DenseElement::Int((*b != 0) as i128)).collect());
        }
        Storage::Int(n) | Storage::Float(n, _) => n,
    };
    if data.len() != count.checked_mul(per_element)? || count == 0 {
        return (data.is_empty() && count == 0).then(Vec::new);
    }
    let mut hex = String::with_capacity(2 + 2 * data.len());
    hex.push_str("0x");
    for b in data {
        hex.push_str(&format!("{b:02X}"));
    }
    match decode(ctx, elem, &hex, count)? {
        DenseData::Elements(es) => Some(es),
        DenseData::Splat(e) => Some(vec![e; count]),
        DenseData::Hex(_) | DenseData::ComplexElements(_) | DenseData::ComplexSplat(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_bits_ints_and_floats() {
        let mut ctx = Context::new();
        let i1 = ctx.int_type(1);
        let bits: Vec<DenseElement> = (0..12).map(|i| DenseElement::Int((i % 3 == 0) as i128)).collect();
        let h = encode(&ctx, i1, &bits).unwrap();
        assert_eq!(h, "\"0x4902\"");
        assert_eq!(decode(&ctx, i1, &h, 12), Some(DenseData::Elements(bits)));
        let i8t = ctx.int_type(8);
        let ints = vec![DenseElement::Int(-2), DenseElement::Int(5)];
        let h = encode(&ctx, i8t, &ints).unwrap();
        assert_eq!(h, "\"0xFE05\"");
        assert_eq!(decode(&ctx, i8t, &h, 2), Some(DenseData::Elements(ints)));
        let f32t = ctx.float_type(FloatKind::F32);
        let floats = vec![DenseElement::Float(1.5f64.to_bits()), DenseElement::Float((-0.25f64).to_bits())];
        let h = encode(&ctx, f32t, &floats).unwrap();
        assert_eq!(h, "\"0x0000C03F000080BE\"");
        assert_eq!(decode(&ctx, f32t, &h, 2), Some(DenseData::Elements(floats)));
        assert_eq!(
            decode(&ctx, f32t, "\"0x0000C03F\"", 4),
            Some(DenseData::Splat(DenseElement::Float(1.5f64.to_bits())))
        );
        assert_eq!(decode(&ctx, f32t, "\"0x0000C0\"", 4), None);
    }
}
