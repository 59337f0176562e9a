//! `-ownership-based-buffer-deallocation`, as MLIR 22's: every block owns
//! the buffers it allocates, an `i1` ownership indicator travels with each
//! memref that flows through block arguments, loop iterations and region
//! results, and each block ends with a `bufferization.dealloc` of the
//! buffers it owns, retaining those it passes on. Functions keep the
//! function-boundary ABI: arguments are borrowed, returned buffers owned
//! by the caller (a borrowed one is cloned). With
//! `private-function-dynamic-ownership`, private functions return an
//! ownership indicator with each memref instead (as 22: arguments stay
//! borrowed).
//!
//! Blocks are visited as MLIR visits them (nested blocks before the block
//! holding them), and each new op goes where MLIR's builders put it, so the
//! output is 22's op for op.

use rustc_hash::FxHashMap;
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::context::OpSpec;
use tessel_ir::dialects::patterns::arith::constant_condition;
use tessel_ir::dialects::{arith, bufferization, cf, func, memref, scf, scf_more};
use tessel_ir::registry::traits;
use tessel_ir::types::TypeKind;
use tessel_ir::{BlockId, Context, Diagnostic, Loc, OpId, Type, Value};

use super::liveness::{
    blocks_post_order, compare_values, has_cfg_cycle, is_proper_ancestor, value_block, value_region, RegionLiveness,
};

/// What a block knows about who frees a memref (MLIR's `Ownership`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ownership {
    Uninitialized,
    /// Owned when the `i1` indicator is true.
    Unique(Value),
    /// Several indicators disagree.
    Unknown,
}

impl Ownership {
    fn combine(self, ctx: &Context, other: Ownership) -> Ownership {
        match (self, other) {
            (_, Ownership::Uninitialized) => self,
            (Ownership::Uninitialized, _) => other,
            (Ownership::Unique(a), Ownership::Unique(b)) if a == b || same_constant(ctx, a, b) => self,
            _ => Ownership::Unknown,
        }
    }
}

fn same_constant(ctx: &Context, a: Value, b: Value) -> bool {
    let c = |v| constant_condition(ctx, v);
    c(a).is_some() && c(a) == c(b)
}

/// Whether `v` is the constant `true`.
pub(super) fn is_true(ctx: &Context, v: Value) -> bool {
    constant_condition(ctx, v) == Some(true)
}

