//! `-bound-allocations` (tessel's; IREE's "hoist statically bound
//! allocations" does the same for its allocas): a `memref.alloc` /
//! `memref.alloca` whose dynamic sizes have constant upper bounds (a tile
//! size from `affine.min`, a loop's step, ...) becomes an allocation of the
//! bounds, viewed down to the sizes:
//!
//! ```text
//! %a = memref.alloc(%n) : memref<?x3xf32>          // %n <= 4
//! ```
//! becomes
//! ```text
//! %s = memref.alloc() : memref<4x3xf32>
//! %v = memref.subview %s[0, 0] [%n, 3] [1, 1] : memref<4x3xf32> to memref<?x3xf32, strided<[3, 1]>>
//! %a = memref.cast %v : memref<?x3xf32, strided<[3, 1]>> to memref<?x3xf32>
//! ```
//!
//! so that `-buffer-loop-hoisting` can make it once before the loop and
//! `-promote-buffers-to-stack` can put it on the stack: the tiles one-shot
//! analysis puts out of place, sized by the loop, then cost no allocation
//! per iteration. The cast back to the identity layout is made where it is
//! exact (every dim before the last dynamic one has extent 1: the view's
//! strides are the identity strides of the sizes); otherwise the view
//! replaces the allocation when every use takes any layout (linalg ops,
//! copies, loads and stores, transfers, and subviews / expand_shapes of it,
//! which are retyped), and the allocation stays dynamic when not.
//! `memref.dealloc`s free the bounded allocation.

use tessel_ir::builder::{Builder, InsertPoint, Ofr};
use tessel_ir::dialects;
use tessel_ir::dialects::memref::layout::memref_type;
use tessel_ir::dialects::memref::{CastOp, SubViewOp};
use tessel_ir::dialects::tensor as tensor_d;
use tessel_ir::interfaces::value_bounds::upper_bound;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Context, Diagnostic, OpId};

use super::rewrite::subview_result_type;
use crate::manager::{Pass, PassInfo};

/// Bounds every dynamically sized allocation in `root` that can be; returns
/// how many.
pub fn bound_allocations(ctx: &mut Context, root: OpId) -> usize {
    let mut allocs = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if dialects::memref::AllocOp::isa(ctx, o) || dialects::memref::AllocaOp::isa(ctx, o) {
            allocs.push(o);
        }
    });
    allocs.into_iter().filter(|a| bound_one(ctx, *a)).count()
}

fn bound_one(ctx: &mut Context, alloc: OpId) -> bool {
    let result = ctx.result(alloc, 0);
    let ty = ctx.value_type(result);
    let TypeKind::MemRef { shape, elem, layout: None, memory_space } = ctx.type_kind(ty).clone() else {
        return false;
    };
    let sizes = ctx.operands(alloc).to_vec();
    let dynamic: Vec<usize> = (0..shape.len()).filter(|d| shape[*d] == DYNAMIC).collect();
    if dynamic.is_empty() || sizes.len() != dynamic.len() {
        return false; // static already, or symbol operands of a layout
    }
    let mut bounded = shape.clone();
    for (d, s) in dynamic.iter().zip(&sizes) {
        match upper_bound(ctx, *s) {
            Some(h) if h >= 0 => bounded[*d] = h,
            _ => return false,
        }
    }
    let last = *dynamic.last().expect("a dynamic dim");
    let exact = bounded[..last].iter().all(|b| *b == 1);
    if !exact && !layout_agnostic(ctx, result, 0) {
        return false;
    }
    let static_ty = memref_type(ctx, bounded.clone(), elem, None, memory_space);
    let loc = ctx.op_loc(alloc);
    let spec = tessel_ir::context::OpSpec {
        name: ctx.op(alloc).name,
        operands: Default::default(),
        result_types: vec![static_ty].into_iter().collect(),
        attrs: ctx.op(alloc).attrs.clone(),
        regions: vec![],
        successors: vec![],
        loc,
    };
    let new = ctx.create_op(spec);
    ctx.insert_op_before(alloc, new);
    let base = ctx.result(new, 0);
    let mut b = Builder::new(ctx, InsertPoint::Before(alloc), loc);
    let mut dyn_sizes = sizes.iter();
    let size_ofrs: Vec<Ofr> = shape
        .iter()
        .map(|s| if *s == DYNAMIC { Ofr::Val(*dyn_sizes.next().expect("a size")) } else { Ofr::Const(*s) })
        .collect();
    let zeros = vec![Ofr::Const(0); shape.len()];
    let sv = tensor_d::SliceParams {
        offsets: b.split(&zeros),
        sizes: b.split(&size_ofrs),
        strides: (vec![1; shape.len()], vec![]),
    };
    let Some(view_ty) = subview_result_type(b.ctx, static_ty, &sv, &shape) else {
        b.ctx.erase_op(new);
        return false;
    };
    let (o, s, st) = (&sv.offsets, &sv.sizes, &sv.strides);
    let view = SubViewOp::create(&mut b, base, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[view_ty], vec![]).result(b.ctx);
    let replacement = if exact { CastOp::create(&mut b, view, &[ty], vec![]).dest(b.ctx) } else { view };
    let uses: Vec<_> = ctx.uses(result).to_vec();
    for u in uses {
        let to = if dialects::memref::DeallocOp::isa(ctx, u.op) { base } else { replacement };
        ctx.set_operand(u.op, u.operand as usize, to);
    }
    ctx.erase_op(alloc);
    if !exact {
        retype_views(ctx, replacement);
    }
    true
}

