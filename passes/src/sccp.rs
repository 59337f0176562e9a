//! `sccp`: sparse conditional constant propagation, as mlir-opt 22's pass
//! (`SCCP.cpp`: MLIR's `DeadCodeAnalysis` with `SparseConstantPropagation`,
//! then the rewrite).
//!
//! The analysis is optimistic: a value is *unset* until something reaches
//! it, then a constant, then *unknown* once two different constants (or
//! anything not constant) reach it. Blocks are dead until a live branch,
//! region entry or call reaches them; a branch on a constant takes one
//! edge only, an `scf.if` on a constant enters one region, an
//! `scf.condition` on a constant either loops or exits. Values flow along
//! branches into block arguments, into and out of `scf.for`, `scf.while`,
//! `scf.if`, `scf.index_switch`, `scf.execute_region` and
//! `memref.alloca_scope`, and across calls: a private function's
//! arguments are what its live calls pass (a public one's, or one named
//! elsewhere than in a call, are unknown), a call's results what the
//! callee's live returns give. An op with other regions has unknown
//! results and arguments. Every other op is simulated with its fold hooks
//! (those MLIR calls `fold`), run on a scratch copy whose operands are the
//! constants the analysis found (an unknown operand stays itself): a fold
//! to a constant gives a constant, a fold to a value of the IR (an operand,
//! or what its producer computes from) gives what that value holds, an
//! in-place fold or none gives unknown.
//!
//! The rewrite then walks the blocks as 22 does (a block, then the regions
//! of its ops, last op first): every value found constant is replaced by a
//! constant made at the top of the entry block of the closest region
//! isolated from above (uniqued there, each new one placed first, at an
//! unknown location, as MLIR's `OperationFolder`), and an op whose results
//! were all replaced is erased when nothing else keeps it. Dead blocks are
//! left as they are; the branches into them are not folded (that is
//! `canonicalize`'s job).

use rustc_hash::{FxHashMap, FxHashSet};
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{constant_block_of, InsertPoint, NoListener};
use tessel_ir::context::clone::IrMapping;
use tessel_ir::context::{AttrMap, OpSpec};
use tessel_ir::dialects::cf::{switch_successor_operands, BranchOp, CondBranchOp, SwitchOp};
use tessel_ir::dialects::func::{CallOp, FuncOp, ReturnOp};
use tessel_ir::dialects::memref::{AllocaScopeOp, AllocaScopeReturnOp};
use tessel_ir::dialects::scf::{ForOp, ForallOp, IfOp, YieldOp};
use tessel_ir::dialects::scf_more::{ConditionOp, ExecuteRegionOp, IndexSwitchOp, WhileOp};
use tessel_ir::registry::traits;
use tessel_ir::rewriter::{Canonicalization, NamedPattern, Rewriter};
use tessel_ir::types::TypeKind;
use tessel_ir::{Attr, BlockId, Context, Diagnostic, OpId, RegionId, Sym, Type, Value};

use crate::manager::{Pass, PassInfo};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "sccp",
    description: "Sparse conditional constant propagation: replace the values proven constant (through branches, \
                  loops, region ops and calls) by constants",
    build: |opts| {
        crate::reject_unknown_options(opts, &[])?;
        Ok(Box::new(Sccp))
    },
};

struct Sccp;

impl Pass for Sccp {
    fn name(&self) -> &'static str {
        "sccp"
    }

    fn class_name(&self) -> &'static str {
        "SCCP"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let mut solver = Solver::new(ctx, root);
        solver.solve(ctx, root);
        solver.rewrite(ctx, root);
        Ok(())
    }
}

/// What the analysis knows of a value it reached (one it did not reach is
/// absent: MLIR's uninitialized state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lattice {
    /// Always this constant (an index into [`Solver::forms`]).
    Constant(u32),
    /// Not one known constant.
    Unknown,
}