pub(super) fn is_memref(ctx: &Context, v: Value) -> bool {
    matches!(ctx.value_type_kind(v), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

/// The deallocation state of one function (MLIR's `DeallocationState`).
struct Deallocation {
    ownership: FxHashMap<(Value, BlockId), Ownership>,
    to_dealloc: FxHashMap<BlockId, Vec<Value>>,
    /// `private-function-dynamic-ownership`.
    dynamic: bool,
    module: OpId,
}

/// Runs the pass on every function with a body under `module`.
pub fn deallocate_module(ctx: &mut Context, module: OpId, dynamic: bool) -> Result<(), Diagnostic> {
    let funcs: Vec<OpId> = ctx.nested_ops(module).into_iter().filter(|o| func::FuncOp::isa(ctx, *o)).collect();
    for f in funcs {
        if ctx.regions(f).first().is_none_or(|r| ctx.blocks(*r).is_empty()) {
            continue;
        }
        let mut d = Deallocation { ownership: FxHashMap::default(), to_dealloc: FxHashMap::default(), dynamic, module };
        d.function(ctx, f)?;
    }
    Ok(())
}

fn bool_const(ctx: &mut Context, ip: InsertPoint, loc: Loc, v: bool) -> Value {
    let mut b = Builder::new(ctx, ip, loc);
    let i1 = b.ctx.int_type(1);
    b.int_const_here(i128::from(v), i1)
}

/// Where `OpBuilder::atBlockBegin(block)` inserts.
fn block_begin(ctx: &Context, block: BlockId) -> InsertPoint {
    ctx.first_op(block).map_or(InsertPoint::End(block), InsertPoint::Before)
}

fn value_loc(ctx: &Context, v: Value) -> Loc {
    ctx.value_loc(v).unwrap_or_else(|| {
        let owner = value_block(ctx, v).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.region_parent(r));
        ctx.op_loc(owner.expect("a block argument of an op"))
    })
}

/// A copy of `op` with `operands` and `extra` results appended to its
/// own, its regions and successors moved over; `op`'s results are replaced
/// by the new op's first ones and `op` is erased (MLIR's `appendOpResults`
/// and operand-list assignment in one).
pub(super) fn rebuild(ctx: &mut Context, op: OpId, operands: Vec<Value>, extra: &[Type]) -> OpId {
    let mut result_types: Vec<Type> = ctx.results(op).iter().map(|r| ctx.value_type(*r)).collect();
    result_types.extend_from_slice(extra);
    let regions = ctx.take_regions(op);
    let spec = OpSpec {
        name: ctx.op(op).name,
        operands: operands.into_iter().collect(),
        result_types: result_types.into_iter().collect(),
        attrs: ctx.op(op).attrs.clone(),
        regions,
        successors: ctx.op(op).successors().to_vec(),
        loc: ctx.op_loc(op),
    };
    let new = ctx.create_op(spec);
    ctx.insert_op_before(op, new);
    for (k, r) in ctx.results(op).to_vec().into_iter().enumerate() {
        let nr = ctx.result(new, k);
        ctx.replace_all_uses(r, nr);
    }
    ctx.erase_op(op);
    new
}

/// The operands a region terminator passes to its parent (MLIR's
/// successor operands for the parent): all but `scf.condition`'s first.
fn forwarded_start(ctx: &Context, term: OpId) -> usize {
    usize::from(scf_more::ConditionOp::isa(ctx, term))
}

/// Ops implementing MLIR's `RegionBranchOpInterface` among tessel's: the
/// memref operands they pass to their regions on entry.
fn region_branch_entry_operands(ctx: &Context, op: OpId) -> Option<Vec<Value>> {
    if scf::ForOp::isa(ctx, op) {
        return Some(ctx.operands(op)[3..].to_vec());
    }
    if scf_more::WhileOp::isa(ctx, op) {
        return Some(ctx.operands(op).to_vec());
    }
    if scf::IfOp::isa(ctx, op)
        || scf_more::ExecuteRegionOp::isa(ctx, op)
        || scf_more::IndexSwitchOp::isa(ctx, op)
        || memref::AllocaScopeOp::isa(ctx, op)
        || tessel_ir::dialects::scf_parallel::ParallelOp::isa(ctx, op)
    {
        return Some(Vec::new());
    }
    None
}

/// Terminators that return to their parent op (MLIR's
/// `RegionBranchTerminatorOpInterface`, which `ReturnLike` ops have).
fn is_region_terminator(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| d.has(traits::TERMINATOR)) && ctx.op(op).successors().is_empty()
}

impl Deallocation {
    fn get(&self, v: Value, b: BlockId) -> Ownership {
        self.ownership.get(&(v, b)).copied().unwrap_or(Ownership::Uninitialized)
    }

    fn update(&mut self, ctx: &Context, v: Value, o: Ownership, block: Option<BlockId>) {
        let Some(b) = block.or_else(|| value_block(ctx, v)) else { return };
        let cur = self.get(v, b);
        self.ownership.insert((v, b), cur.combine(ctx, o));
    }

    fn reset(&mut self, v: Value, b: BlockId) {
        self.ownership.insert((v, b), Ownership::Uninitialized);
    }

    fn add_to_dealloc(&mut self, v: Value, b: BlockId) {
        self.to_dealloc.entry(b).or_default().push(v);
    }

    fn without_dynamic_ownership(&self, ctx: &Context, op: OpId) -> bool {
        func::FuncOp::isa(ctx, op) && (!self.dynamic || !is_private(ctx, op) || is_external(ctx, op))
    }

    fn function(&mut self, ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
        if has_cfg_cycle(ctx, f) {
            return Err(Diagnostic::error(ctx.op_loc(f), "Only structured control-flow loops are supported."));
        }
        let mut blocks = Vec::new();
        blocks_post_order(ctx, f, &mut blocks);
        for b in blocks {
            self.block(ctx, b)?;
        }
        self.update_signature(ctx, f)
    }

