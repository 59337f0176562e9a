//! Op interfaces, each a trait or a table of facts keyed by op.

pub mod divisibility;
pub mod pack_tiling;
pub mod structured_tiling;
pub mod tiling;
pub mod value_bounds;
