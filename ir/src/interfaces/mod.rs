//! Op interfaces.

pub mod tiling;