    fn block(&mut self, ctx: &mut Context, block: BlockId) -> Result<(), Diagnostic> {
        let ip = block_begin(ctx, block);
        let region = ctx.block_parent(block).expect("a block in a region");
        let liveness = RegionLiveness::new(ctx, region);
        let mut live: Vec<Value> = liveness.live_in(block).iter().copied().filter(|v| is_memref(ctx, *v)).collect();
        live.sort_by(|a, b| compare_values(ctx, *a, *b));
        for li in live {
            let Some(li_region) = value_region(ctx, li) else { continue };
            if li_region == region {
                let def_block = value_block(ctx, li).expect("a defined value");
                let o = self.get(li, def_block);
                self.update(ctx, li, o, Some(block));
                self.add_to_dealloc(li, block);
            } else if is_proper_ancestor(ctx, li_region, region) {
                let f = bool_const(ctx, ip, value_loc(ctx, li), false);
                self.update(ctx, li, Ownership::Unique(f), Some(block));
            }
        }
        let parent = ctx.region_parent(region).expect("a region of an op");
        let entry = ctx.blocks(region)[0] == block;
        let args = ctx.block_args(block).to_vec();
        for arg in args {
            if !is_memref(ctx, arg) {
                continue;
            }
            let loc = value_loc(ctx, arg);
            // The function-boundary ABI: a function's arguments are
            // borrowed (with dynamic ownership too: MLIR 22 passes
            // ownership back through results only).
            let indicator = if func::FuncOp::isa(ctx, parent) && entry {
                bool_const(ctx, ip, loc, false)
            } else {
                let i1 = ctx.int_type(1);
                ctx.add_block_arg_at(block, i1, loc)
            };
            self.update(ctx, arg, Ownership::Unique(indicator), None);
            self.add_to_dealloc(arg, block);
        }
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        for op in ops {
            if ctx.is_erased(op) {
                continue;
            }
            if let Some(op) = self.handle(ctx, op, &liveness)? {
                self.populate_remaining(ctx, op);
            }
        }
        Ok(())
    }

    /// MLIR's `handleAllInterfaces`: the op after its handlers ran (a
    /// rebuilt op replaces it).
    fn handle(&mut self, ctx: &mut Context, op: OpId, liveness: &RegionLiveness) -> Result<Option<OpId>, Diagnostic> {
        if arith::SelectOp::isa(ctx, op) {
            // Its ownership is made where it is needed (`unique_ownership`).
            return Ok(Some(op));
        }
        if scf::InParallelOp::isa(ctx, op) {
            if ctx.regions(op).first().is_some_and(|r| ctx.blocks(*r).iter().any(|b| ctx.first_op(*b).is_some())) {
                return Err(Diagnostic::error(ctx.op_loc(op), "only supported when nested region is empty"));
            }
            self.dealloc_for_return_like(ctx, op, &[], liveness)?;
            return Ok(Some(op));
        }
        if cf::CondBranchOp::isa(ctx, op) {
            return self.cond_branch(ctx, op, liveness).map(Some);
        }
        self.preconditions(ctx, op)?;
        self.memory_effects(ctx, op)?;
        let mut op = op;
        if let Some(entry) = region_branch_entry_operands(ctx, op) {
            op = self.region_branch(ctx, op, &entry);
        }
        if func::CallOp::isa(ctx, op) {
            op = self.call(ctx, op);
        }
        if cf::BranchOp::isa(ctx, op) {
            self.branch(ctx, op, liveness)?;
        }
        if is_region_terminator(ctx, op) {
            op = self.region_terminator(ctx, op, liveness)?;
        }
        Ok(Some(op))
    }

    /// MLIR's `verifyOperationPreconditions`.
    fn preconditions(&self, ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
        let loc = ctx.op_loc(op);
        let regions = ctx.regions(op);
        let needs_interface = regions.len() > 1 || regions.len() == 1 && !ctx.results(op).is_empty();
        if needs_interface && region_branch_entry_operands(ctx, op).is_none() && regions_use_memrefs(ctx, op) {
            return Err(Diagnostic::error(
                loc,
                "All operations with attached regions need to implement the RegionBranchOpInterface.",
            ));
        }
        if bufferization::DeallocOp::isa(ctx, op) {
            return Err(Diagnostic::error(loc, "No deallocation operations must be present when running this pass!"));
        }
        if ctx.def_of(op).is_some_and(|d| d.has(traits::NO_TERMINATOR)) {
            return Err(Diagnostic::error(loc, "NoTerminator trait is not supported"));
        }
        if ctx.def_of(op).is_some_and(|d| d.has(traits::TERMINATOR)) && ctx.op(op).successors().len() > 1 {
            return Err(Diagnostic::error(loc, "Terminators with more than one successor are not supported!"));
        }
        Ok(())
    }

