//! Builtin types. Types are uniqued in the [`Context`](crate::Context) and
//! referred to by the small id [`Type`].

use crate::{Attr, Sym, Type};

/// MLIR's marker for a dynamic extent (`?`), `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness of an integer type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// Floating-point formats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    F4E2M1FN,
}

impl FloatKind {
    /// All float kinds with their MLIR keyword.
    pub const ALL: [(FloatKind, &'static str); 16] = [
        (FloatKind::F16, "f16"),
        (FloatKind::BF16, "bf16"),
        (FloatKind::F32, "f32"),
        (FloatKind::F64, "f64"),
        (FloatKind::F80, "f80"),
        (FloatKind::F128, "f128"),
        (FloatKind::TF32, "tf32"),
        (FloatKind::F8E5M2, "f8E5M2"),
        (FloatKind::F8E4M3, "f8E4M3"),
        (FloatKind::F8E4M3FN, "f8E4M3FN"),
        (FloatKind::F8E5M2FNUZ, "f8E5M2FNUZ"),
        (FloatKind::F8E4M3FNUZ, "f8E4M3FNUZ"),
        (FloatKind::F8E4M3B11FNUZ, "f8E4M3B11FNUZ"),
        (FloatKind::F8E3M4, "f8E3M4"),
        (FloatKind::F8E8M0FNU, "f8E8M0FNU"),
        (FloatKind::F4E2M1FN, "f4E2M1FN"),
    ];

    /// The MLIR keyword of this float type.
    pub fn keyword(self) -> &'static str {
        Self::ALL.iter().find(|(k, _)| *k == self).map(|(_, s)| *s).unwrap_or("f32")
    }

    /// Looks a keyword up.
    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        Self::ALL.iter().find(|(_, k)| *k == s).map(|(k, _)| *k)
    }

    /// Storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 | FloatKind::TF32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
            FloatKind::F4E2M1FN => 4,
            _ => 8,
        }
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `index`
    Index,
    /// `iN`, `siN`, `uiN`
    Integer { width: u32, signedness: Signedness },
    /// Any float type.
    Float(FloatKind),
    /// `none`
    None,
    /// `tensor<4x?xf32>` (with an optional encoding attribute).
    Tensor { shape: Vec<i64>, elem: Type, encoding: Option<Attr> },
    /// `tensor<*xf32>`
    UnrankedTensor { elem: Type },
    /// `memref<4x?xf32, layout, space>`
    MemRef { shape: Vec<i64>, elem: Type, layout: Option<Attr>, memory_space: Option<Attr> },
    /// `memref<*xf32>`
    UnrankedMemRef { elem: Type, memory_space: Option<Attr> },
    /// `vector<4x[8]xf32>`
    Vector { shape: Vec<i64>, scalable: Vec<bool>, elem: Type },
    /// `complex<f32>`
    Complex { elem: Type },
    /// `tuple<...>`
    Tuple(Vec<Type>),
    /// `(inputs) -> results`
    Function { inputs: Vec<Type>, results: Vec<Type> },
    /// A dialect type kept as text: `!dialect.name<body>` or `!dialect<body>`.
    Opaque { dialect: Sym, text: String },
}

impl TypeKind {
    /// The shape of a ranked tensor, memref or vector.
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }

    /// The element type of a shaped type.
    pub fn element_type(&self) -> Option<Type> {
        match self {
            TypeKind::Tensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. }
            | TypeKind::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// Whether this is a signless integer or index type.
    pub fn is_signless_int_or_index(&self) -> bool {
        matches!(self, TypeKind::Index | TypeKind::Integer { signedness: Signedness::Signless, .. })
    }

    /// Whether this is an integer type of any signedness.
    pub fn is_integer(&self) -> bool {
        matches!(self, TypeKind::Integer { .. })
    }

    /// Whether this is a float type.
    pub fn is_float(&self) -> bool {
        matches!(self, TypeKind::Float(_))
    }
}

/// Whether a dimension extent is dynamic.
#[inline]
pub fn is_dynamic(d: i64) -> bool {
    d == DYNAMIC
}
