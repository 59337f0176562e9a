//! Buffer deallocation as MLIR 22's `-buffer-deallocation-pipeline`:
//! `-ownership-based-buffer-deallocation` (`ownership`) puts a
//! `bufferization.dealloc` at the end of every block for what it owns,
//! `-buffer-deallocation-simplification` (`simplify`) drops what an alias
//! analysis (`origin`) proves needless, and `-bufferization-lower-deallocations`
//! (`lower`) turns each dealloc into `memref.dealloc`s, guarded where
//! ownership or aliasing is known only at run time. Between them the
//! pipeline canonicalizes and CSEs as 22's does.

mod liveness;
mod lower;
mod origin;
mod ownership;
mod simplify;

use tessel_ir::{Context, Diagnostic, OpId};

use crate::manager::{Pass, PassInfo, PassOptions};

pub use lower::lower_deallocations;
pub use ownership::deallocate_module;
pub use simplify::simplify_deallocations;

const DYNAMIC_OWNERSHIP: &str = "private-function-dynamic-ownership";

fn dynamic_option(opts: &PassOptions) -> Result<bool, String> {
    crate::reject_unknown_options(opts, &[DYNAMIC_OWNERSHIP])?;
    match opts.get(DYNAMIC_OWNERSHIP).map(String::as_str) {
        None | Some("false") | Some("0") => Ok(false),
        Some("true") | Some("") | Some("1") => Ok(true),
        Some(other) => Err(format!("option '{DYNAMIC_OWNERSHIP}' must be 'true' or 'false', got '{other}'")),
    }
}

/// MLIR 22's `-buffer-deallocation-pipeline` on `module`: canonicalize,
/// ownership-based deallocation, canonicalize, simplification, lowering,
/// CSE, canonicalize.
pub fn buffer_deallocation_pipeline(ctx: &mut Context, module: OpId, dynamic: bool) -> Result<(), Diagnostic> {
    crate::canonicalize::canonicalize(ctx, module);
    deallocate_module(ctx, module, dynamic)?;
    crate::canonicalize::canonicalize(ctx, module);
    simplify_deallocations(ctx, module);
    lower_deallocations(ctx, module)?;
    crate::cse::cse(ctx, module);
    crate::canonicalize::canonicalize(ctx, module);
    Ok(())
}

/// `-ownership-based-buffer-deallocation`.
pub struct OwnershipBasedDeallocation {
    dynamic: bool,
}

impl Pass for OwnershipBasedDeallocation {
    fn name(&self) -> &'static str {
        "ownership-based-buffer-deallocation"
    }
    fn class_name(&self) -> &'static str {
        "OwnershipBasedBufferDeallocationPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        deallocate_module(ctx, op, self.dynamic)
    }
}

/// `-buffer-deallocation-simplification`.
pub struct DeallocationSimplification;

impl Pass for DeallocationSimplification {
    fn name(&self) -> &'static str {
        "buffer-deallocation-simplification"
    }
    fn class_name(&self) -> &'static str {
        "BufferDeallocationSimplificationPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        simplify_deallocations(ctx, op);
        Ok(())
    }
}

/// `-bufferization-lower-deallocations`.
pub struct LowerDeallocations;

impl Pass for LowerDeallocations {
    fn name(&self) -> &'static str {
        "bufferization-lower-deallocations"
    }
    fn class_name(&self) -> &'static str {
        "LowerDeallocationsPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        lower_deallocations(ctx, op)
    }
}

/// `-buffer-deallocation-pipeline`.
pub struct DeallocationPipeline {
    dynamic: bool,
}

impl Pass for DeallocationPipeline {
    fn name(&self) -> &'static str {
        "buffer-deallocation-pipeline"
    }
    fn class_name(&self) -> &'static str {
        "BufferDeallocationPipeline"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        buffer_deallocation_pipeline(ctx, op, self.dynamic)
    }
}

pub(crate) const OWNERSHIP_INFO: PassInfo = PassInfo {
    name: "ownership-based-buffer-deallocation",
    description: "Add a bufferization.dealloc at the end of every block for the buffers it owns, with i1 ownership indicators through loops, branches and results, as MLIR 22 {private-function-dynamic-ownership=B}",
    build: |opts| Ok(Box::new(OwnershipBasedDeallocation { dynamic: dynamic_option(opts)? })),
};

pub(crate) const SIMPLIFICATION_INFO: PassInfo = PassInfo {
    name: "buffer-deallocation-simplification",
    description: "Drop what bufferization.dealloc ops need not check, by an alias analysis of the buffers' origins, and split them, as MLIR 22",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(DeallocationSimplification))
    },
};

pub(crate) const LOWER_INFO: PassInfo = PassInfo {
    name: "bufferization-lower-deallocations",
    description: "Lower bufferization.dealloc to memref.dealloc guarded by scf.if (a helper function for the general case), as MLIR 22",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(LowerDeallocations))
    },
};

pub(crate) const PIPELINE_INFO: PassInfo = PassInfo {
    name: "buffer-deallocation-pipeline",
    description: "Free every buffer the program allocates, as MLIR 22's pipeline: canonicalize, ownership-based-buffer-deallocation, canonicalize, buffer-deallocation-simplification, lower-deallocations, cse, canonicalize {private-function-dynamic-ownership=B}",
    build: |opts| Ok(Box::new(DeallocationPipeline { dynamic: dynamic_option(opts)? })),
};
