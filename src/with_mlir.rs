//! The driver's steps that ask real MLIR, in-process (the `mlir` feature):
//! `--mlir-verify` and `--mlir-pipeline` after tessel's passes, and
//! `--run-engine=mlir`.

use tessel_ir::{Context, Diagnostic, OpId};
use tessel_mlir::{Jit, Mlir, MlirDiagnostic, MlirPrint};

use crate::cli::Options;

thread_local! {
    /// One MLIR context per thread: registering every dialect and pass
    /// once, not per `// -----` chunk.
    static MLIR: Mlir = Mlir::new();
}

/// MLIR's diagnostics, as tessel's, at their locations in `ctx`.
fn translated(ctx: &mut Context, ds: Vec<MlirDiagnostic>) -> Vec<Diagnostic> {
    ds.iter().map(|d| d.to_tessel(ctx, "MLIR: ")).collect()
}

/// Checks `--mlir-pipeline` before any input is read.
pub fn check_pipeline(pipeline: &str) -> Result<(), String> {
    MLIR.with(|mlir| mlir.check_pipeline(pipeline))
        .map_err(|ds| ds.into_iter().map(|d| d.message).collect::<Vec<_>>().join("; "))
}

/// After tessel's pipeline: hands `module` to MLIR, whose parser verifies
/// it (`--mlir-verify`; a pipeline needs that step too), runs `--mlir-pipeline`
/// and returns MLIR's printed result when a pipeline ran.
pub fn after_pipeline(ctx: &mut Context, module: OpId, opts: &Options) -> Result<Option<String>, Vec<Diagnostic>> {
    MLIR.with(|mlir| {
        // As mlir-opt would with the same flag.
        mlir.context().set_allow_unregistered_dialects(opts.allow_unregistered);
        // MLIR's parser verifies what it parsed: this is `--mlir-verify`.
        let mut m = mlir.import(ctx, module).map_err(|ds| translated(ctx, ds))?;
        let Some(pipeline) = &opts.mlir_pipeline else { return Ok(None) };
        mlir.run_pipeline(&mut m, pipeline).map_err(|ds| translated(ctx, ds))?;
        let how = MlirPrint { debug_info: opts.print_debuginfo, generic: opts.print_generic };
        let mut text = mlir.print(&m, how);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Ok(Some(text))
    })
}

/// `--run-engine=mlir`: `module` lowered by MLIR and compiled by its
/// ExecutionEngine, ready to call `func`.
pub fn jit(ctx: &mut Context, module: OpId, func: &str, allow_unregistered: bool) -> Result<Jit, Vec<Diagnostic>> {
    MLIR.with(|mlir| {
        mlir.context().set_allow_unregistered_dialects(allow_unregistered);
        mlir.jit(ctx, module, func)
    })
    .map_err(|ds| translated(ctx, ds))
}
