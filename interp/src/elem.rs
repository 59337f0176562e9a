//! Element types and scalars, bit-exact.
//!
//! A scalar is its element type and its bits (zero-extended into a `u64`).
//! Integer arithmetic wraps at the type's width, as MLIR's does; f32 and
//! f64 arithmetic is native; f16 and bf16 arithmetic computes in f32 and
//! rounds to nearest even, which is what MLIR's lowering to LLVM does on
//! targets without native half arithmetic.

use half::{bf16, f16};
use tessel_ir::types::{FloatKind, TypeKind};
use tessel_ir::{Context, Type};

/// The element types the engine stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    I1,
    I8,
    I16,
    I32,
    I64,
    /// `index`: 64 bits.
    Index,
    F16,
    BF16,
    F32,
    F64,
}

impl ElemType {
    /// Every element type.
    pub const ALL: [ElemType; 10] = [
        ElemType::I1,
        ElemType::I8,
        ElemType::I16,
        ElemType::I32,
        ElemType::I64,
        ElemType::Index,
        ElemType::F16,
        ElemType::BF16,
        ElemType::F32,
        ElemType::F64,
    ];

    /// Bytes per element in a tensor (`i1` takes a byte).
    pub fn size(self) -> usize {
        match self {
            ElemType::I1 | ElemType::I8 => 1,
            ElemType::I16 | ElemType::F16 | ElemType::BF16 => 2,
            ElemType::I32 | ElemType::F32 => 4,
            ElemType::I64 | ElemType::Index | ElemType::F64 => 8,
        }
    }

    /// Significant bits.
    pub fn bit_width(self) -> u32 {
        match self {
            ElemType::I1 => 1,
            other => other.size() as u32 * 8,
        }
    }

    /// Whether this is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, ElemType::F16 | ElemType::BF16 | ElemType::F32 | ElemType::F64)
    }

    /// The element type of an IR scalar type (or of a shaped type's elements).
    pub fn of(ctx: &Context, ty: Type) -> Option<ElemType> {
        let kind = ctx.type_kind(ty);
        if let Some(e) = kind.element_type() {
            return ElemType::of(ctx, e);
        }
        Some(match kind {
            TypeKind::Index => ElemType::Index,
            TypeKind::Integer { width: 1, .. } => ElemType::I1,
            TypeKind::Integer { width: 8, .. } => ElemType::I8,
            TypeKind::Integer { width: 16, .. } => ElemType::I16,
            TypeKind::Integer { width: 32, .. } => ElemType::I32,
            TypeKind::Integer { width: 64, .. } => ElemType::I64,
            TypeKind::Float(FloatKind::F16) => ElemType::F16,
            TypeKind::Float(FloatKind::BF16) => ElemType::BF16,
            TypeKind::Float(FloatKind::F32) => ElemType::F32,
            TypeKind::Float(FloatKind::F64) => ElemType::F64,
            _ => return None,
        })
    }

    /// The MLIR spelling (`f32`, `index`, ...).
    pub fn mlir_name(self) -> &'static str {
        match self {
            ElemType::I1 => "i1",
            ElemType::I8 => "i8",
            ElemType::I16 => "i16",
            ElemType::I32 => "i32",
            ElemType::I64 => "i64",
            ElemType::Index => "index",
            ElemType::F16 => "f16",
            ElemType::BF16 => "bf16",
            ElemType::F32 => "f32",
            ElemType::F64 => "f64",
        }
    }

    /// The mask of the significant bits.
    fn mask(self) -> u64 {
        match self.bit_width() {
            64 => u64::MAX,
            w => (1u64 << w) - 1,
        }
    }
}

/// One element: its type and bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scalar {
    pub elem: ElemType,
    /// The bits, zero-extended.
    pub bits: u64,
}

impl Scalar {
    /// A scalar from raw bits (truncated to the type's width).
    pub fn from_bits(elem: ElemType, bits: u64) -> Scalar {
        Scalar { elem, bits: bits & elem.mask() }
    }

    /// An `index` value.
    pub fn index(v: i64) -> Scalar {
        Scalar { elem: ElemType::Index, bits: v as u64 }
    }

    /// An integer of type `elem`, wrapped to its width.
    pub fn int(elem: ElemType, v: i64) -> Scalar {
        Scalar::from_bits(elem, v as u64)
    }

    /// A float of type `elem` nearest to `v` (round to nearest even).
    pub fn float(elem: ElemType, v: f64) -> Scalar {
        let bits = match elem {
            ElemType::F16 => f16::from_f64(v).to_bits() as u64,
            ElemType::BF16 => bf16::from_f64(v).to_bits() as u64,
            ElemType::F32 => (v as f32).to_bits() as u64,
            ElemType::F64 => v.to_bits(),
            _ => return Scalar::int(elem, v as i64),
        };
        Scalar { elem, bits }
    }

    /// A value of `elem` from a number: integers are converted exactly when
    /// representable, floats rounded to nearest even.
    pub fn from_f64(elem: ElemType, v: f64) -> Scalar {
        if elem.is_float() {
            Scalar::float(elem, v)
        } else {
            Scalar::int(elem, v as i64)
        }
    }

