//! Structural verification (terminators, dominance, isolation) plus each
//! op's own verifier, reporting like MLIR.

use std::collections::HashMap;

use crate::context::ValueDef;
use crate::diag::Diagnostic;
use crate::dominance::DomTree;
use crate::registry::traits;
use crate::{BlockId, Context, OpId, RegionId, Value};

/// Verification options.
#[derive(Copy, Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Attach mlir-opt's `see current operation: ...` note to each error.
    pub print_op_on_diagnostic: bool,
    /// Verify the two halves of a large block on two threads (when the
    /// machine has two cores); the diagnostics are the same either way.
    pub parallel: bool,
}

/// Blocks with at least this many ops are split when verifying in
/// parallel; below it a thread costs more than it saves.
const SPLIT_BLOCK_OPS: usize = 4096;

/// Verifies `root` and everything nested in it. Within one isolated op
/// (e.g. a function) verification stops at the first error, like MLIR;
/// separate functions report separately.
pub fn verify(ctx: &Context, root: OpId, mut opts: VerifyOptions) -> Result<(), Vec<Diagnostic>> {
    opts.parallel &= crate::parallel::enabled();
    let mut v = Verifier::new(ctx, opts);
    v.verify_isolated(root);
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

struct Verifier<'c> {
    ctx: &'c Context,
    opts: VerifyOptions,
    errors: Vec<Diagnostic>,
    /// Per multi-block region: its dominator tree (petgraph's algorithm).
    dom_cache: HashMap<RegionId, RegionDominance>,
    /// Ops already verified; in a block they are visited in order, so a
    /// same-block definition dominates a use iff it was seen first.
    seen: crate::entity_map::EntitySet<OpId>,
    /// Per module body: the first op defining each symbol name (one scan
    /// per module, not one per symbol).
    symbols: HashMap<BlockId, HashMap<crate::Attr, OpId>>,
}

impl<'c> Verifier<'c> {
    fn new(ctx: &'c Context, opts: VerifyOptions) -> Self {
        Verifier {
            ctx,
            opts,
            errors: Vec::new(),
            dom_cache: HashMap::new(),
            seen: crate::entity_map::EntitySet::with_capacity(ctx.num_ops_created()),
            symbols: HashMap::new(),
        }
    }

    fn verify_isolated(&mut self, op: OpId) {
        let mut nested_isolated = Vec::new();
        if let Err(d) = self.verify_op_tree(op, &mut nested_isolated) {
            self.errors.push(d);
        }
        for n in nested_isolated {
            self.verify_isolated(n);
        }
    }

    fn error(&self, op: OpId, msg: String, with_prefix: bool) -> Diagnostic {
        let ctx = self.ctx;
        let text = if with_prefix { format!("'{}' op {msg}", ctx.op_name(op)) } else { msg };
        let mut d = Diagnostic::error(ctx.op_loc(op), text);
        if self.opts.print_op_on_diagnostic {
            let s = crate::printer::op_to_generic_string(ctx, op);
            d = d.with_note(ctx.op_loc(op), format!("see current operation: {s}"));
        }
        d
    }

    /// The op before `op` in its module's body that defines the same
    /// symbol name, if any (MLIR's symbol table verification).
    fn earlier_symbol(&mut self, op: OpId) -> Option<OpId> {
        let ctx = self.ctx;
        let name = ctx.get_attr(op, "sym_name")?;
        let block = ctx.op_block(op)?;
        let table = ctx.block_parent(block).and_then(|r| ctx.region_parent(r))?;
        if ctx.op_name(table) != "builtin.module" {
            return None;
        }
        let firsts = self.symbols.entry(block).or_insert_with(|| {
            let mut m = HashMap::new();
            for o in ctx.block_ops(block) {
                if let Some(n) = ctx.get_attr(o, "sym_name") {
                    m.entry(n).or_insert(o);
                }
            }
            m
        });
        firsts.get(&name).copied().filter(|first| *first != op)
    }

