//! tessel and real MLIR 22 in the same process, through melior.
//!
//! With the `mlir` feature (which needs LLVM/MLIR 22; see the README),
//! [`Mlir`] converts tessel IR into a melior `Module` and back, keeping
//! every location, runs MLIR's verifier and upstream pass pipelines on it,
//! and returns whatever MLIR reports as tessel diagnostics
//! ([`MlirDiagnostic::to_tessel`]). [`tile_pack_unpack`] is the library
//! entry point for a melior user: their module in, tiled module out.
//!
//! Without the feature the crate holds only the diagnostic types, so the
//! workspace builds and tests without LLVM.

mod diag;
pub use diag::{MlirDiagnostic, MlirLoc};

#[cfg(feature = "mlir")]
mod bridge;
#[cfg(feature = "mlir")]
pub use bridge::{text_for_mlir, Mlir, MlirPrint, TEXT_FOR_MLIR};
#[cfg(feature = "mlir")]
mod engine;
#[cfg(feature = "mlir")]
pub use engine::{Jit, LOWERING_PIPELINE};
#[cfg(feature = "mlir")]
mod library;
#[cfg(feature = "mlir")]
pub use library::{run_tessel_pipeline, tile_pack_unpack, PipelineFailure};
#[cfg(feature = "mlir")]
pub use melior;

/// Whether this build links MLIR (the `mlir` feature).
pub const LINKS_MLIR: bool = cfg!(feature = "mlir");
