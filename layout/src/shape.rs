//! Shapes with layouts and their canonical text (XLA's
//! `ShapeUtil::HumanStringWithLayout` and `Layout::ToString`).

use std::fmt::{self, Display, Formatter, Write};

use crate::element::PrimitiveType;

/// One dimension of an array shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// A fixed size (`8`).
    Static(i64),
    /// A dynamic size with an upper bound (`<=8`); storage is sized for the bound.
    Bounded(i64),
    /// A dynamic size without a bound (`?`).
    Unbounded,
}

impl Dim {
    /// The size storage is allocated for: the size or the bound.
    pub fn extent(self) -> Option<i64> {
        match self {
            Dim::Static(n) | Dim::Bounded(n) => Some(n),
            Dim::Unbounded => None,
        }
    }
}

/// One entry of a tile: a size, or `*` (combine this dimension with the
/// next more minor one before tiling).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TileDim {
    Size(i64),
    Combine,
}

/// A tile `(t1,...,tk)`, applied to the k most minor dimensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Tile {
    pub dims: Vec<TileDim>,
}

impl Tile {
    /// A tile of plain sizes.
    pub fn new(sizes: &[i64]) -> Tile {
        Tile { dims: sizes.iter().map(|&s| TileDim::Size(s)).collect() }
    }
}

/// `SC(dim:i,j,...)`: a split of one physical dimension at the given indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitConfig {
    pub dimension: i64,
    pub split_indices: Vec<i64>,
}

/// A layout `{minor_to_major:T(..)L(n)#(t)*(t)E(n)S(n)SC(..)P(shape)M(n)}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Logical dimension numbers, most minor first.
    pub minor_to_major: Vec<i64>,
    /// Tiles, applied in order.
    pub tiles: Vec<Tile>,
    /// `L(n)`: the element count is padded up to a multiple of n (default 1).
    pub tail_padding_alignment_in_elements: i64,
    /// `#(type)`: index type of a sparse array.
    pub index_primitive_type: Option<PrimitiveType>,
    /// `*(type)`: pointer type of a sparse array.
    pub pointer_primitive_type: Option<PrimitiveType>,
    /// `E(n)`: element size in bits (0: the type's own size).
    pub element_size_in_bits: i64,
    /// `S(n)`: memory space (0: default device memory).
    pub memory_space: i64,
    /// `SC(...)`: split configurations.
    pub split_configs: Vec<SplitConfig>,
    /// `P(shape)`: physical shape of a sparse array.
    pub physical_shape: Option<Box<Shape>>,
    /// `M(n)`: bytes of dynamic-shape metadata before the data.
    pub dynamic_shape_metadata_prefix_bytes: i64,
}

impl Layout {
    /// A layout with only a minor-to-major order; every other field default.
    pub fn with_minor_to_major(minor_to_major: Vec<i64>) -> Layout {
        Layout {
            minor_to_major,
            tiles: Vec::new(),
            tail_padding_alignment_in_elements: 1,
            index_primitive_type: None,
            pointer_primitive_type: None,
            element_size_in_bits: 0,
            memory_space: 0,
            split_configs: Vec::new(),
            physical_shape: None,
            dynamic_shape_metadata_prefix_bytes: 0,
        }
    }

    /// XLA's default layout for a rank: major-to-minor, `{r-1,...,1,0}`.
    pub fn default_for_rank(rank: usize) -> Layout {
        Layout::with_minor_to_major((0..rank as i64).rev().collect())
    }
}

/// A shape: an array (element type, dims, optional layout) or a tuple.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Array(ArrayShape),
    Tuple(Vec<Shape>),
}

/// An array shape (also `token[]` and `opaque[]`, which have no dims).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayShape {
    pub element_type: PrimitiveType,
    pub dims: Vec<Dim>,
    pub layout: Option<Layout>,
}

impl ArrayShape {
    /// The layout, or XLA's default for the rank when none was written.
    pub fn layout_or_default(&self) -> Layout {
        self.layout.clone().unwrap_or_else(|| Layout::default_for_rank(self.dims.len()))
    }

    /// The memory space (`S(n)`), 0 without a layout.
    pub fn memory_space(&self) -> i64 {
        self.layout.as_ref().map_or(0, |l| l.memory_space)
    }
}

