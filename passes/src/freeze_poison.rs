//! `freeze-poison`: replaces each `ub.poison` by an `arith.constant` zero of
//! its type.
//!
//! A poison stands for "any value", so any value refines it: the pass picks
//! the one LLVM's `freeze` would be free to pick and the engine already
//! reads (zero bits). mlir-opt 22's vectorizer pads reads that never reach
//! past their source with `ub.poison`, and its vector lowerings (transposes,
//! broadcasts, shape casts, multi-reductions) start their insert chains from
//! one; `-convert-vector-to-llvm` leaves them all for `-convert-ub-to-llvm`,
//! so a pipeline without that pass ends in `ub.poison` and unrealized casts
//! that `mlir-translate` rejects. After this pass no `ub.poison` reaches the
//! LLVM conversion. Every lane a lowering's insert chain starts from is
//! overwritten, so LLVM folds the zero away as it would the poison.
//!
//! Only types `arith.constant` can hold get a zero: signless integers,
//! `index` and floats, and static vectors (also scalable) and tensors of
//! them. A poison of another type (a memref, a complex number, a dynamic
//! tensor) has no zero constant and stays.

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::arith::{self, ConstantOp};
use tessel_ir::dialects::ub::PoisonOp;
use tessel_ir::types::{is_dynamic, TypeKind};
use tessel_ir::{Context, Diagnostic, OpId, Type};

use crate::manager::{Pass, PassInfo, Statistic};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "freeze-poison",
    description:
        "Replace each ub.poison by a zero constant of its type (a refinement), so none reaches the LLVM conversion",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(FreezePoison { frozen: 0 }))
    },
};

struct FreezePoison {
    frozen: u64,
}

impl Pass for FreezePoison {
    fn name(&self) -> &'static str {
        "freeze-poison"
    }

    fn class_name(&self) -> &'static str {
        "FreezePoison"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let mut poisons = Vec::new();
        ctx.walk_preorder(op, &mut |o| poisons.push(o));
        poisons.retain(|&o| PoisonOp::isa(ctx, o));
        for p in poisons {
            let result = ctx.result(p, 0);
            let ty = ctx.value_type(result);
            if !has_zero_constant(ctx, ty) {
                continue;
            }
            let zero = {
                let loc = ctx.op_loc(p);
                let mut b = Builder::new(ctx, InsertPoint::Before(p), loc);
                let a = arith::zero_attr(b.ctx, ty);
                ConstantOp::create(&mut b, Some(a), &[ty], vec![]).result(b.ctx)
            };
            ctx.replace_all_uses(result, zero);
            ctx.erase_op(p);
            self.frozen += 1;
        }
        Ok(())
    }

    fn statistics(&self) -> Vec<Statistic> {
        vec![Statistic {
            name: "num-frozen",
            description: "Number of ub.poison ops replaced by zeros",
            value: self.frozen,
        }]
    }
}

/// Whether `arith.constant` can hold a zero of `ty`.
fn has_zero_constant(ctx: &Context, ty: Type) -> bool {
    let scalar = |t: Type| {
        let k = ctx.type_kind(t);
        k.is_signless_int_or_index() || k.is_float()
    };
    match ctx.type_kind(ty) {
        TypeKind::Vector { elem, .. } => scalar(*elem),
        TypeKind::Tensor { shape, elem, encoding: None } => !shape.iter().any(|&d| is_dynamic(d)) && scalar(*elem),
        _ => scalar(ty),
    }
}
