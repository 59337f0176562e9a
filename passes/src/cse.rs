//! `cse`: merges pure ops that compute the same thing (same name, operands,
//! attributes and result types) when the first dominates the second: within
//! a block, and from enclosing blocks into nested regions.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tessel_ir::diag;
use tessel_ir::registry::traits;
use tessel_ir::{Attr, BlockId, Context, Diagnostic, OpId, Sym, Type, Value};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "cse",
    description: "Eliminate common subexpressions among pure ops",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(Cse))
    },
};

struct Cse;

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }

    fn class_name(&self) -> &'static str {
        "CSE"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        cse(ctx, op);
        Ok(())
    }
}

/// What makes two pure ops equal; inline storage, since most ops have a
/// few operands, attributes and results.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: Sym,
    operands: SmallVec<[Value; 4]>,
    attrs: SmallVec<[(Sym, Attr); 4]>,
    types: SmallVec<[Type; 2]>,
}

fn key(ctx: &Context, op: OpId) -> Option<Key> {
    let data = ctx.op(op);
    if !ctx.def_of(op).is_some_and(|d| d.has(traits::PURE)) || !ctx.regions(op).is_empty() || ctx.results(op).is_empty()
    {
        return None;
    }
    let mut attrs: SmallVec<[(Sym, Attr); 4]> = data.attrs.iter().map(|(k, v)| (*k, *v)).collect();
    attrs.sort_by_key(|(k, _)| k.index());
    Some(Key {
        name: data.name,
        operands: ctx.operands(op).iter().copied().collect(),
        attrs,
        types: ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect(),
    })
}

/// Runs CSE on every region nested in `root`.
pub fn cse(ctx: &mut Context, root: OpId) {
    let mut scopes: Vec<FxHashMap<Key, OpId>> = Vec::new();
    for r in ctx.regions(root).to_vec() {
        // Isolated ops (functions) start a fresh scope.
        for b in ctx.blocks(r).to_vec() {
            scopes.push(FxHashMap::default());
            cse_block(ctx, b, &mut scopes);
            scopes.pop();
        }
    }
}

fn cse_block(ctx: &mut Context, block: BlockId, scopes: &mut Vec<FxHashMap<Key, OpId>>) {
    for op in ctx.block_op_list(block) {
        if let Some(k) = key(ctx, op) {
            if let Some(&prev) = scopes.iter().rev().find_map(|s| s.get(&k)) {
                if tracing::enabled!(target: "cse", tracing::Level::DEBUG) {
                    let (at, into) = (diag::render_loc(ctx, ctx.op_loc(op)), diag::render_loc(ctx, ctx.op_loc(prev)));
                    tracing::debug!(target: "cse", op = ctx.op_name(op), %at, %into, "merged into an equal op");
                }
                for (old, new) in ctx.results(op).to_vec().into_iter().zip(ctx.results(prev).to_vec()) {
                    ctx.replace_all_uses(old, new);
                }
                ctx.erase_op(op);
                continue;
            }
            scopes.last_mut().expect("scope").insert(k, op);
        }
        let isolated = ctx.def_of(op).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE));
        for r in ctx.regions(op).to_vec() {
            // Only single-block regions see the enclosing scope safely.
            let blocks = ctx.blocks(r).to_vec();
            let saved = if isolated || blocks.len() > 1 { Some(std::mem::take(scopes)) } else { None };
            for b in blocks {
                scopes.push(FxHashMap::default());
                cse_block(ctx, b, scopes);
                scopes.pop();
            }
            if let Some(s) = saved {
                *scopes = s;
            }
        }
    }
}
