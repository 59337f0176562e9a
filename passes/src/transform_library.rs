//! `transform-preload-library{transform-library-paths=FILE,...}`: reads
//! transform sequences from other files for `-transform-interpreter`
//! (`entry-point=NAME` may name one of them), as mlir-opt's pass of the
//! same name does. The library modules live in the context beside the
//! payload and are never printed.

use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::{Context, Diagnostic, OpId};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "transform-preload-library",
    description: "Load transform sequences for -transform-interpreter {transform-library-paths=FILE,...}",
    build: |opts| {
        crate::reject_unknown_options(opts, &["transform-library-paths"])?;
        let paths: Vec<String> = opts
            .get("transform-library-paths")
            .map(|v| v.split(',').map(str::trim).filter(|p| !p.is_empty()).map(String::from).collect())
            .unwrap_or_default();
        if paths.is_empty() {
            return Err("option 'transform-library-paths' names no file".into());
        }
        Ok(Box::new(PreloadLibrary { paths }))
    },
};

struct PreloadLibrary {
    paths: Vec<String>,
}

impl Pass for PreloadLibrary {
    fn name(&self) -> &'static str {
        "transform-preload-library"
    }

    fn class_name(&self) -> &'static str {
        "PreloadLibraryPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        for path in &self.paths {
            let text = std::fs::read_to_string(path).map_err(|e| {
                let loc = ctx.op_loc(root);
                Diagnostic::error(loc, format!("failed to open transform library file '{path}': {e}"))
            })?;
            let parsed = parse_module(ctx, &text, path, BufferStart::default())?;
            tessel_ir::verifier::verify(ctx, parsed.module, Default::default()).map_err(|mut d| d.remove(0))?;
            ctx.transform_library.push(parsed.module);
        }
        Ok(())
    }
}