impl Shape {
    /// Every array in the shape, tuples flattened, in order.
    pub fn leaves(&self) -> Vec<&ArrayShape> {
        let mut out = Vec::new();
        fn walk<'a>(s: &'a Shape, out: &mut Vec<&'a ArrayShape>) {
            match s {
                Shape::Array(a) => out.push(a),
                Shape::Tuple(ts) => ts.iter().for_each(|t| walk(t, out)),
            }
        }
        walk(self, &mut out);
        out
    }

    /// The shape without layouts (XLA's `HumanString`).
    pub fn human_string(&self) -> String {
        let mut s = String::new();
        write_shape(&mut s, self, false).expect("writing to a String cannot fail");
        s
    }
}

impl Display for TileDim {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            TileDim::Size(n) => write!(f, "{n}"),
            TileDim::Combine => f.write_str("*"),
        }
    }
}

impl Display for Tile {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        join(f, &self.dims, ",")?;
        f.write_char(')')
    }
}

impl Display for SplitConfig {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "({}:", self.dimension)?;
        join(f, &self.split_indices, ",")?;
        f.write_char(')')
    }
}

fn join<T: Display>(f: &mut impl Write, items: &[T], sep: &str) -> fmt::Result {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

impl Display for Layout {
    /// XLA's `Layout::ToString`: defaults left out, `:` only when a field follows.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('{')?;
        join(f, &self.minor_to_major, ",")?;
        let mut colon = false;
        let mut field = |f: &mut Formatter<'_>| -> fmt::Result {
            if !colon {
                colon = true;
                f.write_char(':')?;
            }
            Ok(())
        };
        if !self.tiles.is_empty() {
            field(f)?;
            f.write_char('T')?;
            for t in &self.tiles {
                write!(f, "{t}")?;
            }
        }
        if self.tail_padding_alignment_in_elements != 1 {
            field(f)?;
            write!(f, "L({})", self.tail_padding_alignment_in_elements)?;
        }
        for (sigil, ty) in [('#', self.index_primitive_type), ('*', self.pointer_primitive_type)] {
            if let Some(t) = ty {
                field(f)?;
                // XLA prints `invalid` for a type that is not an integer.
                let name = if t.is_integral() { t.name() } else { "invalid" };
                write!(f, "{sigil}({name})")?;
            }
        }
        if self.element_size_in_bits != 0 {
            field(f)?;
            write!(f, "E({})", self.element_size_in_bits)?;
        }
        if self.memory_space != 0 {
            field(f)?;
            write!(f, "S({})", self.memory_space)?;
        }
        if !self.split_configs.is_empty() {
            field(f)?;
            f.write_str("SC")?;
            for c in &self.split_configs {
                write!(f, "{c}")?;
            }
        }
        if let Some(p) = &self.physical_shape {
            field(f)?;
            write!(f, "P({p})")?;
        }
        if self.dynamic_shape_metadata_prefix_bytes > 0 {
            field(f)?;
            write!(f, "M({})", self.dynamic_shape_metadata_prefix_bytes)?;
        }
        f.write_char('}')
    }
}

fn write_dims(out: &mut impl Write, a: &ArrayShape) -> fmt::Result {
    out.write_str(a.element_type.name())?;
    out.write_char('[')?;
    for (i, d) in a.dims.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        match d {
            Dim::Static(n) => write!(out, "{n}")?,
            Dim::Bounded(n) => write!(out, "<={n}")?,
            Dim::Unbounded => out.write_char('?')?,
        }
    }
    out.write_char(']')
}

fn write_shape(out: &mut impl Write, s: &Shape, with_layout: bool) -> fmt::Result {
    match s {
        Shape::Tuple(elems) => {
            out.write_char('(')?;
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    // XLA annotates every fifth element's index.
                    if i % 5 == 0 {
                        write!(out, ", /*index={i}*/")?;
                    } else {
                        out.write_str(", ")?;
                    }
                }
                write_shape(out, e, with_layout)?;
            }
            out.write_char(')')
        }
        Shape::Array(a) => write_array(out, a, with_layout),
    }
}

fn write_array(out: &mut impl Write, a: &ArrayShape, with_layout: bool) -> fmt::Result {
    write_dims(out, a)?;
    if !with_layout || !a.element_type.is_array_type() {
        return Ok(());
    }
    if let Some(l) = &a.layout {
        let text = l.to_string();
        // A scalar's `{}` is not printed.
        if !(a.dims.is_empty() && text == "{}") {
            out.write_str(&text)?;
        }
    }
    Ok(())
}

impl Display for ArrayShape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_array(f, self, true)
    }
}

impl Display for Shape {
    /// The canonical form with layouts (XLA's `HumanStringWithLayout`).
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_shape(f, self, true)
    }
}
