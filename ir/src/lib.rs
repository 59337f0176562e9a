//! tessel-ir: an MLIR-compatible IR core. Entities are small `Copy` ids into
//! the dense arenas of a [`Context`]; types, attributes and locations are
//! uniqued. The textual format is MLIR's: [`parser`] reads it, [`printer`]
//! writes it, [`verifier`] checks structure and per-op rules.
//!
//! The modules form layers that only look down (`tests/layers.rs` checks
//! it): support (ids, entity maps, types, attributes, affine maps) ← core
//! ([`context`] with its op [`registry`], [`builder`], [`rewriter`]) ← text
//! ([`parser`], [`printer`], [`verifier`]) ← ops ([`ods`], [`dialects`]) ←
//! [`interfaces`]. Behaviour defined above the core (an op's custom form,
//! its canonicalization patterns) is attached to its `OpDef` as an
//! interface; the dialects a context knows are handed to it by whoever
//! builds it ([`Context::with_dialects`]).

pub mod affine;
pub mod arena;
pub mod attrs;
pub mod builder;
pub mod context;
pub mod dense_hex;
pub mod diag;
pub mod dialects;
pub mod dominance;
mod entity;
pub mod entity_map;
pub mod float;
pub mod interfaces;
pub mod location;
pub mod ods;
pub mod parallel;
pub mod parser;
pub mod printer;
pub mod rewriter;
pub mod types;
pub mod verifier;

pub use context::{registry, Context};

pub use diag::{Diagnostic, Severity};
pub use entity::{Attr, BlockId, Loc, OpId, RegionId, Sym, Type, Value};
