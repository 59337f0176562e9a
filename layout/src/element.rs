//! XLA's primitive (element) types.

/// Declares [`PrimitiveType`] and the list of all its variants, in order.
macro_rules! primitive_types {
    ($($variant:ident),* $(,)?) => {
        /// An XLA element type, spelled as XLA prints it (`f32`, `bf16`, `pred`, ...).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum PrimitiveType {
            $($variant,)*
        }

        const ALL: &[PrimitiveType] = &[$(PrimitiveType::$variant),*];
    };
}

primitive_types! {
    Pred,
    S1,
    S2,
    S4,
    S8,
    S16,
    S32,
    S64,
    U1,
    U2,
    U4,
    U8,
    U16,
    U32,
    U64,
    F16,
    Bf16,
    F32,
    F64,
    F8e5m2,
    F8e4m3,
    F8e4m3fn,
    F8e4m3b11fnuz,
    F8e3m4,
    F8e5m2fnuz,
    F8e4m3fnuz,
    F4e2m1fn,
    F8e8m0fnu,
    C64,
    C128,
    Token,
    Opaque,
}

use PrimitiveType::*;

impl PrimitiveType {
    /// Every element type, in XLA's declaration order of the spec's list.
    pub fn all() -> &'static [PrimitiveType] {
        ALL
    }

    /// The lowercase name XLA prints.
    pub fn name(self) -> &'static str {
        match self {
            Pred => "pred",
            S1 => "s1",
            S2 => "s2",
            S4 => "s4",
            S8 => "s8",
            S16 => "s16",
            S32 => "s32",
            S64 => "s64",
            U1 => "u1",
            U2 => "u2",
            U4 => "u4",
            U8 => "u8",
            U16 => "u16",
            U32 => "u32",
            U64 => "u64",
            F16 => "f16",
            Bf16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            F8e5m2 => "f8e5m2",
            F8e4m3 => "f8e4m3",
            F8e4m3fn => "f8e4m3fn",
            F8e4m3b11fnuz => "f8e4m3b11fnuz",
            F8e3m4 => "f8e3m4",
            F8e5m2fnuz => "f8e5m2fnuz",
            F8e4m3fnuz => "f8e4m3fnuz",
            F4e2m1fn => "f4e2m1fn",
            F8e8m0fnu => "f8e8m0fnu",
            C64 => "c64",
            C128 => "c128",
            Token => "token",
            Opaque => "opaque",
        }
    }

    /// The XLA type of a NumPy / JAX / ml_dtypes dtype name (`float32`,
    /// `bfloat16`, `int8`, `uint4`, `bool`, `float8_e4m3fn`, `complex64`);
    /// XLA's own names (`bf16`, `s8`) are accepted too.
    pub fn from_numpy_name(name: &str) -> Option<PrimitiveType> {
        let lower = name.trim().to_ascii_lowercase();
        let xla = match lower.as_str() {
            "bool" | "bool_" => "pred".to_string(),
            "bfloat16" => "bf16".to_string(),
            "complex64" => "c64".to_string(),
            "complex128" => "c128".to_string(),
            n => {
                if let Some(bits) = n.strip_prefix("uint") {
                    format!("u{bits}")
                } else if let Some(bits) = n.strip_prefix("int") {
                    format!("s{bits}")
                } else if let Some(rest) = n.strip_prefix("float") {
                    // float32 -> f32; float8_e4m3fn -> f8e4m3fn.
                    format!("f{}", rest.replace('_', ""))
                } else {
                    n.to_string()
                }
            }
        };
        PrimitiveType::from_name(&xla)
    }

    /// Looks a name up, ignoring ASCII case (`F32` is `f32`).
    pub fn from_name(name: &str) -> Option<PrimitiveType> {
        ALL.iter().copied().find(|t| t.name().eq_ignore_ascii_case(name))
    }

    /// True for types that form arrays (everything but `token` and `opaque`).
    pub fn is_array_type(self) -> bool {
        !matches!(self, Token | Opaque)
    }

    /// True for the integer types (signed and unsigned), as XLA's
    /// `IsIntegralType` (pred is not one).
    pub fn is_integral(self) -> bool {
        matches!(self, S1 | S2 | S4 | S8 | S16 | S32 | S64 | U1 | U2 | U4 | U8 | U16 | U32 | U64)
    }

    /// The number of bits of one value (XLA's `BitWidth`; `pred` is 8).
    pub fn bit_width(self) -> u32 {
        match self {
            S1 | U1 => 1,
            S2 | U2 => 2,
            S4 | U4 | F4e2m1fn => 4,
            Pred | S8 | U8 | F8e5m2 | F8e4m3 | F8e4m3fn | F8e4m3b11fnuz | F8e3m4 | F8e5m2fnuz | F8e4m3fnuz
            | F8e8m0fnu => 8,
            S16 | U16 | F16 | Bf16 => 16,
            S32 | U32 | F32 => 32,
            S64 | U64 | F64 | C64 => 64,
            C128 => 128,
            Token | Opaque => 0,
        }
    }

    /// Bytes one element occupies without an `E(bits)` layout field (XLA's
    /// `ByteWidth`: sub-byte types take a whole byte).
    pub fn byte_width(self) -> u64 {
        (self.bit_width() as u64).div_ceil(8)
    }

    /// The MLIR builtin type holding the same values (signless integers for
    /// both signed and unsigned XLA types, as arith requires), or `None` for
    /// `token` and `opaque`.
    pub fn mlir_type(self) -> Option<&'static str> {
        Some(match self {
            Pred | S1 | U1 => "i1",
            S2 | U2 => "i2",
            S4 | U4 => "i4",
            S8 | U8 => "i8",
            S16 | U16 => "i16",
            S32 | U32 => "i32",
            S64 | U64 => "i64",
            F16 => "f16",
            Bf16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            F8e5m2 => "f8E5M2",
            F8e4m3 => "f8E4M3",
            F8e4m3fn => "f8E4M3FN",
            F8e4m3b11fnuz => "f8E4M3B11FNUZ",
            F8e3m4 => "f8E3M4",
            F8e5m2fnuz => "f8E5M2FNUZ",
            F8e4m3fnuz => "f8E4M3FNUZ",
            F4e2m1fn => "f4E2M1FN",
            F8e8m0fnu => "f8E8M0FNU",
            C64 => "complex<f32>",
            C128 => "complex<f64>",
            Token | Opaque => return None,
        })
    }
}