    /// Allocations own their buffer (stack ones do not); frees are not
    /// allowed (MLIR's `MemoryEffectOpInterface` handler).
    fn memory_effects(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let block = ctx.op_block(op).expect("an op in a block");
        if memref::DeallocOp::isa(ctx, op) && ctx.get_attr(op, MANUAL_DEALLOCATION).is_none() {
            return Err(Diagnostic::error(ctx.op_loc(op), "memory free side-effect on MemRef value not supported!"));
        }
        let allocates = memref::AllocOp::isa(ctx, op) || bufferization::CloneOp::isa(ctx, op);
        let on_stack = memref::AllocaOp::isa(ctx, op);
        if !(allocates || on_stack) {
            return Ok(());
        }
        let res = ctx.result(op, 0);
        let loc = ctx.op_loc(op);
        let ip = block_begin(ctx, block);
        if on_stack || ctx.get_attr(op, MANUAL_DEALLOCATION).is_some() {
            self.reset(res, block);
            let f = bool_const(ctx, ip, loc, false);
            self.update(ctx, res, Ownership::Unique(f), None);
            return Ok(());
        }
        let t = bool_const(ctx, ip, loc, true);
        self.update(ctx, res, Ownership::Unique(t), None);
        self.add_to_dealloc(res, block);
        Ok(())
    }

    /// `scf.for`, `scf.if`, `scf.while`, ...: memrefs enter without
    /// ownership; each memref result gets an ownership result.
    fn region_branch(&mut self, ctx: &mut Context, op: OpId, entry: &[Value]) -> OpId {
        let block = ctx.op_block(op).expect("an op in a block");
        let ip = block_begin(ctx, block);
        let f = bool_const(ctx, ip, ctx.op_loc(op), false);
        let n_in = entry.iter().filter(|v| is_memref(ctx, **v)).count();
        let mut operands = ctx.operands(op).to_vec();
        operands.extend(std::iter::repeat_n(f, n_in));
        self.rebuild_with_ownership_results(ctx, op, operands, block)
    }

    /// Rebuilds `op` with `operands` and one extra `i1` result per memref
    /// result, which becomes that memref's ownership; the memrefs join
    /// `block`'s deallocations.
    fn rebuild_with_ownership_results(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        operands: Vec<Value>,
        block: BlockId,
    ) -> OpId {
        let n_out = ctx.results(op).iter().filter(|v| is_memref(ctx, **v)).count();
        let i1 = ctx.int_type(1);
        let new = rebuild(ctx, op, operands, &vec![i1; n_out]);
        let results = ctx.results(new).to_vec();
        let mut counter = results.len() - n_out;
        for r in results {
            if is_memref(ctx, r) {
                let own = ctx.result(new, counter);
                counter += 1;
                self.update(ctx, r, Ownership::Unique(own), None);
                self.add_to_dealloc(r, block);
            }
        }
        new
    }

    /// A call: the callee's results are owned (the function-boundary ABI),
    /// or, for a private callee with dynamic ownership, come with their
    /// ownership as extra results.
    fn call(&mut self, ctx: &mut Context, op: OpId) -> OpId {
        let block = ctx.op_block(op).expect("an op in a block");
        let callee = ctx
            .get_attr(op, "callee")
            .and_then(|a| memref::symbol_ref_name(ctx, a))
            .map(str::to_string)
            .and_then(|n| lookup_function(ctx, self.module, &n));
        let private = callee.is_none_or(|f| is_private(ctx, f) && !is_external(ctx, f));
        if self.dynamic && private {
            let operands = ctx.operands(op).to_vec();
            return self.rebuild_with_ownership_results(ctx, op, operands, block);
        }
        let t = bool_const(ctx, InsertPoint::Before(op), ctx.op_loc(op), true);
        for r in ctx.results(op).to_vec() {
            if is_memref(ctx, r) {
                self.update(ctx, r, Ownership::Unique(t), None);
                self.add_to_dealloc(r, block);
            }
        }
        op
    }

