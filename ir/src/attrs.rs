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
    /// Complex elements (`dense<[(1.0,2.0), (3.0,4.0)]>`): each element's
    /// real then imaginary part, row-major.
    ComplexElements(Vec<DenseElement>),
    /// Every complex element has this real and imaginary part
    /// (`dense<(1,2)>`).
    ComplexSplat(DenseElement, DenseElement),
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
    /// `dense_resource<handle> : tensor<...>`: elements held in the file's
    /// `{-# dialect_resources: { builtin: { handle: "0x..." } } #-}`
    /// section ([`crate::Context::resources`]).
    DenseResource { ty: Type, handle: String },
    /// `distinct[N]<attr>`: unique per creation (`uid`, from
    /// [`crate::Context::fresh_distinct`]) however equal its referenced
    /// attribute; printed with ids numbered in order of appearance.
    Distinct { uid: u64, referenced: Attr },
    /// A dialect attribute kept as text: `#dialect.name<body>` or `#dialect<body>`.
    Opaque { dialect: Sym, text: String },
}

/// A blob of the `{-# dialect_resources: { builtin: { .. } } #-}` section
/// (what `dense_resource<handle>` refers to): written as `"0x"`, the
/// alignment as four little-endian bytes, then the data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ResourceBlob {
    pub alignment: u32,
    pub data: Vec<u8>,
}

impl ResourceBlob {
    /// Reads `0x<alignment><data>` (the quotes already removed); `None`
    /// when it is not hex or shorter than the alignment.
    pub fn from_hex(text: &str) -> Option<ResourceBlob> {
        let digits = text.strip_prefix("0x")?;
        if digits.len() % 2 != 0 || digits.len() < 8 {
            return None;
        }
        let bytes: Vec<u8> = (0..digits.len() / 2)
            .map(|i| u8::from_str_radix(digits.get(2 * i..2 * i + 2)?, 16).ok())
            .collect::<Option<_>>()?;
        let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        Some(ResourceBlob { alignment, data: bytes[4..].to_vec() })
    }

    /// `0x<alignment><data>` in upper-case hex, as mlir-opt prints it.
    pub fn to_hex(&self) -> String {
        let mut out = String::with_capacity(2 + 2 * (4 + self.data.len()));
        out.push_str("0x");
        for b in self.alignment.to_le_bytes().iter().chain(&self.data) {
            out.push_str(&format!("{b:02X}"));
        }
        out
    }
}

/// A value of an `external_resources` entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ExternalResourceValue {
    /// A string (a hex blob is one too), unescaped.
    String(String),
    Bool(bool),
}

/// The fast-math flags of `#arith.fastmath<..>`, in the order MLIR prints
/// them (its bit order); `fast` is all of them.
const FASTMATH_FLAGS: [&str; 7] = ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];

/// `fastmath<..>` as MLIR prints the flags `words` (`contract, nnan` is
/// `fastmath<nnan,contract>`, all seven `fastmath<fast>`, none
/// `fastmath<none>`); `None` when a word is not a flag.
pub fn fastmath_text<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut set = [false; 7];
    for w in words {
        match w.trim() {
            "none" => {}
            "fast" => set = [true; 7],
            w => set[FASTMATH_FLAGS.iter().position(|f| *f == w)?] = true,
        }
    }
    let body = if set.iter().all(|b| *b) {
        "fast".to_string()
    } else if set.iter().all(|b| !*b) {
        "none".to_string()
    } else {
        FASTMATH_FLAGS.iter().zip(set).filter(|(_, on)| *on).map(|(f, _)| *f).collect::<Vec<_>>().join(",")
    };
    Some(format!("fastmath<{body}>"))
}
