//! `-drop-equivalent-buffer-results`, as MLIR 22's: a private function
//! that returns one of its own arguments (possibly through `memref.cast`)
//! stops returning it, and its callers use the argument they passed instead
//! (cast to the result's type where it differs).

use rustc_hash::FxHashMap;
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects;
use tessel_ir::dialects::memref::CastOp;
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::manager::{Pass, PassInfo};

/// Drops the results of private functions in `module` that are their
/// arguments; returns how many results were dropped.
pub fn drop_equivalent_buffer_results(ctx: &mut Context, module: OpId) -> usize {
    let body: Vec<OpId> =
        ctx.regions(module).iter().flat_map(|r| ctx.blocks(*r).to_vec()).flat_map(|b| ctx.block_op_list(b)).collect();
    let funcs: Vec<OpId> = body.iter().copied().filter(|o| dialects::func::FuncOp::isa(ctx, *o)).collect();
    let mut calls: FxHashMap<String, Vec<OpId>> = FxHashMap::default();
    for f in &funcs {
        ctx.walk_preorder(*f, &mut |o| {
            if dialects::func::CallOp::isa(ctx, o) {
                if let Some(AttrKind::SymbolRef { root, .. }) = ctx.get_attr(o, "callee").map(|a| ctx.attr_kind(a)) {
                    calls.entry(ctx.str(*root).to_string()).or_default().push(o);
                }
            }
        });
    }
    let mut dropped = 0;
    for f in funcs {
        let private = ctx
            .get_attr(f, "sym_visibility")
            .is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::String { value, .. } if value == "private"));
        let Some(entry) = ctx.regions(f).first().and_then(|r| ctx.blocks(*r).first().copied()) else { continue };
        if !private {
            continue;
        }
        let mut returns = Vec::new();
        ctx.walk_preorder(f, &mut |o| {
            if dialects::func::ReturnOp::isa(ctx, o) {
                returns.push(o);
            }
        });
        let [ret] = returns.as_slice() else { continue };
        let ret = *ret;
        let args = ctx.block_args(entry).to_vec();
        // result index -> argument index
        let mut to_arg: FxHashMap<usize, usize> = FxHashMap::default();
        let mut kept = Vec::new();
        for (i, v) in ctx.operands(ret).to_vec().into_iter().enumerate() {
            let mut val = v;
            while let Some(c) = ctx.defining_op(val).filter(|o| CastOp::isa(ctx, *o)) {
                val = ctx.operands(c)[0];
            }
            match args.iter().position(|a| *a == val) {
                Some(a) => {
                    to_arg.insert(i, a);
                }
                None => kept.push(v),
            }
        }
        if to_arg.is_empty() {
            continue;
        }
        dropped += to_arg.len();
        // The function and its return.
        replace_operands(ctx, ret, &kept);
        if let Some(fty) = ctx.get_attr(f, "function_type") {
            if let AttrKind::Type(t) = ctx.attr_kind(fty) {
                if let TypeKind::Function { inputs, results } = ctx.type_kind(*t).clone() {
                    let results = results
                        .into_iter()
                        .enumerate()
                        .filter(|(i, _)| !to_arg.contains_key(i))
                        .map(|(_, t)| t)
                        .collect();
                    let nt = ctx.ty(TypeKind::Function { inputs, results });
                    let a = ctx.type_attr(nt);
                    ctx.set_attr(f, "function_type", a);
                }
            }
        }
        if let Some(ra) = ctx.get_attr(f, "res_attrs") {
            if let AttrKind::Array(items) = ctx.attr_kind(ra).clone() {
                let items =
                    items.into_iter().enumerate().filter(|(i, _)| !to_arg.contains_key(i)).map(|(_, a)| a).collect();
                let a = ctx.attr(AttrKind::Array(items));
                ctx.set_attr(f, "res_attrs", a);
            }
        }
        // The calls.
        let name = ctx
            .get_attr(f, "sym_name")
            .and_then(|a| match ctx.attr_kind(a) {
                AttrKind::String { value, .. } => Some(value.clone()),
                _ => None,
            })
            .unwrap_or_default();
        for call in calls.get(&name).cloned().unwrap_or_default() {
            let loc = ctx.op_loc(call);
            let old_results = ctx.results(call).to_vec();
            let operands = ctx.operands(call).to_vec();
            let kept_types: Vec<_> = old_results
                .iter()
                .enumerate()
                .filter(|(i, _)| !to_arg.contains_key(i))
                .map(|(_, r)| ctx.value_type(*r))
                .collect();
            let attrs: Vec<_> = ctx.op(call).attrs.iter().map(|(k, v)| (ctx.str(*k).to_string(), *v)).collect();
            let mut b = Builder::new(ctx, InsertPoint::Before(call), loc);
            let attr_refs: Vec<(&str, tessel_ir::Attr)> = attrs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            let new = b.op(dialects::func::CallOp::NAME, &operands, &kept_types, &attr_refs);
            let mut next = 0;
            let mut replacements: Vec<Value> = Vec::new();
            for (i, r) in old_results.iter().enumerate() {
                match to_arg.get(&i) {
                    None => {
                        replacements.push(b.ctx.result(new, next));
                        next += 1;
                    }
                    Some(a) => {
                        let mut v = operands[*a];
                        let want = b.ctx.value_type(*r);
                        if b.ctx.value_type(v) != want {
                            v = CastOp::create(&mut b, v, &[want], vec![]).dest(b.ctx);
                        }
                        replacements.push(v);
                    }
                }
            }
            for (r, v) in old_results.iter().zip(replacements) {
                ctx.replace_all_uses(*r, v);
            }
            ctx.erase_op(call);
        }
    }
    dropped
}

/// Replaces `op` (a variadic-only op such as `func.return`) by one with
/// `operands`.
fn replace_operands(ctx: &mut Context, op: OpId, operands: &[Value]) {
    let loc = ctx.op_loc(op);
    let attrs: Vec<_> = ctx.op(op).attrs.iter().map(|(k, v)| (ctx.str(*k).to_string(), *v)).collect();
    let name = ctx.op_name(op).to_string();
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let attr_refs: Vec<(&str, tessel_ir::Attr)> = attrs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    b.op(&name, operands, &[], &attr_refs);
    ctx.erase_op(op);
}

/// The `-drop-equivalent-buffer-results` pass.
pub struct DropEquivalentBufferResults;

impl Pass for DropEquivalentBufferResults {
    fn name(&self) -> &'static str {
        "drop-equivalent-buffer-results"
    }
    fn class_name(&self) -> &'static str {
        "DropEquivalentBufferResultsPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        drop_equivalent_buffer_results(ctx, op);
        Ok(())
    }
}

pub(crate) const INFO: PassInfo = PassInfo {
    name: "drop-equivalent-buffer-results",
    description: "Drop results of private functions that return one of their arguments; callers use the argument",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(DropEquivalentBufferResults))
    },
};
