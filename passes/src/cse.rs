//! `cse`: merges pure ops that compute the same thing (same name, operands,
//! attributes and result types) when the first dominates the second: within
//! a block, and from enclosing blocks into nested regions.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tessel_ir::diag;
use tessel_ir::printer::ValueNames;
use tessel_ir::registry::traits;
use tessel_ir::{Attr, BlockId, Context, Diagnostic, OpId, Sym, Type, Value};

use crate::manager::{Pass, PassInfo, Statistic};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "cse",
    description: "Eliminate common subexpressions among pure ops",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(Cse::default()))
    },
};

/// The pass, with MLIR's counters over its runs.
#[derive(Default)]
struct Cse {
    merged: u64,
    erased: u64,
}

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }

    fn class_name(&self) -> &'static str {
        "CSE"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let (merged, erased) = cse_counting(ctx, op);
        self.merged += merged as u64;
        self.erased += erased as u64;
        Ok(())
    }

    fn statistics(&self) -> Vec<Statistic> {
        vec![
            Statistic { name: "num-cse'd", description: "Number of operations CSE'd", value: self.merged },
            Statistic { name: "num-dce'd", description: "Number of operations DCE'd", value: self.erased },
        ]
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
    cse_counting(ctx, root);
}

/// [`cse`], returning how many ops it merged into equal ones and how many
/// trivially dead ones it erased.
pub fn cse_counting(ctx: &mut Context, root: OpId) -> (usize, usize) {
    // With `--debug`, merges and erasures name the values as the IR before
    // the pass prints them: ops a transformation made carry the location of
    // the op they came from, so locations alone do not tell them apart.
    let names = tracing::enabled!(target: "cse", tracing::Level::DEBUG).then(|| ValueNames::new(ctx, root));
    let mut driver = CseDriver { names, merged: 0, erased: 0 };
    let mut scopes: Vec<FxHashMap<Key, OpId>> = Vec::new();
    for r in ctx.regions(root).to_vec() {
        // Isolated ops (functions) start a fresh scope.
        for b in ctx.blocks(r).to_vec() {
            scopes.push(FxHashMap::default());
            driver.cse_block(ctx, b, &mut scopes);
            scopes.pop();
        }
    }
    if driver.names.is_some() {
        tracing::debug!(target: "cse", merged = driver.merged, erased = driver.erased, "done");
    }
    (driver.merged, driver.erased)
}

/// The walk's state: the debug names, and what it did.
struct CseDriver {
    names: Option<ValueNames>,
    merged: usize,
    erased: usize,
}

impl CseDriver {
    /// `op`'s first result as the IR before the pass names it (`%3`), or
    /// the op's name for an op without results.
    fn label(&self, ctx: &Context, op: OpId) -> String {
        match (&self.names, ctx.results(op).first()) {
            (Some(n), Some(r)) => n.name(ctx, *r),
            _ => ctx.op_name(op).to_string(),
        }
    }

    fn cse_block(&mut self, ctx: &mut Context, block: BlockId, scopes: &mut Vec<FxHashMap<Key, OpId>>) {
        for op in ctx.block_op_list(block) {
            // Nested regions first, then the op itself, as MLIR's driver.
            let isolated = ctx.def_of(op).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE));
            for r in ctx.regions(op).to_vec() {
                // Only single-block regions see the enclosing scope safely.
                let blocks = ctx.blocks(r).to_vec();
                let saved = if isolated || blocks.len() > 1 { Some(std::mem::take(scopes)) } else { None };
                for b in blocks {
                    scopes.push(FxHashMap::default());
                    self.cse_block(ctx, b, scopes);
                    scopes.pop();
                }
                if let Some(s) = saved {
                    *scopes = s;
                }
            }
            // A trivially dead op goes, as MLIR's CSE erases it.
            if crate::canonicalize::is_trivially_dead(ctx, op) {
                if self.names.is_some() {
                    let at = diag::render_loc(ctx, ctx.op_loc(op));
                    let value = self.label(ctx, op);
                    tracing::debug!(target: "cse", op = ctx.op_name(op), %value, %at, "erased a dead op");
                }
                self.erased += 1;
                ctx.erase_op(op);
                continue;
            }
            let Some(k) = key(ctx, op) else { continue };
            if let Some(&prev) = scopes.iter().rev().find_map(|s| s.get(&k)) {
                if self.names.is_some() {
                    let (at, into) = (diag::render_loc(ctx, ctx.op_loc(op)), diag::render_loc(ctx, ctx.op_loc(prev)));
                    let (value, into_value) = (self.label(ctx, op), self.label(ctx, prev));
                    tracing::debug!(
                        target: "cse",
                        op = ctx.op_name(op),
                        %value,
                        %at,
                        into = %into_value,
                        into_at = %into,
                        "merged into an equal op"
                    );
                }
                self.merged += 1;
                for (old, new) in ctx.results(op).to_vec().into_iter().zip(ctx.results(prev).to_vec()) {
                    ctx.replace_all_uses(old, new);
                }
                ctx.erase_op(op);
                continue;
            }
            scopes.last_mut().expect("scope").insert(k, op);
        }
    }
}