    /// Verifies `op` and its nested ops, collecting nested isolated ops to
    /// verify on their own.
    fn verify_op_tree(&mut self, op: OpId, nested_isolated: &mut Vec<OpId>) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let data = ctx.op(op);
        for (i, &v) in data.operands().iter().enumerate() {
            if ctx.value_def(v) == ValueDef::Detached {
                return Err(self.error(op, format!("operand #{i} does not dominate this use"), false));
            }
        }
        if let Some(def) = ctx.def_of(op) {
            if let Some((msg, prefixed)) =
                check_shape(def, data.operands().len(), data.results().len(), data.regions().len())
            {
                return Err(self.error(op, msg, prefixed));
            }
            if def.has(traits::SYMBOL) {
                if let Some(first) = self.earlier_symbol(op) {
                    let name = match ctx.get_attr(op, "sym_name").map(|a| ctx.attr_kind(a)) {
                        Some(crate::attrs::AttrKind::String { value, .. }) => value.as_str(),
                        _ => "",
                    };
                    return Err(self
                        .error(op, format!("redefinition of symbol named '{name}'"), false)
                        .with_note(ctx.op_loc(first), "see existing symbol definition here"));
                }
            }
            if !data.successors().is_empty() && data.parent.is_some_and(|b| ctx.last_op(b) != Some(op)) {
                return Err(self.error(
                    op,
                    "operation with block successors must terminate its parent block".into(),
                    false,
                ));
            }
            if let Some(verify) = def.verify {
                if let Err(e) = verify(ctx, op) {
                    let mut d = self.error(op, e.message, e.with_op_prefix);
                    for (loc, note) in e.notes {
                        d = d.with_note(loc, note);
                    }
                    return Err(d);
                }
            }
            if def.has(traits::TERMINATOR) {
                if let Some(b) = data.parent {
                    if ctx.last_op(b) != Some(op) {
                        return Err(self.error(op, "must be the last operation in the parent block".into(), true));
                    }
                }
            }
        }
        for &r in ctx.regions(op) {
            let blocks = ctx.blocks(r);
            if let Some(def) = ctx.def_of(op) {
                if def.has(traits::SINGLE_BLOCK) && blocks.len() > 1 {
                    return Err(self.error(
                        op,
                        format!("expects region #{} to have 0 or 1 blocks", region_index(ctx, op, r)),
                        true,
                    ));
                }
            }
            for &b in blocks {
                self.verify_block(op, r, b, nested_isolated)?;
            }
        }
        Ok(())
    }

    fn verify_block(
        &mut self,
        parent: OpId,
        region: RegionId,
        b: BlockId,
        nested_isolated: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let pdef = ctx.def_of(parent);
        if self.opts.parallel && ctx.block_ops(b).nth(SPLIT_BLOCK_OPS - 1).is_some() {
            self.verify_ops_in_halves(&ctx.block_op_list(b), nested_isolated)?;
        } else {
            self.verify_ops(ctx.block_ops(b), nested_isolated)?;
        }
        let needs_terminator = pdef.is_some_and(|d| !d.has(traits::NO_TERMINATOR));
        if needs_terminator {
            let last_is_term = ctx.last_op(b).is_some_and(|o| ctx.def_of(o).is_none_or(|d| d.has(traits::TERMINATOR)));
            if !last_is_term {
                let _ = region;
                let d = match ctx.last_op(b) {
                    Some(o) => {
                        let generic = crate::printer::op_to_generic_string(ctx, o);
                        self.error(o, format!("block with no terminator, has {generic}"), false)
                    }
                    None => self.error(parent, "empty block: expect at least a terminator".into(), false),
                };
                return Err(d);
            }
        }
        Ok(())
    }

    /// Verifies the ops of one block, in order.
    fn verify_ops(
        &mut self,
        ops: impl Iterator<Item = OpId>,
        nested_isolated: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for o in ops {
            self.check_dominance(o)?;
            if ctx.def_of(o).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)) {
                nested_isolated.push(o);
            } else {
                self.verify_op_tree(o, nested_isolated)?;
            }
            self.seen.insert(o);
        }
        Ok(())
    }

    /// [`Self::verify_ops`] with the second half of `ops` on a second
    /// thread. Same result as in order: a use in the second half sees the
    /// first half's ops as already visited (a same-block definition there
    /// dominates it); what lies nested inside first-half ops cannot be
    /// visible to it. The first half's error wins, as it would come first.
    fn verify_ops_in_halves(&mut self, ops: &[OpId], nested_isolated: &mut Vec<OpId>) -> Result<(), Diagnostic> {
        let (first, second) = ops.split_at(ops.len() / 2);
        let (ctx, opts) = (self.ctx, VerifyOptions { parallel: false, ..self.opts });
        let (mine, (theirs, their_nested, their_seen)) = {
            let other = move || {
                let mut v = Verifier::new(ctx, opts);
                for o in first {
                    v.seen.insert(*o);
                }
                let mut nested = Vec::new();
                let r = v.verify_ops(second.iter().copied(), &mut nested);
                (r, nested, v.seen)
            };
            crate::parallel::join(|| self.verify_ops(first.iter().copied(), nested_isolated), other)
        };
        // In order, an error in the first half ends the block there; one in
        // the second half comes after everything the second half collected
        // and saw before it (nested isolated ops are verified afterwards
        // either way, and consult what was seen).
        mine?;
        nested_isolated.extend(their_nested);
        self.seen.union_with(&their_seen);
        theirs
    }

    fn check_dominance(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            match self.check_use(v, op) {
                UseCheck::Ok => {}
                UseCheck::NotDominated => {
                    let mut d = self.error(op, format!("operand #{i} does not dominate this use"), false);
                    if let Some(def) = ctx.defining_op(v) {
                        d = d.with_note(ctx.op_loc(def), "operand defined here");
                    }
                    return Err(d);
                }
                UseCheck::CrossesIsolated(iso) => {
                    return Err(self.error(iso, "using value defined outside the region".into(), true));
                }
            }
        }
        Ok(())
    }

    /// Whether the definition of `v` dominates `user`, and whether the use
    /// reaches across an op isolated from above. One walk up the nesting.
    fn check_use(&mut self, v: Value, user: OpId) -> UseCheck {
        let ctx = self.ctx;
        let Some(def_block) = value_block(ctx, v) else { return UseCheck::NotDominated };
        let def_region = ctx.block_parent(def_block);
        let mut user_op = user;
        let mut crossed = None;
        loop {
            let Some(b) = ctx.op_block(user_op) else { return UseCheck::NotDominated };
            if b == def_block {
                let dominated = match ctx.value_def(v) {
                    ValueDef::BlockArg { .. } => true,
                    ValueDef::Result { op: d, .. } => d != user_op && self.before(d, user_op),
                    ValueDef::Detached => false,
                };
                return match (dominated, crossed) {
                    (false, _) => UseCheck::NotDominated,
                    (true, Some(iso)) => UseCheck::CrossesIsolated(iso),
                    (true, None) => UseCheck::Ok,
                };
            }
            let region = ctx.block_parent(b);
            if region == def_region {
                if !self.block_dominates(def_region.expect("region"), def_block, b) {
                    return UseCheck::NotDominated;
                }
                return match crossed {
                    Some(iso) => UseCheck::CrossesIsolated(iso),
                    None => UseCheck::Ok,
                };
            }
            let Some(parent) = region.and_then(|r| ctx.region_parent(r)) else { return UseCheck::NotDominated };
            if crossed.is_none() && ctx.def_of(parent).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)) {
                crossed = Some(parent);
            }
            user_op = parent;
        }
    }

    fn before(&self, a: OpId, _b: OpId) -> bool {
        self.seen.contains(a)
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let ctx = self.ctx;
        self.dom_cache.entry(region).or_insert_with(|| RegionDominance::new(ctx, region)).dominates(a, b)
    }
}

