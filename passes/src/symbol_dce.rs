//! `symbol-dce`: erases the private and nested symbols of a symbol table
//! (functions, `memref.global`s, ...) that nothing live refers to, as
//! mlir-opt's pass does. Public symbols are live; so is every symbol a live
//! one refers to (a `func.call`, a `memref.get_global`, any symbol
//! reference in an attribute), and every symbol the table's other ops
//! refer to. Nested symbol tables (a `module` inside) are processed too.

use tessel_ir::attrs::AttrKind;
use tessel_ir::registry::traits;
use tessel_ir::{Attr, Context, Diagnostic, OpId, Sym};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "symbol-dce",
    description: "Erase private and nested symbols (functions, globals) that nothing live refers to",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(SymbolDce))
    },
};

struct SymbolDce;

impl Pass for SymbolDce {
    fn name(&self) -> &'static str {
        "symbol-dce"
    }

    fn class_name(&self) -> &'static str {
        "SymbolDCE"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        erase_dead_symbols(ctx, root);
        Ok(())
    }
}

/// The symbol `op` defines, if it is a symbol.
fn symbol_name(ctx: &Context, op: OpId) -> Option<Sym> {
    if !ctx.def_of(op).is_some_and(|d| d.has(traits::SYMBOL)) && ctx.get_attr(op, "sym_name").is_none() {
        return None;
    }
    match ctx.attr_kind(ctx.get_attr(op, "sym_name")?) {
        AttrKind::String { value, .. } => ctx.lookup_sym(value),
        _ => None,
    }
}

/// Whether a symbol may go when nothing refers to it (private or nested).
fn discardable(ctx: &Context, op: OpId) -> bool {
    matches!(
        ctx.get_attr(op, "sym_visibility").map(|a| ctx.attr_kind(a)),
        Some(AttrKind::String { value, .. }) if value == "private" || value == "nested"
    )
}

/// The roots of every symbol reference in `attr`, nested attributes too.
pub(crate) fn attr_refs(ctx: &Context, attr: Attr, out: &mut Vec<Sym>) {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { root, .. } => out.push(*root),
        AttrKind::Array(items) => items.iter().for_each(|a| attr_refs(ctx, *a, out)),
        AttrKind::Dict(entries) => entries.iter().for_each(|(_, a)| attr_refs(ctx, *a, out)),
        _ => {}
    }
}

/// The symbols `op` and the ops nested in it refer to.
fn refs_in(ctx: &Context, op: OpId) -> Vec<Sym> {
    let mut out = Vec::new();
    let mut all = vec![op];
    ctx.walk_preorder(op, &mut |o| all.push(o));
    for o in all {
        for (_, a) in ctx.op(o).attrs.iter() {
            attr_refs(ctx, *a, &mut out);
        }
    }
    out
}

/// Erases the dead symbols of symbol table `table` and of the tables nested in it.
fn erase_dead_symbols(ctx: &mut Context, table: OpId) {
    let Some(&region) = ctx.regions(table).first() else { return };
    let Some(&body) = ctx.blocks(region).first() else { return };
    let ops = ctx.block_op_list(body);
    let symbols: Vec<(OpId, Sym)> = ops.iter().filter_map(|o| symbol_name(ctx, *o).map(|s| (*o, s))).collect();
    let mut live: Vec<Sym> = Vec::new();
    let mut work: Vec<OpId> = Vec::new();
    for &o in &ops {
        match symbols.iter().find(|(s, _)| *s == o) {
            Some((_, name)) if !discardable(ctx, o) => {
                live.push(*name);
                work.push(o);
            }
            Some(_) => {}
            // An op that is not a symbol is a root: what it refers to lives.
            None => work.push(o),
        }
    }
    while let Some(o) = work.pop() {
        for r in refs_in(ctx, o) {
            if live.contains(&r) {
                continue;
            }
            live.push(r);
            if let Some((def, _)) = symbols.iter().find(|(_, s)| *s == r) {
                work.push(*def);
            }
        }
    }
    for (o, name) in &symbols {
        if !live.contains(name) {
            ctx.erase_op(*o);
        }
    }
    // Nested symbol tables (modules) that are still there.
    for o in ctx.block_op_list(body) {
        if tessel_ir::dialects::func::ModuleOp::isa(ctx, o) {
            erase_dead_symbols(ctx, o);
        }
    }
}
