//! Builtin attributes. Attributes are uniqued in the [`Context`](crate::Context)
//! and referred to by the small id [`Attr`].

use crate::affine::{AffineMap, IntegerSet};
use crate::{Attr, Sym, Type};

/// One element of a `dense<...>` literal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DenseElement {
    /// An integer (or boolean) element.
    Int(i128),
    /// A float element, stored as the bits of an `f64`.
    Float(u64),
}

/// The contents of a `dense<...>` attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum DenseData {
    /// Every element has this value.
    Splat(DenseElement),
    /// Row-major elements.
    Elements(Vec<DenseElement>),
    /// The `"0x..."` hex blob form, kept verbatim.
    Hex(String),
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`
    Unit,
    /// `true` / `false`
    Bool(bool),
    /// `42 : i32`; the value is stored sign-extended.
    Integer { value: i128, ty: Type },
    /// `1.0 : f32`; the value is stored as `f64` bits.
    Float { bits: u64, ty: Type },
    /// `"text"` (optionally typed).
    String { value: String, ty: Option<Type> },
    /// `[a, b]`
    Array(Vec<Attr>),
    /// `{a = 1, b}`, sorted by name.
    Dict(Vec<(Sym, Attr)>),
    /// `array<i64: 1, 2>`; integers (and bools) as i64, floats as f64 bits.
    DenseArray { elem: Type, values: Vec<i64> },
    /// A type used as an attribute.
    Type(Type),
    /// `@root::@nested`
    SymbolRef { root: Sym, nested: Vec<Sym> },
    /// `affine_map<...>`
    AffineMap(AffineMap),
    /// `affine_set<...>`
    IntegerSet(IntegerSet),
    /// `dense<...> : tensor<...>`
    Dense { ty: Type, data: DenseData },
    /// A dialect attribute kept as text: `#dialect.name<body>` or `#dialect<body>`.
    Opaque { dialect: Sym, text: String },
}