/// Operand, result and region counts, as ODS-generated verifiers check them.
fn check_shape(
    def: &crate::registry::OpDef,
    operands: usize,
    results: usize,
    regions: usize,
) -> Option<(String, bool)> {
    let plural = |n: usize, w: &str| if n == 1 { w.to_string() } else { format!("{w}s") };
    if def.variadic_regions {
        if regions < def.regions {
            return Some((format!("requires at least {} regions", def.regions), true));
        }
    } else if regions != def.regions {
        return Some((format!("requires {} {}", def.regions, plural(def.regions, "region")), true));
    }
    if !def.results.allows(results) {
        let msg = match def.results.max {
            Some(m) if m == def.results.min => match m {
                0 => "requires zero results".to_string(),
                1 => "requires one result".to_string(),
                _ => format!("requires {m} results"),
            },
            _ => format!("requires at least {} results", def.results.min),
        };
        return Some((msg, true));
    }
    if !def.operands.allows(operands) {
        let msg = match def.operands.max {
            Some(m) if m == def.operands.min => match m {
                0 => "requires zero operands".to_string(),
                1 => "requires a single operand".to_string(),
                _ => format!("expected {m} operands, but found {operands}"),
            },
            _ => format!("expected {} or more operands, but found {operands}", def.operands.min),
        };
        return Some((msg, true));
    }
    None
}