    /// The memrefs this block must free and their conditions, each as the
    /// base buffer `memref.extract_strided_metadata` gives.
    fn memrefs_and_conditions(
        &mut self,
        ctx: &mut Context,
        ip: InsertPoint,
        loc: Loc,
        block: BlockId,
    ) -> Result<(Vec<Value>, Vec<Value>), Diagnostic> {
        let list = self.to_dealloc.get(&block).cloned().unwrap_or_default();
        let (mut memrefs, mut conds) = (Vec::new(), Vec::new());
        for m in list {
            let Ownership::Unique(c) = self.get(m, block) else {
                return Err(Diagnostic::error(value_loc(ctx, m), "MemRef value does not have valid ownership"));
            };
            let mut b = Builder::new(ctx, ip, loc);
            let mut m2 = m;
            if let TypeKind::UnrankedMemRef { elem, .. } = b.ctx.value_type_kind(m).clone() {
                let t = memref::layout::memref_type(b.ctx, vec![], elem, None, None);
                m2 = memref::ReinterpretCastOp::create(&mut b, m, &[], &[], &[], &[0], &[], &[], &[t], vec![])
                    .result(b.ctx);
            }
            memrefs.push(base_buffer(&mut b, m2));
            conds.push(c);
        }
        Ok((memrefs, conds))
    }

    /// MLIR's `insertDeallocOpForReturnLike`: a dealloc before `term` of
    /// what the block owns, retaining `operands`' memrefs; the ownership
    /// of each retained operand afterwards.
    fn dealloc_for_return_like(
        &mut self,
        ctx: &mut Context,
        term: OpId,
        operands: &[Value],
        liveness: &RegionLiveness,
    ) -> Result<Option<Vec<Value>>, Diagnostic> {
        let block = ctx.op_block(term).expect("a terminator in a block");
        let loc = ctx.op_loc(term);
        let (memrefs, conds) = self.memrefs_and_conditions(ctx, InsertPoint::Before(term), loc, block)?;
        let mut retain: Vec<Value> = operands.iter().copied().filter(|v| is_memref(ctx, *v)).collect();
        let mut out: Vec<Value> = liveness.live_out(block).iter().copied().filter(|v| is_memref(ctx, *v)).collect();
        out.sort_by(|a, b| compare_values(ctx, *a, *b));
        retain.extend(out);
        if memrefs.is_empty() && retain.is_empty() {
            return Ok(None);
        }
        let updated = self.create_dealloc(ctx, InsertPoint::Before(term), loc, block, &memrefs, &conds, &retain);
        let n = operands.iter().filter(|v| is_memref(ctx, **v)).count();
        Ok(Some(updated[..n].to_vec()))
    }

    /// Creates the dealloc; the retained values' ownership becomes its
    /// results.
    #[allow(clippy::too_many_arguments)]
    fn create_dealloc(
        &mut self,
        ctx: &mut Context,
        ip: InsertPoint,
        loc: Loc,
        block: BlockId,
        memrefs: &[Value],
        conds: &[Value],
        retain: &[Value],
    ) -> Vec<Value> {
        let mut b = Builder::new(ctx, ip, loc);
        let i1 = b.ctx.int_type(1);
        let d = bufferization::DeallocOp::create(&mut b, memrefs, conds, retain, &vec![i1; retain.len()], vec![]);
        let results = ctx.results(d.0).to_vec();
        for r in retain {
            self.reset(*r, block);
        }
        for (r, o) in retain.iter().zip(&results) {
            self.update(ctx, *r, Ownership::Unique(*o), Some(block));
        }
        results
    }

    /// `scf.yield`, `func.return`, ...: what the block owns is freed but
    /// what goes back to the parent, whose ownership goes with it (a
    /// public function returns only buffers it owns, cloning others).
    fn region_terminator(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        liveness: &RegionLiveness,
    ) -> Result<OpId, Diagnostic> {
        let block = ctx.op_block(op).expect("a terminator in a block");
        let parent = ctx.parent_op(op).expect("a terminator in an op");
        let abi = self.without_dynamic_ownership(ctx, parent);
        if abi {
            for i in 0..ctx.operands(op).len() {
                let v = ctx.operands(op)[i];
                if is_memref(ctx, v) {
                    let owned = self.guaranteed_ownership(ctx, op, v, block);
                    ctx.set_operand(op, i, owned);
                }
            }
        }
        let start = forwarded_start(ctx, op);
        let operands = ctx.operands(op)[start..].to_vec();
        let Some(updated) = self.dealloc_for_return_like(ctx, op, &operands, liveness)? else { return Ok(op) };
        if abi {
            return Ok(op);
        }
        let mut all = ctx.operands(op).to_vec();
        all.extend(updated);
        Ok(rebuild(ctx, op, all, &[]))
    }

