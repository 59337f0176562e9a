//! `test-linalg-transform-patterns`: mlir-opt 22's test pass of the same
//! name, for the pattern sets it offers around packs, so upstream's RUN
//! lines work with tessel-opt:
//!
//! - `test-fold-into-pack-and-unpack`: pads, slices and transposes folded
//!   into packs and unpacks ([`crate::pack_folds::fold_into_pack_and_unpack`]);
//! - `test-simplify-pack-unpack-patterns`: packs and unpacks that move no
//!   element become `tensor.expand_shape` / `tensor.collapse_shape`.
//!
//! Each option runs its patterns with MLIR's greedy driver on every
//! function (`mlir-opt -test-linalg-transform-patterns=OPTION`); with both,
//! both sets together.

use tessel_ir::{Context, Diagnostic, OpId};

use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
use crate::manager::{Pass, PassInfo};
use crate::pack_folds;

/// The options and the pattern sources they select.
const OPTIONS: [(&str, PatternSource); 2] = [
    ("test-fold-into-pack-and-unpack", pack_folds::fold_into_pack_and_unpack),
    ("test-simplify-pack-unpack-patterns", pack_folds::simplify_pack_and_unpack),
];

pub(crate) const INFO: PassInfo = PassInfo {
    name: "test-linalg-transform-patterns",
    description: "Apply mlir-opt's test pattern sets around packs {test-fold-into-pack-and-unpack test-simplify-pack-unpack-patterns}",
    build: |opts| {
        let known: Vec<&str> = OPTIONS.iter().map(|(n, _)| *n).collect();
        crate::reject_unknown_options(opts, &known)?;
        let mut sources = Vec::new();
        for (name, source) in OPTIONS {
            match opts.get(name).map(String::as_str) {
                None | Some("false") => {}
                Some("true") | Some("") => sources.push(source),
                Some(other) => return Err(format!("option '{name}' must be 'true' or 'false', got '{other}'")),
            }
        }
        Ok(Box::new(TestLinalgTransformPatterns { sources }))
    },
};

struct TestLinalgTransformPatterns {
    sources: Vec<PatternSource>,
}

impl Pass for TestLinalgTransformPatterns {
    fn name(&self) -> &'static str {
        "test-linalg-transform-patterns"
    }

    fn class_name(&self) -> &'static str {
        "TestLinalgTransforms"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        if !self.sources.is_empty() {
            // As MLIR's folder: packs of splat constants fold, no others.
            let set = PatternSet { constant_fold_limit: 0, ..PatternSet::patterns(&self.sources) };
            apply_patterns_greedily(ctx, root, set);
        }
        Ok(())
    }
}

/// `test-linalg-data-layout-propagation`: mlir-opt 22's test pass, MLIR's
/// propagation patterns with the greedy driver on the whole module.
pub(crate) const DATA_LAYOUT_PROPAGATION_INFO: PassInfo = PassInfo {
    name: "test-linalg-data-layout-propagation",
    description:
        "Move packs up and unpacks down through elementwise generics, pads and reshapes (mlir-opt's test pass)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(DataLayoutPropagation))
    },
};

struct DataLayoutPropagation;

impl Pass for DataLayoutPropagation {
    fn name(&self) -> &'static str {
        "test-linalg-data-layout-propagation"
    }

    fn class_name(&self) -> &'static str {
        "TestDataLayoutPropagationPass"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let sources: [PatternSource; 1] = [crate::data_layout_propagation::data_layout_propagation];
        // As MLIR's folder: packs of splat constants fold, no others.
        let set = PatternSet { constant_fold_limit: 0, ..PatternSet::patterns(&sources) };
        apply_patterns_greedily(ctx, root, set);
        Ok(())
    }
}

/// `data-layout-propagation`: tessel's pass for pipelines. MLIR's
/// propagation patterns, through named elementwise ops too
/// ([`crate::data_layout_propagation::data_layout_propagation_with_named`]);
/// packs of constants fold up to canonicalize's limit.
pub(crate) const PROPAGATION_INFO: PassInfo = PassInfo {
    name: "data-layout-propagation",
    description: "Move packs up and unpacks down through elementwise ops (generic and named), pads and reshapes",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(Propagation))
    },
};

struct Propagation;

impl Pass for Propagation {
    fn name(&self) -> &'static str {
        "data-layout-propagation"
    }

    fn class_name(&self) -> &'static str {
        "DataLayoutPropagation"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let sources: [PatternSource; 1] = [crate::data_layout_propagation::data_layout_propagation_with_named];
        apply_patterns_greedily(ctx, root, PatternSet::patterns(&sources));
        Ok(())
    }
}