/// Ops that take a memref of any strided layout and make no memref from it.
fn takes_any_layout(ctx: &Context, op: OpId) -> bool {
    use dialects::{memref, vector};
    let memref_result = ctx.results(op).iter().any(|r| matches!(ctx.value_type_kind(*r), TypeKind::MemRef { .. }));
    !memref_result
        && (ctx.op_name(op).starts_with("linalg.")
            || memref::CopyOp::isa(ctx, op)
            || memref::DimOp::isa(ctx, op)
            || memref::LoadOp::isa(ctx, op)
            || memref::StoreOp::isa(ctx, op)
            || memref::DeallocOp::isa(ctx, op)
            || vector::TransferReadOp::isa(ctx, op)
            || vector::TransferWriteOp::isa(ctx, op)
            || vector::LoadOp::isa(ctx, op)
            || vector::StoreOp::isa(ctx, op))
}

/// Whether every use of `v`, and of the subviews and expand_shapes made
/// from it, takes any strided layout: then `v` may become a view of
/// another layout, its views retyped.
fn layout_agnostic(ctx: &Context, v: tessel_ir::Value, depth: usize) -> bool {
    depth < 16
        && ctx.uses(v).iter().all(|u| {
            let view = SubViewOp::isa(ctx, u.op) || dialects::memref::ExpandShapeOp::isa(ctx, u.op);
            if view && u.operand == 0 {
                layout_agnostic(ctx, ctx.result(u.op, 0), depth + 1)
            } else {
                takes_any_layout(ctx, u.op)
            }
        })
}

/// Gives the subviews and expand_shapes of `v` (now of another layout)
/// the result types their new source implies.
fn retype_views(ctx: &mut Context, v: tessel_ir::Value) {
    let users: Vec<OpId> = ctx
        .uses(v)
        .iter()
        .filter(|u| {
            u.operand == 0
                && (dialects::memref::SubViewOp::isa(ctx, u.op) || dialects::memref::ExpandShapeOp::isa(ctx, u.op))
        })
        .map(|u| u.op)
        .collect();
    for op in users {
        let src_t = ctx.value_type(v);
        let r = ctx.result(op, 0);
        let old = ctx.value_type(r);
        let Some(shape) = ctx.type_kind(old).shape().map(<[i64]>::to_vec) else { continue };
        let new = match () {
            _ if SubViewOp::isa(ctx, op) => {
                let arr = |n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
                let (Some(o), Some(s), Some(st)) = (arr("static_offsets"), arr("static_sizes"), arr("static_strides"))
                else {
                    continue;
                };
                let sv = tensor_d::SliceParams { offsets: (o, vec![]), sizes: (s, vec![]), strides: (st, vec![]) };
                subview_result_type(ctx, src_t, &sv, &shape)
            }
            _ if dialects::memref::ExpandShapeOp::isa(ctx, op) => {
                let groups = super::rewrite::reassociation_groups(ctx, ctx.get_attr(op, "reassociation"));
                tessel_ir::dialects::memref::layout::expanded_type(ctx, src_t, &shape, &groups)
            }
            _ => continue,
        };
        if let Some(t) = new {
            ctx.set_value_type(r, t);
            retype_views(ctx, r);
        }
    }
}

/// The `-bound-allocations` pass.
pub struct BoundAllocations;

impl Pass for BoundAllocations {
    fn name(&self) -> &'static str {
        "bound-allocations"
    }
    fn class_name(&self) -> &'static str {
        "BoundAllocationsPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        bound_allocations(ctx, op);
        Ok(())
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "bound-allocations",
    description: "Allocate dynamically sized memrefs at the constant upper bound of their sizes (affine.min tiles, loop steps), viewed down to the sizes (tessel's)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(BoundAllocations))
    },
};