    /// `memref` with an ownership indicator that is unique (MLIR's
    /// `materializeUniqueOwnership`; an unknown ownership is made unique
    /// by a clone).
    fn unique_ownership(
        &mut self,
        ctx: &mut Context,
        ip: InsertPoint,
        memref: Value,
        block: BlockId,
    ) -> (Value, Value) {
        // A select made in this block: the select of its operands' ownership.
        let select =
            ctx.defining_op(memref).filter(|d| arith::SelectOp::isa(ctx, *d) && ctx.op_block(*d) == Some(block));
        if let Some(sel) = select {
            let [c, t, f] = [0, 1, 2].map(|i| ctx.operands(sel)[i]);
            if let (Ownership::Unique(ti), Ownership::Unique(fi)) = (self.get(t, block), self.get(f, block)) {
                let mut b = Builder::new(ctx, ip, ctx.op_loc(sel));
                let i1 = b.ctx.int_type(1);
                let own = b.op(arith::SelectOp::NAME, &[c, ti, fi], &[i1], &[]);
                return (memref, ctx.result(own, 0));
            }
        }
        if let Ownership::Unique(i) = self.get(memref, block) {
            return (memref, i);
        }
        let loc = value_loc(ctx, memref);
        let mut b = Builder::new(ctx, ip, loc);
        let ty = b.ctx.value_type(memref);
        let clone = {
            let c = bufferization::CloneOp::create(&mut b, memref, &[ty], vec![]).0;
            b.ctx.result(c, 0)
        };
        let t = bool_const(ctx, ip, loc, true);
        self.update(ctx, clone, Ownership::Unique(t), None);
        let cb = value_block(ctx, clone).expect("a new value");
        self.add_to_dealloc(clone, cb);
        (clone, t)
    }

    /// `memref`, or a clone of it where the block may not own it (MLIR's
    /// `materializeMemrefWithGuaranteedOwnership`).
    fn guaranteed_ownership(&mut self, ctx: &mut Context, term: OpId, memref: Value, block: BlockId) -> Value {
        let ip = InsertPoint::Before(term);
        let (m, cond) = self.unique_ownership(ctx, ip, memref, block);
        if is_true(ctx, cond) {
            return m;
        }
        let loc = value_loc(ctx, memref);
        let mut b = Builder::new(ctx, ip, loc);
        let ty = b.ctx.value_type(m);
        let (then_r, then_b, _) = b.region_with_block(&[]);
        let (else_r, else_b, _) = b.region_with_block(&[]);
        let iff = scf::IfOp::create(&mut b, cond, &[ty], vec![then_r, else_r]);
        b.ip = InsertPoint::End(then_b);
        scf::YieldOp::build(&mut b, &[m]);
        b.ip = InsertPoint::End(else_b);
        let clone = {
            let c = bufferization::CloneOp::create(&mut b, m, &[ty], vec![]).0;
            b.ctx.result(c, 0)
        };
        scf::YieldOp::build(&mut b, &[clone]);
        let res = ctx.result(iff.0, 0);
        let t = bool_const(ctx, ip, loc, true);
        self.update(ctx, res, Ownership::Unique(t), None);
        self.add_to_dealloc(res, block);
        res
    }

    /// `cf.br`: a dealloc before the branch; the forwarded memrefs take
    /// their ownership along as extra block arguments.
    fn branch(&mut self, ctx: &mut Context, op: OpId, liveness: &RegionLiveness) -> Result<(), Diagnostic> {
        let block = ctx.op_block(op).expect("an op in a block");
        let succ = ctx.op(op).successors()[0];
        let loc = ctx.op_loc(op);
        let (memrefs, conds) = self.memrefs_and_conditions(ctx, InsertPoint::Before(op), loc, block)?;
        let forwarded = ctx.operands(op).to_vec();
        let mut retain: Vec<Value> = forwarded.iter().copied().filter(|v| is_memref(ctx, *v)).collect();
        let live_in = liveness.live_in(succ);
        let mut out: Vec<Value> =
            liveness.live_out(block).iter().copied().filter(|v| is_memref(ctx, *v) && live_in.contains(v)).collect();
        out.sort_by(|a, b| compare_values(ctx, *a, *b));
        retain.extend(out);
        let updated = self.create_dealloc(ctx, InsertPoint::Before(op), loc, block, &memrefs, &conds, &retain);
        let n = forwarded.iter().filter(|v| is_memref(ctx, **v)).count();
        let mut operands = forwarded;
        operands.extend_from_slice(&updated[..n]);
        rebuild(ctx, op, operands, &[]);
        Ok(())
    }

