//! tessel-ir: an MLIR-compatible IR core. Entities are small `Copy` ids into
//! the dense arenas of a [`Context`]; types, attributes and locations are
//! uniqued. The textual format is MLIR's: [`parser`] reads it, [`printer`]
//! writes it, [`verifier`] checks structure and per-op rules.

pub mod affine;
pub mod arena;
pub mod attrs;
pub mod builder;
pub mod context;
pub mod diag;
pub mod dialects;
mod entity;
pub mod float;
pub mod interfaces;
pub mod location;
pub mod ods;
pub mod parser;
pub mod printer;
pub mod registry;
pub mod types;
pub mod verifier;

pub use context::Context;

/// Whether a second core is there for the helper threads (verifying and
/// printing large blocks in halves, faulting pages in ahead). Asked once:
/// the standard library reads cgroup files to answer.
pub(crate) fn second_core() -> bool {
    static ANSWER: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1))
}
pub use diag::{Diagnostic, Severity};
pub use entity::{Attr, BlockId, Loc, OpId, RegionId, Sym, Type, Value};