    /// The signed value of an integer (sign-extended from its width; `i1`
    /// true is -1 as in MLIR, see [`Scalar::as_u64`] for 1).
    pub fn as_i64(self) -> i64 {
        let w = self.elem.bit_width();
        if w >= 64 {
            self.bits as i64
        } else {
            ((self.bits << (64 - w)) as i64) >> (64 - w)
        }
    }

    /// The unsigned value of an integer.
    pub fn as_u64(self) -> u64 {
        self.bits
    }

    /// The value as an `f64` (exact for every float type; integers signed).
    pub fn as_f64(self) -> f64 {
        match self.elem {
            ElemType::F16 => f16::from_bits(self.bits as u16).to_f64(),
            ElemType::BF16 => bf16::from_bits(self.bits as u16).to_f64(),
            ElemType::F32 => f32::from_bits(self.bits as u32) as f64,
            ElemType::F64 => f64::from_bits(self.bits),
            _ => self.as_i64() as f64,
        }
    }

    /// The value of a float as `f32` (f16 and bf16 widen exactly).
    fn as_f32(self) -> f32 {
        match self.elem {
            ElemType::F16 => f16::from_bits(self.bits as u16).to_f32(),
            ElemType::BF16 => bf16::from_bits(self.bits as u16).to_f32(),
            ElemType::F32 => f32::from_bits(self.bits as u32),
            _ => self.as_f64() as f32,
        }
    }

    /// A float result of `elem` computed by `op32` (f16, bf16, f32: in f32,
    /// then rounded) or `op64` (f64).
    pub fn float_op(elem: ElemType, args: &[Scalar], op32: fn(&[f32]) -> f32, op64: fn(&[f64]) -> f64) -> Scalar {
        match elem {
            ElemType::F64 => {
                let v: Vec<f64> = args.iter().map(|a| a.as_f64()).collect();
                Scalar { elem, bits: op64(&v).to_bits() }
            }
            _ => {
                let v: Vec<f32> = args.iter().map(|a| a.as_f32()).collect();
                Scalar::from_f32(elem, op32(&v))
            }
        }
    }

    /// `v` rounded to `elem` (a float type of at most 32 bits).
    pub fn from_f32(elem: ElemType, v: f32) -> Scalar {
        let bits = match elem {
            ElemType::F16 => f16::from_f32(v).to_bits() as u64,
            ElemType::BF16 => bf16::from_f32(v).to_bits() as u64,
            ElemType::F32 => v.to_bits() as u64,
            _ => return Scalar::from_f64(elem, v as f64),
        };
        Scalar { elem, bits }
    }

    /// The little-endian bytes of the element (its size in a tensor).
    pub fn to_le_bytes(self) -> Vec<u8> {
        self.bits.to_le_bytes()[..self.elem.size()].to_vec()
    }

    /// Reads an element from its little-endian bytes.
    pub fn from_le_bytes(elem: ElemType, bytes: &[u8]) -> Scalar {
        let mut b = [0u8; 8];
        b[..bytes.len()].copy_from_slice(bytes);
        Scalar::from_bits(elem, u64::from_le_bytes(b))
    }
}

impl std::fmt::Display for Scalar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.elem {
            ElemType::I1 => write!(f, "{}", if self.bits != 0 { "true" } else { "false" }),
            e if e.is_float() => {
                let v = self.as_f64();
                if v.is_nan() {
                    write!(f, "nan")
                } else if v.is_infinite() {
                    write!(f, "{}inf", if v < 0.0 { "-" } else { "" })
                } else if v == v.trunc() && v.abs() < 1e16 {
                    write!(f, "{v:.1}")
                } else {
                    write!(f, "{v}")
                }
            }
            _ => write!(f, "{}", self.as_i64()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_wrap_and_sign_extend_at_their_width() {
        assert_eq!(Scalar::int(ElemType::I8, 200).as_i64(), -56);
        assert_eq!(Scalar::int(ElemType::I8, -1).as_u64(), 255);
        assert_eq!(Scalar::int(ElemType::I1, 1).as_i64(), -1);
        assert_eq!(Scalar::int(ElemType::I16, 70000).as_i64(), 70000 - 65536);
        assert_eq!(Scalar::index(-5).as_i64(), -5);
    }

    #[test]
    fn half_types_round_to_nearest_even() {
        // 1 + 2^-8 is halfway between two bf16 values: ties go to even (1.0).
        assert_eq!(Scalar::float(ElemType::BF16, 1.0 + 2f64.powi(-8)).as_f64(), 1.0);
        assert_eq!(Scalar::float(ElemType::BF16, 1.0 + 3.0 * 2f64.powi(-8)).as_f64(), 1.0 + 2f64.powi(-6));
        let sum = Scalar::float_op(
            ElemType::BF16,
            &[Scalar::float(ElemType::BF16, 256.0), Scalar::float(ElemType::BF16, 1.0)],
            |a| a[0] + a[1],
            |a| a[0] + a[1],
        );
        assert_eq!(sum.as_f64(), 256.0, "257 is not a bf16; ties to even gives 256");
    }

    #[test]
    fn bytes_round_trip_keeps_nan_payloads() {
        let nan = Scalar::from_bits(ElemType::F32, 0x7fc0_1234);
        assert_eq!(Scalar::from_le_bytes(ElemType::F32, &nan.to_le_bytes()), nan);
        let neg_zero = Scalar::float(ElemType::F16, -0.0);
        assert_eq!(neg_zero.bits, 0x8000);
    }
}