    /// `cf.cond_br` (MLIR's `CondBranchOpInterface`): a dealloc for each
    /// edge, its conditions joined with the edge's, each retaining what its
    /// successor gets; a memref retained on both edges takes the select of
    /// its two ownerships.
    fn cond_branch(&mut self, ctx: &mut Context, op: OpId, liveness: &RegionLiveness) -> Result<OpId, Diagnostic> {
        let block = ctx.op_block(op).expect("an op in a block");
        let loc = ctx.op_loc(op);
        let h = cf::CondBranchOp(op);
        let cond = h.condition(ctx);
        let dest_operands = [h.true_dest_operands(ctx).to_vec(), h.false_dest_operands(ctx).to_vec()];
        let succs = ctx.op(op).successors().to_vec();
        let ip = InsertPoint::Before(op);
        let (memrefs, conds) = self.memrefs_and_conditions(ctx, ip, loc, block)?;
        let i1 = ctx.int_type(1);
        let mut mappings: [Vec<(Value, Value)>; 2] = [Vec::new(), Vec::new()];
        let mut new_operands: [Vec<Value>; 2] = [Vec::new(), Vec::new()];
        let mut retained: [Vec<Value>; 2] = [Vec::new(), Vec::new()];
        for edge in 0..2 {
            let operands = &dest_operands[edge];
            let mut retain: Vec<Value> = operands.iter().copied().filter(|v| is_memref(ctx, *v)).collect();
            let live_in = liveness.live_in(succs[edge]);
            let mut out: Vec<Value> = liveness
                .live_out(block)
                .iter()
                .copied()
                .filter(|v| is_memref(ctx, *v) && live_in.contains(v))
                .collect();
            out.sort_by(|a, b| compare_values(ctx, *a, *b));
            retain.extend(out);
            let mut b = Builder::new(ctx, ip, loc);
            let adapted: Vec<Value> = conds
                .iter()
                .map(|c| {
                    let edge_cond = if edge == 0 {
                        cond
                    } else {
                        let t = b.int_const_here(1, i1);
                        let x = b.op(arith::XOrIOp::NAME, &[t, cond], &[i1], &[]);
                        b.ctx.result(x, 0)
                    };
                    let a = b.op(arith::AndIOp::NAME, &[*c, edge_cond], &[i1], &[]);
                    b.ctx.result(a, 0)
                })
                .collect();
            let updated = self.create_dealloc(ctx, ip, loc, block, &memrefs, &adapted, &retain);
            mappings[edge] = retain.iter().copied().zip(updated).collect();
            let lookup = |v: Value| mappings[edge].iter().find(|(r, _)| *r == v).map(|(_, o)| *o).expect("retained");
            let mut ops = operands.clone();
            ops.extend(operands.iter().copied().filter(|v| is_memref(ctx, *v)).map(lookup));
            new_operands[edge] = ops;
            retained[edge] = retain;
        }
        let mut common: Vec<Value> = Vec::new();
        for v in &retained[1] {
            if retained[0].contains(v) && !common.contains(v) {
                common.push(*v);
            }
        }
        for v in common {
            self.reset(v, block);
            let pick = |edge: usize| mappings[edge].iter().find(|(r, _)| *r == v).map(|(_, o)| *o).expect("retained");
            let mut b = Builder::new(ctx, ip, loc);
            let s = b.op(arith::SelectOp::NAME, &[cond, pick(0), pick(1)], &[i1], &[]);
            let own = ctx.result(s, 0);
            self.update(ctx, v, Ownership::Unique(own), Some(block));
        }
        let [t_all, f_all] = new_operands;
        let ctx_branch_weights = ctx.get_attr(op, "branch_weights");
        let mut b = Builder::new(ctx, ip, loc);
        let new = cf::CondBranchOp::create(&mut b, cond, &t_all, &f_all, ctx_branch_weights, &[], vec![]).0;
        for (i, s) in succs.iter().enumerate() {
            ctx.set_successor(new, i, *s);
        }
        ctx.erase_op(op);
        Ok(new)
    }