/// A constant as the op that makes it: its name and attributes (the
/// `value`), made again with the type of the value it replaces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ConstantForm {
    pub(crate) name: Sym,
    pub(crate) attrs: Vec<(Sym, Attr)>,
}

/// The analysis state and its fixed point (also the dead-code analysis
/// `remove-dead-values` builds its liveness on).
pub(crate) struct Solver {
    values: FxHashMap<Value, Lattice>,
    forms: Vec<ConstantForm>,
    form_ids: FxHashMap<ConstantForm, u32>,
    /// The blocks control may reach.
    pub(crate) live: FxHashSet<BlockId>,
    /// The live calls of each function with a body, in the order found.
    pub(crate) callers: FxHashMap<OpId, Vec<OpId>>,
    /// Functions that may be called from where the analysis cannot see
    /// (public, or named other than by a call).
    pub(crate) open: FxHashSet<OpId>,
    pub(crate) functions: crate::inline::Functions,
    root: OpId,
    /// The operand states each op was last simulated with.
    simulated: FxHashMap<OpId, Vec<Lattice>>,
    /// A detached region holding the scratch blocks of simulations.
    scratch: RegionId,
    changed: bool,
}

impl Solver {
    pub(crate) fn new(ctx: &mut Context, root: OpId) -> Solver {
        let functions = crate::inline::functions(ctx, root);
        let mut open = FxHashSet::default();
        // Public functions, and any function named by an attribute other
        // than a call's callee, have callers the analysis cannot see.
        let callee_sym = ctx.lookup_sym("callee");
        let mut named = Vec::new();
        ctx.walk_preorder(root, &mut |op| {
            for (k, a) in ctx.op(op).attrs.iter() {
                if CallOp::isa(ctx, op) && Some(*k) == callee_sym {
                    continue;
                }
                crate::symbol_dce::attr_refs(ctx, *a, &mut named);
            }
        });
        // Looked up once per function: a set.
        let named: FxHashSet<Sym> = named.into_iter().collect();
        for (&(table, name), &f) in &functions {
            let visibility = FuncOp(f).sym_visibility(ctx).unwrap_or("public");
            let hidden = visibility == "private" || (visibility == "nested" && all_uses_visible(ctx, root, table));
            if !hidden || named.contains(&name) {
                open.insert(f);
            }
        }
        Solver {
            values: FxHashMap::default(),
            forms: Vec::new(),
            form_ids: FxHashMap::default(),
            live: FxHashSet::default(),
            callers: FxHashMap::default(),
            open,
            functions,
            root,
            simulated: FxHashMap::default(),
            scratch: ctx.create_region(),
            changed: false,
        }
    }

    // ---- the lattice ----------------------------------------------------

    fn get(&self, v: Value) -> Option<Lattice> {
        self.values.get(&v).copied()
    }

    /// The states of `vs`, if the analysis reached all of them (MLIR's
    /// control-flow transfer waits until it has).
    fn all_reached(&self, vs: &[Value]) -> Option<Vec<Lattice>> {
        vs.iter().map(|v| self.get(*v)).collect()
    }

    fn join(&mut self, v: Value, l: Lattice) {
        let next = match self.values.get(&v) {
            None => l,
            Some(cur) if *cur == l => return,
            Some(Lattice::Unknown) => return,
            Some(Lattice::Constant(_)) => Lattice::Unknown,
        };
        self.values.insert(v, next);
        self.changed = true;
    }

    fn join_from(&mut self, to: Value, from: Value) {
        if let Some(l) = self.get(from) {
            self.join(to, l);
        }
    }

    fn set_unknown(&mut self, vs: &[Value]) {
        for &v in vs {
            self.join(v, Lattice::Unknown);
        }
    }

    /// The lattice of the constant `op` makes.
    fn constant_of(&mut self, ctx: &Context, op: OpId) -> Lattice {
        let form =
            ConstantForm { name: ctx.op(op).name, attrs: ctx.op(op).attrs.iter().map(|(k, a)| (*k, *a)).collect() };
        let next = self.forms.len() as u32;
        let id = *self.form_ids.entry(form.clone()).or_insert(next);
        if id == next {
            self.forms.push(form);
        }
        Lattice::Constant(id)
    }