impl std::fmt::Display for PrimitiveType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpy_names_map_to_xla_types() {
        for (numpy, xla) in [
            ("float32", F32),
            ("bfloat16", Bf16),
            ("bool", Pred),
            ("int8", S8),
            ("uint4", U4),
            ("int2", S2),
            ("float16", F16),
            ("float64", F64),
            ("float8_e4m3fn", F8e4m3fn),
            ("float8_e4m3b11fnuz", F8e4m3b11fnuz),
            ("float4_e2m1fn", F4e2m1fn),
            ("complex64", C64),
            ("bf16", Bf16),
        ] {
            assert_eq!(PrimitiveType::from_numpy_name(numpy), Some(xla), "{numpy}");
        }
        assert_eq!(PrimitiveType::from_numpy_name("float7"), None);
        assert_eq!(PrimitiveType::from_numpy_name("object"), None);
    }

    #[test]
    fn names_round_trip_case_insensitively() {
        for t in PrimitiveType::all() {
            assert_eq!(PrimitiveType::from_name(t.name()), Some(*t));
            assert_eq!(PrimitiveType::from_name(&t.name().to_uppercase()), Some(*t));
        }
        assert_eq!(PrimitiveType::from_name("f33"), None);
    }

    #[test]
    fn widths_follow_xla() {
        assert_eq!(PrimitiveType::Pred.byte_width(), 1);
        assert_eq!(PrimitiveType::S4.byte_width(), 1);
        assert_eq!(PrimitiveType::S4.bit_width(), 4);
        assert_eq!(PrimitiveType::Bf16.byte_width(), 2);
        assert_eq!(PrimitiveType::C128.byte_width(), 16);
        assert!(!PrimitiveType::Token.is_array_type());
    }
}
