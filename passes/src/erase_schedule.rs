//! `test-transform-dialect-erase-schedule` (mlir-opt's test pass of the same
//! name): erases every transform op that is not inside another one, so the
//! output of `-transform-interpreter` is the payload alone. The module that
//! held the schedule stays, with its attributes, as in mlir-opt 22.

use tessel_ir::{Context, Diagnostic, OpId};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "test-transform-dialect-erase-schedule",
    description: "Erase the transform ops (the schedule) after -transform-interpreter",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(EraseSchedule))
    },
};

struct EraseSchedule;

/// Whether `op` is a transform op (MLIR's `TransformOpInterface`).
fn is_transform(ctx: &Context, op: OpId) -> bool {
    ctx.op_name(op).starts_with("transform.")
}

impl Pass for EraseSchedule {
    fn name(&self) -> &'static str {
        "test-transform-dialect-erase-schedule"
    }

    fn class_name(&self) -> &'static str {
        "TestTransformDialectEraseSchedulePass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let mut outermost = Vec::new();
        ctx.walk_preorder(op, &mut |o| {
            let nested = ctx.parent_op(o).is_some_and(|p| is_transform(ctx, p));
            if o != op && is_transform(ctx, o) && !nested {
                outermost.push(o);
            }
        });
        // Only the outermost ones are listed: erasing one takes its body.
        for o in outermost {
            ctx.erase_op(o);
        }
        Ok(())
    }
}
