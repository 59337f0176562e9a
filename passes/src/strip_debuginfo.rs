//! `strip-debuginfo`: replaces every location with `loc(unknown)`.

use tessel_ir::{Context, Diagnostic, OpId};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "strip-debuginfo",
    description: "Replace every location with loc(unknown)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(StripDebugInfo))
    },
};

struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn name(&self) -> &'static str {
        "strip-debuginfo"
    }

    fn class_name(&self) -> &'static str {
        "StripDebugInfo"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let unknown = ctx.unknown_loc();
        let mut all = vec![op];
        ctx.walk_preorder(op, &mut |o| all.push(o));
        for o in all {
            ctx.set_op_loc(o, unknown);
        }
        Ok(())
    }
}