    /// MLIR's `populateRemainingOwnerships`: a memref result nobody gave an
    /// ownership may alias any memref operand; with none, it is not owned.
    fn populate_remaining(&mut self, ctx: &mut Context, op: OpId) {
        let Some(block) = ctx.op_block(op) else { return };
        for r in ctx.results(op).to_vec() {
            if !is_memref(ctx, r) || self.get(r, block) != Ownership::Uninitialized {
                continue;
            }
            for v in ctx.operands(op).to_vec() {
                if is_memref(ctx, v) {
                    let o = value_block(ctx, v).map_or(Ownership::Uninitialized, |vb| self.get(v, vb));
                    self.update(ctx, r, o, Some(block));
                }
            }
            if self.get(r, block) == Ownership::Uninitialized {
                let f = bool_const(ctx, InsertPoint::Before(op), ctx.op_loc(op), false);
                self.update(ctx, r, Ownership::Unique(f), Some(block));
            }
        }
    }

    /// With dynamic ownership, a private function's type takes the `i1`
    /// arguments and results the pass added.
    fn update_signature(&mut self, ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
        let body = ctx.regions(f)[0];
        let entry = ctx.blocks(body)[0];
        let returns: Vec<OpId> =
            ctx.blocks(body).iter().filter_map(|b| ctx.last_op(*b)).filter(|t| func::ReturnOp::isa(ctx, *t)).collect();
        let types: Vec<Vec<Type>> =
            returns.iter().map(|r| ctx.operands(*r).iter().map(|v| ctx.value_type(*v)).collect()).collect();
        if types.windows(2).any(|w| w[0] != w[1]) {
            return Err(Diagnostic::error(
                ctx.op_loc(f),
                "there are multiple return operations with different operand types",
            ));
        }
        let inputs: Vec<Type> = ctx.block_args(entry).iter().map(|v| ctx.value_type(*v)).collect();
        let Some(fty) = ctx.get_attr(f, "function_type").and_then(|a| match ctx.attr_kind(a) {
            tessel_ir::attrs::AttrKind::Type(t) => Some(*t),
            _ => None,
        }) else {
            return Ok(());
        };
        let TypeKind::Function { results, .. } = ctx.type_kind(fty).clone() else { return Ok(()) };
        let results = types.into_iter().next().unwrap_or(results);
        let new_ty = ctx.ty(TypeKind::Function { inputs, results });
        if new_ty != fty {
            let attr = ctx.type_attr(new_ty);
            ctx.set_attr(f, "function_type", attr);
        }
        Ok(())
    }
}

/// `bufferization.manual_deallocation`: an allocation or free the pass
/// leaves to the program.
const MANUAL_DEALLOCATION: &str = "bufferization.manual_deallocation";

/// The base buffer of `m` (`memref.extract_strided_metadata`'s first
/// result).
pub(super) fn base_buffer(b: &mut Builder<'_>, m: Value) -> Value {
    let t = b.ctx.value_type(m);
    let (elem, space, rank) = match b.ctx.type_kind(t).clone() {
        TypeKind::MemRef { shape, elem, memory_space, .. } => (elem, memory_space, shape.len()),
        _ => unreachable!("a ranked memref"),
    };
    let index = b.ctx.index_type();
    let base = memref::layout::memref_type(b.ctx, vec![], elem, None, space);
    let mut types = vec![base, index];
    types.extend(std::iter::repeat_n(index, 2 * rank));
    let meta = memref::ExtractStridedMetadataOp::create(b, m, &types, vec![]);
    b.ctx.result(meta.op(), 0)
}

fn regions_use_memrefs(ctx: &Context, op: OpId) -> bool {
    ctx.nested_ops(op).into_iter().filter(|o| *o != op).any(|o| {
        ctx.operands(o).iter().chain(ctx.results(o)).any(|v| is_memref(ctx, *v))
            || ctx
                .regions(o)
                .iter()
                .any(|r| ctx.blocks(*r).iter().any(|b| ctx.block_args(*b).iter().any(|a| is_memref(ctx, *a))))
    }) || ctx
        .regions(op)
        .iter()
        .any(|r| ctx.blocks(*r).iter().any(|b| ctx.block_args(*b).iter().any(|a| is_memref(ctx, *a))))
}

fn is_private(ctx: &Context, f: OpId) -> bool {
    func::FuncOp(f).sym_visibility(ctx) == Some("private")
}

fn is_external(ctx: &Context, f: OpId) -> bool {
    ctx.regions(f).first().is_none_or(|r| ctx.blocks(*r).is_empty())
}

fn lookup_function(ctx: &Context, module: OpId, name: &str) -> Option<OpId> {
    ctx.nested_ops(module)
        .into_iter()
        .find(|o| func::FuncOp::isa(ctx, *o) && func::FuncOp(*o).sym_name(ctx) == Some(name))
}