    /// The integer a constant state holds (`true` is 1), if it is one.
    fn int_of(&self, ctx: &Context, l: Lattice) -> Option<i128> {
        let Lattice::Constant(id) = l else { return None };
        let value = ctx.lookup_sym("value")?;
        let (_, a) = self.forms[id as usize].attrs.iter().find(|(k, _)| *k == value)?;
        match ctx.attr_kind(*a) {
            AttrKind::Integer { value, .. } => Some(*value),
            AttrKind::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    }

    /// The boolean a constant state holds (an `i1` constant: MLIR's
    /// `BoolAttr`).
    fn bool_of(&self, ctx: &Context, l: Lattice) -> Option<bool> {
        let Lattice::Constant(id) = l else { return None };
        let value = ctx.lookup_sym("value")?;
        let (_, a) = self.forms[id as usize].attrs.iter().find(|(k, _)| *k == value)?;
        match ctx.attr_kind(*a) {
            AttrKind::Bool(b) => Some(*b),
            AttrKind::Integer { value, ty } if matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. }) => {
                Some(*value != 0)
            }
            _ => None,
        }
    }

    fn mark_live(&mut self, b: BlockId) {
        if self.live.insert(b) {
            self.changed = true;
        }
    }

    // ---- the fixed point ---------------------------------------------------

    /// Sweeps the IR until nothing changes. The root's regions are live,
    /// their entry arguments unknown (a function's too: its callers are
    /// outside what the analysis sees).
    pub(crate) fn solve(&mut self, ctx: &mut Context, root: OpId) {
        loop {
            self.changed = false;
            for r in ctx.regions(root).to_vec() {
                let Some(&entry) = ctx.blocks(r).first() else { continue };
                self.mark_live(entry);
                self.set_unknown(ctx.block_args(entry));
                self.visit_region(ctx, r);
            }
            if !self.changed {
                break;
            }
        }
    }

    /// Visits the ops of the live blocks of `r`.
    fn visit_region(&mut self, ctx: &mut Context, r: RegionId) {
        for b in ctx.blocks(r).to_vec() {
            if self.live.contains(&b) {
                for op in ctx.block_op_list(b) {
                    self.visit_op(ctx, op);
                }
            }
        }
    }

    fn visit_op(&mut self, ctx: &mut Context, op: OpId) {
        if FuncOp::isa(ctx, op) {
            self.visit_function(ctx, op);
        } else if ForOp::isa(ctx, op) {
            self.visit_for(ctx, op);
        } else if WhileOp::isa(ctx, op) {
            self.visit_while(ctx, op);
        } else if IfOp::isa(ctx, op) || IndexSwitchOp::isa(ctx, op) {
            self.visit_selection(ctx, op);
        } else if ExecuteRegionOp::isa(ctx, op) || AllocaScopeOp::isa(ctx, op) {
            let region = ctx.regions(op)[0];
            self.enter_region(ctx, region, &[], 0);
            self.visit_region(ctx, region);
            self.exit_region(ctx, op, region);
        } else if ForallOp::isa(ctx, op) {
            // 22 enters the body (arguments unknown) but no edge reaches
            // the results: they stay unset.
            let body = ctx.regions(op)[0];
            self.enter_region(ctx, body, &[], usize::MAX);
            self.visit_region(ctx, body);
        } else if CallOp::isa(ctx, op) {
            self.visit_call(ctx, op);
        } else if BranchOp::isa(ctx, op) || CondBranchOp::isa(ctx, op) || SwitchOp::isa(ctx, op) {
            self.visit_branch(ctx, op);
        } else if !ctx.op(op).successors().is_empty() {
            // A branch the analysis cannot read: every edge is live.
            for b in ctx.op(op).successors().to_vec() {
                self.mark_live(b);
                self.set_unknown(ctx.block_args(b));
            }
        } else if !ctx.regions(op).is_empty() {
            // Regions whose control flow is not known: entered, with
            // unknown arguments and results.
            for r in ctx.regions(op).to_vec() {
                if let Some(&entry) = ctx.blocks(r).first() {
                    self.mark_live(entry);
                    self.set_unknown(ctx.block_args(entry));
                    self.visit_region(ctx, r);
                }
            }
            self.set_unknown(ctx.results(op));
        } else if !ctx.results(op).is_empty() {
            self.simulate(ctx, op);
        }
    }

    /// Marks the entry of `r` live and passes `inputs` to its arguments
    /// from `first` on (those before are unknown: an induction variable).
    fn enter_region(&mut self, ctx: &Context, r: RegionId, inputs: &[Value], first: usize) {
        let Some(&entry) = ctx.blocks(r).first() else { return };
        self.mark_live(entry);
        let args = ctx.block_args(entry).to_vec();
        self.set_unknown(&args[..first.min(args.len())]);
        for (a, v) in args.iter().skip(first).zip(inputs) {
            self.join_from(*a, *v);
        }
    }

    /// The terminators of the live blocks of `r` that leave it.
    fn region_exits(&self, ctx: &Context, r: RegionId) -> Vec<OpId> {
        ctx.blocks(r)
            .iter()
            .filter(|b| self.live.contains(b))
            .filter_map(|b| ctx.last_op(*b))
            .filter(|t| YieldOp::isa(ctx, *t) || AllocaScopeReturnOp::isa(ctx, *t) || ConditionOp::isa(ctx, *t))
            .collect()
    }

    /// The terminators of `r` that have all their operands pass them to
    /// `op`'s results.
    fn exit_region(&mut self, ctx: &Context, op: OpId, r: RegionId) {
        let results = ctx.results(op).to_vec();
        for t in self.region_exits(ctx, r) {
            let operands = ctx.operands(t).to_vec();
            if self.all_reached(&operands).is_some() {
                for (res, v) in results.iter().zip(&operands) {
                    self.join_from(*res, *v);
                }
            }
        }
    }

    fn visit_function(&mut self, ctx: &mut Context, f: OpId) {
        let Some(&body) = ctx.regions(f).first() else { return };
        let Some(&entry) = ctx.blocks(body).first() else { return };
        let open = self.open.contains(&f);
        let calls = self.callers.get(&f).cloned().unwrap_or_default();
        if !open && calls.is_empty() {
            return;
        }
        self.mark_live(entry);
        let args = ctx.block_args(entry).to_vec();
        if open {
            self.set_unknown(&args);
        } else {
            for call in calls {
                for (a, v) in args.iter().zip(ctx.operands(call).to_vec()) {
                    self.join_from(*a, v);
                }
            }
        }
        self.visit_region(ctx, body);
    }

    /// A call of a function with a body inside the root makes the function
    /// live and takes its results from the function's live returns; any
    /// other call's results are unknown.
    fn visit_call(&mut self, ctx: &Context, call: OpId) {
        let results = ctx.results(call).to_vec();
        let Some(f) = crate::inline::callee(ctx, call, &self.functions).filter(|f| self.inside_root(ctx, *f)) else {
            self.set_unknown(&results);
            return;
        };
        let calls = self.callers.entry(f).or_default();
        if !calls.contains(&call) {
            calls.push(call);
            self.changed = true;
        }
        let body = ctx.regions(f)[0];
        for b in ctx.blocks(body).to_vec() {
            let Some(t) = ctx.last_op(b).filter(|t| self.live.contains(&b) && ctx.op(*t).successors().is_empty())
            else {
                continue;
            };
            if !ReturnOp::isa(ctx, t) {
                // A terminator that is not a return: what reaches the call
                // is not known.
                self.set_unknown(&results);
                return;
            }
            for (res, v) in results.iter().zip(ctx.operands(t).to_vec()) {
                self.join_from(*res, v);
            }
        }
    }

    fn inside_root(&self, ctx: &Context, mut op: OpId) -> bool {
        loop {
            if op == self.root {
                return true;
            }
            match ctx.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// `scf.for`: the body is entered and the loop may be skipped; the
    /// iteration arguments and results take the inits and every yield.
    fn visit_for(&mut self, ctx: &mut Context, op: OpId) {
        let operands = ctx.operands(op).to_vec();
        if self.all_reached(&operands).is_none() {
            return;
        }
        let inits = &operands[3..];
        let body = ctx.regions(op)[0];
        let results = ctx.results(op).to_vec();
        self.enter_region(ctx, body, inits, 1);
        for (r, v) in results.iter().zip(inits) {
            self.join_from(*r, *v);
        }
        self.visit_region(ctx, body);
        for y in self.region_exits(ctx, body) {
            let yielded = ctx.operands(y).to_vec();
            if self.all_reached(&yielded).is_some() {
                self.enter_region(ctx, body, &yielded, 1);
                for (r, v) in results.iter().zip(&yielded) {
                    self.join_from(*r, *v);
                }
            }
        }
    }

    /// `scf.while`: the condition region is entered with the inits; its
    /// `scf.condition` enters the body, exits, or (unknown) both; the body
    /// yields back to the condition region.
    fn visit_while(&mut self, ctx: &mut Context, op: OpId) {
        let inits = ctx.operands(op).to_vec();
        if self.all_reached(&inits).is_none() {
            return;
        }
        let (before, after) = (ctx.regions(op)[0], ctx.regions(op)[1]);
        self.enter_region(ctx, before, &inits, 0);
        self.visit_region(ctx, before);
        let results = ctx.results(op).to_vec();
        for c in self.region_exits(ctx, before) {
            let operands = ctx.operands(c).to_vec();
            let Some(states) = self.all_reached(&operands) else { continue };
            let Some((_, args)) = operands.split_first() else { continue };
            let (stay, leave) = match self.bool_of(ctx, states[0]) {
                Some(b) => (b, !b),
                None => (true, true),
            };
            if stay {
                self.enter_region(ctx, after, args, 0);
            }
            if leave {
                for (r, v) in results.iter().zip(args) {
                    self.join_from(*r, *v);
                }
            }
        }
        self.visit_region(ctx, after);
        for y in self.region_exits(ctx, after) {
            let yielded = ctx.operands(y).to_vec();
            if self.all_reached(&yielded).is_some() {
                self.enter_region(ctx, before, &yielded, 0);
            }
        }
    }

    /// `scf.if` and `scf.index_switch`: a constant selector enters one
    /// region (an `scf.if` without else region on false: none), an
    /// unknown one all; the results take the yields of the live regions.
    fn visit_selection(&mut self, ctx: &mut Context, op: OpId) {
        let selector = ctx.operands(op)[0];
        let Some(state) = self.get(selector) else { return };
        let regions = ctx.regions(op).to_vec();
        let chosen: Vec<RegionId> = if IfOp::isa(ctx, op) {
            match self.bool_of(ctx, state) {
                Some(true) => vec![regions[0]],
                Some(false) => regions.get(1).copied().into_iter().collect(),
                None => regions.clone(),
            }
        } else {
            match self.int_of(ctx, state) {
                Some(v) => {
                    let cases = IndexSwitchOp(op).cases(ctx).to_vec();
                    let at = cases.iter().position(|c| i128::from(*c) == v).map_or(0, |i| i + 1);
                    regions.get(at).copied().into_iter().collect()
                }
                None => regions.clone(),
            }
        };
        for r in chosen {
            if ctx.blocks(r).is_empty() {
                continue;
            }
            self.enter_region(ctx, r, &[], 0);
            self.visit_region(ctx, r);
            self.exit_region(ctx, op, r);
        }
    }

    /// `cf.br`, `cf.cond_br`, `cf.switch`: once every operand is reached,
    /// the edges a constant condition or flag selects (all otherwise) are
    /// live and pass their operands.
    fn visit_branch(&mut self, ctx: &Context, op: OpId) {
        let operands = ctx.operands(op).to_vec();
        let Some(states) = self.all_reached(&operands) else { return };
        let successors = ctx.op(op).successors().to_vec();
        let forwarded: Vec<Vec<Value>> = if BranchOp::isa(ctx, op) {
            vec![operands.clone()]
        } else if CondBranchOp::isa(ctx, op) {
            let b = CondBranchOp(op);
            vec![b.true_dest_operands(ctx).to_vec(), b.false_dest_operands(ctx).to_vec()]
        } else {
            switch_successor_operands(ctx, op).into_iter().map(<[Value]>::to_vec).collect()
        };
        let taken: Vec<usize> = if BranchOp::isa(ctx, op) {
            vec![0]
        } else {
            match self.int_of(ctx, states[0]) {
                Some(c) if CondBranchOp::isa(ctx, op) => vec![if c & 1 == 1 { 0 } else { 1 }],
                Some(flag) => {
                    let width = match ctx.type_kind(ctx.value_type(operands[0])) {
                        TypeKind::Integer { width, .. } => *width,
                        _ => 64,
                    };
                    let wrap = |v: i128| if width >= 128 { v } else { (v << (128 - width)) >> (128 - width) };
                    let cases = tessel_ir::dialects::cf::case_values(ctx, op);
                    vec![cases.iter().position(|c| wrap(i128::from(*c)) == wrap(flag)).map_or(0, |i| i + 1)]
                }
                None => (0..successors.len()).collect(),
            }
        };
        for i in taken {
            let (Some(&b), Some(values)) = (successors.get(i), forwarded.get(i)) else { continue };
            self.mark_live(b);
            for (a, v) in ctx.block_args(b).to_vec().into_iter().zip(values) {
                self.join_from(a, *v);
            }
        }
    }

    // ---- folding ------------------------------------------------------------

    /// Simulates `op` once every operand is reached: a constant op is its
    /// constant; any other op is folded on a scratch copy (see the module
    /// docs).
    fn simulate(&mut self, ctx: &mut Context, op: OpId) {
        let operands = ctx.operands(op).to_vec();
        let Some(states) = self.all_reached(&operands) else { return };
        if self.simulated.get(&op) == Some(&states) {
            return;
        }
        self.simulated.insert(op, states.clone());
        let results = ctx.results(op).to_vec();
        if ctx.def_of(op).is_some_and(|d| d.has(traits::CONSTANT_LIKE)) {
            let c = self.constant_of(ctx, op);
            self.join(results[0], c);
            return;
        }
        let patterns = fold_hooks(ctx, op);
        if patterns.is_empty() {
            self.set_unknown(&results);
            return;
        }
        // A fold may compare values (`select (a == b), a, b`) or read
        // constants from their ops: with operands found constant that no
        // constant op makes, it is tried on the values as they are first,
        // then with those operands made constants.
        let needs_constants =
            operands.iter().zip(&states).any(|(v, s)| matches!(s, Lattice::Constant(_)) && !made_by_constant(ctx, *v));
        let folded = needs_constants
            .then(|| self.fold_on_scratch(ctx, op, &operands, &states, patterns, false))
            .flatten()
            .or_else(|| self.fold_on_scratch(ctx, op, &operands, &states, patterns, true))
            .unwrap_or_else(|| vec![Folded::Unknown; results.len()]);
        for (r, f) in results.iter().zip(folded) {
            match f {
                Folded::Constant(l) => self.join(*r, l),
                Folded::Value(v) => self.join_from(*r, v),
                Folded::Unknown => self.join(*r, Lattice::Unknown),
            }
        }
    }

    /// Copies `op` into a scratch block (constant operands made constants
    /// there), runs its fold hooks there, reads what each
    /// result became, and erases the block.
    fn fold_on_scratch(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        operands: &[Value],
        states: &[Lattice],
        patterns: &'static [NamedPattern],
        materialize: bool,
    ) -> Option<Vec<Folded>> {
        let block = ctx.append_block(self.scratch);
        let loc = ctx.op_loc(op);
        let mut map = IrMapping::default();
        // Operands found constant that no constant op makes become
        // constants of the scratch block; the others stay the values they
        // are (a fold may look at their producers: `(a ^ b) ^ b` is `a`).
        for (v, s) in operands.iter().zip(states) {
            if !materialize {
                break;
            }
            if let (Lattice::Constant(id), false) = (s, made_by_constant(ctx, *v)) {
                let ty = ctx.value_type(*v);
                let c = make_constant(ctx, &self.forms[*id as usize], ty, loc);
                ctx.append_op(block, c);
                map.map(*v, ctx.result(c, 0));
            }
        }
        let copy = ctx.clone_op(op, &mut map);
        ctx.append_op(block, copy);
        let sink_name = ctx.sym("sccp.scratch_uses");
        let sink = ctx.create_op(OpSpec {
            name: sink_name,
            operands: ctx.results(copy).iter().copied().collect(),
            result_types: Default::default(),
            attrs: AttrMap::default(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc,
        });
        ctx.append_op(block, sink);
        let mut applied = false;
        {
            let mut listener = NoListener;
            let mut rw = Rewriter::new(ctx, InsertPoint::Before(copy), loc, &mut listener);
            for (_, p) in patterns {
                if p(&mut rw, copy) {
                    applied = true;
                    break;
                }
            }
        }
        let out = if !applied || !ctx.is_erased(copy) {
            None
        } else {
            let folded = ctx
                .operands(sink)
                .to_vec()
                .into_iter()
                .map(|v| match ctx.defining_op(v) {
                    Some(d) if ctx.op_block(d) == Some(block) => {
                        if ctx.def_of(d).is_some_and(|def| def.has(traits::CONSTANT_LIKE)) {
                            Folded::Constant(self.constant_of(ctx, d))
                        } else {
                            Folded::Unknown
                        }
                    }
                    _ => Folded::Value(v),
                })
                .collect();
            Some(folded)
        };
        ctx.erase_block(block);
        out
    }

    // ---- the rewrite ----------------------------------------------------------

    /// MLIR 22's `rewrite`: blocks from a stack (a region's blocks pushed
    /// last first), each block's ops in order, then its arguments.
    fn rewrite(&self, ctx: &mut Context, root: OpId) {
        let mut folder: FxHashMap<(BlockId, u32, Type), Value> = FxHashMap::default();
        let mut stack: Vec<BlockId> = Vec::new();
        let push_regions = |ctx: &Context, op: OpId, stack: &mut Vec<BlockId>| {
            for &r in ctx.regions(op) {
                stack.extend(ctx.blocks(r).iter().rev());
            }
        };
        push_regions(ctx, root, &mut stack);
        while let Some(block) = stack.pop() {
            for op in ctx.block_op_list(block) {
                if ctx.is_erased(op) {
                    continue;
                }
                let results = ctx.results(op).to_vec();
                let mut replaced_all = !results.is_empty();
                for r in results {
                    replaced_all &= self.replace_with_constant(ctx, &mut folder, r, block);
                }
                if replaced_all && crate::canonicalize::is_trivially_dead(ctx, op) {
                    ctx.erase_op(op);
                    continue;
                }
                push_regions(ctx, op, &mut stack);
            }
            for a in ctx.block_args(block).to_vec() {
                self.replace_with_constant(ctx, &mut folder, a, block);
            }
        }
    }

    /// Replaces `v`, if found constant, by the constant of its type at the
    /// top of the closest isolated region around `block`.
    fn replace_with_constant(
        &self,
        ctx: &mut Context,
        folder: &mut FxHashMap<(BlockId, u32, Type), Value>,
        v: Value,
        block: BlockId,
    ) -> bool {
        let Some(Lattice::Constant(id)) = self.get(v) else { return false };
        let ty = ctx.value_type(v);
        let home = constant_block_of(ctx, block);
        let c = match folder.get(&(home, id, ty)) {
            Some(c) => *c,
            None => {
                let loc = ctx.unknown_loc();
                let op = make_constant(ctx, &self.forms[id as usize], ty, loc);
                match ctx.first_op(home) {
                    Some(first) => ctx.insert_op_before(first, op),
                    None => ctx.append_op(home, op),
                }
                let c = ctx.result(op, 0);
                folder.insert((home, id, ty), c);
                c
            }
        };
        ctx.replace_all_uses(v, c);
        true
    }
}

/// Whether every use of the symbols of symbol table `table` is inside the
/// root (MLIR's `walkSymbolTables`): the root's own when it is not nested
/// in anything; a nested table's when its parent's are, or when it is
/// private or not a symbol. A `nested` function of a table whose uses are
/// not all visible may be called from outside.
fn all_uses_visible(ctx: &Context, root: OpId, table: OpId) -> bool {
    if table == root {
        return ctx.op_block(root).is_none();
    }
    let visibility = ctx.get_attr(table, "sym_visibility").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(value.clone()),
        _ => None,
    });
    let not_a_symbol = ctx.get_attr(table, "sym_name").is_none();
    if not_a_symbol || visibility.as_deref() == Some("private") {
        return true;
    }
    match ctx.parent_op(table) {
        Some(parent) => all_uses_visible(ctx, root, parent),
        None => false,
    }
}

