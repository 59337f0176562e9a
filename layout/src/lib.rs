//! tessel-layout: XLA shapes with tiled layouts, on their own (no dependency
//! on the rest of tessel).
//!
//! - [`parse_shape`] / [`Shape`]'s `Display`: the notation
//!   (`bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}`), printed in XLA's
//!   canonical form.
//! - [`validate_shape`]: XLA's checks and messages.
//! - [`TiledLayout`]: the linear index of an element under nested tiles and
//!   `*`, its inverse, the expanded shapes, exact sizes; [`xla_array_size`]
//!   is XLA's own (first-tile) figure.
//! - [`pack_chain`]: the layout as transpose / expand / collapse / pack ops.
//! - [`hlo`], [`suggest`], [`picture`]: the memory report of an HLO dump,
//!   cheaper tilings, index tables and SVG pictures.

pub mod chain;
pub mod element;
pub mod hlo;
pub mod parse;
pub mod picture;
pub mod shape;
pub mod size;
pub mod suggest;
pub mod tiling;
pub mod validate;

pub use chain::{describe_chain, pack_chain, ChainOp, ChainStep};
pub use element::PrimitiveType;
pub use parse::{parse_shape, parse_shape_at, ParseError};
pub use shape::{ArrayShape, Dim, Layout, Shape, SplitConfig, Tile, TileDim};
pub use size::{human_bytes, overhead_sentence, xla_array_size};
pub use tiling::{TileStep, TiledLayout};
pub use validate::{validate_layout_for_shape, validate_shape};
