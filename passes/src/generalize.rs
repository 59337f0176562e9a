//! `linalg-generalize-named-ops`: every structured op that is not already a
//! `linalg.generic` (the named elementwise ops and contractions, `map`,
//! `reduce`, `broadcast`, `transpose`, `fill`, `copy`) becomes the
//! `linalg.generic` of its structured view: the same inputs and inits, its
//! indexing maps and iterator types, its (implicit) body. Other attributes
//! go, as upstream's `generalizeNamedOp` drops them.

use tessel_ir::context::clone::IrMapping;
use tessel_ir::dialects::structured::{iterator_types_attr, structured, GenericOp};
use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::{Context, Diagnostic, OpId, Type};

use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
use crate::manager::{Pass, PassInfo};
use crate::packing::maps_attr;

pub(crate) const INFO: PassInfo = PassInfo {
    name: "linalg-generalize-named-ops",
    description:
        "Convert named linalg ops (matmul, exp, map, reduce, broadcast, transpose, fill, copy, ...) to linalg.generic",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(GeneralizeNamedOps))
    },
};

struct GeneralizeNamedOps;

impl Pass for GeneralizeNamedOps {
    fn name(&self) -> &'static str {
        "linalg-generalize-named-ops"
    }

    fn class_name(&self) -> &'static str {
        "LinalgGeneralizeNamedOpsPass"
    }

    /// As upstream, the pattern runs in the greedy driver, which also folds
    /// and hoists constants.
    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let sources: [PatternSource; 1] = [generalization];
        apply_patterns_greedily(ctx, root, PatternSet::patterns(&sources));
        Ok(())
    }
}

/// The generalization pattern, for every structured op but a generic.
pub fn generalization(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if GenericOp::isa(ctx, op) || structured(ctx, op).is_none() {
        return &[];
    }
    named_patterns![generalize]
}

/// Replaces structured op `op` by its `linalg.generic`; false when `op` is
/// not a structured op (or is a generic).
pub fn generalize(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if GenericOp::isa(rw.ctx, op) {
        return false;
    }
    let Some(s) = structured(rw.ctx, op) else { return false };
    let Some(&region) = rw.ctx.regions(op).first() else { return false };
    rw.set_insertion_point_before(op);
    let maps = maps_attr(rw.ctx, s.maps.clone());
    let iterators = iterator_types_attr(rw.ctx, &s.iterators);
    let body = rw.ctx.clone_region(region, &mut IrMapping::default());
    let types: Vec<Type> = rw.ctx.results(op).iter().map(|v| rw.ctx.value_type(*v)).collect();
    let generic =
        GenericOp::create(rw, &s.inputs, &s.outputs, Some(maps), Some(iterators), None, None, &types, vec![body]).op();
    let results = rw.ctx.results(generic).to_vec();
    rw.replace_op(op, &results);
    true
}