/// What a simulated fold made of a result.
#[derive(Clone, Copy)]
enum Folded {
    Constant(Lattice),
    /// A value of the IR (its state is the result's): an operand, or
    /// what an operand's producer computes from.
    Value(Value),
    Unknown,
}

/// Whether a constant-like op defines `v`.
fn made_by_constant(ctx: &Context, v: Value) -> bool {
    ctx.defining_op(v).and_then(|d| ctx.def_of(d)).is_some_and(|d| d.has(traits::CONSTANT_LIKE))
}

/// A detached constant op of `form` with result type `ty`.
pub(crate) fn make_constant(ctx: &mut Context, form: &ConstantForm, ty: Type, loc: tessel_ir::Loc) -> OpId {
    let mut attrs = AttrMap::default();
    attrs.extend(form.attrs.iter().copied());
    ctx.create_op(OpSpec {
        name: form.name,
        operands: Default::default(),
        result_types: std::iter::once(ty).collect(),
        attrs,
        regions: Vec::new(),
        successors: Vec::new(),
        loc,
    })
}

/// The fold hooks of `op`: the canonicalizer's (arith, vector, tensor,
/// linalg), and the patterns of the ops whose only patterns are their
/// folds (index, math, complex, `tensor.extract/from_elements/rank/splat`).
fn fold_hooks(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    let folds = crate::canonicalize::folds(ctx, op);
    if !folds.is_empty() {
        return folds;
    }
    use tessel_ir::dialects::tensor::{ExtractOp, FromElementsOp};
    use tessel_ir::dialects::tensor_more::{RankOp, SplatOp};
    let name = ctx.op_name(op);
    let tensor_fold =
        ExtractOp::isa(ctx, op) || FromElementsOp::isa(ctx, op) || RankOp::isa(ctx, op) || SplatOp::isa(ctx, op);
    if tensor_fold || name.starts_with("index.") || name.starts_with("math.") || name.starts_with("complex.") {
        if let Some(Canonicalization(patterns)) = ctx.def_of(op).and_then(|d| d.interface::<Canonicalization>()) {
            return patterns;
        }
    }
    &[]
}
