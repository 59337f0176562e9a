//! Attribute names read on hot paths (every structured op's maps, every
//! pack's tiles): interned first in every context, so each has a fixed
//! [`Sym`] and a lookup compares ids instead of text
//! ([`Context::get_attr_sym`](super::Context::get_attr_sym),
//! [`Context::get_attrs`](super::Context::get_attrs)).

use crate::Sym;

macro_rules! known_names {
    ($($name:ident = $text:literal,)*) => {
        /// Every known name, at the index of its `Sym`.
        pub(crate) const ALL: &[&str] = &[$($text),*];
        known_names!(@at 0; $($name = $text,)*);
    };
    (@at $i:expr; $name:ident = $text:literal, $($rest:tt)*) => {
        #[doc = concat!("`", $text, "`.")]
        pub const $name: Sym = Sym::known($i);
        known_names!(@at $i + 1; $($rest)*);
    };
    (@at $i:expr;) => {};
}

known_names! {
    OPERAND_SEGMENT_SIZES = "operandSegmentSizes",
    INDEXING_MAPS = "indexing_maps",
    ITERATOR_TYPES = "iterator_types",
    INNER_DIMS_POS = "inner_dims_pos",
    OUTER_DIMS_PERM = "outer_dims_perm",
    STATIC_INNER_TILES = "static_inner_tiles",
    VALUE = "value",
}