/// The outcome of checking one use.
enum UseCheck {
    Ok,
    NotDominated,
    CrossesIsolated(OpId),
}

fn region_index(ctx: &Context, op: OpId, r: RegionId) -> usize {
    ctx.regions(op).iter().position(|x| *x == r).unwrap_or(0)
}

fn value_block(ctx: &Context, v: Value) -> Option<BlockId> {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.op_block(op),
        ValueDef::BlockArg { block, .. } => Some(block),
        ValueDef::Detached => None,
    }
}

/// The dominator tree of a CFG region's blocks (positions in the region).
struct RegionDominance {
    position: HashMap<BlockId, usize>,
    tree: DomTree,
}

impl RegionDominance {
    fn new(ctx: &Context, region: RegionId) -> Self {
        let blocks = ctx.blocks(region);
        let position: HashMap<BlockId, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|b| match ctx.last_op(*b) {
                Some(t) => ctx.op(t).successors().iter().filter_map(|s| position.get(s).copied()).collect(),
                None => Vec::new(),
            })
            .collect();
        RegionDominance { position, tree: DomTree::new(&succs) }
    }

    fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        match (self.position.get(&a), self.position.get(&b)) {
            (Some(&a), Some(&b)) => self.tree.dominates(a, b),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::{parse_module, BufferStart};

    /// A function of `n` arith ops in one block; `bad` lines are replaced.
    fn big_function(n: usize, bad: &[(usize, &str)]) -> String {
        let mut s = String::from("func.func @f(%a: i32) -> i32 {\n");
        for i in 0..n {
            match bad.iter().find(|(at, _)| *at == i) {
                Some((_, line)) => s.push_str(line),
                None => s.push_str(&format!("  %v{i} = arith.addi %a, %a : i32\n")),
            }
        }
        s.push_str("  return %a : i32\n}\n");
        s
    }

    fn messages(text: &str, parallel: bool) -> Vec<String> {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parses").module;
        let opts = VerifyOptions { parallel, ..Default::default() };
        match verify(&ctx, m, opts) {
            Ok(()) => Vec::new(),
            Err(ds) => ds.iter().map(|d| format!("{:?}", d)).collect(),
        }
    }

    #[test]
    fn split_blocks_verify_like_one_pass() {
        let n = 2 * SPLIT_BLOCK_OPS + 10;
        let late = n - 5;
        let cases: Vec<Vec<(usize, String)>> = vec![
            vec![],
            // A use in the second half of a value the first half defines.
            vec![(late, format!("  %x = arith.addi %v3, %v{} : i32\n", n / 2 - 1))],
            // Dominance errors in the second half, then in both halves.
            vec![(late, format!("  %x = arith.addi %v{}, %a : i32\n", late + 1))],
            vec![
                (7, "  %y = arith.addi %v9, %a : i32\n".into()),
                (late, format!("  %x = arith.addi %v{}, %a : i32\n", late + 1)),
            ],
            // An isolated op in the second half, before an error there: it
            // is still verified (and reports its own error), as in order.
            vec![
                (
                    late - 10,
                    "  builtin.module {\n    func.func @inner(%q: i32) -> i64 {\n      %r = \"arith.addi\"(%q, %q) : (i32, i32) -> i64\n      return %r : i64\n    }\n  }\n".into(),
                ),
                (late, format!("  %x = arith.addi %v{}, %a : i32\n", late + 1)),
            ],
            // An op verifier error in the second half.
            vec![(late, "  %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i64\n".into())],
        ];
        for bad in cases {
            let bad_refs: Vec<(usize, &str)> = bad.iter().map(|(i, s)| (*i, s.as_str())).collect();
            let text = big_function(n, &bad_refs);
            let seq = messages(&text, false);
            assert_eq!(messages(&text, true), seq, "case {bad:?}");
            assert_eq!(seq.is_empty(), bad.is_empty() || bad[0].1.contains("%v3"), "case {bad:?}: {seq:?}");
        }
    }
}
