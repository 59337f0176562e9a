//! tessel's passes on a melior user's module.

use melior::ir::Module;
use tessel_ir::diag::render;
use tessel_ir::Context;
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};

use crate::Mlir;

/// Why [`run_tessel_pipeline`] failed, rendered as tessel prints
/// diagnostics (`file:line:col: error: ...`, one per line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PipelineFailure(pub String);

impl std::fmt::Display for PipelineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.trim_end())
    }
}

impl std::error::Error for PipelineFailure {}

/// Runs a tessel pass pipeline (tessel-opt's `--pass-pipeline` text, for
/// example `builtin.module(tile-pack-unpack{tile-sizes=8,16},canonicalize,cse)`)
/// on `module` and returns the result as a new melior module in the same
/// context. Locations survive the trip; MLIR verifies the result as it
/// parses it.
pub fn run_tessel_pipeline<'c>(
    mlir: &'c Mlir,
    module: &Module<'c>,
    pipeline: &str,
) -> Result<Module<'c>, PipelineFailure> {
    let registry = PassRegistry::default();
    let mut passes =
        parse_pipeline(pipeline, &registry).map_err(|e| PipelineFailure(format!("invalid pass pipeline: {e}")))?;
    let mut ctx = Context::new();
    let rendered = |ctx: &Context, ds: &[tessel_ir::Diagnostic]| {
        PipelineFailure(ds.iter().map(|d| render(ctx, d, None)).collect::<String>())
    };
    let root = mlir.export(module, &mut ctx).map_err(|d| rendered(&ctx, &[d]))?;
    tessel_ir::verifier::verify(&ctx, root, Default::default()).map_err(|ds| rendered(&ctx, &ds))?;
    let inst = Instrumentation { verify_each: true, defer_final_verify: false };
    run_pipeline(&mut ctx, root, &mut passes, &inst, &mut NoHooks).map_err(|ds| rendered(&ctx, &ds))?;
    mlir.import(&ctx, root).map_err(|ds| {
        let ds: Vec<_> = ds.iter().map(|d| d.to_tessel(&mut ctx, "MLIR: ")).collect();
        rendered(&ctx, &ds)
    })
}

/// Tiles every `linalg.pack` / `linalg.unpack` of `module` with tessel's
/// tiling (widened rows and static temporaries for unaligned unpack
/// tiles), then canonicalizes and cleans up: `tile_sizes` as the
/// `tile-pack-unpack` pass takes them.
pub fn tile_pack_unpack<'c>(
    mlir: &'c Mlir,
    module: &Module<'c>,
    tile_sizes: &[i64],
) -> Result<Module<'c>, PipelineFailure> {
    let sizes: Vec<String> = tile_sizes.iter().map(i64::to_string).collect();
    let pipeline = format!("builtin.module(tile-pack-unpack{{tile-sizes={}}},canonicalize,cse)", sizes.join(","));
    run_tessel_pipeline(mlir, module, &pipeline)
}
